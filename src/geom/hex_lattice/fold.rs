//! Where the hexes are, and how much the image looks like a hex grid: the line image is
//! *folded* into one lattice cell (each pixel added to the bin of its place within its hex,
//! as the lattice has it) and the mean cell is matched against a hexagon's outline at every
//! offset. With the right lattice the fold is one sharp hexagon drawn in the grid's ink; with
//! a wrong one (too short, too long, turned) it blurs or holds several, and the match is poor.
//! The best offset gives the hex centres; the normalised match (-1 to 1) says how sure.

use super::gray::Lines;
use super::lattice::{Lattice, V2};

/// Bins across one side of the folded cell, at most (the match costs their fourth power).
const MAX_BINS: usize = 36;
const MIN_BINS: usize = 12;

/// The mean line value at each place of the lattice cell (`bins` by `bins`, indexed by the
/// fractional parts of the lattice coordinates).
pub(super) struct Fold {
    bins: usize,
    mean: Vec<f64>,
    /// Pixels folded in.
    pixels: usize,
}

/// Pixel rectangle `[x0, x1) x [y0, y1)` of a line image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Region {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Region {
    pub fn whole(lines: &Lines) -> Region {
        Region {
            x0: 0,
            y0: 0,
            x1: lines.width,
            y1: lines.height,
        }
    }

    pub fn middle(&self) -> V2 {
        V2::new(
            (self.x0 + self.x1) as f64 / 2.0,
            (self.y0 + self.y1) as f64 / 2.0,
        )
    }
}

/// Bins for a lattice whose hex is `across` pixels: about one pixel each.
pub(super) fn bins_for(across: f64) -> usize {
    (across.round() as usize).clamp(MIN_BINS, MAX_BINS)
}

/// Folds the line image's `region` into the cell of `lat`.
pub(super) fn fold(lines: &Lines, lat: &Lattice, region: Region, bins: usize) -> Fold {
    let mut sum = vec![0.0f64; bins * bins];
    let mut count = vec![0u32; bins * bins];
    let (a, b) = (lat.a1, lat.a2());
    let det = a.x * b.y - a.y * b.x;
    // Fractional coordinates step linearly along a row: no division per pixel.
    let dm_dx = b.y / det;
    let dn_dx = -a.y / det;
    let g = bins as f64;
    let mut pixels = 0;
    for y in region.y0..region.y1 {
        let (mut m, mut n) = lat.coords(V2::new(region.x0 as f64 + 0.5, y as f64 + 0.5));
        let row = &lines.values[y * lines.width..(y + 1) * lines.width];
        for v in &row[region.x0..region.x1] {
            let i = ((m - m.floor()) * g) as usize;
            let j = ((n - n.floor()) * g) as usize;
            let k = i.min(bins - 1) * bins + j.min(bins - 1);
            sum[k] += f64::from(*v);
            count[k] += 1;
            m += dm_dx;
            n += dn_dx;
            pixels += 1;
        }
    }
    let total: f64 = sum.iter().sum();
    let overall = total / pixels.max(1) as f64;
    let mean = sum
        .iter()
        .zip(&count)
        .map(|(s, c)| if *c == 0 { overall } else { s / f64::from(*c) })
        .collect();
    Fold { bins, mean, pixels }
}

/// The best match of a fold against a hexagon's outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Match {
    /// Normalised cross-correlation, 0 to 1, of the fold and the outline at the best offset.
    pub score: f64,
    /// 1 when the grid is darker than the art around it, -1 when lighter.
    pub ink: f64,
    /// The best hex centre, in lattice coordinates (fractions of `a1` and `a2` from the
    /// lattice's origin), each in [-0.5, 0.5).
    pub offset: (f64, f64),
}

/// Matches `fold` against the outline of `lat`'s hexagon drawn `line` pixels wide, at every
/// offset; `ink` fixes the polarity (`None` tries both).
pub(super) fn best_match(fold: &Fold, lat: &Lattice, line: f64, ink: Option<f64>) -> Option<Match> {
    let g = fold.bins;
    if fold.pixels < g * g * 4 {
        return None;
    }
    let (a, b) = (lat.a1, lat.a2());
    let sigma = line.max(lat.across() / g as f64 * 0.75);
    let mut template: Vec<f64> = (0..g * g)
        .map(|k| {
            let (i, j) = (k / g, k % g);
            let q = a * ((i as f64 + 0.5) / g as f64) + b * ((j as f64 + 0.5) / g as f64);
            let d = lat.edge_distance(q);
            (-d * d / (2.0 * sigma * sigma)).exp()
        })
        .collect();
    let f = centred(&fold.mean)?;
    normalise(&mut template)?;
    // The correlation at each offset: sum over bins of f(b) t(b - s).
    let mut corr = vec![0.0f64; g * g];
    for si in 0..g {
        for sj in 0..g {
            let mut c = 0.0;
            for i in 0..g {
                let ti = (i + g - si) % g;
                let frow = &f[i * g..(i + 1) * g];
                let trow = &template[ti * g..(ti + 1) * g];
                for (j, fv) in frow.iter().enumerate() {
                    c += fv * trow[(j + g - sj) % g];
                }
            }
            corr[si * g + sj] = c;
        }
    }
    let pick = |sign: f64| {
        let (k, v) = corr
            .iter()
            .enumerate()
            .map(|(k, c)| (k, c * sign))
            .max_by(|x, y| x.1.total_cmp(&y.1))?;
        Some((k, v, sign))
    };
    let (k, score, sign) = match ink {
        Some(s) => pick(s.signum())?,
        None => {
            let (d, l) = (pick(1.0)?, pick(-1.0)?);
            if d.1 >= l.1 { d } else { l }
        }
    };
    let (si, sj) = (k / g, k % g);
    let at = |i: usize, j: usize| corr[(i % g) * g + (j % g)] * sign;
    let sub = |l: f64, c: f64, r: f64| {
        let d = l - 2.0 * c + r;
        if d < 0.0 {
            ((l - r) / (2.0 * d)).clamp(-0.5, 0.5)
        } else {
            0.0
        }
    };
    let di = sub(at(si + g - 1, sj), score, at(si + 1, sj));
    let dj = sub(at(si, sj + g - 1), score, at(si, sj + 1));
    let wrap = |x: f64| x - x.round();
    Some(Match {
        score,
        ink: sign,
        offset: (
            wrap((si as f64 + di) / g as f64),
            wrap((sj as f64 + dj) / g as f64),
        ),
    })
}

/// `values` less their mean, scaled to unit length; `None` when they are all alike.
fn centred(values: &[f64]) -> Option<Vec<f64>> {
    let mut v = values.to_vec();
    normalise(&mut v)?;
    Some(v)
}

/// Centres and scales `v` in place to unit length; its length before, or `None` when flat.
fn normalise(v: &mut [f64]) -> Option<f64> {
    let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
    for x in v.iter_mut() {
        *x -= mean;
    }
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if norm <= 1e-12 {
        return None;
    }
    for x in v.iter_mut() {
        *x /= norm;
    }
    Some(norm)
}

impl Match {
    /// The lattice with its origin moved onto the matched hex centre.
    pub fn placed(&self, lat: &Lattice) -> Lattice {
        Lattice {
            origin: lat.point(self.offset.0, self.offset.1),
            a1: lat.a1,
        }
    }
}
