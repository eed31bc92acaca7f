//! What an M42 preview answers (R2): where the leader may assault, where each follower may land,
//! which models may regroup, the verdict on a proposed destination, and the whole preview.

use super::command::CommandReport;
use super::leader::{CannotMove, LeaderSource};
use super::move_type::{Effect, MoveType};
use crate::geom::Point;
use crate::model::*;
use crate::rules::placement::{Landing, LandingRule, Suggestion};
use crate::rules::reach::{Refusal, Region, Route};
use serde::Serialize;
use std::fmt;

/// A place the leader could assault: base contact with an enemy model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Assault {
    pub unit: UnitId,
    pub unit_name: String,
    pub model: ModelId,
    /// Where the leader's centre ends, in base contact.
    pub contact: Point,
    pub route: Route,
}

/// Where one model that starts in the radius may land.
#[derive(Clone, Debug, Serialize)]
pub struct Follower {
    pub model: ModelId,
    pub from: Point,
    pub allowance_in: f32,
    /// The landing region: within the allowance, inside the radius around the leader's end,
    /// within coherency of a model placed before it.
    #[serde(skip)]
    pub region: Region,
    pub outline: Vec<Vec<Point>>,
    /// A legal spot in a formation that keeps the unit's shape where it can, or `None` when
    /// the region is empty (the model must stay).
    pub suggested: Option<Point>,
}

/// A model outside the radius at the start: it may stay, or regroup toward the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Regroup {
    pub model: ModelId,
    pub from: Point,
    pub result: Result<Route, NoRegroup>,
}

/// Why a model outside the radius may not regroup.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum NoRegroup {
    /// Within 12" of an enemy model at the start.
    EnemyWithin12 {
        unit: UnitId,
        name: String,
        distance_in: f32,
    },
    /// The move type moves nobody.
    NoMovement,
    /// No legal route toward the leader.
    Blocked(Refusal),
}

impl fmt::Display for NoRegroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoRegroup::EnemyWithin12 {
                name, distance_in, ..
            } => write!(
                f,
                "may not regroup: {distance_in:.2}\" from {name} (out-of-command models within \
                 12\" of the enemy stay put)"
            ),
            NoRegroup::NoMovement => write!(f, "nobody moves this turn"),
            NoRegroup::Blocked(r) => write!(f, "cannot regroup: {r}"),
        }
    }
}

/// The verdict on one proposed destination for the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Destination {
    pub to: Point,
    pub verdict: Result<Route, Illegal>,
    /// Whether the destination is in base contact with an enemy (an assault).
    pub assault: bool,
}

/// Why the leader may not end at a proposed destination.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Illegal {
    CannotMove(CannotMove),
    /// Halt and Dig-In keep the leader where he is.
    LeaderStays(MoveType),
    Refused(Refusal),
    /// Assaults are made by Advance or At the Double only.
    AssaultNeedsAdvance(MoveType),
    /// The leader's base would overlap another model.
    Overlaps {
        unit: UnitId,
        name: String,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::CannotMove(c) => c.fmt(f),
            Illegal::LeaderStays(t) => write!(f, "under {t} the leader does not move"),
            Illegal::Refused(r) => r.fmt(f),
            Illegal::AssaultNeedsAdvance(t) => {
                write!(f, "an assault needs Advance or At the Double, not {t}")
            }
            Illegal::Overlaps { name, .. } => write!(f, "the leader's base would overlap {name}"),
        }
    }
}

/// What a player may do with one unit under one move type.
#[derive(Clone, Debug, Serialize)]
pub struct Preview {
    pub unit: UnitId,
    pub unit_name: String,
    pub move_type: MoveType,
    pub leader: Option<(ModelId, LeaderSource)>,
    pub command: Option<CommandReport>,
    /// Every move type with the reason it is refused, if it is.
    pub available: Vec<(MoveType, Option<CannotMove>)>,
    /// Why this move type cannot be made, if it cannot.
    pub refused: Option<CannotMove>,
    pub effects: Vec<Effect>,
    pub leader_allowance_in: f32,
    /// Where the leader may end (absent when he does not move).
    #[serde(skip)]
    pub leader_region: Option<Region>,
    pub leader_outline: Vec<Vec<Point>>,
    pub assaults: Vec<Assault>,
    /// The leader's end position the followers are shown around.
    pub leader_end: Option<Point>,
    pub followers: Vec<Follower>,
    pub regroup: Vec<Regroup>,
    pub destination: Option<Destination>,
}

impl Follower {
    /// Where the follower may land under the rules of `unit`, and the spot suggested there.
    pub fn suggestion(&self, unit: &Unit) -> Suggestion {
        Suggestion {
            landing: Landing {
                model: self.model,
                region: Some(self.region.clone()),
                along: None,
                rule: LandingRule::M42Follower {
                    allowance_in: self.allowance_in,
                    radius_in: super::command_radius(unit),
                    coherency_in: super::coherency(unit),
                },
            },
            spot: self.suggested,
        }
    }
}
