//! A voluntary break (R1): an order to one unit of a formed column before the column
//! activates. Passing breaks the column with no pin tests; failing leaves it formed, repeating
//! its last successful action.

use super::breaking::{self, PinTest};
use super::error::{ColumnError, find};
use super::march::{self, ColumnPreview};
use super::order::{Activation, DisciplineTest};
use super::outcome::ColumnOutcome;
use super::verdict::Illegal;
use crate::model::*;
use serde::Serialize;

/// A voluntary break: an order to one unit of the column before the column activates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VoluntaryBreak {
    pub column: ColumnId,
    pub column_name: String,
    pub unit: UnitId,
    pub name: String,
    /// The order to the unit, against its own Discipline. Passing breaks the column.
    pub test: DisciplineTest,
    /// Always empty: a voluntary break brings no pin tests.
    pub pin_tests: Vec<PinTest>,
    /// Failing leaves the column formed, repeating its last successful action.
    pub on_fail: Box<ColumnPreview>,
}

impl VoluntaryBreak {
    /// The unit's order rolled `roll` on 2D6: at or above its Discipline the column breaks
    /// (no pin tests); below it the formation holds and the column repeats its last
    /// successful action (refused with why when that move is illegal). Returns whether the
    /// order passed, and what changes.
    pub fn carry_out(&self, s: &Scenario, roll: u8) -> (bool, Result<ColumnOutcome, Vec<Illegal>>) {
        if roll >= self.test.discipline {
            (true, Ok(self.outcome_on_pass(s)))
        } else {
            (false, self.on_fail.outcome(s))
        }
    }

    /// What the unit's order changes when it passes: the column is broken (no pin tests).
    pub fn outcome_on_pass(&self, s: &Scenario) -> ColumnOutcome {
        ColumnOutcome {
            units: Vec::new(),
            column: breaking::broken(s, self.column),
        }
    }
}

/// Preview of breaking a formed column on purpose by ordering `unit` (a member on the table)
/// before the column activates.
pub fn voluntary_break(
    s: &Scenario,
    id: ColumnId,
    unit: UnitId,
) -> Result<VoluntaryBreak, ColumnError> {
    let col = find(s, id)?;
    if col.state == ColumnState::Broken {
        return Err(ColumnError::Broken(col.name.clone()));
    }
    if !col.members.iter().any(|m| m.unit == unit) {
        return Err(ColumnError::NotAMember {
            unit,
            column: col.name.clone(),
        });
    }
    let u = s.unit(unit).ok_or(ColumnError::NotAMember {
        unit,
        column: col.name.clone(),
    })?;
    if !u.on_table() || !u.in_play() {
        return Err(ColumnError::NotOnTable(u.name.clone()));
    }
    let on_fail = march::preview(s, id, Activation::Failed)?;
    Ok(VoluntaryBreak {
        column: col.id,
        column_name: col.name.clone(),
        unit,
        name: u.name.clone(),
        test: DisciplineTest::of(u),
        pin_tests: Vec::new(),
        on_fail: Box::new(on_fail),
    })
}
