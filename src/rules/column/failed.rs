//! The move a failed order forces (R1): the lead's full allowance along the road it stands
//! on, otherwise straight on along its heading, bending around difficult ground and obstacles
//! when there is a way around.
//!
//! Choices (see docs/rules.md, R1):
//! - The lead is on a road when its front centre is within the road's half width plus
//!   [`ROAD_TOLERANCE_IN`] of the road's centre line, and it is moving along the road (its
//!   heading within 45 degrees of the road's direction, either way). It follows the centre
//!   line in the direction nearer its heading; past the road's end it goes straight on.
//! - Straight on aims at the point its allowance ahead. If the straight line is clear of
//!   difficult terrain and linear obstacles, it takes it. Otherwise it takes the shortest path
//!   (`reach::path_to`) that keeps every figure out of difficult terrain and off obstacles,
//!   and its whole frontage clear of impassable terrain, enemy bases and other formed
//!   columns, to the first clear point on the straight line at or beyond the allowance
//!   (searched every 1/2" for 24"), cut at the allowance. A path longer than twice the
//!   straight distance plus 6" is no detour: the column then marches straight through.
//! - A figure is in terrain by the project's rule (docs/rules.md, R3 Measuring): when the
//!   centre of its base is (for a linear obstacle, within half its drawn width of its line).
//!   The figures of a unit marching along the route stand across it, their centres at most
//!   `band` (the outermost figure centre's distance from the centre line) to either side, so
//!   the route keeps a band that wide clear: a 2- or 3-wide unit does not end with figures in
//!   a bog beside a clear centre line.

use super::route::{Named, RouteKind};
use crate::geom::{Point, point_in_polygon, polygon_boundary_distance, polyline_distance};
use crate::model::*;
use crate::rules::reach::{self, Avoid, Blocker, Board, Prepared};

/// Slack beyond a road's half width within which the lead counts as on the road, inches.
pub const ROAD_TOLERANCE_IN: f32 = 0.25;
/// cos 45°: how closely the heading must run along a road for the column to follow it.
const ALONG_ROAD: f32 = std::f32::consts::FRAC_1_SQRT_2;
/// Step and reach of the search for a clear aiming point beyond an obstacle.
const AIM_STEP_IN: f32 = 0.5;
const AIM_SEARCH_IN: f32 = 24.0;

/// The route a failed order forces on column `col` from `start` (the lead's front centre)
/// heading along the unit vector `heading`, `length` inches long (it may run off the table),
/// and how it was chosen. `hw` is half the widest frontage in the column; `band` the furthest
/// any figure's centre stands from the centre line.
pub fn forced_route(
    s: &Scenario,
    col: &Column,
    hw: f32,
    band: f32,
    start: Point,
    heading: Point,
    length: f32,
) -> (Vec<Point>, RouteKind) {
    if let Some((mut r, piece, name)) = road_route(s, start, heading) {
        let len = super::track::polyline_length(&r);
        if len + 1e-4 < length {
            let end = r.last().copied().unwrap_or(start);
            let h = match r.len() {
                n if n >= 2 => (r[n - 1] - r[n - 2]).normalize_or(heading),
                _ => heading,
            };
            let (rest, _) = straight_on(s, col, hw, band, end, h, length - len);
            r.extend(rest.into_iter().skip(1));
        }
        return (
            super::track::polyline_prefix(&r, length),
            RouteKind::Road { piece, name },
        );
    }
    straight_on(s, col, hw, band, start, heading, length)
}

/// The road the lead stands on and moves along, and the route along its centre line from
/// `start` to the road's end.
fn road_route(s: &Scenario, start: Point, heading: Point) -> Option<(Vec<Point>, PieceId, String)> {
    let mut best: Option<(f32, Vec<Point>, PieceId, String)> = None;
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        let PieceShape::Polyline { points, width_in } = &piece.shape else {
            continue;
        };
        if t.kind != TerrainKind::Road || points.len() < 2 {
            continue;
        }
        let d = polyline_distance(start, points);
        if d > width_in * 0.5 + ROAD_TOLERANCE_IN || best.as_ref().is_some_and(|b| b.0 <= d) {
            continue;
        }
        // The nearest segment and the point on it.
        let (mut j, mut q, mut dj) = (0, points[0], f32::INFINITY);
        for (i, w) in points.windows(2).enumerate() {
            let ab = w[1] - w[0];
            let t = ((start - w[0]).dot(ab) / ab.length_squared().max(1e-12)).clamp(0.0, 1.0);
            let p = w[0] + ab * t;
            let dd = p.distance(start);
            if dd < dj {
                (j, q, dj) = (i, p, dd);
            }
        }
        let dir = (points[j + 1] - points[j]).normalize_or_zero();
        let along = dir.dot(heading);
        let mut route = vec![start, q];
        if along >= ALONG_ROAD {
            route.extend(points[j + 1..].iter().copied());
        } else if along <= -ALONG_ROAD {
            route.extend(points[..=j].iter().rev().copied());
        } else {
            continue;
        }
        route.dedup_by(|a, b| a.distance(*b) < 1e-4);
        best = Some((d, route, piece.id, piece.name.clone()));
    }
    best.map(|(_, r, p, n)| (r, p, n))
}

/// How deep the centre `p` of a figure stands inside ground a failed order avoids (difficult
/// terrain and linear obstacles, as the detour's board reads them), or `None` when it stands in
/// none. A figure is in terrain when its base's centre is; for a linear obstacle, when the
/// centre is within half the obstacle's drawn width of its line (docs/rules.md, R3 Measuring).
pub(crate) fn depth_in_avoided(s: &Scenario, p: Point) -> Option<f32> {
    let mut worst: Option<f32> = None;
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        if t.impassable || !(t.difficult || t.kind == TerrainKind::Linear) {
            continue;
        }
        let depth = match &piece.shape {
            PieceShape::Polygon(poly) if t.difficult && point_in_polygon(p, poly) => {
                polygon_boundary_distance(p, poly)
            }
            PieceShape::Polyline { points, width_in } => {
                let d = width_in * 0.5 - polyline_distance(p, points);
                if d <= 0.0 {
                    continue;
                }
                d
            }
            _ => continue,
        };
        worst = Some(worst.map_or(depth, |w: f32| w.max(depth)));
    }
    worst
}

/// The parameters `t` where the ray `p + h t` is inside the rectangle `lo..hi`.
fn slab(p: Point, h: Point, lo: Point, hi: Point) -> Option<(f32, f32)> {
    let (mut t0, mut t1) = (f32::NEG_INFINITY, f32::INFINITY);
    for (pc, hc, l, u) in [(p.x, h.x, lo.x, hi.x), (p.y, h.y, lo.y, hi.y)] {
        if hc.abs() < 1e-9 {
            if pc < l || pc > u {
                return None;
            }
        } else {
            let (a, b) = ((l - pc) / hc, (u - pc) / hc);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
        }
    }
    (t0 <= t1).then_some((t0, t1))
}

fn named(s: &Scenario, b: Blocker) -> Option<Named> {
    match b {
        Blocker::Impassable(p) | Blocker::Area(p) | Blocker::Linear(p) | Blocker::Difficult(p) => {
            s.piece(p).map(|piece| Named {
                id: p.0,
                name: piece.name.clone(),
            })
        }
        Blocker::Enemy(u, _) | Blocker::Column(u, _) => s.unit(u).map(|unit| Named {
            id: u.0,
            name: unit.name.clone(),
        }),
        Blocker::TableEdge => None,
    }
}

/// Straight on from `start` along `heading` for `length`, bending around difficult terrain and
/// linear obstacles when a way around exists, with every figure of the column clear of them
/// (see the module comment).
pub fn straight_on(
    s: &Scenario,
    col: &Column,
    hw: f32,
    band: f32,
    start: Point,
    heading: Point,
    length: f32,
) -> (Vec<Point>, RouteKind) {
    let line = |t: f32| start + heading * t;
    let straight = vec![start, line(length)];
    let Map::Table(table) = &s.map else {
        return (straight, RouteKind::StraightOn);
    };
    let r = hw.max(0.05);
    let lo = Point::splat(r + 1e-3);
    let hi = Point::new(table.width_in, table.height_in) - Point::splat(r + 1e-3);
    let Some((t_in, t_out)) = slab(start, heading, lo, hi) else {
        return (straight, RouteKind::StraightOn);
    };
    let t_in = t_in.max(0.0);
    if t_out <= t_in || length <= t_in {
        return (straight, RouteKind::StraightOn);
    }
    let p0 = line(t_in);
    let t_goal = length.min(t_out);
    let board = Board::for_column(s, col, r);
    let avoid = Avoid {
        enemy_gap: 0.0,
        area: false,
        linear: true,
        difficult: true,
        except: None,
        band: band.max(0.0),
    };
    let mut prep = Prepared::new(&board, p0, avoid, length + AIM_SEARCH_IN + 2.0);
    let goal = line(t_goal);
    let first = prep
        .point_blocked(goal)
        .or_else(|| prep.segment_blocked(p0, goal));
    let Some(first) = first else {
        return (straight, RouteKind::StraightOn);
    };
    let mut k = 0;
    loop {
        let t = t_goal + k as f32 * AIM_STEP_IN;
        k += 1;
        if t > t_out || t > t_goal + AIM_SEARCH_IN {
            break;
        }
        let g = line(t);
        if prep.point_blocked(g).is_some() {
            continue;
        }
        let budget = (t - t_in) * 2.0 + 6.0;
        let Ok(path) = reach::path_to(&board, p0, g, budget, avoid) else {
            continue;
        };
        let mut route = vec![start];
        route.extend(path.points.iter().copied());
        route.dedup_by(|a, b| a.distance(*b) < 1e-4);
        let len = super::track::polyline_length(&route);
        if len + 1e-4 < length {
            // The aiming point is the table edge: march on off the table.
            let end = route.last().copied().unwrap_or(g);
            route.push(end + heading * (length - len));
        }
        let around: Vec<Named> = named(s, first).into_iter().collect();
        return (
            super::track::polyline_prefix(&route, length),
            RouteKind::Detour { around },
        );
    }
    let through = named(s, first).into_iter().collect();
    (straight, RouteKind::NoDetour { through })
}
