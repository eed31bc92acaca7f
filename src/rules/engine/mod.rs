//! One interface for every ruleset, asked by the editor's previews, Play and the command line
//! alike: what a unit may do now ([`choices`], each refused choice with its ruleset's typed
//! reason), the verdict for a destination or a roll, and what carrying an action out changes
//! ([`carry_out`]: an [`Outcome`] of typed effects — each unit and column as it will stand,
//! the dice it took, the reasons — with the words a player reads).
//!
//! The editor applies an outcome as one undoable edit, the game logs and applies it, the
//! command line prints it: nobody words, re-decides or adapts a ruleset's answer again. Dice
//! are explicit: the rules say how many D6 a roll takes and a [`Roller`] gives them (the
//! game's generator, or the roll a player typed). How a turn runs (its phases, who acts by an
//! action, what the end of a phase and of a turn change) is read in [`turn`].
//!
//! | ruleset | carried out in |
//! | --- | --- |
//! | R1 columns of march | `march.rs` (a column's order, a unit on its own) |
//! | R2 M42 | `table.rs` (`m42_move`) |
//! | R3 orders | `table.rs` (`orders_move`, `ld_check`) |
//! | R4 morale and rally | `morale.rs` |
//! | R5 hex commands | `hex.rs` (a move, a chit, dragoons' formation), `reaction.rs` (a move halted for the reaction charge) |

mod choice;
mod hex;
mod hex_landing;
mod march;
mod morale;
mod outcome;
mod reaction;
mod roll;
mod table;
pub mod turn;

pub use choice::{Choice, ColumnChoice, Offered, Refusal, choice_text, choices, commands};
pub use hex_landing::{moved as hex_moved, verdict as hex_verdict};
pub use march::{PIN_TEST_DICE, acting as column_acting, failed_order as column_failed_order};
pub use outcome::{Outcome, Refused};
pub use reaction::REACTION_CHECK_NEEDS;
pub use roll::{Roller, TypedOnly, dice_text, name as dice_name, roll_text, typed};
pub use table::place_followers;
pub use turn::{InPlay, Stage, next_stage, stage_text, stages};

use crate::model::game::Action;
use crate::model::*;

/// Carries `action` out under the scenario's ruleset, its dice from `roller`. With a game
/// under way (`at`), the action is taken in its phase, by its side, by units that have not
/// acted, after what must come first; outside a game (the editor setting a position up) none
/// of that is asked and nobody reacts. Nothing changes here: the caller applies the outcome.
/// The referee's override and the clock's own steps (the end of a phase or turn) are the
/// game's: see [`turn`].
pub fn carry_out(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    action: &Action,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    if let Some(at) = at {
        turn::may_act(s, at, action, &acting(s, at, action)?)?;
    }
    match action {
        Action::Move {
            unit,
            order,
            to,
            followers,
        } => {
            let u = s.unit(*unit).ok_or(Refused::NoUnit(*unit))?;
            let wrong = |o: MoveOrder| {
                Refused::NotThisRuleset(format!(
                    "'{}' is an order of {:?}, not of this scenario's ruleset ({:?})",
                    o.name(),
                    o.ruleset(),
                    s.rules.ruleset
                ))
            };
            match s.rules.ruleset {
                Ruleset::HexCommands => {
                    let command = match order {
                        None => None,
                        Some(MoveOrder::Command(c)) => Some(*c),
                        Some(o) => return Err(wrong(*o)),
                    };
                    hex::move_unit(s, at, action, u, command, *to)
                }
                Ruleset::M42 => {
                    let mt = match order {
                        None => MoveType::Advance,
                        Some(MoveOrder::MoveType(t)) => *t,
                        Some(o) => return Err(wrong(*o)),
                    };
                    table::m42_move(s, action, u, mt, *to, followers)
                }
                Ruleset::Orders => {
                    let a = match order {
                        None => crate::rules::orders::default_action(u),
                        Some(MoveOrder::Order(a)) => *a,
                        Some(o) => return Err(wrong(*o)),
                    };
                    table::orders_move(s, action, u, a, *to, followers)
                }
                Ruleset::ColumnOfMarch => march::unit_move(s, action, u, *order, *to),
            }
        }
        Action::Command { leader, command } => {
            if s.rules.ruleset != Ruleset::HexCommands {
                return Err(Refused::NotThisRuleset(
                    "command chits belong to the hex commands (R5)".into(),
                ));
            }
            hex::change_command(s, action, *leader, *command)
        }
        Action::Column {
            column,
            order,
            dice,
        } => march::column_order(s, at, *column, order, dice, roller),
        Action::Test {
            unit,
            kind,
            cause,
            dice,
        } => morale::test(s, *unit, *kind, *cause, dice, roller),
        Action::LeaderCheck { unit, dice } => {
            if s.rules.ruleset != Ruleset::Orders {
                return Err(Refused::NotThisRuleset(
                    "the Ld check belongs to the orders rules (R3)".into(),
                ));
            }
            table::ld_check(s, *unit, dice, roller)
        }
        Action::ReactionCheck { leader, dice } => {
            hex_only(s)?;
            reaction::check(s, at, *leader, dice, roller)
        }
        Action::ReactionCharge { unit, to } => {
            hex_only(s)?;
            reaction::charge(s, at, *unit, *to)
        }
        Action::GoOn => {
            hex_only(s)?;
            reaction::go_on(s, at)
        }
        Action::Formation { unit, mounted } => {
            hex_only(s)?;
            hex::formation(s, action, *unit, *mounted)
        }
        Action::PinTest { unit, dice } => {
            if s.rules.ruleset != Ruleset::ColumnOfMarch {
                return Err(Refused::NotThisRuleset(
                    "pin tests belong to columns of march (R1)".into(),
                ));
            }
            march::pin_test(s, at, *unit, dice, roller)
        }
        Action::Referee { .. } | Action::EndPhase | Action::EndTurn => {
            Err(Refused::NotThisRuleset(
                "the referee and the clock are the game's, not a ruleset's".into(),
            ))
        }
    }
}

fn hex_only(s: &Scenario) -> Result<(), Refused> {
    if s.rules.ruleset == Ruleset::HexCommands {
        Ok(())
    } else {
        Err(Refused::NotThisRuleset(
            "reaction charges and dragoons belong to the hex commands (R5)".into(),
        ))
    }
}

/// The units that act by `action`: who must not have acted yet in the phase, and whose side
/// must be the one the phase is for (the other side's, for a reaction).
fn acting(s: &Scenario, at: InPlay<'_>, action: &Action) -> Result<Vec<UnitId>, Refused> {
    Ok(match action {
        Action::Move { unit, .. } => vec![*unit],
        Action::Command { leader, .. } => vec![*leader],
        Action::LeaderCheck { unit, .. } => vec![*unit],
        Action::Formation { unit, .. } => vec![*unit],
        Action::ReactionCheck { leader, .. } => vec![*leader],
        Action::ReactionCharge { unit, .. } => vec![*unit],
        // A pinned unit's rally from it is its action; an owed pin test is not.
        Action::PinTest { unit, .. } if !at.game.state.pin_tests.contains(unit) => vec![*unit],
        Action::Column { column, order, .. } => {
            let col = s.column(*column).ok_or(Refused::NoColumn(*column))?;
            march::acting(s, col, order)
        }
        Action::PinTest { .. }
        | Action::GoOn
        | Action::Test { .. }
        | Action::Referee { .. }
        | Action::EndPhase
        | Action::EndTurn => Vec::new(),
    })
}
