//! Finding the hex grid printed on a scanned map, from the image alone: its orientation, the
//! size of a hex, how far the scan is turned and where the hex centres lie.
//!
//! The printed hex edges form a lattice, so they are measured, not guessed:
//!
//! 1. On a copy shrunk to at most [`WORKING_SIDE`] pixels a side, the *line image* (each
//!    pixel's darkness against its neighbourhood, `gray`) is autocorrelated through its power
//!    spectrum (`spectrum`): the strongest peaks propose neighbour vectors, each measured
//!    again over every lattice point in reach.
//! 2. Each proposed lattice folds the line image into one hex (`fold`): the proposal whose
//!    fold best matches a hexagon's outline wins, and the match's offset places the centres.
//! 3. On a finer copy (a hex some [`REFINE_HEX_PX`] pixels across, at most
//!    [`REFINE_PIXELS`] pixels in all), regions of a few hexes a side each find their own
//!    centre and the lattice is fitted through them (`refine`).
//!
//! 4. When the whole image shows no grid for sure (a printed sheet, whose words and margins
//!    outweigh its map), the part where a proposal's hexagons are seen is measured again on
//!    its own (`extent`), and the answer says where the grid is printed.
//!
//! The answer carries a confidence built from how well the whole image matches the outline
//! and how many regions agree; below [`MIN_CONFIDENCE`] the finder says it found nothing
//! rather than offer a grid it cannot stand behind, and so it does when some region's own
//! centre lies so far off the regular grid fitted that the sheet's far hexes would be missed
//! by more than a tenth of a hex side (a stretched print or scan, which no regular grid
//! follows). Time and memory are bounded by the two copies' sizes, whatever the scan's: the
//! transform is at most about 1,500 pixels a side.

mod extent;
mod fold;
mod gray;
mod lattice;
mod refine;
mod spectrum;

pub use gray::Gray;
pub use lattice::{Lattice, V2};

use fold::{Region, best_match, bins_for, fold};
use gray::Lines;

/// The longest side of the copy the lattice is first measured on.
pub const WORKING_SIDE: u32 = 1024;
/// The size across of a hex on the copy the lattice is refined on, pixels.
pub const REFINE_HEX_PX: f64 = 48.0;
/// The most pixels of the copy the lattice is refined on.
pub const REFINE_PIXELS: u64 = 12_000_000;
/// Below this confidence the finder reports that it found no grid.
pub const MIN_CONFIDENCE: f64 = 0.5;
/// The smallest hex found on the working copy, pixels across.
const MIN_HEX_WORKING: f64 = 10.0;
/// Proposals from the autocorrelation's peaks tried by folding.
const PROPOSALS: usize = 8;
/// A fold's outline match below which no proposal is taken to have matched a hexagon well
/// (0.15 is noise, 0.5 a clear grid).
const WEAK_MATCH: f64 = 0.3;
/// Parts of the image measured again on their own when the whole shows no grid for sure
/// (each proposal's patch of matching tiles, the best first).
const PARTS_TRIED: usize = 3;

/// Whether a hex has flat tops (hexes in columns) or pointy tops (hexes in rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tops {
    Flat,
    Pointy,
}

/// A hex grid found on an image, in the image's own pixels.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct FoundGrid {
    pub tops: Tops,
    /// A hex's size across the flats (the distance between neighbouring centres), pixels.
    pub across_px: f64,
    /// How far the grid is turned on the image, degrees clockwise, within ±15° of its tops.
    pub turn_deg: f64,
    /// A hex centre near the middle of the image, pixels (x right, y down, from the image's
    /// top-left corner).
    pub centre_px: [f64; 2],
    /// 0 to 1: how far the finding can be trusted (see [`MIN_CONFIDENCE`]).
    pub confidence: f64,
    /// How well the image, folded into one hex, matches a hexagon's outline (0 to 1).
    pub match_score: f64,
    /// Regions of the image that showed a grid, and of those the ones whose own hex centre
    /// lies on the grid found.
    pub regions_seen: usize,
    pub regions_agreeing: usize,
    /// Root-mean-square and worst distance of the agreeing regions' centres from the grid,
    /// pixels of the full image.
    pub rms_px: f64,
    pub worst_px: f64,
    /// Whether the grid is darker than the art under it (black lines) or lighter (white).
    pub dark_lines: bool,
    /// Where the grid is printed, pixels `[x0, y0, x1, y1]`, when it was measured on that
    /// part of the image alone (a printed sheet, whose text and margins show no grid);
    /// `None` when on the whole image.
    pub printed_px: Option<[f64; 4]>,
    /// The same part along the grid's own axes (`[u0, v0, u1, v1]`: pixels along the
    /// lattice's `a1` and a right angle from it), which follows a sheet scanned turned: see
    /// [`FoundGrid::printed_at`].
    pub printed_along: Option<[f64; 4]>,
}

impl FoundGrid {
    /// Whether image pixel `p` is on the part where the grid is printed (anywhere when it was
    /// measured on the whole image). Along the grid's axes where known: a map printed turned
    /// on its sheet has its edge rows slanting across the upright bounds, which would take in
    /// hexes of the paper at their ends.
    pub fn printed_at(&self, p: V2) -> bool {
        if let Some([u0, v0, u1, v1]) = self.printed_along {
            let u = self.lattice().a1 * (1.0 / self.across_px);
            let v = u.turned(90.0);
            let (pu, pv) = (p.dot(u), p.dot(v));
            return pu >= u0 && pu <= u1 && pv >= v0 && pv <= v1;
        }
        self.printed_px
            .is_none_or(|[x0, y0, x1, y1]| p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
    }

    /// The lattice of hex centres: `a1` the neighbour vector nearest the grid's own axis
    /// (east on pointy tops, south on flat tops, turned by `turn_deg`).
    pub fn lattice(&self) -> Lattice {
        let axis = match self.tops {
            Tops::Pointy => 0.0,
            Tops::Flat => 90.0,
        };
        Lattice {
            origin: V2::new(self.centre_px[0], self.centre_px[1]),
            a1: V2::new(self.across_px, 0.0).turned(axis + self.turn_deg),
        }
    }

    /// The hex centre nearest a pixel.
    pub fn nearest_centre(&self, px: V2) -> V2 {
        let l = self.lattice();
        let (m, n) = l.nearest(px);
        l.point(m as f64, n as f64)
    }
}

/// Why no grid was found.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotFound {
    #[error("the image is too small to hold a hex grid ({width} x {height} pixels)")]
    TooSmall { width: u32, height: u32 },
    #[error("no regular pattern of lines: the image shows no repeating grid")]
    NoPattern,
    #[error(
        "no hex grid found: the best candidate ({across_px:.1} px across) matches a hexagon's \
         outline at {score:.2} with {agreeing} of {seen} regions agreeing (confidence \
         {confidence:.2}, {MIN_CONFIDENCE} needed)"
    )]
    Unsure {
        across_px: f64,
        score: f64,
        seen: usize,
        agreeing: usize,
        confidence: f64,
    },
    #[error(
        "no regular hex grid: the best fit ({across_px:.1} px across) misses the centre of a \
         part of the map by {worst_px:.1} px, so it would miss the far hexes by more than a \
         tenth of a hex side ({tenth_px:.1} px); the scan is stretched or the hexes are \
         printed unevenly, so place the grid by clicking hexes far apart instead (Tools > \
         Calibrate background in the editor)"
    )]
    Irregular {
        across_px: f64,
        worst_px: f64,
        tenth_px: f64,
    },
}

/// Finds the hex grid printed on `img` (see the module's doc). When the whole image shows no
/// grid for sure, the parts where each proposal's hexagons are seen (`extent`) are measured
/// again on their own, the best few first.
pub fn find(img: &Gray) -> Result<FoundGrid, NotFound> {
    let (width, height) = (img.width, img.height);
    if width.min(height) < 64 {
        return Err(NotFound::TooSmall { width, height });
    }
    let first = proposed(img)?;
    let whole = measured(img, &first);
    if whole.is_ok() {
        return whole;
    }
    // Each proposal's patch, the best seen first; a few are measured.
    let mut parts: Vec<(Region, f64)> = first
        .tried
        .iter()
        .filter_map(|v| {
            let lat = Lattice {
                origin: V2::default(),
                a1: *v,
            };
            extent::printed_part(&first.lines, &lat)
        })
        .collect();
    parts.sort_by(|a, b| b.1.total_cmp(&a.1));
    parts.dedup_by(|a, b| a.0 == b.0);
    let k = first.k_work as usize;
    for (part, _) in parts.into_iter().take(PARTS_TRIED) {
        let (x0, y0) = ((part.x0 * k) as u32, (part.y0 * k) as u32);
        let crop = img.cropped(x0, y0, (part.x1 * k) as u32, (part.y1 * k) as u32);
        if crop.width.min(crop.height) < 64 {
            continue;
        }
        let Ok(c) = proposed(&crop) else { continue };
        if let Ok(g) = measured(&crop, &c) {
            let mut g = g.moved(&crop, f64::from(x0), f64::from(y0));
            // The part searched was grown around tiles matched by a rough lattice; the
            // lattice measured says more closely where the grid is printed.
            let lat = g.lattice().scaled(1.0 / f64::from(c.k_work));
            let lat = Lattice {
                origin: lat.origin
                    - V2::new(f64::from(x0), f64::from(y0)) * (1.0 / f64::from(c.k_work)),
                a1: lat.a1,
            };
            if let Some(p) = extent::where_printed(&c.lines, &lat, c.coarse.ink) {
                let k = f64::from(c.k_work);
                let r = p.bounds;
                g.printed_px = Some([
                    f64::from(x0) + r.x0 as f64 * k,
                    f64::from(y0) + r.y0 as f64 * k,
                    f64::from(x0) + r.x1 as f64 * k,
                    f64::from(y0) + r.y1 as f64 * k,
                ]);
                // Along the axes, from the part's pixels to the image's: the part's origin
                // is (x0, y0), and its pixels are k of the image's.
                let (u, v) = extent::axes(&lat);
                let at = V2::new(f64::from(x0), f64::from(y0));
                let [u0, v0, u1, v1] = p.along;
                g.printed_along = Some([
                    at.dot(u) + u0 * k,
                    at.dot(v) + v0 * k,
                    at.dot(u) + u1 * k,
                    at.dot(v) + v1 * k,
                ]);
            }
            return Ok(g);
        }
    }
    whole
}

/// The lattice proposed on the working copy (steps 1 and 2), with that copy's line image.
struct Proposal {
    lines: Lines,
    /// In the working copy's pixels, its origin on a matched hex centre.
    lattice: Lattice,
    coarse: fold::Match,
    /// Every neighbour vector folded, in the working copy's pixels.
    tried: Vec<V2>,
    /// The working copy's shrink factor.
    k_work: u32,
}

impl FoundGrid {
    /// The finding on `part`, an image whose pixel `(0, 0)` is `(dx, dy)` of a larger one.
    fn moved(mut self, part: &Gray, dx: f64, dy: f64) -> FoundGrid {
        self.centre_px = [self.centre_px[0] + dx, self.centre_px[1] + dy];
        self.printed_px = Some([
            dx,
            dy,
            dx + f64::from(part.width),
            dy + f64::from(part.height),
        ]);
        self
    }
}

fn proposed(img: &Gray) -> Result<Proposal, NotFound> {
    let (width, height) = (img.width, img.height);
    // 1. The lattice on the working copy.
    let k_work = width.max(height).div_ceil(WORKING_SIDE).max(1);
    let work = img.shrunk(k_work);
    let lines = Lines::of(&work, 2);
    let ac = spectrum::autocorrelation(&lines);
    // Far lattice points peak as high as near ones (each shift is divided by the pixel pairs
    // it compares), so the shortest of the strong peaks are tried first: they are the
    // neighbour vectors, the others their sums.
    let mut peaks = spectrum::peaks(&ac, MIN_HEX_WORKING, 8 * PROPOSALS);
    let top = peaks.first().map_or(0.0, |p| p.1);
    peaks.sort_by(|a, b| {
        let strong = |p: &(V2, f32)| p.1 >= 0.6 * top;
        strong(b)
            .cmp(&strong(a))
            .then(a.0.length().total_cmp(&b.0.length()))
    });
    let mut proposals: Vec<V2> = Vec::new();
    for (p, _) in peaks {
        let Some(v) = spectrum::refine_vector(&ac, p) else {
            continue;
        };
        if v.length() < MIN_HEX_WORKING || proposals.iter().any(|q| same_lattice(*q, v)) {
            continue;
        }
        proposals.push(v);
        if proposals.len() == PROPOSALS {
            break;
        }
    }
    // 2. The proposal whose fold best matches a hexagon.
    let whole = Region::whole(&lines);
    let folded = |v: V2| {
        let lat = Lattice {
            origin: V2::default(),
            a1: v,
        };
        let f = fold(&lines, &lat, whole, bins_for(v.length()));
        let m = best_match(&f, &lat, 1.0, None)?;
        Some((m, m.placed(&lat)))
    };
    let better = |a: Option<(fold::Match, Lattice)>, b: Option<(fold::Match, Lattice)>| match (a, b)
    {
        (Some(x), Some(y)) => Some(if y.0.score > x.0.score { y } else { x }),
        (x, y) => x.or(y),
    };
    let mut tried = proposals.clone();
    let mut best = proposals.iter().map(|v| folded(*v)).fold(None, better);
    // A hex whose size on the working copy is a half or a third of a whole pixel count
    // repeats exactly only every second or third hex, so every strong peak can be such a
    // multiple: when nothing matched a hexagon well, their halves and thirds are tried.
    if best.as_ref().is_none_or(|(m, _)| m.score < WEAK_MATCH) {
        for v in &proposals {
            for k in [2.0, 3.0] {
                if let Some(w) = spectrum::refine_vector(&ac, *v * (1.0 / k))
                    && w.length() >= MIN_HEX_WORKING
                {
                    tried.push(w);
                    best = better(best, folded(w));
                }
            }
        }
    }
    let Some((coarse, lattice)) = best else {
        return Err(NotFound::NoPattern);
    };
    Ok(Proposal {
        lines,
        lattice,
        coarse,
        tried,
        k_work,
    })
}

/// The proposal refined on a finer copy (step 3) and judged.
fn measured(img: &Gray, p: &Proposal) -> Result<FoundGrid, NotFound> {
    let (width, height) = (img.width, img.height);
    let (coarse, lat, k_work) = (p.coarse, p.lattice, p.k_work);
    // 3. Refinement on a finer copy.
    let full = lat.scaled(f64::from(k_work));
    let pixels = u64::from(width) * u64::from(height);
    let by_size = (full.across() / REFINE_HEX_PX).floor().max(1.0) as u32;
    let by_pixels = ((pixels as f64 / REFINE_PIXELS as f64).sqrt().ceil() as u32).max(1);
    let k_fine = by_size.max(by_pixels);
    let fine_img = img.shrunk(k_fine);
    let fine_lat = full.scaled(1.0 / f64::from(k_fine));
    let line_px = (fine_lat.across() / 40.0).max(1.0);
    let fine_lines = Lines::of(&fine_img, (line_px * 2.0).round().max(2.0) as usize);
    drop(fine_img);
    let refined = refine::refine(&fine_lines, fine_lat, coarse.ink, line_px);
    let lat = refined.lattice;
    let f = fold(
        &fine_lines,
        &lat,
        Region::whole(&fine_lines),
        bins_for(lat.across()),
    );
    let score = best_match(&f, &lat, line_px, Some(coarse.ink)).map_or(0.0, |m| m.score);
    let k = f64::from(k_fine);
    let residuals: Vec<f64> = refined.residuals.iter().map(|r| r * k).collect();
    let full = lat.scaled(k);
    let rms_px = if residuals.is_empty() {
        0.0
    } else {
        (residuals.iter().map(|r| r * r).sum::<f64>() / residuals.len() as f64).sqrt()
    };
    let worst_px = residuals.iter().copied().fold(0.0, f64::max);
    let confidence = confidence(
        score,
        refined.seen,
        refined.agreeing,
        rms_px / full.across(),
    );
    if confidence < MIN_CONFIDENCE {
        return Err(NotFound::Unsure {
            across_px: full.across(),
            score,
            seen: refined.seen,
            agreeing: refined.agreeing,
            confidence,
        });
    }
    // Regions that each agree with the fit (within a tenth of a hex) can still drift from it
    // across the sheet when the printed grid is stretched: a regular grid laid over that
    // would miss centres towards the edges, so it is not offered. A fit misses the sheet's
    // far hexes by about 1.3 times its worst region (measured on stretched prints), so a
    // region seven hundredths of a side off is the most allowed.
    let tenth_px = full.across() / 3f64.sqrt() / 10.0;
    if worst_px > 0.7 * tenth_px {
        return Err(NotFound::Irregular {
            across_px: full.across(),
            worst_px,
            tenth_px,
        });
    }
    let (tops, turn_deg) = tops_and_turn(full.a1);
    let centre = full.recentred(V2::new(f64::from(width) / 2.0, f64::from(height) / 2.0));
    Ok(FoundGrid {
        tops,
        across_px: full.across(),
        turn_deg,
        centre_px: [centre.origin.x, centre.origin.y],
        confidence,
        match_score: score,
        regions_seen: refined.seen,
        regions_agreeing: refined.agreeing,
        rms_px,
        worst_px,
        dark_lines: coarse.ink > 0.0,
        printed_px: None,
        printed_along: None,
    })
}

/// How far a finding can be trusted, 0 to 1: the outline match (0.15 is noise, 0.5 a clear
/// grid), scaled by the share of regions that agree (at least three, where there are three)
/// and by how closely they agree (a tenth of a hex is the most allowed).
fn confidence(score: f64, seen: usize, agreeing: usize, rms_hexes: f64) -> f64 {
    let matched = ((score - 0.15) / 0.35).clamp(0.0, 1.0);
    let share = if seen == 0 {
        0.0
    } else {
        agreeing as f64 / seen as f64
    };
    let enough = if agreeing >= 3 || (seen < 3 && agreeing == seen) {
        1.0
    } else {
        0.5
    };
    let close = (1.0 - (rms_hexes - 0.03).max(0.0) / 0.07).clamp(0.0, 1.0);
    matched * share * enough * close
}

/// Whether two neighbour vectors describe the same hexagonal lattice: as long, and turned
/// from each other by a multiple of 60°.
fn same_lattice(a: V2, b: V2) -> bool {
    let (la, lb) = (a.length(), b.length());
    let turn = (a.angle_deg() - b.angle_deg()).rem_euclid(60.0);
    (la - lb).abs() <= 0.03 * la.max(lb) && turn.min(60.0 - turn) <= 2.0
}

/// The tops a neighbour vector says the hexes have, and the grid's turn: pointy tops have
/// neighbours east and west (0° modulo 60°), flat tops north and south (30°); the tops are
/// the ones that need the smaller turn.
fn tops_and_turn(a1: V2) -> (Tops, f64) {
    let phi = a1.angle_deg().rem_euclid(60.0);
    let pointy = if phi >= 30.0 { phi - 60.0 } else { phi };
    let flat = phi - 30.0;
    if pointy.abs() <= flat.abs() {
        (Tops::Pointy, pointy)
    } else {
        (Tops::Flat, flat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tops_and_turn_read_the_neighbour_vector() {
        let (t, d) = tops_and_turn(V2::new(1.0, 0.0).turned(4.0));
        assert_eq!(t, Tops::Pointy);
        assert!((d - 4.0).abs() < 1e-9);
        let (t, d) = tops_and_turn(V2::new(0.0, 1.0).turned(-3.0));
        assert_eq!(t, Tops::Flat);
        assert!((d + 3.0).abs() < 1e-9);
        // 150° is a flat grid's neighbour too.
        let (t, d) = tops_and_turn(V2::new(1.0, 0.0).turned(152.0));
        assert_eq!(t, Tops::Flat);
        assert!((d - 2.0).abs() < 1e-9);
        assert!(same_lattice(
            V2::new(20.0, 0.0),
            V2::new(20.0, 0.0).turned(120.3)
        ));
        assert!(!same_lattice(V2::new(20.0, 0.0), V2::new(40.0, 0.0)));
    }

    #[test]
    fn a_blank_or_tiny_image_holds_no_grid() {
        let blank = Gray::new(300, 200, vec![200; 300 * 200]).expect("sized");
        assert!(find(&blank).is_err());
        let tiny = Gray::new(10, 10, vec![0; 100]).expect("sized");
        assert_eq!(
            find(&tiny),
            Err(NotFound::TooSmall {
                width: 10,
                height: 10
            })
        );
    }
}
