//! The R3 preview of one unit under one order, and the cheaper check of a single leader
//! destination the editor asks on every hover.

use super::action::Action;
use super::action::{OrderRequest, Refusal, choices, movement_of, refusal};
use super::answer::OrdersPreview;
use super::effects::effects;
use super::targets::targets;
use super::verdict::DestinationCheck;
use super::{fall_back, movement};
use crate::model::{Scenario, Unit, UnitId};
use crate::rules::los::SightMap;

/// Why a preview cannot be made at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OrdersError {
    #[error("there is no unit {0}")]
    NoUnit(UnitId),
    #[error("R3 orders are given on a free-measure table, not a hex map")]
    NotATable,
    #[error("'{name}' is not on the table")]
    NotOnTable { name: String },
    #[error("'{name}' may not take the order {action} — {reason}")]
    Refused {
        name: String,
        action: Action,
        reason: Refusal,
    },
}

/// The unit `req` orders, if it may carry out the action at all: on a table, on it and in
/// play, and not refused the action.
fn ordered_unit<'s>(s: &'s Scenario, req: &OrderRequest) -> Result<&'s Unit, OrdersError> {
    if s.map.is_hex() {
        return Err(OrdersError::NotATable);
    }
    let unit = s.unit(req.unit).ok_or(OrdersError::NoUnit(req.unit))?;
    if !unit.on_table() || !unit.in_play() || unit.models.is_empty() {
        return Err(OrdersError::NotOnTable {
            name: unit.name.clone(),
        });
    }
    if let Some(reason) = refusal(unit, req.action) {
        return Err(OrdersError::Refused {
            name: unit.name.clone(),
            action: req.action,
            reason,
        });
    }
    Ok(unit)
}

/// The R3 preview of `req`. Never changes the scenario.
pub fn preview(s: &Scenario, req: OrderRequest) -> Result<OrdersPreview, OrdersError> {
    let unit = ordered_unit(s, &req)?;
    let mut pv = OrdersPreview {
        unit: unit.id,
        name: unit.name.clone(),
        side: unit.side,
        action: req.action,
        action_name: req.action.name(),
        movement: movement_of(unit, req.action),
        mv_in: f32::from(unit.stats.mv),
        strength: unit.strength,
        actions: choices(unit),
        leader: None,
        models: Vec::new(),
        effects: effects(unit, req.action),
        targets: None,
        fall_back: None,
        destination: None,
        notes: Vec::new(),
    };
    let sight = SightMap::new(s);
    match req.action {
        Action::FallBack => fall_back::fill(s, unit, &sight, req.leader_to, &mut pv),
        _ => movement::fill(s, unit, req.action, req.leader_to, &mut pv),
    }
    if req.action == Action::OpenFire
        && let Some(leader) = &pv.leader
    {
        pv.targets = Some(targets(s, unit, &sight, leader.end));
    }
    Ok(pv)
}

/// Only the verdict on the leader ending at `req.leader_to` (the same verdict as
/// [`preview`]'s `destination`), without the regions: cheap enough to ask on every hover.
/// `None` when the request names no destination.
pub fn check_destination(
    s: &Scenario,
    req: OrderRequest,
) -> Result<Option<DestinationCheck>, OrdersError> {
    let Some(to) = req.leader_to else {
        return Ok(None);
    };
    if req.action == Action::FallBack {
        return preview(s, req).map(|pv| pv.destination);
    }
    let unit = ordered_unit(s, &req)?;
    Ok(Some(movement::check_leader(s, unit, req.action, to)))
}
