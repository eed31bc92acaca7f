//! The editor under egui_kittest, as the editor's tests drive it: the real `App` on a scenario,
//! with scripted file dialogs and its recovery files in a temporary directory kept as long as
//! the editor.
#![allow(dead_code)]

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::geom::Point;
use sandtable::io::recovery::Recovery;
use sandtable::model::{Position, Scenario, UnitId};
use sandtable::samples;
use std::path::PathBuf;

pub struct Editor {
    pub h: Harness<'static, App>,
    _dir: tempfile::TempDir,
}

/// How an editor is set up; `Setup::default()` is a 1400 x 900 window whose file dialogs answer
/// nothing.
pub struct Setup {
    pub size: [f32; 2],
    pub dialogs: ScriptedDialogs,
    /// Where recovery files go: a folder of the editor's own temporary directory if `None`.
    pub recovery: Option<PathBuf>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            size: [1400.0, 900.0],
            dialogs: ScriptedDialogs::default(),
            recovery: None,
        }
    }
}

/// An editor on `s`, its layout settled (panels take a frame or two to find their size).
pub fn editor(s: Scenario) -> Editor {
    editor_with(s, Setup::default())
}

/// An editor on `s` set up as `setup` says, its layout settled.
pub fn editor_with(s: Scenario, setup: Setup) -> Editor {
    let dir = tempfile::tempdir().expect("tempdir");
    let recovery = setup
        .recovery
        .unwrap_or_else(|| dir.path().join("recovery"));
    let app = App::new(
        Document::new(s, None),
        Box::new(setup.dialogs),
        Recovery::in_dir(recovery),
        Settings::default(),
    );
    let mut h = Harness::builder()
        .with_size(setup.size)
        .with_context_setup(sandtable::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.frame_ui(ui), app);
    h.run();
    h.run();
    Editor { h, _dir: dir }
}

/// A built-in sample by name.
pub fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

impl Editor {
    pub fn app(&self) -> &App {
        self.h.state()
    }

    pub fn s(&self) -> &Scenario {
        self.app().doc.scenario()
    }

    /// Where a map point is on the screen.
    pub fn screen(&self, world: Point) -> Pos2 {
        self.app().view.to_screen(world)
    }

    /// The primary button pressed or released at `p`, no modifier held.
    pub fn press(&mut self, p: Pos2, pressed: bool) {
        self.press_with(p, pressed, Modifiers::NONE);
    }

    pub fn press_with(&mut self, p: Pos2, pressed: bool, modifiers: Modifiers) {
        self.h.event(Event::PointerButton {
            pos: p,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
    }

    /// Clicks a widget as a person does: move there, press, release, a frame each. The frame
    /// with the button down is one step, not run until it settles: egui repaints every frame
    /// while a button is held in a window, as the press may become a drag of the window.
    pub fn click(&mut self, label: &str) {
        let p = self.h.get_by_label(label).rect().center();
        self.h.hover_at(p);
        self.h.run();
        self.press(p, true);
        self.h.step();
        self.press(p, false);
        self.h.run();
    }

    /// Presses and releases on a widget without waiting for the editor to settle after: for a
    /// click that starts work on a worker thread, followed by [`Editor::wait_for_workers`].
    pub fn click_to_start(&mut self, label: &str) {
        let p = self.h.get_by_label(label).rect().center();
        self.h.hover_at(p);
        self.h.run();
        self.press(p, true);
        self.h.step();
        self.press(p, false);
        self.h.step();
    }

    /// Steps the editor, a frame each 10 ms, until the work it runs on worker threads is done
    /// (five seconds at most), then lets it settle: a worker's result comes in between frames,
    /// so `Harness::run` alone may settle before it or run out of steps while it arrives.
    pub fn wait_for_workers(&mut self) {
        for _ in 0..500 {
            if !self.app().working() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            self.h.step();
        }
        assert!(
            !self.app().working(),
            "the editor's workers were still busy after five seconds"
        );
        self.h.run();
    }

    /// A click on the canvas at a map point.
    pub fn click_map(&mut self, world: Point) {
        let p = self.screen(world);
        self.h.hover_at(p);
        self.h.run();
        self.press(p, true);
        self.press(p, false);
        self.h.run();
    }

    /// The pointer resting on a map point (two frames: hover answers follow the pointer).
    pub fn hover_map(&mut self, world: Point) {
        let p = self.screen(world);
        self.h.hover_at(p);
        self.h.run();
        self.h.run();
    }

    /// Drags from `from` to `to` on the map in small steps, one frame each.
    pub fn drag_map(&mut self, from: Point, to: Point) {
        let (a, b) = (self.screen(from), self.screen(to));
        self.drag_screen(a, b);
    }

    /// Drags from `a` to `b` (screen points: a divider, a row) in eight steps, one frame each.
    pub fn drag_screen(&mut self, a: Pos2, b: Pos2) {
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

    /// A key pressed alone, and a frame.
    pub fn key(&mut self, key: Key) {
        self.keys(Modifiers::NONE, key);
    }

    /// A key pressed with `modifiers` held, and a frame.
    pub fn keys(&mut self, modifiers: Modifiers, key: Key) {
        self.h.key_press_modifiers(modifiers, key);
        self.h.run();
    }

    /// Whether any widget's label contains `text`.
    pub fn shows(&self, text: &str) -> bool {
        self.h.query_all_by_label_contains(text).next().is_some()
    }
}

/// Winceby with its first `n` combat units on the map stacked on the first one's hex: their
/// IDs in the scenario's order (the last drawn on top) and the hex.
pub fn winceby_stack(n: usize) -> (Scenario, Vec<UnitId>, hexx::Hex) {
    let mut s = sample("winceby");
    let ids: Vec<UnitId> = s
        .units
        .iter()
        .filter(|u| u.is_combat_unit() && u.hex().is_some())
        .map(|u| u.id)
        .take(n)
        .collect();
    let place = s.unit(ids[0]).and_then(|u| u.hex()).expect("on the map").0;
    for u in s.units.iter_mut().filter(|u| ids[1..].contains(&u.id)) {
        u.position = Position::Hex {
            hex: place,
            facing: 0,
        };
    }
    (s, ids, place)
}
