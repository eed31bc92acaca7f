//! What the player should know about a test that is not a modifier (R4): combat notes for
//! elephants and wagons, siege guns, hit points, re-rolls and the stampede rule.

use super::modifiers::plural;
use crate::model::UnitId;
use std::fmt;

/// Something the player should know that is not a modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Elephants: a combat note shown with their tests.
    CavalryHitElephantsOnSix,
    WagonsDoNotShoot,
    /// Single stands test in the morale phase of each turn they take a hit from fire.
    SingleStandTestsWhenHit,
    SiegeGunsCountAsHeavy,
    /// Optional artillery hit points.
    HitPoints {
        per_model: u8,
        models: u16,
        taken: u8,
    },
    GunsAbandoned,
    /// A re-roll source exists, but the scenario does not use the optional re-roll rule.
    RerollsOff,
    /// The attached commander has used all his re-rolls.
    CommanderOutOfRerolls {
        name: String,
    },
    /// The attached leader is removed or is not a leader: no bonus, no re-roll.
    CommanderUnavailable {
        leader: UnitId,
    },
    /// An outcome uses the unit's rout distance, which is not set.
    RoutDistanceNotSet,
    /// Elephant, morale test, stampede rule off.
    StampedeOff,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::CavalryHitElephantsOnSix => {
                f.write_str("combat: cavalry hit elephants only on a 6, whatever the modifiers")
            }
            Note::WagonsDoNotShoot => f.write_str("wagons do not shoot"),
            Note::SingleStandTestsWhenHit => f.write_str(
                "a single stand tests in the morale phase of each turn it takes a hit from fire",
            ),
            Note::SiegeGunsCountAsHeavy => {
                f.write_str("siege guns never move and count as heavy artillery")
            }
            Note::HitPoints {
                per_model,
                models,
                taken,
            } => {
                let total = u32::from(*per_model) * u32::from(*models);
                write!(
                    f,
                    "hit points (optional rule): {per_model} per gun model, {models} model{}, \
                     {taken} of {total} hits taken",
                    plural(*models)
                )
            }
            Note::GunsAbandoned => f.write_str("the crew has abandoned its guns"),
            Note::RerollsOff => {
                f.write_str("re-rolls are not in use in this scenario (optional rule off)")
            }
            Note::CommanderOutOfRerolls { name } => {
                write!(f, "the attached commander {name} has no re-rolls left")
            }
            Note::CommanderUnavailable { leader } => write!(
                f,
                "the attached leader {leader} is not available: no bonus and no re-roll"
            ),
            Note::RoutDistanceNotSet => f.write_str("the unit's rout distance is not set (0\")"),
            Note::StampedeOff => {
                f.write_str("elephant stampede is not in use in this scenario (optional rule off)")
            }
        }
    }
}
