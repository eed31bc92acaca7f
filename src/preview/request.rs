//! What a preview is asked for: the unit, the choice to preview for it (one of the rules'
//! `engine::choices`), and a column's drawn route; and where the unit stands for dragging.

use crate::geom::Point;
use crate::model::*;
use crate::rules::engine::Choice;

/// What the preview of one unit is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub unit: UnitId,
    pub mode: Choice,
    /// A column's route as drawn on the map, after where its lead stands (R1 Move); for a hex
    /// move (R5), the one point clicked: the destination whose route and reaction-charge check
    /// points are shown.
    pub route: Vec<Point>,
}

impl Request {
    pub fn new(unit: UnitId, mode: Choice) -> Request {
        Request {
            unit,
            mode,
            route: Vec::new(),
        }
    }
}

/// Where a unit stands for dragging and hovering: its hex's centre on a hex map, its leader
/// model on the table.
pub fn anchor(s: &Scenario, unit: UnitId) -> Option<Point> {
    let u = s.unit(unit)?;
    match (u.hex(), s.map.as_hex()) {
        (Some((hex, _)), Some(h)) => Some(crate::scene::layout(h).hex_to_world_pos(hex)),
        // A unit with no leader model is moved by its first (R1's unit on its own).
        _ => u.leader().or(u.models.first()).map(|m| m.pos),
    }
}

/// The column `unit` marches in, if any.
pub fn column_of(s: &Scenario, unit: UnitId) -> Option<&Column> {
    s.columns
        .iter()
        .find(|c| c.members.iter().any(|m| m.unit == unit))
}
