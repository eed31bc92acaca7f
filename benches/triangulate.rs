//! Filling terrain areas: `geom::triangulate` (the earcut crate) against the ear clipper it
//! replaced, kept here as it was, on wavy outlines of growing size (concave all along the edge,
//! as a traced wood or lake is). The old clipper is O(n²) and worse: 40,000 vertices took
//! seconds, so it runs only up to 5,000 here.

use sandtable::geom::{Point, polygon_area, triangulate};

fn main() {
    divan::main();
}

/// A ring of `n` vertices whose radius waves 150 times around it.
fn wavy(n: usize) -> Vec<Point> {
    (0..n)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / n as f32;
            let r = 50.0 + 2.0 * (a * 150.0).sin();
            Point::new(a.cos() * r, a.sin() * r)
        })
        .collect()
}

#[divan::bench(args = [100, 1_000, 5_000, 10_000, 40_000, 200_000], sample_count = 5)]
fn earcut(bencher: divan::Bencher, n: usize) {
    let ring = wavy(n);
    bencher.bench(|| triangulate(&ring));
}

#[divan::bench(args = [100, 1_000, 5_000], sample_count = 3)]
fn old_ear_clipping(bencher: divan::Bencher, n: usize) {
    let ring = wavy(n);
    bencher.bench(|| old::triangulate(&ring));
}

/// The ear clipper `geom::triangulate` used before the earcut crate, unchanged.
mod old {
    use super::{Point, polygon_area};

    pub fn triangulate(poly: &[Point]) -> Vec<[u32; 3]> {
        let n = poly.len();
        if n < 3 {
            return Vec::new();
        }
        let mut idx: Vec<u32> = (0..n as u32).collect();
        if polygon_area(poly) < 0.0 {
            idx.reverse();
        }
        let mut out = Vec::with_capacity(n - 2);
        let mut guard = 0;
        while idx.len() > 3 && guard < n * n {
            guard += 1;
            let m = idx.len();
            let mut clipped = false;
            for k in 0..m {
                let (ia, ib, ic) = (idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
                let (a, b, c) = (poly[ia as usize], poly[ib as usize], poly[ic as usize]);
                if (b - a).perp_dot(c - b) <= 0.0 {
                    continue;
                }
                let contains_other = idx.iter().any(|&j| {
                    j != ia && j != ib && j != ic && point_in_triangle(poly[j as usize], a, b, c)
                });
                if contains_other {
                    continue;
                }
                out.push([ia, ib, ic]);
                idx.remove(k);
                clipped = true;
                break;
            }
            if !clipped {
                let m = idx.len();
                match (0..m).find(|&k| {
                    let (a, b, c) = (
                        poly[idx[(k + m - 1) % m] as usize],
                        poly[idx[k] as usize],
                        poly[idx[(k + 1) % m] as usize],
                    );
                    (b - a).perp_dot(c - b).abs() < 1e-9
                }) {
                    Some(k) => {
                        idx.remove(k);
                    }
                    None => break,
                }
            }
        }
        if idx.len() == 3 {
            out.push([idx[0], idx[1], idx[2]]);
        }
        out
    }

    fn point_in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool {
        let d1 = (b - a).perp_dot(p - a);
        let d2 = (c - b).perp_dot(p - b);
        let d3 = (a - c).perp_dot(p - c);
        d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
    }
}
