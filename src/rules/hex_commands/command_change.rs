//! Which command a leader may take (R5): the Charge timeline (Charge 1 → 2 → 3 → Muster,
//! changing early only to Muster) and the Muster trigger.
//!
//! Choice where the text is open (also in `docs/rules.md`): **the Muster trigger** counts the
//! combat units of the leader's force (every unit whose chain includes him) that are routing,
//! removed or reduced to nothing, as they stand now.

use super::board::{Board, BoardUnit};
use super::tracing::in_force;
use super::unit_ref::UnitRef;
use crate::model::{Command, UnitId};
use serde::Serialize;
use std::fmt;

/// Units of a force that must be routed or destroyed before its leader may Muster.
pub const MUSTER_LOSSES: usize = 2;

/// The Muster trigger of one leader: his force's routed and destroyed combat units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MusterTrigger {
    pub routed_or_destroyed: Vec<UnitRef>,
    pub met: bool,
}

pub(crate) fn muster_trigger(board: &Board, leader: UnitId) -> MusterTrigger {
    let lost: Vec<UnitRef> = board
        .units
        .iter()
        .filter(|u| !u.is_leader() && u.routed_or_destroyed() && in_force(board, leader, u))
        .map(BoardUnit::r)
        .collect();
    MusterTrigger {
        met: lost.len() >= MUSTER_LOSSES,
        routed_or_destroyed: lost,
    }
}

/// Why a leader may not take a command now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ChangeRefused {
    /// Charge 1, 2 and 3 run their course; the only early change is to Muster.
    ChargeChangesOnlyToMuster { from: Command },
    /// A charge begins in the Charge 1 box.
    ChargeBeginsAtOne,
    /// The boxes follow in order: Charge 1, 2, 3, then Muster.
    ChargeOutOfOrder { from: Command, to: Command },
    /// A charge chit moves on at every Command Phase: it never stays in its box.
    ChargeChitMovesOn { from: Command },
    /// Muster needs two units of the force routed or destroyed.
    MusterNeedsLosses { lost: usize },
}

impl fmt::Display for ChangeRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChangeRefused::ChargeChangesOnlyToMuster { from } => {
                write!(
                    f,
                    "under {from} the command may change early only to Muster"
                )
            }
            ChangeRefused::ChargeBeginsAtOne => write!(f, "a charge begins at Charge 1"),
            ChangeRefused::ChargeOutOfOrder { from, to } => write!(
                f,
                "{from} is followed by {}, not {to}",
                next_in_timeline(*from).map_or("nothing", Command::name)
            ),
            ChangeRefused::ChargeChitMovesOn { from } => {
                write!(
                    f,
                    "a charge chit never stays in its box: {from} moves on to "
                )?;
                match next_in_timeline(*from) {
                    Some(Command::Muster) | None => write!(f, "Muster"),
                    Some(next) => write!(f, "{next} (or early to Muster)"),
                }
            }
            ChangeRefused::MusterNeedsLosses { lost } => write!(
                f,
                "Muster needs {MUSTER_LOSSES} units of the force routed or destroyed ({lost} so far)"
            ),
        }
    }
}

/// The box a charge chit moves to at the next Command Phase: Charge 1 → 2 → 3 → Muster.
pub fn next_in_timeline(c: Command) -> Option<Command> {
    match c {
        Command::Charge1 => Some(Command::Charge2),
        Command::Charge2 => Some(Command::Charge3),
        Command::Charge3 => Some(Command::Muster),
        _ => None,
    }
}

/// Whether a leader holding `from` may take `to` at the next Command Phase. The command die
/// roll of a normal change is not modelled: only the rules that forbid a change.
///
/// Reading of 004 ("the command chit is placed in the Charge 2 box ... the following turn, it is
/// placed in the Charge 3 box ... the next turn's Command Phase ... in the Muster box"): a charge
/// chit moves on at every Command Phase, so from Charge *n* the only next chits are Charge *n*+1
/// (Muster after Charge 3) and the early change to Muster. Keeping Charge *n* would give a fourth
/// charge turn, so it is refused; any other command may be kept.
pub fn change_allowed(from: Command, to: Command, losses: usize) -> Result<(), ChangeRefused> {
    if from.is_charge() {
        return if to == Command::Muster || Some(to) == next_in_timeline(from) {
            Ok(())
        } else if to == from {
            Err(ChangeRefused::ChargeChitMovesOn { from })
        } else if to.is_charge() {
            Err(ChangeRefused::ChargeOutOfOrder { from, to })
        } else {
            Err(ChangeRefused::ChargeChangesOnlyToMuster { from })
        };
    }
    if from == to {
        return Ok(());
    }
    match to {
        Command::Charge2 | Command::Charge3 => Err(ChangeRefused::ChargeBeginsAtOne),
        Command::Muster if losses < MUSTER_LOSSES => {
            Err(ChangeRefused::MusterNeedsLosses { lost: losses })
        }
        _ => Ok(()),
    }
}
