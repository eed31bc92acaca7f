//! What carrying out a column answer changes (an activation, a break, a unit coming on after a
//! break): every unit and the column as they will stand. The rules never apply it;
//! `edit::ops::outcome::column` records it as one undoable step.

use crate::model::{Column, Unit};

/// The units and the column as an activation, a break or an entry leaves them. Only what
/// changes is listed, so an answer that changes nothing records nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColumnOutcome {
    /// Each unit that changes, as it will stand (its models, and whether it is on the table,
    /// still off it or exited), in march order.
    pub units: Vec<Unit>,
    /// The column as it will stand (its route, last successful action and state), when it
    /// changes.
    pub column: Option<Column>,
}
