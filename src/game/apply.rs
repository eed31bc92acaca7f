//! One action applied to a scenario with a game under way: the rules carry it out
//! (`rules::engine`), then its outcome is applied and the entry to log is built, with the undo
//! record of what it changed. The referee's override and the clock's steps (the end of a phase
//! or of a turn) are the game's own; what the end of a phase changes by itself is the rules'.

use super::Refused;
use super::dice::SplitMix64;
use crate::model::game::{Action, LogEntry, MAX_LOG_ENTRIES, Phase, Undo};
use crate::model::{Scenario, Unit, UnitId};
use crate::rules::engine::{self, InPlay, Outcome, turn};

/// Carries out `action` on `s` (whose game exists) and returns its entry (not yet logged).
pub(super) fn apply(s: &mut Scenario, action: Action) -> Result<LogEntry, Refused> {
    let game = s.game.as_ref().ok_or(Refused::NoGame)?;
    if game.log.len() >= MAX_LOG_ENTRIES {
        return Err(Refused::LogFull);
    }
    let (turn, phase) = (s.turn, game.phase);
    let mut rng = SplitMix64(game.dice);
    let mut next_phase = None;
    let mut next_turn = None;
    let o = match action {
        Action::Referee { unit, note } => referee(s, *unit, note)?,
        Action::EndPhase => {
            let phases = turn::phases(s.rules.ruleset);
            let i = phases.iter().position(|p| *p == phase).unwrap_or(0);
            match phases.get(i + 1) {
                Some(next) => {
                    let mut o = Outcome::of(Action::EndPhase);
                    turn::end_of_phase(s, phase, &game.acted, &mut o);
                    o.what = format!("End of the {phase}: {next}");
                    next_phase = Some(*next);
                    o
                }
                None => end_turn(
                    s,
                    phase,
                    &game.acted,
                    Action::EndPhase,
                    &mut next_phase,
                    &mut next_turn,
                )?,
            }
        }
        Action::EndTurn => end_turn(
            s,
            phase,
            &game.acted,
            Action::EndTurn,
            &mut next_phase,
            &mut next_turn,
        )?,
        action => {
            let at = InPlay {
                phase,
                acted: &game.acted,
            };
            engine::carry_out(s, Some(at), &action, &mut rng)?
        }
    };
    // Everything was decided before anything changes: record what it changes, then carry it
    // out.
    let undo = Undo {
        units: o
            .units
            .iter()
            .filter_map(|u| s.unit(u.id).cloned())
            .collect(),
        column: o.column.as_ref().and_then(|c| s.column(c.id).cloned()),
        turn,
        phase,
        acted: game.acted.clone(),
        dice: game.dice,
    };
    for u in &o.units {
        if let Some(slot) = s.unit_mut(u.id) {
            *slot = u.clone();
        }
    }
    if let Some(c) = &o.column
        && let Some(slot) = s.columns.iter_mut().find(|x| x.id == c.id)
    {
        *slot = c.clone();
    }
    if let Some(t) = next_turn {
        s.turn = t;
    }
    if let Some(g) = s.game.as_mut() {
        g.dice = rng.0;
        if let Some(p) = next_phase {
            g.phase = p;
            g.acted.clear();
        }
        for u in &o.acted {
            if !g.acted.contains(u) {
                g.acted.push(*u);
            }
        }
    }
    Ok(LogEntry {
        turn,
        phase,
        unit: o.unit,
        action: o.action,
        what: o.what,
        reasons: o.reasons,
        path: o.path,
        undo,
    })
}

/// The referee sets a unit as it will stand, outside the rules, with his note: refused only
/// when the unit would not be a sound one (another side, a broken value).
fn referee(s: &Scenario, unit: Unit, note: String) -> Result<Outcome, Refused> {
    let note = note.trim().to_string();
    if note.is_empty() {
        return Err(Refused::EmptyNote);
    }
    let old = s.unit(unit.id).ok_or(engine::Refused::NoUnit(unit.id))?;
    if old.side != unit.side {
        return Err(Refused::RefereeInvalid(
            "a unit does not change sides".into(),
        ));
    }
    let mut trial = s.clone();
    if let Some(slot) = trial.unit_mut(unit.id) {
        *slot = unit.clone();
    }
    if let Some(p) = trial.validate().first() {
        return Err(Refused::RefereeInvalid(p.to_string()));
    }
    let mut o = Outcome::of(Action::Referee {
        unit: Box::new(unit.clone()),
        note: note.clone(),
    });
    o.unit = Some(unit.id);
    o.what = format!("Referee: {} set by hand — {note}", unit.name);
    o.reasons.push(format!("referee override: {note}"));
    o.acted.push(unit.id);
    o.units.push(unit);
    Ok(o)
}

/// The next turn: the counter advances and the first phase begins; the rules clear what they
/// keep for "this turn".
fn end_turn(
    s: &Scenario,
    phase: Phase,
    acted: &[UnitId],
    action: Action,
    next_phase: &mut Option<Phase>,
    next_turn: &mut Option<u16>,
) -> Result<Outcome, Refused> {
    let next = s
        .turn
        .checked_add(1)
        .ok_or(Refused::TurnCounterFull(s.turn))?;
    let mut o = Outcome::of(action);
    turn::end_of_turn(s, phase, acted, &mut o);
    let first = turn::phases(s.rules.ruleset)[0];
    o.what = format!("End of turn {}: turn {next}, {first}", s.turn);
    *next_turn = Some(next);
    *next_phase = Some(first);
    Ok(o)
}
