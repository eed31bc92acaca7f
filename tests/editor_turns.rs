//! The turn's own steps played in the editor under egui_kittest, as docs/rules.md reads the
//! seeds ("Playing a game"): a phasing cavalry move halted at a charge-check point, the other
//! side's check for a Charge passed (then the charge dragged in) or failed (then Go on);
//! dragoons dismounting under Stand; the pin tests a broken column owes; and the Log tab's
//! fingerprint, note and bookmark. Each is taken back through the Log tab.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::activity::Activity;
use sandtable::game;
use sandtable::geom::Point;
use sandtable::model::game::{Action, ColumnOrder, Dice, Phase};
use sandtable::model::*;
use sandtable::preview::Choice;
use sandtable::rules::hex_commands;
use sandtable::scene::layout;

#[path = "common/harness.rs"]
mod harness;
#[path = "common/playing.rs"]
mod playing;
#[path = "common/reaction.rs"]
mod reaction;
use harness::{Editor, editor, sample};
use reaction::{reaction_setup, reaction_setup_at_range};

/// Winceby in the editor's Play, in the Movement Phase of Parliament.
fn winceby_movement(s: Scenario) -> Editor {
    let mut e = editor(s);
    e.click("Play mode switch");
    assert_eq!(e.app().activity(), Activity::Play);
    e.click("End phase");
    assert_eq!(game::clock(e.s()).1, Phase::Movement);
    assert!(e.shows("Movement Phase of Parliament"), "the turn bar");
    e
}

fn halt(s: &Scenario) -> Option<sandtable::model::game::Halt> {
    s.game.as_ref().and_then(|g| g.state.halted.clone())
}

fn name(s: &Scenario, u: UnitId) -> String {
    s.unit(u).expect("unit").name.clone()
}

/// The mover dragged to `to` on the map under its move preview: the move halts.
fn move_until_halted(e: &mut Editor, mover: UnitId, to: hexx::Hex) {
    let l = layout(e.s().map.as_hex().expect("hex"));
    let from = e.s().unit(mover).and_then(|u| u.hex()).expect("on a hex").0;
    e.click_map(l.hex_to_world_pos(from));
    assert_eq!(e.app().selection, vec![ItemRef::Unit(mover)]);
    e.preview(Choice::HexMove(None), "Moves under its command");
    e.drag_map(l.hex_to_world_pos(from), l.hex_to_world_pos(to));
    let h = halt(e.s()).unwrap_or_else(|| panic!("halted: {}", e.app().status));
    assert_eq!(h.mover, mover);
    assert!(e.shows("a charge-check point"), "the halt is shown");
    assert!(e.last_entry().contains("halted at"), "{}", e.last_entry());
}

/// While a move is halted, another unit of the phasing side aimed from the keyboard is told
/// why it may not move now, in the aim's own words: "Aim: …", never "Aim: refused: …".
#[test]
fn r5_004_an_aim_during_a_halt_says_why_without_stacking_prefixes() {
    let mut e = winceby_movement(sample("winceby"));
    let (mover, to, _, _) = reaction_setup_at_range(e.s());
    move_until_halted(&mut e, mover, to);
    let phasing = e.s().unit(mover).expect("mover").side;
    let others: Vec<UnitId> = e
        .s()
        .units
        .iter()
        .filter(|u| u.side == phasing && u.id != mover && u.is_combat_unit() && u.hex().is_some())
        .map(|u| u.id)
        .collect();
    let mut halted = 0;
    for other in others {
        e.h.state_mut().selection = vec![ItemRef::Unit(other)];
        e.h.run();
        e.h.run();
        for key in [Key::ArrowUp, Key::Escape] {
            e.key(key);
            let status = e.app().status.clone();
            if key == Key::ArrowUp && e.app().aim().is_some() {
                assert!(status.starts_with("Aim: "), "{status}");
                assert!(!status.contains("refused: "), "{status}");
                halted += usize::from(status.contains("halted"));
            }
        }
    }
    assert!(halted > 0, "no aim was answered with the halt");
}

#[test]
fn r5_004_a_reaction_charge_checked_and_charged_in_the_editor_is_taken_back_whole() {
    let s = sample("winceby");
    let mut e = winceby_movement(s);
    let before = e.s().clone();
    let (mover, to, leader, charger) = reaction_setup_at_range(e.s());
    move_until_halted(&mut e, mover, to);
    // The turn bar names the side that acts now: the one that reacts.
    let royalists = e.s().sides[1].name.clone();
    assert!(e.shows(&format!("{royalists} to react")), "the turn bar");
    // While the move is halted nothing else is played: End phase is refused.
    e.click("End phase");
    assert!(halt(e.s()).is_some(), "{}", e.app().status);
    // The Royalist leader checks for a Charge with a typed 6 (4+ passes).
    let leader_name = name(e.s(), leader);
    e.h.get_by_label("D6:").set_value_accesskit(6.0);
    e.h.run();
    e.press_button(&format!("Check {leader_name}"));
    assert!(e.last_entry().contains(&leader_name), "{}", e.last_entry());
    let h = halt(e.s()).expect("still halted");
    assert!(!h.leaders.contains(&leader), "a leader checks once");
    assert!(
        h.chargers.contains(&charger),
        "a passed check lets his cavalry charge"
    );
    let charger_name = name(e.s(), charger);
    // The charge: its preview opened from the halt, the charger dragged to a legal hex. The
    // preview's long name ("Reaction charge against ...") leaves the dock as wide as it was.
    let dock = e.app().dock_rect().expect("the dock").width();
    e.press_button(&format!("Preview {charger_name}'s charge"));
    e.h.run();
    let now = e.app().dock_rect().expect("the dock").width();
    assert!(
        (now - dock).abs() < 1.0,
        "the dock went from {dock} to {now} wide"
    );
    assert_eq!(e.app().selection, vec![ItemRef::Unit(charger)]);
    assert!(
        matches!(e.app().preview_mode(), Some(Choice::HexReaction { trigger, .. }) if trigger == mover)
    );
    let rc = hex_commands::reaction_charge_at(e.s(), charger, mover, &h.path, Some(h.at as usize))
        .expect("its charge");
    let end = rc
        .moves
        .legal()
        .filter(|v| v.cost > 0)
        .map(|v| v.hex)
        .min_by_key(|x| x.unsigned_distance_to(h.path[h.at as usize]))
        .expect("a legal end");
    let l = layout(e.s().map.as_hex().expect("hex"));
    let from = e
        .s()
        .unit(charger)
        .and_then(|u| u.hex())
        .expect("on a hex")
        .0;
    e.drag_map(l.hex_to_world_pos(from), l.hex_to_world_pos(end));
    assert_eq!(
        e.s().unit(charger).and_then(|u| u.hex()).map(|x| x.0),
        Some(end),
        "{}",
        e.app().status
    );
    assert!(e.last_entry().contains("charges"), "{}", e.last_entry());
    assert!(
        e.s().unit(charger).is_some_and(|u| u.state.charging),
        "the charger is charging"
    );
    // Then the mover goes on; the exchange is over, and the charge's preview with it.
    e.press_button("Go on");
    assert!(halt(e.s()).is_none(), "{}", e.app().status);
    assert!(
        !matches!(e.app().preview_mode(), Some(Choice::HexReaction { .. })),
        "a reaction's preview closes with the halt"
    );
    let played = e.s().clone();
    assert!(played.game.as_ref().is_some_and(|g| g.log.len() >= 5));
    // One Take back undoes the whole exchange: the move, the check, the charge, Go on.
    e.press_button("Take back");
    assert_eq!(e.s().units, before.units, "{}", e.app().status);
    assert!(halt(e.s()).is_none());
}

/// Cavalry next to the halted mover charges it where it stands, by its own button: it may not
/// leave the mover's zone of control, so there is no hex to drag it to.
#[test]
fn r5_004_cavalry_next_to_the_halted_mover_charges_by_its_button() {
    let mut e = winceby_movement(sample("winceby"));
    let (mover, to, leader) = reaction_setup(e.s());
    move_until_halted(&mut e, mover, to);
    e.h.get_by_label("D6:").set_value_accesskit(6.0);
    e.h.run();
    e.press_button(&format!("Check {}", name(e.s(), leader)));
    let h = halt(e.s()).expect("still halted");
    let at = h.path[h.at as usize];
    let charger = *h
        .chargers
        .iter()
        .find(|c| {
            e.s()
                .unit(**c)
                .and_then(|u| u.hex())
                .is_some_and(|(x, _)| x.unsigned_distance_to(at) == 1)
        })
        .expect("a charger next to the mover");
    let before = e
        .s()
        .unit(charger)
        .and_then(|u| u.hex())
        .expect("on a hex")
        .0;
    e.press_button(&format!("Preview {}'s charge", name(e.s(), charger)));
    assert!(e.shows("it charges where it stands, moving no hex"));
    e.press_button(&format!("{} charges where it stands", name(e.s(), charger)));
    assert!(
        !matches!(e.app().preview_mode(), Some(Choice::HexReaction { .. })),
        "the charge made, its preview closes"
    );
    assert!(
        e.last_entry().contains("from where it stands"),
        "{}",
        e.last_entry()
    );
    let c = e.s().unit(charger).expect("charger");
    assert_eq!(c.hex().map(|x| x.0), Some(before), "it did not move");
    assert!(c.state.charging, "the charger is charging");
    assert!(e.s().unit(mover).is_some_and(|u| u.state.charged));
}

#[test]
fn r5_004_a_failed_check_leaves_nobody_to_react_and_the_move_goes_on() {
    let s = sample("winceby");
    let mut e = winceby_movement(s);
    let (mover, to, leader) = reaction_setup(e.s());
    move_until_halted(&mut e, mover, to);
    let leader_name = name(e.s(), leader);
    e.h.get_by_label("D6:").set_value_accesskit(1.0);
    e.h.run();
    e.press_button(&format!("Check {leader_name}"));
    let h = halt(e.s()).expect("still halted until Go on");
    assert!(h.chargers.is_empty(), "a failed check lets nobody charge");
    if h.leaders.is_empty() {
        assert!(e.shows("Nobody else may react here."));
    }
    e.press_button("Go on");
    assert!(halt(e.s()).is_none());
    let at = e.s().unit(mover).and_then(|u| u.hex()).map(|x| x.0);
    assert!(
        at == Some(to) || e.last_entry().contains("barred"),
        "it goes on to its destination or says why not: {}",
        e.last_entry()
    );
}

/// Stepping back through the log to a position where a move was halted shows the halt as it was,
/// its reactions not offered (the game is not there), and the Rules panel keeps its height, so
/// Step back stays where the pointer is.
#[test]
fn a_halt_replayed_from_the_log_offers_no_reaction_and_step_back_stays_put() {
    let s = sample("winceby");
    let mut e = winceby_movement(s);
    let (mover, to, _) = reaction_setup(e.s());
    move_until_halted(&mut e, mover, to);
    e.press_button("Go on");
    assert!(halt(e.s()).is_none());
    let button = |e: &Editor| e.h.get_by_label("Step back").rect();
    let before = button(&e);
    e.press_button("Step back");
    assert!(
        halt(e.s()).is_some(),
        "the position before Go on was halted"
    );
    assert!(e.shows("Replaying the log: Back to the present to react."));
    assert!(
        e.h.get_by_label("Go on").accesskit_node().is_disabled(),
        "a replayed halt is not played from"
    );
    assert_eq!(button(&e), before, "Step back did not move");
    e.press_button("Step back");
    assert_eq!(button(&e), before, "nor on the step before");
    e.press_button("Back to the present");
    assert!(halt(e.s()).is_none());
}

#[test]
fn r5_004_dragoons_dismount_under_stand_in_the_editor() {
    let mut s = sample("winceby");
    let dragoons = s
        .find_unit("Eastern Association Dragoons")
        .expect("dragoons")
        .id;
    // Their leader holds Stand, as the designer set the scenario up.
    let pv = hex_commands::preview_moves(&s, dragoons, None).expect("preview");
    let leader = pv.command.tracing.leader().expect("in command").leader.id;
    s.units
        .iter_mut()
        .find(|u| u.id == leader)
        .and_then(|u| u.leadership.as_mut())
        .expect("a leader")
        .command = Command::Stand;
    let mut e = winceby_movement(s);
    e.select("Eastern Association Dragoons");
    assert!(e.shows("Formation: mounted (cavalry rules)"));
    e.press_button("Dismount");
    assert!(e.last_entry().contains("dismounts"), "{}", e.last_entry());
    assert!(e.s().unit(dragoons).is_some_and(|u| !u.state.mounted));
    assert!(e.shows("Formation: dismounted (infantry rules)"));
    // Once a turn: the Rules panel offers no second change, and nothing changes.
    assert!(
        e.h.get_by_label("Mount").accesskit_node().is_disabled(),
        "a second change is not offered"
    );
    let after = e.s().clone();
    e.press_button("Mount");
    assert_eq!(e.s().units, after.units);
    e.press_button("Take back");
    assert!(e.s().unit(dragoons).is_some_and(|u| u.state.mounted));
}

/// Bakambo with its column broken by a straggler more than 2" aside (a referee's override,
/// then the next turn's Stand To): the pin tests are owed.
fn bakambo_broken() -> Scenario {
    let play = |s: &Scenario, a: Action| game::play(s, a, 7).expect("played").scenario;
    let start = sample("bakambo");
    let col = start.columns[0].clone();
    let on: Vec<UnitId> = col
        .members
        .iter()
        .map(|m| m.unit)
        .filter(|u| start.unit(*u).is_some_and(|x| x.on_table()))
        .collect();
    let mut stray = start.unit(on[1]).expect("unit").clone();
    for m in &mut stray.models {
        m.pos += Point::new(4.5, 0.0);
    }
    let s = play(
        &start,
        Action::Referee {
            unit: Box::new(stray),
            note: "straggling".into(),
        },
    );
    let s = play(&s, Action::EndTurn);
    play(
        &s,
        Action::Column {
            column: col.id,
            order: ColumnOrder::StandTo,
            dice: Dice::Typed(12),
        },
    )
}

#[test]
fn r1_000_a_broken_columns_pin_tests_are_taken_in_the_editor() {
    let s = bakambo_broken();
    let owed = s
        .game
        .as_ref()
        .map(|g| g.state.pin_tests.clone())
        .unwrap_or_default();
    assert!(owed.len() >= 2, "{owed:?}");
    let mut e = editor(s.clone());
    if e.app().activity() != Activity::Play {
        e.click("Play mode switch");
    }
    // A failed test (2 under Discipline) pins the first; a 12 leaves the second free.
    for (i, u) in owed.iter().take(2).enumerate() {
        let unit_name = name(e.s(), *u);
        e.select(&unit_name);
        assert!(e.shows("Pin test owed"), "{unit_name}");
        let roll = if i == 0 { 2.0 } else { 12.0 };
        e.h.get_by_label("Pin test, 2D6:").set_value_accesskit(roll);
        e.h.run();
        e.press_button("Take the pin test");
        assert!(
            e.last_entry().contains("pin test"),
            "{}: {}",
            e.last_entry(),
            e.app().status
        );
        let pinned = e.s().unit(*u).is_some_and(|x| x.state.pinned);
        assert_eq!(pinned, i == 0, "{}", e.last_entry());
    }
    let first = name(e.s(), owed[0]);
    e.select(&first);
    assert!(e.shows("Pinned: it rallies from it with a pin test"));
    let played = e.s().clone();
    e.take_all_back(&sample("bakambo"));
    assert_ne!(e.s(), &played);
}

#[test]
fn the_log_tab_shows_the_fingerprint_and_keeps_a_note_and_a_bookmark() {
    let s = sample("winceby");
    let mut e = winceby_movement(s);
    let fingerprint = e
        .s()
        .game
        .as_ref()
        .and_then(|g| g.fingerprint.clone())
        .expect("a fingerprint of the start");
    e.click("Log");
    let short: String = fingerprint.chars().take(16).collect();
    assert!(e.shows(&format!("Start fingerprint: {short}")));
    // A bookmark after the first entry.
    e.type_into("Bookmark here:", "Into the Movement Phase");
    e.press_button("Add bookmark");
    let g = e.s().game.clone().expect("game");
    assert_eq!(g.bookmarks.len(), 1);
    assert_eq!(g.bookmarks[0].label, "Into the Movement Phase");
    assert!(e.shows("Bookmark: Into the Movement Phase"));
    // A note on entry 1: shown in the log, kept in the file, the position unchanged.
    let units = e.s().units.clone();
    e.press_button("Start of the game");
    e.press_button("Step on");
    e.type_into("Note on entry 1:", "agreed by both players");
    e.press_button("Save note");
    e.press_button("Back to the present");
    assert_eq!(e.app().replaying(), None);
    let g = e.s().game.clone().expect("game");
    assert_eq!(g.log[0].note.as_deref(), Some("agreed by both players"));
    assert_eq!(e.s().units, units, "a note changes no unit");
    assert!(e.shows("Note: agreed by both players"));
    // The game with its note checks as played.
    game::verify(e.s(), None).expect("a note does not break the log");
}

/// Sides in turn: the Command Phase asks nothing of units, so E ends it at once; ending a
/// Movement Phase (E, or the button) or the turn (Shift+E) while units of the phasing side have
/// not acted asks first, naming them; Escape keeps playing with nothing logged, Enter ends it.
#[test]
fn ending_a_phase_with_units_yet_to_act_asks_first_and_escape_keeps_playing() {
    let mut e = editor(sample("winceby"));
    e.key(Key::F5);
    let turn = e.s().turn;
    e.key(Key::E);
    assert_eq!(game::clock(e.s()), (turn, Phase::Movement), "no question");
    assert!(!e.shows("End the phase?"));
    let logged = e.log_len();
    e.click("End phase");
    assert!(e.shows("End the phase?"), "{}", e.app().status);
    assert!(e.shows("units have not acted yet"));
    e.key(Key::Escape);
    assert!(!e.shows("End the phase?"));
    assert_eq!(e.log_len(), logged, "nothing ended");
    assert!(e.shows("Movement Phase of Parliament"));
    e.keys(Modifiers::SHIFT, Key::E);
    assert!(e.shows("End the turn?"));
    // The question has the keyboard: an arrow does not reach the map.
    let before = e.s().clone();
    e.key(Key::ArrowLeft);
    assert_eq!(e.s(), &before);
    e.key(Key::Enter);
    assert!(!e.shows("End the turn?"));
    assert_eq!(game::clock(e.s()), (turn + 1, Phase::Command));
    assert!(e.app().status.contains("Ctrl+Z takes it back"));
}

/// Tab, and the one unit it selects.
fn tab(e: &mut Editor) -> UnitId {
    e.keys(Modifiers::NONE, Key::Tab);
    match e.app().selection[..] {
        [ItemRef::Unit(u)] => u,
        ref other => panic!("Tab selected {other:?}"),
    }
}

/// Winceby in Play, its Command Phase ended (E): the first side's Movement Phase.
fn winceby_in_its_movement_phase() -> Editor {
    let mut e = editor(sample("winceby"));
    e.key(Key::F5);
    e.key(Key::E);
    assert_eq!(game::clock(e.s()).1, Phase::Movement);
    e
}

/// In Play's Movement Phase Tab walks only the units yet to act: the side acting's units that
/// have not moved, never one of the other side or one that has acted.
#[test]
fn tab_in_a_movement_phase_walks_the_units_yet_to_act() {
    let mut e = winceby_in_its_movement_phase();
    let yet = sandtable::rules::engine::turn::left_unmoved(e.s(), game::stage(e.s()), false);
    assert!(yet.len() > 1, "{yet:?}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..yet.len() * 2 {
        let u = tab(&mut e);
        assert!(yet.contains(&u), "Tab reached {u}, which is not to act");
        seen.insert(u);
    }
    assert_eq!(seen.len(), yet.len(), "every unit yet to act is reached");
    assert!(e.app().status.contains("yet to act"), "{}", e.app().status);
}

/// Victory in Play: the turn bar shows each side's points (the breakdown named for assistive
/// tools), the Log tab how they are made up; the end of the last turn says who won, the game
/// then refuses End turn, and stepping back through the log shows the score as it was then.
#[test]
fn victory_the_turn_bar_keeps_the_score_and_the_last_turn_ends_the_game() {
    let mut s = sample("winceby");
    let v = s.rules.victory.clone().expect("Winceby keeps score");
    s.turn = v.last_turn.expect("a last turn");
    // A Royalist regiment stands in Winceby village (3 VP, last occupied).
    let village = s
        .objectives
        .iter()
        .find(|o| o.name == "Winceby village")
        .expect("the village")
        .clone();
    let Place::Hex(hex) = village.place else {
        panic!("a hex objective")
    };
    let savile = s.find_unit("Savile's Regiment of Horse").expect("unit").id;
    s.unit_mut(savile).expect("unit").position = Position::Hex { hex, facing: 0 };
    let mut e = editor(s);
    e.click("Play mode switch");
    assert!(
        e.shows(
            "Score: Parliament (Eastern Association) 0 · Royalists 3 (the game ends after turn 10)"
        ),
        "the turn bar's score"
    );
    e.click("Log");
    assert!(e.shows("Score now"));
    assert!(e.shows("Royalists 3: Winceby village 3"));
    e.keys(Modifiers::SHIFT, Key::E);
    // Units have not acted: the end of the turn asks first; Enter ends it.
    if e.app().game_log().is_empty() {
        e.key(Key::Enter);
    }
    assert!(
        e.last_entry().contains(
            "End of turn 10, the last: the game is over, victory to Royalists by 3 points (3 to 0)"
        ),
        "{}",
        e.last_entry()
    );
    assert!(e.shows("Game over: victory to Royalists by 3 points (3 to 0)"));
    let n = e.log_len();
    e.click("End turn");
    assert_eq!(e.log_len(), n, "the game takes no more turns");
    e.press_button("Step back");
    assert_eq!(e.app().replaying(), Some(n - 1), "{}", e.app().status);
    assert!(e.shows(&match n - 1 {
        0 => "Score at the start".to_string(),
        k => format!("Score after entry {k}"),
    }));
    assert!(
        !e.shows("Game over"),
        "before the last entry the game went on"
    );
    e.press_button("Back to the present");
    assert!(e.shows("Game over"));
}

/// The arrows on a leader in Play do what he may do in this phase: in the Command Phase they
/// say C changes his chit; in a Movement Phase, where a leader moves on his own (R5), his
/// move opens and the arrows aim it like any unit's.
#[test]
fn the_arrows_on_a_leader_say_what_the_phase_lets_him_do() {
    let mut e = editor(sample("winceby"));
    e.click("Play mode switch");
    e.select("Earl of Manchester");
    e.key(Key::ArrowLeft);
    assert!(
        e.app().status.contains("C changes his chit"),
        "{}",
        e.app().status
    );
    e.click("End phase");
    assert_eq!(game::clock(e.s()).1, Phase::Movement);
    e.key(Key::Escape);
    e.select("Earl of Manchester");
    assert_eq!(e.app().preview_mode(), Some(Choice::HexMove(None)));
    e.key(Key::ArrowLeft);
    assert!(e.app().status.starts_with("Aim:"), "{}", e.app().status);
    e.key(Key::Enter);
    let earl = e.s().find_unit("Earl of Manchester").expect("the earl").id;
    assert!(game::has_acted(e.s(), earl), "{}", e.app().status);
}

/// Tab and Shift+Tab from a unit that has just acted go on to the units yet to act after and
/// before it in the order of battle, not back to either end of the list.
#[test]
fn tab_and_shift_tab_from_a_unit_that_acted_go_on_from_where_it_stands() {
    let s = game::play(&sample("winceby"), Action::EndPhase, 5)
        .expect("the Movement Phase")
        .scenario;
    let mut e = editor(s.clone());
    e.click("Play mode switch");
    let selected = |e: &Editor| match e.app().selection[..] {
        [ItemRef::Unit(u)] => u,
        ref other => panic!("{other:?}"),
    };
    let n = sandtable::rules::engine::turn::left_unmoved(&s, game::stage(&s), false).len();
    let mut seq = Vec::new();
    for _ in 0..n {
        e.keys(Modifiers::NONE, Key::Tab);
        seq.push(selected(&e));
    }
    // A unit in the middle of the walk that may move now.
    let (k, action) = (1..n - 1)
        .find_map(|k| {
            let pv = hex_commands::preview_moves(&s, seq[k], None).ok()?;
            let hex = pv.legal().find(|h| h.cost > 0)?.hex;
            let a = Action::Move {
                unit: seq[k],
                order: None,
                to: Some(Place::Hex(hex)),
                followers: Vec::new(),
            };
            game::play(&s, a.clone(), 5).is_ok().then_some((k, a))
        })
        .expect("a unit in the middle that may move");
    let moved = game::play(&s, action, 5).expect("moves").scenario;
    let mut e = editor(moved);
    e.click("Play mode switch");
    for (key, want) in [
        (Modifiers::SHIFT, seq[k - 1]),
        (Modifiers::NONE, seq[k + 1]),
    ] {
        e.h.state_mut().selection = vec![ItemRef::Unit(seq[k])];
        e.h.run();
        e.keys(key, Key::Tab);
        assert_eq!(selected(&e), want, "{key:?}: {}", e.app().status);
    }
}

/// In R5's Command Phase Tab walks the leaders, whose chits change then; and the count in the
/// status bar numbers each unit once, in order, however the walk crosses from side to side.
#[test]
fn tab_in_the_command_phase_walks_the_leaders_and_counts_steadily() {
    let mut e = editor(sample("winceby"));
    e.key(Key::F5);
    assert_eq!(game::clock(e.s()).1, Phase::Command);
    let leaders: std::collections::BTreeSet<UnitId> = e
        .s()
        .units
        .iter()
        .filter(|u| u.leadership.is_some() && u.hex().is_some() && u.in_play())
        .map(|u| u.id)
        .collect();
    let count = |e: &Editor| {
        let st = e.app().status.clone();
        let (_, tail) = st.rsplit_once('(').expect("a count");
        let (k, n) = tail.split_once(" of ").expect("k of n");
        let n: String = n.chars().take_while(char::is_ascii_digit).collect();
        (
            k.parse::<usize>().expect("k"),
            n.parse::<usize>().expect("n"),
        )
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut last = None;
    for _ in 0..leaders.len() * 2 {
        let u = tab(&mut e);
        assert!(leaders.contains(&u), "Tab reached {u}, no leader");
        seen.insert(u);
        let (k, n) = count(&e);
        assert_eq!(n, leaders.len(), "{}", e.app().status);
        if let Some(prev) = last {
            assert_eq!(
                k,
                prev % n + 1,
                "the count steps by one: {}",
                e.app().status
            );
        }
        last = Some(k);
    }
    assert_eq!(seen, leaders, "every leader is reached");
    // A leader whose chit has changed this phase has acted: Tab passes him by.
    let earl = e.s().find_unit("Earl of Manchester").expect("the earl").id;
    let changed = game::play(
        &sample("winceby"),
        Action::Command {
            leader: earl,
            command: Command::Attack,
        },
        1,
    )
    .expect("Advance to Attack")
    .scenario;
    let mut e = editor(changed);
    assert!(e.app().playing(), "a game under way opens in Play");
    for _ in 0..leaders.len() * 2 {
        e.keys(Modifiers::NONE, Key::Tab);
        assert_ne!(e.app().selection, vec![ItemRef::Unit(earl)], "he has acted");
    }
    assert!(
        e.app()
            .status
            .contains(&format!("of {}", leaders.len() - 1)),
        "{}",
        e.app().status
    );
}

/// A move's preview open when the turn ends does not stand over the next Command Phase, where
/// nothing moves: it closes, and the chits are the phase's business.
#[test]
fn a_move_preview_closes_when_the_next_command_phase_begins() {
    let mut e = winceby_in_its_movement_phase();
    e.keys(Modifiers::NONE, Key::Tab);
    assert!(
        matches!(e.app().preview_mode(), Some(Choice::HexMove(_))),
        "{:?}",
        e.app().preview_mode()
    );
    e.keys(Modifiers::SHIFT, Key::E);
    assert!(e.shows("End the turn?"));
    e.key(Key::Enter);
    assert_eq!(game::clock(e.s()).1, Phase::Command);
    assert_eq!(e.app().preview_mode(), None);
}

/// In Play the preview of a unit whose side is not acting agrees with the game: the Rules
/// panel says why it may not move now, and a place its rules would allow reads refused, with
/// the game's reason, so a drop there is refused as the game refuses it.
#[test]
fn in_play_another_sides_unit_previews_its_move_as_refused_with_the_games_reason() {
    let mut e = winceby_in_its_movement_phase();
    let acting = game::stage(e.s()).side.expect("one side moves");
    let other = e
        .s()
        .units
        .iter()
        .find(|u| u.side != acting && u.is_combat_unit() && u.hex().is_some())
        .expect("a unit of the other side")
        .id;
    let mut rules = hex_commands::HexRules::new(e.s()).expect("hex rules");
    let p = rules.preview(other, None).expect("its preview");
    let to = p
        .legal()
        .map(|v| v.hex)
        .find(|h| *h != p.start)
        .expect("a hex its rules allow");
    e.h.state_mut().selection = vec![ItemRef::Unit(other)];
    e.h.run();
    e.h.state_mut().open_preview(Choice::HexMove(None));
    e.h.run();
    assert!(e.shows("Before it moves:"), "the panel says why");
    let at = layout(e.s().map.as_hex().expect("hex")).hex_to_world_pos(to);
    let g =
        e.h.state_mut()
            .preview_ghost(Point::new(at.x, at.y))
            .expect("a ghost");
    assert!(!g.legal, "{}", g.text);
    assert!(g.text.contains("Movement Phase of"), "{}", g.text);
}

/// R1, a unit on its own, played: in the slavers' Movement Phase of Bakambo the Arab
/// Musketeers (in no column) open on their move on their own, and a drag moves the whole unit
/// as a block along a legal route, logged as the game's move; a drag onto the impassable kopje
/// is refused and moves nothing.
#[test]
fn r1_in_play_a_unit_outside_the_column_is_dragged_on_its_own() {
    let base = sample("bakambo");
    let slavers = base.sides[1].id;
    let mut s = game::play(&base, Action::EndTurn, 5)
        .expect("a game starts")
        .scenario;
    for _ in 0..8 {
        let st = game::stage(&s);
        if st.phase == Phase::Movement && st.side == Some(slavers) {
            break;
        }
        s = game::play(&s, Action::EndPhase, 5)
            .expect("the next phase")
            .scenario;
    }
    let id = s.find_unit("Arab Musketeers").expect("musketeers").id;
    let before = s.unit(id).expect("musketeers").clone();
    let from = before
        .leader()
        .or(before.models.first())
        .expect("a model")
        .pos;
    let mut e = editor(s);
    assert_eq!(e.app().activity(), Activity::Play);
    e.select("Arab Musketeers");
    assert_eq!(e.app().preview_mode(), Some(Choice::Alone));
    assert!(
        e.shows("moves on its own, Mv 6\""),
        "the Rules panel says how it moves"
    );
    let n = e.log_len();
    e.drag_map(from, Point::new(45.0, 21.0));
    assert_eq!(e.log_len(), n, "the kopje is impassable: nothing is played");
    assert_eq!(e.s().unit(id), Some(&before));
    e.drag_map(from, Point::new(57.0, 19.0));
    assert_eq!(e.log_len(), n + 1, "{}", e.app().status);
    assert!(
        e.last_entry().contains("Arab Musketeers moves"),
        "{}",
        e.last_entry()
    );
    let after = e.s().unit(id).expect("musketeers");
    let shift = Point::new(57.0, 19.0) - from;
    for (a, b) in before.models.iter().zip(&after.models) {
        assert!(
            (b.pos - a.pos - shift).length() < 0.05,
            "model {} left the block",
            a.id
        );
    }
}
