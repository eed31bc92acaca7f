//! Why a hex the unit's MP reach is not a legal end of its move (R5).

use super::command_change::ChangeRefused;
use super::constraint::EXCLUSION_HEXES;
use super::unit_ref::UnitRef;
use crate::model::Command;
use std::fmt;

/// Why a hex the unit's MP reach is not a legal end of its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Another unit stands there: a friend may be passed through, an enemy not even entered.
    Occupied { unit: UnitRef, enemy: bool },
    /// Friends fill the hex to the scenario's stacking limit of more than one unit a hex (at
    /// one, it is [`Reason::Occupied`]).
    StackFull { unit: UnitRef, limit: u8 },
    /// The unit is out of command and may not move.
    OutOfCommand,
    /// Charge: it starts in an enemy zone of control, so it may not move and must attack.
    StartsInEnemyZoc,
    /// Stand allows one hex.
    OneHexOnly { command: Command },
    /// Reserve or Muster: within four hexes of an enemy combat unit.
    InsideExclusion {
        command: Command,
        enemy: UnitRef,
        distance: u16,
    },
    /// Reserve or Muster: only reached through the exclusion.
    BeyondExclusion { command: Command },
    /// Attack or Charge: spends less than the minimum move (and does not end adjacent).
    BelowMinimumMove { needed: u16, cost: u16 },
    /// Attack, Advance or Charge: ends no closer to the nearest enemy and not adjacent.
    NotCloser { start: u16, end: u16 },
    /// Retreat: ends no further from this enemy than it started.
    NotFurther {
        enemy: UnitRef,
        start: u16,
        end: u16,
    },
    /// Only reached through an enemy zone of control, which ends the move.
    BeyondZoc,
    /// The leader may not take the command asked for.
    CommandRefused {
        leader: UnitRef,
        command: Command,
        why: ChangeRefused,
    },
    /// Only cavalry (and mounted dragoons) may do this.
    CavalryOnly,
    /// A reaction charge ends adjacent to the unit that triggered it.
    MissesTrigger { trigger: UnitRef },
    /// A reaction charge may end in the zone of control of an enemy that did not trigger it
    /// only when the trigger cannot be reached (004's one exception); here it can.
    TriggerReachable { trigger: UnitRef, other: UnitRef },
}

impl Reason {
    /// Why a hex friends fill to the stacking limit (`unit` among them) is no end for another
    /// friend's move: occupied under R5's one unit a hex, else full.
    pub fn friends_fill(unit: UnitRef, limit: u8) -> Reason {
        match limit {
            0 | 1 => Reason::Occupied { unit, enemy: false },
            limit => Reason::StackFull { unit, limit },
        }
    }

    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Occupied { .. } => "occupied",
            Reason::StackFull { .. } => "stack_full",
            Reason::OutOfCommand => "out_of_command",
            Reason::StartsInEnemyZoc => "starts_in_enemy_zoc",
            Reason::OneHexOnly { .. } => "one_hex_only",
            Reason::InsideExclusion { .. } => "inside_exclusion",
            Reason::BeyondExclusion { .. } => "beyond_exclusion",
            Reason::BelowMinimumMove { .. } => "below_minimum_move",
            Reason::NotCloser { .. } => "not_closer",
            Reason::NotFurther { .. } => "not_further",
            Reason::BeyondZoc => "beyond_zoc",
            Reason::CommandRefused { .. } => "command_refused",
            Reason::CavalryOnly => "cavalry_only",
            Reason::MissesTrigger { .. } => "misses_trigger",
            Reason::TriggerReachable { .. } => "trigger_reachable",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Occupied { unit, enemy: true } => write!(f, "held by the enemy: {unit}"),
            Reason::Occupied { unit, enemy: false } => write!(f, "occupied by {unit}"),
            Reason::StackFull { unit, limit } => write!(
                f,
                "full: {unit} and others already stand there, {limit} units a hex"
            ),
            Reason::OutOfCommand => write!(f, "out of command: it may not move"),
            Reason::StartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control under Charge: may not move, must attack"
            ),
            Reason::OneHexOnly { command } => write!(f, "{command} allows one hex"),
            Reason::InsideExclusion {
                command,
                enemy,
                distance,
            } => write!(
                f,
                "inside the {command} exclusion: {distance} {} from {enemy}",
                hexes(*distance)
            ),
            Reason::BeyondExclusion { command } => write!(
                f,
                "beyond the {command} exclusion: the way passes within {EXCLUSION_HEXES} hexes of the enemy"
            ),
            Reason::BelowMinimumMove { needed, cost } => write!(
                f,
                "below the minimum move: {cost} MP spent, at least {needed} needed"
            ),
            Reason::NotCloser { start, end } => write!(
                f,
                "ends no closer to the enemy ({end} {}, started {start})",
                hexes(*end)
            ),
            Reason::NotFurther { enemy, start, end } => write!(
                f,
                "ends no further from {enemy} ({end} {}, started {start})",
                hexes(*end)
            ),
            Reason::BeyondZoc => write!(
                f,
                "stopped by ZOC: only reached through an enemy zone of control, which ends the move"
            ),
            Reason::CommandRefused {
                leader,
                command,
                why,
            } => write!(f, "{leader} may not take {command}: {why}"),
            Reason::CavalryOnly => write!(f, "cavalry only"),
            Reason::MissesTrigger { trigger } => write!(
                f,
                "not adjacent to {trigger}: a reaction charge ends against the unit that triggered it"
            ),
            Reason::TriggerReachable { trigger, other } => write!(
                f,
                "in the zone of control of {other}, which did not trigger the charge: allowed only when {trigger} cannot be reached, and it can"
            ),
        }
    }
}

fn hexes(n: u16) -> &'static str {
    if n == 1 { "hex" } else { "hexes" }
}
