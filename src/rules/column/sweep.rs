//! The ground a column's move sweeps (R1): the column may not pass through another unit;
//! impassable terrain stops the route; a failed order that takes the column across a linear
//! obstacle is likely to break it. (Other units keep out of a formed column because its bases
//! are obstacles on every reach board: `reach::Board`.)

use super::breaking;
use super::chain::Chain;
use super::track::Track;
use super::units::{UnitEnd, UnitMove};
use super::verdict::{Illegal, Warning};
use crate::geom::{Aabb, Footprint, Point, segment_within_polygon, segment_within_polyline};
use crate::model::*;

/// The smallest edge-to-edge distance between two sets of bases.
pub(crate) fn min_separation(a: &[Footprint], b: &[Footprint]) -> f32 {
    let mut best = f32::INFINITY;
    for fa in a {
        for fb in b {
            best = best.min(fa.separation(fb));
        }
    }
    best
}

/// Impassable terrain within the column's half-width of the lead's route.
pub(crate) fn impassable(
    s: &Scenario,
    route: &[Point],
    hw: f32,
    table: (f32, f32),
) -> Vec<Illegal> {
    let mut out = Vec::new();
    let Some(bounds) = Aabb::of_points(route) else {
        return out;
    };
    let bounds = bounds.expand(hw);
    let on_table = |p: Point| p.x >= 0.0 && p.y >= 0.0 && p.x <= table.0 && p.y <= table.1;
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        if !t.impassable {
            continue;
        }
        let (hit, grow) = match &piece.shape {
            PieceShape::Polygon(poly) => (poly.as_slice(), hw),
            PieceShape::Polyline { points, width_in } => (points.as_slice(), hw + width_in * 0.5),
        };
        let Some(pb) = Aabb::of_points(hit) else {
            continue;
        };
        if !pb.expand(grow).intersects(&bounds) {
            continue;
        }
        let blocked = route.windows(2).any(|w| {
            // Only the part of the route on the table.
            (on_table(w[0]) || on_table(w[1]))
                && match &piece.shape {
                    PieceShape::Polygon(poly) => segment_within_polygon(w[0], w[1], poly, grow),
                    PieceShape::Polyline { points, .. } => {
                        segment_within_polyline(w[0], w[1], points, grow)
                    }
                }
        });
        if blocked {
            out.push(Illegal::Impassable {
                piece: piece.id,
                name: piece.name.clone(),
            });
        }
    }
    out
}

/// Other units' models in the ground the column's units sweep (each unit from its rear at the
/// start to its front at the end, as wide as its frontage).
pub(crate) fn passes_through(
    s: &Scenario,
    col: &Column,
    chain: &Chain,
    track: &Track,
    moved: f32,
    units: &[UnitMove],
) -> Vec<Illegal> {
    let members: Vec<UnitId> = col.members.iter().map(|m| m.unit).collect();
    let others: Vec<(&Unit, &Model, f32)> = s
        .units
        .iter()
        .filter(|u| u.on_table() && u.in_play() && !members.contains(&u.id))
        .flat_map(|u| {
            u.models
                .iter()
                .map(move |m| (u, m, m.footprint().bounding_radius()))
        })
        .collect();
    let mut out: Vec<Illegal> = Vec::new();
    if others.is_empty() {
        return out;
    }
    for (b, um) in chain.bodies.iter().zip(units) {
        let s0 = (b.s_front - b.shape.depth).max(0.0);
        let s1 = b.s_front + moved;
        if s1 <= s0 {
            continue;
        }
        let stretch = track.between(s0, s1);
        let Some(bounds) = Aabb::of_points(&stretch) else {
            continue;
        };
        let reach = b.shape.half_width;
        for (u, m, r) in &others {
            if out
                .iter()
                .any(|i| matches!(i, Illegal::PassesThrough { other, .. } if *other == u.id))
            {
                continue;
            }
            if !bounds.expand(reach + r).contains(m.pos) {
                continue;
            }
            let d = stretch
                .windows(2)
                .map(|w| crate::geom::point_segment_distance(m.pos, w[0], w[1]))
                .fold(f32::INFINITY, f32::min);
            if d < reach + r - 0.01 {
                out.push(Illegal::PassesThrough {
                    unit: um.unit,
                    name: um.name.clone(),
                    other: u.id,
                    other_name: u.name.clone(),
                });
            }
        }
    }
    out
}

/// Where segment `a`-`b` crosses segment `c`-`d`: the fraction along `a`-`b`.
fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<f32> {
    let r = b - a;
    let q = d - c;
    let den = r.perp_dot(q);
    if den.abs() < 1e-9 {
        return None;
    }
    let t = (c - a).perp_dot(q) / den;
    let u = (c - a).perp_dot(r) / den;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

/// Linear obstacles the units cross in this move (a failed order): "likely to break".
pub(crate) fn crossings(
    s: &Scenario,
    col: &Column,
    chain: &Chain,
    track: &Track,
    moved: f32,
    after: &[(UnitId, UnitEnd)],
) -> Vec<Warning> {
    let mut out = Vec::new();
    let Some(tail) = chain.bodies.last() else {
        return out;
    };
    let s0 = (tail.s_front - tail.shape.depth).max(0.0);
    let s1 = chain.bodies[0].s_front + moved;
    if s1 <= s0 {
        return out;
    }
    // The stretch with the arc length at each point.
    let stretch = track.between(s0, s1);
    let mut at = Vec::with_capacity(stretch.len());
    let mut acc = s0;
    at.push(acc);
    for w in stretch.windows(2) {
        acc += w[0].distance(w[1]);
        at.push(acc);
    }
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        let PieceShape::Polyline { points, .. } = &piece.shape else {
            continue;
        };
        if t.kind != TerrainKind::Linear || t.impassable {
            continue;
        }
        let mut hits = Vec::new();
        for (i, w) in stretch.windows(2).enumerate() {
            for l in points.windows(2) {
                if let Some(f) = crossing(w[0], w[1], l[0], l[1]) {
                    hits.push(at[i] + (at[i + 1] - at[i]) * f);
                }
            }
        }
        if hits.is_empty() {
            continue;
        }
        let units: Vec<UnitId> = chain
            .bodies
            .iter()
            .filter(|b| {
                hits.iter()
                    .any(|&c| b.s_front - b.shape.depth < c && c <= b.s_front + moved)
            })
            .map(|b| b.unit)
            .collect();
        if units.is_empty() {
            continue;
        }
        out.push(Warning::LikelyToBreak {
            piece: piece.id,
            name: piece.name.clone(),
            units,
            pin_tests: breaking::pin_tests_after(s, col, |_| false, after),
        });
    }
    out
}
