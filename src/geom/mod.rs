//! Geometry in table inches and thin helpers over hexx. No egui, no model types.
//!
//! Conventions: the table's origin is its north-west corner, x grows east and y grows south (the
//! way the screen and the printed page run). Bearings are compass degrees, clockwise from north.

mod footprint;
mod formation;
pub mod hex_lattice;
mod hexgrid;
mod polygon;
mod similarity;
mod triangulate;

pub use footprint::Footprint;
pub use formation::Formation;
pub use hexgrid::{HexGrid, hex_layout};
pub use polygon::{
    Aabb, point_in_polygon, point_segment_distance, polygon_area, polygon_boundary_distance,
    polyline_distance, segment_hits_polygon, segment_polygon_distance, segment_polyline_distance,
    segment_segment_distance, segment_within_polygon, segment_within_polyline, segments_intersect,
    segments_within,
};
pub use similarity::{Fit, FitError, Similarity, fit_similarity};
pub use triangulate::triangulate;

/// A point or vector in table inches (glam's `Vec2`, re-exported by hexx).
pub type Point = hexx::Vec2;

/// Millimetres in one inch.
pub const MM_PER_INCH: f32 = 25.4;

/// Unit vector of a compass bearing (0 = north = -y, 90 = east = +x).
pub fn bearing_vec(bearing_deg: f32) -> Point {
    let r = bearing_deg.to_radians();
    Point::new(r.sin(), -r.cos())
}

/// Compass bearing of a vector, in [0, 360).
pub fn vec_bearing(v: Point) -> f32 {
    let deg = v.x.atan2(-v.y).to_degrees();
    if deg < 0.0 { deg + 360.0 } else { deg }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_follow_the_compass_on_a_y_down_table() {
        let n = bearing_vec(0.0);
        assert!((n - Point::new(0.0, -1.0)).length() < 1e-6);
        let e = bearing_vec(90.0);
        assert!((e - Point::new(1.0, 0.0)).length() < 1e-6);
        assert!((vec_bearing(Point::new(0.0, 1.0)) - 180.0).abs() < 1e-4);
        assert!((vec_bearing(Point::new(-1.0, 0.0)) - 270.0).abs() < 1e-4);
    }
}
