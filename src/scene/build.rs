//! Building the scene of a scenario: the static layer (terrain, hexsides, grid) that changes
//! only when the map does, and the whole scene (this layer with the dynamic one of `dynamic`
//! over it).

use super::item::*;
use crate::geom::{Aabb, HexGrid, Point};
use crate::model::*;
use hexx::{EdgeDirection, Hex, HexLayout};
use std::sync::Arc;

/// What to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Inch grid on the table, hex outlines on the hex map.
    pub grid: bool,
    /// Inch numbers along the table edges, `CCRR` labels in hexes.
    pub coordinates: bool,
    /// Unit names.
    pub labels: bool,
    pub zones: bool,
    /// Counters, leaders and objective markers on the hex map stand below each hex's printed
    /// number, so none covers it. Print needs this: the editor draws hex numbers itself and
    /// hides those under a counter, but paper keeps every hex's number.
    pub clear_hex_labels: bool,
    /// Items to highlight (the editor's selection).
    pub selected: Vec<ItemRef>,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            grid: true,
            coordinates: true,
            labels: true,
            zones: true,
            clear_hex_labels: false,
            selected: Vec::new(),
        }
    }
}

/// Ink colours of the map furniture (terrain and sides bring their own).
pub mod ink {
    use crate::model::Colour;
    pub const GRID: Colour = Colour::rgba(0, 0, 0, 60);
    pub const GRID_MAJOR: Colour = Colour::rgba(0, 0, 0, 110);
    pub const LABEL: Colour = Colour::rgba(20, 20, 20, 220);
    /// A name printed on the map (a ridge, a road's entry): darker than the ground, lighter
    /// than the counters' own names, so it reads as the map's and not a unit's.
    pub const PLACE_NAME: Colour = Colour::rgba(40, 30, 80, 200);
    pub const EDGE: Colour = Colour::rgb(40, 40, 40);
    pub const RIVER: Colour = Colour::rgb(60, 110, 190);
    pub const WALL: Colour = Colour::rgb(110, 90, 70);
    pub const ROAD: Colour = Colour::rgb(150, 110, 60);
    /// A track: the road's colour, lighter, on a narrower line.
    pub const TRACK: Colour = Colour::rgb(175, 140, 95);
    pub const RAILWAY: Colour = Colour::rgb(45, 45, 45);
    pub const BRIDGE: Colour = Colour::rgb(70, 60, 50);
    pub const ZOC_BLOCK: Colour = Colour::rgb(200, 40, 40);
    pub const OBJECTIVE: Colour = Colour::rgb(230, 180, 20);
    pub const SELECT: Colour = Colour::rgb(255, 140, 0);
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);
    /// Over a half hex the scenario does not let units use.
    pub const HALF_HEX_VEIL: Colour = Colour::rgba(90, 90, 90, 120);
}

/// The bounds and unit of a scenario's map.
pub fn frame(s: &Scenario) -> (Aabb, MapUnit) {
    match &s.map {
        Map::Table(t) => (
            Aabb {
                min: Point::ZERO,
                max: Point::new(t.width_in, t.height_in),
            },
            MapUnit::Inch,
        ),
        Map::Hex(h) => (hex_bounds(h), MapUnit::Millimetre),
    }
}

/// The hex map's layout in millimetres on paper.
pub fn layout(h: &HexMap) -> HexLayout {
    h.layout()
}

fn hex_bounds(h: &HexMap) -> Aabb {
    // A map cut through its outer hexes ends at the cut.
    if let Some(frame) = h.cut_frame() {
        return frame;
    }
    let l = layout(h);
    let grid = h.grid();
    let mut b = Aabb {
        min: Point::splat(f32::INFINITY),
        max: Point::splat(f32::NEG_INFINITY),
    };
    // The outline is made by the border hexes: the first and last rows and columns of a
    // rectangle, the outer ring of a hexagon. No need to visit every hex.
    let border: Vec<Hex> = match h.shape {
        HexShape::Rectangle { columns, rows, .. } => {
            // The indices of the first and last rows, then of the first and last columns:
            // a frame of 200 x 200 hexes visits 800 of its 40,000.
            let (c, r) = (columns as usize, rows as usize);
            let rows = (0..c).chain(c.saturating_mul(r.saturating_sub(1))..c.saturating_mul(r));
            let columns = (0..r).flat_map(|y| [y * c, (y * c + c).saturating_sub(1)]);
            rows.chain(columns).filter_map(|i| grid.hex_at(i)).collect()
        }
        HexShape::Hexagon { radius } => Hex::ZERO.ring(radius).collect(),
    };
    // A hex's corners are its centre plus six offsets (as `hex_corners` adds them), worked
    // out once rather than with six sines and cosines a hex.
    let corners = l.center_aligned_hex_corners();
    for hex in border {
        let centre = l.hex_to_world_pos(hex);
        for c in corners.map(|c| c + centre) {
            b.min = b.min.min(c);
            b.max = b.max.max(c);
        }
    }
    if !b.min.is_finite() {
        return Aabb {
            min: Point::ZERO,
            max: Point::ZERO,
        };
    }
    b
}

pub(super) fn with_alpha(c: Colour, a: u8) -> Colour {
    Colour::rgba(c.r, c.g, c.b, a)
}

pub(super) fn darker(c: Colour) -> Colour {
    Colour::rgba(c.r / 2, c.g / 2, c.b / 2, c.a)
}

/// The static layer: the ground, terrain, hexsides and grid.
pub fn static_layer(s: &Scenario, style: &Style) -> Scene {
    let (bounds, unit) = frame(s);
    let mut scene = Scene::new(bounds, unit);
    let ground = s
        .terrain_types
        .first()
        .map_or(Colour::rgb(200, 200, 170), |t| t.colour);
    match &s.map {
        Map::Table(t) => {
            let corners = [
                Point::ZERO,
                Point::new(t.width_in, 0.0),
                Point::new(t.width_in, t.height_in),
                Point::new(0.0, t.height_in),
            ];
            let mut cloth = Mesh::default();
            cloth.add_convex(&corners, ground);
            scene.push(Item::Mesh(Arc::new(cloth)));
            if let Some(bg) = &s.background {
                scene.push(Item::Background {
                    corners: bg.corners(&s.map, bounds),
                    opacity: bg.opacity,
                });
            }
            table_terrain(s, &mut scene);
            map_labels(s, None, &mut scene);
            if style.grid {
                inch_grid(t, &mut scene);
            }
            if style.coordinates {
                inch_labels(t, &mut scene);
            }
            scene.push(Item::Line {
                points: corners.to_vec(),
                stroke: Stroke::points(1.5, ink::EDGE),
                closed: true,
            });
        }
        Map::Hex(h) => {
            if let Some(bg) = &s.background {
                scene.push(Item::Background {
                    corners: bg.corners(&s.map, bounds),
                    opacity: bg.opacity,
                });
            }
            hex_terrain(s, h, style, &mut scene);
        }
    }
    scene
}

fn table_terrain(s: &Scenario, scene: &mut Scene) {
    // Areas first (woods under roads), then roads, then obstacles on top.
    let mut areas = Mesh::default();
    let mut outlines = Vec::new();
    for p in &s.pieces {
        let (Some(t), PieceShape::Polygon(points)) = (s.terrain(p.terrain), &p.shape) else {
            continue;
        };
        areas.add_polygon(points, with_alpha(t.colour, 230));
        let mut stroke = Stroke::map(0.06, darker(t.colour));
        if t.difficult {
            stroke = stroke.dashed(0.3);
        }
        outlines.push(Item::Line {
            points: points.clone(),
            stroke,
            closed: true,
        });
    }
    if !areas.is_empty() {
        scene.push(Item::Mesh(Arc::new(areas)));
    }
    scene.items.extend(outlines);
    for kind in [TerrainKind::Road, TerrainKind::Linear] {
        for p in &s.pieces {
            let (Some(t), PieceShape::Polyline { points, width_in }) =
                (s.terrain(p.terrain), &p.shape)
            else {
                continue;
            };
            if t.kind != kind && !(kind == TerrainKind::Linear && t.kind == TerrainKind::Area) {
                continue;
            }
            scene.push(Item::Line {
                points: points.clone(),
                stroke: Stroke::map(*width_in, t.colour),
                closed: false,
            });
            if kind == TerrainKind::Linear {
                scene.push(Item::Line {
                    points: points.clone(),
                    stroke: Stroke::map(0.05, darker(t.colour)),
                    closed: false,
                });
            }
        }
    }
}

/// The inch grid as map-sized lines (for print; the canvas draws its own, by level of detail).
fn inch_grid(t: &TableMap, scene: &mut Scene) {
    let mut minor = Mesh::default();
    let mut major = Mesh::default();
    let (w, h) = (t.width_in, t.height_in);
    let mut x = 1.0;
    while x < w {
        let (mesh, width) = if (x as i32) % 6 == 0 {
            (&mut major, 0.05)
        } else {
            (&mut minor, 0.02)
        };
        mesh.add_segment(Point::new(x, 0.0), Point::new(x, h), width, ink::GRID);
        x += 1.0;
    }
    let mut y = 1.0;
    while y < h {
        let (mesh, width) = if (y as i32) % 6 == 0 {
            (&mut major, 0.05)
        } else {
            (&mut minor, 0.02)
        };
        mesh.add_segment(Point::new(0.0, y), Point::new(w, y), width, ink::GRID);
        y += 1.0;
    }
    for (i, c) in major.colours.iter_mut().enumerate() {
        let _ = i;
        *c = ink::GRID_MAJOR;
    }
    scene.push(Item::Mesh(Arc::new(minor)));
    scene.push(Item::Mesh(Arc::new(major)));
}

/// The ruler's numbers every 6" along the table's top and left edges: at least 12 points on
/// screen however far out the table is zoomed, true size on paper.
fn inch_labels(t: &TableMap, scene: &mut Scene) {
    const SIZE: Size = Size::MapAtLeast {
        map: 0.45,
        min_points: 12.0,
        backed: true,
    };
    let (w, h) = (t.width_in, t.height_in);
    {
        let mut x = 6.0;
        while x < w {
            scene.push(Item::Text {
                pos: Point::new(x, 0.15),
                text: format!("{x}\""),
                size: SIZE,
                colour: ink::LABEL,
                anchor: Anchor::Top,
            });
            x += 6.0;
        }
        let mut y = 6.0;
        while y < h {
            scene.push(Item::Text {
                pos: Point::new(0.15, y),
                text: format!("{y}\""),
                size: SIZE,
                colour: ink::LABEL,
                anchor: Anchor::Left,
            });
            y += 6.0;
        }
    }
}

/// Corners of `hex` shrunk toward its centre by `inset` (map units).
fn inset_corners(l: &HexLayout, hex: Hex, inset: f32) -> [Point; 6] {
    let c = l.hex_to_world_pos(hex);
    let mut corners = l.hex_corners(hex);
    for p in &mut corners {
        let d = *p - c;
        let len = d.length();
        if len > 0.0 {
            *p = c + d * ((len - inset) / len);
        }
    }
    corners
}

fn hex_terrain(s: &Scenario, h: &HexMap, style: &Style, scene: &mut Scene) {
    let l = layout(h);
    let grid = h.grid();
    let colours: std::collections::HashMap<TerrainId, Colour> =
        s.terrain_types.iter().map(|t| (t.id, t.colour)).collect();
    // The grid is the gap between slightly shrunk cells over a backing of grid ink: no line
    // geometry at all, however many hexes.
    let mut cells = Mesh::default();
    let gap = if style.grid {
        h.hex_size_mm * 0.02 + 0.1
    } else {
        0.0
    };
    // A map whose edge runs through its outer hexes draws them cut at that edge.
    let cut = h.cut_frame();
    // Over a background image the hexes let it show: the ground is not filled, other terrain
    // is washed, and the grid is drawn as lines (a backing of grid ink would veil the image).
    let over_image = s.background.is_some();
    let ground = s.terrain_types.first().map(|t| t.id);
    if over_image {
        grid_lines(h, &l, cut, scene);
    }
    if style.grid && !over_image {
        // One polygon under the whole map, traced along its outer edges (or the cut).
        let outline = match cut {
            Some(f) => vec![
                f.min,
                Point::new(f.max.x, f.min.y),
                f.max,
                Point::new(f.min.x, f.max.y),
            ],
            None => map_outline(h, &l),
        };
        if outline.len() >= 3 {
            cells.add_polygon(&outline, ink::GRID_MAJOR);
        }
    }
    let mut closed = Mesh::default();
    for (i, t) in h.terrain.iter().enumerate() {
        let Some(hex) = grid.hex_at(i) else { continue };
        let mut colour = colours.get(t).copied().unwrap_or(ink::WHITE);
        if over_image {
            if Some(*t) == ground {
                colour = with_alpha(colour, 0);
            } else {
                colour = with_alpha(colour, colour.a / 2);
            }
        }
        let corners = inset_corners(&l, hex, if over_image { 0.0 } else { gap });
        match cut {
            Some(f) if h.is_cut_by(&f, hex) => {
                let part = f.clip_convex(&corners);
                cells.add_convex(&part, colour);
                if !h.is_playable(hex) {
                    // Not playable: veiled, as ground beyond the map.
                    closed.add_convex(&part, ink::HALF_HEX_VEIL);
                }
            }
            _ => cells.add_convex(&corners, colour),
        }
    }
    if over_image {
        // The grid goes over the washed terrain.
        let lines = scene.items.pop();
        scene.push(Item::Mesh(Arc::new(cells)));
        scene.items.extend(lines);
    } else {
        scene.push(Item::Mesh(Arc::new(cells)));
    }
    if !closed.is_empty() {
        scene.push(Item::Mesh(Arc::new(closed)));
    }
    hexsides(h, &l, scene);
    map_labels(s, Some((h, &l)), scene);
    if style.coordinates
        && let HexGrid::Rectangle { .. } = grid
    {
        let size = h.hex_size_mm * 0.16;
        let top = match h.orientation {
            Orientation::Flat => h.hex_size_mm * 0.36,
            Orientation::Pointy => h.hex_size_mm * 0.40,
        };
        for hex in grid.hexes() {
            let c = l.hex_to_world_pos(hex);
            let mut pos = c - Point::new(0.0, top);
            // A half hex cut along the top keeps its label inside the map.
            if let Some(f) = cut {
                pos.y = pos.y.max(f.min.y + h.hex_size_mm * 0.04);
            }
            scene.push(Item::Text {
                pos,
                text: h.label(hex),
                size: Size::Map(size),
                colour: ink::LABEL,
                anchor: Anchor::Top,
            });
        }
    }
}

/// The map's own names ("Seminary Ridge", "Hanover Road"), part of the ground as on a printed
/// map: over the terrain, under the hex numbers (printed over them) and every counter.
///
/// A name near an edge is shifted in to be read whole, on the screen and on paper alike (an
/// entry road's name stands on the edge hex it names).
fn map_labels(s: &Scenario, hex: Option<(&HexMap, &HexLayout)>, scene: &mut Scene) {
    let frame = scene.bounds;
    for label in &s.labels {
        let (mut pos, size, marker) = match (label.place, hex) {
            (Place::Table(p), None) => (p, 0.8, 0.9),
            (Place::Hex(at), Some((m, l))) => (
                l.hex_to_world_pos(at),
                m.hex_size_mm * 0.3,
                m.hex_size_mm * 0.3,
            ),
            _ => continue,
        };
        // A road's name on the entry it names stands under the arrival's marker, not across it.
        if s.reinforcements.iter().any(|r| r.entry == label.place) {
            pos.y += marker + size * 0.6;
        }
        let pos = inside(
            frame,
            pos,
            label.text.chars().count() as f32 * size * LABEL_EM_WIDTH,
            size,
        );
        scene.push(Item::Text {
            pos,
            text: label.text.clone(),
            size: Size::Map(size),
            colour: ink::PLACE_NAME,
            anchor: Anchor::Centre,
        });
    }
}

/// A generous width of a map label's letter, in ems: enough for the widest proportional text
/// the screen or the PDF sets, so a label shifted in by it is never cut at the map's edge.
const LABEL_EM_WIDTH: f32 = 0.62;

/// The centre of a `w` by `h` box at `at`, moved the least to lie inside `frame` (centred on
/// it where the box is the wider).
fn inside(frame: Aabb, at: Point, w: f32, h: f32) -> Point {
    let fit = |v: f32, lo: f32, hi: f32, half: f32| {
        if hi - lo <= 2.0 * half {
            (lo + hi) / 2.0
        } else {
            v.clamp(lo + half, hi - half)
        }
    };
    Point::new(
        fit(at.x, frame.min.x, frame.max.x, w / 2.0),
        fit(at.y, frame.min.y, frame.max.y, h / 2.0),
    )
}

/// Every hex edge once as a thin band of grid ink (inside the cut, on a map cut through its
/// outer hexes), for a grid over a background image.
fn grid_lines(h: &HexMap, l: &HexLayout, cut: Option<Aabb>, scene: &mut Scene) {
    let grid = h.grid();
    let width = h.hex_size_mm * 0.02 + 0.1;
    let mut mesh = Mesh::default();
    for hex in grid.hexes() {
        for d in 0..6u8 {
            let n = hex.neighbor(EdgeDirection::ALL_DIRECTIONS[d as usize]);
            if d >= 3 && grid.contains(n) {
                continue;
            }
            let [mut a, mut b] = edge_corners(l, hex, d);
            if let Some(f) = cut {
                // The cut runs through hex centres, so an edge it crosses is parallel to an
                // axis there: clamping its ends is exact.
                if !f.expand(1e-3).contains(a) && !f.expand(1e-3).contains(b) {
                    continue;
                }
                a = a.clamp(f.min, f.max);
                b = b.clamp(f.min, f.max);
                if a.distance(b) < 1e-3 {
                    continue;
                }
            }
            mesh.add_segment(a, b, width, ink::GRID_MAJOR);
        }
    }
    scene.push(Item::Mesh(Arc::new(mesh)));
}

/// The outline of a hex map: its border edges (those with no map hex beyond) chained into
/// one closed polygon.
pub fn map_outline(h: &HexMap, l: &HexLayout) -> Vec<Point> {
    let grid = h.grid();
    // Border edges as corner pairs, keyed by a rounded start corner for chaining.
    let key = |p: Point| ((p.x * 64.0).round() as i64, (p.y * 64.0).round() as i64);
    let mut next: std::collections::HashMap<(i64, i64), Point> = std::collections::HashMap::new();
    let mut first = None;
    for hex in grid.hexes() {
        for d in 0..6u8 {
            let n = hex.neighbor(EdgeDirection::ALL_DIRECTIONS[d as usize]);
            if grid.contains(n) {
                continue;
            }
            let [a, b] = edge_corners(l, hex, d);
            next.insert(key(a), b);
            first.get_or_insert(a);
        }
    }
    let Some(start) = first else {
        return Vec::new();
    };
    let mut out = vec![start];
    let mut cur = start;
    for _ in 0..next.len() {
        let Some(&b) = next.get(&key(cur)) else { break };
        if key(b) == key(start) {
            break;
        }
        out.push(b);
        cur = b;
    }
    out
}

/// The two corners of the edge of `hex` in `direction`.
pub fn edge_corners(l: &HexLayout, hex: Hex, direction: u8) -> [Point; 2] {
    let dir = EdgeDirection::ALL_DIRECTIONS[(direction % 6) as usize];
    l.edge_coordinates(hexx::GridEdge {
        origin: hex,
        direction: dir,
    })
}

fn hexsides(h: &HexMap, l: &HexLayout, scene: &mut Scene) {
    let size = h.hex_size_mm;
    let mut roads = Mesh::default();
    let mut tracks = Mesh::default();
    let mut railways = Mesh::default();
    let mut rivers = Mesh::default();
    let mut walls = Mesh::default();
    let mut bridges = Mesh::default();
    let mut blocks = Vec::new();
    for side in &h.hexsides {
        let [a, b] = edge_corners(l, side.hex, side.direction);
        let f = side.features;
        // Roads, tracks and railways run from the centre of one hex to the next.
        let dir = EdgeDirection::ALL_DIRECTIONS[(side.direction % 6) as usize];
        let from = l.hex_to_world_pos(side.hex);
        let to = l.hex_to_world_pos(side.hex.neighbor(dir));
        if f.road {
            roads.add_segment(from, to, size * 0.09, ink::ROAD);
        }
        if f.track {
            tracks.add_segment(from, to, size * 0.045, ink::TRACK);
        }
        if f.railway {
            railways.add_segment(from, to, size * 0.035, ink::RAILWAY);
            // Sleepers across the line, as printed maps draw a railway.
            let across =
                Point::new(-(to - from).y, (to - from).x).normalize_or_zero() * (size * 0.07);
            for t in [0.25, 0.5, 0.75] {
                let p = from + (to - from) * t;
                railways.add_segment(p - across, p + across, size * 0.025, ink::RAILWAY);
            }
        }
        if f.river {
            rivers.add_segment(a, b, size * 0.14, ink::RIVER);
        }
        if f.wall {
            walls.add_segment(a, b, size * 0.07, ink::WALL);
        }
        if f.bridge {
            let mid = (a + b) * 0.5;
            let across = Point::new(-(b - a).y, (b - a).x).normalize_or_zero() * (size * 0.16);
            bridges.add_segment(mid - across, mid + across, size * 0.12, ink::BRIDGE);
        }
        if f.blocks_zoc {
            blocks.push(Item::Line {
                points: vec![a, b],
                stroke: Stroke::map(size * 0.03, ink::ZOC_BLOCK).dashed(size * 0.08),
                closed: false,
            });
        }
    }
    for m in [roads, tracks, railways, rivers, walls, bridges] {
        if !m.is_empty() {
            scene.push(Item::Mesh(Arc::new(m)));
        }
    }
    scene.items.extend(blocks);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_outline_encloses_exactly_the_hexes() {
        for s in [
            crate::samples::named("winceby"),
            crate::model::generate::hex_battlefield(30, 0.0, 0, 1),
            {
                let mut s = Scenario::new_hex("hexagon");
                let t = s.terrain_types[0].id;
                s.map = Map::Hex(HexMap::filled(
                    Orientation::Pointy,
                    20.0,
                    HexShape::Hexagon { radius: 6 },
                    t,
                ));
                s
            },
        ] {
            let h = s.map.as_hex().expect("hex");
            let l = layout(h);
            let outline = map_outline(h, &l);
            let hex_area = 3f32.sqrt() / 2.0 * h.hex_size_mm * h.hex_size_mm;
            let expected = hex_area * h.grid().len() as f32;
            let area = crate::geom::polygon_area(&outline).abs();
            assert!(
                (area - expected).abs() / expected < 1e-3,
                "{area} vs {expected}"
            );
        }
    }

    #[test]
    fn half_hexes_are_drawn_cut_at_the_maps_edge_and_veiled_when_unplayable() {
        let mut s = Scenario::new_hex("cut");
        let whole = static_layer(&s, &Style::default());
        if let Map::Hex(h) = &mut s.map {
            h.edge = HexEdge::ThroughHexes { playable: false };
        }
        let cut = static_layer(&s, &Style::default());
        let h = s.map.as_hex().expect("hex");
        let frame = h.cut_frame().expect("cut");
        assert_eq!(cut.bounds, frame);
        assert!(cut.bounds.max.x < whole.bounds.max.x && cut.bounds.min.x > whole.bounds.min.x);
        let meshes: Vec<&Mesh> = cut
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Mesh(m) => Some(&**m),
                _ => None,
            })
            .collect();
        let eps = 1e-3;
        for m in &meshes {
            for p in &m.positions {
                assert!(frame.expand(eps).contains(*p), "{p:?} outside {frame:?}");
            }
        }
        // The veil: one cut polygon per unplayable half hex, in its own colour.
        let veiled = meshes
            .iter()
            .filter(|m| m.colours.first() == Some(&ink::HALF_HEX_VEIL))
            .count();
        assert_eq!(veiled, 1);
        let labels_inside = cut.items.iter().all(|i| match i {
            Item::Text { pos, .. } => frame.expand(eps).contains(*pos),
            _ => true,
        });
        assert!(labels_inside);
    }

    #[test]
    fn winceby_scene_has_every_hex_and_its_labels() {
        let s = crate::samples::named("winceby");
        let scene = static_layer(&s, &Style::default());
        let labels = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Text { .. }))
            .count();
        // A number in every hex, and the map's own names.
        assert_eq!(labels, 432 + s.labels.len());
        // Cells (6 vertices each) plus the outline backing.
        assert!(scene.mesh_vertices() >= 432 * 6);
    }

    /// Winceby's "Bolingbroke road" stands on an east edge hex: its name is shifted in, whole
    /// inside the map, rather than centred on the hex and cut by the edge.
    #[test]
    fn a_map_label_on_an_edge_hex_is_shifted_in_to_be_read_whole() {
        let s = crate::samples::named("winceby");
        let label = s
            .labels
            .iter()
            .find(|l| l.text == "Bolingbroke road")
            .expect("the label");
        let h = s.map.as_hex().expect("hex");
        let Place::Hex(at) = label.place else {
            panic!("on a hex")
        };
        let centre = layout(h).hex_to_world_pos(at);
        let (frame, _) = frame(&s);
        let scene = static_layer(&s, &Style::default());
        let (pos, size) = scene
            .items
            .iter()
            .find_map(|i| match i {
                Item::Text {
                    pos,
                    text,
                    size: Size::Map(size),
                    ..
                } if text == &label.text => Some((*pos, *size)),
                _ => None,
            })
            .expect("drawn");
        let half = label.text.chars().count() as f32 * size * LABEL_EM_WIDTH / 2.0;
        assert!(
            centre.x + half > frame.max.x,
            "centred on its hex it would be cut"
        );
        assert!(pos.x < centre.x, "shifted in");
        assert!(pos.x - half >= frame.min.x - 1e-3 && pos.x + half <= frame.max.x + 1e-3);
    }
}
