//! Every `--json` answer is written here: the engines' own values, serialised by serde, as
//! pretty JSON. A value that cannot be serialised stops the command with an error (exit 2),
//! never an empty line.

use super::error::CliError;
use serde::Serialize;
use std::io::Write;

/// Writes `value` as pretty JSON, its fields in the order the type declares them.
pub(super) fn write(value: &impl Serialize, out: &mut dyn Write) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// Writes `value` as pretty JSON with every object's keys in alphabetical order: the
/// documented shape of `check`, and of `moves` and `span` on a hex map.
pub(super) fn write_sorted(value: &impl Serialize, out: &mut dyn Write) -> Result<(), CliError> {
    write(&serde_json::to_value(value)?, out)
}
