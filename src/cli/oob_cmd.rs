//! `oob SCENARIO --out OOB.csv` and `--import OOB.csv`: the order of battle to and from a table
//! a spreadsheet reads and writes (see `edit::ops::oob_table`).

use super::error::{CliError, EXIT_FINDINGS};
use crate::edit::Document;
use crate::edit::ops::oob_table::{oob_edits, oob_rows, row_naming};
use crate::edit::ops::terrain_grid::{GridError, MAX_GRID_BYTES, read_grid, write_grid};
use crate::io;
use crate::model::{ItemRef, Scenario};
use crate::rules::check::{Severity, check};
use std::io::Write;
use std::path::Path;

/// Changes, adds and groups the units `table` names and saves the scenario to `to`, saying
/// what changed. Nothing is written when a row is refused, the result would not validate, or
/// `check` finds an error it did not find before (two units in one hex, say), each named with
/// the row of the unit it is about; with `keep_errors` such a result is written all the same,
/// its errors said and the exit 1, to be set right in the editor.
pub fn import(
    scenario: Scenario,
    table: &Path,
    to: &Path,
    keep_errors: bool,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let size = std::fs::metadata(table)
        .map_err(|e| CliError::Usage(format!("{}: {e}", table.display())))?
        .len();
    if size > MAX_GRID_BYTES as u64 {
        return Err(CliError::Usage(format!(
            "{}: {size} bytes; an order of battle table is at most {MAX_GRID_BYTES} bytes",
            table.display()
        )));
    }
    let text = std::fs::read_to_string(table)
        .map_err(|e| CliError::Usage(format!("{}: {e}", table.display())))?;
    let refused = |e: GridError| CliError::Usage(format!("{}: {e}", table.display()));
    let rows = read_grid(&text).map_err(refused)?;
    let imported = oob_edits(&scenario, &rows).map_err(refused)?;
    let before: Vec<String> = scenario.validate().iter().map(|p| p.to_string()).collect();
    // Each error `check` finds, with the table row of the unit it is about.
    let found = |s: &Scenario| -> Vec<String> {
        check(s)
            .into_iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| {
                let row = match p.item {
                    ItemRef::Unit(u) => s
                        .unit(u)
                        .and_then(|u| row_naming(&rows, &u.name).map(|r| (r, &u.name))),
                    _ => None,
                };
                match row {
                    Some((r, name)) => format!("row {r} ({name}): {}", p.message),
                    None => p.message,
                }
            })
            .collect()
    };
    let errors_before = found(&scenario);
    let mut doc = Document::new(scenario, None);
    if !imported.edits.is_empty() {
        doc.apply("Order of battle from a table", imported.edits)
            .map_err(|e| CliError::Usage(format!("{}: {e}", table.display())))?;
    }
    let problems = doc.scenario().validate();
    if let Some(p) = problems.iter().find(|p| !before.contains(&p.to_string())) {
        return Err(CliError::Usage(format!(
            "{}: the scenario would not be valid: {p}",
            table.display()
        )));
    }
    let new: Vec<String> = found(doc.scenario())
        .into_iter()
        .filter(|p| !errors_before.contains(p))
        .collect();
    if !new.is_empty() && !keep_errors {
        return Err(CliError::Usage(format!(
            "{}: with this table the scenario fails its check, so nothing is written:\n  {}\n\
             Set the table right, or give --keep-errors to save it and set it right in the editor.",
            table.display(),
            new.join("\n  ")
        )));
    }
    io::save(to, doc.scenario())?;
    writeln!(
        out,
        "wrote {}: {} changed, {} added, {} new reinforcement {}; {} not in the table left as they are",
        to.display(),
        imported.changed,
        imported.added,
        imported.new_groups,
        if imported.new_groups == 1 {
            "group"
        } else {
            "groups"
        },
        imported.untouched
    )?;
    for n in &imported.notes {
        writeln!(out, "note: {n}")?;
    }
    // Kept all the same (--keep-errors): the errors are said, and the exit is 1 as `check`'s.
    for p in &new {
        writeln!(out, "check: {p}")?;
    }
    Ok(if new.is_empty() { 0 } else { EXIT_FINDINGS })
}

/// Writes the order of battle to `table` (`-`: to `out`), atomically.
pub fn export(scenario: &Scenario, table: &Path, out: &mut dyn Write) -> Result<u8, CliError> {
    let rows = oob_rows(scenario);
    let text = write_grid(&rows);
    if table == Path::new("-") {
        out.write_all(text.as_bytes())?;
    } else {
        io::atomic_write(table, |f| f.write_all(text.as_bytes()))?;
        writeln!(
            out,
            "wrote {} ({} units)",
            table.display(),
            rows.len().saturating_sub(1)
        )?;
    }
    Ok(0)
}
