//! Whatever Sandtable writes, Sandtable opens: every writer checks what it is about to write by
//! reading the file back through loading before it replaces the old one. A game whose log breaks
//! a limit (a log entry's text or a referee's note too long, a column's route of more points than
//! a route may have, a route point far off any table, more placed followers than a move may have)
//! is refused by the save itself, the entry and the limit named, the old file as it was. The same
//! cases run through the real binary under 256 MiB and 5 s: `play` refuses (the game itself, or
//! failing that the save), writes nothing and leaves no temporary, and the same action within the
//! limit is written and opens again. A 57 MB JSON game is written back by `play` within the same
//! caps.

#[path = "common/capped.rs"]
#[allow(dead_code)]
mod capped;

use capped::{Outcome, prlimit_available, run};
use sandtable::game;
use sandtable::geom::Point;
use sandtable::io::{self, SaveError};
use sandtable::model::game::{Action, ColumnOrder, Dice, LogEntry, MAX_LOG_ENTRIES};
use sandtable::model::{ModelId, Scenario, UnitId};
use sandtable::samples;
use std::path::{Path, PathBuf};

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().expect("tempdir"))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }

    fn save(&self, name: &str, s: &Scenario) -> String {
        let p = self.path(name);
        io::save(&p, s).expect("a sample saves");
        p.to_string_lossy().into_owned()
    }

    fn run(&self, args: &[&str]) -> Outcome {
        run(self.0.path(), args)
    }
}

/// The refusal of `play` that wrote nothing: `words` named, the file's bytes as they were and
/// no temporary left beside it. The game may refuse the action itself (exit 1) before the save
/// would (exit 2, `not saved to ...`); either way nothing is written.
#[track_caller]
fn refused_and_untouched(o: &Outcome, file: &str, before: &[u8], what: &str, words: &[&str]) {
    assert!(!o.timed_out, "{what}: still running after {:?}", o.elapsed);
    assert!(matches!(o.code, Some(1 | 2)), "{what}: {o:?}");
    for w in words {
        assert!(o.stderr.contains(w), "{what}: no '{w}' in {}", o.stderr);
    }
    assert!(!o.stderr.contains("panicked"), "{what}: {}", o.stderr);
    if o.code == Some(2) {
        assert!(o.stderr.contains("not saved to"), "{what}: {}", o.stderr);
    }
    assert_eq!(std::fs::read(file).expect("still there"), before, "{what}");
    assert!(io::temporaries(Path::new(file)).is_empty(), "{what}");
    eprintln!("{what}: refused in {:?}: {}", o.elapsed, o.stderr.trim());
}

/// `play` wrote the file and it opens again.
#[track_caller]
fn written_and_opens(o: &Outcome, file: &str, what: &str) -> Scenario {
    o.assert_code(0, what);
    let s = io::load(Path::new(file)).unwrap_or_else(|e| panic!("{what}: {e}"));
    eprintln!("{what}: written in {:?}, opens again", o.elapsed);
    s
}

fn first_unit(s: &Scenario) -> UnitId {
    s.units.first().expect("a unit").id
}

#[test]
fn a_referee_note_too_long_for_its_entry_is_refused_and_one_that_fits_is_written() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let s = sample("winceby");
    let unit = first_unit(&s).0.to_string();
    let file = d.save("game.sandtable", &s);
    let before = std::fs::read(&file).expect("read");
    // The entry's text is the note and some fifty characters of its own: a note of 2,001
    // characters (over the note's own limit) and one of 1,990 (the text over its limit).
    for n in [2_001, 1_990] {
        let note = "n".repeat(n);
        let o = d.run(&["play", &file, "--referee", &note, "--unit", &unit]);
        refused_and_untouched(
            &o,
            &file,
            &before,
            &format!("a {n}-character note"),
            &["log entry 1", "characters long, over the limit of 2,000"],
        );
    }
    let note = "n".repeat(1_900);
    let o = d.run(&["play", &file, "--referee", &note, "--unit", &unit]);
    let s = written_and_opens(&o, &file, "a 1,900-character note");
    assert_eq!(s.game.as_ref().map(|g| g.log.len()), Some(1));
}

#[test]
fn a_column_route_over_the_limit_or_far_off_the_table_is_refused_and_one_at_it_is_written() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let s = sample("bakambo");
    let column = s.columns.first().expect("a column").id.0.to_string();
    let file = d.save("game.sandtable", &s);
    let before = std::fs::read(&file).expect("read");
    let route = |n: usize| -> String {
        (0..n)
            .map(|i| format!("{},{}", 10.0 + (i % 7) as f32 * 0.1, 5.0 + i as f32 * 0.01))
            .collect::<Vec<_>>()
            .join(";")
    };
    let o = d.run(&[
        "play",
        &file,
        "--column",
        &column,
        "--distance",
        "4",
        "--roll",
        "9",
        "--route",
        &route(1_001),
    ]);
    refused_and_untouched(
        &o,
        &file,
        &before,
        "a route of 1,001 points",
        &["log entry 1", "1,001 route points, over the limit of 1,000"],
    );
    let o = d.run(&[
        "play",
        &file,
        "--column",
        &column,
        "--distance",
        "4",
        "--roll",
        "9",
        "--route",
        "1000000,5",
    ]);
    refused_and_untouched(
        &o,
        &file,
        &before,
        "a route point 10^6 inches away",
        &[
            "log entry 1",
            "a route point (1000000, 5) is not a point on or near the table",
        ],
    );
    let o = d.run(&[
        "play",
        &file,
        "--column",
        &column,
        "--distance",
        "4",
        "--roll",
        "9",
        "--route",
        &route(1_000),
    ]);
    written_and_opens(&o, &file, "a route of 1,000 points");
}

#[test]
fn more_placed_followers_than_a_move_may_have_are_refused_and_the_most_are_written() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let s = sample("skirmish");
    let u = s
        .units
        .iter()
        .find(|u| u.models.len() > 1)
        .expect("a unit of several figures");
    let (unit, model) = (u.id.0.to_string(), u.models[1].id.0);
    let at = u.models[1].pos;
    let file = d.save("game.sandtable", &s);
    let before = std::fs::read(&file).expect("read");
    let placed = format!("{model}={},{}", at.x, at.y);
    let args = |n: usize| -> Vec<String> {
        let mut a: Vec<String> = ["play", &file, "--unit", &unit, "--order", "advance"]
            .iter()
            .map(|x| x.to_string())
            .collect();
        for _ in 0..n {
            a.push("--place".into());
            a.push(placed.clone());
        }
        a
    };
    let over = args(20_001);
    let over: Vec<&str> = over.iter().map(String::as_str).collect();
    let o = d.run(&over);
    // The rules may refuse the move for a reason of their own (exit 1): nothing is written
    // either way; a refusal at the save names the limit.
    let words: &[&str] = if o.code == Some(2) {
        &[
            "log entry 1",
            "20,001 placed followers, over the limit of 20,000",
        ]
    } else {
        &["refused"]
    };
    refused_and_untouched(&o, &file, &before, "20,001 --place arguments", words);
    let at_limit = args(20_000);
    let at_limit: Vec<&str> = at_limit.iter().map(String::as_str).collect();
    let o = d.run(&at_limit);
    if o.code == Some(1) {
        // The rules refused the move itself (nothing written either way).
        assert_eq!(std::fs::read(&file).expect("read"), before);
        eprintln!(
            "20,000 --place arguments: the rules refuse: {}",
            o.stderr.trim()
        );
    } else {
        written_and_opens(&o, &file, "20,000 --place arguments");
    }
}

/// `s` as a saved game whose first entry is changed by `change`.
fn with_entry(mut s: Scenario, change: impl FnOnce(&mut LogEntry)) -> Scenario {
    let g = s.game.as_mut().expect("a game");
    change(&mut g.log[0]);
    s
}

#[test]
fn a_game_whose_log_breaks_a_limit_is_never_written_whatever_played_it() {
    // The save refuses on its own, whether or not the game refused the action first.
    let d = Dir::new();
    let played = long_game(1, 10);
    let bakambo = sample("bakambo");
    let column = bakambo.columns[0].id;
    let unit = played.units[0].id;
    let far = Point::new(1.0e6, 5.0);
    let column_move = |route: Vec<Point>| Action::Column {
        column,
        order: ColumnOrder::Move {
            distance_in: 4.0,
            route,
        },
        dice: Dice::Typed(9),
    };
    let cases: Vec<(&str, Scenario, &str)> = vec![
        (
            "a text of 2,001 characters",
            with_entry(played.clone(), |e| e.what = "w".repeat(2_001)),
            "game log entry 1: its text is 2,001 characters long, over the limit of 2,000",
        ),
        (
            "a referee's note of 2,001 characters",
            with_entry(played.clone(), |e| {
                if let Action::Referee { note, .. } = &mut e.action {
                    *note = "n".repeat(2_001);
                }
            }),
            "the referee's note is 2,001 characters long, over the limit of 2,000",
        ),
        (
            "a route of 1,001 points",
            with_entry(played.clone(), |e| {
                e.action = column_move(vec![Point::new(10.0, 5.0); 1_001])
            }),
            "has 1,001 route points, over the limit of 1,000",
        ),
        (
            "a route point 10^6 inches away",
            with_entry(played.clone(), |e| e.action = column_move(vec![far])),
            "a route point (1000000, 5) is not a point on or near the table",
        ),
        (
            "20,001 placed followers",
            with_entry(played.clone(), |e| {
                e.action = Action::Move {
                    unit,
                    order: None,
                    to: None,
                    followers: vec![(ModelId(1), Point::new(1.0, 1.0)); 20_001],
                }
            }),
            "has 20,001 placed followers, over the limit of 20,000",
        ),
    ];
    for (what, s, words) in cases {
        for name in ["game.sandtable", "game.json"] {
            let path = d.path(name);
            io::save(&path, &played).expect("the game as played saves");
            let before = std::fs::read(&path).expect("read");
            let e = io::save(&path, &s).expect_err(what);
            assert!(matches!(e, SaveError::Refused { .. }), "{what}: {e}");
            let text = e.to_string();
            assert!(text.contains("game log entry 1"), "{what}: {text}");
            assert!(text.contains(words), "{what}: {text}");
            assert_eq!(std::fs::read(&path).expect("read"), before, "{what}");
            assert!(io::temporaries(&path).is_empty(), "{what}");
        }
    }
}

/// A game of `entries` log entries on Winceby, each a referee's note on one unit (the entry
/// played through the rules once, then repeated: the file's checks look at each entry, not at
/// whether the log replays).
fn long_game(entries: usize, note_chars: usize) -> Scenario {
    let s = sample("winceby");
    let u = s.units[0].clone();
    let played = game::play(
        &s,
        Action::Referee {
            unit: Box::new(u),
            note: "r".repeat(note_chars),
        },
        7,
    )
    .expect("the referee may");
    let mut s = played.scenario;
    let g = s.game.as_mut().expect("a game");
    let e = g.log[0].clone();
    g.log = vec![e; entries];
    s
}

/// The JSON of a game as a save writes it when pretty JSON would be over the limit.
fn compact(s: &Scenario) -> Vec<u8> {
    let mut out = Vec::new();
    io::codec::encode_compact_json_to(s, &mut out).expect("in memory");
    out
}

#[test]
fn play_writes_a_57_mb_json_game_back_within_the_caps() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    // 10,000 entries whose notes make some 57 MB of JSON without indentation (each note is
    // written three times: the note, the entry's text and a reason), which indented would be
    // over the 64 MiB a file may be: it is saved without indentation.
    let entries = 10_000;
    let size = |e: usize, n: usize| compact(&long_game(e, n)).len() as f64;
    // The size is fixed + entries x (bare + per_char x note): measured at two of each.
    let per_entry = |n: usize| (size(200, n) - size(100, n)) / 100.0;
    let per_char = (per_entry(200) - per_entry(100)) / 100.0;
    let bare = per_entry(100) - 100.0 * per_char;
    let fixed = size(100, 100) - 100.0 * per_entry(100);
    let note = ((57e6 - fixed) / entries as f64 - bare) / per_char;
    let s = long_game(entries, note.round() as usize);
    // A game without a background has 64 MiB: the room beside it loading keeps for an image
    // is not the game's.
    let limit = io::codec::file_limit(&s, io::Encoding::Json);
    assert_eq!(limit, io::codec::MAX_SCENARIO_FILE_BYTES);
    assert!(io::codec::encode_json(&s).len() as u64 > limit);
    let file = d.path("long.json");
    io::save(&file, &s).expect("a long game saves");
    let text = std::fs::read(&file).expect("written");
    assert!(
        text.starts_with(b"{\"meta\":{"),
        "written without indentation"
    );
    let size = text.len();
    drop(text);
    assert!((55_000_000..60_000_000).contains(&size), "{size} bytes");
    let file = file.to_string_lossy().into_owned();
    let unit = first_unit(&s).0.to_string();
    let o = d.run(&["play", &file, "--referee", "one more", "--unit", &unit]);
    let back = written_and_opens(
        &o,
        &file,
        &format!("play on a {size}-byte JSON game of {entries} entries"),
    );
    assert_eq!(back.game.as_ref().map(|g| g.log.len()), Some(entries + 1));
}

#[test]
fn a_game_at_the_log_limit_saves_and_not_one_entry_more() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let s = long_game(MAX_LOG_ENTRIES - 1, 40);
    // Indented it would be over the 64 MiB a file may be: written without indentation.
    let json = d.path("long.json");
    io::save(&json, &s).expect("saved as compact JSON");
    assert_eq!(io::load(&json).expect("opens"), s);
    let file = d.save("long.sandtable", &s);
    let unit = first_unit(&s).0.to_string();
    let o = d.run(&["play", &file, "--referee", "the last", "--unit", &unit]);
    let back = written_and_opens(&o, &file, "the 20,000th entry");
    assert_eq!(
        back.game.as_ref().map(|g| g.log.len()),
        Some(MAX_LOG_ENTRIES)
    );
    // One more: the game refuses it (exit 1) or, if it did not, the save would (exit 2);
    // either way nothing is written.
    let before = std::fs::read(&file).expect("read");
    let o = d.run(&["play", &file, "--referee", "one too many", "--unit", &unit]);
    assert!(matches!(o.code, Some(1 | 2)) && !o.timed_out, "{o:?}");
    assert!(
        o.stderr.contains("20000") || o.stderr.contains("20,000"),
        "{}",
        o.stderr
    );
    assert_eq!(std::fs::read(&file).expect("read"), before);
    assert!(io::temporaries(Path::new(&file)).is_empty());
}

#[test]
fn a_game_too_large_for_any_file_is_refused_with_the_limit() {
    let d = Dir::new();
    // 19,999 entries with notes of 1,500 characters: over 64 MiB in either encoding.
    let s = long_game(MAX_LOG_ENTRIES - 1, 1_500);
    for name in ["huge.json", "huge.sandtable"] {
        let path = d.path(name);
        let e = io::save(&path, &s).expect_err("over 64 MiB");
        assert!(matches!(e, SaveError::TooLarge { .. }), "{e}");
        let text = e.to_string();
        assert!(
            text.contains(&format!(
                "over the {} MiB limit for scenario files",
                io::codec::MAX_SCENARIO_FILE_BYTES >> 20
            )),
            "{text}"
        );
        assert_eq!(
            text.contains("the binary encoding"),
            name.ends_with(".json"),
            "{text}"
        );
        assert!(
            !path.exists() && io::temporaries(&path).is_empty(),
            "{name}"
        );
    }
}

#[test]
fn a_save_that_would_not_open_leaves_the_old_file_and_names_why() {
    let d = Dir::new();
    let path = d.path("game.json");
    let good = sample("patrol");
    io::save(&path, &good).expect("saves");
    let before = std::fs::read(&path).expect("read");
    let mut bad = good.clone();
    bad.meta.title = "t".repeat(201);
    let e = io::save(&path, &bad).expect_err("a title over the limit");
    assert!(matches!(e, SaveError::Refused { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        format!(
            "not saved to {}: the file would not open again: the scenario is inconsistent (1 \
             problem): scenario: title is 201 characters long, over the limit of 200",
            path.display()
        )
    );
    assert_eq!(std::fs::read(&path).expect("read"), before);
    assert!(io::temporaries(&path).is_empty());
    // At the limit it is written and opens.
    bad.meta.title = "t".repeat(200);
    io::save(&path, &bad).expect("200 characters");
    assert_eq!(io::load(&path).expect("opens").meta.title.len(), 200);
}
