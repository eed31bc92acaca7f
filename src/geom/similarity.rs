//! Laying a grid over a scanned image: the least-squares similarity (scale, rotation, shift)
//! that takes points of the map to the pixels where the designer clicked them.
//!
//! With map points `u` and pixels `p` as complex numbers, a similarity is `p = a u + t`
//! (`|a|` the scale, `arg a` the rotation). Minimising the squared pixel error has a closed
//! form: `a = Σ conj(u - ū)(p - p̄) / Σ |u - ū|²` and `t = p̄ - a ū` (Umeyama's estimate without
//! reflection). Two points fix it exactly; a third measures how well the scan fits.

use super::Point;

/// A similarity from map units to image pixels: `p = scale · R(rotation) · u + offset`, the
/// rotation clockwise on the page (y grows down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Similarity {
    pub scale: f64,
    pub rotation_rad: f64,
    pub offset: (f64, f64),
}

impl Similarity {
    pub fn apply(&self, u: Point) -> Point {
        let (c, s) = (self.rotation_rad.cos(), self.rotation_rad.sin());
        let (x, y) = (f64::from(u.x), f64::from(u.y));
        Point::new(
            (self.scale * (c * x - s * y) + self.offset.0) as f32,
            (self.scale * (s * x + c * y) + self.offset.1) as f32,
        )
    }

    /// The map point under a pixel (the inverse).
    pub fn invert(&self, p: Point) -> Point {
        let (c, s) = (self.rotation_rad.cos(), self.rotation_rad.sin());
        let (x, y) = (
            f64::from(p.x) - self.offset.0,
            f64::from(p.y) - self.offset.1,
        );
        Point::new(
            ((c * x + s * y) / self.scale) as f32,
            ((-s * x + c * y) / self.scale) as f32,
        )
    }
}

/// A fitted similarity and how far the clicks lie from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub similarity: Similarity,
    /// Root-mean-square distance between each click and where the fit puts its point, pixels.
    pub rms_px: f64,
    /// The largest such distance, pixels.
    pub worst_px: f64,
}

/// Why no similarity could be fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    #[error("at least two points are needed, {0} given")]
    TooFew(usize),
    #[error("the points named are all the same place; name points far apart")]
    Coincident,
    #[error("the clicks are all on the same pixel; click points far apart")]
    SamePixel,
    #[error("a coordinate is not a finite number")]
    NotFinite,
}

/// The least-squares similarity taking each `map` point to its `pixel`.
pub fn fit_similarity(pairs: &[(Point, Point)]) -> Result<Fit, FitError> {
    if pairs.len() < 2 {
        return Err(FitError::TooFew(pairs.len()));
    }
    if pairs.iter().any(|(u, p)| !u.is_finite() || !p.is_finite()) {
        return Err(FitError::NotFinite);
    }
    let n = pairs.len() as f64;
    let mean = |f: &dyn Fn(&(Point, Point)) -> Point| {
        let (x, y) = pairs.iter().fold((0.0, 0.0), |(x, y), pair| {
            let q = f(pair);
            (x + f64::from(q.x), y + f64::from(q.y))
        });
        (x / n, y / n)
    };
    let ub = mean(&|(u, _)| *u);
    let pb = mean(&|(_, p)| *p);
    let (mut re, mut im, mut uu, mut pp) = (0.0, 0.0, 0.0, 0.0);
    for (u, p) in pairs {
        let (ux, uy) = (f64::from(u.x) - ub.0, f64::from(u.y) - ub.1);
        let (px, py) = (f64::from(p.x) - pb.0, f64::from(p.y) - pb.1);
        // conj(du) · dp
        re += ux * px + uy * py;
        im += ux * py - uy * px;
        uu += ux * ux + uy * uy;
        pp += px * px + py * py;
    }
    if uu <= 1e-12 {
        return Err(FitError::Coincident);
    }
    if pp <= 1e-12 {
        return Err(FitError::SamePixel);
    }
    let (ar, ai) = (re / uu, im / uu);
    let similarity = Similarity {
        scale: ar.hypot(ai),
        rotation_rad: ai.atan2(ar),
        offset: (
            pb.0 - (ar * ub.0 - ai * ub.1),
            pb.1 - (ar * ub.1 + ai * ub.0),
        ),
    };
    let (mut sum, mut worst) = (0.0f64, 0.0f64);
    for (u, p) in pairs {
        let d = f64::from(similarity.apply(*u).distance(*p));
        sum += d * d;
        worst = worst.max(d);
    }
    Ok(Fit {
        similarity,
        rms_px: (sum / n).sqrt(),
        worst_px: worst,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calibrate_fit_recovers_scale_rotation_and_shift_exactly_from_two_points() {
        let truth = Similarity {
            scale: 37.5,
            rotation_rad: 1.5f64.to_radians(),
            offset: (120.0, -40.0),
        };
        let us = [Point::new(0.0, 0.0), Point::new(17.0, 11.0)];
        let pairs: Vec<_> = us.iter().map(|u| (*u, truth.apply(*u))).collect();
        let fit = fit_similarity(&pairs).expect("fits");
        assert!((fit.similarity.scale - 37.5).abs() < 1e-3);
        assert!((fit.similarity.rotation_rad.to_degrees() - 1.5).abs() < 1e-3);
        assert!((fit.similarity.offset.0 - 120.0).abs() < 1e-2);
        assert!(fit.rms_px < 1e-2);
        let p = fit.similarity.apply(Point::new(5.0, 3.0));
        assert!(fit.similarity.invert(p).distance(Point::new(5.0, 3.0)) < 1e-4);
    }

    #[test]
    fn calibrate_fit_reports_the_residual_of_a_sloppy_click() {
        let truth = Similarity {
            scale: 20.0,
            rotation_rad: -0.02,
            offset: (10.0, 10.0),
        };
        let us = [
            Point::new(0.0, 0.0),
            Point::new(20.0, 0.0),
            Point::new(0.0, 15.0),
        ];
        let mut pairs: Vec<_> = us.iter().map(|u| (*u, truth.apply(*u))).collect();
        pairs[2].1 += Point::new(3.0, 4.0);
        let fit = fit_similarity(&pairs).expect("fits");
        assert!(fit.worst_px > 1.5 && fit.worst_px < 5.0, "{fit:?}");
        assert!(fit.rms_px > 1.0 && fit.rms_px < fit.worst_px, "{fit:?}");
        assert!((fit.similarity.scale - 20.0).abs() < 0.3);
    }

    #[test]
    fn calibrate_fit_refuses_too_few_or_coincident_points() {
        let p = Point::new(1.0, 2.0);
        assert_eq!(fit_similarity(&[(p, p)]), Err(FitError::TooFew(1)));
        assert_eq!(
            fit_similarity(&[(p, p), (p, Point::new(9.0, 9.0))]),
            Err(FitError::Coincident)
        );
        assert_eq!(
            fit_similarity(&[(p, p), (Point::new(9.0, 9.0), p)]),
            Err(FitError::SamePixel)
        );
    }
}
