//! What the R3 preview says of Fall Back!: the branch that applies, where the unit heads, the
//! enemy "toward" and "away" refer to, snap fire, and whether it leaves the table.

use super::path::PathOut;
use crate::geom::Point;
use crate::model::{Edge, UnitId};
use crate::rules::los::UnitConcealment;
use serde::Serialize;
use std::fmt;

/// Which Fall Back! rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FallBackBranch {
    /// Under a quarter of its starting models: destroyed at once.
    Destroyed,
    /// At least half: fire at 1/2 RoF or move 1/2 Mv.
    FireOrMove,
    /// Under half and concealed from every enemy in range: stays, +1 Ev, +1 To.
    Hides,
    /// Under half and seen: must move toward concealment or its table edge.
    MustMove,
}

impl fmt::Display for FallBackBranch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FallBackBranch::Destroyed => {
                "under a quarter of its starting models: destroyed and removed at once"
            }
            FallBackBranch::FireOrMove => {
                "at least half its starting models: fire at 1/2 RoF, or move 1/2 Mv toward or \
                 away from the enemy, not both"
            }
            FallBackBranch::Hides => {
                "under half its starting models, concealed from every enemy within its Aw range: \
                 stays, +1 Ev, +1 To, no snap fire in the opponent's next action phase"
            }
            FallBackBranch::MustMove => {
                "under half its starting models and seen: must move up to 2 x Mv toward the \
                 nearest concealed position, or toward its table edge"
            }
        })
    }
}

/// What a forced Fall Back! move heads for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Heading {
    Concealment,
    TableEdge(Edge),
}

/// The unit leaves the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Removal {
    /// Counts as destroyed for scoring and Task Force Morale.
    pub counted_destroyed: bool,
    pub text: String,
}

/// The nearest enemy unit, for the direction of a half move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NearestEnemy {
    pub unit: UnitId,
    pub name: String,
    pub distance_in: f32,
}

/// The Fall Back! part of a preview.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FallBackPreview {
    pub branch: FallBackBranch,
    pub text: String,
    /// Concealment from the enemy units within Aw (under half strength only).
    pub concealment: Option<UnitConcealment>,
    /// The enemy unit "toward" and "away" refer to (at least half strength).
    pub nearest_enemy: Option<NearestEnemy>,
    pub heading: Option<Heading>,
    /// Where the leader (or the first model) heads, and its path there (uncut).
    pub destination: Option<Point>,
    pub path: Option<PathOut>,
    pub snap_fire: bool,
    pub removed: Option<Removal>,
}
