//! Why a hex-rules question cannot be answered.

use crate::model::UnitId;

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
    #[error("hex {0} is off the map")]
    OffMap(String),
    #[error("'{0}' is not a leader")]
    NotALeader(String),
    #[error("'{name}' arrives as a reinforcement on turn {turn}; this is turn {now}")]
    NotDueYet { name: String, turn: u16, now: u16 },
    #[error("'{name}' may not make this reaction charge: {why}")]
    NoReaction { name: String, why: String },
    #[error("'{name}' is due to enter at a place that is not a hex of the map")]
    EntryOffMap { name: String },
    #[error("'{name}' cannot enter: its entry hex {hex} is impassable")]
    EntryImpassable { name: String, hex: String },
}
