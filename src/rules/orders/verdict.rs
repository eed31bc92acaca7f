//! Why a proposed destination is legal or not (R3): the terrain it meets, the way a Fall Back!
//! half move goes, and the verdict with its path.

use super::action::Action;
use super::path::PathOut;
use super::why::Why;
use crate::geom::Point;
use crate::model::{PieceId, UnitId};
use serde::Serialize;
use std::fmt;

/// A proposed destination is legal when its path is within the allowance to a hundredth of an
/// inch, finer than anyone measures on a table (and than the regions are sampled).
pub const MEASURE_TOLERANCE_IN: f32 = 0.01;

/// A terrain piece, by ID and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceRef {
    pub id: PieceId,
    pub name: String,
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// How a move meets a piece of terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Crossing {
    StartsIn,
    EndsIn,
    Crosses,
}

impl fmt::Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Crossing::StartsIn => "starts in",
            Crossing::EndsIn => "ends in",
            Crossing::Crosses => "crosses",
        })
    }
}

/// Which way a Fall Back! half move goes, relative to the nearest enemy unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Toward,
    Away,
    /// Neither nearer nor further (or there is no enemy on the table).
    Either,
}

/// Why a proposed destination is illegal.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Illegal {
    /// The leader may not move under this action (Rally!).
    LeaderStays { action: Action },
    /// Nobody moves under this action (Go to Ground!).
    NoMove { action: Action },
    /// Fall Back!: concealed from every enemy in range, the unit stays.
    Hides,
    /// Fall Back!: under a quarter strength, the unit is destroyed.
    Destroyed,
    /// The destination is in impassable terrain.
    Impassable { piece: PieceRef },
    /// The destination is within 2" of an enemy model.
    NearEnemy { unit: UnitId, name: String },
    /// The destination is on a unit of a formed column (R1: no unit passes through one).
    InColumn {
        unit: UnitId,
        name: String,
        column: String,
    },
    /// The base would not fit on the table there.
    OffTable,
    /// No legal route reaches it.
    Enclosed,
    /// The shortest legal route is longer than the allowance.
    TooFar { length_in: f32, allowance_in: f32 },
    /// A disorderly move that starts in, ends in or crosses terrain is capped at base Mv.
    TerrainCap {
        piece: PieceRef,
        crossing: Crossing,
        length_in: f32,
        cap_in: f32,
    },
    /// A Fall Back! move never ends in dangerous terrain.
    Dangerous { piece: PieceRef },
    /// Under half strength Fall Back! leads to concealment or the table edge, not here.
    NotWhereFallBackLeads { end: Option<Point> },
}

fn inches(v: f32) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{:.0}\"", v.round())
    } else {
        format!("{v:.2}\"")
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::LeaderStays { action } => write!(f, "the leader may not move under {action}"),
            Illegal::NoMove { action } => write!(f, "nobody moves under {action}"),
            Illegal::Hides => f.write_str(
                "the unit is concealed from every enemy within its Aw range: it stays where it is",
            ),
            Illegal::Destroyed => {
                f.write_str("the unit is under a quarter of its starting models: it is destroyed")
            }
            Illegal::Impassable { piece } => {
                write!(f, "the destination is in {piece}, which is impassable")
            }
            Illegal::NearEnemy { name, .. } => write!(
                f,
                "the destination is within 2\" of a model of {name}: no model may end or pass \
                 within 2\" of an enemy"
            ),
            Illegal::InColumn { name, column, .. } => write!(
                f,
                "the destination is on '{name}' of the formed column '{column}': no unit may \
                 pass through a column"
            ),
            Illegal::OffTable => f.write_str("the base would not fit on the table there"),
            Illegal::Enclosed => f.write_str(
                "no route reaches it without crossing impassable terrain or passing within 2\" \
                 of an enemy",
            ),
            Illegal::TooFar {
                length_in,
                allowance_in,
            } => write!(
                f,
                "too far: the shortest legal route is {}, more than the {} allowed",
                inches(*length_in),
                inches(*allowance_in)
            ),
            Illegal::TerrainCap {
                piece,
                crossing,
                length_in,
                cap_in,
            } => write!(
                f,
                "{crossing} {piece}: disorderly moves through terrain are capped at {} (this \
                 move is {})",
                inches(*cap_in),
                inches(*length_in)
            ),
            Illegal::Dangerous { piece } => write!(
                f,
                "ends in {piece}, which is dangerous: a Fall Back! move never ends in dangerous \
                 terrain"
            ),
            Illegal::NotWhereFallBackLeads { end: Some(e) } => write!(
                f,
                "Fall Back! must head for concealment or its table edge: this model ends at \
                 ({:.2}, {:.2})",
                e.x, e.y
            ),
            Illegal::NotWhereFallBackLeads { end: None } => {
                f.write_str("Fall Back! must end in concealment it can reach: this is not")
            }
        }
    }
}

/// The verdict on one proposed leader destination.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DestinationCheck {
    pub to: Point,
    pub legal: bool,
    /// The path the verdict is about: the legal path when legal; when capped by terrain, the
    /// shortest route that meets the terrain; `None` when no route was measured.
    pub path: Option<PathOut>,
    /// The allowance the path is measured against.
    pub allowance_in: f32,
    /// Fall Back! half move: toward or away from the nearest enemy unit.
    pub direction: Option<Direction>,
    pub reason: Option<Why<Illegal>>,
}
