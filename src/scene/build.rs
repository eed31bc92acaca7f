//! Building the scene of a scenario: a static layer (terrain, hexsides, grid) that changes only
//! when the scenario does, and a dynamic layer (zones, objectives, entry points, units, labels,
//! selection) drawn over it.

use super::item::*;
use crate::geom::{Aabb, HexGrid, Point, bearing_vec};
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
    pub const EDGE: Colour = Colour::rgb(40, 40, 40);
    pub const RIVER: Colour = Colour::rgb(60, 110, 190);
    pub const WALL: Colour = Colour::rgb(110, 90, 70);
    pub const ROAD: Colour = Colour::rgb(150, 110, 60);
    pub const BRIDGE: Colour = Colour::rgb(70, 60, 50);
    pub const ZOC_BLOCK: Colour = Colour::rgb(200, 40, 40);
    pub const OBJECTIVE: Colour = Colour::rgb(230, 180, 20);
    pub const SELECT: Colour = Colour::rgb(255, 140, 0);
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);
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
            let (c, r) = (columns as usize, rows as usize);
            (0..grid.len())
                .filter(|i| {
                    let (x, y) = (i % c, i / c);
                    x == 0 || y == 0 || x + 1 == c || y + 1 == r
                })
                .filter_map(|i| grid.hex_at(i))
                .collect()
        }
        HexShape::Hexagon { radius } => Hex::ZERO.ring(radius).collect(),
    };
    for hex in border {
        for c in l.hex_corners(hex) {
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

fn with_alpha(c: Colour, a: u8) -> Colour {
    Colour::rgba(c.r, c.g, c.b, a)
}

fn darker(c: Colour) -> Colour {
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
                    rect: bounds,
                    opacity: bg.opacity,
                });
            }
            table_terrain(s, &mut scene);
            if style.grid {
                inch_grid(t, style, &mut scene);
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
                    rect: bounds,
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

fn inch_grid(t: &TableMap, style: &Style, scene: &mut Scene) {
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
    if style.coordinates {
        let mut x = 6.0;
        while x < w {
            scene.push(Item::Text {
                pos: Point::new(x, 0.15),
                text: format!("{x}\""),
                size: Size::Map(0.45),
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
                size: Size::Map(0.45),
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
    if style.grid {
        // One polygon under the whole map, traced along its outer edges.
        let outline = map_outline(h, &l);
        if outline.len() >= 3 {
            cells.add_polygon(&outline, ink::GRID_MAJOR);
        }
    }
    for (i, t) in h.terrain.iter().enumerate() {
        let Some(hex) = grid.hex_at(i) else { continue };
        let colour = colours.get(t).copied().unwrap_or(ink::WHITE);
        cells.add_convex(&inset_corners(&l, hex, gap), colour);
    }
    scene.push(Item::Mesh(Arc::new(cells)));
    hexsides(h, &l, scene);
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
            scene.push(Item::Text {
                pos: c - Point::new(0.0, top),
                text: h.label(hex),
                size: Size::Map(size),
                colour: ink::LABEL,
                anchor: Anchor::Top,
            });
        }
    }
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
    let mut rivers = Mesh::default();
    let mut walls = Mesh::default();
    let mut bridges = Mesh::default();
    let mut blocks = Vec::new();
    for side in &h.hexsides {
        let [a, b] = edge_corners(l, side.hex, side.direction);
        let f = side.features;
        if f.road {
            let dir = EdgeDirection::ALL_DIRECTIONS[side.direction as usize];
            let from = l.hex_to_world_pos(side.hex);
            let to = l.hex_to_world_pos(side.hex.neighbor(dir));
            roads.add_segment(from, to, size * 0.09, ink::ROAD);
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
    for m in [roads, rivers, walls, bridges] {
        if !m.is_empty() {
            scene.push(Item::Mesh(Arc::new(m)));
        }
    }
    scene.items.extend(blocks);
}

/// The dynamic layer: deployment zones, objectives, entry points and reinforcements, units,
/// labels and the selection.
pub fn dynamic_layer(s: &Scenario, style: &Style) -> Scene {
    let (bounds, unit) = frame(s);
    let mut scene = Scene::new(bounds, unit);
    let side_colour = |id: SideId| s.side(id).map_or(ink::EDGE, |x| x.colour);
    let selected = |item: ItemRef| style.selected.contains(&item);
    let hex = s.map.as_hex().map(|h| (h, layout(h)));
    let scale = match &hex {
        Some((h, _)) => h.hex_size_mm,
        None => 1.0,
    };
    if style.zones {
        for z in &s.zones {
            let c = side_colour(z.side);
            let stroke = Stroke::map(0.08 * scale, c).dashed(0.4 * scale);
            match (&z.area, &hex) {
                (ZoneArea::Polygon(points), None) => {
                    let mut m = Mesh::default();
                    m.add_polygon(points, with_alpha(c, 40));
                    scene.push(Item::Mesh(Arc::new(m)));
                    scene.push(Item::Line {
                        points: points.clone(),
                        stroke,
                        closed: true,
                    });
                    if let Some(b) = Aabb::of_points(points) {
                        scene.push(Item::Text {
                            pos: (b.min + b.max) * 0.5,
                            text: z.name.clone(),
                            size: Size::Map(0.8),
                            colour: with_alpha(c, 160),
                            anchor: Anchor::Centre,
                        });
                    }
                }
                (ZoneArea::Hexes(hexes), Some((_, l))) => {
                    let mut m = Mesh::default();
                    for hx in hexes {
                        m.add_convex(&l.hex_corners(*hx), with_alpha(c, 45));
                    }
                    scene.push(Item::Mesh(Arc::new(m)));
                }
                _ => {}
            }
            if selected(ItemRef::Zone(z.id))
                && let ZoneArea::Polygon(points) = &z.area
            {
                scene.push(Item::Line {
                    points: points.clone(),
                    stroke: Stroke::points(3.0, ink::SELECT),
                    closed: true,
                });
            }
        }
    }
    for o in &s.objectives {
        let (p, r) = match (o.place, &hex) {
            (Place::Table(p), None) => (p, 0.6),
            (Place::Hex(h), Some((m, l))) => (l.hex_to_world_pos(h), m.hex_size_mm * 0.28),
            _ => continue,
        };
        scene.push(Item::Convex {
            points: star(p, r),
            fill: Some(ink::OBJECTIVE),
            stroke: Some(Stroke::points(1.0, ink::EDGE)),
        });
        scene.push(Item::Text {
            pos: p + Point::new(0.0, r * 1.1),
            text: o.name.clone(),
            size: Size::Map(r * 0.9),
            colour: ink::LABEL,
            anchor: Anchor::Top,
        });
        if selected(ItemRef::Objective(o.id)) {
            scene.push(ring(p, r * 1.4));
        }
    }
    if let Map::Table(t) = &s.map {
        for c in &s.columns {
            let p = entry_point(t, &c.entry);
            let colour = side_colour(c.side);
            let dir = bearing_vec(c.entry.heading_deg);
            let side = Point::new(-dir.y, dir.x);
            scene.push(Item::Convex {
                points: vec![p + dir * 2.0, p + side * 1.0, p - side * 1.0],
                fill: Some(colour),
                stroke: Some(Stroke::points(1.0, ink::EDGE)),
            });
            scene.push(Item::Text {
                pos: p + dir * 2.4,
                text: c.name.clone(),
                size: Size::Map(0.7),
                colour: ink::LABEL,
                anchor: Anchor::Bottom,
            });
            if c.route.len() > 1 {
                scene.push(Item::Line {
                    points: c.route.clone(),
                    stroke: Stroke::map(0.12, with_alpha(colour, 160)).dashed(0.5),
                    closed: false,
                });
            }
            if selected(ItemRef::Column(c.id)) {
                scene.push(ring(p, 2.2));
            }
        }
    }
    for r in &s.reinforcements {
        let colour = side_colour(r.side);
        let (p, size) = match (r.entry, &hex) {
            (Place::Table(p), None) => (p, 0.9),
            (Place::Hex(h), Some((m, l))) => (l.hex_to_world_pos(h), m.hex_size_mm * 0.3),
            _ => continue,
        };
        scene.push(Item::Circle {
            centre: p,
            radius: size,
            fill: Some(with_alpha(colour, 90)),
            stroke: Some(Stroke::points(1.5, colour).dashed(3.0)),
        });
        scene.push(Item::Text {
            pos: p,
            text: format!("T{}", r.turn),
            size: Size::Map(size * 0.9),
            colour: ink::LABEL,
            anchor: Anchor::Centre,
        });
    }
    for u in &s.units {
        if !u.in_play() {
            continue;
        }
        let colour = side_colour(u.side);
        match (u.position, &hex) {
            (Position::Table, None) => table_unit(u, colour, style, &mut scene),
            (Position::Hex { hex: at, facing }, Some((m, l))) => {
                hex_unit(s, u, at, facing, colour, m, l, style, &mut scene)
            }
            _ => {}
        }
    }
    scene
}

/// Where an entry point lies on the table edge.
pub fn entry_point(t: &TableMap, e: &EntryPoint) -> Point {
    t.entry_point(e)
}

fn star(c: Point, r: f32) -> Vec<Point> {
    // A convex-enough five-pointed marker: a pentagon with points drawn as a decagon that
    // stays convex (inner radius 0.81 of outer).
    (0..10)
        .map(|k| {
            let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::TAU / 10.0;
            let rr = if k % 2 == 0 { r } else { r * 0.81 };
            c + Point::new(a.cos(), a.sin()) * rr
        })
        .collect()
}

fn ring(c: Point, r: f32) -> Item {
    Item::Circle {
        centre: c,
        radius: r,
        fill: None,
        stroke: Some(Stroke::points(2.5, ink::SELECT)),
    }
}

fn table_unit(u: &Unit, colour: Colour, style: &Style, scene: &mut Scene) {
    let unit_selected = style.selected.contains(&ItemRef::Unit(u.id));
    for m in &u.models {
        let fp = m.footprint();
        let model_selected = unit_selected || style.selected.contains(&ItemRef::Model(u.id, m.id));
        let stroke = Some(if model_selected {
            Stroke::points(2.5, ink::SELECT)
        } else {
            Stroke::points(1.0, darker(colour))
        });
        match fp {
            crate::geom::Footprint::Circle { centre, radius } => scene.push(Item::Circle {
                centre,
                radius,
                fill: Some(colour),
                stroke,
            }),
            crate::geom::Footprint::Rect { corners, .. } => scene.push(Item::Convex {
                points: corners.to_vec(),
                fill: Some(colour),
                stroke,
            }),
        }
        // Facing tick from the centre to the front edge.
        let r = fp.bounding_radius();
        let front = m.pos + bearing_vec(m.facing_deg) * r * 0.85;
        scene.push(Item::Line {
            points: vec![m.pos, front],
            stroke: Stroke::map(r * 0.18, ink::WHITE),
            closed: false,
        });
        if u.leader_model == Some(m.id) {
            scene.push(Item::Circle {
                centre: m.pos,
                radius: r * 0.35,
                fill: Some(ink::OBJECTIVE),
                stroke: Some(Stroke::points(0.8, ink::EDGE)),
            });
        }
    }
    if style.labels
        && let Some(b) = Aabb::of_points(&u.models.iter().map(|m| m.pos).collect::<Vec<_>>())
    {
        let r = u
            .models
            .first()
            .map_or(0.5, |m| m.footprint().bounding_radius());
        scene.push(Item::Text {
            pos: Point::new((b.min.x + b.max.x) * 0.5, b.max.y + r + 0.1),
            text: u.name.clone(),
            size: Size::Map(0.55),
            colour: ink::LABEL,
            anchor: Anchor::Top,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn hex_unit(
    s: &Scenario,
    u: &Unit,
    at: Hex,
    facing: u8,
    colour: Colour,
    m: &HexMap,
    l: &HexLayout,
    style: &Style,
    scene: &mut Scene,
) {
    let size = m.hex_size_mm;
    let c = l.hex_to_world_pos(at);
    let is_selected = style.selected.contains(&ItemRef::Unit(u.id));
    let edge = |sel: bool| {
        if sel {
            Stroke::points(2.5, ink::SELECT)
        } else {
            Stroke::points(1.0, ink::EDGE)
        }
    };
    let dir = EdgeDirection::ALL_DIRECTIONS[(facing % 6) as usize];
    let toward = (l.hex_to_world_pos(at.neighbor(dir)) - c).normalize_or_zero();
    if u.is_leader() {
        // Leaders: a disc toward the hex's upper corner, so they can share a hex.
        let p = c + Point::new(size * 0.22, -size * 0.22);
        scene.push(Item::Circle {
            centre: p,
            radius: size * 0.17,
            fill: Some(colour),
            stroke: Some(edge(is_selected)),
        });
        scene.push(Item::Convex {
            points: star(p, size * 0.11),
            fill: Some(ink::OBJECTIVE),
            stroke: None,
        });
        if style.labels {
            scene.push(Item::Text {
                pos: p + Point::new(0.0, size * 0.18),
                text: short_name(&u.name),
                size: Size::Map(size * 0.11),
                colour: ink::LABEL,
                anchor: Anchor::Top,
            });
        }
        return;
    }
    let half = size * 0.3;
    let square = [
        c + Point::new(-half, -half),
        c + Point::new(half, -half),
        c + Point::new(half, half),
        c + Point::new(-half, half),
    ];
    scene.push(Item::Convex {
        points: square.to_vec(),
        fill: Some(colour),
        stroke: Some(edge(is_selected)),
    });
    // The branch symbol in a box in the upper half of the counter.
    let bw = half * 0.8;
    let (bt, bb) = (c.y - half * 0.75, c.y + half * 0.05);
    let sym = [
        Point::new(c.x - bw, bt),
        Point::new(c.x + bw, bt),
        Point::new(c.x + bw, bb),
        Point::new(c.x - bw, bb),
    ];
    let ink_stroke = Stroke::map(size * 0.02, ink::WHITE);
    scene.push(Item::Line {
        points: sym.to_vec(),
        stroke: ink_stroke,
        closed: true,
    });
    let diag = |a: usize, b: usize| Item::Line {
        points: vec![sym[a], sym[b]],
        stroke: ink_stroke,
        closed: false,
    };
    match u.kind.tag() {
        KindTag::Infantry => {
            scene.push(diag(0, 2));
            scene.push(diag(1, 3));
        }
        KindTag::Cavalry => scene.push(diag(3, 1)),
        KindTag::Dragoons => {
            scene.push(diag(3, 1));
            if u.state.mounted {
                scene.push(diag(0, 2));
            }
        }
        KindTag::Artillery => scene.push(Item::Circle {
            centre: Point::new(c.x, (bt + bb) * 0.5),
            radius: size * 0.06,
            fill: Some(ink::WHITE),
            stroke: None,
        }),
        KindTag::Elephant | KindTag::Wagon | KindTag::Leader => {}
    }
    // Strength, and the facing as a notch on the edge the unit faces.
    scene.push(Item::Text {
        pos: Point::new(c.x, c.y + half * 0.55),
        text: u.strength.current.to_string(),
        size: Size::Map(size * 0.16),
        colour: ink::WHITE,
        anchor: Anchor::Centre,
    });
    let tip = c + toward * (half * 1.35);
    let across = Point::new(-toward.y, toward.x) * (half * 0.35);
    let base = c + toward * (half * 1.02);
    scene.push(Item::Convex {
        points: vec![tip, base + across, base - across],
        fill: Some(darker(colour)),
        stroke: None,
    });
    if style.labels {
        scene.push(Item::Text {
            pos: Point::new(c.x, c.y + half + size * 0.02),
            text: short_name(&u.name),
            size: Size::Map(size * 0.11),
            colour: ink::LABEL,
            anchor: Anchor::Top,
        });
    }
    let _ = s;
}

/// Names shortened for counters: "Cromwell's Regiment of Horse" → "Cromwell's Horse".
fn short_name(name: &str) -> String {
    let cut = name.replace(" Regiment of ", " ");
    if cut.chars().count() <= 22 {
        cut
    } else {
        cut.chars().take(21).chain(std::iter::once('…')).collect()
    }
}

/// Both layers, in one scene (for print and tests).
pub fn build(s: &Scenario, style: &Style) -> Scene {
    let mut scene = static_layer(s, style);
    scene.items.extend(dynamic_layer(s, style).items);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_outline_encloses_exactly_the_hexes() {
        for s in [
            (crate::model::samples::by_name("winceby")
                .expect("sample")
                .build)(),
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
    fn winceby_scene_has_every_hex_and_its_labels() {
        let s = (crate::model::samples::by_name("winceby")
            .expect("sample")
            .build)();
        let scene = static_layer(&s, &Style::default());
        let labels = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Text { .. }))
            .count();
        assert_eq!(labels, 432);
        // Cells (6 vertices each) plus the outline backing.
        assert!(scene.mesh_vertices() >= 432 * 6);
    }
}
