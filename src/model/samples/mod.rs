//! The five sample scenarios, one per rule source, built in code so they follow the model as it
//! changes. `saves/` holds them encoded; a test keeps the files equal to what this code builds.

use super::Scenario;

/// A built-in sample.
pub struct Sample {
    /// Short name used by `sandtable sample NAME` and as the file stem in `saves/`.
    pub name: &'static str,
    /// Which rule source it exercises.
    pub source: &'static str,
    pub build: fn() -> Scenario,
}

/// Every sample, in rule-source order.
pub const ALL: [Sample; 5] = [
    Sample {
        name: "bakambo",
        source: "R1 column of march (000)",
        build: placeholder,
    },
    Sample {
        name: "rearguard",
        source: "R4 morale and rally (001)",
        build: placeholder,
    },
    Sample {
        name: "skirmish",
        source: "R3 orders (002)",
        build: placeholder,
    },
    Sample {
        name: "patrol",
        source: "R2 M42 movement (003)",
        build: placeholder,
    },
    Sample {
        name: "winceby",
        source: "R5 hex commands (004)",
        build: placeholder,
    },
];

fn placeholder() -> Scenario {
    Scenario::new_table("placeholder")
}

/// Looks a sample up by name (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Sample> {
    ALL.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}
