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
//! | R5 hex commands | `hex.rs` (a move, a chit) |

mod choice;
mod hex;
mod march;
mod morale;
mod outcome;
mod roll;
mod table;
pub mod turn;

pub use choice::{Choice, ColumnChoice, Offered, Refusal, choice_text, choices, commands};
pub use hex::{moved as hex_moved, verdict as hex_verdict};
pub use march::{acting as column_acting, failed_order as column_failed_order};
pub use outcome::{Outcome, Refused};
pub use roll::{Roller, TypedOnly, dice_text, name as dice_name, roll_text, typed};
pub use table::place_followers;
pub use turn::InPlay;

use crate::model::game::Action;
use crate::model::*;

/// Carries `action` out under the scenario's ruleset, its dice from `roller`. With a game
/// under way (`at`), the action is taken in its phase by units that have not acted; outside a
/// game (the editor setting a position up) neither is asked. Nothing changes here: the caller
/// applies the outcome. The referee's override and the clock's own steps (the end of a phase
/// or turn) are the game's: see [`turn`].
pub fn carry_out(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    action: &Action,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    if let Some(at) = at {
        turn::may_act(s, at, action, &acting(s, action)?)?;
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
                    hex::move_unit(s, action, u, command, *to)
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
        } => march::column_order(s, *column, order, dice, roller),
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
        Action::Referee { .. } | Action::EndPhase | Action::EndTurn => {
            Err(Refused::NotThisRuleset(
                "the referee and the clock are the game's, not a ruleset's".into(),
            ))
        }
    }
}

/// The units that act by `action` (who must not have acted yet in the phase).
fn acting(s: &Scenario, action: &Action) -> Result<Vec<UnitId>, Refused> {
    Ok(match action {
        Action::Move { unit, .. } => vec![*unit],
        Action::Command { leader, .. } => vec![*leader],
        Action::LeaderCheck { unit, .. } => vec![*unit],
        Action::Column { column, order, .. } => {
            let col = s.column(*column).ok_or(Refused::NoColumn(*column))?;
            march::acting(s, col, order)
        }
        Action::Test { .. } | Action::Referee { .. } | Action::EndPhase | Action::EndTurn => {
            Vec::new()
        }
    })
}
