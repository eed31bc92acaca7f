//! Breaking the column (R1): what breaks it and who takes a pin test.
//!
//! Choices (see docs/rules.md, R1):
//! - Pin tests go to every unit that was part of the column and is still in play and has not
//!   marched off the table, units still off table included ("all friendly units that were
//!   previously part of the column"), except the unit attacked in melee ("all other") and
//!   units already pinned (a pin test cannot pin them further).
//! - Several causes at once make one break with one round of pin tests.

use super::chain::{self, Stand};
use super::error::{ColumnError, find};
use super::outcome::ColumnOutcome;
use super::serial;
use super::spacing::{GAP_TOLERANCE_IN, MAX_GAP_IN};
use super::units::UnitEnd;
use crate::model::*;
use serde::Serialize;
use std::fmt;

/// What breaks a column.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BreakCause {
    /// More than 2" between neighbours.
    Gap {
        ahead: UnitId,
        ahead_name: String,
        unit: UnitId,
        name: String,
        #[serde(serialize_with = "serial::inches")]
        gap_in: f32,
    },
    /// A unit of the column has been attacked in melee.
    Charged { unit: UnitId, name: String },
    /// A unit of the column is pinned.
    Pinned { unit: UnitId, name: String },
}

impl fmt::Display for BreakCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BreakCause::Gap {
                ahead_name,
                name,
                gap_in,
                ..
            } => write!(
                f,
                "'{name}' is {gap_in:.2}\" behind '{ahead_name}', more than {MAX_GAP_IN}\""
            ),
            BreakCause::Charged { name, .. } => write!(f, "'{name}' has been attacked in melee"),
            BreakCause::Pinned { name, .. } => write!(f, "'{name}' is pinned"),
        }
    }
}

/// When the break happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakWhen {
    /// A break condition holds already: the column breaks before it acts.
    Now,
    /// The move opens a gap.
    AfterMove,
}

/// A unit that must take a pin test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PinTest {
    pub unit: UnitId,
    pub name: String,
    /// Still waiting off table.
    pub off_table: bool,
}

impl fmt::Display for PinTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.off_table {
            f.write_str(" (off table)")?;
        }
        Ok(())
    }
}

/// The pin tests as a comma-separated list, or "nobody".
pub fn list(v: &[PinTest]) -> String {
    if v.is_empty() {
        return "nobody".into();
    }
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The column breaking, and who takes a pin test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnBreak {
    pub when: BreakWhen,
    #[serde(serialize_with = "serial::texted_list")]
    pub causes: Vec<BreakCause>,
    pub pin_tests: Vec<PinTest>,
}

impl fmt::Display for ColumnBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let causes: Vec<String> = self.causes.iter().map(ToString::to_string).collect();
        write!(
            f,
            "the column breaks{}: {}; pin tests for {}",
            match self.when {
                BreakWhen::Now => "",
                BreakWhen::AfterMove => " after the move",
            },
            causes.join("; "),
            list(&self.pin_tests)
        )
    }
}

impl ColumnBreak {
    /// What the break changes: the column's state becomes broken, for good.
    pub fn outcome(&self, s: &Scenario, column: ColumnId) -> ColumnOutcome {
        ColumnOutcome {
            units: Vec::new(),
            column: broken(s, column),
        }
    }
}

/// The column as a break leaves it: broken, for good. `None` when it is broken already.
pub(crate) fn broken(s: &Scenario, column: ColumnId) -> Option<Column> {
    let col = s.column(column)?;
    (col.state != ColumnState::Broken).then(|| {
        let mut c = col.clone();
        c.state = ColumnState::Broken;
        c
    })
}

/// Members still in play and on (or waiting to come on) the table, in march order, minus
/// those `skip` names and those already pinned.
pub(crate) fn pin_tests(s: &Scenario, col: &Column, skip: impl Fn(&Unit) -> bool) -> Vec<PinTest> {
    pin_tests_after(s, col, skip, &[])
}

/// As [`pin_tests`], with the units of `ends` where a move leaves them.
pub(crate) fn pin_tests_after(
    s: &Scenario,
    col: &Column,
    skip: impl Fn(&Unit) -> bool,
    ends: &[(UnitId, UnitEnd)],
) -> Vec<PinTest> {
    col.members
        .iter()
        .filter_map(|m| s.unit(m.unit))
        .filter_map(|u| {
            let position = match ends.iter().find(|(id, _)| *id == u.id) {
                Some((_, UnitEnd::Table)) => Position::Table,
                Some((_, UnitEnd::OffTable)) => Position::OffMap,
                Some((_, UnitEnd::Exited)) => Position::Exited,
                None => u.position,
            };
            (u.in_play()
                && matches!(position, Position::Table | Position::OffMap)
                && !u.state.pinned
                && !skip(u))
            .then(|| PinTest {
                unit: u.id,
                name: u.name.clone(),
                off_table: position == Position::OffMap,
            })
        })
        .collect()
}

/// The break conditions that hold as the column stands: pinned or charged units, gaps over
/// 2" between neighbours on the table.
pub(crate) fn now(s: &Scenario, col: &Column, chain: &chain::Chain) -> Option<ColumnBreak> {
    let mut causes = Vec::new();
    let mut charged = Vec::new();
    for m in &col.members {
        let Some(u) = s.unit(m.unit) else { continue };
        if !u.in_play() || !matches!(u.position, Position::Table | Position::OffMap) {
            continue;
        }
        if u.state.charged {
            charged.push(u.id);
            causes.push(BreakCause::Charged {
                unit: u.id,
                name: u.name.clone(),
            });
        }
        if u.state.pinned {
            causes.push(BreakCause::Pinned {
                unit: u.id,
                name: u.name.clone(),
            });
        }
    }
    for w in chain.bodies.windows(2) {
        if w[0].stand != Stand::Table || w[1].stand != Stand::Table {
            continue;
        }
        let (Some(a), Some(b)) = (s.unit(w[0].unit), s.unit(w[1].unit)) else {
            continue;
        };
        if let Some(gap) = crate::rules::measure::unit_distance(a, b)
            && gap > MAX_GAP_IN + GAP_TOLERANCE_IN
        {
            causes.push(BreakCause::Gap {
                ahead: a.id,
                ahead_name: a.name.clone(),
                unit: b.id,
                name: b.name.clone(),
                gap_in: gap,
            });
        }
    }
    (!causes.is_empty()).then(|| ColumnBreak {
        when: BreakWhen::Now,
        causes,
        pin_tests: pin_tests(s, col, |u| charged.contains(&u.id)),
    })
}

/// Whether a formed column must break as it stands, and who then takes pin tests. `None` for
/// a column that holds (or is already broken).
pub fn break_now(s: &Scenario, id: ColumnId) -> Result<Option<ColumnBreak>, ColumnError> {
    let col = find(s, id)?;
    if col.state == ColumnState::Broken {
        return Ok(None);
    }
    let chain = chain::read(s, col)?;
    Ok(now(s, col, &chain))
}
