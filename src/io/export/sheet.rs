//! The scenario sheet: one page to hand to players, with the map fitted and labelled at its
//! edges, a scale bar, and the scenario's words and legend flowed into columns beside or under
//! it. The text size steps down from 8 to 5.5 points until everything fits; an order of battle is
//! added when there is room for it at a readable size.

use super::draw::text_width_mm;
use super::fonts::{Weight, wrap};
use super::furniture::{
    FAINT, Header, INK, SOFT, WHITE, fit_text, footer, header, heading, scale_bars,
};
use super::page::{
    HAlign, MM_PER_PT, MapToPaper, Op, Page, Picture, ScenePlacement, TextLine, VAlign,
};
use super::sheet_words::{Block, Swatch, blocks, edge_name, map_words, ruleset_words};
use super::{ExportOptions, map_scene};
use crate::model::*;
use crate::scene::{self, Scene};
use std::sync::Arc;
use vello_cpu::kurbo::Rect;

/// The sheet's margin, millimetres.
pub const MARGIN_MM: f64 = 12.0;
/// Room for the edge labels around the map, millimetres.
const BAND_MM: f64 = 6.5;
/// Body sizes tried, largest first.
const BODY_PT: [f64; 6] = [8.0, 7.5, 7.0, 6.5, 6.0, 5.5];
/// The smallest body size at which the order of battle is still included.
const ROSTER_MIN_PT: f64 = 6.5;
const SWATCH: (f64, f64) = (8.4, 5.6);

/// Places `scene` to fit `rect`, centred.
fn fit_scene(scene: Arc<Scene>, rect: Rect, background: Option<Arc<Picture>>) -> ScenePlacement {
    let b = scene.bounds;
    let (w, h) = (
        f64::from(b.max.x - b.min.x).max(1e-6),
        f64::from(b.max.y - b.min.y).max(1e-6),
    );
    let k = (rect.width() / w).min(rect.height() / h);
    let ox = rect.x0 + (rect.width() - w * k) / 2.0 - f64::from(b.min.x) * k;
    let oy = rect.y0 + (rect.height() - h * k) / 2.0 - f64::from(b.min.y) * k;
    ScenePlacement {
        scene,
        to_paper: MapToPaper {
            scale: k,
            offset: (ox, oy),
        },
        clip: rect.inflate(0.6, 0.6),
        background,
    }
}

/// Lays blocks into regions at one body size.
struct Flow<'a> {
    ops: Vec<Op>,
    regions: &'a [Rect],
    r: usize,
    y: f64,
    body: f64,
    overflow: bool,
}

impl Flow<'_> {
    fn line_h(&self) -> f64 {
        self.body * MM_PER_PT * 1.32
    }

    fn region(&self) -> Option<Rect> {
        self.regions.get(self.r).copied()
    }

    /// Makes room for `h`: moves to the next region if this one is too full. False when there
    /// is no room anywhere.
    fn room(&mut self, h: f64) -> bool {
        let Some(reg) = self.region() else {
            self.overflow = true;
            return false;
        };
        if self.y + h <= reg.y1 + 1e-6 {
            return true;
        }
        if self.y > reg.y0 + 1e-6 {
            self.r += 1;
            match self.region() {
                Some(next) => {
                    self.y = next.y0;
                    if self.y + h <= next.y1 + 1e-6 {
                        return true;
                    }
                }
                None => {
                    self.overflow = true;
                    return false;
                }
            }
        }
        self.overflow = true;
        false
    }

    fn text(&mut self, text: String, x: f64, size: f64, weight: Weight, colour: Colour) {
        self.ops.push(Op::Text(
            TextLine::new(text, (x, self.y), size, colour)
                .weight(weight)
                .align(HAlign::Left, VAlign::Top),
        ));
    }

    fn place(&mut self, blocks: &[Block]) {
        let lh = self.line_h();
        let body = self.body;
        for (i, block) in blocks.iter().enumerate() {
            if self.overflow {
                return;
            }
            match block {
                Block::Heading(t) => {
                    let h = body * MM_PER_PT * 1.2 + 1.6;
                    // Keep a heading with at least the next two lines.
                    let next = match blocks.get(i + 1) {
                        Some(Block::Row { .. }) => SWATCH.1 + 1.0,
                        _ => 2.0 * lh,
                    };
                    if !self.room(h + 1.2 + next) {
                        return;
                    }
                    let Some(reg) = self.region() else { return };
                    if self.y > reg.y0 + 1e-6 {
                        self.y += 1.8;
                    }
                    let mut page = Page::new("", 0.0, 0.0);
                    let used = heading(&mut page, reg.x0, reg.x1, self.y, t, body * 0.95);
                    self.ops.extend(page.ops);
                    self.y += used + 1.2;
                }
                Block::Para {
                    text,
                    weight,
                    colour,
                    indent,
                } => {
                    let Some(reg) = self.region() else { return };
                    let width = reg.width() - indent;
                    let lines = wrap(text, (width / (body * MM_PER_PT)) as f32, *weight);
                    for l in lines {
                        if !self.room(lh) {
                            return;
                        }
                        let Some(reg) = self.region() else { return };
                        self.text(l, reg.x0 + indent, body, *weight, *colour);
                        self.y += lh;
                    }
                    self.y += lh * 0.25;
                }
                Block::Row {
                    swatch,
                    title,
                    detail,
                    indent,
                } => {
                    let Some(reg) = self.region() else { return };
                    let tx = indent + SWATCH.0 + 2.2;
                    let width = reg.width() - tx;
                    let em = |size: f64| (width / (size * MM_PER_PT)) as f32;
                    let small = body * 0.92;
                    let title_lines = wrap(title, em(body), Weight::Medium);
                    let detail_lines = if detail.is_empty() {
                        Vec::new()
                    } else {
                        wrap(detail, em(small), Weight::Regular)
                    };
                    let small_lh = small * MM_PER_PT * 1.3;
                    let text_h =
                        title_lines.len() as f64 * lh + detail_lines.len() as f64 * small_lh;
                    let h = text_h.max(SWATCH.1 + 0.4) + 1.0;
                    if !self.room(h) {
                        return;
                    }
                    let Some(reg) = self.region() else { return };
                    let sw = Rect::new(
                        reg.x0 + indent,
                        self.y + 0.2,
                        reg.x0 + indent + SWATCH.0,
                        self.y + 0.2 + SWATCH.1,
                    );
                    match swatch {
                        Swatch::Colour(c) => {
                            self.ops.push(Op::Fill {
                                path: vello_cpu::kurbo::Shape::to_path(&sw, 0.01),
                                colour: *c,
                            });
                            self.ops.push(Op::Stroke {
                                path: vello_cpu::kurbo::Shape::to_path(&sw, 0.01),
                                width_mm: 0.15,
                                colour: INK,
                                dash_mm: None,
                            });
                        }
                        Swatch::Scene(scene) => {
                            self.ops.push(Op::Scene(fit_scene(scene.clone(), sw, None)));
                        }
                    }
                    let top = self.y;
                    for l in title_lines {
                        self.text(l, reg.x0 + tx, body, Weight::Medium, INK);
                        self.y += lh;
                    }
                    for l in detail_lines {
                        self.text(l, reg.x0 + tx, small, Weight::Regular, SOFT);
                        self.y += small_lh;
                    }
                    self.y = top + h;
                }
                Block::Gap(g) => {
                    if let Some(reg) = self.region()
                        && self.y > reg.y0 + 1e-6
                    {
                        self.y += g;
                    }
                }
            }
        }
    }
}

/// Where the map, its scale and the text go on the page.
struct Geometry {
    map: Rect,
    scale_at: (f64, f64),
    regions: Vec<Rect>,
}

fn columns(area: Rect, min_width: f64, gap: f64) -> Vec<Rect> {
    if area.width() < min_width * 0.8 || area.height() < 12.0 {
        return Vec::new();
    }
    let n = ((area.width() + gap) / (min_width + gap)).floor().max(1.0) as usize;
    let w = (area.width() - gap * (n as f64 - 1.0)) / n as f64;
    (0..n)
        .map(|i| {
            let x = area.x0 + i as f64 * (w + gap);
            Rect::new(x, area.y0, x + w, area.y1)
        })
        .collect()
}

/// The page split for a map taking at most `share` of the content height (portrait) or width
/// (landscape).
fn geometry(landscape: bool, content: Rect, map_w: f64, map_h: f64, share: f64) -> Geometry {
    let gap = 6.0;
    let scale_h = 12.0;
    let below_map = BAND_MM + 2.5;
    if !landscape {
        let max_w = content.width() - 2.0 * BAND_MM;
        let max_h = content.height() * share - 2.0 * BAND_MM;
        let k = (max_w / map_w).min(max_h / map_h);
        let (w, h) = (map_w * k, map_h * k);
        let x0 = content.x0 + (content.width() - w) / 2.0;
        let y0 = content.y0 + BAND_MM + 1.0;
        let map = Rect::new(x0, y0, x0 + w, y0 + h);
        let scale_y = map.y1 + below_map;
        let text = Rect::new(content.x0, scale_y + scale_h + 3.0, content.x1, content.y1);
        let n = 3.0;
        let width = (text.width() - gap * (n - 1.0)) / n;
        Geometry {
            map,
            scale_at: (content.x0, scale_y),
            regions: columns(text, width, gap),
        }
    } else {
        let max_w = content.width() * share - 2.0 * BAND_MM;
        let max_h = content.height() - 2.0 * BAND_MM - scale_h - below_map;
        let k = (max_w / map_w).min(max_h / map_h);
        let (w, h) = (map_w * k, map_h * k);
        let x0 = content.x0 + BAND_MM;
        let y0 = content.y0 + BAND_MM + 1.0;
        let map = Rect::new(x0, y0, x0 + w, y0 + h);
        let scale_y = map.y1 + below_map;
        let right = Rect::new(
            map.x1 + BAND_MM + gap,
            content.y0 + 2.0,
            content.x1,
            content.y1,
        );
        let mut regions = columns(right, 50.0, gap);
        let below = Rect::new(
            content.x0,
            scale_y + scale_h + 3.0,
            map.x1 + BAND_MM,
            content.y1,
        );
        regions.extend(columns(below, 50.0, gap));
        Geometry {
            map,
            scale_at: (content.x0 + BAND_MM, scale_y),
            regions,
        }
    }
}

/// Map shares tried, largest first, each with the smallest body size it may take.
const SHARES: [(f64, f64, f64); 3] = [(0.5, 0.55, 6.5), (0.43, 0.48, 6.0), (0.36, 0.42, 5.5)];

/// The largest map and text that fit: (geometry, text ops, everything fitted). When nothing
/// fits, the smallest map with the smallest text, cut short.
fn arrange(
    s: &Scenario,
    landscape: bool,
    content: Rect,
    map_w: f64,
    map_h: f64,
) -> (Geometry, Vec<Op>, bool) {
    let mut best: Option<(Geometry, Vec<Op>)> = None;
    for (portrait_share, landscape_share, min_body) in SHARES {
        let share = if landscape {
            landscape_share
        } else {
            portrait_share
        };
        let g = geometry(landscape, content, map_w, map_h, share);
        let tries = BODY_PT
            .iter()
            .filter(|b| **b >= ROSTER_MIN_PT)
            .map(|b| (true, *b))
            .chain(BODY_PT.iter().map(|b| (false, *b)))
            .filter(|(_, b)| *b >= min_body);
        let mut last = Vec::new();
        for (roster, body) in tries {
            let bs = blocks(s, roster);
            let mut flow = Flow {
                ops: Vec::new(),
                regions: &g.regions,
                r: 0,
                y: g.regions.first().map_or(0.0, |r| r.y0),
                body,
                overflow: false,
            };
            flow.place(&bs);
            let (ops, overflow) = (flow.ops, flow.overflow);
            if !overflow {
                return (g, ops, true);
            }
            last = ops;
        }
        best = Some((g, last));
    }
    match best {
        Some((g, ops)) => (g, ops, false),
        None => (
            geometry(landscape, content, map_w, map_h, SHARES[0].0),
            Vec::new(),
            false,
        ),
    }
}

/// Writes edge labels made of coloured pieces, centred on `c`, turned `rot` degrees.
fn label_pieces(
    page: &mut Page,
    c: (f64, f64),
    rot: f64,
    pieces: &[(String, Colour, Weight, f64)],
    size: f64,
) {
    let widths: Vec<f64> = pieces
        .iter()
        .map(|(t, _, w, tr)| {
            text_width_mm(
                &TextLine::new(t.clone(), (0.0, 0.0), size, INK)
                    .weight(*w)
                    .tracking(*tr),
            )
        })
        .collect();
    let total: f64 = widths.iter().sum();
    let (dx, dy) = (rot.to_radians().cos(), rot.to_radians().sin());
    let mut along = -total / 2.0;
    for ((t, colour, w, tr), width) in pieces.iter().zip(widths) {
        page.text(
            TextLine::new(
                t.clone(),
                (c.0 + dx * along, c.1 + dy * along),
                size,
                *colour,
            )
            .weight(*w)
            .tracking(*tr)
            .rotate(rot)
            .align(HAlign::Left, VAlign::Middle),
        );
        along += width;
    }
}

fn edge_labels(page: &mut Page, s: &Scenario, map: Rect) {
    let size = 6.5;
    for edge in Edge::ALL {
        let sides: Vec<&Side> = s
            .sides
            .iter()
            .filter(|x| x.home_edge == Some(edge))
            .collect();
        let mut pieces = vec![(edge_name(edge).to_uppercase(), SOFT, Weight::Medium, 0.16)];
        for side in &sides {
            pieces.push(("   ".into(), SOFT, Weight::Regular, 0.0));
            pieces.push((side.name.clone(), side.colour, Weight::Bold, 0.0));
            pieces.push((" home edge".into(), SOFT, Weight::Regular, 0.0));
        }
        let off = 1.6;
        let band = 1.1;
        let (centre, rot, bar) = match edge {
            Edge::North => (
                ((map.x0 + map.x1) / 2.0, map.y0 - off - band - 2.4),
                0.0,
                Rect::new(map.x0, map.y0 - off - band, map.x1, map.y0 - off),
            ),
            Edge::South => (
                ((map.x0 + map.x1) / 2.0, map.y1 + off + band + 2.4),
                0.0,
                Rect::new(map.x0, map.y1 + off, map.x1, map.y1 + off + band),
            ),
            Edge::West => (
                (map.x0 - off - band - 2.4, (map.y0 + map.y1) / 2.0),
                -90.0,
                Rect::new(map.x0 - off - band, map.y0, map.x0 - off, map.y1),
            ),
            Edge::East => (
                (map.x1 + off + band + 2.4, (map.y0 + map.y1) / 2.0),
                90.0,
                Rect::new(map.x1 + off, map.y0, map.x1 + off + band, map.y1),
            ),
        };
        if let Some(side) = sides.first() {
            page.fill(&bar, side.colour);
        }
        label_pieces(page, centre, rot, &pieces, size);
    }
}

/// The scenario sheet.
pub fn sheet(s: &Scenario, o: &ExportOptions, picture: Option<Arc<Picture>>) -> Page {
    let (pw, ph) = o.page_size_mm();
    let (x0, x1) = (MARGIN_MM, pw - MARGIN_MM);
    let mut page = Page::new("sheet", pw, ph);
    let byline = if s.meta.author.is_empty() {
        String::new()
    } else {
        format!("by {}", s.meta.author)
    };
    let facts0 = map_words(s);
    let facts1 = format!(
        "{}{}",
        ruleset_words(s.rules.ruleset),
        if s.rules.morale_tests {
            " · morale tests (R4)"
        } else {
            ""
        }
    );
    let top = header(
        &mut page,
        x0,
        x1,
        MARGIN_MM,
        &Header {
            kicker: "Scenario sheet",
            title: &s.meta.title,
            byline: &byline,
            facts: [&facts0, &facts1],
        },
    );
    let footer_y = ph - MARGIN_MM + 4.0;
    let content = Rect::new(x0, top + 3.0, x1, footer_y - 5.0);
    let scene = Arc::new(map_scene(s, o));
    let (bounds, unit) = scene::frame(s);
    let (mw, mh) = (
        f64::from(bounds.max.x - bounds.min.x).max(1e-3),
        f64::from(bounds.max.y - bounds.min.y).max(1e-3),
    );
    let (g, text_ops, fits) = arrange(s, o.landscape, content, mw, mh);
    let k = g.map.width() / mw;
    // The map, framed, with its edges named.
    page.fill(&g.map.inflate(0.8, 0.8), WHITE);
    page.scene(ScenePlacement {
        scene,
        to_paper: MapToPaper {
            scale: k,
            offset: (
                g.map.x0 - f64::from(bounds.min.x) * k,
                g.map.y0 - f64::from(bounds.min.y) * k,
            ),
        },
        clip: g.map.inflate(1.0, 1.0),
        background: picture,
    });
    if s.map.is_hex() {
        page.stroke(&g.map.inflate(0.9, 0.9), 0.3, INK);
    }
    edge_labels(&mut page, s, g.map);
    // Scale bars and words about the scale.
    let paper_per_table = k / f64::from(unit.mm());
    let (sx, sy) = g.scale_at;
    let bar_len = 52.0;
    scale_bars(&mut page, sx, sy, paper_per_table, bar_len);
    let ratio = 1.0 / paper_per_table;
    let ratio = if ratio < 20.0 {
        format!("{ratio:.1}")
    } else {
        format!("{ratio:.0}")
    };
    let mut words = vec![format!(
        "Scale 1:{ratio} — the true-scale tiled print lays out the map at 1:1."
    )];
    match &s.map {
        Map::Table(_) if o.grid => words
            .push("Grid of 1 inch squares, heavier every 6 inches; edge numbers in inches.".into()),
        Map::Table(_) => {}
        Map::Hex(h) => {
            let size = format!("{:.1}", h.hex_size_mm);
            let size = size.trim_end_matches('0').trim_end_matches('.');
            words.push(format!(
                "Hexes {size} mm across the flats, numbered {}.",
                h.numbering_words()
            ));
        }
    }
    let wx = sx + bar_len + 16.0;
    let right = if o.landscape { g.map.x1 + BAND_MM } else { x1 };
    for (i, w) in words.iter().enumerate() {
        page.text(
            TextLine::new(
                fit_text(w, 6.8, Weight::Regular, (right - wx).max(20.0)),
                (wx, sy + 3.6 + i as f64 * 3.6),
                6.8,
                SOFT,
            )
            .align(HAlign::Left, VAlign::Baseline),
        );
    }
    page.ops.extend(text_ops);
    // Hairlines between text columns that sit side by side.
    for pair in g.regions.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if (a.y0 - b.y0).abs() < 1e-6 && b.x0 > a.x1 {
            let x = (a.x1 + b.x0) / 2.0;
            page.fill(&Rect::new(x - 0.05, a.y0, x + 0.05, a.y1), FAINT);
        }
    }
    footer(
        &mut page,
        x0,
        x1,
        footer_y,
        &format!("{} · scenario sheet · {}", s.meta.title, o.paper_name()),
        if fits {
            "Made with Sandtable"
        } else {
            "Not all of the scenario's text fits: see the scenario file · Made with Sandtable"
        },
    );
    page
}
