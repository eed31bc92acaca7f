//! How a turn runs under each ruleset ("Playing a game" in docs/rules.md): its phases, which
//! phase an action belongs to, who acts by an action, and what the end of a phase and of a
//! turn change by themselves. The game keeps the clock and the log; the readings are here.

use super::outcome::{Outcome, Refused};
use crate::model::game::{Action, Phase};
use crate::model::*;
use crate::rules::hex_commands::next_in_timeline;

/// The phases of a turn under `ruleset`, in order: R5 has a Command Phase (chits change) then
/// Movement; the table rulesets have Movement only.
pub fn phases(ruleset: Ruleset) -> &'static [Phase] {
    match ruleset {
        Ruleset::HexCommands => &[Phase::Command, Phase::Movement],
        _ => &[Phase::Movement],
    }
}

/// The phase an action is taken in, and what it is called in a refusal; `None` for what may
/// be done at any time (a test, a referee's override, the clock's own steps).
pub fn phase_of(action: &Action) -> Option<(Phase, &'static str)> {
    match action {
        Action::Move { .. } => Some((Phase::Movement, "a move")),
        Action::Column { .. } => Some((Phase::Movement, "a column's order")),
        Action::LeaderCheck { .. } => Some((Phase::Movement, "an Ld check")),
        Action::Command { .. } => Some((Phase::Command, "a change of command")),
        Action::Test { .. } | Action::Referee { .. } | Action::EndPhase | Action::EndTurn => None,
    }
}

/// Where a game stands, as the rules read it before carrying an action out.
#[derive(Clone, Copy, Debug)]
pub struct InPlay<'a> {
    pub phase: Phase,
    /// Units that have acted in this phase.
    pub acted: &'a [UnitId],
}

/// Whether `action` may be taken now: in its phase, by units that have not acted. Refused with
/// the phase it belongs to, or the unit that has acted.
pub fn may_act(
    s: &Scenario,
    at: InPlay<'_>,
    action: &Action,
    acting: &[UnitId],
) -> Result<(), Refused> {
    if let Some((phase, what)) = phase_of(action)
        && phase != at.phase
    {
        return Err(Refused::WrongPhase {
            what: what.into(),
            phase: at.phase,
            allowed: phase,
        });
    }
    if let Some(u) = acting.iter().find(|u| at.acted.contains(u)) {
        let name = s.unit(*u).map_or_else(|| u.to_string(), |u| u.name.clone());
        let column = match action {
            Action::Column { column, order, .. } => s.column(*column).map(|c| (c, order)),
            _ => None,
        };
        return Err(match column {
            Some((c, crate::model::game::ColumnOrder::Enter(_))) => Refused::rules(
                format!("{}: no unit comes on", c.name),
                vec![format!(
                    "a unit of the column ({name}) has tried to come on this turn already: one try a turn after a break"
                )],
            ),
            Some((c, _)) => Refused::Acted {
                name: format!("{name} (of column '{}')", c.name),
            },
            None => Refused::Acted { name },
        });
    }
    Ok(())
}

/// The end of a phase: in R5's Command Phase, every leader whose chit is a charge and who did
/// not change it moves on along the Charge timeline by himself.
pub fn end_of_phase(s: &Scenario, phase: Phase, acted: &[UnitId], o: &mut Outcome) {
    if phase != Phase::Command {
        return;
    }
    for u in &s.units {
        let Some(ld) = u.leadership else { continue };
        if acted.contains(&u.id) {
            continue;
        }
        if let Some(next) = next_in_timeline(ld.command) {
            let mut n = u.clone();
            if let Some(l) = n.leadership.as_mut() {
                l.command = next;
            }
            o.reasons.push(format!(
                "{}: {} → {next} (the charge timeline moves on)",
                u.name, ld.command
            ));
            o.units.push(n);
        }
    }
}

/// The end of a turn: the flags the rules keep for "this turn" (charging, charged, evaded,
/// arrived, a failed Ld check) are cleared on every unit (after the end of its last phase).
pub fn end_of_turn(s: &Scenario, phase: Phase, acted: &[UnitId], o: &mut Outcome) {
    end_of_phase(s, phase, acted, o);
    for u in o.units.iter_mut() {
        clear_turn_flags(u);
    }
    let changed: Vec<UnitId> = o.units.iter().map(|u| u.id).collect();
    for u in s.units.iter().filter(|u| !changed.contains(&u.id)) {
        let mut n = u.clone();
        clear_turn_flags(&mut n);
        if n != *u {
            o.units.push(n);
        }
    }
}

fn clear_turn_flags(u: &mut Unit) {
    u.state.charging = false;
    u.state.charged = false;
    u.state.evaded = false;
    u.state.arrived_this_turn = false;
    u.state.failed_ld_check = false;
}
