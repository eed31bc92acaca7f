//! A stampeding elephant (R4 optional rule): its odds, the ground it may cover and the units in it.
//!
//! The elephant turns about and moves 3D6" straight ahead, i.e. straight back along its old
//! facing. Its path is the rectangle its base sweeps: the base's width across, starting at the
//! rear edge of its base and running back up to 18" (the most 3D6 can roll). A round base is
//! swept as a rectangle of its diameter. A unit is in the path when any of its bases overlaps
//! that rectangle; it is reached when the 3D6 roll is at least the distance from the rear edge
//! to the nearest part of its base inside the path (touching counts).

use super::outcome::Movement;
use crate::geom::{Footprint, MM_PER_INCH, Point, bearing_vec};
use crate::model::{Base, Scenario, SideId, Unit, UnitId};
use crate::rules::dice::{Dice, Prob};

/// Optional rule: an elephant that fails a morale test stampedes on a further D6 of 1-2,
/// turning about and moving 3D6" straight back; every unit in its path takes a morale test.
#[derive(Clone, Debug, PartialEq)]
pub struct Stampede {
    /// The further D6 after a failure: 1-2, i.e. 1/3.
    pub p_given_failure: Prob,
    /// Chance of a stampede from this test, without and with the re-roll.
    pub p: Prob,
    pub p_with_reroll: Prob,
    /// Turned about, 3D6" straight ahead.
    pub movement: Movement,
    /// The ground the 3D6" could cover; `None` when the elephant is not on the table.
    pub path: Option<PathRect>,
    /// Units whose bases lie in the path, nearest first, each with the chance 3D6 reaches it.
    pub in_path: Vec<InPath>,
}

/// The stampede's possible path, in table inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathRect {
    /// Middle of the elephant's rear edge, where the path starts.
    pub start: Point,
    /// Compass bearing of the stampede (the elephant's facing turned about).
    pub bearing_deg: f32,
    pub width_in: f32,
    pub length_in: f32,
    /// Start-left, start-right, end-right, end-left (left and right as the elephant runs).
    pub corners: [Point; 4],
}

/// A unit in the stampede's path.
#[derive(Clone, Debug, PartialEq)]
pub struct InPath {
    pub unit: UnitId,
    pub name: String,
    pub side: SideId,
    /// Inches from the start of the path to the nearest part of the unit's bases in it.
    pub distance_in: f32,
    /// The lowest 3D6 roll that reaches it.
    pub needs: u32,
    /// P(3D6 >= needs), given the stampede happens.
    pub p_reached: Prob,
}

/// The longest stampede: 3D6 tops out at 18".
pub const MAX_STAMPEDE_IN: f32 = 18.0;

/// Numbers within this of a whole inch count as that inch (base positions are `f32`).
const EPS: f32 = 1e-3;

/// The path of `elephant`'s first model, or `None` when it has no model on the table.
pub fn path(elephant: &Unit) -> Option<PathRect> {
    if !elephant.on_table() {
        return None;
    }
    let m = elephant.models.first()?;
    let (width_in, half_depth) = match m.base {
        Base::Rect { width_mm, depth_mm } => (width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH / 2.0),
        Base::Round { diameter_mm } => (diameter_mm / MM_PER_INCH, diameter_mm / MM_PER_INCH / 2.0),
    };
    let bearing_deg = (m.facing_deg + 180.0).rem_euclid(360.0);
    let back = bearing_vec(bearing_deg);
    let right = bearing_vec(bearing_deg + 90.0);
    let start = m.pos + back * half_depth;
    let end = start + back * MAX_STAMPEDE_IN;
    let half = right * (width_in / 2.0);
    Some(PathRect {
        start,
        bearing_deg,
        width_in,
        length_in: MAX_STAMPEDE_IN,
        corners: [start - half, start + half, end + half, end - half],
    })
}

/// Every other unit in play with a base in the path, nearest first (then by ID). Leaders are
/// left out: they take no tests of their own.
pub fn units_in_path(s: &Scenario, elephant: &Unit, path: &PathRect) -> Vec<InPath> {
    let three = Dice::ThreeD6.dist();
    let mut out: Vec<InPath> = s
        .units
        .iter()
        .filter(|u| u.id != elephant.id && u.in_play() && u.on_table() && !u.is_leader())
        .filter_map(|u| {
            let d = u
                .models
                .iter()
                .filter_map(|m| entry_distance(path, &m.footprint()))
                .fold(None, |best: Option<f32>, d| {
                    Some(best.map_or(d, |b| b.min(d)))
                })?;
            let needs = ((d - EPS).ceil().max(0.0) as u32).max(Dice::ThreeD6.min());
            Some(InPath {
                unit: u.id,
                name: u.name.clone(),
                side: u.side,
                distance_in: d,
                needs,
                p_reached: three.p_at_least(needs),
            })
        })
        .collect();
    out.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    out
}

/// Distance along the path to the nearest point of `fp` inside it, or `None` if `fp` does not
/// overlap the path.
fn entry_distance(path: &PathRect, fp: &Footprint) -> Option<f32> {
    let back = bearing_vec(path.bearing_deg);
    let right = bearing_vec(path.bearing_deg + 90.0);
    let local = |p: Point| {
        let d = p - path.start;
        Point::new(d.dot(back), d.dot(right))
    };
    let (h, len) = (path.width_in / 2.0, path.length_in);
    match *fp {
        Footprint::Circle { centre, radius } => {
            let c = local(centre);
            let off = (c.y.abs() - h).max(0.0);
            if off > radius + EPS {
                return None;
            }
            let chord = (radius * radius - off * off).max(0.0).sqrt();
            let (lo, hi) = (c.x - chord, c.x + chord);
            (hi >= -EPS && lo <= len + EPS).then(|| lo.clamp(0.0, len))
        }
        Footprint::Rect { corners, .. } => {
            let mut poly: Vec<Point> = corners.iter().map(|p| local(*p)).collect();
            // Keep the part inside u >= 0, u <= len, -h <= v <= h.
            for (axis, sign, limit) in [(0, -1.0, 0.0), (0, 1.0, len), (1, 1.0, h), (1, -1.0, h)] {
                poly = clip(&poly, |p: Point| {
                    let v = if axis == 0 { p.x } else { p.y };
                    limit + EPS - sign * v
                });
                if poly.is_empty() {
                    return None;
                }
            }
            poly.iter().map(|p| p.x.clamp(0.0, len)).reduce(f32::min)
        }
    }
}

/// Sutherland-Hodgman: the part of a convex polygon where `inside(p) >= 0`.
fn clip(poly: &[Point], inside: impl Fn(Point) -> f32) -> Vec<Point> {
    let mut out = Vec::with_capacity(poly.len() + 2);
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (fa, fb) = (inside(a), inside(b));
        if fa >= 0.0 {
            out.push(a);
        }
        if (fa >= 0.0) != (fb >= 0.0) {
            let t = fa / (fa - fb);
            out.push(a + (b - a) * t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_north_from(x: f32, y: f32, width: f32) -> PathRect {
        // An elephant facing south (180) stampedes north (0), its rear edge at (x, y).
        let back = bearing_vec(0.0);
        let right = bearing_vec(90.0);
        let start = Point::new(x, y);
        let end = start + back * MAX_STAMPEDE_IN;
        let half = right * (width / 2.0);
        PathRect {
            start,
            bearing_deg: 0.0,
            width_in: width,
            length_in: MAX_STAMPEDE_IN,
            corners: [start - half, start + half, end + half, end - half],
        }
    }

    #[test]
    fn rectangles_in_front_beside_and_behind() {
        let p = path_north_from(10.0, 30.0, 2.0);
        // 1" square 5" up the path (north is -y): its near edge is 4.5" away.
        let ahead = Footprint::rect(Point::new(10.0, 25.0), 1.0, 1.0, 0.0);
        assert!((entry_distance(&p, &ahead).expect("in path") - 4.5).abs() < 1e-4);
        // Overlapping the path's edge only by its corner region.
        let edge = Footprint::rect(Point::new(11.4, 20.0), 1.0, 1.0, 0.0);
        assert!((entry_distance(&p, &edge).expect("clips the edge") - 9.5).abs() < 1e-4);
        let beside = Footprint::rect(Point::new(13.0, 20.0), 1.0, 1.0, 0.0);
        assert_eq!(entry_distance(&p, &beside), None);
        let behind = Footprint::rect(Point::new(10.0, 33.0), 1.0, 1.0, 0.0);
        assert_eq!(entry_distance(&p, &behind), None);
        let too_far = Footprint::rect(Point::new(10.0, 10.0), 1.0, 1.0, 0.0);
        assert_eq!(entry_distance(&p, &too_far), None);
    }

    #[test]
    fn circles_enter_at_the_chord() {
        let p = path_north_from(0.0, 0.0, 2.0);
        let centred = Footprint::circle(Point::new(0.0, -6.0), 1.0);
        assert!((entry_distance(&p, &centred).expect("in") - 5.0).abs() < 1e-4);
        // Centre 1.5" to the side: 0.5" beyond the path edge, chord half-length sqrt(0.75).
        let side = Footprint::circle(Point::new(1.5, -6.0), 1.0);
        let d = entry_distance(&p, &side).expect("in");
        assert!((d - (6.0 - 0.75f32.sqrt())).abs() < 1e-4, "{d}");
        let clear = Footprint::circle(Point::new(2.5, -6.0), 1.0);
        assert_eq!(entry_distance(&p, &clear), None);
        let touching_start = Footprint::circle(Point::new(0.0, 0.5), 1.0);
        assert_eq!(entry_distance(&p, &touching_start), Some(0.0));
    }
}
