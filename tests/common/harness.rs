//! The editor under egui_kittest as the rule-preview tests drive it: an `App` on a scenario in a
//! 1400 x 900 window, its recovery files in a temporary directory kept as long as the editor.
#![allow(dead_code)]

use egui_kittest::Harness;
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::recovery::Recovery;
use sandtable::model::Scenario;
use sandtable::samples;

pub struct Editor {
    pub h: Harness<'static, App>,
    _dir: tempfile::TempDir,
}

/// An editor on `s`, its layout settled (panels take a frame or two to find their size).
pub fn editor(s: Scenario) -> Editor {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = App::new(
        Document::new(s, None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().join("recovery")),
        Settings::default(),
    );
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
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
}
