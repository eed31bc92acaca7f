//! What an order changes in the unit's numbers (R3): its rate of fire and when it fires,
//! pistols and one-handed weapons, Ev and To, and snap fire, each also as a sentence.

use super::action::Action;
use crate::model::{SpecialRule, Unit};
use serde::Serialize;
use std::fmt;

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
