//! The six R3 orders: their names, which a unit may take and why not, how each moves the unit,
//! and the distances orderly and disorderly movement keep.

use super::why::Why;
use crate::geom::Point;
use crate::model::{Morale, Unit, UnitId};
use serde::Serialize;
use std::fmt;

/// The placement radius of orderly movement (R3): 6", or 12" under Rally!.
pub const ORDERLY_RADIUS_IN: f32 = 6.0;
pub const RALLY_RADIUS_IN: f32 = 12.0;
/// Disorderly models must try to end within this of another model of their unit.
pub const COHERENCY_IN: f32 = 2.0;

/// The six R3 orders, named in the model so a game's log keeps them typed.
pub use crate::model::OrdersAction as Action;

/// How the unit moves under an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// The leader's move is measured; models near him are placed around his end.
    Orderly,
    /// Every model is measured on its own, under the terrain cap.
    Disorderly,
    /// Only the leader moves (Open Fire!).
    LeaderOnly,
    /// Nobody moves.
    None,
    /// Fall Back!: see its branch.
    FallBack,
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Movement::Orderly => "orderly movement",
            Movement::Disorderly => "disorderly movement",
            Movement::LeaderOnly => "the leader moves, the rest stay",
            Movement::None => "no movement",
            Movement::FallBack => "falls back",
        })
    }
}

/// Why an action may not be ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Failed its Ld check this turn: only Fall Back!.
    FailedLdCheck,
    /// Routing (R4, in a scenario that also plays morale): it may not act as other units until
    /// it rallies; it takes its rally test or keeps routing instead of an order.
    Routing,
    /// The unit has no leader model to measure from or see with.
    NoLeader,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::FailedLdCheck => {
                f.write_str("the unit failed its Ld check this turn: Fall Back! is its only order")
            }
            Refusal::Routing => f.write_str(
                "the unit is routing: it takes no orders until it rallies (R4: its rally test, \
                 or it keeps routing)",
            ),
            Refusal::NoLeader => f.write_str("the unit has no leader model"),
        }
    }
}

/// Whether one action may be ordered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionChoice {
    pub action: Action,
    pub name: &'static str,
    pub allowed: bool,
    pub refused: Option<Why<Refusal>>,
}

/// The unit, the action, and optionally where the leader is proposed to go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderRequest {
    pub unit: UnitId,
    pub action: Action,
    pub leader_to: Option<Point>,
}

impl OrderRequest {
    pub fn new(unit: UnitId, action: Action) -> OrderRequest {
        OrderRequest {
            unit,
            action,
            leader_to: None,
        }
    }

    pub fn to(self, p: Point) -> OrderRequest {
        OrderRequest {
            leader_to: Some(p),
            ..self
        }
    }
}

/// Why the unit may be given no order at all, if so: a routing unit (R4) takes none until it
/// rallies. The Ld check that comes before an order is refused for the same reason.
pub fn no_order(unit: &Unit) -> Option<Refusal> {
    (unit.state.morale == Morale::Routing).then_some(Refusal::Routing)
}

/// Whether the unit may be given `action`, and if not why.
pub fn refusal(unit: &Unit, action: Action) -> Option<Refusal> {
    if let Some(r) = no_order(unit) {
        return Some(r);
    }
    if action == Action::FallBack {
        return None;
    }
    if unit.state.failed_ld_check {
        return Some(Refusal::FailedLdCheck);
    }
    if action != Action::GoToGround && unit.leader().is_none() {
        return Some(Refusal::NoLeader);
    }
    None
}

/// The action a unit is given when none is named: Fall Back! after a failed Ld check,
/// otherwise Advance! (refused, with the reason, to a routing unit).
pub fn default_action(unit: &Unit) -> Action {
    if unit.state.failed_ld_check || unit.leader().is_none() {
        Action::FallBack
    } else {
        Action::Advance
    }
}

/// Every action with whether the unit may take it.
pub fn choices(unit: &Unit) -> Vec<ActionChoice> {
    Action::ALL
        .into_iter()
        .map(|action| {
            let r = refusal(unit, action);
            ActionChoice {
                action,
                name: action.name(),
                allowed: r.is_none(),
                refused: r.map(Why::new),
            }
        })
        .collect()
}

/// The movement mode of an action for this unit (before Fall Back!'s branches).
pub fn movement_of(unit: &Unit, action: Action) -> Movement {
    let single = unit.models.len() == 1;
    match action {
        Action::OpenFire => Movement::LeaderOnly,
        Action::Advance | Action::Rally => Movement::Orderly,
        Action::AtTheDouble if single => Movement::Orderly,
        Action::AtTheDouble => Movement::Disorderly,
        Action::GoToGround => Movement::None,
        Action::FallBack => Movement::FallBack,
    }
}
