//! The samples are the files in saves/: each built-in sample decodes to what its files hold,
//! both files are written as today's codec writes them, and every one loads and passes `check`
//! with no findings at all.

use sandtable::io::{self, codec};
use sandtable::rules::check::{Severity, check};
use sandtable::samples;
use std::path::PathBuf;

fn saves() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves")
}

/// The two files of a sample hold one scenario: the binary one is what the program builds in,
/// the JSON one is there to read and to edit by hand (then `sandtable convert
/// saves/NAME.json saves/NAME.sandtable`). Both are as the codec writes them today, so after a
/// change to the format `UPDATE_SAVES=1 cargo test --test samples` writes them again from the
/// binary one.
#[test]
fn both_files_of_each_sample_hold_its_scenario_as_the_codec_writes_it() {
    let update = std::env::var_os("UPDATE_SAVES").is_some();
    for sample in &samples::ALL {
        let scenario = sample.load().expect("the sample loads");
        let binary = saves().join(format!("{}.sandtable", sample.name));
        let on_disk = std::fs::read(&binary).expect("the sample's binary file");
        assert!(
            on_disk == sample.bytes(),
            "{} changed since the build",
            binary.display()
        );
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
            let on_disk = std::fs::read(&path).expect("the sample's file");
            assert_eq!(
                codec::decode(&on_disk).ok().as_ref(),
                Some(&scenario),
                "{} does not hold the scenario the built-in {} does",
                path.display(),
                sample.name
            );
            assert!(
                on_disk == bytes,
                "{} is not as the codec writes it today; run UPDATE_SAVES=1 cargo test --test samples",
                path.display()
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
        let problems: Vec<String> = check(&sample.load().expect("the sample loads"))
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
        let s = sample.load().expect("the sample loads");
        assert_eq!(s.rules.ruleset, ruleset, "{}", sample.name);
        assert_eq!(s.map.is_hex(), ruleset == HexCommands, "{}", sample.name);
    }
    assert!(
        samples::ALL[1]
            .load()
            .expect("the sample loads")
            .rules
            .morale_tests,
        "rearguard runs the R4 morale rules"
    );
}
