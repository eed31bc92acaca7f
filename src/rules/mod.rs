//! The rules: pure functions from a scenario (and a proposed move or test) to a preview, and
//! what carrying an action out changes.
//!
//! No GUI types, no files, no clocks, no unseeded randomness, and no edits: a ruleset says what
//! an answer changes (each unit and column as it will stand) and the editor turns that into
//! edits (`edit::ops::outcome`), the game into a log entry. [`engine`] is the one interface the
//! editor's previews, Play and the command line ask of every ruleset: what a unit may do now,
//! and the outcome of doing it, in words a player reads. `check` finds the problems a designer
//! should fix before play.
//!
//! | module | what it is |
//! | --- | --- |
//! | [`engine`] | every ruleset's choices, outcomes and words; how a turn runs |
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
//! | [`unit_fields`] | which of a unit's numbers and flags the scenario's rules read |
//! | [`victory`] | who holds each objective, the score, who won at the last turn |
//!
//! Where each heading of `docs/rules.md` lives (one hop: the file that decides it):
//!
//! | `docs/rules.md` | files |
//! | --- | --- |
//! | Model-level choices | `hex_commands/board.rs` (facing, hexside costs, ZOC exemptions), `column/deployment.rs` (frontage), `check.rs` (deployment zones) |
//! | Free-measure movement | `reach/` (`field.rs` the region, `exact.rs` one destination, `prepare.rs` the obstacles and clearances, `board.rs` what stands on the table, `contour.rs` the region's outline), `placement.rs` (other units' bases) |
//! | R2 M42 movement | `m42/command.rs` (radius, coherency), `m42/leader.rs` (dead leaders, half in radius), `m42/move_type.rs`, `m42/followers.rs` (followers, regrouping), `m42/preview.rs` (assaults, destinations), `m42/verdict.rs` (why a destination is refused) |
//! | R1 Columns of march | `column/march.rs` (the move), `column/track.rs` (the route the column follows), `column/chain.rs` (formation), `column/units.rs`, `column/failed.rs` (a failed order), `column/sweep.rs` (no passing through, impassable ground), `column/breaking.rs` (breaks and pin tests), `column/voluntary.rs`, `column/entry.rs` (coming on after a break), `column/carry.rs` (the order test carried out), `column/combat.rs`, `column/order.rs` (orders, the Discipline test, the start), `column/deployment.rs` |
//! | R4 Morale and rally | `morale/modifiers.rs`, `morale/eligibility.rs` (who may test, the 50% rule), `morale/reroll.rs`, `morale/outcome_rules.rs` (states), `morale/outcome.rs` (what each outcome does), `morale/artillery.rs`, `morale/stampede.rs` (elephants), `morale/notes.rs` (wagons, hit points), `morale/resolve.rs` |
//! | R5 Command and span | `hex_commands/tracing.rs`, `hex_commands/span.rs`, `hex_commands/command_change.rs` (Muster trigger, changing command, the Charge timeline) |
//! | R5 Movement | `hex_commands/board.rs` (costs, zones of control, arrivals), `hex_commands/search.rs`, `hex_commands/preview.rs` (the verdicts) |
//! | R5 Commands | `hex_commands/movement_rules.rs` |
//! | R5 Cavalry | `hex_commands/dragoons.rs`, `hex_commands/reaction_charge.rs` (check points), `hex_commands/reaction_move.rs` (the charge itself), `hex_commands/second_combat.rs` |
//! | Line of sight | `los/sight_map.rs` (lines, concealment of a model), `los/concealment.rs` (of a unit) |
//! | R3 Measuring | `orders/destination.rs`, `orders/terrain_index.rs`, `orders/lattice.rs` |
//! | R3 Orderly movement | `orders/movement.rs`, `orders/followers.rs` |
//! | R3 Disorderly movement | `orders/movement.rs`, `orders/lattice.rs` (coherency) |
//! | R3 Actions | `orders/action.rs`, `orders/effects.rs`, `orders/targets.rs` |
//! | R3 Fall Back! | `orders/fall_back.rs`, `orders/fall_back_preview.rs` |
//! | R3 Reasons a proposed destination is illegal | `orders/verdict.rs` |
//! | Playing a game: phases and the sides taking turns, acting once, the Ld check before an R3 order (once a turn), the end of a phase and of a turn | `engine/turn.rs` |
//! | Playing a game: the reaction charge (the halt at a check point, the D6 check for a Charge, the charge, going on) | `engine/reaction.rs` |
//! | Playing a game: dragoons mounting or dismounting under Stand | `engine/hex.rs` (`formation`), `hex_commands/dragoons.rs` (when they may) |
//! | Playing a game: pin tests after a break (2D6 at or above Discipline), a pinned unit | `engine/march.rs` (`pin_test`), `engine/turn.rs` (owed before the column acts) |
//! | Playing a game: a move under the traced chit only, a reinforcement arrived | `engine/hex.rs` |
//! | Playing a game: a column's order and who it marks, one entry a turn after a break | `engine/march.rs` |
//! | Playing a game: the Ld check (2D6 at or under Ld), followers set by hand | `engine/table.rs` |
//! | Playing a game: follow-up rolls (retire distance, stampede) | `engine/morale.rs` |
//! | Playing a game: dice, typed or rolled | `engine/roll.rs` (the game's generator is `game/dice.rs`) |
//! | Victory: holding objectives, the score, the end of the last turn | `victory.rs` |

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
pub mod unit_fields;
pub mod victory;

#[cfg(test)]
pub(crate) mod testkit;
