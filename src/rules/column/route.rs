//! Which line the lead takes in a move, and the items a route names (R1).

use crate::model::PieceId;
use serde::Serialize;
use std::fmt;

/// An item named in a reason: a terrain piece or a unit (IDs share one counter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named {
    pub id: u32,
    pub name: String,
}

/// Which line the lead takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RouteKind {
    /// Nobody moves.
    Stays,
    /// The route the player drew.
    Drawn,
    /// Straight on along the column's heading.
    StraightOn,
    /// On along the line the units ahead took before they marched off the table.
    FollowsRoute,
    /// A failed order: along the road the lead stands on.
    Road { piece: PieceId, name: String },
    /// A failed order: straight on, bending around difficult ground or obstacles.
    Detour { around: Vec<Named> },
    /// A failed order: straight on through difficult ground or an obstacle that has no way
    /// around.
    NoDetour { through: Vec<Named> },
}

fn names(v: &[Named]) -> String {
    v.iter()
        .map(|n| format!("'{}'", n.name))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for RouteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteKind::Stays => f.write_str("stands where it is"),
            RouteKind::Drawn => f.write_str("along the drawn route"),
            RouteKind::StraightOn => f.write_str("straight on"),
            RouteKind::FollowsRoute => {
                f.write_str("on along the route the units ahead took off the table")
            }
            RouteKind::Road { name, .. } => write!(f, "along the road '{name}'"),
            RouteKind::Detour { around } => {
                write!(f, "straight on, turning around {}", names(around))
            }
            RouteKind::NoDetour { through } => write!(
                f,
                "straight on through {}: there is no way around",
                names(through)
            ),
        }
    }
}
