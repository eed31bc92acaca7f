//! The test a unit faces, as a value (R4): everything the "what does this unit need" panel
//! shows, what a roll does, and why a test cannot be previewed or resolved as asked.

use super::eligibility::{AutomaticFailure, CannotTest};
use super::modifiers::Modifier;
use super::notes::Note;
use super::outcome::{Outcome, OutcomeKind};
use super::request::{TestCause, TestKind};
use super::reroll::RerollSource;
use super::stampede::Stampede;
use crate::model::{Morale, Quality, Strength, UnitId, UnitKind};
use crate::rules::dice::{D6Test, Prob};

/// Everything the "what does this unit need" panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct TestPreview {
    pub unit: UnitId,
    pub name: String,
    pub kind: TestKind,
    pub cause: TestCause,
    pub unit_kind: UnitKind,
    pub quality: Quality,
    pub strength: Strength,
    pub morale: Morale,
    pub single_stand: bool,
    /// Empty when the unit may take the test.
    pub cannot_test: Vec<CannotTest>,
    pub start_number: u8,
    pub modifiers: Vec<Modifier>,
    pub total_modifier: i32,
    pub automatic_failure: Option<AutomaticFailure>,
    /// The natural D6 that passes ("5+"), 2..=6; `None` when no roll is made.
    pub needed: Option<u8>,
    /// The one re-roll this test may use, if any.
    pub reroll: Option<RerollSource>,
    /// `None` when the unit may not test.
    pub p_pass: Option<Prob>,
    pub p_pass_with_reroll: Option<Prob>,
    /// Pass and fail (or the automatic failure), then the keep-routing choice if offered.
    pub outcomes: Vec<Outcome>,
    pub stampede: Option<Stampede>,
    pub notes: Vec<Note>,
}

impl TestPreview {
    pub fn may_test(&self) -> bool {
        self.cannot_test.is_empty()
    }

    pub fn outcome(&self, kind: OutcomeKind) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| o.kind == kind)
    }

    /// The D6 test itself.
    pub fn test(&self) -> D6Test {
        D6Test::new(i32::from(self.start_number), self.total_modifier)
    }

    /// What a roll does: which outcome, whether the re-roll was used, or offered when the first
    /// roll failed and no re-roll is given.
    pub fn roll(&self, first: u8, reroll: Option<u8>) -> Result<RollReport, MoraleError> {
        for r in std::iter::once(first).chain(reroll) {
            if !(1..=6).contains(&r) {
                return Err(MoraleError::BadRoll(r));
            }
        }
        if !self.may_test() {
            return Err(self.cannot_test_error());
        }
        let test = self.test();
        let first_passes = self.automatic_failure.is_none() && test.passes(first);
        if first_passes && reroll.is_some() {
            return Err(MoraleError::RerollAfterPass(first));
        }
        let mut report = RollReport {
            first,
            reroll,
            first_passes,
            outcome: OutcomeKind::Fail,
            reroll_used: None,
            reroll_offered: None,
        };
        if self.automatic_failure.is_some() {
            if reroll.is_some() {
                return Err(MoraleError::NoReroll(self.name.clone()));
            }
            report.outcome = OutcomeKind::AutomaticFailure;
        } else if first_passes {
            report.outcome = OutcomeKind::Pass;
        } else if let Some(second) = reroll {
            let Some(source) = &self.reroll else {
                return Err(MoraleError::NoReroll(self.name.clone()));
            };
            report.reroll_used = Some(source.clone());
            if test.passes(second) {
                report.outcome = OutcomeKind::Pass;
            }
        } else {
            report.reroll_offered = self.reroll.clone();
        }
        Ok(report)
    }

    pub(super) fn cannot_test_error(&self) -> MoraleError {
        MoraleError::CannotTest {
            name: self.name.clone(),
            kind: self.kind,
            reasons: self.cannot_test.clone(),
        }
    }
}

/// What the dice did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollReport {
    pub first: u8,
    pub reroll: Option<u8>,
    pub first_passes: bool,
    pub outcome: OutcomeKind,
    /// The re-roll was taken, from this source.
    pub reroll_used: Option<RerollSource>,
    /// The first roll failed, no re-roll was given, and this one is available.
    pub reroll_offered: Option<RerollSource>,
}

/// Why a test cannot be previewed or resolved as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoraleError {
    #[error("unit {0} does not exist")]
    NoUnit(UnitId),
    #[error("'{name}' may not take a {kind}: {}", join(reasons))]
    CannotTest {
        name: String,
        kind: TestKind,
        reasons: Vec<CannotTest>,
    },
    #[error("a D6 shows 1 to 6, not {0}")]
    BadRoll(u8),
    #[error("'{0}' has no re-roll for this test")]
    NoReroll(String),
    #[error("the first roll of {0} passed: only a failed test may be re-rolled")]
    RerollAfterPass(u8),
    #[error("'{0}' is not routing: only a routing unit may choose to keep routing")]
    NotRouting(String),
}

fn join(reasons: &[CannotTest]) -> String {
    reasons
        .iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}
