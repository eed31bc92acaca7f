//! Which movement ruleset a scenario is played under: a file of its own so that the scenario,
//! its typed orders and the reading of older files can all name it without importing one
//! another.

use serde::{Deserialize, Serialize};

/// The movement ruleset of a scenario (RULES.md): R1-R3 on the table, R5 on the hex map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ruleset {
    /// R1: columns of march (Men Who Would Be Kings house rules).
    ColumnOfMarch,
    /// R2: M42 leader and command-radius movement.
    M42,
    /// R3: orders with orderly and disorderly movement.
    Orders,
    /// R5: hex commands (Battle of Winceby).
    HexCommands,
}

impl Ruleset {
    pub fn needs_hex_map(self) -> bool {
        self == Ruleset::HexCommands
    }
}
