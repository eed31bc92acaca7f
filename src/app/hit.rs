//! Which item is under a point and which items are inside a box: pure functions over the
//! scenario, so the canvas logic is testable without a window.

use crate::geom::{Aabb, Point, point_in_polygon, polyline_distance};
use crate::model::*;
use crate::scene::layout;
use hexx::Hex;

/// The hex under a map point (hex maps only).
pub fn hex_at(s: &Scenario, p: Point) -> Option<Hex> {
    let h = s.map.as_hex()?;
    let hex = layout(h).world_pos_to_hex(p);
    h.grid().contains(hex).then_some(hex)
}

/// The topmost selectable item under `p`; `tol` is a click tolerance in map units.
pub fn hit(s: &Scenario, p: Point, tol: f32) -> Option<ItemRef> {
    match &s.map {
        Map::Table(t) => hit_table(s, t, p, tol),
        Map::Hex(h) => hit_hex(s, h, p, tol),
    }
}

fn hit_table(s: &Scenario, t: &TableMap, p: Point, tol: f32) -> Option<ItemRef> {
    for u in s.units.iter().rev().filter(|u| u.on_table() && u.in_play()) {
        if u.models
            .iter()
            .any(|m| m.footprint().signed_distance_to_point(p) <= tol)
        {
            return Some(ItemRef::Unit(u.id));
        }
    }
    for o in s.objectives.iter().rev() {
        if let Place::Table(c) = o.place
            && c.distance(p) <= 0.7 + tol
        {
            return Some(ItemRef::Objective(o.id));
        }
    }
    for c in s.columns.iter().rev() {
        if t.entry_point(&c.entry).distance(p) <= 2.0 + tol {
            return Some(ItemRef::Column(c.id));
        }
    }
    for r in s.reinforcements.iter().rev() {
        if let Place::Table(c) = r.entry
            && c.distance(p) <= 1.0 + tol
        {
            return Some(ItemRef::Reinforcement(r.id));
        }
    }
    // Lines above areas, later pieces above earlier ones.
    for p_ in s.pieces.iter().rev() {
        if let PieceShape::Polyline { points, width_in } = &p_.shape
            && polyline_distance(p, points) <= width_in * 0.5 + tol
        {
            return Some(ItemRef::Piece(p_.id));
        }
    }
    for p_ in s.pieces.iter().rev() {
        if let PieceShape::Polygon(points) = &p_.shape
            && point_in_polygon(p, points)
        {
            return Some(ItemRef::Piece(p_.id));
        }
    }
    for z in s.zones.iter().rev() {
        if let ZoneArea::Polygon(points) = &z.area
            && point_in_polygon(p, points)
        {
            return Some(ItemRef::Zone(z.id));
        }
    }
    None
}

fn hit_hex(s: &Scenario, h: &HexMap, p: Point, _tol: f32) -> Option<ItemRef> {
    let l = layout(h);
    let hex = hex_at(s, p)?;
    let here = |u: &&Unit| u.hex().is_some_and(|(x, _)| x == hex) && u.in_play();
    // A leader's disc sits in the hex's upper right; prefer it when clicked there.
    let c = l.hex_to_world_pos(hex);
    let disc = c + Point::new(h.hex_size_mm * 0.22, -h.hex_size_mm * 0.22);
    if let Some(u) = s.units.iter().filter(here).find(|u| u.is_leader())
        && p.distance(disc) <= h.hex_size_mm * 0.2
    {
        return Some(ItemRef::Unit(u.id));
    }
    // Counters stacked in the hex fan out: the top one under the pointer, else the first.
    let counters: Vec<&Unit> = counters_on(s, hex).collect();
    if counters.len() > 1 {
        let style = crate::scene::Style::default();
        let top = crate::scene::unit_boxes_by_id(s, &style)
            .into_iter()
            .rev()
            .find(|(id, b)| b.contains(p) && counters.iter().any(|u| u.id == *id));
        if let Some((id, _)) = top {
            return Some(ItemRef::Unit(id));
        }
    }
    if let Some(u) = counters.first() {
        return Some(ItemRef::Unit(u.id));
    }
    if let Some(u) = s.units.iter().find(here) {
        return Some(ItemRef::Unit(u.id));
    }
    if let Some(o) = s.objectives.iter().find(|o| o.place == Place::Hex(hex)) {
        return Some(ItemRef::Objective(o.id));
    }
    if let Some(r) = s.reinforcements.iter().find(|r| r.entry == Place::Hex(hex)) {
        return Some(ItemRef::Reinforcement(r.id));
    }
    None
}

/// The counters in play on `hex` (leaders apart), in the scenario's order: the order they are
/// drawn, the last on top.
fn counters_on(s: &Scenario, hex: Hex) -> impl Iterator<Item = &Unit> {
    s.units
        .iter()
        .filter(move |u| u.hex().is_some_and(|(x, _)| x == hex) && u.in_play() && !u.is_leader())
}

/// The counter under `id` in the stack of the hex under `p` (from the bottom one, the top
/// one again), when `id` is one of two or more counters there and `p` lies on it, covered or
/// not: clicking again where the selected counter lies goes down through the stack.
pub fn below_in_stack(s: &Scenario, p: Point, id: UnitId) -> Option<UnitId> {
    let hex = hex_at(s, p)?;
    let style = crate::scene::Style::default();
    let on_it = crate::scene::unit_boxes_by_id(s, &style)
        .into_iter()
        .any(|(u, b)| u == id && b.contains(p));
    if !on_it {
        return None;
    }
    // Drawn in the scenario's order: the last on top.
    let stack: Vec<UnitId> = counters_on(s, hex).map(|u| u.id).collect();
    let k = stack.iter().position(|x| *x == id)?;
    (stack.len() > 1).then(|| stack[(k + stack.len() - 1) % stack.len()])
}

/// Items inside a box (units with all their models inside, markers, whole pieces).
pub fn in_box(s: &Scenario, b: Aabb) -> Vec<ItemRef> {
    let mut out = Vec::new();
    let hexmap = s.map.as_hex().map(|h| (h, layout(h)));
    for u in s.units.iter().filter(|u| u.in_play()) {
        let inside = match (u.position, &hexmap) {
            (Position::Table, None) => {
                !u.models.is_empty() && u.models.iter().all(|m| b.contains(m.pos))
            }
            (Position::Hex { hex, .. }, Some((_, l))) => b.contains(l.hex_to_world_pos(hex)),
            _ => false,
        };
        if inside {
            out.push(ItemRef::Unit(u.id));
        }
    }
    for o in &s.objectives {
        let p = match (o.place, &hexmap) {
            (Place::Table(p), _) => p,
            (Place::Hex(h), Some((_, l))) => l.hex_to_world_pos(h),
            _ => continue,
        };
        if b.contains(p) {
            out.push(ItemRef::Objective(o.id));
        }
    }
    for p in &s.pieces {
        if p.shape.points().iter().all(|q| b.contains(*q)) {
            out.push(ItemRef::Piece(p.id));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counters sharing a hex under a stacking limit fan out, each a step up and to the right
    /// of the one under it: a click on the top one picks it (over the others too), and one on
    /// the strip the bottom one shows below and left of the others picks the bottom one.
    #[test]
    fn counters_stacked_in_a_hex_fan_out_and_the_one_clicked_is_picked() {
        let mut s = crate::samples::named("winceby");
        s.rules.stacking = Some(3);
        let ids: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| !u.is_leader() && u.hex().is_some())
            .map(|u| u.id)
            .take(3)
            .collect();
        let (at, _) = s.unit(ids[0]).and_then(Unit::hex).expect("on a hex");
        for id in &ids[1..] {
            if let Some(u) = s.unit_mut(*id) {
                u.position = Position::Hex { hex: at, facing: 0 };
            }
        }
        let boxes: Vec<Aabb> = crate::scene::unit_boxes_by_id(&s, &crate::scene::Style::default())
            .into_iter()
            .filter(|(id, _)| ids.contains(id))
            .map(|(_, b)| b)
            .collect();
        assert_eq!(boxes.len(), 3);
        for pair in boxes.windows(2) {
            assert!(
                pair[1].min.x > pair[0].min.x && pair[1].min.y < pair[0].min.y,
                "each counter up and right of the one under it: {pair:?}"
            );
        }
        let half = (boxes[2].max.x - boxes[2].min.x) / 2.0;
        let top = (boxes[2].min + boxes[2].max) / 2.0 + Point::new(half, -half) * 0.5;
        assert_eq!(hit(&s, top, 0.0), Some(ItemRef::Unit(ids[2])));
        // The bottom counter shows in a strip a step wide along its lower and left edges.
        let step = boxes[1].min.x - boxes[0].min.x;
        let bottom = Point::new(boxes[0].min.x, boxes[0].max.y) + Point::new(step, -step) * 0.3;
        assert_eq!(hex_at(&s, bottom), Some(at), "inside the hex");
        assert_eq!(hit(&s, bottom, 0.0), Some(ItemRef::Unit(ids[0])));
        // Alone in its hex, a counter stands where it always has, whatever the limit.
        let alone = crate::samples::named("winceby");
        let before = crate::scene::unit_boxes(&alone, &crate::scene::Style::default());
        let mut moved = alone.clone();
        moved.rules.stacking = Some(3);
        assert_eq!(
            crate::scene::unit_boxes(&moved, &crate::scene::Style::default()),
            before
        );
    }

    #[test]
    fn clicking_a_model_selects_its_unit_and_empty_ground_nothing() {
        let s = crate::samples::named("patrol");
        let u = &s.units[0];
        let m = u.models[0].pos;
        assert_eq!(hit(&s, m, 0.1), Some(ItemRef::Unit(u.id)));
        assert_eq!(hit(&s, Point::new(-5.0, -5.0), 0.0), None);
        let zone = &s.zones[0];
        let ZoneArea::Polygon(poly) = &zone.area else {
            panic!("table zone")
        };
        let inside = poly.iter().copied().sum::<Point>() / poly.len() as f32;
        assert!(hit(&s, inside, 0.0).is_some());
    }

    #[test]
    fn a_hex_unit_is_hit_at_its_hex_centre() {
        let s = crate::samples::named("winceby");
        let h = s.map.as_hex().expect("hex");
        let u = s
            .units
            .iter()
            .find(|u| !u.is_leader() && u.hex().is_some())
            .expect("unit");
        let (at, _) = u.hex().expect("on a hex");
        assert_eq!(
            hit(&s, h.layout().hex_to_world_pos(at), 0.0),
            Some(ItemRef::Unit(u.id))
        );
    }
}
