//! Synthetic scans of printed hex maps with a known grid: what the grid finder is tested and
//! benchmarked on. Each is drawn from a [`ScanSpec`] (the true lattice, the ink and width of
//! its lines) over terrain art that ignores the grid (smooth patches of colour, winding roads
//! and rivers), with printed hex numbers, a margin the map does not cover, then blurred, made
//! noisy and, if asked, passed through JPEG as a scanner's file would be.

use crate::geom::hex_lattice::{Lattice, Tops, V2};
use image::{Rgb, RgbImage};

/// What a synthetic scan shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanSpec {
    pub width: u32,
    pub height: u32,
    pub tops: Tops,
    /// A hex across the flats, pixels.
    pub across_px: f64,
    /// The grid's turn, degrees clockwise.
    pub turn_deg: f64,
    /// One hex centre, pixels.
    pub centre_px: [f64; 2],
    /// Width of the printed lines, pixels.
    pub line_px: f64,
    /// How dark the lines are over the art: 1 black, 0.2 a faint grey.
    pub ink: f64,
    /// Lines lighter than the art (a white grid) instead of darker.
    pub light_lines: bool,
    /// Terrain art (patches of colour, roads, rivers) under the grid.
    pub terrain: bool,
    /// Hex numbers printed near the top of each hex.
    pub numbers: bool,
    /// The part of the image the map covers (`[x0, y0, x1, y1]`, pixels); plain paper with a
    /// few blocks of text outside it.
    pub map_area: Option<[f64; 4]>,
    /// Box blur radius, pixels.
    pub blur: u32,
    /// Noise added to each channel, ± levels.
    pub noise: u8,
    pub seed: u64,
    /// The printed grid stretched across the image (x) about `centre_px`: 1 is a regular
    /// grid, 1.02 a print or scan two per cent wider than high.
    pub stretch_x: f64,
}

impl ScanSpec {
    /// A clean scan: black lines on terrain art with numbers, slightly blurred and noisy.
    pub fn new(width: u32, height: u32, tops: Tops, across_px: f64, turn_deg: f64) -> ScanSpec {
        ScanSpec {
            width,
            height,
            tops,
            across_px,
            turn_deg,
            centre_px: [width as f64 * 0.37, height as f64 * 0.41],
            line_px: (across_px / 30.0).max(1.0),
            ink: 0.9,
            light_lines: false,
            terrain: true,
            numbers: true,
            map_area: None,
            blur: 1,
            noise: 6,
            seed: 1,
            stretch_x: 1.0,
        }
    }

    /// The true lattice of hex centres.
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
}

/// SplitMix64: a seeded stream written out, so a scan never changes with a crate's version.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const PALETTE: [[f64; 3]; 5] = [
    [226.0, 221.0, 190.0],
    [150.0, 190.0, 110.0],
    [90.0, 140.0, 80.0],
    [200.0, 170.0, 120.0],
    [140.0, 180.0, 215.0],
];

/// Seven segments (a to g) of each digit, as a bit mask.
const DIGITS: [u8; 10] = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];

/// Draws the scan of `spec`.
pub fn draw(spec: &ScanSpec) -> RgbImage {
    let mut rng = Mix(spec.seed);
    let lat = spec.lattice();
    let across = spec.across_px;
    let waves: Vec<(f64, f64, f64, f64)> = (0..6)
        .map(|_| {
            let angle = rng.unit() * std::f64::consts::TAU;
            let freq = (0.5 + rng.unit()) / (across * 2.5);
            (
                angle.cos() * freq,
                angle.sin() * freq,
                rng.unit() * 6.3,
                1.0,
            )
        })
        .collect();
    let roads: Vec<(f64, f64, f64, f64)> = (0..3)
        .map(|_| {
            (
                rng.unit() * f64::from(spec.height),
                rng.unit() * across,
                (0.3 + rng.unit()) / (across * 3.0),
                rng.unit() * 6.3,
            )
        })
        .collect();
    let blocks: Vec<[f64; 4]> = (0..12)
        .map(|_| {
            let (x, y) = (
                rng.unit() * f64::from(spec.width),
                rng.unit() * f64::from(spec.height),
            );
            [
                x,
                y,
                x + 20.0 + rng.unit() * 200.0,
                y + 4.0 + rng.unit() * 10.0,
            ]
        })
        .collect();
    let mut img = RgbImage::new(spec.width, spec.height);
    let inv_turn = -(spec.turn_deg);
    for (x, y, px) in img.enumerate_pixels_mut() {
        let p = V2::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
        let inside = spec
            .map_area
            .is_none_or(|[x0, y0, x1, y1]| p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1);
        let mut c = [246.0, 243.0, 235.0];
        if !inside {
            if blocks
                .iter()
                .any(|[x0, y0, x1, y1]| p.x >= *x0 && p.x < *x1 && p.y >= *y0 && p.y < *y1)
                && (x / 3 + y / 2) % 3 != 0
            {
                c = [40.0, 40.0, 40.0];
            }
            *px = Rgb(c.map(|v| v as u8));
            continue;
        }
        if spec.terrain {
            let field: f64 = waves
                .iter()
                .map(|(fx, fy, ph, a)| a * (p.x * fx * 6.3 + p.y * fy * 6.3 + ph).sin())
                .sum::<f64>()
                / 6.0;
            let k = (((field + 0.6) / 1.2).clamp(0.0, 0.999) * PALETTE.len() as f64) as usize;
            c = PALETTE[k];
            for (i, (y0, amp, freq, ph)) in roads.iter().enumerate() {
                let centre = y0 + amp * (p.x * freq * 6.3 + ph).sin() * 3.0;
                if (p.y - centre).abs() < across * 0.06 {
                    c = if i == 0 {
                        [60.0, 90.0, 170.0]
                    } else {
                        [120.0, 70.0, 40.0]
                    };
                }
            }
        }
        // The grid's own point under this pixel (the same as the pixel unless stretched).
        let g = V2::new(
            spec.centre_px[0] + (p.x - spec.centre_px[0]) / spec.stretch_x,
            p.y,
        );
        let (m, n) = lat.nearest(g);
        let centre = lat.point(m as f64, n as f64);
        if spec.numbers && digit_ink(g - centre, across, inv_turn, m, n) {
            c = [30.0, 30.0, 30.0];
        }
        let d = lat.edge_distance(g - lat.origin);
        let cover = (spec.line_px / 2.0 + 0.5 - d).clamp(0.0, 1.0) * spec.ink;
        let target = if spec.light_lines { 255.0 } else { 10.0 };
        for v in &mut c {
            *v += (target - *v) * cover;
        }
        *px = Rgb(c.map(|v| v.clamp(0.0, 255.0) as u8));
    }
    if spec.blur > 0 {
        img = image::imageops::blur(&img, spec.blur as f32);
    }
    if spec.noise > 0 {
        let amp = f64::from(spec.noise);
        for p in img.pixels_mut() {
            for v in &mut p.0 {
                let n = (rng.unit() * 2.0 - 1.0) * amp;
                *v = (f64::from(*v) + n).clamp(0.0, 255.0) as u8;
            }
        }
    }
    img
}

/// Whether `q` (from a hex's centre) falls on the ink of the hex's four-digit number, printed
/// near its top as seven-segment digits.
fn digit_ink(q: V2, across: f64, inv_turn: f64, m: i64, n: i64) -> bool {
    let q = q.turned(inv_turn);
    let (h, w) = (across * 0.13, across * 0.07);
    let top = -across * 0.38;
    let left = -2.0 * w * 1.3;
    if q.y < top || q.y > top + h || q.x < left || q.x > -left {
        return false;
    }
    let number = (m.rem_euclid(100) * 100 + n.rem_euclid(100)) as usize;
    let slot = ((q.x - left) / (w * 1.3)) as usize;
    if slot > 3 {
        return false;
    }
    let digit = DIGITS[(number / 10usize.pow(3 - slot as u32)) % 10];
    let (u, v) = ((q.x - left - slot as f64 * w * 1.3) / w, (q.y - top) / h);
    let t = 0.18;
    let on = |seg: u8| digit & (1 << seg) != 0;
    (on(0) && v < t && u < 1.0)
        || (on(6) && (v - 0.5).abs() < t / 2.0 && u < 1.0)
        || (on(3) && v > 1.0 - t && u < 1.0)
        || (on(5) && u < t && v < 0.5)
        || (on(1) && u > 1.0 - t && u < 1.0 && v < 0.5)
        || (on(4) && u < t && v >= 0.5)
        || (on(2) && u > 1.0 - t && u < 1.0 && v >= 0.5)
}

/// The scan through a JPEG encoder at `quality` (1 to 100) and back, with the artefacts a
/// scanner's file has; the encoded bytes too.
pub fn through_jpeg(img: &RgbImage, quality: u8) -> Result<(RgbImage, Vec<u8>), image::ImageError> {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(img)?;
    let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)?.to_rgb8();
    Ok((back, bytes))
}
