//! Breaking the column (R1): what breaks it, who takes a pin test, the voluntary break, and
//! the one unit per turn that may try to come on after a break.
//!
//! Choices (see docs/rules.md, R1):
//! - Pin tests go to every unit that was part of the column and is still in play and has not
//!   marched off the table, units still off table included ("all friendly units that were
//!   previously part of the column"), except the unit attacked in melee ("all other") and
//!   units already pinned (a pin test cannot pin them further).
//! - Several causes at once make one break with one round of pin tests.
//! - After a break, any unit still off table may be the one that tries to come on; it takes
//!   its own Discipline test and, passing, comes on at the entry point in ranks of its column
//!   width along the entry heading, its front `distance` in from the edge (at most its Mv, and
//!   never less than its own depth, so that all of it stands on the table).

use super::chain::{self, Stand};
use super::march::{Illegal, PlacedModel, UnitEnd};
use super::order::DisciplineTest;
use super::track::Track;
use super::{ColumnError, GAP_TOLERANCE_IN, MAX_GAP_IN, find, serial};
use crate::edit::Edit;
use crate::geom::{Point, vec_bearing};
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
                "'{name}' is {gap_in:.1}\" behind '{ahead_name}', more than {MAX_GAP_IN}\""
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
        write!(f, "'{}'", self.name)?;
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
    /// The edit that records the break: the column's state becomes broken, for good.
    pub fn edits(&self, s: &Scenario, column: ColumnId) -> Vec<Edit> {
        broken(s, column).into_iter().collect()
    }
}

fn broken(s: &Scenario, column: ColumnId) -> Option<Edit> {
    let col = s.column(column)?;
    (col.state != ColumnState::Broken).then(|| {
        let mut c = col.clone();
        c.state = ColumnState::Broken;
        Edit::PutColumn(Box::new(c))
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
    pub on_fail: Box<super::ColumnPreview>,
}

impl VoluntaryBreak {
    /// The edits when the unit's order passes: the column is broken (no pin tests).
    pub fn edits_on_pass(&self, s: &Scenario) -> Vec<Edit> {
        broken(s, self.column).into_iter().collect()
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
    let on_fail = super::preview(s, id, super::Activation::Failed)?;
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

/// A unit of a broken column trying to come on at the entry point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryPreview {
    pub column: ColumnId,
    pub column_name: String,
    /// Every unit still off table, in march order, with its activation test: any one of them
    /// may try this turn.
    pub candidates: Vec<DisciplineTest>,
    pub unit: UnitId,
    pub name: String,
    /// Its activation test (2D6 against its own Discipline).
    pub test: DisciplineTest,
    #[serde(serialize_with = "serial::inches")]
    pub allowance_in: f32,
    #[serde(serialize_with = "serial::inches")]
    pub distance_in: f32,
    #[serde(serialize_with = "serial::point")]
    pub entry: Point,
    #[serde(serialize_with = "serial::inches")]
    pub heading_deg: f32,
    /// Its front centre and facing once on.
    #[serde(serialize_with = "serial::point")]
    pub front: Point,
    #[serde(serialize_with = "serial::inches")]
    pub facing_deg: f32,
    pub models: Vec<PlacedModel>,
    #[serde(serialize_with = "serial::texted_list")]
    pub illegal: Vec<Illegal>,
    pub legal: bool,
}

impl EntryPreview {
    /// The unit on the table, if its activation passes and the entry is legal.
    pub fn edits(&self, s: &Scenario) -> Result<Vec<Edit>, Vec<Illegal>> {
        if !self.legal {
            return Err(self.illegal.clone());
        }
        let Some(u) = s.unit(self.unit) else {
            return Ok(Vec::new());
        };
        let mut next = u.clone();
        for pm in &self.models {
            if let Some(m) = next.models.iter_mut().find(|m| m.id == pm.id) {
                m.pos = pm.pos;
                m.facing_deg = pm.facing_deg;
            }
        }
        next.position = Position::Table;
        Ok(vec![Edit::PutUnit(Box::new(next))])
    }
}

/// After a break: `unit` (default the first still off table) tries to come on at the column's
/// entry point, moving `distance_in` (default its Mv).
pub fn entry(
    s: &Scenario,
    id: ColumnId,
    unit: Option<UnitId>,
    distance_in: Option<f32>,
) -> Result<EntryPreview, ColumnError> {
    let col = find(s, id)?;
    if col.state != ColumnState::Broken {
        return Err(ColumnError::NotBroken(col.name.clone()));
    }
    let Map::Table(t) = &s.map else {
        return Err(ColumnError::NotATable(col.id));
    };
    let waiting: Vec<(&Unit, u8)> = col
        .members
        .iter()
        .filter_map(|m| s.unit(m.unit).map(|u| (u, m.width_figures)))
        .filter(|(u, _)| u.in_play() && u.position == Position::OffMap && !u.models.is_empty())
        .collect();
    let (u, width) = match unit {
        Some(id) => waiting
            .iter()
            .find(|(u, _)| u.id == id)
            .copied()
            .ok_or_else(|| match s.unit(id) {
                Some(u) if col.members.iter().any(|m| m.unit == id) => {
                    ColumnError::NotWaiting(u.name.clone())
                }
                _ => ColumnError::NotAMember {
                    unit: id,
                    column: col.name.clone(),
                },
            })?,
        None => waiting
            .first()
            .copied()
            .ok_or_else(|| ColumnError::NothingToEnter(col.name.clone()))?,
    };
    let allowance = u.stats.mv as f32;
    let distance = distance_in.unwrap_or(allowance);
    if !distance.is_finite() || distance < 0.0 {
        return Err(ColumnError::BadDistance(distance));
    }
    if distance > allowance + 1e-4 {
        return Err(ColumnError::BeyondAllowance {
            name: u.name.clone(),
            distance,
            allowance,
        });
    }
    let shape = chain::formed_shape(&u.models, width)
        .ok_or_else(|| ColumnError::NothingToEnter(col.name.clone()))?;
    let entry = chain::entry_point(&col.entry, t.width_in, t.height_in);
    let heading = crate::geom::bearing_vec(col.entry.heading_deg);
    let front_t = distance.max(shape.depth + 1e-3);
    let track = Track::new(
        entry,
        heading,
        shape.depth + 2.0,
        &[entry + heading * front_t],
    );
    let (front, facing, placed) = chain::place(&track, front_t, &shape);
    let models: Vec<PlacedModel> = placed.into_iter().map(PlacedModel::from).collect();
    // Nothing may stand in the way of the unit coming on.
    let mut illegal = Vec::new();
    let reach = shape.half_width;
    for other in &s.units {
        if other.id == u.id || !other.on_table() || !other.in_play() {
            continue;
        }
        let hit = other.models.iter().any(|m| {
            crate::geom::point_segment_distance(m.pos, entry, front)
                < reach + m.footprint().bounding_radius() - 0.01
        });
        if hit {
            illegal.push(Illegal::EntryBlocked {
                unit: u.id,
                name: u.name.clone(),
                other: other.id,
                other_name: other.name.clone(),
            });
        }
    }
    let candidates = waiting.iter().map(|(w, _)| DisciplineTest::of(w)).collect();
    Ok(EntryPreview {
        column: col.id,
        column_name: col.name.clone(),
        candidates,
        unit: u.id,
        name: u.name.clone(),
        test: DisciplineTest::of(u),
        allowance_in: allowance,
        distance_in: distance,
        entry,
        heading_deg: chain::norm_deg(vec_bearing(heading)),
        front,
        facing_deg: facing,
        models,
        legal: illegal.is_empty(),
        illegal,
    })
}
