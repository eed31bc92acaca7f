//! Every `--json` answer is written here: the engines' own values, serialised by serde, as
//! pretty JSON. A value that cannot be serialised stops the command with an error (exit 2),
//! never an empty line.

use super::error::CliError;
use serde::Serialize;
use std::io::Write;

/// Writes `value` as pretty JSON, its fields in the order the type declares them, straight to
/// `out` (buffered): a large answer is never held as text as well.
pub(super) fn write(value: &impl Serialize, out: &mut dyn Write) -> Result<(), CliError> {
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer_pretty(&mut buffered, value).map_err(|e| {
        if e.is_io() {
            CliError::Output(e.into())
        } else {
            CliError::Json(e)
        }
    })?;
    writeln!(buffered)?;
    buffered.flush()?;
    Ok(())
}

/// Writes `value` as pretty JSON with every object's keys in alphabetical order: the
/// documented shape of `check`, and of `moves` and `span` on a hex map. A `serde_json::Value`
/// keeps its keys sorted already, so one conversion is all it takes; pass a `Value` made
/// beforehand straight to [`write`] rather than through here.
pub(super) fn write_sorted(value: &impl Serialize, out: &mut dyn Write) -> Result<(), CliError> {
    write(&serde_json::to_value(value)?, out)
}
