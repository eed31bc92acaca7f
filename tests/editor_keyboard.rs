//! The editor from the keyboard alone, driven with egui_kittest: F10 reaches the menus and
//! the arrows walk them; in Play the arrows aim a unit's move under its rules and Enter makes
//! it; C changes a leader's command chit in the Command Phase (R5).

use egui::Key;
use sandtable::edit::ops::selection::{Nudge, nudged_hex};
use sandtable::game;
use sandtable::model::game::Phase;
use sandtable::model::*;
use sandtable::rules::hex_commands::HexRules;

#[path = "common/harness.rs"]
mod harness;
#[path = "common/playing.rs"]
mod playing;
use harness::{editor, sample};

#[test]
fn f10_opens_the_menus_and_the_arrow_keys_walk_them_to_an_entry() {
    let s = sample("winceby");
    let unit = s.units[0].id;
    let mut e = editor(s.clone());
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    e.key(Key::F10);
    assert!(e.shows("Export…"), "F10 opens the File menu");
    e.key(Key::ArrowRight);
    assert!(
        e.shows("Select all") && !e.shows("Export…"),
        "Right goes on to the Edit menu"
    );
    // Left twice from Edit goes round to the last menu, Help; Down and Enter pick its first
    // entry.
    e.key(Key::ArrowLeft);
    e.key(Key::ArrowLeft);
    assert!(e.shows("Keyboard shortcuts"), "Left went round to Help");
    e.key(Key::ArrowDown);
    e.key(Key::Enter);
    e.h.run();
    assert!(
        e.shows("Drag terrain and units from the Palette"),
        "Enter picked Help > Getting started"
    );
    assert!(!e.shows("About Sandtable"), "the menu closed");
    assert_eq!(e.s(), &s, "no arrow or Enter reached the map");
    // F10 again, then Escape, leaves the menus; the arrows are the map's again.
    e.key(Key::F10);
    assert!(e.shows("Export…"));
    e.key(Key::Escape);
    assert!(!e.shows("Export…"), "Escape left the menus");
    assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)]);
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
    assert_eq!(
        e.s().unit(unit).and_then(|u| u.hex()).map(|h| h.0),
        Some(to),
        "{}",
        e.app().status
    );
    assert_eq!(e.log_len(), logged + 1, "one move, logged");
    assert!(game::has_acted(e.s(), unit));
}

/// R5 Command Phase: C changes the selected leader's chit to the next one the rules allow,
/// logged; a second C in the same turn is refused (a leader changes once a turn).
#[test]
fn r5_c_changes_the_selected_leaders_chit_to_the_next_allowed_in_the_command_phase() {
    let s = sample("winceby");
    let leader = s
        .units
        .iter()
        .find(|u| {
            u.leadership.is_some()
                && sandtable::rules::engine::commands(&s, u)
                    .iter()
                    .any(|(c, ok)| ok.is_ok() && Some(*c) != u.leadership.map(|l| l.command))
        })
        .expect("a leader who may change his chit")
        .clone();
    let held = leader.leadership.expect("chit").command;
    let list = sandtable::rules::engine::commands(&s, &leader);
    let at = list.iter().position(|(c, _)| *c == held).expect("held");
    let next = (1..list.len())
        .map(|k| &list[(at + k) % list.len()])
        .find(|(_, ok)| ok.is_ok())
        .expect("allowed")
        .0;
    let mut e = editor(s);
    e.key(Key::F5);
    assert_eq!(game::clock(e.s()).1, Phase::Command);
    e.h.state_mut().selection = vec![ItemRef::Unit(leader.id)];
    e.h.run();
    e.key(Key::C);
    let now = |e: &harness::Editor| {
        e.s()
            .unit(leader.id)
            .and_then(|u| u.leadership)
            .map(|l| l.command)
    };
    assert_eq!(now(&e), Some(next), "{}", e.app().status);
    assert_eq!(e.log_len(), 1, "logged");
    e.key(Key::C);
    assert_eq!(now(&e), Some(next), "once a turn");
    assert_eq!(e.log_len(), 1);
}
