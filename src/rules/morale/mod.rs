//! R4: morale and rally tests (001, Rank & File), with exact odds.
//!
//! [`preview`] answers "what does this unit need": the start number by quality, every modifier
//! with its source, the 50% rule, whether the unit may test at all, the re-roll it has, the
//! chance to pass with and without that re-roll, and what each outcome does (new state, stands
//! lost, distance moved as a distribution, removal). It never changes the scenario.
//! [`resolve`] turns the dice the table rolled into the unit as it will stand (and the
//! commander who spent a re-roll), which `edit::ops::outcome` turns into one undo step;
//! [`preview`] and [`resolve`] build outcomes with the same code, so what the panel promises is
//! what the commit does.
//!
//! Where 001 and RULES.md leave room, this module decides as follows (also in `docs/rules.md`):
//! - **Single stands** (artillery, elephants, wagons: [`UnitKind::is_single_stand`]) take no
//!   "-1 per stand lost" modifier and ignore the 50% rule; the commander and buildings bonuses
//!   still apply. A rally failure or "keep routing" still costs them a stand (a gun model, the
//!   elephant, the wagon); a unit with no stands left is removed ("dispersed").
//! - **50% rule**: lost * 2 >= start. Such a unit fails every test automatically and is removed;
//!   under the optional keep-on-table rule it routs instead (losing a stand each time it fails a
//!   rally or keeps routing) until no stand is left.
//! - **Morale test of a routing unit**: a failed test drops one level, so it is removed.
//! - **Re-rolls**: only under the optional rule; an Elite unit's re-roll is used before an
//!   attached commander's (it costs nothing), at most one per test, and only after a failed roll.
//!   "P(pass with re-roll)" assumes the re-roll is taken whenever the first roll fails:
//!   `p + (1 - p) p`.
//! - **Keep routing**: offered for every routing unit facing a rally, even one that may not
//!   rally this turn (charged), since a routing unit that does not rally routs on and loses a
//!   stand either way.
//! - **Removal** takes the unit off the table: morale `Removed`, position `Exited`, no models.
//! - **Wagons** need to know why they were routed: [`TestCause::Fire`] (they flee) or
//!   [`TestCause::Melee`] (they are captured: removed).

mod artillery;
mod eligibility;
mod modifiers;
mod notes;
mod outcome;
mod outcome_rules;
mod preview;
pub mod report;
mod request;
mod reroll;
mod resolve;
mod stampede;
mod test_preview;

#[cfg(test)]
mod tests;

pub use eligibility::{AutomaticFailure, CannotTest, at_fifty_percent};
pub use modifiers::{Modifier, ModifierSource, start_number};
pub use notes::Note;
pub use outcome::{
    Distance, Effect, MoveKind, Movement, Outcome, OutcomeKind, Removal, morale_text,
};
pub use preview::preview;
pub use request::{TestCause, TestKind, TestRequest};
pub use reroll::RerollSource;
pub use resolve::{Resolution, Resolved, resolve};
pub use stampede::{InPath, PathRect, Stampede};
pub use test_preview::{MoraleError, RollReport, TestPreview};
