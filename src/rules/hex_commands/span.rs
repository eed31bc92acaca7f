//! A leader's command span (R5): the hexes it covers, the units of his force and whose command
//! each uses, his Muster trigger and the commands he may change to.

use super::board::Board;
use super::command_change::{ChangeRefused, MusterTrigger, change_allowed, muster_trigger};
use super::error::HexError;
use super::serial;
use super::tracing::{Tracing, effective_span, hex_distance, in_force, trace};
use super::unit_ref::UnitRef;
use crate::model::{Command, UnitId};
use hexx::Hex;
use serde::Serialize;

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
    #[serde(serialize_with = "serial::opt_hex")]
    pub at: Option<Hex>,
    pub command: Command,
    pub span: u8,
    /// Span in hexes including Muster's +1.
    pub effective_span: u16,
    /// Every map hex within the span, in the map's index order.
    #[serde(serialize_with = "serial::hexes")]
    pub hexes: Vec<Hex>,
    /// Whether this leader is within his superiors' spans (his own trace).
    #[serde(flatten, serialize_with = "serial::superiors")]
    pub superiors: Tracing,
    /// Every unit of his force (units and subordinate leaders), in ID order.
    pub force: Vec<SpanUnit>,
    pub muster: MusterTrigger,
    /// Every command and whether he may take it now.
    #[serde(serialize_with = "serial::changes")]
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
