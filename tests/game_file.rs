//! The file format's version 2 (issue 18): the game is saved in both encodings, every
//! version-1 file still loads (real version-1 bytes kept in tests/fixtures/v1), a newer version
//! is refused with its number, and a hostile log is refused with what and where.

#[path = "common/game.rs"]
mod common_game;

use common_game::{played, sample};
use sandtable::io::{self, LoadError, codec};
use sandtable::model::game::{Action, Dice, MAX_LOG_ENTRIES, TestDice};
use sandtable::model::{FORMAT_VERSION, Place, Scenario, UnitId};
use std::path::Path;

const SAMPLES: [&str; 5] = ["bakambo", "rearguard", "skirmish", "patrol", "winceby"];

fn fixture(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/v1")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn format_version_1_files_still_load_in_both_encodings() {
    assert_eq!(FORMAT_VERSION, 6);
    for name in SAMPLES {
        let mut expected = without_victory(sample(name));
        expected.meta.format_version = 1;
        let bin = fixture(&format!("{name}.sandtable"));
        assert_eq!(
            bin[8..12],
            1u32.to_le_bytes(),
            "{name}: real version-1 bytes"
        );
        let loaded = io::decode(&bin).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded, expected, "{name} (binary)");
        assert!(loaded.game.is_none());
        let json = fixture(&format!("{name}.json"));
        assert!(!String::from_utf8_lossy(&json).contains("\"game\""));
        assert_eq!(io::decode(&json).expect(name), expected, "{name} (JSON)");
    }
}

/// A sample as a file written before format 4 holds it: no victory conditions, every
/// objective held when occupied at the end and worth its value to every side.
/// `s` without what formats 4 and 5 added: victory conditions and the sides' briefings.
fn without_victory(mut s: Scenario) -> Scenario {
    s.rules.victory = None;
    s.labels.clear();
    for x in &mut s.sides {
        x.briefing.clear();
    }
    for o in &mut s.objectives {
        o.held = Default::default();
        o.side_points.clear();
    }
    s
}

/// A game saved by format 3 (Winceby: a chit, the end of the Command Phase, a move under
/// Charge 2, a referee's override) loads in both encodings with no victory conditions and no
/// remembered holders, verifies, takes back, and saved again is today's format and loads the
/// same.
#[test]
fn format_version_3_games_load_without_victory_conditions_and_replay() {
    let v3 = |name: &str| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/v3")
            .join(name);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let bin = v3("winceby-game.sandtable");
    assert_eq!(bin[8..12], 3u32.to_le_bytes(), "real version-3 bytes");
    let s = io::decode(&bin).expect("a format-3 game loads");
    let json = io::decode(&v3("winceby-game.json")).expect("its JSON loads");
    assert_eq!(json, s, "both encodings");
    assert_eq!(s.rules.victory, None);
    assert!(s.objectives.iter().all(|o| o.side_points.is_empty()));
    let g = s.game.as_ref().expect("a game");
    assert_eq!(g.log.len(), 4);
    assert!(g.state.held.is_empty());
    assert!(sandtable::rules::victory::score(&s).is_none());
    sandtable::game::verify(&s, None).expect("replays as logged");
    sandtable::game::take_back(&s).expect("takes back");
    let again = codec::encode_binary(&s);
    assert_eq!(again[8..12], FORMAT_VERSION.to_le_bytes());
    assert_eq!(io::decode(&again).expect("format 4"), s);
}

/// Winceby as format 4 wrote it (its victory conditions set, before sides had briefings)
/// loads in both encodings with no briefing, and is written again as today's format.
#[test]
fn format_version_4_files_load_without_briefings() {
    let v4 = |name: &str| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/v4")
            .join(name);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let bin = v4("winceby.sandtable");
    assert_eq!(bin[8..12], 4u32.to_le_bytes(), "real version-4 bytes");
    let s = io::decode(&bin).expect("a format-4 file loads");
    assert_eq!(io::decode(&v4("winceby.json")).expect("its JSON loads"), s);
    assert!(s.rules.victory.is_some(), "format 4's own fields are read");
    assert!(s.sides.iter().all(|x| x.briefing.is_empty()));
    assert_eq!(s.sides.len(), 2);
    let again = codec::encode_binary(&s);
    assert_eq!(again[8..12], FORMAT_VERSION.to_le_bytes());
    assert_eq!(io::decode(&again).expect("today's format"), s);
}

/// Winceby as format 5 wrote it (briefings and stacking, before map labels) loads in both
/// encodings with no labels, and is written again as today's format.
#[test]
fn format_version_5_files_load_without_map_labels() {
    let v5 = |name: &str| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/v5")
            .join(name);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let bin = v5("winceby.sandtable");
    assert_eq!(bin[8..12], 5u32.to_le_bytes(), "real version-5 bytes");
    let s = io::decode(&bin).expect("a format-5 file loads");
    assert_eq!(io::decode(&v5("winceby.json")).expect("its JSON loads"), s);
    assert!(s.labels.is_empty());
    assert!(s.rules.victory.is_some(), "format 4's fields are read");
    assert_eq!(
        s.reinforcements.len(),
        2,
        "the fields after the new one are read"
    );
    let again = codec::encode_binary(&s);
    assert_eq!(again[8..12], FORMAT_VERSION.to_le_bytes());
    assert_eq!(io::decode(&again).expect("today's format"), s);
}

#[test]
fn a_version_1_payload_cut_short_is_still_refused_where_it_ends() {
    let mut bin = fixture("patrol.sandtable");
    // Drop the payload's last byte (and fix the length and checksum): the reader must not take
    // the missing byte from the migration's tail.
    let n = u64::from_le_bytes(bin[12..20].try_into().expect("8 bytes")) as usize;
    bin.truncate(20 + n - 1);
    bin[12..20].copy_from_slice(&((n - 1) as u64).to_le_bytes());
    let crc = crc32fast::hash(&bin[8..]);
    bin.extend_from_slice(&crc.to_le_bytes());
    let err = io::decode(&bin).expect_err("cut");
    assert!(matches!(err, LoadError::Corrupt { .. }), "{err}");
}

#[test]
fn a_game_is_saved_and_loaded_in_both_encodings() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in SAMPLES {
        let s = played(name);
        assert_eq!(s.validate(), vec![], "{name}");
        for ext in ["sandtable", "json"] {
            let p = dir.path().join(format!("{name}.{ext}"));
            io::save(&p, &s).expect("save");
            assert_eq!(io::load(&p).expect("load"), s, "{name}.{ext}");
        }
        let bin = codec::encode_binary(&s);
        assert_eq!(bin[8..12], FORMAT_VERSION.to_le_bytes());
    }
}

#[test]
fn a_newer_version_is_refused_with_its_number() {
    let mut bin = codec::encode_binary(&played("winceby"));
    bin[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    let err = io::decode(&bin).expect_err("newer");
    assert!(
        matches!(
            err,
            LoadError::NewerVersion { found, supported: FORMAT_VERSION } if found == FORMAT_VERSION + 1
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains(&(FORMAT_VERSION + 1).to_string()),
        "{err}"
    );
}

/// Loads a hostile game through both encodings; both must refuse it, naming `what`.
fn refused(s: &Scenario, what: &[&str]) {
    for bytes in [codec::encode_binary(s), codec::encode_json(s)] {
        let started = std::time::Instant::now();
        let err = io::decode(&bytes).expect_err("a hostile game is refused");
        let text = err.to_string();
        for w in what {
            assert!(text.contains(w), "'{w}' not in: {text:.600}");
        }
        assert!(started.elapsed().as_secs() < 5, "refused quickly");
    }
}

fn with_game(f: impl FnOnce(&mut sandtable::model::game::Game)) -> Scenario {
    let mut s = played("winceby");
    f(s.game.as_mut().expect("a game"));
    s
}

#[test]
fn hostile_logs_are_refused_with_what_and_where() {
    refused(
        &with_game(|g| {
            g.log[0].action = Action::Move {
                unit: UnitId(9_999),
                order: None,
                to: None,
                followers: Vec::new(),
            }
        }),
        &["game log entry 1", "unit #9999 does not exist"],
    );
    refused(
        &with_game(|g| g.log[1].unit = Some(UnitId(4_242))),
        &["game log entry 2", "#4242"],
    );
    refused(
        &with_game(|g| {
            g.log[0].action = Action::Test {
                unit: UnitId(14),
                kind: sandtable::model::game::TestKind::Morale,
                cause: None,
                dice: TestDice::Roll {
                    first: Dice::Rolled(vec![7]),
                    reroll: Some(Dice::Typed(0)),
                    follow_up: vec![Dice::App],
                },
            }
        }),
        &["a die of 7", "typed roll of 0", "holds no dice"],
    );
    refused(
        &with_game(|g| {
            g.log[0].action = Action::Move {
                unit: UnitId(14),
                order: None,
                to: Some(Place::Table(sandtable::geom::Point::new(1.0e9, 1.0))),
                followers: Vec::new(),
            }
        }),
        &["game log entry 1", "destination"],
    );
    refused(
        &with_game(|g| {
            g.start.units.pop();
        }),
        &[
            "game",
            "starting position does not hold the scenario's units",
        ],
    );
    refused(
        &with_game(|g| g.acted.push(UnitId(77_777))),
        &["#77777", "marked as acted"],
    );
    refused(
        &with_game(|g| {
            let mut u = g.start.units[0].clone();
            u.id = UnitId(31_337);
            g.log[0].undo.units.push(u);
        }),
        &["game log entry 1", "undo record holds unit #31337"],
    );
    refused(
        &with_game(|g| g.log[0].turn = 60_000),
        &["game log entry 1", "turn 60000"],
    );
    refused(
        &with_game(|g| g.log[0].what = "x".repeat(100_000)),
        &["game log entry 1", "over the limit"],
    );
}

#[test]
fn a_log_over_its_limit_is_refused_by_counting() {
    let s = with_game(|g| {
        let mut e = g.log[0].clone();
        e.undo.units.clear();
        e.reasons.clear();
        g.log = vec![e; MAX_LOG_ENTRIES + 1];
    });
    refused(&s, &["game", "log entries, over the limit of 20,000"]);
}

/// Games saved by format 2 (the orders of their moves stored as the text a player typed: a
/// chit `charge2`, an R3 order `go-to-ground`, M42 move types `halt` and `Advance`) load with
/// each order read as its ruleset's own, replay to the saved position, and take back; saved
/// again they are format 3 and load the same.
#[test]
fn format_version_2_games_load_with_their_orders_typed_and_replay() {
    use sandtable::model::game::Action;
    use sandtable::model::{Command, MoveOrder, MoveType, OrdersAction};
    let v2 = |name: &str| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/v2")
            .join(name);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    for (name, orders) in [
        ("winceby", vec![MoveOrder::Command(Command::Charge2)]),
        ("skirmish", vec![MoveOrder::Order(OrdersAction::GoToGround)]),
        (
            "patrol",
            vec![
                MoveOrder::MoveType(MoveType::Halt),
                MoveOrder::MoveType(MoveType::Advance),
            ],
        ),
    ] {
        let bin = v2(&format!("{name}-game.sandtable"));
        assert_eq!(
            bin[8..12],
            2u32.to_le_bytes(),
            "{name}: real version-2 bytes"
        );
        let s = io::decode(&bin).unwrap_or_else(|e| panic!("{name}: {e}"));
        let json = io::decode(&v2(&format!("{name}-game.json"))).expect(name);
        assert_eq!(json.game, s.game, "{name}: both encodings");
        let g = s.game.as_ref().expect("a game");
        let read: Vec<MoveOrder> = g
            .log
            .iter()
            .filter_map(|e| match &e.action {
                Action::Move { order, .. } => *order,
                _ => None,
            })
            .collect();
        assert_eq!(read, orders, "{name}");
        assert!(g.fingerprint.is_none(), "format 2 recorded none");
        sandtable::game::verify(&s, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        sandtable::game::take_back(&s).expect("takes back");
        let again = io::decode(&codec::encode_binary(&s)).expect("format 3");
        assert_eq!(again, s, "{name}");
    }
}

/// A play checks what it changed, as loading would, but not the game's starting position
/// again: play never changes the start nor the map it stands on, and the start was checked
/// when the game began (or was loaded). A start broken behind play's back is still refused by
/// loading and by a full check.
#[test]
fn a_play_checks_what_it_changed_and_leaves_the_start_as_checked() {
    let mut s = played("winceby");
    assert!(s.validate().is_empty());
    // A start unit's name over the limit: the start is no sound scenario of its own.
    s.game.as_mut().expect("a game").start.units[0].name = "x".repeat(100_000);
    assert!(
        s.validate()
            .iter()
            .any(|p| p.to_string().contains("its starting position")),
        "the full check reads the start"
    );
    assert!(
        s.validate_played().is_empty(),
        "the check after a play leaves the start"
    );
    // What play changes is checked as in full: a unit's name over the limit now.
    let mut t = played("winceby");
    t.units[0].name = "x".repeat(100_000);
    assert!(!t.validate_played().is_empty());
    assert_eq!(
        t.validate_played().first().map(|p| p.to_string()),
        t.validate().first().map(|p| p.to_string())
    );
}
