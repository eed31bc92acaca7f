//! The `sandtable` binary: parses the command line, then runs a headless command or opens the
//! editor.

use clap::Parser;
use sandtable::cli::{self, Cli, EXIT_FAILURE};
use sandtable::{io, samples};
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args = Cli::parse();
    match args.command {
        Some(command) => {
            let mut stdout = std::io::stdout().lock();
            match cli::run(command, &mut stdout) {
                Ok(code) => ExitCode::from(code),
                // The reader went away (`| head`): stop quietly, as command-line tools do.
                Err(cli::CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    print_error(&e);
                    ExitCode::from(EXIT_FAILURE)
                }
            }
        }
        None => {
            let (loaded, path) = match args.file {
                Some(path) => match io::load_mended(&path) {
                    Ok(l) => (l, Some(path)),
                    Err(e) => {
                        print_error(&e);
                        return ExitCode::from(EXIT_FAILURE);
                    }
                },
                None => match samples::ALL[0].load() {
                    Ok(scenario) => (
                        io::Loaded {
                            scenario,
                            repairs: Vec::new(),
                        },
                        None,
                    ),
                    Err(e) => {
                        print_error(&e);
                        return ExitCode::from(EXIT_FAILURE);
                    }
                },
            };
            match sandtable::app::run(loaded.scenario, path, loaded.repairs) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("sandtable: cannot open the editor window: {e}");
                    ExitCode::from(EXIT_FAILURE)
                }
            }
        }
    }
}

/// Prints an error and its causes, one per line.
fn print_error(e: &dyn std::error::Error) {
    eprintln!("sandtable: {e}");
    let mut source = e.source();
    while let Some(s) = source {
        eprintln!("  caused by: {s}");
        source = s.source();
    }
}
