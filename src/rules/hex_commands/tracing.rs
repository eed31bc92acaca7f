//! Command tracing (R5): the leaders above a unit, which of them reach it with their span, and
//! the one whose command it uses.
//!
//! Choices where the text is open (also in `docs/rules.md`):
//! - **Which leader**: a combat unit walks its chain — its `commander`, then his superior, and so
//!   on — and uses the chit of the *first* leader whose span reaches it. So a unit under Kilpont
//!   that Kilpont's span does not reach, but Montrose's does, uses Montrose's chit (the seed's
//!   example).
//! - **Span** is counted in plain hex steps (hexx distance), not blocked by terrain, units or
//!   zones of control, as command spans are counted on the board. A leader off the map or
//!   removed reaches nobody. Muster adds 1.
//! - **Out of command** (no leader of the chain reaches the unit, or it has none): the unit may
//!   not move this turn; it keeps its hex and still fights if attacked.

use super::board::{Board, BoardUnit};
use super::unit_ref::UnitRef;
use crate::model::{Command, UnitId};
use serde::Serialize;

/// Muster adds this to the leader's span.
pub const MUSTER_SPAN_BONUS: u16 = 1;
/// Longest chain followed (guards against a cycle in a hand-edited file).
const MAX_CHAIN: usize = 32;

/// A leader's effective span in hexes: his span, plus one under Muster.
pub fn effective_span(span: u8, command: Command) -> u16 {
    u16::from(span)
        + if command == Command::Muster {
            MUSTER_SPAN_BONUS
        } else {
            0
        }
}

/// One leader of a unit's chain and whether he reaches it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainLink {
    pub leader: UnitRef,
    pub command: Command,
    /// Span in hexes including Muster's +1.
    pub span: u16,
    /// Hex steps from the leader to the unit (`None` when either is off the map).
    pub distance: Option<u32>,
    pub reaches: bool,
}

/// The leaders a unit can trace command to.
/// In JSON (`serial::tracing`, `serial::superiors`): the chain and the leader it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracing {
    /// Its chain, own commander first.
    pub chain: Vec<ChainLink>,
    /// Index into `chain` of the leader whose command it uses; `None`: out of command.
    pub uses: Option<usize>,
}

impl Tracing {
    pub fn leader(&self) -> Option<&ChainLink> {
        self.uses.and_then(|i| self.chain.get(i))
    }

    pub fn in_command(&self) -> bool {
        self.uses.is_some()
    }

    /// Every leader whose span reaches the unit, in chain order.
    pub fn reaching(&self) -> impl Iterator<Item = &ChainLink> {
        self.chain.iter().filter(|l| l.reaches)
    }
}

/// The leaders above `unit`, own commander first.
pub(crate) fn chain_of<'b>(board: &'b Board, unit: &BoardUnit) -> Vec<&'b BoardUnit> {
    let mut out: Vec<&BoardUnit> = Vec::new();
    let mut next = if unit.is_leader() {
        unit.leadership.and_then(|l| l.superior)
    } else {
        unit.commander
    };
    while let Some(id) = next {
        let Some(l) = board.unit_by_id(id) else {
            break;
        };
        if !l.is_leader() || l.id == unit.id || out.iter().any(|x| x.id == id) {
            break;
        }
        out.push(l);
        if out.len() >= MAX_CHAIN {
            break;
        }
        next = l.leadership.and_then(|x| x.superior);
    }
    out
}

pub(crate) fn hex_distance(board: &Board, a: u32, b: u32) -> u32 {
    let (a, b) = (board.hexes[a as usize], board.hexes[b as usize]);
    a.unsigned_distance_to(b)
}

/// Traces command for `unit` (a combat unit, or a subordinate leader tracing to his superiors).
pub(crate) fn trace(board: &Board, unit: &BoardUnit) -> Tracing {
    let here = unit.present().map(|(i, _)| i);
    let mut chain = Vec::new();
    let mut uses = None;
    for l in chain_of(board, unit) {
        let Some(lead) = l.leadership else { continue };
        let span = effective_span(lead.span, lead.command);
        let distance = match (here, l.present()) {
            (Some(a), Some((b, _))) => Some(hex_distance(board, a, b)),
            _ => None,
        };
        let reaches = distance.is_some_and(|d| d <= u32::from(span));
        if reaches && uses.is_none() {
            uses = Some(chain.len());
        }
        chain.push(ChainLink {
            leader: l.r(),
            command: lead.command,
            span,
            distance,
            reaches,
        });
    }
    Tracing { chain, uses }
}

/// Whether `leader`'s force includes `unit` (the leader is somewhere in its chain).
pub(crate) fn in_force(board: &Board, leader: UnitId, unit: &BoardUnit) -> bool {
    chain_of(board, unit).iter().any(|l| l.id == leader)
}
