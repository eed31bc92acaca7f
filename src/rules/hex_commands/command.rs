//! Command tracing, spans, the Muster trigger and the Charge timeline (R5).
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
//! - **The Muster trigger** counts the combat units of the leader's force (every unit whose chain
//!   includes him) that are routing, removed or reduced to nothing, as they stand now.

use super::board::{Board, BoardUnit};
use super::{HexError, UnitRef};
use crate::model::{Command, UnitId};
use hexx::Hex;
use serde::Serialize;
use std::fmt;

/// Muster adds this to the leader's span.
pub const MUSTER_SPAN_BONUS: u16 = 1;
/// Units of a force that must be routed or destroyed before its leader may Muster.
pub const MUSTER_LOSSES: usize = 2;
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

fn hex_distance(board: &Board, a: u32, b: u32) -> u32 {
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

/// Whether a leader holding `from` may take `to` (the chit he would hold this turn). The
/// command die roll of a normal change is not modelled: only the rules that forbid a change.
pub fn change_allowed(from: Command, to: Command, losses: usize) -> Result<(), ChangeRefused> {
    if from == to {
        return Ok(());
    }
    if from.is_charge() {
        return if to == Command::Muster || Some(to) == next_in_timeline(from) {
            Ok(())
        } else if to.is_charge() {
            Err(ChangeRefused::ChargeOutOfOrder { from, to })
        } else {
            Err(ChangeRefused::ChargeChangesOnlyToMuster { from })
        };
    }
    match to {
        Command::Charge2 | Command::Charge3 => Err(ChangeRefused::ChargeBeginsAtOne),
        Command::Muster if losses < MUSTER_LOSSES => {
            Err(ChangeRefused::MusterNeedsLosses { lost: losses })
        }
        _ => Ok(()),
    }
}

/// A unit of a leader's force as the span sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpanUnit {
    pub unit: UnitRef,
    pub leader: bool,
    /// Hex steps from the leader.
    pub distance: Option<u32>,
    pub in_span: bool,
    /// The leader whose command it uses (`None`: out of command).
    pub uses: Option<UnitRef>,
}

/// A leader's command span, for the canvas and `sandtable span`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpanPreview {
    pub leader: UnitRef,
    pub at: Option<Hex>,
    pub command: Command,
    pub span: u8,
    /// Span in hexes including Muster's +1.
    pub effective_span: u16,
    /// Every map hex within the span, in the map's index order.
    pub hexes: Vec<Hex>,
    /// Whether this leader is within his superiors' spans (his own trace).
    pub superiors: Tracing,
    /// Every unit of his force (units and subordinate leaders), in ID order.
    pub force: Vec<SpanUnit>,
    pub muster: MusterTrigger,
    /// Every command and whether he may take it now.
    pub changes: Vec<(Command, Result<(), ChangeRefused>)>,
}

impl SpanPreview {
    /// The units that use this leader's command.
    pub fn in_command(&self) -> impl Iterator<Item = &SpanUnit> {
        self.force
            .iter()
            .filter(|u| u.uses.as_ref().is_some_and(|l| l.id == self.leader.id))
    }
}

pub(crate) fn span(board: &Board, leader: UnitId) -> Result<SpanPreview, HexError> {
    let slot = board.slot(leader)?;
    let l = board.unit(slot);
    let Some(lead) = l.leadership else {
        return Err(HexError::NotALeader(l.name.to_string()));
    };
    let eff = effective_span(lead.span, lead.command);
    let at = l.present();
    let mut hexes = Vec::new();
    if let Some((i, _)) = at {
        let centre = board.hexes[i as usize];
        let mut idx: Vec<usize> = centre
            .range(u32::from(eff))
            .filter_map(|h| board.index_of(h))
            .collect();
        idx.sort_unstable();
        hexes = idx.into_iter().map(|i| board.hexes[i]).collect();
    }
    let force = board
        .units
        .iter()
        .filter(|u| u.id != leader && in_force(board, leader, u))
        .map(|u| {
            let distance = match (at, u.present()) {
                (Some((a, _)), Some((b, _))) => Some(hex_distance(board, a, b)),
                _ => None,
            };
            let t = trace(board, u);
            SpanUnit {
                unit: u.r(),
                leader: u.is_leader(),
                distance,
                in_span: distance.is_some_and(|d| d <= u32::from(eff)),
                uses: t.leader().map(|c| c.leader.clone()),
            }
        })
        .collect();
    let muster = muster_trigger(board, leader);
    let losses = muster.routed_or_destroyed.len();
    let changes = Command::ALL
        .into_iter()
        .map(|c| (c, change_allowed(lead.command, c, losses)))
        .collect();
    Ok(SpanPreview {
        leader: l.r(),
        at: at.map(|(i, _)| board.hexes[i as usize]),
        command: lead.command,
        span: lead.span,
        effective_span: eff,
        hexes,
        superiors: trace(board, l),
        force,
        muster,
        changes,
    })
}
