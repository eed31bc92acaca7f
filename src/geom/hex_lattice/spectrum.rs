//! The lattice's vectors, measured: the autocorrelation of the line image (through its power
//! spectrum) peaks at every shift that lays the printed grid on itself, that is at the vectors
//! between hex centres. Its strongest peaks propose a neighbour vector; each proposal is then
//! measured again over every lattice point the autocorrelation reaches, far points first
//! weighing most, so the spacing and turn come out to a small fraction of a pixel.

use super::gray::Lines;
use super::lattice::V2;
use rustfft::FftPlanner;
use rustfft::num_complex::Complex32;

/// The autocorrelation of a line image, divided by the number of pixel pairs at each shift
/// (so a far peak counts as much as a near one) and by its value at no shift.
pub(super) struct Autocorrelation {
    /// The padded size of the transform.
    w: usize,
    h: usize,
    values: Vec<f32>,
    /// The largest shift measured, pixels, either way.
    pub max_lag: usize,
}

impl Autocorrelation {
    /// The value at shift `(x, y)`, 0 beyond `max_lag`.
    pub fn at(&self, x: i64, y: i64) -> f32 {
        let lag = self.max_lag as i64;
        if x.abs() > lag || y.abs() > lag {
            return 0.0;
        }
        let xi = x.rem_euclid(self.w as i64) as usize;
        let yi = y.rem_euclid(self.h as i64) as usize;
        self.values[yi * self.w + xi]
    }

    /// The peak nearest `t` within `radius` pixels, to a fraction of a pixel (a parabola
    /// through the best pixel and its neighbours along each axis), and its value.
    pub fn peak_near(&self, t: V2, radius: f64) -> Option<(V2, f32)> {
        let r = radius.ceil() as i64;
        let (cx, cy) = (t.x.round() as i64, t.y.round() as i64);
        let mut best: Option<(i64, i64, f32)> = None;
        for y in cy - r..=cy + r {
            for x in cx - r..=cx + r {
                let d = V2::new(x as f64 - t.x, y as f64 - t.y).length();
                if d > radius || x.abs() >= self.max_lag as i64 || y.abs() >= self.max_lag as i64 {
                    continue;
                }
                let v = self.at(x, y);
                if best.is_none_or(|(_, _, b)| v > b) {
                    best = Some((x, y, v));
                }
            }
        }
        let (x, y, v) = best?;
        let sub = |a: f32, b: f32, c: f32| {
            let d = a - 2.0 * b + c;
            if d < 0.0 {
                f64::from(((a - c) / (2.0 * d)).clamp(-0.5, 0.5))
            } else {
                0.0
            }
        };
        let dx = sub(self.at(x - 1, y), v, self.at(x + 1, y));
        let dy = sub(self.at(x, y - 1), v, self.at(x, y + 1));
        Some((V2::new(x as f64 + dx, y as f64 + dy), v))
    }
}

/// Past this share of the strongest values, line pixels are clipped: bold text and black
/// symbols would otherwise outweigh a faint grid.
const CLIP_QUANTILE: f64 = 0.98;

/// The autocorrelation of `lines` (their magnitude: dark and light lines alike) for shifts up
/// to half the image's shorter side.
pub(super) fn autocorrelation(lines: &Lines) -> Autocorrelation {
    let (w0, h0) = (lines.width, lines.height);
    let max_lag = w0.min(h0) / 2;
    // Zero padding of `max_lag` keeps the shifts measured from wrapping round.
    let w = (w0 + max_lag).next_multiple_of(32);
    let h = (h0 + max_lag).next_multiple_of(32);
    let mut mags: Vec<f32> = lines.values.iter().map(|v| v.abs()).collect();
    let clip = quantile(&mags, CLIP_QUANTILE);
    for m in &mut mags {
        *m = m.min(clip);
    }
    let mean = mags.iter().map(|m| f64::from(*m)).sum::<f64>() / mags.len().max(1) as f64;
    let mut data = vec![Complex32::new(0.0, 0.0); w * h];
    for y in 0..h0 {
        for x in 0..w0 {
            data[y * w + x].re = mags[y * w0 + x] - mean as f32;
        }
    }
    drop(mags);
    let mut planner = FftPlanner::<f32>::new();
    fft2(&mut planner, &mut data, w, h, false);
    for c in &mut data {
        *c = Complex32::new(c.norm_sqr(), 0.0);
    }
    fft2(&mut planner, &mut data, w, h, true);
    let mut values: Vec<f32> = data.iter().map(|c| c.re).collect();
    drop(data);
    // Divide by the pixel pairs each shift compares, then by the value at no shift.
    for y in 0..h {
        let dy = if y <= h / 2 { y } else { h - y };
        for x in 0..w {
            let dx = if x <= w / 2 { x } else { w - x };
            let pairs = (w0.saturating_sub(dx) * h0.saturating_sub(dy)).max(1) as f32;
            values[y * w + x] /= pairs;
        }
    }
    let zero = values[0].max(f32::MIN_POSITIVE);
    for v in &mut values {
        *v /= zero;
    }
    Autocorrelation {
        w,
        h,
        values,
        max_lag,
    }
}

/// The value below which `share` of `values` lie (a sample of them, for speed).
fn quantile(values: &[f32], share: f64) -> f32 {
    let step = (values.len() / 200_000).max(1);
    let mut sample: Vec<f32> = values.iter().step_by(step).copied().collect();
    if sample.is_empty() {
        return 0.0;
    }
    let k = ((sample.len() - 1) as f64 * share) as usize;
    let (_, v, _) = sample.select_nth_unstable_by(k, f32::total_cmp);
    *v
}

/// A 2-D FFT in place, rows then columns (`inverse` unnormalised).
fn fft2(planner: &mut FftPlanner<f32>, data: &mut [Complex32], w: usize, h: usize, inverse: bool) {
    let row = if inverse {
        planner.plan_fft_inverse(w)
    } else {
        planner.plan_fft_forward(w)
    };
    for r in data.chunks_exact_mut(w) {
        row.process(r);
    }
    let col = if inverse {
        planner.plan_fft_inverse(h)
    } else {
        planner.plan_fft_forward(h)
    };
    let mut column = vec![Complex32::new(0.0, 0.0); h];
    for x in 0..w {
        for (y, c) in column.iter_mut().enumerate() {
            *c = data[y * w + x];
        }
        col.process(&mut column);
        for (y, c) in column.iter().enumerate() {
            data[y * w + x] = *c;
        }
    }
}

/// The strongest local maxima of the autocorrelation at shifts between `min_lag` and its
/// `max_lag` (one of each pair `t`, `-t`), strongest first, at most `count`.
pub(super) fn peaks(ac: &Autocorrelation, min_lag: f64, count: usize) -> Vec<(V2, f32)> {
    let lag = ac.max_lag as i64 - 1;
    let mut out = Vec::new();
    for y in 0..=lag {
        for x in -lag..=lag {
            if y == 0 && x <= 0 {
                continue;
            }
            let r = ((x * x + y * y) as f64).sqrt();
            if r < min_lag || r > lag as f64 {
                continue;
            }
            let v = ac.at(x, y);
            if v <= 0.0 {
                continue;
            }
            let mut top = true;
            'n: for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) != (0, 0) && ac.at(x + dx, y + dy) > v {
                        top = false;
                        break 'n;
                    }
                }
            }
            if top {
                out.push((V2::new(x as f64, y as f64), v));
            }
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out.truncate(count);
    out
}

/// The lattice point `m a1 + n a2` for a neighbour vector `v` (`a2` is `v` turned 60°).
fn point(v: V2, m: i64, n: i64) -> V2 {
    v * m as f64 + v.turned(60.0) * n as f64
}

/// The neighbour vector `v`, measured again over the lattice points the autocorrelation
/// reaches: each point's peak is found near where `v` puts it, and `v` is the least-squares
/// fit of all of them (`t = (m + n R60) v`, a scaled turn, so the fit has a closed form).
/// The reach doubles each round, so the points searched stay near their peaks. `None` when
/// too few peaks are found.
pub(super) fn refine_vector(ac: &Autocorrelation, v: V2) -> Option<V2> {
    let mut v = v;
    let len = v.length();
    let mut reach = 2.1 * len;
    let limit = ac.max_lag as f64 * 0.95;
    loop {
        let reach_now = reach.min(limit);
        let radius = (0.12 * len).max(1.5);
        let span = (reach_now / len * 1.2).ceil() as i64 + 1;
        let (mut num, mut den) = (V2::default(), 0.0);
        let mut found = 0;
        for m in -span..=span {
            for n in -span..=span {
                let t = point(v, m, n);
                // One of each pair: the autocorrelation is symmetric.
                if t.length() > reach_now || t.y < 0.0 || (t.y == 0.0 && t.x <= 0.0) {
                    continue;
                }
                if (m, n) == (0, 0) {
                    continue;
                }
                let Some((p, value)) = ac.peak_near(t, radius) else {
                    continue;
                };
                if value <= 0.0 {
                    continue;
                }
                // t = M v with M = m I + n R60 = rho R(alpha): v = sum w M^T t / sum w rho^2.
                let mx = m as f64 + n as f64 * 0.5;
                let my = n as f64 * 3f64.sqrt() / 2.0;
                let rho2 = mx * mx + my * my;
                // M^T t: rotate t back by alpha and scale by rho.
                let mt = V2::new(mx * p.x + my * p.y, -my * p.x + mx * p.y);
                let w = f64::from(value) * rho2.sqrt();
                num = num + mt * w;
                den += w * rho2;
                found += 1;
            }
        }
        if found < 3 || den <= 0.0 {
            return None;
        }
        v = num * (1.0 / den);
        if reach_now >= limit {
            return Some(v);
        }
        reach *= 2.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::hex_lattice::gray::Gray;

    #[test]
    fn the_autocorrelation_of_a_dot_grid_peaks_at_its_period() {
        // Dark dots every 12 pixels across and 10 down.
        let (w, h) = (120u32, 100u32);
        let px = (0..w * h)
            .map(|i| {
                if (i % w) % 12 == 0 && (i / w) % 10 == 0 {
                    30
                } else {
                    220
                }
            })
            .collect();
        let lines = Lines::of(&Gray::new(w, h, px).expect("sized"), 2);
        let ac = autocorrelation(&lines);
        assert!(ac.at(12, 0) > 0.8, "{}", ac.at(12, 0));
        assert!(ac.at(0, 10) > 0.8, "{}", ac.at(0, 10));
        assert!(ac.at(6, 0) < 0.2, "{}", ac.at(6, 0));
        let (p, _) = ac.peak_near(V2::new(11.0, 1.0), 3.0).expect("a peak");
        assert!((p.x - 12.0).abs() < 0.3 && p.y.abs() < 0.3, "{p:?}");
        let top = peaks(&ac, 5.0, 4);
        assert!(
            top.iter()
                .any(|(t, _)| (*t - V2::new(12.0, 0.0)).length() < 0.5)
        );
    }
}
