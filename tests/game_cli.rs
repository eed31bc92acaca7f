//! A whole turn of each sample played through the command line (`sandtable play` and `log`,
//! issue 18): every step checked by the rules, refusals exit 1 and write nothing, the log
//! replays to the saved position, and taking every entry back returns the sample as built.

use sandtable::game;
use sandtable::io;
use sandtable::model::game::Phase;
use sandtable::model::{Command as Chit, Morale, Position, Ruleset, Scenario};
use sandtable::samples;
use std::path::{Path, PathBuf};

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, sandtable_in, text};

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
    // Each take back removes an entry, or a whole reaction exchange.
    for _ in 0..n {
        if load(&copy).game.as_ref().is_none_or(|g| g.log.is_empty()) {
            break;
        }
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
        let mut said = play(&f, &["--unit", &id.0.to_string(), "--to", &hex]);
        // A cavalry move that comes within the Royalists' reach halts; they let it go on.
        while said.contains("halted") {
            said = play(&f, &["--go-on"]);
        }
        assert!(
            said.contains(&format!("{name} moves to")) || said.contains(&format!("{name} goes on")),
            "{said}"
        );
        assert!(said.contains("MP") || said.contains("goes on"), "{said}");
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
    assert!(
        log.contains("turn 2, Movement Phase of Parliament"),
        "{log}"
    );

    // The Royalists' Movement Phase, then the next turn: the counter advances, every unit may
    // act again, and at the end of its Command Phase Fairfax's charge chit moves on by itself.
    let said = play(&f, &["--end-phase"]);
    assert!(said.contains("Movement Phase of Royalists"), "{said}");
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
    if s.rules.ruleset == Ruleset::Orders {
        // R3: its Ld check first (2: passed whatever its Ld).
        play(f, &["--unit", &id, "--test", "ld", "--roll", "2"]);
    }
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

/// `log` with its options, asserting it exits `code`; returns what it printed (out and err).
fn log(file: &Path, args: &[&str], code: i32) -> String {
    let f = file.display().to_string();
    let mut all = vec!["log", &f];
    all.extend_from_slice(args);
    let out = sandtable(&all);
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(code), "log {args:?}: {said}");
    said
}

/// 004 from the command line: a Parliament cavalry move halts at a charge-check point of the
/// Royalists; their leader checks (typed 6: Charge 1), one of his cavalry charges, the move
/// goes on (it was charged, it stays); the exchange is taken back whole, and the log names the
/// phasing side and verifies against the scenario both agreed on.
#[test]
fn r5_004_a_reaction_charge_is_played_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "winceby");
    let agreed = dir.path().join("agreed.sandtable");
    std::fs::copy(&f, &agreed).expect("copy");
    play(&f, &["--end-phase", "--seed", "9"]);
    let s = load(&f);
    let (mover, to, leader) = {
        use sandtable::rules::hex_commands::{self, CheckKind};
        let parliament = s.sides[0].id;
        s.units
            .iter()
            .filter(|u| {
                u.side == parliament
                    && u.kind == sandtable::model::UnitKind::Cavalry
                    && u.hex().is_some()
            })
            .find_map(|u| {
                let pv = hex_commands::preview_moves(&s, u.id, None).ok()?;
                pv.legal().filter(|v| v.cost > 0).find_map(|v| {
                    let path = pv.path(v.hex)?;
                    let r = hex_commands::reaction_chargers(&s, u.id, &path).ok()?;
                    let l = r.iter().find_map(|(_, c)| {
                        (c.kind == CheckKind::CommandCheck)
                            .then(|| c.leader.as_ref().map(|l| l.id))
                            .flatten()
                    })?;
                    Some((u.id, v.hex, l))
                })
            })
            .expect("a move in reach of a Royalist leader's cavalry")
    };
    let hex = s.map.as_hex().expect("hex").label(to);
    let said = play(&f, &["--unit", &mover.0.to_string(), "--to", &hex]);
    assert!(said.contains("halted at"), "{said}");
    let why = refused(&f, &["--end-phase"]);
    assert!(why.contains("halted"), "{why}");
    let said = play(
        &f,
        &["--reaction-check", &leader.0.to_string(), "--roll", "6"],
    );
    assert!(said.contains("passed, Charge 1"), "{said}");
    let g = load(&f);
    let h = g
        .game
        .as_ref()
        .and_then(|x| x.state.halted.clone())
        .expect("halted");
    let charger = *h.chargers.first().expect("a charger");
    let rc = sandtable::rules::hex_commands::reaction_charge_at(
        &g,
        charger,
        mover,
        &h.path,
        Some(h.at as usize),
    )
    .expect("its charge");
    // Next to the mover where it halted, it charges from where it stands (`--to` its hex).
    let halt = h.path[h.at as usize];
    let end = if rc.moves.start.unsigned_distance_to(halt) == 1 {
        rc.moves.start
    } else {
        rc.moves.legal().find(|v| v.cost > 0).expect("an end").hex
    };
    let end = g.map.as_hex().expect("hex").label(end);
    let said = play(&f, &["--charge", &charger.0.to_string(), "--to", &end]);
    assert!(said.contains("charges"), "{said}");
    let said = play(&f, &["--go-on"]);
    assert!(said.contains("was charged"), "{said}");
    let said = log(
        &f,
        &["--verify", "--against", &agreed.display().to_string()],
        0,
    );
    assert!(said.contains("Movement Phase of Parliament"), "{said}");
    assert!(said.contains("start fingerprint: "), "{said}");
    // One take back undoes the whole exchange.
    let before = load(&f).game.as_ref().map_or(0, |x| x.log.len());
    play(&f, &["--take-back"]);
    assert_eq!(
        load(&f).game.as_ref().map_or(0, |x| x.log.len()),
        before - 4
    );
    assert_eq!(load(&f).units, s.units);
}

/// 004 dragoons, 000 pin tests and the R3 Ld check from the command line, each refused when
/// out of place with the reason; and the options that do not apply refused with exit 2.
#[test]
fn dragoons_pin_tests_and_ld_checks_are_played_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Dragoons: under Stand, from the Command Phase's change.
    let f = start(dir.path(), "winceby");
    let s = load(&f);
    let dragoons = s
        .find_unit("Eastern Association Dragoons")
        .expect("dragoons")
        .id;
    // Their leader (Cromwell, under Charge 1: it may change early only to Muster) holds Stand
    // as the designer set the scenario up.
    let pv = sandtable::rules::hex_commands::preview_moves(&s, dragoons, None).expect("preview");
    let leader = pv.command.tracing.leader().expect("in command").leader.id;
    let mut s = s;
    s.units
        .iter_mut()
        .find(|u| u.id == leader)
        .and_then(|u| u.leadership.as_mut())
        .expect("a leader")
        .command = Chit::Stand;
    io::save(&f, &s).expect("saved");
    play(&f, &["--end-phase"]);
    let said = play(&f, &["--unit", &dragoons.0.to_string(), "--dismount"]);
    assert!(said.contains("dismounts"), "{said}");
    let info = sandtable(&["info", &f.display().to_string()]);
    assert!(
        text(&info.stdout).contains("dismounted"),
        "{}",
        text(&info.stdout)
    );
    let why = refused(&f, &["--unit", &dragoons.0.to_string(), "--mount"]);
    assert!(why.contains("once a turn"), "{why}");
    // An option that does not apply is a usage error (exit 2), nothing written.
    let out = sandtable(&[
        "play",
        &f.display().to_string(),
        "--unit",
        &dragoons.0.to_string(),
        "--dismount",
        "--to",
        "0101",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = sandtable(&[
        "play",
        &f.display().to_string(),
        "--end-phase",
        "--then",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = sandtable(&[
        "play",
        &f.display().to_string(),
        "--unit",
        &dragoons.0.to_string(),
        "--to",
        "60,60",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("'60,60' is off the map: its hexes run from"),
        "{}",
        text(&out.stderr)
    );
    // Dice with a move are an option that does not apply.
    let out = sandtable(&[
        "play",
        &f.display().to_string(),
        "--unit",
        &dragoons.0.to_string(),
        "--to",
        "1504",
        "--roll",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--roll types the dice of a test"),
        "{}",
        text(&out.stderr)
    );
    // A label beyond the map's edge is off the map too, not an invented hex.
    let out = sandtable(&[
        "play",
        &f.display().to_string(),
        "--unit",
        &dragoons.0.to_string(),
        "--to",
        "4161",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("'4161' is off the map: its hexes run from"),
        "{}",
        text(&out.stderr)
    );
    log_replays(&f);

    // R3: the Ld check before the order.
    let k = start(dir.path(), "skirmish");
    let s = load(&k);
    let first = s.sides[0].id;
    let u = s
        .units
        .iter()
        .find(|u| u.side == first && u.leader().is_some())
        .expect("a unit")
        .id
        .0
        .to_string();
    let why = refused(&k, &["--unit", &u, "--order", "go-to-ground"]);
    assert!(why.contains("its Ld check comes first"), "{why}");
    play(&k, &["--unit", &u, "--test", "ld", "--roll", "2"]);
    let why = refused(&k, &["--unit", &u, "--test", "ld", "--roll", "2"]);
    assert!(why.contains("taken its Ld check this turn"), "{why}");
    play(&k, &["--unit", &u, "--order", "go-to-ground"]);
    log_replays(&k);

    // R1: a pin test is refused for a unit that owes none and is not pinned.
    let b = start(dir.path(), "bakambo");
    let s = load(&b);
    let u = s.columns[0].members[0].unit.0.to_string();
    let why = refused(&b, &["--unit", &u, "--test", "pin", "--roll", "7"]);
    assert!(why.contains("owes no pin test"), "{why}");
}

/// Notes and bookmarks written from the command line are kept and shown, never replayed; a
/// start edited by hand fails `log --verify` with the reason.
#[test]
fn notes_bookmarks_and_the_fingerprint_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = start(dir.path(), "winceby");
    play(&f, &["--end-phase", "--seed", "4"]);
    play(&f, &["--end-phase"]);
    log(&f, &["--note", "1", "Cromwell holds back"], 0);
    log(&f, &["--bookmark", "2", "The Royalists' turn"], 0);
    let said = log(&f, &["--verify"], 0);
    assert!(said.contains("note: Cromwell holds back"), "{said}");
    assert!(said.contains("-- bookmark: The Royalists' turn"), "{said}");
    let said = log(&f, &["--note", "9", "nothing there"], 2);
    assert!(said.contains("give a number from 0 to 2"), "{said}");
    // A unit edited in the start and in the present alike.
    let mut s = load(&f);
    let horse = s
        .find_unit("Cromwell's Regiment of Horse")
        .expect("horse")
        .id;
    if let Some(u) = s.unit_mut(horse) {
        u.strength.current -= 1;
    }
    if let Some(g) = s.game.as_mut()
        && let Some(u) = g.start.units.iter_mut().find(|u| u.id == horse)
    {
        u.strength.current -= 1;
    }
    io::save(&f, &s).expect("save");
    let said = log(&f, &["--verify"], 1);
    assert!(
        said.contains("starting position has been changed since it began"),
        "{said}"
    );
}

/// The words of a shell line: spaces split them, double quotes keep a phrase together.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn the_readmes_turn_from_the_command_line_plays_as_written() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README");
    let section = readme
        .split("### Play a turn from the command line")
        .nth(1)
        .expect("the section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("its commands");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut ran = 0;
    for line in block.lines().filter(|l| !l.trim().is_empty()) {
        let (command, comment) = line.split_once(" #").unwrap_or((line, ""));
        let w = words(command);
        if w[0] == "cp" {
            std::fs::copy(dir.path().join(&w[1]), dir.path().join(&w[2])).expect("cp");
            continue;
        }
        assert_eq!(w[0], "sandtable", "{line}");
        let out = sandtable_in(dir.path(), &w[1..]);
        let want = if comment.contains("refused") { 1 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(want),
            "{line}\n{}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 15, "{ran} commands");
    let log = text(&sandtable_in(dir.path(), &["log", "game.sandtable"]).stdout);
    assert!(log.contains("note: agreed at the table"), "{log}");
}
