//! Followers and regrouping models of an M42 move (R2): where each model in the command radius
//! may land around the leader's end, with a suggested spot that keeps the unit's shape, and the
//! route each model outside the radius may take toward him.

use super::command::CommandReport;
use super::ground::exclude_bases;
use super::ground::{Boards, moved, nearest_enemy, other_bases};
use super::move_type::MoveType;
use super::verdict::{Follower, NoRegroup, Regroup};
use crate::geom::{Footprint, Point};
use crate::model::*;
use crate::rules::placement::{Landing, LandingRule, Suggestion, overlaps};
use crate::rules::reach::{self, Avoid, Refusal, Region, Route};

/// Regrouping is not allowed within this distance of an enemy model (R2).
pub const REGROUP_BAN_IN: f32 = 12.0;

#[allow(clippy::too_many_arguments)]
pub(crate) fn followers(
    s: &Scenario,
    unit: &Unit,
    leader: &Model,
    leader_end: Point,
    cmd: &CommandReport,
    move_type: MoveType,
    avoid: Avoid,
    boards: &mut Boards,
) -> Vec<Follower> {
    let allowance = move_type.follower_allowance(unit.stats.mv as f32);
    let radius = cmd.command_radius_in;
    let coh = cmd.coherency_in;
    let leader_fp = moved(leader, leader_end);
    let shift = leader_end - leader.pos;
    // Followers nearest the leader are placed first.
    let mut order: Vec<&Model> = cmd
        .in_radius
        .iter()
        .filter(|id| **id != leader.id)
        .filter_map(|id| unit.model(*id))
        .collect();
    order.sort_by(|a, b| {
        a.pos
            .distance_squared(leader.pos)
            .total_cmp(&b.pos.distance_squared(leader.pos))
            .then(a.id.cmp(&b.id))
    });
    // One prepared query per base size, shared by every follower: they all start within the
    // unit's spread of the leader.
    let spread = order
        .iter()
        .map(|m| m.pos.distance(leader.pos))
        .fold(0.0f32, f32::max);
    let range = spread + allowance + reach::STEP_IN * 3.0;
    for m in &order {
        boards.get(reach::mover_radius(m));
    }
    let mut shared: Vec<(u32, reach::Prepared)> = boards
        .boards
        .iter()
        .map(|(k, b)| (*k, reach::Prepared::shared(b, leader.pos, avoid, range)))
        .collect();
    // Bases already standing where they will be: the leader, every other unit's models.
    let mut placed: Vec<Footprint> = vec![leader_fp];
    // Only bases that could touch a follower somewhere in its reach: every node a follower
    // can reach (finite path length, at most its allowance plus two lattice steps) lies within
    // `range` of the leader, and only those nodes are stamped or suggested.
    let widest = order
        .iter()
        .map(|m| m.footprint().bounding_radius())
        .fold(0.0f32, f32::max);
    let others: Vec<Footprint> = other_bases(s, unit)
        .into_iter()
        .filter(|o| {
            o.centre().distance(leader.pos) - o.bounding_radius() <= range + widest + reach::STEP_IN
        })
        .collect();
    // Each follower's reach, clear of other units' bases and inside the new command radius.
    let one = |m: &Model, shared: &mut Vec<(u32, reach::Prepared)>| -> Option<Region> {
        let key = reach::mover_radius(m).to_bits();
        // Every base size got a query above.
        let (_, prep) = shared.iter_mut().find(|(k, _)| *k == key)?;
        let mut region = if prep.restart(m.pos) {
            reach::region_from(prep, allowance)
        } else {
            // Starting inside some clearance: a query of its own lets it move away.
            reach::region(prep.board, m.pos, allowance, avoid)
        };
        exclude_bases(&others, m, &mut region);
        region.restrict(|p| leader_fp.separation(&moved(m, p)) - radius);
        Some(region)
    };
    let mut out = Vec::new();
    // The step that goes in order: a follower's region narrowed to coherency with the models
    // already placed, its outline, and the spot suggested for it.
    let mut place = |m: &Model, region: Option<Region>| {
        let Some(mut region) = region else {
            return;
        };
        // Within coherency of a model already placed. Coherency only matters where the node
        // is still (nearly) inside, and once a node is deep inside an anchor's coherency the
        // exact value no longer shapes the outline.
        let step = region.window.step;
        let w = region.window;
        let own_r = m.footprint().bounding_radius();
        let circles: Vec<(Point, f32)> = placed
            .iter()
            .map(|a| (a.centre(), a.bounding_radius()))
            .collect();
        for i in 0..w.len() {
            let e = region.excess[i];
            // NaN never occurs here; INFINITY (blocked) and outside nodes are skipped.
            if e.is_nan() || e > step {
                continue;
            }
            let fp = moved(m, w.point(i));
            let mut coherent = f32::INFINITY;
            for (a, (c, r)) in placed.iter().zip(&circles) {
                // Bounding circles give a lower bound on the separation: an anchor that
                // cannot beat the nearest one so far is not measured.
                if c.distance(fp.centre()) - r - own_r - coh >= coherent {
                    continue;
                }
                coherent = coherent.min(a.separation(&fp) - coh);
                if coherent <= -step {
                    break;
                }
            }
            region.excess[i] = e.max(coherent);
        }
        // Keep the unit's shape: aim for the old position shifted with the leader, and take
        // the nearest node of the region whose base overlaps nobody.
        let target = m.pos + shift;
        let w = region.window;
        let mut candidates: Vec<(f32, usize)> = (0..w.len())
            .filter(|i| region.excess[*i] <= 0.0)
            .map(|i| (w.point(i).distance_squared(target), i))
            .collect();
        let free = |i: usize| {
            let fp = moved(m, w.point(i));
            placed.iter().chain(&others).all(|o| {
                // Bases whose bounding circles are apart cannot overlap.
                o.centre().distance(fp.centre()) > o.bounding_radius() + own_r || !overlaps(&fp, o)
            })
        };
        // Nearest first, ties in lattice order. The nearest is usually free, so a few picks
        // of the minimum come before sorting them all.
        let order_of = |a: &(f32, usize), b: &(f32, usize)| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1));
        let mut suggested = None;
        for _ in 0..4 {
            let Some(k) =
                (0..candidates.len()).min_by(|a, b| order_of(&candidates[*a], &candidates[*b]))
            else {
                break;
            };
            let (_, i) = candidates.swap_remove(k);
            if free(i) {
                suggested = Some(w.point(i));
                break;
            }
        }
        if suggested.is_none() {
            candidates.sort_unstable_by(order_of);
            suggested = candidates
                .into_iter()
                .map(|(_, i)| i)
                .find(|i| free(*i))
                .map(|i| w.point(i));
        }
        if let Some(p) = suggested {
            placed.push(moved(m, p));
        }
        out.push(Follower {
            model: m.id,
            from: m.pos,
            allowance_in: allowance,
            outline: region.outline(),
            region,
            suggested,
        });
    };
    // One thread: the regions share the prepared queries, and each is placed as soon as it
    // is known (placing goes in order, nearest the leader first).
    for m in &order {
        let region = one(m, &mut shared);
        place(m, region);
    }
    out
}

pub(crate) fn regroups(
    s: &Scenario,
    unit: &Unit,
    leader_end: Point,
    leader_radius: f32,
    cmd: &CommandReport,
    avoid: Avoid,
    boards: &mut Boards,
) -> Vec<Regroup> {
    let mv = unit.stats.mv as f32;
    cmd.out_of_radius
        .iter()
        .filter_map(|id| unit.model(*id))
        .map(|m| {
            let fp = m.footprint();
            let result = match nearest_enemy(s, unit.side, &fp) {
                Some((eu, d)) if d < REGROUP_BAN_IN => Err(NoRegroup::EnemyWithin12 {
                    unit: eu.id,
                    name: eu.name.clone(),
                    distance_in: d,
                }),
                _ => {
                    let board = boards.get(reach::mover_radius(m));
                    let far = m.pos.distance(leader_end) * 3.0 + mv;
                    match reach::path_to(board, m.pos, leader_end, far, avoid) {
                        Ok(path) => {
                            let route = Route::from(path);
                            // Stop short of base contact with the leader.
                            let contact = reach::mover_radius(m) + leader_radius;
                            let go = mv.min((route.length_in - contact).max(0.0));
                            Ok(route.truncated(go))
                        }
                        Err(u) => Err(NoRegroup::Blocked(Refusal::from_unreachable(s, u, mv))),
                    }
                }
            };
            Regroup {
                model: m.id,
                from: m.pos,
                result,
            }
        })
        .collect()
}

/// Every model that may move after the leader, with where it may land and the spot suggested:
/// the followers in their formation (R2), then each model outside the radius that may regroup,
/// on its way toward the leader's end, as far along it as its base stands clear of the unit as
/// it will stand and of other units (the whole way, up to Mv, where nothing is in the way).
/// One list for the editor's waiting move and the engine's commit, so a regroup the editor
/// suggests is one the game accepts.
pub fn suggestions(s: &Scenario, unit: &Unit, p: &super::Preview) -> Vec<Suggestion> {
    let mut out: Vec<Suggestion> = p.followers.iter().map(|f| f.suggestion(unit)).collect();
    let Some(end) = p.leader_end else {
        return out;
    };
    // Where each model will stand so far: the leader at his end, followers at their spots.
    let mut standing: Vec<Model> = unit.models.clone();
    for m in &mut standing {
        if p.leader.is_some_and(|(l, _)| l == m.id) {
            m.pos = end;
        } else if let Some(spot) = out
            .iter()
            .find(|f| f.landing.model == m.id)
            .and_then(|f| f.spot)
        {
            m.pos = spot;
        }
    }
    let others = other_bases(s, unit);
    let allowance_in = unit.stats.mv as f32;
    for r in &p.regroup {
        let (Ok(way), Some(m)) = (&r.result, unit.model(r.model)) else {
            continue;
        };
        let clear = |at: Point| {
            let fp = Model { pos: at, ..*m }.footprint();
            standing
                .iter()
                .filter(|o| o.id != m.id)
                .map(Model::footprint)
                .chain(others.iter().copied())
                .all(|o| !overlaps(&fp, &o))
        };
        // Back from the way's end a tenth of an inch at a time to the first clear place; its
        // start is where the model stands.
        let steps = (way.length_in / REGROUP_STEP_IN).ceil() as usize;
        let spot = (0..=steps)
            .map(|k| way.truncated((way.length_in - k as f32 * REGROUP_STEP_IN).max(0.0)))
            .filter_map(|w| w.points.last().copied())
            .find(|at| clear(*at));
        if let (Some(at), Some(o)) = (spot, standing.iter_mut().find(|o| o.id == m.id)) {
            o.pos = at;
        }
        out.push(Suggestion {
            landing: Landing {
                model: m.id,
                region: None,
                along: Some(way.clone()),
                rule: LandingRule::M42Regroup { allowance_in },
            },
            spot,
        });
    }
    out
}

/// How far back along its way a regrouping model is tried, step by step, for a clear spot.
const REGROUP_STEP_IN: f32 = 0.1;
