//! Playing every rule of the seeds turn after turn (docs/rules.md, "Playing a game"): each
//! side's Movement Phase in turn, the R5 reaction charge with a check that passes and one that
//! fails, dragoons changing formation under Stand, an R1 column broken by a gap with its pin
//! tests, the R3 Ld check before each order; each taken back and replayed.

use sandtable::game::{self, Refused};
use sandtable::model::game::{Action, ColumnOrder, Dice, Phase};
use sandtable::model::*;
use sandtable::rules::hex_commands;
use std::path::Path;

#[path = "common/reaction.rs"]
mod reaction;
use reaction::{reaction_setup, reaction_setup_at_range};

fn sample(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("saves/{name}.sandtable"));
    sandtable::io::load(&path).expect("the sample loads")
}

fn play(s: &Scenario, a: Action) -> Scenario {
    match game::play(s, a.clone(), 7) {
        Ok(p) => p.scenario,
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

fn refused(s: &Scenario, a: Action) -> String {
    game::play(s, a.clone(), 7)
        .map(|_| panic!("{a:?} was played"))
        .unwrap_err()
        .to_string()
}

/// `mover`'s move to `to` halted, then `leader`'s check for a Charge passed (a typed 6): the
/// game then, and its halt.
fn halted_and_passed(
    s: &Scenario,
    mover: UnitId,
    to: hexx::Hex,
    leader: UnitId,
) -> (Scenario, sandtable::model::game::Halt) {
    let halted = play(
        s,
        Action::Move {
            unit: mover,
            order: None,
            to: Some(Place::Hex(to)),
            followers: Vec::new(),
        },
    );
    let passed = play(
        &halted,
        Action::ReactionCheck {
            leader,
            dice: Dice::Typed(6),
        },
    );
    let h = passed
        .game
        .as_ref()
        .and_then(|g| g.state.halted.clone())
        .expect("still halted");
    (passed, h)
}

fn last(s: &Scenario) -> &sandtable::model::game::LogEntry {
    s.game
        .as_ref()
        .and_then(|g| g.log.last())
        .expect("an entry")
}

fn id(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).unwrap_or_else(|| panic!("{name}")).id
}

fn side_of(s: &Scenario, name: &str) -> SideId {
    s.sides
        .iter()
        .find(|x| x.name.starts_with(name))
        .expect("side")
        .id
}

/// Taking every entry back gives the start again, and replaying the log gives the end again;
/// the game verifies against the scenario it started from.
fn takes_back_and_replays(start: &Scenario, end: &Scenario) {
    game::verify(end, Some(start)).expect("the game verifies against its start");
    let n = end.game.as_ref().map_or(0, |g| g.log.len());
    let replayed = game::replay(end, n).expect("replays");
    assert_eq!(replayed.units, end.units);
    assert_eq!(replayed.columns, end.columns);
    let mut back = end.clone();
    while back.game.as_ref().is_some_and(|g| !g.log.is_empty()) {
        back = game::take_back(&back).expect("takes back");
    }
    assert_eq!(back.units, start.units);
    assert_eq!(back.columns, start.columns);
    assert_eq!(back.turn, start.turn);
}

#[test]
fn r5_004_a_turn_is_the_command_phase_then_each_sides_movement_phase() {
    let s = sample("winceby");
    let parliament = side_of(&s, "Parliament");
    let royalists = side_of(&s, "Royalists");
    let g = play(&s, Action::EndPhase);
    assert_eq!(game::stage(&g).phase, Phase::Movement);
    assert_eq!(game::phasing(&g), Some(parliament));
    assert!(
        last(&g).what.contains("Movement Phase of Parliament"),
        "{}",
        last(&g).what
    );
    // A Royalist unit does not move in Parliament's phase.
    let royal = g
        .units
        .iter()
        .find(|u| u.side == royalists && !u.is_leader() && u.hex().is_some())
        .expect("a Royalist unit");
    let pv = hex_commands::preview_moves(&g, royal.id, None).expect("preview");
    let hex = pv.legal().find(|h| h.cost > 0).map(|h| h.hex);
    if let Some(hex) = hex {
        let why = refused(
            &g,
            Action::Move {
                unit: royal.id,
                order: None,
                to: Some(Place::Hex(hex)),
                followers: Vec::new(),
            },
        );
        assert!(
            why.contains("it is the Movement Phase of Parliament"),
            "{why}"
        );
        assert!(
            why.contains("moves in its own side's Movement Phase"),
            "{why}"
        );
    }
    // On to the Royalists' phase, then the next turn's Command Phase.
    let g2 = play(&g, Action::EndPhase);
    assert_eq!(game::phasing(&g2), Some(royalists));
    let g3 = play(&g2, Action::EndPhase);
    assert_eq!(game::clock(&g3), (s.turn + 1, Phase::Command));
    assert_eq!(game::phasing(&g3), None);
    takes_back_and_replays(&s, &g3);
}

#[test]
fn r5_004_a_reaction_charge_whose_check_passes_halts_the_mover_and_charges_it() {
    let start = sample("winceby");
    let s = play(&start, Action::EndPhase);
    let (mover, to, leader) = reaction_setup(&s);
    let halted = play(
        &s,
        Action::Move {
            unit: mover,
            order: None,
            to: Some(Place::Hex(to)),
            followers: Vec::new(),
        },
    );
    let h = halted
        .game
        .as_ref()
        .and_then(|g| g.state.halted.clone())
        .expect("the move halts at the check point");
    assert!(
        last(&halted).what.contains("halted at"),
        "{}",
        last(&halted).what
    );
    assert!(h.leaders.contains(&leader));
    assert_eq!(
        halted.unit(mover).and_then(|u| u.hex()).map(|x| x.0),
        h.path.get(h.at as usize).copied(),
        "it stands at the check point (its destination or short of it)"
    );
    assert_eq!(
        h.path.last(),
        Some(&to),
        "the halt keeps where it was going"
    );
    // Nothing else happens meanwhile: no phase ends, no other move.
    assert!(refused(&halted, Action::EndPhase).contains("halted"));
    // The Parliament may not check the Royalists' leader.
    let check = |roll| Action::ReactionCheck {
        leader,
        dice: Dice::Typed(roll),
    };
    let passed = play(&halted, check(6));
    assert!(
        last(&passed).what.contains("passed, Charge 1"),
        "{}",
        last(&passed).what
    );
    assert_eq!(
        passed
            .unit(leader)
            .and_then(|u| u.leadership)
            .map(|l| l.command),
        Some(Command::Charge1)
    );
    let h = passed
        .game
        .as_ref()
        .and_then(|g| g.state.halted.clone())
        .expect("still halted");
    assert!(!h.leaders.contains(&leader), "he checks once");
    let charger = *h.chargers.first().expect("his cavalry may charge");
    let rc =
        hex_commands::reaction_charge_at(&passed, charger, mover, &h.path, Some(h.at as usize))
            .expect("charge");
    // Next to the mover it charges from where it stands; else it moves next to it.
    let halt = h.path[h.at as usize];
    let end = if rc.moves.start.unsigned_distance_to(halt) == 1 {
        rc.moves.start
    } else {
        rc.moves
            .legal()
            .find(|v| v.cost > 0)
            .expect("a hex next to the mover")
            .hex
    };
    assert_eq!(
        end.unsigned_distance_to(halt),
        1,
        "it ends next to the mover"
    );
    let charged = play(
        &passed,
        Action::ReactionCharge {
            unit: charger,
            to: end,
        },
    );
    assert!(
        last(&charged).what.contains("charges"),
        "{}",
        last(&charged).what
    );
    assert!(charged.unit(mover).is_some_and(|u| u.state.charged));
    assert!(charged.unit(charger).is_some_and(|u| u.state.charging));
    let after = play(&charged, Action::GoOn);
    assert!(
        last(&after).what.contains("was charged"),
        "{}",
        last(&after).what
    );
    assert!(
        after
            .game
            .as_ref()
            .is_some_and(|g| g.state.halted.is_none())
    );
    // Taking back any step takes back the whole exchange, from the move that halted.
    let back = game::take_back(&after).expect("take back");
    assert_eq!(back.units, s.units);
    assert_eq!(back.game.as_ref().map(|g| g.log.len()), Some(1));
    takes_back_and_replays(&start, &after);
}

/// 004: cavalry already next to the mover where it halted charges it from where it stands:
/// under a Charge it may not leave the mover's zone of control, so it must attack. It turns to
/// face the mover; a move away is refused.
#[test]
fn r5_004_cavalry_next_to_the_halted_mover_charges_it_from_where_it_stands() {
    let s = play(&sample("winceby"), Action::EndPhase);
    let (mover, to, leader) = reaction_setup(&s);
    let (passed, h) = halted_and_passed(&s, mover, to, leader);
    let halt = h.path[h.at as usize];
    let (charger, start) = h
        .chargers
        .iter()
        .filter_map(|c| passed.unit(*c).and_then(|u| u.hex()).map(|x| (*c, x.0)))
        .find(|(_, at)| at.unsigned_distance_to(halt) == 1)
        .expect("a charger stands next to the halted mover");
    let away =
        hex_commands::reaction_charge_at(&passed, charger, mover, &h.path, Some(h.at as usize))
            .expect("its charge")
            .moves
            .hexes
            .iter()
            .find(|v| v.cost > 0)
            .expect("a neighbouring hex")
            .hex;
    assert!(
        refused(
            &passed,
            Action::ReactionCharge {
                unit: charger,
                to: away
            }
        )
        .contains("may not move, must attack")
    );
    let charged = play(
        &passed,
        Action::ReactionCharge {
            unit: charger,
            to: start,
        },
    );
    assert!(
        last(&charged).what.contains("from where it stands"),
        "{}",
        last(&charged).what
    );
    let c = charged.unit(charger).expect("charger");
    assert!(c.state.charging);
    let facing = start.neighbor_direction(halt).expect("adjacent").index();
    assert_eq!(c.hex(), Some((start, facing)), "it faces the mover");
    assert!(charged.unit(mover).is_some_and(|u| u.state.charged));
}

/// 004: a passed check lets the leader's cavalry within three hexes of the halted mover charge
/// it; one that must move ends next to the mover where it halted, and a hex next to an earlier
/// hex of the mover's route is refused.
#[test]
fn r5_004_a_charger_at_range_moves_next_to_the_mover_where_it_halted() {
    let s = play(&sample("winceby"), Action::EndPhase);
    let (mover, to, leader, charger) = reaction_setup_at_range(&s);
    let (passed, h) = halted_and_passed(&s, mover, to, leader);
    let halt = h.path[h.at as usize];
    let start = passed
        .unit(charger)
        .and_then(|u| u.hex())
        .expect("on a hex")
        .0;
    assert!(start.unsigned_distance_to(halt) <= 3, "within three hexes");
    let rc =
        hex_commands::reaction_charge_at(&passed, charger, mover, &h.path, Some(h.at as usize))
            .expect("its charge");
    assert_eq!(rc.trigger_at, halt);
    let legal: Vec<_> = rc.moves.legal().map(|v| v.hex).collect();
    assert!(!legal.is_empty(), "it can reach the mover");
    assert!(legal.iter().all(|x| x.unsigned_distance_to(halt) == 1));
    let end = legal[0];
    let charged = play(
        &passed,
        Action::ReactionCharge {
            unit: charger,
            to: end,
        },
    );
    assert!(
        last(&charged).what.contains(" to "),
        "{}",
        last(&charged).what
    );
    assert_eq!(
        charged.unit(charger).and_then(|u| u.hex()).map(|x| x.0),
        Some(end)
    );
    assert!(charged.unit(mover).is_some_and(|u| u.state.charged));
    // Where the mover passed before it halted is not where it is charged.
    if let Some(earlier) = rc.moves.hexes.iter().map(|v| v.hex).find(|x| {
        x.unsigned_distance_to(halt) > 1
            && h.path[..h.at as usize]
                .iter()
                .any(|p| p.unsigned_distance_to(*x) == 1)
    }) {
        assert!(
            !refused(
                &passed,
                Action::ReactionCharge {
                    unit: charger,
                    to: earlier
                }
            )
            .is_empty()
        );
    }
}

#[test]
fn r5_004_a_reaction_check_that_fails_lets_the_move_go_on() {
    let start = sample("winceby");
    let s = play(&start, Action::EndPhase);
    let (mover, to, leader) = reaction_setup(&s);
    let halted = play(
        &s,
        Action::Move {
            unit: mover,
            order: None,
            to: Some(Place::Hex(to)),
            followers: Vec::new(),
        },
    );
    let chit = halted
        .unit(leader)
        .and_then(|u| u.leadership)
        .map(|l| l.command);
    let failed = play(
        &halted,
        Action::ReactionCheck {
            leader,
            dice: Dice::Typed(3),
        },
    );
    assert!(
        last(&failed).what.contains("failed"),
        "{}",
        last(&failed).what
    );
    assert_eq!(
        failed
            .unit(leader)
            .and_then(|u| u.leadership)
            .map(|l| l.command),
        chit,
        "his chit stays"
    );
    let mut g = play(&failed, Action::GoOn);
    // Further check points may halt it again; decline them all.
    while g.game.as_ref().is_some_and(|x| x.state.halted.is_some()) {
        g = play(&g, Action::GoOn);
    }
    let at = g.unit(mover).and_then(|u| u.hex()).map(|x| x.0);
    assert!(
        at == Some(to) || last(&g).what.contains("barred"),
        "it goes on to {to:?} or says why not: {}",
        last(&g).what
    );
    takes_back_and_replays(&start, &g);
}

#[test]
fn r5_004_dragoons_dismount_under_stand_and_still_move_one_hex() {
    let mut start = sample("winceby");
    let dragoons = id(&start, "Eastern Association Dragoons");
    // The leader they trace to (Cromwell, under Charge 1, which may change early only to
    // Muster) holds Stand in this scenario as its designer set it up.
    let pv = hex_commands::preview_moves(&start, dragoons, None).expect("preview");
    let leader = pv.command.tracing.leader().expect("in command").leader.id;
    start
        .units
        .iter_mut()
        .find(|u| u.id == leader)
        .and_then(|u| u.leadership.as_mut())
        .expect("a leader")
        .command = Command::Stand;
    let s = play(&start, Action::EndPhase);
    assert!(s.unit(dragoons).is_some_and(|u| u.state.mounted));
    let off = play(
        &s,
        Action::Formation {
            unit: dragoons,
            mounted: false,
        },
    );
    assert!(off.unit(dragoons).is_some_and(|u| !u.state.mounted));
    assert!(last(&off).what.contains("dismounts"), "{}", last(&off).what);
    let again = refused(
        &off,
        Action::Formation {
            unit: dragoons,
            mounted: true,
        },
    );
    assert!(again.contains("once a turn"), "{again}");
    // Still one hex under Stand.
    let pv = hex_commands::preview_moves(&off, dragoons, None).expect("preview");
    let hex = pv
        .legal()
        .find(|v| v.cost > 0)
        .expect("one hex under Stand")
        .hex;
    let from = off
        .unit(dragoons)
        .and_then(|u| u.hex())
        .expect("on the map")
        .0;
    assert_eq!(from.unsigned_distance_to(hex), 1);
    let moved = play(
        &off,
        Action::Move {
            unit: dragoons,
            order: None,
            to: Some(Place::Hex(hex)),
            followers: Vec::new(),
        },
    );
    takes_back_and_replays(&start, &moved);
}

#[test]
fn r5_004_dragoons_change_formation_only_under_stand() {
    let start = sample("winceby");
    let dragoons = id(&start, "Eastern Association Dragoons");
    let pv = hex_commands::preview_moves(&start, dragoons, None).expect("preview");
    if pv.command.chit == Some(Command::Stand) {
        return;
    }
    let s = play(&start, Action::EndPhase);
    let why = refused(
        &s,
        Action::Formation {
            unit: dragoons,
            mounted: false,
        },
    );
    assert!(why.contains("only under Stand"), "{why}");
}

#[test]
fn r1_000_a_column_broken_by_a_gap_owes_its_pin_tests_before_it_acts_again() {
    let start = sample("bakambo");
    let col = start.columns[0].clone();
    // The second unit on the table strays 4.5" sideways, more than 2" from the one ahead
    // (a referee's doing).
    let on: Vec<UnitId> = col
        .members
        .iter()
        .map(|m| m.unit)
        .filter(|u| start.unit(*u).is_some_and(|x| x.on_table()))
        .collect();
    assert!(on.len() >= 2, "two units of the column on the table");
    let mut stray = start.unit(on[1]).expect("unit").clone();
    let away = sandtable::geom::Point::new(4.5, 0.0);
    for m in &mut stray.models {
        m.pos += away;
    }
    let s = play(
        &start,
        Action::Referee {
            unit: Box::new(stray),
            note: "straggling in the long grass".into(),
        },
    );
    // The override marks the unit as acted: the column's order comes next turn.
    let s = play(&s, Action::EndTurn);
    let broke = play(
        &s,
        Action::Column {
            column: col.id,
            order: ColumnOrder::StandTo,
            dice: Dice::Typed(12),
        },
    );
    assert!(
        last(&broke).what.contains("the column breaks"),
        "{}",
        last(&broke).what
    );
    let owed = broke
        .game
        .as_ref()
        .map(|g| g.state.pin_tests.clone())
        .unwrap_or_default();
    assert!(!owed.is_empty(), "pin tests are owed");
    assert_eq!(
        broke.column(col.id).map(|c| c.state),
        Some(ColumnState::Broken)
    );
    // No unit of the column acts until the tests are taken, next turn too.
    let later = play(&broke, Action::EndTurn);
    let waiting = sandtable::rules::column::waiting(&later, col.id);
    assert!(!waiting.is_empty(), "units still wait to come on");
    if let Some(w) = waiting.first() {
        let why = refused(
            &later,
            Action::Column {
                column: col.id,
                order: ColumnOrder::Enter(*w),
                dice: Dice::Typed(12),
            },
        );
        assert!(why.contains("pin tests come first"), "{why}");
    }
    // Each takes its test: a failure pins the unit.
    let mut g = broke.clone();
    for (i, u) in owed.iter().enumerate() {
        let roll = if i == 0 { 2 } else { 12 };
        g = play(
            &g,
            Action::PinTest {
                unit: *u,
                dice: Dice::Typed(roll),
            },
        );
        let pinned = g.unit(*u).is_some_and(|x| x.state.pinned);
        assert_eq!(pinned, i == 0, "{}", last(&g).what);
    }
    assert!(
        g.game
            .as_ref()
            .is_some_and(|x| x.state.pin_tests.is_empty())
    );
    // A pinned unit does not move; next turn it rallies from it with a pin test.
    let first = owed[0];
    let pinned = g.unit(first).expect("unit").clone();
    let next = play(&g, Action::EndTurn);
    if pinned.on_table() {
        let p = pinned.models[0].pos + sandtable::geom::Point::new(0.0, -1.0);
        let why = refused(
            &next,
            Action::Move {
                unit: first,
                order: None,
                to: Some(Place::Table(p)),
                followers: Vec::new(),
            },
        );
        assert!(why.contains("is pinned"), "{why}");
    }
    let rallied = play(
        &next,
        Action::PinTest {
            unit: first,
            dice: Dice::Typed(12),
        },
    );
    assert!(rallied.unit(first).is_some_and(|u| !u.state.pinned));
    assert!(game::has_acted(&rallied, first), "the rally is its action");
    takes_back_and_replays(&start, &rallied);
}

#[test]
fn r3_002_each_unit_takes_its_ld_check_before_its_order() {
    let start = sample("skirmish");
    let side = sandtable::rules::engine::stages(&start)
        .first()
        .and_then(|st| st.side)
        .expect("a phasing side");
    let u = start
        .units
        .iter()
        .find(|u| {
            u.side == side
                && u.leader().is_some()
                && sandtable::rules::orders::no_order(u).is_none()
        })
        .expect("a unit that may take orders")
        .clone();
    let order = Action::Move {
        unit: u.id,
        order: Some(MoveOrder::Order(OrdersAction::GoToGround)),
        to: None,
        followers: Vec::new(),
    };
    let why = refused(&start, order.clone());
    assert!(why.contains("its Ld check comes first"), "{why}");
    let checked = play(
        &start,
        Action::LeaderCheck {
            unit: u.id,
            dice: Dice::Typed(2),
        },
    );
    let again = refused(
        &checked,
        Action::LeaderCheck {
            unit: u.id,
            dice: Dice::Typed(2),
        },
    );
    assert!(again.contains("taken its Ld check this turn"), "{again}");
    let ordered = play(&checked, order);
    assert!(game::has_acted(&ordered, u.id));
    takes_back_and_replays(&start, &ordered);
}

#[test]
fn a_start_edited_in_both_places_fails_against_the_agreed_scenario() {
    let start = sample("winceby");
    let s = play(&start, Action::EndPhase);
    game::verify(&s, Some(&start)).expect("as played");
    // Edited in the start and the present alike, the fingerprint recorded included.
    let mut forged = s.clone();
    let horse = id(&forged, "Cromwell's Regiment of Horse");
    let bump = |u: &mut Unit| u.strength.current = u.strength.current.saturating_sub(1);
    if let Some(u) = forged.unit_mut(horse) {
        bump(u);
    }
    if let Some(g) = forged.game.as_mut()
        && let Some(u) = g.start.units.iter_mut().find(|u| u.id == horse)
    {
        bump(u);
    }
    let why = game::verify(&forged, None).expect_err("the start no longer matches its fingerprint");
    assert!(matches!(why, game::Mismatch::StartChanged { .. }), "{why}");
    // The forger recomputes the fingerprint too: the file now agrees with itself...
    let edited = game::start_position(&forged).expect("a start");
    if let Some(g) = forged.game.as_mut() {
        g.fingerprint = Some(game::fingerprint(&edited));
    }
    game::verify(&forged, None).expect("consistent with itself");
    // ...but not with the scenario both players agreed on.
    let why = game::verify(&forged, Some(&start)).expect_err("not the agreed start");
    assert!(
        matches!(why, game::Mismatch::NotTheAgreedStart { .. }),
        "{why}"
    );
}

#[test]
fn an_edited_entry_roll_or_dice_state_fails_at_the_first_entry_that_differs() {
    let start = sample("rearguard");
    let mut s = start.clone();
    let ids: Vec<UnitId> = s
        .units
        .iter()
        .filter(|u| u.leadership.is_none())
        .map(|u| u.id)
        .take(3)
        .collect();
    for u in &ids {
        let a = Action::Test {
            unit: *u,
            kind: TestKind::Morale,
            cause: None,
            dice: sandtable::model::game::TestDice::Roll {
                first: Dice::App,
                reroll: None,
                follow_up: Vec::new(),
            },
        };
        if let Ok(p) = game::play(&s, a, 3) {
            s = p.scenario;
        }
    }
    let n = s.game.as_ref().map_or(0, |g| g.log.len());
    assert!(n >= 2, "tests were logged");
    game::verify(&s, Some(&start)).expect("as played");
    // A word changed in entry 2.
    let mut words = s.clone();
    if let Some(g) = words.game.as_mut() {
        g.log[1].what.push_str(" (and it ran away)");
    }
    match game::verify(&words, None) {
        Err(game::Mismatch::Entry { entry, .. }) => assert_eq!(entry, 2),
        other => panic!("{other:?}"),
    }
    // A roll changed in entry 1.
    let mut roll = s.clone();
    if let Some(g) = roll.game.as_mut()
        && let Action::Test {
            dice: sandtable::model::game::TestDice::Roll { first, .. },
            ..
        } = &mut g.log[0].action
    {
        *first = match first {
            Dice::Rolled(v) if v[0] == 6 => Dice::Rolled(vec![5]),
            _ => Dice::Rolled(vec![6]),
        };
    }
    match game::verify(&roll, None) {
        Err(game::Mismatch::Refused { entry, .. } | game::Mismatch::Entry { entry, .. }) => {
            assert_eq!(entry, 1)
        }
        other => panic!("{other:?}"),
    }
    // The dice's state now changed.
    let mut dice = s.clone();
    if let Some(g) = dice.game.as_mut() {
        g.dice ^= 1;
    }
    assert!(matches!(
        game::verify(&dice, None),
        Err(game::Mismatch::Present(_))
    ));
}

#[test]
fn notes_and_bookmarks_are_kept_and_never_replayed() {
    let start = sample("winceby");
    let s = play(&play(&start, Action::EndPhase), Action::EndPhase);
    let noted = game::annotate(&s, 1, "Cromwell waits for Fairfax").expect("note");
    let marked = game::bookmark(&noted, 1, "The horse goes in").expect("bookmark");
    let g = marked.game.as_ref().expect("game");
    assert_eq!(g.log[0].note.as_deref(), Some("Cromwell waits for Fairfax"));
    assert_eq!(g.bookmarks[0].label, "The horse goes in");
    game::verify(&marked, Some(&start)).expect("notes and bookmarks change no position");
    let bytes = sandtable::io::codec::encode_binary(&marked);
    let back = sandtable::io::codec::decode(&bytes).expect("reloads");
    assert_eq!(back.game, marked.game);
    let json = sandtable::io::codec::encode_json(&marked);
    assert_eq!(
        sandtable::io::codec::decode(&json).expect("reloads").game,
        marked.game
    );
    assert!(matches!(
        game::annotate(&s, 9, "x"),
        Err(Refused::NoEntry { entry: 9, of: 2 })
    ));
    let long = "x".repeat(2_001);
    assert!(matches!(
        game::annotate(&s, 1, &long),
        Err(Refused::TooLong { .. })
    ));
}

#[test]
fn what_the_game_would_save_is_checked_before_it_is_kept() {
    let s = sample("winceby");
    let horse = s
        .find_unit("Cromwell's Regiment of Horse")
        .expect("horse")
        .clone();
    // At the note's limit the entry's own words pass 2,000 characters.
    let why = refused(
        &s,
        Action::Referee {
            unit: Box::new(horse.clone()),
            note: "n".repeat(2_000),
        },
    );
    assert!(why.contains("would no longer open"), "{why}");
    // A free move off the map is refused.
    let mut off = horse.clone();
    off.position = Position::Hex {
        hex: hexx::Hex::new(400, 400),
        facing: 0,
    };
    let why = refused(
        &s,
        Action::Referee {
            unit: Box::new(off),
            note: "swept away".into(),
        },
    );
    assert!(why.contains("off the map"), "{why}");
}

/// 004: the other side reacts to the mover where its move halted. Every Parliament cavalry
/// move of Winceby's first Movement Phase that halts, each leader's check passed: every charge
/// then offered is made against the mover at its halt (the rules', the preview's and the
/// game's alike), never at another check point of its route.
#[test]
fn r5_004_a_reaction_charge_is_made_against_the_mover_where_it_halted() {
    use sandtable::preview::{self, Choice, Request};
    let s = play(&sample("winceby"), Action::EndPhase);
    let parliament = side_of(&s, "Parliament");
    let mut charges = 0;
    let mut elsewhere = 0;
    for u in s
        .units
        .iter()
        .filter(|u| u.side == parliament && u.kind == UnitKind::Cavalry && u.hex().is_some())
    {
        let pv = hex_commands::preview_moves(&s, u.id, None).expect("preview");
        for v in pv.legal().filter(|v| v.cost > 0) {
            let Ok(p) = game::play(
                &s,
                Action::Move {
                    unit: u.id,
                    order: None,
                    to: Some(Place::Hex(v.hex)),
                    followers: Vec::new(),
                },
                5,
            ) else {
                continue;
            };
            let mut at = p.scenario;
            let Some(h) = at.game.as_ref().and_then(|g| g.state.halted.clone()) else {
                continue;
            };
            for l in &h.leaders {
                at = play(
                    &at,
                    Action::ReactionCheck {
                        leader: *l,
                        dice: Dice::Typed(6),
                    },
                );
            }
            let h = at
                .game
                .as_ref()
                .and_then(|g| g.state.halted.clone())
                .expect("halted");
            let halt = h.path[h.at as usize];
            for c in &h.chargers {
                let rc =
                    hex_commands::reaction_charge_at(&at, *c, u.id, &h.path, Some(h.at as usize))
                        .expect("an offered charger may charge");
                assert_eq!(rc.trigger_at, halt, "charged where it halted");
                charges += 1;
                if hex_commands::reaction_charge(&at, *c, u.id, &h.path)
                    .is_ok_and(|r| r.trigger_at != halt)
                {
                    elsewhere += 1;
                }
                let o = preview::compute(
                    &at,
                    &Request::new(
                        *c,
                        Choice::HexReaction {
                            trigger: u.id,
                            to: v.hex,
                        },
                    ),
                )
                .expect("its preview");
                let name = at.map.as_hex().expect("hex").label(halt);
                assert!(
                    o.lines
                        .iter()
                        .any(|l| l.text.contains(&format!("halted at {name}"))),
                    "the preview names the halt at {name}: {:?}",
                    o.lines.iter().map(|l| &l.text).collect::<Vec<_>>()
                );
            }
        }
    }
    assert!(charges > 0, "some charge is offered");
    eprintln!(
        "{charges} charges offered; {elsewhere} would be placed at another check point by the first one of the route"
    );
}
