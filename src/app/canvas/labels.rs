//! Names and hex numbers over the map, placed on screen by level of detail: a label shows only
//! when what it names is large enough on screen to be worth naming, at a size that stays
//! readable, on a light backing; labels are placed in order of importance (the selection first,
//! then units, leaders, then hex numbers) and one that would overlap a label already placed is
//! left out, so no label is ever drawn over another or cut short. The other texts of the map
//! share the same rule through `Placed::fit_text`: the map's names (which give way to the rule
//! preview's labels), then the counters' texts, then these; last the preview's labels give way
//! to the units' texts, and on a table to the bases and the selection's frame (one in the way
//! moves a line below or above, or a little right, else is left out), so every unit keeps its
//! name with a preview open. A stack on a hex is named by one label, a line a unit.

use super::label_placing::LastPlacing;
use crate::app::view::View;
use crate::geom::{Aabb, Point};
use crate::model::*;
use egui::epaint::text::FontsView;
use egui::{Align2, Color32, FontId, Galley, Pos2, Rect, Shape, Vec2};
use foldhash::HashMap;
use std::sync::Arc;

/// A unit label is written at this size.
const UNIT_PT: f32 = 11.5;
/// A hex number is written at this size.
const HEX_PT: f32 = 9.5;
/// Counters are named once they are this many screen points across.
const UNIT_MIN_PT: f32 = 18.0;
/// Table units are named once their bases span this many screen points: a lone 1" base on a
/// 6' table fitted in the window (about 8 points to the inch) still has its name, which the
/// overlap rule below keeps from crowding.
const TABLE_UNIT_MIN_PT: f32 = 8.0;

/// The least size on screen at which a unit of `s` is named.
fn unit_min_pt(s: &Scenario) -> f32 {
    if s.map.is_hex() {
        UNIT_MIN_PT
    } else {
        TABLE_UNIT_MIN_PT
    }
}
/// Hexes are numbered once they are this many screen points across the flats.
const HEX_MIN_PT: f32 = 34.0;

/// How important a label is: lower is placed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Selected,
    Unit,
    Leader,
    Hex,
}

struct Label {
    rank: Rank,
    /// Screen point the label hangs from, and how.
    at: Pos2,
    align: Align2,
    /// Where it goes instead when that place is taken, in order: above a counter rather than
    /// below, then below or above hanging to one side (clear of a crowded neighbour), then
    /// beside it.
    instead: Vec<(Pos2, Align2)>,
    text: String,
    pt: f32,
    colour: Color32,
    backing: Option<Color32>,
}

/// The labels' texts as last laid out, kept from one placing of the labels to the next: egui
/// keeps a laid-out text only while it is drawn every frame, and the labels are placed once
/// per change and then drawn from the canvas's cache, so each change would lay out every name
/// again (5,000 names on a crowded table were a third of the frame after a move).
#[derive(Default)]
pub(in crate::app) struct LabelGalleys {
    /// The pixels per point they were laid out for.
    ppp: u32,
    /// The placings begun so far.
    placing: u32,
    /// By text: each size and colour it was laid out in, and the last placing that used it.
    kept: HashMap<String, Vec<KeptGalley>>,
}

struct KeptGalley {
    pt: u32,
    colour: Color32,
    galley: Arc<Galley>,
    used: u32,
}

impl LabelGalleys {
    /// Forgets every text: the font atlas they point into has started over.
    pub(in crate::app) fn clear(&mut self) {
        self.kept.clear();
    }

    /// Begins a placing of the labels at `ppp`: only the texts the last one used are kept.
    pub(in crate::app) fn begin(&mut self, ppp: f32) {
        if self.ppp != ppp.to_bits() {
            self.clear();
            self.ppp = ppp.to_bits();
        }
        let last = self.placing;
        self.kept.retain(|_, v| {
            v.retain(|k| k.used == last);
            !v.is_empty()
        });
        self.placing = last.wrapping_add(1);
    }

    fn layout(
        &mut self,
        fonts: &mut FontsView<'_>,
        text: String,
        pt: f32,
        colour: Color32,
    ) -> Arc<Galley> {
        let pt_bits = pt.to_bits();
        if let Some(k) = self
            .kept
            .get_mut(text.as_str())
            .and_then(|v| v.iter_mut().find(|k| k.pt == pt_bits && k.colour == colour))
        {
            k.used = self.placing;
            return Arc::clone(&k.galley);
        }
        let galley = fonts.layout_no_wrap(text.clone(), FontId::proportional(pt), colour);
        self.kept.entry(text).or_default().push(KeptGalley {
            pt: pt_bits,
            colour,
            galley: Arc::clone(&galley),
            used: self.placing,
        });
        galley
    }
}

/// The short form a counter shows: "Cromwell's Regiment of Horse" → "Cromwell's Horse".
pub fn counter_name(name: &str) -> String {
    name.replace(" Regiment of ", " ")
}

/// A hex map's counter across, as a fraction of its hex.
const COUNTER_OF_HEX: f32 = 0.6;

/// A table unit's model centres' bounds and its largest base's radius.
fn table_bounds(u: &Unit) -> Option<(Aabb, f32)> {
    let b = Aabb::of_points(&u.models.iter().map(|m| m.pos).collect::<Vec<_>>())?;
    let r = u
        .models
        .iter()
        .map(|m| m.footprint().bounding_radius())
        .fold(0.0f32, f32::max);
    Some((b, r))
}

/// How far a table unit spans, bases included, from `table_bounds`.
fn table_extent((b, r): (Aabb, f32)) -> f32 {
    (b.max.x - b.min.x).max(b.max.y - b.min.y) + 2.0 * r
}

/// A unit's size on the map (map units) as its label rule measures it: a hex map's counter;
/// a table unit's span.
fn unit_extent(s: &Scenario, u: &Unit) -> Option<f32> {
    match s.map.as_hex() {
        Some(h) => Some(h.hex_size_mm * COUNTER_OF_HEX),
        None => table_bounds(u).map(table_extent),
    }
}

/// The least zoom at which `unit`'s name is drawn on the map (finding a unit zooms in to it).
pub fn zoom_to_name(s: &Scenario, unit: UnitId) -> Option<f32> {
    let u = s.unit(unit)?;
    unit_extent(s, u)
        .filter(|e| *e > 0.0)
        .map(|e| unit_min_pt(s) / e)
}

/// The label shapes for `s` as seen through `view` in `clip`: unit names when `names`, and on a
/// hex map hex numbers when `numbers`, placed without overlap with each other or with the
/// texts `room` already holds. `selected` units are named first.
#[allow(clippy::too_many_arguments)]
pub fn label_shapes(
    out: &mut Vec<Shape>,
    s: &Scenario,
    view: &View,
    clip: Rect,
    fonts: &mut FontsView<'_>,
    selected: &[ItemRef],
    (names, numbers): (bool, bool),
    room: &mut Placed,
    bodies: &Bodies,
    (galleys, last): (&mut LabelGalleys, &mut LastPlacing),
) {
    let mut labels = Vec::new();
    let is_selected = |u: UnitId| selected.contains(&ItemRef::Unit(u));
    let ink = Color32::from_rgb(25, 25, 25);
    let backing = Color32::from_rgba_unmultiplied(255, 255, 250, 200);
    match s.map.as_hex() {
        Some(h) => {
            let l = h.layout();
            let size = h.hex_size_mm * view.zoom;
            if names && size * COUNTER_OF_HEX >= UNIT_MIN_PT {
                // A stack is named as one label, a line for each unit in the order they
                // stand, so every name of the stack shows (or, with no room, none).
                let mut stacks: Vec<((hexx::Hex, bool), Vec<&Unit>)> = Vec::new();
                for u in s.units.iter().filter(|u| u.in_play()) {
                    let Some((hex, _)) = u.hex() else { continue };
                    let key = (hex, u.is_leader());
                    match stacks.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, us)) => us.push(u),
                        None => stacks.push((key, vec![u])),
                    }
                }
                for ((hex, leader), us) in stacks {
                    let c = l.hex_to_world_pos(hex);
                    // The counter's (or the leader's disc's) centre and half its size.
                    let (centre, half, rank) = if leader {
                        // The leader's disc stands in the hex's upper right.
                        let p = c + Point::new(h.hex_size_mm * 0.22, -h.hex_size_mm * 0.22);
                        (p, h.hex_size_mm * 0.18, Rank::Leader)
                    } else {
                        // A stack's counters fan out about the hex's centre: the label goes
                        // clear of them all.
                        let n = u8::try_from(us.len()).unwrap_or(u8::MAX);
                        let fan = if n > 1 {
                            crate::scene::stack_step(h.hex_size_mm, n) * f32::from(n - 1) / 2.0
                        } else {
                            0.0
                        };
                        (c, h.hex_size_mm * 0.31 + fan, Rank::Unit)
                    };
                    let at = |dx: f32, dy: f32| view.to_screen(centre + Point::new(dx, dy));
                    let side = half * 0.95;
                    labels.push(Label {
                        rank: if us.iter().any(|u| is_selected(u.id)) {
                            Rank::Selected
                        } else {
                            rank
                        },
                        at: at(0.0, half),
                        align: Align2::CENTER_TOP,
                        instead: vec![
                            (at(0.0, -half), Align2::CENTER_BOTTOM),
                            (at(-side, half), Align2::LEFT_TOP),
                            (at(side, half), Align2::RIGHT_TOP),
                            (at(-side, -half), Align2::LEFT_BOTTOM),
                            (at(side, -half), Align2::RIGHT_BOTTOM),
                            (at(half, 0.0) + Vec2::new(2.0, 0.0), Align2::LEFT_CENTER),
                            (at(-half, 0.0) - Vec2::new(2.0, 0.0), Align2::RIGHT_CENTER),
                        ],
                        text: us
                            .iter()
                            .map(|u| counter_name(&u.name))
                            .collect::<Vec<_>>()
                            .join("\n"),
                        pt: UNIT_PT,
                        colour: ink,
                        backing: Some(backing),
                    });
                }
            }
            if numbers && size >= HEX_MIN_PT {
                let seen = view.visible(clip);
                let grid = h.grid();
                for hex in grid.hexes() {
                    let c = l.hex_to_world_pos(hex);
                    let top = c + Point::new(0.0, -h.hex_size_mm * 0.5 + 0.6);
                    if !seen.contains(top) {
                        continue;
                    }
                    labels.push(Label {
                        rank: Rank::Hex,
                        at: view.to_screen(top),
                        align: Align2::CENTER_TOP,
                        instead: Vec::new(),
                        text: h.label(hex),
                        pt: HEX_PT,
                        colour: Color32::from_black_alpha(150),
                        backing: None,
                    });
                }
            }
        }
        None if names => {
            for u in s.units.iter().filter(|u| u.on_table() && u.in_play()) {
                let Some((b, r)) = table_bounds(u) else {
                    continue;
                };
                if table_extent((b, r)) * view.zoom < TABLE_UNIT_MIN_PT {
                    continue;
                }
                let under = Point::new((b.min.x + b.max.x) * 0.5, b.max.y + r);
                let over = Point::new((b.min.x + b.max.x) * 0.5, b.min.y - r);
                let beside = Point::new(b.max.x + r, (b.min.y + b.max.y) * 0.5);
                let before = Point::new(b.min.x - r, (b.min.y + b.max.y) * 0.5);
                let (below, above) = (
                    view.to_screen(under) + Vec2::new(0.0, 2.0),
                    view.to_screen(over) - Vec2::new(0.0, 2.0),
                );
                // Half a base's width to either side, and a line further out: a unit in a
                // crowd (a ring of models round a wall's name, a neighbour's label below)
                // still finds a place near it.
                let (left, right) = (
                    view.to_screen(Point::new(b.min.x, 0.0)).x,
                    view.to_screen(Point::new(b.max.x, 0.0)).x,
                );
                let line = UNIT_PT + 4.0;
                labels.push(Label {
                    rank: if is_selected(u.id) {
                        Rank::Selected
                    } else if u.is_leader() {
                        Rank::Leader
                    } else {
                        Rank::Unit
                    },
                    at: below,
                    align: Align2::CENTER_TOP,
                    instead: vec![
                        (above, Align2::CENTER_BOTTOM),
                        (
                            view.to_screen(beside) + Vec2::new(3.0, 0.0),
                            Align2::LEFT_CENTER,
                        ),
                        (
                            view.to_screen(before) - Vec2::new(3.0, 0.0),
                            Align2::RIGHT_CENTER,
                        ),
                        (Pos2::new(left, below.y), Align2::LEFT_TOP),
                        (Pos2::new(right, below.y), Align2::RIGHT_TOP),
                        (Pos2::new(left, above.y), Align2::LEFT_BOTTOM),
                        (Pos2::new(right, above.y), Align2::RIGHT_BOTTOM),
                        (below + Vec2::new(0.0, line), Align2::CENTER_TOP),
                        (above - Vec2::new(0.0, line), Align2::CENTER_BOTTOM),
                        (
                            view.to_screen(beside) + Vec2::new(3.0, line),
                            Align2::LEFT_CENTER,
                        ),
                        (
                            view.to_screen(beside) + Vec2::new(3.0, -line),
                            Align2::LEFT_CENTER,
                        ),
                        (
                            view.to_screen(before) - Vec2::new(3.0, line),
                            Align2::RIGHT_CENTER,
                        ),
                        (
                            view.to_screen(before) + Vec2::new(-3.0, line),
                            Align2::RIGHT_CENTER,
                        ),
                        (below + Vec2::new(0.0, 2.0 * line), Align2::CENTER_TOP),
                        (above - Vec2::new(0.0, 2.0 * line), Align2::CENTER_BOTTOM),
                    ],
                    text: u.name.clone(),
                    pt: UNIT_PT,
                    colour: ink,
                    backing: Some(backing),
                });
            }
        }
        None => {}
    }
    place(out, labels, clip, (fonts, galleys, last), room, bodies);
}

/// Lays the labels out in order of rank, each in its place or else the place it has instead,
/// leaving out any that would overlap one already placed or one `placed` holds in both, lie
/// on a unit's counter or base (a unit's name over another unit hides it), or stand partly
/// outside `clip`. Hex numbers, drawn small under everything, may lie under a counter.
fn place(
    out: &mut Vec<Shape>,
    mut labels: Vec<Label>,
    clip: Rect,
    (fonts, galleys, last): (&mut FontsView<'_>, &mut LabelGalleys, &mut LastPlacing),
    placed: &mut Placed,
    bodies: &Bodies,
) {
    labels.sort_by_key(|l| l.rank);
    let held = placed.taken.clone();
    let mut placing = last.begin(clip, held, bodies.rects.clone(), labels.len());
    // Each label's places, worked out in turn.
    let mut places = Vec::new();
    for (i, l) in labels.into_iter().enumerate() {
        let rank = l.rank as u8;
        let galley = galleys.layout(fonts, l.text, l.pt, l.colour);
        let pad = Vec2::new(3.0, 1.0);
        let rect_at = |(at, align): (Pos2, Align2)| {
            align
                .anchor_size(at, galley.size())
                .expand2(if l.backing.is_some() { pad } else { Vec2::ZERO })
        };
        // A unit at the canvas's edge keeps its name: a place that would stand partly outside
        // is slid inside, so long as the point it hangs from is in view.
        let inside = |(at, r): (Pos2, Rect)| {
            if clip.contains_rect(r) || l.rank == Rank::Hex || !clip.contains(at) {
                return r;
            }
            let dx = (clip.min.x - r.min.x).max(0.0) + (clip.max.x - r.max.x).min(0.0);
            let dy = (clip.min.y - r.min.y).max(0.0) + (clip.max.y - r.max.y).min(0.0);
            r.translate(Vec2::new(dx, dy))
        };
        places.clear();
        places.extend(
            std::iter::once((l.at, l.align))
                .chain(l.instead.iter().copied())
                .map(|place| inside((place.0, rect_at(place)))),
        );
        // Where it was last time, if nothing that changed reaches it (see `label_placing`);
        // else the first place inside the canvas, off the bodies and free.
        let took = match placing.as_before(i, rank, &places) {
            Some(None) => None,
            Some(Some(k)) if placed.take(places[k]) => Some(k),
            _ => places.iter().position(|r| {
                clip.contains_rect(*r)
                    && (l.rank == Rank::Hex || !bodies.lie_under(*r))
                    && placed.take(*r)
            }),
        };
        placing.placed(i, rank, &places, took);
        let took = took.map(|k| places[k]);
        let Some(rect) = took else {
            continue;
        };
        if let Some(b) = l.backing {
            out.push(Shape::rect_filled(rect, 3.0, b));
        }
        let pos = rect.min + if l.backing.is_some() { pad } else { Vec2::ZERO };
        out.push(Shape::galley(pos, galley, l.colour));
    }
    *last = placing.finish();
}

/// The screen rectangles taken so far, bucketed so each test looks at its neighbours only.
/// Only rectangles inside the clip are taken, so the buckets are a grid over it.
pub(in crate::app) struct Placed {
    origin: Pos2,
    columns: usize,
    rows: usize,
    buckets: Vec<Vec<Rect>>,
    /// Every rectangle held or taken, in order.
    taken: Vec<Rect>,
}

/// Bucket size in screen points.
const BUCKET: f32 = 64.0;

impl Placed {
    pub(in crate::app) fn new(clip: Rect) -> Placed {
        // A canvas is at most a few thousand points across: a few thousand buckets at most.
        let count = |v: f32| ((v.max(0.0) / BUCKET).floor() as usize).min(256) + 1;
        let (columns, rows) = (count(clip.width()), count(clip.height()));
        Placed {
            origin: clip.min,
            columns,
            rows,
            buckets: vec![Vec::new(); columns * rows],
            taken: Vec::new(),
        }
    }

    /// The buckets `r` touches (clamped to the grid).
    fn cells(&self, r: Rect) -> impl Iterator<Item = usize> + use<> {
        let cell = |v: f32, n: usize| ((v / BUCKET).floor().max(0.0) as usize).min(n - 1);
        let (x0, x1) = (
            cell(r.min.x - self.origin.x, self.columns),
            cell(r.max.x - self.origin.x, self.columns),
        );
        let (y0, y1) = (
            cell(r.min.y - self.origin.y, self.rows),
            cell(r.max.y - self.origin.y, self.rows),
        );
        let columns = self.columns;
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| y * columns + x))
    }

    /// Holds `r` for a text drawn elsewhere: no label may overlap it.
    pub(in crate::app) fn hold(&mut self, r: Rect) {
        for c in self.cells(r) {
            self.buckets[c].push(r);
        }
        self.taken.push(r);
    }

    /// Takes room for `shape` when it is a text: in its own place if that is free, else (when
    /// `movable`) just below or above it, or a little to its right, moving the text there.
    /// False when no place is free and the text must be left out; any other shape is always
    /// kept.
    pub(in crate::app) fn fit_text(&mut self, shape: &mut Shape, movable: bool) -> bool {
        let Shape::Text(t) = shape else {
            return true;
        };
        let r = t.visual_bounding_rect();
        let step = r.height() + 3.0;
        // A line below or above first; then a little to the right (a column's labels stand
        // right of the column, and the selection's frame or a base may be just in the way).
        let moves = [
            (0.0, 0.0),
            (0.0, step),
            (0.0, -step),
            (step, 0.0),
            (2.0 * step, 0.0),
            (step, step),
            (step, -step),
        ];
        let shifts = if movable { &moves[..] } else { &moves[..1] };
        for &(dx, dy) in shifts {
            let d = Vec2::new(dx, dy);
            if self.take(r.translate(d)) {
                shape.translate(d);
                return true;
            }
        }
        false
    }

    /// Takes `r` if nothing placed overlaps it.
    fn take(&mut self, r: Rect) -> bool {
        let clear = self
            .cells(r)
            .all(|c| self.buckets[c].iter().all(|o| !o.intersects(r)));
        if clear {
            for c in self.cells(r) {
                self.buckets[c].push(r);
            }
            self.taken.push(r);
        }
        clear
    }
}

/// The units' counters and bases, and the objectives' stars, on screen, for the texts drawn
/// over them (an objective's, a zone's or a column's name) to give way to: such a name lying
/// across a counter would hide the unit. A counter's own number stands inside it and stays.
///
/// The first few questions are answered by looking at every body, and only later ones from
/// buckets: a big map zoomed out has thousands of bodies and a handful of texts, and bucketing
/// 5,000 bases cost more than the frame's other work after an edit.
pub(in crate::app) struct Bodies {
    clip: Rect,
    rects: Vec<Rect>,
    buckets: std::cell::OnceCell<Placed>,
    asked: std::cell::Cell<u32>,
}

/// Questions answered by looking at every body before they are bucketed: bucketing costs
/// about what a few looks at every body do.
const UNBUCKETED_QUESTIONS: u32 = 4;

impl Bodies {
    pub(in crate::app) fn new(clip: Rect, boxes: Vec<Aabb>, view: &View) -> Bodies {
        Bodies {
            clip,
            rects: boxes
                .into_iter()
                .map(|b| Rect::from_two_pos(view.to_screen(b.min), view.to_screen(b.max)))
                .filter(|r| r.intersects(clip))
                .collect(),
            buckets: std::cell::OnceCell::new(),
            asked: std::cell::Cell::new(0),
        }
    }

    /// Whether a body near `r` passes `test` (which holds only for bodies meeting `r`).
    fn any_near(&self, r: Rect, test: impl Fn(&Rect) -> bool) -> bool {
        if self.buckets.get().is_none() && self.asked.get() < UNBUCKETED_QUESTIONS {
            self.asked.set(self.asked.get() + 1);
            return self.rects.iter().any(test);
        }
        let p = self.buckets.get_or_init(|| {
            let mut p = Placed::new(self.clip);
            for r in &self.rects {
                p.hold(*r);
            }
            p
        });
        p.cells(r).any(|c| p.buckets[c].iter().any(&test))
    }

    /// Whether a label's rectangle `r` lies on a counter or base, its own included (a unit's
    /// label hangs just clear of its own counter: a point and a half of slack).
    fn lie_under(&self, r: Rect) -> bool {
        self.any_near(r, |o| o.shrink(1.5).intersects(r))
    }

    /// Whether `shape` is a text lying across a counter or base: over one (by more than the
    /// half point of its anti-aliased edge) and not inside it.
    pub(in crate::app) fn crossed_by(&self, shape: &Shape) -> bool {
        let Shape::Text(t) = shape else {
            return false;
        };
        let r = t.visual_bounding_rect();
        self.any_near(r, |o| {
            o.shrink(0.5).intersects(r) && !o.expand(1.0).contains_rect(r)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_rectangles_are_refused_and_apart_ones_taken() {
        let clip = Rect::from_min_size(Pos2::ZERO, Vec2::splat(500.0));
        let mut p = Placed::new(clip);
        let a = Rect::from_min_size(Pos2::new(60.0, 60.0), Vec2::new(80.0, 14.0));
        assert!(p.take(a));
        assert!(
            !p.take(a.translate(Vec2::new(70.0, 5.0))),
            "overlaps across buckets"
        );
        assert!(p.take(a.translate(Vec2::new(0.0, 15.0))), "just below");
    }

    #[test]
    fn a_label_keeps_clear_of_a_text_held_for_another_layer() {
        let clip = Rect::from_min_size(Pos2::ZERO, Vec2::splat(500.0));
        let mut p = Placed::new(clip);
        // The rule preview's "2. Naval Brigade" where a unit's name would go.
        let preview = Rect::from_min_size(Pos2::new(100.0, 100.0), Vec2::new(90.0, 14.0));
        p.hold(preview);
        assert!(!p.take(preview.translate(Vec2::new(20.0, 6.0))));
        assert!(p.take(preview.translate(Vec2::new(0.0, 20.0))));
    }

    fn text(at: Pos2, s: &str) -> Shape {
        let ctx = egui::Context::default();
        let mut shape = None;
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            shape = Some(ui.fonts_mut(|f| {
                Shape::text(
                    f,
                    at,
                    Align2::CENTER_BOTTOM,
                    s,
                    FontId::proportional(11.0),
                    Color32::BLACK,
                )
            }));
        });
        out.textures_delta.clear();
        shape.expect("laid out in the pass")
    }

    fn rect(s: &Shape) -> Rect {
        match s {
            Shape::Text(t) => t.visual_bounding_rect(),
            _ => unreachable!("a text"),
        }
    }

    #[test]
    fn a_movable_text_moves_below_above_or_right_of_a_text_in_its_place() {
        let clip = Rect::from_min_size(Pos2::ZERO, Vec2::splat(500.0));
        let mut p = Placed::new(clip);
        let mut first = text(Pos2::new(200.0, 200.0), "3. Zanzibari Askaris");
        let mut second = text(Pos2::new(205.0, 203.0), "4. Porters");
        let mut third = text(Pos2::new(210.0, 201.0), "5. Baggage");
        let mut fourth = text(Pos2::new(200.0, 202.0), "6. Guides");
        assert!(p.fit_text(&mut first, true));
        assert!(p.fit_text(&mut second, true), "moved below");
        assert!(rect(&second).min.y >= rect(&first).max.y);
        assert!(p.fit_text(&mut third, true), "moved above");
        assert!(rect(&third).max.y <= rect(&first).min.y);
        assert!(!p.fit_text(&mut fourth, true), "no place left");
        let mut fixed = text(Pos2::new(202.0, 200.0), "Parliament deploys");
        assert!(
            !p.fit_text(&mut fixed, false),
            "a fixed text is only left out"
        );
        // Held above and below, a text with a narrow thing at its start (a selection's
        // frame) moves a little to the right.
        let mut q = Placed::new(clip);
        let mut label = text(Pos2::new(100.0, 100.0), "2. Naval Brigade");
        let r = rect(&label);
        let frame = Rect::from_min_max(
            r.min - Vec2::new(4.0, 40.0),
            Pos2::new(r.min.x + 8.0, r.max.y + 40.0),
        );
        q.hold(frame);
        assert!(q.fit_text(&mut label, true), "moved right");
        assert!(rect(&label).min.x >= frame.max.x);
        assert!(
            (rect(&label).center().y - r.center().y).abs() < 0.01,
            "on its line"
        );
        let mut line =
            Shape::line_segment([Pos2::ZERO, Pos2::new(400.0, 400.0)], (1.0, Color32::RED));
        assert!(p.fit_text(&mut line, false), "other shapes are kept");
    }

    #[test]
    fn counters_show_the_short_form_of_regimental_names() {
        assert_eq!(
            counter_name("Cromwell's Regiment of Horse"),
            "Cromwell's Horse"
        );
        assert_eq!(counter_name("Fairfax"), "Fairfax");
    }

    #[test]
    fn a_name_laid_out_for_one_placing_is_reused_by_the_next_and_dropped_when_unused() {
        let ctx = egui::Context::default();
        // Fonts are loaded by a first pass.
        let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
        out.textures_delta.clear();
        let ink = Color32::BLACK;
        let mut g = LabelGalleys::default();
        ctx.fonts_mut(|f| {
            g.begin(1.0);
            let a = g.layout(f, "Hesilrige's Horse".into(), UNIT_PT, ink);
            let b = g.layout(f, "Cromwell's Horse".into(), UNIT_PT, ink);
            g.begin(1.0);
            let again = g.layout(f, "Hesilrige's Horse".into(), UNIT_PT, ink);
            assert!(Arc::ptr_eq(&a, &again), "the same text, kept");
            let smaller = g.layout(f, "Hesilrige's Horse".into(), HEX_PT, ink);
            assert!(smaller.size().y < a.size().y, "another size, laid out");
            // "Cromwell's Horse" went unused in that placing: the next lets it go.
            assert!(g.kept.contains_key("Cromwell's Horse"));
            g.begin(1.0);
            assert!(!g.kept.contains_key("Cromwell's Horse"));
            assert_eq!(g.kept["Hesilrige's Horse"].len(), 2, "both sizes kept");
            let b2 = g.layout(f, "Cromwell's Horse".into(), UNIT_PT, ink);
            assert_eq!(b.size(), b2.size());
            // Another scale lets every text go.
            g.begin(2.0);
            assert!(g.kept.is_empty());
        });
    }

    #[test]
    fn the_font_atlas_starting_over_is_noticed() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
        out.textures_delta.clear();
        let mut watch = crate::app::canvas::layer_cache::AtlasWatch::default();
        assert!(
            !watch.started_over(&ctx),
            "the first look sees nothing before it"
        );
        // Glyphs laid out fill the atlas a little: no new start.
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.label("Winceby, 11 October 1643: 0123456789");
        });
        out.textures_delta.clear();
        assert!(!watch.started_over(&ctx));
        // Glyphs of a huge size fill the atlas: the next pass starts it over.
        let glyphs: String = ('!'..='~').collect();
        for _ in 0..2 {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                ui.label(egui::RichText::new(&glyphs).size(400.0));
            });
            out.textures_delta.clear();
            if watch.started_over(&ctx) {
                return;
            }
        }
        panic!("the atlas's start over went unnoticed");
    }
}
