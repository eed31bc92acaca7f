//! Text for print: egui's own faces (Ubuntu Light, with Hack as the fallback for
//! characters Ubuntu lacks), shaped once by harfrust so the PNG and the PDF place every glyph at
//! the same spot. Raster pages fill the glyph outlines from skrifa; PDF pages embed the same
//! font file, so the text stays text.
//!
//! Ubuntu Light is the only text weight egui ships. Headings use a synthetic bold: the glyph
//! outlines are also stroked by a fraction of the em (and advances grow by the same amount), which
//! both backends draw the same way (PDF text render mode "fill and stroke").

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, GlyphId, MetadataProvider};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::LazyLock;
use vello_cpu::kurbo::BezPath;

/// A face, by index into [`FONTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FaceId(pub usize);

/// How heavy text is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Weight {
    #[default]
    Regular,
    /// Slightly heavier than the light face: body emphasis.
    Medium,
    /// Headings and titles.
    Bold,
}

impl Weight {
    /// Extra stroke around each glyph outline, in em.
    pub fn embolden_em(self) -> f32 {
        match self {
            Weight::Regular => 0.0,
            Weight::Medium => 0.028,
            Weight::Bold => 0.058,
        }
    }
}

/// One font file with what shaping and drawing need.
pub struct Face {
    pub data: &'static [u8],
    pub font: FontRef<'static>,
    shaper: harfrust::ShaperData,
    pub units_per_em: f32,
    /// Ascender and descender in em (descender negative).
    pub ascent: f32,
    pub descent: f32,
}

impl Face {
    fn new(data: &'static [u8]) -> Option<Face> {
        let font = FontRef::new(data).ok()?;
        let metrics = font.metrics(Size::unscaled(), LocationRef::default());
        let upem = f32::from(metrics.units_per_em).max(1.0);
        let shaper = harfrust::ShaperData::new(&font);
        Some(Face {
            data,
            font,
            shaper,
            units_per_em: upem,
            ascent: metrics.ascent / upem,
            descent: metrics.descent / upem,
        })
    }

    fn has(&self, c: char) -> bool {
        self.font
            .charmap()
            .map(c)
            .is_some_and(|g| g != GlyphId::NOTDEF)
    }

    /// The glyph's outline in em, y up (font convention).
    pub fn outline(&self, glyph: u32) -> BezPath {
        let mut pen = Pen {
            path: BezPath::new(),
            scale: 1.0 / f64::from(self.units_per_em),
        };
        if let Some(g) = self.font.outline_glyphs().get(GlyphId::new(glyph)) {
            let _ = g.draw(
                DrawSettings::unhinted(Size::unscaled(), LocationRef::default()),
                &mut pen,
            );
        }
        pen.path
    }
}

struct Pen {
    path: BezPath,
    scale: f64,
}

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        let s = self.scale;
        self.path.move_to((f64::from(x) * s, f64::from(y) * s));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let s = self.scale;
        self.path.line_to((f64::from(x) * s, f64::from(y) * s));
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        let s = self.scale;
        self.path.quad_to(
            (f64::from(cx0) * s, f64::from(cy0) * s),
            (f64::from(x) * s, f64::from(y) * s),
        );
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let s = self.scale;
        self.path.curve_to(
            (f64::from(cx0) * s, f64::from(cy0) * s),
            (f64::from(cx1) * s, f64::from(cy1) * s),
            (f64::from(x) * s, f64::from(y) * s),
        );
    }
    fn close(&mut self) {
        self.path.close_path();
    }
}

/// The faces, in fallback order: Ubuntu Light, then Hack.
pub struct Fonts {
    pub faces: Vec<Face>,
}

/// The print faces, loaded once.
pub static FONTS: LazyLock<Fonts> = LazyLock::new(|| Fonts {
    faces: [
        epaint_default_fonts::UBUNTU_LIGHT,
        epaint_default_fonts::HACK_REGULAR,
    ]
    .into_iter()
    .filter_map(Face::new)
    .collect(),
});

/// A glyph placed on a line, in em from the start of the line (y down).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedGlyph {
    pub face: FaceId,
    pub glyph: u32,
    /// The pen position before this glyph.
    pub pen: f32,
    /// Where the glyph sits relative to the pen (kerning marks, superscripts).
    pub dx: f32,
    pub dy: f32,
    pub advance: f32,
    /// The bytes of the text this glyph shows.
    pub cluster: Range<usize>,
}

/// A shaped line of text, in em: multiply by the font size for paper units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shaped {
    pub glyphs: Vec<PlacedGlyph>,
    pub width: f32,
}

impl Fonts {
    pub fn face(&self, id: FaceId) -> Option<&Face> {
        self.faces.get(id.0)
    }

    /// Ascender and descender of the main face, in em.
    pub fn line_metrics(&self) -> (f32, f32) {
        self.faces
            .first()
            .map_or((0.93, -0.19), |f| (f.ascent, f.descent))
    }

    fn face_for(&self, c: char) -> usize {
        if c.is_whitespace() || c.is_control() {
            return 0;
        }
        self.faces.iter().position(|f| f.has(c)).unwrap_or(0)
    }

    /// Shapes one line, falling back face by face for characters the main face lacks.
    pub fn shape(&self, text: &str, weight: Weight) -> Shaped {
        let mut out = Shaped::default();
        if self.faces.is_empty() {
            return out;
        }
        let extra = weight.embolden_em();
        // Runs of characters that share a face.
        let mut runs: Vec<(usize, Range<usize>)> = Vec::new();
        for (i, c) in text.char_indices() {
            let face = self.face_for(c);
            let end = i + c.len_utf8();
            match runs.last_mut() {
                Some((f, r)) if *f == face => r.end = end,
                _ => runs.push((face, i..end)),
            }
        }
        let mut x = 0.0f32;
        for (face_index, range) in runs {
            let Some(face) = self.faces.get(face_index) else {
                continue;
            };
            let Some(part) = text.get(range.clone()) else {
                continue;
            };
            let shaper = face.shaper.shaper(&face.font).build();
            let mut buffer = harfrust::UnicodeBuffer::new();
            buffer.push_str(part);
            buffer.guess_segment_properties();
            let shaped = shaper.shape(buffer, harfrust::ShapeOptions::new());
            let infos = shaped.glyph_infos();
            let positions = shaped.glyph_positions();
            let scale = 1.0 / face.units_per_em;
            // Cluster ends: the next larger cluster start, or the run's end.
            let mut starts: Vec<usize> = infos.iter().map(|g| g.cluster as usize).collect();
            starts.sort_unstable();
            starts.dedup();
            for (info, pos) in infos.iter().zip(positions) {
                let start = info.cluster as usize;
                // `starts` is sorted: the next cluster is found by halving, not scanning,
                // so a long run shapes in n log n.
                let end = starts
                    .get(starts.partition_point(|s| *s <= start))
                    .copied()
                    .unwrap_or(part.len());
                let advance = pos.x_advance as f32 * scale + extra;
                out.glyphs.push(PlacedGlyph {
                    face: FaceId(face_index),
                    glyph: info.glyph_id,
                    pen: x,
                    dx: pos.x_offset as f32 * scale,
                    dy: -(pos.y_offset as f32) * scale,
                    advance,
                    cluster: range.start + start..range.start + end,
                });
                x += advance;
            }
        }
        out.width = x;
        out
    }

    /// The width of `text` in em.
    pub fn width(&self, text: &str, weight: Weight) -> f32 {
        self.shape(text, weight).width
    }
}

/// Glyph outlines already built, by face and glyph (em units, y up).
#[derive(Default)]
pub struct OutlineCache {
    map: HashMap<(usize, u32), BezPath>,
}

impl OutlineCache {
    pub fn get(&mut self, face: FaceId, glyph: u32) -> &BezPath {
        self.map.entry((face.0, glyph)).or_insert_with(|| {
            FONTS
                .face(face)
                .map_or_else(BezPath::new, |f| f.outline(glyph))
        })
    }
}

/// Splits `text` into lines no wider than `width` (in em at size 1), at spaces; a word longer
/// than the line is split between characters. Newlines start new lines; empty lines are kept.
///
/// Each paragraph is shaped once and its words measured from the glyphs' advances, so wrapping
/// costs one shaping of the text however many words it has (a sheet may wrap megabytes).
pub fn wrap(text: &str, width_em: f32, weight: Weight) -> Vec<String> {
    let fonts = &*FONTS;
    let space = fonts.width(" ", weight);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let shaped = fonts.shape(paragraph, weight);
        // Glyphs in text order with the sum of the advances before each: a range of the text is
        // as wide as the glyphs whose clusters start in it.
        let mut glyphs: Vec<(usize, f32)> = shaped
            .glyphs
            .iter()
            .map(|g| (g.cluster.start, g.advance))
            .collect();
        glyphs.sort_by_key(|g| g.0);
        let mut before = Vec::with_capacity(glyphs.len() + 1);
        let mut sum = 0.0f32;
        before.push(0.0);
        for g in &glyphs {
            sum += g.1;
            before.push(sum);
        }
        let index = |byte: usize| glyphs.partition_point(|g| g.0 < byte);
        let width = |from: usize, to: usize| before[index(to)] - before[index(from)];
        let mut line = String::new();
        let mut line_w = 0.0f32;
        let mut offset = 0usize;
        for word in paragraph.split(' ') {
            let (start, end) = (offset, offset + word.len());
            offset = end + 1;
            if word.is_empty() {
                continue;
            }
            let w = width(start, end);
            if !line.is_empty() && line_w + space + w <= width_em {
                line.push(' ');
                line.push_str(word);
                line_w += space + w;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if w <= width_em {
                line = word.to_string();
                line_w = w;
                continue;
            }
            // A word wider than the line: break it where it overflows.
            let mut from = start;
            for (g, _) in &glyphs[index(start)..index(end)] {
                if *g > from && width(from, *g + 1) > width_em {
                    if let Some(piece) = paragraph.get(from..*g) {
                        lines.push(piece.to_string());
                    }
                    from = *g;
                }
            }
            line = paragraph.get(from..end).unwrap_or_default().to_string();
            line_w = width(from, end);
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_load_and_shape_latin_text() {
        assert_eq!(FONTS.faces.len(), 2);
        let s = FONTS.shape("Winceby, 1643", Weight::Regular);
        assert_eq!(s.glyphs.len(), 13);
        assert!(s.width > 4.0 && s.width < 9.0, "{}", s.width);
        assert!(s.glyphs.iter().all(|g| g.glyph != 0 && g.face == FaceId(0)));
        let bold = FONTS.shape("Winceby, 1643", Weight::Bold);
        assert!(bold.width > s.width);
    }

    #[test]
    fn missing_characters_fall_back_to_another_face() {
        let s = FONTS.shape("a\u{2192}b", Weight::Regular);
        assert_eq!(s.glyphs.len(), 3);
        assert!(s.glyphs.iter().all(|g| g.glyph != 0), "{s:?}");
        assert_eq!(s.glyphs[1].cluster, 1..4);
    }

    #[test]
    fn wrapping_respects_the_width_and_keeps_every_word() {
        let text =
            "The Royalists must hold the village until the end of turn eight.\nSecond paragraph.";
        let lines = wrap(text, 12.0, Weight::Regular);
        assert!(lines.len() >= 3, "{lines:?}");
        for l in &lines {
            assert!(FONTS.width(l, Weight::Regular) <= 12.0, "{l}");
        }
        let joined = lines.join(" ");
        for word in text.split_whitespace() {
            assert!(joined.contains(word), "{word}");
        }
        let long = wrap("Supercalifragilistic", 3.0, Weight::Regular);
        assert!(long.len() > 1, "{long:?}");
        assert_eq!(long.concat(), "Supercalifragilistic");
    }
}
