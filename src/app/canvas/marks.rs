//! Marks drawn over the units in screen points, so they read the same at every zoom: the
//! selection's outline and, in Play, the tick of a unit that has acted this turn.

use crate::app::view::View;
use crate::geom::Point;
use crate::model::{ItemRef, Scenario, Unit, UnitId};
use egui::{Color32, Pos2, Rect, Shape, Stroke};

/// A mark around each selected unit drawn in screen points, so the selection is plain at every
/// zoom: the hex outlined on a hex map, a rounded box around the unit's bases on the table.
pub(super) fn selection_halo(
    shapes: &mut Vec<Shape>,
    s: &Scenario,
    v: &View,
    selection: &[ItemRef],
    accent: Color32,
) {
    let stroke = Stroke::new(2.5, accent);
    for item in selection {
        let ItemRef::Unit(id) = item else { continue };
        let Some(u) = s.unit(*id) else { continue };
        match (s.map.as_hex(), u.hex()) {
            (Some(h), Some((hex, _))) => {
                let pts: Vec<Pos2> = h
                    .layout()
                    .hex_corners(hex)
                    .iter()
                    .map(|p| v.to_screen(*p))
                    .collect();
                shapes.push(Shape::closed_line(pts, stroke));
            }
            (None, _) => {
                if let Some(b) = unit_box(s, v, u) {
                    shapes.push(Shape::rect_stroke(
                        b.expand(5.0),
                        4.0,
                        stroke,
                        egui::StrokeKind::Outside,
                    ));
                }
            }
            _ => {}
        }
    }
}

/// The screen box of a unit: its hex on a hex map, its bases on the table.
fn unit_box(s: &Scenario, v: &View, u: &Unit) -> Option<Rect> {
    match (s.map.as_hex(), u.hex()) {
        (Some(h), Some((hex, _))) => {
            let mut b = Rect::NOTHING;
            for p in h.layout().hex_corners(hex) {
                b.extend_with(v.to_screen(p));
            }
            Some(b)
        }
        (None, _) if u.on_table() => {
            let mut b = Rect::NOTHING;
            for m in &u.models {
                let r = m.footprint().bounding_radius();
                b = b.union(Rect::from_two_pos(
                    v.to_screen(m.pos - Point::splat(r)),
                    v.to_screen(m.pos + Point::splat(r)),
                ));
            }
            b.is_positive().then_some(b)
        }
        _ => None,
    }
}

/// Play: a tick on a dark disc at a corner of each unit that has acted this turn (the order
/// of battle says "acted" too), in screen points so it reads at every zoom: the top right, or
/// the first other corner or side clear of the texts on the map (`texts`, screen rectangles
/// less the view's origin, as the units' layer keeps them),
/// so a tick does not cover a neighbour's name (where none is clear, the place covering least).
pub(super) fn acted_marks(
    shapes: &mut Vec<Shape>,
    s: &Scenario,
    v: &View,
    acted: &[UnitId],
    texts: &[Rect],
) {
    let r = 7.0;
    let origin = v.origin.to_vec2();
    for id in acted {
        let Some(b) = s.unit(*id).and_then(|u| unit_box(s, v, u)) else {
            continue;
        };
        // The corners, then beside the unit (a crowd's names above and below it).
        let places = [
            b.right_top() + egui::vec2(-2.0, 2.0),
            b.left_top() + egui::vec2(2.0, 2.0),
            b.right_bottom() + egui::vec2(-2.0, -2.0),
            b.left_bottom() + egui::vec2(2.0, -2.0),
            b.right_center() + egui::vec2(r + 1.0, 0.0),
            b.left_center() - egui::vec2(r + 1.0, 0.0),
        ];
        // How much of the names a tick there would cover; the least, where none is clear.
        let covered = |c: &egui::Pos2| {
            let disc = Rect::from_center_size(*c, egui::Vec2::splat(2.0 * r + 2.0));
            texts
                .iter()
                .map(|t| t.translate(origin).intersect(disc))
                .filter(|o| o.is_positive())
                .map(|o| o.area())
                .sum::<f32>()
        };
        let c = places
            .iter()
            .copied()
            .min_by(|a, b| covered(a).total_cmp(&covered(b)))
            .unwrap_or(places[0]);
        shapes.push(Shape::circle_filled(c, r, Color32::from_rgb(40, 40, 40)));
        shapes.push(Shape::circle_stroke(c, r, Stroke::new(1.0, Color32::WHITE)));
        shapes.push(Shape::line(
            vec![
                c + egui::vec2(-3.5, 0.0),
                c + egui::vec2(-1.0, 2.5),
                c + egui::vec2(3.5, -3.0),
            ],
            Stroke::new(2.0, Color32::from_rgb(120, 230, 120)),
        ));
    }
}
