//! The rule previews in the editor: the preview bar, the overlay over the map, the answer to
//! hovering a place, rules-checked ghost moves with follower placement, the odds panel and the
//! line-of-sight tool.
//!
//! Everything shown is read from `crate::preview` and `rules::morale`, which the command line
//! and the tests read too: this module adds no rules, only input and drawing. An overlay is
//! computed once per unit, mode, route and state of the scenario; its screen shapes once per
//! view, so a frame with the preview open costs one `clone` of cached shapes plus the answer
//! to one hover.

use super::App;
use super::command::RouteEdit;
use super::paint;
use super::tools::Gesture;
use crate::geom::Point;
use crate::model::*;
use crate::preview::{
    self, Choice, ColumnChoice, Ghost, Hover, NoPreview, Overlay, Pending, Request,
};
use crate::rules::column::Activation;
use crate::rules::morale::{Resolution, TestKind};
use egui::{Rect, Shape, Ui};
use std::cell::RefCell;

/// The answer kept in `slot` if it was worked out at `p`, else `answer()`, kept for next time.
fn at_point<T: Clone>(
    slot: &mut Option<(Point, Option<T>)>,
    p: Point,
    answer: impl FnOnce() -> Option<T>,
) -> Option<T> {
    if let Some((at, kept)) = slot
        && *at == p
    {
        return kept.clone();
    }
    let a = answer();
    *slot = Some((p, a.clone()));
    a
}

/// The preview the editor shows, and what it keeps between frames.
#[derive(Default)]
pub(super) struct RulesView {
    /// The unit and what is previewed for it; `None` when the preview is closed.
    pub open: Option<(UnitId, Choice)>,
    /// The route drawn for a column's Move, after where its lead stands.
    pub route: Vec<Point>,
    /// A move whose leader has landed, with its followers placed, waiting for Enter.
    pub pending: Option<Pending>,
    /// Where the arrow keys aim the previewed unit's move (see `aim`).
    pub aim: Option<Point>,
    /// The last line of sight drawn with the sight tool.
    pub sight: Option<(Point, Point)>,
    /// Dice typed into the odds panel for the morale test and for the rally test (each its
    /// own): the roll and the re-roll (0: none taken).
    pub dice: [[u8; 2]; 2],
    /// The last test applied, what it did, and the document's change count once it was
    /// applied: the Rules panel shows it while the document is still there (an undo or any
    /// later edit retires it).
    pub last_test: Option<(UnitId, String, u64)>,
    /// The 2D6 typed (or rolled) for a column's order test, and the two dice when rolled.
    pub order_roll: u8,
    pub rolled: Option<(u8, u8)>,
    /// The open preview's overlay, worked out for the scenario as it is (see `overlay_ok`).
    pub(super) overlay: Option<(OverlayKey, Result<Overlay, NoPreview>)>,
    shapes: Option<(ShapesKey, Vec<Shape>)>,
    hover: Option<(Point, Option<Hover>)>,
    ghost: Option<(Point, Option<Ghost>)>,
    /// The turn's refusal of the last unit asked (see `App::turn_refusal`), with what it was
    /// asked for: the document's change count, the unit and the open preview. The Rules panel
    /// asks every frame; before the first action the answer begins a game to judge by (a
    /// fingerprint of the whole scenario), so it is worked out once per state.
    refusal: RefCell<Option<(RefusalKey, Option<String>)>>,
}

/// What the turn's refusal of a unit depends on.
type RefusalKey = (u64, UnitId, Option<(UnitId, Choice)>);

/// What an overlay depends on.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OverlayKey {
    changes: u64,
    request: Request,
}

/// What an overlay's screen shapes depend on.
#[derive(Clone, Debug, PartialEq)]
struct ShapesKey {
    overlay: OverlayKey,
    /// Refused places shaded in full.
    refused: bool,
    zoom: u32,
    origin: (u32, u32),
    rect: [u32; 4],
}

impl RulesView {
    /// Forgets what was computed (a new document).
    pub fn reset(&mut self) {
        *self = RulesView::default();
    }

    /// Whether the open preview draws places on the map (legal moves, regions).
    pub fn moves_shown(&self) -> bool {
        self.overlay
            .as_ref()
            .is_some_and(|(_, o)| o.as_ref().is_ok_and(|o| !o.items.is_empty()))
    }

    fn request(&self) -> Option<Request> {
        let (unit, mode) = self.open?;
        let mut r = Request::new(unit, mode);
        if matches!(
            mode,
            Choice::Column(_, ColumnChoice::Move) | Choice::HexMove(_)
        ) {
            r.route = self.route.clone();
        }
        Some(r)
    }
}

impl App {
    /// Keeps the preview on the selected unit: selecting another unit previews it the usual
    /// way; selecting nothing closes the preview.
    pub(super) fn sync_preview(&mut self) {
        let selected = self
            .selected_unit()
            .filter(|u| self.doc.scenario().unit(*u).is_some());
        // In Play a unit is moved through its preview: selecting one opens it (once per
        // selection, so a preview the player closes stays closed).
        if self.playing() && selected != self.play.previewed {
            self.play.previewed = selected;
            // Not for a unit that has acted: it has no move left this turn (its preview can
            // still be opened from the Rules panel).
            if let Some(u) = selected
                && self.rules.open.is_none_or(|(o, _)| o != u)
                && !crate::game::has_acted(self.doc.scenario(), u)
            {
                self.rules.pending = None;
                self.rules.aim = None;
                self.rules.route.clear();
                self.rules.open = self.usual_mode(u).map(|m| (u, m));
                return;
            }
        }
        let Some((open, _)) = self.rules.open else {
            return;
        };
        if selected == Some(open) {
            return;
        }
        self.rules.pending = None;
        self.rules.aim = None;
        self.rules.route.clear();
        self.rules.open = selected.and_then(|u| {
            preview::choices(self.doc.scenario(), u)
                .first()
                .map(|c| (u, c.choice))
        });
    }

    /// Opens the preview of `mode` for the selected unit (tests and the preview bar).
    pub fn open_preview(&mut self, mode: Choice) {
        if let Some(u) = self.selected_unit() {
            if self.rules.open.map(|(_, m)| m) != Some(mode) {
                self.rules.route.clear();
            }
            self.rules.open = Some((u, mode));
            self.rules.pending = None;
            self.rules.aim = None;
        }
    }

    /// What the open preview shows, if one is open.
    pub fn preview_mode(&self) -> Option<Choice> {
        self.rules.open.map(|(_, m)| m)
    }

    pub fn close_preview(&mut self) {
        self.rules.open = None;
        self.rules.pending = None;
        self.rules.aim = None;
        self.rules.route.clear();
    }

    /// The overlay of the open preview, computed when the unit, the mode, the route or the
    /// scenario changed.
    pub fn preview_overlay(&mut self) -> Option<&Result<Overlay, NoPreview>> {
        let request = self.rules.request()?;
        let key = OverlayKey {
            changes: self.doc.changes(),
            request,
        };
        if self.rules.overlay.as_ref().is_none_or(|(k, _)| *k != key) {
            let o = preview::compute(self.doc.scenario(), &key.request);
            self.rules.overlay = Some((key, o));
            self.rules.hover = None;
            self.rules.ghost = None;
        }
        self.rules.overlay.as_ref().map(|(_, o)| o)
    }

    pub(super) fn overlay_ok(&mut self) -> Option<&Overlay> {
        self.preview_overlay()?.as_ref().ok()
    }

    /// Why the game would refuse `unit` a move now, in Play, as the turn stands: another
    /// side's phase, the Command Phase, R3's Ld check first, R1's pin tests, having acted.
    /// `None` in Edit, or when it may move. Before the first action the game is not begun: it
    /// is judged as it will begin.
    pub(super) fn turn_refusal(&self, unit: UnitId) -> Option<String> {
        if !self.playing() {
            return None;
        }
        let key = (self.doc.changes(), unit, self.rules.open);
        if let Some((k, answer)) = &*self.rules.refusal.borrow()
            && *k == key
        {
            return answer.clone();
        }
        let answer = self.judge_turn(unit);
        *self.rules.refusal.borrow_mut() = Some((key, answer.clone()));
        answer
    }

    /// `turn_refusal` worked out.
    fn judge_turn(&self, unit: UnitId) -> Option<String> {
        use crate::rules::engine::InPlay;
        let s = self.doc.scenario();
        let fresh;
        let at = match InPlay::of(s) {
            Some(at) => at,
            None => {
                fresh = crate::game::begin(s, 0);
                InPlay {
                    game: &fresh,
                    this_turn: &[],
                }
            }
        };
        // A reaction charge is its own action, taken while the other side's move is halted.
        let probe = match (self.rules.open, s.unit(unit).and_then(|u| u.hex())) {
            (Some((u, Choice::HexReaction { .. })), Some((to, _))) if u == unit => {
                crate::model::game::Action::ReactionCharge { unit, to }
            }
            _ => crate::model::game::Action::Move {
                unit,
                order: None,
                to: None,
                followers: Vec::new(),
            },
        };
        crate::rules::engine::turn::may_act(s, at, &probe, &[unit])
            .err()
            .map(|why| why.to_string())
    }

    /// What hovering `p` says under the open preview (cached while the pointer rests). In Play
    /// a place is legal only if the turn lets the unit move now: the game's refusal is said.
    pub fn preview_hover(&mut self, p: Point) -> Option<Hover> {
        self.overlay_ok()?;
        // The turn is asked only when the pointer has moved (the slot keeps the answer).
        let mut slot = self.rules.hover.take();
        let s = self.doc.scenario();
        let overlay = self
            .rules
            .overlay
            .as_ref()
            .and_then(|(_, o)| o.as_ref().ok());
        let answer = at_point(&mut slot, p, || {
            let mut h = overlay.and_then(|o| o.hover(s, p))?;
            if h.legal == Some(true)
                && let Some(why) = self.rules.open.and_then(|(u, _)| self.turn_refusal(u))
            {
                h.legal = Some(false);
                h.text = format!("refused: {why}");
            }
            Some(h)
        });
        self.rules.hover = slot;
        answer
    }

    /// The ghost of the previewed unit with its leader at `to` (cached while it rests). In
    /// Play it is legal only if the turn lets the unit move now, as the game would judge.
    pub fn preview_ghost(&mut self, to: Point) -> Option<Ghost> {
        self.overlay_ok()?;
        let mut slot = self.rules.ghost.take();
        let s = self.doc.scenario();
        let overlay = self
            .rules
            .overlay
            .as_ref()
            .and_then(|(_, o)| o.as_ref().ok());
        let answer = at_point(&mut slot, to, || {
            let mut g = overlay.and_then(|o| o.ghost(s, to))?;
            if g.legal
                && let Some(why) = self.rules.open.and_then(|(u, _)| self.turn_refusal(u))
            {
                g.legal = false;
                g.text = format!("refused: {why}");
            }
            Some(g)
        });
        self.rules.ghost = slot;
        answer
    }

    /// Where the previewed unit's leader (or the unit, on a hex map) stands.
    pub(super) fn preview_anchor(&self) -> Option<Point> {
        let (u, _) = self.rules.open?;
        preview::anchor(self.doc.scenario(), u)
    }

    /// P: opens the selected unit's usual preview, or closes the open one.
    pub(super) fn toggle_preview(&mut self) {
        if self.rules.open.is_some() {
            self.close_preview();
        } else if let Some(u) = self.selected_unit() {
            if let Some(mode) = self.usual_mode(u) {
                self.open_preview(mode);
            } else {
                self.notify(
                    false,
                    "Nothing to preview for this unit under this ruleset".into(),
                );
            }
        } else {
            self.notify(
                false,
                "Select a unit to preview its moves, command and odds".into(),
            );
        }
    }

    /// The preview a unit opens with: its first the rules allow. In Play's Movement Phase a
    /// move, not a leader's command span or chit: what a leader does then is move (R5), so
    /// Tab and the arrows aim him like any unit.
    pub(super) fn usual_mode(&self, u: UnitId) -> Option<Choice> {
        let s = self.doc.scenario();
        let mut choices = preview::choices(s, u);
        if self.playing() && crate::game::stage(s).phase == crate::model::game::Phase::Movement {
            choices.sort_by_key(|c| matches!(c.choice, Choice::HexSpan | Choice::Command(_)));
        }
        choices
            .iter()
            .find(|c| c.refused.is_none())
            .or(choices.first())
            .map(|c| c.choice)
    }

    /// Adds to, shortens or clears the route drawn for a column's Move.
    pub(super) fn edit_route(&mut self, edit: RouteEdit) {
        match edit {
            RouteEdit::Add(p) if matches!(self.rules.open, Some((_, Choice::HexMove(_)))) => {
                // A hex move has one destination: the last hex clicked.
                self.rules.route = vec![p];
                self.status = "Destination picked: its route and check points are shown".into();
            }
            RouteEdit::Add(p) => {
                self.rules.route.push(p);
                let n = count(self.rules.route.len() as u64, "point", "points");
                self.status = format!("Route: {n}");
            }
            RouteEdit::RemoveLast => {
                self.rules.route.pop();
            }
            RouteEdit::Clear => self.rules.route.clear(),
        }
    }

    /// Carries out the previewed column order with its order test's 2D6 (`dice`: typed, or
    /// rolled by the game in Play), through the rules' engine in Edit and Play alike: at or
    /// above the lead's Discipline the order is carried out, below it the column repeats its
    /// last action (R1). The failed-order preview is carried out without dice in Edit (a
    /// designer setting a position up); in Play a failure comes from the dice.
    pub(super) fn march(&mut self, dice: Option<crate::model::game::Dice>) {
        use crate::model::game::{Action, ColumnOrder as Order};
        let Some((_, Choice::Column(id, order))) = self.rules.open else {
            return;
        };
        let s = self.doc.scenario();
        let Some(col) = s.column(id) else { return };
        let name = col.name.clone();
        let order = match order {
            ColumnChoice::StandTo => Order::StandTo,
            ColumnChoice::VoluntaryBreak(u) => Order::VoluntaryBreak(u),
            ColumnChoice::Enter(u) => Order::Enter(u),
            ColumnChoice::Failed if self.playing() => {
                return self.notify(
                    true,
                    "In Play a failed order comes from the order test's dice: type or roll them"
                        .into(),
                );
            }
            ColumnChoice::Failed => {
                match crate::rules::engine::column_failed_order(s, id) {
                    Ok((what, outcome)) => {
                        if self.apply_checked(super::command::Change::new(
                            what.clone(),
                            crate::edit::ops::outcome::column(outcome),
                        )) {
                            self.rules.route.clear();
                            self.notify(false, what);
                            self.keep_offered_mode();
                        }
                    }
                    Err(why) => self.refuse(why.to_string()),
                }
                return;
            }
            ColumnChoice::Move => {
                match crate::preview::column_activation(s, col, order, &self.rules.route) {
                    Some(Activation::Ordered(crate::rules::column::Order::Move {
                        distance_in,
                        route,
                    })) => Order::Move {
                        distance_in,
                        route: route.unwrap_or_default(),
                    },
                    _ => return,
                }
            }
        };
        let Some(dice) = dice else {
            self.status = "Type the 2D6 roll of the order test, or roll the dice".into();
            return;
        };
        let action = Action::Column {
            column: id,
            order,
            dice,
        };
        if let Some((what, reasons)) = self.carry_out(Ok(action)) {
            self.rules.route.clear();
            let mut said = what.clone();
            if what.contains("the column breaks") {
                for r in &reasons {
                    said.push_str("; ");
                    said.push_str(r);
                }
            }
            if !said.starts_with(&name) {
                said = format!("{name}: {said}");
            }
            self.notify(false, said);
            self.keep_offered_mode();
        }
    }

    /// After a column order is carried out: when the open preview is no longer offered (the
    /// column broke, the unit came on), the unit's usual one takes its place.
    fn keep_offered_mode(&mut self) {
        let Some((unit, mode)) = self.rules.open else {
            return;
        };
        let choices = preview::choices(self.doc.scenario(), unit);
        if !choices.iter().any(|c| c.choice == mode) {
            self.rules.open = choices.first().map(|c| (unit, c.choice));
        }
    }

    /// The shapes of the open preview's overlay (legal and refused places, span, regions),
    /// drawn under the units; computed once per overlay and view.
    pub(super) fn preview_overlay_shapes(&mut self, ui: &Ui, rect: Rect, shapes: &mut Vec<Shape>) {
        // While a move waits for its followers the map shows that move (`Pending::items`):
        // the overlay drawn from where the unit stood (the leader's region, his command
        // radius there) would say where he was, not where the followers form; it comes back
        // while the leader is dragged again.
        let regrab = matches!(self.canvas.gesture, Some(Gesture::RulesMove { .. }));
        if self.rules.pending.is_some() && !regrab {
            return;
        }
        if let Some(request) = self.rules.request()
            && self.preview_overlay().is_some_and(|o| o.is_ok())
        {
            let refused = self.settings.show_refused;
            let key = ShapesKey {
                overlay: OverlayKey {
                    changes: self.doc.changes(),
                    request,
                },
                refused,
                zoom: self.view.zoom.to_bits(),
                origin: (self.view.origin.x.to_bits(), self.view.origin.y.to_bits()),
                rect: [
                    rect.min.x.to_bits(),
                    rect.min.y.to_bits(),
                    rect.max.x.to_bits(),
                    rect.max.y.to_bits(),
                ],
            };
            if self.rules.shapes.as_ref().is_none_or(|(k, _)| *k != key) {
                let mut out = Vec::new();
                if let Some((_, Ok(o))) = &self.rules.overlay {
                    ui.ctx().fonts_mut(|f| {
                        if refused {
                            paint::push_items(&mut out, &o.refused, &self.view, rect, f, None);
                        }
                        paint::push_items(&mut out, &o.items, &self.view, rect, f, None)
                    });
                    // The preview's own labels keep clear of each other: one that would lie
                    // over another moves just below or above it, or is left out.
                    // Each stands on a light backing: its colour says legal or refused, and
                    // must read over woods, a zone's edge or a scan as well as over clear. The
                    // backing is the galley's own, so it goes wherever the text is moved.
                    ui.ctx().fonts_mut(|f| {
                        for s in &mut out {
                            if let Shape::Text(t) = s {
                                *s = paint::on_backing(f, t);
                            }
                        }
                    });
                    // A hex's number stays on its hex (moved aside it would name the next).
                    let movable = !self.doc.scenario().map.is_hex();
                    let mut room = super::canvas::labels::Placed::new(rect);
                    out.retain_mut(|s| room.fit_text(s, movable));
                }
                // Tessellated once: the frames while the pointer moves over the preview
                // only copy its meshes (its texts stay shapes, drawn from the font atlas).
                let out = paint::Baking::of(ui.ctx()).bake(out, true);
                self.rules.shapes = Some((key, out));
            }
            if let Some((_, cached)) = &self.rules.shapes {
                shapes.extend(cached.iter().cloned());
            }
        }
    }

    /// The preview's answers over the units: the hover answer, the ghost being dragged, the
    /// followers waiting, and the sight line.
    pub(super) fn preview_marks_shapes(&mut self, ui: &Ui, rect: Rect, shapes: &mut Vec<Shape>) {
        let mut items = Vec::new();
        // While the leader is dragged again, the ghost stands in for the waiting move.
        let regrab = matches!(self.canvas.gesture, Some(Gesture::RulesMove { .. }));
        if let Some(p) = &self.rules.pending
            && !regrab
        {
            items.extend(p.items(self.doc.scenario()));
        }
        match self.canvas.gesture.clone() {
            Some(Gesture::RulesMove { to, .. }) => {
                if let Some(g) = self.preview_ghost(to) {
                    items.extend(g.items(self.doc.scenario()));
                    self.tooltip(&g.text, Some(g.legal));
                }
            }
            Some(Gesture::Follower { model, to }) => {
                if let Some(p) = &self.rules.pending
                    && let Some(m) = p.unit.model(model)
                {
                    let mut m = *m;
                    m.pos = to;
                    let check = p.check(self.doc.scenario(), model, to);
                    let mut unit = p.unit.clone();
                    unit.models = vec![m];
                    let g = Ghost {
                        legal: check.is_ok(),
                        text: check
                            .err()
                            .map_or_else(|| "may stand here".into(), |e| e.to_string()),
                        path: Vec::new(),
                        unit,
                    };
                    items.extend(g.items(self.doc.scenario()));
                    self.tooltip(&g.text, Some(g.legal));
                }
            }
            Some(Gesture::Sight { from, to }) => self.sight_items(from, to, &mut items),
            None if self.rules.aim.is_some() => {
                if let Some(to) = self.rules.aim
                    && let Some(g) = self.preview_ghost(to)
                {
                    items.extend(g.items(self.doc.scenario()));
                }
            }
            None if self.rules.pending.is_none() => {
                // Working by keyboard, the idle pointer's place is not asked about.
                if let Some(c) = self.canvas.cursor
                    && !self.canvas.keyboard_since_pointer
                    && self.rules.open.is_some()
                    && matches!(self.tool, super::tools::Tool::Select)
                    && let Some(h) = self.preview_hover(c)
                {
                    items.extend(h.items());
                    self.tooltip(&h.text, h.legal);
                }
            }
            None => {
                // A model the waiting move leaves where it stands says why under the pointer.
                if let Some(c) = self.canvas.cursor
                    && let Some(p) = &self.rules.pending
                    && let Some(m) = p.staying_at(self.doc.scenario(), c)
                {
                    let why = self.staying_reason(m, c);
                    self.tooltip(
                        &format!("model {m} stays where it stands: {why}"),
                        Some(false),
                    );
                }
            }
            _ => {}
        }
        if self.canvas.gesture.is_none()
            && matches!(self.tool, super::tools::Tool::Sight)
            && let Some((from, to)) = self.rules.sight
        {
            self.sight_items(from, to, &mut items);
        }
        if !items.is_empty() {
            ui.ctx()
                .fonts_mut(|f| paint::push_items(shapes, &items, &self.view, rect, f, None));
        }
    }

    fn sight_items(&mut self, from: Point, to: Point, items: &mut Vec<crate::scene::Item>) {
        if let Some(line) = preview::sight::sight_line(self.doc.scenario(), from, to) {
            items.extend(line.items.iter().cloned());
            self.tooltip(&line.text, Some(line.clear));
        }
    }

    /// A sentence beside the pointer: the answer to hovering or dragging (shown with the card
    /// of the unit under the pointer, see `canvas::card`).
    fn tooltip(&mut self, text: &str, legal: Option<bool>) {
        self.canvas.tip = Some((text.to_string(), legal));
    }

    /// A test rolled by the game's dice (Play): the first roll, and the re-roll when it fails
    /// and `reroll` asks for it.
    pub(super) fn roll_test(&mut self, unit: UnitId, kind: TestKind, reroll: bool) {
        use crate::model::game::{Dice, TestDice};
        self.play_test(
            unit,
            kind,
            TestDice::Roll {
                first: Dice::App,
                reroll: reroll.then_some(Dice::App),
                follow_up: Vec::new(),
            },
        );
    }

    /// Carries out a test through the rules' engine (logged with its dice in Play; one
    /// undoable edit in Edit, its dice typed): what it needed and why are kept for the panel.
    fn play_test(
        &mut self,
        unit: UnitId,
        kind: TestKind,
        dice: crate::model::game::TestDice,
    ) -> bool {
        use crate::model::game::Action;
        match self.carry_out(Ok(Action::Test {
            unit,
            kind,
            cause: None,
            dice,
        })) {
            Some((what, reasons)) => {
                let mut said = what.clone();
                for r in &reasons {
                    said.push('\n');
                    said.push_str(r);
                }
                self.status = what;
                self.rules.last_test = Some((unit, said, self.doc.changes()));
                true
            }
            None => false,
        }
    }

    /// Applies a rolled test result to the unit (one undoable edit; in Play, logged).
    pub fn apply_test(&mut self, unit: UnitId, kind: TestKind, res: Resolution) -> bool {
        use crate::model::game::{Dice, TestDice};
        let dice = match res {
            Resolution::KeepRouting => TestDice::KeepRouting,
            Resolution::Roll { first, reroll } => TestDice::Roll {
                first: Dice::Typed(first),
                reroll: reroll.map(Dice::Typed),
                follow_up: Vec::new(),
            },
        };
        self.play_test(unit, kind, dice)
    }
}
