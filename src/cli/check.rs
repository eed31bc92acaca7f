//! `sandtable check`: every problem a designer should fix, as text or JSON (shape documented in
//! `docs/cli.md`); exits 1 when it finds errors.

use super::error::{CliError, EXIT_FINDINGS};
use super::json;
use crate::model::Scenario;
use crate::rules::check::{Problem, Severity, check, has_errors};
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

pub fn run(
    file: &Path,
    scenario: &Scenario,
    json: bool,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let problems = check(scenario);
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    if json {
        let report = Report {
            file: file.display().to_string(),
            errors,
            warnings: problems.len() - errors,
            problems: &problems,
        };
        json::write_sorted(&report, out)?;
    } else if problems.is_empty() {
        writeln!(out, "{}: no problems", file.display())?;
    } else {
        for p in &problems {
            writeln!(out, "{p}")?;
        }
        writeln!(
            out,
            "{}: {errors} error(s), {} warning(s)",
            file.display(),
            problems.len() - errors
        )?;
    }
    Ok(if has_errors(&problems) {
        EXIT_FINDINGS
    } else {
        0
    })
}
