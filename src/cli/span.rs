//! `sandtable span` (R5). Filled in by the hex rules engine.

use super::CliError;
use crate::model::{Scenario, UnitId};
use std::io::Write;

pub fn run(
    _s: &Scenario,
    _leader: UnitId,
    _json: bool,
    _out: &mut dyn Write,
) -> Result<u8, CliError> {
    Err(CliError::Usage(
        "command spans are not available yet".into(),
    ))
}
