//! The reaction charge itself (R5, 004 "Changing to a Charge Command During Movement"): at a
//! check point of an enemy cavalry move, the legal moves of a friendly cavalry unit charging the
//! unit that triggered it.
//!
//! Choices where the text is open (also in `docs/rules.md`):
//! - The triggering unit stands where the check point is (the move is halted there). The
//!   charger moves under Charge (MP + 2, at least half of it unless it ends adjacent to an
//!   enemy, closer to the enemy, entering a zone of control ends its move, starting in one it
//!   may not move), as a Charge chit reads on the map.
//! - Who may charge: when a leader's check is the point, any cavalry of his within three hexes
//!   of it (his chit becomes Charge if the check succeeds: "any cavalry unit may now charge",
//!   and cavalry under a Charge charges an enemy within three hexes); when the point is a unit
//!   already under Charge within three hexes, that unit. Outside a game the first such point
//!   on the route is the one previewed; in a game, the point where the move halted.
//! - A reaction charge charges the trigger: it must end adjacent to it. The one exception of
//!   004: when no hex adjacent to the trigger is a legal end (enemy units and their zones of
//!   control bar the way), it may end in the zone of control of an enemy that did not trigger
//!   the charge, provided it ends nearer the trigger than it started.
//! - Cavalry that entered the map this turn may not charge, so it may not react.

use super::board::{Board, IN_ZOC, ZOC_STOP};
use super::error::HexError;
use super::move_preview::MovePreview;
use super::preview;
use super::reaction_charge::{
    CHARGING_REACTION_HEXES, ChargeCheckPoint, CheckKind, charge_checks, charge_checks_from,
};
use super::reason::Reason;
use super::search::Search;
use super::tracing::trace;
use super::unit_ref::UnitRef;
use crate::model::{Command, Position, Scenario, UnitId};
use hexx::Hex;
use serde::Serialize;

/// A reaction charge previewed: the check point, the triggering unit where it is halted, and
/// the charger's legal moves against it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReactionCharge {
    /// The enemy cavalry unit whose move triggered the charge.
    pub trigger: UnitRef,
    /// Where the trigger stands at the check point (its move halted there).
    #[serde(serialize_with = "super::serial::hex")]
    pub trigger_at: Hex,
    /// The check point that lets the charger charge.
    #[serde(serialize_with = "crate::rules::serial::texted")]
    pub check: ChargeCheckPoint,
    /// Some hex adjacent to the trigger is a legal end; when none is, the exception of 004
    /// applies.
    pub trigger_reachable: bool,
    /// The charger's moves under Charge, each hex legal or with its reason.
    pub moves: MovePreview,
}

/// The reaction charge of `charger` against `trigger`, an enemy cavalry unit moving along
/// `path` (start first), at the first check point of the route that lets `charger` charge.
pub fn reaction_charge(
    s: &Scenario,
    charger: UnitId,
    trigger: UnitId,
    path: &[Hex],
) -> Result<ReactionCharge, HexError> {
    reaction_charge_at(s, charger, trigger, path, None)
}

/// [`reaction_charge`] in a game whose move is halted at `path[halt]`: only that check point
/// counts. The mover stands there, and a check point further on is reacted to there, if the
/// move goes on; one passed before is gone.
pub fn reaction_charge_at(
    s: &Scenario,
    charger: UnitId,
    trigger: UnitId,
    path: &[Hex],
    halt: Option<usize>,
) -> Result<ReactionCharge, HexError> {
    let mut board = Board::new(s)?;
    let mut search = Search::new();
    let t_slot = board.slot(trigger)?;
    let c_slot = board.slot(charger)?;
    let (t, c) = (board.unit(t_slot).clone(), board.unit(c_slot).clone());
    if c.present().is_none() {
        return Err(HexError::NotOnMap(c.name.to_string()));
    }
    if !c.acts_as_cavalry() {
        return Err(HexError::NoReaction {
            name: c.name.to_string(),
            why: "only cavalry (and mounted dragoons) may charge".into(),
        });
    }
    if c.side == t.side {
        return Err(HexError::NoReaction {
            name: c.name.to_string(),
            why: format!("'{}' is on its own side", t.name),
        });
    }
    if c.state.arrived_this_turn {
        return Err(HexError::NoReaction {
            name: c.name.to_string(),
            why: "it entered the map this turn and may not charge".into(),
        });
    }
    let mut checks = charge_checks_from(&board, &mut search, trigger, path, halt.unwrap_or(1))?;
    if let Some(at) = halt {
        checks.retain(|p| p.step == at);
    }
    let check = check_for(&board, &checks, c_slot).ok_or_else(|| HexError::NoReaction {
        name: c.name.to_string(),
        why: format!(
            "{} lets it charge (neither it nor its leader's cavalry comes within 3 MP, nor \
             it within 3 hexes under Charge)",
            match halt.and_then(|i| path.get(i)) {
                Some(h) => format!("'{}''s check point at {}", t.name, board.hex_name(*h)),
                None => format!("no check point of '{}''s route", t.name),
            }
        ),
    })?;
    // The trigger halted at the check point, facing the way it moved.
    let at = check.hex;
    let facing = path
        .get(check.step.wrapping_sub(1))
        .and_then(|from| from.neighbor_direction(at))
        .map_or(0, |d| d.index());
    let mut halted = s.clone();
    if let Some(u) = halted.unit_mut(trigger) {
        u.position = Position::Hex { hex: at, facing };
    }
    board.update_units(&halted);
    // Its leader's chit becomes Charge; a unit already under Charge keeps its chit.
    let request = match check.kind {
        CheckKind::CommandCheck => Some(Command::Charge1),
        CheckKind::MayChargeNow => None,
    };
    let mut moves = preview::preview(&board, &mut search, charger, request)?;
    let start = moves.start;
    let others = other_zoc(&board, charger, trigger);
    let start_d = start.unsigned_distance_to(at);
    // Ends adjacent to the trigger the Charge rules allow.
    for v in &mut moves.hexes {
        if v.reason.is_none() && v.hex.unsigned_distance_to(at) != 1 {
            v.reason = Some(Reason::MissesTrigger { trigger: t.r() });
        }
    }
    let trigger_reachable = moves.hexes.iter().any(|v| v.reason.is_none());
    if !trigger_reachable {
        // The exception: the trigger cannot be reached, so it may end in the zone of control
        // of an enemy that did not trigger the charge, nearer the trigger than it started.
        for v in &mut moves.hexes {
            if !matches!(v.reason, Some(Reason::MissesTrigger { .. })) {
                continue;
            }
            let Some(i) = board.index_of(v.hex) else {
                continue;
            };
            if others(i).is_some() && v.hex.unsigned_distance_to(at) < start_d {
                v.reason = None;
            }
        }
    }
    if trigger_reachable {
        for v in &mut moves.hexes {
            if matches!(v.reason, Some(Reason::MissesTrigger { .. }))
                && let Some(i) = board.index_of(v.hex)
                && let Some(other) = others(i)
            {
                v.reason = Some(Reason::TriggerReachable {
                    trigger: t.r(),
                    other,
                });
            }
        }
    }
    Ok(ReactionCharge {
        trigger: t.r(),
        trigger_at: at,
        check,
        trigger_reachable,
        moves,
    })
}

/// The first of `checks` (the check points of one enemy move) that lets the cavalry unit in
/// `slot` charge: a check by the leader it traces to (else its own commander), when it stands
/// within three hexes of that point, or its own point when it is already under Charge.
///
/// A passed check gives the leader a Charge chit, and cavalry under a Charge may charge an
/// enemy within three hexes of it: the same bound holds before the check as after, so the
/// units offered while the check is pending are those that may charge once it passes.
fn check_for(board: &Board, checks: &[ChargeCheckPoint], slot: u32) -> Option<ChargeCheckPoint> {
    let c = board.unit(slot);
    let tracing = trace(board, c);
    let leader = tracing
        .leader()
        .map(|l| l.leader.id)
        .or_else(|| tracing.chain.first().map(|l| l.leader.id));
    let here = c.present().map(|(at, _)| board.hexes[at as usize]);
    checks
        .iter()
        .find(|p| match p.kind {
            CheckKind::MayChargeNow => p.cavalry.iter().any(|(u, _)| u.id == c.id),
            CheckKind::CommandCheck => {
                leader.is_some()
                    && p.leader.as_ref().map(|l| l.id) == leader
                    && here
                        .is_some_and(|h| h.unsigned_distance_to(p.hex) <= CHARGING_REACTION_HEXES)
            }
        })
        .cloned()
}

/// The enemy cavalry that may charge `trigger` moving along `path` (start first), each with
/// the first check point that lets it, in ID order: the units `reaction_charge` previews.
pub fn reaction_chargers(
    s: &Scenario,
    trigger: UnitId,
    path: &[Hex],
) -> Result<Vec<(UnitRef, ChargeCheckPoint)>, HexError> {
    let board = Board::new(s)?;
    let mut search = Search::new();
    let t = board.unit(board.slot(trigger)?);
    let checks = charge_checks(&board, &mut search, trigger, path)?;
    if checks.is_empty() {
        return Ok(Vec::new());
    }
    Ok(board
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| {
            u.side != t.side
                && u.acts_as_cavalry()
                && u.present().is_some()
                && !u.state.arrived_this_turn
        })
        .filter_map(|(slot, u)| check_for(&board, &checks, slot as u32).map(|p| (u.r(), p)))
        .collect())
}

/// For a hex index: an enemy of `charger` other than `trigger` whose zone of control covers
/// it, if any (lowest ID first).
fn other_zoc(
    board: &Board,
    charger: UnitId,
    trigger: UnitId,
) -> impl Fn(usize) -> Option<UnitRef> + '_ {
    let side = board.unit_by_id(charger).map(|u| u.side);
    let field = side.map(|s| board.field(s));
    move |i: usize| {
        let field = field?;
        if field.flags[i] & IN_ZOC == 0 {
            return None;
        }
        board
            .units
            .iter()
            .filter(|e| Some(e.side) != side && e.id != trigger && e.zoc)
            .find(|e| {
                let Some((at, facing)) = e.present() else {
                    return false;
                };
                (0..6).any(|d| {
                    board.neighbour(at as usize, d) == i as u32
                        && board.edges[at as usize][d] & ZOC_STOP == 0
                        && board.zoc_direction(facing, d)
                })
            })
            .map(|e| e.r())
    }
}
