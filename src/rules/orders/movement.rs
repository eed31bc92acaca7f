//! Orderly and disorderly movement (R3): the leader's move and every other model's landing
//! or movement region, on the unit's lattice.

use super::action::Action;
use super::action::{Movement, ORDERLY_RADIUS_IN, RALLY_RADIUS_IN, movement_of};
use super::answer::{
    LeaderPreview, ModelMode, ModelPreview, OrdersPreview, OutOfCommand, TerrainCap,
};
use super::destination;
use super::lattice::Lattice;
use super::lattice::intersect;
use super::path::{Area, round_in, round_point};
use super::verdict::{DestinationCheck, Illegal};
use super::why::Why;
use crate::geom::Point;
use crate::model::{Model, Scenario, Unit};
use crate::rules::reach::{self, Avoid, Region};

/// What a model may end in, while the preview is being built.
enum Ends {
    /// A single point (the leader's end, a model that stays).
    Point(Point),
    /// A region and the start point.
    Region(usize),
}

/// The leader's allowance under `action`, and whether he moves at all.
fn leader_allowance(action: Action, mv: f32) -> (f32, bool) {
    match action {
        Action::OpenFire | Action::Advance => (mv, true),
        Action::AtTheDouble => (2.0 * mv, true),
        Action::Rally | Action::GoToGround | Action::FallBack => (0.0, false),
    }
}

/// The verdict on the leader ending at `to` under `action` (every action but Fall Back!).
fn leader_check(
    lat: &Lattice,
    leader: &Model,
    action: Action,
    disorderly: bool,
    mv: f32,
    to: Point,
) -> DestinationCheck {
    let (allowance, moves) = leader_allowance(action, mv);
    if !moves {
        let why = match action {
            Action::Rally => Illegal::LeaderStays { action },
            _ => Illegal::NoMove { action },
        };
        destination::refused(to, why)
    } else if disorderly {
        destination::check_disorderly(lat, leader, to, allowance, mv)
    } else {
        destination::check_orderly(lat, leader, to, allowance)
    }
}

/// Only the verdict on the leader's destination, without the rest of the preview: what the
/// editor asks on every hover and drag (every action but Fall Back!, whose verdict depends on
/// the whole unit's branch).
pub(super) fn check_leader(
    s: &Scenario,
    unit: &Unit,
    action: Action,
    to: Point,
) -> DestinationCheck {
    let Some(leader) = unit.leader().copied() else {
        return destination::refused(to, Illegal::NoMove { action });
    };
    let mv = f32::from(unit.stats.mv);
    // The same window as the full preview's, so the verdicts cannot differ.
    let placement = if action == Action::Rally {
        RALLY_RADIUS_IN
    } else {
        ORDERLY_RADIUS_IN
    };
    let lat = Lattice::new(s, unit, &[to], (2.0 * mv).max(placement + 2.0));
    let disorderly = movement_of(unit, action) == Movement::Disorderly;
    leader_check(&lat, &leader, action, disorderly, mv, to)
}

/// Fills the movement part of `pv` for every action but Fall Back!.
pub(super) fn fill(
    s: &Scenario,
    unit: &Unit,
    action: Action,
    leader_to: Option<Point>,
    pv: &mut OrdersPreview,
) {
    let mv = f32::from(unit.stats.mv);
    let leader = unit.leader().copied();
    let single = unit.models.len() == 1;
    let placement = if action == Action::Rally {
        RALLY_RADIUS_IN
    } else {
        ORDERLY_RADIUS_IN
    };
    let reach_in = (2.0 * mv).max(placement + 2.0);
    let extra: Vec<Point> = leader_to.into_iter().collect();
    let lat = Lattice::new(s, unit, &extra, reach_in);

    let Some(leader) = leader else {
        // Only Go to Ground! gets here without a leader: nobody moves.
        pv.models = unit.models.iter().map(|m| stays(m, 0.0)).collect();
        if let Some(to) = leader_to {
            pv.destination = Some(destination::refused(to, Illegal::NoMove { action }));
        }
        return;
    };
    let from_leader = |m: &Model| m.footprint().separation(&leader.footprint()).max(0.0);

    // The leader's move.
    let disorderly = pv.movement == Movement::Disorderly;
    let (leader_allowance, leader_moves) = leader_allowance(action, mv);
    let (leader_region, leader_cap) = if !leader_moves {
        (None, None)
    } else if disorderly {
        let (r, cap) = lat.disorderly(&leader, leader_allowance, mv);
        (Some(r), cap)
    } else {
        (
            Some(lat.reach(&leader, leader.pos, leader_allowance, Avoid::standard())),
            None,
        )
    };
    let check = leader_to.map(|to| leader_check(&lat, &leader, action, disorderly, mv, to));
    let leader_end = match &check {
        Some(c) if c.legal => c.to,
        _ => leader.pos,
    };
    if check.as_ref().is_some_and(|c| !c.legal) {
        pv.notes.push(
            "the proposed destination is not legal: followers are shown around the leader where \
             he stands"
                .to_string(),
        );
    }

    // The other models.
    let others: Vec<&Model> = unit.models.iter().filter(|m| m.id != leader.id).collect();
    let mut previews: Vec<ModelPreview> = Vec::with_capacity(others.len());
    // Disorderly models (index into `previews`) and their full reach.
    let mut loose: Vec<(usize, Region)> = Vec::new();
    for m in &others {
        let d = from_leader(m);
        let mut mp = stays(m, d);
        match action {
            Action::OpenFire | Action::GoToGround => {}
            Action::Advance | Action::Rally if d <= placement + 1e-4 => {
                mp.mode = ModelMode::Placed;
                mp.allowance_in = placement;
                mp.region = Some(Area::new(lat.landing(m, &leader, leader_end, placement)));
            }
            Action::Advance | Action::Rally | Action::AtTheDouble => {
                let allowance = if action == Action::AtTheDouble {
                    2.0 * mv
                } else {
                    mv
                };
                let (region, cap) = lat.disorderly(m, allowance, mv);
                mp.mode = ModelMode::Disorderly;
                mp.allowance_in = allowance;
                mp.cap = cap;
                loose.push((previews.len(), region));
            }
            Action::FallBack => {}
        }
        previews.push(mp);
    }

    // Coherency of disorderly models (and of the leader when he is disorderly).
    let leader_index = usize::MAX;
    let mut leader_final = leader_region.clone();
    if !loose.is_empty() || (disorderly && !single) {
        let reference = leader_end;
        let mut ooc = vec![false; loose.len()];
        let mut ooc_regions: Vec<Option<Region>> = vec![None; loose.len()];
        let mut ooc_caps: Vec<Option<TerrainCap>> = vec![None; loose.len()];
        let mut in_command: Vec<Option<Region>> = vec![None; loose.len()];
        for _round in 0..4 {
            let mut next = vec![false; loose.len()];
            {
                // Where each model may end, for the others' coherency.
                let mut ends: Vec<(usize, Ends, f32)> = Vec::new(); // (owner, ends, radius)
                let mut region_store: Vec<&Region> = Vec::new();
                match (&leader_region, disorderly) {
                    (Some(r), true) => {
                        region_store.push(r);
                        ends.push((leader_index, Ends::Region(0), reach::mover_radius(&leader)));
                        ends.push((
                            leader_index,
                            Ends::Point(leader.pos),
                            reach::mover_radius(&leader),
                        ));
                    }
                    _ => ends.push((
                        leader_index,
                        Ends::Point(leader_end),
                        reach::mover_radius(&leader),
                    )),
                }
                for (k, mp) in previews.iter().enumerate() {
                    let r = reach::mover_radius(others[k]);
                    match mp.mode {
                        ModelMode::Placed => {
                            if let Some(a) = &mp.region {
                                region_store.push(&a.region);
                                ends.push((k, Ends::Region(region_store.len() - 1), r));
                            }
                        }
                        ModelMode::Stays => ends.push((k, Ends::Point(mp.from), r)),
                        _ => {}
                    }
                }
                for (j, (k, region)) in loose.iter().enumerate() {
                    let r = reach::mover_radius(others[*k]);
                    let reg = match &ooc_regions[j] {
                        Some(o) if ooc[j] => o,
                        _ => region,
                    };
                    region_store.push(reg);
                    ends.push((*k, Ends::Region(region_store.len() - 1), r));
                    ends.push((*k, Ends::Point(others[*k].pos), r));
                }
                let field_for = |owner: usize, r: f32| {
                    let mut points = Vec::new();
                    let mut regions = Vec::new();
                    for (o, e, rr) in &ends {
                        if *o == owner {
                            continue;
                        }
                        match e {
                            Ends::Point(p) => points.push((*p, *rr)),
                            Ends::Region(i) => regions.push((region_store[*i], *rr)),
                        }
                    }
                    lat.coherency(r, &points, &regions)
                };
                for (j, (k, region)) in loose.iter().enumerate() {
                    let field = field_for(*k, reach::mover_radius(others[*k]));
                    let ic = intersect(region, &field);
                    next[j] = ic.is_empty();
                    in_command[j] = Some(ic);
                }
                if disorderly
                    && !single
                    && let Some(lr) = &leader_region
                {
                    let field = field_for(leader_index, reach::mover_radius(&leader));
                    let ic = intersect(lr, &field);
                    leader_final = if ic.is_empty() {
                        Some(lr.clone())
                    } else {
                        Some(ic)
                    };
                }
            }
            for (j, (k, _)) in loose.iter().enumerate() {
                if next[j] && ooc_regions[j].is_none() {
                    let m = others[*k];
                    let (mut r2, cap) = lat.disorderly(m, 2.0 * mv, mv);
                    let start_d = m.pos.distance(reference);
                    r2.restrict(|p| p.distance(reference) - start_d);
                    ooc_regions[j] = Some(r2);
                    ooc_caps[j] = cap;
                }
            }
            let stable = next == ooc;
            ooc = next;
            if stable {
                break;
            }
        }
        for (j, (k, _)) in loose.iter().enumerate() {
            let mp = &mut previews[*k];
            if ooc[j] {
                let m = others[*k];
                let (nearest, nearest_in) = nearest_other(unit, m);
                mp.mode = ModelMode::OutOfCommand;
                mp.allowance_in = 2.0 * mv;
                mp.out_of_command = Some(Why::new(OutOfCommand::NoModelInReach {
                    nearest,
                    nearest_in: round_in(nearest_in),
                    toward_leader_in: 2.0 * mv,
                }));
                mp.cap = ooc_caps[j].take();
                mp.region = ooc_regions[j].take().map(Area::new);
            } else {
                mp.region = in_command[j].take().map(Area::new);
            }
        }
    }

    pv.leader = Some(LeaderPreview {
        model: leader.id,
        from: leader.pos,
        end: round_point(leader_end),
        moves: leader_moves,
        allowance_in: leader_allowance,
        cap: leader_cap,
        region: leader_final.map(Area::new),
        away: None,
        path: check.as_ref().and_then(|c| c.path.clone()),
    });
    pv.models = previews;
    pv.destination = check;
    match action {
        Action::AtTheDouble if single => pv.notes.push(
            "a single-model unit always moves orderly: up to 2 x Mv with no terrain cap".into(),
        ),
        Action::Advance | Action::Rally if single => {}
        Action::Advance | Action::Rally => pv.notes.push(format!(
            "models that started within {placement:.0}\" of the leader are placed anywhere \
             within {placement:.0}\" of his end position; the others move disorderly"
        )),
        _ => {}
    }
}

/// A model that does not move.
fn stays(m: &Model, from_leader: f32) -> ModelPreview {
    ModelPreview {
        model: m.id,
        from: m.pos,
        mode: ModelMode::Stays,
        from_leader_in: round_in(from_leader),
        allowance_in: 0.0,
        cap: None,
        region: None,
        away: None,
        out_of_command: None,
        path: None,
        end: None,
    }
}

/// The nearest other model of the unit, edge to edge.
fn nearest_other(unit: &Unit, m: &Model) -> (Option<crate::model::ModelId>, f32) {
    let f = m.footprint();
    let mut best = (None, f32::INFINITY);
    for o in &unit.models {
        if o.id == m.id {
            continue;
        }
        let d = f.separation(&o.footprint());
        if d < best.1 {
            best = (Some(o.id), d);
        }
    }
    best
}
