//! The column's track: the one line every unit of a column follows.
//!
//! It is the path the lead's front centre has travelled, entry point first, with a straight
//! approach prepended behind the entry point (off the table, against the entry heading) where
//! the units still to come on wait in march order. Positions on it are arc lengths `s` in
//! inches, measured from the entry point: negative off table behind the entry, positive on the
//! route. Moving the column `d` inches adds `d` to every unit's `s`.

use crate::geom::{Point, point_segment_distance};

/// An arc-length parametrised polyline (see the module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pts: Vec<Point>,
    /// Length from the first point to each point.
    cum: Vec<f32>,
    /// `cum` at the entry point, so that `s = cum - origin`.
    origin: f32,
}

/// Steps shorter than this are dropped when a track is built or extended.
const MIN_STEP: f32 = 1e-4;

impl Track {
    /// A track entering at `entry` along the unit vector `heading`, with `back` inches of
    /// approach behind the entry point, then the points of `route` (the entry point itself may
    /// be repeated as the route's first point).
    pub fn new(entry: Point, heading: Point, back: f32, route: &[Point]) -> Track {
        let back = back.max(1.0);
        let mut t = Track {
            pts: vec![entry - heading * back],
            cum: vec![0.0],
            origin: back,
        };
        t.push(entry);
        t.origin = *t.cum.last().unwrap_or(&back);
        for p in route {
            t.push(*p);
        }
        t
    }

    /// Appends a point (ignored when it repeats the last one).
    pub fn push(&mut self, p: Point) {
        let (Some(last), Some(len)) = (self.pts.last(), self.cum.last()) else {
            self.pts.push(p);
            self.cum.push(0.0);
            return;
        };
        let step = last.distance(p);
        if step < MIN_STEP || !step.is_finite() {
            return;
        }
        let len = *len + step;
        self.pts.push(p);
        self.cum.push(len);
    }

    /// `s` of the track's first point (negative: the far end of the approach).
    pub fn start(&self) -> f32 {
        -self.origin
    }

    /// `s` of the track's last point.
    pub fn end(&self) -> f32 {
        self.cum.last().map_or(0.0, |c| c - self.origin)
    }

    /// The segment holding `s` (clamped to the first and last segments).
    fn segment(&self, s: f32) -> usize {
        let c = s + self.origin;
        let n = self.pts.len();
        if n < 2 {
            return 0;
        }
        // First index whose cum exceeds c, minus one.
        let i = self.cum.partition_point(|x| *x <= c);
        i.saturating_sub(1).min(n - 2)
    }

    /// The point at `s`; beyond either end the line carries on straight along the end
    /// segment.
    pub fn at(&self, s: f32) -> Point {
        let n = self.pts.len();
        if n < 2 {
            return self.pts.first().copied().unwrap_or(Point::ZERO);
        }
        let i = self.segment(s);
        let (a, b) = (self.pts[i], self.pts[i + 1]);
        let len = self.cum[i + 1] - self.cum[i];
        let t = (s + self.origin - self.cum[i]) / len;
        a + (b - a) * t
    }

    /// The unit direction of travel at `s` (at a vertex: the segment after it).
    pub fn tangent(&self, s: f32) -> Point {
        let n = self.pts.len();
        if n < 2 {
            return Point::new(0.0, -1.0);
        }
        let i = self.segment(s);
        (self.pts[i + 1] - self.pts[i]).normalize_or_zero()
    }

    /// The position behind `s` whose point stands exactly `len` from the point at `s` (the
    /// nearest such position going back): the rear of a block `len` deep whose front is at `s`
    /// and whose front and rear both stand on the track.
    pub fn chord_back(&self, s: f32, len: f32) -> f32 {
        let n = self.pts.len();
        if n < 2 || len <= 0.0 {
            return s - len;
        }
        let f = self.at(s);
        let mut i = self.segment(s);
        loop {
            let a = self.pts[i];
            if f.distance(a) >= len || i == 0 {
                let d = (self.pts[i + 1] - a) / (self.cum[i + 1] - self.cum[i]);
                let w = a - f;
                let b = w.dot(d);
                let disc = (b * b - w.length_squared() + len * len).max(0.0);
                let u = -b - disc.sqrt();
                return self.cum[i] + u - self.origin;
            }
            i -= 1;
        }
    }

    /// The nearest point of the track to `p` among positions no further on than `s_max`:
    /// its `s` and the distance. Ties go to the position further on.
    pub fn project(&self, p: Point, s_max: f32) -> (f32, f32) {
        let c_max = s_max + self.origin;
        let mut best = (self.start(), f32::INFINITY);
        for i in 0..self.pts.len().saturating_sub(1) {
            if self.cum[i] > c_max {
                break;
            }
            let (a, b) = (self.pts[i], self.pts[i + 1]);
            let len = self.cum[i + 1] - self.cum[i];
            let room = ((c_max - self.cum[i]) / len).min(1.0);
            let d = b - a;
            let t = ((p - a).dot(d) / (len * len)).clamp(0.0, room);
            let q = a + d * t;
            let dist = q.distance(p);
            if dist <= best.1 + 1e-6 {
                best = (self.cum[i] + t * len - self.origin, dist);
            }
        }
        if self.pts.len() == 1 {
            best = (self.start(), self.pts[0].distance(p));
        }
        best
    }

    /// Cuts the track at `s` (no-op beyond its end; never shorter than the entry point's
    /// approach).
    pub fn truncate(&mut self, s: f32) {
        if s >= self.end() {
            return;
        }
        let s = s.max(self.start() + MIN_STEP);
        let p = self.at(s);
        let keep = self.segment(s) + 1;
        self.pts.truncate(keep);
        self.cum.truncate(keep);
        self.push(p);
    }

    /// The stretch of the track from `s0` to `s1` (`s0 <= s1`) as a polyline, both ends
    /// included; carries on straight beyond the track's ends.
    pub fn between(&self, s0: f32, s1: f32) -> Vec<Point> {
        let mut out = vec![self.at(s0)];
        let (c0, c1) = (s0 + self.origin, s1 + self.origin);
        for (p, c) in self.pts.iter().zip(&self.cum) {
            if *c > c0 + MIN_STEP && *c < c1 - MIN_STEP {
                out.push(*p);
            }
        }
        let last = self.at(s1);
        if out.last().is_none_or(|q| q.distance(last) >= MIN_STEP) || out.len() == 1 {
            out.push(last);
        }
        out
    }

    /// Whether the segments of the track between `s0` and `s1` come within `r` of `p`:
    /// the distance from `p` to that stretch.
    pub fn distance_to(&self, p: Point, s0: f32, s1: f32) -> f32 {
        let stretch = self.between(s0, s1);
        stretch
            .windows(2)
            .map(|w| point_segment_distance(p, w[0], w[1]))
            .fold(f32::INFINITY, f32::min)
    }
}

/// Length of a polyline.
pub fn polyline_length(points: &[Point]) -> f32 {
    points.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// The first `length` inches of a polyline (all of it if shorter).
pub fn polyline_prefix(points: &[Point], length: f32) -> Vec<Point> {
    let mut out = Vec::with_capacity(points.len());
    let Some(first) = points.first() else {
        return out;
    };
    out.push(*first);
    let mut left = length.max(0.0);
    for w in points.windows(2) {
        let step = w[0].distance(w[1]);
        if step <= left {
            out.push(w[1]);
            left -= step;
        } else {
            if left > MIN_STEP {
                out.push(w[0] + (w[1] - w[0]) * (left / step));
            }
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track() -> Track {
        // Entering from the south at (10, 48) heading north, then a right turn.
        Track::new(
            Point::new(10.0, 48.0),
            Point::new(0.0, -1.0),
            20.0,
            &[
                Point::new(10.0, 48.0),
                Point::new(10.0, 38.0),
                Point::new(20.0, 38.0),
            ],
        )
    }

    #[test]
    fn arc_lengths_start_at_the_entry_point() {
        let t = track();
        assert_eq!(t.start(), -20.0);
        assert_eq!(t.end(), 20.0);
        assert!((t.at(0.0) - Point::new(10.0, 48.0)).length() < 1e-5);
        assert!((t.at(-5.0) - Point::new(10.0, 53.0)).length() < 1e-5);
        assert!((t.at(15.0) - Point::new(15.0, 38.0)).length() < 1e-5);
        assert!((t.at(25.0) - Point::new(25.0, 38.0)).length() < 1e-5);
        assert!((t.tangent(12.0) - Point::new(1.0, 0.0)).length() < 1e-5);
        assert!((t.tangent(-3.0) - Point::new(0.0, -1.0)).length() < 1e-5);
    }

    #[test]
    fn projection_respects_the_limit() {
        let t = track();
        let (s, d) = t.project(Point::new(15.0, 37.0), 100.0);
        assert!((s - 15.0).abs() < 1e-4 && (d - 1.0).abs() < 1e-4);
        // Limited to the first leg, the same point projects onto the corner.
        let (s, _) = t.project(Point::new(15.0, 37.0), 9.0);
        assert!((s - 9.0).abs() < 1e-4);
        let (s, d) = t.project(Point::new(11.0, 60.0), 100.0);
        assert!((s + 12.0).abs() < 1e-4 && (d - 1.0).abs() < 1e-4);
    }

    #[test]
    fn chord_back_cuts_corners_exactly() {
        let t = track();
        // On a straight stretch the chord is the arc.
        assert!((t.chord_back(8.0, 3.0) - 5.0).abs() < 1e-4);
        // Round the corner at s = 10: front at (12, 38), rear on the first leg, 3" away.
        let r = t.chord_back(12.0, 3.0);
        assert!((r - (10.0 - 5f32.sqrt())).abs() < 1e-4, "{r}");
        assert!((t.at(r).distance(t.at(12.0)) - 3.0).abs() < 1e-4);
        // Beyond the start of the approach the line carries on.
        let r = t.chord_back(-19.0, 3.0);
        assert!((r + 22.0).abs() < 1e-4);
    }

    #[test]
    fn truncate_and_between() {
        let mut t = track();
        t.truncate(12.0);
        assert!((t.end() - 12.0).abs() < 1e-4);
        assert!((t.at(12.0) - Point::new(12.0, 38.0)).length() < 1e-4);
        let b = t.between(5.0, 12.0);
        assert_eq!(b.len(), 3);
        assert!((polyline_length(&b) - 7.0).abs() < 1e-4);
        let p = polyline_prefix(&b, 6.0);
        assert!((polyline_length(&p) - 6.0).abs() < 1e-4);
        assert!((p[2] - Point::new(11.0, 38.0)).length() < 1e-4);
    }
}
