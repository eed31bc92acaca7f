//! R3: orders with orderly and disorderly movement (002, "New Movement Outline").
//!
//! [`preview`] answers "what may this unit do under this action": the leader's legal region,
//! each other model's landing or movement region, the models out of command and why, the stat
//! effects (RoF, pistols, one-handed weapons, Ev, To, snap fire), the targets the leader can
//! see under Open Fire!, the Fall Back! branch with its destination and path, and, for a
//! proposed leader destination, the exact path, its length and whether it is legal, with the
//! reason. It never changes the scenario.
//!
//! Where 002 and RULES.md leave room, this module decides as follows (also in `docs/rules.md`):
//! - **Distances** between models are base edge to base edge. A model is *in* terrain, *enters*
//!   it or *crosses* it when the centre of its base does (for a linear obstacle: the centre comes
//!   within half the obstacle's drawn width of its line).
//! - **Which end the followers use**: orderly followers are placed around the leader's end
//!   position: the proposed destination (`leader_to`) when it is legal, otherwise where the
//!   leader stands. The leader's whole region is shown as well, so the editor recomputes the
//!   followers' regions as the leader is dragged.
//! - **Rally!** places "the rest of the unit's models" within 12": models that started within
//!   12" of the leader are placed within 12" of him; models further off move disorderly.
//! - **Open Fire!**: the leader's "normal move" is an orderly move of up to Mv (he moves alone;
//!   the others stay). The unit fires at full RoF.
//! - **Disorderly coherency**: a disorderly model must end within 2" of another model of its
//!   unit if it can, where the others may end: the leader at his end position, orderly followers
//!   anywhere in their landing region, other disorderly models anywhere they may go (or where
//!   they stand). It is out of command only when no such place is within its reach. Coherency is
//!   sampled on the 0.5" lattice (conservative by at most 0.35").
//! - **Out of command**: it stays, or moves up to 2 x Mv (under the terrain cap) and ends no
//!   further from the leader's end position (as above) than it started.
//! - **The leader in disorderly movement** (At the Double!) keeps coherency like any model when
//!   he can, but is never out of command: if he cannot, he moves freely within his reach.
//! - **Single-model units** are always orderly, also At the Double! (2 x Mv, no terrain cap).
//! - **A unit without a leader model** may only Go to Ground! or Fall Back!.
//! - **Fall Back!** may be ordered to any unit; a unit that failed its Ld check may take no
//!   other order. "At least half" is current x 2 >= start; "under a quarter" (destroyed at once)
//!   is current x 4 < start; a unit that leaves the table counts as destroyed when current x 4
//!   <= start. Fall Back! moves are measured model by model (no follow-the-leader placement, no
//!   2" coherency) and never end in dangerous terrain. The half move goes "toward" or "away
//!   from" the nearest enemy unit: each model ends no further from (toward) or no closer to
//!   (away) that unit than it started. See [`fall_back`] for the under-half move.
//! - **Half RoF** is shown exactly (RoF 1 → 0.5): the text gives no rounding.

mod action;
mod answer;
mod destination;
mod effects;
mod fall_back;
mod fall_back_preview;
mod followers;
mod lattice;
mod movement;
mod path;
mod preview;
mod targets;
mod terrain_index;
mod verdict;
mod why;

#[cfg(test)]
mod tests;

pub use action::{
    Action, ActionChoice, COHERENCY_IN, Movement, ORDERLY_RADIUS_IN, OrderRequest, RALLY_RADIUS_IN,
    Refusal, choices, default_action, movement_of, no_order, refusal,
};
pub use answer::{LeaderPreview, ModelMode, ModelPreview, OrdersPreview, OutOfCommand, TerrainCap};
pub use effects::{Effects, Fire, FireTiming, Rate, effects};
pub use fall_back_preview::{FallBackBranch, FallBackPreview, Heading, NearestEnemy, Removal};
pub use followers::suggest_followers;
pub use path::{Area, PathOut};
pub use preview::{OrdersError, check_destination, preview};
pub use targets::{Hidden, Target, Targets, targets};
pub use verdict::{Crossing, DestinationCheck, Direction, Illegal, MEASURE_TOLERANCE_IN, PieceRef};
pub use why::Why;
