//! The four M42 move types (R2): how far the leader and his followers may go under each, which
//! need half the unit in the command radius, and what each does to the unit's numbers.

use serde::Serialize;
use std::fmt;

/// The four M42 move types, named in the model so a game's log keeps them typed.
pub use crate::model::MoveType;

impl MoveType {
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
