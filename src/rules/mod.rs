//! The rules: pure functions from a scenario (and a proposed move or test) to a preview.
//!
//! No GUI types, no files, no clocks, no unseeded randomness, and no edits: a ruleset says what
//! an answer changes (each unit and column as it will stand) and `edit::ops::outcome` turns that
//! into edits. `check` finds the problems a designer should fix before play.
//!
//! | module | what it is |
//! | --- | --- |
//! | [`column`] | R1 columns of march (000) |
//! | [`m42`] | R2 M42 movement (003) |
//! | [`orders`] | R3 orders with orderly and disorderly movement (002) |
//! | [`morale`] | R4 morale and rally (001), any scenario |
//! | [`hex_commands`] | R5 hex commands (004, Battle of Winceby) |
//! | [`dice`] | shared: exact odds of D3, D6, 2D6, 3D6 and re-rolls |
//! | [`los`] | shared: line of sight and concealment on the table |
//! | [`reach`] | shared: where a model can go on the table, along real paths |
//! | [`placement`] | shared: where a follower may be set down after its leader moved (R2, R3) |
//! | [`measure`] | shared: unit-to-unit distance, base edge to base edge |
//! | [`check`] | the problems `sandtable check` reports |
//! | [`serial`] | shared JSON helpers: a reason with the sentence a player reads |
//!
//! Where each heading of `docs/rules.md` lives:
//!
//! | `docs/rules.md` | files |
//! | --- | --- |
//! | Model-level choices | `hex_commands/board.rs` (facing, hexside costs, ZOC exemptions), `column/deployment.rs` (frontage), `check.rs` (deployment zones) |
//! | Free-measure movement | `reach/` (`field.rs` the region, `exact.rs` one destination, `prepare.rs` the obstacles and clearances, `board.rs` what stands on the table), `placement.rs` (other units' bases) |
//! | R2 M42 movement | `m42/command.rs` (radius, coherency), `m42/leader.rs` (dead leaders, half in radius), `m42/move_type.rs`, `m42/followers.rs` (followers, regrouping), `m42/preview.rs` (assaults, destinations) |
//! | R1 Columns of march | `column/march.rs` (the track, the move), `column/chain.rs` (formation), `column/units.rs`, `column/failed.rs` (a failed order), `column/sweep.rs` (no passing through, impassable ground), `column/breaking.rs`, `column/voluntary.rs`, `column/entry.rs`, `column/combat.rs`, `column/order.rs` (orders, the Discipline test, the start), `column/deployment.rs` |
//! | R4 Morale and rally | `morale/modifiers.rs`, `morale/eligibility.rs` (who may test, the 50% rule), `morale/reroll.rs`, `morale/outcome_rules.rs` (states), `morale/artillery.rs`, `morale/stampede.rs` (elephants), `morale/notes.rs` (wagons, hit points), `morale/resolve.rs` |
//! | R5 Command and span | `hex_commands/tracing.rs`, `hex_commands/span.rs`, `hex_commands/command_change.rs` (Muster trigger, changing command) |
//! | R5 Movement | `hex_commands/board.rs` (costs, zones of control), `hex_commands/search.rs`, `hex_commands/preview.rs` (the verdicts) |
//! | R5 Commands | `hex_commands/movement_rules.rs` |
//! | R5 Cavalry | `hex_commands/dragoons.rs`, `hex_commands/reaction_charge.rs`, `hex_commands/second_combat.rs` |
//! | Line of sight | `los/sight_map.rs` (lines, concealment of a model), `los/concealment.rs` (of a unit) |
//! | R3 Measuring | `orders/destination.rs`, `orders/terrain_index.rs`, `orders/lattice.rs` |
//! | R3 Orderly movement | `orders/movement.rs`, `orders/followers.rs` |
//! | R3 Disorderly movement | `orders/movement.rs`, `orders/lattice.rs` (coherency) |
//! | R3 Actions | `orders/action.rs`, `orders/effects.rs`, `orders/targets.rs` |
//! | R3 Fall Back! | `orders/fall_back.rs` |
//! | R3 Reasons a proposed destination is illegal | `orders/verdict.rs` |

pub mod check;
pub mod column;
pub mod dice;
pub mod engine;
pub mod hex_commands;
pub mod los;
pub mod m42;
pub mod measure;
pub mod morale;
pub mod orders;
pub mod placement;
pub mod reach;
pub mod serial;

#[cfg(test)]
pub(crate) mod testkit;
