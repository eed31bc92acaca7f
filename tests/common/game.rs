//! A short game on each sample, played through `sandtable::game` with typed dice, for the
//! tests of the file format, the fuzzer and the replay property.

use sandtable::game;
use sandtable::model::game::{Action, ColumnOrder, Dice, TestDice, TestKind};
use sandtable::model::{Command, Place, Position, Scenario};
use sandtable::rules::hex_commands;
use sandtable::samples;

pub fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("a sample")
        .load()
        .expect("the sample loads")
}

/// Plays `a` if the rules accept it (returns whether they did).
pub fn try_play(s: &mut Scenario, a: Action) -> bool {
    match game::play(s, a, 17) {
        Ok(p) => {
            *s = p.scenario;
            true
        }
        Err(_) => false,
    }
}

/// A few entries on any sample: an R5 chit and a move, an R1 column order, an R4 test, a
/// referee override, the end of a phase and of a turn.
pub fn played(name: &str) -> Scenario {
    let mut s = sample(name);
    let first = s.units[0].clone();
    let mut referee = first.clone();
    referee.state.pinned = !referee.state.pinned;
    assert!(try_play(
        &mut s,
        Action::Referee {
            unit: Box::new(referee),
            note: "set by the umpire".into()
        }
    ));
    if let Some(leader) = s
        .units
        .iter()
        .find(|u| u.leadership.is_some())
        .map(|u| u.id)
    {
        try_play(
            &mut s,
            Action::Command {
                leader,
                command: Command::Charge1,
            },
        );
    }
    try_play(&mut s, Action::EndPhase);
    if s.map.is_hex() {
        let movers: Vec<_> = s
            .units
            .iter()
            .filter(|u| !u.is_leader() && matches!(u.position, Position::Hex { .. }))
            .map(|u| u.id)
            .collect();
        for id in movers.into_iter().take(3) {
            let to = hex_commands::preview_moves(&s, id, None)
                .ok()
                .and_then(|p| p.legal().find(|h| h.cost > 0).map(|h| h.hex));
            if let Some(hex) = to {
                try_play(
                    &mut s,
                    Action::Move {
                        unit: id,
                        order: None,
                        to: Some(Place::Hex(hex)),
                        followers: Vec::new(),
                    },
                );
            }
        }
    }
    if let Some(c) = s.columns.first().map(|c| c.id) {
        try_play(
            &mut s,
            Action::Column {
                column: c,
                order: ColumnOrder::Move {
                    distance_in: 2.0,
                    route: Vec::new(),
                },
                dice: Dice::Typed(12),
            },
        );
    }
    if s.rules.morale_tests {
        let ids: Vec<_> = s.units.iter().map(|u| u.id).collect();
        for id in ids.into_iter().take(4) {
            try_play(
                &mut s,
                Action::Test {
                    unit: id,
                    kind: TestKind::Morale,
                    cause: None,
                    dice: TestDice::Roll {
                        first: Dice::App,
                        reroll: None,
                        follow_up: Vec::new(),
                    },
                },
            );
        }
    }
    try_play(&mut s, Action::EndTurn);
    assert!(s.game.as_ref().is_some_and(|g| g.log.len() >= 2), "{name}");
    s
}
