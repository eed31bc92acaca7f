//! A board and its search scratch kept together, for callers that ask R5 several questions of
//! one scenario; and one-off questions that build everything and drop it.

use super::board::Board;
use super::error::HexError;
use super::move_preview::MovePreview;
use super::reaction_charge::{self, ChargeCheckPoint};
use super::search::Search;
use super::second_combat::{self, SecondCombat};
use super::span::{self, SpanPreview};
use super::tracing::{self, Tracing};
use super::{command_change, preview};
use crate::model::{Command, Scenario, UnitId};
use hexx::Hex;

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
        Ok(tracing::trace(&self.board, self.board.unit(slot)))
    }

    /// A leader's span as hexes, and the units of his force in and out of command.
    pub fn span(&self, leader: UnitId) -> Result<SpanPreview, HexError> {
        span::span(&self.board, leader)
    }

    /// The Muster trigger of a leader's force.
    pub fn muster_trigger(
        &self,
        leader: UnitId,
    ) -> Result<command_change::MusterTrigger, HexError> {
        self.board.slot(leader)?;
        Ok(command_change::muster_trigger(&self.board, leader))
    }

    /// Reaction-charge check points for the non-moving side along `path` (start first) of the
    /// cavalry unit `mover`.
    pub fn charge_checks(
        &mut self,
        mover: UnitId,
        path: &[Hex],
    ) -> Result<Vec<ChargeCheckPoint>, HexError> {
        reaction_charge::charge_checks(&self.board, &mut self.search, mover, path)
    }

    /// The cavalry second combat advance from `from` (default: where the unit stands).
    pub fn second_combat(
        &mut self,
        unit: UnitId,
        from: Option<Hex>,
    ) -> Result<SecondCombat, HexError> {
        second_combat::second_combat(&self.board, &mut self.search, unit, from)
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
