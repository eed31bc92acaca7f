//! What a command demands of a unit's move (R5): minimum moves, closer or further, one hex,
//! the Reserve and Muster exclusion, and zones of control.

use std::fmt;

/// Hexes of the Reserve and Muster exclusion: never within this many of an enemy combat unit
/// ("count the enemy occupied hex, and then a further four hexes").
pub const EXCLUSION_HEXES: u16 = 4;

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
