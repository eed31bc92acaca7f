//! The legal-move preview of one hex unit as a value: the command it moves under and whose it
//! is, and every hex its MP reach, legal or with the reason it is not.

use super::constraint::Constraint;
use super::dragoons::DragoonFormation;
use super::effect::Effect;
use super::notice::Notice;
use super::reason::Reason;
use super::serial;
use super::tracing::Tracing;
use super::unit_ref::UnitRef;
use crate::model::Command;
use hexx::Hex;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// Where the command comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandSource {
    /// The chit of the leader it traces to.
    Traced,
    /// The chit given on request (`--command`), in place of the traced one.
    Override,
    /// Out of command: no chit.
    OutOfCommand,
    /// The unit is a leader.
    Leader,
}

/// The command the unit moves under, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CommandInfo {
    /// The leaders it can trace to and the one it uses.
    #[serde(flatten, serialize_with = "serial::tracing")]
    pub tracing: Tracing,
    pub source: CommandSource,
    /// The chit in force for it.
    pub chit: Option<Command>,
    /// The rules it moves by: the chit, or Attack (not cavalry under Charge) or Advance
    /// (cavalry under Charge on its turn of arrival). `None` for leaders and out-of-command
    /// units.
    pub moves_as: Option<Command>,
}

/// One hex of the preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexVerdict {
    pub hex: Hex,
    /// MP spent to get there.
    pub cost: u16,
    /// Position in [`MovePreview::hexes`] of the previous hex on the cheapest path; `None` for
    /// the start and for hexes only the plain MP reach got to.
    pub via: Option<u32>,
    /// `None`: a legal end of the move.
    pub reason: Option<Reason>,
}

impl HexVerdict {
    pub fn is_legal(&self) -> bool {
        self.reason.is_none()
    }
}

/// Where a reinforcement comes onto the map (R5): the hex it enters first and what entering
/// it costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    #[serde(serialize_with = "serial::hex")]
    pub hex: Hex,
    /// MP entering the hex costs (its terrain), counted in every cost of the preview.
    pub cost: u16,
    /// The turn the reinforcement is due.
    pub turn: u16,
}

/// The legal-move preview of one unit. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovePreview {
    pub unit: UnitRef,
    /// Where it stands; for a reinforcement coming on, its entry hex.
    #[serde(serialize_with = "serial::hex")]
    pub start: Hex,
    /// A reinforcement coming onto the map this turn: its entry (left out of the JSON for a
    /// unit on the map).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    /// The unit's own MP.
    pub mp: u16,
    /// MP it may spend this turn (MP + 2 under Charge).
    pub allowance: u16,
    pub command: CommandInfo,
    #[serde(serialize_with = "serial::coded_list")]
    pub constraints: Vec<Constraint>,
    #[serde(serialize_with = "serial::effects")]
    pub effects: Vec<Effect>,
    #[serde(serialize_with = "serial::coded_list")]
    pub notices: Vec<Notice>,
    /// Dragoons: formation and whether they may change it this turn.
    #[serde(serialize_with = "crate::rules::serial::opt_texted")]
    pub dragoons: Option<DragoonFormation>,
    /// Every hex the unit's MP reach (the start first), each legal or with its reason; hexes
    /// reached under the command come first, in order of cost. In JSON: the `legal` hexes,
    /// each with its cheapest path, and the `rejected` ones, each with its reason.
    #[serde(flatten, serialize_with = "verdicts")]
    pub hexes: Vec<HexVerdict>,
}

impl MovePreview {
    pub fn legal(&self) -> impl Iterator<Item = &HexVerdict> {
        self.hexes.iter().filter(|h| h.is_legal())
    }

    pub fn rejected(&self) -> impl Iterator<Item = (&HexVerdict, &Reason)> {
        self.hexes
            .iter()
            .filter_map(|h| h.reason.as_ref().map(|r| (h, r)))
    }

    pub fn get(&self, hex: Hex) -> Option<&HexVerdict> {
        self.hexes.iter().find(|h| h.hex == hex)
    }

    pub fn is_legal(&self, hex: Hex) -> bool {
        self.get(hex).is_some_and(HexVerdict::is_legal)
    }

    /// The reason `hex` is rejected, if it is.
    pub fn reason(&self, hex: Hex) -> Option<&Reason> {
        self.get(hex).and_then(|h| h.reason.as_ref())
    }

    /// The cheapest path to `hex` under the command, start first; `None` for hexes the command
    /// does not let the unit reach.
    pub fn path(&self, hex: Hex) -> Option<Vec<Hex>> {
        path_in(&self.hexes, hex)
    }
}

/// The cheapest path to `hex` through `hexes` (a preview's verdicts), start first; `None` for
/// hexes the command does not let the unit reach.
fn path_in(hexes: &[HexVerdict], hex: Hex) -> Option<Vec<Hex>> {
    let mut at = hexes.iter().position(|h| h.hex == hex)?;
    if at != 0 && hexes[at].via.is_none() {
        return None;
    }
    let mut out = vec![hexes[at].hex];
    while let Some(prev) = hexes[at].via {
        at = prev as usize;
        out.push(hexes[at].hex);
    }
    out.reverse();
    Some(out)
}

/// Flattened into a move preview: its hexes as `legal` (each with its cost and cheapest path)
/// and `rejected` (each with its cost and reason).
fn verdicts<S: Serializer>(v: &[HexVerdict], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Legal {
        #[serde(serialize_with = "serial::hex")]
        hex: Hex,
        cost: u16,
        #[serde(serialize_with = "serial::hexes")]
        path: Vec<Hex>,
    }
    #[derive(Serialize)]
    struct Rejected {
        #[serde(serialize_with = "serial::hex")]
        hex: Hex,
        cost: u16,
        reason: &'static str,
        text: String,
    }
    let legal: Vec<Legal> = v
        .iter()
        .filter(|h| h.is_legal())
        .map(|h| Legal {
            hex: h.hex,
            cost: h.cost,
            path: path_in(v, h.hex).unwrap_or_default(),
        })
        .collect();
    let rejected: Vec<Rejected> = v
        .iter()
        .filter_map(|h| {
            h.reason.as_ref().map(|r| Rejected {
                hex: h.hex,
                cost: h.cost,
                reason: r.code(),
                text: r.to_string(),
            })
        })
        .collect();
    let mut map = s.serialize_map(Some(2))?;
    map.serialize_entry("legal", &legal)?;
    map.serialize_entry("rejected", &rejected)?;
    map.end()
}
