//! Who leads an M42 move (R2), and which move types he may order: his own leader, a Swarm's
//! suggested or chosen model, or a Combat Tactics survivor; a unit that cannot move may only
//! Dig-In, and Advance and At the Double need half the unit in the command radius.

use super::command::{CommandReport, report};
use super::move_type::MoveType;
use crate::model::*;
use serde::Serialize;
use std::fmt;

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

/// The leader a move would use: none for a unit off the table; else as [`leader_for`].
pub(crate) fn leader_of(
    unit: &Unit,
    chosen: Option<ModelId>,
) -> Result<(ModelId, LeaderSource), CannotMove> {
    if !unit.on_table() {
        return Err(CannotMove::NotOnTable);
    }
    leader_for(unit, chosen)
}

/// Why `move_type` is refused with the command picture `cmd` of a unit of `models` models:
/// Advance and At the Double need half of them in the leader's radius.
pub(crate) fn refusal(
    move_type: MoveType,
    cmd: &CommandReport,
    models: usize,
) -> Option<CannotMove> {
    (move_type.needs_half_in_radius() && !cmd.half_in_radius).then_some(
        CannotMove::TooFewInRadius {
            in_radius: cmd.in_radius.len(),
            models,
        },
    )
}

/// Every move type with why it is refused, when the unit cannot move at all: it may still
/// Dig-In.
pub(crate) fn all_but_dig_in(why: &CannotMove) -> Vec<(MoveType, Option<CannotMove>)> {
    MoveType::ALL
        .iter()
        .map(|t| (*t, (*t != MoveType::DigIn).then(|| why.clone())))
        .collect()
}

/// Every move type with why it is refused, by the command picture around the leader.
pub(crate) fn by_radius(cmd: &CommandReport, models: usize) -> Vec<(MoveType, Option<CannotMove>)> {
    MoveType::ALL
        .iter()
        .map(|t| (*t, refusal(*t, cmd, models)))
        .collect()
}

/// Every move type with why it is refused for `unit` led by `chosen` (or the leader
/// [`leader_for`] finds): what the preview bar offers and `sandtable moves` lists, the same
/// answer as [`preview`](super::preview)'s `available`.
pub fn available(unit: &Unit, chosen: Option<ModelId>) -> Vec<(MoveType, Option<CannotMove>)> {
    match leader_of(unit, chosen) {
        Err(why) => all_but_dig_in(&why),
        Ok((leader, _)) => by_radius(&report(unit, leader), unit.models.len()),
    }
}
