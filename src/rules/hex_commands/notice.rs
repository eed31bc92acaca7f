//! What the player should know about a hex move preview as a whole (R5): out of command, a
//! command the leader may not take, how a unit moves under a charging leader, no enemy, a
//! minimum move that cannot be met.

use super::command_change::ChangeRefused;
use super::constraint::EXCLUSION_HEXES;
use super::unit_ref::UnitRef;
use crate::model::Command;
use std::fmt;

/// Something the player should know about this preview as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No leader of its chain reaches it.
    OutOfCommand,
    /// `--command` on an out-of-command unit: previewed as if in command.
    OverrideAssumesInCommand,
    /// The leader may not take the command asked for.
    CommandUnavailable {
        leader: UnitRef,
        command: Command,
        why: ChangeRefused,
    },
    /// Leaders move up to their allowance, bound by no command.
    LeaderMovesFreely,
    /// Not cavalry: under a charging leader it acts as Attack, with morale +2.
    ActsAsAttackUnderCharge,
    /// Arrived this turn: it may not charge; it moves as Advance.
    NoChargeOnArrival,
    /// Charge, starting in an enemy zone of control: may not move, must attack.
    ChargeStartsInEnemyZoc,
    /// Advance, starting in an enemy zone of control: it need not move, but a move must still
    /// end closer or adjacent.
    StartsInEnemyZoc,
    /// No enemy combat unit on the map: "closer" and "further" do not apply.
    NoEnemy,
    /// The minimum move cannot be met: nothing is allowed.
    MinimumMoveUnmeetable { needed: u16, best: u16 },
    /// Muster starting inside the exclusion, and no hex 5+ hexes away is reachable.
    CannotLeaveExclusion,
    /// No hex satisfies the command.
    NoLegalMove,
    /// Dragoons arriving this turn enter mounted.
    DragoonsEnterMounted,
}

impl Notice {
    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Notice::OutOfCommand => "out_of_command",
            Notice::OverrideAssumesInCommand => "override_assumes_in_command",
            Notice::CommandUnavailable { .. } => "command_unavailable",
            Notice::LeaderMovesFreely => "leader_moves_freely",
            Notice::ActsAsAttackUnderCharge => "acts_as_attack_under_charge",
            Notice::NoChargeOnArrival => "no_charge_on_arrival",
            Notice::ChargeStartsInEnemyZoc => "charge_starts_in_enemy_zoc",
            Notice::StartsInEnemyZoc => "starts_in_enemy_zoc",
            Notice::NoEnemy => "no_enemy",
            Notice::MinimumMoveUnmeetable { .. } => "minimum_move_unmeetable",
            Notice::CannotLeaveExclusion => "cannot_leave_exclusion",
            Notice::NoLegalMove => "no_legal_move",
            Notice::DragoonsEnterMounted => "dragoons_enter_mounted",
        }
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::OutOfCommand => write!(
                f,
                "out of command: no leader of its chain reaches it, so it may not move"
            ),
            Notice::OverrideAssumesInCommand => write!(
                f,
                "out of command: previewed as if it were in command under the chosen command"
            ),
            Notice::CommandUnavailable {
                leader,
                command,
                why,
            } => write!(
                f,
                "{leader} may not take {command}: {why}; nothing is allowed"
            ),
            Notice::LeaderMovesFreely => {
                write!(f, "a leader moves up to his allowance, bound by no command")
            }
            Notice::ActsAsAttackUnderCharge => write!(
                f,
                "not cavalry: under a charging leader it acts as Attack, with morale +2"
            ),
            Notice::NoChargeOnArrival => write!(
                f,
                "arrived this turn: it may not charge, and moves as Advance"
            ),
            Notice::ChargeStartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control under Charge: it may not move and must attack"
            ),
            Notice::StartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control: it may stay, but if it moves it must still end closer or adjacent"
            ),
            Notice::NoEnemy => write!(
                f,
                "no enemy combat unit on the map: 'closer' and 'further' do not apply"
            ),
            Notice::MinimumMoveUnmeetable { needed, best } => write!(
                f,
                "the minimum move of {needed} MP cannot be met (at most {best} MP can be spent): no move is allowed"
            ),
            Notice::CannotLeaveExclusion => write!(
                f,
                "must end {} or more hexes from the enemy, but no such hex is within reach",
                EXCLUSION_HEXES + 1
            ),
            Notice::NoLegalMove => write!(f, "no hex satisfies the command"),
            Notice::DragoonsEnterMounted => write!(f, "dragoons enter the map mounted"),
        }
    }
}
