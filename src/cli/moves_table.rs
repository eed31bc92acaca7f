//! `sandtable moves` on a free-measure table: dispatches on the scenario's ruleset.

use super::CliError;
use crate::model::{Ruleset, Scenario, UnitId};
use std::io::Write;

/// The table-specific options of `moves`.
pub struct Args<'a> {
    pub action: Option<&'a str>,
    pub move_type: Option<&'a str>,
    pub to: Option<&'a str>,
    pub json: bool,
}

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    match s.rules.ruleset {
        Ruleset::M42 => super::moves_m42::run(s, unit, args, out),
        Ruleset::Orders => super::moves_orders::run(s, unit, args, out),
        Ruleset::ColumnOfMarch => super::moves_column::run(s, unit, args, out),
        Ruleset::HexCommands => Err(CliError::Usage(
            "this scenario uses hex commands but its map is a table; run `sandtable check`".into(),
        )),
    }
}
