//! Drawing a unit up in ranks: where each base goes so that none overlaps its neighbours.
//!
//! Used to lay out the sample scenarios and by the editor when a unit is placed or re-formed. The
//! block is centred on a point and faces a compass bearing; the front rank comes first and the
//! ranks stand behind it, each (including a short last rank) centred across the frontage.

use super::{Point, bearing_vec};

/// A block of identical bases, `frontage` abreast, facing `facing_deg`.
///
/// Base sizes are the footprint in inches: `base_width_in` across the facing and `base_depth_in`
/// along it (for a round base both are the diameter). Neighbouring bases stand `gap_in` apart,
/// side by side and rank to rank, so two bases are never closer than the gap edge to edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Formation {
    /// Centre of the whole block, in table inches.
    pub centre: Point,
    /// Compass bearing the front rank faces, degrees clockwise from north.
    pub facing_deg: f32,
    /// Bases in a full rank. Zero is read as one (single file).
    pub frontage: usize,
    /// Width of one base across the facing, inches.
    pub base_width_in: f32,
    /// Depth of one base along the facing, inches.
    pub base_depth_in: f32,
    /// Space between neighbouring bases, inches.
    pub gap_in: f32,
}

impl Formation {
    fn files(&self) -> usize {
        self.frontage.max(1)
    }

    fn pitch(&self) -> (f32, f32) {
        (
            self.base_width_in + self.gap_in,
            self.base_depth_in + self.gap_in,
        )
    }

    /// Number of ranks `count` bases make.
    pub fn ranks(&self, count: usize) -> usize {
        count.div_ceil(self.files())
    }

    /// Outer width (across the facing) and depth (along it) of `count` bases, in inches.
    pub fn size_in(&self, count: usize) -> (f32, f32) {
        if count == 0 {
            return (0.0, 0.0);
        }
        let across = count.min(self.files()) as f32;
        let ranks = self.ranks(count) as f32;
        (
            across * self.base_width_in + (across - 1.0) * self.gap_in,
            ranks * self.base_depth_in + (ranks - 1.0) * self.gap_in,
        )
    }

    /// Midpoint of the front edge of the front rank.
    pub fn front_centre(&self, count: usize) -> Point {
        let (_, depth) = self.size_in(count);
        self.centre + bearing_vec(self.facing_deg) * (depth * 0.5)
    }

    /// The formation of the same bases whose front edge is centred on `front`.
    pub fn with_front_at(self, front: Point, count: usize) -> Formation {
        let (_, depth) = self.size_in(count);
        Formation {
            centre: front - bearing_vec(self.facing_deg) * (depth * 0.5),
            ..self
        }
    }

    /// Centres of `count` bases, rank by rank from the front, each rank left to right as seen
    /// facing the way the block faces.
    pub fn centres(&self, count: usize) -> Vec<Point> {
        let files = self.files();
        let ranks = self.ranks(count);
        let (pitch_across, pitch_back) = self.pitch();
        let fwd = bearing_vec(self.facing_deg);
        let right = bearing_vec(self.facing_deg + 90.0);
        let mut out = Vec::with_capacity(count);
        for rank in 0..ranks {
            let in_rank = (count - rank * files).min(files);
            let along = ((ranks - 1) as f32 * 0.5 - rank as f32) * pitch_back;
            for file in 0..in_rank {
                let across = (file as f32 - (in_rank - 1) as f32 * 0.5) * pitch_across;
                out.push(self.centre + fwd * along + right * across);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Footprint;

    fn block(facing_deg: f32, frontage: usize, w: f32, d: f32, gap: f32) -> Formation {
        Formation {
            centre: Point::new(20.0, 30.0),
            facing_deg,
            frontage,
            base_width_in: w,
            base_depth_in: d,
            gap_in: gap,
        }
    }

    fn min_separation(f: &Formation, count: usize, round: bool) -> f32 {
        let feet: Vec<Footprint> = f
            .centres(count)
            .into_iter()
            .map(|c| {
                if round {
                    Footprint::circle(c, f.base_width_in * 0.5)
                } else {
                    Footprint::rect(c, f.base_width_in, f.base_depth_in, f.facing_deg)
                }
            })
            .collect();
        let mut min = f32::INFINITY;
        for (i, a) in feet.iter().enumerate() {
            for b in &feet[i + 1..] {
                min = min.min(a.separation(b));
            }
        }
        min
    }

    #[test]
    fn bases_never_overlap_and_keep_the_gap() {
        for facing in [0.0, 37.0, 90.0, 180.0, 301.0] {
            for (frontage, count) in [(1, 5), (2, 12), (3, 16), (4, 13), (5, 5), (6, 20)] {
                let rect = block(facing, frontage, 1.575, 0.787, 0.05);
                assert!(min_separation(&rect, count, false) > 0.05 - 1e-3);
                let round = block(facing, frontage, 0.984, 0.984, 0.1);
                assert!(min_separation(&round, count, true) > 0.1 - 1e-3);
                let touching = block(facing, frontage, 1.0, 2.0, 0.0);
                assert!(min_separation(&touching, count, false) > -0.01);
            }
        }
    }

    #[test]
    fn frontage_and_depth_as_expected() {
        let f = block(0.0, 4, 1.0, 0.5, 0.25);
        assert_eq!(f.ranks(12), 3);
        assert_eq!(f.ranks(13), 4);
        assert_eq!(f.size_in(12), (4.0 + 0.75, 1.5 + 0.5));
        assert_eq!(f.size_in(2), (2.25, 0.5));
        let c = f.centres(12);
        assert_eq!(c.len(), 12);
        // Facing north on a y-down table: the front rank has the smallest y, files run west
        // to east, and the block is centred on its centre.
        assert!(c[..4].iter().all(|p| (p.y - (30.0 - 0.75)).abs() < 1e-5));
        assert!(c[8..].iter().all(|p| (p.y - (30.0 + 0.75)).abs() < 1e-5));
        assert!(c[0].x < c[1].x && c[1].x < c[2].x);
        let mean = c.iter().copied().sum::<Point>() / 12.0;
        assert!((mean - f.centre).length() < 1e-4);
        let xs = c.iter().map(|p| p.x);
        let span = xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min);
        assert!((span - 3.0 * 1.25).abs() < 1e-5);
        // The front edge sits half the block's depth ahead of the centre.
        assert!((f.front_centre(12) - Point::new(20.0, 29.0)).length() < 1e-5);
    }

    #[test]
    fn a_short_last_rank_is_centred() {
        let f = block(0.0, 3, 1.0, 1.0, 0.0);
        let c = f.centres(7);
        assert_eq!(c.len(), 7);
        assert!((c[6].x - 20.0).abs() < 1e-5);
        assert!(c[6].y > c[3].y);
        assert!(f.centres(0).is_empty());
        // Frontage zero is single file.
        let single = block(0.0, 0, 1.0, 1.0, 0.0);
        assert_eq!(single.size_in(3), (1.0, 3.0));
    }

    #[test]
    fn facing_rotates_the_block() {
        let north = block(0.0, 3, 1.5, 0.75, 0.1).centres(9);
        let east = block(90.0, 3, 1.5, 0.75, 0.1).centres(9);
        let centre = Point::new(20.0, 30.0);
        for (n, e) in north.iter().zip(&east) {
            // Turning the compass 90 degrees clockwise on a y-down table maps (x, y) offsets
            // to (-y, x).
            let dn = *n - centre;
            let de = *e - centre;
            assert!((de - Point::new(-dn.y, dn.x)).length() < 1e-4, "{dn} {de}");
        }
        // The front rank of an east-facing block is its easternmost.
        assert!(east[..3].iter().all(|p| p.x > east[8].x));
        let south = block(180.0, 2, 1.0, 1.0, 0.0);
        let front = south.with_front_at(Point::new(5.0, 5.0), 4);
        assert!((front.centre - Point::new(5.0, 4.0)).length() < 1e-5);
        assert!((front.front_centre(4) - Point::new(5.0, 5.0)).length() < 1e-5);
    }
}
