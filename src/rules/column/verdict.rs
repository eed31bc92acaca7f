//! What a column preview says of a move: what the player should know (the move may still be
//! made), and why it may not be made.

use super::breaking::{self, PinTest};
use super::serial;
use crate::model::*;
use serde::Serialize;
use std::fmt;

/// Something the player should know; the move may still be made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// A failed order takes the column across an obstacle: likely to break.
    LikelyToBreak {
        piece: PieceId,
        name: String,
        /// The units that cross it in this move.
        units: Vec<UnitId>,
        /// Who takes a pin test if it does break.
        pin_tests: Vec<PinTest>,
    },
    /// A unit stands away from the column's route; it follows the route from its nearest
    /// point.
    OffRoute {
        unit: UnitId,
        name: String,
        #[serde(serialize_with = "serial::inches")]
        distance_in: f32,
    },
    /// The drawn route is shorter than the distance: the column stops at its end.
    RouteShort {
        #[serde(serialize_with = "serial::inches")]
        length_in: f32,
        #[serde(serialize_with = "serial::inches")]
        distance_in: f32,
    },
    /// A member that cannot march with the column (no figures, or not on this table).
    NotMarching { unit: UnitId, name: String },
    /// Wheeling round a sharp turn, a unit's bases run into those of the unit ahead: the
    /// player should ease them apart.
    Crowded {
        unit: UnitId,
        name: String,
        ahead: UnitId,
        ahead_name: String,
        #[serde(serialize_with = "serial::inches")]
        overlap_in: f32,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::LikelyToBreak {
                name, pin_tests, ..
            } => {
                write!(
                    f,
                    "the column crosses '{name}' on a failed order: it is likely to break"
                )?;
                if !pin_tests.is_empty() {
                    write!(
                        f,
                        "; if it does, pin tests for {}",
                        breaking::list(pin_tests)
                    )?;
                }
                Ok(())
            }
            Warning::OffRoute {
                name, distance_in, ..
            } => write!(
                f,
                "'{name}' stands {distance_in:.2}\" off the column's route; it falls in at the nearest point"
            ),
            Warning::RouteShort {
                length_in,
                distance_in,
            } => write!(
                f,
                "the route is only {length_in:.2}\" long: the column stops at its end instead of moving {distance_in:.2}\""
            ),
            Warning::NotMarching { name, .. } => {
                write!(f, "'{name}' has no figures on this table to march with")
            }
            Warning::Crowded {
                name,
                ahead_name,
                overlap_in,
                ..
            } => write!(
                f,
                "wheeling round the turn, '{name}' runs {overlap_in:.2}\" into '{ahead_name}'"
            ),
        }
    }
}

/// Why the move may not be made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Illegal {
    /// The column would pass through another unit (R1: no unit may pass through a column,
    /// nor a column through another unit).
    PassesThrough {
        unit: UnitId,
        name: String,
        other: UnitId,
        other_name: String,
    },
    /// The route runs into impassable terrain.
    Impassable { piece: PieceId, name: String },
    /// A unit coming on after a break finds another unit in its way at the entry point.
    EntryBlocked {
        unit: UnitId,
        name: String,
        other: UnitId,
        other_name: String,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::PassesThrough {
                name, other_name, ..
            } => write!(
                f,
                "'{name}' would pass through '{other_name}': a column may not pass through another unit"
            ),
            Illegal::Impassable { name, .. } => {
                write!(f, "the route runs into impassable '{name}'")
            }
            Illegal::EntryBlocked {
                name, other_name, ..
            } => write!(
                f,
                "'{name}' cannot come on: '{other_name}' stands in its way at the entry point"
            ),
        }
    }
}
