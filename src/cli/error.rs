//! How a command fails: the error that stops it, and the exit codes.

use crate::io;

/// Exit code when a command ran and found something wrong (errors from `check`).
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code when a command could not run: unreadable file, bad arguments.
pub const EXIT_FAILURE: u8 = 2;

/// An error that stops a command, printed with its cause chain.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Load(#[from] io::LoadError),
    #[error(transparent)]
    Save(#[from] io::SaveError),
    #[error(transparent)]
    Sample(#[from] crate::samples::Unreadable),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Export(#[from] io::export::ExportError),
    #[error(transparent)]
    Tmx(#[from] io::tmx::TmxError),
    #[error("writing output: {0}")]
    Output(#[from] std::io::Error),
    #[error("writing JSON: {0}")]
    Json(#[from] serde_json::Error),
}
