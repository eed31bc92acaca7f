//! How a scenario is won (format 4): the last turn, the points a side scores for the enemy's
//! losses, and how an objective is held. The points of each objective are on the objective
//! (`Objective::value`, `Objective::side_points`, `Objective::held`). The rules that score a
//! position live in `rules::victory`; the model says what the designer wrote (`victory_words`
//! words it as the sheet, `info` and the inspector print it).

use super::ids::{ObjectiveId, SideId};
use serde::{Deserialize, Serialize};

/// Inches from an objective within which a model holds it on a table, unless the scenario says
/// otherwise: the distance most miniatures rules use for "on the objective".
pub const DEFAULT_HOLD_WITHIN_IN: f32 = 3.0;
/// The farthest a scenario may set its holding distance, in inches.
pub const MAX_HOLD_WITHIN_IN: f32 = 48.0;
/// Points one objective or one loss may be worth.
pub const MAX_POINTS: u16 = 999;

/// A scenario's victory conditions. A scenario without them (every file before format 4) shows
/// no score and ends when the players say so.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Victory {
    /// The game ends at the end of this turn, and the side with more points wins; `None`: the
    /// score is kept, and the players end the game.
    pub last_turn: Option<u16>,
    /// Points a side scores for each enemy unit routing or removed.
    pub per_unit_lost: u16,
    /// Points a side scores for each strength point (stand or figure, as the unit started) of
    /// an enemy unit routing or removed.
    pub per_strength_lost: u16,
    /// On a table: a unit holds an objective while one of its models stands within this many
    /// inches of it. On a hex map a unit holds the objective's hex.
    pub hold_within_in: f32,
}

impl Default for Victory {
    fn default() -> Self {
        Self {
            last_turn: None,
            per_unit_lost: 0,
            per_strength_lost: 0,
            hold_within_in: DEFAULT_HOLD_WITHIN_IN,
        }
    }
}

/// When an objective counts for the side holding it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holding {
    /// Held by the side whose units stand on it alone now (at the end of the game: "occupied
    /// at the end"); contested or empty, nobody holds it.
    #[default]
    Occupied,
    /// Held by the last side whose units stood on it alone, until the other side's units
    /// stand there alone: "last occupied".
    LastOccupied,
}

impl Holding {
    pub const ALL: [Holding; 2] = [Holding::Occupied, Holding::LastOccupied];

    /// The words the inspector, the sheet and `info` use.
    pub fn name(self) -> &'static str {
        match self {
            Holding::Occupied => "occupied at the end",
            Holding::LastOccupied => "last occupied",
        }
    }
}

/// An objective's points to one side, in place of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SidePoints {
    pub side: SideId,
    pub points: u16,
}

/// An objective a game remembers as held: the last side that stood on it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Held {
    pub objective: ObjectiveId,
    pub side: SideId,
}
