//! `sandtable play`: a game driven from the command line, one action at a time, each checked
//! by the rules (`crate::game`); `log` reads what it keeps.
//!
//! `play` loads the file, asks `game::play` (or `take_back`), and writes the game back (to
//! `--out` or the file itself) only when the rules accept: a refusal exits 1 with the rules'
//! reason on stderr and writes nothing.

use super::args::Command;
use super::error::{CliError, EXIT_FINDINGS};
use super::json;
use super::parse::{find_unit, parse_hex, parse_point, parse_route};
use super::values::PlayTest;
use crate::game::{self, Refused};
use crate::model::game::{Action, ColumnOrder, Dice, TestDice};
use crate::model::{ModelId, MoveOrder, Place, Ruleset, Scenario};
use crate::{io, model};
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
        reaction_check,
        charge,
        go_on,
        mount,
        dismount,
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
        go_on,
        column.is_some(),
        test.is_some(),
        referee.is_some(),
        reaction_check.is_some(),
        charge.is_some(),
        unit.is_some() && test.is_none() && referee.is_none(),
    ];
    if chosen.iter().filter(|c| **c).count() != 1 {
        return Err(CliError::Usage(
            "say one thing to do: --unit ID with --to, --command, --order, --test, --mount or \
             --dismount; --column ID; --referee NOTE --unit ID; --reaction-check LEADER; \
             --charge UNIT --to HEX; --go-on; --end-phase; --end-turn; or --take-back"
                .into(),
        ));
    }
    if !then.is_empty() && test.and_then(|t| t.kind()).is_none() {
        return Err(CliError::Usage(
            "--then gives the rolls a morale or rally test's outcome asks for: it goes with \
             --test morale or --test rally"
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
    if roll.is_some() && reaction_check.is_none() && column.is_none() && test.is_none() {
        return Err(CliError::Usage(
            "--roll types the dice of a test (--test), a column's order (--column) or a \
             reaction check (--reaction-check); nothing else here takes dice"
                .into(),
        ));
    }
    let typed = |r: Option<u8>| r.map_or(Dice::App, Dice::Typed);
    let action = if end_phase {
        Action::EndPhase
    } else if end_turn {
        Action::EndTurn
    } else if go_on {
        Action::GoOn
    } else if let Some(l) = reaction_check {
        Action::ReactionCheck {
            leader: find_unit(&s, &l)?,
            dice: typed(roll),
        }
    } else if let Some(c) = charge {
        let unit = find_unit(&s, &c)?;
        let Some(Place::Hex(to)) = to.as_deref().map(|t| place_of(&s, t)).transpose()? else {
            return Err(CliError::Usage(
                "--charge ends at a hex of the map: give --to HEX".into(),
            ));
        };
        Action::ReactionCharge { unit, to }
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
    } else if let Some(test) = test {
        let unit = find_unit(&s, unit.as_deref().unwrap_or(""))?;
        let Some(kind) = test.kind() else {
            if keep_routing || cause.is_some() || reroll.is_some() || reroll_app || !then.is_empty()
            {
                return Err(CliError::Usage(
                    "--test ld and --test pin take only --roll: --keep-routing, --cause, \
                     --reroll, --reroll-app and --then belong to morale and rally tests"
                        .into(),
                ));
            }
            let dice = typed(roll);
            let action = if test == PlayTest::Pin {
                Action::PinTest { unit, dice }
            } else {
                Action::LeaderCheck { unit, dice }
            };
            return finish(s, action, seed, &target, json, out);
        };
        let dice = if keep_routing {
            if roll.is_some() || reroll.is_some() || reroll_app || !then.is_empty() {
                return Err(CliError::Usage(
                    "--keep-routing takes no dice: a unit that keeps routing does not test".into(),
                ));
            }
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
            u.state.morale = m;
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
        if mount || dismount {
            if to.is_some() || command.is_some() || order.is_some() || !place.is_empty() {
                return Err(CliError::Usage(
                    "--mount and --dismount change formation alone: move the one hex Stand \
                     allows with a play of its own"
                        .into(),
                ));
            }
            return finish(
                s,
                Action::Formation {
                    unit,
                    mounted: mount,
                },
                seed,
                &target,
                json,
                out,
            );
        }
        match (&command, &to) {
            (Some(c), None) => Action::Command {
                leader: unit,
                command: *c,
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
                let order = match (command, order, s.rules.ruleset) {
                    (None, None, _) => None,
                    (Some(c), None, Ruleset::HexCommands) => Some(MoveOrder::Command(c)),
                    (None, Some(o), Ruleset::M42) => Some(MoveOrder::MoveType(
                        o.move_type()
                            .ok_or_else(|| not_of(o, "M42 move types (R2)"))?,
                    )),
                    (None, Some(o), Ruleset::Orders) => Some(MoveOrder::Order(
                        o.orders_action().ok_or_else(|| not_of(o, "R3 orders"))?,
                    )),
                    (Some(_), _, _) => {
                        return Err(CliError::Usage(
                            "--command is for the hex map (R5); this scenario is played on a \
                             table"
                                .into(),
                        ));
                    }
                    (None, Some(_), _) => {
                        return Err(CliError::Usage(
                            "--order is for M42 (R2) and R3 orders on a table; on a hex map a \
                             unit moves under the command it traces"
                                .into(),
                        ));
                    }
                };
                Action::Move {
                    unit,
                    order,
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
                super::log_cmd::write_entry(
                    out,
                    p.scenario.game.as_ref().map_or(0, |g| g.log.len()),
                    &p.entry,
                )?;
                if let Some(score) = crate::rules::victory::score(&p.scenario) {
                    writeln!(
                        out,
                        "   score: {}",
                        crate::rules::victory::totals_words(&p.scenario, &score)
                    )?;
                }
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

/// `--order` naming something the scenario's ruleset does not have.
fn not_of(o: super::values::TableOrder, what: &str) -> CliError {
    use clap::ValueEnum;
    let name = o
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string());
    CliError::Usage(format!("'{name}' is not one of this scenario's {what}"))
}
