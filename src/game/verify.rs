//! A log both players can trust: the fingerprint of the position a game started from, and the
//! check that a game is what the rules give from it, entry by entry.
//!
//! The fingerprint is the SHA-256 of the starting position written as JSON (the scenario as it
//! stood when the game began: its units, columns and turn then, everything else as the file
//! has it; its format version and the game itself left out). JSON of the model is the same
//! for the same position (fields in order, lists in order, numbers written shortest), so the
//! scenario both players agreed on gives the same fingerprint on either machine. It is not a
//! signature: it shows whether two positions are the same, and `verify` with the agreed
//! scenario shows whether the game started from it.

use super::Refused;
use super::apply;
use crate::model::game::{Game, LogEntry, TurnRules};
use crate::model::{Scenario, UnitId};
use sha2::{Digest, Sha256};

/// The fingerprint of `s` as a starting position (its game left out): 64 hex digits.
pub fn fingerprint(s: &Scenario) -> String {
    let mut start = s.without_game();
    start.meta.format_version = 0;
    // Serialising the model cannot fail (no maps with non-string keys, no custom errors);
    // were it to, the digest of nothing would differ from every real position.
    let json = serde_json::to_string(&start).unwrap_or_default();
    let digest = Sha256::digest(as_format_3(json).as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The fields formats 4 to 6 added, as compact JSON writes them at their defaults (no
/// victory conditions; an objective held when occupied at the end, with no points of its own to
/// a side; a side with no briefing; no stacking limit of the scenario's own; no map labels; no
/// track or railway on a hexside, and their rates at 1 MP). A string the player typed cannot hold them: its quotes
/// are escaped.
const LATER_DEFAULTS: [&str; 7] = [
    r#","held":"Occupied","side_points":[]"#,
    r#","victory":null"#,
    r#","briefing":"""#,
    r#","stacking":null"#,
    r#","labels":[]"#,
    r#","track":false,"railway":false"#,
    r#","track_mp":1,"railway_mp":1"#,
];

/// `json` with the fields of formats 4 and 5 at their defaults left out: a position that uses
/// none of them digests as format 3 wrote it, so a game begun before keeps its fingerprint (and
/// the scenario both players agreed on still matches it).
fn as_format_3(mut json: String) -> String {
    for d in LATER_DEFAULTS {
        json = json.replace(d, "");
    }
    json
}

/// The position `s`'s game started from, with no game.
pub fn start_position(s: &Scenario) -> Option<Scenario> {
    let g = s.game.as_ref()?;
    let mut at = s.without_game();
    at.units = g.start.units.iter().cloned().collect();
    at.columns = g.start.columns.clone();
    at.turn = g.start.turn;
    Some(at)
}

/// `s` set back to where its game started, with an empty log (for replaying it).
pub(super) fn restart(s: &Scenario, game: &Game) -> Scenario {
    let mut at = s.without_game();
    at.units = game.start.units.iter().cloned().collect();
    at.columns = game.start.columns.clone();
    at.turn = game.start.turn;
    let start = &at;
    let held = crate::rules::victory::remembered(start, &[]);
    at.game = Some(Box::new(Game {
        start: game.start.clone(),
        phase: game.start.phase,
        acted: Vec::new(),
        dice: game.start.dice,
        log: Vec::new(),
        state: crate::model::game::TurnState {
            side: game.start.side,
            held,
            ..Default::default()
        },
        fingerprint: game.fingerprint.clone(),
        bookmarks: Vec::new(),
        turns: game.turns,
    }));
    at
}

/// Why a game is not what the rules give from its start.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Mismatch {
    #[error("the scenario has no game")]
    NoGame,
    #[error("the game records no fingerprint of its start (it began before format 3)")]
    NoFingerprint,
    #[error(
        "the game's start is not the scenario agreed on: its fingerprint is {game}, the scenario's {agreed}"
    )]
    NotTheAgreedStart { game: String, agreed: String },
    #[error(
        "the game's starting position has been changed since it began: it gives the fingerprint {now}, the game recorded {recorded}"
    )]
    StartChanged { recorded: String, now: String },
    #[error("log entry {entry} does not replay: {why}")]
    Refused { entry: usize, why: Box<Refused> },
    #[error("log entry {entry} is not what the rules give: {what}")]
    Entry { entry: usize, what: String },
    #[error("the game's present position is not what its log gives: {0}")]
    Present(String),
}

/// Checks that `s`'s game is what the rules give from its start: the start against the
/// fingerprint recorded when the game began (and against `agreed`, the scenario both players
/// agreed on, when given), then every entry replayed through the rules and compared with the
/// one logged (its action and dice, what it says, its path and undo record), then the present
/// position. The first difference is named.
pub fn verify(s: &Scenario, agreed: Option<&Scenario>) -> Result<(), Mismatch> {
    let game = s.game.as_ref().ok_or(Mismatch::NoGame)?;
    let start = start_position(s).ok_or(Mismatch::NoGame)?;
    let now = fingerprint(&start);
    match &game.fingerprint {
        Some(recorded) if *recorded != now => {
            return Err(Mismatch::StartChanged {
                recorded: recorded.clone(),
                now,
            });
        }
        None if agreed.is_some() => return Err(Mismatch::NoFingerprint),
        _ => {}
    }
    if let Some(a) = agreed {
        let agreed = fingerprint(a);
        if agreed != now {
            return Err(Mismatch::NotTheAgreedStart { game: now, agreed });
        }
    }
    let mut at = restart(s, game);
    for (i, logged) in game.log.iter().enumerate() {
        let entry =
            apply::apply(&mut at, logged.action.clone()).map_err(|why| Mismatch::Refused {
                entry: i + 1,
                why: Box::new(why),
            })?;
        if let Some(what) = differs(&entry, logged, game.turns == TurnRules::SidesInTurn) {
            return Err(Mismatch::Entry { entry: i + 1, what });
        }
        if let Some(g) = at.game.as_mut() {
            g.log.push(LogEntry {
                note: logged.note.clone(),
                ..entry
            });
        }
    }
    present(s, &at).map_err(Mismatch::Present)
}

/// What differs between an entry the rules give and the one logged (notes aside). A game
/// begun before format 3 logged today's rules in earlier words: only what each entry did (its
/// action, dice and the units and columns it changed) is compared.
fn differs(given: &LogEntry, logged: &LogEntry, words: bool) -> Option<String> {
    if !words {
        if given.action != logged.action {
            return Some(format!(
                "its action or dice were changed (logged {:?}, the rules take {:?})",
                logged.action, given.action
            ));
        }
        if given.undo.units != logged.undo.units || given.undo.column != logged.undo.column {
            return Some("it changed other units or columns than the rules change".into());
        }
        return None;
    }
    if given.action != logged.action {
        return Some(format!(
            "its action or dice were changed (logged {:?}, the rules take {:?})",
            logged.action, given.action
        ));
    }
    if given.what != logged.what {
        return Some(format!(
            "it says \"{}\", the rules say \"{}\"",
            logged.what, given.what
        ));
    }
    if given.turn != logged.turn || given.phase != logged.phase {
        return Some(format!(
            "it is logged in turn {}, {}, played in turn {}, {}",
            logged.turn, logged.phase, given.turn, given.phase
        ));
    }
    if given.reasons != logged.reasons || given.path != logged.path || given.unit != logged.unit {
        return Some("its reasons, path or unit were changed".into());
    }
    if given.undo != logged.undo {
        return Some("its undo record was changed".into());
    }
    None
}

/// Whether the replayed position is the saved one (units, columns, turn, the game's clock and
/// dice, who has acted).
fn present(saved: &Scenario, replayed: &Scenario) -> Result<(), String> {
    let changed: Vec<String> = saved
        .units
        .iter()
        .filter(|u| replayed.unit(u.id) != Some(*u))
        .map(|u| u.name.clone())
        .collect();
    if !changed.is_empty() {
        return Err(format!("units differ: {}", changed.join(", ")));
    }
    if saved.columns != replayed.columns {
        return Err("a column differs".into());
    }
    if saved.turn != replayed.turn {
        return Err(format!(
            "the turn is {}, the log gives {}",
            saved.turn, replayed.turn
        ));
    }
    let (Some(a), Some(b)) = (saved.game.as_ref(), replayed.game.as_ref()) else {
        return Err("the game is missing".into());
    };
    if a.dice != b.dice {
        return Err("the dice's state was changed".into());
    }
    if a.phase != b.phase || a.state != b.state {
        return Err("the phase, or whose it is, differs".into());
    }
    let acted = |g: &Game| -> Vec<UnitId> {
        let mut v = g.acted.clone();
        v.sort();
        v
    };
    if acted(a) != acted(b) {
        return Err("who has acted differs".into());
    }
    Ok(())
}
