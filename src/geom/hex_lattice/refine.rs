//! The lattice measured again piece by piece, on a finer copy of the scan: the image is cut
//! into regions of some six hexes a side, each region's fold finds its own hex centre, and
//! the similarity (spacing, turn, offset) that best lays the lattice over those centres is
//! fitted by least squares. A region that sees no grid (a margin, a legend, the part of the
//! sheet the map does not cover) matches poorly and is left out; one whose centre disagrees
//! with the others is set aside and counted against the finding.

use super::fold::{Region, best_match, bins_for, fold};
use super::gray::Lines;
use super::lattice::{Lattice, V2};
use crate::geom::{Point, fit_similarity};

/// A region whose fold matches a hexagon less well than this sees no grid.
const REGION_MIN_SCORE: f64 = 0.25;
/// A region's centre further than this share of a hex from the fitted lattice disagrees.
const DISAGREES: f64 = 0.15;
/// Hexes along a region's side.
const REGION_HEXES: f64 = 6.0;

/// The lattice after refinement, and how the regions bore it out.
#[derive(Clone, Debug)]
pub(super) struct Refined {
    pub lattice: Lattice,
    /// Regions that saw a grid.
    pub seen: usize,
    /// Of those, the ones whose centre lies on the fitted lattice.
    pub agreeing: usize,
    /// Each agreeing region's distance from the fitted lattice, pixels of this level.
    pub residuals: Vec<f64>,
}

/// One region's hex centre: its lattice coordinates and where it was measured.
struct Seen {
    mn: (i64, i64),
    at: V2,
}

/// The unit lattice (neighbours one apart, `a1` along +x) at `(m, n)`: what a similarity
/// takes to the image.
fn unit(mn: (i64, i64)) -> Point {
    let (m, n) = (mn.0 as f32, mn.1 as f32);
    Point::new(m + n * 0.5, n * 3f32.sqrt() / 2.0)
}

fn regions(lines: &Lines, across: f64) -> Vec<Region> {
    let per = |len: usize| ((len as f64 / (REGION_HEXES * across)).floor() as usize).clamp(1, 8);
    let (nx, ny) = (per(lines.width), per(lines.height));
    let mut out = Vec::with_capacity(nx * ny);
    for j in 0..ny {
        for i in 0..nx {
            out.push(Region {
                x0: lines.width * i / nx,
                x1: lines.width * (i + 1) / nx,
                y0: lines.height * j / ny,
                y1: lines.height * (j + 1) / ny,
            });
        }
    }
    out
}

fn measure(lines: &Lines, lat: &Lattice, ink: f64, line: f64) -> Vec<Seen> {
    let bins = bins_for(lat.across());
    regions(lines, lat.across())
        .into_iter()
        .filter_map(|r| {
            let f = fold(lines, lat, r, bins);
            let m = best_match(&f, lat, line, Some(ink))?;
            if m.score < REGION_MIN_SCORE {
                return None;
            }
            let mn = lat.nearest(r.middle());
            let at = lat.point(mn.0 as f64 + m.offset.0, mn.1 as f64 + m.offset.1);
            Some(Seen { mn, at })
        })
        .collect()
}

/// The lattice through the seen centres (a least-squares similarity), or `None` for fewer
/// than two.
fn fit(seen: &[&Seen]) -> Option<Lattice> {
    let pairs: Vec<(Point, Point)> = seen
        .iter()
        .map(|s| (unit(s.mn), Point::new(s.at.x as f32, s.at.y as f32)))
        .collect();
    let f = fit_similarity(&pairs).ok()?.similarity;
    Some(Lattice {
        origin: V2::new(f.offset.0, f.offset.1),
        a1: V2::new(f.scale, 0.0).turned(f.rotation_rad.to_degrees()),
    })
}

/// Refines `lat` (in this level's pixels) on `lines`, whose grid has polarity `ink` and
/// lines about `line` pixels wide.
pub(super) fn refine(lines: &Lines, lat: Lattice, ink: f64, line: f64) -> Refined {
    let mut lat = lat;
    let mut result = Refined {
        lattice: lat,
        seen: 0,
        agreeing: 0,
        residuals: Vec::new(),
    };
    for _ in 0..3 {
        let seen = measure(lines, &lat, ink, line);
        let across = lat.across();
        let mut kept: Vec<&Seen> = seen.iter().collect();
        let next = match kept.len() {
            0 => break,
            1 => Lattice {
                origin: lat.origin
                    + (kept[0].at - lat.point(kept[0].mn.0 as f64, kept[0].mn.1 as f64)),
                a1: lat.a1,
            },
            _ => {
                let Some(mut l) = fit(&kept) else { break };
                // Set aside the regions that disagree, and fit the rest again.
                let off =
                    |l: &Lattice, s: &Seen| (l.point(s.mn.0 as f64, s.mn.1 as f64) - s.at).length();
                kept.retain(|s| off(&l, s) <= DISAGREES * across);
                if kept.len() >= 2
                    && let Some(again) = fit(&kept)
                {
                    l = again;
                }
                l
            }
        };
        let off = |s: &Seen| (next.point(s.mn.0 as f64, s.mn.1 as f64) - s.at).length();
        let residuals: Vec<f64> = seen
            .iter()
            .map(off)
            .filter(|d| *d <= DISAGREES * across)
            .collect();
        result = Refined {
            lattice: next,
            seen: seen.len(),
            agreeing: residuals.len(),
            residuals,
        };
        lat = next;
    }
    result
}
