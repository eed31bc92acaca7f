//! Dragoons (R5): mounted they follow the cavalry rules, dismounted the infantry rules.
//!
//! Choice where the text is open (also in `docs/rules.md`): **dragoons** may mount or dismount
//! when the chit they use is Stand, except on the turn they arrive (the flag
//! `arrived_this_turn`; units set up on the map at the start never "entered" and may change from
//! turn 1). Out of command they have no chit and may not change.

use super::board::BoardUnit;
use super::serial;
use super::tracing::Tracing;
use crate::model::{Command, UnitKind};
use serde::Serialize;
use std::fmt;

/// Why dragoons may not mount or dismount this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchRefused {
    OutOfCommand,
    /// The chit they use is not Stand.
    NotStand {
        command: Command,
    },
    /// They entered the map this turn.
    ArrivedThisTurn,
}

impl fmt::Display for SwitchRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchRefused::OutOfCommand => write!(f, "out of command"),
            SwitchRefused::NotStand { command } => {
                write!(
                    f,
                    "their command is {command}; dragoons change formation only under Stand"
                )
            }
            SwitchRefused::ArrivedThisTurn => write!(
                f,
                "they entered the map this turn; they may change from the following turn"
            ),
        }
    }
}

/// A dragoon unit's formation and whether it may change it now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DragoonFormation {
    /// Mounted: cavalry rules. Dismounted: infantry rules.
    pub mounted: bool,
    /// `Ok`: it may mount or dismount this turn and still move its one hex under Stand.
    #[serde(serialize_with = "serial::is_ok")]
    pub may_switch: Result<(), SwitchRefused>,
}

impl fmt::Display for DragoonFormation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (now, other) = if self.mounted {
            ("mounted (cavalry rules)", "dismount")
        } else {
            ("dismounted (infantry rules)", "mount")
        };
        match &self.may_switch {
            Ok(()) => write!(
                f,
                "{now}; may {other} this turn and still move the one hex Stand allows"
            ),
            Err(why) => write!(f, "{now}; may not {other} this turn: {why}"),
        }
    }
}

/// The formation of dragoons (`None` for other kinds), given their tracing and chit.
pub(crate) fn dragoon_formation(
    u: &BoardUnit,
    tracing: &Tracing,
    chit: Option<Command>,
) -> Option<DragoonFormation> {
    if u.kind != UnitKind::Dragoons {
        return None;
    }
    let may_switch = match chit {
        None => Err(SwitchRefused::OutOfCommand),
        Some(c) if c != Command::Stand => Err(SwitchRefused::NotStand { command: c }),
        Some(_) if u.state.arrived_this_turn => Err(SwitchRefused::ArrivedThisTurn),
        Some(_) if !tracing.in_command() => Err(SwitchRefused::OutOfCommand),
        Some(_) => Ok(()),
    };
    Some(DragoonFormation {
        mounted: u.state.mounted,
        may_switch,
    })
}
