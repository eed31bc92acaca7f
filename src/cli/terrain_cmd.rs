//! `terrain SCENARIO --import GRID.csv` and `--export GRID.csv`: a hex map's terrain from and to
//! a grid of names a spreadsheet reads and writes (see `edit::ops::terrain_grid::text`).

use super::error::CliError;
use crate::edit::Document;
use crate::edit::ops::terrain_grid as grid;
use crate::edit::ops::terrain_grid::{grid_edits, terrain_grid};
use crate::io;
use crate::model::Scenario;
use std::io::Write;
use std::path::Path;

/// Paints the map from the grid in `grid` and saves the scenario to `to`, saying how many hexes
/// changed and which terrain types are new. Nothing is written when the grid is refused.
pub fn import(
    scenario: Scenario,
    grid: &Path,
    symbols: &[String],
    to: &Path,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let symbols = symbols
        .iter()
        .map(|s| match s.split_once('=') {
            Some((sym, name)) if !sym.trim().is_empty() && !name.trim().is_empty() => {
                Ok((sym.trim().to_string(), name.trim().to_string()))
            }
            _ => Err(CliError::Usage(format!(
                "--symbol {s}: expected SYMBOL=NAME, such as W=Woods"
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let text = read_text(grid)?;
    let rows = grid::read_grid(&text).map_err(|e| refused(grid, &e))?;
    let applied = grid_edits(&scenario, &rows, &symbols).map_err(|e| refused(grid, &e))?;
    let mut doc = Document::new(scenario, None);
    if !applied.edits.is_empty() {
        doc.apply("Terrain from a grid", applied.edits)
            .map_err(|e| CliError::Usage(format!("{}: {e}", grid.display())))?;
    }
    io::save(to, doc.scenario())?;
    writeln!(
        out,
        "wrote {}: {} {} changed",
        to.display(),
        applied.changed,
        if applied.changed == 1 { "hex" } else { "hexes" }
    )?;
    for name in &applied.new_types {
        writeln!(out, "new terrain type: {name}")?;
    }
    Ok(0)
}

/// Writes the map's terrain as a grid to `grid` (`-`: to `out`).
pub fn export(scenario: &Scenario, grid: &Path, out: &mut dyn Write) -> Result<u8, CliError> {
    let rows = terrain_grid(scenario).ok_or_else(|| {
        CliError::Usage("the scenario is played on a table: a terrain grid is for hex maps".into())
    })?;
    let text = grid::write_grid(&rows);
    if grid == Path::new("-") {
        out.write_all(text.as_bytes())?;
    } else {
        std::fs::write(grid, text)?;
        writeln!(out, "wrote {} ({} rows)", grid.display(), rows.len())?;
    }
    Ok(0)
}

/// The grid's text, refused when the file is larger than a grid could need.
fn read_text(grid: &Path) -> Result<String, CliError> {
    let size = std::fs::metadata(grid)
        .map_err(|e| CliError::Usage(format!("{}: {e}", grid.display())))?
        .len();
    if size > grid::MAX_GRID_BYTES as u64 {
        return Err(CliError::Usage(format!(
            "{}: {size} bytes; a terrain grid is at most {} bytes",
            grid.display(),
            grid::MAX_GRID_BYTES
        )));
    }
    std::fs::read_to_string(grid).map_err(|e| CliError::Usage(format!("{}: {e}", grid.display())))
}

fn refused(grid: &Path, e: &grid::GridError) -> CliError {
    CliError::Usage(format!("{}: {e}", grid.display()))
}
