//! `sandtable moves` under the scenario's ruleset. Filled in by the free-measure engine.

use super::CliError;
use super::moves_table::Args;
use crate::model::{Scenario, UnitId};
use std::io::Write;

pub fn run(
    _s: &Scenario,
    _unit: UnitId,
    _args: Args,
    _out: &mut dyn Write,
) -> Result<u8, CliError> {
    Err(CliError::Usage(
        "table move previews are not available yet".into(),
    ))
}
