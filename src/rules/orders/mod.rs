//! R3: orders with orderly and disorderly movement (002, "New Movement Outline").
//!
//! [`preview`] answers "what may this unit do under this action": the leader's legal region,
//! each other model's landing or movement region, the models out of command and why, the stat
//! effects (RoF, pistols, one-handed weapons, Ev, To, snap fire), the targets the leader can
//! see under Open Fire!, the Fall Back! branch with its destination and path, and, for a
//! proposed leader destination, the exact path, its length and whether it is legal, with the
//! reason. It never changes the scenario.
//!
//! Where 002 and RULES.md leave room, this module decides as follows (also in `docs/rules.md`):
//! - **Distances** between models are base edge to base edge. A model is *in* terrain, *enters*
//!   it or *crosses* it when the centre of its base does (for a linear obstacle: the centre comes
//!   within half the obstacle's drawn width of its line).
//! - **Which end the followers use**: orderly followers are placed around the leader's end
//!   position: the proposed destination (`leader_to`) when it is legal, otherwise where the
//!   leader stands. The leader's whole region is shown as well, so the editor recomputes the
//!   followers' regions as the leader is dragged.
//! - **Rally!** places "the rest of the unit's models" within 12": models that started within
//!   12" of the leader are placed within 12" of him; models further off move disorderly.
//! - **Open Fire!**: the leader's "normal move" is an orderly move of up to Mv (he moves alone;
//!   the others stay). The unit fires at full RoF.
//! - **Disorderly coherency**: a disorderly model must end within 2" of another model of its
//!   unit if it can, where the others may end: the leader at his end position, orderly followers
//!   anywhere in their landing region, other disorderly models anywhere they may go (or where
//!   they stand). It is out of command only when no such place is within its reach. Coherency is
//!   sampled on the 0.5" lattice (conservative by at most 0.35").
//! - **Out of command**: it stays, or moves up to 2 x Mv (under the terrain cap) and ends no
//!   further from the leader's end position (as above) than it started.
//! - **The leader in disorderly movement** (At the Double!) keeps coherency like any model when
//!   he can, but is never out of command: if he cannot, he moves freely within his reach.
//! - **Single-model units** are always orderly, also At the Double! (2 x Mv, no terrain cap).
//! - **A unit without a leader model** may only Go to Ground! or Fall Back!.
//! - **Fall Back!** may be ordered to any unit; a unit that failed its Ld check may take no
//!   other order. "At least half" is current x 2 >= start; "under a quarter" (destroyed at once)
//!   is current x 4 < start; a unit that leaves the table counts as destroyed when current x 4
//!   <= start. Fall Back! moves are measured model by model (no follow-the-leader placement, no
//!   2" coherency) and never end in dangerous terrain. The half move goes "toward" or "away
//!   from" the nearest enemy unit: each model ends no further from (toward) or no closer to
//!   (away) that unit than it started. See [`fall_back`] for the under-half move.
//! - **Half RoF** is shown exactly (RoF 1 → 0.5): the text gives no rounding.

mod destination;
mod fall_back;
mod movement;

#[cfg(test)]
mod tests;

pub use destination::{
    Crossing, DestinationCheck, Direction, Illegal, MEASURE_TOLERANCE_IN, PieceRef,
};
pub use fall_back::{FallBackBranch, FallBackPreview, Heading, Removal};

use super::los::{SightBlock, SightMap};
use super::reach::Region;
use crate::geom::Point;
use crate::model::{ModelId, Scenario, SideId, SpecialRule, Strength, Unit, UnitId};
use serde::Serialize;
use std::fmt;

/// The placement radius of orderly movement (R3): 6", or 12" under Rally!.
pub const ORDERLY_RADIUS_IN: f32 = 6.0;
pub const RALLY_RADIUS_IN: f32 = 12.0;
/// Disorderly models must try to end within this of another model of their unit.
pub const COHERENCY_IN: f32 = 2.0;

/// The six R3 orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    OpenFire,
    Advance,
    Rally,
    AtTheDouble,
    GoToGround,
    FallBack,
}

impl Action {
    pub const ALL: [Action; 6] = [
        Action::OpenFire,
        Action::Advance,
        Action::Rally,
        Action::AtTheDouble,
        Action::GoToGround,
        Action::FallBack,
    ];

    /// The command-line name: `open-fire`, `advance`, `rally`, `at-the-double`,
    /// `go-to-ground`, `fall-back`.
    pub fn key(self) -> &'static str {
        match self {
            Action::OpenFire => "open-fire",
            Action::Advance => "advance",
            Action::Rally => "rally",
            Action::AtTheDouble => "at-the-double",
            Action::GoToGround => "go-to-ground",
            Action::FallBack => "fall-back",
        }
    }

    /// The name on the order chit: `Open Fire!`.
    pub fn name(self) -> &'static str {
        match self {
            Action::OpenFire => "Open Fire!",
            Action::Advance => "Advance!",
            Action::Rally => "Rally!",
            Action::AtTheDouble => "At the Double!",
            Action::GoToGround => "Go to Ground!",
            Action::FallBack => "Fall Back!",
        }
    }

    /// Accepts the key or the name in any case, with or without spaces, dashes, underscores
    /// and the exclamation mark (`open-fire`, `Open Fire!`, `atthedouble`).
    pub fn parse(text: &str) -> Option<Action> {
        let squash = |t: &str| -> String {
            t.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let key = squash(text);
        Action::ALL.into_iter().find(|a| squash(a.key()) == key)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the unit moves under an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// The leader's move is measured; models near him are placed around his end.
    Orderly,
    /// Every model is measured on its own, under the terrain cap.
    Disorderly,
    /// Only the leader moves (Open Fire!).
    LeaderOnly,
    /// Nobody moves.
    None,
    /// Fall Back!: see its branch.
    FallBack,
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Movement::Orderly => "orderly movement",
            Movement::Disorderly => "disorderly movement",
            Movement::LeaderOnly => "the leader moves, the rest stay",
            Movement::None => "no movement",
            Movement::FallBack => "falls back",
        })
    }
}

/// A reason with the sentence a player reads, serialised as the reason's fields plus `text`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Why<T> {
    #[serde(flatten)]
    pub reason: T,
    pub text: String,
}

impl<T: fmt::Display> Why<T> {
    pub fn new(reason: T) -> Why<T> {
        let text = reason.to_string();
        Why { reason, text }
    }
}

/// Why an action may not be ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Failed its Ld check this turn: only Fall Back!.
    FailedLdCheck,
    /// The unit has no leader model to measure from or see with.
    NoLeader,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::FailedLdCheck => {
                f.write_str("the unit failed its Ld check this turn: Fall Back! is its only order")
            }
            Refusal::NoLeader => f.write_str("the unit has no leader model"),
        }
    }
}

/// Whether one action may be ordered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionChoice {
    pub action: Action,
    pub name: &'static str,
    pub allowed: bool,
    pub refused: Option<Why<Refusal>>,
}

/// Why a preview cannot be made at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OrdersError {
    #[error("there is no unit {0}")]
    NoUnit(UnitId),
    #[error("R3 orders are given on a free-measure table, not a hex map")]
    NotATable,
    #[error("'{name}' is not on the table")]
    NotOnTable { name: String },
    #[error("'{name}' may not be ordered {action}: {reason}")]
    Refused {
        name: String,
        action: Action,
        reason: Refusal,
    },
}

/// A rate of fire relative to the unit's RoF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rate {
    Full,
    Half,
    None,
}

impl Rate {
    pub fn factor(self) -> f32 {
        match self {
            Rate::Full => 1.0,
            Rate::Half => 0.5,
            Rate::None => 0.0,
        }
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rate::Full => "full RoF",
            Rate::Half => "1/2 RoF",
            Rate::None => "no fire",
        })
    }
}

/// When the unit may fire relative to its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FireTiming {
    /// Moves (if at all) and fires in either order.
    BeforeOrAfterMoving,
    /// After the leader's move (Open Fire!: he moves to get sight of a target).
    AfterTheLeaderMoves,
    /// Fires or moves, not both (Fall Back! at half strength or more).
    InsteadOfMoving,
    /// Does not fire.
    Never,
}

/// Shooting under the action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fire {
    /// The unit's weapons: full, 1/2 or no RoF.
    pub rate: Rate,
    /// The unit's RoF times the rate.
    pub rof: f32,
    /// Units with pistols: their rate (they differ from the rest under Advance!, Rally! and
    /// At the Double!). `None` for units without pistols.
    pub pistols: Option<Rate>,
    /// Units with one-handed weapons under Fall Back!: full RoF if the unit does not move.
    pub one_handed: Option<Rate>,
    /// Point fire at a target the leader can see (Open Fire!).
    pub point_fire: bool,
    pub timing: FireTiming,
}

/// Everything an action changes in the unit's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Effects {
    pub fire: Fire,
    /// Modifier to Ev (Go to Ground!, hiding under Fall Back!).
    pub ev: i8,
    /// Modifier to To (hiding under Fall Back!).
    pub to: i8,
    /// The modifiers last this turn only.
    pub this_turn_only: bool,
    /// The unit may snap-fire in the opponent's next action phase (false: hiding under Fall
    /// Back!).
    pub may_snap_fire: bool,
    /// Enemy units may snap-fire at it as it moves (Fall Back! past 1 x Mv).
    pub may_be_snap_fired: bool,
    /// Each effect as a sentence.
    pub lines: Vec<String>,
}

/// A region a model may end in, for the canvas and for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct Area {
    /// The sampled region (not serialised).
    #[serde(skip)]
    pub region: Region,
    pub area_sq_in: f32,
    /// The boundary as polylines in table inches (closed loops repeat their first point).
    pub outline: Vec<Vec<Point>>,
}

impl Area {
    pub fn new(region: Region) -> Area {
        let outline = region
            .outline()
            .into_iter()
            .map(|line| line.into_iter().map(round_point).collect())
            .collect();
        Area {
            area_sq_in: (region.area() * 100.0).round() / 100.0,
            outline,
            region,
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        self.region.contains(p)
    }

    pub fn is_empty(&self) -> bool {
        self.region.is_empty()
    }
}

pub(crate) fn round_point(p: Point) -> Point {
    Point::new((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0)
}

pub(crate) fn round_in(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// A path a model's centre follows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathOut {
    pub points: Vec<Point>,
    pub length_in: f32,
}

impl PathOut {
    pub fn new(points: Vec<Point>, length: f32) -> PathOut {
        PathOut {
            points: points.into_iter().map(round_point).collect(),
            length_in: round_in(length),
        }
    }
}

/// What one model does under the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelMode {
    /// The leader under orderly movement, or moving alone.
    Leads,
    /// Orderly: placed anywhere in its landing region around the leader's end.
    Placed,
    /// Disorderly: measured on its own; must end within 2" of another model.
    Disorderly,
    /// Disorderly and unable to end within 2" of another model: stays or closes on its leader.
    OutOfCommand,
    /// Does not move under this action.
    Stays,
    /// Moves under Fall Back!.
    FallsBack,
}

/// A terrain piece a disorderly model starts in, or the bare hill it starts on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TerrainCap {
    /// The allowance beyond the cap, when the move avoids terrain.
    pub allowance_in: f32,
    /// Base Mv: the most it moves if it starts in, ends in or crosses terrain.
    pub cap_in: f32,
    /// It starts in area terrain or on a linear obstacle: the cap applies to any move.
    pub starts_in: Option<PieceRef>,
    /// It starts on this bare hill, which does not count as terrain for its move.
    pub bare_hill: Option<PieceRef>,
}

/// Why a disorderly model is out of command.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum OutOfCommand {
    /// No place within its reach is within 2" of where another model of the unit may end.
    NoModelInReach {
        /// The nearest other model at the start, edge to edge.
        nearest: Option<ModelId>,
        nearest_in: f32,
        /// How far it may move toward its leader.
        toward_leader_in: f32,
    },
}

impl fmt::Display for OutOfCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfCommand::NoModelInReach {
                nearest_in,
                toward_leader_in,
                ..
            } => write!(
                f,
                "out of command: it cannot end within 2\" of another model of its unit (the \
                 nearest is {nearest_in:.1}\" away); it stays, or moves up to \
                 {toward_leader_in:.0}\" toward its leader and ends no further from him"
            ),
        }
    }
}

/// One model's share of the preview.
#[derive(Clone, Debug, Serialize)]
pub struct ModelPreview {
    pub model: ModelId,
    pub from: Point,
    pub mode: ModelMode,
    /// From the leader at the start, base edge to base edge (0 for the leader).
    pub from_leader_in: f32,
    /// The most it may move (0 when it stays; the placement radius for placed models).
    pub allowance_in: f32,
    /// The disorderly terrain cap, when it matters.
    pub cap: Option<TerrainCap>,
    /// Where it may end. `None` when it stays.
    pub region: Option<Area>,
    /// Fall Back! at half strength or more: the region moving away (`region` then moves
    /// toward the enemy).
    pub away: Option<Area>,
    pub out_of_command: Option<Why<OutOfCommand>>,
    /// Fall Back! under half strength: the path it must take and where it ends (when it
    /// cannot reach concealment, or heads for the table edge).
    pub path: Option<PathOut>,
    pub end: Option<Point>,
}

/// The leader's move.
#[derive(Clone, Debug, Serialize)]
pub struct LeaderPreview {
    pub model: ModelId,
    pub from: Point,
    /// Where the followers are placed around: the legal proposed destination, or `from`.
    pub end: Point,
    pub moves: bool,
    pub allowance_in: f32,
    pub cap: Option<TerrainCap>,
    pub region: Option<Area>,
    pub away: Option<Area>,
    pub path: Option<PathOut>,
}

/// An enemy unit the leader sees (Open Fire!).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    pub unit: UnitId,
    pub name: String,
    /// From the leader to the nearest visible model, edge to edge.
    pub distance_in: f32,
    pub models_seen: usize,
    pub models: usize,
}

/// An enemy unit the leader cannot see, and why (the line to its nearest model).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hidden {
    pub unit: UnitId,
    pub name: String,
    pub distance_in: f32,
    pub block: Why<SightBlock>,
}

/// Point-fire targets under Open Fire!, seen from the leader's end position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Targets {
    pub from: Point,
    pub visible: Vec<Target>,
    pub hidden: Vec<Hidden>,
}

/// The R3 preview of one unit under one action.
#[derive(Clone, Debug, Serialize)]
pub struct OrdersPreview {
    pub unit: UnitId,
    pub name: String,
    pub side: SideId,
    pub action: Action,
    pub action_name: &'static str,
    pub movement: Movement,
    pub mv_in: f32,
    pub strength: Strength,
    /// Every action and whether the unit may take it.
    pub actions: Vec<ActionChoice>,
    pub leader: Option<LeaderPreview>,
    /// Every model but the leader, in the unit's order.
    pub models: Vec<ModelPreview>,
    pub effects: Effects,
    pub targets: Option<Targets>,
    pub fall_back: Option<FallBackPreview>,
    /// The check of the proposed leader destination.
    pub destination: Option<DestinationCheck>,
    pub notes: Vec<String>,
}

impl OrdersPreview {
    /// The preview of one model (the leader included).
    pub fn model(&self, id: ModelId) -> Option<&ModelPreview> {
        self.models.iter().find(|m| m.model == id)
    }

    /// Models out of command.
    pub fn out_of_command(&self) -> impl Iterator<Item = &ModelPreview> {
        self.models
            .iter()
            .filter(|m| m.mode == ModelMode::OutOfCommand)
    }
}

/// The unit, the action, and optionally where the leader is proposed to go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderRequest {
    pub unit: UnitId,
    pub action: Action,
    pub leader_to: Option<Point>,
}

impl OrderRequest {
    pub fn new(unit: UnitId, action: Action) -> OrderRequest {
        OrderRequest {
            unit,
            action,
            leader_to: None,
        }
    }

    pub fn to(self, p: Point) -> OrderRequest {
        OrderRequest {
            leader_to: Some(p),
            ..self
        }
    }
}

/// Whether the unit may be given `action`, and if not why.
pub fn refusal(unit: &Unit, action: Action) -> Option<Refusal> {
    if action == Action::FallBack {
        return None;
    }
    if unit.state.failed_ld_check {
        return Some(Refusal::FailedLdCheck);
    }
    if action != Action::GoToGround && unit.leader().is_none() {
        return Some(Refusal::NoLeader);
    }
    None
}

/// The action a unit is given when none is named: Fall Back! after a failed Ld check,
/// otherwise Advance!.
pub fn default_action(unit: &Unit) -> Action {
    if unit.state.failed_ld_check || unit.leader().is_none() {
        Action::FallBack
    } else {
        Action::Advance
    }
}

/// Every action with whether the unit may take it.
pub fn choices(unit: &Unit) -> Vec<ActionChoice> {
    Action::ALL
        .into_iter()
        .map(|action| {
            let r = refusal(unit, action);
            ActionChoice {
                action,
                name: action.name(),
                allowed: r.is_none(),
                refused: r.map(Why::new),
            }
        })
        .collect()
}

/// The movement mode of an action for this unit (before Fall Back!'s branches).
pub fn movement_of(unit: &Unit, action: Action) -> Movement {
    let single = unit.models.len() == 1;
    match action {
        Action::OpenFire => Movement::LeaderOnly,
        Action::Advance | Action::Rally => Movement::Orderly,
        Action::AtTheDouble if single => Movement::Orderly,
        Action::AtTheDouble => Movement::Disorderly,
        Action::GoToGround => Movement::None,
        Action::FallBack => Movement::FallBack,
    }
}

/// The stat effects of an action that does not depend on Fall Back!'s branch.
pub fn effects(unit: &Unit, action: Action) -> Effects {
    let pistols = unit.has(SpecialRule::Pistols);
    let rof = f32::from(unit.stats.rof);
    let (rate, pistol_rate, point_fire, timing, ev) = match action {
        Action::OpenFire => (
            Rate::Full,
            Rate::Full,
            true,
            FireTiming::AfterTheLeaderMoves,
            0,
        ),
        Action::Advance | Action::Rally => (
            Rate::Half,
            Rate::Full,
            false,
            FireTiming::BeforeOrAfterMoving,
            0,
        ),
        Action::AtTheDouble => (
            Rate::None,
            Rate::Half,
            false,
            if pistols {
                FireTiming::BeforeOrAfterMoving
            } else {
                FireTiming::Never
            },
            0,
        ),
        Action::GoToGround => (Rate::None, Rate::None, false, FireTiming::Never, 1),
        // Fall Back!'s effects depend on its branch: see `fall_back`.
        Action::FallBack => (Rate::None, Rate::None, false, FireTiming::Never, 0),
    };
    let fire = Fire {
        rate,
        rof: rof * rate.factor(),
        pistols: pistols.then_some(pistol_rate),
        one_handed: None,
        point_fire,
        timing,
    };
    let mut e = Effects {
        fire,
        ev,
        to: 0,
        this_turn_only: ev != 0,
        may_snap_fire: true,
        may_be_snap_fired: false,
        lines: Vec::new(),
    };
    e.lines = effect_lines(unit, action, &e);
    e
}

/// The effects as sentences.
pub(crate) fn effect_lines(unit: &Unit, action: Action, e: &Effects) -> Vec<String> {
    let mut lines = Vec::new();
    let rof = unit.stats.rof;
    let f = &e.fire;
    let timing = match f.timing {
        FireTiming::BeforeOrAfterMoving => ", before or after moving",
        FireTiming::AfterTheLeaderMoves => ", after the leader moves",
        FireTiming::InsteadOfMoving => ", instead of moving",
        FireTiming::Never => "",
    };
    match f.rate {
        Rate::None if f.pistols.is_some_and(|p| p != Rate::None) => {
            lines.push("no shooting, except pistols".to_string())
        }
        Rate::None => lines.push("no shooting".to_string()),
        rate => lines.push(format!(
            "fires at {rate} (RoF {rof} → {}){timing}{}",
            fmt_num(f.rof),
            if f.point_fire {
                ", point fire at a target the leader can see"
            } else {
                ""
            }
        )),
    }
    if let Some(p) = f.pistols
        && p != Rate::None
    {
        lines.push(format!(
            "pistols at {p} (RoF {rof} → {})",
            fmt_num(f32::from(rof) * p.factor())
        ));
    }
    if let Some(p) = f.one_handed {
        lines.push(format!(
            "one-handed weapons at {p} (RoF {rof} → {}) if the unit does not move",
            fmt_num(f32::from(rof) * p.factor())
        ));
    }
    if e.ev != 0 {
        lines.push(format!(
            "{:+} Ev{}",
            e.ev,
            if e.this_turn_only {
                " this turn only"
            } else {
                ""
            }
        ));
    }
    if e.to != 0 {
        lines.push(format!("{:+} To", e.to));
    }
    if !e.may_snap_fire {
        lines.push("may not snap-fire in the opponent's next action phase".to_string());
    }
    if e.may_be_snap_fired {
        lines.push("moves more than 1 x Mv: enemy units may snap-fire at it".to_string());
    }
    if action == Action::GoToGround {
        lines.push("a new order must be passed each turn to stay gone to ground".to_string());
    }
    lines
}

fn fmt_num(v: f32) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The unit `req` orders, if it may carry out the action at all: on a table, on it and in
/// play, and not refused the action.
fn ordered_unit<'s>(s: &'s Scenario, req: &OrderRequest) -> Result<&'s Unit, OrdersError> {
    if s.map.is_hex() {
        return Err(OrdersError::NotATable);
    }
    let unit = s.unit(req.unit).ok_or(OrdersError::NoUnit(req.unit))?;
    if !unit.on_table() || !unit.in_play() || unit.models.is_empty() {
        return Err(OrdersError::NotOnTable {
            name: unit.name.clone(),
        });
    }
    if let Some(reason) = refusal(unit, req.action) {
        return Err(OrdersError::Refused {
            name: unit.name.clone(),
            action: req.action,
            reason,
        });
    }
    Ok(unit)
}

/// The R3 preview of `req`. Never changes the scenario.
pub fn preview(s: &Scenario, req: OrderRequest) -> Result<OrdersPreview, OrdersError> {
    let unit = ordered_unit(s, &req)?;
    let mut pv = OrdersPreview {
        unit: unit.id,
        name: unit.name.clone(),
        side: unit.side,
        action: req.action,
        action_name: req.action.name(),
        movement: movement_of(unit, req.action),
        mv_in: f32::from(unit.stats.mv),
        strength: unit.strength,
        actions: choices(unit),
        leader: None,
        models: Vec::new(),
        effects: effects(unit, req.action),
        targets: None,
        fall_back: None,
        destination: None,
        notes: Vec::new(),
    };
    let sight = SightMap::new(s);
    match req.action {
        Action::FallBack => fall_back::fill(s, unit, &sight, req.leader_to, &mut pv),
        _ => movement::fill(s, unit, req.action, req.leader_to, &mut pv),
    }
    if req.action == Action::OpenFire
        && let Some(leader) = &pv.leader
    {
        pv.targets = Some(targets(s, unit, &sight, leader.end));
    }
    Ok(pv)
}

/// Only the verdict on the leader ending at `req.leader_to` (the same verdict as
/// [`preview`]'s `destination`), without the regions: cheap enough to ask on every hover.
/// `None` when the request names no destination.
pub fn check_destination(
    s: &Scenario,
    req: OrderRequest,
) -> Result<Option<DestinationCheck>, OrdersError> {
    let Some(to) = req.leader_to else {
        return Ok(None);
    };
    if req.action == Action::FallBack {
        return preview(s, req).map(|pv| pv.destination);
    }
    let unit = ordered_unit(s, &req)?;
    Ok(Some(movement::check_leader(s, unit, req.action, to)))
}

/// Enemy units the leader can see from `from`, nearest first, and those he cannot.
pub fn targets(s: &Scenario, unit: &Unit, sight: &SightMap, from: Point) -> Targets {
    use super::los::{Eye, enemy_units};
    let Some(leader) = unit.leader() else {
        return Targets {
            from,
            visible: Vec::new(),
            hidden: Vec::new(),
        };
    };
    let mut at = *leader;
    at.pos = from;
    let eye = Eye::of(&at);
    let fp = at.footprint();
    let mut visible = Vec::new();
    let mut hidden = Vec::new();
    for e in enemy_units(s, unit) {
        let mut seen = 0;
        let mut nearest_seen = f32::INFINITY;
        let mut nearest: Option<(f32, &crate::model::Model)> = None;
        for m in &e.models {
            let d = fp.separation(&m.footprint());
            if nearest.is_none_or(|(n, _)| d < n) {
                nearest = Some((d, m));
            }
            if sight.clear(eye, Eye::of(m)) {
                seen += 1;
                nearest_seen = nearest_seen.min(d);
            }
        }
        if seen > 0 {
            visible.push(Target {
                unit: e.id,
                name: e.name.clone(),
                distance_in: round_in(nearest_seen),
                models_seen: seen,
                models: e.models.len(),
            });
        } else if let Some((d, m)) = nearest
            && let Some(block) = sight.first_block(eye, Eye::of(m))
        {
            hidden.push(Hidden {
                unit: e.id,
                name: e.name.clone(),
                distance_in: round_in(d),
                block: Why::new(block),
            });
        }
    }
    visible.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    hidden.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    Targets {
        from: round_point(from),
        visible,
        hidden,
    }
}
