//! `sandtable play` and `sandtable log`: a game driven from the command line, one action at a
//! time, each checked by the rules (`crate::game`), and the log it keeps.
//!
//! `play` loads the file, asks `game::play` (or `take_back`), and writes the game back (to
//! `--out` or the file itself) only when the rules accept: a refusal exits 1 with the rules'
//! reason on stderr and writes nothing. `log` prints the entries and, with `--verify`, replays
//! the log from the game's start to check it gives the saved position.

use super::args::Command;
use super::error::{CliError, EXIT_FINDINGS};
use super::json;
use super::parse::{find_unit, parse_hex, parse_point, parse_route};
use crate::game::{self, Refused};
use crate::model::game::{
    Action, ColumnOrder, Dice, Game, LogEntry, TestCause, TestDice, TestKind,
};
use crate::model::{Command as Chit, ModelId, Morale, Place, Scenario};
use crate::{io, model};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// Runs `play` (the `Command::Play` variant).
pub fn run(command: Command, out: &mut dyn Write) -> Result<u8, CliError> {
    let Command::Play {
        file,
        unit,
        to,
        command,
        order,
        place,
        test,
        cause,
        keep_routing,
        roll,
        reroll,
        reroll_app,
        then,
        column,
        distance,
        route,
        voluntary_break,
        enter,
        referee,
        morale,
        strength,
        end_phase,
        end_turn,
        take_back,
        out: target,
        seed,
        json,
    } = command
    else {
        return Err(CliError::Usage("not a play command".into()));
    };
    let s = io::load(&file)?;
    let target = target.unwrap_or_else(|| file.clone());
    let chosen = [
        take_back,
        end_phase,
        end_turn,
        column.is_some(),
        test.is_some(),
        referee.is_some(),
        unit.is_some() && test.is_none() && referee.is_none(),
    ];
    if chosen.iter().filter(|c| **c).count() != 1 {
        return Err(CliError::Usage(
            "say one thing to do: --unit ID with --to, --command, --order or --test; --column \
             ID; --referee NOTE --unit ID; --end-phase; --end-turn; or --take-back"
                .into(),
        ));
    }
    if take_back {
        let back = match game::take_back(&s) {
            Ok(b) => b,
            Err(e) => return refused(&e, json, out),
        };
        let last = s
            .game
            .as_ref()
            .and_then(|g| g.log.last())
            .map_or(String::new(), |e| e.what.clone());
        // The game as loaded is no longer needed: a long one is tens of megabytes.
        drop(s);
        io::save(&target, &back)?;
        if json {
            json::write(&serde_json::json!({ "taken_back": last }), out)?;
        } else {
            writeln!(out, "taken back: {last}")?;
        }
        return Ok(0);
    }
    let typed = |r: Option<u8>| r.map_or(Dice::App, Dice::Typed);
    let action = if end_phase {
        Action::EndPhase
    } else if end_turn {
        Action::EndTurn
    } else if let Some(col) = column {
        let c = s
            .find_column(&col)
            .ok_or_else(|| CliError::Usage(format!("no column '{col}' in {}", file.display())))?;
        let order = if let Some(u) = voluntary_break {
            ColumnOrder::VoluntaryBreak(find_unit(&s, &u)?)
        } else if let Some(u) = enter {
            ColumnOrder::Enter(find_unit(&s, &u)?)
        } else {
            match (distance, route) {
                (Some(0.0), None) => ColumnOrder::StandTo,
                (Some(d), r) => ColumnOrder::Move {
                    distance_in: d,
                    route: r
                        .as_deref()
                        .map(parse_route)
                        .transpose()?
                        .unwrap_or_default(),
                },
                (None, _) => {
                    return Err(CliError::Usage(
                        "--column needs --distance D (0: Stand To), --voluntary-break UNIT or \
                         --enter UNIT"
                            .into(),
                    ));
                }
            }
        };
        Action::Column {
            column: c.id,
            order,
            dice: typed(roll),
        }
    } else if let Some(kind) = test {
        let unit = find_unit(&s, unit.as_deref().unwrap_or(""))?;
        let kind = match kind.trim().to_ascii_lowercase().as_str() {
            "morale" => TestKind::Morale,
            "rally" => TestKind::Rally,
            "ld" => {
                return finish(
                    s,
                    Action::LeaderCheck {
                        unit,
                        dice: typed(roll),
                    },
                    seed,
                    &target,
                    json,
                    out,
                );
            }
            other => {
                return Err(CliError::Usage(format!(
                    "'{other}' is not a test: use morale, rally or ld"
                )));
            }
        };
        let cause = match cause.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None => None,
            Some("fire") => Some(TestCause::Fire),
            Some("melee") => Some(TestCause::Melee),
            Some(other) => {
                return Err(CliError::Usage(format!(
                    "'{other}' is not a cause: use fire or melee"
                )));
            }
        };
        let dice = if keep_routing {
            TestDice::KeepRouting
        } else {
            TestDice::Roll {
                first: typed(roll),
                reroll: match (reroll, reroll_app) {
                    (Some(r), _) => Some(Dice::Typed(r)),
                    (None, true) => Some(Dice::App),
                    (None, false) => None,
                },
                follow_up: then.into_iter().map(Dice::Typed).collect(),
            }
        };
        Action::Test {
            unit,
            kind,
            cause,
            dice,
        }
    } else if let Some(note) = referee {
        let id = find_unit(&s, unit.as_deref().unwrap_or(""))?;
        let mut u = s
            .unit(id)
            .cloned()
            .ok_or_else(|| CliError::Usage(format!("no unit {id}")))?;
        if let Some(t) = &to {
            free_move(&s, &mut u, t)?;
        }
        if let Some(m) = morale {
            u.state.morale = parse_morale(&m)?;
        }
        if let Some(n) = strength {
            u.strength.current = n;
        }
        Action::Referee {
            unit: Box::new(u),
            note,
        }
    } else {
        let key = unit.unwrap_or_default();
        let unit = find_unit(&s, &key)?;
        match (&command, &to) {
            (Some(c), None) => Action::Command {
                leader: unit,
                command: Chit::parse(c).ok_or_else(|| {
                    CliError::Usage(format!(
                        "'{c}' is not a command: attack, advance, stand, retreat, reserve, \
                         muster, charge1, charge2, charge3"
                    ))
                })?,
            },
            _ => {
                let to = to.as_deref().map(|t| place_of(&s, t)).transpose()?;
                let followers = place
                    .iter()
                    .map(|p| parse_placed(p))
                    .collect::<Result<Vec<_>, _>>()?;
                if command.is_some() && order.is_some() {
                    return Err(CliError::Usage(
                        "--command is for the hex map, --order for the table: give one".into(),
                    ));
                }
                Action::Move {
                    unit,
                    order: command.or(order),
                    to,
                    followers,
                }
            }
        }
    };
    finish(s, action, seed, &target, json, out)
}

/// Plays `action` and writes the game to `target`, or says why the rules refuse it.
fn finish(
    s: Scenario,
    action: Action,
    seed: Option<u64>,
    target: &Path,
    json: bool,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let seed = seed.unwrap_or_else(clock_seed);
    let played = game::play(&s, action, seed);
    // The game as loaded is no longer needed: a long one is tens of megabytes.
    drop(s);
    match played {
        Ok(p) => {
            io::save(target, &p.scenario)?;
            if json {
                json::write(&p.entry, out)?;
            } else {
                write_entry(
                    out,
                    p.scenario.game.as_ref().map_or(0, |g| g.log.len()),
                    &p.entry,
                )?;
            }
            Ok(0)
        }
        Err(e) => refused(&e, json, out),
    }
}

/// A refusal: the reason on stderr (and as JSON on stdout with `--json`), exit 1.
fn refused(e: &Refused, json: bool, out: &mut dyn Write) -> Result<u8, CliError> {
    eprintln!("sandtable: refused: {e}");
    if json {
        json::write(&serde_json::json!({ "refused": e.to_string() }), out)?;
    }
    Ok(EXIT_FINDINGS)
}

/// A seed for a new game from the clock (the game module reads none itself).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    game::dice::seed_from(nanos)
}

/// `--to` as a place: inches on a table; on a hex map the hex's label as printed or its axial
/// coordinates.
fn place_of(s: &Scenario, text: &str) -> Result<Place, CliError> {
    Ok(match s.map.as_hex() {
        Some(h) => Place::Hex(parse_hex(h, text)?),
        None => Place::Table(parse_point(text)?),
    })
}

/// `MODEL=X,Y`.
fn parse_placed(text: &str) -> Result<(ModelId, crate::geom::Point), CliError> {
    let (m, p) = text.split_once('=').ok_or_else(|| {
        CliError::Usage(format!("'{text}' is not a placement: expected MODEL=X,Y"))
    })?;
    let id: u32 = m
        .trim()
        .trim_start_matches('#')
        .parse()
        .map_err(|_| CliError::Usage(format!("'{m}' is not a model ID")))?;
    Ok((ModelId(id), parse_point(p)?))
}

fn parse_morale(text: &str) -> Result<Morale, CliError> {
    match text
        .trim()
        .to_ascii_lowercase()
        .replace(['_', ' '], "-")
        .as_str()
    {
        "good-order" | "good" => Ok(Morale::GoodOrder),
        "unsteady" => Ok(Morale::Unsteady),
        "routing" => Ok(Morale::Routing),
        "removed" => Ok(Morale::Removed),
        other => Err(CliError::Usage(format!(
            "'{other}' is not a morale state: good-order, unsteady, routing, removed"
        ))),
    }
}

/// The referee's free move: on a hex map to the hex; on a table the whole unit shifted so its
/// leader (or first model) stands at the point.
fn free_move(s: &Scenario, u: &mut model::Unit, to: &str) -> Result<(), CliError> {
    match place_of(s, to)? {
        Place::Hex(hex) => {
            let facing = match u.position {
                model::Position::Hex { facing, .. } => facing,
                _ => 0,
            };
            u.position = model::Position::Hex { hex, facing };
        }
        Place::Table(p) => {
            let anchor = u.leader().or(u.models.first()).map(|m| m.pos);
            let Some(from) = anchor else {
                return Err(CliError::Usage(format!(
                    "{} has no figures to move",
                    u.name
                )));
            };
            let shift = p - from;
            for m in &mut u.models {
                m.pos += shift;
            }
            if u.position == model::Position::OffMap {
                u.position = model::Position::Table;
            }
        }
    }
    Ok(())
}

fn write_entry(out: &mut dyn Write, n: usize, e: &LogEntry) -> std::io::Result<()> {
    writeln!(out, "{n}. turn {}, {}: {}", e.turn, e.phase, e.what)?;
    for r in &e.reasons {
        writeln!(out, "   - {r}")?;
    }
    Ok(())
}

#[derive(Serialize)]
struct LogJson<'a> {
    turn: u16,
    phase: crate::model::game::Phase,
    acted: &'a [model::UnitId],
    entries: &'a [LogEntry],
    /// With `--verify`: whether replaying the log from the game's start gives the saved
    /// position.
    #[serde(skip_serializing_if = "Option::is_none")]
    replays: Option<bool>,
    /// Why it does not, when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    replay_error: Option<String>,
}

/// `sandtable log FILE [--json]`.
pub fn log(file: &Path, verify: bool, json: bool, out: &mut dyn Write) -> Result<u8, CliError> {
    let s = io::load(file)?;
    let Some(g) = s.game.as_deref() else {
        if json {
            json::write(&serde_json::json!({ "game": null }), out)?;
        } else {
            writeln!(out, "no game has been played on this scenario")?;
        }
        return Ok(0);
    };
    let check = if verify { check_replay(&s, g) } else { Ok(()) };
    if json {
        json::write(
            &LogJson {
                turn: s.turn,
                phase: g.phase,
                acted: &g.acted,
                entries: &g.log,
                replays: verify.then_some(check.is_ok()),
                replay_error: check.as_ref().err().cloned(),
            },
            out,
        )?;
    } else {
        writeln!(
            out,
            "turn {}, {}; {} entries; acted this phase: {}",
            s.turn,
            g.phase,
            g.log.len(),
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
        for (i, e) in g.log.iter().enumerate() {
            write_entry(out, i + 1, e)?;
        }
        match &check {
            Ok(()) if verify => writeln!(out, "the log replays to the saved position")?,
            Ok(()) => {}
            Err(why) => writeln!(out, "the log does not replay to the saved position: {why}")?,
        }
    }
    Ok(if check.is_ok() { 0 } else { EXIT_FINDINGS })
}

/// Replays the whole log and compares the position it gives with the saved one.
fn check_replay(s: &Scenario, g: &Game) -> Result<(), String> {
    let again = game::replay(s, g.log.len()).map_err(|e| e.to_string())?;
    if again == *s {
        Ok(())
    } else {
        let units = s
            .units
            .iter()
            .filter(|u| again.unit(u.id) != Some(u))
            .map(|u| u.name.clone())
            .collect::<Vec<_>>();
        Err(if units.is_empty() {
            "the game's state differs (turn, phase, columns or dice)".into()
        } else {
            format!("units differ: {}", units.join(", "))
        })
    }
}
