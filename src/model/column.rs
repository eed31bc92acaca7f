//! Columns of march (R1): a column's units in their order of march, where it comes onto the
//! table, and what it last did.

use super::ids::{ColumnId, SideId, UnitId};
use super::map::Edge;
use crate::geom::Point;
use serde::{Deserialize, Serialize};

/// Where a column comes onto the free-measure table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryPoint {
    pub edge: Edge,
    /// Distance along the edge in inches, from the west end (north and south edges) or the
    /// north end (east and west edges).
    pub along_in: f32,
    /// Compass bearing of the march as it enters, degrees clockwise from north.
    pub heading_deg: f32,
}

/// How many of a column's units stand on the table at the start (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartCount {
    Count(u8),
    /// A D3 roll: 1, 2 or 3 units, each with probability 1/3.
    D3,
}

/// A unit's place in a column and the frontage it marches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColumnMember {
    pub unit: UnitId,
    /// Figures abreast (R1: 1-6 figures → 1 or 2; 7-12 → 2 or 3; 13-16 → 3 or 4).
    pub width_figures: u8,
}

/// Whether the column still holds its formation (R1). A broken column never re-forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ColumnState {
    Formed,
    Broken,
}

/// The last order the column carried out, which it repeats when an order fails (R1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ColumnAction {
    StandTo,
    Move { distance_in: f32, route: Vec<Point> },
}

/// A column of march (R1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Column {
    pub id: ColumnId,
    pub name: String,
    pub side: SideId,
    pub entry: EntryPoint,
    /// Lead first.
    pub members: Vec<ColumnMember>,
    pub on_table_at_start: StartCount,
    pub state: ColumnState,
    /// The route the lead has travelled since entering, entry point first, in table inches.
    pub route: Vec<Point>,
    pub last_action: Option<ColumnAction>,
}
