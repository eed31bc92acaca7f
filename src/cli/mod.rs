//! The headless command line: `info`, `check`, `convert`, `sample`, `test`, `export`, `moves`
//! and `span` on hex maps, table `moves` and `column`. Each command
//! writes to a `Write` so tests can read its output, and returns an exit code instead of exiting.

mod column;
mod info;
mod moves_column;
mod moves_hex;
mod moves_m42;
mod moves_orders;
mod moves_table;
mod span;
mod test_cmd;

use crate::io;
use crate::model::samples;
use crate::rules::check::{Severity, check, has_errors};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

/// Exit code when a command ran and found something wrong (errors from `check`).
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code when a command could not run: unreadable file, bad arguments.
pub const EXIT_FAILURE: u8 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "sandtable",
    version,
    about = "Design tabletop wargame scenarios, preview legal moves, print deployment maps",
    long_about = "Sandtable opens the scenario editor when run without a command (on FILE, or on \
                  the built-in Bakambo sample). The commands below work headless.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Scenario file to open in the editor (.sandtable or .json).
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Summarise a scenario: map, sides, every unit, leader, column and terrain piece with its ID.
    Info {
        file: PathBuf,
        /// Print JSON (shape documented in docs/cli.md).
        #[arg(long)]
        json: bool,
    },
    /// Validate a scenario; exits 1 when it finds errors.
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Convert between the binary and JSON encodings (chosen by OUT's extension: .json or not).
    Convert { input: PathBuf, output: PathBuf },
    /// Preview a unit's legal moves: hex commands (R5) on a hex map; M42 (R2), orders (R3) or
    /// column (R1) moves on a table.
    Moves {
        file: PathBuf,
        /// The unit, by ID or name.
        #[arg(long)]
        unit: String,
        /// Hex map: preview under this command instead of the traced one (attack, advance,
        /// stand, retreat, reserve, muster, charge1, charge2, charge3).
        #[arg(long)]
        command: Option<String>,
        /// R3 table: the order (open-fire, advance, rally, at-the-double, go-to-ground, fall-back).
        #[arg(long, conflicts_with = "move_type")]
        action: Option<String>,
        /// R2 table: the move type (halt, advance, at-the-double, dig-in).
        #[arg(long)]
        move_type: Option<String>,
        /// Table: check one destination for the leader, as X,Y in inches. Hex map: the route
        /// to hex X,Y (axial, as `info` prints it) and its reaction-charge check points.
        #[arg(long, value_name = "X,Y")]
        to: Option<String>,
        /// Hex map: the cavalry second combat advance from the unit's hex.
        #[arg(long)]
        second_combat: bool,
        #[arg(long)]
        json: bool,
    },
    /// Show a hex leader's command span and the units in command (R5).
    Span {
        file: PathBuf,
        /// The leader, by ID or name.
        #[arg(long)]
        leader: String,
        #[arg(long)]
        json: bool,
    },
    /// Move a column of march (R1): every unit's end position, exits, entries, break warnings.
    Column {
        file: PathBuf,
        /// The column, by ID or name.
        #[arg(long)]
        column: String,
        /// How far the lead moves, in inches (at most its Mv; 0 without a route is Stand To;
        /// not used with --failed-order). On a broken column: how far the unit coming on moves.
        #[arg(long)]
        distance: f32,
        /// The lead's route as X,Y;X,Y;... in inches (default: straight on).
        #[arg(long, value_name = "X,Y;X,Y...")]
        route: Option<String>,
        /// Preview the move a failed order forces instead.
        #[arg(long)]
        failed_order: bool,
        #[arg(long)]
        json: bool,
    },
    /// Preview a morale or rally test (R4): the number needed, modifiers, odds and outcomes.
    Test {
        file: PathBuf,
        /// The unit, by ID or name.
        #[arg(long)]
        unit: String,
        /// morale or rally.
        #[arg(long)]
        kind: String,
        /// Also show what this die roll does (1-6).
        #[arg(long)]
        roll: Option<u8>,
        /// With --roll: the re-roll taken after that roll failed (1-6).
        #[arg(long, requires = "roll")]
        reroll: Option<u8>,
        /// What the test is for: fire or melee (a wagon routed by fire flees, in melee it is
        /// captured).
        #[arg(long, default_value = "fire")]
        cause: String,
        #[arg(long)]
        json: bool,
    },
    /// Print the map: a one-page scenario sheet, or the map at table scale tiled over pages
    /// with an assembly plan; PNG pages (one file each) or one vector PDF.
    Export {
        file: PathBuf,
        /// Output path. Its extension picks the format unless --format is given (.pdf: PDF,
        /// anything else PNG). Tiled PNG pages go to STEM-plan.png, STEM-A1.png, ...
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// One scenario sheet (the default).
        #[arg(long, conflicts_with = "tiled")]
        sheet: bool,
        /// The map at true scale over as many pages as it needs.
        #[arg(long)]
        tiled: bool,
        /// Paper size: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Turn the paper sideways.
        #[arg(long)]
        landscape: bool,
        /// Resolution of PNG pages in dots per inch.
        #[arg(long, default_value_t = crate::io::export::DEFAULT_DPI)]
        dpi: u32,
        /// png or pdf (default: from the extension of --out, else png).
        #[arg(long)]
        format: Option<String>,
        /// Map shared by neighbouring tiles, in millimetres.
        #[arg(long, value_name = "MM", default_value_t = crate::io::export::DEFAULT_OVERLAP_MM)]
        overlap: f32,
        /// Leave the inch grid off the table.
        #[arg(long)]
        no_grid: bool,
    },
    /// Write a built-in sample scenario (bakambo, rearguard, skirmish, patrol, winceby).
    Sample {
        /// Sample name; omit with --list.
        #[arg(required_unless_present = "list")]
        name: Option<String>,
        /// Output path (.sandtable or .json).
        #[arg(required_unless_present = "list")]
        output: Option<PathBuf>,
        /// List the samples.
        #[arg(long)]
        list: bool,
    },
}

/// An error that stops a command, printed with its cause chain.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Load(#[from] io::LoadError),
    #[error(transparent)]
    Save(#[from] io::SaveError),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Export(#[from] io::export::ExportError),
    #[error("writing output: {0}")]
    Output(#[from] std::io::Error),
}

/// Runs one headless command, writing its report to `out`. Returns the process exit code.
pub fn run(command: Command, out: &mut dyn Write) -> Result<u8, CliError> {
    match command {
        Command::Info { file, json } => {
            let scenario = io::load(&file)?;
            info::write(&scenario, json, out)?;
            Ok(0)
        }
        Command::Check { file, json } => {
            let scenario = io::load(&file)?;
            let problems = check(&scenario);
            if json {
                let errors = problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .count();
                let report = serde_json::json!({
                    "file": file.display().to_string(),
                    "errors": errors,
                    "warnings": problems.len() - errors,
                    "problems": problems.iter().map(|p| serde_json::json!({
                        "severity": p.severity,
                        "item": p.item,
                        "item_text": p.item.to_string(),
                        "message": p.message,
                    })).collect::<Vec<_>>(),
                });
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                )?;
            } else if problems.is_empty() {
                writeln!(out, "{}: no problems", file.display())?;
            } else {
                for p in &problems {
                    writeln!(out, "{p}")?;
                }
                let errors = problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .count();
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
        Command::Convert { input, output } => {
            let scenario = io::load(&input)?;
            io::save(&output, &scenario)?;
            writeln!(
                out,
                "wrote {} ({:?})",
                output.display(),
                io::Encoding::for_path(&output)
            )?;
            Ok(0)
        }
        Command::Moves {
            file,
            unit,
            command,
            action,
            move_type,
            to,
            second_combat,
            json,
        } => {
            let scenario = io::load(&file)?;
            let unit = find_unit(&scenario, &unit)?;
            if scenario.map.is_hex() {
                let args = moves_hex::Args {
                    command: command.as_deref(),
                    to: to.as_deref(),
                    second_combat,
                    json,
                };
                moves_hex::run(&scenario, unit, args, out)
            } else {
                let args = moves_table::Args {
                    action: action.as_deref(),
                    move_type: move_type.as_deref(),
                    to: to.as_deref(),
                    json,
                };
                moves_table::run(&scenario, unit, args, out)
            }
        }
        Command::Span { file, leader, json } => {
            let scenario = io::load(&file)?;
            let leader = find_unit(&scenario, &leader)?;
            span::run(&scenario, leader, json, out)
        }
        Command::Column {
            file,
            column,
            distance,
            route,
            failed_order,
            json,
        } => {
            let scenario = io::load(&file)?;
            let col = scenario.find_column(&column).ok_or_else(|| {
                CliError::Usage(format!("no column '{column}' in {}", file.display()))
            })?;
            let args = column::Args {
                distance,
                route: route.as_deref(),
                failed_order,
                json,
            };
            column::run(&scenario, col.id, args, out)
        }
        Command::Test {
            file,
            unit,
            kind,
            roll,
            reroll,
            cause,
            json,
        } => {
            let scenario = io::load(&file)?;
            let unit = find_unit(&scenario, &unit)?;
            let args = test_cmd::Args {
                kind: &kind,
                cause: &cause,
                roll,
                reroll,
                json,
            };
            test_cmd::run(&scenario, unit, args, out)
        }
        Command::Export {
            file,
            out: path,
            sheet: _,
            tiled,
            paper,
            landscape,
            dpi,
            format,
            overlap,
            no_grid,
        } => {
            use io::export::{ExportOptions, Format, Layout, Paper};
            let paper = match paper.to_ascii_lowercase().as_str() {
                "a4" => Paper::A4,
                "letter" => Paper::Letter,
                other => {
                    return Err(CliError::Usage(format!(
                        "'{other}' is not a paper size: use a4 or letter"
                    )));
                }
            };
            let format = match format.as_deref().map(str::to_ascii_lowercase).as_deref() {
                None => Format::for_path(&path),
                Some("png") => Format::Png,
                Some("pdf") => Format::Pdf,
                Some(other) => {
                    return Err(CliError::Usage(format!(
                        "'{other}' is not an export format: use png or pdf"
                    )));
                }
            };
            let options = ExportOptions {
                layout: if tiled { Layout::Tiled } else { Layout::Sheet },
                paper,
                landscape,
                dpi,
                format,
                overlap_mm: overlap,
                grid: !no_grid,
            };
            let scenario = io::load(&file)?;
            let done = io::export::export(&scenario, &options, &path)?;
            for p in &done.files {
                writeln!(out, "wrote {}", p.display())?;
            }
            let what = match options.layout {
                Layout::Sheet => "scenario sheet".to_string(),
                Layout::Tiled => "true-scale tiled print".to_string(),
            };
            let pages = match done.pages {
                1 => "1 page".to_string(),
                n => format!("{n} pages"),
            };
            let how = match format {
                Format::Pdf => "vector PDF".to_string(),
                Format::Png => format!("PNG at {dpi} DPI"),
            };
            writeln!(out, "{what}: {pages}, {how}, {}", options.paper_name())?;
            Ok(0)
        }
        Command::Sample { name, output, list } => {
            if list {
                for s in &samples::ALL {
                    writeln!(out, "{:<10} {}", s.name, s.source)?;
                }
                return Ok(0);
            }
            let (Some(name), Some(output)) = (name, output) else {
                return Err(CliError::Usage("sample needs NAME and OUT".into()));
            };
            let sample = samples::by_name(&name).ok_or_else(|| {
                let names: Vec<&str> = samples::ALL.iter().map(|s| s.name).collect();
                CliError::Usage(format!(
                    "no sample named '{name}'; choose one of: {}",
                    names.join(", ")
                ))
            })?;
            io::save(&output, &(sample.build)())?;
            writeln!(out, "wrote {} ({})", output.display(), sample.source)?;
            Ok(0)
        }
    }
}

/// Resolves `--unit` / `--leader`: an ID (`12`, `#12`) or a name.
fn find_unit(s: &crate::model::Scenario, key: &str) -> Result<crate::model::UnitId, CliError> {
    s.find_unit(key).map(|u| u.id).ok_or_else(|| {
        CliError::Usage(format!(
            "no unit '{key}' in this scenario (use an ID from `sandtable info` or a unit name)"
        ))
    })
}

/// Parses `X,Y` in inches.
pub(crate) fn parse_point(text: &str) -> Result<crate::geom::Point, CliError> {
    let bad = || CliError::Usage(format!("'{text}' is not a point: expected X,Y in inches"));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: f32 = x.trim().parse().map_err(|_| bad())?;
    let y: f32 = y.trim().parse().map_err(|_| bad())?;
    if !x.is_finite() || !y.is_finite() {
        return Err(bad());
    }
    Ok(crate::geom::Point::new(x, y))
}
