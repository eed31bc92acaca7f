//! Outlines of a sampled region by marching squares, for the canvas and for measurements.

use super::field::Window;
use crate::geom::Point;

/// The boundary of `{ p : value(p) <= 0 }` as polylines (closed loops repeat their first
/// point). `values` are sampled on `window`'s nodes; `INFINITY` is outside.
pub fn outline(window: &Window, values: &[f32]) -> Vec<Vec<Point>> {
    let (nx, ny) = (window.nx, window.ny);
    if nx < 2 || ny < 2 {
        return Vec::new();
    }
    let inside = |v: f32| v <= 0.0;
    // Where the boundary crosses the edge between nodes a and b (one inside, one not).
    let cross = |a: usize, b: usize| -> Point {
        let (va, vb) = (values[a], values[b]);
        let t = if va.is_finite() && vb.is_finite() && va != vb {
            (va / (va - vb)).clamp(0.0, 1.0)
        } else {
            0.5
        };
        window.point(a).lerp(window.point(b), t)
    };
    // Edge ids: horizontal edge (x,y)-(x+1,y) = 2*(y*nx+x); vertical (x,y)-(x,y+1) = +1.
    let mut segments: Vec<(u64, u64)> = Vec::new();
    // Crossing points by edge id; edge ids are dense (two per node).
    let mut points: Vec<Option<Point>> = vec![None; 2 * nx * ny];
    for y in 0..ny - 1 {
        for x in 0..nx - 1 {
            let i00 = y * nx + x;
            let (i10, i01, i11) = (i00 + 1, i00 + nx, i00 + nx + 1);
            let case = (inside(values[i00]) as u8)
                | (inside(values[i10]) as u8) << 1
                | (inside(values[i11]) as u8) << 2
                | (inside(values[i01]) as u8) << 3;
            if case == 0 || case == 15 {
                continue;
            }
            let top = 2 * i00 as u64;
            let bottom = 2 * i01 as u64;
            let left = 2 * i00 as u64 + 1;
            let right = 2 * i10 as u64 + 1;
            let mut edge_point = |e: u64| {
                let slot = &mut points[e as usize];
                if slot.is_none() {
                    let node = (e / 2) as usize;
                    *slot = Some(if e.is_multiple_of(2) {
                        cross(node, node + 1)
                    } else {
                        cross(node, node + nx)
                    });
                }
                e
            };
            // Segments oriented with the inside on the left, so loops chain head to tail.
            let segs: &[(u64, u64)] = match case {
                1 => &[(left, top)],
                2 => &[(top, right)],
                3 => &[(left, right)],
                4 => &[(right, bottom)],
                5 => &[(left, top), (right, bottom)],
                6 => &[(top, bottom)],
                7 => &[(left, bottom)],
                8 => &[(bottom, left)],
                9 => &[(bottom, top)],
                10 => &[(bottom, left), (top, right)],
                11 => &[(bottom, right)],
                12 => &[(right, left)],
                13 => &[(right, top)],
                14 => &[(top, left)],
                _ => &[],
            };
            for &(a, b) in segs {
                segments.push((edge_point(a), edge_point(b)));
            }
        }
    }
    chain(&segments, &points)
}

/// Joins directed segments into polylines. Each edge starts at most one segment and ends at
/// most one, so chaining follows a successor table.
fn chain(segments: &[(u64, u64)], points: &[Option<Point>]) -> Vec<Vec<Point>> {
    const NONE: u64 = u64::MAX;
    let n = points.len();
    let mut next = vec![NONE; n];
    let mut has_prev = vec![false; n];
    for &(a, b) in segments {
        next[a as usize] = b;
        has_prev[b as usize] = true;
    }
    let mut starts: Vec<u64> = segments
        .iter()
        .map(|s| s.0)
        .filter(|a| !has_prev[*a as usize])
        .collect();
    starts.sort_unstable();
    let mut loops_from: Vec<u64> = segments.iter().map(|s| s.0).collect();
    loops_from.sort_unstable();
    let mut used = vec![false; n];
    let point = |e: u64| points[e as usize].unwrap_or_default();
    let mut out = Vec::new();
    for start in starts.into_iter().chain(loops_from) {
        if used[start as usize] || next[start as usize] == NONE {
            continue;
        }
        let mut line = vec![point(start)];
        let mut cur = start;
        while next[cur as usize] != NONE {
            if used[cur as usize] {
                break;
            }
            used[cur as usize] = true;
            let n = next[cur as usize];
            line.push(point(n));
            cur = n;
            if cur == start {
                break;
            }
        }
        if line.len() > 1 {
            out.push(line);
        }
    }
    out
}
