//! What happens to a selection: moved by a drag, rotated, reshaped vertex by vertex, deleted.
//! Each returns the edits for one undo step; nothing here looks at the screen.

use crate::edit::Edit;
use crate::geom::Point;
use crate::model::*;
use hexx::Hex;

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
    let hexmap = s.map.as_hex().map(|h| (h, h.layout()));
    let hex_moved = |hex: Hex| -> Option<Hex> {
        let (h, l) = hexmap.as_ref()?;
        let target = l.world_pos_to_hex(l.hex_to_world_pos(hex) + delta);
        h.grid().contains(target).then_some(target)
    };
    moved_edits(s, items, delta, snap, hex_moved)
}

/// A nudge of the selection by the keyboard: which way, and whether finely (Shift).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nudge {
    /// -1, 0 or 1 across (east positive).
    pub dx: i8,
    /// -1, 0 or 1 down the map (south positive).
    pub dy: i8,
    pub fine: bool,
}

/// Inches a nudge moves table items: half an inch, a tenth finely.
pub const NUDGE_IN: f32 = 0.5;
pub const NUDGE_FINE_IN: f32 = 0.1;

/// The edits that nudge `items`: on a hex map one hex (the next column or row as the hexes are
/// numbered, so east from 0412 is 0512); on the table half an inch, a tenth when fine, without
/// snapping. Items the nudge would take off a hex map stay where they are.
pub fn nudge_edits(s: &Scenario, items: &[ItemRef], n: Nudge) -> Vec<Edit> {
    moved_edits(s, items, nudge_delta(n), false, |hex| nudged_hex(s, hex, n))
}

/// How far a nudge moves on the table, in inches.
pub fn nudge_delta(n: Nudge) -> Point {
    let step = if n.fine { NUDGE_FINE_IN } else { NUDGE_IN };
    Point::new(f32::from(n.dx) * step, f32::from(n.dy) * step)
}

/// The hex a nudge goes to from `hex` (the next column or row as the hexes are numbered), if
/// it is on the map.
pub fn nudged_hex(s: &Scenario, hex: Hex, n: Nudge) -> Option<Hex> {
    let h = s.map.as_hex()?;
    let (grid, orientation) = (h.grid(), h.orientation.to_hexx());
    let mode = match grid {
        crate::geom::HexGrid::Rectangle { mode, .. } => mode,
        crate::geom::HexGrid::Hexagon { .. } => hexx::OffsetHexMode::Even,
    };
    let [col, row] = hex.to_offset_coordinates(mode, orientation);
    let to = Hex::from_offset_coordinates(
        [col + i32::from(n.dx), row + i32::from(n.dy)],
        mode,
        orientation,
    );
    grid.contains(to).then_some(to)
}

/// The edits that move `items` by `delta` inches on the table and by `hex_moved` on a hex map.
fn moved_edits(
    s: &Scenario,
    items: &[ItemRef],
    delta: Point,
    snap: bool,
    hex_moved: impl Fn(Hex) -> Option<Hex>,
) -> Vec<Edit> {
    let mut edits = Vec::new();
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
                let (edge, along) = nearest_edge(t, t.entry_point(&c.entry) + delta);
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

/// Rotates the units among `items`: `sign` +1 turns them clockwise, -1 counter-clockwise, by
/// 15 degrees about their centre on the table and by one hexside on a hex map.
pub fn rotate_edits(s: &Scenario, items: &[ItemRef], sign: f32) -> Vec<Edit> {
    let mut edits = Vec::new();
    for item in items {
        let ItemRef::Unit(id) = item else { continue };
        let Some(u) = s.unit(*id) else { continue };
        let mut u = u.clone();
        match u.position {
            Position::Hex { hex, facing } => {
                u.position = Position::Hex {
                    hex,
                    facing: ((facing as i32 + sign as i32).rem_euclid(6)) as u8,
                }
            }
            Position::Table if !u.models.is_empty() => {
                let c = u.models.iter().map(|m| m.pos).sum::<Point>() / u.models.len() as f32;
                let a = (15.0 * sign).to_radians();
                let (sin, cos) = a.sin_cos();
                for m in &mut u.models {
                    let d = m.pos - c;
                    m.pos = c + Point::new(d.x * cos - d.y * sin, d.x * sin + d.y * cos);
                    m.facing_deg = (m.facing_deg + 15.0 * sign).rem_euclid(360.0);
                }
            }
            _ => continue,
        }
        edits.push(Edit::PutUnit(Box::new(u)));
    }
    edits
}

/// The edits that delete `items` (items that cannot be deleted, such as a side, are left).
pub fn delete_edits(items: &[ItemRef]) -> Vec<Edit> {
    items
        .iter()
        .filter_map(|item| match *item {
            ItemRef::Unit(id) => Some(Edit::RemoveUnit(id)),
            ItemRef::Piece(id) => Some(Edit::RemovePiece(id)),
            ItemRef::Objective(id) => Some(Edit::RemoveObjective(id)),
            ItemRef::Zone(id) => Some(Edit::RemoveZone(id)),
            ItemRef::Column(id) => Some(Edit::RemoveColumn(id)),
            ItemRef::Reinforcement(id) => Some(Edit::RemoveReinforcement(id)),
            _ => None,
        })
        .collect()
}

/// The vertices of a piece or table zone, if `item` is one.
pub fn editable_points(s: &Scenario, item: ItemRef) -> Option<Vec<Point>> {
    match item {
        ItemRef::Piece(id) => s.piece(id).map(|p| p.shape.points().to_vec()),
        ItemRef::Zone(id) => match &s.zones.iter().find(|z| z.id == id)?.area {
            ZoneArea::Polygon(p) => Some(p.clone()),
            ZoneArea::Hexes(_) => None,
        },
        _ => None,
    }
}

/// Whether `item` is an open line (a polyline piece) rather than a closed shape.
pub fn is_open_line(s: &Scenario, item: ItemRef) -> bool {
    matches!(item, ItemRef::Piece(id) if matches!(s.piece(id).map(|p| &p.shape), Some(PieceShape::Polyline { .. })))
}

/// The edit that gives a piece or zone new vertices.
pub fn with_points(s: &Scenario, item: ItemRef, points: Vec<Point>) -> Option<Edit> {
    match item {
        ItemRef::Piece(id) => {
            let mut p = s.piece(id)?.clone();
            *p.shape.points_mut() = points;
            Some(Edit::PutPiece(Box::new(p)))
        }
        ItemRef::Zone(id) => {
            let mut z = s.zones.iter().find(|z| z.id == id)?.clone();
            z.area = ZoneArea::Polygon(points);
            Some(Edit::PutZone(Box::new(z)))
        }
        _ => None,
    }
}

/// The edit that removes vertex `index` of a piece or zone, or why it may not: a closed shape
/// keeps at least three vertices, a line two.
pub fn remove_vertex(s: &Scenario, item: ItemRef, index: usize) -> Result<Edit, String> {
    let mut pts = editable_points(s, item).ok_or("only pieces and zones have vertices")?;
    let min = if is_open_line(s, item) { 2 } else { 3 };
    if pts.len() <= min || index >= pts.len() {
        return Err(format!("A shape needs at least {min} vertices"));
    }
    pts.remove(index);
    with_points(s, item, pts).ok_or_else(|| "only pieces and zones have vertices".into())
}

/// The edit that inserts a vertex at `at` on the edge of a piece or zone nearest it, if an edge
/// lies within `reach` map units.
pub fn insert_vertex(s: &Scenario, item: ItemRef, at: Point, reach: f32) -> Option<Edit> {
    let points = editable_points(s, item)?;
    let n = points.len();
    let edges = if is_open_line(s, item) { n - 1 } else { n };
    let (k, d) = (0..edges)
        .map(|k| {
            let d = crate::geom::point_segment_distance(at, points[k], points[(k + 1) % n]);
            (k, d)
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    if d > reach {
        return None;
    }
    let mut pts = points;
    pts.insert(k + 1, at);
    with_points(s, item, pts)
}

/// The edit that moves vertex `index` of a piece or zone to `to` (rounded to the half inch
/// when `snap`).
pub fn move_vertex(
    s: &Scenario,
    item: ItemRef,
    index: usize,
    to: Point,
    snap: bool,
) -> Option<Edit> {
    let mut pts = editable_points(s, item)?;
    *pts.get_mut(index)? = if snap { snap_half_inch(to) } else { to };
    with_points(s, item, pts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_units_move_to_the_hex_under_their_centre() {
        let s = crate::samples::named("winceby");
        let h = s.map.as_hex().expect("hex");
        let l = h.layout();
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
    }

    #[test]
    fn a_nudge_east_on_a_hex_map_takes_a_unit_to_the_next_column_in_the_same_row() {
        let s = crate::samples::named("winceby");
        let h = s.map.as_hex().expect("hex");
        let grid = h.grid();
        let u = s
            .units
            .iter()
            .find(|u| {
                u.hex()
                    .is_some_and(|(x, _)| grid.offset_of(x).is_some_and(|[c, r]| c > 0 && r > 0))
            })
            .expect("unit inside the map");
        let (from, _) = u.hex().expect("on a hex");
        let [c, r] = grid.offset_of(from).expect("offset");
        for (dx, dy, want) in [(1, 0, [c + 1, r]), (0, -1, [c, r - 1]), (-1, 0, [c - 1, r])] {
            let n = Nudge {
                dx,
                dy,
                fine: false,
            };
            let edits = nudge_edits(&s, &[ItemRef::Unit(u.id)], n);
            let [Edit::PutUnit(moved)] = &edits[..] else {
                panic!("{edits:?}")
            };
            let to = moved.hex().expect("on a hex").0;
            assert_eq!(grid.offset_of(to), Some(want));
            assert_eq!(from.unsigned_distance_to(to), 1, "a neighbour");
        }
    }

    #[test]
    fn a_nudge_off_the_hex_map_leaves_the_unit_where_it_is() {
        let mut s = crate::samples::named("winceby");
        let grid = s.map.as_hex().expect("hex").grid();
        let top = grid.hex_at(3).expect("hex 3 of row 0");
        let u = s
            .units
            .iter_mut()
            .find(|u| u.hex().is_some())
            .expect("unit");
        u.position = Position::Hex {
            hex: top,
            facing: 0,
        };
        let id = u.id;
        let north = Nudge {
            dx: 0,
            dy: -1,
            fine: false,
        };
        assert!(nudge_edits(&s, &[ItemRef::Unit(id)], north).is_empty());
        let south = Nudge {
            dx: 0,
            dy: 1,
            fine: false,
        };
        assert_eq!(nudge_edits(&s, &[ItemRef::Unit(id)], south).len(), 1);
    }

    #[test]
    fn a_nudge_on_the_table_moves_half_an_inch_or_a_tenth_finely_without_snapping() {
        let s = crate::samples::named("patrol");
        let u = &s.units[0];
        let first = u.models[0].pos;
        for (fine, step) in [(false, 0.5), (true, 0.1)] {
            let n = Nudge {
                dx: -1,
                dy: 1,
                fine,
            };
            let edits = nudge_edits(&s, &[ItemRef::Unit(u.id)], n);
            let [Edit::PutUnit(moved)] = &edits[..] else {
                panic!("{edits:?}")
            };
            let d = moved.models[0].pos - first;
            assert!(
                (d.x + step).abs() < 1e-5 && (d.y - step).abs() < 1e-5,
                "{d:?}"
            );
        }
    }

    #[test]
    fn snapping_puts_the_first_model_on_a_half_inch() {
        let s = crate::samples::named("patrol");
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
        let s = crate::samples::named("bakambo");
        let c = &s.columns[0];
        let Map::Table(t) = &s.map else { panic!() };
        // Drag toward the east edge.
        let from = t.entry_point(&c.entry);
        let delta = Point::new(t.width_in - from.x, -10.0 - (from.y - t.height_in));
        let edits = move_edits(&s, &[ItemRef::Column(c.id)], delta, false);
        let Edit::PutColumn(moved) = &edits[0] else {
            panic!()
        };
        assert_eq!(moved.entry.edge, Edge::East);
        assert_eq!(moved.entry.heading_deg, 270.0);
    }

    #[test]
    fn rotating_turns_a_hex_unit_one_hexside_each_way() {
        let s = crate::samples::named("winceby");
        let u = s.units.iter().find(|u| u.hex().is_some()).expect("unit");
        let (_, facing) = u.hex().expect("on a hex");
        let turned = |sign| match &rotate_edits(&s, &[ItemRef::Unit(u.id)], sign)[..] {
            [Edit::PutUnit(n)] => n.hex().expect("on a hex").1,
            other => panic!("{other:?}"),
        };
        assert_eq!(turned(1.0), (facing + 1) % 6);
        assert_eq!(turned(-1.0), (facing + 5) % 6);
    }

    #[test]
    fn shapes_keep_their_minimum_vertices() {
        let s = crate::samples::named("patrol");
        let piece = s
            .pieces
            .iter()
            .find(|p| matches!(p.shape, PieceShape::Polygon(ref v) if v.len() > 3))
            .expect("a polygon");
        let item = ItemRef::Piece(piece.id);
        let mut t = s.clone();
        while let Ok(e) = remove_vertex(&t, item, 0) {
            e.apply(&mut t).expect("valid");
        }
        assert_eq!(editable_points(&t, item).map(|v| v.len()), Some(3));
        let err = remove_vertex(&t, item, 0).expect_err("a triangle keeps its corners");
        assert!(err.contains("at least 3"), "{err}");
    }
}
