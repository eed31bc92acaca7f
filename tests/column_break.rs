//! R1 (000) on Up the Bakambo, from the command line: breaking Wilkinson's column on purpose
//! (an order to one unit before the column activates) and, once it is broken, the player
//! picking which unit still off the table tries to come on.

use sandtable::model::*;
use sandtable::samples;
use std::path::Path;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, stderr, stdout};

fn bakambo() -> Scenario {
    samples::by_name("bakambo")
        .expect("bakambo")
        .load()
        .expect("the sample loads")
}

fn saved(dir: &Path, s: &Scenario) -> String {
    let path = dir.join("bakambo.json");
    sandtable::io::save(&path, s).expect("save");
    path.display().to_string()
}

const COLUMN: &str = "Wilkinson's Column";

#[test]
fn r1_voluntary_break_previews_both_outcomes_with_the_orders_odds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = saved(dir.path(), &bakambo());
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        COLUMN,
        "--voluntary-break",
        "Naval Brigade",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("an order to 'Naval Brigade'"),
        "the order goes to the unit, not the lead: {text}"
    );
    assert!(text.contains("passes 13/18 (72.2%)"), "{text}");
    assert!(text.contains("with no pin tests"), "{text}");
    assert!(text.contains("fails (5/18, 27.8%)"), "{text}");
    assert!(
        text.contains("Failed order: the column repeats its last successful action"),
        "the failed outcome is the move it forces: {text}"
    );
    assert!(text.contains("along the road 'Bakambo track'"), "{text}");
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        COLUMN,
        "--voluntary-break",
        "Naval Brigade",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let vb = &v["voluntary_break"];
    assert_eq!(vb["name"], "Naval Brigade");
    assert_eq!(vb["test"]["p_pass"]["fraction"], "13/18");
    assert_eq!(vb["pin_tests"], serde_json::json!([]));
    assert_eq!(v["on_pass"]["state"], "Broken");
    assert_eq!(v["on_pass"]["pin_tests"], serde_json::json!([]));
    assert_eq!(vb["on_fail"]["failed_order"], true);
    assert_eq!(vb["on_fail"]["route_kind"]["kind"], "road");
    // A unit still off the table cannot be given the order; a unit of no column neither.
    for (who, says) in [
        ("Porters", "is not on the table"),
        ("Arab Musketeers", "is not in"),
    ] {
        let out = sandtable(&[
            "column",
            &file,
            "--column",
            COLUMN,
            "--voluntary-break",
            who,
        ]);
        assert_eq!(out.status.code(), Some(2), "{who}");
        assert!(stderr(&out).contains(says), "{who}: {}", stderr(&out));
    }
    // An order without a distance says what is missing.
    let out = sandtable(&["column", &file, "--column", COLUMN]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--distance is needed"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn r1_after_a_break_the_player_picks_which_off_table_unit_tries_to_come_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = bakambo();
    s.columns[0].state = ColumnState::Broken;
    let porters = s.find_unit("Porters").expect("porters").id;
    let file = saved(dir.path(), &s);
    let out = sandtable(&["column", &file, "--column", COLUMN, "--enter", "Porters"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("the player picks which"), "{text}");
    for waiting in ["'Zanzibari Askaris'", "* 'Porters'", "'Gardner Gun'"] {
        assert!(text.contains(waiting), "{waiting}: {text}");
    }
    assert!(
        text.contains(&format!("'Porters' (#{}) tries to come on", porters.0)),
        "{text}"
    );
    let out = sandtable(&[
        "column", &file, "--column", COLUMN, "--enter", "Porters", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["entry"]["unit"], porters.0);
    let entries = v["entries"].as_array().expect("entries");
    let names: Vec<&str> = entries.iter().filter_map(|e| e["name"].as_str()).collect();
    assert_eq!(names, ["Zanzibari Askaris", "Porters", "Gardner Gun"]);
    assert!(
        entries
            .iter()
            .all(|e| e["models"].as_array().is_some_and(|m| !m.is_empty())),
        "each candidate's entry is previewed"
    );
    // Without --enter, the first in march order; a unit on the table is not waiting.
    let out = sandtable(&["column", &file, "--column", COLUMN, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["entry"]["name"], "Zanzibari Askaris");
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        COLUMN,
        "--enter",
        "Naval Brigade",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is not waiting off table"),
        "{}",
        stderr(&out)
    );
    // A formed column brings its units on as it moves.
    let formed = saved(dir.path(), &bakambo());
    let out = sandtable(&["column", &formed, "--column", COLUMN, "--enter", "Porters"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--enter is for a broken column"),
        "{}",
        stderr(&out)
    );
}
