//! The legal-move preview of one unit under its traced command (R5).
//!
//! Two searches share the board: the **reach** (every hex the unit's MP pay for, around terrain,
//! impassable hexsides and enemy units) and the **legal** search under the command's rules
//! (entering an enemy ZOC hex ends the move; the Reserve exclusion is a wall; Stand takes one
//! step). Every hex of the reach appears once in the preview: legal, or rejected with a
//! [`Reason`]. Hexes the legal search reached carry its cost and cheapest path; hexes only the
//! reach got to carry their plain MP cost and the reason they are cut off.
//!
//! Choices where the text is open (also in `docs/rules.md`):
//! - "Closer" and "adjacent" use the distance to the nearest enemy combat unit (leaders do not
//!   count); a unit that ends adjacent to one satisfies "closer or adjacent" and is excused the
//!   minimum move (a move that reaches contact has done what Attack and Charge ask).
//! - Charge's minimum move is half the charge allowance (MP + 2), rounded up.
//! - Retreat compares the distance to every enemy combat unit on the map (RULES.md: "further
//!   from every enemy").
//! - Reserve and Muster: a unit starting outside the exclusion never enters it; one starting
//!   inside may move through exclusion hexes no nearer the enemy than its start hex, to end 5+
//!   hexes away (Reserve may also stay).
//! - With no enemy combat unit on the map, "closer" and "further" do not apply (a notice says so).
//! - A cavalry unit under Charge on its turn of arrival may not charge; it moves as Advance.
//! - A reinforcement off the map, due this turn (or earlier and still off), moves from its
//!   reinforcement's entry hex: entering it costs that hex's terrain MP (no hexside: it comes
//!   from beyond the edge), the entry hex is a hex it enters like any other (an enemy ZOC there
//!   ends its move, an enemy or friend there may not be ended on, a Reserve exclusion there may
//!   not be entered), it does not start in a zone of control, and "closer" and "further" are
//!   measured from the entry hex. It has arrived this turn (no Charge: it moves as Advance) and
//!   dragoons come on mounted.
//! - Other combat units may be passed through but not ended on; leaders neither block nor
//!   occupy, and a moving leader may end on a friendly unit. Enemy units (leaders too) may not be
//!   entered.

use super::board::{Board, ENEMY, IN_ZOC, NO_ENEMY, NONE};
use super::command_change::{change_allowed, muster_trigger};
use super::constraint::{Constraint, EXCLUSION_HEXES};
use super::dragoons::dragoon_formation;
use super::error::HexError;
use super::move_preview::{CommandInfo, CommandSource, Entry, HexVerdict, MovePreview};
use super::movement_rules::{Plan, Start, apply_command};
use super::notice::Notice;
use super::reason::Reason;
use super::search::{Params, Pricing, Search};
use super::tracing::trace;
use super::unit_ref::UnitRef;
use crate::model::{Command, UnitId};

pub(crate) fn preview(
    board: &Board,
    search: &mut Search,
    unit: UnitId,
    request: Option<Command>,
) -> Result<MovePreview, HexError> {
    let slot = board.slot(unit)?;
    // A reinforcement due this turn moves from its entry hex, paying for it (see `entry`).
    let arrival = match board.unit(slot).present() {
        Some(_) => None,
        None => Some(board.arrival(slot)?),
    };
    let u = arrival.as_ref().map_or(board.unit(slot), |a| &a.unit);
    let Some((start, _)) = u.present() else {
        return Err(HexError::NotOnMap(u.name.to_string()));
    };
    let entering = arrival.is_some();
    let start_cost = arrival.as_ref().map_or(0, |a| a.cost);
    let field = board.marks(u.side);
    let s = start as usize;
    // The distances to the enemy: the whole map's when the board already has them (a board
    // kept between previews); else searched only near the unit (`NearField`), its start now,
    // the hexes its MP reach once the plan says how far that is.
    let whole = board.cached_field(u.side);
    let d0 = match whole {
        Some(f) => f.dist[s],
        None => search.near.begin(board, field, start),
    };
    let has_enemy = d0 != NO_ENEMY;
    // Coming onto the map, it does not start the turn in anyone's zone of control.
    let start_in_zoc = !entering && field.flags[s] & IN_ZOC != 0;
    let tracing = trace(board, u);
    let mp = u16::from(u.mp);
    let cavalry = u.acts_as_cavalry();

    let mut notices = Vec::new();
    let mut constraints = Vec::new();
    let mut effects = Vec::new();
    let mut plan = Plan {
        allowance: mp,
        friends_block: !u.is_leader(),
        ..Plan::default()
    };

    // Which chit, from where.
    let (source, chit) = if u.is_leader() {
        notices.push(Notice::LeaderMovesFreely);
        (CommandSource::Leader, None)
    } else if let Some(c) = request {
        // The leader whose chit would change: the one it traces to, else its own commander.
        let leader = tracing.leader().or(tracing.chain.first());
        // Losses matter only for Muster; counting them walks every unit's chain.
        let losses = |id| {
            if c == Command::Muster {
                muster_trigger(board, id).routed_or_destroyed.len()
            } else {
                0
            }
        };
        // The chit he holds is previewed as it is; any other is a change at the next Command
        // Phase, which the Charge timeline and the Muster trigger may forbid.
        if let Some(l) = leader
            && c != l.command
            && let Err(why) = change_allowed(l.command, c, losses(l.leader.id))
        {
            notices.push(Notice::CommandUnavailable {
                leader: l.leader.clone(),
                command: c,
                why: why.clone(),
            });
            plan.refused = Some(Reason::CommandRefused {
                leader: l.leader.clone(),
                command: c,
                why,
            });
        }
        if !tracing.in_command() {
            notices.push(Notice::OverrideAssumesInCommand);
        }
        (CommandSource::Override, Some(c))
    } else if let Some(l) = tracing.leader() {
        (CommandSource::Traced, Some(l.command))
    } else {
        notices.push(Notice::OutOfCommand);
        plan.frozen = Some(Reason::OutOfCommand);
        constraints.push(Constraint::MayNotMove);
        (CommandSource::OutOfCommand, None)
    };

    // What the chit means for this unit.
    let moves_as = match chit {
        Some(c) if c.is_charge() && !cavalry => {
            notices.push(Notice::ActsAsAttackUnderCharge);
            Some(Command::Attack)
        }
        Some(c) if c.is_charge() && u.state.arrived_this_turn => {
            notices.push(Notice::NoChargeOnArrival);
            Some(Command::Advance)
        }
        other => other,
    };
    if let Some(c) = moves_as {
        apply_command(
            c,
            chit,
            &mut plan,
            &mut constraints,
            &mut effects,
            &mut notices,
            Start {
                mp,
                // Coming on, it does not start inside anyone's exclusion.
                enemy_distance: if entering { NO_ENEMY } else { d0 },
                in_enemy_zoc: start_in_zoc,
                has_enemy,
            },
        );
    }
    if plan.refused.is_some() {
        // A command the leader may not take brings nothing.
        effects.clear();
    }
    if plan.refused.is_some() || plan.frozen.is_some() {
        constraints.retain(|c| *c == Constraint::MayNotMove);
        if !constraints.contains(&Constraint::MayNotMove) {
            constraints.insert(0, Constraint::MayNotMove);
        }
    } else {
        constraints.push(Constraint::ZocEndsMove);
    }
    if u.kind == crate::model::UnitKind::Dragoons
        && u.state.arrived_this_turn
        && (entering || !u.state.mounted)
    {
        notices.push(Notice::DragoonsEnterMounted);
    }
    let dragoons = dragoon_formation(u, &tracing, chit);

    // The two searches, after the distances they read are settled as far as they go (near
    // the unit, or over the whole map when the board has asked often enough: `take_near`).
    let steps = board.steps_for(plan.allowance);
    let whole = whole.or_else(|| (!board.take_near(d0, steps)).then(|| board.field(u.side)));
    if whole.is_none() {
        search.near.settle(board, field, d0, steps);
    }
    let (dist, nearest): (&[u16], &[u32]) = match whole {
        Some(f) => (&f.dist, &f.nearest),
        None => (&search.near.dist, &search.near.nearest),
    };
    let reach = Params {
        flags: Some(&field.flags),
        start_cost,
        start_entered: entering,
        ..Params::plain(start, plan.allowance)
    };
    let stuck = plan.refused.is_some() || plan.frozen.is_some();
    let legal = Params {
        start,
        budget: if stuck { 0 } else { plan.allowance },
        pricing: Pricing::Terrain,
        flags: Some(&field.flags),
        zoc: true,
        // Coming on, it starts nowhere near the enemy: it never enters the exclusion.
        exclusion: plan.exclusion.map(|_| {
            let threshold = if entering { NO_ENEMY } else { d0 };
            (dist, threshold.min(EXCLUSION_HEXES + 1))
        }),
        one_step: plan.one_hex.is_some(),
        start_cost,
        start_entered: entering,
    };
    search.reach.run(board, &reach);
    search.legal.run(board, &legal);

    let judge = Judge {
        board,
        field_dist: dist,
        nearest,
        flags: &field.flags,
        enemies: &field.enemies,
        slot,
        start,
        entering,
        d0,
        plan: &plan,
        retreat_from: if plan.further {
            field
                .enemies
                .iter()
                .map(|&e| distance(board, start, e))
                .collect()
        } else {
            Vec::new()
        },
    };

    let mut out: Vec<HexVerdict> = Vec::with_capacity(search.reach.settled.len());
    let mut best_move = 0u16;
    let mut min_move_met = false;
    for k in 0..search.legal.settled.len() {
        let i = search.legal.settled[k];
        let cost = search.legal.cost(i).unwrap_or(0);
        let prev = search.legal.prev(i);
        let via = (prev != NONE).then(|| search.legal.tag(prev));
        search.legal.set_tag(i, out.len() as u32);
        if field.flags[i as usize] & ENEMY == 0 {
            best_move = best_move.max(cost);
            if cost >= plan.min_move || dist[i as usize] == 1 {
                min_move_met = true;
            }
        }
        out.push(HexVerdict {
            hex: board.hexes[i as usize],
            cost,
            via,
            reason: judge.reached(i, cost),
        });
    }
    for &i in &search.reach.settled {
        if search.legal.reached(i) {
            continue;
        }
        out.push(HexVerdict {
            hex: board.hexes[i as usize],
            cost: search.reach.cost(i).unwrap_or(0),
            via: None,
            reason: Some(judge.cut_off(i)),
        });
    }

    if !out.iter().any(HexVerdict::is_legal) && !stuck {
        if plan.min_move > 0 && !min_move_met {
            notices.push(Notice::MinimumMoveUnmeetable {
                needed: plan.min_move,
                best: best_move,
            });
        } else if plan.exclusion == Some((Command::Muster, false)) && d0 <= EXCLUSION_HEXES {
            notices.push(Notice::CannotLeaveExclusion);
        } else {
            notices.push(Notice::NoLegalMove);
        }
    }

    Ok(MovePreview {
        unit: u.r(),
        start: board.hexes[s],
        entry: arrival.as_ref().map(|a| Entry {
            hex: board.hexes[a.index as usize],
            cost: a.cost,
            turn: a.turn,
        }),
        mp,
        allowance: plan.allowance,
        command: CommandInfo {
            tracing,
            source,
            chit,
            moves_as,
        },
        constraints,
        effects,
        notices,
        dragoons,
        hexes: out,
    })
}

fn distance(board: &Board, a: u32, unit_slot: u32) -> u16 {
    let Some((b, _)) = board.unit(unit_slot).present() else {
        return NO_ENEMY;
    };
    let d = board.hexes[a as usize].unsigned_distance_to(board.hexes[b as usize]);
    d.min(u32::from(NO_ENEMY - 1)) as u16
}

/// Gives each hex its verdict.
struct Judge<'a> {
    board: &'a Board,
    field_dist: &'a [u16],
    nearest: &'a [u32],
    flags: &'a [u8],
    enemies: &'a [u32],
    slot: u32,
    start: u32,
    /// The unit comes onto the map at `start`: the start is a hex it enters, not one it stands
    /// on.
    entering: bool,
    d0: u16,
    plan: &'a Plan,
    /// Retreat: the distance from the start to each of `enemies`.
    retreat_from: Vec<u16>,
}

impl Judge<'_> {
    fn enemy_at(&self, i: u32) -> Option<UnitRef> {
        let occ = self.board.occupant[i as usize];
        if occ != NONE {
            return Some(self.board.unit(occ).r());
        }
        // A lone enemy leader.
        let mover_side = self.board.unit(self.slot).side;
        self.board
            .units
            .iter()
            .find(|u| u.side != mover_side && u.present().is_some_and(|(h, _)| h == i))
            .map(|u| u.r())
    }

    fn exclusion_reason(&self, i: u32, command: Command) -> Reason {
        let e = self.nearest[i as usize];
        Reason::InsideExclusion {
            command,
            enemy: self.board.unit(e).r(),
            distance: self.field_dist[i as usize],
        }
    }

    /// A hex the legal search reached, at `cost`.
    fn reached(&self, i: u32, cost: u16) -> Option<Reason> {
        let iu = i as usize;
        let p = self.plan;
        let here = i == self.start && !self.entering;
        if !here
            && self.flags[iu] & ENEMY != 0
            && let Some(unit) = self.enemy_at(i)
        {
            return Some(Reason::Occupied { unit, enemy: true });
        }
        if let Some(r) = &p.refused {
            return Some(r.clone());
        }
        if here && p.frozen.is_some() {
            return None;
        }
        if !here
            && p.friends_block
            && let Some(occ) = self.board.full(iu, self.slot)
        {
            let unit = self.board.unit(occ).r();
            return Some(Reason::friends_fill(unit, self.board.per_hex()));
        }
        let d = self.field_dist[iu];
        if let Some((command, may_stay)) = p.exclusion
            && d <= EXCLUSION_HEXES
            && !(here && may_stay)
        {
            return Some(self.exclusion_reason(i, command));
        }
        if p.min_move > 0 && cost < p.min_move && d != 1 {
            return Some(Reason::BelowMinimumMove {
                needed: p.min_move,
                cost,
            });
        }
        if p.closer && !(d < self.d0 || d == 1 || (here && p.may_stay)) {
            return Some(Reason::NotCloser {
                start: self.d0,
                end: d,
            });
        }
        if p.further {
            let hex = self.board.hexes[iu];
            let mut worst: Option<(i32, u16, u16, u32)> = None;
            for (k, &e) in self.enemies.iter().enumerate() {
                let from = self.retreat_from[k];
                let Some((at, _)) = self.board.unit(e).present() else {
                    continue;
                };
                let to = hex.unsigned_distance_to(self.board.hexes[at as usize]) as u16;
                if to <= from {
                    let margin = i32::from(to) - i32::from(from);
                    if worst.is_none_or(|w| (margin, to) < (w.0, w.2)) {
                        worst = Some((margin, from, to, e));
                    }
                }
            }
            if let Some((_, from, to, e)) = worst {
                return Some(Reason::NotFurther {
                    enemy: self.board.unit(e).r(),
                    start: from,
                    end: to,
                });
            }
        }
        None
    }

    /// A hex only the plain MP reach got to.
    fn cut_off(&self, i: u32) -> Reason {
        let p = self.plan;
        if self.flags[i as usize] & ENEMY != 0
            && let Some(unit) = self.enemy_at(i)
        {
            return Reason::Occupied { unit, enemy: true };
        }
        if let Some(r) = &p.refused {
            return r.clone();
        }
        if let Some(r) = &p.frozen {
            return r.clone();
        }
        if let Some(command) = p.one_hex {
            return Reason::OneHexOnly { command };
        }
        if let Some((command, _)) = p.exclusion {
            return if self.field_dist[i as usize] <= EXCLUSION_HEXES {
                self.exclusion_reason(i, command)
            } else {
                Reason::BeyondExclusion { command }
            };
        }
        Reason::BeyondZoc
    }
}
