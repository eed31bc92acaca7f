//! The scenario sheet: a page to hand to players, with the map fitted and labelled at its
//! edges, a scale bar, and every word of the scenario (situation, sides and their zones, the whole
//! order of battle, entry points and columns, reinforcements, objectives, the legend) flowed into
//! columns beside or under it. The text size steps down from 8 to 5.5 points to keep the sheet to
//! one page; when even that is not enough, the words run on at a readable size over as many
//! further pages as they need, each numbered "page 2 of 3". Nothing is ever left out.

use super::draw::text_width_mm;
use super::flow::{Flowed, Frames, flow};
use super::fonts::Weight;
use super::furniture::{FAINT, Header, INK, SOFT, WHITE, fit_text, footer, header, scale_bars};
use super::page::{HAlign, MapToPaper, Page, Picture, ScenePlacement, TextLine, VAlign};
use super::sheet_words::{Block, blocks, edge_name, map_words, ruleset_words};
use super::{ExportError, ExportOptions, MAX_PAGES, map_scene};
use crate::model::*;
use crate::scene;
use std::sync::Arc;
use vello_cpu::kurbo::Rect;

/// The sheet's margin, millimetres.
pub const MARGIN_MM: f64 = 12.0;
/// Room for the edge labels around the map, millimetres.
const BAND_MM: f64 = 6.5;
/// Body sizes tried for a sheet of one page, largest first.
const BODY_PT: [f64; 6] = [8.0, 7.5, 7.0, 6.5, 6.0, 5.5];
/// The body size of a sheet whose words run on over further pages.
const RUN_ON_PT: f64 = 7.0;
/// The gap between text columns, millimetres.
const GAP_MM: f64 = 6.0;

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

/// Map shares tried for a sheet of one page, largest first, each with the smallest body size
/// it may take: (portrait share, landscape share, smallest body).
const SHARES: [(f64, f64, f64); 3] = [(0.5, 0.55, 6.5), (0.43, 0.48, 6.0), (0.36, 0.42, 5.5)];

/// The columns of a page after the first: three across a portrait page, as many of at least
/// 50 mm as fit across a landscape one.
fn run_on_columns(landscape: bool, content: Rect) -> Vec<Rect> {
    let min_width = if landscape {
        50.0
    } else {
        (content.width() - 2.0 * GAP_MM) / 3.0
    };
    columns(content, min_width, GAP_MM)
}

/// The map's place and the words laid out: on one page with the largest map and text that fit,
/// else with the largest map and [`RUN_ON_PT`] text over as many pages as the words need.
fn arrange(
    blocks: &[Block],
    landscape: bool,
    content: Rect,
    run_on: Rect,
    map: (f64, f64),
) -> Result<(Geometry, Flowed), usize> {
    let share = |(portrait, wide, _): (f64, f64, f64)| if landscape { wide } else { portrait };
    for shares in SHARES {
        let g = geometry(landscape, content, map.0, map.1, share(shares));
        let one_page = Frames {
            first: g.regions.clone(),
            rest: Vec::new(),
            max_pages: 1,
        };
        for body in BODY_PT.iter().filter(|b| **b >= shares.2) {
            if let Some(f) = flow(blocks, &one_page, *body) {
                return Ok((g, f));
            }
        }
    }
    let g = geometry(landscape, content, map.0, map.1, share(SHARES[0]));
    let frames = Frames {
        first: g.regions.clone(),
        rest: run_on_columns(landscape, run_on),
        max_pages: MAX_PAGES,
    };
    match flow(blocks, &frames, RUN_ON_PT) {
        Some(f) => Ok((g, f)),
        None => Err(MAX_PAGES),
    }
}

/// Hairlines between the text columns that sit side by side, up to the last column used.
fn hairlines(page: &mut Page, columns: &[Rect], used: usize) {
    for pair in columns[..used.min(columns.len())].windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if (a.y0 - b.y0).abs() < 1e-6 && b.x0 > a.x1 {
            let x = (a.x1 + b.x0) / 2.0;
            page.fill(&Rect::new(x - 0.05, a.y0, x + 0.05, a.y1), FAINT);
        }
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

/// The scenario sheet: its first page, then as many pages as the words that did not fit on it
/// need (the pages are named `page1`, `page2`, … when there is more than one).
pub fn sheet(
    s: &Scenario,
    o: &ExportOptions,
    picture: Option<Arc<Picture>>,
) -> Result<Vec<Page>, ExportError> {
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
        "{}{}{}",
        ruleset_words(s.rules.ruleset),
        if s.rules.morale_tests {
            " · morale tests (R4)"
        } else {
            ""
        },
        match s.rules.stacking {
            Some(n) if n > 1 && s.map.is_hex() => format!(" · {n} units a hex"),
            _ => String::new(),
        }
    );
    // A handout names its side at the head and foot of every page, so two sides' sheets are
    // never mixed up once printed.
    let side = o.side.and_then(|id| s.side(id)).map(|x| x.name.as_str());
    let (kicker, kind) = match side {
        Some(name) => (format!("{name} handout"), format!("{name} handout")),
        None => ("Scenario sheet".to_string(), "scenario sheet".to_string()),
    };
    let continued = format!("{kicker}, continued");
    let top = header(
        &mut page,
        x0,
        x1,
        MARGIN_MM,
        &Header {
            kicker: &kicker,
            title: &s.meta.title,
            byline: &byline,
            facts: [&facts0, &facts1],
        },
    );
    let footer_y = ph - MARGIN_MM + 4.0;
    let content = Rect::new(x0, top + 3.0, x1, footer_y - 5.0);
    let run_on_header = |page: &mut Page, of: &str| {
        header(
            page,
            x0,
            x1,
            MARGIN_MM,
            &Header {
                kicker: &continued,
                title: &s.meta.title,
                byline: &byline,
                facts: [of, ""],
            },
        )
    };
    let run_on_top = run_on_header(&mut Page::new("", pw, ph), "");
    let run_on = Rect::new(x0, run_on_top + 5.0, x1, footer_y - 5.0);
    let scene = Arc::new(map_scene(s, o));
    let (bounds, unit) = scene::frame(s);
    let (mw, mh) = (
        f64::from(bounds.max.x - bounds.min.x).max(1e-3),
        f64::from(bounds.max.y - bounds.min.y).max(1e-3),
    );
    let words = blocks(s);
    let (g, flowed) = arrange(&words, o.landscape, content, run_on, (mw, mh)).map_err(|limit| {
        ExportError::SheetTooLong {
            paper: o.paper_name(),
            limit,
        }
    })?;
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
    let mut scale_words = vec![format!(
        "Scale 1:{ratio} — the true-scale tiled print lays out the map at 1:1."
    )];
    match &s.map {
        Map::Table(_) if o.grid => scale_words
            .push("Grid of 1 inch squares, heavier every 6 inches; edge numbers in inches.".into()),
        Map::Table(_) => {}
        Map::Hex(h) => {
            let size = format!("{:.1}", h.hex_size_mm);
            let size = size.trim_end_matches('0').trim_end_matches('.');
            scale_words.push(format!(
                "Hexes {size} mm across the flats, numbered {}.",
                h.numbering_words()
            ));
        }
    }
    let wx = sx + bar_len + 16.0;
    let right = if o.landscape { g.map.x1 + BAND_MM } else { x1 };
    for (i, w) in scale_words.iter().enumerate() {
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
    let total = flowed.pages.len().max(1);
    let foot = |page: &mut Page, n: usize| {
        let mut left = format!("{} · {kind} · {}", s.meta.title, o.paper_name());
        if total > 1 {
            left.push_str(&format!(" · page {n} of {total}"));
        }
        footer(page, x0, x1, footer_y, &left, "Made with Sandtable");
    };
    let mut text = flowed.pages.into_iter();
    let used = flowed.columns_used;
    hairlines(&mut page, &g.regions, used.first().copied().unwrap_or(0));
    page.ops.extend(text.next().unwrap_or_default());
    foot(&mut page, 1);
    if total > 1 {
        page.name = "page1".into();
    }
    let mut pages = vec![page];
    let columns = run_on_columns(o.landscape, run_on);
    for (i, ops) in text.enumerate() {
        let n = i + 2;
        let mut p = Page::new(format!("page{n}"), pw, ph);
        run_on_header(&mut p, &format!("page {n} of {total}"));
        hairlines(&mut p, &columns, used.get(n - 1).copied().unwrap_or(0));
        p.ops.extend(ops);
        foot(&mut p, n);
        pages.push(p);
    }
    Ok(pages)
}
