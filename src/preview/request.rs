//! What a preview is asked for: the unit, what to preview for it under the scenario's ruleset,
//! and a column's drawn route; and where the unit stands for dragging.

use crate::geom::Point;
use crate::model::*;
use crate::rules::m42::MoveType;
use crate::rules::orders::Action;
use std::fmt;

/// What to preview for the selected unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// R5: the unit's legal moves under its traced command, or under the chit given.
    HexMove(Option<Command>),
    /// R5: a leader's command span and who in his force is in command.
    HexSpan,
    /// R2: one move type.
    M42(MoveType),
    /// R3: one order.
    Orders(Action),
    /// R1: the column the unit marches in, under one activation.
    Column(ColumnId, ColumnOrder),
    /// R5: the reaction charge of the unit (enemy cavalry) against `trigger` moving to `to`,
    /// at the first check point of its route that lets the unit charge.
    HexReaction { trigger: UnitId, to: hexx::Hex },
}

/// The activations a column's preview offers (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColumnOrder {
    /// Move, along the route drawn on the map (straight on when none is drawn).
    Move,
    StandTo,
    /// The order fails: the column repeats its last successful action.
    Failed,
    /// A voluntary break: an order to this unit of the column before the column activates
    /// (passed: broken, no pin tests; failed: the column repeats its last successful action).
    VoluntaryBreak(UnitId),
    /// After a break: this unit, still off table, tries to come on at the entry point (any
    /// waiting unit may be the one; the player picks).
    Enter(UnitId),
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::HexMove(None) => f.write_str("Moves under its command"),
            Mode::HexMove(Some(c)) => write!(f, "Moves as if under {c}"),
            Mode::HexSpan => f.write_str("Command span"),
            Mode::M42(t) => write!(f, "{t}"),
            Mode::Orders(a) => write!(f, "{a}"),
            Mode::Column(_, ColumnOrder::Move) => f.write_str("Column: Move"),
            Mode::Column(_, ColumnOrder::StandTo) => f.write_str("Column: Stand To"),
            Mode::Column(_, ColumnOrder::Failed) => f.write_str("Column: failed order"),
            Mode::Column(_, ColumnOrder::VoluntaryBreak(_)) => {
                f.write_str("Column: voluntary break (order this unit)")
            }
            Mode::Column(_, ColumnOrder::Enter(u)) => write!(f, "Column: bring on unit {u}"),
            Mode::HexReaction { trigger, .. } => {
                write!(f, "Reaction charge against unit {trigger}")
            }
        }
    }
}

/// The words for `mode` in the preview bar, naming the units it is about.
pub fn mode_text(s: &Scenario, mode: Mode) -> String {
    match mode {
        Mode::Column(_, ColumnOrder::Enter(u)) => match s.unit(u) {
            Some(u) => format!("Column: bring on {}", u.name),
            None => mode.to_string(),
        },
        Mode::Column(_, ColumnOrder::VoluntaryBreak(u)) => match s.unit(u) {
            Some(u) => format!("Column: voluntary break (order {})", u.name),
            None => mode.to_string(),
        },
        Mode::HexReaction { trigger, .. } => match s.unit(trigger) {
            Some(u) => format!("Reaction charge against {}", u.name),
            None => mode.to_string(),
        },
        _ => mode.to_string(),
    }
}

/// What the preview of one unit is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub unit: UnitId,
    pub mode: Mode,
    /// A column's route as drawn on the map, after where its lead stands (R1 Move); for a hex
    /// move (R5), the one point clicked: the destination whose route and reaction-charge check
    /// points are shown.
    pub route: Vec<Point>,
}

impl Request {
    pub fn new(unit: UnitId, mode: Mode) -> Request {
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
        _ => u.leader().map(|m| m.pos),
    }
}

/// The column `unit` marches in, if any.
pub fn column_of(s: &Scenario, unit: UnitId) -> Option<&Column> {
    s.columns
        .iter()
        .find(|c| c.members.iter().any(|m| m.unit == unit))
}
