//! The number a test needs and the modifiers to its die (R4): the start number by quality,
//! -1 per stand lost (none for single stands), the attached commander's bonus and the
//! in-buildings bonus.

use crate::model::{Quality, UnitId};
use std::fmt;

/// The number a modified D6 must reach (R4): Veteran 3, Regular 4, Green 5.
pub fn start_number(q: Quality) -> u8 {
    match q {
        Quality::Veteran => 3,
        Quality::Regular => 4,
        Quality::Green => 5,
    }
}

/// Where a modifier comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModifierSource {
    /// -1 per stand lost so far.
    StandsLost { lost: u16 },
    /// A single stand takes no casualty modifiers: shown with value 0 so the panel says why.
    SingleStand { lost: u16 },
    /// The attached commander's bonus.
    Commander { leader: UnitId, name: String },
    /// The scenario's in-buildings bonus.
    InBuildings,
}

/// One modifier to the die, with its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub source: ModifierSource,
    pub value: i32,
}

impl ModifierSource {
    /// Stable name for JSON.
    pub fn key(&self) -> &'static str {
        match self {
            ModifierSource::StandsLost { .. } => "stands_lost",
            ModifierSource::SingleStand { .. } => "single_stand",
            ModifierSource::Commander { .. } => "commander",
            ModifierSource::InBuildings => "in_buildings",
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.value;
        match &self.source {
            ModifierSource::StandsLost { lost } => {
                write!(f, "{v:+} for {lost} stand{} lost", plural(*lost))
            }
            ModifierSource::SingleStand { lost } => write!(
                f,
                "{v:+}: a single stand takes no casualty modifiers ({lost} lost)"
            ),
            ModifierSource::Commander { name, .. } => {
                write!(f, "{v:+} for the attached commander {name}")
            }
            ModifierSource::InBuildings => write!(f, "{v:+} in buildings"),
        }
    }
}

pub(super) fn plural(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}
