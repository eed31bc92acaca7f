//! The column's move (R1): the lead along its route, every other unit the same distance along
//! the same line, and everything the move brings (entries, exits, a break, warnings, what makes
//! it illegal).

use super::breaking::{self, ColumnBreak};
use super::chain::{self, Chain, Stand};
use super::combat::{self, ColumnCombat};
use super::error::{ColumnError, find};
use super::failed;
use super::order::{Activation, DisciplineTest, Movement, Order, StartOutcome, start_outcomes};
use super::outcome::ColumnOutcome;
use super::route::RouteKind;
use super::serial;
use super::spacing::{GAP_TOLERANCE_IN, MAX_GAP_IN};
use super::sweep::{crossings, impassable, min_separation, passes_through};
use super::track::{polyline_length, polyline_prefix};
use super::units::{self, PlacedModel, UnitEnd, UnitMove};
use super::verdict::{Illegal, Warning};
use crate::geom::{Footprint, Point};
use crate::model::*;
use serde::Serialize;

/// The preview of one activation of a column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnPreview {
    pub column: ColumnId,
    pub name: String,
    pub side: SideId,
    pub movement: Movement,
    /// The order failed: this is the column repeating its last successful action.
    pub failed_order: bool,
    /// The order test, against the lead's Discipline.
    pub order_test: DisciplineTest,
    /// The last successful action, which a failed order repeats ("stand_to", "move", or
    /// `None` at the start of a game, when the column is taken to be moving on).
    pub last_action: Option<&'static str>,
    pub lead: UnitId,
    /// The lead's Mv.
    #[serde(serialize_with = "serial::inches")]
    pub allowance_in: f32,
    /// The distance ordered (a failed order: the full allowance).
    #[serde(serialize_with = "serial::inches")]
    pub distance_in: f32,
    /// The distance every unit actually moves.
    #[serde(serialize_with = "serial::inches")]
    pub moved_in: f32,
    /// The lead's front centre this move, from where it stands.
    #[serde(serialize_with = "serial::points")]
    pub route: Vec<Point>,
    #[serde(serialize_with = "serial::texted")]
    pub route_kind: RouteKind,
    /// Every unit of the column in march order (exited and removed units are not listed).
    pub units: Vec<UnitMove>,
    pub entering: Vec<UnitId>,
    pub exiting: Vec<UnitId>,
    #[serde(rename = "break", serialize_with = "serial::opt_texted")]
    pub column_break: Option<ColumnBreak>,
    #[serde(serialize_with = "serial::texted_list")]
    pub warnings: Vec<Warning>,
    #[serde(serialize_with = "serial::texted_list")]
    pub illegal: Vec<Illegal>,
    pub legal: bool,
    /// Against each unit in column on the table after the move.
    #[serde(serialize_with = "serial::texted_list")]
    pub combat: Vec<ColumnCombat>,
    /// Units on table at the start of the game: each possible number with its chance.
    pub start: Vec<StartOutcome>,
    #[serde(skip)]
    commit: Commit,
}

/// What committing changes in the column itself.
#[derive(Clone, Debug, PartialEq, Default)]
struct Commit {
    route: Option<Vec<Point>>,
    last_action: Option<ColumnAction>,
}

impl ColumnPreview {
    /// What carrying the preview out changes: each unit that changes (its models, and
    /// whether it is on the table, still off it or exited) and the column (its route, last
    /// successful action, and its state when it breaks). Refused when the move is illegal.
    pub fn outcome(&self, s: &Scenario) -> Result<ColumnOutcome, Vec<Illegal>> {
        if !self.legal {
            return Err(self.illegal.clone());
        }
        let mut out = ColumnOutcome::default();
        for um in &self.units {
            let Some(u) = s.unit(um.unit) else { continue };
            let next = units::placed(u, &um.models, um.to);
            if next != *u {
                out.units.push(next);
            }
        }
        if let Some(col) = s.column(self.column) {
            let mut next = col.clone();
            if let Some(r) = &self.commit.route {
                next.route = r.clone();
            }
            if let Some(a) = &self.commit.last_action {
                next.last_action = Some(a.clone());
            }
            if self.column_break.is_some() {
                next.state = ColumnState::Broken;
            }
            if next != *col {
                out.column = Some(next);
            }
        }
        Ok(out)
    }

    /// The name of a unit of the preview ("?" if it is not one).
    pub fn unit_name(&self, id: UnitId) -> &str {
        self.units
            .iter()
            .find(|u| u.unit == id)
            .map_or("?", |u| u.name.as_str())
    }
}

fn last_action_key(a: &Option<ColumnAction>) -> Option<&'static str> {
    a.as_ref().map(|a| match a {
        ColumnAction::StandTo => "stand_to",
        ColumnAction::Move { .. } => "move",
    })
}

/// Where each unit of a preview ends.
fn ends(units: &[UnitMove]) -> Vec<(UnitId, UnitEnd)> {
    units.iter().map(|u| (u.unit, u.to)).collect()
}

/// The models of `u` as they stand now.
fn current(u: &Unit) -> Vec<PlacedModel> {
    u.models
        .iter()
        .map(|m| PlacedModel {
            id: m.id,
            pos: m.pos,
            facing_deg: m.facing_deg,
        })
        .collect()
}

fn stand_end(stand: Stand) -> UnitEnd {
    match stand {
        Stand::Table => UnitEnd::Table,
        Stand::OffTable => UnitEnd::OffTable,
    }
}

/// Units that do not move: every marching unit where it stands.
fn standing(s: &Scenario, chain: &Chain) -> Vec<UnitMove> {
    chain
        .bodies
        .iter()
        .filter_map(|b| {
            let u = s.unit(b.unit)?;
            let (front, facing, placed) = chain::place(&chain.track, b.s_front, &b.shape);
            let models = if b.stand == Stand::Table {
                current(u)
            } else {
                placed.into_iter().map(PlacedModel::from).collect()
            };
            let (front, facing) = match b.stand {
                Stand::Table => chain::frame(&u.models).map_or((front, facing), |(f, d, _)| (f, d)),
                Stand::OffTable => (front, facing),
            };
            Some(UnitMove {
                unit: b.unit,
                name: u.name.clone(),
                place: b.member + 1,
                width_figures: b.width_figures,
                from: stand_end(b.stand),
                to: stand_end(b.stand),
                moved_in: 0.0,
                front,
                facing_deg: facing,
                along_route_in: b.s_front,
                models,
            })
        })
        .collect()
}

/// The preview of a column's activation: a Move or Stand To that passed its test, or a failed
/// order repeating the last successful action.
///
/// - The move is measured along the route of the lead's front centre. A drawn route lists the
///   points after where the lead stands; without one the column goes straight on along its
///   heading (first along the route of units ahead that already marched off, if any). A
///   route shorter than the distance stops the column at its end.
/// - The distance may not exceed the lead's Mv; every unit moves exactly that far, whatever
///   its own Mv (R1: "move the same distance as the leading unit").
/// - A unit comes on when its whole formation fits on the table beyond the entry point, and
///   is marked exited as soon as any of its figures would stand beyond an edge.
pub fn preview(
    s: &Scenario,
    id: ColumnId,
    activation: Activation,
) -> Result<ColumnPreview, ColumnError> {
    let col = find(s, id)?;
    if col.state == ColumnState::Broken {
        return Err(ColumnError::Broken(col.name.clone()));
    }
    let chain = chain::read(s, col)?;
    let lead_body = chain
        .lead()
        .ok_or_else(|| ColumnError::NoUnits(col.name.clone()))?;
    let lead = s
        .unit(lead_body.unit)
        .ok_or_else(|| ColumnError::NoUnits(col.name.clone()))?;
    let allowance = lead.stats.mv as f32;
    let mut warnings = Vec::new();
    for (unit, why) in &chain.absent {
        if matches!(why, chain::Absent::NoFigures | chain::Absent::NotOnTable)
            && let Some(u) = s.unit(*unit)
        {
            warnings.push(Warning::NotMarching {
                unit: u.id,
                name: u.name.clone(),
            });
        }
    }
    for b in &chain.bodies {
        if b.off_route > chain::OFF_ROUTE_IN
            && let Some(u) = s.unit(b.unit)
        {
            warnings.push(Warning::OffRoute {
                unit: u.id,
                name: u.name.clone(),
                distance_in: b.off_route,
            });
        }
    }
    let failed_order = activation == Activation::Failed;
    let mut pv = ColumnPreview {
        column: col.id,
        name: col.name.clone(),
        side: col.side,
        movement: Movement::StandTo,
        failed_order,
        order_test: DisciplineTest::of(lead),
        last_action: last_action_key(&col.last_action),
        lead: lead.id,
        allowance_in: allowance,
        distance_in: 0.0,
        moved_in: 0.0,
        route: Vec::new(),
        route_kind: RouteKind::Stays,
        units: standing(s, &chain),
        entering: Vec::new(),
        exiting: Vec::new(),
        column_break: None,
        warnings,
        illegal: Vec::new(),
        legal: true,
        combat: Vec::new(),
        start: start_outcomes(col),
        commit: Commit::default(),
    };

    if let Some(b) = breaking::now(s, col, &chain) {
        pv.movement = Movement::Break;
        pv.column_break = Some(b);
        return Ok(pv);
    }

    // What the column does, and the lead's whole intended route from its front.
    let s_lead = lead_body.s_front;
    let front = chain.track.at(s_lead);
    let ahead: Vec<Point> = if chain.track.end() > s_lead + 1e-3 {
        chain.track.between(s_lead, chain.track.end())
    } else {
        Vec::new()
    };
    let hw = chain
        .bodies
        .iter()
        .map(|b| b.shape.half_width)
        .fold(0.0, f32::max);
    let (distance, route, kind, drawn) = match activation {
        Activation::Ordered(Order::StandTo) => {
            pv.commit.last_action = Some(ColumnAction::StandTo);
            pv.combat = combat::for_units(s, col, &ends(&pv.units));
            return Ok(pv);
        }
        Activation::Failed if col.last_action == Some(ColumnAction::StandTo) => {
            pv.combat = combat::for_units(s, col, &ends(&pv.units));
            return Ok(pv);
        }
        Activation::Ordered(Order::Move { distance_in, route }) => {
            if !distance_in.is_finite() || distance_in < 0.0 {
                return Err(ColumnError::BadDistance(distance_in));
            }
            if distance_in > allowance + 1e-4 {
                return Err(ColumnError::BeyondAllowance {
                    name: lead.name.clone(),
                    distance: distance_in,
                    allowance,
                });
            }
            match route {
                Some(points) => {
                    if points.iter().any(|p| !p.is_finite()) {
                        return Err(ColumnError::BadRoute);
                    }
                    let mut r = vec![front];
                    r.extend(points);
                    (distance_in, r, RouteKind::Drawn, true)
                }
                None => {
                    let (r, kind) = straight_after(&chain, &ahead, front, s_lead, distance_in);
                    (distance_in, r, kind, false)
                }
            }
        }
        Activation::Failed => {
            let (r, kind) = forced(s, col, &chain, &ahead, front, s_lead, allowance, hw);
            (allowance, r, kind, false)
        }
    };
    pv.movement = Movement::Move;
    pv.distance_in = distance;
    pv.route_kind = kind;
    let length = polyline_length(&route);
    let moved = distance.min(length);
    if drawn && length + 1e-3 < distance {
        pv.warnings.push(Warning::RouteShort {
            length_in: length,
            distance_in: distance,
        });
    }
    pv.moved_in = moved;
    pv.route = polyline_prefix(&route, moved);
    if pv.route.len() < 2 {
        pv.route = vec![front, front];
    }

    // The track after the move: cut at the lead, then its route.
    let old_end = chain.track.end();
    let mut track = chain.track.clone();
    track.truncate(s_lead);
    for p in route.iter().skip(1) {
        track.push(*p);
    }
    let keep_to = if drawn {
        s_lead + moved
    } else {
        (s_lead + moved).max(old_end)
    };
    let mut stored = track.clone();
    stored.truncate(keep_to);
    pv.commit.route = Some(stored.between(0.0, stored.end().max(0.0)));
    if !failed_order {
        pv.commit.last_action = Some(ColumnAction::Move {
            distance_in: moved,
            route: pv.route.clone(),
        });
    }

    // Every unit moves the same distance along the track.
    let (width, height) = chain.table;
    let mut feet: Vec<Vec<Footprint>> = Vec::with_capacity(chain.bodies.len());
    let mut units = Vec::with_capacity(chain.bodies.len());
    for b in &chain.bodies {
        let Some(u) = s.unit(b.unit) else { continue };
        let s_new = b.s_front + moved;
        let (front, facing, placed) = chain::place(&track, s_new, &b.shape);
        let fps: Vec<Footprint> = u
            .models
            .iter()
            .zip(&placed)
            .map(|(m, p)| chain::footprint_at(m, p))
            .collect();
        let all_on = fps.iter().all(|fp| chain::on_table(fp, width, height));
        let to = match (b.stand, all_on) {
            (Stand::Table, true) => UnitEnd::Table,
            (Stand::Table, false) => UnitEnd::Exited,
            (Stand::OffTable, true) if moved > 0.0 => UnitEnd::Table,
            (Stand::OffTable, _) => UnitEnd::OffTable,
        };
        if b.stand == Stand::OffTable && to == UnitEnd::Table {
            pv.entering.push(b.unit);
        }
        if to == UnitEnd::Exited {
            pv.exiting.push(b.unit);
        }
        feet.push(fps);
        units.push(UnitMove {
            unit: b.unit,
            name: u.name.clone(),
            place: b.member + 1,
            width_figures: b.width_figures,
            from: stand_end(b.stand),
            to,
            moved_in: moved,
            front,
            facing_deg: facing,
            along_route_in: s_new,
            models: placed.into_iter().map(PlacedModel::from).collect(),
        });
    }

    // Gaps between neighbours on the table after the move.
    let mut causes = Vec::new();
    for i in 1..units.len() {
        let (a, b) = (&units[i - 1], &units[i]);
        if a.to != UnitEnd::Table || b.to != UnitEnd::Table {
            continue;
        }
        let gap = min_separation(&feet[i - 1], &feet[i]);
        if gap < -GAP_TOLERANCE_IN {
            pv.warnings.push(Warning::Crowded {
                unit: b.unit,
                name: b.name.clone(),
                ahead: a.unit,
                ahead_name: a.name.clone(),
                overlap_in: -gap,
            });
        }
        if gap > MAX_GAP_IN + GAP_TOLERANCE_IN {
            causes.push(breaking::BreakCause::Gap {
                ahead: a.unit,
                ahead_name: a.name.clone(),
                unit: b.unit,
                name: b.name.clone(),
                gap_in: gap,
            });
        }
    }
    let after = ends(&units);
    if !causes.is_empty() {
        pv.column_break = Some(ColumnBreak {
            when: breaking::BreakWhen::AfterMove,
            causes,
            pin_tests: breaking::pin_tests_after(s, col, |_| false, &after),
        });
    }

    if moved > 0.0 {
        pv.illegal
            .extend(impassable(s, &pv.route, hw, (width, height)));
        pv.illegal
            .extend(passes_through(s, col, &chain, &track, moved, &units));
        if failed_order {
            pv.warnings
                .extend(crossings(s, col, &chain, &track, moved, &after));
        }
    }
    pv.legal = pv.illegal.is_empty();
    if pv.column_break.is_none() {
        pv.combat = combat::for_units(s, col, &ends(&units));
    }
    pv.units = units;
    Ok(pv)
}

/// The route straight on: first on along `ahead` (the route units that marched off took),
/// then along the heading at its end.
fn straight_after(
    chain: &Chain,
    ahead: &[Point],
    front: Point,
    s_lead: f32,
    distance: f32,
) -> (Vec<Point>, RouteKind) {
    let mut r = vec![front];
    let mut kind = RouteKind::StraightOn;
    let mut left = distance;
    if ahead.len() >= 2 {
        let len = polyline_length(ahead);
        r.extend(ahead.iter().skip(1));
        left -= len;
        kind = RouteKind::FollowsRoute;
    }
    if left > 0.0 {
        let end = r.last().copied().unwrap_or(front);
        let h = chain.track.tangent(s_lead.max(chain.track.end() - 1e-3));
        r.push(end + h * left);
    }
    (r, kind)
}

/// How many times a failed order's detour is widened to keep figures that swing off it round a
/// bend out of the ground it avoids, and the margin added each time, inches.
const DETOUR_TRIES: usize = 5;
const DETOUR_MARGIN_IN: f32 = 0.1;

/// The deepest any figure of the column would stand inside ground a failed order avoids, with
/// the lead marching `distance` along `route` from the track at `s_lead` (0: none).
fn figures_in_avoided(
    s: &Scenario,
    chain: &Chain,
    s_lead: f32,
    route: &[Point],
    distance: f32,
) -> f32 {
    let moved = distance.min(polyline_length(route));
    let mut track = chain.track.clone();
    track.truncate(s_lead);
    for p in route.iter().skip(1) {
        track.push(*p);
    }
    let mut worst = 0.0f32;
    for b in &chain.bodies {
        let (_, _, placed) = chain::place(&track, b.s_front + moved, &b.shape);
        for p in placed {
            if let Some(d) = failed::depth_in_avoided(s, p.pos) {
                worst = worst.max(d);
            }
        }
    }
    worst
}

/// The route a failed order forces: on along `ahead`, then along the road the lead stands
/// on, else straight on with detours.
#[allow(clippy::too_many_arguments)]
fn forced(
    s: &Scenario,
    col: &Column,
    chain: &Chain,
    ahead: &[Point],
    front: Point,
    s_lead: f32,
    allowance: f32,
    hw: f32,
) -> (Vec<Point>, RouteKind) {
    let mut r = vec![front];
    let mut left = allowance;
    let mut followed = false;
    if ahead.len() >= 2 {
        r.extend(ahead.iter().skip(1));
        left -= polyline_length(ahead);
        followed = true;
    }
    if left <= 0.0 {
        return (r, RouteKind::FollowsRoute);
    }
    let start = r.last().copied().unwrap_or(front);
    let heading = chain.track.tangent(s_lead.max(chain.track.end() - 1e-3));
    // The furthest figure centre from the centre line, over every unit that marches: a detour
    // keeps a band that wide clear, so every figure stays out, not only the centre line. Only
    // when no way round keeps them all out ("if possible") is a narrower band tried (half, then
    // the centre line alone), before the column marches straight through.
    let full = chain
        .bodies
        .iter()
        .flat_map(|b| b.shape.offsets.iter().map(|o| o.across.abs()))
        .fold(0.0, f32::max);
    // Units march as rigid blocks along the chord of the track, so round a bend a rear rank
    // swings off the line: place the figures, and widen the band by what still intrudes.
    let mut best: Option<(f32, Vec<Point>, RouteKind)> = None;
    let mut through: Option<(Vec<Point>, RouteKind)> = None;
    'bands: for narrow in [1.0, 0.5, 0.0] {
        let mut band = full * narrow;
        for _ in 0..DETOUR_TRIES {
            let (rest, kind) = failed::forced_route(s, col, hw, band, start, heading, left);
            let mut candidate = r.clone();
            candidate.extend(rest.into_iter().skip(1));
            match kind {
                RouteKind::Detour { .. } => {
                    let intrusion = figures_in_avoided(s, chain, s_lead, &candidate, allowance);
                    if best.as_ref().is_none_or(|b| intrusion < b.0) {
                        best = Some((intrusion, candidate, kind));
                    }
                    if intrusion <= 0.0 {
                        break 'bands;
                    }
                    band += intrusion + DETOUR_MARGIN_IN;
                }
                RouteKind::NoDetour { .. } => {
                    // No way round this wide: keep what was found, else try narrower.
                    through.get_or_insert((candidate, kind));
                    break;
                }
                _ => {
                    // Straight on is clear (or a road leads): no detour needed.
                    if best.is_none() {
                        best = Some((0.0, candidate, kind));
                    }
                    break 'bands;
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (route, kind) = match (best, through) {
        (Some((_, route, kind)), _) | (None, Some((route, kind))) => (route, kind),
        (None, None) => return (r, RouteKind::FollowsRoute),
    };
    r = route;
    let kind = if followed && kind == RouteKind::StraightOn {
        RouteKind::FollowsRoute
    } else {
        kind
    };
    (r, kind)
}
