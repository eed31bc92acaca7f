//! R5: hex commands (the Battle of Winceby rules, `004`). Leaders' command chits, command
//! tracing and spans, zones of control, the legal-move preview, and the cavalry rules.
//!
//! Pure: no GUI types, no files, no clocks, no randomness. A preview never changes the scenario.
//!
//! - [`Board`] holds the map and units as flat arrays (built once per scenario edit; the units
//!   part is refreshed by [`Board::update_units`] after moves).
//! - [`Search`] is the reusable scratch of the Dijkstra; keep one beside the board.
//! - [`HexRules`] bundles both for callers that want one value; [`preview_moves`] and
//!   [`command_span`] build everything for a one-off question (the command line).
//!
//! Hex geometry (coordinates, neighbours, distances, ranges) is hexx's; the search is ours (see
//! `search.rs`), since hexx's `field_of_movement` charges +1 per step, is documented as naive,
//! and, like its `a_star`, knows no zones of control.

mod board;
mod command_change;
mod constraint;
mod dragoons;
mod effect;
mod error;
mod ground;
mod hex_rules;
mod move_preview;
mod movement_rules;
mod notice;
mod preview;
mod reaction_charge;
mod reaction_move;
mod reason;
mod search;
mod second_combat;
pub mod serial;
mod side_field;
mod span;
mod tracing;
mod unit_ref;

#[cfg(test)]
mod arrival_tests;
#[cfg(test)]
mod testmap;
#[cfg(test)]
mod tests;

pub use board::{Board, NO_ENEMY, SideField};
pub use command_change::{
    ChangeRefused, MUSTER_LOSSES, MusterTrigger, change_allowed, next_in_timeline,
};
pub use constraint::{Constraint, EXCLUSION_HEXES};
pub use dragoons::{DragoonFormation, SwitchRefused};
pub use effect::{CHARGE_EXTRA_MP, Effect};
pub use error::HexError;
pub use hex_rules::{HexRules, command_span, preview_moves, preview_on};
pub use move_preview::{CommandInfo, CommandSource, Entry, HexVerdict, MovePreview};
pub use notice::Notice;
pub use reaction_charge::{CHARGING_REACTION_HEXES, ChargeCheckPoint, CheckKind, REACTION_MP};
pub use reaction_move::{ReactionCharge, reaction_charge, reaction_charge_at, reaction_chargers};
pub use reason::Reason;
pub use search::Search;
pub use second_combat::{AdvanceHex, SECOND_COMBAT_HEXES, SecondCombat};
pub use span::{SpanPreview, SpanUnit};
pub use tracing::{ChainLink, MUSTER_SPAN_BONUS, Tracing, effective_span};
pub use unit_ref::UnitRef;
