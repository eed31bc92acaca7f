//! One action applied to a scenario with a game under way: the rules carry it out
//! (`rules::engine`), then its outcome is applied and the entry to log is built, with the undo
//! record of what it changed. The referee's override and the clock's steps (the end of a phase
//! or of a turn) are the game's own; what the end of a phase changes by itself is the rules'.

use super::Refused;
use super::dice::SplitMix64;
use crate::model::game::{Action, LogEntry, MAX_LOG_ENTRIES, Undo};
use crate::model::{Map, Position, Scenario, Unit, UnitId};
use crate::rules::engine::{self, InPlay, Outcome, Stage, turn};
use crate::rules::victory;

/// Carries out `action` on `s` (whose game exists) and returns its entry (not yet logged).
pub(super) fn apply(s: &mut Scenario, action: Action) -> Result<LogEntry, Refused> {
    let game = s.game.as_ref().ok_or(Refused::NoGame)?;
    if game.log.len() >= MAX_LOG_ENTRIES {
        return Err(Refused::LogFull);
    }
    let (turn, phase) = (s.turn, game.phase);
    let stage = Stage {
        phase,
        side: game.state.side,
    };
    if let (Some(h), Action::EndPhase | Action::EndTurn) = (&game.state.halted, &action) {
        let mover = s
            .unit(h.mover)
            .map_or_else(|| h.mover.to_string(), |u| u.name.clone());
        return Err(Refused::Halted(mover));
    }
    if let Some(last) = victory::over(s) {
        return Err(Refused::GameOver(last));
    }
    let held_before = game.state.held.clone();
    let mut rng = SplitMix64(game.dice);
    let mut next = None;
    let mut next_turn = None;
    let o = match action {
        Action::Referee { unit, note } => referee(s, *unit, note)?,
        Action::EndPhase => match turn::next_stage(s, stage) {
            Some(n) => {
                let mut o = Outcome::of(Action::EndPhase);
                turn::end_of_phase(s, phase, &game.acted, &mut o);
                o.what = format!(
                    "End of the {}: {}",
                    turn::stage_text(s, stage),
                    turn::stage_text(s, n)
                );
                next = Some(n);
                o
            }
            None => end_turn(
                s,
                stage,
                &game.acted,
                Action::EndPhase,
                &mut next,
                &mut next_turn,
            )?,
        },
        Action::EndTurn => end_turn(
            s,
            stage,
            &game.acted,
            Action::EndTurn,
            &mut next,
            &mut next_turn,
        )?,
        action => {
            let at = InPlay::of(s).ok_or(Refused::NoGame)?;
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
        state: game.state.clone(),
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
        if let Some(st) = o.state {
            g.state = st;
        }
        if let Some(n) = next {
            g.phase = n.phase;
            g.state.side = n.side;
            g.acted.clear();
        }
        for u in &o.acted {
            if !g.acted.contains(u) {
                g.acted.push(*u);
            }
        }
    }
    let held = victory::remembered(s, &held_before);
    if let Some(g) = s.game.as_mut() {
        g.state.held = held;
    }
    let mut what = o.what;
    if next_turn.is_some()
        && let Some(last) = victory::over(s)
        && let Some(score) = victory::score(s)
    {
        what = format!(
            "End of turn {last}, the last: the game is over, {}",
            victory::result_words(s, &score)
        );
    }
    Ok(LogEntry {
        turn,
        phase,
        unit: o.unit,
        action: o.action,
        what,
        reasons: o.reasons,
        path: o.path,
        undo,
        note: None,
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
    off_the_map(s, &unit)?;
    // The unit is checked in the position alone: the game's log is checked when the entry is
    // logged, and walking it here for every override made a long log's replay quadratic.
    let mut trial = s.without_game();
    if let Some(slot) = trial.unit_mut(unit.id) {
        *slot = unit.clone();
    }
    if let Some(p) = trial.validate_except_map_cells().first() {
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

/// A referee's unit stands on the map or the table (or off it, set aside or gone): a free
/// move does not put it beyond the edge.
fn off_the_map(s: &Scenario, u: &Unit) -> Result<(), Refused> {
    let bad = |why: String| Err(Refused::RefereeInvalid(why));
    match (&u.position, &s.map) {
        (Position::Hex { hex, .. }, Map::Hex(m)) if !m.grid().contains(*hex) => {
            bad(format!("hex {} is off the map", m.hex_name(*hex)))
        }
        (Position::Table, Map::Table(t)) => {
            match u.models.iter().find(|m| {
                !(0.0..=t.width_in).contains(&m.pos.x) || !(0.0..=t.height_in).contains(&m.pos.y)
            }) {
                Some(m) => bad(format!(
                    "({:.1}, {:.1}) is off the {} x {} inch table",
                    m.pos.x, m.pos.y, t.width_in, t.height_in
                )),
                None => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// The next turn: the counter advances and the first phase begins; the rules clear what they
/// keep for "this turn".
fn end_turn(
    s: &Scenario,
    stage: Stage,
    acted: &[UnitId],
    action: Action,
    next: &mut Option<Stage>,
    next_turn: &mut Option<u16>,
) -> Result<Outcome, Refused> {
    let t = s
        .turn
        .checked_add(1)
        .ok_or(Refused::TurnCounterFull(s.turn))?;
    let mut o = Outcome::of(action);
    turn::end_of_turn(s, stage.phase, acted, &mut o);
    let first = turn::stages(s)[0];
    o.what = format!(
        "End of turn {}: turn {t}, {}",
        s.turn,
        turn::stage_text(s, first)
    );
    *next_turn = Some(t);
    *next = Some(first);
    Ok(o)
}
