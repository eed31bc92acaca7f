//! What a command brings in combat and morale, and what it obliges (R5).

use std::fmt;

/// MP a charge adds.
pub const CHARGE_EXTRA_MP: u16 = 2;

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
