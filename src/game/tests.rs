//! The game's own rules: phases, who has acted, the charge timeline, the Muster trigger, the
//! dice generator across take back and replay.

use super::*;
use crate::model::game::{Dice, TestDice, TestKind};
use crate::model::{Command, Morale, MoveOrder, OrdersAction, Place};
use crate::rules::engine;
use crate::rules::hex_commands;

fn sample(name: &str) -> Scenario {
    crate::samples::named(name)
}

fn id(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect(name).id
}

fn ok(s: &Scenario, a: Action) -> Scenario {
    play(s, a, 99).expect("accepted").scenario
}

fn legal_move(s: &Scenario, unit: UnitId) -> Action {
    let pv = hex_commands::preview_moves(s, unit, None).expect("preview");
    let hex = pv.legal().find(|h| h.cost > 0).expect("a legal hex").hex;
    Action::Move {
        unit,
        order: None,
        to: Some(Place::Hex(hex)),
        followers: Vec::new(),
    }
}

#[test]
fn r5_a_charge_chit_left_alone_moves_on_when_the_command_phase_ends() {
    let s = sample("winceby");
    let cromwell = id(&s, "Oliver Cromwell");
    let chit = |s: &Scenario| {
        s.unit(cromwell)
            .and_then(|u| u.leadership)
            .map(|l| l.command)
    };
    assert_eq!(chit(&s), Some(Command::Charge1));
    let p = play(&s, Action::EndPhase, 1).expect("end of phase");
    assert_eq!(chit(&p.scenario), Some(Command::Charge2));
    assert!(
        p.entry
            .reasons
            .iter()
            .any(|r| r.contains("Oliver Cromwell: Charge 1 → Charge 2")),
        "{:?}",
        p.entry.reasons
    );
    assert_eq!(clock(&p.scenario), (s.turn, Phase::Movement));
}

#[test]
fn r5_muster_is_offered_only_when_two_units_of_the_force_are_routed() {
    let s = sample("winceby");
    let manchester = id(&s, "Earl of Manchester");
    let muster = |s: &Scenario| {
        engine::commands(s, s.unit(manchester).expect("Manchester"))
            .into_iter()
            .find(|(c, _)| *c == Command::Muster)
            .map(|(_, r)| r.map_err(|e| e.to_string()))
    };
    let refused = muster(&s).expect("listed").expect_err("no losses yet");
    assert!(refused.contains("Muster needs 2 units"), "{refused}");
    let a = Action::Command {
        leader: manchester,
        command: Command::Muster,
    };
    let why = play(&s, a.clone(), 1).expect_err("refused").to_string();
    assert!(why.contains("Muster needs 2 units"), "{why}");
    let mut g = s.clone();
    for name in ["Manchester's Regiment of Foot", "Parliament Horse"] {
        let mut u = g.find_unit(name).expect(name).clone();
        u.state.morale = Morale::Routing;
        g = ok(
            &g,
            Action::Referee {
                unit: Box::new(u),
                note: "routed in the melee at the lane".into(),
            },
        );
    }
    assert_eq!(muster(&g), Some(Ok(())));
    let p = play(&g, a, 1).expect("Muster now");
    assert!(
        p.entry.what.contains("Advance → Muster"),
        "{}",
        p.entry.what
    );
}

#[test]
fn a_unit_that_has_moved_moves_again_this_turn_only_by_referee_override() {
    let s = ok(&sample("winceby"), Action::EndPhase);
    let horse = id(&s, "Cromwell's Regiment of Horse");
    let step = legal_move(&s, horse);
    let moved = ok(&s, step.clone());
    assert!(has_acted(&moved, horse));
    let again = play(&moved, step, 1).expect_err("acted");
    assert!(
        matches!(again, Refused::Rules(engine::Refused::Acted { .. })),
        "{again}"
    );
    let mut free = moved.unit(horse).expect("horse").clone();
    free.position = s.unit(horse).expect("horse").position;
    let by_referee = play(
        &moved,
        Action::Referee {
            unit: Box::new(free.clone()),
            note: "moved back: it was Manchester's turn".into(),
        },
        1,
    )
    .expect("the referee may");
    assert_eq!(by_referee.scenario.unit(horse), Some(&free));
    assert!(by_referee.entry.what.contains("moved back"));
    let next = ok(&by_referee.scenario, Action::EndTurn);
    assert!(!has_acted(&next, horse), "a new turn clears the markers");
    assert_eq!(next.turn, s.turn + 1);
}

#[test]
fn r5_moves_wait_for_the_movement_phase_and_chits_for_the_command_phase() {
    let s = sample("winceby");
    let horse = id(&s, "Cromwell's Regiment of Horse");
    let e = play(&s, legal_move(&s, horse), 1).expect_err("Command Phase");
    assert!(
        e.to_string().contains("not done in the Command Phase"),
        "{e}"
    );
    let m = ok(&s, Action::EndPhase);
    let chit = Action::Command {
        leader: id(&s, "Earl of Manchester"),
        command: Command::Stand,
    };
    let e = play(&m, chit, 1).expect_err("Movement");
    assert!(e.to_string().contains("not done in the Movement"), "{e}");
}

fn rally(first: Dice) -> Action {
    Action::Test {
        unit: crate::model::UnitId(32),
        kind: TestKind::Rally,
        cause: None,
        dice: TestDice::Roll {
            first,
            reroll: None,
            follow_up: Vec::new(),
        },
    }
}

#[test]
fn an_app_roll_comes_from_the_saved_generator_and_take_back_rewinds_it() {
    let s = sample("rearguard");
    assert_eq!(
        s.unit(crate::model::UnitId(32)).map(|u| u.state.morale),
        Some(Morale::Routing)
    );
    let first = play(&s, rally(Dice::App), 7).expect("a rally");
    let g = first.scenario.game.as_ref().expect("a game");
    assert_ne!(g.dice, g.start.dice, "the roll moved the generator on");
    let Action::Test {
        dice: TestDice::Roll {
            first: Dice::Rolled(d),
            ..
        },
        ..
    } = &first.entry.action
    else {
        panic!("the app's dice are logged: {:?}", first.entry.action);
    };
    assert_eq!(d.len(), 1);
    assert_eq!(d[0], dice::SplitMix64(7).d6());
    let back = take_back(&first.scenario).expect("take back");
    assert_eq!(back.game.as_ref().map(|g| g.dice), Some(7));
    assert_eq!(back.units, s.units);
    let again = play(&back, rally(Dice::App), 1).expect("again");
    assert_eq!(again.entry, first.entry, "the same roll again");
}

#[test]
fn a_logged_roll_the_generator_does_not_give_stops_the_replay_at_its_entry() {
    let s = sample("rearguard");
    let p = play(&s, rally(Dice::App), 7).expect("a rally");
    let mut forged = p.scenario.clone();
    let g = forged.game.as_mut().expect("game");
    let real = dice::SplitMix64(7).d6();
    g.log[0].action = rally(Dice::Rolled(vec![real % 6 + 1]));
    let e = replay(&forged, 1).expect_err("forged");
    assert!(
        e.to_string().starts_with("log entry 1 does not replay"),
        "{e}"
    );
    assert!(
        e.to_string().contains("is not what the game's dice give"),
        "{e}"
    );
}

#[test]
fn end_turn_clears_the_flags_the_rules_keep_for_this_turn() {
    let s = sample("winceby");
    let lincs = id(&s, "Lincolnshire Horse");
    assert!(s.unit(lincs).is_some_and(|u| u.state.arrived_this_turn));
    let next = ok(&s, Action::EndTurn);
    assert!(next.unit(lincs).is_some_and(|u| !u.state.arrived_this_turn));
    assert_eq!(clock(&next), (s.turn + 1, Phase::Command));
}

fn morale_test(unit: UnitId, first: Dice, follow_up: Vec<Dice>) -> Action {
    Action::Test {
        unit,
        kind: TestKind::Morale,
        cause: None,
        dice: TestDice::Roll {
            first,
            reroll: None,
            follow_up,
        },
    }
}

#[test]
fn r4_horse_artillery_failing_morale_retires_a_rolled_3d6() {
    let s = sample("rearguard");
    let guns = id(&s, "Bengal Horse Artillery");
    let typed = play(
        &s,
        morale_test(guns, Dice::Typed(1), vec![Dice::Typed(11)]),
        1,
    )
    .expect("a morale test");
    assert!(
        typed.entry.what.contains("retires 11\" (3D6: typed 11)"),
        "{}",
        typed.entry.what
    );
    let rolled = play(&s, morale_test(guns, Dice::Typed(1), Vec::new()), 1).expect("rolled");
    let Action::Test {
        dice: TestDice::Roll { follow_up, .. },
        ..
    } = &rolled.entry.action
    else {
        panic!("a test");
    };
    assert!(
        matches!(&follow_up[..], [Dice::Rolled(d)] if d.len() == 3),
        "{follow_up:?}"
    );
    let e = play(
        &s,
        morale_test(guns, Dice::Typed(1), vec![Dice::Typed(2)]),
        1,
    )
    .expect_err("2 is no 3D6 roll");
    assert!(e.to_string().contains("impossible on 3D6"), "{e}");
}

#[test]
fn r4_an_elephant_failing_morale_stampedes_on_a_d6_of_1_or_2() {
    let mut s = sample("rearguard");
    s.rules.optional.elephant_stampede = true;
    let jumbo = id(&s, "Baggage Elephant");
    let p = play(
        &s,
        morale_test(jumbo, Dice::Typed(1), vec![Dice::Typed(2), Dice::Typed(12)]),
        1,
    )
    .expect("a morale test");
    assert!(
        p.entry
            .what
            .contains("stampede (D6 typed 2: 1-2) 12\" straight back"),
        "{}",
        p.entry.what
    );
    let calm = play(
        &s,
        morale_test(jumbo, Dice::Typed(1), vec![Dice::Typed(5)]),
        1,
    )
    .expect("a morale test");
    assert!(
        calm.entry.what.contains("no stampede (D6 typed 5"),
        "{}",
        calm.entry.what
    );
}

/// R3 with R4: the Ld check comes before an order, and a routing unit takes none until it
/// rallies: the check is refused with that reason (the Rearguard's Shah's 2nd Irregular Horse,
/// routing in the sample).
#[test]
fn r3_r4_a_routing_unit_takes_no_ld_check() {
    let s = sample("rearguard");
    let horse = id(&s, "Shah's 2nd Irregular Horse");
    assert_eq!(s.unit(horse).expect("unit").state.morale, Morale::Routing);
    let check = Action::LeaderCheck {
        unit: horse,
        dice: Dice::Typed(2),
    };
    let e = play(&s, check, 1).expect_err("routing");
    assert!(e.to_string().contains("routing"), "{e}");
    assert!(e.to_string().contains("until it rallies"), "{e}");
}

#[test]
fn r3_a_failed_ld_check_leaves_fall_back_as_the_only_order() {
    let s = sample("skirmish");
    // A unit of the side whose Movement Phase comes first.
    let side = crate::rules::engine::stages(&s)[0].side;
    let u = s
        .units
        .iter()
        .find(|u| {
            Some(u.side) == side && u.leader().is_some() && u.stats.ld >= 2 && u.stats.ld < 12
        })
        .expect("a unit with a leader")
        .clone();
    let check = |d| Action::LeaderCheck {
        unit: u.id,
        dice: Dice::Typed(d),
    };
    let passed = play(&s, check(2), 1).expect("a check");
    assert!(
        passed.entry.what.contains("passed"),
        "{}",
        passed.entry.what
    );
    assert!(
        !passed
            .scenario
            .unit(u.id)
            .expect("unit")
            .state
            .failed_ld_check
    );
    let failed = play(&s, check(12), 1).expect("a check").scenario;
    assert!(failed.unit(u.id).expect("unit").state.failed_ld_check);
    let advance = Action::Move {
        unit: u.id,
        order: Some(MoveOrder::Order(OrdersAction::Advance)),
        to: None,
        followers: Vec::new(),
    };
    let e = play(&failed, advance, 1).expect_err("only Fall Back!");
    assert!(
        e.to_string().contains("Fall Back! is its only order"),
        "{e}"
    );
    let next = play(&failed, Action::EndTurn, 1)
        .expect("a new turn")
        .scenario;
    assert!(
        !next.unit(u.id).expect("unit").state.failed_ld_check,
        "for this turn only"
    );
}

/// Victory: the village is held by the last side to occupy it; at the end of the last turn the
/// game says who won, logs it, and takes no more actions; a take back plays on; the holders
/// replay as logged.
#[test]
fn victory_the_game_ends_with_its_last_turn_and_says_who_won() {
    use crate::model::{Holding, Position, Victory};
    let mut s = sample("winceby");
    s.rules.victory = Some(Victory {
        last_turn: Some(s.turn),
        ..Victory::default()
    });
    let village = s
        .objectives
        .iter_mut()
        .find(|o| o.name == "Winceby village")
        .expect("the village");
    village.held = Holding::LastOccupied;
    let (vid, place) = (village.id, village.place);
    let Place::Hex(hex) = place else {
        panic!("a hex objective")
    };
    let savile = id(&s, "Savile's Regiment of Horse");
    let royalists = s.unit(savile).expect("unit").side;
    let mut there = s.unit(savile).expect("unit").clone();
    let from = there.position;
    there.position = Position::Hex { hex, facing: 0 };
    let s = ok(
        &s,
        Action::Referee {
            unit: Box::new(there.clone()),
            note: "Savile's Horse rides into the village".into(),
        },
    );
    there.position = from;
    let s = ok(
        &s,
        Action::Referee {
            unit: Box::new(there),
            note: "and out again".into(),
        },
    );
    let g = s.game.as_ref().expect("a game");
    assert!(
        g.state
            .held
            .iter()
            .any(|h| h.objective == vid && h.side == royalists),
        "the Royalists still hold the village they left"
    );
    let ended = play(&s, Action::EndTurn, 99).expect("the last turn ends");
    let royalist_name = &s.side(royalists).expect("side").name;
    assert!(
        ended.entry.what.contains(&format!(
            "the game is over, victory to {royalist_name} by 3 points"
        )),
        "{}",
        ended.entry.what
    );
    let over = ended.scenario;
    assert_eq!(
        play(&over, Action::EndPhase, 99).expect_err("over"),
        Refused::GameOver(s.turn)
    );
    verify(&over, None).expect("the holders replay as logged");
    let back = take_back(&over).expect("takes back");
    assert!(play(&back, Action::EndPhase, 99).is_ok(), "play goes on");
}
