//! The keyboard's move under the rules. With a unit's move preview open, the arrow keys walk
//! an aim out from where the unit stands (a hex at a time on a hex map, half an inch — a tenth
//! with Shift — on the table); the ghost shows what a move there would do and the status says
//! it in the rules' words, as a drag's would; Enter moves there as dropping the ghost would
//! (a table move then waits for its followers, and Enter again commits it), Escape stops
//! aiming. Nothing here decides a rule: the aim is only where the ghost is asked for.

use super::App;
use crate::edit::ops::selection::{Nudge, nudge_delta, nudged_hex};
use crate::geom::Point;
use crate::model::ItemRef;

impl App {
    /// Whether the arrow keys aim the selected unit's move rather than nudge it: its preview
    /// is open and moves it (a column's route and a span move nobody).
    pub(super) fn aims(&mut self) -> bool {
        let Some((unit, _)) = self.rules.open else {
            return false;
        };
        if self.selection != [ItemRef::Unit(unit)] || self.play.free_move_of(Some(unit)) {
            return false;
        }
        self.moving_anchor().is_some()
    }

    /// One arrow press: the aim steps from where it was (first from the unit) and the status
    /// reads what a move there would do.
    pub(super) fn step_aim(&mut self, n: Nudge) {
        let Some(anchor) = self.preview_anchor() else {
            return;
        };
        let from = self.rules.aim.unwrap_or(anchor);
        let s = self.doc.scenario();
        let to = match s.map.as_hex() {
            Some(h) => {
                let l = crate::scene::layout(h);
                match nudged_hex(s, l.world_pos_to_hex(from), n) {
                    Some(hex) => l.hex_to_world_pos(hex),
                    None => {
                        self.status = "The aim is at the edge of the map".into();
                        return;
                    }
                }
            }
            None => from + nudge_delta(n),
        };
        self.rules.aim = Some(to);
        self.bring_point_into_view(to);
        self.status = match self.preview_ghost(to) {
            Some(g) if g.legal => {
                format!("Aim: {} — Enter moves here, Escape stops aiming", g.text)
            }
            // The turn's "refused: why" reads as the aim's "Aim: why" (no prefixes stacked).
            Some(g) => format!(
                "Aim: {} — the arrows move the aim on, Escape stops aiming",
                g.text.strip_prefix("refused: ").unwrap_or(&g.text)
            ),
            None => "Aim: this preview moves nobody".into(),
        };
    }

    /// Enter with an aim: the unit moves there under its rules, as a drop of its ghost would;
    /// a refused place keeps the aim there.
    pub(super) fn move_to_aim(&mut self) {
        if let Some(to) = self.rules.aim.take() {
            let legal = self.preview_ghost(to).is_some_and(|g| g.legal);
            self.drop_ghost(to);
            if !legal {
                // Refused: the aim stays where it was, to be moved on from there.
                self.rules.aim = Some(to);
            }
        }
    }

    /// Escape with an aim: the aim goes, and nothing moves.
    pub(super) fn stop_aiming(&mut self) {
        if self.rules.aim.take().is_some() {
            self.status = "Stopped aiming: nothing moved".into();
        }
    }

    /// Where the aim is, while there is one.
    pub fn aim(&self) -> Option<Point> {
        self.rules.aim
    }
}
