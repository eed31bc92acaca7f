//! `sandtable log`: a game's log as both players read it — the fingerprint of its start, whose
//! phase it is, every entry with its reasons and the players' notes, the bookmarks — and the
//! check that the game is what the rules give from the scenario both agreed on. `--note` and
//! `--bookmark` write the players' own words into the file (never replayed).

use super::error::{CliError, EXIT_FINDINGS};
use super::json;
use crate::game::{self, Mismatch};
use crate::io;
use crate::model::game::{Bookmark, LogEntry, Phase};
use crate::model::{Scenario, UnitId};
use crate::rules::engine::stage_text;
use crate::rules::victory;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// What `log` was asked for beside the file.
pub struct LogArgs<'a> {
    pub verify: bool,
    pub against: Option<&'a Path>,
    /// `N TEXT`: a note on entry N.
    pub note: &'a [String],
    /// `N LABEL`: a bookmark after N entries.
    pub bookmark: &'a [String],
    pub json: bool,
}

/// One entry as `play` and `log` print it: its number, turn and phase, what happened, the
/// reasons, and the players' note.
pub(super) fn write_entry(out: &mut dyn Write, n: usize, e: &LogEntry) -> std::io::Result<()> {
    writeln!(out, "{n}. turn {}, {}: {}", e.turn, e.phase, e.what)?;
    for r in &e.reasons {
        // A reason indented under another (a modifier under "modifiers:") is listed under it.
        let text = r.trim_start();
        let under = " ".repeat(r.len() - text.len());
        writeln!(out, "   {under}- {text}")?;
    }
    if let Some(note) = &e.note {
        writeln!(out, "   note: {note}")?;
    }
    Ok(())
}

#[derive(Serialize)]
struct LogJson<'a> {
    turn: u16,
    phase: Phase,
    /// The side whose phase it is (its name), when the phase is one side's.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<String>,
    acted: &'a [UnitId],
    fingerprint: Option<&'a str>,
    bookmarks: &'a [Bookmark],
    entries: &'a [LogEntry],
    /// Each side's points now and how they are made up, when the scenario keeps score.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Vec<ScoreJson>>,
    /// Who won, once the last turn has ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    /// With `--verify`: whether the game is what the rules give from its start.
    #[serde(skip_serializing_if = "Option::is_none")]
    replays: Option<bool>,
    /// The first difference, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    replay_error: Option<String>,
}

/// A side's points as `log --json` gives them.
#[derive(Serialize)]
pub(super) struct ScoreJson {
    side: String,
    points: u32,
    /// The lines in words: "Winceby village 3", "1 enemy unit routing 2".
    made_of: Vec<String>,
}

/// The score of `s` as JSON, when it keeps one.
pub(super) fn score_json(s: &Scenario) -> Option<Vec<ScoreJson>> {
    let score = victory::score(s)?;
    Some(
        score
            .iter()
            .map(|sc| ScoreJson {
                side: s.side(sc.side).map_or_else(String::new, |x| x.name.clone()),
                points: sc.total,
                made_of: victory::line_words(s, sc),
            })
            .collect(),
    )
}

/// The index `text` names, at most `max`.
fn index(text: &str, what: &str, max: usize) -> Result<usize, CliError> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| *n <= max)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "'{text}' is not {what}: give a number from 0 to {max}"
            ))
        })
}

/// `sandtable log FILE [--verify [--against SCENARIO]] [--note N TEXT] [--bookmark N LABEL]
/// [--json]`.
pub fn log(file: &Path, args: LogArgs<'_>, out: &mut dyn Write) -> Result<u8, CliError> {
    let s = io::load(file)?;
    let Some(g) = s.game.as_deref() else {
        if !args.note.is_empty() || !args.bookmark.is_empty() || args.verify {
            return Err(CliError::Usage(format!(
                "{} holds no game: nothing to note, bookmark or verify",
                file.display()
            )));
        }
        if args.json {
            json::write(&serde_json::json!({ "game": null }), out)?;
        } else {
            writeln!(out, "no game has been played on this scenario")?;
        }
        return Ok(0);
    };
    if let [n, text] = args.note {
        let n = index(n, "an entry", g.log.len())?;
        let next = game::annotate(&s, n, text).map_err(|e| CliError::Usage(e.to_string()))?;
        io::save(file, &next)?;
        writeln!(out, "note on entry {n}: {}", text.trim())?;
        return Ok(0);
    }
    if let [n, label] = args.bookmark {
        let n = index(n, "a place in the log", g.log.len())?;
        let next = game::bookmark(&s, n, label).map_err(|e| CliError::Usage(e.to_string()))?;
        io::save(file, &next)?;
        writeln!(out, "bookmark after entry {n}: {}", label.trim())?;
        return Ok(0);
    }
    let agreed = match args.against {
        Some(p) => Some(io::load(p)?),
        None => None,
    };
    let check = if args.verify {
        game::verify(&s, agreed.as_ref())
    } else {
        Ok(())
    };
    let stage = game::stage(&s);
    if args.json {
        json::write(
            &LogJson {
                turn: s.turn,
                phase: g.phase,
                side: stage.side.and_then(|id| s.side(id)).map(|x| x.name.clone()),
                acted: &g.acted,
                fingerprint: g.fingerprint.as_deref(),
                bookmarks: &g.bookmarks,
                entries: &g.log,
                score: score_json(&s),
                result: victory::over(&s)
                    .and_then(|_| victory::score(&s).map(|sc| victory::result_words(&s, &sc))),
                replays: args.verify.then_some(check.is_ok()),
                replay_error: check.as_ref().err().map(ToString::to_string),
            },
            out,
        )?;
    } else {
        write_text(&s, out, &check, args.verify, agreed.is_some())?;
    }
    Ok(if check.is_ok() { 0 } else { EXIT_FINDINGS })
}

fn write_text(
    s: &Scenario,
    out: &mut dyn Write,
    check: &Result<(), Mismatch>,
    verify: bool,
    against: bool,
) -> Result<(), CliError> {
    let Some(g) = s.game.as_deref() else {
        return Ok(());
    };
    writeln!(
        out,
        "turn {}, {}; {} {}; acted this phase: {}",
        s.turn,
        stage_text(s, game::stage(s)),
        g.log.len(),
        if g.log.len() == 1 { "entry" } else { "entries" },
        if g.acted.is_empty() {
            "none".to_string()
        } else {
            g.acted
                .iter()
                .map(|u| s.unit(*u).map_or(u.to_string(), |x| x.name.clone()))
                .collect::<Vec<_>>()
                .join(", ")
        }
    )?;
    if let Some(h) = &g.state.halted {
        let name = |u: UnitId| s.unit(u).map_or(u.to_string(), |x| x.name.clone());
        let at = h
            .path
            .get(h.at as usize)
            .and_then(|x| s.map.as_hex().map(|m| m.label(*x)))
            .unwrap_or_default();
        writeln!(
            out,
            "halted: {} at {at}, a charge-check point: the other side reacts, then --go-on",
            name(h.mover)
        )?;
    }
    match &g.fingerprint {
        Some(f) => writeln!(out, "start fingerprint: {f}")?,
        None => writeln!(
            out,
            "start fingerprint: none (a game begun before format 3)"
        )?,
    }
    if let Some(score) = victory::score(s) {
        match victory::over(s) {
            Some(last) => writeln!(
                out,
                "the game is over (turn {last} was the last): {}",
                victory::result_words(s, &score)
            )?,
            None => writeln!(out, "score now:")?,
        }
        for sc in &score {
            writeln!(out, "  {}", victory::side_words(s, sc))?;
        }
    }
    let mut marks = g.bookmarks.iter().peekable();
    for (i, e) in g.log.iter().enumerate() {
        while let Some(b) = marks.next_if(|b| b.after as usize == i) {
            writeln!(out, "-- bookmark: {}", b.label)?;
        }
        write_entry(out, i + 1, e)?;
    }
    for b in marks {
        writeln!(out, "-- bookmark: {}", b.label)?;
    }
    match check {
        Ok(()) if verify => {
            if against {
                writeln!(
                    out,
                    "the game began from the scenario agreed on (its fingerprint matches)"
                )?;
            }
            writeln!(
                out,
                "the log replays to the saved position, every entry as logged"
            )?;
        }
        Ok(()) => {}
        Err(why) => writeln!(out, "the game does not verify: {why}")?,
    }
    Ok(())
}
