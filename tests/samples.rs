//! The files in saves/ are exactly what the sample builders produce, load cleanly and pass
//! `check` without errors. Run with `UPDATE_SAVES=1` to rewrite them after a model change.

use sandtable::io::{self, codec};
use sandtable::model::samples;
use sandtable::rules::check::{Severity, check};
use std::path::PathBuf;

fn saves() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves")
}

#[test]
fn saves_match_the_sample_builders() {
    let update = std::env::var_os("UPDATE_SAVES").is_some();
    for sample in &samples::ALL {
        let scenario = (sample.build)();
        for (ext, bytes) in [
            ("sandtable", codec::encode_binary(&scenario)),
            ("json", codec::encode_json(&scenario)),
        ] {
            let path = saves().join(format!("{}.{ext}", sample.name));
            if update {
                io::atomic_write(&path, |f| std::io::Write::write_all(f, &bytes))
                    .expect("write save");
                continue;
            }
            let on_disk = std::fs::read(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; run UPDATE_SAVES=1 cargo test --test samples",
                    path.display()
                )
            });
            assert!(
                on_disk == bytes,
                "{} differs from what the {} builder makes; run UPDATE_SAVES=1 cargo test --test samples",
                path.display(),
                sample.name
            );
        }
    }
}

#[test]
fn every_save_loads_and_passes_check() {
    if std::env::var_os("UPDATE_SAVES").is_some() {
        return; // the other test is rewriting the files
    }
    let mut count = 0;
    for entry in std::fs::read_dir(saves()).expect("saves/") {
        let path = entry.expect("entry").path();
        let scenario = io::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let errors: Vec<String> = check(&scenario)
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| p.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        count += 1;
    }
    assert_eq!(count, 2 * samples::ALL.len());
}

/// Every built-in sample is clean under `check`: no errors and no warnings, so a designer who
/// starts from one sees an empty problems list (R4 batteries of two guns included).
#[test]
fn every_sample_is_clean_under_check() {
    for sample in &samples::ALL {
        let problems: Vec<String> = check(&(sample.build)())
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert!(problems.is_empty(), "{}: {problems:#?}", sample.name);
    }
}

#[test]
fn each_sample_uses_the_ruleset_of_its_source() {
    use sandtable::model::Ruleset::*;
    let expect = [ColumnOfMarch, Orders, Orders, M42, HexCommands];
    for (sample, ruleset) in samples::ALL.iter().zip(expect) {
        let s = (sample.build)();
        assert_eq!(s.rules.ruleset, ruleset, "{}", sample.name);
        assert_eq!(s.map.is_hex(), ruleset == HexCommands, "{}", sample.name);
    }
    assert!(
        (samples::ALL[1].build)().rules.morale_tests,
        "rearguard runs the R4 morale rules"
    );
}
