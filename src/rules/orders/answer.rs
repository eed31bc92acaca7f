//! The R3 preview as a value: what the leader and each other model do under the action, and
//! the whole answer for one unit.

use super::action::{Action, ActionChoice, Movement};
use super::effects::Effects;
use super::fall_back_preview::FallBackPreview;
use super::path::{Area, PathOut};
use super::targets::Targets;
use super::verdict::{DestinationCheck, PieceRef};
use super::why::Why;
use crate::geom::Point;
use crate::model::{ModelId, SideId, Strength, UnitId};
use serde::Serialize;
use std::fmt;

/// What one model does under the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelMode {
    /// The leader under orderly movement, or moving alone.
    Leads,
    /// Orderly: placed anywhere in its landing region around the leader's end.
    Placed,
    /// Disorderly: measured on its own; must end within 2" of another model.
    Disorderly,
    /// Disorderly and unable to end within 2" of another model: stays or closes on its leader.
    OutOfCommand,
    /// Does not move under this action.
    Stays,
    /// Moves under Fall Back!.
    FallsBack,
}

/// A terrain piece a disorderly model starts in, or the bare hill it starts on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TerrainCap {
    /// The allowance beyond the cap, when the move avoids terrain.
    pub allowance_in: f32,
    /// Base Mv: the most it moves if it starts in, ends in or crosses terrain.
    pub cap_in: f32,
    /// It starts in area terrain or on a linear obstacle: the cap applies to any move.
    pub starts_in: Option<PieceRef>,
    /// It starts on this bare hill, which does not count as terrain for its move.
    pub bare_hill: Option<PieceRef>,
}

/// Why a disorderly model is out of command.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum OutOfCommand {
    /// No place within its reach is within 2" of where another model of the unit may end.
    NoModelInReach {
        /// The nearest other model at the start, edge to edge.
        nearest: Option<ModelId>,
        nearest_in: f32,
        /// How far it may move toward its leader.
        toward_leader_in: f32,
    },
}

impl fmt::Display for OutOfCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfCommand::NoModelInReach {
                nearest_in,
                toward_leader_in,
                ..
            } => write!(
                f,
                "out of command: it cannot end within 2\" of another model of its unit (the \
                 nearest is {nearest_in:.2}\" away); it stays, or moves up to \
                 {toward_leader_in:.0}\" toward its leader and ends no further from him"
            ),
        }
    }
}

/// One model's share of the preview.
#[derive(Clone, Debug, Serialize)]
pub struct ModelPreview {
    pub model: ModelId,
    pub from: Point,
    pub mode: ModelMode,
    /// From the leader at the start, base edge to base edge (0 for the leader).
    pub from_leader_in: f32,
    /// The most it may move (0 when it stays; the placement radius for placed models).
    pub allowance_in: f32,
    /// The disorderly terrain cap, when it matters.
    pub cap: Option<TerrainCap>,
    /// Where it may end. `None` when it stays.
    pub region: Option<Area>,
    /// Fall Back! at half strength or more: the region moving away (`region` then moves
    /// toward the enemy).
    pub away: Option<Area>,
    pub out_of_command: Option<Why<OutOfCommand>>,
    /// Fall Back! under half strength: the path it must take and where it ends (when it
    /// cannot reach concealment, or heads for the table edge).
    pub path: Option<PathOut>,
    pub end: Option<Point>,
}

/// The leader's move.
#[derive(Clone, Debug, Serialize)]
pub struct LeaderPreview {
    pub model: ModelId,
    pub from: Point,
    /// Where the followers are placed around: the legal proposed destination, or `from`.
    pub end: Point,
    pub moves: bool,
    pub allowance_in: f32,
    pub cap: Option<TerrainCap>,
    pub region: Option<Area>,
    pub away: Option<Area>,
    pub path: Option<PathOut>,
}

/// The R3 preview of one unit under one action.
#[derive(Clone, Debug, Serialize)]
pub struct OrdersPreview {
    pub unit: UnitId,
    pub name: String,
    pub side: SideId,
    pub action: Action,
    pub action_name: &'static str,
    pub movement: Movement,
    pub mv_in: f32,
    pub strength: Strength,
    /// Every action and whether the unit may take it.
    pub actions: Vec<ActionChoice>,
    pub leader: Option<LeaderPreview>,
    /// Every model but the leader, in the unit's order.
    pub models: Vec<ModelPreview>,
    pub effects: Effects,
    pub targets: Option<Targets>,
    pub fall_back: Option<FallBackPreview>,
    /// The check of the proposed leader destination.
    pub destination: Option<DestinationCheck>,
    pub notes: Vec<String>,
}

impl OrdersPreview {
    /// The preview of one model (the leader included).
    pub fn model(&self, id: ModelId) -> Option<&ModelPreview> {
        self.models.iter().find(|m| m.model == id)
    }

    /// Models out of command.
    pub fn out_of_command(&self) -> impl Iterator<Item = &ModelPreview> {
        self.models
            .iter()
            .filter(|m| m.mode == ModelMode::OutOfCommand)
    }
}
