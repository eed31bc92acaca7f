//! The shortest legal path to one destination, by A* over a visibility graph of obstacle
//! corners: exact up to the polygons that stand in for round obstacles.

use super::obstacles::Blocker;
use super::prepare::Prepared;
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
    nodes.extend(
        prep.corners
            .iter()
            .copied()
            .filter(|c| c.distance(start) + c.distance(goal) <= limit),
    );
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
        for v in 1..n {
            if closed[v] {
                continue;
            }
            let cand = g[u] + pu.distance(nodes[v]);
            if cand >= g[v] || cand + nodes[v].distance(goal) > limit {
                continue;
            }
            if prep.segment_blocked(pu, nodes[v]).is_none() {
                g[v] = cand;
                prev[v] = u;
                heap.push(Reverse(((cand + nodes[v].distance(goal)).to_bits(), v)));
            }
        }
    }
    Err(NoPath::Enclosed)
}
