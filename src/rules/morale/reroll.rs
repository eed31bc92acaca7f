//! Where the one re-roll of a test comes from (R4 optional rule): an Elite unit, or an
//! attached commander with re-rolls left.

use super::modifiers::plural;
use crate::model::UnitId;
use std::fmt;

/// Where the one re-roll of a test comes from (optional rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RerollSource {
    Elite,
    Commander {
        leader: UnitId,
        name: String,
        /// Re-rolls the commander has left before this test.
        left: u8,
    },
}

impl fmt::Display for RerollSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RerollSource::Elite => f.write_str("the unit is Elite"),
            RerollSource::Commander { name, left, .. } => write!(
                f,
                "the attached commander {name} ({left} re-roll{} left)",
                plural(u16::from(*left))
            ),
        }
    }
}
