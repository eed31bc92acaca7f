//! Reaction charges (R5): the steps of an enemy cavalry move at which the non-moving side may
//! react.
//!
//! Choice where the text is open (also in `docs/rules.md`): "within three movement points of a
//! friendly cavalry unit" is measured from the friendly cavalry unit, with this module's search:
//! the MP it would spend to enter the mover's hex over the terrain and hexsides, ignoring units
//! and zones of control (the rules note that those may make the trigger impossible to reach, so
//! they do not stop the measurement). A step is a check point for the first step (after the
//! start) at which the mover comes within 3 MP; each leader checks once per moving enemy unit,
//! so one point per leader, at the first step any of his cavalry comes in range. Cavalry whose
//! chit is already a Charge may charge a mover that comes within three *hexes*: one point per
//! such unit.

use super::board::Board;
use super::error::HexError;
use super::search::{Params, Search};
use super::serial;
use super::tracing::trace;
use super::unit_ref::UnitRef;
use crate::model::{Command, UnitId};
use hexx::Hex;
use serde::Serialize;
use std::fmt;

/// MP range of the reaction-charge check.
pub const REACTION_MP: u16 = 3;
/// Hex range within which a unit already under Charge may charge a moving enemy cavalry unit.
pub const CHARGING_REACTION_HEXES: u32 = 3;

/// What the non-moving side may do at a check point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// The leader may check for a change to Charge.
    CommandCheck,
    /// The unit's chit is already a Charge: it may charge the mover at once.
    MayChargeNow,
}

/// A step of an enemy cavalry move at which the non-moving side may react.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChargeCheckPoint {
    /// Index into the path (1 = the first hex entered).
    pub step: usize,
    #[serde(serialize_with = "serial::hex")]
    pub hex: Hex,
    pub kind: CheckKind,
    /// The leader who checks (his chit changes), if the cavalry has one.
    pub leader: Option<UnitRef>,
    /// The friendly cavalry in range at this step, with its range (MP for a command check,
    /// hexes for a unit already charging).
    #[serde(serialize_with = "serial::in_range")]
    pub cavalry: Vec<(UnitRef, u16)>,
}

impl fmt::Display for ChargeCheckPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = self
            .cavalry
            .iter()
            .map(|(u, r)| match self.kind {
                CheckKind::CommandCheck => format!("{u} ({r} MP)"),
                CheckKind::MayChargeNow if *r == 1 => format!("{u} (1 hex)"),
                CheckKind::MayChargeNow => format!("{u} ({r} hexes)"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        match (self.kind, &self.leader) {
            (CheckKind::CommandCheck, Some(l)) => write!(
                f,
                "step {}: within {REACTION_MP} MP of {list}: {l} may check for a Charge",
                self.step
            ),
            (CheckKind::CommandCheck, None) => write!(
                f,
                "step {}: within {REACTION_MP} MP of {list}, which has no leader to check",
                self.step
            ),
            (CheckKind::MayChargeNow, _) => write!(
                f,
                "step {}: within {CHARGING_REACTION_HEXES} hexes of {list}, already under Charge: it may charge at once",
                self.step
            ),
        }
    }
}

/// The reaction-charge check points along `path` (start first) of the enemy cavalry unit
/// `mover`. Empty when the mover is not cavalry.
pub(crate) fn charge_checks(
    board: &Board,
    search: &mut Search,
    mover: UnitId,
    path: &[Hex],
) -> Result<Vec<ChargeCheckPoint>, HexError> {
    charge_checks_from(board, search, mover, path, 1)
}

/// [`charge_checks`] from step `from` of `path` on: for a move halted there, the check points
/// still ahead of it, each cavalry unit's first among them (under a Charge chit given at the
/// halt, the steps already taken are not reacted to again).
pub(crate) fn charge_checks_from(
    board: &Board,
    search: &mut Search,
    mover: UnitId,
    path: &[Hex],
    from: usize,
) -> Result<Vec<ChargeCheckPoint>, HexError> {
    let from = from.max(1);
    let m = board.unit(board.slot(mover)?);
    if !m.acts_as_cavalry() {
        return Ok(Vec::new());
    }
    let steps: Vec<Option<u32>> = path
        .iter()
        .map(|h| board.index_of(*h).map(|i| i as u32))
        .collect();
    let mut checks: Vec<ChargeCheckPoint> = Vec::new();
    for cav in board.units.iter() {
        if cav.side == m.side || !cav.acts_as_cavalry() {
            continue;
        }
        let Some((at, _)) = cav.present() else {
            continue;
        };
        let tracing = trace(board, cav);
        let chit = tracing.leader().map(|l| l.command);
        let leader = tracing
            .leader()
            .map(|l| l.leader.clone())
            .or_else(|| tracing.chain.first().map(|l| l.leader.clone()));
        if chit.is_some_and(Command::is_charge) {
            let here = board.hexes[at as usize];
            let hit = path
                .iter()
                .enumerate()
                .skip(from)
                .find(|(_, h)| here.unsigned_distance_to(**h) <= CHARGING_REACTION_HEXES);
            if let Some((step, h)) = hit {
                checks.push(ChargeCheckPoint {
                    step,
                    hex: *h,
                    kind: CheckKind::MayChargeNow,
                    leader,
                    cavalry: vec![(cav.r(), here.unsigned_distance_to(*h) as u16)],
                });
            }
            continue;
        }
        // MP from this cavalry unit to each hex, over terrain only.
        search.reach.run(board, &Params::plain(at, REACTION_MP));
        let hit = steps.iter().enumerate().skip(from).find_map(|(k, i)| {
            let i = (*i)?;
            search.reach.cost(i).map(|c| (k, c))
        });
        let Some((step, mp)) = hit else { continue };
        let key = leader.as_ref().map(|l| l.id);
        match checks.iter_mut().find(|c| {
            c.kind == CheckKind::CommandCheck
                && key.is_some()
                && c.leader.as_ref().map(|l| l.id) == key
        }) {
            Some(c) if c.step == step => c.cavalry.push((cav.r(), mp)),
            Some(c) if c.step > step => {
                c.step = step;
                c.hex = path[step];
                c.cavalry = vec![(cav.r(), mp)];
            }
            Some(_) => {}
            None => checks.push(ChargeCheckPoint {
                step,
                hex: path[step],
                kind: CheckKind::CommandCheck,
                leader,
                cavalry: vec![(cav.r(), mp)],
            }),
        }
    }
    for c in &mut checks {
        c.cavalry.sort_by_key(|(u, _)| u.id);
    }
    checks.sort_by_key(|c| {
        (
            c.step,
            c.kind == CheckKind::MayChargeNow,
            c.cavalry.first().map(|x| x.0.id),
        )
    });
    Ok(checks)
}
