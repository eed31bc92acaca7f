//! `sandtable test` (R4). Filled in by the morale engine.

use super::CliError;
use crate::model::{Scenario, UnitId};
use std::io::Write;

pub fn run(
    _s: &Scenario,
    _unit: UnitId,
    _kind: &str,
    _roll: Option<u8>,
    _json: bool,
    _out: &mut dyn Write,
) -> Result<u8, CliError> {
    Err(CliError::Usage(
        "morale test previews are not available yet".into(),
    ))
}
