//! Line of sight and concealment on the free-measure table (R3, and any ruleset that asks).
//!
//! Sight is flat: there are no heights, so hills neither block nor lift a line. A sight line
//! runs between the centres of two bases (or two points) and is blocked only by terrain whose
//! type `blocks_sight`. Where the texts are silent this module decides as follows (also in
//! `docs/rules.md`):
//!
//! - **Area terrain** (woods, buildings) blocks a line that runs through its inside. Grazing
//!   an edge or a corner (less than [`GRAZE_IN`] inside) does not block.
//! - **Into and out of area terrain**: a model whose centre stands inside a piece sees out of
//!   it and is seen from outside, as long as the line runs no more than [`SEE_INTO_IN`] (2")
//!   inside that piece in all. A model deep in a wood sees nothing and is seen by nobody
//!   outside it; two models in the same wood see each other within 2".
//! - **Linear obstacles** (hedges, walls) that block sight block every line that crosses
//!   them, except for a model *lining* the obstacle: its base edge within [`LINING_IN`] (1") of
//!   it. A lining model sees over the obstacle, and is seen over it, where the line crosses it
//!   within [`OVER_IN`] (2") of the lining model's base edge.
//! - Models never block sight.
//! - **Concealment** (R3): a target is concealed from a viewer when the sight line is
//!   blocked, when its centre stands in area terrain that `conceals` (whoever looks), or when
//!   it lines a linear obstacle that `conceals` and the line crosses that obstacle near it.
//! - **A unit** is concealed from an enemy unit when every line from each enemy model to each
//!   of its models is concealed. Fall Back! asks whether a unit is concealed from every enemy
//!   unit within its Aw range, measured unit to unit (base edge to base edge); with no enemy in
//!   range the answer is yes.

mod concealment;
mod eye;
mod sight;
mod sight_map;

#[cfg(test)]
mod tests;

pub use concealment::{UnitConcealment, Watcher, enemy_units, unit_concealment};
pub use eye::Eye;
pub use sight::{Concealed, GRAZE_IN, LINING_IN, OVER_IN, SEE_INTO_IN, Sight, SightBlock};
pub use sight_map::{SightMap, inside_length, line_of_sight, model_concealed, model_sight};
