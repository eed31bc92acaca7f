//! The inspector's typed fields, driven through the real editor by their accessible labels: a
//! hex, a number or a point typed into a field stays exactly as typed until Enter or leaving the
//! field, then applies once (one undo step) or is refused with its reason in the inspector's
//! fixed message row, the fields below keeping their places; Escape puts the value back. With
//! nothing selected the inspector looks unlike a unit's and has no field where a unit's name
//! is; Ctrl+A in a text field selects its text, never the map's items.

#[path = "common/harness.rs"]
mod harness;

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::{By, Queryable};
use harness::{Editor, editor, sample};
use sandtable::geom::Point;
use sandtable::model::generate::{OobSize, order_of_battle};
use sandtable::model::*;

fn run(e: &mut Editor) {
    e.h.run();
    assert_eq!(e.s().validate(), vec![], "the scenario validates");
}

fn select(e: &mut Editor, item: ItemRef) {
    e.h.state_mut().selection = vec![item];
    run(e);
}

fn steps(e: &Editor) -> usize {
    e.app().doc.history().1
}

/// Gives the field named `label` the keyboard and selects its text, as a click and Ctrl+A do.
fn focus(e: &mut Editor, label: &str) {
    e.h.get_by_label(label).focus();
    run(e);
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    run(e);
}

/// Types `text` a key at a time, a frame after each, as a person types.
fn type_slowly(e: &mut Editor, label: &str, text: &str) {
    for c in text.chars() {
        e.h.get_by_label(label).type_text(&c.to_string());
        run(e);
    }
}

fn value(e: &Editor, label: &str) -> String {
    e.h.get_by_label(label).value().unwrap_or_default()
}

fn shows(e: &Editor, text: &str) -> bool {
    e.h.query_all_by_label_contains(text).next().is_some()
}

fn click_at(e: &mut Editor, pos: Pos2) {
    e.h.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        e.h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    run(e);
}

/// A combat unit of Winceby standing on the map.
fn winceby_unit(e: &Editor) -> Unit {
    e.s()
        .units
        .iter()
        .find(|u| !u.is_leader() && u.hex().is_some())
        .expect("a unit on the map")
        .clone()
}

fn label_of(s: &Scenario, hex: hexx::Hex) -> String {
    s.map.as_hex().expect("hex map").label(hex)
}

fn hex_of(s: &Scenario, label: &str) -> hexx::Hex {
    s.map
        .as_hex()
        .and_then(|m| m.hex_of_label(label))
        .expect("a hex of the map")
}

#[test]
fn a_hex_label_typed_key_by_key_lands_on_that_hex_on_enter() {
    let mut e = editor(sample("winceby"));
    let u = winceby_unit(&e);
    select(&mut e, ItemRef::Unit(u.id));
    focus(&mut e, "Hex");
    type_slowly(&mut e, "Hex", "1106");
    // While typing, the field holds exactly what was typed and the unit has not moved.
    assert_eq!(value(&e, "Hex"), "1106");
    assert_eq!(e.s().unit(u.id).expect("unit").hex(), u.hex());
    assert_eq!(steps(&e), 0);
    e.h.key_press(Key::Enter);
    run(&mut e);
    let at = e.s().unit(u.id).expect("unit").hex().expect("on the map").0;
    assert_eq!(label_of(e.s(), at), "1106");
    assert_eq!(at, hex_of(e.s(), "1106"));
    assert_eq!(steps(&e), 1, "one undo step");
    assert_eq!(value(&e, "Hex"), "1106");
}

#[test]
fn a_reinforcement_entry_typed_as_printed_lands_on_that_hex() {
    let s = order_of_battle(
        &OobSize {
            sides: 2,
            units: 12,
            groups: 2,
            arriving: 4,
            zones: 1,
            objectives: 1,
            columns: 0,
            marching: 0,
            name_chars: 20,
            note_chars: 20,
            text_bytes: 20,
            table: false,
        },
        4,
    );
    let r = s.reinforcements[0].clone();
    let mut e = editor(s);
    select(&mut e, ItemRef::Reinforcement(r.id));
    focus(&mut e, "Hex");
    type_slowly(&mut e, "Hex", "1335");
    assert_eq!(value(&e, "Hex"), "1335");
    assert!(!shows(&e, "is not a hex"), "no refusal while typing");
    e.h.key_press(Key::Enter);
    run(&mut e);
    let now = e.s().reinforcements[0].entry;
    assert_eq!(now, Place::Hex(hex_of(e.s(), "1335")));
    assert!(!shows(&e, "is not a hex") && !shows(&e, "off the map"));
    assert_eq!(steps(&e), 1);
}

#[test]
fn escape_puts_the_typed_value_back() {
    let mut e = editor(sample("winceby"));
    let u = winceby_unit(&e);
    let before = label_of(e.s(), u.hex().expect("on the map").0);
    select(&mut e, ItemRef::Unit(u.id));
    focus(&mut e, "Hex");
    type_slowly(&mut e, "Hex", "0909");
    e.h.key_press(Key::Escape);
    run(&mut e);
    assert_eq!(e.s().unit(u.id).expect("unit").hex(), u.hex());
    assert_eq!(value(&e, "Hex"), before);
    assert_eq!(steps(&e), 0);
    assert_eq!(
        e.app().selection,
        vec![ItemRef::Unit(u.id)],
        "still selected"
    );
}

#[test]
fn a_refused_hex_keeps_what_was_typed_and_the_fields_below_keep_their_places() {
    let mut e = editor(sample("winceby"));
    let u = winceby_unit(&e);
    select(&mut e, ItemRef::Unit(u.id));
    let facing = e.h.get_by_label("Facing").rect();
    focus(&mut e, "Hex");
    type_slowly(&mut e, "Hex", "99x");
    assert_eq!(
        e.h.get_by_label("Facing").rect(),
        facing,
        "typing moves nothing"
    );
    e.h.key_press(Key::Enter);
    run(&mut e);
    assert!(
        shows(&e, "'99x' is not a hex of this map"),
        "the reason is shown"
    );
    assert_eq!(value(&e, "Hex"), "99x", "what was typed stays");
    assert_eq!(e.s().unit(u.id).expect("unit").hex(), u.hex());
    assert_eq!(steps(&e), 0);
    assert_eq!(
        e.h.get_by_label("Facing").rect(),
        facing,
        "the refusal moves no field"
    );
}

#[test]
fn numbers_typed_apply_on_enter_or_leaving_never_while_typing() {
    let s = order_of_battle(
        &OobSize {
            sides: 2,
            units: 6,
            groups: 1,
            arriving: 2,
            zones: 0,
            objectives: 1,
            columns: 0,
            marching: 0,
            name_chars: 20,
            note_chars: 20,
            text_bytes: 20,
            table: true,
        },
        2,
    );
    let r = s.reinforcements[0].clone();
    let mut e = editor(s);
    select(&mut e, ItemRef::Reinforcement(r.id));
    focus(&mut e, "Arrives on turn");
    type_slowly(&mut e, "Arrives on turn", "12");
    assert_eq!(e.s().reinforcements[0].turn, r.turn, "not while typing");
    e.h.key_press(Key::Enter);
    run(&mut e);
    assert_eq!(e.s().reinforcements[0].turn, 12);
    assert_eq!(steps(&e), 1);
    // A point on the table: applied when the field is left for another.
    let Place::Table(p) = r.entry else {
        panic!("a table entry")
    };
    focus(&mut e, "x (in)");
    type_slowly(&mut e, "x (in)", "30");
    assert_eq!(e.s().reinforcements[0].entry, r.entry, "not while typing");
    e.h.get_by_label("y (in)").focus();
    run(&mut e);
    run(&mut e);
    assert_eq!(
        e.s().reinforcements[0].entry,
        Place::Table(Point::new(30.0, p.y))
    );
    assert_eq!(steps(&e), 2);
    // Escape in a number puts it back.
    focus(&mut e, "y (in)");
    type_slowly(&mut e, "y (in)", "7");
    e.h.key_press(Key::Escape);
    run(&mut e);
    assert_eq!(
        e.s().reinforcements[0].entry,
        Place::Table(Point::new(30.0, p.y))
    );
    assert_eq!(steps(&e), 2);
}

#[test]
fn a_click_meant_for_a_units_name_never_edits_the_title() {
    let mut e = editor(sample("winceby"));
    let title = e.s().meta.title.clone();
    let u = winceby_unit(&e);
    select(&mut e, ItemRef::Unit(u.id));
    let name = e.h.get_by_label("Name").rect();
    // The unit is let go (Escape on the map), and the click meant for its name comes after.
    e.h.key_press(Key::Escape);
    run(&mut e);
    assert!(e.app().selection.is_empty());
    assert!(shows(&e, "Nothing selected"), "the inspector says so");
    click_at(&mut e, name.center());
    e.h.event(Event::Text("Lincolnshire Horse".into()));
    run(&mut e);
    e.h.key_press(Key::Enter);
    run(&mut e);
    assert_eq!(e.s().meta.title, title, "the title is untouched");
    // The title is still there to edit, elsewhere.
    let t = e.h.get_by_label("Title").rect();
    assert!(
        !t.intersects(name),
        "{t:?} is where a unit's name is ({name:?})"
    );
    // Nor is it there when the scenario itself is selected (from a problem about it).
    select(&mut e, ItemRef::Scenario);
    let t = e.h.get_by_label("Title").rect();
    assert!(
        !t.intersects(name),
        "{t:?} is where a unit's name is ({name:?})"
    );
    assert!(
        shows(&e, "The scenario"),
        "the inspector says what it shows"
    );
}

#[test]
fn a_colour_typed_as_hex_applies_on_enter_and_escape_puts_it_back() {
    let mut e = editor(sample("winceby"));
    let side = e.s().sides[0].clone();
    let colour = |e: &Editor| e.s().side(side.id).expect("side").colour;
    let swatch = format!("Side {}: Colour", side.id);
    e.h.get_by_label(&swatch).click_accesskit();
    run(&mut e);
    focus(&mut e, "Hex");
    // #abc is a colour too: on the way to #abcdef it must not apply.
    type_slowly(&mut e, "Hex", "#abc");
    assert_eq!(colour(&e), side.colour, "not while typing");
    type_slowly(&mut e, "Hex", "def");
    e.h.key_press(Key::Enter);
    run(&mut e);
    assert_eq!(colour(&e), Colour::rgb(0xab, 0xcd, 0xef));
    assert_eq!(steps(&e), 1, "one undo step");
    if e.h.query_by_label("Hex").is_none() {
        e.h.get_by_label(&swatch).click_accesskit();
        run(&mut e);
    }
    focus(&mut e, "Hex");
    type_slowly(&mut e, "Hex", "#123456");
    e.h.key_press(Key::Escape);
    run(&mut e);
    assert_eq!(colour(&e), Colour::rgb(0xab, 0xcd, 0xef), "Escape keeps it");
    assert_eq!(steps(&e), 1);
}

#[test]
fn ctrl_a_in_a_text_field_selects_its_text_and_not_the_map() {
    let mut e = editor(sample("winceby"));
    let u = winceby_unit(&e);
    let selected = vec![ItemRef::Unit(u.id)];
    select(&mut e, selected[0]);
    for label in ["Name", "Hex"] {
        focus(&mut e, label);
        assert_eq!(
            e.app().selection,
            selected,
            "{label}: Ctrl+A kept the selection"
        );
        e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        run(&mut e);
        assert_eq!(
            e.app().selection,
            selected,
            "{label}: Ctrl+A kept the selection"
        );
    }
    // The text was selected: what is typed replaces it.
    focus(&mut e, "Name");
    e.h.get_by_label("Name").type_text("Ironsides");
    run(&mut e);
    e.h.key_press(Key::Enter);
    run(&mut e);
    assert_eq!(e.s().unit(u.id).expect("unit").name, "Ironsides");
    // A number being typed holds the keyboard the same way.
    focus(&mut e, "Starting strength");
    assert_eq!(e.app().selection, selected);
    e.h.key_press(Key::Escape);
    run(&mut e);
    // So does any control of the inspector reached with Tab, such as the side's choice.
    let side = By::new().label("Side").role(egui::Role::ComboBox);
    e.h.get(side).focus();
    run(&mut e);
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    run(&mut e);
    assert_eq!(
        e.app().selection,
        selected,
        "Ctrl+A in the inspector keeps the selection"
    );
}
