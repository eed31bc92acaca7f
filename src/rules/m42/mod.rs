//! R2: M42 movement (003). Units move around their leader: the leader moves first, models in his
//! command radius follow and keep coherency, models outside may regroup toward him, and nobody
//! passes within 2" of an enemy unless the leader assaults.
//!
//! Reading choices (see docs/rules.md, R2):
//! - Distances between models are base edge to base edge: a model is in the radius when its base
//!   is within 2 x Ld of the leader's base.
//! - A dead leader (`leader_model` is `None`) stops the unit, unless it is a Swarm (the player
//!   picks any model; the preview suggests the one with the most models in its radius) or has
//!   Combat Tactics (a survivor takes over; the preview uses the same suggestion).
//! - Followers may move as far as the leader may: Mv for Advance and Halt, 2 x Mv At the Double.
//! - Coherency during placement is judged against the leader's end position and the suggested
//!   positions of the followers placed before (nearest to the leader first), so every landing
//!   region shown is consistent with one legal placement of the whole unit.
//! - A regrouping model moves along the shortest legal route toward the leader's end position,
//!   up to Mv, stopping short of base contact; it need not end in the radius.

mod command;
#[cfg(test)]
mod tests;

pub use command::{CommandReport, coherency, command_radius, report};

use super::reach::{self, Avoid, Board, Refusal, Region, Route};
use crate::geom::{Footprint, Point};
use crate::model::*;
use serde::Serialize;
use std::fmt;

/// The four M42 move types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MoveType {
    Halt,
    Advance,
    AtTheDouble,
    DigIn,
}

impl MoveType {
    pub const ALL: [MoveType; 4] = [
        MoveType::Halt,
        MoveType::Advance,
        MoveType::AtTheDouble,
        MoveType::DigIn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MoveType::Halt => "Halt",
            MoveType::Advance => "Advance",
            MoveType::AtTheDouble => "At the Double",
            MoveType::DigIn => "Dig-In",
        }
    }

    /// Accepts `halt`, `advance`, `at-the-double`, `double`, `dig-in`, `digin` (any case).
    pub fn parse(text: &str) -> Option<MoveType> {
        let key: String = text
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "halt" => Some(MoveType::Halt),
            "advance" => Some(MoveType::Advance),
            "atthedouble" | "double" => Some(MoveType::AtTheDouble),
            "digin" => Some(MoveType::DigIn),
            _ => None,
        }
    }

    /// How far the leader may move, in inches.
    pub fn leader_allowance(self, mv: f32) -> f32 {
        match self {
            MoveType::Advance => mv,
            MoveType::AtTheDouble => 2.0 * mv,
            MoveType::Halt | MoveType::DigIn => 0.0,
        }
    }

    /// How far models that follow (in the radius at the start) may move, in inches.
    pub fn follower_allowance(self, mv: f32) -> f32 {
        match self {
            MoveType::Halt | MoveType::Advance => mv,
            MoveType::AtTheDouble => 2.0 * mv,
            MoveType::DigIn => 0.0,
        }
    }

    /// Whether the leader must start with half his unit in his radius (R2).
    pub fn needs_half_in_radius(self) -> bool {
        matches!(self, MoveType::Advance | MoveType::AtTheDouble)
    }

    /// The characteristic changes the move brings.
    pub fn effects(self) -> Vec<Effect> {
        match self {
            MoveType::Halt => vec![],
            MoveType::Advance => vec![Effect::BallisticSkill(-1)],
            MoveType::AtTheDouble => vec![Effect::Evasion(-1), Effect::NoShooting],
            MoveType::DigIn => vec![Effect::NoShooting, Effect::ToughnessAgainstShooting(1)],
        }
    }
}

impl fmt::Display for MoveType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A change to the unit's characteristics that a move type brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// To Ballistic Skill in the following shooting phase.
    BallisticSkill(i8),
    /// To Evasion until the unit's next move.
    Evasion(i8),
    /// No shooting in the following shooting phase.
    NoShooting,
    /// To Toughness against shooting hits this turn only (not assaults, not cumulative).
    ToughnessAgainstShooting(i8),
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::BallisticSkill(d) => write!(f, "BS {d:+} in the next shooting phase"),
            Effect::Evasion(d) => write!(f, "Ev {d:+}"),
            Effect::NoShooting => write!(f, "may not shoot in the next shooting phase"),
            Effect::ToughnessAgainstShooting(d) => {
                write!(f, "To {d:+} against shooting hits this turn only")
            }
        }
    }
}

/// How the unit's leader for this move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LeaderSource {
    /// The unit's own leader.
    Own,
    /// A Swarm has no leader: this model is suggested (most models in its radius); the player
    /// may pick any.
    SwarmChoice,
    /// The leader is dead and Combat Tactics lets this survivor take his place.
    CombatTactics,
    /// Chosen by the caller (the player's pick for a Swarm).
    Chosen,
}

/// Why the unit (or this move type) cannot move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CannotMove {
    NotOnTable,
    NoModels,
    /// The leader is dead and nothing replaces him.
    LeaderDead,
    /// Advance and At the Double need half the surviving models in the leader's radius.
    TooFewInRadius {
        in_radius: usize,
        models: usize,
    },
}

impl fmt::Display for CannotMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotMove::NotOnTable => write!(f, "the unit is not on the table"),
            CannotMove::NoModels => write!(f, "the unit has no models left"),
            CannotMove::LeaderDead => write!(
                f,
                "its leader is dead: the unit cannot move (it may still Dig-In or shoot)"
            ),
            CannotMove::TooFewInRadius { in_radius, models } => write!(
                f,
                "only {in_radius} of {models} models are in the leader's command radius \
                 (half are needed): Halt or Dig-In only"
            ),
        }
    }
}

/// A place the leader could assault: base contact with an enemy model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Assault {
    pub unit: UnitId,
    pub unit_name: String,
    pub model: ModelId,
    /// Where the leader's centre ends, in base contact.
    pub contact: Point,
    pub route: Route,
}

/// Where one model that starts in the radius may land.
#[derive(Clone, Debug, Serialize)]
pub struct Follower {
    pub model: ModelId,
    pub from: Point,
    pub allowance_in: f32,
    /// The landing region: within the allowance, inside the radius around the leader's end,
    /// within coherency of a model placed before it.
    #[serde(skip)]
    pub region: Region,
    pub outline: Vec<Vec<Point>>,
    /// A legal spot in a formation that keeps the unit's shape where it can, or `None` when
    /// the region is empty (the model must stay).
    pub suggested: Option<Point>,
}

/// A model outside the radius at the start: it may stay, or regroup toward the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Regroup {
    pub model: ModelId,
    pub from: Point,
    pub result: Result<Route, NoRegroup>,
}

/// Why a model outside the radius may not regroup.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum NoRegroup {
    /// Within 12" of an enemy model at the start.
    EnemyWithin12 {
        unit: UnitId,
        name: String,
        distance_in: f32,
    },
    /// The move type moves nobody.
    NoMovement,
    /// No legal route toward the leader.
    Blocked(Refusal),
}

impl fmt::Display for NoRegroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoRegroup::EnemyWithin12 {
                name, distance_in, ..
            } => write!(
                f,
                "may not regroup: {distance_in:.1}\" from {name} (out-of-command models within \
                 12\" of the enemy stay put)"
            ),
            NoRegroup::NoMovement => write!(f, "nobody moves this turn"),
            NoRegroup::Blocked(r) => write!(f, "cannot regroup: {r}"),
        }
    }
}

/// The verdict on one proposed destination for the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Destination {
    pub to: Point,
    pub verdict: Result<Route, Illegal>,
    /// Whether the destination is in base contact with an enemy (an assault).
    pub assault: bool,
}

/// Why the leader may not end at a proposed destination.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Illegal {
    CannotMove(CannotMove),
    /// Halt and Dig-In keep the leader where he is.
    LeaderStays(MoveType),
    Refused(Refusal),
    /// Assaults are made by Advance or At the Double only.
    AssaultNeedsAdvance(MoveType),
    /// The leader's base would overlap another model.
    Overlaps {
        unit: UnitId,
        name: String,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::CannotMove(c) => c.fmt(f),
            Illegal::LeaderStays(t) => write!(f, "under {t} the leader does not move"),
            Illegal::Refused(r) => r.fmt(f),
            Illegal::AssaultNeedsAdvance(t) => {
                write!(f, "an assault needs Advance or At the Double, not {t}")
            }
            Illegal::Overlaps { name, .. } => write!(f, "the leader's base would overlap {name}"),
        }
    }
}

/// What a player may do with one unit under one move type.
#[derive(Clone, Debug, Serialize)]
pub struct Preview {
    pub unit: UnitId,
    pub unit_name: String,
    pub move_type: MoveType,
    pub leader: Option<(ModelId, LeaderSource)>,
    pub command: Option<CommandReport>,
    /// Every move type with the reason it is refused, if it is.
    pub available: Vec<(MoveType, Option<CannotMove>)>,
    /// Why this move type cannot be made, if it cannot.
    pub refused: Option<CannotMove>,
    pub effects: Vec<Effect>,
    pub leader_allowance_in: f32,
    /// Where the leader may end (absent when he does not move).
    #[serde(skip)]
    pub leader_region: Option<Region>,
    pub leader_outline: Vec<Vec<Point>>,
    pub assaults: Vec<Assault>,
    /// The leader's end position the followers are shown around.
    pub leader_end: Option<Point>,
    pub followers: Vec<Follower>,
    pub regroup: Vec<Regroup>,
    pub destination: Option<Destination>,
}

/// Regrouping is not allowed within this distance of an enemy model (R2).
pub const REGROUP_BAN_IN: f32 = 12.0;

/// The leader a move would use, and how he was found.
pub fn leader_for(
    unit: &Unit,
    chosen: Option<ModelId>,
) -> Result<(ModelId, LeaderSource), CannotMove> {
    if unit.models.is_empty() {
        return Err(CannotMove::NoModels);
    }
    if let Some(m) = chosen.filter(|m| unit.model(*m).is_some()) {
        return Ok((m, LeaderSource::Chosen));
    }
    if let Some(m) = unit.leader() {
        return Ok((m.id, LeaderSource::Own));
    }
    let source = if unit.has(SpecialRule::Swarm) {
        LeaderSource::SwarmChoice
    } else if unit.has(SpecialRule::CombatTactics) {
        LeaderSource::CombatTactics
    } else {
        return Err(CannotMove::LeaderDead);
    };
    // The model with the most others in its radius; ties to the most central (the smallest
    // total distance to the others), then the lowest ID.
    let spread = |m: &Model| -> f32 { unit.models.iter().map(|o| o.pos.distance(m.pos)).sum() };
    let best = unit
        .models
        .iter()
        .map(|m| (report(unit, m.id).in_radius.len(), spread(m), m.id))
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)).then(b.2.cmp(&a.2)))
        .map(|(_, _, id)| id)
        .ok_or(CannotMove::NoModels)?;
    Ok((best, source))
}

fn enemies(s: &Scenario, side: SideId) -> impl Iterator<Item = (&Unit, &Model)> {
    s.units
        .iter()
        .filter(move |u| u.side != side && u.on_table() && u.in_play() && u.is_combat_unit())
        .flat_map(|u| u.models.iter().map(move |m| (u, m)))
}

/// The nearest enemy model to a footprint, edge to edge.
fn nearest_enemy<'a>(s: &'a Scenario, side: SideId, fp: &Footprint) -> Option<(&'a Unit, f32)> {
    enemies(s, side)
        .map(|(u, m)| (u, fp.separation(&m.footprint())))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The footprint of `model` moved to `p`.
fn moved(model: &Model, p: Point) -> Footprint {
    Model { pos: p, ..*model }.footprint()
}

/// Boards by mover radius: models of one unit usually share a base size.
struct Boards<'a> {
    s: &'a Scenario,
    side: SideId,
    boards: Vec<(u32, Board)>,
}

impl<'a> Boards<'a> {
    fn get(&mut self, radius: f32) -> &Board {
        let key = radius.to_bits();
        let i = match self.boards.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.boards
                    .push((key, Board::new(self.s, self.side, radius)));
                self.boards.len() - 1
            }
        };
        &self.boards[i].1
    }
}

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
    let leader = if !unit.on_table() {
        Err(CannotMove::NotOnTable)
    } else {
        leader_for(unit, opts.leader)
    };
    let (leader_id, source) = match leader {
        Ok(l) => l,
        Err(why) => {
            p.available = MoveType::ALL
                .iter()
                .map(|t| {
                    let refuse = (*t != MoveType::DigIn).then(|| why.clone());
                    (*t, refuse)
                })
                .collect();
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
    let models = unit.models.len();
    p.available = MoveType::ALL
        .iter()
        .map(|t| {
            let refuse = (t.needs_half_in_radius() && !cmd.half_in_radius).then_some(
                CannotMove::TooFewInRadius {
                    in_radius: cmd.in_radius.len(),
                    models,
                },
            );
            (*t, refuse)
        })
        .collect();
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
        Avoid {
            enemy_gap: 0.0,
            ..Avoid::standard()
        }
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
    let found = if !unit.on_table() {
        Err(CannotMove::NotOnTable)
    } else {
        leader_for(unit, leader)
    };
    let (leader_id, _) = match found {
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
    let refused = (move_type.needs_half_in_radius() && !cmd.half_in_radius).then_some(
        CannotMove::TooFewInRadius {
            in_radius: cmd.in_radius.len(),
            models: unit.models.len(),
        },
    );
    let leader = unit.model(leader_id)?;
    let board = Board::new(s, unit.side, reach::mover_radius(leader));
    Some(destination(s, unit, leader, move_type, refused, to, &board))
}

/// Other units' bases, as footprints: places no model of `unit` may end on.
fn other_bases(s: &Scenario, unit: &Unit) -> Vec<Footprint> {
    s.units
        .iter()
        .filter(|u| u.id != unit.id && u.on_table() && u.in_play())
        .flat_map(|u| u.models.iter().map(|m| m.footprint()))
        .collect()
}

/// Removes from `region` the places where `model`'s base would overlap one of `bases` (other
/// units' models), stamping each base onto the lattice nodes it could touch.
fn exclude_bases(bases: &[Footprint], model: &Model, region: &mut Region) {
    let w = region.window;
    let own = model.footprint();
    let reach_r = own.bounding_radius();
    for o in bases {
        let c = o.centre();
        let r = reach_r + o.bounding_radius() + w.step;
        // Most bases are nowhere near this window: rule them out before rounding.
        let far = w.origin + Point::new(w.nx as f32, w.ny as f32) * w.step;
        if c.x + r < w.origin.x || c.y + r < w.origin.y || c.x - r > far.x || c.y - r > far.y {
            continue;
        }
        let lo = ((c - Point::splat(r) - w.origin) / w.step)
            .ceil()
            .max(Point::ZERO);
        let hi = ((c + Point::splat(r) - w.origin) / w.step).floor();
        if hi.x < 0.0 || hi.y < 0.0 || lo.x >= w.nx as f32 || lo.y >= w.ny as f32 {
            continue;
        }
        let (x1, y1) = ((hi.x as usize).min(w.nx - 1), (hi.y as usize).min(w.ny - 1));
        for y in lo.y as usize..=y1 {
            for x in lo.x as usize..=x1 {
                let i = y * w.nx + x;
                let e = &mut region.excess[i];
                if e.is_finite() {
                    let p = w.at(x, y);
                    // Two round bases: their separation without building the moved base.
                    let separation = match (own, o) {
                        (
                            Footprint::Circle { radius: ra, .. },
                            Footprint::Circle { centre, radius: rb },
                        ) => p.distance(*centre) - ra - rb,
                        _ => moved(model, p).separation(o),
                    };
                    *e = e.max(0.01 - separation);
                }
            }
        }
    }
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
    let assault = Avoid {
        enemy_gap: 0.0,
        ..Avoid::standard()
    };
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
            let contact = em.pos + Point::new(a.cos(), a.sin()) * (er + r + 0.01);
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
        enemies(s, unit.side).find(|(_, m)| moved(leader, to).separation(&m.footprint()) <= 0.05);
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
                if fp.separation(&m.footprint()) < -0.01 {
                    return Err(Illegal::Overlaps {
                        unit: u.id,
                        name: u.name.clone(),
                    });
                }
            }
        }
        let avoid = if assault {
            Avoid {
                enemy_gap: 0.0,
                ..Avoid::standard()
            }
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

/// From this many followers on, their regions are computed on two threads.
const PARALLEL_FOLLOWERS: usize = 8;

#[cfg(test)]
thread_local! {
    /// Set by a test to compute every follower on the calling thread, for comparison.
    static SEQUENTIAL_FOLLOWERS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn parallel_followers(n: usize) -> bool {
    #[cfg(test)]
    if SEQUENTIAL_FOLLOWERS.with(|c| c.get()) {
        return false;
    }
    n >= PARALLEL_FOLLOWERS
}

#[allow(clippy::too_many_arguments)]
fn followers(
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
    // These do not depend on each other, so two threads share them; what follows (coherency
    // with the models already placed) goes in order.
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
    // The regions do not depend on each other; placing the followers does, in order. So a
    // second thread computes regions while this one places each follower as soon as its
    // region is ready, computing regions itself while it waits. Both take the next follower
    // not yet taken (their costs differ a lot: one that starts inside a clearance needs a
    // query of its own), each with its own copy of the prepared queries.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take = || {
        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (k < order.len()).then_some(k)
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
                o.centre().distance(fp.centre()) > o.bounding_radius() + own_r
                    || fp.separation(o) >= -0.01
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
    let mut shared_other = parallel_followers(order.len()).then(|| shared.clone());
    std::thread::scope(|sc| {
        let (sender, finished) = std::sync::mpsc::channel::<(usize, Option<Region>)>();
        let mut worker = None;
        if let Some(shared_other) = shared_other.as_mut() {
            let (one, take, order) = (&one, &take, &order);
            // Without a second thread this one computes them all.
            worker = std::thread::Builder::new()
                .name("follower regions".into())
                .spawn_scoped(sc, move || {
                    while let Some(k) = take() {
                        if sender.send((k, one(order[k], shared_other))).is_err() {
                            return;
                        }
                    }
                })
                .ok();
        } else {
            drop(sender);
        }
        let mut slots: Vec<Option<Option<Region>>> = vec![None; order.len()];
        for (k, m) in order.iter().enumerate() {
            let region = loop {
                while let Ok((done, r)) = finished.try_recv() {
                    slots[done] = Some(r);
                }
                if let Some(r) = slots[k].take() {
                    break r;
                }
                if let Some(j) = take() {
                    slots[j] = Some(one(order[j], &mut shared));
                    continue;
                }
                // Every follower is taken and this one is not back: wait for it, or (should
                // the other thread have failed) compute it here.
                match finished.recv() {
                    Ok((done, r)) => slots[done] = Some(r),
                    Err(_) => break one(m, &mut shared),
                }
            };
            place(m, region);
        }
        // Joined here, so a thread that failed (whose followers were computed above) is not
        // a failure of the preview.
        if let Some(worker) = worker {
            let _ = worker.join();
        }
    });
    out
}

fn regroups(
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
