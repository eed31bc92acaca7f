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
use super::paint;
use super::tools::Gesture;
use crate::geom::Point;
use crate::model::*;
use crate::preview::{
    self, ColumnOrder, Ghost, Hover, Mode, NoPreview, Overlay, Pending, Request, Tone,
};
use crate::rules::morale::{self, Resolution, TestKind, TestRequest};
use egui::{Color32, PointerButton, Rect, RichText, Shape, Ui};

/// `text` in the glyphs of the editor's font (the engines' reports use arrows and signs that
/// the built-in font lacks).
pub(super) fn plain(text: &str) -> String {
    text.replace('→', "->")
        .replace('≥', ">=")
        .replace('≤', "<=")
        .replace('×', "x")
        .replace('−', "-")
}

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
    pub open: Option<(UnitId, Mode)>,
    /// The route drawn for a column's Move, after where its lead stands.
    pub route: Vec<Point>,
    /// A move whose leader has landed, with its followers placed, waiting for Enter.
    pub pending: Option<Pending>,
    /// The last line of sight drawn with the sight tool.
    pub sight: Option<(Point, Point)>,
    /// Dice typed into the odds panel: the roll and the re-roll (0: none taken).
    pub dice: [u8; 2],
    overlay: Option<(OverlayKey, Result<Overlay, NoPreview>)>,
    shapes: Option<(ShapesKey, Vec<Shape>)>,
    hover: Option<(Point, Option<Hover>)>,
    ghost: Option<(Point, Option<Ghost>)>,
}

/// What an overlay depends on.
#[derive(Clone, Debug, PartialEq)]
struct OverlayKey {
    changes: u64,
    request: Request,
}

/// What an overlay's screen shapes depend on.
#[derive(Clone, Debug, PartialEq)]
struct ShapesKey {
    overlay: OverlayKey,
    zoom: u32,
    origin: (u32, u32),
    rect: [u32; 4],
}

impl RulesView {
    /// Forgets what was computed (a new document).
    pub fn reset(&mut self) {
        *self = RulesView::default();
    }

    fn request(&self) -> Option<Request> {
        let (unit, mode) = self.open?;
        let mut r = Request::new(unit, mode);
        if matches!(mode, Mode::Column(_, ColumnOrder::Move)) {
            r.route = self.route.clone();
        }
        Some(r)
    }
}

impl App {
    /// The single unit selected, if that is the selection.
    pub(super) fn selected_unit(&self) -> Option<UnitId> {
        match self.selection[..] {
            [ItemRef::Unit(u)] | [ItemRef::Model(u, _)] => Some(u),
            _ => None,
        }
    }

    /// Keeps the preview on the selected unit: selecting another unit previews it the usual
    /// way; selecting nothing closes the preview.
    pub(super) fn sync_preview(&mut self) {
        let selected = self
            .selected_unit()
            .filter(|u| self.doc.scenario().unit(*u).is_some());
        let Some((open, _)) = self.rules.open else {
            return;
        };
        if selected == Some(open) {
            return;
        }
        self.rules.pending = None;
        self.rules.route.clear();
        self.rules.open = selected.and_then(|u| {
            preview::choices(self.doc.scenario(), u)
                .first()
                .map(|c| (u, c.mode))
        });
    }

    /// Opens the preview of `mode` for the selected unit (tests and the preview bar).
    pub fn open_preview(&mut self, mode: Mode) {
        if let Some(u) = self.selected_unit() {
            if self.rules.open.map(|(_, m)| m) != Some(mode) {
                self.rules.route.clear();
            }
            self.rules.open = Some((u, mode));
            self.rules.pending = None;
        }
    }

    pub fn close_preview(&mut self) {
        self.rules.open = None;
        self.rules.pending = None;
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

    fn overlay_ok(&mut self) -> Option<&Overlay> {
        self.preview_overlay()?.as_ref().ok()
    }

    /// What hovering `p` says under the open preview (cached while the pointer rests).
    pub fn preview_hover(&mut self, p: Point) -> Option<Hover> {
        self.overlay_ok()?;
        let s = self.doc.scenario();
        let overlay = self
            .rules
            .overlay
            .as_ref()
            .and_then(|(_, o)| o.as_ref().ok());
        at_point(&mut self.rules.hover, p, || {
            overlay.and_then(|o| o.hover(s, p))
        })
    }

    /// The ghost of the previewed unit with its leader at `to` (cached while it rests).
    pub fn preview_ghost(&mut self, to: Point) -> Option<Ghost> {
        self.overlay_ok()?;
        let s = self.doc.scenario();
        let overlay = self
            .rules
            .overlay
            .as_ref()
            .and_then(|(_, o)| o.as_ref().ok());
        at_point(&mut self.rules.ghost, to, || {
            overlay.and_then(|o| o.ghost(s, to))
        })
    }

    /// Where the previewed unit's leader (or the unit, on a hex map) stands.
    fn preview_anchor(&self) -> Option<Point> {
        let (u, _) = self.rules.open?;
        preview::anchor(self.doc.scenario(), u)
    }

    /// Canvas input that belongs to the preview: dragging a follower of a waiting move,
    /// dragging the previewed unit under the rules (Alt drags it freely instead), clicking a
    /// column's route. Returns whether the input was taken.
    pub(super) fn preview_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        world: Point,
        tol: f32,
    ) -> bool {
        if self.rules.open.is_none() {
            return false;
        }
        match &mut self.gesture {
            Some(Gesture::RulesMove { grab, to }) => {
                *to = world + *grab;
                return true;
            }
            Some(Gesture::Follower { to, .. }) => {
                *to = world;
                return true;
            }
            _ => {}
        }
        let alt = ui.input(|i| i.modifiers.alt);
        if response.drag_started_by(PointerButton::Primary) && !alt {
            // Where the button went down: egui reports the drag a few points later.
            let from = ui
                .input(|i| i.pointer.press_origin())
                .map(|p| self.view.to_world(p))
                .unwrap_or(world);
            if let Some(model) = self
                .rules
                .pending
                .as_ref()
                .and_then(|p| p.follower_at(from))
            {
                self.gesture = Some(Gesture::Follower { model, to: world });
                return true;
            }
            let unit = self.rules.open.map(|(u, _)| u);
            let on_unit = matches!(
                super::hit::hit(self.doc.scenario(), from, tol),
                Some(ItemRef::Unit(u)) if Some(u) == unit
            );
            if on_unit
                && let Some(anchor) = self.preview_anchor()
                && self.preview_ghost(anchor).is_some()
            {
                let grab = if self.doc.scenario().map.is_hex() {
                    Point::ZERO
                } else {
                    anchor - from
                };
                self.rules.pending = None;
                self.gesture = Some(Gesture::RulesMove {
                    grab,
                    to: world + grab,
                });
                return true;
            }
        }
        // A column's route is drawn by clicking the map.
        if response.clicked()
            && !ui.input(|i| i.modifiers.shift)
            && matches!(
                self.rules.open,
                Some((_, Mode::Column(_, ColumnOrder::Move)))
            )
            && !matches!(
                super::hit::hit(self.doc.scenario(), world, tol),
                Some(ItemRef::Unit(_))
            )
        {
            self.rules.route.push(world);
            self.status = format!("Route: {} points", self.rules.route.len());
            return true;
        }
        false
    }

    /// Ends a preview gesture: a legal drop commits the move (or places its followers to be
    /// adjusted); an illegal one changes nothing and says why.
    pub(super) fn end_preview_gesture(&mut self, g: Gesture) {
        match g {
            Gesture::RulesMove { to, .. } => self.drop_ghost(to),
            Gesture::Follower { model, to } => {
                let s = self.doc.scenario();
                if let Some(p) = &mut self.rules.pending {
                    match p.move_follower(s, model, to) {
                        Ok(()) => self.status = "Follower placed: Enter commits the move".into(),
                        Err(why) => self.status = format!("Follower not moved: {why}"),
                    }
                }
            }
            Gesture::Sight { from, to } => self.rules.sight = Some((from, to)),
            _ => {}
        }
    }

    /// Drops the previewed unit's leader at `to`.
    pub fn drop_ghost(&mut self, to: Point) {
        let Some(g) = self.preview_ghost(to) else {
            self.status = "This preview moves nobody".into();
            return;
        };
        if !g.legal {
            self.status = format!("Not moved: {}", g.text);
            return;
        }
        let s = self.doc.scenario();
        let pending = self
            .rules
            .overlay
            .as_ref()
            .and_then(|(_, o)| o.as_ref().ok())
            .and_then(|o| o.place_followers(s, &g));
        match pending {
            Some(p) => {
                self.status = format!(
                    "{}: leader placed; drag the followers, Enter commits, Escape cancels",
                    p.label
                );
                self.rules.pending = Some(p);
            }
            None => {
                let label = format!("Move {} ({})", g.unit.name, self.preview_mode_text());
                self.apply(&label, crate::edit::ops::outcome::unit(g.unit));
            }
        }
    }

    fn preview_mode_text(&self) -> String {
        self.rules
            .open
            .map(|(_, m)| m.to_string())
            .unwrap_or_default()
    }

    /// Commits the waiting move as one undoable edit, unless a follower stands where it may
    /// not.
    pub fn commit_pending(&mut self) -> bool {
        let Some(p) = self.rules.pending.take() else {
            return false;
        };
        let problems = p.problems(self.doc.scenario());
        if let Some((m, why)) = problems.first() {
            self.status = format!("Not committed: model {m} {why}");
            self.rules.pending = Some(p);
            return false;
        }
        self.apply(&p.label, crate::edit::ops::outcome::unit(p.unit.clone()))
    }

    pub fn cancel_pending(&mut self) -> bool {
        self.rules.pending.take().is_some()
    }

    /// Carries out the previewed column order.
    fn march(&mut self) {
        if !self.preview_overlay().is_some_and(|o| o.is_ok()) {
            return;
        }
        let Some((_, Ok(o))) = &self.rules.overlay else {
            return;
        };
        let label = format!("{}", o.request.mode);
        let outcome = o.column_outcome(self.doc.scenario());
        match outcome {
            Some(Ok(outcome)) => {
                let marched = self.apply(&label, crate::edit::ops::outcome::column(outcome));
                if marched {
                    self.rules.route.clear();
                }
            }
            Some(Err(illegal)) => {
                let why: Vec<String> = illegal.iter().map(ToString::to_string).collect();
                self.status = format!("{label} refused: {}", why.join("; "));
            }
            _ => {}
        }
    }

    /// Shapes of the open preview, the hover answer, the ghost, the followers waiting and the
    /// sight line, over the map.
    pub(super) fn preview_shapes(&mut self, ui: &Ui, rect: Rect, shapes: &mut Vec<Shape>) {
        let mut items = Vec::new();
        if let Some(request) = self.rules.request()
            && self.preview_overlay().is_some_and(|o| o.is_ok())
        {
            let key = ShapesKey {
                overlay: OverlayKey {
                    changes: self.doc.changes(),
                    request,
                },
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
                        paint::push_items(&mut out, &o.items, &self.view, rect, f, None)
                    });
                }
                self.rules.shapes = Some((key, out));
            }
            if let Some((_, cached)) = &self.rules.shapes {
                shapes.extend(cached.iter().cloned());
            }
        }
        if let Some(p) = &self.rules.pending {
            items.extend(p.items(self.doc.scenario()));
        }
        match self.gesture.clone() {
            Some(Gesture::RulesMove { to, .. }) => {
                if let Some(g) = self.preview_ghost(to) {
                    items.extend(g.items(self.doc.scenario()));
                    self.tooltip(ui, &g.text, Some(g.legal));
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
                    self.tooltip(ui, &g.text, Some(g.legal));
                }
            }
            Some(Gesture::Sight { from, to }) => self.sight_items(ui, from, to, &mut items),
            None if self.rules.pending.is_none() => {
                if let Some(c) = self.cursor
                    && self.rules.open.is_some()
                    && matches!(self.tool, super::tools::Tool::Select)
                    && let Some(h) = self.preview_hover(c)
                {
                    items.extend(h.items());
                    self.tooltip(ui, &h.text, h.legal);
                }
            }
            _ => {}
        }
        if self.gesture.is_none()
            && matches!(self.tool, super::tools::Tool::Sight)
            && let Some((from, to)) = self.rules.sight
        {
            self.sight_items(ui, from, to, &mut items);
        }
        if !items.is_empty() {
            ui.ctx()
                .fonts_mut(|f| paint::push_items(shapes, &items, &self.view, rect, f, None));
        }
    }

    fn sight_items(&self, ui: &Ui, from: Point, to: Point, items: &mut Vec<crate::scene::Item>) {
        if let Some(line) = preview::sight::sight_line(self.doc.scenario(), from, to) {
            items.extend(line.items.iter().cloned());
            self.tooltip(ui, &line.text, Some(line.clear));
        }
    }

    /// A sentence beside the pointer: the answer to hovering or dragging.
    fn tooltip(&self, ui: &Ui, text: &str, legal: Option<bool>) {
        let Some(pos) = ui.ctx().pointer_latest_pos() else {
            return;
        };
        let colour = match legal {
            Some(true) => Color32::from_rgb(20, 130, 50),
            Some(false) => Color32::from_rgb(190, 30, 30),
            None => ui.visuals().text_color(),
        };
        egui::Area::new(egui::Id::unique("preview-tooltip"))
            .fixed_pos(pos + egui::vec2(16.0, 16.0))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(360.0);
                    ui.label(RichText::new(plain(text)).color(colour));
                });
            });
    }

    /// The preview bar: what may be previewed for the selected unit, what the preview says,
    /// the move waiting for its followers, the column's route, and the test odds.
    pub(super) fn preview_bar_ui(&mut self, ui: &mut Ui) {
        let s = self.doc.scenario();
        let Some((unit, u)) = self
            .selected_unit()
            .and_then(|id| s.unit(id).map(|u| (id, u)))
        else {
            ui.label(
                RichText::new(
                    "Rule preview: select a unit to see its legal moves, command and odds.",
                )
                .weak(),
            );
            return;
        };
        let name = u.name.clone();
        let choices = preview::choices(s, unit);
        let open = self.rules.open.filter(|(u, _)| *u == unit).map(|(_, m)| m);
        let mut pick = None;
        let mut close = false;
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!("Preview {name}:"));
            if choices.is_empty() {
                ui.label(RichText::new("nothing to preview under this ruleset").weak());
            }
            for c in &choices {
                let text = c.mode.to_string();
                let label = if c.refused.is_some() {
                    RichText::new(text).weak()
                } else {
                    RichText::new(text)
                };
                let r = ui.selectable_label(open == Some(c.mode), label);
                let r = match &c.refused {
                    Some(why) => r.on_hover_text(format!("refused: {why}")),
                    None => r,
                };
                if r.clicked() {
                    pick = Some(c.mode);
                }
            }
            if open.is_some() && ui.button("Close preview").clicked() {
                close = true;
            }
        });
        if let Some(m) = pick {
            self.open_preview(m);
        }
        if close {
            self.close_preview();
            return;
        }
        if open.is_some() {
            self.preview_lines_ui(ui);
        }
        self.odds_ui(ui, unit);
    }

    fn preview_lines_ui(&mut self, ui: &mut Ui) {
        let lines = match self.preview_overlay() {
            Some(Ok(o)) => o.lines.clone(),
            Some(Err(e)) => vec![preview::Line {
                tone: Tone::Bad,
                text: e.to_string(),
            }],
            None => Vec::new(),
        };
        egui::ScrollArea::vertical()
            .id_salt("preview-lines")
            .max_height(110.0)
            .show(ui, |ui| {
                for l in &lines {
                    let colour = match l.tone {
                        Tone::Info => ui.visuals().text_color(),
                        Tone::Warn => ui.visuals().warn_fg_color,
                        Tone::Bad => ui.visuals().error_fg_color,
                    };
                    ui.label(RichText::new(plain(&l.text)).color(colour));
                }
            });
        let column = matches!(self.rules.open, Some((_, Mode::Column(..))));
        let route = matches!(
            self.rules.open,
            Some((_, Mode::Column(_, ColumnOrder::Move)))
        );
        if let Some(p) = &self.rules.pending {
            let problems = p.problems(self.doc.scenario());
            let mut commit = false;
            let mut cancel = false;
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("{}: drag the followers into place.", p.label));
                for n in &p.notes {
                    ui.label(RichText::new(n).color(ui.visuals().warn_fg_color));
                }
                if !problems.is_empty() {
                    ui.label(
                        RichText::new(format!(
                            "{} model(s) stand where they may not",
                            problems.len()
                        ))
                        .color(ui.visuals().error_fg_color),
                    );
                }
                commit = ui
                    .add_enabled(problems.is_empty(), egui::Button::new("Commit move"))
                    .clicked();
                cancel = ui.button("Cancel move").clicked();
            });
            if commit {
                self.commit_pending();
            }
            if cancel {
                self.cancel_pending();
                self.status = "Move cancelled".into();
            }
        } else if column {
            let mut go = false;
            ui.horizontal_wrapped(|ui| {
                if route {
                    ui.label(format!(
                        "Route: {} point(s) drawn; click the map to add one.",
                        self.rules.route.len()
                    ));
                    if ui
                        .add_enabled(
                            !self.rules.route.is_empty(),
                            egui::Button::new("Undo point"),
                        )
                        .clicked()
                    {
                        self.rules.route.pop();
                    }
                    if ui
                        .add_enabled(
                            !self.rules.route.is_empty(),
                            egui::Button::new("Clear route"),
                        )
                        .clicked()
                    {
                        self.rules.route.clear();
                    }
                }
                go = ui.button("Carry out the order").clicked();
            });
            if go {
                self.march();
            }
        } else if self
            .rules
            .overlay
            .as_ref()
            .is_some_and(|(_, o)| o.as_ref().is_ok_and(|o| !o.items.is_empty()))
        {
            ui.label(
                RichText::new(
                    "Hover a place to see why; drag the unit to move it under the rules \
                     (Alt+drag places it freely).",
                )
                .weak(),
            );
        }
    }

    /// The odds panel: the morale and rally tests the unit faces (R4), as `sandtable test`
    /// reports them, and a rolled result applied as one undoable edit.
    fn odds_ui(&mut self, ui: &mut Ui, unit: UnitId) {
        let s = self.doc.scenario();
        let tests: Vec<_> = [TestKind::Morale, TestKind::Rally]
            .into_iter()
            .map(|k| (k, morale::preview(s, TestRequest::new(unit, k))))
            .collect();
        if tests.iter().all(|(_, t)| t.is_err()) {
            return;
        }
        let mut apply = None;
        egui::CollapsingHeader::new("Morale and rally odds")
            .id_salt(("odds", unit))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("odds-text")
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for (kind, t) in &tests {
                            match t {
                                Ok(pv) => {
                                    ui.label(
                                        RichText::new(plain(morale::report::text(pv).trim_end()))
                                            .monospace()
                                            .small(),
                                    );
                                    if pv.may_test() {
                                        ui.horizontal(|ui| {
                                            let l = ui.label("Roll");
                                            ui.add(
                                                egui::DragValue::new(&mut self.rules.dice[0])
                                                    .range(1..=6),
                                            )
                                            .labelled_by(l.id);
                                            let l = ui.label("re-roll (0: none)");
                                            ui.add(
                                                egui::DragValue::new(&mut self.rules.dice[1])
                                                    .range(0..=6),
                                            )
                                            .labelled_by(l.id);
                                            if ui.button(format!("Apply the {kind}")).clicked() {
                                                let [a, b] = self.rules.dice;
                                                apply = Some((
                                                    *kind,
                                                    Resolution::Roll {
                                                        first: a.clamp(1, 6),
                                                        reroll: (b > 0).then_some(b),
                                                    },
                                                ));
                                            }
                                            if *kind == TestKind::Rally
                                                && pv.morale == Morale::Routing
                                                && ui.button("Keep routing").clicked()
                                            {
                                                apply = Some((*kind, Resolution::KeepRouting));
                                            }
                                        });
                                    }
                                }
                                Err(e) => {
                                    ui.label(RichText::new(format!("{kind}: {e}")).weak());
                                }
                            }
                            ui.separator();
                        }
                    });
            });
        if let Some((kind, res)) = apply {
            self.apply_test(unit, kind, res);
        }
    }

    /// Applies a rolled test result to the unit (one undoable edit).
    pub fn apply_test(&mut self, unit: UnitId, kind: TestKind, res: Resolution) -> bool {
        match morale::resolve(self.doc.scenario(), TestRequest::new(unit, kind), res) {
            Ok(r) => {
                let said = format!("{}: {}", r.label, r.outcome);
                let ok = self.apply(&r.label, crate::edit::ops::outcome::test(&r));
                if ok {
                    self.status = said;
                }
                ok
            }
            Err(e) => {
                self.status = format!("{kind} not applied: {e}");
                false
            }
        }
    }
}
