//! Triangulation of simple polygons, so concave terrain areas can be filled as meshes on screen
//! and on paper alike.
//!
//! The `earcut` crate (georust's port of Mapbox's earcut) does the work: ear clipping with a
//! z-order curve index, so an ear is checked against the few vertices near it rather than every
//! vertex, and a traced outline of thousands of vertices triangulates in milliseconds (the
//! hand-written O(n²) clipper it replaced took seconds at 40,000). `benches/triangulate.rs`
//! compares the two.

use super::Point;

/// Triangles of a simple polygon (no self-intersections), as index triples into `poly`.
/// Degenerate input (fewer than three distinct vertices, or a point that is not finite) gives no
/// triangles; self-touching or slightly self-crossing outlines give earcut's best effort.
pub fn triangulate(poly: &[Point]) -> Vec<[u32; 3]> {
    if poly.len() < 3 || poly.len() > u32::MAX as usize || !poly.iter().all(|p| p.is_finite()) {
        return Vec::new();
    }
    let mut indices: Vec<u32> = Vec::with_capacity(3 * (poly.len() - 2));
    earcut::Earcut::<f64>::new().earcut(
        poly.iter().map(|p| [f64::from(p.x), f64::from(p.y)]),
        &[],
        &mut indices,
    );
    indices
        .chunks_exact(3)
        .map(|t| [t[0], t[1], t[2]])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::polygon_area;

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
        let nan = [Point::ZERO, Point::X, Point::new(f32::NAN, 1.0)];
        assert!(triangulate(&nan).is_empty());
    }

    #[test]
    fn a_traced_outline_of_many_vertices_covers_its_area() {
        // A wavy ring of 20,000 vertices: concave everywhere along its edge.
        let n = 20_000;
        let ring: Vec<Point> = (0..n)
            .map(|k| {
                let a = k as f32 * std::f32::consts::TAU / n as f32;
                let r = 50.0 + 2.0 * (a * 300.0).sin();
                Point::new(a.cos() * r, a.sin() * r)
            })
            .collect();
        let t = triangulate(&ring);
        assert_eq!(t.len(), n - 2);
        let want = polygon_area(&ring).abs();
        assert!((area_of(&ring, &t) - want).abs() < want * 1e-3);
    }
}
