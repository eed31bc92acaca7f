//! A hand-edited file with a leader link that cannot be followed opens in the editor with the
//! link set aside, the problems panel names it, and choosing the link again in the inspector
//! clears the problem (driven through accessible labels with egui_kittest).

use egui::{Key, Modifiers};
use egui_kittest::kittest::{By, Queryable};
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::io::{self, codec};
use sandtable::model::*;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, Setup, editor_with, sample};

/// An editor on an empty table whose Open dialog answers `open`.
fn opening(open: std::path::PathBuf) -> Editor {
    editor_with(
        Scenario::new_table("Empty"),
        Setup {
            size: [1600.0, 1000.0],
            dialogs: ScriptedDialogs {
                open: vec![open],
                ..ScriptedDialogs::default()
            },
            ..Setup::default()
        },
    )
}

impl Editor {
    fn pick(&mut self, label: &str, option: &str) {
        let by = By::new().label(label).role(egui::Role::ComboBox);
        self.h.get(by).click_accesskit();
        self.h.run();
        let item = self.h.get_all_by_label(option).last().expect("option");
        item.click_accesskit();
        self.h.run();
    }
}

#[test]
fn a_superior_on_the_other_side_opens_set_aside_in_problems_and_is_repaired_in_the_inspector() {
    let mut s = sample("winceby");
    let sub = s
        .units
        .iter()
        .find(|u| u.leadership.is_some_and(|l| l.superior.is_some()))
        .expect("a subordinate")
        .clone();
    let top = s
        .unit(sub.leadership.and_then(|l| l.superior).expect("superior"))
        .expect("top")
        .clone();
    let enemy = s
        .units
        .iter()
        .find(|u| u.is_leader() && u.side != sub.side)
        .expect("an enemy leader")
        .id;
    s.unit_mut(sub.id)
        .and_then(|u| u.leadership.as_mut())
        .expect("leads")
        .superior = Some(enemy);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("hand-edited.json");
    std::fs::write(&path, codec::encode(&s, io::Encoding::Json)).expect("write");

    let mut e = opening(path.clone());
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    e.h.run();
    assert_eq!(e.s().meta.title, s.meta.title, "{}", e.h.state().status);
    let l = e
        .s()
        .unit(sub.id)
        .and_then(|u| u.leadership)
        .expect("leader");
    assert_eq!(l.superior, None, "the link is set aside");
    assert_eq!(e.s().validate(), vec![]);
    // The problems panel is open and names what was set aside, as an error on the leader.
    let said = format!("unit {}: superior {enemy} '", sub.id);
    assert!(e.shows(&said), "no problem row starting {said:?}");
    assert!(e.shows("is on the other side: the link was set aside"));
    assert!(
        e.h.state().status.contains("set aside"),
        "{}",
        e.h.state().status
    );
    // Choosing a superior again repairs it: the problem goes.
    e.h.state_mut().selection = vec![ItemRef::Unit(sub.id)];
    e.h.run();
    e.pick("Superior", &format!("{} ({})", top.name, top.id));
    let l = e
        .s()
        .unit(sub.id)
        .and_then(|u| u.leadership)
        .expect("leader");
    assert_eq!(l.superior, Some(top.id));
    assert!(!e.shows("the link was set aside"), "repaired");
    // Undo brings the empty link, and the problem, back.
    e.h.key_press(Key::Escape);
    e.h.run();
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    e.h.run();
    assert!(e.shows("the link was set aside"));
}
