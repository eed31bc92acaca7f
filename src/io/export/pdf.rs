//! Pages to one vector PDF with krilla: paths stay paths, text stays text (the faces are embedded
//! and subset), so the print is sharp at any size and the text can be searched and copied.

use super::ExportError;
use super::draw::{Canvas, GlyphRun, draw_page};
use super::fonts::FONTS;
use super::page::{Page, Picture};
use crate::model::Colour;
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Size, Transform};
use krilla::image::Image;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use std::collections::HashMap;
use std::sync::Arc;
use vello_cpu::kurbo::{Affine, BezPath, PathEl, Rect, Shape};

/// PDF points per millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;

fn to_path(path: &BezPath) -> Option<krilla::geom::Path> {
    let mut b = PathBuilder::new();
    let f = |v: f64| v as f32;
    for el in path.elements() {
        match *el {
            PathEl::MoveTo(p) => b.move_to(f(p.x), f(p.y)),
            PathEl::LineTo(p) => b.line_to(f(p.x), f(p.y)),
            PathEl::QuadTo(c, p) => b.quad_to(f(c.x), f(c.y), f(p.x), f(p.y)),
            PathEl::CurveTo(c0, c1, p) => {
                b.cubic_to(f(c0.x), f(c0.y), f(c1.x), f(c1.y), f(p.x), f(p.y))
            }
            PathEl::ClosePath => b.close(),
        }
    }
    b.finish()
}

fn transform(a: Affine) -> Transform {
    let [a, b, c, d, e, f] = a.as_coeffs().map(|v| v as f32);
    Transform::from_row(a, b, c, d, e, f)
}

fn fill(c: Colour) -> Fill {
    Fill {
        paint: rgb::Color::new(c.r, c.g, c.b).into(),
        opacity: NormalizedF32::new(f32::from(c.a) / 255.0).unwrap_or(NormalizedF32::ONE),
        rule: FillRule::NonZero,
    }
}

fn stroke(c: Colour, width: f32, dash: Option<f32>, cap: LineCap) -> Stroke {
    Stroke {
        paint: rgb::Color::new(c.r, c.g, c.b).into(),
        width,
        miter_limit: 4.0,
        line_cap: cap,
        line_join: LineJoin::Round,
        opacity: NormalizedF32::new(f32::from(c.a) / 255.0).unwrap_or(NormalizedF32::ONE),
        dash: dash.filter(|d| *d > 0.0).map(|d| StrokeDash {
            array: vec![d, d],
            offset: 0.0,
        }),
    }
}

struct PdfCanvas<'a, 'b> {
    surface: &'a mut Surface<'b>,
    fonts: &'a [Option<Font>],
    images: &'a mut HashMap<usize, Image>,
}

impl Canvas for PdfCanvas<'_, '_> {
    fn fill(&mut self, path: &BezPath, c: Colour) {
        let Some(p) = to_path(path) else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill(c)));
        self.surface.draw_path(&p);
    }

    fn stroke(&mut self, path: &BezPath, width_mm: f64, c: Colour, dash_mm: Option<f64>) {
        if !(width_mm > 0.0 && width_mm.is_finite()) {
            return;
        }
        let Some(p) = to_path(path) else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(stroke(
            c,
            width_mm as f32,
            dash_mm.map(|d| d as f32),
            LineCap::Butt,
        )));
        self.surface.draw_path(&p);
        self.surface.set_stroke(None);
    }

    fn glyphs(&mut self, run: &GlyphRun<'_>) {
        let Some(Some(font)) = self.fonts.get(run.face.0) else {
            return;
        };
        if run.glyphs.is_empty() {
            return;
        }
        let tracking = run.tracking_em as f32;
        let glyphs: Vec<KrillaGlyph> = run
            .glyphs
            .iter()
            .map(|g| {
                KrillaGlyph::new(
                    GlyphId::new(g.glyph),
                    g.advance + tracking,
                    g.dx,
                    -g.dy,
                    0.0,
                    g.cluster.clone(),
                    None,
                )
            })
            .collect();
        self.surface.set_fill(Some(fill(run.colour)));
        if run.embolden_mm > 0.0 {
            self.surface.set_stroke(Some(stroke(
                run.colour,
                run.embolden_mm as f32,
                None,
                LineCap::Round,
            )));
        } else {
            self.surface.set_stroke(None);
        }
        self.surface.push_transform(&transform(run.transform));
        self.surface.draw_glyphs(
            Point::from_xy(0.0, 0.0),
            &glyphs,
            font.clone(),
            run.text,
            run.size_mm as f32,
            false,
        );
        self.surface.pop();
        self.surface.set_stroke(None);
    }

    fn image(&mut self, picture: &Arc<Picture>, to_page: Affine, opacity: f32) {
        let key = Arc::as_ptr(picture) as usize;
        let image = self
            .images
            .entry(key)
            .or_insert_with(|| {
                Image::from_rgba8(picture.rgba.clone(), picture.width, picture.height)
            })
            .clone();
        // The image is laid in a box of its pixel size, taken to the page by `to_page`.
        let Some(size) = Size::from_wh(picture.width as f32, picture.height as f32) else {
            return;
        };
        let [a, b, c, d, e, f] = to_page.as_coeffs().map(|v| v as f32);
        if ![a, b, c, d, e, f].iter().all(|v| v.is_finite()) {
            return;
        }
        let opacity = NormalizedF32::new(opacity.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE);
        self.surface.push_opacity(opacity);
        self.surface
            .push_transform(&Transform::from_row(a, b, c, d, e, f));
        self.surface.draw_image(image, size);
        self.surface.pop();
        self.surface.pop();
    }

    fn push_clip(&mut self, rect: Rect) {
        match to_path(&rect.to_path(0.01)) {
            Some(p) => self.surface.push_clip_path(&p, &FillRule::NonZero),
            // An empty clip: keep the push and pop balanced with an empty region.
            None => self.surface.push_transform(&Transform::identity()),
        }
    }

    fn pop_clip(&mut self) {
        self.surface.pop();
    }
}

/// Draws pages into one PDF, one page at a time.
pub struct PdfWriter {
    doc: Document,
    fonts: Vec<Option<Font>>,
    images: HashMap<usize, Image>,
}

impl PdfWriter {
    pub fn new(title: &str) -> PdfWriter {
        let mut doc = Document::new();
        doc.set_metadata(
            Metadata::new()
                .title(title.to_string())
                .creator(format!("Sandtable {}", env!("CARGO_PKG_VERSION"))),
        );
        let fonts = FONTS
            .faces
            .iter()
            .map(|f| Font::new(f.data.into(), 0))
            .collect();
        PdfWriter {
            doc,
            fonts,
            images: HashMap::new(),
        }
    }

    pub fn add(&mut self, page: &Page) -> Result<(), ExportError> {
        let w = page.width_mm as f32 * PT_PER_MM;
        let h = page.height_mm as f32 * PT_PER_MM;
        let settings = PageSettings::from_wh(w, h).ok_or(ExportError::Pdf(format!(
            "page {} has no area ({} x {} mm)",
            page.name, page.width_mm, page.height_mm
        )))?;
        let mut p = self.doc.start_page_with(settings);
        let mut surface = p.surface();
        surface.push_transform(&transform(
            vello_cpu::kurbo::Affine::scale(f64::from(PT_PER_MM)) * page.correction(),
        ));
        {
            let mut canvas = PdfCanvas {
                surface: &mut surface,
                fonts: &self.fonts,
                images: &mut self.images,
            };
            draw_page(&mut canvas, page);
        }
        surface.pop();
        surface.finish();
        p.finish();
        Ok(())
    }

    pub fn finish(self) -> Result<Vec<u8>, ExportError> {
        self.doc
            .finish()
            .map_err(|e| ExportError::Pdf(format!("{e:?}")))
    }
}
