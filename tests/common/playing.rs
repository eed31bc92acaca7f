//! Playing in the editor under egui_kittest: the Play helpers the tests of Play share (the
//! log's length and last entry, a unit picked in the order of battle, a preview opened, every
//! entry stepped through and taken back), on top of `harness`.
#![allow(dead_code)]

use crate::harness::Editor;
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::game;
use sandtable::model::Scenario;
use sandtable::preview::Choice;

impl Editor {
    pub fn canvas(&self) -> egui::Rect {
        self.h.get_by_label("Map canvas").rect()
    }

    /// Types `text` into the field labelled `label`.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.h.get_by_label(label).focus();
        self.h.run();
        self.h.get_by_label(label).type_text(text);
        self.h.run();
        self.h.run();
    }

    /// Presses the button labelled `label` through AccessKit (it may sit below the fold of a
    /// scrolling panel).
    pub fn press_button(&mut self, label: &str) {
        self.h.get_by_label(label).click_accesskit();
        self.h.run();
        self.h.run();
    }

    /// Selects a unit by its row in the order of battle.
    pub fn select(&mut self, name: &str) {
        let numbered = format!(". {name}");
        let row = self
            .h
            .query_all_by_label(name)
            .chain(self.h.query_all_by_label_contains(&numbered))
            .find(|n| {
                n.accesskit_node().role() == egui::accesskit::Role::Button
                    && n.accesskit_node()
                        .label()
                        .is_some_and(|l| l == name || l.ends_with(&numbered))
            })
            .unwrap_or_else(|| {
                let seen: Vec<String> = self
                    .h
                    .query_all_by_label_contains(name)
                    .map(|n| {
                        format!(
                            "{:?} {:?}",
                            n.accesskit_node().role(),
                            n.accesskit_node().label()
                        )
                    })
                    .collect();
                panic!("a row for {name}: {seen:?}")
            });
        row.click_accesskit();
        self.h.run();
        self.h.run();
    }

    /// Opens the preview `mode` of the selected unit from the Rules panel, unless it is open.
    pub fn preview(&mut self, mode: Choice, text: &str) {
        if self.app().preview_mode() != Some(mode) {
            self.click("Preview");
            self.click(text);
        }
        assert_eq!(self.app().preview_mode(), Some(mode), "{text}");
    }

    pub fn log_len(&self) -> usize {
        self.app().game_log().len()
    }

    pub fn last_entry(&self) -> String {
        self.app()
            .game_log()
            .last()
            .map(|e| e.what.clone())
            .unwrap_or_default()
    }

    /// Steps through the log from its start (the first moment equal to `start`'s units), one
    /// entry at a time, to the present (equal to `played`), then goes back to the present.
    pub fn replay_through(&mut self, start: &Scenario, played: &Scenario) {
        let n = self.log_len();
        self.press_button("Start of the game");
        assert_eq!(self.app().replaying(), Some(0));
        assert_eq!(self.s().units, start.units, "the start of the game");
        assert_eq!(self.s().columns, start.columns);
        // Nothing is played while a replayed moment is shown.
        self.press_button("Take back");
        assert_eq!(self.app().replaying(), Some(0));
        for k in 1..n {
            self.press_button("Step on");
            assert_eq!(self.app().replaying(), Some(k));
            let want = game::replay(played, k).expect("replays");
            assert_eq!(self.s().units, want.units, "after entry {k}");
        }
        self.press_button("Step on");
        assert_eq!(self.app().replaying(), None, "the last step is the present");
        assert_eq!(self.s(), played);
        self.press_button("Step back");
        assert_eq!(self.app().replaying(), Some(n - 1));
        self.press_button("Back to the present");
        assert_eq!(self.s(), played, "back to the present");
    }

    /// Takes every entry back with the Log tab's button: the units, columns and turn stand as
    /// at `start`.
    pub fn take_all_back(&mut self, start: &Scenario) {
        let n = self.log_len();
        for k in 0..n {
            self.press_button("Take back");
            assert_eq!(self.log_len(), n - k - 1, "{}", self.app().status);
        }
        assert_eq!(self.s().units, start.units);
        assert_eq!(self.s().columns, start.columns);
        assert_eq!(self.s().turn, start.turn);
    }
}
