//! Why a column question cannot be answered.

use crate::model::*;

/// Why a column preview cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ColumnError {
    #[error("there is no column {0}")]
    NoColumn(ColumnId),
    #[error("column {0} is not on a free-measure table")]
    NotATable(ColumnId),
    #[error(
        "'{0}' has no unit left to march: every unit has exited, been removed or has no figures"
    )]
    NoUnits(String),
    #[error(
        "'{0}' is broken: its units act on their own, and one off-table unit per turn may try to enter at the entry point"
    )]
    Broken(String),
    #[error("'{0}' is formed: its units come on as the column moves")]
    NotBroken(String),
    #[error("a move of {0}\" is not a distance")]
    BadDistance(f32),
    #[error("'{name}' may move at most {allowance}\" (its Mv); {distance}\" asked")]
    BeyondAllowance {
        name: String,
        distance: f32,
        allowance: f32,
    },
    #[error("the route has a point that is not a number")]
    BadRoute,
    #[error("unit {unit} is not in '{column}'")]
    NotAMember { unit: UnitId, column: String },
    #[error("'{0}' is not on the table")]
    NotOnTable(String),
    #[error("'{0}' has no unit waiting off table")]
    NothingToEnter(String),
    #[error("'{0}' is not waiting off table")]
    NotWaiting(String),
}

/// The column, or the error naming it.
pub(crate) fn find(s: &Scenario, id: ColumnId) -> Result<&Column, ColumnError> {
    s.column(id).ok_or(ColumnError::NoColumn(id))
}
