//! A long game's log checked and stepped through: `log --verify` (the start's fingerprint, then
//! every entry replayed through the rules and compared) at the 20,000-entry limit, and a turn
//! of Winceby played move by move.

use sandtable::game;
use sandtable::model::game::{Action, MAX_LOG_ENTRIES};
use sandtable::model::{Place, Scenario};
use sandtable::rules::hex_commands;
use sandtable::samples;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

fn winceby() -> Scenario {
    samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// Winceby with a log at the limit: the same referee override, entry after entry (from the
/// second on, each entry is the one before it again, so the log verifies).
static AT_THE_LIMIT: LazyLock<Scenario> = LazyLock::new(|| {
    let s = winceby();
    let u = s.units[0].clone();
    let referee = || Action::Referee {
        unit: Box::new(u.clone()),
        note: "set by the umpire".into(),
    };
    let s = game::play(&s, referee(), 7)
        .expect("the referee may")
        .scenario;
    let mut s = game::play(&s, referee(), 7)
        .expect("the referee may again")
        .scenario;
    let g = s.game.as_mut().expect("a game");
    let again = g.log[1].clone();
    g.log.resize(MAX_LOG_ENTRIES, again);
    game::verify(&s, None).expect("the long log verifies");
    s
});

/// Winceby after its Command Phase and a move of every Parliament unit that can move.
static A_TURN: LazyLock<Scenario> = LazyLock::new(|| {
    let mut s = game::play(&winceby(), Action::EndPhase, 7)
        .expect("the Movement Phase")
        .scenario;
    let movers: Vec<_> = s
        .units
        .iter()
        .filter(|u| u.side == s.sides[0].id && u.hex().is_some())
        .map(|u| u.id)
        .collect();
    for id in movers {
        let to = hex_commands::preview_moves(&s, id, None)
            .ok()
            .and_then(|p| p.legal().find(|h| h.cost > 0).map(|h| h.hex));
        if let Some(hex) = to
            && let Ok(p) = game::play(
                &s,
                Action::Move {
                    unit: id,
                    order: None,
                    to: Some(Place::Hex(hex)),
                    followers: Vec::new(),
                },
                7,
            )
        {
            s = p.scenario;
            while s.game.as_ref().is_some_and(|g| g.state.halted.is_some()) {
                s = game::play(&s, Action::GoOn, 7).expect("goes on").scenario;
            }
        }
    }
    s
});

#[divan::bench]
fn verify_20000_entries() {
    game::verify(divan::black_box(&AT_THE_LIMIT), None).expect("verifies");
}

#[divan::bench]
fn take_back_at_20000_entries() -> Scenario {
    game::take_back(divan::black_box(&AT_THE_LIMIT)).expect("taken back")
}

#[divan::bench]
fn verify_a_winceby_turn() {
    game::verify(divan::black_box(&A_TURN), None).expect("verifies");
}

/// One entry short of the limit: room for one more.
static ONE_SHORT: LazyLock<Scenario> =
    LazyLock::new(|| game::take_back(&AT_THE_LIMIT).expect("taken back"));

#[divan::bench]
fn play_the_last_entry_at_19999() -> Scenario {
    // A referee override (nothing to search): what playing itself costs on a long log, with
    // the check that the game would load again before it is saved.
    let u = ONE_SHORT.units[0].clone();
    game::play(
        divan::black_box(&ONE_SHORT),
        Action::Referee {
            unit: Box::new(u),
            note: "set by the umpire".into(),
        },
        7,
    )
    .expect("played")
    .scenario
}

/// The 200 x 200 map of the frame benchmarks (5,000 units) in its Movement Phase, and a move
/// its first side's mover may make: a committed play on the biggest scenario.
static BIG_MOVE: LazyLock<(Scenario, Action)> = LazyLock::new(|| {
    let s = sandtable::model::generate::hex_battlefield(200, 0.1, 4998, 3);
    let s = game::play(&s, Action::EndPhase, 7)
        .expect("the Movement Phase")
        .scenario;
    let (unit, to) = s
        .units
        .iter()
        .filter(|u| u.side == s.sides[0].id && u.is_combat_unit())
        .find_map(|u| {
            let p = hex_commands::preview_moves(&s, u.id, None).ok()?;
            let to = p.legal().filter(|h| h.cost > 0).map(|h| h.hex).last()?;
            Some((u.id, to))
        })
        .expect("a unit that may move");
    let action = Action::Move {
        unit,
        order: None,
        to: Some(Place::Hex(to)),
        followers: Vec::new(),
    };
    game::play(&s, action.clone(), 7).expect("the move is legal");
    (s, action)
});

/// A move played on the 200 x 200 map with 5,000 units, end to end: the rules' search, the
/// new position, its log entry and the check that it would load.
#[divan::bench]
fn play_a_move_on_the_200x200_map() -> Scenario {
    let (s, action) = &*BIG_MOVE;
    game::play(divan::black_box(s), action.clone(), 7)
        .expect("played")
        .scenario
}
