//! Outlines of a sampled region by marching squares, for the canvas and for measurements.

use super::field::Window;
use crate::geom::Point;
use std::collections::HashMap;

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
    let mut points: HashMap<u64, Point> = HashMap::new();
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
                points.entry(e).or_insert_with(|| {
                    let node = (e / 2) as usize;
                    if e % 2 == 0 {
                        cross(node, node + 1)
                    } else {
                        cross(node, node + nx)
                    }
                });
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

/// Joins directed segments into polylines.
fn chain(segments: &[(u64, u64)], points: &HashMap<u64, Point>) -> Vec<Vec<Point>> {
    let mut next: HashMap<u64, u64> = HashMap::with_capacity(segments.len());
    let mut has_prev: HashMap<u64, bool> = HashMap::with_capacity(segments.len());
    for &(a, b) in segments {
        next.insert(a, b);
        has_prev.insert(b, true);
    }
    let mut starts: Vec<u64> = segments
        .iter()
        .map(|s| s.0)
        .filter(|a| !has_prev.contains_key(a))
        .collect();
    starts.sort_unstable();
    let mut loops_from: Vec<u64> = segments.iter().map(|s| s.0).collect();
    loops_from.sort_unstable();
    let mut used: HashMap<u64, bool> = HashMap::new();
    let mut out = Vec::new();
    for start in starts.into_iter().chain(loops_from) {
        if used.contains_key(&start) || !next.contains_key(&start) {
            continue;
        }
        let mut line = vec![points[&start]];
        let mut cur = start;
        while let Some(&n) = next.get(&cur) {
            if used.insert(cur, true).is_some() {
                break;
            }
            line.push(points[&n]);
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
