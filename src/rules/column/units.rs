//! Where each unit of a column stands before and after a move: on the table, still off it, or
//! marched off; each model's end position; and the unit as the move leaves it.

use super::chain::Placed;
use super::serial;
use crate::geom::Point;
use crate::model::*;
use serde::Serialize;

/// Where a unit is, before or after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitEnd {
    Table,
    OffTable,
    Exited,
}

/// One model at its end position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlacedModel {
    pub id: ModelId,
    #[serde(serialize_with = "serial::point")]
    pub pos: Point,
    #[serde(serialize_with = "serial::inches")]
    pub facing_deg: f32,
}

impl From<Placed> for PlacedModel {
    fn from(p: Placed) -> Self {
        PlacedModel {
            id: p.model,
            pos: p.pos,
            facing_deg: p.facing_deg,
        }
    }
}

/// One unit of the column: where it starts and ends.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitMove {
    pub unit: UnitId,
    pub name: String,
    /// Place in the order of march, 1 for the column's first unit.
    pub place: usize,
    pub width_figures: u8,
    pub from: UnitEnd,
    pub to: UnitEnd,
    /// Distance its front travels along the route (every unit alike).
    #[serde(serialize_with = "serial::inches")]
    pub moved_in: f32,
    /// The centre of its front edge at the end (beyond the table edge while off table).
    #[serde(serialize_with = "serial::point")]
    pub front: Point,
    #[serde(serialize_with = "serial::inches")]
    pub facing_deg: f32,
    /// How far its front stands along the route from the entry point (negative: still
    /// waiting behind it).
    #[serde(serialize_with = "serial::inches")]
    pub along_route_in: f32,
    pub models: Vec<PlacedModel>,
}

/// `u` as a move leaves it: each model of `models` at its end position and facing, and on the
/// table, still off it or exited as `to` says.
pub(crate) fn placed(u: &Unit, models: &[PlacedModel], to: UnitEnd) -> Unit {
    let mut next = u.clone();
    for pm in models {
        if let Some(m) = next.models.iter_mut().find(|m| m.id == pm.id) {
            m.pos = pm.pos;
            m.facing_deg = pm.facing_deg;
        }
    }
    next.position = match to {
        UnitEnd::Table => Position::Table,
        UnitEnd::OffTable => Position::OffMap,
        UnitEnd::Exited => Position::Exited,
    };
    next
}
