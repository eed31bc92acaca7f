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
//! - Other combat units may be passed through but not ended on; leaders neither block nor
//!   occupy, and a moving leader may end on a friendly unit. Enemy units (leaders too) may not be
//!   entered.

use super::board::{Board, ENEMY, IN_ZOC, NO_ENEMY, NONE};
use super::cavalry::{DragoonFormation, dragoon_formation};
use super::command::{ChangeRefused, Tracing, change_allowed, muster_trigger, trace};
use super::search::{Params, Pricing, Search};
use super::{HexError, UnitRef};
use crate::model::{Command, UnitId};
use hexx::Hex;
use std::fmt;

/// Hexes of the Reserve and Muster exclusion: never within this many of an enemy combat unit
/// ("count the enemy occupied hex, and then a further four hexes").
pub const EXCLUSION_HEXES: u16 = 4;
/// MP a charge adds.
pub const CHARGE_EXTRA_MP: u16 = 2;

/// Why a hex the unit's MP reach is not a legal end of its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Another unit stands there: a friend may be passed through, an enemy not even entered.
    Occupied { unit: UnitRef, enemy: bool },
    /// The unit is out of command and may not move.
    OutOfCommand,
    /// Charge: it starts in an enemy zone of control, so it may not move and must attack.
    StartsInEnemyZoc,
    /// Stand allows one hex.
    OneHexOnly { command: Command },
    /// Reserve or Muster: within four hexes of an enemy combat unit.
    InsideExclusion {
        command: Command,
        enemy: UnitRef,
        distance: u16,
    },
    /// Reserve or Muster: only reached through the exclusion.
    BeyondExclusion { command: Command },
    /// Attack or Charge: spends less than the minimum move (and does not end adjacent).
    BelowMinimumMove { needed: u16, cost: u16 },
    /// Attack, Advance or Charge: ends no closer to the nearest enemy and not adjacent.
    NotCloser { start: u16, end: u16 },
    /// Retreat: ends no further from this enemy than it started.
    NotFurther {
        enemy: UnitRef,
        start: u16,
        end: u16,
    },
    /// Only reached through an enemy zone of control, which ends the move.
    BeyondZoc,
    /// The leader may not take the command asked for.
    CommandRefused {
        leader: UnitRef,
        command: Command,
        why: ChangeRefused,
    },
    /// Only cavalry (and mounted dragoons) may do this.
    CavalryOnly,
}

impl Reason {
    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Occupied { .. } => "occupied",
            Reason::OutOfCommand => "out_of_command",
            Reason::StartsInEnemyZoc => "starts_in_enemy_zoc",
            Reason::OneHexOnly { .. } => "one_hex_only",
            Reason::InsideExclusion { .. } => "inside_exclusion",
            Reason::BeyondExclusion { .. } => "beyond_exclusion",
            Reason::BelowMinimumMove { .. } => "below_minimum_move",
            Reason::NotCloser { .. } => "not_closer",
            Reason::NotFurther { .. } => "not_further",
            Reason::BeyondZoc => "beyond_zoc",
            Reason::CommandRefused { .. } => "command_refused",
            Reason::CavalryOnly => "cavalry_only",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Occupied { unit, enemy: true } => write!(f, "held by the enemy: {unit}"),
            Reason::Occupied { unit, enemy: false } => write!(f, "occupied by {unit}"),
            Reason::OutOfCommand => write!(f, "out of command: it may not move"),
            Reason::StartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control under Charge: may not move, must attack"
            ),
            Reason::OneHexOnly { command } => write!(f, "{command} allows one hex"),
            Reason::InsideExclusion {
                command,
                enemy,
                distance,
            } => write!(
                f,
                "inside the {command} exclusion: {distance} {} from {enemy}",
                hexes(*distance)
            ),
            Reason::BeyondExclusion { command } => write!(
                f,
                "beyond the {command} exclusion: the way passes within {EXCLUSION_HEXES} hexes of the enemy"
            ),
            Reason::BelowMinimumMove { needed, cost } => write!(
                f,
                "below the minimum move: {cost} MP spent, at least {needed} needed"
            ),
            Reason::NotCloser { start, end } => write!(
                f,
                "ends no closer to the enemy ({end} {}, started {start})",
                hexes(*end)
            ),
            Reason::NotFurther { enemy, start, end } => write!(
                f,
                "ends no further from {enemy} ({end} {}, started {start})",
                hexes(*end)
            ),
            Reason::BeyondZoc => write!(
                f,
                "stopped by ZOC: only reached through an enemy zone of control, which ends the move"
            ),
            Reason::CommandRefused {
                leader,
                command,
                why,
            } => write!(f, "{leader} may not take {command}: {why}"),
            Reason::CavalryOnly => write!(f, "cavalry only"),
        }
    }
}

fn hexes(n: u16) -> &'static str {
    if n == 1 { "hex" } else { "hexes" }
}

/// What a command demands of the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The unit keeps its hex.
    MayNotMove,
    /// Spend at least this many MP, unless the move ends adjacent to an enemy combat unit.
    MinimumMove { mp: u16, allowance: u16 },
    /// End at least one hex closer to the nearest enemy combat unit, or adjacent to one.
    EndCloserOrAdjacent,
    /// Move at most one hex.
    OneHex,
    /// End at least one hex further from every enemy combat unit.
    EndFurtherFromEveryEnemy,
    /// Never enter a hex within this many hexes of an enemy combat unit.
    StayClear { within: u16 },
    /// Starting inside the exclusion: stay, or end clear of it.
    StayOrEndClear { within: u16 },
    /// Starting inside the exclusion: end clear of it.
    MustEndClear { within: u16 },
    /// Entering a hex in an enemy zone of control ends the move.
    ZocEndsMove,
}

impl Constraint {
    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Constraint::MayNotMove => "may_not_move",
            Constraint::MinimumMove { .. } => "minimum_move",
            Constraint::EndCloserOrAdjacent => "end_closer_or_adjacent",
            Constraint::OneHex => "one_hex",
            Constraint::EndFurtherFromEveryEnemy => "end_further_from_every_enemy",
            Constraint::StayClear { .. } => "stay_clear",
            Constraint::StayOrEndClear { .. } => "stay_or_end_clear",
            Constraint::MustEndClear { .. } => "must_end_clear",
            Constraint::ZocEndsMove => "zoc_ends_move",
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::MayNotMove => write!(f, "may not move"),
            Constraint::MinimumMove { mp, allowance } => write!(
                f,
                "move at least {mp} MP (half of {allowance}, rounded up) unless it ends adjacent to an enemy"
            ),
            Constraint::EndCloserOrAdjacent => write!(
                f,
                "end at least one hex closer to the enemy, or adjacent to an enemy combat unit"
            ),
            Constraint::OneHex => write!(f, "move no more than one hex"),
            Constraint::EndFurtherFromEveryEnemy => {
                write!(
                    f,
                    "end at least one hex further from every enemy combat unit"
                )
            }
            Constraint::StayClear { within } => write!(
                f,
                "never enter a hex within {within} hexes of an enemy combat unit"
            ),
            Constraint::StayOrEndClear { within } => write!(
                f,
                "starts within {within} hexes of the enemy: stay, or end {} or more hexes away",
                within + 1
            ),
            Constraint::MustEndClear { within } => write!(
                f,
                "starts within {within} hexes of the enemy: must end {} or more hexes away",
                within + 1
            ),
            Constraint::ZocEndsMove => write!(f, "entering an enemy zone of control ends the move"),
        }
    }
}

/// What a command brings in combat and morale, and what it obliges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Die roll modifier in melee.
    Melee(i8),
    /// Die roll modifier in melee when defending.
    MeleeDefending(i8),
    /// Morale modifier.
    Morale(i8),
    /// Combat strength doubled in melee.
    DoubleMeleeStrength,
    /// Extra movement points.
    ExtraMp(u16),
    /// Adjacent to an enemy combat unit it must fight (fire and/or melee).
    MustFightIfAdjacent,
    /// Adjacent to an enemy combat unit it must melee; fire is optional.
    MustMeleeIfAdjacent,
    /// It must attack this turn.
    MustAttack,
}

impl Effect {
    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Effect::Melee(_) => "melee",
            Effect::MeleeDefending(_) => "melee_defending",
            Effect::Morale(_) => "morale",
            Effect::DoubleMeleeStrength => "double_melee_strength",
            Effect::ExtraMp(_) => "extra_mp",
            Effect::MustFightIfAdjacent => "must_fight_if_adjacent",
            Effect::MustMeleeIfAdjacent => "must_melee_if_adjacent",
            Effect::MustAttack => "must_attack",
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Melee(n) => write!(f, "{n:+} melee die roll"),
            Effect::MeleeDefending(n) => write!(f, "{n:+} melee die roll when defending"),
            Effect::Morale(n) => write!(f, "morale {n:+}"),
            Effect::DoubleMeleeStrength => write!(f, "double combat strength in melee"),
            Effect::ExtraMp(n) => write!(f, "+{n} MP"),
            Effect::MustFightIfAdjacent => {
                write!(
                    f,
                    "must fight (fire and/or melee) if adjacent to an enemy combat unit"
                )
            }
            Effect::MustMeleeIfAdjacent => {
                write!(
                    f,
                    "must melee if adjacent to an enemy combat unit; fire is optional"
                )
            }
            Effect::MustAttack => write!(f, "must attack"),
        }
    }
}

/// Something the player should know about this preview as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No leader of its chain reaches it.
    OutOfCommand,
    /// `--command` on an out-of-command unit: previewed as if in command.
    OverrideAssumesInCommand,
    /// The leader may not take the command asked for.
    CommandUnavailable {
        leader: UnitRef,
        command: Command,
        why: ChangeRefused,
    },
    /// Leaders move up to their allowance, bound by no command.
    LeaderMovesFreely,
    /// Not cavalry: under a charging leader it acts as Attack, with morale +2.
    ActsAsAttackUnderCharge,
    /// Arrived this turn: it may not charge; it moves as Advance.
    NoChargeOnArrival,
    /// Charge, starting in an enemy zone of control: may not move, must attack.
    ChargeStartsInEnemyZoc,
    /// Advance, starting in an enemy zone of control: need not end closer.
    StartsInEnemyZoc,
    /// No enemy combat unit on the map: "closer" and "further" do not apply.
    NoEnemy,
    /// The minimum move cannot be met: nothing is allowed.
    MinimumMoveUnmeetable { needed: u16, best: u16 },
    /// Muster starting inside the exclusion, and no hex 5+ hexes away is reachable.
    CannotLeaveExclusion,
    /// No hex satisfies the command.
    NoLegalMove,
    /// Dragoons arriving this turn enter mounted.
    DragoonsEnterMounted,
}

impl Notice {
    /// A stable short code for the JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            Notice::OutOfCommand => "out_of_command",
            Notice::OverrideAssumesInCommand => "override_assumes_in_command",
            Notice::CommandUnavailable { .. } => "command_unavailable",
            Notice::LeaderMovesFreely => "leader_moves_freely",
            Notice::ActsAsAttackUnderCharge => "acts_as_attack_under_charge",
            Notice::NoChargeOnArrival => "no_charge_on_arrival",
            Notice::ChargeStartsInEnemyZoc => "charge_starts_in_enemy_zoc",
            Notice::StartsInEnemyZoc => "starts_in_enemy_zoc",
            Notice::NoEnemy => "no_enemy",
            Notice::MinimumMoveUnmeetable { .. } => "minimum_move_unmeetable",
            Notice::CannotLeaveExclusion => "cannot_leave_exclusion",
            Notice::NoLegalMove => "no_legal_move",
            Notice::DragoonsEnterMounted => "dragoons_enter_mounted",
        }
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::OutOfCommand => write!(
                f,
                "out of command: no leader of its chain reaches it, so it may not move"
            ),
            Notice::OverrideAssumesInCommand => write!(
                f,
                "out of command: previewed as if it were in command under the chosen command"
            ),
            Notice::CommandUnavailable {
                leader,
                command,
                why,
            } => write!(
                f,
                "{leader} may not take {command}: {why}; nothing is allowed"
            ),
            Notice::LeaderMovesFreely => {
                write!(f, "a leader moves up to his allowance, bound by no command")
            }
            Notice::ActsAsAttackUnderCharge => write!(
                f,
                "not cavalry: under a charging leader it acts as Attack, with morale +2"
            ),
            Notice::NoChargeOnArrival => write!(
                f,
                "arrived this turn: it may not charge, and moves as Advance"
            ),
            Notice::ChargeStartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control under Charge: it may not move and must attack"
            ),
            Notice::StartsInEnemyZoc => write!(
                f,
                "starts in an enemy zone of control: it need not end closer"
            ),
            Notice::NoEnemy => write!(
                f,
                "no enemy combat unit on the map: 'closer' and 'further' do not apply"
            ),
            Notice::MinimumMoveUnmeetable { needed, best } => write!(
                f,
                "the minimum move of {needed} MP cannot be met (at most {best} MP can be spent): no move is allowed"
            ),
            Notice::CannotLeaveExclusion => write!(
                f,
                "must end {} or more hexes from the enemy, but no such hex is within reach",
                EXCLUSION_HEXES + 1
            ),
            Notice::NoLegalMove => write!(f, "no hex satisfies the command"),
            Notice::DragoonsEnterMounted => write!(f, "dragoons enter the map mounted"),
        }
    }
}

/// Where the command comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandSource {
    /// The chit of the leader it traces to.
    Traced,
    /// The chit given on request (`--command`), in place of the traced one.
    Override,
    /// Out of command: no chit.
    OutOfCommand,
    /// The unit is a leader.
    Leader,
}

/// The command the unit moves under, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandInfo {
    /// The leaders it can trace to and the one it uses.
    pub tracing: Tracing,
    pub source: CommandSource,
    /// The chit in force for it.
    pub chit: Option<Command>,
    /// The rules it moves by: the chit, or Attack (not cavalry under Charge) or Advance
    /// (cavalry under Charge on its turn of arrival). `None` for leaders and out-of-command
    /// units.
    pub moves_as: Option<Command>,
}

/// One hex of the preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexVerdict {
    pub hex: Hex,
    /// MP spent to get there.
    pub cost: u16,
    /// Position in [`MovePreview::hexes`] of the previous hex on the cheapest path; `None` for
    /// the start and for hexes only the plain MP reach got to.
    pub via: Option<u32>,
    /// `None`: a legal end of the move.
    pub reason: Option<Reason>,
}

impl HexVerdict {
    pub fn is_legal(&self) -> bool {
        self.reason.is_none()
    }
}

/// The legal-move preview of one unit. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePreview {
    pub unit: UnitRef,
    pub start: Hex,
    /// The unit's own MP.
    pub mp: u16,
    /// MP it may spend this turn (MP + 2 under Charge).
    pub allowance: u16,
    pub command: CommandInfo,
    pub constraints: Vec<Constraint>,
    pub effects: Vec<Effect>,
    pub notices: Vec<Notice>,
    /// Dragoons: formation and whether they may change it this turn.
    pub dragoons: Option<DragoonFormation>,
    /// Every hex the unit's MP reach (the start first), each legal or with its reason; hexes
    /// reached under the command come first, in order of cost.
    pub hexes: Vec<HexVerdict>,
}

impl MovePreview {
    pub fn legal(&self) -> impl Iterator<Item = &HexVerdict> {
        self.hexes.iter().filter(|h| h.is_legal())
    }

    pub fn rejected(&self) -> impl Iterator<Item = (&HexVerdict, &Reason)> {
        self.hexes
            .iter()
            .filter_map(|h| h.reason.as_ref().map(|r| (h, r)))
    }

    pub fn get(&self, hex: Hex) -> Option<&HexVerdict> {
        self.hexes.iter().find(|h| h.hex == hex)
    }

    pub fn is_legal(&self, hex: Hex) -> bool {
        self.get(hex).is_some_and(HexVerdict::is_legal)
    }

    /// The reason `hex` is rejected, if it is.
    pub fn reason(&self, hex: Hex) -> Option<&Reason> {
        self.get(hex).and_then(|h| h.reason.as_ref())
    }

    /// The cheapest path to `hex` under the command, start first; `None` for hexes the command
    /// does not let the unit reach.
    pub fn path(&self, hex: Hex) -> Option<Vec<Hex>> {
        let mut at = self.hexes.iter().position(|h| h.hex == hex)?;
        if at != 0 && self.hexes[at].via.is_none() {
            return None;
        }
        let mut out = vec![self.hexes[at].hex];
        while let Some(prev) = self.hexes[at].via {
            at = prev as usize;
            out.push(self.hexes[at].hex);
        }
        out.reverse();
        Some(out)
    }
}

/// The command's plan for the search and the verdicts.
#[derive(Default)]
struct Plan {
    allowance: u16,
    refused: Option<Reason>,
    frozen: Option<Reason>,
    min_move: u16,
    closer: bool,
    further: bool,
    one_hex: Option<Command>,
    /// Command and whether a unit starting inside may stay.
    exclusion: Option<(Command, bool)>,
    /// Friendly combat units block the end of the move (not for a moving leader).
    friends_block: bool,
}

fn half_up(n: u16) -> u16 {
    n.div_ceil(2)
}

pub(crate) fn preview(
    board: &Board,
    search: &mut Search,
    unit: UnitId,
    request: Option<Command>,
) -> Result<MovePreview, HexError> {
    let slot = board.slot(unit)?;
    let u = board.unit(slot);
    let Some((start, _)) = u.present() else {
        return Err(HexError::NotOnMap(u.name.to_string()));
    };
    let field = board.field(u.side);
    let s = start as usize;
    let d0 = field.dist[s];
    let has_enemy = d0 != NO_ENEMY;
    let start_in_zoc = field.flags[s] & IN_ZOC != 0;
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
        if let Some(l) = leader
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
            (mp, d0, start_in_zoc, has_enemy),
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
    if u.kind == crate::model::UnitKind::Dragoons && u.state.arrived_this_turn && !u.state.mounted {
        notices.push(Notice::DragoonsEnterMounted);
    }
    let dragoons = dragoon_formation(u, &tracing, chit);

    // The two searches.
    let reach = Params {
        flags: Some(&field.flags),
        ..Params::plain(start, plan.allowance)
    };
    let stuck = plan.refused.is_some() || plan.frozen.is_some();
    let legal = Params {
        start,
        budget: if stuck { 0 } else { plan.allowance },
        pricing: Pricing::Terrain,
        flags: Some(&field.flags),
        zoc: true,
        exclusion: plan
            .exclusion
            .map(|_| (&field.dist[..], d0.min(EXCLUSION_HEXES + 1))),
        one_step: plan.one_hex.is_some(),
    };
    search.reach.run(board, &reach);
    search.legal.run(board, &legal);

    let judge = Judge {
        board,
        field_dist: &field.dist,
        nearest: &field.nearest,
        flags: &field.flags,
        enemies: &field.enemies,
        slot,
        start,
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
            if cost >= plan.min_move || field.dist[i as usize] == 1 {
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

/// Fills the plan, constraints and effects of the rules the unit moves by.
fn apply_command(
    c: Command,
    chit: Option<Command>,
    plan: &mut Plan,
    constraints: &mut Vec<Constraint>,
    effects: &mut Vec<Effect>,
    notices: &mut Vec<Notice>,
    (mp, d0, start_in_zoc, has_enemy): (u16, u16, bool, bool),
) {
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
            if start_in_zoc {
                notices.push(Notice::StartsInEnemyZoc);
            } else {
                closer(plan, constraints, notices);
            }
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
        let here = i == self.start;
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
        if !here && p.friends_block {
            let occ = self.board.occupant[iu];
            if occ != NONE && occ != self.slot {
                return Some(Reason::Occupied {
                    unit: self.board.unit(occ).r(),
                    enemy: false,
                });
            }
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
        if p.closer && !(d < self.d0 || d == 1) {
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
