//! Playing a game on a scenario: turns and phases, who has acted, dice, and the log, every
//! step checked by the rules (issue 18).
//!
//! The game is stored in the scenario (`Scenario::game`, plain data in `model::game`), so a
//! file carries its game and the editor's undo and saving carry it too. This module moves it
//! on, and is pure: it reads no clock and no entropy (a new game's seed is given by the
//! caller), and never touches edits, files or windows.
//!
//! - [`play`]: one action carried out by the rules (`rules::engine::carry_out`, the same
//!   function the editor and the command line call), or a [`Refused`] with their reason; the
//!   game applies the outcome, logs it with its dice and keeps an undo record. It decides no
//!   rule: the phase an action belongs to, who acts by it, what the end of a phase changes are
//!   read in `rules::engine::turn`.
//! - [`take_back`]: the position before the last entry, restored from the entry's undo record;
//!   [`position_at`]: the position after any entry the same way (stepping through the log).
//! - [`replay`]: the position after the first `n` entries, replayed from the start through the
//!   rules with the logged dice (app rolls drawn again from the saved generator and checked):
//!   the check that a log (say, one sent by an opponent) is what the rules give. Its cost grows
//!   with the log and the rules' work per entry.

mod apply;
pub mod dice;
mod error;

pub use error::Refused;

use crate::model::game::{Action, Game, GameStart, LogEntry, Phase};
use crate::model::{Scenario, UnitId};
pub use crate::rules::engine::turn::phases;

/// A new game on `s` as it stands, its dice seeded with `seed`.
pub fn begin(s: &Scenario, seed: u64) -> Game {
    let phase = phases(s.rules.ruleset)[0];
    Game {
        start: GameStart {
            turn: s.turn,
            phase,
            dice: seed,
            units: s.units.clone(),
            columns: s.columns.clone(),
        },
        phase,
        acted: Vec::new(),
        dice: seed,
        log: Vec::new(),
    }
}

/// An action carried out: the scenario as it now stands (its game with the entry logged), and
/// the entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub scenario: Scenario,
    pub entry: LogEntry,
}

/// Carries out `action` under the rules. A scenario with no game yet starts one (dice seeded
/// with `seed`; ignored when a game is under way). Nothing changes when the rules refuse.
pub fn play(s: &Scenario, action: Action, seed: u64) -> Result<Played, Refused> {
    let mut next = s.clone();
    if next.game.is_none() {
        next.game = Some(Box::new(begin(s, seed)));
    }
    let entry = apply::apply(&mut next, action)?;
    if let Some(g) = next.game.as_mut() {
        g.log.push(entry.clone());
    }
    Ok(Played {
        scenario: next,
        entry,
    })
}

/// The scenario as it stood before the last entry of its log (the entry and its rolls are
/// gone: the generator is back where it was). The entry's undo record restores what it
/// changed, so this costs the same however long the log is, and asks no rule. Refused when
/// there is nothing to take back, or when the record does not give a sound scenario.
pub fn take_back(s: &Scenario) -> Result<Scenario, Refused> {
    let n = s.game.as_ref().map_or(0, |g| g.log.len());
    if n == 0 {
        return Err(Refused::NothingToTakeBack);
    }
    position_at(s, n - 1)
}

/// The scenario as it stood after the first `upto` entries of its log (the later entries
/// taken back one by one, through their undo records), for stepping through the log: cheap
/// and bounded by the entries taken back. [`replay`] gives the same position through the
/// rules.
pub fn position_at(s: &Scenario, upto: usize) -> Result<Scenario, Refused> {
    let mut at = s.clone();
    let Some(g) = at.game.as_mut() else {
        return Err(Refused::NoGame);
    };
    while g.log.len() > upto {
        let Some(e) = g.log.pop() else { break };
        let u = e.undo;
        g.phase = u.phase;
        g.acted = u.acted;
        g.dice = u.dice;
        at.turn = u.turn;
        for unit in u.units {
            match at.units.iter_mut().find(|x| x.id == unit.id) {
                Some(slot) => *slot = unit,
                None => {
                    return Err(Refused::BrokenUndo(format!(
                        "unit {} does not exist",
                        unit.id
                    )));
                }
            }
        }
        if let Some(c) = u.column {
            match at.columns.iter_mut().find(|x| x.id == c.id) {
                Some(slot) => *slot = c,
                None => {
                    return Err(Refused::BrokenUndo(format!(
                        "column {} does not exist",
                        c.id
                    )));
                }
            }
        }
    }
    if let Some(p) = at.validate().first() {
        return Err(Refused::BrokenUndo(p.to_string()));
    }
    Ok(at)
}

/// The scenario after the first `upto` entries of its log, replayed from the game's start
/// through the rules with the logged dice. `replay(s, log.len())` gives `s` again for any log
/// the game wrote; a log that no longer replays (edited by hand, or a rule changed since) is
/// refused at the first entry that fails, with its number and the rules' reason.
pub fn replay(s: &Scenario, upto: usize) -> Result<Scenario, Refused> {
    let Some(game) = s.game.as_ref() else {
        return Err(Refused::NoGame);
    };
    let mut at = start_position(s, game);
    for (i, e) in game.log.iter().take(upto).enumerate() {
        let entry = apply::apply(&mut at, e.action.clone()).map_err(|why| Refused::Replay {
            entry: i + 1,
            why: Box::new(why),
        })?;
        if let Some(g) = at.game.as_mut() {
            g.log.push(entry);
        }
    }
    Ok(at)
}

/// `s` set back to where its game started, with an empty log.
fn start_position(s: &Scenario, game: &Game) -> Scenario {
    let mut at = s.clone();
    at.units = game.start.units.clone();
    at.columns = game.start.columns.clone();
    at.turn = game.start.turn;
    at.game = Some(Box::new(Game {
        start: game.start.clone(),
        phase: game.start.phase,
        acted: Vec::new(),
        dice: game.start.dice,
        log: Vec::new(),
    }));
    at
}

/// Whether `unit` has acted in this phase of this turn.
pub fn has_acted(s: &Scenario, unit: UnitId) -> bool {
    s.game.as_ref().is_some_and(|g| g.acted.contains(&unit))
}

/// The current turn and phase (the first phase of the scenario's turn before any play).
pub fn clock(s: &Scenario) -> (u16, Phase) {
    let phase = s
        .game
        .as_ref()
        .map_or(phases(s.rules.ruleset)[0], |g| g.phase);
    (s.turn, phase)
}

#[cfg(test)]
mod tests;
