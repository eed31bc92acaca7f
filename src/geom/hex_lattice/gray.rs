//! Grey levels of a scan and the thin lines printed on it.
//!
//! The finder works on grey levels (a hex grid is drawn in ink, whatever its colour) scaled
//! down by whole factors (a box average, so a thin line keeps its share of each pixel), and on
//! a *line image*: each pixel's difference from the mean of its neighbourhood, positive where
//! the pixel is darker (a dark line), negative where it is lighter (a white grid on dark art).

/// A grey-level image, row by row, 0 black to 255 white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gray {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Gray {
    /// An image of `pixels` (row by row), or `None` when their count is not `width * height`.
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Option<Gray> {
        (pixels.len() as u64 == u64::from(width) * u64::from(height)).then_some(Gray {
            width,
            height,
            pixels,
        })
    }

    /// The image scaled down by a whole `factor`, each pixel the mean of a `factor`-square
    /// block (the blocks at the right and bottom edges may be cut short).
    pub fn shrunk(&self, factor: u32) -> Gray {
        let factor = factor.max(1);
        if factor == 1 {
            return self.clone();
        }
        let (w, h) = (self.width as usize, self.height as usize);
        let f = factor as usize;
        let (sw, sh) = (w.div_ceil(f), h.div_ceil(f));
        let mut sums = vec![0u32; sw];
        let mut counts = vec![0u32; sw];
        let mut out = Vec::with_capacity(sw * sh);
        for sy in 0..sh {
            sums.fill(0);
            counts.fill(0);
            for y in sy * f..((sy + 1) * f).min(h) {
                let row = &self.pixels[y * w..(y + 1) * w];
                for (x, p) in row.iter().enumerate() {
                    sums[x / f] += u32::from(*p);
                    counts[x / f] += 1;
                }
            }
            out.extend(
                sums.iter()
                    .zip(&counts)
                    .map(|(s, c)| ((s + c / 2) / (*c).max(1)) as u8),
            );
        }
        Gray {
            width: sw as u32,
            height: sh as u32,
            pixels: out,
        }
    }
}

impl Gray {
    /// The part `[x0, x1) x [y0, y1)` of the image (clamped to it).
    pub fn cropped(&self, x0: u32, y0: u32, x1: u32, y1: u32) -> Gray {
        let (x1, y1) = (x1.min(self.width), y1.min(self.height));
        let (x0, y0) = (x0.min(x1), y0.min(y1));
        let w = self.width as usize;
        let mut pixels = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
        for y in y0 as usize..y1 as usize {
            pixels.extend_from_slice(&self.pixels[y * w + x0 as usize..y * w + x1 as usize]);
        }
        Gray {
            width: x1 - x0,
            height: y1 - y0,
            pixels,
        }
    }
}

/// A line image: one `f32` a pixel (see the module's doc), row by row.
#[derive(Clone, Debug)]
pub struct Lines {
    pub width: usize,
    pub height: usize,
    pub values: Vec<f32>,
}

impl Lines {
    /// Each pixel's darkness against the mean of the `(2 radius + 1)`-square around it.
    pub fn of(img: &Gray, radius: usize) -> Lines {
        let (w, h) = (img.width as usize, img.height as usize);
        // A summed-area table, one row and column of zeros before the image.
        let mut sat = vec![0u64; (w + 1) * (h + 1)];
        for y in 0..h {
            let mut row = 0u64;
            for x in 0..w {
                row += u64::from(img.pixels[y * w + x]);
                sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row;
            }
        }
        let mut values = Vec::with_capacity(w * h);
        for y in 0..h {
            let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
            for x in 0..w {
                let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
                let sum = sat[y1 * (w + 1) + x1] + sat[y0 * (w + 1) + x0]
                    - sat[y0 * (w + 1) + x1]
                    - sat[y1 * (w + 1) + x0];
                let n = ((y1 - y0) * (x1 - x0)) as f32;
                values.push(sum as f32 / n - f32::from(img.pixels[y * w + x]));
            }
        }
        Lines {
            width: w,
            height: h,
            values,
        }
    }

    /// The value at a pixel, 0 outside the image.
    #[cfg(test)]
    pub fn at(&self, x: isize, y: isize) -> f32 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return 0.0;
        }
        self.values[y as usize * self.width + x as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_averages_blocks_and_keeps_the_cut_edge() {
        let img = Gray::new(3, 2, vec![0, 100, 50, 200, 100, 250]).expect("sized");
        let s = img.shrunk(2);
        assert_eq!((s.width, s.height), (2, 1));
        assert_eq!(s.pixels, vec![100, 150]);
        assert!(Gray::new(3, 3, vec![0; 8]).is_none());
        let c = Gray::new(3, 2, vec![0, 100, 50, 200, 100, 250])
            .expect("sized")
            .cropped(1, 0, 9, 1);
        assert_eq!((c.width, c.height, c.pixels), (2, 1, vec![100, 50]));
    }

    #[test]
    fn a_dark_line_stands_out_positive_and_a_light_one_negative() {
        let mut px = vec![200u8; 9 * 9];
        for y in 0..9 {
            px[y * 9 + 4] = 20;
            px[y * 9 + 1] = 255;
        }
        let l = Lines::of(&Gray::new(9, 9, px).expect("sized"), 2);
        assert!(l.at(4, 4) > 100.0);
        assert!(l.at(1, 4) < -10.0);
        assert!(l.at(6, 4).abs() < l.at(4, 4) / 2.0);
        assert_eq!(l.at(-1, 0), 0.0);
    }
}
