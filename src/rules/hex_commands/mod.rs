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
mod cavalry;
mod command;
mod preview;
mod search;

#[cfg(test)]
mod testmap;
#[cfg(test)]
mod tests;

pub use board::{Board, NO_ENEMY, SideField};
pub use cavalry::{
    AdvanceHex, CHARGING_REACTION_HEXES, ChargeCheckPoint, CheckKind, DragoonFormation,
    REACTION_MP, SECOND_COMBAT_HEXES, SecondCombat, SwitchRefused,
};
pub use command::{
    ChainLink, ChangeRefused, MUSTER_LOSSES, MUSTER_SPAN_BONUS, MusterTrigger, SpanPreview,
    SpanUnit, Tracing, change_allowed, effective_span, next_in_timeline,
};
pub use preview::{
    CHARGE_EXTRA_MP, CommandInfo, CommandSource, Constraint, EXCLUSION_HEXES, Effect, HexVerdict,
    MovePreview, Notice, Reason,
};
pub use search::Search;

use crate::model::{Command, Scenario, UnitId};
use hexx::Hex;
use std::fmt;
use std::sync::Arc;

/// Why a hex-rules question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    #[error("the scenario is played on a table, not a hex map")]
    NotHexMap,
    #[error("the map has {hexes} hexes but terrain for {terrain}")]
    TerrainSize { hexes: usize, terrain: usize },
    #[error("no unit {0} in this scenario")]
    UnknownUnit(UnitId),
    #[error("'{0}' is not on the hex map")]
    NotOnMap(String),
    #[error("hex ({}, {}) is off the map", .0.x, .0.y)]
    OffMap(Hex),
    #[error("'{0}' is not a leader")]
    NotALeader(String),
}

/// A unit named in a preview: its ID for the program, its name for the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    pub id: UnitId,
    pub name: Arc<str>,
}

impl fmt::Display for UnitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl serde::Serialize for UnitRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("UnitRef", 2)?;
        st.serialize_field("id", &self.id.0)?;
        st.serialize_field("name", &*self.name)?;
        st.end()
    }
}

/// A board and its search scratch: everything R5 answers, for callers that keep one value.
#[derive(Debug)]
pub struct HexRules {
    board: Board,
    search: Search,
}

impl HexRules {
    pub fn new(s: &Scenario) -> Result<Self, HexError> {
        Ok(HexRules {
            board: Board::new(s)?,
            search: Search::new(),
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Re-reads the units after moves or state changes (the map part is kept).
    pub fn update_units(&mut self, s: &Scenario) {
        self.board.update_units(s);
    }

    /// The legal-move preview of `unit` under its traced command, or under `command` instead.
    pub fn preview(
        &mut self,
        unit: UnitId,
        command: Option<Command>,
    ) -> Result<MovePreview, HexError> {
        preview::preview(&self.board, &mut self.search, unit, command)
    }

    /// The leaders `unit` can trace command to and the one it uses.
    pub fn trace(&self, unit: UnitId) -> Result<Tracing, HexError> {
        let slot = self.board.slot(unit)?;
        Ok(command::trace(&self.board, self.board.unit(slot)))
    }

    /// A leader's span as hexes, and the units of his force in and out of command.
    pub fn span(&self, leader: UnitId) -> Result<SpanPreview, HexError> {
        command::span(&self.board, leader)
    }

    /// The Muster trigger of a leader's force.
    pub fn muster_trigger(&self, leader: UnitId) -> Result<MusterTrigger, HexError> {
        self.board.slot(leader)?;
        Ok(command::muster_trigger(&self.board, leader))
    }

    /// Reaction-charge check points for the non-moving side along `path` (start first) of the
    /// cavalry unit `mover`.
    pub fn charge_checks(
        &mut self,
        mover: UnitId,
        path: &[Hex],
    ) -> Result<Vec<ChargeCheckPoint>, HexError> {
        cavalry::charge_checks(&self.board, &mut self.search, mover, path)
    }

    /// The cavalry second combat advance from `from` (default: where the unit stands).
    pub fn second_combat(
        &mut self,
        unit: UnitId,
        from: Option<Hex>,
    ) -> Result<SecondCombat, HexError> {
        cavalry::second_combat(&self.board, &mut self.search, unit, from)
    }
}

/// A one-off preview: builds the board, previews `unit`, drops the board.
pub fn preview_moves(
    s: &Scenario,
    unit: UnitId,
    command: Option<Command>,
) -> Result<MovePreview, HexError> {
    HexRules::new(s)?.preview(unit, command)
}

/// A one-off span question.
pub fn command_span(s: &Scenario, leader: UnitId) -> Result<SpanPreview, HexError> {
    HexRules::new(s)?.span(leader)
}

/// For benchmarks and callers that manage their own board: the preview on a given board and
/// scratch.
pub fn preview_on(
    board: &Board,
    search: &mut Search,
    unit: UnitId,
    command: Option<Command>,
) -> Result<MovePreview, HexError> {
    preview::preview(board, search, unit, command)
}
