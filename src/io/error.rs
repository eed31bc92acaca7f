//! What can go wrong reading and writing scenario files, said so a designer can act on it.

use std::path::PathBuf;

/// A scenario file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("the file is empty")]
    Empty,
    #[error("the file is {size} bytes, over the {limit}-byte limit for scenarios")]
    TooLarge { size: u64, limit: u64 },
    #[error("not a Sandtable scenario: no SANDTBL signature and not a JSON object")]
    NotAScenario,
    #[error(
        "truncated: the file ends at byte {offset} inside the {section} (needs at least {needed} bytes)"
    )]
    Truncated {
        section: &'static str,
        offset: u64,
        needed: u64,
    },
    #[error(
        "written by a newer Sandtable: format version {found}, this build reads up to {supported}"
    )]
    NewerVersion { found: u32, supported: u32 },
    #[error(
        "corrupted: checksum mismatch at byte {offset} (stored {stored:08x}, computed {computed:08x})"
    )]
    Checksum {
        stored: u32,
        computed: u32,
        offset: u64,
    },
    #[error("corrupted at byte {offset}: {detail}")]
    Corrupt { offset: u64, detail: String },
    #[error(
        "truncated: the JSON document ends at byte {offset} without closing its top-level object"
    )]
    TruncatedJson { offset: u64 },
    #[error("invalid JSON at line {line}, column {column}: {detail}")]
    Json {
        line: usize,
        column: usize,
        detail: String,
    },
    #[error(
        "the file needs more than {limit_mib} MiB of memory when decoded, the limit for a scenario (stopped at {at})"
    )]
    TooMuchData { limit_mib: usize, at: String },
    #[error(
        "the scenario is inconsistent ({}): {}",
        crate::model::count(problems.len() as u64, "problem", "problems"),
        listing(problems)
    )]
    Invalid {
        problems: Vec<crate::model::Invalid>,
    },
}

/// How many broken invariants a refusal names in its sentence; `check --json` lists them all.
pub const LISTED: usize = 5;

/// The first [`LISTED`] problems, then how many more there are, so count and list agree.
pub(crate) fn listing(problems: &[crate::model::Invalid]) -> String {
    let mut text = problems
        .iter()
        .take(LISTED)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > LISTED {
        text.push_str(&format!("; and {} more", problems.len() - LISTED));
    }
    text
}

/// A scenario file could not be written. The previous file, if any, is untouched and no
/// temporary is left beside it.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file system refused a step of the save.
    #[error("cannot save {path}: {step} failed")]
    Io {
        path: PathBuf,
        step: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// The encoded scenario would be larger than loading reads.
    #[error(
        "not saved to {path}: the file would be over the {} MiB limit for scenario files{}",
        limit >> 20,
        if *json {
            " even as JSON without indentation (the binary encoding, any name not ending in \
             .json, is several times smaller)"
        } else {
            ""
        }
    )]
    TooLarge {
        path: PathBuf,
        limit: u64,
        json: bool,
    },
    /// What was written would not load again (a limit loading applies, named with the item
    /// that breaks it), so it was not put in place.
    #[error("not saved to {path}: the file would not open again: {reason}")]
    Refused { path: PathBuf, reason: LoadError },
}

impl SaveError {
    /// The file the save was for.
    pub fn path(&self) -> &std::path::Path {
        match self {
            SaveError::Io { path, .. }
            | SaveError::TooLarge { path, .. }
            | SaveError::Refused { path, .. } => path,
        }
    }
}

/// An error and its causes in one line ("cannot read x.sandtable: No such file or directory"),
/// as a notice, a status line or a command's message says it.
pub fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = without_os_code(e.to_string());
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&without_os_code(s.to_string()));
        source = s.source();
    }
    text
}

/// An operating system's error without its number ("No such file or directory (os error
/// 2)" is said "No such file or directory"): the words say what is wrong, the number only to
/// a programmer.
fn without_os_code(mut text: String) -> String {
    if let Some(at) = text.rfind(" (os error ")
        && text.ends_with(')')
        && text[at + 11..text.len() - 1]
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-')
    {
        text.truncate(at);
    }
    text
}
