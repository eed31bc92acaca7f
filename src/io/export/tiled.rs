//! The true-scale tiled print: the map at table scale (1 inch on paper = 1 inch on the table; a
//! hex map at its hex size in millimetres) over a grid of pages that share an overlap, each with
//! crop marks, alignment lines, its label, a calibration square and a locator; and an assembly
//! plan page first.
//!
//! Page geometry (all pages alike): an 8 mm margin on every side holds the crop marks and the
//! neighbour labels; under the map area a strip 3 mm + 25.4 mm tall holds the calibration
//! square and the page's label. The map area is therefore `paper width - 16` wide and
//! `paper height - 16 - 28.4` tall. With map length `L`, map area `A` and overlap `o`, a map
//! needs `1` page across if `L <= A`, else `ceil((L - o) / (A - o))`; page `k` starts at
//! `k * (A - o)`, so neighbours share exactly `o`.
//!
//! Assembly: start with A1; trim the left and top margins of every other page along its crop
//! marks and lay it over its left and upper neighbours, its trimmed edges on their dashed lines.

use super::furniture::{
    ACCENT, Header, INK, SOFT, calibration_square, fit_text, header, locator, plate,
};
use super::page::{HAlign, MapToPaper, Page, Picture, ScenePlacement, TextLine, VAlign};
use super::{ExportError, ExportOptions, MAX_PAGES, Weight, map_scene};
use crate::model::{Colour, Scenario};
use crate::scene::{self, MapUnit};
use std::sync::Arc;
use vello_cpu::kurbo::{BezPath, Rect};

/// The margin on every side of a tile page, millimetres.
pub const MARGIN_MM: f64 = 8.0;
/// The gap between the map area and the furniture strip, millimetres.
pub const STRIP_GAP_MM: f64 = 3.0;
/// The furniture strip's height: one inch, the calibration square's side on table prints.
pub const STRIP_MM: f64 = 25.4;
/// The calibration square of hex maps (printed in millimetres), millimetres.
pub const HEX_SQUARE_MM: f64 = 20.0;

/// One page of a tiled print.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub row: usize,
    pub col: usize,
    /// Row letter and column number: `A1`, `B3`, … `AA12`.
    pub label: String,
    /// The part of the map on this page, in table millimetres from the map's top-left corner.
    pub map_rect: Rect,
}

/// How a map is split over pages.
#[derive(Clone, Debug, PartialEq)]
pub struct TilePlan {
    pub columns: usize,
    pub rows: usize,
    pub overlap_mm: f64,
    /// The map's size at table scale, millimetres.
    pub map_mm: (f64, f64),
    /// The map area of every tile page, paper millimetres.
    pub image: Rect,
    pub paper_mm: (f64, f64),
    /// Row by row.
    pub tiles: Vec<Tile>,
}

/// `A`, `B`, … `Z`, `AA`, `AB`, …
pub fn row_letters(mut row: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (row % 26) as u8);
        if row < 26 {
            break;
        }
        row = row / 26 - 1;
    }
    s.reverse();
    String::from_utf8_lossy(&s).into_owned()
}

/// Pages needed to cover `len` with pages showing `span` that share `overlap`.
fn count(len: f64, span: f64, overlap: f64) -> usize {
    if len <= span + 1e-9 {
        1
    } else {
        ((len - overlap) / (span - overlap) - 1e-9).ceil().max(1.0) as usize
    }
}

/// The tile grid of a scenario's map on the chosen paper.
pub fn tile_plan(s: &Scenario, o: &ExportOptions) -> Result<TilePlan, ExportError> {
    let (bounds, unit) = scene::frame(s);
    let mm = f64::from(unit.mm());
    let map_w = f64::from(bounds.max.x - bounds.min.x) * mm;
    let map_h = f64::from(bounds.max.y - bounds.min.y) * mm;
    if !(map_w > 0.0 && map_h > 0.0 && map_w.is_finite() && map_h.is_finite()) {
        return Err(ExportError::EmptyMap);
    }
    let (pw, ph) = o.page_size_mm();
    let image = Rect::new(
        MARGIN_MM,
        MARGIN_MM,
        pw - MARGIN_MM,
        ph - MARGIN_MM - STRIP_MM - STRIP_GAP_MM,
    );
    let overlap = f64::from(o.overlap_mm);
    let (iw, ih) = (image.width(), image.height());
    let columns = count(map_w, iw, overlap);
    let rows = count(map_h, ih, overlap);
    let pages = columns.saturating_mul(rows);
    if pages > MAX_PAGES {
        return Err(ExportError::TooManyPages {
            pages,
            columns,
            rows,
            paper: o.paper_name(),
            limit: MAX_PAGES,
        });
    }
    let mut tiles = Vec::with_capacity(pages);
    for row in 0..rows {
        for col in 0..columns {
            let x0 = col as f64 * (iw - overlap);
            let y0 = row as f64 * (ih - overlap);
            tiles.push(Tile {
                row,
                col,
                label: format!("{}{}", row_letters(row), col + 1),
                map_rect: Rect::new(x0, y0, x0 + iw, y0 + ih),
            });
        }
    }
    Ok(TilePlan {
        columns,
        rows,
        overlap_mm: overlap,
        map_mm: (map_w, map_h),
        image,
        paper_mm: (pw, ph),
        tiles,
    })
}

fn scale_words(s: &Scenario) -> String {
    match s.map.as_hex() {
        Some(h) => format!(
            "True scale: hexes {} mm across the flats.",
            trim_number(f64::from(h.hex_size_mm))
        ),
        None => "True scale: 1 inch on paper is 1 inch on the table.".into(),
    }
}

fn trim_number(v: f64) -> String {
    let s = format!("{v:.1}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn square(s: &Scenario) -> (f64, &'static str, &'static str) {
    if s.map.is_hex() {
        (HEX_SQUARE_MM, "20 mm", "0.79 in")
    } else {
        (25.4, "1 inch", "25.4 mm")
    }
}

/// The assembly plan and every tile, in order.
pub fn pages(
    s: &Scenario,
    o: &ExportOptions,
    picture: Option<Arc<Picture>>,
) -> Result<Vec<Page>, ExportError> {
    let plan = tile_plan(s, o)?;
    let scene = Arc::new(map_scene(s, o));
    let mut pages = Vec::with_capacity(plan.tiles.len() + 1);
    pages.push(plan_page(s, o, &plan, scene.clone(), picture.clone()));
    let total = plan.tiles.len() + 1;
    for (i, tile) in plan.tiles.iter().enumerate() {
        pages.push(tile_page(
            s,
            o,
            &plan,
            tile,
            i + 2,
            total,
            scene.clone(),
            picture.clone(),
        ));
    }
    Ok(pages)
}

fn crop_marks(page: &mut Page, r: Rect) {
    let (gap, len, w) = (1.5, 5.0, 0.2);
    for (x, sx) in [(r.x0, -1.0), (r.x1, 1.0)] {
        for (y, sy) in [(r.y0, -1.0), (r.y1, 1.0)] {
            page.line((x + sx * gap, y), (x + sx * (gap + len), y), w, INK);
            page.line((x, y + sy * gap), (x, y + sy * (gap + len)), w, INK);
        }
    }
}

/// A small filled triangle pointing `dir` (0 right, 1 down, 2 left, 3 up) at `tip`.
fn arrow(page: &mut Page, tip: (f64, f64), dir: u8, size: f64, colour: Colour) {
    let (dx, dy) = match dir {
        0 => (1.0, 0.0),
        1 => (0.0, 1.0),
        2 => (-1.0, 0.0),
        _ => (0.0, -1.0),
    };
    let (nx, ny) = (-dy, dx);
    let base = (tip.0 - dx * size, tip.1 - dy * size);
    let mut p = BezPath::new();
    p.move_to(tip);
    p.line_to((base.0 + nx * size * 0.55, base.1 + ny * size * 0.55));
    p.line_to((base.0 - nx * size * 0.55, base.1 - ny * size * 0.55));
    p.close_path();
    page.ops.push(super::page::Op::Fill { path: p, colour });
}

fn label_of(plan: &TilePlan, row: isize, col: isize) -> Option<String> {
    if row < 0 || col < 0 {
        return None;
    }
    plan.tiles
        .iter()
        .find(|t| t.row as isize == row && t.col as isize == col)
        .map(|t| t.label.clone())
}

#[allow(clippy::too_many_arguments)]
fn tile_page(
    s: &Scenario,
    o: &ExportOptions,
    plan: &TilePlan,
    tile: &Tile,
    number: usize,
    total: usize,
    scene: Arc<crate::scene::Scene>,
    picture: Option<Arc<Picture>>,
) -> Page {
    let (pw, ph) = plan.paper_mm;
    let img = plan.image;
    let mut page = Page::new(tile.label.clone(), pw, ph);
    let (bounds, unit) = (scene.bounds, scene.unit);
    let mm = f64::from(unit.mm());
    let to_paper = MapToPaper {
        scale: mm,
        offset: (
            img.x0 - f64::from(bounds.min.x) * mm - tile.map_rect.x0,
            img.y0 - f64::from(bounds.min.y) * mm - tile.map_rect.y0,
        ),
    };
    page.scene(ScenePlacement {
        scene,
        to_paper,
        clip: img,
        background: picture,
    });
    crop_marks(&mut page, img);
    let overlap = plan.overlap_mm;
    let (r, c) = (tile.row as isize, tile.col as isize);
    let right = label_of(plan, r, c + 1);
    let below = label_of(plan, r + 1, c);
    let left = label_of(plan, r, c - 1);
    let above = label_of(plan, r - 1, c);
    // Where the right and lower neighbours' trimmed edges go: dashed lines over the overlap,
    // with ticks in the margins.
    if right.is_some() && overlap > 0.0 {
        let x = img.x1 - overlap;
        page.dashed(
            &vello_cpu::kurbo::Line::new((x, img.y0), (x, img.y1)),
            0.25,
            ACCENT,
            2.0,
        );
        page.line((x, img.y0 - 1.0), (x, img.y0 - 6.0), 0.3, ACCENT);
        arrow(&mut page, (x, img.y0 - 1.0), 1, 1.6, ACCENT);
    }
    if below.is_some() && overlap > 0.0 {
        let y = img.y1 - overlap;
        page.dashed(
            &vello_cpu::kurbo::Line::new((img.x0, y), (img.x1, y)),
            0.25,
            ACCENT,
            2.0,
        );
        page.line((img.x0 - 1.0, y), (img.x0 - 6.0, y), 0.3, ACCENT);
        arrow(&mut page, (img.x0 - 1.0, y), 0, 1.6, ACCENT);
        page.line((img.x1 + 1.0, y), (img.x1 + 6.0, y), 0.3, ACCENT);
        arrow(&mut page, (img.x1 + 1.0, y), 2, 1.6, ACCENT);
    }
    // Neighbour labels in the margins.
    let mid_x = (img.x0 + img.x1) / 2.0;
    let mid_y = (img.y0 + img.y1) / 2.0;
    if let Some(l) = &above {
        arrow(&mut page, (mid_x - 6.0, img.y0 - 5.6), 3, 1.8, SOFT);
        page.text(
            TextLine::new(l.clone(), (mid_x - 3.0, img.y0 - 4.0), 7.0, SOFT)
                .weight(Weight::Medium)
                .align(HAlign::Left, VAlign::Middle),
        );
    }
    if let Some(l) = &left {
        page.text(
            TextLine::new(l.clone(), (img.x0 - 4.0, mid_y), 7.0, SOFT)
                .weight(Weight::Medium)
                .rotate(-90.0)
                .align(HAlign::Centre, VAlign::Middle),
        );
        arrow(&mut page, (img.x0 - 5.6, mid_y - 6.0), 2, 1.8, SOFT);
    }
    if let Some(l) = &right {
        page.text(
            TextLine::new(l.clone(), (img.x1 + 4.0, mid_y), 7.0, SOFT)
                .weight(Weight::Medium)
                .rotate(90.0)
                .align(HAlign::Centre, VAlign::Middle),
        );
        arrow(&mut page, (img.x1 + 5.6, mid_y + 6.0), 0, 1.8, SOFT);
    }
    // The strip: calibration square, label, words, locator.
    let y = img.y1 + STRIP_GAP_MM;
    let (side, big, small) = square(s);
    calibration_square(&mut page, img.x0, y, side, big, small);
    let lx = img.x0 + side + 5.0;
    page.text(
        TextLine::new(tile.label.clone(), (lx, y + 10.5), 26.0, INK)
            .weight(Weight::Bold)
            .align(HAlign::Left, VAlign::Baseline),
    );
    page.text(TextLine::new(
        format!("page {number} of {total}"),
        (lx, y + 16.0),
        6.5,
        SOFT,
    ));
    let label_w = super::draw::text_width_mm(
        &TextLine::new(tile.label.clone(), (0.0, 0.0), 26.0, INK).weight(Weight::Bold),
    )
    .max(20.0);
    let tx = lx + label_w + 5.0;
    let loc = Rect::new(img.x1 - 30.0, y, img.x1, y + STRIP_MM);
    let room = (loc.x0 - 4.0 - tx).max(20.0);
    let mut lines: Vec<(String, f64, Weight, Colour)> = vec![
        (s.meta.title.clone(), 8.5, Weight::Bold, INK),
        (
            format!(
                "Row {} of {}, column {} of {} · {}",
                row_letters(tile.row),
                row_letters(plan.rows - 1),
                tile.col + 1,
                plan.columns,
                o.paper_name()
            ),
            6.8,
            Weight::Regular,
            SOFT,
        ),
        (
            format!("{} Print at 100 % (actual size).", scale_words(s)),
            6.8,
            Weight::Regular,
            INK,
        ),
        (
            format!("The square must measure {big} ({small})."),
            6.8,
            Weight::Regular,
            INK,
        ),
    ];
    let under: Vec<String> = [left.clone(), above.clone()]
        .into_iter()
        .flatten()
        .collect();
    lines.push((
        if under.is_empty() {
            "Lay this page first; the others go over it.".to_string()
        } else {
            format!(
                "Trim the left and top margins; lay over {} on the dashed lines.",
                under.join(" and ")
            )
        },
        6.8,
        Weight::Regular,
        INK,
    ));
    let mut ly = y + 3.0;
    for (i, (text, size, weight, colour)) in lines.into_iter().enumerate() {
        if i == 1 {
            ly += 1.0;
        }
        page.text(
            TextLine::new(fit_text(&text, size, weight, room), (tx, ly), size, colour)
                .weight(weight)
                .align(HAlign::Left, VAlign::Top),
        );
        ly += size * 0.3528 * 1.45;
    }
    locator(
        &mut page,
        loc,
        plan.columns,
        plan.rows,
        Some((tile.row, tile.col)),
    );
    page
}

fn plan_page(
    s: &Scenario,
    o: &ExportOptions,
    plan: &TilePlan,
    scene: Arc<crate::scene::Scene>,
    picture: Option<Arc<Picture>>,
) -> Page {
    let (pw, ph) = plan.paper_mm;
    let img = plan.image;
    let mut page = Page::new("plan", pw, ph);
    let n = plan.tiles.len();
    let map_words = match (s.map.as_hex(), scene.unit) {
        (Some(h), _) => format!(
            "Hex map at true scale, hexes {} mm",
            trim_number(f64::from(h.hex_size_mm))
        ),
        (None, MapUnit::Inch) => format!(
            "{} x {} in table at 1:1",
            trim_number(plan.map_mm.0 / 25.4),
            trim_number(plan.map_mm.1 / 25.4)
        ),
        (None, MapUnit::Millimetre) => "Map at 1:1".into(),
    };
    let facts0 = format!(
        "{n} pages: {} columns x {} rows · {}",
        plan.columns,
        plan.rows,
        o.paper_name()
    );
    let facts1 = format!("{map_words} · overlap {} mm", trim_number(plan.overlap_mm));
    let byline = if s.meta.author.is_empty() {
        String::new()
    } else {
        format!("by {}", s.meta.author)
    };
    let top = header(
        &mut page,
        img.x0,
        img.x1,
        img.y0,
        &Header {
            kicker: "Assembly plan · true-scale print",
            title: &s.meta.title,
            byline: &byline,
            facts: [&facts0, &facts1],
        },
    );
    // Instructions under the map; the map fills what is left.
    let (side, big, small) = square(s);
    let steps = [
        "Print every page at 100 % (actual size): turn off \"fit to page\" and \"shrink to printable area\".".to_string(),
        format!("Check the calibration square at the foot of each page: it must measure {big} ({small})."),
        format!(
            "Lay the pages out in rows A to {} and columns 1 to {} as on this plan.",
            row_letters(plan.rows - 1),
            plan.columns
        ),
        format!(
            "Start with A1. Trim the left and top margins of every other page along its crop marks and lay it over its left and upper neighbours, its trimmed edges on their dashed lines (pages overlap by {} mm).",
            trim_number(plan.overlap_mm)
        ),
        "Tape the seams from the back.".to_string(),
    ];
    let step_pt = 7.5;
    let line_mm = step_pt * 0.3528 * 1.4;
    let text_w = img.width() - 6.0;
    let wrapped: Vec<Vec<String>> = steps
        .iter()
        .map(|t| super::fonts::wrap(t, (text_w / (step_pt * 0.3528)) as f32, Weight::Regular))
        .collect();
    let steps_h: f64 = wrapped
        .iter()
        .map(|w| w.len() as f64 * line_mm + 1.0)
        .sum::<f64>()
        + 8.0;
    let area = Rect::new(img.x0, top + 5.0, img.x1, img.y1 - steps_h - 3.0);
    let (bounds, unit) = (scene.bounds, scene.unit);
    let mm = f64::from(unit.mm());
    let (map_w, map_h) = plan.map_mm;
    let (tiles_w, tiles_h) = (
        plan.tiles.iter().map(|t| t.map_rect.x1).fold(0.0, f64::max),
        plan.tiles.iter().map(|t| t.map_rect.y1).fold(0.0, f64::max),
    );
    let extent = (tiles_w.max(map_w), tiles_h.max(map_h));
    let k = (area.width() / extent.0).min(area.height() / extent.1);
    let ox = area.x0 + (area.width() - extent.0 * k) / 2.0;
    let oy = area.y0;
    let map_rect = Rect::new(ox, oy, ox + map_w * k, oy + map_h * k);
    page.scene(ScenePlacement {
        scene,
        to_paper: MapToPaper {
            scale: k * mm,
            offset: (
                ox - f64::from(bounds.min.x) * k * mm,
                oy - f64::from(bounds.min.y) * k * mm,
            ),
        },
        clip: map_rect.inset(1.0),
        background: picture,
    });
    // A veil so the page grid reads over the map.
    page.fill(&map_rect, Colour::rgba(255, 255, 255, 120));
    let to_plan = |r: Rect| Rect::new(ox + r.x0 * k, oy + r.y0 * k, ox + r.x1 * k, oy + r.y1 * k);
    let overlap = plan.overlap_mm * k;
    for t in &plan.tiles {
        let r = to_plan(t.map_rect);
        if t.col + 1 < plan.columns && overlap > 0.0 {
            page.fill(
                &Rect::new(r.x1 - overlap, r.y0, r.x1, r.y1),
                Colour::rgba(ACCENT.r, ACCENT.g, ACCENT.b, 40),
            );
        }
        if t.row + 1 < plan.rows && overlap > 0.0 {
            page.fill(
                &Rect::new(r.x0, r.y1 - overlap, r.x1, r.y1),
                Colour::rgba(ACCENT.r, ACCENT.g, ACCENT.b, 40),
            );
        }
    }
    for t in &plan.tiles {
        page.stroke(&to_plan(t.map_rect), 0.25, ACCENT);
    }
    for t in &plan.tiles {
        let r = to_plan(t.map_rect);
        let cx = (r.x0 + r.x1.min(map_rect.x1.max(r.x0 + 1.0))) / 2.0;
        let cy = (r.y0 + r.y1.min(map_rect.y1.max(r.y0 + 1.0))) / 2.0;
        let size = (r.width().min(r.height()) * 0.22 / 0.3528).clamp(5.0, 11.0);
        let w = super::draw::text_width_mm(
            &TextLine::new(t.label.clone(), (0.0, 0.0), size, INK).weight(Weight::Bold),
        );
        plate(&mut page, (cx, cy), w + size * 0.35, size * 0.3528 * 1.5);
        page.text(
            TextLine::new(t.label.clone(), (cx, cy), size, INK)
                .weight(Weight::Bold)
                .align(HAlign::Centre, VAlign::Middle),
        );
    }
    page.stroke(&map_rect, 0.3, INK);
    // The steps, under the plan.
    let mut y = oy + extent.1 * k + 6.0;
    page.text(
        TextLine::new("HOW TO ASSEMBLE", (img.x0, y), 7.0, ACCENT)
            .weight(Weight::Bold)
            .tracking(0.1)
            .align(HAlign::Left, VAlign::Top),
    );
    y += 4.4;
    for (i, lines) in wrapped.iter().enumerate() {
        page.text(
            TextLine::new(format!("{}.", i + 1), (img.x0, y), step_pt, ACCENT)
                .weight(Weight::Bold)
                .align(HAlign::Left, VAlign::Top),
        );
        for l in lines {
            page.text(
                TextLine::new(l.clone(), (img.x0 + 5.0, y), step_pt, INK)
                    .align(HAlign::Left, VAlign::Top),
            );
            y += line_mm;
        }
        y += 1.0;
    }
    // The strip, as on every page.
    let sy = img.y1 + STRIP_GAP_MM;
    calibration_square(&mut page, img.x0, sy, side, big, small);
    let lx = img.x0 + side + 5.0;
    page.text(
        TextLine::new("Plan", (lx, sy + 10.5), 26.0, INK)
            .weight(Weight::Bold)
            .align(HAlign::Left, VAlign::Baseline),
    );
    page.text(TextLine::new(
        format!("page 1 of {}", n + 1),
        (lx, sy + 16.0),
        6.5,
        SOFT,
    ));
    locator(
        &mut page,
        Rect::new(img.x1 - 30.0, sy, img.x1, sy + STRIP_MM),
        plan.columns,
        plan.rows,
        None,
    );
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_letters_run_past_z() {
        assert_eq!(row_letters(0), "A");
        assert_eq!(row_letters(25), "Z");
        assert_eq!(row_letters(26), "AA");
        assert_eq!(row_letters(27), "AB");
        assert_eq!(row_letters(701), "ZZ");
        assert_eq!(row_letters(702), "AAA");
    }

    #[test]
    fn counts_cover_the_map() {
        assert_eq!(count(100.0, 194.0, 10.0), 1);
        assert_eq!(count(194.0, 194.0, 10.0), 1);
        assert_eq!(count(194.5, 194.0, 10.0), 2);
        assert_eq!(count(378.0, 194.0, 10.0), 2);
        assert_eq!(count(378.1, 194.0, 10.0), 3);
    }
}
