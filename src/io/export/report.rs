//! The after-action report's pages: a cover with the starting positions, then each turn's map
//! (cropped to where the action was, the whole map as an inset) with every move of the turn
//! drawn along its path and numbered to match the text, the units that routed, were removed or
//! rallied marked, and the turn's entries flowed into columns under it; a closing page with the
//! result and the losses. The story itself (which positions, which moves, in what words) is
//! told by the caller as a [`Chronicle`]: this module only lays it out in the print style of
//! the scenario sheet.

use super::flow::{Frames, fit_scene, flow};
use super::fonts::Weight;
use super::furniture::{ACCENT, FAINT, Header, INK, SOFT, WHITE, footer, header};
use super::page::{MapToPaper, Page, Picture, ScenePlacement};
use super::sheet::MARGIN_MM;
use super::sheet_words::Block;
use super::{ExportError, ExportOptions, map_scene, picture};
use crate::geom::{Aabb, Point};
use crate::model::{Colour, Map, Place, Scenario};
use crate::scene::{Anchor, Item, Scene, Size, Stroke, text_box};
use std::sync::Arc;
use vello_cpu::kurbo::Rect;

/// The most pages one turn's words may run to.
const MAX_TURN_PAGES: usize = 20;
/// The body size of the report's words, points.
const BODY_PT: f64 = 7.5;

/// A played game, told for print.
#[derive(Clone, Debug)]
pub struct Chronicle {
    pub title: String,
    /// "Parliament (Eastern Association) against Royalists, turns 2 to 10".
    pub byline: String,
    /// The date the report was made, as the caller words it.
    pub date: String,
    /// The SHA-256 of the starting position, when the game recorded one.
    pub fingerprint: Option<String>,
    /// The position the game started from.
    pub start: Scenario,
    /// Paragraphs under the starting map (the scenario's situation, the victory conditions).
    pub preface: Vec<String>,
    pub turns: Vec<Chapter>,
    /// The closing page: a heading and its paragraphs, in order.
    pub closing: Vec<(String, Vec<String>)>,
}

/// One turn of the game.
#[derive(Clone, Debug)]
pub struct Chapter {
    pub turn: u16,
    /// The position at the end of the turn (or where the log ends).
    pub end: Scenario,
    pub moves: Vec<DrawnMove>,
    pub marks: Vec<Mark>,
    /// The turn's entries in order.
    pub entries: Vec<Told>,
    /// The score at the end of the turn, in words, when the scenario keeps one.
    pub score: Option<String>,
}

/// A move drawn on the turn's map, numbered as its entry in the log.
#[derive(Clone, Debug)]
pub struct DrawnMove {
    pub number: usize,
    pub colour: Colour,
    pub path: Vec<Place>,
}

/// What happened to a unit this turn, marked where it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Routed,
    Removed,
    Rallied,
}

impl MarkKind {
    fn word(self) -> &'static str {
        match self {
            MarkKind::Routed => "ROUTED",
            MarkKind::Removed => "REMOVED",
            MarkKind::Rallied => "RALLIED",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Mark {
    pub at: Place,
    pub kind: MarkKind,
}

/// One log entry in words.
#[derive(Clone, Debug)]
pub struct Told {
    /// Its number in the log (1-based).
    pub number: usize,
    /// The number of its move on the map, when it is drawn: its own number in the log.
    pub move_number: Option<usize>,
    pub text: String,
    /// Dice and outcomes beyond the text (a test's reasons).
    pub details: Vec<String>,
    /// The players' note.
    pub note: Option<String>,
}

/// Where `p` lies in the scene's map units.
pub fn place_point(s: &Scenario, p: Place) -> Point {
    match (p, &s.map) {
        (Place::Hex(h), Map::Hex(m)) => m.layout().hex_to_world_pos(h),
        (Place::Table(p), _) => p,
        (Place::Hex(h), Map::Table(_)) => Point::new(h.x as f32, h.y as f32),
    }
}

/// The part of the map a turn's action covers: every place of its moves and marks, with room
/// around (three hexes, or six inches), never smaller than a third of a hex map across (half
/// a table), and within the map. `None` when nothing moved.
pub fn action_crop(s: &Scenario, moves: &[DrawnMove], marks: &[Mark]) -> Option<Aabb> {
    let points: Vec<Point> = moves
        .iter()
        .flat_map(|m| m.path.iter())
        .chain(marks.iter().map(|m| &m.at))
        .map(|p| place_point(s, *p))
        .collect();
    let b = Aabb::of_points(&points)?;
    let map = crate::scene::frame(s).0;
    // A table's models and their names are small beside its terrain: its crop keeps at least
    // half the table across, a hex map's a third.
    let (room, least) = match &s.map {
        Map::Hex(h) => (h.hex_size_mm * 3.0, 1.0 / 3.0),
        Map::Table(_) => (6.0, 0.5),
    };
    let (mw, mh) = (map.max.x - map.min.x, map.max.y - map.min.y);
    let grow = |lo: f32, hi: f32, min: f32, full_lo: f32, full_hi: f32| {
        let (mut lo, mut hi) = (lo - room, hi + room);
        if hi - lo < min {
            let c = (lo + hi) / 2.0;
            lo = c - min / 2.0;
            hi = c + min / 2.0;
        }
        // Slide into the map, then cut to it.
        if lo < full_lo {
            hi += full_lo - lo;
            lo = full_lo;
        }
        if hi > full_hi {
            lo -= hi - full_hi;
            hi = full_hi;
        }
        (lo.max(full_lo), hi.min(full_hi))
    };
    let (x0, x1) = grow(b.min.x, b.max.x, mw * least, map.min.x, map.max.x);
    let (y0, y1) = grow(b.min.y, b.max.y, mh * least, map.min.y, map.max.y);
    Some(Aabb {
        min: Point::new(x0, y0),
        max: Point::new(x1, y1),
    })
}

/// Places `crop` of `scene` to fit `rect`, centred, clipped to `rect`.
fn place_crop(
    scene: Arc<crate::scene::Scene>,
    crop: Aabb,
    rect: Rect,
    background: Option<Arc<Picture>>,
) -> ScenePlacement {
    let (w, h) = (
        f64::from(crop.max.x - crop.min.x).max(1e-6),
        f64::from(crop.max.y - crop.min.y).max(1e-6),
    );
    let k = (rect.width() / w).min(rect.height() / h);
    let ox = rect.x0 + (rect.width() - w * k) / 2.0 - f64::from(crop.min.x) * k;
    let oy = rect.y0 + (rect.height() - h * k) / 2.0 - f64::from(crop.min.y) * k;
    let shown = Rect::new(
        rect.x0 + (rect.width() - w * k) / 2.0,
        rect.y0 + (rect.height() - h * k) / 2.0,
        rect.x0 + (rect.width() + w * k) / 2.0,
        rect.y0 + (rect.height() + h * k) / 2.0,
    );
    ScenePlacement {
        scene,
        to_paper: MapToPaper {
            scale: k,
            offset: (ox, oy),
        },
        clip: shown,
        background,
    }
}

/// The turn's moves and marks drawn into `scene`, sized for `mm_per_unit` paper millimetres per
/// map unit: a line along each path in its side's colour with an arrowhead, the move's number
/// in a disc, and each mark's word by a ring. Like the map's own names, the numbers and words
/// are placed so that no label covers another: a disc goes where its move began, else at the
/// first point of its path, else just beside one, that no name, hex number or other disc
/// covers; a mark's word goes above its ring, else below, right or left of it.
fn draw_action(scene: &mut Scene, s: &Scenario, ch: &Chapter, mm_per_unit: f64) {
    let unit = |mm: f64| (mm / mm_per_unit) as f32;
    let mut taken = scene.text_boxes(unit(25.4 / 72.0));
    let free = |b: &Aabb, taken: &[Aabb]| !taken.iter().any(|t| t.intersects(b));
    let disc_r = unit(2.2);
    let disc_box = |c: Point| Aabb::around(c, disc_r + unit(0.3));
    let mut discs: Vec<Point> = Vec::new();
    for m in &ch.moves {
        let pts: Vec<Point> = m.path.iter().map(|p| place_point(s, *p)).collect();
        let (Some(&first), Some(&last)) = (pts.first(), pts.last()) else {
            continue;
        };
        scene.push(Item::Line {
            points: pts.clone(),
            stroke: Stroke::points(3.2, WHITE),
            closed: false,
        });
        scene.push(Item::Line {
            points: pts.clone(),
            stroke: Stroke::points(1.8, m.colour),
            closed: false,
        });
        let before = pts
            .iter()
            .rev()
            .find(|p| p.distance(last) > 1e-3)
            .copied()
            .unwrap_or(first);
        let d = (last - before).normalize_or_zero();
        if d != Point::ZERO {
            let n = Point::new(-d.y, d.x);
            let len = unit(3.0);
            let half = unit(1.5);
            let back = last - d * len;
            scene.push(Item::Convex {
                points: vec![last, back + n * half, back - n * half],
                fill: Some(m.colour),
                stroke: Some(Stroke::points(0.5, WHITE)),
            });
        }
        let step = unit(4.8);
        let beside = pts.iter().flat_map(|&p| {
            (0..8).map(move |k| {
                let a = std::f32::consts::FRAC_PI_4 * k as f32;
                p + Point::new(a.sin(), a.cos()) * step
            })
        });
        let apart = |p: &Point| discs.iter().all(|d| d.distance(*p) >= unit(4.6));
        let at = pts
            .iter()
            .copied()
            .chain(beside)
            .find(|p| free(&disc_box(*p), &taken))
            .or_else(|| pts.iter().copied().find(apart))
            .unwrap_or(first);
        discs.push(at);
        taken.push(disc_box(at));
        scene.push(Item::Circle {
            centre: at,
            radius: disc_r,
            fill: Some(m.colour),
            stroke: Some(Stroke::points(0.6, WHITE)),
        });
        scene.push(Item::Text {
            pos: at,
            text: m.number.to_string(),
            size: Size::Points(6.0),
            colour: WHITE,
            anchor: Anchor::Centre,
        });
    }
    let word_size = unit(5.5 * 25.4 / 72.0);
    for mark in &ch.marks {
        let c = place_point(s, mark.at);
        scene.push(Item::Circle {
            centre: c,
            radius: unit(4.0),
            fill: None,
            stroke: Some(Stroke::points(1.4, ACCENT)),
        });
        let word = mark.kind.word();
        let gap = unit(4.6);
        let places = [
            (c - Point::new(0.0, gap), Anchor::Bottom),
            (c + Point::new(0.0, gap), Anchor::Top),
            (c + Point::new(gap, 0.0), Anchor::Left),
            (c - Point::new(gap, 0.0), Anchor::Right),
        ];
        let (pos, anchor) = places
            .iter()
            .copied()
            .find(|(p, a)| free(&text_box(word, *p, word_size, *a), &taken))
            .unwrap_or(places[0]);
        taken.push(text_box(word, pos, word_size, anchor));
        scene.push(Item::Text {
            pos,
            text: word.into(),
            size: Size::Points(5.5),
            colour: ACCENT,
            anchor,
        });
    }
}

/// A turn's map for a frame of `map_rect` on paper: the positions at its end with the turn's
/// moves and marks drawn over them, and the part of the map the frame shows (where the action
/// was, else the whole map).
fn turn_map(ch: &Chapter, o: &ExportOptions, map_rect: Rect) -> (Scene, Aabb) {
    let crop = action_crop(&ch.end, &ch.moves, &ch.marks)
        .unwrap_or_else(|| crate::scene::frame(&ch.end).0);
    let k = (map_rect.width() / f64::from(crop.max.x - crop.min.x).max(1e-6))
        .min(map_rect.height() / f64::from(crop.max.y - crop.min.y).max(1e-6));
    let mut scene = map_scene(&ch.end, o);
    draw_action(&mut scene, &ch.end, ch, k);
    (scene, crop)
}

fn para(text: impl Into<String>, weight: Weight, colour: Colour, indent: f64) -> Block {
    Block::Para {
        text: text.into(),
        weight,
        colour,
        indent,
    }
}

/// The words of a turn, in blocks for the columns.
fn turn_blocks(ch: &Chapter) -> Vec<Block> {
    let mut b = Vec::new();
    if let Some(score) = &ch.score {
        b.push(Block::Heading("Score at the end of the turn".into()));
        b.push(para(score.clone(), Weight::Medium, INK, 0.0));
        b.push(Block::Gap(1.5));
    }
    b.push(Block::Heading(format!("Turn {}: the log", ch.turn)));
    if ch.entries.is_empty() {
        b.push(para(
            "Nothing was logged this turn.",
            Weight::Regular,
            SOFT,
            0.0,
        ));
    }
    for e in &ch.entries {
        // A move drawn on the map carries the same number there.
        let lead = format!("{}. {}", e.number, e.text);
        b.push(para(lead, Weight::Regular, INK, 0.0));
        for d in &e.details {
            b.push(para(format!("– {d}"), Weight::Regular, SOFT, 3.0));
        }
        if let Some(n) = &e.note {
            b.push(para(format!("Note: {n}"), Weight::Medium, ACCENT, 3.0));
        }
        b.push(Block::Gap(0.8));
    }
    b
}

/// Text columns of `area`, `n` across.
fn columns(area: Rect, n: usize, gap: f64) -> Vec<Rect> {
    let w = (area.width() - gap * (n as f64 - 1.0)) / n as f64;
    (0..n)
        .map(|i| {
            let x = area.x0 + i as f64 * (w + gap);
            Rect::new(x, area.y0, x + w, area.y1)
        })
        .collect()
}

/// Every page of the report.
pub fn report_pages(c: &Chronicle, o: &ExportOptions) -> Result<Vec<Page>, ExportError> {
    let (pw, ph) = o.page_size_mm();
    let content = Rect::new(MARGIN_MM, MARGIN_MM, pw - MARGIN_MM, ph - MARGIN_MM);
    let picture = picture(&c.start)?;
    let ncols = if o.landscape { 3 } else { 2 };
    // The columns of a page the words run on to.
    let rest = columns(
        Rect::new(content.x0, content.y0 + 12.0, content.x1, content.y1 - 6.0),
        ncols,
        6.0,
    );
    let mut pages = Vec::new();
    let footer_left = format!("{} · after-action report · {}", c.title, c.date);

    // The cover: the starting positions, the fingerprint, the preface.
    let mut cover = Page::new("cover", pw, ph);
    let top = header(
        &mut cover,
        content.x0,
        content.x1,
        content.y0,
        &Header {
            kicker: "After-action report",
            title: &c.title,
            byline: &c.byline,
            facts: ["Starting positions", ""],
        },
    );
    let map_h = (content.height() - top) * 0.58;
    let map_rect = Rect::new(
        content.x0,
        content.y0 + top,
        content.x1,
        content.y0 + top + map_h,
    );
    let scene = Arc::new(map_scene(&c.start, o));
    cover.scene(fit_scene(scene, map_rect, picture.clone()));
    let mut blocks = vec![Block::Heading("The game".into())];
    if let Some(f) = &c.fingerprint {
        blocks.push(para(
            format!("Fingerprint of the start (SHA-256): {f}"),
            Weight::Regular,
            SOFT,
            0.0,
        ));
    }
    for p in &c.preface {
        blocks.push(para(p.clone(), Weight::Regular, INK, 0.0));
        blocks.push(Block::Gap(1.0));
    }
    let text = Rect::new(content.x0, map_rect.y1 + 6.0, content.x1, content.y1 - 6.0);
    flow_onto(
        &mut pages,
        cover,
        &blocks,
        columns(text, ncols, 6.0),
        rest.clone(),
        "cover",
    )?;

    for ch in &c.turns {
        let mut page = Page::new(format!("turn-{}", ch.turn), pw, ph);
        let top = header(
            &mut page,
            content.x0,
            content.x1,
            content.y0,
            &Header {
                kicker: &c.title,
                title: &format!("Turn {}", ch.turn),
                byline: &format!(
                    "{} move{} drawn, each numbered as its entry in the log below",
                    ch.moves.len(),
                    if ch.moves.len() == 1 { "" } else { "s" }
                ),
                facts: ["Positions at the end of the turn", ""],
            },
        );
        let map_rect = Rect::new(
            content.x0,
            content.y0 + top,
            content.x1,
            content.y0 + top + (content.height() - top) * 0.56,
        );
        let whole = crate::scene::frame(&ch.end).0;
        let (scene, crop) = turn_map(ch, o, map_rect);
        let scene = Arc::new(scene);
        let placed = place_crop(scene.clone(), crop, map_rect, picture.clone());
        let shown = placed.clip;
        let busy: Vec<(f64, f64)> = ch
            .moves
            .iter()
            .flat_map(|m| &m.path)
            .chain(ch.marks.iter().map(|m| &m.at))
            .map(|p| placed.to_paper.apply(place_point(&ch.end, *p)))
            .collect();
        page.scene(placed);
        page.stroke(&shown, 0.25, FAINT);
        // An inset beside a crop of most of the map would only hide part of it.
        let area = |b: &Aabb| f64::from((b.max.x - b.min.x) * (b.max.y - b.min.y));
        if area(&crop) < 0.7 * area(&whole) {
            inset(&mut page, &ch.end, o, shown, crop, picture.clone(), &busy);
        }
        let text = Rect::new(content.x0, map_rect.y1 + 5.0, content.x1, content.y1 - 6.0);
        flow_onto(
            &mut pages,
            page,
            &turn_blocks(ch),
            columns(text, ncols, 6.0),
            rest.clone(),
            &format!("turn-{}", ch.turn),
        )?;
    }

    let mut last = Page::new("result", pw, ph);
    let top = header(
        &mut last,
        content.x0,
        content.x1,
        content.y0,
        &Header {
            kicker: "After-action report",
            title: "The result",
            byline: &c.title,
            facts: ["", ""],
        },
    );
    let mut blocks = Vec::new();
    for (h, paras) in &c.closing {
        blocks.push(Block::Heading(h.clone()));
        for p in paras {
            blocks.push(para(p.clone(), Weight::Regular, INK, 0.0));
        }
        blocks.push(Block::Gap(2.0));
    }
    let text = Rect::new(
        content.x0,
        content.y0 + top + 4.0,
        content.x1,
        content.y1 - 6.0,
    );
    flow_onto(
        &mut pages,
        last,
        &blocks,
        columns(text, ncols, 6.0),
        rest,
        "result",
    )?;
    let n = pages.len();
    for (i, p) in pages.iter_mut().enumerate() {
        footer(
            p,
            content.x0,
            content.x1,
            content.y1,
            &footer_left,
            &format!("page {} of {n}", i + 1),
        );
    }
    Ok(pages)
}

/// The whole map small in a corner of the turn's map, the crop outlined on it; `busy` are the
/// paper points of the turn's moves and marks, which the inset keeps clear of.
fn inset(
    page: &mut Page,
    s: &Scenario,
    o: &ExportOptions,
    shown: Rect,
    crop: Aabb,
    picture: Option<Arc<Picture>>,
    busy: &[(f64, f64)],
) {
    let whole = crate::scene::frame(s).0;
    let (w, h) = (
        f64::from(whole.max.x - whole.min.x).max(1e-6),
        f64::from(whole.max.y - whole.min.y).max(1e-6),
    );
    let max = (shown.width().min(shown.height()) * 0.3).max(20.0);
    let k = (max / w).min(max / h);
    let (iw, ih) = (w * k, h * k);
    // The corner over the fewest of the turn's moves and marks (top right when it is free):
    // the inset must not hide the action it stands beside.
    let corners = [
        (shown.x1 - iw - 2.0, shown.y0 + 2.0),
        (shown.x0 + 2.0, shown.y0 + 2.0),
        (shown.x1 - iw - 2.0, shown.y1 - ih - 2.0),
        (shown.x0 + 2.0, shown.y1 - ih - 2.0),
    ];
    let r = corners
        .iter()
        .map(|&(x, y)| Rect::new(x, y, x + iw, y + ih))
        .min_by_key(|r| {
            let grown = r.inflate(3.0, 3.0);
            busy.iter()
                .filter(|p| grown.contains(vello_cpu::kurbo::Point::new(p.0, p.1)))
                .count()
        })
        .unwrap_or(Rect::new(shown.x1 - iw, shown.y0, shown.x1, shown.y0 + ih));
    page.fill(&r.inflate(1.0, 1.0), WHITE);
    let placed = fit_scene(Arc::new(map_scene(s, o)), r, picture);
    let t = placed.to_paper;
    page.scene(placed);
    page.stroke(&r.inflate(1.0, 1.0), 0.25, SOFT);
    let a = t.apply(crop.min);
    let b = t.apply(crop.max);
    page.stroke(&Rect::new(a.0, a.1, b.0, b.1), 0.5, ACCENT);
}

/// Flows `blocks` into `first` (columns on `page`) and then `rest` on further pages, pushing
/// every page onto `pages`.
fn flow_onto(
    pages: &mut Vec<Page>,
    page: Page,
    blocks: &[Block],
    first: Vec<Rect>,
    rest: Vec<Rect>,
    name: &str,
) -> Result<(), ExportError> {
    let frames = Frames {
        first,
        rest,
        max_pages: MAX_TURN_PAGES,
    };
    let flowed = flow(blocks, &frames, BODY_PT).ok_or_else(|| ExportError::SheetTooLong {
        paper: name.to_string(),
        limit: MAX_TURN_PAGES,
    })?;
    let (w, h) = (page.width_mm, page.height_mm);
    let mut page = Some(page);
    for (i, ops) in flowed.pages.into_iter().enumerate() {
        let mut p = page
            .take()
            .unwrap_or_else(|| Page::new(format!("{name}-{}", i + 1), w, h));
        p.ops.extend(ops);
        pages.push(p);
    }
    if let Some(p) = page {
        pages.push(p);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two moves that began on the same hex: their numbers are drawn apart, each on its own
    /// path.
    #[test]
    fn the_numbers_of_two_moves_from_one_hex_are_not_drawn_over_each_other() {
        let s = crate::samples::named("winceby");
        let h = |x, y| Place::Hex(hexx::Hex::new(x, y));
        let ch = Chapter {
            turn: 2,
            end: s.clone(),
            moves: vec![
                DrawnMove {
                    number: 1,
                    colour: INK,
                    path: vec![h(10, 0), h(11, 0), h(12, 0)],
                },
                DrawnMove {
                    number: 2,
                    colour: INK,
                    path: vec![h(10, 0), h(10, 1), h(10, 2)],
                },
            ],
            marks: Vec::new(),
            entries: Vec::new(),
            score: None,
        };
        let mut scene =
            crate::scene::Scene::new(crate::scene::frame(&s).0, crate::scene::MapUnit::Millimetre);
        draw_action(&mut scene, &s, &ch, 1.0);
        let numbers: Vec<Point> = scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { pos, text, .. } if text == "1" || text == "2" => Some(*pos),
                _ => None,
            })
            .collect();
        assert_eq!(numbers.len(), 2);
        assert!(numbers[0].distance(numbers[1]) >= 4.6, "{numbers:?}");
        assert_eq!(
            numbers[0],
            place_point(&s, h(10, 0)),
            "the first where its move began"
        );
    }

    /// Labels never overlap on a turn's map: moves that begin on every objective of Winceby
    /// (each named under, over or beside its star) and on a regiment's hex, with a rout marked
    /// on an objective, are numbered and marked clear of every name, hex number and each other,
    /// at the scale the page draws them.
    #[test]
    fn a_turn_maps_numbers_and_marks_cover_no_name_hex_number_or_each_other() {
        let s = crate::samples::named("winceby");
        let colour = INK;
        let mut moves: Vec<DrawnMove> = Vec::new();
        let mut from: Vec<hexx::Hex> = s
            .objectives
            .iter()
            .filter_map(|o| match o.place {
                Place::Hex(h) => Some(h),
                _ => None,
            })
            .collect();
        from.extend(
            s.units
                .iter()
                .filter_map(|u| u.hex())
                .map(|(h, _)| h)
                .take(2),
        );
        for (k, h) in from.iter().enumerate() {
            moves.push(DrawnMove {
                number: k + 1,
                colour,
                path: vec![
                    Place::Hex(*h),
                    Place::Hex(h.neighbor(hexx::EdgeDirection::FLAT_SOUTH)),
                ],
            });
        }
        let ch = Chapter {
            turn: 3,
            end: s.clone(),
            moves,
            marks: vec![Mark {
                at: Place::Hex(from[0]),
                kind: MarkKind::Routed,
            }],
            entries: Vec::new(),
            score: None,
        };
        let o = ExportOptions::default();
        let map_rect = Rect::new(12.0, 40.0, 198.0, 170.0);
        let (scene, crop) = turn_map(&ch, &o, map_rect);
        let k = (map_rect.width() / f64::from(crop.max.x - crop.min.x))
            .min(map_rect.height() / f64::from(crop.max.y - crop.min.y));
        let per_point = (25.4 / 72.0 / k) as f32;
        let drawn = map_scene(&s, &o).items.len();
        let names = Scene {
            items: scene.items[..drawn].to_vec(),
            ..scene.clone()
        }
        .text_boxes(per_point);
        let labels: Vec<(String, Aabb)> = scene.items[drawn..]
            .iter()
            .filter_map(|i| match i {
                Item::Circle {
                    centre,
                    radius,
                    fill: Some(_),
                    ..
                } => Some((
                    format!("disc at {centre:?}"),
                    Aabb::around(*centre, *radius),
                )),
                Item::Text {
                    pos,
                    text,
                    anchor: a @ (Anchor::Top | Anchor::Bottom | Anchor::Left | Anchor::Right),
                    ..
                } => Some((text.clone(), text_box(text, *pos, 5.5 * per_point, *a))),
                _ => None,
            })
            .collect();
        assert_eq!(labels.len(), from.len() + 1, "a disc a move and the word");
        for (i, (what, b)) in labels.iter().enumerate() {
            let under: Vec<&Aabb> = names.iter().filter(|n| n.intersects(b)).collect();
            assert!(under.is_empty(), "{what} {b:?} covers {under:?}");
            for (other, c) in &labels[i + 1..] {
                assert!(!b.intersects(c), "{what} covers {other}");
            }
        }
    }
}
