//! Page furniture shared by the sheet and the tiles: inks, the header, the footer, the scale bar,
//! the calibration square and the tile locator.

use super::draw::text_width_mm;
use super::fonts::Weight;
use super::page::{HAlign, MM_PER_PT, Page, TextLine, VAlign};
use crate::model::Colour;
use vello_cpu::kurbo::{Rect, RoundedRect};

/// Body text: a warm near-black.
pub const INK: Colour = Colour::rgb(33, 30, 27);
/// Secondary text.
pub const SOFT: Colour = Colour::rgb(98, 92, 84);
/// Rules and hairlines.
pub const FAINT: Colour = Colour::rgb(176, 168, 156);
/// Headings and the header rule: a deep oxblood.
pub const ACCENT: Colour = Colour::rgb(122, 31, 26);
/// Panel tint behind the scale bar and the calibration square.
pub const TINT: Colour = Colour::rgb(244, 239, 228);
pub const WHITE: Colour = Colour::rgb(255, 255, 255);

/// Shortens `text` with an ellipsis until it fits `width_mm` at `size_pt`.
///
/// The text is shaped once to find where it overflows; only that prefix is then searched, by
/// halving, for the longest cut that fits with its ellipsis, so a name of any length costs a
/// few measurements of what fits on the line.
pub fn fit_text(text: &str, size_pt: f64, weight: Weight, width_mm: f64) -> String {
    let line = |t: &str| TextLine::new(t, (0.0, 0.0), size_pt, INK).weight(weight);
    let measure = |t: &str| text_width_mm(&line(t));
    if measure(text) <= width_mm {
        return text.to_string();
    }
    // Every glyph that starts past the width is cut anyway: keep the text before the first.
    let shaped = super::fonts::FONTS.shape(text, weight);
    let mm_per_em = size_pt * MM_PER_PT;
    let overflow = shaped
        .glyphs
        .iter()
        .find(|g| f64::from(g.pen) * mm_per_em > width_mm)
        .map_or(text.len(), |g| g.cluster.start);
    let head = text.get(..overflow).unwrap_or(text);
    let cuts: Vec<usize> = head.char_indices().map(|(i, _)| i).skip(1).collect();
    let candidate = |end: usize| head[..end].trim_end().to_string() + "…";
    // The longest prefix (in characters) whose cut fits; fitting shrinks with the cut's length
    // except for rare kerning, which halving tolerates.
    let (mut lo, mut hi) = (0usize, cuts.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if measure(&candidate(cuts[mid - 1])) <= width_mm {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    match lo {
        0 => String::new(),
        n => candidate(cuts[n - 1]),
    }
}

/// The top of a page: a small capitals kicker, the title, a byline and, on the right, two lines
/// of facts; then a double rule. Returns the y below it.
pub struct Header<'a> {
    pub kicker: &'a str,
    pub title: &'a str,
    pub byline: &'a str,
    pub facts: [&'a str; 2],
}

pub fn header(page: &mut Page, x0: f64, x1: f64, y0: f64, h: &Header<'_>) -> f64 {
    let width = x1 - x0;
    page.text(
        TextLine::new(h.kicker.to_uppercase(), (x0, y0), 7.0, ACCENT)
            .weight(Weight::Bold)
            .tracking(0.14)
            .align(HAlign::Left, VAlign::Top),
    );
    let facts_w = h
        .facts
        .iter()
        .map(|f| text_width_mm(&TextLine::new(*f, (0.0, 0.0), 7.5, SOFT)))
        .fold(0.0, f64::max);
    let title_room = (width - facts_w - 6.0).max(width * 0.55);
    let mut size = 22.0;
    while size > 14.0
        && text_width_mm(&TextLine::new(h.title, (0.0, 0.0), size, INK).weight(Weight::Bold))
            > title_room
    {
        size -= 1.0;
    }
    let title = fit_text(h.title, size, Weight::Bold, title_room);
    let baseline = y0 + 4.2 + size * 0.30;
    page.text(TextLine::new(title, (x0, baseline), size, INK).weight(Weight::Bold));
    let by = baseline + 5.0;
    if !h.byline.is_empty() {
        page.text(TextLine::new(
            fit_text(h.byline, 9.0, Weight::Regular, title_room),
            (x0, by),
            9.0,
            SOFT,
        ));
    }
    for (i, f) in h.facts.iter().enumerate() {
        page.text(
            TextLine::new(*f, (x1, baseline - 3.6 + i as f64 * 3.9), 7.5, SOFT)
                .align(HAlign::Right, VAlign::Baseline),
        );
    }
    let rule = by + 2.6;
    page.fill(&Rect::new(x0, rule, x1, rule + 0.7), ACCENT);
    page.fill(&Rect::new(x0, rule + 1.2, x1, rule + 1.4), ACCENT);
    rule + 1.4
}

/// A hairline and a line of small print at the foot of a page.
pub fn footer(page: &mut Page, x0: f64, x1: f64, y: f64, left: &str, right: &str) {
    page.fill(&Rect::new(x0, y - 3.2, x1, y - 3.0), FAINT);
    let right_w = text_width_mm(&TextLine::new(right, (0.0, 0.0), 6.5, SOFT));
    page.text(TextLine::new(
        fit_text(
            left,
            6.5,
            Weight::Regular,
            (x1 - x0 - right_w - 6.0).max(10.0),
        ),
        (x0, y),
        6.5,
        SOFT,
    ));
    page.text(TextLine::new(right, (x1, y), 6.5, SOFT).align(HAlign::Right, VAlign::Baseline));
}

/// A heading in small capitals with a hairline under it. Returns its height.
pub fn heading(page: &mut Page, x0: f64, x1: f64, y: f64, text: &str, size_pt: f64) -> f64 {
    page.text(
        TextLine::new(text.to_uppercase(), (x0, y), size_pt, ACCENT)
            .weight(Weight::Bold)
            .tracking(0.1)
            .align(HAlign::Left, VAlign::Top),
    );
    let line = y + size_pt * 0.3528 * 1.2 + 0.6;
    page.fill(&Rect::new(x0, line, x1, line + 0.18), ACCENT);
    line + 0.18 - y
}

/// Scale bar lengths: (total, step) in table inches and in centimetres.
const INCH_BARS: [(f64, f64); 12] = [
    (2.0, 0.5),
    (3.0, 1.0),
    (4.0, 1.0),
    (6.0, 1.0),
    (12.0, 2.0),
    (18.0, 3.0),
    (24.0, 6.0),
    (36.0, 6.0),
    (48.0, 12.0),
    (72.0, 12.0),
    (96.0, 24.0),
    (144.0, 24.0),
];
const CM_BARS: [(f64, f64); 10] = [
    (5.0, 1.0),
    (10.0, 2.0),
    (20.0, 5.0),
    (30.0, 10.0),
    (50.0, 10.0),
    (100.0, 20.0),
    (200.0, 50.0),
    (300.0, 50.0),
    (500.0, 100.0),
    (1000.0, 200.0),
];

fn nice(bars: &[(f64, f64)], mm_each: f64, max_len: f64) -> (f64, f64) {
    bars.iter()
        .copied()
        .rfind(|(total, _)| total * mm_each <= max_len)
        .unwrap_or(bars[0])
}

fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

fn bar(page: &mut Page, x: f64, y: f64, total: f64, step: f64, mm_each: f64, unit: &str) {
    let seg_h = 1.5;
    let n = (total / step).round().max(1.0) as usize;
    let seg = step * mm_each;
    for k in 0..n {
        let r = Rect::new(x + k as f64 * seg, y, x + (k + 1) as f64 * seg, y + seg_h);
        page.fill(&r, if k % 2 == 0 { INK } else { WHITE });
    }
    page.stroke(&Rect::new(x, y, x + n as f64 * seg, y + seg_h), 0.15, INK);
    let label_every = if seg >= 4.5 { 1 } else { n };
    for k in 0..=n {
        if k % label_every != 0 && k != n {
            continue;
        }
        let v = k as f64 * step;
        let text = if k == n {
            format!("{} {unit}", number(v))
        } else {
            number(v)
        };
        let px = x + k as f64 * seg;
        let t = TextLine::new(text, (px, y - 0.7), 5.5, INK);
        page.text(if k == n {
            t.align(HAlign::Left, VAlign::Baseline)
        } else {
            t.align(HAlign::Centre, VAlign::Baseline)
        });
        if k == n {
            // The unit sits right of the last tick; nudge the number onto the tick.
            if let Some(super::page::Op::Text(t)) = page.ops.last_mut() {
                let w = text_width_mm(&TextLine::new(number(v), (0.0, 0.0), 5.5, INK));
                t.pos.0 -= w / 2.0;
            }
        }
    }
}

/// Two scale bars, table inches over centimetres, for a map printed at `paper_mm_per_table_mm`.
/// Returns the height used.
pub fn scale_bars(
    page: &mut Page,
    x: f64,
    y: f64,
    paper_mm_per_table_mm: f64,
    max_len: f64,
) -> f64 {
    let per_in = 25.4 * paper_mm_per_table_mm;
    let per_cm = 10.0 * paper_mm_per_table_mm;
    let (ti, si) = nice(&INCH_BARS, per_in, max_len);
    let (tc, sc) = nice(&CM_BARS, per_cm, max_len);
    bar(page, x, y + 2.6, ti, si, per_in, "in");
    bar(page, x, y + 8.2, tc, sc, per_cm, "cm");
    10.0
}

/// A square of known size for checking the print scale, with its size written inside. The
/// square's outer edge is exactly `size_mm`: its border is drawn inside it.
pub fn calibration_square(page: &mut Page, x: f64, y: f64, size_mm: f64, label: &str, sub: &str) {
    let outer = Rect::new(x, y, x + size_mm, y + size_mm);
    page.fill(&outer, TINT);
    let w = 0.35;
    page.stroke(&outer.inset(-w / 2.0), w, INK);
    // Ruler ticks along the top and left edges, every tenth of the side.
    for k in 1..10 {
        let t = size_mm * k as f64 / 10.0;
        let len = if k == 5 { 2.2 } else { 1.2 };
        page.line((x + t, y + w), (x + t, y + w + len), 0.15, INK);
        page.line((x + w, y + t), (x + w + len, y + t), 0.15, INK);
    }
    let c = (x + size_mm / 2.0, y + size_mm / 2.0);
    page.text(
        TextLine::new(label, (c.0, c.1 + 0.4), 8.0, INK)
            .weight(Weight::Bold)
            .align(HAlign::Centre, VAlign::Baseline),
    );
    page.text(
        TextLine::new(sub, (c.0, c.1 + 3.6), 5.5, SOFT).align(HAlign::Centre, VAlign::Baseline),
    );
}

/// A small plan of the page grid with one cell marked.
pub fn locator(
    page: &mut Page,
    area: Rect,
    cols: usize,
    rows: usize,
    mark: Option<(usize, usize)>,
) {
    if cols == 0 || rows == 0 {
        return;
    }
    let cell = (area.width() / cols as f64).min(area.height() / rows as f64);
    let (w, h) = (cell * cols as f64, cell * rows as f64);
    let x0 = area.x1 - w;
    let y0 = area.y0 + (area.height() - h) / 2.0;
    for r in 0..rows {
        for c in 0..cols {
            let rect = Rect::new(
                x0 + c as f64 * cell,
                y0 + r as f64 * cell,
                x0 + (c + 1) as f64 * cell,
                y0 + (r + 1) as f64 * cell,
            );
            let marked = mark == Some((r, c));
            page.fill(&rect.inset(-0.25), if marked { ACCENT } else { TINT });
        }
    }
    page.stroke(&Rect::new(x0, y0, x0 + w, y0 + h), 0.2, FAINT);
}

/// A white rounded label plate behind text on a map.
pub fn plate(page: &mut Page, centre: (f64, f64), w: f64, h: f64) {
    let r = RoundedRect::new(
        centre.0 - w / 2.0,
        centre.1 - h / 2.0,
        centre.0 + w / 2.0,
        centre.1 + h / 2.0,
        h * 0.25,
    );
    page.fill(&r, Colour::rgba(255, 255, 255, 225));
    page.stroke(&r, 0.2, ACCENT);
}
