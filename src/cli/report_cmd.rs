//! `sandtable report GAME --out REPORT.pdf`: the after-action report of a saved game, with the
//! paper options of `export` (`report::write` tells and lays it out).

use super::error::CliError;
use crate::io::export::ExportOptions;
use crate::report::{self, ReportError};
use std::io::Write;
use std::path::Path;

/// What `report` was asked for beside the file.
pub struct ReportArgs<'a> {
    pub out: &'a Path,
    pub paper: &'a str,
    pub landscape: bool,
    pub dpi: u32,
    pub format: Option<&'a str>,
    pub date: Option<&'a str>,
}

/// Today's date (UTC) as the report prints it.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    report::date_of((secs / 86_400) as i64)
}

pub fn report(file: &Path, a: ReportArgs<'_>, out: &mut dyn Write) -> Result<u8, CliError> {
    let paper = super::parse::paper(a.paper)?;
    let format = super::parse::print_format(a.format, a.out, "a report")?;
    let options = ExportOptions {
        paper,
        landscape: a.landscape,
        dpi: a.dpi,
        format,
        ..ExportOptions::default()
    };
    let s = crate::io::load(file)?;
    let date = a.date.map_or_else(today, str::to_string);
    let done = match report::write(&s, &options, a.out, &date, &mut |_, _| {}) {
        Ok(done) => done,
        Err(ReportError::Export(e)) => return Err(e.into()),
        Err(e) => return Err(CliError::Usage(format!("{}: {e}", file.display()))),
    };
    for p in &done.files {
        writeln!(out, "wrote {}", p.display())?;
    }
    writeln!(
        out,
        "after-action report: {} page{} on {}",
        done.pages,
        if done.pages == 1 { "" } else { "s" },
        options.paper_name()
    )?;
    Ok(0)
}
