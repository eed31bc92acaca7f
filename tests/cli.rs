//! The command line as a user runs it: real process, real exit codes, stdout and stderr.

use std::path::Path;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, text};

#[test]
fn sample_list_names_all_five() {
    let out = sandtable(&["sample", "--list"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    for name in ["bakambo", "rearguard", "skirmish", "patrol", "winceby"] {
        assert!(stdout.contains(name), "{stdout}");
    }
}

#[test]
fn sample_convert_info_and_check_work_together() {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("w.json");
    let bin = dir.path().join("w.sandtable");
    let json_s = json.display().to_string();
    let bin_s = bin.display().to_string();
    assert!(sandtable(&["sample", "winceby", &json_s]).status.success());
    assert!(sandtable(&["convert", &json_s, &bin_s]).status.success());
    let a = sandtable(&["info", &json_s, "--json"]);
    let b = sandtable(&["info", &bin_s, "--json"]);
    assert!(a.status.success());
    assert_eq!(
        a.stdout, b.stdout,
        "both encodings describe the same scenario"
    );
    let v: serde_json::Value = serde_json::from_slice(&a.stdout).expect("info --json is JSON");
    assert_eq!(v["map"]["kind"], "hex");
    assert!(v["units"].as_array().is_some_and(|u| !u.is_empty()));
    let check = sandtable(&["check", &bin_s]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

#[test]
fn info_lists_every_item_with_its_id() {
    let out = sandtable(&["info", &saves("bakambo.sandtable")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for heading in [
        "sides:",
        "terrain types:",
        "terrain pieces:",
        "units:",
        "column #",
    ] {
        assert!(stdout.contains(heading), "missing {heading} in {stdout}");
    }
    // A table's terrain is measured in inches: no hex movement cost is printed for it.
    assert!(stdout.contains("Jungle"), "{stdout}");
    assert!(
        !stdout.contains(" MP"),
        "a table scenario's info speaks of hexes: {stdout}"
    );
    let hexes = text(&sandtable(&["info", &saves("winceby.sandtable")]).stdout);
    assert!(hexes.contains(", hex 1 MP"), "{hexes}");
    // Each reinforcement says where it enters, by the map label standing there.
    assert!(
        hexes.contains("on turn 3 at Bolingbroke road (hex "),
        "{hexes}"
    );
    assert!(
        hexes.contains("map labels:\n  'Bolingbroke road' at hex "),
        "{hexes}"
    );
}

#[test]
fn check_exits_1_on_errors_and_reports_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bad.json");
    let good = sandtable(&["sample", "patrol", &path.display().to_string()]);
    assert!(good.status.success());
    // Move the whole map's ruleset to hex commands: the table can no longer be played.
    let s = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        s.replacen("\"ruleset\": \"M42\"", "\"ruleset\": \"HexCommands\"", 1),
    )
    .expect("write");
    let out = sandtable(&["check", &path.display().to_string(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(v["errors"].as_u64().is_some_and(|n| n >= 1));
    assert_eq!(v["problems"][0]["severity"], "error");
    assert_eq!(v["problems"][0]["item"], "Map");
}

#[test]
fn unreadable_input_exits_2_with_the_reason_on_stderr() {
    let out = sandtable(&["info", "/no/such/file.sandtable"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("cannot read /no/such/file.sandtable"), "{err}");
    assert!(err.contains("caused by"), "{err}");

    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad_checksum.sandtable");
    let out = sandtable(&["check", &fixture.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("checksum mismatch"));
}

#[test]
fn unknown_sample_and_bad_usage_are_refused() {
    let out = sandtable(&["sample", "waterloo", "/tmp/never-written.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("choose one of: bakambo"));
    let out = sandtable(&["info"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn test_previews_the_worked_example_from_the_rearguard_save() {
    let out = sandtable(&[
        "test",
        &saves("rearguard.sandtable"),
        "--unit",
        "44th Foot",
        "--kind",
        "rally",
        "--roll",
        "3",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for want in [
        "needs 5+ on a D6",
        "P(pass) 1/3, 33.3%",
        "Roll 3 fails: stays unsteady",
    ] {
        assert!(stdout.contains(want), "missing {want:?} in\n{stdout}");
    }
    let out = sandtable(&[
        "test",
        &saves("rearguard.json"),
        "--unit",
        "Brigadier Shelton",
        "--kind",
        "morale",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["may_test"], false);
    assert_eq!(v["cannot_test"][0]["reason"], "leader");
}

#[test]
fn a_negative_number_after_an_option_is_its_value_not_a_flag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_path = dir.path().join("x.png").display().to_string();
    let out = sandtable(&[
        "export",
        &saves("patrol.sandtable"),
        "--tiled",
        "--overlap",
        "-5",
        "--out",
        &out_path,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("an overlap of -5 mm is not usable"),
        "{stderr}"
    );
    assert!(!stderr.contains("unexpected argument"), "{stderr}");
    // A point west of the table's edge is a value too.
    let out = sandtable(&[
        "moves",
        &saves("patrol.sandtable"),
        "--unit",
        "1",
        "--to",
        "-1,2",
    ]);
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("unexpected argument"), "{stderr}");
}
