//! Play mode in the editor, driven through accessible labels with egui_kittest: the Edit/Play
//! switch, what Play puts away and refuses, referee overrides with their note, and a turn of
//! each sample played, taken back and replayed.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::play::Activity;
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::scene::layout;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor, sample};

impl Editor {
    fn screen(&self, world: Point) -> Pos2 {
        self.app().view.to_screen(world)
    }

    fn press(&mut self, p: Pos2, pressed: bool) {
        self.h.event(Event::PointerButton {
            pos: p,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }

    fn click(&mut self, label: &str) {
        let p = self.h.get_by_label(label).rect().center();
        self.h.hover_at(p);
        self.h.run();
        self.press(p, true);
        self.h.run();
        self.press(p, false);
        self.h.run();
    }

    fn click_map(&mut self, world: Point) {
        let p = self.screen(world);
        self.h.hover_at(p);
        self.h.run();
        self.press(p, true);
        self.press(p, false);
        self.h.run();
    }

    /// Drags from `from` to `to` on the map in small steps, one frame each.
    fn drag_map(&mut self, from: Point, to: Point) {
        let (a, b) = (self.screen(from), self.screen(to));
        self.h.hover_at(a);
        self.h.run();
        self.press(a, true);
        self.h.run();
        for k in 1..=8 {
            self.h.hover_at(a + (b - a) * (k as f32 / 8.0));
            self.h.run();
        }
        self.press(b, false);
        self.h.run();
        self.h.run();
    }

    fn key(&mut self, key: Key) {
        self.h.key_press_modifiers(Modifiers::NONE, key);
        self.h.run();
    }

    fn shows(&self, text: &str) -> bool {
        self.h.query_all_by_label_contains(text).next().is_some()
    }

    fn canvas(&self) -> egui::Rect {
        self.h.get_by_label("Map canvas").rect()
    }

    /// Types `text` into the field labelled `label`.
    fn type_into(&mut self, label: &str, text: &str) {
        self.h.get_by_label(label).click_accesskit();
        self.h.run();
        self.h.get_by_label(label).type_text(text);
        self.h.run();
        self.h.run();
    }
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
    e.click("Play");
    assert_eq!(e.app().activity(), Activity::Play);
    assert!(!e.shows("Palette"), "Play puts the palette away");
    assert!(e.shows("Order of battle"), "the forces take its place");
    assert_eq!(e.canvas(), before, "the map keeps its place");
    // Selecting a unit opens its rule preview at once; its inspector is read-only.
    e.click_map(at);
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

#[test]
fn play_mode_drags_a_unit_only_under_its_rule_preview() {
    let s = sample("winceby");
    let (unit, at) = winceby_unit(&s);
    let mut e = editor(s.clone());
    e.key(Key::F5);
    e.click_map(at);
    e.h.state_mut().close_preview();
    // With its preview closed a unit is not dragged freely: the drag selects by box.
    let h = s.map.as_hex().expect("hex");
    let away = at + Point::new(h.hex_size_mm * 3.0, 0.0);
    e.drag_map(at, away);
    assert_eq!(e.s(), &s, "nothing moved: {}", e.app().status);
    let _ = unit;
}
