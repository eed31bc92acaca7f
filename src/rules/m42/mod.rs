//! R2: M42 movement (003). Units move around their leader: the leader moves first, models in his
//! command radius follow and keep coherency, models outside may regroup toward him, and nobody
//! passes within 2" of an enemy unless the leader assaults.
//!
//! Reading choices (see docs/rules.md, R2):
//! - Distances between models are base edge to base edge: a model is in the radius when its base
//!   is within 2 x Ld of the leader's base.
//! - A dead leader (`leader_model` is `None`) stops the unit, unless it is a Swarm (the player
//!   picks any model; the preview suggests the one with the most models in its radius) or has
//!   Combat Tactics (a survivor takes over; the preview uses the same suggestion).
//! - Followers may move as far as the leader may: Mv for Advance and Halt, 2 x Mv At the Double.
//! - Coherency during placement is judged against the leader's end position and the suggested
//!   positions of the followers placed before (nearest to the leader first), so every landing
//!   region shown is consistent with one legal placement of the whole unit.
//! - A regrouping model moves along the shortest legal route toward the leader's end position,
//!   up to Mv, stopping short of base contact; it need not end in the radius.

mod command;
mod followers;
mod ground;
mod leader;
mod move_type;
mod preview;
mod verdict;

#[cfg(test)]
mod tests;

// Other units' bases as the places a moved base may not end (R1's unit on its own asks too).
pub use command::{CommandReport, coherency, command_radius, report};
pub use followers::{REGROUP_BAN_IN, suggestions};
pub(crate) use ground::exclude_bases;
pub use leader::{CannotMove, LeaderSource, available, leader_for};
pub use move_type::{Effect, MoveType};
pub use preview::{Options, check_destination, preview};
pub use verdict::{Assault, Destination, Follower, Illegal, NoRegroup, Preview, Regroup};
