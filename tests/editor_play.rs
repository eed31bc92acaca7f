//! Play mode in the editor, driven through accessible labels with egui_kittest: the Edit/Play
//! switch, what Play puts away and refuses, referee overrides with their note, a turn of
//! each sample played, taken back and replayed, and moves and chits from the keyboard.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::activity::Activity;
use sandtable::edit::ops::selection::{Nudge, nudged_hex};
use sandtable::game;
use sandtable::geom::Point;
use sandtable::model::game::{Action, Phase};
use sandtable::model::*;
use sandtable::preview::Choice;
use sandtable::rules::hex_commands::HexRules;
use sandtable::scene::layout;

#[path = "common/harness.rs"]
mod harness;
#[path = "common/playing.rs"]
mod playing;
use harness::{editor, sample};

/// A hex `unit` may end its move on under its command, with no unit on it.
fn free_legal_hex(s: &Scenario, unit: UnitId) -> Option<hexx::Hex> {
    let mut rules = HexRules::new(s).ok()?;
    let p = rules.preview(unit, None).ok()?;
    let taken = |h: hexx::Hex| s.units.iter().any(|u| u.hex().is_some_and(|(x, _)| x == h));
    p.legal()
        .map(|v| v.hex)
        .find(|h| *h != p.start && !taken(*h))
}

/// The hexes `unit` may end its move on under its command.
fn legal_hexes(s: &Scenario, unit: UnitId) -> Vec<hexx::Hex> {
    let Ok(mut rules) = HexRules::new(s) else {
        return Vec::new();
    };
    rules
        .preview(unit, None)
        .map(|p| p.legal().map(|v| v.hex).collect())
        .unwrap_or_default()
}

/// An order of moves, one hex each, in which every unit of `movers` moves under the rules
/// (searched through the game itself): the unit with the fewest choices first, backing up when
/// one is left with none. A leader is sent only to a hex no unit stands on (it is picked on the
/// map by a click).
fn plan_moves(s: &Scenario, movers: &[(UnitId, String)]) -> Option<Vec<(UnitId, hexx::Hex)>> {
    if movers.is_empty() {
        return Some(Vec::new());
    }
    let options = |u: UnitId| -> Vec<hexx::Hex> {
        let from = s.unit(u).and_then(|x| x.hex()).map(|h| h.0);
        let leader = s.unit(u).is_some_and(|x| x.is_leader());
        legal_hexes(s, u)
            .into_iter()
            .filter(|h| Some(*h) != from)
            .filter(|h| {
                !leader
                    || !s
                        .units
                        .iter()
                        .any(|x| x.hex().is_some_and(|(y, _)| y == *h))
            })
            .collect()
    };
    let (k, opts) = movers
        .iter()
        .enumerate()
        .map(|(k, (u, _))| (k, options(*u)))
        .min_by_key(|(_, o)| o.len())?;
    let unit = movers[k].0;
    let rest: Vec<(UnitId, String)> = movers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != k)
        .map(|(_, m)| m.clone())
        .collect();
    for to in opts {
        let Ok(p) = game::play(
            s,
            Action::Move {
                unit,
                order: None,
                to: Some(Place::Hex(to)),
                followers: Vec::new(),
            },
            1,
        ) else {
            continue;
        };
        // A move that halts for the other side's reaction is not one the plan wants.
        if p.scenario
            .game
            .as_ref()
            .is_some_and(|g| g.state.halted.is_some())
        {
            continue;
        }
        if let Some(mut plan) = plan_moves(&p.scenario, &rest) {
            plan.insert(0, (unit, to));
            return Some(plan);
        }
    }
    None
}

/// Points within `r` of `c` on a lattice, nearest the ring of radius `r * 0.7` first.
fn around(c: Point, r: f32, step: f32) -> Vec<Point> {
    let n = (r / step) as i32;
    let mut v: Vec<Point> = (-n..=n)
        .flat_map(|y| (-n..=n).map(move |x| c + Point::new(x as f32, y as f32) * step))
        .filter(|p| p.distance(c) <= r && p.distance(c) > 1.0)
        .collect();
    v.sort_by(|a, b| {
        (a.distance(c) - r * 0.7)
            .abs()
            .total_cmp(&(b.distance(c) - r * 0.7).abs())
    });
    v
}

/// `unit` stands on `to`, moved by one logged action (the log held `logged` entries before),
/// and has acted this turn.
fn moved_once(e: &harness::Editor, unit: UnitId, to: hexx::Hex, logged: usize) {
    assert_eq!(
        e.s().unit(unit).and_then(|u| u.hex()).map(|h| h.0),
        Some(to),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), logged + 1, "one move, logged");
    assert!(game::has_acted(e.s(), unit));
}

/// A Winceby unit on the map and the map point of its hex.
fn winceby_unit(s: &Scenario) -> (UnitId, Point) {
    let u = s
        .units
        .iter()
        .find(|u| u.is_combat_unit() && u.hex().is_some())
        .expect("a unit on the map");
    let at = layout(s.map.as_hex().expect("hex")).hex_to_world_pos(u.hex().expect("hex").0);
    (u.id, at)
}

#[test]
fn play_mode_puts_the_authoring_tools_away_and_refuses_an_authoring_edit() {
    let s = sample("winceby");
    let (unit, at) = winceby_unit(&s);
    let mut e = editor(s.clone());
    assert_eq!(
        e.app().activity(),
        Activity::Edit,
        "a scenario opens in Edit"
    );
    assert!(e.shows("Palette"), "Edit shows the palette");
    let before = e.canvas();
    e.click("Play mode switch");
    assert_eq!(e.app().activity(), Activity::Play);
    assert!(!e.shows("Palette"), "Play puts the palette away");
    assert!(e.shows("Order of battle"), "the forces take its place");
    assert_eq!(e.canvas(), before, "the map keeps its place");
    // Selecting a unit opens its rule preview at once; its inspector is read-only (Play shows
    // the log in the dock at first).
    e.click_map(at);
    assert!(e.shows("No entries yet"), "the Log tab");
    e.click("Inspector");
    assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)]);
    assert!(e.app().preview_mode().is_some(), "Play previews the unit");
    assert!(e.h.get_by_label("Name").accesskit_node().is_disabled());
    assert!(e.shows("Read-only in Play"));
    // An authoring edit (Delete) is refused, with the reason over the map.
    e.key(Key::Delete);
    assert_eq!(e.s(), &s, "nothing deleted");
    assert!(
        e.app().status.contains("not edited in Play"),
        "{}",
        e.app().status
    );
    // The map is not painted in Play: the paint tools are refused.
    e.key(Key::A);
    assert_eq!(e.app().tool, sandtable::app::tools::Tool::Select);
    assert_eq!(e.canvas(), before, "nor did the notice move the map");
    // F5 returns to Edit, where the same key deletes.
    e.key(Key::F5);
    assert_eq!(e.app().activity(), Activity::Edit);
    assert!(!e.h.get_by_label("Name").accesskit_node().is_disabled());
    e.click_map(at);
    e.key(Key::Delete);
    assert!(e.s().unit(unit).is_none(), "{}", e.app().status);
    assert_eq!(e.canvas(), before);
}

/// A file saved in the middle of a game opens in Play at its position; one with no game played
/// opens in Edit.
#[test]
fn a_scenario_holding_a_game_opens_in_play() {
    let s = sample("winceby");
    let played = game::play(&s, Action::EndPhase, 5)
        .expect("the phase ends")
        .scenario;
    let e = editor(played);
    assert_eq!(e.app().activity(), Activity::Play, "the game goes on");
    assert!(e.shows("End phase"), "Play's turn bar is up");
    let e = editor(s);
    assert_eq!(e.app().activity(), Activity::Edit);
}

#[test]
fn play_mode_drags_a_unit_only_under_its_rule_preview() {
    let s = sample("winceby");
    let (unit, at) = winceby_unit(&s);
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(at);
    e.h.state_mut().close_preview();
    // With its preview closed a unit is still not dragged freely: a drag to where its rules
    // do not reach moves nothing, and the unit stays selected with the reason.
    let h = s.map.as_hex().expect("hex");
    let far = at + Point::new(h.hex_size_mm * 40.0, 0.0);
    e.drag_map(at, far);
    assert_eq!(e.s(), &s, "nothing moved: {}", e.app().status);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)]);
}

/// R5 Movement: a drag on a unit of the phasing side that was not selected first selects it,
/// opens its preview and moves it under the rules in one gesture.
#[test]
fn play_mode_a_drag_on_an_unselected_unit_of_the_phasing_side_moves_it_under_its_rules() {
    let s = sample("winceby");
    let l = layout(s.map.as_hex().expect("hex"));
    let mut e = editor(s.clone());
    e.click("Play mode switch");
    assert!(
        e.shows("both sides act"),
        "the Command Phase is both sides'"
    );
    e.click("End phase");
    assert_eq!(game::clock(e.s()), (2, Phase::Movement));
    assert!(
        e.app().status.contains("Ctrl+Z takes it back"),
        "{}",
        e.app().status
    );
    assert!(
        e.shows(&format!("{} to act", s.sides[0].name)),
        "the turn bar names the side"
    );
    let parliament = s.sides[0].id;
    let (unit, to) = e
        .s()
        .units
        .iter()
        .filter(|u| u.side == parliament && u.is_combat_unit() && u.hex().is_some())
        .find_map(|u| free_legal_hex(e.s(), u.id).map(|h| (u.id, h)))
        .expect("a Parliament unit with a move");
    let from = e.s().unit(unit).and_then(|u| u.hex()).expect("on a hex").0;
    e.h.state_mut().selection.clear();
    e.h.run();
    let logged = e.log_len();
    e.drag_map(l.hex_to_world_pos(from), l.hex_to_world_pos(to));
    moved_once(&e, unit, to, logged);
    // A second drag on it, now it has acted, says so and keeps it selected.
    e.drag_map(l.hex_to_world_pos(to), l.hex_to_world_pos(from));
    assert_eq!(e.log_len(), logged + 1);
    assert!(
        e.app().status.contains("already acted"),
        "{}",
        e.app().status
    );
    assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)]);
    // The refusal stays over the map while it is true, and goes once another unit is
    // selected: it was about this one.
    let said = |e: &harness::Editor| e.h.query_all_by_label_contains("already acted").count();
    assert!(said(&e) >= 1, "the refusal is shown");
    e.h.run();
    assert!(
        said(&e) >= 1,
        "the refusal stays while the unit is selected"
    );
    e.key(Key::Tab);
    assert_ne!(e.app().selection, vec![ItemRef::Unit(unit)]);
    assert_eq!(said(&e), 0, "a stale refusal: {}", e.app().status);
}

/// R5: a Command Phase with a Charge and a Muster, then every Parliament unit moves once (a
/// unit that moved may not move again), taken back and replayed to the same state.
#[test]
fn r5_winceby_turn_in_the_editor_command_phase_charge_and_muster_then_every_parliament_unit_moves()
{
    let s = sample("winceby");
    let id = |n: &str| s.find_unit(n).expect(n).id;
    let l = layout(s.map.as_hex().expect("hex"));
    let mut e = editor(s.clone());
    e.click("Play mode switch");
    assert!(e.shows("Turn 2 · Command Phase"), "the turn bar");
    // Command Phase: Fairfax's Reserve becomes Charge 1; Cromwell's Charge 1 becomes Muster
    // (his force's losses allow it); a move waits for Movement.
    e.select("Sir Thomas Fairfax");
    e.press_button("Change to Charge 1");
    assert!(e.last_entry().contains("Charge 1"), "{}", e.app().status);
    e.select("Oliver Cromwell");
    assert!(e.shows("Command chit: Charge 1"));
    e.press_button("Change to Muster");
    assert!(e.last_entry().contains("Muster"), "{}", e.app().status);
    let chit = |e: &harness::Editor, n: &str| {
        e.s()
            .unit(id(n))
            .and_then(|u| u.leadership)
            .map(|l| l.command)
    };
    assert_eq!(chit(&e, "Sir Thomas Fairfax"), Some(Command::Charge1));
    assert_eq!(chit(&e, "Oliver Cromwell"), Some(Command::Muster));
    assert!(game::has_acted(e.s(), id("Oliver Cromwell")));
    assert!(
        e.shows("Changed this turn."),
        "a leader changes once a turn"
    );
    e.click("End phase");
    assert_eq!(game::clock(e.s()), (2, Phase::Movement));
    assert!(e.shows("Turn 2 · Movement Phase of Parliament"));
    // Movement: each unit of Parliament on the map, picked in the order of battle, moves to a
    // hex its preview calls legal (picked on the map, then committed).
    let parliament = s.sides[0].id;
    let movers: Vec<(UnitId, String)> = s
        .units
        .iter()
        .filter(|u| u.side == parliament && u.hex().is_some())
        .map(|u| (u.id, u.name.clone()))
        .collect();
    assert!(movers.len() >= 7);
    // Movement: each unit of Parliament on the map moves once to a hex its preview calls
    // legal (an order found beforehand in which nobody's way is shut): a combat unit dragged
    // there; a leader (who may share a hex) picked in the order of battle, its hex clicked on
    // the map and committed.
    let plan = plan_moves(e.s(), &movers).expect("every Parliament unit can move this turn");
    for (unit, to) in plan {
        let name = e.s().unit(unit).expect("unit").name.clone();
        let from = e.s().unit(unit).and_then(|u| u.hex()).expect("on a hex").0;
        if e.s().unit(unit).is_some_and(|u| u.is_leader()) {
            e.select(&name);
            e.preview(Choice::HexMove(None), "Moves under its command");
            e.click_map(l.hex_to_world_pos(to));
            e.press_button("Move to the picked hex");
        } else {
            e.click_map(l.hex_to_world_pos(from));
            assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)], "{name}");
            e.preview(Choice::HexMove(None), "Moves under its command");
            e.drag_map(l.hex_to_world_pos(from), l.hex_to_world_pos(to));
        }
        assert_eq!(
            e.s().unit(unit).and_then(|u| u.hex()).map(|h| h.0),
            Some(to),
            "{name}: {}",
            e.app().status
        );
        assert!(game::has_acted(e.s(), unit));
        assert_eq!(
            e.app().preview_mode(),
            None,
            "{name}: a unit that has acted has no move left to preview"
        );
        assert!(
            e.last_entry().contains(&format!("{name} moves to")),
            "logged: {}",
            e.last_entry()
        );
    }
    // A unit that has moved is not moved again this turn.
    let (first, name) = &movers[0];
    e.select(name);
    assert_eq!(
        e.app().preview_mode(),
        None,
        "not opened for a unit that has acted"
    );
    e.preview(Choice::HexMove(None), "Moves under its command");
    let before = e.s().clone();
    let to = free_legal_hex(e.s(), *first).expect("a hex it could move to");
    e.click_map(l.hex_to_world_pos(to));
    e.press_button("Move to the picked hex");
    assert_eq!(e.s(), &before);
    assert!(
        e.app().status.contains("already acted"),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), 3 + movers.len());
    assert!(e.shows(&format!(
        "Turn 2 · Movement Phase of Parliament (Eastern Association) · {} acted",
        movers.len()
    )));
    let played = e.s().clone();
    e.replay_through(&s, &played);
    e.take_all_back(&s);
}

/// R1: a column's order passed, then failed the next turn (typed rolls at and below the lead's
/// Discipline), taken back and replayed.
#[test]
fn r1_bakambo_column_order_passed_then_failed_in_the_editor() {
    let s = sample("bakambo");
    let column = s.columns.first().expect("a column").clone();
    let lead = column.members.first().expect("a lead").unit;
    let needed = sandtable::rules::column::preview(
        &s,
        column.id,
        sandtable::rules::column::Activation::Failed,
    )
    .expect("preview")
    .order_test
    .discipline;
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.select(&s.unit(lead).expect("lead").name);
    e.preview(
        Choice::Column(column.id, sandtable::preview::ColumnChoice::Move),
        "Column: Move",
    );
    e.h.get_by_label("Order test, 2D6:")
        .set_value_accesskit(f64::from(needed));
    e.h.run();
    e.press_button("Carry out the order");
    let passed = e.last_entry();
    assert!(
        passed.contains(": passed)"),
        "{passed} / {}",
        e.app().status
    );
    assert_ne!(e.s().columns, s.columns, "the column marched");
    assert!(game::has_acted(e.s(), lead));
    assert_eq!(
        e.app().preview_mode(),
        None,
        "the column has acted: its preview closes"
    );
    // Once a turn: the same order again is refused with the reason.
    e.preview(
        Choice::Column(column.id, sandtable::preview::ColumnChoice::Move),
        "Column: Move",
    );
    e.h.get_by_label("Order test, 2D6:")
        .set_value_accesskit(f64::from(needed));
    e.h.run();
    e.press_button("Carry out the order");
    assert_eq!(e.log_len(), 1);
    assert!(
        e.app().status.contains("already acted"),
        "{}",
        e.app().status
    );
    // Said in the status bar and over the map, until the next change makes it stale.
    let said = |e: &harness::Editor| e.h.query_all_by_label_contains("already acted").count();
    assert_eq!(said(&e), 2, "the status bar and a notice");
    e.click("End turn");
    // Asked, since units could still act: ended anyway.
    e.key(Key::Enter);
    assert_eq!(said(&e), 0, "a stale refusal: {}", e.app().status);
    assert_eq!(e.s().turn, s.turn + 1);
    assert!(!game::has_acted(e.s(), lead), "End turn clears the marks");
    e.h.get_by_label("Order test, 2D6:")
        .set_value_accesskit(f64::from(needed - 1));
    e.h.run();
    e.press_button("Carry out the order");
    let failed = e.last_entry();
    assert!(failed.contains("failed"), "{failed}");
    assert!(failed.contains("repeats its last action"), "{failed}");
    assert_eq!(e.log_len(), 3);
    let played = e.s().clone();
    e.replay_through(&s, &played);
    e.take_all_back(&s);
}

/// A table unit's move in Play: its preview opened, the leader dragged to a place the game
/// accepts, the followers set down and committed with Enter; logged, marked, taken back and
/// replayed.
fn table_move_in_the_editor(sample_name: &str, unit_name: &str, mode: Choice, text: &str) {
    let s = sample(sample_name);
    let u = s.find_unit(unit_name).expect("unit").clone();
    let leader = u.leader().expect("leader").pos;
    let order = match mode {
        Choice::M42(t) => sandtable::model::MoveOrder::MoveType(t),
        Choice::Orders(a) => sandtable::model::MoveOrder::Order(a),
        _ => unreachable!(),
    };
    // R3: each turn a unit takes its Ld check before its order (passed here with a 2).
    let r3 = matches!(mode, Choice::Orders(_));
    let checked = if r3 {
        game::play(
            &s,
            Action::LeaderCheck {
                unit: u.id,
                dice: sandtable::model::game::Dice::Typed(2),
            },
            1,
        )
        .expect("the Ld check")
        .scenario
    } else {
        s.clone()
    };
    let to = around(leader, 4.0, 0.5)
        .into_iter()
        .find(|p| {
            game::play(
                &checked,
                Action::Move {
                    unit: u.id,
                    order: Some(order),
                    to: Some(Place::Table(*p)),
                    followers: Vec::new(),
                },
                1,
            )
            .is_ok()
        })
        .expect("a place the game accepts");
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(leader);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(u.id)]);
    if r3 {
        e.h.get_by_label("Ld check, 2D6:").set_value_accesskit(2.0);
        e.h.run();
        e.press_button("Take the Ld check");
        assert!(e.last_entry().contains("Ld check"), "{}", e.last_entry());
        // Taken once a turn: no second check is offered.
        assert!(e.shows("Passed this turn: its order may be given."));
        assert!(e.h.query_by_label("Roll the Ld check in the app").is_none());
    }
    e.preview(mode, text);
    e.drag_map(leader, to);
    assert!(
        e.shows("drag the followers into place"),
        "{}",
        e.app().status
    );
    e.key(Key::Enter);
    assert_eq!(e.log_len(), 1 + usize::from(r3), "{}", e.app().status);
    let moved = e.s().unit(u.id).expect("unit").clone();
    assert!(moved.leader().expect("leader").pos.distance(to) < 0.3);
    assert!(game::has_acted(e.s(), u.id));
    assert!(
        e.last_entry().contains("the leader moves"),
        "{}",
        e.last_entry()
    );
    assert!(e.shows("acted"), "the order of battle marks it");
    let played = e.s().clone();
    e.replay_through(&s, &played);
    e.take_all_back(&s);
}

#[test]
fn r2_patrol_a_section_advances_in_the_editor() {
    table_move_in_the_editor(
        "patrol",
        "1st Rifle Section",
        Choice::M42(sandtable::rules::m42::MoveType::Advance),
        "Advance",
    );
}

#[test]
fn r3_skirmish_a_section_is_ordered_to_advance_in_the_editor() {
    table_move_in_the_editor(
        "skirmish",
        "Sergeant Cuff's Section",
        Choice::Orders(sandtable::rules::orders::Action::Advance),
        "Advance!",
    );
}

/// R4: the referee shakes the Sappers (logged with his note, refused without one), then they
/// rally on a typed 1 and a re-roll of 6; taken back and replayed.
#[test]
fn r4_rearguard_referee_override_with_its_note_then_a_rally_with_a_re_roll_in_the_editor() {
    let s = sample("rearguard");
    let sappers = s.find_unit("Broadfoot's Sappers").expect("sappers").id;
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.select("Broadfoot's Sappers");
    e.press_button("Referee override");
    // No note, no override.
    assert!(
        e.h.get_by_label("Override the values")
            .accesskit_node()
            .is_disabled()
    );
    assert!(e.shows("Type a note to allow an override."));
    e.type_into("Note", "shaken by jezail fire from the heights");
    e.press_button("Morale");
    e.press_button("unsteady");
    e.press_button("Override the values");
    assert_eq!(
        e.s().unit(sappers).map(|u| u.state.morale),
        Some(Morale::Unsteady),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), 1);
    assert!(e.last_entry().contains("Referee"), "{}", e.last_entry());
    let note = e.app().game_log()[0].reasons.join(" ");
    assert!(note.contains("shaken by jezail fire"), "{note}");
    assert!(
        e.shows("shaken by jezail fire"),
        "the Log tab shows the note"
    );
    // The rally: a 1, then the re-roll's 6.
    assert!(e.shows("Rally test: needs "));
    let rolls: Vec<_> = e.h.get_all_by_label("Roll").collect();
    rolls
        .last()
        .expect("the rally's roll")
        .set_value_accesskit(1.0);
    e.h.run();
    let rerolls: Vec<_> = e.h.get_all_by_label("re-roll (if taken)").collect();
    rerolls
        .last()
        .expect("the rally's re-roll")
        .set_value_accesskit(6.0);
    e.h.run();
    e.press_button("Apply the rally test");
    assert_eq!(
        e.s().unit(sappers).map(|u| u.state.morale),
        Some(Morale::GoodOrder),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), 2);
    let rally = e.app().game_log()[1].clone();
    assert!(rally.what.contains("Rally test"), "{}", rally.what);
    assert!(rally.what.contains("re-roll"), "{}", rally.what);
    assert!(
        rally.reasons.iter().any(|r| r.contains("needs")),
        "what it needed and why: {:?}",
        rally.reasons
    );
    assert!(e.shows("Applied: "), "the Rules panel shows the result");
    let played = e.s().clone();
    e.replay_through(&s, &played);
    e.take_all_back(&s);
}

/// A free move is a referee override too: allowed with a note, the next drag moves the unit
/// where it is dropped, logged with the note.
#[test]
fn a_referee_free_move_is_logged_with_its_note() {
    let s = sample("winceby");
    let (unit, at) = winceby_unit(&s);
    let h = s.map.as_hex().expect("hex").clone();
    let l = layout(&h);
    let start = s.unit(unit).and_then(|u| u.hex()).expect("hex").0;
    // Far off: no command would take it there.
    let far = h
        .grid()
        .hexes()
        .filter(|x| {
            !s.units
                .iter()
                .any(|u| u.hex().is_some_and(|(y, _)| y == *x))
        })
        .max_by_key(|x| x.unsigned_distance_to(start))
        .expect("a far hex");
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(at);
    e.press_button("Referee override");
    assert!(
        e.h.get_by_label("Allow a free move")
            .accesskit_node()
            .is_disabled(),
        "not without a note"
    );
    e.type_into("Note", "the scenario's special rule: a ford");
    e.press_button("Allow a free move");
    e.drag_map(at, l.hex_to_world_pos(far));
    assert_eq!(
        e.s().unit(unit).and_then(|u| u.hex()).map(|x| x.0),
        Some(far),
        "{}",
        e.app().status
    );
    let entry = e.app().game_log().last().cloned().expect("logged");
    assert!(entry.what.contains("Referee"), "{}", entry.what);
    assert!(
        entry.reasons.iter().any(|r| r.contains("a ford")),
        "{:?}",
        entry.reasons
    );
    // One override per permission: the next drag is the rules' again.
    let before = e.s().clone();
    e.drag_map(l.hex_to_world_pos(far), at);
    assert_eq!(e.s().unit(unit), before.unit(unit), "{}", e.app().status);
}

/// R3 with R4 in Play: a routing unit takes no order until it rallies, so it is offered no Ld
/// check, and a drag on it says why it does not move (the Rearguard's routing horse).
#[test]
fn r3_r4_a_routing_unit_in_play_is_offered_no_ld_check_and_a_drag_says_why() {
    let s = sample("rearguard");
    let horse = s
        .find_unit("Shah's 2nd Irregular Horse")
        .expect("unit")
        .clone();
    assert_eq!(horse.state.morale, Morale::Routing);
    let mut e = editor(s.clone());
    e.key(Key::F5);
    let at = horse.leader().expect("leader").pos;
    e.click_map(at);
    assert!(e.shows("it takes no orders until it rallies"));
    assert!(!e.shows("Ld check: 2D6"));
    assert!(e.h.query_by_label("Take the Ld check").is_none());
    e.drag_map(at, at + Point::new(0.0, -4.0));
    assert_eq!(e.s().units, s.units, "nothing moved");
    let status = e.app().status.clone();
    assert!(
        status.contains("cannot move") && status.contains("routing"),
        "{status}"
    );
}

/// R3: the Ld check before an order, typed: a roll over the unit's Ld fails it, and Fall Back!
/// is then its only order; logged with what it needed.
#[test]
fn r3_skirmish_a_failed_ld_check_in_the_editor_leaves_fall_back_only() {
    let s = sample("skirmish");
    let u = s
        .find_unit("Sergeant Cuff's Section")
        .expect("unit")
        .clone();
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(u.leader().expect("leader").pos);
    assert!(e.shows(&format!("2D6 at or under Ld {}", u.stats.ld)));
    // Said with the preview, before any drag: the check comes first.
    assert!(
        e.shows("Before it moves: Sergeant Cuff's Section: its Ld check comes first"),
        "the Rules panel says the Ld check comes first"
    );
    e.h.get_by_label("Ld check, 2D6:")
        .set_value_accesskit(f64::from(u.stats.ld + 1));
    e.h.run();
    e.press_button("Take the Ld check");
    assert!(
        e.s().unit(u.id).is_some_and(|x| x.state.failed_ld_check),
        "{}",
        e.app().status
    );
    assert!(e.last_entry().contains("failed"), "{}", e.last_entry());
    assert!(e.shows("Fall Back! is its only order"));
    assert!(
        !e.shows("its Ld check comes first"),
        "taken, it is no longer asked for"
    );
    // The preview turns to the order it may now be given.
    assert_eq!(
        e.app().preview_mode(),
        Some(Choice::Orders(OrdersAction::FallBack)),
        "the preview shows Fall Back!"
    );
    e.press_button("Take back");
    assert_eq!(e.s().units, s.units);
}

/// A Parliament unit in the Movement Phase with a neighbour, one arrow press away, it may move
/// to (free of units), and the arrow.
fn keyboard_move(s: &Scenario) -> (UnitId, hexx::Hex, Key) {
    let mut rules = HexRules::new(s).expect("hex rules");
    let arrows = [
        (
            Key::ArrowRight,
            Nudge {
                dx: 1,
                dy: 0,
                fine: false,
            },
        ),
        (
            Key::ArrowLeft,
            Nudge {
                dx: -1,
                dy: 0,
                fine: false,
            },
        ),
        (
            Key::ArrowUp,
            Nudge {
                dx: 0,
                dy: -1,
                fine: false,
            },
        ),
        (
            Key::ArrowDown,
            Nudge {
                dx: 0,
                dy: 1,
                fine: false,
            },
        ),
    ];
    let taken = |h: hexx::Hex| s.units.iter().any(|u| u.hex().is_some_and(|(x, _)| x == h));
    for u in s
        .units
        .iter()
        .filter(|u| u.side == s.sides[0].id && u.is_combat_unit())
    {
        let (Some((from, _)), Ok(p)) = (u.hex(), rules.preview(u.id, None)) else {
            continue;
        };
        let legal: Vec<hexx::Hex> = p.legal().map(|v| v.hex).collect();
        for (key, n) in arrows {
            if let Some(to) = nudged_hex(s, from, n)
                && legal.contains(&to)
                && !taken(to)
            {
                return (u.id, to, key);
            }
        }
    }
    panic!("a Parliament unit with a move one arrow away");
}

/// R5 Movement in Play from the keyboard: Tab-selected or not, the selected unit's arrows aim
/// its move (the status reads the rules' answer), Escape stops aiming with nothing moved, and
/// Enter moves it there under the rules, logged as a drag's move would be.
#[test]
fn r5_in_play_the_arrows_aim_a_units_move_and_enter_makes_it_under_its_rules() {
    let mut e = editor(sample("winceby"));
    e.key(Key::F5);
    e.click("End phase");
    assert_eq!(game::clock(e.s()), (2, Phase::Movement));
    let (unit, to, key) = keyboard_move(e.s());
    let before = e.s().clone();
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    assert!(e.app().preview_mode().is_some(), "Play opens its preview");
    e.key(key);
    assert!(e.app().aim().is_some(), "{}", e.app().status);
    assert!(e.app().status.starts_with("Aim: "), "{}", e.app().status);
    e.key(Key::Escape);
    assert!(e.app().aim().is_none());
    assert_eq!(e.s(), &before, "aiming moves nothing");
    let logged = e.log_len();
    e.key(key);
    e.key(Key::Enter);
    moved_once(&e, unit, to, logged);
}

/// R5 Command Phase from the keyboard: C opens the selected leader's chits, numbered, each
/// refused one with the rules' reason; a number picks any allowed one (not only the next),
/// logged as the button's change; a second C that turn says he changed it already.
#[test]
fn r5_c_offers_the_selected_leaders_chits_and_a_number_picks_one_in_the_command_phase() {
    let s = sample("winceby");
    // A leader with two chits or more he may change to, so the pick is a choice.
    let (leader, offered) = s
        .units
        .iter()
        .filter(|u| u.leadership.is_some())
        .map(|u| {
            let held = u.leadership.map(|l| l.command);
            let offered: Vec<_> = sandtable::rules::engine::commands(&s, u)
                .into_iter()
                .filter(|(c, _)| Some(*c) != held)
                .collect();
            (u.clone(), offered)
        })
        .find(|(_, offered)| offered.iter().filter(|(_, ok)| ok.is_ok()).count() >= 2)
        .expect("a leader with two chits to choose from");
    // The last allowed one: not the one a "next chit" key would give.
    let (k, chosen) = offered
        .iter()
        .enumerate()
        .rfind(|(_, (_, ok))| ok.is_ok())
        .map(|(k, (c, _))| (k, *c))
        .expect("allowed");
    let mut e = editor(s);
    e.key(Key::F5);
    assert_eq!(game::clock(e.s()).1, Phase::Command);
    e.h.state_mut().selection = vec![ItemRef::Unit(leader.id)];
    e.h.run();
    e.key(Key::C);
    assert!(e.shows(&format!("Command chit of {}", leader.name)));
    assert!(
        e.shows(&format!("{}  Change to {chosen}", k + 1)),
        "numbered"
    );
    let digits = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
    ];
    e.key(digits[k]);
    let now = |e: &harness::Editor| {
        e.s()
            .unit(leader.id)
            .and_then(|u| u.leadership)
            .map(|l| l.command)
    };
    assert_eq!(now(&e), Some(chosen), "{}", e.app().status);
    assert_eq!(e.log_len(), 1, "logged");
    assert!(!e.shows("Command chit of"), "the chooser closes");
    e.key(Key::C);
    assert!(!e.shows("Command chit of"), "once a turn");
    assert!(
        e.app().status.contains("changed it this turn"),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), 1);
}

/// A scenario without R4: the Rules panel says, for a selected unit in Play, that morale and
/// rally tests are off and where they are turned on; with R4 on, the tests are offered instead.
#[test]
fn r4_off_the_rules_panel_says_where_morale_tests_are_turned_on() {
    let mut s = sample("winceby");
    s.rules.morale_tests = false;
    let unit = s
        .units
        .iter()
        .find(|u| u.is_combat_unit() && u.hex().is_some())
        .expect("a unit on the map")
        .id;
    let mut e = editor(s);
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    assert!(
        !e.shows("are off in this scenario"),
        "in Edit the fields say it"
    );
    e.key(Key::F5);
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    assert!(e.shows("Morale and rally tests (R4) are off in this scenario"));
    assert!(e.shows("return to Edit (F5)"));
    let mut s = sample("winceby");
    s.rules.morale_tests = true;
    let mut e = editor(s);
    e.key(Key::F5);
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    assert!(!e.shows("are off in this scenario"));
}

/// R2 in the editor: a model of the section that starts outside its leader's command radius
/// regroups toward him in the waiting move (suggested on its way, the way drawn and said),
/// and Enter commits it there with the rest, as the game does.
#[test]
fn r2_patrol_an_out_of_command_model_regroups_in_the_waiting_move() {
    let mut s = sample("patrol");
    let id = s.find_unit("1st Rifle Section").expect("unit").id;
    // The section's last model strays south, 3" beyond the leader's radius and so more than
    // 12" from the enemy to the north (nearer, it could not regroup).
    let radius = sandtable::rules::m42::command_radius(s.unit(id).expect("unit"));
    let (leader, stray) = {
        let u = s.units.iter_mut().find(|u| u.id == id).expect("unit");
        let leader = u.leader().expect("leader").pos;
        let m = u.models.last_mut().expect("a model");
        m.pos = leader + Point::new(0.0, radius + 3.0);
        (leader, (m.id, m.pos))
    };
    assert!(stray.1.distance(leader) > radius + 1.0, "out of the radius");
    let order = sandtable::model::MoveOrder::MoveType(sandtable::rules::m42::MoveType::Advance);
    let to = around(leader, 3.0, 0.5)
        .into_iter()
        .find(|p| {
            game::play(
                &s,
                Action::Move {
                    unit: id,
                    order: Some(order),
                    to: Some(Place::Table(*p)),
                    followers: Vec::new(),
                },
                1,
            )
            .is_ok()
        })
        .expect("a place the game accepts");
    let pv = sandtable::rules::m42::preview(
        &s,
        id,
        sandtable::rules::m42::MoveType::Advance,
        sandtable::rules::m42::Options {
            leader: None,
            to: Some(to),
        },
    )
    .expect("preview");
    assert!(
        pv.regroup
            .iter()
            .any(|r| r.model == stray.0 && r.result.is_ok()),
        "{:?}",
        pv.regroup
    );
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(leader);
    e.preview(
        Choice::M42(sandtable::rules::m42::MoveType::Advance),
        "Advance",
    );
    e.drag_map(leader, to);
    let waiting = e.app().pending_move().expect("a waiting move").clone();
    assert!(
        e.shows("outside the command radius regroups toward the leader"),
        "{:?}",
        waiting.notes
    );
    let suggested = waiting.unit.model(stray.0).expect("model").pos;
    assert!(
        suggested.distance(stray.1) > 1.0,
        "it comes along: {suggested:?}"
    );
    e.key(Key::Enter);
    let moved = e
        .s()
        .unit(id)
        .expect("unit")
        .model(stray.0)
        .expect("model")
        .pos;
    assert_eq!(moved, suggested, "committed where suggested");
    assert!(moved.distance(stray.1) <= 6.0 + 0.01, "at most its Mv");
}

/// Ctrl+A selects every item in Edit; in Play, where a unit acts alone under its preview, it
/// selects nothing and says how to walk the units that may act.
#[test]
fn select_all_is_for_editing_and_play_says_what_walks_the_units() {
    let mut e = editor(sample("winceby"));
    e.keys(Modifiers::COMMAND, Key::A);
    assert!(e.app().selection.len() > 10, "Edit selects the map");
    e.key(Key::Escape);
    e.key(Key::F5);
    e.h.state_mut().selection.clear();
    e.keys(Modifiers::COMMAND, Key::A);
    assert!(e.app().selection.is_empty(), "{:?}", e.app().selection);
    assert!(e.app().status.contains("Tab walks"), "{}", e.app().status);
}

/// Rearguard in Play, the 44th Foot (routing: Ld check, morale and rally tests) selected, and
/// the dock's Log tab shown.
fn rearguard_44th_foot_with_the_log() -> harness::Editor {
    let mut e = editor(sample("rearguard"));
    e.key(Key::F5);
    e.select("44th Foot");
    e.click("Log");
    e
}

/// In Play the Rules panel is where the game is played: with the log shown and nearly empty,
/// the panel takes what the log leaves rather than cutting its text above an empty log.
#[test]
fn in_play_the_rules_panel_takes_the_room_an_empty_log_leaves() {
    let mut e = rearguard_44th_foot_with_the_log();
    for _ in 0..3 {
        e.h.run();
    }
    let last = e.h.get_by_label_contains("No entries yet").rect();
    let status = e.h.get_by_label_contains("Problems:").rect();
    let spare = status.top() - last.bottom();
    assert!(
        spare < 30.0,
        "{spare:.0} points left empty under the log while the Rules panel scrolls"
    );
}

/// Before the first entry the log has nothing to take back or step through: it shows the
/// score and a line, without the replay buttons or when the game ends (the turn bar says
/// that), and the Rules panel above takes the room; the first entry brings the buttons back.
#[test]
fn an_empty_log_keeps_to_the_score_and_leaves_the_dock_to_the_rules_panel() {
    let mut e = rearguard_44th_foot_with_the_log();
    for _ in 0..3 {
        e.h.run();
    }
    assert!(e.shows("Score now"), "the score stays");
    for gone in [
        "Take back",
        "Step back",
        "Step on",
        "The game ends after turn",
    ] {
        assert!(!e.shows(gone), "{gone} shown before the first entry");
    }
    let rules_bottom =
        e.h.get_by_label("Shade refused places in full")
            .rect()
            .bottom();
    e.press_button("End phase");
    // Units have not acted: the end of the phase asks first; Enter ends it.
    if e.log_len() == 0 {
        e.key(Key::Enter);
    }
    for _ in 0..3 {
        e.h.run();
    }
    assert_eq!(e.log_len(), 1, "ending the phase is logged");
    assert!(e.shows("Take back") && e.shows("Step back"));
    let now =
        e.h.get_by_label("Shade refused places in full")
            .rect()
            .bottom();
    assert!(
        now < rules_bottom,
        "the Rules panel gives back the room the log now needs ({now:.0} vs {rules_bottom:.0})"
    );
}

/// A unit out of the game has nothing left to preview or test: the Rules panel says it was
/// removed, not that it must take its Ld check first or that it is not on the table.
#[test]
fn a_removed_unit_is_said_to_be_out_of_play_not_refused_its_moves() {
    let mut s = sample("rearguard");
    let id = s.find_unit("Shah's 2nd Irregular Horse").expect("horse").id;
    s.unit_mut(id).expect("horse").state.morale = Morale::Removed;
    let mut e = editor(s);
    e.key(Key::F5);
    e.select("Shah's 2nd Irregular Horse");
    assert!(e.shows("Removed from play"));
    assert!(!e.shows("Before it moves"));
    assert!(!e.shows("is not on the table"));
    assert!(!e.shows("Rally test: needs"));
}

/// Rear Guard's 44th Foot in Play, the log shown, its morale test applied with a typed 3.
fn rearguard_44th_foot_after_a_morale_test_rolled_3() -> harness::Editor {
    let mut e = rearguard_44th_foot_with_the_log();
    e.h.get_all_by_label("Roll")
        .next()
        .expect("a roll field")
        .set_value_accesskit(3.0);
    e.h.run();
    e.press_button("Apply the morale test");
    for _ in 0..3 {
        e.h.run();
    }
    e
}

/// An entry just logged is shown from its heading (what was done), not scrolled to the end of
/// its reasons, with the Rules panel's long answers above it.
#[test]
fn a_new_log_entry_is_shown_from_its_heading() {
    let e = rearguard_44th_foot_after_a_morale_test_rolled_3();
    let tabs = e.h.get_by_label("Log").rect();
    let status = e.h.get_by_label_contains("Problems:").rect();
    let head = e.h.get_by_label_contains("1. Turn 1").rect();
    assert!(
        head.top() >= tabs.bottom() && head.bottom() <= status.top(),
        "the entry's heading {head:?} is out of the log's view ({tabs:?} to {status:?})"
    );
}

/// A test's working in the log is set out as the report sets it: each modifier under
/// "modifiers:", each outcome under "outcomes:", not one flat list.
#[test]
fn a_logged_tests_working_sets_each_modifier_under_its_heading() {
    let e = rearguard_44th_foot_after_a_morale_test_rolled_3();
    let reasons = &e.app().game_log()[0].reasons;
    assert!(
        reasons.iter().any(|r| r == "    -2 for 2 stands lost"),
        "{reasons:#?}"
    );
    // The log's, below the Rules panel's own preview of the test.
    let last = |label: &str| {
        e.h.get_all_by_label(label)
            .last()
            .unwrap_or_else(|| panic!("no {label:?}"))
            .rect()
    };
    let heading = last("modifiers:");
    let modifier = last("-2 for 2 stands lost");
    assert!(
        modifier.left() > heading.left() + 8.0 && modifier.top() > heading.top(),
        "the modifier {modifier:?} is not set in under its heading {heading:?}"
    );
}
