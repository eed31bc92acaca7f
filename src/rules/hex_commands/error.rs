//! Why a hex-rules question cannot be answered.

use crate::model::UnitId;
use hexx::Hex;

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
