//! The order of battle's table under the map, driven through the real editor by its cells'
//! accessible names ("strength of Manchester's Horse"): a cell is read on Enter, a refused one
//! keeps what was typed and says why, the selected rows take one value at once, rows pasted
//! from a spreadsheet over the table become units, and Ctrl+S pressed in a cell saves what the
//! cell holds.

#[path = "common/harness.rs"]
mod harness;

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use harness::{Editor, Setup, editor, editor_with, sample};
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::model::*;

/// The editor on Winceby with the table open.
fn with_table(mut e: Editor) -> Editor {
    e.h.state_mut().settings.show_oob_table = true;
    e.h.run();
    e.h.run();
    e
}

/// Types `text` into the cell named `label`, over what it held, without pressing Enter.
fn type_into(e: &mut Editor, label: &str, text: &str) {
    e.h.get_by_label(label).focus();
    e.h.run();
    e.keys(Modifiers::COMMAND, Key::A);
    e.h.get_by_label(label).type_text(text);
    e.h.run();
}

fn steps(e: &Editor) -> usize {
    e.app().doc.history().1
}

/// The first units of the scenario: the rows the table shows at the top.
fn first_units(e: &Editor, n: usize) -> Vec<Unit> {
    e.s().units.iter().take(n).cloned().collect()
}

#[test]
fn a_cell_is_read_on_enter_and_a_refused_one_says_why() {
    let mut e = with_table(editor(sample("winceby")));
    let u = first_units(&e, 1).remove(0);
    let before = steps(&e);
    let cell = format!("strength of {}", u.name);
    type_into(&mut e, &cell, "3/");
    // Half typed, nothing is read.
    assert_eq!(e.s().unit(u.id).expect("unit").strength, u.strength);
    e.h.get_by_label(&cell).type_text("5");
    e.h.run();
    e.key(Key::Enter);
    assert_eq!(
        e.s().unit(u.id).expect("unit").strength,
        Strength {
            start: 5,
            current: 3
        }
    );
    assert_eq!(steps(&e), before + 1, "one undo step");
    // A hex the map does not have: the unit stays, the cell keeps the text, the table says why.
    let at = format!("at of {}", u.name);
    type_into(&mut e, &at, "9999");
    e.key(Key::Enter);
    assert_eq!(e.s().unit(u.id).expect("unit").position, u.position);
    assert_eq!(steps(&e), before + 1);
    assert!(
        e.shows("'9999' is not a hex of this map"),
        "the reason shows"
    );
    assert_eq!(e.h.get_by_label(&at).value().as_deref(), Some("9999"));
    // A hex as printed moves it there.
    let h = e.s().map.as_hex().expect("hex").clone();
    let free = h
        .grid()
        .hexes()
        .find(|hex| {
            !e.s()
                .units
                .iter()
                .any(|x| x.hex().map(|(y, _)| y) == Some(*hex))
        })
        .map(|hex| h.label(hex))
        .expect("a free hex");
    type_into(&mut e, &at, &free);
    e.key(Key::Enter);
    let now = e
        .s()
        .unit(u.id)
        .expect("unit")
        .hex()
        .map(|(x, _)| h.label(x));
    assert_eq!(now.as_deref(), Some(free.as_str()));
    assert!(!e.shows("is not a hex of this map"), "the message is gone");
}

#[test]
fn the_selected_rows_take_a_strength_and_a_quality_at_once() {
    let mut e = with_table(editor(sample("winceby")));
    let units: Vec<UnitId> = e
        .s()
        .units
        .iter()
        .filter(|u| !u.is_leader())
        .take(3)
        .map(|u| u.id)
        .collect();
    // Rows picked by their numbers: a click, then Ctrl+clicks.
    let names: Vec<String> = units
        .iter()
        .map(|id| e.s().unit(*id).expect("unit").name.clone())
        .collect();
    e.click(&format!("Row of {}", names[0]));
    for n in &names[1..] {
        let p = e.h.get_by_label(&format!("Row of {n}")).rect().center();
        e.h.hover_at(p);
        e.h.event(Event::ModifiersChanged(Modifiers::COMMAND));
        e.h.run();
        e.press_with(p, true, Modifiers::COMMAND);
        e.h.step();
        e.press_with(p, false, Modifiers::COMMAND);
        e.h.event(Event::ModifiersChanged(Modifiers::NONE));
        e.h.run();
    }
    assert!(e.shows("3 selected"), "three rows selected");
    let before = steps(&e);
    type_into(&mut e, "Strength for the selected rows", "7");
    e.click("Set strength");
    e.click("Quality for the selected rows");
    e.click("Green");
    for id in &units {
        let u = e.s().unit(*id).expect("unit");
        assert_eq!(u.strength, Strength::full(7), "{}", u.name);
        assert_eq!(u.quality, Quality::Green, "{}", u.name);
    }
    assert_eq!(steps(&e), before + 2, "one undo step for each value");
    assert_eq!(e.s().validate(), vec![]);
}

#[test]
fn rows_pasted_over_the_table_become_units() {
    let mut e = with_table(editor(sample("winceby")));
    let side = e.s().sides[1].name.clone();
    let count = e.s().units.len();
    let over = e
        .app()
        .oob_table_rect()
        .expect("the table is open")
        .center();
    e.h.hover_at(over);
    e.h.run();
    e.h.event(Event::Paste(format!(
        "Hale's Foot\t{side}\tInfantry\tGreen\t5\t\toff map\n\
         Fen Dragoons\t{side}\tDragoons\tRegular\t3/4\t\tturn 2 at 0101\n"
    )));
    // The table scrolls to the first row pasted: a few frames.
    for _ in 0..3 {
        e.h.step();
    }
    e.h.run();
    assert!(
        e.shows("Row of Hale's Foot"),
        "the first row pasted is in sight"
    );
    assert_eq!(e.s().units.len(), count + 2, "{}", e.app().status);
    assert!(e.shows("Pasted rows: 0 changed, 2 added"));
    assert!(e.s().reinforcements.iter().any(|g| {
        g.turn == 2
            && g.units
                .iter()
                .any(|u| e.s().unit(*u).expect("unit").name == "Fen Dragoons")
    }));
    // A row the table cannot read: nothing is added and the row and column are named.
    e.h.event(Event::Paste("Lost\tNobody\n".into()));
    e.h.run();
    assert_eq!(e.s().units.len(), count + 2);
    assert!(
        e.shows("row 1, column 2: no side is named 'Nobody'"),
        "{}",
        e.app().status
    );
}

#[test]
fn ctrl_s_in_a_cell_saves_what_the_cell_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("w.sandtable");
    let mut e = with_table(editor_with(
        sample("winceby"),
        Setup {
            dialogs: ScriptedDialogs {
                save: vec![path.clone()],
                ..ScriptedDialogs::default()
            },
            ..Setup::default()
        },
    ));
    let u = first_units(&e, 1).remove(0);
    type_into(&mut e, &format!("strength of {}", u.name), "2");
    e.keys(Modifiers::COMMAND, Key::S);
    e.h.run();
    let saved = sandtable::io::load(&path).expect("saved");
    assert_eq!(saved.unit(u.id).expect("unit").strength, Strength::full(2));
    assert!(!e.app().doc.is_dirty(), "{}", e.app().status);
}

/// A click into a cell selects its text, so typing replaces it; Tab goes on to the next cell
/// and never to the next unit on the map; an arrow key there moves no unit.
#[test]
fn the_keyboard_in_the_table_stays_in_the_table() {
    let mut e = with_table(editor(sample("winceby")));
    let u = first_units(&e, 1).remove(0);
    let cell = format!("strength of {}", u.name);
    e.h.get_by_label(&cell).focus();
    e.h.run();
    e.h.get_by_label(&cell).type_text("3");
    e.h.run();
    e.key(Key::Enter);
    assert_eq!(e.s().unit(u.id).expect("unit").strength, Strength::full(3));
    let row = format!("Row of {}", u.name);
    e.click(&row);
    let before = e.s().clone();
    e.keys(Modifiers::SHIFT, Key::ArrowDown);
    e.key(Key::ArrowRight);
    assert!(e.s() == &before, "no unit moved");
    let two: Vec<ItemRef> = first_units(&e, 2)
        .iter()
        .map(|u| ItemRef::Unit(u.id))
        .collect();
    assert_eq!(e.app().selection, two, "Shift+Down extended the rows");
    e.key(Key::Tab);
    e.key(Key::Tab);
    assert_eq!(
        e.app().selection,
        two,
        "Tab walked the table, not the units"
    );
}

/// Down and Up move the row selection as in a spreadsheet; Shift extends it from the row
/// clicked, either way.
#[test]
fn the_arrows_move_and_shift_extends_the_row_selection() {
    let mut e = with_table(editor(sample("winceby")));
    let ids: Vec<ItemRef> = first_units(&e, 4)
        .iter()
        .map(|u| ItemRef::Unit(u.id))
        .collect();
    e.click(&format!("Row of {}", first_units(&e, 2)[1].name));
    e.key(Key::ArrowDown);
    assert_eq!(e.app().selection, vec![ids[2]], "Down: the next row");
    e.keys(Modifiers::SHIFT, Key::ArrowDown);
    assert_eq!(e.app().selection, ids[2..4].to_vec(), "Shift+Down extends");
    e.keys(Modifiers::SHIFT, Key::ArrowUp);
    e.keys(Modifiers::SHIFT, Key::ArrowUp);
    assert_eq!(
        e.app().selection,
        ids[1..3].to_vec(),
        "Shift+Up past the anchor extends the other way"
    );
    e.key(Key::ArrowUp);
    assert_eq!(e.app().selection, vec![ids[0]], "Up: one row again");
}

/// Rows of both sides selected: no leader commands both, so the bulk Commander list waits,
/// saying why; a value the document would refuse is said in the table's message row.
#[test]
fn rows_of_both_sides_are_given_no_commander_at_once() {
    let mut e = with_table(editor(sample("winceby")));
    let a = e
        .s()
        .units
        .iter()
        .find(|u| u.side == e.s().sides[0].id)
        .expect("a")
        .clone();
    let b = e
        .s()
        .units
        .iter()
        .find(|u| u.side == e.s().sides[1].id)
        .expect("b")
        .clone();
    // Selected together, however (on the map, a drag round both).
    e.h.state_mut().selection = vec![ItemRef::Unit(a.id), ItemRef::Unit(b.id)];
    e.h.run();
    assert!(e.shows("2 selected"));
    assert!(
        e.h.query_by_label("Commander for the selected rows")
            .is_none(),
        "no commander list for both sides"
    );
    let bar = e.h.get_by_label("Commander…");
    assert!(bar.accesskit_node().is_disabled(), "the list waits");
}

/// A unit added from the table is like the selected row (its side, type, quality and strength,
/// its name numbered on), and its row is scrolled to.
#[test]
fn a_unit_added_from_the_table_is_like_the_selected_row_and_shows() {
    let mut e = with_table(editor(sample("winceby")));
    let royalist = e
        .s()
        .units
        .iter()
        .find(|u| u.side == e.s().sides[1].id)
        .expect("a Royalist")
        .clone();
    e.h.state_mut().selection = vec![ItemRef::Unit(royalist.id)];
    e.h.run();
    e.click("Add unit");
    e.h.run();
    let added = e.s().units.last().expect("added").clone();
    assert_ne!(added.name, royalist.name);
    assert_eq!(
        (added.side, added.kind.tag(), added.quality, added.strength),
        (
            royalist.side,
            royalist.kind.tag(),
            royalist.quality,
            royalist.strength
        ),
        "a row like the selected one"
    );
    assert!(
        e.shows(&format!("Row of {}", added.name)),
        "the new row is in sight"
    );
}
