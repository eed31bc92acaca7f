//! A file named on the command line that will not open still opens the editor: on the built-in
//! sample, with a notice that stays and names the file and the reason, the file untouched.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::app::startup::startup;
use sandtable::io::recovery::Recovery;
use sandtable::samples;

/// The editor as the binary starts it on `start`, its recovery files under `dir`.
fn editor_starting(
    start: sandtable::app::startup::Startup,
    dir: &std::path::Path,
) -> Harness<'static, App> {
    let app = App::starting(
        start,
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.join("recovery")),
        Settings::default(),
    );
    Harness::builder()
        .with_size([1400.0, 900.0])
        .with_context_setup(sandtable::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.frame_ui(ui), app)
}

#[test]
fn a_broken_file_opens_the_sample_with_a_notice_naming_the_file_and_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("broken.sandtable");
    std::fs::write(&broken, b"these are not the hexes you are looking for").expect("written");
    let start = startup(Some(&broken)).expect("the sample loads");
    let notice = start.notice.clone().expect("a notice");
    assert!(notice.contains("broken.sandtable"), "{notice}");
    assert!(notice.contains("not a Sandtable scenario"), "{notice}");
    assert!(notice.ends_with("the file was not changed."), "{notice}");
    assert_eq!(
        start.path, None,
        "saving must not overwrite the broken file"
    );
    let sample = samples::ALL[0].load().expect("the sample loads");
    assert_eq!(start.loaded.scenario, sample);

    // In the editor, the notice is up and stays after other frames.
    let mut h = editor_starting(start, dir.path());
    h.run();
    for _ in 0..30 {
        h.step();
    }
    assert!(
        h.query_all_by_label_contains("broken.sandtable")
            .next()
            .is_some(),
        "no notice naming the file"
    );
    assert_eq!(
        std::fs::read(&broken).expect("still there"),
        b"these are not the hexes you are looking for"
    );
    // Once another document is open the notice, which says the sample is open instead, is
    // stale: File > New puts it away.
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::N,
    );
    h.run();
    assert!(
        h.state().doc.scenario().map.is_hex(),
        "a new hex map is open"
    );
    assert!(
        h.query_all_by_label_contains("broken.sandtable")
            .next()
            .is_none(),
        "the notice about the broken file outlives the sample it named"
    );
}

#[test]
fn a_missing_file_says_it_cannot_be_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("nowhere.sandtable");
    let start = startup(Some(&missing)).expect("the sample loads");
    let notice = start.notice.expect("a notice");
    assert!(notice.contains("nowhere.sandtable"), "{notice}");
    assert!(notice.contains("cannot read"), "{notice}");
    assert!(notice.ends_with("nothing was written."), "{notice}");
    // In words: the operating system's error number and the sample's short name are left to
    // the terminal and the command line.
    assert!(!notice.contains("os error"), "{notice}");
    assert!(notice.contains("No such file or directory"), "{notice}");
    assert!(
        notice.contains("The built-in sample 'Up the Bakambo' is open instead"),
        "{notice}"
    );
}

#[test]
fn a_good_file_opens_with_no_notice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = dir.path().join("winceby.json");
    let winceby = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("loads");
    sandtable::io::save(&good, &winceby).expect("saved");
    let start = startup(Some(&good)).expect("opens");
    assert_eq!(start.notice, None);
    assert_eq!(start.path.as_deref(), Some(good.as_path()));
    assert_eq!(start.loaded.scenario.meta.title, winceby.meta.title);
}

/// From the command line: the error is said on the terminal and the editor is started anyway
/// (here, with no display, it then says it cannot open a window), rather than exiting at the
/// file.
#[test]
fn the_binary_goes_on_to_the_editor_after_a_broken_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, b"{").expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .arg(&broken)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Could not open"), "{err}");
    assert!(err.contains("broken.json"), "{err}");
    assert!(err.contains("cannot open the editor window"), "{err}");
}

/// With no file, the editor opens on the sample and says so, pointing at Help > Getting
/// started, which opens a window of first steps.
#[test]
fn the_first_window_says_it_is_a_sample_and_getting_started_opens() {
    let dir = tempfile::tempdir().expect("tempdir");
    let start = startup(None).expect("the sample loads");
    let mut h = editor_starting(start, dir.path());
    h.run();
    assert!(
        h.query_all_by_label_contains("This is the built-in sample")
            .count()
            >= 1,
        "{}",
        h.state().status
    );
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Getting started").click();
    h.run();
    assert!(h.query_by_label_contains("1. This is a sample").is_some());
    assert!(
        h.query_by_label_contains("F5 (or Play, top right)")
            .is_some()
    );
}

/// A Tiled map named on the command line (a double-click on a `.tmx`) is imported as the
/// editor opens, as File > Import Tiled map… would, rather than refused as no scenario.
#[test]
fn a_tiled_map_given_at_start_is_imported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("field.tmx");
    std::fs::write(
        &map,
        r#"<map orientation="hexagonal" width="3" height="2" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="ground" tilewidth="32" tileheight="28" tilecount="1" columns="1">
  <tile id="0" type="Woods"/></tileset>
 <layer name="L" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer></map>"#,
    )
    .expect("written");
    let start = startup(Some(&map)).expect("the sample loads");
    assert_eq!(start.notice, None, "no refusal");
    let mut h = editor_starting(start, dir.path());
    for _ in 0..500 {
        if !h.state().reading_tiled() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.run();
    let s = h.state().doc.scenario();
    assert!(s.map.is_hex(), "{}", h.state().status);
    assert_eq!(s.meta.title, "field");
    assert!(s.terrain_types.iter().any(|t| t.name == "Woods"));
}
