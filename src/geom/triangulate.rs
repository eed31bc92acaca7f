//! Triangulation of simple polygons by ear clipping, so concave terrain areas can be filled as
//! meshes on screen and on paper alike.

use super::Point;
use super::polygon::polygon_area;

/// Triangles of a simple polygon (no self-intersections), as index triples into `poly`.
/// Degenerate input (fewer than three distinct vertices) gives no triangles. O(n²), fine for
/// hand-drawn terrain of a few hundred vertices.
pub fn triangulate(poly: &[Point]) -> Vec<[u32; 3]> {
    let n = poly.len();
    if n < 3 {
        return Vec::new();
    }
    // Work counter-clockwise (positive area).
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
                continue; // reflex or flat: not an ear
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
            // Numerically stuck (collinear runs, slight self-touching): drop a flat vertex or
            // give up on the rest rather than loop.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn area_of(poly: &[Point], tris: &[[u32; 3]]) -> f32 {
        tris.iter()
            .map(|t| {
                polygon_area(&[
                    poly[t[0] as usize],
                    poly[t[1] as usize],
                    poly[t[2] as usize],
                ])
                .abs()
            })
            .sum()
    }

    #[test]
    fn concave_polygons_triangulate_to_their_area() {
        // An L shape, both windings.
        let mut l = vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 1.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        for _ in 0..2 {
            let t = triangulate(&l);
            assert_eq!(t.len(), 4);
            assert!((area_of(&l, &t) - polygon_area(&l).abs()).abs() < 1e-4);
            l.reverse();
        }
        // A star.
        let star: Vec<Point> = (0..10)
            .map(|k| {
                let a = k as f32 * std::f32::consts::TAU / 10.0;
                let r = if k % 2 == 0 { 5.0 } else { 2.0 };
                Point::new(a.cos() * r, a.sin() * r)
            })
            .collect();
        let t = triangulate(&star);
        assert_eq!(t.len(), 8);
        assert!((area_of(&star, &t) - polygon_area(&star).abs()).abs() < 1e-3);
    }

    #[test]
    fn degenerate_input_gives_nothing_or_stops() {
        assert!(triangulate(&[Point::ZERO, Point::X]).is_empty());
        let flat = [
            Point::ZERO,
            Point::X,
            Point::new(2.0, 0.0),
            Point::new(3.0, 0.0),
        ];
        assert!(triangulate(&flat).len() <= 2);
    }
}
