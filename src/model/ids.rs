//! Stable identifiers.
//!
//! Every item a designer can select (unit, model, terrain piece, column, ...) carries an ID drawn
//! from one counter in the scenario, so an ID names exactly one item of any kind, survives edits,
//! undo and saves, and can be typed on the command line (`--unit 12`).

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }

        impl From<$name> for u32 {
            fn from(id: $name) -> u32 {
                id.0
            }
        }
    };
}

id_type!(
    /// A side (army, player).
    SideId, "#"
);
id_type!(
    /// A row of the terrain table.
    TerrainId, "#"
);
id_type!(
    /// A free-measure terrain piece (area polygon or polyline).
    PieceId, "#"
);
id_type!(
    /// A unit, including leaders.
    UnitId, "#"
);
id_type!(
    /// One figure or stand of a unit on the free-measure table.
    ModelId, "#"
);
id_type!(
    /// A column of march.
    ColumnId, "#"
);
id_type!(
    /// A deployment zone.
    ZoneId, "#"
);
id_type!(
    /// An objective marker.
    ObjectiveId, "#"
);
id_type!(
    /// A scheduled reinforcement.
    ReinforcementId, "#"
);

/// Any item of a scenario, as named by a problem report or a selection.
///
/// Used by validation, `check` and the editor's problems panel, so that a problem can select the
/// offending item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ItemRef {
    Scenario,
    Map,
    Side(SideId),
    Terrain(TerrainId),
    Piece(PieceId),
    Unit(UnitId),
    Model(UnitId, ModelId),
    Column(ColumnId),
    Zone(ZoneId),
    Objective(ObjectiveId),
    Reinforcement(ReinforcementId),
    Hex(i32, i32),
    /// The game played on the scenario (its starting position, acted units, dice).
    Game,
    /// An entry of the game log, numbered from 1.
    LogEntry(u32),
}

impl ItemRef {
    /// What kind of item this is, in the plural ("units", "models of unit #4").
    pub fn kind_plural(&self) -> String {
        match self {
            ItemRef::Scenario => "scenarios".into(),
            ItemRef::Map => "maps".into(),
            ItemRef::Side(_) => "sides".into(),
            ItemRef::Terrain(_) => "terrain types".into(),
            ItemRef::Piece(_) => "terrain pieces".into(),
            ItemRef::Unit(_) => "units".into(),
            ItemRef::Model(u, _) => format!("models of unit {u}"),
            ItemRef::Column(_) => "columns".into(),
            ItemRef::Zone(_) => "deployment zones".into(),
            ItemRef::Objective(_) => "objectives".into(),
            ItemRef::Reinforcement(_) => "reinforcements".into(),
            ItemRef::Hex(..) => "hexes".into(),
            ItemRef::Game => "games".into(),
            ItemRef::LogEntry(_) => "log entries".into(),
        }
    }
}

impl fmt::Display for ItemRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemRef::Scenario => write!(f, "scenario"),
            ItemRef::Map => write!(f, "map"),
            ItemRef::Side(id) => write!(f, "side {id}"),
            ItemRef::Terrain(id) => write!(f, "terrain type {id}"),
            ItemRef::Piece(id) => write!(f, "terrain piece {id}"),
            ItemRef::Unit(id) => write!(f, "unit {id}"),
            ItemRef::Model(u, m) => write!(f, "model {m} of unit {u}"),
            ItemRef::Column(id) => write!(f, "column {id}"),
            ItemRef::Zone(id) => write!(f, "deployment zone {id}"),
            ItemRef::Objective(id) => write!(f, "objective {id}"),
            ItemRef::Reinforcement(id) => write!(f, "reinforcement {id}"),
            ItemRef::Hex(x, y) => write!(f, "hex ({x}, {y})"),
            ItemRef::Game => write!(f, "game"),
            ItemRef::LogEntry(n) => write!(f, "game log entry {n}"),
        }
    }
}
