//! `sandtable moves` on a free-measure table (R1-R3). Filled in by the free-measure engine.

use super::CliError;
use crate::model::{Scenario, UnitId};
use std::io::Write;

/// The table-specific options of `moves`.
#[allow(dead_code)] // SCAFFOLD: read once the engine lands
pub struct Args<'a> {
    pub action: Option<&'a str>,
    pub move_type: Option<&'a str>,
    pub to: Option<&'a str>,
    pub json: bool,
}

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
