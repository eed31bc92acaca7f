//! `sandtable check`: every problem a designer should fix, as text or JSON (shape documented in
//! `docs/cli.md`); exits 1 when it finds errors. A file that cannot be loaded still gets its
//! JSON report (each broken invariant as an error), so a script reads one shape either way.

use super::error::{CliError, EXIT_FINDINGS};
use super::json;
use crate::io::LoadError;
use crate::model::{ItemRef, Repair, Scenario, count};
use crate::rules::check::{Problem, Severity, check_mended, has_errors};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

#[derive(Serialize)]
struct Report<'a> {
    file: String,
    errors: usize,
    warnings: usize,
    problems: &'a [Problem],
}

fn write_json(file: &Path, problems: &[Problem], out: &mut dyn Write) -> Result<(), CliError> {
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let report = Report {
        file: file.display().to_string(),
        errors,
        warnings: problems.len() - errors,
        problems,
    };
    json::write_sorted(&report, out)
}

/// Checks a loaded scenario, with what loading mended in it.
pub fn run(
    file: &Path,
    scenario: &Scenario,
    repairs: &[Repair],
    json: bool,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let problems = check_mended(scenario, repairs);
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    if json {
        write_json(file, &problems, out)?;
    } else if problems.is_empty() {
        writeln!(out, "{}: no problems", file.display())?;
    } else {
        for p in &problems {
            writeln!(out, "{p}")?;
        }
        writeln!(
            out,
            "{}: {}, {}",
            file.display(),
            count(errors as u64, "error", "errors"),
            count((problems.len() - errors) as u64, "warning", "warnings")
        )?;
    }
    Ok(if has_errors(&problems) {
        EXIT_FINDINGS
    } else {
        0
    })
}

/// A file that could not be loaded: with `--json`, the report still goes to stdout (every
/// broken invariant as an error on its item; any other refusal as one error on the scenario,
/// with its causes), then the error itself stops the command (stderr, exit 2).
pub fn refused(file: &Path, e: LoadError, json: bool, out: &mut dyn Write) -> CliError {
    if json {
        let error = |item, message| Problem {
            severity: Severity::Error,
            item,
            message,
        };
        let problems: Vec<Problem> = match &e {
            LoadError::Invalid { problems } => problems
                .iter()
                .map(|p| error(p.item, p.message.clone()))
                .collect(),
            other => vec![error(ItemRef::Scenario, crate::io::with_causes(other))],
        };
        if let Err(written) = write_json(file, &problems, out) {
            return written;
        }
    }
    e.into()
}
