//! The command line as a user runs it: the real `sandtable` binary in a child process, its
//! exit code, stdout and stderr. (For hostile input under memory and time caps, see `capped`.)
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `sandtable ARGS` to the end.
pub fn sandtable<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .output()
        .expect("run sandtable")
}

/// Runs `sandtable ARGS` to the end in the folder `dir` (relative paths are read there).
pub fn sandtable_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run sandtable")
}

/// Bytes a command printed, as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// The path of `saves/NAME` (a sample's file), as an argument.
pub fn saves(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(name)
        .display()
        .to_string()
}
