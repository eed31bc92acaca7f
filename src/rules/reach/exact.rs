//! The shortest legal path to one destination, by A* over a visibility graph of obstacle
//! corners: exact up to the polygons that stand in for round obstacles.

use super::obstacles::Blocker;
use super::prepare::Prepared;
use super::window::Window;
use crate::geom::Point;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A path the mover's centre follows, start first.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub points: Vec<Point>,
    pub length: f32,
}

/// Why there is no path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoPath {
    /// The destination itself is blocked.
    Blocked(Blocker),
    /// Every route is blocked (or longer than the search limit).
    Enclosed,
}

/// Radius of the ring of extra nodes around a start that stands within this of an obstacle's
/// clearance, and how many points it has.
const START_RING_IN: f32 = 0.1;
const START_RING_POINTS: usize = 16;

/// Shortest path from the query's start to `goal` no longer than `limit`.
pub fn shortest_path(prep: &mut Prepared, goal: Point, limit: f32) -> Result<Path, NoPath> {
    if let Some(b) = prep.point_blocked(goal) {
        return Err(NoPath::Blocked(b));
    }
    let start = prep.start;
    if prep.segment_blocked(start, goal).is_none() {
        let length = start.distance(goal);
        return if length <= limit {
            Ok(Path {
                points: vec![start, goal],
                length,
            })
        } else {
            Err(NoPath::Enclosed)
        };
    }
    // Nodes: 0 = start, 1 = goal, 2.. = corners that could lie on a short enough path.
    let mut nodes = vec![start, goal];
    // A start hard against an obstacle's clearance (a model that ended its last move at the
    // edge of it) lies inside the polygon of corners standing in for that edge, so it sees no
    // corner. A small ring of free points around it lets the path step clear first.
    if prep.start_margin() < START_RING_IN {
        for k in 0..START_RING_POINTS {
            let a = k as f32 * std::f32::consts::TAU / START_RING_POINTS as f32;
            let p = start + Point::new(a.cos(), a.sin()) * START_RING_IN;
            if prep.point_blocked(p).is_none() && prep.segment_blocked(start, p).is_none() {
                nodes.push(p);
            }
        }
    }
    for c in &prep.corners {
        if c.distance(start) + c.distance(goal) <= limit {
            nodes.push(*c);
        }
    }
    let n = nodes.len();
    let mut g = vec![f32::INFINITY; n];
    let mut prev = vec![usize::MAX; n];
    let mut closed = vec![false; n];
    g[0] = 0.0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((start.distance(goal).to_bits(), 0usize)));
    while let Some(Reverse((_, u))) = heap.pop() {
        if closed[u] {
            continue;
        }
        closed[u] = true;
        if u == 1 {
            let mut points = vec![goal];
            let mut cur = 1;
            while prev[cur] != usize::MAX {
                cur = prev[cur];
                points.push(nodes[cur]);
            }
            points.reverse();
            return Ok(Path {
                points,
                length: g[1],
            });
        }
        let pu = nodes[u];
        let view = prep.view(pu, limit - g[u]);
        for v in 1..n {
            if closed[v] {
                continue;
            }
            let cand = g[u] + pu.distance(nodes[v]);
            if cand >= g[v] || cand + nodes[v].distance(goal) > limit {
                continue;
            }
            // Every corner in view is tried, not only those the line touches tangentially
            // (both ring neighbours on one side). The corners stand a little outside the
            // clearance they sample, so legal ground lies between the two: a start hard
            // against a clearance, or a corner of one obstacle where another's clearance all
            // but meets it, sees corners along a ring rather than tangent to it; and where two
            // clearances nearly meet, the corners in the gap are held by each other, so the
            // path through it bends at corners that are not tangent to their own ring. The
            // tangent test refused those paths while the reach field found them.
            if view.blocked(prep, nodes[v]).is_none() {
                g[v] = cand;
                prev[v] = u;
                heap.push(Reverse(((cand + nodes[v].distance(goal)).to_bits(), v)));
            }
        }
    }
    Err(NoPath::Enclosed)
}

/// Exact shortest path lengths to every node of `window`, by brute force over the visibility
/// graph: a Dijkstra from the start over all corners, then for each node the best visible
/// corner. Far slower than [`super::field::search`]; kept as the reference the field is
/// tested and benchmarked against.
pub fn exact_field(prep: &mut Prepared, window: &Window, limit: f32) -> Vec<f32> {
    let start = prep.start;
    let mut nodes = vec![start];
    nodes.extend(
        prep.corners
            .iter()
            .copied()
            .filter(|c| c.distance(start) <= limit),
    );
    let n = nodes.len();
    let mut g = vec![f32::INFINITY; n];
    let mut closed = vec![false; n];
    g[0] = 0.0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0f32.to_bits(), 0usize)));
    while let Some(Reverse((_, u))) = heap.pop() {
        if closed[u] {
            continue;
        }
        closed[u] = true;
        for v in 1..n {
            if closed[v] {
                continue;
            }
            let cand = g[u] + nodes[u].distance(nodes[v]);
            if cand < g[v] && cand <= limit && prep.segment_blocked(nodes[u], nodes[v]).is_none() {
                g[v] = cand;
                heap.push(Reverse((cand.to_bits(), v)));
            }
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| g[i] <= limit).collect();
    order.sort_by(|a, b| g[*a].total_cmp(&g[*b]));
    (0..window.len())
        .map(|i| {
            let p = window.point(i);
            if prep.point_blocked(p).is_some() {
                return f32::INFINITY;
            }
            let mut best = f32::INFINITY;
            for &k in &order {
                let d = g[k] + nodes[k].distance(p);
                if d < best && d <= limit && prep.segment_blocked(nodes[k], p).is_none() {
                    best = d;
                }
            }
            best
        })
        .collect()
}
