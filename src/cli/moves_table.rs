//! `sandtable moves` on a free-measure table: dispatches on the scenario's ruleset.

use super::error::CliError;
use super::moves_args::TableArgs;
use super::{moves_column, moves_m42, moves_orders};
use crate::model::{Ruleset, Scenario, UnitId};
use std::io::Write;

pub fn run(
    s: &Scenario,
    unit: UnitId,
    args: TableArgs,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    match s.rules.ruleset {
        Ruleset::M42 => moves_m42::run(s, unit, args, out),
        Ruleset::Orders => moves_orders::run(s, unit, args, out),
        Ruleset::ColumnOfMarch => moves_column::run(s, unit, args, out),
        Ruleset::HexCommands => Err(CliError::Usage(
            "this scenario uses hex commands but its map is a table; run `sandtable check`".into(),
        )),
    }
}
