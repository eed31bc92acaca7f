//! The five sample scenarios, one per rule source: the files in `saves/`, built into the
//! program and decoded through the codec like any other file, so a sample is edited as a
//! scenario (in the editor, or `saves/NAME.json` by hand) and never as code.
//!
//! They double as the shared test fixtures of the rules, the editor and the command line, so
//! each one is laid out to show the situations its rules care about (see `docs/rules.md`).
//!
//! The loader sits above `io` (it needs the codec) and below `app` and `cli` (which open the
//! samples), in a layer of its own: the model knows no codec, and the codec knows no samples.

use crate::io::{self, LoadError};
use crate::model::Scenario;

/// A built-in sample.
pub struct Sample {
    /// Short name used by `sandtable sample NAME` and as the file stem in `saves/`.
    pub name: &'static str,
    /// Its title and the rules it exercises, as the menu and `sample --list` show it.
    pub source: &'static str,
    /// `saves/NAME.sandtable`, as it was when the program was built.
    bytes: &'static [u8],
}

/// A built-in sample that does not decode: the program was built from a broken `saves/` file.
#[derive(Debug, thiserror::Error)]
#[error("the built-in sample {name} cannot be read")]
pub struct Unreadable {
    pub name: &'static str,
    #[source]
    pub source: LoadError,
}

impl Sample {
    /// The scenario, decoded and validated as a file is on opening.
    pub fn load(&self) -> Result<Scenario, Unreadable> {
        io::decode(self.bytes).map_err(|source| Unreadable {
            name: self.name,
            source,
        })
    }

    /// The encoded file built into the program (binary encoding).
    pub fn bytes(&self) -> &'static [u8] {
        self.bytes
    }
}

/// A sample named as its file in `saves/` is, so the two cannot disagree.
macro_rules! sample {
    ($name:literal, $source:literal) => {
        Sample {
            name: $name,
            source: $source,
            bytes: include_bytes!(concat!("../saves/", $name, ".sandtable")),
        }
    };
}

/// Every sample, in rule-source order.
pub const ALL: [Sample; 5] = [
    sample!("bakambo", "Up the Bakambo: R1 columns of march"),
    sample!(
        "rearguard",
        "The Rearguard at Jagdalak: R4 morale and rally"
    ),
    sample!("skirmish", "Trouble at Pike's Farm: R3 orders"),
    sample!("patrol", "Night Patrol at Kalinovka: R2 M42 movement"),
    sample!("winceby", "Winceby, 11 October 1643: R5 hex commands"),
];

/// Looks a sample up by name (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Sample> {
    ALL.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// The scenario of the sample called `name`, for the library's own tests: a sample that is not
/// there or does not load fails the test that asks, naming it.
#[cfg(test)]
pub(crate) fn named(name: &str) -> Scenario {
    match by_name(name).map(Sample::load) {
        Some(Ok(s)) => s,
        Some(Err(e)) => panic!("{e}: {}", e.source),
        None => panic!("no sample is called {name}"),
    }
}

#[cfg(test)]
mod tests;
