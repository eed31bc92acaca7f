//! The after-action report: a played game told as a printed story. This module reads the game
//! (its start, each turn's entries, the position at each turn's end through the log's undo
//! records, the score through `rules::victory`) and tells it in players' words as an
//! `io::export::Chronicle`, which `io::export` lays out in the print style of the scenario sheet.
//! `sandtable report` and File > Export after-action report both call [`write`].
//!
//! It sits above `game` and `io` because it needs both: the game's positions and the printer's
//! pages; neither of them knows the other.

use crate::game::{self, Refused};
use crate::io::export::{
    self, Chapter, Chronicle, DrawnMove, ExportError, ExportOptions, Exported, Mark, MarkKind,
    Page, Told, place_words,
};
use crate::model::game::{Action, LogEntry};
use crate::model::{Morale, Place, Position, Scenario, Unit};
use crate::rules::victory;
use std::path::Path;

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the scenario holds no game: play one first (Play, or sandtable play)")]
    NoGame,
    #[error("the game's log cannot be stepped through: {0}")]
    Log(#[from] Refused),
    #[error(transparent)]
    Export(#[from] ExportError),
    #[error("the game runs over {turns} turns; a report tells at most {limit}")]
    TooManyTurns { turns: usize, limit: usize },
}

/// The most turns one report tells: a page or more each, and a position kept for each.
pub const MAX_TURNS: usize = 200;

/// The game of `s` told for print, dated `date` (as the caller words it).
pub fn chronicle(s: &Scenario, date: &str) -> Result<Chronicle, ReportError> {
    let g = s.game.as_ref().ok_or(ReportError::NoGame)?;
    let start = game::start_position(s).ok_or(ReportError::NoGame)?;
    let log = &g.log;
    // The turns the log covers, each with the index after its last entry.
    let mut turns: Vec<(u16, usize, usize)> = Vec::new();
    for (i, e) in log.iter().enumerate() {
        match turns.last_mut() {
            Some((t, _, end)) if *t == e.turn => *end = i + 1,
            _ => turns.push((e.turn, i, i + 1)),
        }
    }
    if turns.len() > MAX_TURNS {
        return Err(ReportError::TooManyTurns {
            turns: turns.len(),
            limit: MAX_TURNS,
        });
    }
    // Each turn's end, taken back from the one after it (the last from the present), so the
    // log is walked back once rather than once a turn.
    let mut ends = Vec::with_capacity(turns.len());
    let mut at = s.clone();
    for &(_, _, to) in turns.iter().rev() {
        at = game::position_at(&at, to)?;
        ends.push(at.clone());
    }
    ends.reverse();
    let mut chapters = Vec::new();
    let mut before = start.clone();
    for ((turn, from, to), end) in turns.into_iter().zip(ends) {
        let mut moves = Vec::new();
        let mut entries = Vec::new();
        for (i, e) in log[from..to].iter().enumerate() {
            // A move is drawn when its unit went somewhere ("goes on from 1010 to 1010" did
            // not), numbered on the map as its entry is in the log.
            let drawn = moves_someone(&e.action) && e.path.windows(2).any(|w| w[0] != w[1]);
            let move_number = drawn.then_some(from + i + 1);
            if let Some(n) = move_number {
                let colour = e
                    .unit
                    .and_then(|u| end.unit(u))
                    .and_then(|u| end.side(u.side))
                    .map_or(crate::model::Colour::rgb(98, 92, 84), |x| x.colour);
                moves.push(DrawnMove {
                    number: n,
                    colour,
                    path: e.path.clone(),
                });
            }
            entries.push(Told {
                number: from + i + 1,
                move_number,
                text: entry_words(&end, e),
                details: if drawn { Vec::new() } else { e.reasons.clone() },
                note: e.note.clone(),
            });
        }
        let marks = marks(&before, &end);
        let score = victory::score(&end).map(|sc| {
            let mut w: Vec<String> = sc.iter().map(|x| victory::side_words(&end, x)).collect();
            if victory::over(&end).is_some() {
                w.push(format!(
                    "The game is over: {}.",
                    victory::result_words(&end, &sc)
                ));
            }
            w.join("; ")
        });
        chapters.push(Chapter {
            turn,
            end: end.without_game(),
            moves,
            marks,
            entries,
            score,
        });
        before = end;
    }
    let first = chapters.first().map_or(s.turn, |c| c.turn);
    let last = chapters.last().map_or(s.turn, |c| c.turn);
    let sides: Vec<&str> = s.sides.iter().map(|x| x.name.as_str()).collect();
    let byline = format!(
        "{} · {} · {} log entries",
        sides.join(" against "),
        if first == last {
            format!("turn {first}")
        } else {
            format!("turns {first} to {last}")
        },
        log.len()
    );
    let mut preface = Vec::new();
    if !s.meta.description.trim().is_empty() {
        preface.push(s.meta.description.trim().to_string());
    }
    preface.extend(crate::model::victory_words::condition_words(s));
    Ok(Chronicle {
        title: s.meta.title.clone(),
        byline,
        date: date.to_string(),
        fingerprint: g.fingerprint.clone(),
        start,
        preface,
        turns: chapters,
        closing: closing(s),
    })
}

/// Whether an action moves a unit along a path drawn on the map.
fn moves_someone(a: &Action) -> bool {
    matches!(
        a,
        Action::Move { .. } | Action::ReactionCharge { .. } | Action::GoOn | Action::Column { .. }
    )
}

/// An entry in a player's words: a move says where it came from ("moves from 1506 to 1107").
fn entry_words(s: &Scenario, e: &LogEntry) -> String {
    match e.path.first() {
        Some(from) if e.path.len() >= 2 && e.what.contains(" moves to ") => {
            // A hex as the move's own words name it ("1506"), a table point as the sheet does.
            let from = match (from, s.map.as_hex()) {
                (Place::Hex(h), Some(m)) => m.label(*h),
                _ => place_words(s, *from),
            };
            e.what
                .replacen(" moves to ", &format!(" moves from {from} to "), 1)
        }
        _ => e.what.clone(),
    }
}

/// Where a unit stands, for a mark: its hex, or its first model on a table.
fn unit_place(u: &Unit) -> Option<Place> {
    match u.position {
        Position::Hex { hex, .. } => Some(Place::Hex(hex)),
        Position::Table => u.models.first().map(|m| Place::Table(m.pos)),
        _ => None,
    }
}

/// The units that routed, were removed or rallied between two positions, marked where they
/// ended (or, off the map, where they were).
fn marks(before: &Scenario, after: &Scenario) -> Vec<Mark> {
    let mut out = Vec::new();
    for u in &after.units {
        let Some(was) = before.unit(u.id) else {
            continue;
        };
        let kind = match (was.state.morale, u.state.morale) {
            (a, Morale::Removed) if a != Morale::Removed => MarkKind::Removed,
            (a, Morale::Routing) if a < Morale::Routing => MarkKind::Routed,
            (Morale::Routing, b) if b < Morale::Routing => MarkKind::Rallied,
            _ => continue,
        };
        if let Some(at) = unit_place(u).or_else(|| unit_place(was)) {
            out.push(Mark { at, kind });
        }
    }
    out
}

/// The closing page: the result (or the score where the game stopped), and each side's losses.
fn closing(s: &Scenario) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    match victory::score(s) {
        Some(sc) => {
            let mut lines = Vec::new();
            match victory::over(s) {
                Some(t) => lines.push(format!(
                    "Turn {t} was the last: {}.",
                    victory::result_words(s, &sc)
                )),
                None => lines.push(format!(
                    "The game stopped on turn {} before its end; the score then: {}.",
                    s.turn,
                    victory::totals_words(s, &sc)
                )),
            }
            lines.extend(sc.iter().map(|x| victory::side_words(s, x)));
            out.push(("The result".to_string(), lines));
            let held: Vec<String> = s
                .objectives
                .iter()
                .map(|o| {
                    let by = victory::holder(s, o).and_then(|id| s.side(id)).map_or_else(
                        || "held by nobody".to_string(),
                        |x| format!("held by {}", x.name),
                    );
                    format!("{}: {by} ({}).", o.name, o.held.name())
                })
                .collect();
            if !held.is_empty() {
                out.push(("Objectives at the end".to_string(), held));
            }
        }
        None => out.push((
            "The result".to_string(),
            vec![format!(
                "The scenario keeps no score; the game stopped on turn {}.",
                s.turn
            )],
        )),
    }
    let start = game::start_position(s);
    let mut losses = Vec::new();
    for side in &s.sides {
        let lost: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.side == side.id)
            .filter_map(|u| {
                let began = start.as_ref().and_then(|st| st.unit(u.id));
                let stands = began.map_or(u.strength.lost(), |b| {
                    b.strength.current.saturating_sub(u.strength.current)
                });
                let state = match u.state.morale {
                    Morale::Routing => Some("routing"),
                    Morale::Removed => Some("removed"),
                    _ => None,
                };
                (stands > 0 || state.is_some()).then(|| {
                    let mut w = u.name.clone();
                    let mut why = Vec::new();
                    if let Some(st) = state {
                        why.push(st.to_string());
                    }
                    if stands > 0 {
                        why.push(format!(
                            "{stands} of {} strength lost",
                            began.map_or(u.strength.start, |b| b.strength.current)
                        ));
                    }
                    w.push_str(&format!(" ({})", why.join(", ")));
                    w
                })
            })
            .collect();
        losses.push(if lost.is_empty() {
            format!("{}: no losses.", side.name)
        } else {
            format!("{}: {}.", side.name, lost.join("; "))
        });
    }
    out.push(("Losses".to_string(), losses));
    out
}

/// Every page of the report of `s`'s game.
pub fn pages(s: &Scenario, o: &ExportOptions, date: &str) -> Result<Vec<Page>, ReportError> {
    Ok(export::report_pages(&chronicle(s, date)?, o)?)
}

/// Writes the report of `s`'s game to `out` as `o` asks (PDF, or one PNG per page).
pub fn write(
    s: &Scenario,
    o: &ExportOptions,
    out: &Path,
    date: &str,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Exported, ReportError> {
    let pages = pages(s, o, date)?;
    let title = format!("{}: after-action report", s.meta.title);
    Ok(export::write_pages(&title, &pages, o, out, progress)?)
}

/// Today's date as the report prints it ("2026-11-28"), from days since 1970 (UTC).
pub fn date_of(days_since_epoch: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = days_since_epoch + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{}-{m:02}-{d:02}", if m <= 2 { y + 1 } else { y })
}

#[cfg(test)]
mod tests {
    /// A game of more turns than a report tells is refused, naming both numbers.
    #[test]
    fn a_game_of_more_turns_than_a_report_tells_is_refused() {
        use crate::model::game::Action;
        let mut s = crate::samples::named("winceby");
        s.rules.victory = None;
        for _ in 0..=super::MAX_TURNS {
            s = crate::game::play(&s, Action::EndTurn, 1)
                .expect("the turn ends")
                .scenario;
        }
        let err = super::chronicle(&s, "today").expect_err("too long");
        assert!(
            err.to_string().contains(&format!(
                "over {} turns; a report tells at most {}",
                super::MAX_TURNS + 1,
                super::MAX_TURNS
            )),
            "{err}"
        );
    }

    #[test]
    fn dates_are_counted_from_1970() {
        assert_eq!(super::date_of(0), "1970-01-01");
        assert_eq!(super::date_of(20_785), "2026-11-28");
        assert_eq!(super::date_of(11_016), "2000-02-29");
    }
}
