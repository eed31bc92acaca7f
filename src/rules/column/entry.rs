//! After a break (R1): one unit still off table per turn may try to come on at the entry point.
//!
//! Choice (see docs/rules.md, R1): any unit still off table may be the one that tries; it takes
//! its own Discipline test and, passing, comes on at the entry point in ranks of its column
//! width along the entry heading, its front `distance` in from the edge (at most its Mv, and
//! never less than its own depth, so that all of it stands on the table).

use super::chain;
use super::error::{ColumnError, find};
use super::order::DisciplineTest;
use super::outcome::ColumnOutcome;
use super::serial;
use super::track::Track;
use super::units::{self, PlacedModel, UnitEnd};
use super::verdict::Illegal;
use crate::geom::{Point, vec_bearing};
use crate::model::*;
use serde::Serialize;

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

/// The units of column `col` still off table that may try to come on, in march order, each
/// with its column width.
fn waiting_units<'a>(s: &'a Scenario, col: &Column) -> Vec<(&'a Unit, u8)> {
    col.members
        .iter()
        .filter_map(|m| s.unit(m.unit).map(|u| (u, m.width_figures)))
        .filter(|(u, _)| u.in_play() && u.position == Position::OffMap && !u.models.is_empty())
        .collect()
}

/// The units of a broken column still off table, in march order: any one of them may be the
/// one that tries to come on this turn. Empty for a formed column (its units come on as it
/// moves) or an unknown one.
pub fn waiting(s: &Scenario, id: ColumnId) -> Vec<UnitId> {
    match s.column(id) {
        Some(col) if col.state == ColumnState::Broken => {
            waiting_units(s, col).iter().map(|(u, _)| u.id).collect()
        }
        _ => Vec::new(),
    }
}

impl EntryPreview {
    /// The unit's activation rolled `roll` on 2D6: at or above its Discipline it comes on
    /// (`Some`, refused with why when the entry is illegal); below it, it stays off table this
    /// turn (`None`: nothing changes).
    pub fn carry_out(&self, s: &Scenario, roll: u8) -> Option<Result<ColumnOutcome, Vec<Illegal>>> {
        (roll >= self.test.discipline).then(|| self.outcome(s))
    }

    /// What the entry changes if the unit's activation passes: the unit on the table.
    /// Refused when the entry is illegal.
    pub fn outcome(&self, s: &Scenario) -> Result<ColumnOutcome, Vec<Illegal>> {
        if !self.legal {
            return Err(self.illegal.clone());
        }
        Ok(ColumnOutcome {
            units: s
                .unit(self.unit)
                .map(|u| units::placed(u, &self.models, UnitEnd::Table))
                .into_iter()
                .collect(),
            column: None,
        })
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
    let waiting = waiting_units(s, col);
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
