//! A seeded random drive of the editor over each sample through kittest: clicks and drags
//! anywhere in the window, keys (tools, undo and redo, copy and paste, delete, arrows, Tab,
//! Escape), palette drops onto the map; switching to Play and back (F5), playing (the same clicks
//! and drags, End phase, End turn), taking back, stepping through the log and back to the
//! present, writing a note on the entry shown; importing a Tiled map (read on its worker
//! thread) and calibrating a background on it; saving, autosaving. After every event the scenario must still pass `validate()`, every file
//! saved (and every recovery file) must open again, and nothing may panic.
//!
//! `SANDTABLE_DRIVE_EVENTS` sets the events per sample (default 1,500, to keep `cargo test`
//! short on two cores; the 10,000 is `SANDTABLE_DRIVE_EVENTS=10000`) and
//! `SANDTABLE_DRIVE_SEED` the seed.

use egui::{Event, Key, Modifiers, PointerButton, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::edit::ops::create::Template;
use sandtable::io::{self, recovery::Recovery, tmx};
use sandtable::samples;
use std::path::{Path, PathBuf};

const SIZE: [f32; 2] = [1400.0, 900.0];

/// SplitMix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn point(&mut self) -> Pos2 {
        pos2(
            self.below(SIZE[0] as usize) as f32,
            self.below(SIZE[1] as usize) as f32,
        )
    }

    /// A point over the middle of the window, where the map is.
    fn on_map(&mut self) -> Pos2 {
        pos2(
            300.0 + self.below(800) as f32,
            80.0 + self.below(700) as f32,
        )
    }
}

const KEYS: [(Modifiers, Key); 24] = [
    (Modifiers::COMMAND, Key::Z),
    (Modifiers::COMMAND, Key::Z),
    (Modifiers::COMMAND, Key::Y),
    (Modifiers::SHIFT.plus(Modifiers::COMMAND), Key::Z),
    (Modifiers::COMMAND, Key::C),
    (Modifiers::COMMAND, Key::V),
    (Modifiers::COMMAND, Key::D),
    (Modifiers::COMMAND, Key::A),
    (Modifiers::NONE, Key::Delete),
    (Modifiers::NONE, Key::Escape),
    (Modifiers::NONE, Key::Enter),
    (Modifiers::NONE, Key::Tab),
    (Modifiers::SHIFT, Key::Tab),
    (Modifiers::NONE, Key::ArrowLeft),
    (Modifiers::NONE, Key::ArrowRight),
    (Modifiers::SHIFT, Key::ArrowUp),
    (Modifiers::NONE, Key::ArrowDown),
    (Modifiers::NONE, Key::R),
    (Modifiers::NONE, Key::Q),
    (Modifiers::NONE, Key::E),
    (Modifiers::NONE, Key::V),
    (Modifiers::NONE, Key::P),
    (Modifiers::NONE, Key::Space),
    (Modifiers::NONE, Key::Plus),
];

fn press(h: &mut Harness<'static, App>, at: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// A drag from `from` to `to` in a few frames.
fn drag(h: &mut Harness<'static, App>, from: Pos2, to: Pos2, steps: usize) {
    h.hover_at(from);
    h.step();
    press(h, from, true);
    h.step();
    for k in 1..=steps {
        h.hover_at(from + (to - from) * (k as f32 / steps as f32));
        h.step();
    }
    press(h, to, false);
    h.step();
}

/// Clicks the first widget labelled `label` (or whose label starts so), if there is one.
fn click_label(h: &mut Harness<'static, App>, label: &str) -> bool {
    let Some(at) = h
        .query_all_by_label_contains(label)
        .next()
        .map(|n| n.rect().center())
    else {
        return false;
    };
    h.hover_at(at);
    h.step();
    press(h, at, true);
    press(h, at, false);
    h.step();
    true
}

/// The files the drive reads and writes, and what it has done so far.
struct Files {
    dir: PathBuf,
    /// A Tiled map (the Winceby sample exported), to import.
    tiled: PathBuf,
    saves: usize,
    imports: usize,
    /// The most log entries the game has had.
    entries: usize,
    /// Times the background's calibration changed.
    calibrations: usize,
    /// Notes written on log entries.
    notes: usize,
}

impl Files {
    /// Every scenario file saved (`save-N.*`) or autosaved (`recovery/session-*.sandtable`) so
    /// far opens again.
    fn all_open(&self, what: &str) {
        let listed = |dir: &Path| -> Vec<PathBuf> {
            std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .collect()
        };
        let saved = listed(&self.dir).into_iter().filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("save-"))
        });
        let recovered = listed(&self.dir.join("recovery"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "sandtable"));
        for p in saved.chain(recovered) {
            if let Err(e) = io::load(&p) {
                panic!("{what}: {} does not open again: {e}", p.display());
            }
        }
    }
}

/// Steps until the Tiled map read on the worker thread has come in.
fn wait_for_tiled(h: &mut Harness<'static, App>) {
    for _ in 0..1_000 {
        if !h.state().reading_tiled() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    assert!(
        !h.state().reading_tiled(),
        "the Tiled map is still being read"
    );
    h.step();
}

/// A small PNG for a background.
fn png() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(300, 200, image::Rgba([180, 170, 140, 255]));
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("png");
    out
}

/// One of the events of a game or of files: Play and back, the game's buttons, the log,
/// saving and autosaving, importing a Tiled map, calibrating.
fn game_or_file_event(
    h: &mut Harness<'static, App>,
    rng: &mut Rng,
    files: &mut Files,
    late: bool,
) -> String {
    match rng.below(30) {
        0..3 => {
            h.key_press_modifiers(Modifiers::NONE, Key::F5);
            h.step();
            "F5 (Edit / Play)".into()
        }
        3..8 => {
            // End phase (E) or End turn (Shift+E), by its button or its key.
            let turn = rng.below(5) >= 3;
            let (what, held) = if turn {
                ("End turn", Modifiers::SHIFT)
            } else {
                ("End phase", Modifiers::NONE)
            };
            let clicked = if rng.below(2) == 0 {
                click_label(h, what)
            } else {
                h.key_press_modifiers(held, Key::E);
                h.step();
                true
            };
            // Asked whether to end with units yet to act: ended anyway, or kept playing.
            let asked = h.query_all_by_label_contains("anyway").next().is_some();
            if asked {
                let answer = if rng.below(3) == 0 {
                    Key::Escape
                } else {
                    Key::Enter
                };
                h.key_press_modifiers(Modifiers::NONE, answer);
                h.step();
            }
            format!("{what}: {clicked} (asked: {asked}) {}", h.state().status)
        }
        8..12 => {
            click_label(h, "Log");
            let b = ["Take back", "Step back", "Step on", "Back to the present"][rng.below(4)];
            format!("{b}: {}", click_label(h, b))
        }
        12..14 => {
            // Ctrl+Z in Play takes back the last entry.
            h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
            h.step();
            "Ctrl+Z".into()
        }
        14..17 => {
            files.saves += 1;
            h.key_press_modifiers(Modifiers::COMMAND, Key::S);
            h.step();
            h.step();
            files.all_open("save");
            format!("save ({})", h.state().status)
        }
        17 => {
            h.state_mut().autosave_now();
            h.step();
            files.all_open("autosave");
            "autosave".into()
        }
        // Late in the drive, so the sample is played first: the map replaces it.
        18 if late => {
            // File > Import Tiled map… (the menu, then the worker, then the map replaces the
            // document: whatever it asks about unsaved work is answered).
            files.imports += 1;
            click_label(h, "File");
            let clicked = click_label(h, "Import Tiled map");
            click_label(h, "Don't save");
            wait_for_tiled(h);
            format!(
                "import {} ({clicked}): {}",
                files.tiled.display(),
                h.state().status
            )
        }
        19 => {
            // Annotate the entry shown in the Log tab: its note field, typed into, then Save
            // note.
            click_label(h, "Log");
            let is_field = |n: &egui_kittest::Node<'_>| {
                n.accesskit_node().role() == egui::accesskit::Role::TextInput
            };
            let Some(field) = h
                .query_all_by_label_contains("Note on entry")
                .find(is_field)
            else {
                return "annotate: no entry shown".into();
            };
            field.focus();
            h.step();
            let text =
                ["held the ford", " — agreed", "x".repeat(300).as_str()][rng.below(3)].to_string();
            let Some(field) = h
                .query_all_by_label_contains("Note on entry")
                .find(is_field)
            else {
                return "annotate: the field went away".into();
            };
            field.type_text(&text);
            h.step();
            let before = notes(h);
            let saved = click_label(h, "Save note");
            if notes(h) != before {
                files.notes += 1;
            }
            format!("annotate ({saved}): {}", h.state().status)
        }
        20..23 => {
            // Calibrate a background on a hex map: the tool (K), three clicks far apart, each
            // named by the hex under it (the image stretched over the map has no guess of its
            // own: the field waits for a label), Apply.
            if h.state().doc.scenario().map.is_hex()
                && h.state().doc.scenario().background.is_none()
            {
                h.state_mut().set_background(png());
                h.step();
            }
            h.key_press_modifiers(Modifiers::NONE, Key::K);
            h.step();
            for (x, y) in [(330.0, 330.0), (620.0, 700.0), (330.0, 720.0)] {
                let p = pos2(x + rng.below(40) as f32, y + rng.below(40) as f32);
                h.hover_at(p);
                h.step();
                press(h, p, true);
                press(h, p, false);
                h.step();
                let clicks = h.query_all_by_label_contains("Hex of click ").count();
                let field = format!("Hex of click {clicks}");
                let label = h.state().doc.scenario().map.as_hex().map(|m| {
                    let world = h.state().view.to_world(p);
                    m.label(m.layout().world_pos_to_hex(world))
                });
                if let (Some(label), Some(node)) = (label, h.query_by_label(&field))
                    && node.value().is_none_or(|v| v.is_empty())
                {
                    node.focus();
                    h.step();
                    h.get_by_label(&field).type_text(&label);
                    h.step();
                }
            }
            format!("calibrate: {}", click_label(h, "Apply calibration"))
        }
        _ => {
            let p = pos2(300.0 + rng.below(800) as f32, 80.0 + rng.below(700) as f32);
            h.hover_at(p);
            h.step();
            press(h, p, true);
            press(h, p, false);
            h.step();
            format!("click on the map at {p:?}")
        }
    }
}

/// One random event; returns what it was.
fn event(h: &mut Harness<'static, App>, rng: &mut Rng, files: &mut Files, late: bool) -> String {
    match rng.below(115) {
        100.. => game_or_file_event(h, rng, files, late),
        0..35 => {
            let p = rng.point();
            h.hover_at(p);
            h.step();
            press(h, p, true);
            press(h, p, false);
            h.step();
            format!("click at {p:?}")
        }
        35..55 => {
            let (from, to) = (rng.on_map(), rng.on_map());
            drag(h, from, to, 1 + rng.below(4));
            format!("drag {from:?} -> {to:?}")
        }
        55..85 => {
            let (m, k) = KEYS[rng.below(KEYS.len())];
            h.key_press_modifiers(m, k);
            h.step();
            format!("key {m:?} {k:?}")
        }
        _ => {
            let t = Template::ALL[rng.below(Template::ALL.len())];
            let Some(from) = h
                .query_all_by_label(t.name())
                .next()
                .map(|n| n.rect().center())
            else {
                h.step();
                return format!("no palette entry {}", t.name());
            };
            let to = rng.on_map();
            drag(h, from, to, 4);
            format!("drop {} at {to:?}", t.name())
        }
    }
}

#[test]
fn a_random_drive_of_every_sample_keeps_the_scenario_valid() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let events = env("SANDTABLE_DRIVE_EVENTS", 1_500);
    let seed = env("SANDTABLE_DRIVE_SEED", 17);
    let (mut played, mut imported, mut saved, mut calibrated, mut noted) = (0, 0, 0, 0, 0);
    // One thread per sample: the drives share nothing, and side by side they use both cores.
    std::thread::scope(|threads| {
        let drives: Vec<_> = samples::ALL
            .iter()
            .enumerate()
            .map(|(n, sample)| {
                threads.spawn(move || {
        let dir = tempfile::tempdir().expect("tempdir");
        let tiled = dir.path().join("winceby.tmx");
        let winceby = samples::by_name("winceby")
            .expect("sample")
            .load()
            .expect("the sample loads");
        tmx::export_tmx(&winceby, &tiled).expect("a Tiled map to import");
        let dialogs = ScriptedDialogs {
            save: (0..events).map(|i| save_path(dir.path(), i)).collect(),
            tiled: vec![tiled.clone(); events as usize],
            ..ScriptedDialogs::default()
        };
        let mut files = Files {
            dir: dir.path().to_path_buf(),
            tiled,
            saves: 0,
            imports: 0,
            entries: 0,
            calibrations: 0,
            notes: 0,
        };
        let app = App::new(
            Document::new(sample.load().expect("the sample loads"), None),
            Box::new(dialogs),
            Recovery::in_dir(dir.path().join("recovery")),
            Settings::default(),
        );
        let mut h = Harness::builder()
            .with_size(SIZE)
            .with_context_setup(sandtable::app::fonts::install)
            .build_ui_state(|ui, app: &mut App| app.frame_ui(ui), app);
        h.run();
        let mut rng = Rng(seed ^ (n as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let mut edits = 0;
        for i in 0..events {
            let placement = h
                .state()
                .doc
                .scenario()
                .background
                .as_ref()
                .and_then(|b| b.placement);
            let what = event(&mut h, &mut rng, &mut files, i >= events * 3 / 4);
            let s = h.state().doc.scenario();
            files.entries = files
                .entries
                .max(s.game.as_ref().map_or(0, |g| g.log.len()));
            let now = s.background.as_ref().and_then(|b| b.placement);
            if now.is_some() && now != placement {
                files.calibrations += 1;
            }
            let invalid = s.validate();
            assert!(
                invalid.is_empty(),
                "{}, seed {seed}, event {i} ({what}): {invalid:?}",
                sample.name
            );
            edits = h.state().doc.history().1.max(edits);
        }
        files.all_open("the end");
        eprintln!(
            "{}: {events} events, seed {seed}, up to {edits} undo steps, {} units at the end, \
             {} saves, up to {} log entries, {} notes, {} imports, {} calibrations",
            sample.name,
            h.state().doc.scenario().units.len(),
            files.saves,
            files.entries,
            files.notes,
            files.imports,
            files.calibrations
        );
        files
    })
            })
            .collect();
        for drive in drives {
            let files = drive
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            played += files.entries;
            imported += files.imports;
            saved += files.saves;
            calibrated += files.calibrations;
            noted += files.notes;
        }
    });
    // The drive reached what it is for: a game played, maps imported, files saved, a
    // background calibrated.
    assert!(
        played > 0 && imported > 0 && saved > 0,
        "{played} {imported} {saved}"
    );
    assert!(calibrated > 0, "no calibration was applied");
    assert!(noted > 0, "no note was written on a log entry");
}

/// The notes on the log's entries, in order.
fn notes(h: &Harness<'static, App>) -> Vec<Option<String>> {
    h.state()
        .doc
        .scenario()
        .game
        .as_ref()
        .map(|g| g.log.iter().map(|e| e.note.clone()).collect())
        .unwrap_or_default()
}

/// Where the `i`th save-as goes: every other one JSON.
fn save_path(dir: &Path, i: u64) -> PathBuf {
    dir.join(format!(
        "save-{i}.{}",
        if i.is_multiple_of(2) {
            "sandtable"
        } else {
            "json"
        }
    ))
}
