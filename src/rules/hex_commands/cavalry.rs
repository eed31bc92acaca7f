//! Cavalry rules of R5: dragoon formations, reaction-charge check points along a moving enemy
//! cavalry unit's path, and the cavalry second combat advance.
//!
//! Choices where the text is open (also in `docs/rules.md`):
//! - **Dragoons** may mount or dismount when the chit they use is Stand, except on the turn they
//!   arrive (the flag `arrived_this_turn`; units set up on the map at the start never "entered"
//!   and may change from turn 1). Out of command they have no chit and may not change.
//! - **Reaction charge**: "within three movement points of a friendly cavalry unit" is measured
//!   from the friendly cavalry unit, with this module's search: the MP it would spend to enter the
//!   mover's hex over the terrain and hexsides, ignoring units and zones of control (the rules
//!   note that those may make the trigger impossible to reach, so they do not stop the
//!   measurement). A step is a check point for the first step (after the start) at which the
//!   mover comes within 3 MP; each leader checks once per moving enemy unit, so one point per
//!   leader, at the first step any of his cavalry comes in range. Cavalry whose chit is already
//!   a Charge may charge a mover that comes within three *hexes*: one point per such unit.
//! - **Second combat**: the two further hexes are counted in hexes, not MP, over passable ground;
//!   entering an enemy zone of control ends the advance; the facing may change to any edge.

use super::board::{Board, BoardUnit, ENEMY, NONE};
use super::command::{Tracing, trace};
use super::preview::Reason;
use super::search::{Params, Pricing, Search};
use super::{HexError, UnitRef};
use crate::model::{Command, UnitId, UnitKind};
use hexx::Hex;
use std::fmt;

/// MP range of the reaction-charge check.
pub const REACTION_MP: u16 = 3;
/// Hex range within which a unit already under Charge may charge a moving enemy cavalry unit.
pub const CHARGING_REACTION_HEXES: u32 = 3;
/// Hexes of the second combat advance.
pub const SECOND_COMBAT_HEXES: u16 = 2;

/// Why dragoons may not mount or dismount this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchRefused {
    OutOfCommand,
    /// The chit they use is not Stand.
    NotStand {
        command: Command,
    },
    /// They entered the map this turn.
    ArrivedThisTurn,
}

impl fmt::Display for SwitchRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchRefused::OutOfCommand => write!(f, "out of command"),
            SwitchRefused::NotStand { command } => {
                write!(
                    f,
                    "their command is {command}; dragoons change formation only under Stand"
                )
            }
            SwitchRefused::ArrivedThisTurn => write!(
                f,
                "they entered the map this turn; they may change from the following turn"
            ),
        }
    }
}

/// A dragoon unit's formation and whether it may change it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DragoonFormation {
    /// Mounted: cavalry rules. Dismounted: infantry rules.
    pub mounted: bool,
    /// `Ok`: it may mount or dismount this turn and still move its one hex under Stand.
    pub may_switch: Result<(), SwitchRefused>,
}

impl fmt::Display for DragoonFormation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (now, other) = if self.mounted {
            ("mounted (cavalry rules)", "dismount")
        } else {
            ("dismounted (infantry rules)", "mount")
        };
        match &self.may_switch {
            Ok(()) => write!(
                f,
                "{now}; may {other} this turn and still move the one hex Stand allows"
            ),
            Err(why) => write!(f, "{now}; may not {other} this turn: {why}"),
        }
    }
}

/// The formation of dragoons (`None` for other kinds), given their tracing and chit.
pub(crate) fn dragoon_formation(
    u: &BoardUnit,
    tracing: &Tracing,
    chit: Option<Command>,
) -> Option<DragoonFormation> {
    if u.kind != UnitKind::Dragoons {
        return None;
    }
    let may_switch = match chit {
        None => Err(SwitchRefused::OutOfCommand),
        Some(c) if c != Command::Stand => Err(SwitchRefused::NotStand { command: c }),
        Some(_) if u.state.arrived_this_turn => Err(SwitchRefused::ArrivedThisTurn),
        Some(_) if !tracing.in_command() => Err(SwitchRefused::OutOfCommand),
        Some(_) => Ok(()),
    };
    Some(DragoonFormation {
        mounted: u.state.mounted,
        may_switch,
    })
}

/// What the non-moving side may do at a check point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// The leader may check for a change to Charge.
    CommandCheck,
    /// The unit's chit is already a Charge: it may charge the mover at once.
    MayChargeNow,
}

/// A step of an enemy cavalry move at which the non-moving side may react.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeCheckPoint {
    /// Index into the path (1 = the first hex entered).
    pub step: usize,
    pub hex: Hex,
    pub kind: CheckKind,
    /// The leader who checks (his chit changes), if the cavalry has one.
    pub leader: Option<UnitRef>,
    /// The friendly cavalry in range at this step, with its range (MP for a command check,
    /// hexes for a unit already charging).
    pub cavalry: Vec<(UnitRef, u16)>,
}

impl fmt::Display for ChargeCheckPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = self
            .cavalry
            .iter()
            .map(|(u, r)| match self.kind {
                CheckKind::CommandCheck => format!("{u} ({r} MP)"),
                CheckKind::MayChargeNow => format!("{u} ({r} hexes)"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        match (self.kind, &self.leader) {
            (CheckKind::CommandCheck, Some(l)) => write!(
                f,
                "step {}: within {REACTION_MP} MP of {list}: {l} may check for a Charge",
                self.step
            ),
            (CheckKind::CommandCheck, None) => write!(
                f,
                "step {}: within {REACTION_MP} MP of {list}, which has no leader to check",
                self.step
            ),
            (CheckKind::MayChargeNow, _) => write!(
                f,
                "step {}: within {CHARGING_REACTION_HEXES} hexes of {list}, already under Charge: it may charge at once",
                self.step
            ),
        }
    }
}

/// The reaction-charge check points along `path` (start first) of the enemy cavalry unit
/// `mover`. Empty when the mover is not cavalry.
pub(crate) fn charge_checks(
    board: &Board,
    search: &mut Search,
    mover: UnitId,
    path: &[Hex],
) -> Result<Vec<ChargeCheckPoint>, HexError> {
    let m = board.unit(board.slot(mover)?);
    if !m.acts_as_cavalry() {
        return Ok(Vec::new());
    }
    let steps: Vec<Option<u32>> = path
        .iter()
        .map(|h| board.index_of(*h).map(|i| i as u32))
        .collect();
    let mut checks: Vec<ChargeCheckPoint> = Vec::new();
    for cav in board.units.iter() {
        if cav.side == m.side || !cav.acts_as_cavalry() {
            continue;
        }
        let Some((at, _)) = cav.present() else {
            continue;
        };
        let tracing = trace(board, cav);
        let chit = tracing.leader().map(|l| l.command);
        let leader = tracing
            .leader()
            .map(|l| l.leader.clone())
            .or_else(|| tracing.chain.first().map(|l| l.leader.clone()));
        if chit.is_some_and(Command::is_charge) {
            let here = board.hexes[at as usize];
            let hit = path
                .iter()
                .enumerate()
                .skip(1)
                .find(|(_, h)| here.unsigned_distance_to(**h) <= CHARGING_REACTION_HEXES);
            if let Some((step, h)) = hit {
                checks.push(ChargeCheckPoint {
                    step,
                    hex: *h,
                    kind: CheckKind::MayChargeNow,
                    leader,
                    cavalry: vec![(cav.r(), here.unsigned_distance_to(*h) as u16)],
                });
            }
            continue;
        }
        // MP from this cavalry unit to each hex, over terrain only.
        search.reach.run(board, &Params::plain(at, REACTION_MP));
        let hit = steps.iter().enumerate().skip(1).find_map(|(k, i)| {
            let i = (*i)?;
            search.reach.cost(i).map(|c| (k, c))
        });
        let Some((step, mp)) = hit else { continue };
        let key = leader.as_ref().map(|l| l.id);
        match checks.iter_mut().find(|c| {
            c.kind == CheckKind::CommandCheck
                && key.is_some()
                && c.leader.as_ref().map(|l| l.id) == key
        }) {
            Some(c) if c.step == step => c.cavalry.push((cav.r(), mp)),
            Some(c) if c.step > step => {
                c.step = step;
                c.hex = path[step];
                c.cavalry = vec![(cav.r(), mp)];
            }
            Some(_) => {}
            None => checks.push(ChargeCheckPoint {
                step,
                hex: path[step],
                kind: CheckKind::CommandCheck,
                leader,
                cavalry: vec![(cav.r(), mp)],
            }),
        }
    }
    for c in &mut checks {
        c.cavalry.sort_by_key(|(u, _)| u.id);
    }
    checks.sort_by_key(|c| {
        (
            c.step,
            c.kind == CheckKind::MayChargeNow,
            c.cavalry.first().map(|x| x.0.id),
        )
    });
    Ok(checks)
}

/// One hex of the second combat advance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvanceHex {
    pub hex: Hex,
    /// Hexes moved (0 = stays in the vacated hex).
    pub hexes: u16,
    pub path: Vec<Hex>,
    /// Enemy combat units adjacent to it: the candidates for the second attack.
    pub targets: Vec<UnitRef>,
    /// `None`: it may end the advance here.
    pub reason: Option<Reason>,
}

/// The cavalry second combat option: from the hex it advanced into, up to two more hexes,
/// a facing change (any edge) and a second attack after all melee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondCombat {
    pub unit: UnitRef,
    pub from: Hex,
    /// Set when the unit may not take the option (not cavalry).
    pub refused: Option<Reason>,
    /// Every hex within two hexes over passable ground, the vacated hex first.
    pub hexes: Vec<AdvanceHex>,
}

impl SecondCombat {
    pub fn legal(&self) -> impl Iterator<Item = &AdvanceHex> {
        self.hexes.iter().filter(|h| h.reason.is_none())
    }
}

pub(crate) fn second_combat(
    board: &Board,
    search: &mut Search,
    unit: UnitId,
    from: Option<Hex>,
) -> Result<SecondCombat, HexError> {
    let slot = board.slot(unit)?;
    let u = board.unit(slot);
    let start = match from {
        Some(h) => board
            .index_of(h)
            .map(|i| i as u32)
            .ok_or(HexError::OffMap(h))?,
        None => u
            .present()
            .map(|(i, _)| i)
            .ok_or_else(|| HexError::NotOnMap(u.name.to_string()))?,
    };
    let field = board.field(u.side);
    let mut out = SecondCombat {
        unit: u.r(),
        from: board.hexes[start as usize],
        refused: None,
        hexes: Vec::new(),
    };
    if !u.acts_as_cavalry() {
        out.refused = Some(Reason::CavalryOnly);
        return Ok(out);
    }
    let p = Params {
        start,
        budget: SECOND_COMBAT_HEXES,
        pricing: Pricing::Hexes,
        flags: Some(&field.flags),
        zoc: true,
        exclusion: None,
        one_step: false,
    };
    search.legal.run(board, &p);
    let mover_side = u.side;
    for &i in &search.legal.settled {
        let iu = i as usize;
        let hexes = search.legal.cost(i).unwrap_or(0);
        let path: Vec<Hex> = search
            .legal
            .path(i)
            .into_iter()
            .map(|k| board.hexes[k as usize])
            .collect();
        let occ = board.occupant[iu];
        let reason = if i == start {
            None
        } else if field.flags[iu] & ENEMY != 0 {
            let unit = board
                .units
                .iter()
                .find(|x| x.side != mover_side && x.present().is_some_and(|(h, _)| h == i))
                .map(BoardUnit::r);
            unit.map(|unit| Reason::Occupied { unit, enemy: true })
        } else if occ != NONE && occ != slot {
            Some(Reason::Occupied {
                unit: board.unit(occ).r(),
                enemy: false,
            })
        } else {
            None
        };
        let targets = if field.flags[iu] & ENEMY != 0 {
            Vec::new()
        } else {
            let mut t: Vec<UnitRef> = (0..6)
                .filter_map(|d| {
                    let j = board.neighbour(iu, d);
                    (j != NONE).then_some(j)
                })
                .filter_map(|j| {
                    let o = board.occupant[j as usize];
                    (o != NONE && board.unit(o).side != mover_side).then(|| board.unit(o).r())
                })
                .collect();
            t.sort_by_key(|x| x.id);
            t
        };
        out.hexes.push(AdvanceHex {
            hex: board.hexes[iu],
            hexes,
            path,
            targets,
            reason,
        });
    }
    Ok(out)
}
