//! What a moving model must keep clear of, and the exact tests the searches use.
//!
//! The mover is treated as a disk (its base's bounding circle) moving its centre, so every
//! obstacle grows by the mover's radius plus the obstacle's own clearance (2" around enemy
//! models). The tests are exact distances between segments and shapes, not rasters.

use crate::geom::{
    Aabb, Point, point_in_polygon, point_segment_distance, polyline_distance,
    segment_polygon_distance, segment_polyline_distance,
};
use crate::model::{ModelId, PieceId, UnitId};

/// The ground an obstacle covers, before clearance.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Circle { centre: Point, radius: f32 },
    Polygon(Vec<Point>),
    Polyline { points: Vec<Point>, half_width: f32 },
}

impl Shape {
    /// Distance from a point to the shape (0 inside).
    pub fn distance_to_point(&self, p: Point) -> f32 {
        match self {
            Shape::Circle { centre, radius } => (centre.distance(p) - radius).max(0.0),
            Shape::Polygon(poly) => {
                if point_in_polygon(p, poly) {
                    0.0
                } else {
                    crate::geom::polygon_boundary_distance(p, poly)
                }
            }
            Shape::Polyline { points, half_width } => {
                (polyline_distance(p, points) - half_width).max(0.0)
            }
        }
    }

    /// Distance from a segment to the shape (0 when the segment touches it).
    pub fn distance_to_segment(&self, a: Point, b: Point) -> f32 {
        match self {
            Shape::Circle { centre, radius } => {
                (point_segment_distance(*centre, a, b) - radius).max(0.0)
            }
            Shape::Polygon(poly) => segment_polygon_distance(a, b, poly),
            Shape::Polyline { points, half_width } => {
                (segment_polyline_distance(a, b, points) - half_width).max(0.0)
            }
        }
    }

    pub fn bounds(&self) -> Aabb {
        match self {
            Shape::Circle { centre, radius } => Aabb::around(*centre, *radius),
            Shape::Polygon(p) => Aabb::of_points(p).unwrap_or(Aabb {
                min: Point::ZERO,
                max: Point::ZERO,
            }),
            Shape::Polyline { points, half_width } => Aabb::of_points(points)
                .unwrap_or(Aabb {
                    min: Point::ZERO,
                    max: Point::ZERO,
                })
                .expand(*half_width),
        }
    }

    /// Points just outside the shape grown by `clearance`, where shortest paths bend, as
    /// closed rings in order around the shape (a path wrapping the shape steps from corner to
    /// the next). Arcs are sampled as circumscribed polygons so chords between corners stay
    /// clear.
    pub fn corners(&self, clearance: f32, rings: &mut Vec<Vec<Point>>) {
        const EPS: f32 = 0.005;
        match self {
            Shape::Circle { centre, radius } => {
                let mut out = Vec::with_capacity(CIRCLE_CORNERS);
                arc(
                    *centre,
                    radius + clearance + EPS,
                    0.0,
                    std::f32::consts::TAU,
                    CIRCLE_CORNERS,
                    &mut out,
                );
                rings.push(out);
            }
            Shape::Polygon(poly) => {
                let n = poly.len();
                if n < 3 {
                    return;
                }
                let mut out = Vec::new();
                // Positive area: counter-clockwise in the mathematical sense (x right, y up).
                let positive = crate::geom::polygon_area(poly) > 0.0;
                for i in 0..n {
                    let (prev, v, next) = (poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]);
                    let (e1, e2) = (v - prev, next - v);
                    let turn = e1.perp_dot(e2);
                    // Only convex vertices can be bent around.
                    let convex = if positive { turn > 0.0 } else { turn < 0.0 };
                    if !convex {
                        continue;
                    }
                    // Outward normals: the interior lies left of each edge of a positive
                    // polygon, right of each edge of a negative one.
                    let out_normal = |e: Point| {
                        let n = Point::new(e.y, -e.x).normalize_or_zero();
                        if positive { n } else { -n }
                    };
                    let (n1, n2) = (out_normal(e1), out_normal(e2));
                    // Sweep the exterior angle from one normal to the other, the short way.
                    let (from, to) = if positive { (n1, n2) } else { (n2, n1) };
                    let a1 = from.y.atan2(from.x);
                    let mut a2 = to.y.atan2(to.x);
                    while a2 < a1 {
                        a2 += std::f32::consts::TAU;
                    }
                    let sweep = a2 - a1;
                    let steps = ((sweep / (std::f32::consts::PI / 6.0)).ceil() as usize).max(1);
                    let first = out.len();
                    arc(v, clearance + EPS, a1, sweep, steps, &mut out);
                    if !positive {
                        // Swept n2 → n1 for the short way round; turn it to run n1 → n2 so
                        // the ring follows the vertices.
                        out[first..].reverse();
                    }
                }
                rings.push(out);
            }
            Shape::Polyline { points, half_width } => {
                for p in points {
                    let mut out = Vec::new();
                    arc(
                        *p,
                        half_width + clearance + EPS,
                        0.0,
                        std::f32::consts::TAU,
                        12,
                        &mut out,
                    );
                    rings.push(out);
                }
            }
        }
    }
}

/// Samples an arc from angle `start` through `sweep` as the vertices of a polygon that
/// circumscribes it: the intersections of tangent lines taken every `sweep / steps`, so every
/// chord between corners (and, for an open arc, from its end corners along the tangents at
/// `start` and `start + sweep`) stays at least `radius` from the centre.
fn arc(centre: Point, radius: f32, start: f32, sweep: f32, steps: usize, out: &mut Vec<Point>) {
    let step = sweep / steps as f32;
    let r = radius / (step * 0.5).cos();
    let full = (sweep - std::f32::consts::TAU).abs() < 1e-4;
    // A full circle is symmetric: sample at whole steps; an open arc at half steps, so its
    // first and last corners lie on the tangents at its ends.
    let first = start + if full { 0.0 } else { step * 0.5 };
    // Turning one direction by the step (rather than a sine and cosine per corner): over the
    // few dozen corners of a ring the rounding stays far inside the corners' margin.
    let (sin, cos) = step.sin_cos();
    let (s0, c0) = first.sin_cos();
    let mut dir = Point::new(c0, s0);
    for _ in 0..steps {
        out.push(centre + dir * r);
        dir = Point::new(dir.x * cos - dir.y * sin, dir.x * sin + dir.y * cos);
    }
}

impl Obstacle {
    /// Whether `p` lies within `clearance` of the shape. The same test as
    /// `distance_to_point(p) < clearance`, without a square root for round shapes or for
    /// points well away.
    #[inline]
    pub fn holds(&self, p: Point, clearance: f32) -> bool {
        let (c, r) = self.circle;
        let reach = r + clearance;
        if p.distance_squared(c) >= reach * reach {
            return false;
        }
        match &self.shape {
            Shape::Circle { .. } => true,
            shape => shape.distance_to_point(p) < clearance,
        }
    }

    /// Whether a segment comes within `clearance` of the shape.
    #[inline]
    pub fn blocks(&self, a: Point, b: Point, clearance: f32) -> bool {
        let (c, r) = self.circle;
        if point_segment_distance(c, a, b) >= r + clearance {
            return false;
        }
        match &self.shape {
            Shape::Circle { .. } => true, // the bounding circle is the shape itself
            Shape::Polygon(poly) => crate::geom::segment_within_polygon(a, b, poly, clearance),
            Shape::Polyline { points, half_width } => {
                crate::geom::segment_within_polyline(a, b, points, clearance + half_width)
            }
        }
    }
}

/// Corners around a round obstacle, placed on a circle just outside its clearance. Fewer
/// corners make chords that dip into the clearance, so a model standing hard against an enemy's
/// zone could no longer see its neighbouring corners; at 32 the chord dips 0.015", inside the
/// 0.005" margin plus the blocker tolerance, and `reach::tests` keeps the field within 0.1" of
/// the geodesic around the disc.
const CIRCLE_CORNERS: usize = 32;

/// What an obstacle is, for reasons shown to the player and for choosing which obstacles a
/// move must respect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// Impassable terrain.
    Impassable(PieceId),
    /// An enemy model: its base, and the 2" no model may come within.
    Enemy(UnitId, ModelId),
    /// A model of a unit in a formed column (R1): no other unit passes through a column.
    Column(UnitId, ModelId),
    /// Area terrain (R3 caps disorderly moves that touch it).
    Area(PieceId),
    /// A linear obstacle (R3 caps disorderly moves that cross it).
    Linear(PieceId),
    /// Difficult terrain (R1 columns detour around it).
    Difficult(PieceId),
    /// The edge of the table.
    TableEdge,
}

impl Blocker {
    pub fn class(self) -> Class {
        match self {
            Blocker::Impassable(_) | Blocker::TableEdge | Blocker::Column(..) => Class::Impassable,
            Blocker::Enemy(..) => Class::Enemy,
            Blocker::Area(_) => Class::Area,
            Blocker::Linear(_) => Class::Linear,
            Blocker::Difficult(_) => Class::Difficult,
        }
    }

    pub fn piece(self) -> Option<PieceId> {
        match self {
            Blocker::Impassable(p)
            | Blocker::Area(p)
            | Blocker::Linear(p)
            | Blocker::Difficult(p) => Some(p),
            Blocker::Enemy(..) | Blocker::Column(..) | Blocker::TableEdge => None,
        }
    }
}

/// Obstacle classes a query can switch on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Impassable,
    Enemy,
    Area,
    Linear,
    Difficult,
}

/// One obstacle: a shape, what it is, and how far beyond its edge the mover's edge must stay.
#[derive(Clone, Debug, PartialEq)]
pub struct Obstacle {
    pub shape: Shape,
    pub blocker: Blocker,
    /// Clearance beyond the shape for the mover's base edge (2" for enemy models).
    pub extra: f32,
    /// The shape's bounds, before clearance.
    pub bounds: Aabb,
    /// A circle holding the shape (centre, radius): a cheap first test for lines that pass
    /// well clear.
    pub circle: (Point, f32),
}

/// The distance from `centre` to the farthest of `points`.
fn farthest(centre: Point, points: &[Point]) -> f32 {
    points
        .iter()
        .map(|p| p.distance(centre))
        .fold(0.0, f32::max)
}

impl Obstacle {
    pub fn new(shape: Shape, blocker: Blocker, extra: f32) -> Obstacle {
        let bounds = shape.bounds();
        let circle = match &shape {
            Shape::Circle { centre, radius } => (*centre, *radius),
            // Centred on the box, reaching the farthest point (tighter than the box's corner
            // for round-ish outlines).
            Shape::Polygon(points) => {
                let centre = (bounds.min + bounds.max) * 0.5;
                (centre, farthest(centre, points))
            }
            Shape::Polyline { points, half_width } => {
                let centre = (bounds.min + bounds.max) * 0.5;
                (centre, farthest(centre, points) + half_width)
            }
        };
        Obstacle {
            shape,
            blocker,
            extra,
            bounds,
            circle,
        }
    }
}
