//! The reach field: shortest legal path length from a start point to every node of a 0.5"
//! lattice around it, measured along real paths.
//!
//! An any-angle search (in the family of Theta*): every lattice node records a *source* it can
//! see: the start or a corner just outside an obstacle. Its distance is the source's distance
//! plus the straight line from it. On open ground every node sees the start, so distances are
//! exact; around obstacles paths bend only at corners, which carry exact visibility-graph
//! distances. The lattice is only where distances are sampled: they are not grid-metric
//! distances, so there is no 8-direction error.

use super::prepare::Prepared;
use super::window::{STEP_IN, Window};
use crate::geom::Point;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Shortest legal path lengths over a window, and the source each node sees.
#[derive(Clone, Debug)]
pub struct Field {
    pub window: Window,
    /// Path length to each node; `INFINITY` where unreachable, blocked, or beyond the limit.
    pub dist: Vec<f32>,
    /// Index of each node's source: 0 = start, 1.. = corners.
    pub src: Vec<u32>,
    /// Source points and their path lengths (start first).
    pub sources: Vec<(Point, f32)>,
}

const NONE: u32 = u32::MAX;

/// Runs the search over `window` up to path length `limit`.
pub fn search(prep: &mut Prepared, limit: f32, window: Window) -> Field {
    let n = window.len();
    let mut dist = vec![f32::INFINITY; n];
    let mut src = vec![NONE; n];
    // A node no path may stand on is never reached: closed from the outset, it is passed
    // over before its distance is measured.
    let mut closed = prep.free_nodes(&window);
    closed.iter_mut().for_each(|c| *c = !*c);
    // The source each node was last found hidden from: a node hidden from a corner is passed
    // by every neighbour that corner reaches, and the line need not be tested again.
    let mut hidden_from = vec![NONE; n];

    let mut sources: Vec<(Point, f32)> = Vec::with_capacity(prep.corners.len() + 1);
    sources.push((prep.start, 0.0));
    // Corners inside the window, registered at their nearest node. Source j + 1 is corner j.
    let mut corner_at: Vec<(u32, u32)> = Vec::new(); // (node, source index)
    for &c in &prep.corners {
        let j = sources.len() as u32;
        sources.push((c, f32::INFINITY));
        if c.distance(prep.start) <= limit
            && let Some(node) = window.nearest(c)
        {
            corner_at.push((node as u32, j));
        }
    }
    corner_at.sort_unstable();
    // Corners by node, as compressed rows: corners at node i are
    // corner_at[first[i]..first[i + 1]].
    let mut first = vec![0u32; n + 1];
    for &(node, _) in &corner_at {
        first[node as usize + 1] += 1;
    }
    for i in 1..=n {
        first[i] += first[i - 1];
    }
    let corners_at = |i: usize| &corner_at[first[i] as usize..first[i + 1] as usize];
    let mut source_closed = vec![false; sources.len()];
    // Lines from the start cover the whole region, so the start gets a view of the obstacles
    // by direction; lines from corners are short and few each, tested directly.
    let start_view = prep.view(prep.start, limit + STEP_IN);
    let los = |j: usize, to: Point, prep: &mut Prepared, sources: &[(Point, f32)]| {
        if j == 0 {
            start_view.blocked(prep, to).is_none()
        } else {
            prep.segment_blocked(sources[j].0, to).is_none()
        }
    };
    // An entry is its length's bits over its node's: one integer, compared in one step.
    let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::with_capacity(n);
    let entry = |d: f32, id: usize| Reverse((u64::from(d.to_bits()) << 32) | id as u64);
    heap.push(entry(0.0, n));

    let nx = window.nx as i64;
    let ny = window.ny as i64;
    // Coordinates here are checked against the window before a node is placed.
    let at = |x: i64, y: i64| window.at(x as usize, y as usize);

    while let Some(Reverse(e)) = heap.pop() {
        let id = (e & u64::from(u32::MAX)) as usize;
        if id >= n {
            // A source (the start or a corner): seed the nodes around it.
            let j = id - n;
            if source_closed[j] {
                continue;
            }
            source_closed[j] = true;
            let (p, d) = sources[j];
            // A path wrapping an obstacle steps to the next corner around it.
            if j > 0 {
                for nb in prep.ring[j - 1] {
                    if nb == u32::MAX {
                        continue;
                    }
                    let k = nb as usize + 1;
                    let (kp, kd) = sources[k];
                    let cand = d + p.distance(kp);
                    if !source_closed[k] && cand < kd && cand <= limit && los(j, kp, prep, &sources)
                    {
                        sources[k].1 = cand;
                        heap.push(entry(cand, n + k));
                    }
                }
            }
            let q = ((p - window.origin) / window.step).round();
            let (cx, cy) = (q.x as i64, q.y as i64);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let (x, y) = (cx + dx, cy + dy);
                    if x < 0 || y < 0 || x >= nx || y >= ny {
                        continue;
                    }
                    let i = (y * nx + x) as usize;
                    if closed[i] {
                        continue;
                    }
                    let q = at(x, y);
                    let cand = d + q.distance(p);
                    if cand < dist[i] && cand <= limit && los(j, q, prep, &sources) {
                        dist[i] = cand;
                        src[i] = j as u32;
                        heap.push(entry(cand, i));
                    }
                }
            }
            continue;
        }
        let c = id;
        if closed[c] {
            continue;
        }
        closed[c] = true;
        let s = src[c];
        let (sp, sd) = sources[s as usize];
        let (cx, cy) = ((c % window.nx) as i64, (c / window.nx) as i64);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (cx + dx, cy + dy);
                if x < 0 || y < 0 || x >= nx || y >= ny {
                    continue;
                }
                let i = (y * nx + x) as usize;
                // Corners registered at this node become reachable through our source.
                for &(_, k) in corners_at(i) {
                    let k = k as usize;
                    if source_closed[k] {
                        continue;
                    }
                    let cp = sources[k].0;
                    let cand = sd + cp.distance(sp);
                    if cand < sources[k].1 && cand <= limit && los(s as usize, cp, prep, &sources) {
                        sources[k].1 = cand;
                        heap.push(entry(cand, n + k));
                    }
                }
                if (dx == 0 && dy == 0) || closed[i] || src[i] == s {
                    continue;
                }
                let p = at(x, y);
                let cand = sd + p.distance(sp);
                if cand >= dist[i] || cand > limit {
                    continue;
                }
                if hidden_from[i] != s && los(s as usize, p, prep, &sources) {
                    dist[i] = cand;
                    src[i] = s;
                    heap.push(entry(cand, i));
                    continue;
                }
                hidden_from[i] = s;
                // Our source cannot see the neighbour: an obstacle's edge runs between them.
                // The path bends at a corner of that obstacle, registered near here.
                let mut best: Option<(f32, u32)> = None;
                for ky in (cy - 2).max(0)..=(cy + 2).min(ny - 1) {
                    let row = (ky * nx) as usize;
                    let lo = row + (cx - 2).max(0) as usize;
                    let hi = row + (cx + 2).min(nx - 1) as usize;
                    for &(_, k) in &corner_at[first[lo] as usize..first[hi + 1] as usize] {
                        let (kp, kd) = sources[k as usize];
                        let cand = kd + p.distance(kp);
                        if !source_closed[k as usize]
                            || cand >= dist[i]
                            || cand > limit
                            || best.is_some_and(|(b, _)| cand >= b)
                        {
                            continue;
                        }
                        if los(k as usize, p, prep, &sources) {
                            best = Some((cand, k));
                        }
                    }
                }
                if let Some((cand, k)) = best {
                    dist[i] = cand;
                    src[i] = k;
                    heap.push(entry(cand, i));
                }
            }
        }
    }
    Field {
        window,
        dist,
        src,
        sources,
    }
}
