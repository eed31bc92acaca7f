//! Playing a game on a scenario: the turn, its phases and whose they are, who has acted, the
//! dice, and the log both players can trust.
//!
//! The game is stored in the scenario (`Scenario::game`, plain data in `model::game`), so a
//! file carries its game and the editor's undo and saving carry it too. This module moves it
//! on, and is pure: it reads no clock and no entropy (a new game's seed is given by the
//! caller), and never touches edits, files or windows.
//!
//! - [`play`]: one action carried out by the rules (`rules::engine::carry_out`, the same
//!   function the editor and the command line call), or a [`Refused`] with their reason; the
//!   game applies the outcome, logs it with its dice and keeps an undo record. It decides no
//!   rule: the phase an action belongs to and whose it is, who acts by it, what comes first,
//!   what the end of a phase changes are read in `rules::engine::turn`. What it would save is
//!   checked against the limits loading applies first, so a game always opens again.
//! - [`take_back`]: the position before the last entry (before a whole reaction exchange, when
//!   the entry was part of one), restored from the undo records; [`position_at`]: the position
//!   after any entry the same way (stepping through the log).
//! - [`replay`]: the position after the first `n` entries, replayed from the start through the
//!   rules with the logged dice; [`verify`] replays the whole log, comparing every entry with
//!   the one logged and the start with its [`fingerprint`], and names the first that differs:
//!   the check that a log (say, one sent by an opponent) is what the rules give.
//! - [`annotate`] and [`bookmark`]: the players' notes on entries and marks in the log, kept
//!   in the file and never replayed.

mod apply;
pub mod dice;
mod error;
mod verify;

pub use error::Refused;
pub use verify::{Mismatch, fingerprint, start_position, verify};

use crate::model::game::{
    Action, Bookmark, Game, GameStart, LogEntry, MAX_BOOKMARKS, MAX_LOG_TEXT_CHARS, Phase,
    TurnRules, TurnState,
};
use crate::model::{Scenario, SideId, UnitId};
pub use crate::rules::engine::turn::phases;
use crate::rules::engine::{Stage, stages};

/// A new game on `s` as it stands, its dice seeded with `seed`: it begins in the first phase
/// of the turn, and records the fingerprint of its start.
pub fn begin(s: &Scenario, seed: u64) -> Game {
    let first = stages(s)[0];
    Game {
        start: GameStart {
            turn: s.turn,
            phase: first.phase,
            dice: seed,
            units: s.units.to_vec().into(),
            columns: s.columns.clone(),
            side: first.side,
        },
        phase: first.phase,
        acted: Vec::new(),
        dice: seed,
        log: Vec::new(),
        state: TurnState {
            side: first.side,
            held: crate::rules::victory::remembered(s, &[]),
            ..TurnState::default()
        },
        fingerprint: Some(fingerprint(s)),
        bookmarks: Vec::new(),
        turns: TurnRules::SidesInTurn,
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
/// with `seed`; ignored when a game is under way). Nothing changes when the rules refuse, or
/// when what it would save breaks a limit loading applies (a note too long, a route too long,
/// a place off any table): the refusal names it.
pub fn play(s: &Scenario, action: Action, seed: u64) -> Result<Played, Refused> {
    let mut next = s.clone();
    let begun = next.game.is_some();
    if !begun {
        next.game = Some(Box::new(begin(s, seed)));
    }
    let entry = apply::apply(&mut next, action)?;
    if let Some(g) = next.game.as_mut() {
        g.log.push(entry.clone());
    }
    // The map's cells are as they were: play never changes the ground. A game that had begun
    // keeps the starting position it was checked with.
    let problems = if begun {
        next.validate_played()
    } else {
        next.validate_except_map_cells()
    };
    if let Some(p) = problems.first() {
        return Err(Refused::WouldNotLoad(p.to_string()));
    }
    Ok(Played {
        scenario: next,
        entry,
    })
}

/// The scenario as it stood before the last entry of its log (the entry and its rolls are
/// gone: the generator is back where it was); an entry of a reaction exchange (a move halted
/// at a charge-check point, the checks and charges, going on) is taken back with the whole
/// exchange. The undo records restore what the entries changed, so this asks no rule. Refused
/// when there is nothing to take back, or when a record does not give a sound scenario.
pub fn take_back(s: &Scenario) -> Result<Scenario, Refused> {
    let n = s.game.as_ref().map_or(0, |g| g.log.len());
    if n == 0 {
        return Err(Refused::NothingToTakeBack);
    }
    let mut upto = n - 1;
    // While the position before an entry has a move halted, that entry is inside an
    // exchange: take back to before the move that halted.
    if let Some(g) = s.game.as_ref() {
        while upto > 0 && g.log[upto].undo.state.halted.is_some() {
            upto -= 1;
        }
    }
    position_at(s, upto)
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
        g.state = u.state;
        at.turn = u.turn;
        for unit in u.units {
            match at.units.by_id_mut(unit.id) {
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
    g.bookmarks.retain(|b| b.after as usize <= upto);
    if let Some(p) = at.validate_except_map_cells().first() {
        return Err(Refused::BrokenUndo(p.to_string()));
    }
    Ok(at)
}

/// The scenario after the first `upto` entries of its log, replayed from the game's start
/// through the rules with the logged dice. `replay(s, log.len())` gives `s` again for any log
/// the game wrote (the players' notes and bookmarks aside); a log that no longer replays
/// (edited by hand, or a rule changed since) is refused at the first entry that fails, with
/// its number and the rules' reason.
pub fn replay(s: &Scenario, upto: usize) -> Result<Scenario, Refused> {
    let Some(game) = s.game.as_ref() else {
        return Err(Refused::NoGame);
    };
    let mut at = verify::restart(s, game);
    for (i, e) in game.log.iter().take(upto).enumerate() {
        let mut entry = apply::apply(&mut at, e.action.clone()).map_err(|why| Refused::Replay {
            entry: i + 1,
            why: Box::new(why),
        })?;
        entry.note = e.note.clone();
        if let Some(g) = at.game.as_mut() {
            g.log.push(entry);
        }
    }
    if let Some(g) = at.game.as_mut() {
        g.bookmarks = game
            .bookmarks
            .iter()
            .filter(|b| b.after as usize <= upto)
            .cloned()
            .collect();
    }
    Ok(at)
}

/// Whether `unit` has acted in this phase of this turn.
pub fn has_acted(s: &Scenario, unit: UnitId) -> bool {
    s.game.as_ref().is_some_and(|g| g.acted.contains(&unit))
}

/// The current turn and phase (the first phase of the scenario's turn before any play).
pub fn clock(s: &Scenario) -> (u16, Phase) {
    (s.turn, stage(s).phase)
}

/// The phase now and whose it is (the first of the turn before any play).
pub fn stage(s: &Scenario) -> Stage {
    match s.game.as_ref() {
        Some(g) => Stage {
            phase: g.phase,
            side: g.state.side,
        },
        None => stages(s)[0],
    }
}

/// The side whose Movement Phase it is, if the phase is one side's.
pub fn phasing(s: &Scenario) -> Option<SideId> {
    stage(s).side
}

/// `s` with the player's `note` on entry `entry` (1-based; an empty note removes it). The note
/// is kept with the entry, shown with it and never replayed.
pub fn annotate(s: &Scenario, entry: usize, note: &str) -> Result<Scenario, Refused> {
    let note = note.trim();
    if note.chars().count() > MAX_LOG_TEXT_CHARS {
        return Err(Refused::TooLong {
            what: "a note",
            limit: MAX_LOG_TEXT_CHARS,
        });
    }
    let mut next = s.clone();
    let g = next.game.as_mut().ok_or(Refused::NoGame)?;
    let n = g.log.len();
    let e = entry
        .checked_sub(1)
        .and_then(|i| g.log.get_mut(i))
        .ok_or(Refused::NoEntry { entry, of: n })?;
    e.note = (!note.is_empty()).then(|| note.to_string());
    Ok(next)
}

/// `s` with a bookmark after the first `after` entries of its log (0: the start), labelled
/// `label`; an empty label removes the bookmarks there.
pub fn bookmark(s: &Scenario, after: usize, label: &str) -> Result<Scenario, Refused> {
    let label = label.trim();
    if label.chars().count() > MAX_LOG_TEXT_CHARS {
        return Err(Refused::TooLong {
            what: "a bookmark's label",
            limit: MAX_LOG_TEXT_CHARS,
        });
    }
    let mut next = s.clone();
    let g = next.game.as_mut().ok_or(Refused::NoGame)?;
    let n = g.log.len();
    if after > n {
        return Err(Refused::NoEntry {
            entry: after,
            of: n,
        });
    }
    g.bookmarks.retain(|b| b.after as usize != after);
    if !label.is_empty() {
        if g.bookmarks.len() >= MAX_BOOKMARKS {
            return Err(Refused::TooLong {
                what: "the bookmarks",
                limit: MAX_BOOKMARKS,
            });
        }
        g.bookmarks.push(Bookmark {
            after: after as u32,
            label: label.to_string(),
        });
        g.bookmarks.sort_by_key(|b| b.after);
    }
    Ok(next)
}

#[cfg(test)]
mod tests;
