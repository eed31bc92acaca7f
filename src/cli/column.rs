//! `sandtable column` (R1). Filled in by the free-measure engine.

use super::CliError;
use crate::model::{ColumnId, Scenario};
use std::io::Write;

/// The options of `column`.
#[allow(dead_code)] // SCAFFOLD: read once the engine lands
pub struct Args<'a> {
    pub distance: f32,
    pub route: Option<&'a str>,
    pub failed_order: bool,
    pub json: bool,
}

pub fn run(
    _s: &Scenario,
    _column: ColumnId,
    _args: Args,
    _out: &mut dyn Write,
) -> Result<u8, CliError> {
    Err(CliError::Usage("column moves are not available yet".into()))
}
