//! Scenario files written or edited by hand, run through the real binary: what `check` says
//! about a file that will not load, a `next_id` left too low, leader links that cannot be
//! followed (set aside, reported, never a reason to refuse the file), and `moves` options that
//! belong to the other kind of map.

use sandtable::io::{self, codec};
use sandtable::model::*;
use sandtable::samples;
use std::path::{Path, PathBuf};
use std::process::Output;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, text};

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// Writes a scenario as it stands, unvalidated, as a hand or a stranger's tool would.
fn write(dir: &Path, name: &str, s: &Scenario) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, codec::encode(s, io::Encoding::for_path(&path))).expect("write");
    path.display().to_string()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {:?}; stderr: {}",
            text(&out.stdout),
            text(&out.stderr)
        )
    })
}

/// The problems of a `check --json` report whose message contains `needle`.
fn problems_with(v: &serde_json::Value, needle: &str) -> Vec<serde_json::Value> {
    v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["message"].as_str().is_some_and(|m| m.contains(needle)))
        .cloned()
        .collect()
}

// Item 11: a report for every file, and counts that agree with their lists.

#[test]
fn check_json_on_a_file_that_will_not_load_still_prints_a_report() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bytes = std::fs::read(saves("patrol.sandtable")).expect("read");
    let cut = dir.path().join("cut.sandtable");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("write");
    let out = sandtable(&["check", &cut.display().to_string(), "--json"]);
    assert_eq!(out.status.code(), Some(2), "it could not run");
    let v = json(&out);
    assert_eq!(v["errors"], 1);
    assert_eq!(v["warnings"], 0);
    assert_eq!(v["problems"][0]["severity"], "error");
    assert_eq!(v["problems"][0]["item"], "Scenario");
    let message = v["problems"][0]["message"].as_str().expect("message");
    assert!(message.contains("truncated"), "{message}");
    assert!(
        text(&out.stderr).contains("truncated"),
        "stderr still says why"
    );
    // A file that does not exist: the reason and its cause.
    let out = sandtable(&["check", "/no/such/file.json", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&out);
    let message = v["problems"][0]["message"].as_str().expect("message");
    assert!(
        message.contains("cannot read /no/such/file.json: "),
        "{message}"
    );
}

/// 32 units of a side that does not exist: nothing loading can mend.
fn thirty_two_problems() -> Scenario {
    let mut s = sample("patrol");
    let model = s.units[0].clone();
    for k in 0..32 {
        let mut u = model.clone();
        u.id = UnitId(s.alloc());
        u.name = format!("Lost {k}");
        u.side = SideId(999);
        u.position = Position::OffMap;
        u.models.clear();
        u.leader_model = None;
        u.commander = None;
        u.attached_leader = None;
        s.units.push(u);
    }
    s
}

#[test]
fn check_of_an_inconsistent_file_counts_and_lists_alike() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "sides.json", &thirty_two_problems());
    // The sentence names five and says how many more.
    let out = sandtable(&["check", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("(32 problems)"), "{err}");
    assert_eq!(err.matches("does not exist").count(), 5, "{err}");
    assert!(err.contains("; and 27 more"), "{err}");
    // The JSON report lists all 32, each on its unit.
    let out = sandtable(&["check", &file, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&out);
    assert_eq!(v["errors"], 32);
    assert_eq!(v["problems"].as_array().map(Vec::len), Some(32));
    assert!(v["problems"][0]["item"]["Unit"].is_u64(), "{v}");
    // One problem is "1 problem".
    let mut s = sample("patrol");
    s.units[0].side = SideId(999);
    let out = sandtable(&["info", &write(dir.path(), "one.json", &s)]);
    let err = text(&out.stderr);
    assert!(err.contains("inconsistent (1 problem):"), "{err}");
    assert!(!err.contains("more"), "{err}");
}

#[test]
fn check_text_summary_says_1_error_not_1_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = sample("patrol");
    let u = s.units.iter_mut().find(|u| u.on_table()).expect("a unit");
    u.models[0].pos = sandtable::geom::Point::new(-30.0, -30.0);
    let out = sandtable(&["check", &write(dir.path(), "off.json", &s)]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let errors = stdout.lines().filter(|l| l.starts_with("error: ")).count();
    let last = stdout.lines().last().expect("summary");
    assert!(!last.contains("(s)"), "{last}");
    let said = if errors == 1 {
        "1 error, ".to_string()
    } else {
        format!("{errors} errors, ")
    };
    assert!(
        last.contains(&said),
        "{errors} errors listed, summary: {last}"
    );
}

#[test]
fn a_duplicated_model_id_names_the_model_once() {
    let mut s = sample("patrol");
    let u = s
        .units
        .iter_mut()
        .find(|u| u.models.len() >= 2)
        .expect("unit");
    let (unit, first) = (u.id, u.models[0].id);
    u.models[1].id = first;
    let problems: Vec<String> = s.validate().iter().map(|p| p.to_string()).collect();
    let twice = format!("model {first} of unit {unit}");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        problems[0].matches(&twice).count(),
        1,
        "the same model named twice: {}",
        problems[0]
    );
    assert!(
        problems[0].contains("two models of unit"),
        "{}",
        problems[0]
    );
}

// Item 12: next_id too low.

#[test]
fn a_next_id_too_low_is_raised_on_load_and_reported_once_as_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = sample("bakambo");
    let right = s.next_id;
    s.next_id = 5;
    for name in ["low.json", "low.sandtable"] {
        let file = write(dir.path(), name, &s);
        let out = sandtable(&["check", &file, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v = json(&out);
        assert_eq!(v["errors"], 0, "{v}");
        assert_eq!(v["warnings"], 1, "{v}");
        let raised = problems_with(&v, "next_id");
        assert_eq!(raised.len(), 1, "{v}");
        assert_eq!(raised[0]["severity"], "warning");
        assert_eq!(raised[0]["item"], "Scenario");
        let loaded = io::load(Path::new(&file)).expect("loads");
        assert!(loaded.next_id >= right, "{} < {right}", loaded.next_id);
        assert_eq!(loaded.validate(), vec![]);
        // Every other command works, warning once on stderr.
        let out = sandtable(&["info", &file]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stderr).matches("next_id").count(), 1);
    }
}

// Item 13: broken references are set aside, reported, and the file opens.

/// Winceby with a subordinate leader's superior pointed at a leader of the other side.
fn superior_on_the_other_side() -> (Scenario, UnitId, UnitId) {
    let mut s = sample("winceby");
    let sub = s
        .units
        .iter()
        .find(|u| u.leadership.is_some_and(|l| l.superior.is_some()))
        .expect("a subordinate")
        .clone();
    let enemy = s
        .units
        .iter()
        .find(|u| u.is_leader() && u.side != sub.side)
        .expect("an enemy leader")
        .id;
    let u = s.unit_mut(sub.id).expect("sub");
    u.leadership.as_mut().expect("leader").superior = Some(enemy);
    (s, sub.id, enemy)
}

#[test]
fn a_superior_on_the_other_side_is_set_aside_and_reported_as_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (s, sub, enemy) = superior_on_the_other_side();
    let file = write(dir.path(), "enemy.json", &s);
    let out = sandtable(&["check", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    let set_aside = problems_with(&v, "set aside");
    assert_eq!(set_aside.len(), 1, "{v}");
    assert_eq!(set_aside[0]["severity"], "error");
    assert_eq!(set_aside[0]["item"]["Unit"], sub.0);
    let message = set_aside[0]["message"].as_str().expect("message");
    assert!(
        message.contains(&format!("superior {enemy}")) && message.contains("other side"),
        "{message}"
    );
    let loaded = io::load(Path::new(&file)).expect("opens");
    let l = loaded.unit(sub).and_then(|u| u.leadership).expect("leader");
    assert_eq!(l.superior, None);
    // The other commands run on the mended scenario and say what was set aside.
    let out = sandtable(&["span", &file, "--leader", &sub.0.to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("set aside"));
}

#[test]
fn a_loop_of_superiors_is_set_aside_at_the_link_that_closes_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = sample("winceby");
    let sub = s
        .units
        .iter()
        .find(|u| u.leadership.is_some_and(|l| l.superior.is_some()))
        .expect("a subordinate")
        .clone();
    let top = sub.leadership.and_then(|l| l.superior).expect("top");
    s.unit_mut(top)
        .and_then(|u| u.leadership.as_mut())
        .expect("top leads")
        .superior = Some(sub.id);
    let file = write(dir.path(), "loop.sandtable", &s);
    let out = sandtable(&["check", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    let loops = problems_with(&v, "closes a loop of superiors");
    assert_eq!(loops.len(), 1, "one link set aside: {v}");
    let loaded = io::load(Path::new(&file)).expect("opens");
    let superiors: Vec<Option<UnitId>> = [top, sub.id]
        .iter()
        .map(|id| {
            loaded
                .unit(*id)
                .and_then(|u| u.leadership)
                .and_then(|l| l.superior)
        })
        .collect();
    assert_eq!(
        superiors.iter().filter(|x| x.is_none()).count(),
        1,
        "exactly one of the two links is set aside: {superiors:?}"
    );
}

#[test]
fn a_dangling_commander_and_attached_leader_are_set_aside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = sample("winceby");
    let unit = s
        .units
        .iter()
        .find(|u| u.commander.is_some())
        .expect("a commanded unit")
        .id;
    let u = s.unit_mut(unit).expect("unit");
    u.commander = Some(UnitId(90_000));
    u.attached_leader = Some(UnitId(90_001));
    let file = write(dir.path(), "dangling.json", &s);
    let out = sandtable(&["check", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v = json(&out);
    for needle in [
        "commander #90000 does not exist",
        "attached leader #90001 does not exist",
    ] {
        let found = problems_with(&v, needle);
        assert_eq!(found.len(), 1, "{needle}: {v}");
        assert_eq!(found[0]["severity"], "error");
        assert_eq!(found[0]["item"]["Unit"], unit.0);
    }
    let loaded = io::load(Path::new(&file)).expect("opens");
    let u = loaded.unit(unit).expect("unit");
    assert_eq!((u.commander, u.attached_leader), (None, None));
}

#[test]
fn only_a_file_that_leaves_no_scenario_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = std::fs::read_to_string(saves("winceby.json")).expect("read");
    // A wrong type: the ID counter as words.
    let next_id = format!("\"next_id\": {}", sample("winceby").next_id);
    let wrong = good.replacen(&next_id, "\"next_id\": \"thirty-six\"", 1);
    assert!(wrong != good, "{next_id} is in the file");
    let path = dir.path().join("wrong.json");
    std::fs::write(&path, wrong).expect("write");
    let out = sandtable(&["check", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid JSON"),
        "{}",
        text(&out.stderr)
    );
    // Unknown fields are dropped (the README says so): the file loads as if they were not there.
    let extra = good.replacen('{', "{\n  \"painted_by\": \"me\",", 1);
    let path = dir.path().join("extra.json");
    std::fs::write(&path, extra).expect("write");
    assert_eq!(
        io::load(&path).expect("loads"),
        sample("winceby"),
        "an unknown field changes nothing"
    );
}

// Item 14: options of the other kind of map are refused, not ignored.

#[test]
fn moves_refuses_options_that_do_not_apply_to_the_map_with_exit_2() {
    let cases: [(&str, &str, &[&str], &str); 6] = [
        (
            "winceby.sandtable",
            "14",
            &["--action", "advance"],
            "--action",
        ),
        (
            "winceby.sandtable",
            "14",
            &["--move-type", "halt"],
            "--move-type",
        ),
        (
            "patrol.sandtable",
            "19",
            &["--command", "attack"],
            "--command",
        ),
        (
            "patrol.sandtable",
            "19",
            &["--second-combat"],
            "--second-combat",
        ),
        (
            "skirmish.sandtable",
            "24",
            &["--command", "attack"],
            "--command",
        ),
        (
            "bakambo.sandtable",
            "31",
            &["--second-combat"],
            "--second-combat",
        ),
    ];
    for (file, unit, extra, flag) in cases {
        let file = saves(file);
        let mut args = vec!["moves", file.as_str(), "--unit", unit];
        args.extend_from_slice(extra);
        let out = sandtable(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(&format!("{flag} is for")), "{args:?}: {err}");
    }
}
