//! The game log's property (issue 18): replaying any log from its start gives the saved
//! position, exactly; taking back the last entry gives the position before it; and the game
//! survives both encodings unchanged. Logs are generated as random actions on the samples
//! (moves to legal and illegal hexes, command chits, column orders, tests with app and typed
//! dice, referee overrides, ends of phase and turn), the rules refusing what they refuse.

#[path = "common/game.rs"]
#[allow(dead_code)]
mod common_game;

use common_game::{sample, try_play};
use proptest::prelude::*;
use sandtable::game;
use sandtable::io::{self, codec};
use sandtable::model::game::{Action, ColumnOrder, Dice, TestDice, TestKind};
use sandtable::model::{Command, Morale, Place, Position, Scenario};
use sandtable::rules::hex_commands;

fn dice(p: u8) -> Dice {
    if p.is_multiple_of(3) {
        Dice::App
    } else {
        Dice::Typed(p % 6 + 1)
    }
}

/// One action built from two random bytes for the scenario as it stands.
fn action(s: &Scenario, pick: u8, p: u8) -> Action {
    let n = s.units.len();
    let u = &s.units[usize::from(p) % n];
    match pick % 7 {
        0 => Action::EndPhase,
        1 => Action::EndTurn,
        2 => Action::Command {
            leader: u.id,
            command: Command::ALL[usize::from(p) % Command::ALL.len()],
        },
        3 => {
            let to = match u.position {
                Position::Hex { .. } => hex_commands::preview_moves(s, u.id, None)
                    .ok()
                    .and_then(|pv| {
                        let legal: Vec<_> = pv.hexes.iter().map(|h| h.hex).collect();
                        legal.get(usize::from(p) % legal.len().max(1)).copied()
                    })
                    .map(Place::Hex),
                _ => None,
            };
            Action::Move {
                unit: u.id,
                order: None,
                to,
                followers: Vec::new(),
            }
        }
        4 => Action::Test {
            unit: u.id,
            kind: if p.is_multiple_of(2) {
                TestKind::Morale
            } else {
                TestKind::Rally
            },
            cause: None,
            dice: if p.is_multiple_of(11) {
                TestDice::KeepRouting
            } else {
                TestDice::Roll {
                    first: dice(p),
                    reroll: (p % 4 == 1).then(|| dice(p / 4)),
                    follow_up: Vec::new(),
                }
            },
        },
        5 => match s.columns.first() {
            Some(c) => Action::Column {
                column: c.id,
                order: match p % 4 {
                    0 => ColumnOrder::StandTo,
                    1 => ColumnOrder::VoluntaryBreak(c.members[0].unit),
                    2 => ColumnOrder::Enter(c.members[c.members.len() - 1].unit),
                    _ => ColumnOrder::Move {
                        distance_in: f32::from(p % 5),
                        route: Vec::new(),
                    },
                },
                dice: if p.is_multiple_of(2) {
                    Dice::App
                } else {
                    Dice::Typed(p % 11 + 2)
                },
            },
            None => Action::EndPhase,
        },
        _ => {
            let mut v = u.clone();
            v.state.morale =
                [Morale::GoodOrder, Morale::Unsteady, Morale::Routing][usize::from(p) % 3];
            Action::Referee {
                unit: Box::new(v),
                note: format!("umpire {p}"),
            }
        }
    }
}

fn check(name: &str, steps: &[(u8, u8)]) -> Result<(), TestCaseError> {
    let mut s = sample(name);
    for &(pick, p) in steps {
        let a = action(&s, pick, p);
        try_play(&mut s, a);
    }
    let Some(n) = s.game.as_ref().map(|g| g.log.len()) else {
        return Ok(());
    };
    prop_assert_eq!(s.validate(), vec![]);
    let saved = io::decode(&codec::encode_binary(&s)).expect("binary");
    prop_assert_eq!(&saved, &s);
    prop_assert_eq!(&io::decode(&codec::encode_json(&s)).expect("json"), &s);
    prop_assert_eq!(&game::replay(&saved, n).expect("replays"), &s);
    if n > 0 {
        let back = game::take_back(&s).expect("takes back");
        let m = back.game.as_ref().map_or(0, |g| g.log.len());
        prop_assert!(m < n);
        if m + 1 < n {
            // A reaction exchange is taken back whole: it began with the move that halted.
            let first = &s.game.as_ref().expect("a game").log[m];
            prop_assert!(first.what.contains("halted at"), "{}", first.what);
        }
        prop_assert_eq!(&back, &game::replay(&s, m).expect("replays"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn replaying_any_winceby_log_from_its_start_gives_the_saved_position(
        steps in prop::collection::vec((any::<u8>(), any::<u8>()), 1..14)
    ) {
        check("winceby", &steps)?;
    }

    #[test]
    fn replaying_any_rearguard_log_from_its_start_gives_the_saved_position(
        steps in prop::collection::vec((any::<u8>(), any::<u8>()), 1..14)
    ) {
        check("rearguard", &steps)?;
    }

    #[test]
    fn replaying_any_bakambo_log_from_its_start_gives_the_saved_position(
        steps in prop::collection::vec((any::<u8>(), any::<u8>()), 1..8)
    ) {
        check("bakambo", &steps)?;
    }
}
