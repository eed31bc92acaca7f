//! The headless command line: `info`, `check`, `convert`, `sample`, `test`, `export`, `import`,
//! `calibrate`,
//! `moves`
//! and `span` on hex maps, table `moves` and `column`. Each command
//! writes to a `Write` so tests can read its output, and returns an exit code instead of exiting.
//!
//! `--json` answers are the engines' own values serialised by serde (see `json.rs`), so the
//! command line and the engines cannot drift apart.

mod args;
mod calibrate;
mod check;
mod column;
mod error;
mod hex_text;
mod info;
mod json;
mod log_cmd;
mod moves_args;
mod moves_column;
mod moves_hex;
mod moves_m42;
mod moves_orders;
mod moves_table;
mod oob_cmd;
mod parse;
mod play;
mod report_cmd;
mod run;
mod span;
mod terrain_cmd;
mod test_cmd;
mod tmx_cmd;
mod values;

pub use args::{Cli, Command};
pub use error::{CliError, EXIT_FAILURE, EXIT_FINDINGS};
pub use run::run;
