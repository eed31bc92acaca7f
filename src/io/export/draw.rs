//! Pages onto a drawing surface. Scene items are turned into paths here, once, with the same
//! meaning the editor's canvas painter (`app::paint`) gives them: a `Size::Map` length scales with
//! the map, a `Size::Points` length is that many points (1/72") on paper, map dashes scale with
//! the map and point dashes do not.

use super::fonts::{FONTS, FaceId, PlacedGlyph};
use super::page::{
    HAlign, MM_PER_PT, MapToPaper, Op, Page, Picture, ScenePlacement, TextLine, VAlign,
};
use crate::geom::{Aabb, Point};
use crate::model::Colour;
use crate::scene::{Anchor, Item, Mesh, Size, Stroke};
use std::sync::Arc;
use vello_cpu::kurbo::{Affine, BezPath, Circle, Rect, Shape};

/// Text smaller than this on paper is not drawn (the editor hides text under 5 screen points;
/// paper is sharper, so print keeps labels down to 2.5 points: hex numbers and counter strengths
/// on a fitted hex map stay legible on a 600 DPI printer).
pub const MIN_TEXT_PT: f64 = 2.5;
/// Lines thinner than this are not drawn, as on screen.
const MIN_LINE_PT: f64 = 0.15;

/// Glyphs of one face on one line.
pub struct GlyphRun<'a> {
    /// The whole line's text (glyph clusters index into it).
    pub text: &'a str,
    pub face: FaceId,
    pub glyphs: &'a [PlacedGlyph],
    /// The em size in millimetres.
    pub size_mm: f64,
    /// From line space (millimetres, x along the baseline from the run's first pen position,
    /// y down) to paper.
    pub transform: Affine,
    pub colour: Colour,
    /// Synthetic bold: the outline is also stroked this wide (millimetres).
    pub embolden_mm: f64,
    /// Extra advance after each glyph in em (tracking).
    pub tracking_em: f64,
}

/// Where pages are drawn: a raster image or a PDF page. Coordinates are paper millimetres.
pub trait Canvas {
    fn fill(&mut self, path: &BezPath, colour: Colour);
    fn stroke(&mut self, path: &BezPath, width_mm: f64, colour: Colour, dash_mm: Option<f64>);
    fn glyphs(&mut self, run: &GlyphRun<'_>);
    /// Draws a picture through `to_page`, which takes its pixels to paper millimetres.
    fn image(&mut self, picture: &Arc<Picture>, to_page: Affine, opacity: f32);
    fn push_clip(&mut self, rect: Rect);
    fn pop_clip(&mut self);
}

/// Draws a whole page, white paper first.
pub fn draw_page(canvas: &mut dyn Canvas, page: &Page) {
    let paper = Rect::new(0.0, 0.0, page.width_mm, page.height_mm);
    canvas.fill(&paper.to_path(0.01), Colour::rgb(255, 255, 255));
    for op in &page.ops {
        match op {
            Op::Fill { path, colour } => canvas.fill(path, *colour),
            Op::Stroke {
                path,
                width_mm,
                colour,
                dash_mm,
            } => canvas.stroke(path, *width_mm, *colour, *dash_mm),
            Op::Text(t) => draw_text(canvas, t),
            Op::Scene(s) => draw_scene(canvas, s),
        }
    }
}

/// The width of a line of text on paper, in millimetres.
pub fn text_width_mm(t: &TextLine) -> f64 {
    let shaped = FONTS.shape(&t.text, t.weight);
    let n = shaped.glyphs.len() as f64;
    (f64::from(shaped.width) + t.tracking_em * n) * t.size_pt * MM_PER_PT
}

/// A map's text on a page clipped to `clip`: whole, or not at all. A text whose anchor (the
/// place it names) lies on the page but which would run over the clip's edge is moved inside
/// it, so a name by a true-scale tile's edge reads whole on that tile; a text anchored off the
/// page is left to the page that holds its anchor, rather than shown in part. A text wider or
/// taller than the clip is left where it is.
fn whole_inside(mut line: TextLine, clip: Rect) -> Option<TextLine> {
    let (x, y) = line.pos;
    if !(clip.x0..=clip.x1).contains(&x) || !(clip.y0..=clip.y1).contains(&y) {
        return None;
    }
    let size_mm = line.size_pt * MM_PER_PT;
    // Clear of the edges by more than any text of its length can reach (an em a character
    // and two spare, whatever its alignment, as the scene's culling bounds it): drawn as it
    // is, without shaping it a second time to measure it.
    let reach = size_mm * (line.text.chars().count() as f64 + 2.0);
    if x - reach >= clip.x0
        && x + reach <= clip.x1
        && y - 2.0 * size_mm >= clip.y0
        && y + 2.0 * size_mm <= clip.y1
    {
        return Some(line);
    }
    let width = text_width_mm(&line);
    let (asc, desc) = FONTS.line_metrics();
    let (asc, desc) = (f64::from(asc) * size_mm, f64::from(desc) * size_mm);
    let left = match line.h {
        HAlign::Left => x,
        HAlign::Centre => x - width / 2.0,
        HAlign::Right => x - width,
    };
    // The baseline's place below the anchor, as `draw_text` sets it (descent is negative).
    let baseline = y + match line.v {
        VAlign::Top => asc,
        VAlign::Middle => (asc + desc) / 2.0,
        VAlign::Baseline => 0.0,
        VAlign::Bottom => desc,
    };
    let (top, bottom) = (baseline - asc, baseline - desc);
    let shift = |lo: f64, hi: f64, min: f64, max: f64| {
        if hi - lo > max - min {
            0.0
        } else if lo < min {
            min - lo
        } else if hi > max {
            max - hi
        } else {
            0.0
        }
    };
    line.pos = (
        x + shift(left, left + width, clip.x0, clip.x1),
        y + shift(top, bottom, clip.y0, clip.y1),
    );
    Some(line)
}

/// Draws one line of text.
pub fn draw_text(canvas: &mut dyn Canvas, t: &TextLine) {
    if t.text.is_empty() || t.size_pt <= 0.0 || !t.size_pt.is_finite() {
        return;
    }
    let shaped = FONTS.shape(&t.text, t.weight);
    let size_mm = t.size_pt * MM_PER_PT;
    let n = shaped.glyphs.len() as f64;
    let width = (f64::from(shaped.width) + t.tracking_em * n) * size_mm;
    let (asc, desc) = FONTS.line_metrics();
    let (asc, desc) = (f64::from(asc), f64::from(desc));
    let x0 = match t.h {
        HAlign::Left => 0.0,
        HAlign::Centre => -width / 2.0,
        HAlign::Right => -width,
    };
    let y0 = match t.v {
        VAlign::Top => asc * size_mm,
        VAlign::Middle => (asc + desc) / 2.0 * size_mm,
        VAlign::Baseline => 0.0,
        VAlign::Bottom => desc * size_mm,
    };
    let line = Affine::translate(t.pos) * Affine::rotate(t.rotate_deg.to_radians());
    let embolden_mm = f64::from(t.weight.embolden_em()) * size_mm;
    let mut start = 0;
    let mut index = 0;
    while start < shaped.glyphs.len() {
        let face = shaped.glyphs[start].face;
        let mut end = start;
        while end < shaped.glyphs.len() && shaped.glyphs[end].face == face {
            end += 1;
        }
        let pen = f64::from(shaped.glyphs[start].pen) + t.tracking_em * index as f64;
        canvas.glyphs(&GlyphRun {
            text: &t.text,
            face,
            glyphs: &shaped.glyphs[start..end],
            size_mm,
            transform: line * Affine::translate((x0 + pen * size_mm, y0)),
            colour: t.colour,
            embolden_mm,
            tracking_em: t.tracking_em,
        });
        index += end - start;
        start = end;
    }
}

fn size_mm(s: Size, t: &MapToPaper) -> f64 {
    match s {
        Size::Map(v) | Size::MapAtLeast { map: v, .. } => f64::from(v) * t.scale,
        Size::Points(v) => f64::from(v) * MM_PER_PT,
    }
}

/// The dash length of a stroke on paper, as the canvas painter computes it on screen.
fn dash_mm(s: &Stroke, t: &MapToPaper) -> Option<f64> {
    let d = f64::from(s.dash?);
    Some(match s.width {
        Size::Map(_) | Size::MapAtLeast { .. } => (d * t.scale).max(2.0 * MM_PER_PT),
        Size::Points(_) => d * MM_PER_PT,
    })
}

fn polyline(points: &[Point], t: &MapToPaper, closed: bool) -> BezPath {
    let mut path = BezPath::new();
    for (i, p) in points.iter().enumerate() {
        if i == 0 {
            path.move_to(t.apply(*p));
        } else {
            path.line_to(t.apply(*p));
        }
    }
    if closed && points.len() > 2 {
        path.close_path();
    }
    path
}

/// The triangles of a mesh as one path per run of one colour, each triangle wound the same way
/// so the non-zero fill is their union (no seams between neighbours, no double blending where
/// bands cross). Triangles outside `visible` (map units) are left out.
fn mesh_paths(m: &Mesh, t: &MapToPaper, visible: &Aabb) -> Vec<(BezPath, Colour)> {
    let mut out: Vec<(BezPath, Colour)> = Vec::new();
    for tri in m.indices.chunks_exact(3) {
        let (Some(a), Some(b), Some(c)) = (
            m.positions.get(tri[0] as usize),
            m.positions.get(tri[1] as usize),
            m.positions.get(tri[2] as usize),
        ) else {
            continue;
        };
        let Some(colour) = m.colours.get(tri[0] as usize).copied() else {
            continue;
        };
        let bb = Aabb {
            min: a.min(*b).min(*c),
            max: a.max(*b).max(*c),
        };
        if !bb.intersects(visible) {
            continue;
        }
        let (a, b, c) = (t.apply(*a), t.apply(*b), t.apply(*c));
        let cross = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
        if cross == 0.0 || !cross.is_finite() {
            continue;
        }
        let (b, c) = if cross > 0.0 { (b, c) } else { (c, b) };
        if !matches!(out.last(), Some((_, col)) if *col == colour) {
            out.push((BezPath::new(), colour));
        }
        if let Some((path, _)) = out.last_mut() {
            path.move_to(a);
            path.line_to(b);
            path.line_to(c);
            path.close_path();
        }
    }
    out
}

fn anchor_align(a: Anchor) -> (HAlign, VAlign) {
    match a {
        Anchor::Centre => (HAlign::Centre, VAlign::Middle),
        Anchor::Top => (HAlign::Centre, VAlign::Top),
        Anchor::Bottom => (HAlign::Centre, VAlign::Bottom),
        Anchor::Left => (HAlign::Left, VAlign::Middle),
        Anchor::Right => (HAlign::Right, VAlign::Middle),
        Anchor::TopLeft => (HAlign::Left, VAlign::Top),
    }
}

/// Draws a scene through its transform, clipped, skipping what lies outside the clip.
pub fn draw_scene(canvas: &mut dyn Canvas, sp: &ScenePlacement) {
    let t = &sp.to_paper;
    if !(t.scale.is_finite() && t.scale > 0.0) {
        return;
    }
    let v = t.to_map(sp.clip);
    let visible = Aabb {
        min: Point::new(v.x0 as f32, v.y0 as f32),
        max: Point::new(v.x1 as f32, v.y1 as f32),
    };
    // Items are culled by their box grown by this much (map units): stroke widths and the like.
    let pad = (3.0 / t.scale) as f32;
    let seen = |b: Aabb| b.expand(pad).intersects(&visible);
    canvas.push_clip(sp.clip);
    for item in &sp.scene.items {
        match item {
            Item::Mesh(m) => {
                for (path, colour) in mesh_paths(m, t, &visible) {
                    canvas.fill(&path, colour);
                }
            }
            Item::Line {
                points,
                stroke,
                closed,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                let width = size_mm(stroke.width, t);
                if !seen(b.expand((width / t.scale) as f32)) || width < MIN_LINE_PT * MM_PER_PT {
                    continue;
                }
                let path = polyline(points, t, *closed);
                canvas.stroke(&path, width, stroke.colour, dash_mm(stroke, t));
            }
            Item::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => {
                let b = Aabb::around(*centre, *radius);
                if !seen(b) {
                    continue;
                }
                let circle = Circle::new(t.apply(*centre), f64::from(*radius) * t.scale);
                let path = circle.to_path(0.005);
                if let Some(f) = fill {
                    canvas.fill(&path, *f);
                }
                if let Some(s) = stroke {
                    canvas.stroke(&path, size_mm(s.width, t), s.colour, dash_mm(s, t));
                }
            }
            Item::Convex {
                points,
                fill,
                stroke,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                if !seen(b) {
                    continue;
                }
                let path = polyline(points, t, true);
                if let Some(f) = fill {
                    canvas.fill(&path, *f);
                }
                if let Some(s) = stroke {
                    canvas.stroke(&path, size_mm(s.width, t), s.colour, dash_mm(s, t));
                }
            }
            Item::Text {
                pos,
                text,
                size,
                colour,
                anchor,
            } => {
                let pt = size_mm(*size, t) / MM_PER_PT;
                if !(MIN_TEXT_PT..=400.0).contains(&pt) {
                    continue;
                }
                let reach = (pt * MM_PER_PT * (text.chars().count() as f64 + 2.0) / t.scale) as f32;
                let b = Aabb {
                    min: *pos - Point::splat(reach),
                    max: *pos + Point::splat(reach),
                };
                if !b.intersects(&visible) {
                    continue;
                }
                let (h, v) = anchor_align(*anchor);
                let line = TextLine::new(text.clone(), t.apply(*pos), pt, *colour).align(h, v);
                if let Some(line) = whole_inside(line, sp.clip) {
                    draw_text(canvas, &line);
                }
            }
            Item::Background { corners, opacity } => {
                if let Some(pic) = &sp.background {
                    // Image pixels to paper: along the image's top and left edges on the map.
                    let (w, h) = (f64::from(pic.width), f64::from(pic.height));
                    let nw = t.apply(corners[0]);
                    let ne = t.apply(corners[1]);
                    let sw = t.apply(corners[3]);
                    let to_page = Affine::new([
                        (ne.0 - nw.0) / w,
                        (ne.1 - nw.1) / w,
                        (sw.0 - nw.0) / h,
                        (sw.1 - nw.1) / h,
                        nw.0,
                        nw.1,
                    ]);
                    canvas.image(pic, to_page, *opacity);
                }
            }
        }
    }
    canvas.pop_clip();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A true-scale tile's picture: 180 x 267 mm of map from (15, 15) on the paper.
    const TILE: Rect = Rect::new(15.0, 15.0, 195.0, 282.0);

    fn name_at(x: f64, y: f64) -> TextLine {
        TextLine::new("Sir William Savile", (x, y), 9.0, Colour::rgb(0, 0, 0))
            .align(HAlign::Centre, VAlign::Top)
    }

    fn extent(l: &TextLine) -> (f64, f64) {
        let w = text_width_mm(l);
        (l.pos.0 - w / 2.0, l.pos.0 + w / 2.0)
    }

    #[test]
    fn a_name_by_a_tiles_edge_is_moved_inside_it_whole() {
        let line = whole_inside(name_at(193.0, 100.0), TILE).expect("anchored on the tile");
        let (left, right) = extent(&line);
        assert!(
            right <= TILE.x1 + 1e-9,
            "the name runs to {right}, past {}",
            TILE.x1
        );
        assert!(left >= TILE.x0, "{left}");
        assert_eq!(line.pos.1, 100.0, "only moved across");
        // The same at the left edge, and at the foot.
        let (left, _) = extent(&whole_inside(name_at(17.0, 100.0), TILE).expect("on"));
        assert!(left >= TILE.x0 - 1e-9, "{left}");
        let low = whole_inside(name_at(100.0, 281.0), TILE).expect("on");
        assert!(low.pos.1 < 281.0, "moved up from the foot: {}", low.pos.1);
    }

    #[test]
    fn a_name_anchored_on_the_next_tile_is_left_to_it() {
        assert!(whole_inside(name_at(197.0, 100.0), TILE).is_none());
        assert!(whole_inside(name_at(100.0, 10.0), TILE).is_none());
    }

    #[test]
    fn a_name_clear_of_the_edges_stays_where_it_is() {
        let line = whole_inside(name_at(100.0, 100.0), TILE).expect("on");
        assert_eq!(line.pos, (100.0, 100.0));
    }
}
