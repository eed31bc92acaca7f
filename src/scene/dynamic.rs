//! The dynamic layer of a scene: deployment zones, objectives, entry points and columns,
//! reinforcements, units with their labels, and the selection, drawn over the static layer.
//! Rebuilt when units move; the map under it is not.

use super::build::{Style, darker, frame, ink, layout, with_alpha};
use super::item::*;
use crate::geom::{Aabb, Point, bearing_vec};
use crate::model::*;
use foldhash::{HashMap, HashMapExt};
use hexx::{EdgeDirection, Hex, HexLayout};
use std::sync::Arc;

/// The least size on screen, points, of an objective's or a zone's name: the editor's small
/// text, read at arm's length however far out the map is zoomed (on paper, true size).
const NAME_MIN_POINTS: f32 = 11.0;

/// The dynamic layer: deployment zones, objectives, entry points and reinforcements, units,
/// labels and the selection.
pub fn dynamic_layer(s: &Scenario, style: &Style) -> Scene {
    let mut scene = markers_layer(s, style);
    for (i, stack) in drawn_units(s) {
        push_unit(s, &s.units[i], stack, style, &mut scene);
    }
    scene
}

/// The dynamic layer but its units: deployment zones, objectives, entry points and columns,
/// reinforcements, and their selection. The units go over it, each by `push_unit`, so that a
/// canvas can draw again only the units that changed.
pub fn markers_layer(s: &Scenario, style: &Style) -> Scene {
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
                            size: Size::MapAtLeast {
                                map: 0.8,
                                min_points: NAME_MIN_POINTS,
                                backed: false,
                            },
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
    // On paper every name is printed, so an objective's name is placed where no counter
    // will cover it (the editor's own placer leaves a name out instead).
    // A counter's box, with its name hanging under it (as wide as most of the hex).
    let counters: Vec<Aabb> = match &hex {
        Some((m, _)) if style.clear_hex_labels => unit_boxes(s, style)
            .into_iter()
            .map(|b| {
                let c = (b.min.x + b.max.x) / 2.0;
                let half = (m.hex_size_mm * 0.45).max((b.max.x - b.min.x) / 2.0);
                Aabb {
                    min: Point::new(c - half, b.min.y),
                    max: Point::new(c + half, b.max.y + m.hex_size_mm * 0.27),
                }
            })
            .collect(),
        _ => Vec::new(),
    };
    for o in &s.objectives {
        let Some((p, r)) = objective_star(o, hex.as_ref(), style) else {
            continue;
        };
        scene.push(Item::Convex {
            points: star(p, r),
            fill: Some(ink::OBJECTIVE),
            stroke: Some(Stroke::points(1.0, ink::EDGE)),
        });
        let (pos, anchor) = if style.clear_hex_labels {
            objective_name_place(o, p, r, &counters)
        } else {
            (p + Point::new(0.0, r * 1.1), Anchor::Top)
        };
        // Zoomed out, a name is still read: never under the small text's size on screen.
        scene.push(Item::Text {
            pos,
            text: o.name.clone(),
            size: Size::MapAtLeast {
                map: r * 0.9,
                min_points: NAME_MIN_POINTS,
                backed: false,
            },
            colour: ink::LABEL,
            anchor,
        });
        if selected(ItemRef::Objective(o.id)) {
            scene.push(ring(p, r * 1.4));
        }
    }
    if let Map::Table(t) = &s.map {
        for c in &s.columns {
            let p = t.entry_point(&c.entry);
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
    // Groups entering at one place share one marker naming every turn ("T3/4"), rather than
    // hiding each other.
    let mut entries: Vec<(Place, SideId, Vec<u16>)> = Vec::new();
    for r in &s.reinforcements {
        match entries.iter_mut().find(|(at, _, _)| *at == r.entry) {
            Some((_, _, turns)) => turns.push(r.turn),
            None => entries.push((r.entry, r.side, vec![r.turn])),
        }
    }
    for (entry, side, mut turns) in entries {
        turns.sort_unstable();
        turns.dedup();
        let colour = side_colour(side);
        let (p, size) = match (entry, &hex) {
            (Place::Table(p), None) => (p, 0.9),
            (Place::Hex(h), Some((m, l))) if style.clear_hex_labels => (
                l.hex_to_world_pos(h) + Point::new(0.0, m.hex_size_mm * 0.08),
                m.hex_size_mm * 0.22,
            ),
            (Place::Hex(h), Some((m, l))) => (l.hex_to_world_pos(h), m.hex_size_mm * 0.3),
            _ => continue,
        };
        scene.push(Item::Circle {
            centre: p,
            radius: size,
            fill: Some(with_alpha(colour, 90)),
            stroke: Some(Stroke::points(1.5, colour).dashed(3.0)),
        });
        let turns: Vec<String> = turns.iter().map(u16::to_string).collect();
        scene.push(Item::Text {
            pos: p,
            text: format!("T{}", turns.join("/")),
            size: Size::Map(size * 0.9),
            colour: ink::LABEL,
            anchor: Anchor::Centre,
        });
    }
    scene
}

/// The units in play in the order `dynamic_layer` draws them, each with its place in its
/// stack (`Stacks::of_unit`): leaders last, so that a leader's disc sharing a hex with a
/// counter stands on top of it, not hidden under it.
/// Each is given by its index in `s.units`.
pub fn drawn_units(s: &Scenario) -> Vec<(usize, (u8, u8))> {
    let (leaders, others): (Vec<usize>, Vec<usize>) = (0..s.units.len())
        .filter(|&i| s.units[i].in_play())
        .partition(|&i| s.units[i].is_leader());
    let stacks = Stacks::of(s);
    others
        .into_iter()
        .chain(leaders)
        .map(|i| (i, stacks.of_unit(s.units[i].id)))
        .collect()
}

/// One unit's items, as `dynamic_layer` draws it at its place `stack` in its stack. What they
/// depend on besides the unit: its side's colour, the map, `style` and, with `style.labels`,
/// the names of the units stacked with it.
pub fn push_unit(s: &Scenario, u: &Unit, stack: (u8, u8), style: &Style, scene: &mut Scene) {
    let colour = s.side(u.side).map_or(ink::EDGE, |x| x.colour);
    match (u.position, s.map.as_hex()) {
        (Position::Table, None) => table_unit(u, colour, style, scene),
        (Position::Hex { hex: at, facing }, Some(m)) => hex_unit(
            s,
            u,
            (at, facing, stack),
            colour,
            m,
            &layout(m),
            style,
            scene,
        ),
        _ => {}
    }
}

/// A leader's star of outer radius `r` around `c`.
pub fn star(c: Point, r: f32) -> Vec<Point> {
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
            // The leader's base carries a gold star, as leaders' discs do on a hex map.
            scene.push(Item::Convex {
                points: star(m.pos, r * 0.62),
                fill: Some(ink::OBJECTIVE),
                stroke: Some(Stroke::points(1.0, ink::EDGE)),
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

/// Where a hex unit's counter stands and its half width: filling the hex, or below the hex's
/// printed number (the number's band ends a fifth of a hex above the centre).
fn counter_place(centre: Point, size: f32, style: &Style, (k, n): (u8, u8)) -> (Point, f32) {
    let (c, half) = if style.clear_hex_labels {
        (centre + Point::new(0.0, size * 0.1), size * 0.22)
    } else {
        (centre, size * 0.3)
    };
    if n < 2 {
        return (c, half);
    }
    let step = stack_step(size, n);
    let shift = (f32::from(k) - f32::from(n - 1) / 2.0) * step;
    (c + Point::new(shift, -shift), half)
}

/// How far each counter of a stack of `n` on a hex of `size` stands up and to the right of
/// the one under it: the stack fans about the usual place, so that every counter's edge
/// shows however high the stack (a stack of `n` reaches `(n - 1) / 2` steps each way).
pub fn stack_step(size: f32, n: u8) -> f32 {
    (0.3 / f32::from(n.max(2) - 1)).min(0.08) * size
}

/// Where each combat unit stands in the stack of counters sharing its hex: its place from the
/// bottom (in the scenario's order, so the last is drawn on top) and the stack's height. A
/// scenario's stacking limit may let several units share a hex; most hexes hold one.
pub struct Stacks(HashMap<UnitId, (u8, u8)>);

impl Stacks {
    pub fn of(s: &Scenario) -> Stacks {
        let on_hex = || {
            s.units
                .iter()
                .filter(|u| u.in_play() && !u.is_leader())
                .filter_map(|u| Some((u.hex()?.0, u.id)))
        };
        let mut height = Heights::new(s);
        let mut stacked = false;
        for (hex, _) in on_hex() {
            let h = height.at(hex);
            *h = h.saturating_add(1);
            stacked |= *h > 1;
        }
        let mut out = HashMap::new();
        if stacked {
            let mut placed = Heights::new(s);
            for (hex, id) in on_hex() {
                let n = *height.at(hex);
                if n > 1 {
                    let k = placed.at(hex);
                    out.insert(id, (*k, n));
                    *k = k.saturating_add(1);
                }
            }
        }
        Stacks(out)
    }

    /// The unit's place in its stack and the stack's height: (0, 1) for a unit alone.
    pub fn of_unit(&self, id: UnitId) -> (u8, u8) {
        self.0.get(&id).copied().unwrap_or((0, 1))
    }
}

/// A count a hex: in a table indexed by the hex's place on the map (a map's hexes are
/// counted in thousands, its units in thousands too, and hashing each was most of the work),
/// in a hash map for a hex off it.
struct Heights {
    grid: Option<crate::geom::HexGrid>,
    on: Vec<u8>,
    off: HashMap<Hex, u8>,
}

impl Heights {
    fn new(s: &Scenario) -> Heights {
        let grid = s.map.as_hex().map(|h| h.grid());
        Heights {
            on: vec![0; grid.as_ref().map_or(0, |g| g.len())],
            grid,
            off: HashMap::new(),
        }
    }

    fn at(&mut self, hex: Hex) -> &mut u8 {
        match self.grid.as_ref().and_then(|g| g.index_of(hex)) {
            Some(i) => &mut self.on[i],
            None => self.off.entry(hex).or_insert(0),
        }
    }
}

/// Where a leader's disc stands on its hex, and its radius: toward the hex's upper corner (on
/// paper, its right side, below the hex's number), so that it can share a hex.
fn leader_place(centre: Point, size: f32, style: &Style) -> (Point, f32) {
    if style.clear_hex_labels {
        (centre + Point::new(size * 0.27, -size * 0.01), size * 0.13)
    } else {
        (centre + Point::new(size * 0.22, -size * 0.22), size * 0.17)
    }
}

/// Where an objective's star stands and its outer radius: on its point of the table, or on
/// its hex (on paper a little low, clear of the hex's number). `None` when its place is not
/// on this kind of map.
fn objective_star(
    o: &Objective,
    hex: Option<&(&HexMap, HexLayout)>,
    style: &Style,
) -> Option<(Point, f32)> {
    Some(match (o.place, hex) {
        (Place::Table(p), None) => (p, 0.6),
        (Place::Hex(h), Some((m, l))) if style.clear_hex_labels => (
            l.hex_to_world_pos(h) + Point::new(0.0, m.hex_size_mm * 0.06),
            m.hex_size_mm * 0.24,
        ),
        (Place::Hex(h), Some((m, l))) => (l.hex_to_world_pos(h), m.hex_size_mm * 0.28),
        _ => return None,
    })
}

/// The boxes the objectives' stars cover, in map units: the names on screen give way to them
/// as to counters.
pub fn objective_boxes(s: &Scenario, style: &Style) -> Vec<Aabb> {
    let hex = s.map.as_hex().map(|h| (h, layout(h)));
    s.objectives
        .iter()
        .filter_map(|o| objective_star(o, hex.as_ref(), style))
        .map(|(p, r)| Aabb::around(p, r))
        .collect()
}

/// Where an objective's name (star at `p`, radius `r`) goes on paper: under the star, else
/// over it, to its right or its left, the first place no unit's counter covers (under it when
/// none is clear).
fn objective_name_place(o: &Objective, p: Point, r: f32, counters: &[Aabb]) -> (Point, Anchor) {
    let gap = r * 1.1;
    let places = [
        (p + Point::new(0.0, gap), Anchor::Top),
        (p - Point::new(0.0, gap), Anchor::Bottom),
        (p + Point::new(gap, 0.0), Anchor::Left),
        (p - Point::new(gap, 0.0), Anchor::Right),
    ];
    places
        .iter()
        .copied()
        .find(|(pos, anchor)| {
            let b = text_box(&o.name, *pos, r * 0.9, *anchor);
            !counters.iter().any(|c| c.intersects(&b))
        })
        .unwrap_or(places[0])
}

/// The boxes the units in play cover as `dynamic_layer` draws them, in map units: each counter
/// and leader's disc on a hex map, each base on a table. The map's names give way to them.
pub fn unit_boxes(s: &Scenario, style: &Style) -> Vec<Aabb> {
    unit_boxes_by_id(s, style)
        .into_iter()
        .map(|(_, b)| b)
        .collect()
}

/// [`unit_boxes`], each with its unit (a base on a table, one box a model), in the order they
/// are drawn within each kind: what is under the pointer is the last box holding it.
pub fn unit_boxes_by_id(s: &Scenario, style: &Style) -> Vec<(UnitId, Aabb)> {
    let stacks = s.map.as_hex().map(|_| Stacks::of(s));
    let mut out = Vec::new();
    for u in s.units.iter().filter(|u| u.in_play()) {
        let stack = stacks.as_ref().map_or((0, 1), |st| st.of_unit(u.id));
        push_boxes(s, u, stack, style, &mut |b| out.push((u.id, b)));
    }
    out
}

/// The boxes one unit in play covers (see [`unit_boxes`]) at its place `stack` in its stack,
/// handed to `out` in the order they are drawn.
pub fn push_boxes(
    s: &Scenario,
    u: &Unit,
    stack: (u8, u8),
    style: &Style,
    out: &mut impl FnMut(Aabb),
) {
    let around = |c: Point, half: f32| Aabb {
        min: c - Point::splat(half),
        max: c + Point::splat(half),
    };
    match s.map.as_hex() {
        Some(m) => {
            let Some((hex, _)) = u.hex() else { return };
            let centre = layout(m).hex_to_world_pos(hex);
            let (c, half) = if u.is_leader() {
                leader_place(centre, m.hex_size_mm, style)
            } else {
                counter_place(centre, m.hex_size_mm, style, stack)
            };
            out(around(c, half));
        }
        None if u.on_table() => {
            for m in &u.models {
                out(around(m.pos, m.footprint().bounding_radius()));
            }
        }
        None => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn hex_unit(
    s: &Scenario,
    u: &Unit,
    (at, facing, stack): (Hex, u8, (u8, u8)),
    colour: Colour,
    m: &HexMap,
    l: &HexLayout,
    style: &Style,
    scene: &mut Scene,
) {
    let size = m.hex_size_mm;
    let centre = l.hex_to_world_pos(at);
    let (c, half) = counter_place(centre, size, style, stack);
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
        // Leaders: a disc toward the hex's upper corner (on paper, its right side, below the
        // hex's number), so they can share a hex.
        let (p, r) = leader_place(centre, size, style);
        scene.push(Item::Circle {
            centre: p,
            radius: r,
            fill: Some(colour),
            stroke: Some(edge(is_selected)),
        });
        scene.push(Item::Convex {
            points: star(p, r * 0.65),
            fill: Some(ink::OBJECTIVE),
            stroke: None,
        });
        if style.labels {
            // On paper the name is centred on the hex, clear of its neighbours' numbers.
            let pos = if style.clear_hex_labels {
                Point::new(centre.x, p.y + r + size * 0.01)
            } else {
                p + Point::new(0.0, size * 0.18)
            };
            counter_name(scene, &u.name, pos, size);
        }
        return;
    }
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
    // Strength, and the facing as a notch on the edge the unit faces. In a stack only the
    // top counter's number is shown: text is drawn over every shape, so a lower counter's
    // number would print over the top one's ("6" beside its "3").
    let top = stack.0 + 1 >= stack.1;
    if top {
        scene.push(Item::Text {
            pos: Point::new(c.x, c.y + half * 0.55),
            text: u.strength.current.to_string(),
            size: Size::Map(size * 0.16),
            colour: ink::WHITE,
            anchor: Anchor::Centre,
        });
    }
    let tip = c + toward * (half * 1.35);
    let across = Point::new(-toward.y, toward.x) * (half * 0.35);
    let base = c + toward * (half * 1.02);
    scene.push(Item::Convex {
        points: vec![tip, base + across, base - across],
        fill: Some(darker(colour)),
        stroke: None,
    });
    // A stack is named under its top counter, a unit a line from the bottom up, so no name
    // is printed over another.
    if style.labels && top {
        let mut y = c.y + half + size * 0.02;
        let stacked = s
            .units
            .iter()
            .filter(|o| o.in_play() && !o.is_leader() && o.hex().is_some_and(|(h, _)| h == at));
        let names: Vec<&str> = if stack.1 > 1 {
            stacked.map(|o| o.name.as_str()).collect()
        } else {
            vec![u.name.as_str()]
        };
        for name in names {
            y = counter_name(scene, name, Point::new(c.x, y), size);
        }
    }
}

/// A counter's name hanging from `top` on a hex of `size`: in full, on a second line when it
/// is long (a printed tile has no room to cut a name short, and a cut name is no name). Returns
/// where a name hung under it would start.
fn counter_name(scene: &mut Scene, name: &str, top: Point, size: f32) -> f32 {
    let pt = size * 0.11;
    let lines = name_lines(name);
    let n = lines.len();
    for (k, line) in lines.into_iter().enumerate() {
        scene.push(Item::Text {
            pos: top + Point::new(0.0, k as f32 * pt * 1.15),
            text: line,
            size: Size::Map(pt),
            colour: ink::LABEL,
            anchor: Anchor::Top,
        });
    }
    // Where a next name would start.
    top.y + n as f32 * pt * 1.15
}

/// The characters a counter's name line holds before it breaks.
const NAME_LINE: usize = 22;

/// A counter's name as it is printed: "Cromwell's Regiment of Horse" → "Cromwell's Horse", on
/// one line when it fits, else broken at the last space that fits onto two; a second line too
/// long for its line (a name with no spaces to break at) is cut with an ellipsis.
fn name_lines(name: &str) -> Vec<String> {
    let cut = name.replace(" Regiment of ", " ");
    if cut.chars().count() <= NAME_LINE {
        return vec![cut];
    }
    let break_at = cut
        .char_indices()
        .filter(|(i, c)| *c == ' ' && cut[..*i].chars().count() <= NAME_LINE)
        .map(|(i, _)| i)
        .next_back();
    let (first, rest) = match break_at {
        Some(i) => (cut[..i].to_string(), cut[i + 1..].to_string()),
        None => (
            cut.chars().take(NAME_LINE).collect(),
            cut.chars().skip(NAME_LINE).collect(),
        ),
    };
    let rest = if rest.chars().count() <= NAME_LINE {
        rest
    } else {
        rest.chars()
            .take(NAME_LINE - 1)
            .chain(std::iter::once('…'))
            .collect()
    };
    vec![first, rest]
}

#[cfg(test)]
mod tests;
