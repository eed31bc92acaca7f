//! The table's inch grid on screen.

use crate::app::view::View;
use crate::geom::Point;
use crate::model::TableMap;
use egui::{Color32, Pos2, Rect, Shape, Stroke};

/// Spacings of the inch grid's levels, in inches: every inch, every 6" (the major lines of a
/// wargames table) and every 24".
const GRID_LEVELS: [f32; 3] = [1.0, 6.0, 24.0];

/// How opaque one level of the grid is when its lines are `spacing` screen points apart: hidden
/// below 5 points (a solid wash, or lines aliasing into doubled stripes), fading in up to 14.
fn grid_alpha(spacing: f32) -> f32 {
    ((spacing - 5.0) / 9.0).clamp(0.0, 1.0)
}

/// The table's inch grid on screen: hairlines one pixel wide on pixel centres, each level
/// (1", 6", 24") faded by how far apart its lines are, so the grid looks even at every zoom and
/// the major lines stay when the minor ones would crowd.
pub(super) fn inch_grid(shapes: &mut Vec<Shape>, t: &TableMap, view: &View, rect: Rect, ppp: f32) {
    let seen = view.visible(rect);
    let lo = seen.min.max(Point::ZERO);
    let hi = seen.max.min(Point::new(t.width_in, t.height_in));
    if lo.x >= hi.x || lo.y >= hi.y {
        return;
    }
    // The strongest level a line belongs to decides its opacity.
    let level_alpha: Vec<f32> = GRID_LEVELS
        .iter()
        .enumerate()
        .map(|(k, step)| {
            let a = grid_alpha(step * view.zoom);
            // Coarser levels read a little darker than the fine lines they stand among.
            a * [0.22, 0.42, 0.55][k]
        })
        .collect();
    let snap = |v: f32| ((v * ppp).floor() + 0.5) / ppp;
    let top = view.to_screen(Point::new(0.0, lo.y)).y.max(rect.top());
    let bottom = view.to_screen(Point::new(0.0, hi.y)).y.min(rect.bottom());
    let left = view.to_screen(Point::new(lo.x, 0.0)).x.max(rect.left());
    let right = view.to_screen(Point::new(hi.x, 0.0)).x.min(rect.right());
    let stroke_width = 1.0 / ppp;
    let line_alpha = |i: i64| {
        let mut a = 0.0f32;
        for (k, step) in GRID_LEVELS.iter().enumerate() {
            if i % (*step as i64) == 0 {
                a = a.max(level_alpha[k]);
            }
        }
        a
    };
    for i in (lo.x.ceil() as i64).max(1)..=(hi.x.floor() as i64) {
        if i as f32 >= t.width_in {
            break;
        }
        let a = line_alpha(i);
        if a > 0.0 {
            let x = snap(view.to_screen(Point::new(i as f32, 0.0)).x);
            let c = Color32::from_black_alpha((a * 255.0) as u8);
            shapes.push(Shape::line_segment(
                [Pos2::new(x, top), Pos2::new(x, bottom)],
                Stroke::new(stroke_width, c),
            ));
        }
    }
    for j in (lo.y.ceil() as i64).max(1)..=(hi.y.floor() as i64) {
        if j as f32 >= t.height_in {
            break;
        }
        let a = line_alpha(j);
        if a > 0.0 {
            let y = snap(view.to_screen(Point::new(0.0, j as f32)).y);
            let c = Color32::from_black_alpha((a * 255.0) as u8);
            shapes.push(Shape::line_segment(
                [Pos2::new(left, y), Pos2::new(right, y)],
                Stroke::new(stroke_width, c),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_levels_fade_in_by_their_spacing_on_screen() {
        // Lines 4 points apart would be a wash: hidden. 14 and more: full strength.
        assert_eq!(grid_alpha(4.0), 0.0);
        assert_eq!(grid_alpha(14.0), 1.0);
        assert!(grid_alpha(9.0) > 0.0 && grid_alpha(9.0) < 1.0);
    }

    #[test]
    fn a_zoomed_out_table_keeps_its_major_lines_on_pixel_centres() {
        let t = TableMap::default();
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(800.0, 600.0));
        // 3 points an inch: the inch lines would crowd, the 6" and 24" lines stay.
        let view = View::fit(
            crate::geom::Aabb {
                min: Point::ZERO,
                max: Point::new(t.width_in, t.height_in),
            },
            rect,
        );
        let view = View { zoom: 3.0, ..view };
        let mut shapes = Vec::new();
        inch_grid(&mut shapes, &t, &view, rect, 1.0);
        // 72" x 48": 11 vertical and 7 horizontal lines at 6" steps, none at odd inches.
        assert_eq!(shapes.len(), 11 + 7);
        for s in &shapes {
            let Shape::LineSegment { points, .. } = s else {
                panic!("{s:?}")
            };
            let on_centre = |v: f32| (v - v.floor() - 0.5).abs() < 1e-3;
            assert!(
                on_centre(points[0].x) || on_centre(points[0].y),
                "{points:?}"
            );
        }
    }
}
