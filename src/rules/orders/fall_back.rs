//! Fall Back! (R3), by strength:
//!
//! - **under a quarter** of its starting models (current x 4 < start): destroyed at once;
//! - **at least half** (current x 2 >= start): fire at 1/2 RoF (one-handed weapons at full RoF,
//!   as the unit does not move) *or* move up to 1/2 Mv toward or away from the nearest enemy
//!   unit; the preview shows both;
//! - **under half**: no fire. If the unit is concealed from every enemy unit within its Aw range
//!   (see [`crate::rules::los::unit_concealment`]) it stays, +1 Ev and +1 To, and may not
//!   snap-fire in the opponent's next action phase. Otherwise every model must move up to
//!   2 x Mv toward the nearest *concealed position*, or, when there is none anywhere on the
//!   table, toward its side's home edge.
//!
//! Decisions where the text is open (also in `docs/rules.md`):
//! - A **concealed position** for a model is a place its base may stand (off impassable ground,
//!   outside the 2" around enemies, not in dangerous terrain) where it would be concealed from
//!   every enemy unit within the unit's Aw range of it (the same test that lets a unit stay),
//!   and which is no closer to any enemy model than to the nearest model of its own unit as the
//!   unit stands now (edge to edge). A place beyond every enemy's Aw range therefore counts, as
//!   a unit standing there would stay.
//! - **Nearest** is by the model's own shortest legal path. Each model heads for its own nearest
//!   concealed position; if it can reach one within 2 x Mv it may end at any concealed position
//!   within 2 x Mv (its region), otherwise it moves the full 2 x Mv along the path toward the
//!   nearest one.
//! - **Snap fire**: the whole unit may be snap-fired when any model's path to concealment is
//!   longer than 1 x Mv, or any model moves more than 1 x Mv toward the table edge.
//! - **Dangerous terrain**: a model whose 2 x Mv would end in it stops short, at the last point of
//!   its path before the dangerous piece (it crosses completely when 2 x Mv takes it beyond).
//! - **The table edge** is reached when the base touches it. A unit is removed when any of its
//!   models reaches its home edge; it counts as destroyed when 25% or fewer of its starting
//!   models remain (current x 4 <= start). A side without a home edge cannot fall back to one:
//!   its models stay, with a note.

use super::answer::{LeaderPreview, ModelMode, ModelPreview, OrdersPreview};
use super::destination;
use super::effects::{Effects, Fire, FireTiming, Rate, effect_lines};
use super::fall_back_preview::{FallBackBranch, FallBackPreview, Heading, NearestEnemy, Removal};
use super::lattice::{Lattice, table_size};
use super::path::{Area, PathOut, round_in, round_point};
use super::verdict::{DestinationCheck, Direction, Illegal};
use super::why::Why;
use crate::geom::{Footprint, Point};
use crate::model::{Edge, Model, Scenario, SpecialRule, Unit};
use crate::rules::los::{Eye, SightMap, enemy_units, unit_concealment};
use crate::rules::measure::unit_distance;
use crate::rules::reach::{self, Avoid, Prepared, Region, STEP_IN, field};

fn removal(unit: &Unit, destroyed_now: bool) -> Removal {
    let st = unit.strength;
    let counted_destroyed = destroyed_now || u32::from(st.current) * 4 <= u32::from(st.start);
    let text = if destroyed_now {
        format!(
            "destroyed: {} of {} models is under a quarter",
            st.current, st.start
        )
    } else if counted_destroyed {
        format!(
            "leaves the table and counts as destroyed ({} of {} models: 25% or fewer)",
            st.current, st.start
        )
    } else {
        format!(
            "leaves the table; not counted as destroyed ({} of {} models: more than 25%)",
            st.current, st.start
        )
    };
    Removal {
        counted_destroyed,
        text,
    }
}

fn base_preview(m: &Model, from_leader: f32) -> ModelPreview {
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

/// Fills `pv` for Fall Back!.
pub(super) fn fill(
    s: &Scenario,
    unit: &Unit,
    sight: &SightMap,
    leader_to: Option<Point>,
    pv: &mut OrdersPreview,
) {
    let st = unit.strength;
    let at_least_half = u32::from(st.current) * 2 >= u32::from(st.start);
    let under_quarter = u32::from(st.current) * 4 < u32::from(st.start);
    let leader = unit.leader();
    let lf = leader.map(|l| l.footprint());
    let mut models: Vec<ModelPreview> = unit
        .models
        .iter()
        .map(|m| {
            let d = lf.map_or(0.0, |f| m.footprint().separation(&f).max(0.0));
            base_preview(m, d)
        })
        .collect();
    let mut fb = FallBackPreview {
        branch: FallBackBranch::Destroyed,
        text: String::new(),
        concealment: None,
        nearest_enemy: None,
        heading: None,
        destination: None,
        path: None,
        snap_fire: false,
        removed: None,
    };
    let check: Option<DestinationCheck>;
    let mut effects = none_effects();
    if under_quarter {
        fb.branch = FallBackBranch::Destroyed;
        fb.removed = Some(removal(unit, true));
        check = leader_to.map(|to| destination::refused(to, Illegal::Destroyed));
    } else if at_least_half {
        fb.branch = FallBackBranch::FireOrMove;
        effects = fire_or_move_effects(unit);
        let (nearest, chk) = half_move(s, unit, leader_to, &mut models);
        fb.nearest_enemy = nearest;
        check = chk;
    } else {
        let conc = unit_concealment(s, sight, unit);
        if conc.concealed_from_all {
            fb.branch = FallBackBranch::Hides;
            effects.ev = 1;
            effects.to = 1;
            effects.may_snap_fire = false;
            check = leader_to.map(|to| destination::refused(to, Illegal::Hides));
        } else {
            fb.branch = FallBackBranch::MustMove;
            let forced = forced_move(s, unit, sight, &mut models);
            fb.heading = forced.heading;
            fb.snap_fire = forced.snap_fire;
            effects.may_be_snap_fired = forced.snap_fire;
            if forced.reaches_edge {
                fb.removed = Some(removal(unit, false));
            }
            if forced.no_home_edge {
                pv.notes.push(
                    "no concealed position anywhere and the side has no home edge: the unit \
                     stays"
                        .to_string(),
                );
            }
            let lead_index = leader
                .and_then(|l| unit.models.iter().position(|m| m.id == l.id))
                .unwrap_or(0);
            if let Some((dest, path)) = forced.targets.get(lead_index).cloned().flatten() {
                fb.destination = Some(round_point(dest));
                fb.path = path;
            }
            check = leader_to.map(|to| forced_check(s, unit, &models[lead_index], to));
        }
        fb.concealment = Some(conc);
    }
    fb.text = fb.branch.to_string();
    effects.lines = effect_lines(unit, super::Action::FallBack, &effects);
    if fb.branch == FallBackBranch::FireOrMove {
        effects.lines.push(format!(
            "or moves up to 1/2 Mv ({}\") toward or away from the enemy, not both",
            round_in(f32::from(unit.stats.mv) * 0.5)
        ));
    }
    if let Some(r) = &fb.removed {
        effects.lines.push(r.text.clone());
    }
    pv.effects = effects;
    // Split the leader out of the models.
    if let Some(l) = leader
        && let Some(i) = models.iter().position(|m| m.model == l.id)
    {
        let mp = models.remove(i);
        pv.leader = Some(LeaderPreview {
            model: mp.model,
            from: mp.from,
            end: round_point(check.as_ref().filter(|c| c.legal).map_or(mp.from, |c| c.to)),
            moves: mp.mode == ModelMode::FallsBack,
            allowance_in: mp.allowance_in,
            cap: None,
            region: mp.region,
            away: mp.away,
            path: check.as_ref().and_then(|c| c.path.clone()).or(mp.path),
        });
    }
    pv.models = models;
    pv.destination = check;
    pv.fall_back = Some(fb);
}

fn none_effects() -> Effects {
    Effects {
        fire: Fire {
            rate: Rate::None,
            rof: 0.0,
            pistols: None,
            one_handed: None,
            point_fire: false,
            timing: FireTiming::Never,
        },
        ev: 0,
        to: 0,
        this_turn_only: false,
        may_snap_fire: true,
        may_be_snap_fired: false,
        lines: Vec::new(),
    }
}

fn fire_or_move_effects(unit: &Unit) -> Effects {
    let mut e = none_effects();
    e.fire = Fire {
        rate: Rate::Half,
        rof: f32::from(unit.stats.rof) * 0.5,
        pistols: unit.has(SpecialRule::Pistols).then_some(Rate::Half),
        one_handed: unit
            .has(SpecialRule::OneHandedWeapons)
            .then_some(Rate::Full),
        point_fire: false,
        timing: FireTiming::InsteadOfMoving,
    };
    e
}

/// Removes every node whose centre stands in dangerous terrain.
fn exclude_dangerous(lat: &Lattice, region: &mut Region) {
    for (i, e) in region.excess.iter_mut().enumerate() {
        if e.is_finite() && *e <= 0.5 && lat.terrain.dangerous_at(region.window.point(i)).is_some()
        {
            *e = f32::INFINITY;
        }
    }
}

/// Distance from a model of `probe`'s base standing at `p` to the nearest model of `enemy`.
fn distance_to(probe: &Model, p: Point, enemy: &Unit) -> f32 {
    let mut at = *probe;
    at.pos = p;
    let f = at.footprint();
    enemy
        .models
        .iter()
        .map(|m| f.separation(&m.footprint()))
        .fold(f32::INFINITY, f32::min)
}

/// At least half strength: the 1/2 Mv move toward or away from the nearest enemy unit, for
/// every model; and the leader's proposed destination.
fn half_move(
    s: &Scenario,
    unit: &Unit,
    leader_to: Option<Point>,
    models: &mut [ModelPreview],
) -> (Option<NearestEnemy>, Option<DestinationCheck>) {
    let half = f32::from(unit.stats.mv) * 0.5;
    let extra: Vec<Point> = leader_to.into_iter().collect();
    let lat = Lattice::new(s, unit, &extra, half + 1.0);
    let nearest = enemy_units(s, unit)
        .filter_map(|e| unit_distance(unit, e).map(|d| (d, e)))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)))
        .map(|(_, e)| e);
    for (m, mp) in unit.models.iter().zip(models.iter_mut()) {
        let mut region = lat.reach(m, m.pos, half, Avoid::standard());
        exclude_dangerous(&lat, &mut region);
        mp.mode = ModelMode::FallsBack;
        mp.allowance_in = half;
        if let Some(e) = nearest {
            let d0 = distance_to(m, m.pos, e);
            let mut toward = region.clone();
            toward.restrict(|p| distance_to(m, p, e) - d0);
            let mut away = region;
            away.restrict(|p| d0 - distance_to(m, p, e));
            mp.region = Some(Area::new(toward));
            mp.away = Some(Area::new(away));
        } else {
            mp.region = Some(Area::new(region));
        }
    }
    let check = leader_to.and_then(|to| {
        let leader = unit.leader()?;
        let mut c = destination::check_orderly(&lat, leader, to, half);
        if c.legal {
            if let Some(piece) = lat.terrain.dangerous_at(to) {
                c.legal = false;
                c.reason = Some(Why::new(Illegal::Dangerous { piece }));
            } else if let Some(e) = nearest {
                let (d0, d1) = (
                    distance_to(leader, leader.pos, e),
                    distance_to(leader, to, e),
                );
                c.direction = Some(if d1 < d0 - 1e-3 {
                    Direction::Toward
                } else if d1 > d0 + 1e-3 {
                    Direction::Away
                } else {
                    Direction::Either
                });
            } else {
                c.direction = Some(Direction::Either);
            }
        }
        Some(c)
    });
    let nearest = nearest.and_then(|e| {
        Some(NearestEnemy {
            unit: e.id,
            name: e.name.clone(),
            distance_in: round_in(unit_distance(unit, e)?),
        })
    });
    (nearest, check)
}

/// The result of the forced move under half strength.
struct Forced {
    heading: Option<Heading>,
    snap_fire: bool,
    reaches_edge: bool,
    no_home_edge: bool,
    /// Per model (the unit's order): its target point and the full path there.
    targets: Vec<Option<(Point, Option<PathOut>)>>,
}

/// Whether a model of radius `r` standing at `p` would be at a concealed position.
struct Positions<'a> {
    sight: &'a SightMap,
    lat: &'a Lattice<'a>,
    /// The unit's own models where they stand.
    own: Vec<Footprint>,
    /// Enemy units: their models' footprints and eyes.
    enemies: Vec<Vec<(Footprint, Eye)>>,
    aw: f32,
}

impl Positions<'_> {
    fn ok(&self, p: Point, r: f32) -> bool {
        if self.lat.terrain.dangerous_at(p).is_some() {
            return false;
        }
        let probe = Footprint::circle(p, r);
        let own = self
            .own
            .iter()
            .map(|f| probe.separation(f))
            .fold(f32::INFINITY, f32::min);
        let target = Eye { pos: p, radius: r };
        for unit in &self.enemies {
            let near = unit
                .iter()
                .map(|(f, _)| probe.separation(f))
                .fold(f32::INFINITY, f32::min);
            if near < own {
                return false;
            }
            if near <= self.aw
                && unit
                    .iter()
                    .any(|(_, eye)| self.sight.concealed(*eye, target).is_none())
            {
                return false;
            }
        }
        true
    }
}

/// The point `d` along a path.
fn point_along(points: &[Point], d: f32) -> Point {
    let mut left = d;
    for w in points.windows(2) {
        let l = w[0].distance(w[1]);
        if left <= l {
            return if l > 0.0 {
                w[0].lerp(w[1], left / l)
            } else {
                w[0]
            };
        }
        left -= l;
    }
    points.last().copied().unwrap_or(Point::ZERO)
}

/// The part of a path up to `d`.
fn path_prefix(points: &[Point], d: f32) -> Vec<Point> {
    let mut out = vec![points[0]];
    let mut left = d;
    for w in points.windows(2) {
        let l = w[0].distance(w[1]);
        if left <= l {
            out.push(if l > 0.0 {
                w[0].lerp(w[1], left / l)
            } else {
                w[0]
            });
            return out;
        }
        out.push(w[1]);
        left -= l;
    }
    out
}

/// How far along a path a model moving up to `d` ends, stopping short of dangerous terrain
/// (a twentieth of an inch clear of it).
fn stop_short(lat: &Lattice, points: &[Point], d: f32) -> f32 {
    const STEP: f32 = 0.05;
    if lat.terrain.dangerous_at(point_along(points, d)).is_none() {
        return d;
    }
    let mut t = d;
    while t > STEP {
        t -= STEP;
        if lat.terrain.dangerous_at(point_along(points, t)).is_none() {
            return (t - STEP).max(0.0);
        }
    }
    0.0
}

/// Under half strength and seen: every model's forced move.
fn forced_move(s: &Scenario, unit: &Unit, sight: &SightMap, models: &mut [ModelPreview]) -> Forced {
    let mv = f32::from(unit.stats.mv);
    let double = 2.0 * mv;
    let lat = Lattice::whole_table(s, unit);
    let (w, h) = table_size(s);
    let limit = (w * w + h * h).sqrt() + 1.0;
    let positions = Positions {
        sight,
        lat: &lat,
        own: unit.models.iter().map(|m| m.footprint()).collect(),
        enemies: enemy_units(s, unit)
            .map(|e| {
                e.models
                    .iter()
                    .map(|m| (m.footprint(), Eye::of(m)))
                    .collect()
            })
            .collect(),
        aw: f32::from(unit.stats.aw),
    };
    let home = s.side(unit.side).and_then(|x| x.home_edge);
    let window = lat.window;
    // Concealment of each node, per base radius: 0 unknown, 1 yes, 2 no.
    let mut memo: Vec<(f32, Vec<u8>)> = Vec::new();
    let mut out = Forced {
        heading: None,
        snap_fire: false,
        reaches_edge: false,
        no_home_edge: false,
        targets: Vec::with_capacity(unit.models.len()),
    };
    for (k, (m, mp)) in unit.models.iter().zip(models.iter_mut()).enumerate() {
        let r = reach::mover_radius(m);
        let board = lat.board(m);
        let mut prep = Prepared::new(board, m.pos, Avoid::standard(), limit);
        let f = field::search(&mut prep, limit, window);
        let slot = match memo.iter().position(|(mr, _)| (mr - r).abs() < 1e-6) {
            Some(i) => i,
            None => {
                memo.push((r, vec![0u8; window.len()]));
                memo.len() - 1
            }
        };
        let known = &mut memo[slot].1;
        let mut ok = |i: usize| -> bool {
            if known[i] == 0 {
                known[i] = if positions.ok(window.point(i), r) {
                    1
                } else {
                    2
                };
            }
            known[i] == 1
        };
        let mut order: Vec<(f32, usize)> = f
            .dist
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_finite())
            .map(|(i, d)| (*d, i))
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let nearest = order.iter().find(|(_, i)| ok(*i)).copied();
        mp.mode = ModelMode::FallsBack;
        mp.allowance_in = double;
        let (target, heading) = match nearest {
            Some((_, i)) => (window.point(i), Heading::Concealment),
            None => match home {
                Some(edge) => match edge_goal(&f, &window, edge, r, w, h) {
                    Some(g) => (g, Heading::TableEdge(edge)),
                    None => {
                        out.targets.push(None);
                        mp.mode = ModelMode::Stays;
                        mp.allowance_in = 0.0;
                        continue;
                    }
                },
                None => {
                    out.no_home_edge = true;
                    out.targets.push(None);
                    mp.mode = ModelMode::Stays;
                    mp.allowance_in = 0.0;
                    continue;
                }
            },
        };
        if k == 0 || out.heading.is_none() {
            out.heading = Some(heading);
        }
        let path = reach::path_to(board, m.pos, target, limit, Avoid::standard()).ok();
        let length = path
            .as_ref()
            .map_or_else(|| nearest.map_or(f32::INFINITY, |n| n.0), |p| p.length);
        let path_out = path
            .as_ref()
            .map(|p| PathOut::new(p.points.clone(), p.length));
        match heading {
            Heading::Concealment if length <= double + 1e-4 => {
                // It reaches cover: anywhere concealed within 2 x Mv.
                let excess: Vec<f32> = (0..window.len())
                    .map(|i| {
                        let d = f.dist[i];
                        if d <= double + STEP_IN && ok(i) {
                            d - double
                        } else {
                            f32::INFINITY
                        }
                    })
                    .collect();
                mp.region = Some(Area::new(Region { window, excess }));
                mp.path = path_out.clone();
                out.snap_fire |= length > mv + 1e-4;
            }
            Heading::TableEdge(_) if length <= double + 1e-4 => {
                mp.path = path_out.clone();
                mp.end = Some(round_point(target));
                out.reaches_edge = true;
                out.snap_fire |= length > mv + 1e-4;
            }
            _ => {
                if let Some(p) = &path {
                    let t = stop_short(&lat, &p.points, double.min(p.length));
                    let end = point_along(&p.points, t);
                    mp.path = Some(PathOut::new(path_prefix(&p.points, t), t));
                    mp.end = Some(round_point(end));
                    out.snap_fire |= t > mv + 1e-4;
                }
            }
        }
        out.targets.push(Some((target, path_out)));
    }
    out
}

/// The nearest place (by path) where a model of radius `r` touches `edge`.
fn edge_goal(
    f: &field::Field,
    window: &reach::Window,
    edge: Edge,
    r: f32,
    w: f32,
    h: f32,
) -> Option<Point> {
    let touch = |p: Point| -> (f32, Point) {
        match edge {
            Edge::North => ((p.y - r).abs(), Point::new(p.x, r + 1e-3)),
            Edge::South => ((h - r - p.y).abs(), Point::new(p.x, h - r - 1e-3)),
            Edge::West => ((p.x - r).abs(), Point::new(r + 1e-3, p.y)),
            Edge::East => ((w - r - p.x).abs(), Point::new(w - r - 1e-3, p.y)),
        }
    };
    let mut best: Option<(f32, Point)> = None;
    for (i, d) in f.dist.iter().enumerate() {
        if !d.is_finite() {
            continue;
        }
        let (gap, goal) = touch(window.point(i));
        if gap > STEP_IN * 1.01 {
            continue;
        }
        let total = d + gap;
        if best.is_none_or(|(b, _)| total < b) {
            best = Some((total, goal));
        }
    }
    best.map(|(_, g)| g)
}

/// The leader's proposed destination under a forced Fall Back!.
fn forced_check(s: &Scenario, unit: &Unit, mp: &ModelPreview, to: Point) -> DestinationCheck {
    let double = 2.0 * f32::from(unit.stats.mv);
    let inside = mp.region.as_ref().is_some_and(|a| a.contains(to));
    let at_end = mp.end.is_some_and(|e| e.distance(to) <= STEP_IN);
    if !(inside || at_end) {
        return destination::refused(to, Illegal::NotWhereFallBackLeads { end: mp.end });
    }
    let Some(m) = unit.model(mp.model) else {
        return destination::refused(to, Illegal::NotWhereFallBackLeads { end: mp.end });
    };
    let lat = Lattice::new(s, unit, &[to], double + 1.0);
    let mut c = destination::check_orderly(&lat, m, to, double);
    c.direction = None;
    c
}
