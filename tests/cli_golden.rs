//! The command line's `--json` answers for every unit of every sample, recorded once and compared
//! byte for byte, so a change inside the engines or the command line that alters what a script
//! reads is seen. `UPDATE_GOLDEN=1 cargo test --test cli_golden` records them again (gzip-compressed:
//! the hex previews with every path run to megabytes of text); `zcat tests/golden/cli/NAME.txt.gz`
//! shows one, and a difference is reported with its command line and first differing line.

use clap::Parser;
use sandtable::cli::{self, Cli};
use sandtable::model::{Ruleset, Scenario, UnitKind};
use std::fmt::Write as _;
use std::path::Path;

const SAMPLES: [&str; 5] = ["bakambo", "rearguard", "skirmish", "patrol", "winceby"];

/// Runs one command line in process and records it with its exit code and what it printed.
fn record(out: &mut String, args: &[String]) {
    let mut argv = vec!["sandtable".to_string()];
    argv.extend(args.iter().cloned());
    let cli = Cli::try_parse_from(&argv).expect("the recorded command lines parse");
    let command = cli.command.expect("a headless command");
    let mut stdout = Vec::new();
    let (code, err) = match cli::run(command, &mut stdout) {
        Ok(code) => (code, String::new()),
        Err(e) => (cli::EXIT_FAILURE, error_chain(&e)),
    };
    let _ = writeln!(out, "$ sandtable {}", args.join(" "));
    let _ = writeln!(out, "exit {code}");
    out.push_str(&String::from_utf8_lossy(&stdout));
    if !err.is_empty() {
        let _ = writeln!(out, "error: {err}");
    }
    out.push('\n');
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let _ = write!(text, ": {s}");
        source = s.source();
    }
    text
}

fn args(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| s.to_string()).collect()
}

/// Every command line recorded for one sample.
fn command_lines(file: &str, s: &Scenario) -> Vec<Vec<String>> {
    let mut lines = vec![
        args(&["info", file, "--json"]),
        args(&["check", file, "--json"]),
    ];
    for u in &s.units {
        let id = u.id.0.to_string();
        let unit = ["--unit", id.as_str()];
        let with = |extra: &[&str]| {
            let mut v = args(&["moves", file]);
            v.extend(args(&unit));
            v.extend(args(extra));
            v.push("--json".into());
            v
        };
        lines.push(with(&[]));
        match s.rules.ruleset {
            Ruleset::HexCommands => {
                for c in [
                    "attack", "advance", "stand", "retreat", "reserve", "muster", "charge1",
                    "charge2", "charge3",
                ] {
                    lines.push(with(&["--command", c]));
                }
                if matches!(u.kind, UnitKind::Cavalry | UnitKind::Dragoons) {
                    lines.push(with(&["--second-combat"]));
                }
                if u.leadership.is_some() {
                    lines.push(args(&["span", file, "--leader", &id, "--json"]));
                }
            }
            Ruleset::M42 => {
                for m in ["halt", "advance", "at-the-double", "dig-in"] {
                    lines.push(with(&["--move-type", m]));
                }
            }
            Ruleset::Orders => {
                for a in [
                    "open-fire",
                    "advance",
                    "rally",
                    "at-the-double",
                    "go-to-ground",
                    "fall-back",
                ] {
                    lines.push(with(&["--action", a]));
                }
            }
            Ruleset::ColumnOfMarch => {}
        }
        for kind in ["morale", "rally"] {
            lines.push(args(&[
                "test", file, "--unit", &id, "--kind", kind, "--json",
            ]));
        }
    }
    for c in &s.columns {
        let id = c.id.0.to_string();
        for extra in [
            &["--distance", "0"][..],
            &["--distance", "6"],
            &["--distance", "6", "--failed-order"],
        ] {
            let mut v = args(&["column", file, "--column", &id]);
            v.extend(args(extra));
            v.push("--json".into());
            lines.push(v);
        }
    }
    lines
}

fn transcript(name: &str) -> String {
    let file = format!("saves/{name}.sandtable");
    let scenario = sandtable::io::load(Path::new(&file)).expect("sample loads");
    let mut out = String::new();
    for line in command_lines(&file, &scenario) {
        record(&mut out, &line);
    }
    out
}

fn gzip(text: &str) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(text.as_bytes()).expect("compress");
    e.finish().expect("compress")
}

fn gunzip(bytes: &[u8]) -> String {
    use std::io::Read;
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .expect("a gzip-compressed golden transcript");
    text
}

#[test]
fn every_samples_json_answers_match_the_recorded_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cli");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut differ = Vec::new();
    for name in SAMPLES {
        let got = transcript(name);
        let path = dir.join(format!("{name}.txt.gz"));
        if update {
            std::fs::create_dir_all(&dir).expect("golden dir");
            std::fs::write(&path, gzip(&got)).expect("write golden");
            continue;
        }
        let want = std::fs::read(&path)
            .map(|b| gunzip(&b))
            .unwrap_or_else(|e| panic!("{}: {e} (record with UPDATE_GOLDEN=1)", path.display()));
        if got != want {
            let first = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            let command = got
                .lines()
                .take(first + 1)
                .filter(|l| l.starts_with("$ "))
                .last()
                .unwrap_or("");
            differ.push(format!(
                "{name}: first difference at line {} under `{command}`\n  got:      {:?}\n  recorded: {:?}",
                first + 1,
                got.lines().nth(first),
                want.lines().nth(first)
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
