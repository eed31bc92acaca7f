//! A hexagonal lattice of hex centres on an image, in continuous pixel coordinates (pixel
//! `i` spans `[i, i + 1)`, so a level shrunk `k` times maps to full size by `× k`).

use std::ops::{Add, Mul, Sub};

/// A vector in image pixels, in `f64`: the finder sums over millions of pixels and fits
/// lattices across thousands, where `f32` would lose the tenth of a pixel it measures.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V2 {
    pub x: f64,
    pub y: f64,
}

impl V2 {
    pub const fn new(x: f64, y: f64) -> V2 {
        V2 { x, y }
    }

    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    pub fn dot(self, o: V2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// Turned by `deg` degrees, clockwise on a page whose y grows down.
    pub fn turned(self, deg: f64) -> V2 {
        let (s, c) = deg.to_radians().sin_cos();
        V2::new(c * self.x - s * self.y, s * self.x + c * self.y)
    }

    /// The angle from +x, degrees, clockwise on the page.
    pub fn angle_deg(self) -> f64 {
        self.y.atan2(self.x).to_degrees()
    }
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        V2::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, k: f64) -> V2 {
        V2::new(self.x * k, self.y * k)
    }
}

/// Hex centres at `origin + m a1 + n a2` for integers `m`, `n`, where `a2` is `a1` turned 60°:
/// `a1` runs from one centre to a neighbour's, its length the hex's size across the flats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    pub origin: V2,
    pub a1: V2,
}

impl Lattice {
    pub fn a2(&self) -> V2 {
        self.a1.turned(60.0)
    }

    /// Distance between neighbouring centres: the hex across the flats, pixels.
    pub fn across(&self) -> f64 {
        self.a1.length()
    }

    pub fn point(&self, m: f64, n: f64) -> V2 {
        self.origin + self.a1 * m + self.a2() * n
    }

    /// `p` as `(m, n)` with `p = origin + m a1 + n a2`.
    pub fn coords(&self, p: V2) -> (f64, f64) {
        let (a, b) = (self.a1, self.a2());
        let d = p - self.origin;
        let det = a.x * b.y - a.y * b.x;
        ((d.x * b.y - d.y * b.x) / det, (a.x * d.y - a.y * d.x) / det)
    }

    /// The lattice point nearest `p`, as its `(m, n)`.
    pub fn nearest(&self, p: V2) -> (i64, i64) {
        let (m, n) = self.coords(p);
        let (m0, n0) = (m.floor() as i64, n.floor() as i64);
        let mut best = (m0, n0);
        let mut dist = f64::INFINITY;
        for (dm, dn) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (mm, nn) = (m0 + dm, n0 + dn);
            let d = (self.point(mm as f64, nn as f64) - p).length();
            if d < dist {
                dist = d;
                best = (mm, nn);
            }
        }
        best
    }

    /// The same lattice on an image `k` times larger.
    pub fn scaled(&self, k: f64) -> Lattice {
        Lattice {
            origin: self.origin * k,
            a1: self.a1 * k,
        }
    }

    /// The same lattice with its origin moved to the centre nearest `p`.
    pub fn recentred(&self, p: V2) -> Lattice {
        let (m, n) = self.nearest(p);
        Lattice {
            origin: self.point(m as f64, n as f64),
            a1: self.a1,
        }
    }

    /// Distance from `q` (relative to a centre of this lattice) to the nearest printed hex
    /// edge: half the size across the flats less `q`'s reach towards the nearest neighbour,
    /// once `q` is brought into its own hex.
    pub fn edge_distance(&self, q: V2) -> f64 {
        let probe = Lattice {
            origin: V2::default(),
            a1: self.a1,
        };
        let (m, n) = probe.nearest(q);
        let local = q - probe.point(m as f64, n as f64);
        let across = self.across();
        let reach = (0..6)
            .map(|k| local.dot(self.a1.turned(60.0 * f64::from(k)) * (1.0 / across)))
            .fold(f64::NEG_INFINITY, f64::max);
        across / 2.0 - reach
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_nearest_centres_and_edges_agree() {
        let l = Lattice {
            origin: V2::new(10.0, 20.0),
            a1: V2::new(30.0, 0.0).turned(7.0),
        };
        let p = l.point(3.0, -2.0);
        let (m, n) = l.coords(p);
        assert!((m - 3.0).abs() < 1e-9 && (n + 2.0).abs() < 1e-9);
        assert_eq!(l.nearest(p + V2::new(4.0, -3.0)), (3, -2));
        // A centre is half a hex from the edges; halfway to a neighbour is on one.
        assert!((l.edge_distance(V2::default()) - 15.0).abs() < 1e-9);
        assert!(l.edge_distance(l.a1 * 0.5).abs() < 1e-9);
        assert!(l.edge_distance(l.a2() * 1.5).abs() < 1e-9);
        let big = l.scaled(2.0);
        assert!((big.across() - 60.0).abs() < 1e-9);
        let r = l.recentred(V2::new(100.0, 100.0));
        assert!((r.origin - V2::new(100.0, 100.0)).length() <= l.across() / 3f64.sqrt() + 1e-9);
    }
}
