//! Runs one headless command: loads the scenario, hands it to the command's module, and
//! reports what it wrote and its exit code.

use super::args::Command;
use super::error::CliError;
use super::moves_args::{HexArgs, TableArgs};
use super::parse::find_unit;
use super::{
    calibrate, check, column, info, log_cmd, moves_hex, moves_table, oob_cmd, play, report_cmd,
    span, terrain_cmd, test_cmd, tmx_cmd,
};
use crate::io;
use crate::model::Scenario;
use crate::samples;
use std::io::Write;
use std::path::Path;

/// Loads a scenario for any command but `check`: what loading mended (a leader link set aside,
/// a raised `next_id`) is said on stderr, so nothing is changed silently.
fn load(path: &Path) -> Result<Scenario, CliError> {
    let loaded = io::load_mended(path)?;
    for r in &loaded.repairs {
        eprintln!("sandtable: warning: {}: {}: {r}", path.display(), r.item());
    }
    Ok(loaded.scenario)
}

/// `moves` options that belong to the other kind of map are refused, never ignored: on a hex
/// map `--action` (R3) and `--move-type` (R2); on a table `--command` and `--second-combat`
/// (R5).
fn refuse_foreign_flags(
    s: &Scenario,
    command: &Option<crate::model::Command>,
    second_combat: bool,
    action: &Option<crate::model::OrdersAction>,
    move_type: &Option<crate::model::MoveType>,
) -> Result<(), CliError> {
    let foreign = if s.map.is_hex() {
        [
            (action.is_some(), "--action", "R3 orders on a table"),
            (move_type.is_some(), "--move-type", "M42 (R2) on a table"),
        ]
    } else {
        [
            (
                command.is_some(),
                "--command",
                "hex commands (R5) on a hex map",
            ),
            (
                second_combat,
                "--second-combat",
                "hex commands (R5) on a hex map",
            ),
        ]
    };
    match foreign.iter().find(|(given, _, _)| *given) {
        Some((_, flag, belongs)) => Err(CliError::Usage(format!(
            "{flag} is for {belongs}; this scenario is on {}",
            if s.map.is_hex() {
                "a hex map (R5): use --command, --to or --second-combat"
            } else {
                "a table: use --to, and --action (R3) or --move-type (R2)"
            }
        ))),
        None => Ok(()),
    }
}

/// Runs one headless command, writing its report to `out`. Returns the process exit code.
pub fn run(command: Command, out: &mut dyn Write) -> Result<u8, CliError> {
    match command {
        Command::Info { file, json } => {
            let scenario = load(&file)?;
            info::write(&scenario, json, out)?;
            Ok(0)
        }
        Command::Check { file, json } => match io::load_mended(&file) {
            Ok(loaded) => check::run(&file, &loaded.scenario, &loaded.repairs, json, out),
            Err(e) => Err(check::refused(&file, e, json, out)),
        },
        Command::Convert { input, output } => {
            let scenario = load(&input)?;
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
            reaction_charge,
            json,
        } => {
            let scenario = load(&file)?;
            refuse_foreign_flags(&scenario, &command, second_combat, &action, &move_type)?;
            let unit = find_unit(&scenario, &unit)?;
            let reaction_charge = reaction_charge
                .map(|u| find_unit(&scenario, &u))
                .transpose()?;
            if scenario.map.is_hex() {
                let args = HexArgs {
                    command,
                    to: to.as_deref(),
                    second_combat,
                    reaction_charge,
                    json,
                };
                moves_hex::run(&scenario, unit, args, out)
            } else {
                if reaction_charge.is_some() {
                    return Err(CliError::Usage(
                        "--reaction-charge is a hex-map rule (R5); this scenario is played on \
                         a table"
                            .into(),
                    ));
                }
                let args = TableArgs {
                    action,
                    move_type,
                    to: to.as_deref(),
                    json,
                };
                moves_table::run(&scenario, unit, args, out)
            }
        }
        Command::Span { file, leader, json } => {
            let scenario = load(&file)?;
            let leader = find_unit(&scenario, &leader)?;
            span::run(&scenario, leader, json, out)
        }
        Command::Column {
            file,
            column,
            distance,
            route,
            failed_order,
            voluntary_break,
            enter,
            json,
        } => {
            let scenario = load(&file)?;
            let col = scenario.find_column(&column).ok_or_else(|| {
                CliError::Usage(format!("no column '{column}' in {}", file.display()))
            })?;
            let voluntary_break = voluntary_break
                .map(|u| find_unit(&scenario, &u))
                .transpose()?;
            let enter = enter.map(|u| find_unit(&scenario, &u)).transpose()?;
            let args = column::Args {
                distance,
                route: route.as_deref(),
                failed_order,
                voluntary_break,
                enter,
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
            let scenario = load(&file)?;
            let unit = find_unit(&scenario, &unit)?;
            let args = test_cmd::Args {
                kind,
                cause,
                roll,
                reroll,
                json,
            };
            test_cmd::run(&scenario, unit, args, out)
        }
        Command::Calibrate {
            file,
            find_grid: _,
            image,
            hexes,
            out: to,
            json,
        } => {
            let scenario = load(&file)?;
            let req = calibrate::Request {
                image,
                hexes,
                out: to,
                json,
            };
            calibrate::run(&file, scenario, req, out)
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
            side,
            printer_test,
            scale_fix,
            printer,
        } => {
            use io::export::{ExportOptions, Format, Layout, ScaleFix};
            let scale_fix = match scale_fix {
                None => None,
                Some(text) => {
                    let bad = || {
                        CliError::Usage(format!(
                            "--scale-fix {text}: expected X,Y, two factors such as 1.032,0.987"
                        ))
                    };
                    let (x, y) = text.split_once(',').ok_or_else(bad)?;
                    let fix = ScaleFix {
                        x: x.trim().parse().map_err(|_| bad())?,
                        y: y.trim().parse().map_err(|_| bad())?,
                        printer: printer.unwrap_or_default(),
                    };
                    fix.check()?;
                    Some(fix)
                }
            };
            if io::tmx::is_tiled_path(&path) {
                if tiled || format.is_some() || side.is_some() {
                    return Err(CliError::Usage(
                        "a .tmx export writes the hex map for the Tiled editor: --tiled, \
                         --format and --side are for printing (give a .png or .pdf path)"
                            .into(),
                    ));
                }
                let scenario = load(&file)?;
                return tmx_cmd::export(&scenario, &path, out);
            }
            let paper = super::parse::paper(&paper)?;
            let format = super::parse::print_format(format.as_deref(), &path, "an export")?;
            let options = ExportOptions {
                layout: if printer_test {
                    Layout::PrinterTest
                } else if tiled {
                    Layout::Tiled
                } else {
                    Layout::Sheet
                },
                paper,
                landscape,
                dpi,
                format,
                overlap_mm: overlap,
                grid: !no_grid,
                side: None,
                scale_fix,
            };
            let scenario = load(&file)?;
            let options = match side {
                Some(name) => {
                    let id = io::export::find_side(&scenario, &name).ok_or_else(|| {
                        let names: Vec<&str> =
                            scenario.sides.iter().map(|s| s.name.as_str()).collect();
                        CliError::Usage(format!(
                            "no side '{name}' in {}; the sides are: {}",
                            file.display(),
                            names.join(", ")
                        ))
                    })?;
                    ExportOptions {
                        side: Some(id),
                        ..options
                    }
                }
                None => options,
            };
            let done = io::export::export(&scenario, &options, &path)?;
            for p in &done.files {
                writeln!(out, "wrote {}", p.display())?;
            }
            let mut what = match options.layout {
                Layout::Sheet => "scenario sheet".to_string(),
                Layout::Tiled => "true-scale tiled print".to_string(),
                Layout::PrinterTest => "printer test page".to_string(),
            };
            if let Some(fix) = &options.scale_fix
                && options.layout != Layout::Sheet
            {
                what.push_str(&format!(" ({})", fix.note()));
            }
            if let Some(side) = options.side.and_then(|id| scenario.side(id)) {
                what.push_str(&format!(" for {} only", side.name));
            }
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
        Command::Report {
            file,
            out: path,
            paper,
            landscape,
            dpi,
            format,
            date,
        } => report_cmd::report(
            &file,
            report_cmd::ReportArgs {
                out: &path,
                paper: &paper,
                landscape,
                dpi,
                format: format.as_deref(),
                date: date.as_deref(),
            },
            out,
        ),
        Command::Log {
            file,
            verify,
            against,
            note,
            bookmark,
            json,
        } => log_cmd::log(
            &file,
            log_cmd::LogArgs {
                verify,
                against: against.as_deref(),
                note: &note,
                bookmark: &bookmark,
                json,
            },
            out,
        ),
        c @ Command::Play { .. } => play::run(c, out),
        Command::Import {
            file,
            out: path,
            terrain,
        } => tmx_cmd::import(&file, &path, &terrain, out),
        Command::Terrain {
            file,
            import,
            export,
            symbols,
            out: to,
        } => {
            let scenario = load(&file)?;
            match (import, export) {
                (Some(grid), _) => {
                    let to = to.unwrap_or_else(|| file.clone());
                    terrain_cmd::import(scenario, &grid, &symbols, &to, out)
                }
                (None, Some(grid)) => terrain_cmd::export(&scenario, &grid, out),
                (None, None) => Err(CliError::Usage(
                    "give --import GRID.csv or --export GRID.csv".into(),
                )),
            }
        }
        Command::Oob {
            file,
            out: table,
            import,
            save,
            keep_errors,
        } => {
            let scenario = load(&file)?;
            match (import, table) {
                (Some(table), _) => {
                    let to = save.unwrap_or_else(|| file.clone());
                    oob_cmd::import(scenario, &table, &to, keep_errors, out)
                }
                (None, Some(table)) => oob_cmd::export(&scenario, &table, out),
                (None, None) => Err(CliError::Usage(
                    "give --out OOB.csv or --import OOB.csv".into(),
                )),
            }
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
            io::save(&output, &sample.load()?)?;
            writeln!(out, "wrote {} ({})", output.display(), sample.source)?;
            Ok(0)
        }
    }
}
