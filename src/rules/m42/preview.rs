//! The M42 preview of one unit under one move type (R2): the leader's region and assaults,
//! the verdict on a proposed destination, the followers around the leader's end and the
//! regrouping models; and the cheaper check of one destination the editor asks on every hover.

use super::command::report;
use super::followers::{followers, regroups};
use super::ground::{Boards, enemies, exclude_bases, moved, other_bases};
use super::leader::{CannotMove, all_but_dig_in, by_radius, leader_of, refusal};
use super::move_type::MoveType;
use super::verdict::{Assault, Destination, Illegal, NoRegroup, Preview, Regroup};
use crate::geom::Point;
use crate::model::*;
use crate::rules::measure::in_contact;
use crate::rules::placement::overlaps;
use crate::rules::reach::{self, Avoid, Board, Refusal, Route};

/// Options of a preview beyond the move type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The player's pick of leader (Swarm).
    pub leader: Option<ModelId>,
    /// A proposed end position for the leader; followers are shown around it when legal.
    pub to: Option<Point>,
}

/// Previews `unit` moving under `move_type`. Never changes the scenario.
pub fn preview(
    s: &Scenario,
    unit_id: UnitId,
    move_type: MoveType,
    opts: Options,
) -> Option<Preview> {
    let unit = s.unit(unit_id)?;
    let mut p = Preview {
        unit: unit.id,
        unit_name: unit.name.clone(),
        move_type,
        leader: None,
        command: None,
        available: Vec::new(),
        refused: None,
        effects: move_type.effects(),
        leader_allowance_in: 0.0,
        leader_region: None,
        leader_outline: Vec::new(),
        assaults: Vec::new(),
        leader_end: None,
        followers: Vec::new(),
        regroup: Vec::new(),
        destination: None,
    };
    let (leader_id, source) = match leader_of(unit, opts.leader) {
        Ok(l) => l,
        Err(why) => {
            p.available = all_but_dig_in(&why);
            p.refused = (move_type != MoveType::DigIn).then_some(why.clone());
            if let Some(to) = opts.to {
                p.destination = Some(Destination {
                    to,
                    verdict: Err(Illegal::CannotMove(why)),
                    assault: false,
                });
            }
            return Some(p);
        }
    };
    p.leader = Some((leader_id, source));
    let cmd = report(unit, leader_id);
    p.available = by_radius(&cmd, unit.models.len());
    p.refused = p
        .available
        .iter()
        .find(|(t, _)| *t == move_type)
        .and_then(|(_, r)| r.clone());
    let Some(leader) = unit.model(leader_id) else {
        return Some(p);
    };
    let mv = unit.stats.mv as f32;
    let mut boards = Boards {
        s,
        side: unit.side,
        boards: Vec::new(),
    };
    let leader_r = reach::mover_radius(leader);

    // The leader's move.
    if p.refused.is_none() {
        p.leader_allowance_in = move_type.leader_allowance(mv);
        if p.leader_allowance_in > 0.0 {
            let board = boards.get(leader_r);
            let mut region =
                reach::region(board, leader.pos, p.leader_allowance_in, Avoid::standard());
            exclude_bases(&other_bases(s, unit), leader, &mut region);
            p.leader_outline = region.outline();
            p.leader_region = Some(region);
            p.assaults = assaults(s, unit, leader, p.leader_allowance_in, board);
        }
    }

    // A proposed destination.
    let mut assaulting = false;
    let mut leader_end = leader.pos;
    if let Some(to) = opts.to {
        let d = destination(
            s,
            unit,
            leader,
            move_type,
            p.refused.clone(),
            to,
            boards.get(leader_r),
        );
        if d.verdict.is_ok() {
            leader_end = to;
            assaulting = d.assault;
        }
        p.destination = Some(d);
    }
    p.command = Some(cmd.clone());
    if p.refused.is_some() || move_type == MoveType::DigIn {
        // Nobody moves: out-of-radius models are reported as staying.
        p.regroup = cmd
            .out_of_radius
            .iter()
            .filter_map(|id| unit.model(*id))
            .map(|m| Regroup {
                model: m.id,
                from: m.pos,
                result: Err(NoRegroup::NoMovement),
            })
            .collect();
        return Some(p);
    }
    p.leader_end = Some(leader_end);
    let avoid = if assaulting {
        Avoid::assault()
    } else {
        Avoid::standard()
    };
    p.followers = followers(
        s,
        unit,
        leader,
        leader_end,
        &cmd,
        move_type,
        avoid,
        &mut boards,
    );
    p.regroup = regroups(s, unit, leader_end, leader_r, &cmd, avoid, &mut boards);
    Some(p)
}

/// Only the verdict on the leader ending at `to` (the same as [`preview`]'s `destination`),
/// without the regions: cheap enough for the editor to ask on every hover and drag.
pub fn check_destination(
    s: &Scenario,
    unit_id: UnitId,
    move_type: MoveType,
    leader: Option<ModelId>,
    to: Point,
) -> Option<Destination> {
    let unit = s.unit(unit_id)?;
    let (leader_id, _) = match leader_of(unit, leader) {
        Ok(l) => l,
        Err(why) => {
            return Some(Destination {
                to,
                verdict: Err(Illegal::CannotMove(why)),
                assault: false,
            });
        }
    };
    let cmd = report(unit, leader_id);
    let refused = refusal(move_type, &cmd, unit.models.len());
    let leader = unit.model(leader_id)?;
    let board = Board::new(s, unit.side, reach::mover_radius(leader));
    Some(destination(s, unit, leader, move_type, refused, to, &board))
}

/// Base-contact positions with enemy models the leader can reach: for each enemy unit, the
/// contact with its nearest reachable model, facing the leader where possible.
fn assaults(
    s: &Scenario,
    unit: &Unit,
    leader: &Model,
    allowance: f32,
    board: &Board,
) -> Vec<Assault> {
    let r = reach::mover_radius(leader);
    let assault = Avoid::assault();
    let mut paths = reach::Paths::new(board, leader.pos, assault, allowance);
    let mut targets: Vec<(&Unit, &Model, f32)> = enemies(s, unit.side)
        .map(|(eu, em)| {
            let gap = em.pos.distance(leader.pos) - em.footprint().bounding_radius() - r;
            (eu, em, gap)
        })
        .filter(|(_, _, gap)| *gap <= allowance)
        .collect();
    targets.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.1.id.cmp(&b.1.id)));
    let mut found: Vec<Assault> = Vec::new();
    for (eu, em, _) in targets {
        if found.iter().any(|a| a.unit == eu.id) {
            continue;
        }
        let er = em.footprint().bounding_radius();
        let toward = (leader.pos - em.pos).normalize_or_zero();
        let base = toward.y.atan2(toward.x);
        // Contact points around the enemy, alternating either side of the leader's line.
        for k in 0..16i32 {
            let step = (k + 1) / 2 * if k % 2 == 0 { 1 } else { -1 };
            let a = base + step as f32 * std::f32::consts::TAU / 16.0;
            // Exactly touching: a gap of 0 is contact (`measure::CONTACT_TOLERANCE_IN`).
            let contact = em.pos + Point::new(a.cos(), a.sin()) * (er + r);
            if let Ok(path) = paths.to(contact, allowance) {
                found.push(Assault {
                    unit: eu.id,
                    unit_name: eu.name.clone(),
                    model: em.id,
                    contact,
                    route: Route::from(path),
                });
                break;
            }
        }
    }
    found.sort_by(|a, b| a.route.length_in.total_cmp(&b.route.length_in));
    found
}

#[allow(clippy::too_many_arguments)]
fn destination(
    s: &Scenario,
    unit: &Unit,
    leader: &Model,
    move_type: MoveType,
    refused: Option<CannotMove>,
    to: Point,
    board: &Board,
) -> Destination {
    let contact_with =
        enemies(s, unit.side).find(|(_, m)| in_contact(&moved(leader, to), &m.footprint()));
    let assault = contact_with.is_some();
    let verdict = (|| {
        if let Some(c) = refused {
            return Err(Illegal::CannotMove(c));
        }
        let allowance = move_type.leader_allowance(unit.stats.mv as f32);
        if allowance <= 0.0 {
            return Err(Illegal::LeaderStays(move_type));
        }
        if assault && !matches!(move_type, MoveType::Advance | MoveType::AtTheDouble) {
            return Err(Illegal::AssaultNeedsAdvance(move_type));
        }
        // The leader's base may not overlap another unit's model. His own followers move
        // after him and make room.
        let fp = moved(leader, to);
        for u in s
            .units
            .iter()
            .filter(|u| u.id != unit.id && u.on_table() && u.in_play())
        {
            for m in &u.models {
                if overlaps(&fp, &m.footprint()) {
                    return Err(Illegal::Overlaps {
                        unit: u.id,
                        name: u.name.clone(),
                    });
                }
            }
        }
        let avoid = if assault {
            Avoid::assault()
        } else {
            Avoid::standard()
        };
        reach::path_to(board, leader.pos, to, allowance, avoid)
            .map(Route::from)
            .map_err(|u| Illegal::Refused(Refusal::from_unreachable(s, u, allowance)))
    })();
    Destination {
        to,
        verdict,
        assault,
    }
}
