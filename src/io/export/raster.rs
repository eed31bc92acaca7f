//! Pages to pixels with vello_cpu (already in the build through epaint), and pixels to PNG
//! through `image`, with the DPI recorded in the file so viewers and printers know its true size.

use super::ExportError;
use super::draw::{Canvas, GlyphRun, draw_page};
use super::fonts::OutlineCache;
use super::page::{Page, Picture};
use crate::model::Colour;
use std::collections::HashMap;
use std::sync::Arc;
use vello_cpu::color::{AlphaColor, PremulRgba8, Srgb};
use vello_cpu::kurbo::{Affine, BezPath, Cap, Join, Rect, Shape};
use vello_cpu::peniko::{ImageQuality, ImageSampler};
use vello_cpu::{Image, ImageSource, Pixmap, RenderContext, Resources};

/// The most pixels one page may have: 200 megapixels (an A4 page at about 1,400 DPI). Checked
/// before anything is allocated.
pub const MAX_PAGE_PIXELS: u64 = 200_000_000;
/// The renderer's largest side, in pixels.
const MAX_SIDE: u64 = u16::MAX as u64;

/// The pixel size of a page at `dpi`, or why it cannot be rendered.
pub fn pixel_size(width_mm: f64, height_mm: f64, dpi: f64) -> Result<(u16, u16), ExportError> {
    if !(dpi.is_finite() && dpi > 0.0) {
        return Err(ExportError::BadDpi { dpi });
    }
    let w = (width_mm / 25.4 * dpi).round();
    let h = (height_mm / 25.4 * dpi).round();
    let too_large = || {
        // The largest DPI that fits both limits, rounded down.
        let by_pixels = (MAX_PAGE_PIXELS as f64 / (width_mm / 25.4 * height_mm / 25.4)).sqrt();
        let by_side = MAX_SIDE as f64 / (width_mm.max(height_mm) / 25.4);
        ExportError::PageTooLarge {
            dpi,
            width_mm,
            height_mm,
            width_px: w,
            height_px: h,
            limit_mp: MAX_PAGE_PIXELS / 1_000_000,
            max_dpi: by_pixels.min(by_side).floor().max(0.0) as u32,
        }
    };
    if !(w.is_finite() && h.is_finite()) || w > MAX_SIDE as f64 || h > MAX_SIDE as f64 {
        return Err(too_large());
    }
    if (w * h) as u64 > MAX_PAGE_PIXELS {
        return Err(too_large());
    }
    Ok(((w as u16).max(1), (h as u16).max(1)))
}

fn colour(c: Colour) -> AlphaColor<Srgb> {
    AlphaColor::from_rgba8(c.r, c.g, c.b, c.a)
}

struct Raster {
    ctx: RenderContext,
    /// Paper millimetres to pixels.
    base: Affine,
    outlines: OutlineCache,
    pictures: HashMap<usize, Arc<Pixmap>>,
}

impl Raster {
    fn pixmap_of(&mut self, picture: &Arc<Picture>) -> Option<Arc<Pixmap>> {
        let key = Arc::as_ptr(picture) as usize;
        if let Some(p) = self.pictures.get(&key) {
            return Some(p.clone());
        }
        let w = u16::try_from(picture.width).ok()?;
        let h = u16::try_from(picture.height).ok()?;
        if picture.rgba.len() != w as usize * h as usize * 4 {
            return None;
        }
        let mut transparent = false;
        let pixels = picture
            .rgba
            .chunks_exact(4)
            .map(|p| {
                let a = u16::from(p[3]);
                transparent |= p[3] != 255;
                let m = |c: u8| ((u16::from(c) * a + 127) / 255) as u8;
                PremulRgba8 {
                    r: m(p[0]),
                    g: m(p[1]),
                    b: m(p[2]),
                    a: p[3],
                }
            })
            .collect();
        let pixmap = Arc::new(Pixmap::from_parts_with_opacity(pixels, w, h, transparent));
        self.pictures.insert(key, pixmap.clone());
        Some(pixmap)
    }
}

fn stroke_style(width: f64, dash: Option<f64>) -> vello_cpu::kurbo::Stroke {
    let s = vello_cpu::kurbo::Stroke::new(width)
        .with_join(Join::Round)
        .with_caps(Cap::Butt);
    match dash {
        Some(d) if d > 0.0 => s.with_dashes(0.0, [d, d]),
        _ => s,
    }
}

impl Canvas for Raster {
    fn fill(&mut self, path: &BezPath, c: Colour) {
        self.ctx.set_transform(self.base);
        self.ctx.set_paint(colour(c));
        self.ctx.fill_path(path);
    }

    fn stroke(&mut self, path: &BezPath, width_mm: f64, c: Colour, dash_mm: Option<f64>) {
        if !(width_mm > 0.0 && width_mm.is_finite()) {
            return;
        }
        self.ctx.set_transform(self.base);
        self.ctx.set_paint(colour(c));
        self.ctx.set_stroke(stroke_style(width_mm, dash_mm));
        self.ctx.stroke_path(path);
    }

    fn glyphs(&mut self, run: &GlyphRun<'_>) {
        let Some(first) = run.glyphs.first() else {
            return;
        };
        self.ctx.set_paint(colour(run.colour));
        let size = run.size_mm;
        let embolden_em = run.embolden_mm / size;
        if embolden_em > 0.0 {
            self.ctx.set_stroke(
                vello_cpu::kurbo::Stroke::new(embolden_em)
                    .with_join(Join::Round)
                    .with_caps(Cap::Round),
            );
        }
        for (i, g) in run.glyphs.iter().enumerate() {
            let x = (f64::from(g.pen - first.pen) + f64::from(g.dx) + run.tracking_em * i as f64)
                * size;
            let y = f64::from(g.dy) * size;
            let t = self.base
                * run.transform
                * Affine::translate((x, y))
                * Affine::scale_non_uniform(size, -size);
            let outline = self.outlines.get(g.face, g.glyph).clone();
            if outline.elements().is_empty() {
                continue;
            }
            self.ctx.set_transform(t);
            self.ctx.fill_path(&outline);
            if embolden_em > 0.0 {
                self.ctx.stroke_path(&outline);
            }
        }
    }

    fn image(&mut self, picture: &Arc<Picture>, to_page: Affine, opacity: f32) {
        let Some(pixmap) = self.pixmap_of(picture) else {
            return;
        };
        let (w, h) = (f64::from(pixmap.width()), f64::from(pixmap.height()));
        // vello_cpu 0.2 cannot apply a sampler's alpha to an image (it panics): the image is
        // drawn opaque inside an opacity layer instead.
        let opacity = if opacity.is_finite() {
            opacity.clamp(0.0, 1.0)
        } else {
            1.0
        };
        let brush = Image {
            image: ImageSource::Pixmap(pixmap),
            sampler: ImageSampler {
                quality: ImageQuality::Medium,
                ..ImageSampler::default()
            },
        };
        let layered = opacity < 1.0;
        if layered {
            self.ctx.push_opacity_layer(opacity);
        }
        self.ctx.set_transform(self.base);
        self.ctx.set_paint(brush);
        self.ctx.set_paint_transform(to_page);
        // The image's outline on the page: a parallelogram when the image is turned.
        self.ctx
            .fill_path(&(to_page * Rect::new(0.0, 0.0, w, h).to_path(0.01)));
        self.ctx.reset_paint_transform();
        if layered {
            self.ctx.pop_layer();
        }
    }

    fn push_clip(&mut self, rect: Rect) {
        self.ctx.set_transform(self.base);
        self.ctx.push_clip_path(&rect.to_path(0.01));
    }

    fn pop_clip(&mut self) {
        self.ctx.pop_clip_path();
    }
}

/// A rendered page: opaque RGB pixels, row by row.
pub struct Rendered {
    pub width: u32,
    pub height: u32,
    pub dpi: f64,
    pub rgb: Vec<u8>,
}

impl Rendered {
    pub fn into_image(self) -> Option<image::RgbImage> {
        image::RgbImage::from_raw(self.width, self.height, self.rgb)
    }
}

/// Renders one page at `dpi`, refusing pages over the pixel limit before allocating.
pub fn render(page: &Page, dpi: f64) -> Result<Rendered, ExportError> {
    let (w, h) = pixel_size(page.width_mm, page.height_mm, dpi)?;
    let px_per_mm = f64::from(w) / page.width_mm;
    let py_per_mm = f64::from(h) / page.height_mm;
    let mut raster = Raster {
        ctx: RenderContext::new(w, h),
        base: Affine::scale_non_uniform(px_per_mm, py_per_mm) * page.correction(),
        outlines: OutlineCache::default(),
        pictures: HashMap::new(),
    };
    draw_page(&mut raster, page);
    raster.ctx.flush();
    let mut pixmap = Pixmap::new(w, h);
    raster.ctx.render(&mut pixmap, &mut Resources::new());
    drop(raster);
    // The page starts as opaque white paper, so premultiplied and straight colour agree.
    let mut rgb = Vec::with_capacity(w as usize * h as usize * 3);
    for p in pixmap.data() {
        rgb.extend_from_slice(&[p.r, p.g, p.b]);
    }
    Ok(Rendered {
        width: u32::from(w),
        height: u32::from(h),
        dpi,
        rgb,
    })
}

/// Encodes a rendered page as PNG (fast compression) with its DPI in a `pHYs` chunk.
pub fn encode_png(page: &Rendered) -> Result<Vec<u8>, image::ImageError> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            &page.rgb,
            page.width,
            page.height,
            image::ExtendedColorType::Rgb8,
        )?;
    Ok(with_phys(out, page.dpi))
}

/// Inserts a `pHYs` chunk (pixels per metre) after the header chunk of a PNG.
fn with_phys(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    // Signature (8 bytes) then IHDR: length (4), type (4), 13 data bytes, CRC (4).
    const AFTER_IHDR: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < AFTER_IHDR || png.get(12..16) != Some(b"IHDR".as_slice()) {
        return png;
    }
    let ppm = (dpi / 0.0254).round() as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&ppm.to_be_bytes());
    chunk.extend_from_slice(&ppm.to_be_bytes());
    chunk.push(1); // unit: metre
    let crc = crc32fast::hash(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_sizes_round_and_limits_name_the_dpi() {
        assert_eq!(pixel_size(210.0, 297.0, 300.0).ok(), Some((2480, 3508)));
        let err = pixel_size(210.0, 297.0, 2000.0).expect_err("too many pixels");
        let text = err.to_string();
        assert!(text.contains("2000 DPI"), "{text}");
        assert!(text.contains("210 x 297 mm"), "{text}");
        assert!(text.contains("use 1438 DPI or less"), "{text}");
        assert!(pixel_size(210.0, 297.0, 0.0).is_err());
        assert!(pixel_size(210.0, 297.0, f64::NAN).is_err());
    }

    #[test]
    fn png_carries_its_dpi() {
        let page = Rendered {
            width: 2,
            height: 1,
            dpi: 300.0,
            rgb: vec![255; 6],
        };
        let png = encode_png(&page).expect("encodes");
        let at = png.windows(4).position(|w| w == b"pHYs").expect("has pHYs");
        let ppm = u32::from_be_bytes([png[at + 4], png[at + 5], png[at + 6], png[at + 7]]);
        assert_eq!(ppm, 11811);
        let back = image::load_from_memory(&png).expect("decodes");
        assert_eq!((back.width(), back.height()), (2, 1));
    }
}
