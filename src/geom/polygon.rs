//! Points, segments, polygons and polylines.

use super::Point;

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    pub min: Point,
    pub max: Point,
}

impl Aabb {
    pub fn of_points(points: &[Point]) -> Option<Aabb> {
        let first = *points.first()?;
        let mut b = Aabb {
            min: first,
            max: first,
        };
        for p in &points[1..] {
            b.min = b.min.min(*p);
            b.max = b.max.max(*p);
        }
        Some(b)
    }

    /// The box around a circle.
    pub fn around(centre: Point, radius: f32) -> Aabb {
        Aabb {
            min: centre - Point::splat(radius),
            max: centre + Point::splat(radius),
        }
    }

    pub fn expand(self, by: f32) -> Aabb {
        Aabb {
            min: self.min - Point::splat(by),
            max: self.max + Point::splat(by),
        }
    }

    /// The part of a convex polygon inside the box (Sutherland–Hodgman against its four
    /// sides); empty when they do not meet. Used to draw hexes cut by a map's edge.
    pub fn clip_convex(&self, poly: &[Point]) -> Vec<Point> {
        let mut out = poly.to_vec();
        // Each side as (axis, bound, keep the side above the bound).
        for (axis, bound, above) in [
            (0, self.min.x, true),
            (0, self.max.x, false),
            (1, self.min.y, true),
            (1, self.max.y, false),
        ] {
            let coord = |p: &Point| if axis == 0 { p.x } else { p.y };
            let inside = |p: &Point| {
                if above {
                    coord(p) >= bound
                } else {
                    coord(p) <= bound
                }
            };
            let input = std::mem::take(&mut out);
            for (i, b) in input.iter().enumerate() {
                let a = input[(i + input.len() - 1) % input.len()];
                let cross = |a: Point, b: Point| {
                    let t = (bound - coord(&a)) / (coord(&b) - coord(&a));
                    a + (b - a) * t
                };
                match (inside(&a), inside(b)) {
                    (true, true) => out.push(*b),
                    (true, false) => out.push(cross(a, *b)),
                    (false, true) => {
                        out.push(cross(a, *b));
                        out.push(*b);
                    }
                    (false, false) => {}
                }
            }
        }
        out
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    pub fn intersects(&self, o: &Aabb) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }
}

/// Even-odd point-in-polygon test; the polygon is implicitly closed.
pub fn point_in_polygon(p: Point, poly: &[Point]) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let mut inside = false;
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
        j = i;
    }
    inside
}

/// Signed area (positive when the vertices run clockwise on the y-down table). Measured from
/// the first vertex, so a small polygon far from the origin loses no precision.
pub fn polygon_area(poly: &[Point]) -> f32 {
    let n = poly.len();
    if n < 3 {
        return 0.0;
    }
    let o = poly[0];
    let twice: f32 = (1..n - 1)
        .map(|k| cross(poly[k] - o, poly[k + 1] - o))
        .sum();
    twice * 0.5
}

/// Distance from `p` to the segment `a`-`b`.
pub fn point_segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t).distance(p)
}

/// Distance from `p` to an open polyline.
pub fn polyline_distance(p: Point, line: &[Point]) -> f32 {
    match line {
        [] => f32::INFINITY,
        [only] => only.distance(p),
        _ => line
            .windows(2)
            .map(|w| point_segment_distance(p, w[0], w[1]))
            .fold(f32::INFINITY, f32::min),
    }
}

/// Distance from `p` to the boundary of a closed polygon.
pub fn polygon_boundary_distance(p: Point, poly: &[Point]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| point_segment_distance(p, poly[i], poly[(i + 1) % n]))
        .fold(f32::INFINITY, f32::min)
}

fn cross(a: Point, b: Point) -> f32 {
    a.x * b.y - a.y * b.x
}

/// Whether the closed segments `a`-`b` and `c`-`d` touch or cross.
pub fn segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = cross(d - c, a - c);
    let d2 = cross(d - c, b - c);
    let d3 = cross(b - a, c - a);
    let d4 = cross(b - a, d - a);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: Point, q: Point, r: Point, v: f32| {
        v == 0.0
            && r.x >= p.x.min(q.x)
            && r.x <= p.x.max(q.x)
            && r.y >= p.y.min(q.y)
            && r.y <= p.y.max(q.y)
    };
    on(c, d, a, d1) || on(c, d, b, d2) || on(a, b, c, d3) || on(a, b, d, d4)
}

/// Distance between the segments `a`-`b` and `c`-`d` (0 when they touch or cross).
pub fn segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> f32 {
    if segments_intersect(a, b, c, d) {
        return 0.0;
    }
    point_segment_distance(a, c, d)
        .min(point_segment_distance(b, c, d))
        .min(point_segment_distance(c, a, b))
        .min(point_segment_distance(d, a, b))
}

/// Distance from the segment `a`-`b` to a closed polygon's area (0 when it touches or
/// enters it).
pub fn segment_polygon_distance(a: Point, b: Point, poly: &[Point]) -> f32 {
    if point_in_polygon(a, poly) || point_in_polygon(b, poly) {
        return 0.0;
    }
    let n = poly.len();
    (0..n)
        .map(|i| segment_segment_distance(a, b, poly[i], poly[(i + 1) % n]))
        .fold(f32::INFINITY, f32::min)
}

/// Distance from the segment `a`-`b` to an open polyline.
pub fn segment_polyline_distance(a: Point, b: Point, line: &[Point]) -> f32 {
    match line {
        [] => f32::INFINITY,
        [only] => point_segment_distance(*only, a, b),
        _ => line
            .windows(2)
            .map(|w| segment_segment_distance(a, b, w[0], w[1]))
            .fold(f32::INFINITY, f32::min),
    }
}

/// Squared distance from `p` to the segment `a`-`b`.
#[inline]
fn point_segment_distance_sq(p: Point, a: Point, b: Point) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t).distance_squared(p)
}

/// Whether the segments `a`-`b` and `c`-`d` come closer than `r` (touching counts when
/// `r > 0`). Cheaper than [`segment_segment_distance`]: no square roots, early exits.
#[inline]
pub fn segments_within(a: Point, b: Point, c: Point, d: Point, r: f32) -> bool {
    let r2 = r * r;
    point_segment_within(a, c, d, r2)
        || point_segment_within(b, c, d, r2)
        || point_segment_within(c, a, b, r2)
        || point_segment_within(d, a, b, r2)
        || segments_intersect(a, b, c, d)
}

/// Whether `p` lies closer than `sqrt(r2)` to the segment `a`-`b`: the squared distance
/// compared without dividing by the segment's length.
#[inline]
fn point_segment_within(p: Point, a: Point, b: Point, r2: f32) -> bool {
    let ab = b - a;
    let ap = p - a;
    let t = ap.dot(ab);
    if t <= 0.0 {
        return ap.length_squared() < r2;
    }
    let len2 = ab.length_squared();
    if t >= len2 {
        return (p - b).length_squared() < r2;
    }
    let cross = ap.perp_dot(ab);
    cross * cross < r2 * len2
}

/// A cheap first test of edges against a segment `a`-`b` and a distance `r`: whether the edge
/// `c`-`d` lies wholly on one side of the segment's line, at least `r` away (so it cannot
/// come within `r`), or outside the segment's box grown by `r`.
struct EdgeFilter {
    a: Point,
    /// Unit normal of the segment's line (zero for a point).
    normal: Point,
    lo: Point,
    hi: Point,
    r: f32,
}

impl EdgeFilter {
    fn new(a: Point, b: Point, r: f32) -> EdgeFilter {
        let d = b - a;
        EdgeFilter {
            a,
            normal: Point::new(-d.y, d.x).normalize_or_zero(),
            lo: a.min(b) - Point::splat(r),
            hi: a.max(b) + Point::splat(r),
            r,
        }
    }

    #[inline]
    fn far(&self, c: Point, d: Point) -> bool {
        let (elo, ehi) = (c.min(d), c.max(d));
        if elo.x > self.hi.x || ehi.x < self.lo.x || elo.y > self.hi.y || ehi.y < self.lo.y {
            return true;
        }
        if self.normal == Point::ZERO {
            return false;
        }
        let (sc, sd) = ((c - self.a).dot(self.normal), (d - self.a).dot(self.normal));
        (sc >= self.r && sd >= self.r) || (sc <= -self.r && sd <= -self.r)
    }
}

/// Whether the segment `a`-`b` comes within `r` of a closed polygon's area.
pub fn segment_within_polygon(a: Point, b: Point, poly: &[Point], r: f32) -> bool {
    let n = poly.len();
    let filter = EdgeFilter::new(a, b, r);
    (0..n).any(|i| {
        let (c, d) = (poly[i], poly[(i + 1) % n]);
        !filter.far(c, d) && segments_within(a, b, c, d, r)
    }) || point_in_polygon(a, poly)
}

/// Whether the segment `a`-`b` comes within `r` of an open polyline.
pub fn segment_within_polyline(a: Point, b: Point, line: &[Point], r: f32) -> bool {
    match line {
        [] => false,
        [only] => point_segment_distance_sq(*only, a, b) < r * r,
        _ => {
            let filter = EdgeFilter::new(a, b, r);
            line.windows(2)
                .any(|w| !filter.far(w[0], w[1]) && segments_within(a, b, w[0], w[1], r))
        }
    }
}

/// Whether the segment `a`-`b` enters or crosses the closed polygon.
pub fn segment_hits_polygon(a: Point, b: Point, poly: &[Point]) -> bool {
    if point_in_polygon(a, poly) || point_in_polygon(b, poly) {
        return true;
    }
    let n = poly.len();
    (0..n).any(|i| segments_intersect(a, b, poly[i], poly[(i + 1) % n]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Point> {
        vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ]
    }

    #[test]
    fn point_in_polygon_inside_and_outside() {
        assert!(point_in_polygon(Point::new(2.0, 2.0), &square()));
        assert!(!point_in_polygon(Point::new(5.0, 2.0), &square()));
        assert!(!point_in_polygon(Point::new(2.0, -0.1), &square()));
    }

    #[test]
    fn area_and_distances() {
        assert!((polygon_area(&square()).abs() - 16.0).abs() < 1e-5);
        assert!((polygon_boundary_distance(Point::new(2.0, 1.0), &square()) - 1.0).abs() < 1e-5);
        let line = [Point::new(0.0, 0.0), Point::new(10.0, 0.0)];
        assert!((polyline_distance(Point::new(5.0, 3.0), &line) - 3.0).abs() < 1e-5);
        assert!((polyline_distance(Point::new(-3.0, 4.0), &line) - 5.0).abs() < 1e-5);
    }

    #[test]
    fn segment_distances() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        assert!(
            (segment_segment_distance(a, b, Point::new(5.0, 3.0), Point::new(5.0, 8.0)) - 3.0)
                .abs()
                < 1e-5
        );
        assert_eq!(
            segment_segment_distance(a, b, Point::new(5.0, -3.0), Point::new(5.0, 8.0)),
            0.0
        );
        assert!(
            (segment_polygon_distance(Point::new(-5.0, 6.0), Point::new(10.0, 6.0), &square())
                - 2.0)
                .abs()
                < 1e-5
        );
        assert_eq!(
            segment_polygon_distance(Point::new(1.0, 1.0), Point::new(2.0, 2.0), &square()),
            0.0
        );
        let line = [Point::new(0.0, 5.0), Point::new(10.0, 5.0)];
        assert!((segment_polyline_distance(a, b, &line) - 5.0).abs() < 1e-5);
    }

    #[test]
    fn within_tests_agree_with_distances() {
        let poly = square();
        let mut seed = 1u32;
        let mut rnd = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32 * 12.0 - 4.0
        };
        for _ in 0..2000 {
            let (a, b) = (Point::new(rnd(), rnd()), Point::new(rnd(), rnd()));
            for r in [0.001, 0.5, 1.5] {
                let d = segment_polygon_distance(a, b, &poly);
                if (d - r).abs() > 1e-4 {
                    assert_eq!(segment_within_polygon(a, b, &poly, r), d < r, "{a} {b} {r}");
                }
                let line = &poly[..3];
                let d = segment_polyline_distance(a, b, line);
                if (d - r).abs() > 1e-4 {
                    assert_eq!(segment_within_polyline(a, b, line, r), d < r, "{a} {b} {r}");
                }
            }
        }
    }

    #[test]
    fn segment_tests() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(4.0, 4.0));
        assert!(segments_intersect(
            a,
            b,
            Point::new(0.0, 4.0),
            Point::new(4.0, 0.0)
        ));
        assert!(!segments_intersect(
            a,
            b,
            Point::new(1.0, 0.0),
            Point::new(5.0, 4.0)
        ));
        assert!(segment_hits_polygon(
            Point::new(-1.0, 2.0),
            Point::new(5.0, 2.0),
            &square()
        ));
        assert!(!segment_hits_polygon(
            Point::new(-1.0, 5.0),
            Point::new(5.0, 5.0),
            &square()
        ));
    }

    use proptest::prelude::*;

    fn pt() -> impl Strategy<Value = Point> {
        (-6.0f32..6.0, -6.0f32..6.0).prop_map(|(x, y)| Point::new(x, y))
    }

    /// A star-shaped polygon around the origin (concave where the radii dip).
    fn star() -> impl Strategy<Value = Vec<Point>> {
        prop::collection::vec(0.5f32..4.0, 3..12).prop_map(|radii| {
            let n = radii.len();
            radii
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    let a = k as f32 / n as f32 * std::f32::consts::TAU;
                    Point::new(a.cos(), a.sin()) * *r
                })
                .collect()
        })
    }

    proptest! {
        /// The division-free test answers as the measured distance does (away from the
        /// boundary itself, where rounding may go either way).
        #[test]
        fn segments_within_agrees_with_the_distance(
            a in pt(), b in pt(), c in pt(), d in pt(), r in 0.0f32..3.0
        ) {
            let dist = segment_segment_distance(a, b, c, d);
            prop_assume!((dist - r).abs() > 1e-3);
            prop_assert_eq!(segments_within(a, b, c, d, r), dist < r);
        }

        /// The edge filter never drops an edge that matters: the polygon test answers as the
        /// distance to every edge (and containment) does.
        #[test]
        fn segment_within_polygon_agrees_with_every_edge(
            a in pt(), b in pt(), poly in star(), r in 0.0f32..2.0
        ) {
            let n = poly.len();
            let dist = (0..n)
                .map(|i| segment_segment_distance(a, b, poly[i], poly[(i + 1) % n]))
                .fold(f32::INFINITY, f32::min);
            prop_assume!((dist - r).abs() > 1e-3);
            let inside = point_in_polygon(a, &poly);
            prop_assert_eq!(segment_within_polygon(a, b, &poly, r), dist < r || inside);
        }

        #[test]
        fn segment_within_polyline_agrees_with_every_piece(
            a in pt(), b in pt(), line in prop::collection::vec(pt(), 1..6), r in 0.0f32..2.0
        ) {
            let dist = if line.len() == 1 {
                point_segment_distance(line[0], a, b)
            } else {
                line.windows(2)
                    .map(|w| segment_segment_distance(a, b, w[0], w[1]))
                    .fold(f32::INFINITY, f32::min)
            };
            prop_assume!((dist - r).abs() > 1e-3);
            prop_assert_eq!(segment_within_polyline(a, b, &line, r), dist < r);
        }
    }
}
