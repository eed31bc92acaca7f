//! Which item is under a point, which items are inside a box, and how items move: pure
//! functions over the scenario, so the canvas logic is testable without a window.

use crate::edit::Edit;
use crate::geom::{Aabb, Point, point_in_polygon, polyline_distance};
use crate::model::*;
use crate::scene::{entry_point, layout};
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
        if entry_point(t, &c.entry).distance(p) <= 2.0 + tol {
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
    if let Some(u) = s.units.iter().filter(here).find(|u| !u.is_leader()) {
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

/// The nearest point on the table's edge, and which edge with how far along it.
pub fn nearest_edge(t: &TableMap, p: Point) -> (Edge, f32) {
    let d = [
        (Edge::North, p.y, p.x),
        (Edge::South, t.height_in - p.y, p.x),
        (Edge::West, p.x, p.y),
        (Edge::East, t.width_in - p.x, p.y),
    ];
    let (edge, _, along) =
        d.into_iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((Edge::South, 0.0, 0.0));
    let max = match edge {
        Edge::North | Edge::South => t.width_in,
        Edge::East | Edge::West => t.height_in,
    };
    (edge, along.clamp(0.0, max))
}

/// Rounds to the nearest half inch.
pub fn snap_half_inch(p: Point) -> Point {
    (p * 2.0).round() / 2.0
}

/// The edits that move `items` by `delta` map units. On a hex map units and markers move to
/// the hex under their moved centre; on the table, `snap` rounds the move so the first model
/// lands on a half inch.
pub fn move_edits(s: &Scenario, items: &[ItemRef], delta: Point, snap: bool) -> Vec<Edit> {
    let mut edits = Vec::new();
    let hexmap = s.map.as_hex().map(|h| (h, layout(h)));
    let hex_moved = |hex: Hex| -> Option<Hex> {
        let (h, l) = hexmap.as_ref()?;
        let target = l.world_pos_to_hex(l.hex_to_world_pos(hex) + delta);
        h.grid().contains(target).then_some(target)
    };
    for item in items {
        match *item {
            ItemRef::Unit(id) => {
                let Some(u) = s.unit(id) else { continue };
                let mut u = u.clone();
                match u.position {
                    Position::Hex { hex, facing } => {
                        let Some(to) = hex_moved(hex) else { continue };
                        u.position = Position::Hex { hex: to, facing };
                    }
                    Position::Table => {
                        let d = match (snap, u.models.first()) {
                            (true, Some(m)) => snap_half_inch(m.pos + delta) - m.pos,
                            _ => delta,
                        };
                        for m in &mut u.models {
                            m.pos += d;
                        }
                    }
                    _ => continue,
                }
                edits.push(Edit::PutUnit(Box::new(u)));
            }
            ItemRef::Piece(id) => {
                let Some(p) = s.piece(id) else { continue };
                let mut p = p.clone();
                let d = match (snap, p.shape.points().first()) {
                    (true, Some(q)) => snap_half_inch(*q + delta) - *q,
                    _ => delta,
                };
                for q in p.shape.points_mut() {
                    *q += d;
                }
                edits.push(Edit::PutPiece(Box::new(p)));
            }
            ItemRef::Zone(id) => {
                let Some(z) = s.zones.iter().find(|z| z.id == id) else {
                    continue;
                };
                let mut z = z.clone();
                match &mut z.area {
                    ZoneArea::Polygon(points) => points.iter_mut().for_each(|q| *q += delta),
                    ZoneArea::Hexes(hexes) => {
                        let moved: Option<Vec<Hex>> = hexes.iter().map(|h| hex_moved(*h)).collect();
                        let Some(moved) = moved else { continue };
                        *hexes = moved;
                    }
                }
                edits.push(Edit::PutZone(Box::new(z)));
            }
            ItemRef::Objective(id) => {
                let Some(o) = s.objectives.iter().find(|o| o.id == id) else {
                    continue;
                };
                let mut o = o.clone();
                o.place = match o.place {
                    Place::Table(p) => Place::Table(if snap {
                        snap_half_inch(p + delta)
                    } else {
                        p + delta
                    }),
                    Place::Hex(h) => match hex_moved(h) {
                        Some(to) => Place::Hex(to),
                        None => continue,
                    },
                };
                edits.push(Edit::PutObjective(Box::new(o)));
            }
            ItemRef::Reinforcement(id) => {
                let Some(r) = s.reinforcements.iter().find(|r| r.id == id) else {
                    continue;
                };
                let mut r = r.clone();
                r.entry = match r.entry {
                    Place::Table(p) => Place::Table(p + delta),
                    Place::Hex(h) => match hex_moved(h) {
                        Some(to) => Place::Hex(to),
                        None => continue,
                    },
                };
                edits.push(Edit::PutReinforcement(Box::new(r)));
            }
            ItemRef::Column(id) => {
                // An entry point slides along the table edge nearest to where it is dragged.
                let (Some(c), Map::Table(t)) = (s.column(id), &s.map) else {
                    continue;
                };
                let mut c = c.clone();
                let (edge, along) = nearest_edge(t, entry_point(t, &c.entry) + delta);
                if edge != c.entry.edge {
                    c.entry.heading_deg = edge.inward_bearing_deg();
                }
                c.entry.edge = edge;
                c.entry.along_in = if snap {
                    (along * 2.0).round() / 2.0
                } else {
                    along
                };
                edits.push(Edit::PutColumn(Box::new(c)));
            }
            _ => {}
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples;

    #[test]
    fn clicking_a_model_selects_its_unit_and_empty_ground_nothing() {
        let s = (samples::by_name("patrol").expect("patrol").build)();
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
    fn hex_units_move_to_the_hex_under_their_centre() {
        let s = (samples::by_name("winceby").expect("winceby").build)();
        let h = s.map.as_hex().expect("hex");
        let l = layout(h);
        let u = s
            .units
            .iter()
            .find(|u| !u.is_leader() && u.hex().is_some())
            .expect("unit");
        let (from, _) = u.hex().expect("on a hex");
        let to = from.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[1]);
        let delta = l.hex_to_world_pos(to) - l.hex_to_world_pos(from) + Point::new(1.0, -1.0);
        let edits = move_edits(&s, &[ItemRef::Unit(u.id)], delta, false);
        match &edits[..] {
            [Edit::PutUnit(moved)] => assert_eq!(moved.hex().map(|x| x.0), Some(to)),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            hit(&s, l.hex_to_world_pos(from), 0.0),
            Some(ItemRef::Unit(u.id))
        );
    }

    #[test]
    fn snapping_puts_the_first_model_on_a_half_inch() {
        let s = (samples::by_name("patrol").expect("patrol").build)();
        let u = &s.units[0];
        let edits = move_edits(&s, &[ItemRef::Unit(u.id)], Point::new(1.13, 2.61), true);
        let Edit::PutUnit(moved) = &edits[0] else {
            panic!()
        };
        let p = moved.models[0].pos;
        assert!(
            ((p.x * 2.0).round() - p.x * 2.0).abs() < 1e-4
                && ((p.y * 2.0).round() - p.y * 2.0).abs() < 1e-4
        );
    }

    #[test]
    fn entry_points_slide_along_the_nearest_edge() {
        let s = (samples::by_name("bakambo").expect("bakambo").build)();
        let c = &s.columns[0];
        let Map::Table(t) = &s.map else { panic!() };
        // Drag toward the east edge.
        let from = entry_point(t, &c.entry);
        let delta = Point::new(t.width_in - from.x, -10.0 - (from.y - t.height_in));
        let edits = move_edits(&s, &[ItemRef::Column(c.id)], delta, false);
        let Edit::PutColumn(moved) = &edits[0] else {
            panic!()
        };
        assert_eq!(moved.entry.edge, Edge::East);
        assert_eq!(moved.entry.heading_deg, 270.0);
    }
}
