//! The `sandtable` binary: parses the command line, then runs a headless command or opens the
//! editor.

use clap::Parser;
use sandtable::app::startup::startup;
use sandtable::cli::{self, Cli, EXIT_FAILURE};
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
            let start = match startup(args.file.as_deref()) {
                Ok(s) => s,
                Err(e) => {
                    print_error(&e);
                    return ExitCode::from(EXIT_FAILURE);
                }
            };
            // Said on the terminal too; the window shows it as a notice that stays.
            if let Some(notice) = &start.notice {
                eprintln!("sandtable: {notice}");
            }
            match sandtable::app::run(start) {
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
