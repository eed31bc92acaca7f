//! What the keyboard does to the selection beyond the shortcuts of the menus: arrow keys nudge
//! it (a burst of presses is one undo step), Tab and Shift+Tab walk through the units of the
//! side in focus, in the order of battle's order.

use super::App;
use super::command::Change;
use super::oob_rows::order_of_battle;
use crate::edit::ops::selection::{Nudge, nudge_edits};
use crate::model::{ItemRef, UnitId};

/// Seconds after the last arrow press that a burst of nudges ends: presses closer than this
/// make one undo step.
pub const NUDGE_BURST_SECS: f64 = 1.0;

/// Screen points an arrow key pans the view when nothing is selected (a quarter finely).
pub const PAN_STEP: f32 = 40.0;

/// The nudges in a row, so a burst of arrow presses undoes in one step.
#[derive(Default)]
pub struct NudgeBurst {
    /// Numbers the bursts; part of the undo step's merge key.
    count: u64,
    /// When the last nudge of this burst happened, in egui's seconds.
    last: Option<f64>,
}

impl App {
    /// Arrow keys: the selection moves one hex or half an inch (a tenth with Shift); with
    /// nothing selected the view pans instead, and with a unit's move preview open they aim
    /// its move under the rules (`aim`).
    pub(super) fn nudge(&mut self, n: Nudge) {
        // With the Calibrate tool the arrows move the background image under the map.
        if self.tool == super::tools::Tool::Calibrate
            && self
                .doc
                .scenario()
                .background
                .as_ref()
                .is_some_and(|b| b.placement.is_some())
        {
            self.nudge_background(n.dx, n.dy, n.fine);
            return;
        }
        if self.aims() {
            self.step_aim(n);
            return;
        }
        if self.playing()
            && let Some(u) = self.selected_unit()
        {
            // In Play the arrows aim a move; say why this selection has none to aim.
            let s = self.doc.scenario();
            let name = s.unit(u).map_or(String::new(), |x| x.name.clone());
            let why = if crate::game::has_acted(s, u) {
                format!("{name} has acted this phase")
            } else if s.unit(u).is_some_and(|x| x.is_leader())
                && crate::game::stage(s).phase == crate::model::game::Phase::Command
            {
                // Nothing moves in the Command Phase: what a leader does then is his chit.
                format!("{name} is a leader: C changes his chit; moves wait for Movement")
            } else {
                format!("{name} has no move to aim now (its preview moves nobody)")
            };
            self.status = format!("Nothing to aim: {why}");
            return;
        }
        if self.selection.is_empty() {
            let step = if n.fine { PAN_STEP / 4.0 } else { PAN_STEP };
            self.view
                .pan(-egui::vec2(f32::from(n.dx), f32::from(n.dy)) * step);
            self.canvas.auto_fit = false;
            return;
        }
        let edits = nudge_edits(self.doc.scenario(), &self.selection, n);
        if edits.is_empty() {
            self.status = if self.doc.scenario().map.is_hex() {
                "Nothing selected can move that way: the edge of the map".into()
            } else {
                "Nothing selected moves with the arrow keys".into()
            };
            return;
        }
        let burst = &mut self.nudges;
        if burst.last.is_none_or(|t| self.now - t > NUDGE_BURST_SECS) {
            burst.count += 1;
        }
        burst.last = Some(self.now);
        let key = format!("nudge {}", burst.count);
        let mut change = Change::new("Nudge", edits);
        change.key = Some(key);
        self.apply_change(change);
    }

    /// Tab (`step` 1) and Shift+Tab (-1): selects the next or previous unit on the map, in the
    /// order of battle's order, starting with the side in focus (the selected unit's, else the
    /// side new units join) and going on to the other sides; and brings it into view. In Play's
    /// Movement Phase only the units yet to act are walked, in R5's Command Phase the leaders.
    pub(super) fn cycle_unit(&mut self, step: i32) {
        let s = self.doc.scenario();
        let current = self.selected_unit();
        let side = current
            .and_then(|u| s.unit(u))
            .map_or(self.side, |u| u.side);
        // The order of battle's order, side after side: Tab goes on from the last unit of one
        // side to the first of the next, so every unit is reached, and each unit keeps its
        // number in the count ("3 of 19") however the walk came to it.
        let forces = order_of_battle(s);
        // In Play, Tab walks the units with something to do: in the Movement Phase those yet
        // to act (the ones that have acted, or belong to the side not acting, are passed
        // over); in R5's Command Phase the leaders whose chits have not changed yet.
        let yet = if !self.playing() {
            Vec::new()
        } else if s.map.is_hex()
            && crate::game::stage(s).phase == crate::model::game::Phase::Command
        {
            s.units
                .iter()
                .filter(|u| u.leadership.is_some() && u.in_play() && u.hex().is_some())
                .filter(|u| !crate::game::has_acted(s, u.id))
                .map(|u| u.id)
                .collect()
        } else {
            crate::rules::engine::turn::left_unmoved(s, crate::game::stage(s), false)
        };
        let all: Vec<UnitId> = forces
            .into_iter()
            .flat_map(|f| f.groups)
            .flat_map(|g| g.rows)
            .filter(|r| r.on_map)
            .map(|r| r.unit)
            .collect();
        let walked = |u: &UnitId| yet.is_empty() || yet.contains(u);
        let units: Vec<UnitId> = all.iter().copied().filter(walked).collect();
        if units.is_empty() {
            self.status = "No unit is on the map".into();
            return;
        }
        let n = units.len() as i32;
        let at = current.and_then(|u| units.iter().position(|x| *x == u));
        // A selected unit that is not walked (it has just acted): the next walked unit after
        // it in the order of battle, or before it for Shift+Tab, so Tab and Shift+Tab stay
        // each other's reverse.
        let near = || {
            let k = current.and_then(|u| all.iter().position(|x| *x == u))?;
            let len = all.len();
            (1..len)
                .map(|d| {
                    all[(k as i64 + i64::from(step) * d as i64).rem_euclid(len as i64) as usize]
                })
                .find(|u| walked(u))
                .and_then(|u| units.iter().position(|x| *x == u))
        };
        // With nothing walked selected, the walk starts at the side in focus: its first unit
        // for Tab, its last for Shift+Tab.
        let of_side = |u: &UnitId| s.unit(*u).is_some_and(|x| x.side == side);
        let start = || {
            let i = if step > 0 {
                units.iter().position(of_side)
            } else {
                units.iter().rposition(of_side)
            };
            i.map_or(if step > 0 { 0 } else { n - 1 }, |i| i as i32)
        };
        let next = match at {
            Some(i) => (i as i32 + step).rem_euclid(n),
            None => match near() {
                Some(i) => i as i32,
                None => start(),
            },
        };
        let unit = units[next as usize];
        self.selection = vec![ItemRef::Unit(unit)];
        if let Some(u) = s.unit(unit) {
            let side = s.side(u.side).map_or(String::new(), |x| x.name.clone());
            let of = if yet.is_empty() { "" } else { " yet to act" };
            self.status = format!("{} · {side} ({} of {}{of})", u.name, next + 1, n);
        }
        self.bring_into_view(unit);
    }
}
