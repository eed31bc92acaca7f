//! Dragging a unit under the rules: the previewed unit's leader dropped where its preview
//! allows (a table move then waits for its followers), the followers of a waiting move set down
//! one by one, the move committed or cancelled; and in Play a drag that starts on a unit of the
//! side acting opens its preview first. The rules' answers come from `crate::preview`; this
//! module turns presses and drops into them.

use super::App;
use super::command::{Command, Commands, RouteEdit};
use super::tools::Gesture;
use crate::geom::Point;
use crate::model::*;
use crate::preview::{Choice, ColumnChoice, Pending};
use egui::{PointerButton, Ui};

/// How far beyond the table's edge a click still adds a point to a column's route (enough to
/// aim the column off the table), in inches.
const ROUTE_PAST_EDGE_IN: f32 = 2.0;

impl App {
    /// Where the previewed unit stands, when its preview moves it (a span or a column's route
    /// moves nobody): the point a drag or the arrow keys' aim starts from.
    pub(super) fn moving_anchor(&mut self) -> Option<Point> {
        let anchor = self.preview_anchor()?;
        self.preview_ghost(anchor).map(|_| anchor)
    }

    /// Canvas input that belongs to the preview: dragging a follower of a waiting move,
    /// dragging the previewed unit under the rules (Alt drags it freely instead), clicking a
    /// column's route. `None` when the input is not the preview's.
    pub(super) fn preview_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        world: Point,
        tol: f32,
    ) -> Option<Commands> {
        let taken = Some(Commands::default());
        self.open_on_play_drag(ui, response, tol);
        self.rules.open?;
        match &mut self.canvas.gesture {
            Some(Gesture::RulesMove { grab, to }) => {
                *to = world + *grab;
                return taken;
            }
            Some(Gesture::Follower { to, .. }) => {
                *to = world;
                return taken;
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
            let pending = self.rules.pending.as_ref();
            if let Some(model) = pending.and_then(|p| p.follower_at(self.doc.scenario(), from)) {
                self.canvas.gesture = Some(Gesture::Follower { model, to: world });
                return taken;
            }
            // The leader where he was placed is dragged on from there.
            if let Some(at) = pending.and_then(|p| p.leader_at(from)) {
                let grab = at - from;
                self.canvas.gesture = Some(Gesture::RulesMove {
                    grab,
                    to: world + grab,
                });
                return taken;
            }
            // A model the order leaves where it stands cannot be placed: say why rather than
            // start the leader's move again from it.
            if let Some(p) = pending
                && let Some(m) = p.staying_at(self.doc.scenario(), from)
            {
                let why = self.staying_reason(m, from);
                self.refuse(format!("Model {m} stays where it stands: {why}"));
                return taken;
            }
            let unit = self.rules.open.map(|(u, _)| u);
            // A free move the referee allowed is the Select tool's plain drag.
            if self.play.free_move_of(unit) {
                return None;
            }
            let on_unit = matches!(
                super::hit::hit(self.doc.scenario(), from, tol),
                Some(ItemRef::Unit(u)) if Some(u) == unit
            );
            if on_unit && let Some(anchor) = self.moving_anchor() {
                let grab = if self.doc.scenario().map.is_hex() {
                    Point::ZERO
                } else {
                    anchor - from
                };
                // A move waiting for its followers stays until the leader lands again: a
                // refused drop keeps it as it was.
                self.canvas.gesture = Some(Gesture::RulesMove {
                    grab,
                    to: world + grab,
                });
                return taken;
            }
            // Any other drag with a move waiting would start a box selection and drop the
            // move half placed: it keeps the move, and says what the drag may take.
            if self.rules.pending.is_some() {
                self.status = "A move is waiting: drag a follower or the leader's star; Enter \
                               commits it, Escape cancels it"
                    .into();
                return taken;
            }
        }
        // A column's route is drawn by clicking the map, over any unit but the column's own
        // (a click on one of those selects it); a hex move's destination is picked by
        // clicking a hex its MP reach, not on a unit.
        let on_unit = match super::hit::hit(self.doc.scenario(), world, tol) {
            Some(ItemRef::Unit(u)) => Some(u),
            _ => None,
        };
        let routing_past = match (self.rules.open, on_unit) {
            (Some((_, Choice::Column(c, ColumnChoice::Move))), Some(u)) => {
                self.doc.scenario().column_of(u).is_none_or(|of| of.id != c)
            }
            _ => false,
        };
        if response.clicked()
            && !ui.input(|i| i.modifiers.shift)
            && (on_unit.is_none() || routing_past)
        {
            let takes = match self.rules.open {
                // A route point stands on the table, or just beyond its edge to march the
                // column off; a click farther out is the canvas's (it deselects).
                Some((_, Choice::Column(_, ColumnChoice::Move))) => {
                    self.doc.scenario().map.as_table().is_none_or(|t| {
                        let m = ROUTE_PAST_EDGE_IN;
                        (-m..=t.width_in + m).contains(&world.x)
                            && (-m..=t.height_in + m).contains(&world.y)
                    })
                }
                Some((_, Choice::HexMove(_))) => {
                    self.overlay_ok();
                    let s = self.doc.scenario();
                    self.rules
                        .overlay
                        .as_ref()
                        .and_then(|(_, o)| o.as_ref().ok())
                        .is_some_and(|o| o.takes_destination(s, world))
                }
                _ => false,
            };
            if takes {
                return Some(Command::Route(RouteEdit::Add(world)).into());
            }
        }
        None
    }

    /// A unit's usual preview: the first choice the rules allow (a leader's command span when
    /// it may not move), or the first refused one, whose preview says why.
    /// In Play a drag that starts on a unit other than the one previewed selects it and opens
    /// its usual preview first, so the same drag moves it under the rules: no click to select
    /// it beforehand. Not for a unit that has acted or one the referee freed (the Select
    /// tool's drags say why, or move it freely).
    fn open_on_play_drag(&mut self, ui: &Ui, response: &egui::Response, tol: f32) {
        if !self.playing()
            || !response.drag_started_by(PointerButton::Primary)
            || ui.input(|i| i.modifiers.alt || i.modifiers.shift)
        {
            return;
        }
        let Some(from) = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| self.view.to_world(p))
        else {
            return;
        };
        let s = self.doc.scenario();
        let Some(ItemRef::Unit(u) | ItemRef::Model(u, _)) = super::hit::hit(s, from, tol) else {
            return;
        };
        if self.rules.open.is_some_and(|(o, _)| o == u)
            || self.play.free_move_of(Some(u))
            || crate::game::has_acted(s, u)
        {
            return;
        }
        self.selection = vec![ItemRef::Unit(u)];
        self.play.previewed = Some(u);
        self.rules.pending = None;
        self.rules.aim = None;
        self.rules.route.clear();
        self.rules.open = self.usual_mode(u).map(|m| (u, m));
    }

    /// Why model `m` of the waiting move stays where it stands (at `p`): the preview's mark
    /// on it (out of command, and why), else that the order does not move it.
    pub(super) fn staying_reason(&mut self, m: ModelId, p: Point) -> String {
        let text = self.preview_hover(p).map(|h| h.text).unwrap_or_default();
        // The marks read "model #3: why" or "model #3 is out of command: why".
        if let Some(why) = text.strip_prefix(&format!("model {m}: ")) {
            why.to_string()
        } else if let Some(rest) = text.strip_prefix(&format!("model {m} ")) {
            format!("it {rest}")
        } else {
            "the order does not move it".into()
        }
    }

    /// Moves a follower of the waiting move, if it may stand there; otherwise says why.
    pub(super) fn place_follower(&mut self, model: ModelId, to: Point) {
        let s = self.doc.scenario();
        if let Some(p) = &mut self.rules.pending {
            match p.move_follower(s, model, to) {
                Ok(()) => {
                    // A refused placement before this one no longer holds.
                    self.notices.retire_refusals();
                    self.status = "Follower placed: Enter commits the move".into();
                }
                Err(why) => self.refuse(format!("Follower not moved: {why}")),
            }
        }
    }

    /// Drops the previewed unit's leader at `to`.
    pub fn drop_ghost(&mut self, to: Point) {
        let Some(g) = self.preview_ghost(to) else {
            self.status = "This preview moves nobody".into();
            return;
        };
        if !g.legal {
            // The hover's "refused: why" reads "Not moved: why" here.
            let why = g.text.strip_prefix("refused: ").unwrap_or(&g.text);
            let kept = if self.rules.pending.is_some() {
                " (the leader stays where he was placed)"
            } else {
                ""
            };
            self.refuse(format!("Not moved: {why}{kept}"));
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
                // A refused drop before this one no longer holds: the leader stands placed.
                self.notices.retire_refusals();
                // Followers placed by hand around the leader's old place are suggested afresh
                // around the new one: said, so it is no surprise.
                let again = self
                    .rules
                    .pending
                    .as_ref()
                    .is_some_and(|old| !old.placed.is_empty());
                self.status = format!(
                    "{} — leader placed{}: drag the followers, Enter commits, Escape cancels",
                    p.label,
                    if again {
                        " again, the followers back at their suggested places"
                    } else {
                        ""
                    }
                );
                self.rules.pending = Some(p);
            }
            None => {
                self.rules.pending = None;
                self.rules.aim = None;
                let action = self.move_action(&g.unit, None, &[]);
                if let Some((what, _)) = self.carry_out(action) {
                    self.status = what;
                    if matches!(self.rules.open, Some((_, Choice::HexMove(_)))) {
                        // The destination picked is behind the unit now.
                        self.rules.route.clear();
                    }
                }
            }
        }
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
        let movers: Vec<ModelId> = p.followers.iter().map(|l| l.model).collect();
        let action = self.move_action(&p.unit, Some(p.leader), &movers);
        match self.carry_out(action) {
            Some((what, _)) => {
                self.status = what;
                true
            }
            None => {
                // Refused: the move stays for the player to set right or cancel.
                self.rules.pending = Some(p);
                false
            }
        }
    }

    /// The move waiting for its followers, if one is.
    pub fn pending_move(&self) -> Option<&Pending> {
        self.rules.pending.as_ref()
    }

    pub fn cancel_pending(&mut self) -> bool {
        self.rules.pending.take().is_some()
    }
}
