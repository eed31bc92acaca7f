//! The column's move (R1): the lead along its route, every other unit the same distance along
//! the same line, and everything the move brings (entries, exits, a break, warnings, what makes
//! it illegal).

use super::breaking::{self, ColumnBreak};
use super::chain::{self, Chain, Placed, Stand};
use super::combat::{self, ColumnCombat};
use super::failed;
use super::order::{Activation, DisciplineTest, Order, StartOutcome, start_outcomes};
use super::track::{Track, polyline_length, polyline_prefix};
use super::{ColumnError, GAP_TOLERANCE_IN, MAX_GAP_IN, find, serial};
use crate::edit::Edit;
use crate::geom::{Aabb, Footprint, Point, segment_within_polygon, segment_within_polyline};
use crate::model::*;
use serde::Serialize;
use std::fmt;

/// What the column does this activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Stand To: nobody moves.
    StandTo,
    /// Move: the lead along its route, the others after it.
    Move,
    /// A break condition holds already: the column breaks before it can act.
    Break,
}

/// An item named in a reason: a terrain piece or a unit (IDs share one counter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named {
    pub id: u32,
    pub name: String,
}

/// Which line the lead takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RouteKind {
    /// Nobody moves.
    Stays,
    /// The route the player drew.
    Drawn,
    /// Straight on along the column's heading.
    StraightOn,
    /// On along the line the units ahead took before they marched off the table.
    FollowsRoute,
    /// A failed order: along the road the lead stands on.
    Road { piece: PieceId, name: String },
    /// A failed order: straight on, bending around difficult ground or obstacles.
    Detour { around: Vec<Named> },
    /// A failed order: straight on through difficult ground or an obstacle that has no way
    /// around.
    NoDetour { through: Vec<Named> },
}

fn names(v: &[Named]) -> String {
    v.iter()
        .map(|n| format!("'{}'", n.name))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for RouteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteKind::Stays => f.write_str("stands where it is"),
            RouteKind::Drawn => f.write_str("along the drawn route"),
            RouteKind::StraightOn => f.write_str("straight on"),
            RouteKind::FollowsRoute => {
                f.write_str("on along the route the units ahead took off the table")
            }
            RouteKind::Road { name, .. } => write!(f, "along the road '{name}'"),
            RouteKind::Detour { around } => {
                write!(f, "straight on, turning around {}", names(around))
            }
            RouteKind::NoDetour { through } => write!(
                f,
                "straight on through {}: there is no way around",
                names(through)
            ),
        }
    }
}

/// Where a unit is, before or after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitEnd {
    Table,
    OffTable,
    Exited,
}

/// One model at its end position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlacedModel {
    pub id: ModelId,
    #[serde(serialize_with = "serial::point")]
    pub pos: Point,
    #[serde(serialize_with = "serial::inches")]
    pub facing_deg: f32,
}

impl From<Placed> for PlacedModel {
    fn from(p: Placed) -> Self {
        PlacedModel {
            id: p.model,
            pos: p.pos,
            facing_deg: p.facing_deg,
        }
    }
}

/// One unit of the column: where it starts and ends.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitMove {
    pub unit: UnitId,
    pub name: String,
    /// Place in the order of march, 1 for the column's first unit.
    pub place: usize,
    pub width_figures: u8,
    pub from: UnitEnd,
    pub to: UnitEnd,
    /// Distance its front travels along the route (every unit alike).
    #[serde(serialize_with = "serial::inches")]
    pub moved_in: f32,
    /// The centre of its front edge at the end (beyond the table edge while off table).
    #[serde(serialize_with = "serial::point")]
    pub front: Point,
    #[serde(serialize_with = "serial::inches")]
    pub facing_deg: f32,
    /// How far its front stands along the route from the entry point (negative: still
    /// waiting behind it).
    #[serde(serialize_with = "serial::inches")]
    pub along_route_in: f32,
    pub models: Vec<PlacedModel>,
}

/// Something the player should know; the move may still be made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// A failed order takes the column across an obstacle: likely to break.
    LikelyToBreak {
        piece: PieceId,
        name: String,
        /// The units that cross it in this move.
        units: Vec<UnitId>,
        /// Who takes a pin test if it does break.
        pin_tests: Vec<breaking::PinTest>,
    },
    /// A unit stands away from the column's route; it follows the route from its nearest
    /// point.
    OffRoute {
        unit: UnitId,
        name: String,
        #[serde(serialize_with = "serial::inches")]
        distance_in: f32,
    },
    /// The drawn route is shorter than the distance: the column stops at its end.
    RouteShort {
        #[serde(serialize_with = "serial::inches")]
        length_in: f32,
        #[serde(serialize_with = "serial::inches")]
        distance_in: f32,
    },
    /// A member that cannot march with the column (no figures, or not on this table).
    NotMarching { unit: UnitId, name: String },
    /// Wheeling round a sharp turn, a unit's bases run into those of the unit ahead: the
    /// player should ease them apart.
    Crowded {
        unit: UnitId,
        name: String,
        ahead: UnitId,
        ahead_name: String,
        #[serde(serialize_with = "serial::inches")]
        overlap_in: f32,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::LikelyToBreak {
                name, pin_tests, ..
            } => {
                write!(
                    f,
                    "the column crosses '{name}' on a failed order: it is likely to break"
                )?;
                if !pin_tests.is_empty() {
                    write!(
                        f,
                        " (if it does, pin tests for {})",
                        breaking::list(pin_tests)
                    )?;
                }
                Ok(())
            }
            Warning::OffRoute {
                name, distance_in, ..
            } => write!(
                f,
                "'{name}' stands {distance_in:.1}\" off the column's route; it falls in at the nearest point"
            ),
            Warning::RouteShort {
                length_in,
                distance_in,
            } => write!(
                f,
                "the route is only {length_in:.1}\" long: the column stops at its end instead of moving {distance_in:.1}\""
            ),
            Warning::NotMarching { name, .. } => {
                write!(f, "'{name}' has no figures on this table to march with")
            }
            Warning::Crowded {
                name,
                ahead_name,
                overlap_in,
                ..
            } => write!(
                f,
                "wheeling round the turn, '{name}' runs {overlap_in:.2}\" into '{ahead_name}'"
            ),
        }
    }
}

/// Why the move may not be made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Illegal {
    /// The column would pass through another unit (R1: no unit may pass through a column,
    /// nor a column through another unit).
    PassesThrough {
        unit: UnitId,
        name: String,
        other: UnitId,
        other_name: String,
    },
    /// The route runs into impassable terrain.
    Impassable { piece: PieceId, name: String },
    /// A unit coming on after a break finds another unit in its way at the entry point.
    EntryBlocked {
        unit: UnitId,
        name: String,
        other: UnitId,
        other_name: String,
    },
    /// Another unit's path runs through a unit of a formed column (R1: no unit may pass
    /// through a column).
    ThroughColumn {
        unit: UnitId,
        name: String,
        column: ColumnId,
        column_name: String,
        column_unit: UnitId,
        column_unit_name: String,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::PassesThrough {
                name, other_name, ..
            } => write!(
                f,
                "'{name}' would pass through '{other_name}': a column may not pass through another unit"
            ),
            Illegal::Impassable { name, .. } => {
                write!(f, "the route runs into impassable '{name}'")
            }
            Illegal::EntryBlocked {
                name, other_name, ..
            } => write!(
                f,
                "'{name}' cannot come on: '{other_name}' stands in its way at the entry point"
            ),
            Illegal::ThroughColumn {
                name,
                column_name,
                column_unit_name,
                ..
            } => write!(
                f,
                "'{name}' would pass through '{column_unit_name}' of '{column_name}': no unit may pass through a column"
            ),
        }
    }
}

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
    /// The edits that carry the preview out: each unit that changes (its models, and
    /// whether it is on the table, still off it or exited) and the column (its route, last
    /// successful action, and its state when it breaks). Refused when the move is illegal.
    pub fn edits(&self, s: &Scenario) -> Result<Vec<Edit>, Vec<Illegal>> {
        if !self.legal {
            return Err(self.illegal.clone());
        }
        let mut out = Vec::new();
        for um in &self.units {
            let Some(u) = s.unit(um.unit) else { continue };
            let mut next = u.clone();
            for pm in &um.models {
                if let Some(m) = next.models.iter_mut().find(|m| m.id == pm.id) {
                    m.pos = pm.pos;
                    m.facing_deg = pm.facing_deg;
                }
            }
            next.position = match um.to {
                UnitEnd::Table => Position::Table,
                UnitEnd::OffTable => Position::OffMap,
                UnitEnd::Exited => Position::Exited,
            };
            if next != *u {
                out.push(Edit::PutUnit(Box::new(next)));
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
                out.push(Edit::PutColumn(Box::new(next)));
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
    let (rest, kind) = failed::forced_route(s, col.side, hw, start, heading, left);
    r.extend(rest.into_iter().skip(1));
    let kind = if followed && kind == RouteKind::StraightOn {
        RouteKind::FollowsRoute
    } else {
        kind
    };
    (r, kind)
}

/// Whether a model of `mover` with a base of bounding radius `radius`, moving its centre along
/// `path`, would pass through a unit of a formed column other than its own (R1: no other unit
/// may pass through a column). The first such unit in the scenario's order is named.
pub fn path_through_column(
    s: &Scenario,
    mover: UnitId,
    path: &[Point],
    radius: f32,
) -> Option<Illegal> {
    let u = s.unit(mover)?;
    let own = s.column_of(mover).map(|c| c.id);
    let bounds = Aabb::of_points(path)?.expand(radius + 2.0);
    for col in &s.columns {
        if col.state != ColumnState::Formed || Some(col.id) == own {
            continue;
        }
        for m in &col.members {
            let Some(cu) = s.unit(m.unit) else { continue };
            if !cu.on_table() || !cu.in_play() {
                continue;
            }
            let hit = cu.models.iter().any(|cm| {
                let r = cm.footprint().bounding_radius();
                bounds.expand(r).contains(cm.pos)
                    && path.windows(2).any(|w| {
                        crate::geom::point_segment_distance(cm.pos, w[0], w[1]) < radius + r - 0.01
                    })
            });
            if hit {
                return Some(Illegal::ThroughColumn {
                    unit: u.id,
                    name: u.name.clone(),
                    column: col.id,
                    column_name: col.name.clone(),
                    column_unit: cu.id,
                    column_unit_name: cu.name.clone(),
                });
            }
        }
    }
    None
}

/// The smallest edge-to-edge distance between two sets of bases.
fn min_separation(a: &[Footprint], b: &[Footprint]) -> f32 {
    let mut best = f32::INFINITY;
    for fa in a {
        for fb in b {
            best = best.min(fa.separation(fb));
        }
    }
    best
}

/// Impassable terrain within the column's half-width of the lead's route.
fn impassable(s: &Scenario, route: &[Point], hw: f32, table: (f32, f32)) -> Vec<Illegal> {
    let mut out = Vec::new();
    let Some(bounds) = Aabb::of_points(route) else {
        return out;
    };
    let bounds = bounds.expand(hw);
    let on_table = |p: Point| p.x >= 0.0 && p.y >= 0.0 && p.x <= table.0 && p.y <= table.1;
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        if !t.impassable {
            continue;
        }
        let (hit, grow) = match &piece.shape {
            PieceShape::Polygon(poly) => (poly.as_slice(), hw),
            PieceShape::Polyline { points, width_in } => (points.as_slice(), hw + width_in * 0.5),
        };
        let Some(pb) = Aabb::of_points(hit) else {
            continue;
        };
        if !pb.expand(grow).intersects(&bounds) {
            continue;
        }
        let blocked = route.windows(2).any(|w| {
            // Only the part of the route on the table.
            (on_table(w[0]) || on_table(w[1]))
                && match &piece.shape {
                    PieceShape::Polygon(poly) => segment_within_polygon(w[0], w[1], poly, grow),
                    PieceShape::Polyline { points, .. } => {
                        segment_within_polyline(w[0], w[1], points, grow)
                    }
                }
        });
        if blocked {
            out.push(Illegal::Impassable {
                piece: piece.id,
                name: piece.name.clone(),
            });
        }
    }
    out
}

/// Other units' models in the ground the column's units sweep (each unit from its rear at the
/// start to its front at the end, as wide as its frontage).
fn passes_through(
    s: &Scenario,
    col: &Column,
    chain: &Chain,
    track: &Track,
    moved: f32,
    units: &[UnitMove],
) -> Vec<Illegal> {
    let members: Vec<UnitId> = col.members.iter().map(|m| m.unit).collect();
    let others: Vec<(&Unit, &Model, f32)> = s
        .units
        .iter()
        .filter(|u| u.on_table() && u.in_play() && !members.contains(&u.id))
        .flat_map(|u| {
            u.models
                .iter()
                .map(move |m| (u, m, m.footprint().bounding_radius()))
        })
        .collect();
    let mut out: Vec<Illegal> = Vec::new();
    if others.is_empty() {
        return out;
    }
    for (b, um) in chain.bodies.iter().zip(units) {
        let s0 = (b.s_front - b.shape.depth).max(0.0);
        let s1 = b.s_front + moved;
        if s1 <= s0 {
            continue;
        }
        let stretch = track.between(s0, s1);
        let Some(bounds) = Aabb::of_points(&stretch) else {
            continue;
        };
        let reach = b.shape.half_width;
        for (u, m, r) in &others {
            if out
                .iter()
                .any(|i| matches!(i, Illegal::PassesThrough { other, .. } if *other == u.id))
            {
                continue;
            }
            if !bounds.expand(reach + r).contains(m.pos) {
                continue;
            }
            let d = stretch
                .windows(2)
                .map(|w| crate::geom::point_segment_distance(m.pos, w[0], w[1]))
                .fold(f32::INFINITY, f32::min);
            if d < reach + r - 0.01 {
                out.push(Illegal::PassesThrough {
                    unit: um.unit,
                    name: um.name.clone(),
                    other: u.id,
                    other_name: u.name.clone(),
                });
            }
        }
    }
    out
}

/// Where segment `a`-`b` crosses segment `c`-`d`: the fraction along `a`-`b`.
fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<f32> {
    let r = b - a;
    let q = d - c;
    let den = r.perp_dot(q);
    if den.abs() < 1e-9 {
        return None;
    }
    let t = (c - a).perp_dot(q) / den;
    let u = (c - a).perp_dot(r) / den;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

/// Linear obstacles the units cross in this move (a failed order): "likely to break".
fn crossings(
    s: &Scenario,
    col: &Column,
    chain: &Chain,
    track: &Track,
    moved: f32,
    after: &[(UnitId, UnitEnd)],
) -> Vec<Warning> {
    let mut out = Vec::new();
    let Some(tail) = chain.bodies.last() else {
        return out;
    };
    let s0 = (tail.s_front - tail.shape.depth).max(0.0);
    let s1 = chain.bodies[0].s_front + moved;
    if s1 <= s0 {
        return out;
    }
    // The stretch with the arc length at each point.
    let stretch = track.between(s0, s1);
    let mut at = Vec::with_capacity(stretch.len());
    let mut acc = s0;
    at.push(acc);
    for w in stretch.windows(2) {
        acc += w[0].distance(w[1]);
        at.push(acc);
    }
    for piece in &s.pieces {
        let Some(t) = s.terrain(piece.terrain) else {
            continue;
        };
        let PieceShape::Polyline { points, .. } = &piece.shape else {
            continue;
        };
        if t.kind != TerrainKind::Linear || t.impassable {
            continue;
        }
        let mut hits = Vec::new();
        for (i, w) in stretch.windows(2).enumerate() {
            for l in points.windows(2) {
                if let Some(f) = crossing(w[0], w[1], l[0], l[1]) {
                    hits.push(at[i] + (at[i + 1] - at[i]) * f);
                }
            }
        }
        if hits.is_empty() {
            continue;
        }
        let units: Vec<UnitId> = chain
            .bodies
            .iter()
            .filter(|b| {
                hits.iter()
                    .any(|&c| b.s_front - b.shape.depth < c && c <= b.s_front + moved)
            })
            .map(|b| b.unit)
            .collect();
        if units.is_empty() {
            continue;
        }
        out.push(Warning::LikelyToBreak {
            piece: piece.id,
            name: piece.name.clone(),
            units,
            pin_tests: breaking::pin_tests_after(s, col, |_| false, after),
        });
    }
    out
}
