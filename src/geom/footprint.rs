//! The ground a base covers, and edge-to-edge distances between bases.

use super::polygon::{point_in_polygon, point_segment_distance};
use super::{Point, bearing_vec};

/// A base on the table, in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Footprint {
    Circle {
        centre: Point,
        radius: f32,
    },
    /// Corners in order around the rectangle.
    Rect {
        centre: Point,
        corners: [Point; 4],
    },
}

impl Footprint {
    pub fn circle(centre: Point, radius: f32) -> Self {
        Footprint::Circle { centre, radius }
    }

    /// A rectangle `width` wide across its facing and `depth` deep along it.
    pub fn rect(centre: Point, width: f32, depth: f32, facing_deg: f32) -> Self {
        let fwd = bearing_vec(facing_deg) * (depth * 0.5);
        let right = bearing_vec(facing_deg + 90.0) * (width * 0.5);
        Footprint::Rect {
            centre,
            corners: [
                centre + fwd - right,
                centre + fwd + right,
                centre - fwd + right,
                centre - fwd - right,
            ],
        }
    }

    /// The same base moved by `d`.
    pub fn translated(&self, d: Point) -> Footprint {
        match *self {
            Footprint::Circle { centre, radius } => Footprint::Circle {
                centre: centre + d,
                radius,
            },
            Footprint::Rect { centre, corners } => Footprint::Rect {
                centre: centre + d,
                corners: corners.map(|c| c + d),
            },
        }
    }

    pub fn centre(&self) -> Point {
        match self {
            Footprint::Circle { centre, .. } | Footprint::Rect { centre, .. } => *centre,
        }
    }

    /// Radius of the smallest circle about the centre that holds the base.
    pub fn bounding_radius(&self) -> f32 {
        match self {
            Footprint::Circle { radius, .. } => *radius,
            Footprint::Rect { centre, corners } => corners[0].distance(*centre),
        }
    }

    /// Signed distance from `p` to the base's edge: negative inside.
    pub fn signed_distance_to_point(&self, p: Point) -> f32 {
        match self {
            Footprint::Circle { centre, radius } => centre.distance(p) - radius,
            Footprint::Rect { corners, .. } => {
                let d = (0..4)
                    .map(|i| point_segment_distance(p, corners[i], corners[(i + 1) % 4]))
                    .fold(f32::INFINITY, f32::min);
                if point_in_polygon(p, corners) { -d } else { d }
            }
        }
    }

    /// Edge-to-edge distance between two bases: 0 when they touch, negative (the overlap
    /// depth along the best separating direction) when they overlap.
    pub fn separation(&self, other: &Footprint) -> f32 {
        use Footprint::*;
        match (self, other) {
            (
                Circle {
                    centre: a,
                    radius: ra,
                },
                Circle {
                    centre: b,
                    radius: rb,
                },
            ) => a.distance(*b) - ra - rb,
            (Circle { centre, radius }, r @ Rect { .. })
            | (r @ Rect { .. }, Circle { centre, radius }) => {
                r.signed_distance_to_point(*centre) - radius
            }
            (Rect { corners: a, .. }, Rect { corners: b, .. }) => rect_rect_separation(a, b),
        }
    }
}

/// Separating-axis overlap for two convex quads; outside, the true edge-to-edge distance.
fn rect_rect_separation(a: &[Point; 4], b: &[Point; 4]) -> f32 {
    let mut best_gap = f32::NEG_INFINITY;
    for quad in [a, b] {
        for i in 0..4 {
            let edge = quad[(i + 1) % 4] - quad[i];
            let axis = Point::new(-edge.y, edge.x).normalize_or_zero();
            if axis == Point::ZERO {
                continue;
            }
            let (amin, amax) = project(a, axis);
            let (bmin, bmax) = project(b, axis);
            let gap = (bmin - amax).max(amin - bmax);
            best_gap = best_gap.max(gap);
        }
    }
    if best_gap < 0.0 {
        return best_gap;
    }
    let mut d = f32::INFINITY;
    for i in 0..4 {
        for j in 0..4 {
            d = d.min(point_segment_distance(a[i], b[j], b[(j + 1) % 4]));
            d = d.min(point_segment_distance(b[i], a[j], a[(j + 1) % 4]));
        }
    }
    d
}

fn project(q: &[Point; 4], axis: Point) -> (f32, f32) {
    q.iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            let v = p.dot(axis);
            (lo.min(v), hi.max(v))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_measure_edge_to_edge() {
        let a = Footprint::circle(Point::new(0.0, 0.0), 0.5);
        let b = Footprint::circle(Point::new(3.0, 0.0), 0.5);
        assert!((a.separation(&b) - 2.0).abs() < 1e-5);
    }

    #[test]
    fn rectangles_measure_edge_to_edge_and_overlap() {
        let a = Footprint::rect(Point::new(0.0, 0.0), 2.0, 1.0, 0.0);
        let b = Footprint::rect(Point::new(5.0, 0.0), 2.0, 1.0, 0.0);
        assert!((a.separation(&b) - 3.0).abs() < 1e-5);
        let c = Footprint::rect(Point::new(1.5, 0.0), 2.0, 1.0, 0.0);
        assert!(a.separation(&c) < -0.4);
        // Rotated 90 degrees: now 1" wide along x.
        let d = Footprint::rect(Point::new(3.0, 0.0), 2.0, 1.0, 90.0);
        assert!((a.separation(&d) - 1.5).abs() < 1e-5);
    }

    #[test]
    fn circle_to_rectangle() {
        let r = Footprint::rect(Point::new(0.0, 0.0), 2.0, 2.0, 0.0);
        let c = Footprint::circle(Point::new(4.0, 0.0), 1.0);
        assert!((r.separation(&c) - 2.0).abs() < 1e-5);
        assert!((c.separation(&r) - 2.0).abs() < 1e-5);
        let inside = Footprint::circle(Point::new(0.5, 0.0), 0.25);
        assert!(r.separation(&inside) < 0.0);
    }
}
