//! The per-command movement rules of R5 (Attack, Advance, Stand, Retreat, Reserve, Muster,
//! Charge): each command's minimum move, "closer" or "further", one hex, the exclusion, and
//! the constraints, effects and notices it brings, as a plan for the search and the verdicts.

use super::constraint::{Constraint, EXCLUSION_HEXES};
use super::effect::{CHARGE_EXTRA_MP, Effect};
use super::notice::Notice;
use super::reason::Reason;
use crate::model::Command;

/// Where the unit starts, as the command's rules read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Start {
    /// The unit's own MP.
    pub mp: u16,
    /// Hexes to the nearest enemy combat unit (`NO_ENEMY` when there is none).
    pub enemy_distance: u16,
    /// It starts in an enemy zone of control.
    pub in_enemy_zoc: bool,
    /// There is an enemy combat unit on the map.
    pub has_enemy: bool,
}

/// The command's plan for the search and the verdicts.
#[derive(Default)]
pub(crate) struct Plan {
    pub allowance: u16,
    pub refused: Option<Reason>,
    pub frozen: Option<Reason>,
    pub min_move: u16,
    pub closer: bool,
    pub further: bool,
    pub one_hex: Option<Command>,
    /// Command and whether a unit starting inside may stay.
    pub exclusion: Option<(Command, bool)>,
    /// Friendly combat units block the end of the move (not for a moving leader).
    pub friends_block: bool,
    /// Staying put is legal whatever "closer" says (Advance starting in an enemy ZOC).
    pub may_stay: bool,
}

fn half_up(n: u16) -> u16 {
    n.div_ceil(2)
}

/// Fills the plan, constraints and effects of the rules the unit moves by.
pub(crate) fn apply_command(
    c: Command,
    chit: Option<Command>,
    plan: &mut Plan,
    constraints: &mut Vec<Constraint>,
    effects: &mut Vec<Effect>,
    notices: &mut Vec<Notice>,
    start: Start,
) {
    let Start {
        mp,
        enemy_distance: d0,
        in_enemy_zoc: start_in_zoc,
        has_enemy,
    } = start;
    let closer = |plan: &mut Plan, constraints: &mut Vec<Constraint>, notices: &mut Vec<Notice>| {
        constraints.push(Constraint::EndCloserOrAdjacent);
        if has_enemy {
            plan.closer = true;
        } else if !notices.contains(&Notice::NoEnemy) {
            notices.push(Notice::NoEnemy);
        }
    };
    match c {
        Command::Attack => {
            plan.min_move = half_up(mp);
            constraints.push(Constraint::MinimumMove {
                mp: plan.min_move,
                allowance: mp,
            });
            closer(plan, constraints, notices);
            effects.push(Effect::Melee(1));
            effects.push(Effect::MustFightIfAdjacent);
            if chit.is_some_and(Command::is_charge) {
                // Not cavalry under a charging leader: Attack, morale +2.
                effects.push(Effect::Morale(2));
            }
        }
        Command::Advance => {
            // 004: "They must end the turn at least one hex closer, or be adjacent to an enemy
            // combat unit (i.e. they must move at least one hex, unless they are already in an
            // enemy ZOC)". The exemption is from moving at all, not from the main clause: a unit
            // starting in an enemy ZOC may stay, and wherever else it ends must still be closer
            // or adjacent (it may not slip away).
            if start_in_zoc {
                notices.push(Notice::StartsInEnemyZoc);
                plan.may_stay = true;
            }
            closer(plan, constraints, notices);
        }
        Command::Stand => {
            plan.one_hex = Some(Command::Stand);
            constraints.push(Constraint::OneHex);
            effects.push(Effect::MeleeDefending(1));
        }
        Command::Retreat => {
            constraints.push(Constraint::EndFurtherFromEveryEnemy);
            if has_enemy {
                plan.further = true;
            } else {
                notices.push(Notice::NoEnemy);
            }
        }
        Command::Reserve | Command::Muster => {
            let may_stay = c == Command::Reserve;
            plan.exclusion = Some((c, may_stay));
            constraints.push(Constraint::StayClear {
                within: EXCLUSION_HEXES,
            });
            if d0 <= EXCLUSION_HEXES {
                constraints.push(if may_stay {
                    Constraint::StayOrEndClear {
                        within: EXCLUSION_HEXES,
                    }
                } else {
                    Constraint::MustEndClear {
                        within: EXCLUSION_HEXES,
                    }
                });
            }
        }
        Command::Charge1 | Command::Charge2 | Command::Charge3 => {
            plan.allowance = mp + CHARGE_EXTRA_MP;
            effects.extend([
                Effect::ExtraMp(CHARGE_EXTRA_MP),
                Effect::Morale(1),
                Effect::Melee(2),
                Effect::DoubleMeleeStrength,
                Effect::MustMeleeIfAdjacent,
            ]);
            if start_in_zoc {
                notices.push(Notice::ChargeStartsInEnemyZoc);
                plan.frozen = Some(Reason::StartsInEnemyZoc);
                constraints.push(Constraint::MayNotMove);
                effects.push(Effect::MustAttack);
            } else {
                plan.min_move = half_up(plan.allowance);
                constraints.push(Constraint::MinimumMove {
                    mp: plan.min_move,
                    allowance: plan.allowance,
                });
                closer(plan, constraints, notices);
            }
        }
    }
}
