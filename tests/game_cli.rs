//! A whole turn of each sample played through the command line (`sandtable play` and `log`,
//! issue 18): every step checked by the rules, refusals exit 1 and write nothing, the log
//! replays to the saved position, and taking every entry back returns the sample as built.

use sandtable::game;
use sandtable::io;
use sandtable::model::game::Phase;
use sandtable::model::{Command as Chit, Morale, Position, Scenario};
use sandtable::samples;
use std::path::{Path, PathBuf};

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, text};

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("a sample")
        .load()
        .expect("the sample loads")
}

/// A sample written to a fresh file.
fn start(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}.sandtable"));
    io::save(&path, &sample(name)).expect("save the sample");
    path
}

/// `play FILE ARGS...`, asserting it is accepted; returns what it printed.
fn play(file: &Path, args: &[&str]) -> String {
    let f = file.display().to_string();
    let mut all = vec!["play", &f];
    all.extend_from_slice(args);
    let out = sandtable(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "play {args:?}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// `play FILE ARGS...`, asserting the rules refuse it (exit 1, the file untouched); returns
/// the reason.
fn refused(file: &Path, args: &[&str]) -> String {
    let before = std::fs::read(file).expect("read");
    let f = file.display().to_string();
    let mut all = vec!["play", &f];
    all.extend_from_slice(args);
    let out = sandtable(&all);
    assert_eq!(
        out.status.code(),
        Some(1),
        "play {args:?} should be refused: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read(file).expect("read"),
        before,
        "nothing written"
    );
    text(&out.stderr)
}

fn load(file: &Path) -> Scenario {
    io::load(file).expect("the game loads")
}

/// The log as `sandtable log` prints it; it must replay to the saved position.
fn log_replays(file: &Path) -> String {
    let out = sandtable(&["log", &file.display().to_string(), "--verify"]);
    let t = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{t}{}", text(&out.stderr));
    assert!(t.contains("the log replays to the saved position"), "{t}");
    t
}

/// Takes every entry back through the command line (on a copy) and checks the sample comes
/// back as built; then replays the saved log from its start through the rules and checks it
/// gives the saved position exactly.
fn taken_back_and_replayed(dir: &Path, file: &Path, name: &str) {
    let played = load(file);
    let n = played.game.as_ref().map_or(0, |g| g.log.len());
    assert!(n > 0, "a turn was played");
    let copy = dir.join(format!("{name}-back.sandtable"));
    std::fs::copy(file, &copy).expect("copy");
    for _ in 0..n {
        let said = play(&copy, &["--take-back"]);
        assert!(said.starts_with("taken back: "), "{said}");
    }
    let why = refused(&copy, &["--take-back"]);
    assert!(why.contains("nothing to take back"), "{why}");
    let back = load(&copy);
    let built = sample(name);
    assert_eq!(back.units, built.units, "every unit as the sample stands");
    assert_eq!(back.columns, built.columns);
    assert_eq!(back.turn, built.turn);
    assert_eq!(game::replay(&played, n).expect("replays"), played);
    for k in 0..n {
        let at = game::replay(&played, k).expect("replays part of the log");
        assert_eq!(at.game.as_ref().map(|g| g.log.len()), Some(k));
    }
}

/// A hex the unit may legally end on, from `moves --json` (the first legal hex it must spend
/// MP to reach), as `X,Y`.
fn legal_hex(file: &Path, unit: u32) -> Option<String> {
    let out = sandtable(&[
        "moves",
        &file.display().to_string(),
        "--unit",
        &unit.to_string(),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
    v["legal"].as_array()?.iter().find_map(|h| {
        if h["cost"].as_u64()? == 0 {
            return None;
        }
        Some(format!(
            "{},{}",
            h["hex"]["x"].as_i64()?,
            h["hex"]["y"].as_i64()?
        ))
    })
}

#[test]
fn r5_winceby_a_command_phase_with_a_charge_and_a_muster_then_every_parliament_unit_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "winceby");
    let s = load(&f);
    let id = |n: &str| s.find_unit(n).expect(n).id;

    // Command Phase: a charge begins, a charging leader changes early to Muster; a charge
    // that would skip a box is refused with the rules' reason; moves wait for Movement.
    let said = play(
        &f,
        &[
            "--unit",
            "Sir Thomas Fairfax",
            "--command",
            "charge1",
            "--seed",
            "5",
        ],
    );
    assert!(said.contains("Reserve → Charge 1"), "{said}");
    let said = play(&f, &["--unit", "Oliver Cromwell", "--command", "muster"]);
    assert!(said.contains("Charge 1 → Muster"), "{said}");
    let why = refused(
        &f,
        &["--unit", "Earl of Manchester", "--command", "charge2"],
    );
    assert!(why.contains("a charge begins at Charge 1"), "{why}");
    let why = refused(&f, &["--unit", "Oliver Cromwell", "--command", "advance"]);
    assert!(why.contains("already acted"), "{why}");
    let hex = legal_hex(&f, id("Cromwell's Regiment of Horse").0).expect("a legal hex");
    let why = refused(
        &f,
        &["--unit", "Cromwell's Regiment of Horse", "--to", &hex],
    );
    assert!(why.contains("not done in the Command Phase"), "{why}");
    let said = play(&f, &["--end-phase"]);
    assert!(said.contains("Movement"), "{said}");

    // Movement: every unit of Parliament moves once, to a hex its preview calls legal.
    let parliament = s.sides[0].id;
    // Combat units first: a leader moving away first could leave them out of command.
    let mut movers: Vec<_> = s
        .units
        .iter()
        .filter(|u| u.side == parliament && matches!(u.position, Position::Hex { .. }))
        .map(|u| (u.id, u.name.clone(), u.is_leader()))
        .collect();
    movers.sort_by_key(|m| m.2);
    let movers: Vec<_> = movers.into_iter().map(|(id, n, _)| (id, n)).collect();
    assert!(movers.len() >= 7, "{movers:?}");
    for (id, name) in &movers {
        let hex = legal_hex(&f, id.0).unwrap_or_else(|| panic!("{name} has a legal hex"));
        let said = play(&f, &["--unit", &id.0.to_string(), "--to", &hex]);
        assert!(said.contains(&format!("{name} moves to")), "{said}");
        assert!(said.contains("MP"), "{said}");
    }
    let now = load(&f);
    for (id, name) in &movers {
        assert!(game::has_acted(&now, *id), "{name} is marked");
        assert_ne!(
            now.unit(*id).map(|u| u.position),
            s.unit(*id).map(|u| u.position)
        );
    }
    let (first, _) = &movers[0];
    let hex = legal_hex(&f, first.0).expect("a legal hex");
    let why = refused(&f, &["--unit", &first.0.to_string(), "--to", &hex]);
    assert!(why.contains("already acted this turn"), "{why}");
    let log = log_replays(&f);
    assert!(log.contains("turn 2, Movement"), "{log}");

    // The next turn: the counter advances, every unit may act again, and at the end of its
    // Command Phase Fairfax's charge chit moves on by itself.
    let said = play(&f, &["--end-phase"]);
    assert!(said.contains("End of turn 2: turn 3"), "{said}");
    let t3 = load(&f);
    assert_eq!(game::clock(&t3), (3, Phase::Command));
    assert!(!game::has_acted(&t3, movers[0].0));
    let said = play(&f, &["--end-phase"]);
    assert!(said.contains("Charge 1 → Charge 2"), "{said}");
    let fairfax = load(&f)
        .unit(id("Sir Thomas Fairfax"))
        .and_then(|u| u.leadership);
    assert_eq!(fairfax.map(|l| l.command), Some(Chit::Charge2));
    log_replays(&f);
    taken_back_and_replayed(dir.path(), &f, "winceby");
}

#[test]
fn r1_bakambo_a_column_order_passed_then_failed_next_turn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "bakambo");
    let s = load(&f);
    let col = s.columns[0].id.0.to_string();
    let why = refused(&f, &["--column", &col, "--distance", "3", "--roll", "13"]);
    assert!(why.contains("impossible on 2D6"), "{why}");
    let said = play(&f, &["--column", &col, "--distance", "3", "--roll", "12"]);
    assert!(said.contains("Move 3\" (2D6 typed 12, needed"), "{said}");
    assert!(said.contains(": passed)"), "{said}");
    let moved = load(&f);
    assert_ne!(
        moved.columns[0].route, s.columns[0].route,
        "the column marched"
    );
    let why = refused(&f, &["--column", &col, "--distance", "3", "--roll", "12"]);
    assert!(why.contains("already acted this turn"), "{why}");
    play(&f, &["--end-turn"]);
    let said = play(&f, &["--column", &col, "--distance", "3", "--roll", "2"]);
    assert!(said.contains("failed (2D6 typed 2"), "{said}");
    assert!(said.contains("repeats its last action"), "{said}");
    let failed = load(&f);
    assert_eq!(failed.turn, s.turn + 1);
    assert_ne!(
        failed.columns[0].route, moved.columns[0].route,
        "a failed order still moves"
    );
    log_replays(&f);
    taken_back_and_replayed(dir.path(), &f, "bakambo");
}

/// The first unit of the first side with a leader model, and a destination its order accepts
/// near the leader (refused tries exit 1 and write nothing).
fn table_move(f: &Path, order: &str) -> String {
    let s = load(f);
    let u = s
        .units
        .iter()
        .find(|u| u.side == s.sides[0].id && u.leader().is_some() && u.models.len() > 1)
        .expect("a unit with a leader and followers");
    let at = u.leader().expect("leader").pos;
    let id = u.id.0.to_string();
    for (dx, dy) in [
        (0.0, -2.0),
        (2.0, 0.0),
        (-2.0, 0.0),
        (0.0, 2.0),
        (1.0, -1.0),
        (-1.0, 1.0),
    ] {
        let to = format!("{},{}", at.x + dx, at.y + dy);
        let fstr = f.display().to_string();
        let out = sandtable(&["play", &fstr, "--unit", &id, "--order", order, "--to", &to]);
        if out.status.code() == Some(0) {
            let now = load(f);
            let leader = now.unit(u.id).and_then(|n| n.leader()).expect("leader");
            assert!((leader.pos.x - (at.x + dx)).abs() < 1e-4);
            assert!(game::has_acted(&now, u.id));
            return text(&out.stdout);
        }
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("refused"),
            "{}",
            text(&out.stderr)
        );
    }
    panic!("no destination near {} accepted", u.name);
}

#[test]
fn r2_patrol_a_unit_advances_under_m42() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "patrol");
    let said = table_move(&f, "advance");
    assert!(said.contains("Advance, the leader moves"), "{said}");
    log_replays(&f);
    taken_back_and_replayed(dir.path(), &f, "patrol");
}

#[test]
fn r3_skirmish_a_unit_is_ordered_to_advance() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "skirmish");
    let said = table_move(&f, "advance");
    assert!(said.contains("Advance!, the leader moves"), "{said}");
    log_replays(&f);
    taken_back_and_replayed(dir.path(), &f, "skirmish");
}

#[test]
fn r4_rearguard_a_rally_with_a_re_roll_after_a_referee_override() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "rearguard");
    let s = load(&f);
    let sappers = s.find_unit("Broadfoot's Sappers").expect("sappers").id;
    // The referee shakes the Sappers (fire from the heights, played on the table), logged
    // with his note; then they rally with their Elite re-roll.
    let why = refused(
        &f,
        &[
            "--referee",
            " ",
            "--unit",
            "Broadfoot's Sappers",
            "--morale",
            "unsteady",
        ],
    );
    assert!(why.contains("note is empty"), "{why}");
    let said = play(
        &f,
        &[
            "--referee",
            "shaken by jezail fire from the heights",
            "--unit",
            "Broadfoot's Sappers",
            "--morale",
            "unsteady",
        ],
    );
    assert!(said.contains("Referee"), "{said}");
    assert!(said.contains("shaken by jezail fire"), "{said}");
    let why = refused(
        &f,
        &[
            "--test",
            "rally",
            "--unit",
            "Broadfoot's Sappers",
            "--roll",
            "6",
            "--reroll",
            "3",
        ],
    );
    assert!(why.contains("nothing to re-roll"), "{why}");
    let said = play(
        &f,
        &[
            "--test",
            "rally",
            "--unit",
            "Broadfoot's Sappers",
            "--roll",
            "1",
            "--reroll",
            "6",
        ],
    );
    assert!(said.contains("Rally test"), "{said}");
    assert!(said.contains("re-roll"), "{said}");
    assert!(said.contains("needs"), "what it needed and why: {said}");
    let now = load(&f);
    assert_eq!(
        now.unit(sappers).map(|u| u.state.morale),
        Some(Morale::GoodOrder)
    );
    let log = log_replays(&f);
    assert!(log.contains("shaken by jezail fire"), "{log}");
    taken_back_and_replayed(dir.path(), &f, "rearguard");
}

#[test]
fn play_writes_to_out_and_log_prints_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "winceby");
    let out = dir.path().join("turn.json");
    let fstr = f.display().to_string();
    let ostr = out.display().to_string();
    let before = std::fs::read(&f).expect("read");
    let r = sandtable(&[
        "play",
        &fstr,
        "--end-phase",
        "--out",
        &ostr,
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(
        std::fs::read(&f).expect("read"),
        before,
        "FILE is left alone with --out"
    );
    let entry: serde_json::Value = serde_json::from_slice(&r.stdout).expect("an entry as JSON");
    assert_eq!(entry["phase"], "Command");
    let l = sandtable(&["log", &ostr, "--json", "--verify"]);
    let v: serde_json::Value = serde_json::from_slice(&l.stdout).expect("log --json");
    assert_eq!(v["replays"], true);
    assert_eq!(v["phase"], "Movement");
    assert_eq!(v["entries"].as_array().map(Vec::len), Some(1));
    let none = sandtable(&["log", &fstr]);
    assert!(
        text(&none.stdout).contains("no game"),
        "{}",
        text(&none.stdout)
    );
}
