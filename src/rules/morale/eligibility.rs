//! Whether a unit may take a test (R4), and the 50% rule that fails it whatever the dice say.

use crate::model::Unit;
use std::fmt;

/// Whether a unit has lost half or more of its starting stands (R4 50% rule). Single stands
/// are exempt and never count.
pub fn at_fifty_percent(u: &Unit) -> bool {
    !u.kind.is_single_stand() && u.strength.start > 0 && fifty(u.strength.lost(), u.strength.start)
}

pub(super) fn fifty(lost: u16, start: u16) -> bool {
    u32::from(lost) * 2 >= u32::from(start)
}

/// Why a unit may not take the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CannotTest {
    /// The scenario does not use R4.
    MoraleTestsOff,
    /// Leaders are attached to units; they take no tests themselves.
    Leader,
    AlreadyRemoved,
    /// A rally needs an unsteady or routing unit.
    NothingToRally,
    Charging,
    Charged,
    Evaded,
    /// Routed guns are removed; they rally only under the optional rule.
    RoutedGuns,
}

impl CannotTest {
    /// Stable name for JSON.
    pub fn key(self) -> &'static str {
        match self {
            CannotTest::MoraleTestsOff => "morale_tests_off",
            CannotTest::Leader => "leader",
            CannotTest::AlreadyRemoved => "removed",
            CannotTest::NothingToRally => "nothing_to_rally",
            CannotTest::Charging => "charging",
            CannotTest::Charged => "charged",
            CannotTest::Evaded => "evaded",
            CannotTest::RoutedGuns => "routed_guns",
        }
    }
}

impl fmt::Display for CannotTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CannotTest::MoraleTestsOff => "this scenario does not use the R4 morale rules",
            CannotTest::Leader => "leaders take no tests; attach the leader to a unit",
            CannotTest::AlreadyRemoved => "the unit has been removed",
            CannotTest::NothingToRally => "the unit is in good order: there is nothing to rally",
            CannotTest::Charging => "a unit charging this turn may not rally",
            CannotTest::Charged => "a unit charged this turn may not rally",
            CannotTest::Evaded => "a unit that evaded this turn may not rally",
            CannotTest::RoutedGuns => {
                "routed guns may not rally (optional rule off): they are removed"
            }
        })
    }
}

/// Why a test fails whatever the dice say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutomaticFailure {
    FiftyPercent { lost: u16, start: u16 },
}

impl fmt::Display for AutomaticFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutomaticFailure::FiftyPercent { lost, start } => write!(
                f,
                "it has lost {lost} of its {start} stands, half or more: it fails every morale \
                 and rally test (50% rule)"
            ),
        }
    }
}
