//! The editor driven through its accessible labels with egui_kittest: no display, no GPU,
//! no file dialogs (scripted instead).

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::geom::Point;
use sandtable::io::recovery::Recovery;
use sandtable::model::*;
use sandtable::samples;
use std::path::PathBuf;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, Setup, editor, editor_with, sample};

impl Editor {
    fn menu(&mut self, menu: &str, item: &str) {
        self.click(menu);
        self.click(item);
    }

    /// A drag along map points, one frame per step.
    fn drag_along(&mut self, path: &[Point]) {
        let pts: Vec<Pos2> = path.iter().map(|w| self.screen(*w)).collect();
        self.h.hover_at(pts[0]);
        self.h.run();
        self.press(pts[0], true);
        self.h.run();
        for w in pts.windows(2) {
            for k in 1..=4 {
                self.h.hover_at(w[0] + (w[1] - w[0]) * (k as f32 / 4.0));
                self.h.run();
            }
        }
        let last = *pts.last().expect("a point");
        self.press(last, false);
        self.h.run();
    }

    /// Drags a palette entry onto the map.
    fn drop_from_palette(&mut self, label: &str, world: Point) {
        let from = self.h.get_by_label(label).rect().center();
        let to = self.screen(world);
        self.h.hover_at(from);
        self.h.run();
        self.press(from, true);
        self.h.run();
        for k in 1..=8 {
            self.h.hover_at(from + (to - from) * (k as f32 / 8.0));
            self.h.run();
        }
        self.press(to, false);
        self.h.run();
    }

    /// The problems' summary in the status bar, as it reads now.
    fn summary(&self) -> String {
        self.h
            .get_by_label_contains("Problems: ")
            .accesskit_node()
            .label()
            .unwrap_or_default()
    }
}

#[test]
fn create_a_hex_map_from_the_file_menu() {
    let mut e = editor(sample("bakambo"));
    assert!(!e.s().map.is_hex());
    e.menu("File", "New hex map");
    assert!(e.s().map.is_hex());
    assert!(!e.app().doc.is_dirty());
    // The bar speaks of the new map, not of the sample it replaced.
    assert!(
        e.app().status.starts_with("New hex map"),
        "{}",
        e.app().status
    );
    e.menu("File", "New free-measure table");
    assert!(!e.s().map.is_hex());
}

#[test]
fn drop_a_unit_from_the_palette_onto_a_hex() {
    let mut e = editor(Scenario::new_hex("Drop test"));
    let h = e.s().map.as_hex().expect("hex").clone();
    let target = hexx::Hex::new(4, 3);
    let at = sandtable::scene::layout(&h).hex_to_world_pos(target);
    e.drop_from_palette("Cavalry", at);
    let units = &e.s().units;
    assert_eq!(units.len(), 1, "{}", e.app().status);
    assert_eq!(units[0].kind, UnitKind::Cavalry);
    assert_eq!(units[0].hex().map(|x| x.0), Some(target));
    assert_eq!(e.app().selection, vec![ItemRef::Unit(units[0].id)]);
    assert!(e.app().doc.is_dirty());
}

#[test]
fn drop_a_unit_on_the_table_stands_in_ranks() {
    let mut e = editor(sample("patrol"));
    let before = e.s().units.len();
    e.drop_from_palette("Infantry", Point::new(60.0, 40.0));
    assert_eq!(e.s().units.len(), before + 1, "{}", e.app().status);
    let problems = sandtable::rules::check::check(e.s());
    let new = e.s().units.last().expect("unit");
    assert!(
        problems
            .iter()
            .all(|p| !matches!(p.item, ItemRef::Unit(u) | ItemRef::Model(u, _) if u == new.id)),
        "{problems:#?}"
    );
}

#[test]
fn paint_terrain_with_a_drag_is_one_undo_step() {
    let mut e = editor(sample("winceby"));
    let woods = e
        .s()
        .terrain_types
        .iter()
        .find(|t| t.name == "Woods")
        .expect("woods")
        .id;
    e.click("Woods");
    assert!(
        matches!(e.app().tool, sandtable::app::tools::Tool::Paint { .. }),
        "{:?}",
        e.app().tool
    );
    let h = e.s().map.as_hex().expect("hex").clone();
    let l = sandtable::scene::layout(&h);
    let a = hexx::Hex::from_offset_coordinates(
        [2, 10],
        hexx::OffsetHexMode::Even,
        hexx::HexOrientation::Flat,
    );
    let b = hexx::Hex::from_offset_coordinates(
        [6, 10],
        hexx::OffsetHexMode::Even,
        hexx::HexOrientation::Flat,
    );
    let undo_before = e.app().doc.history().1;
    e.drag_along(&[l.hex_to_world_pos(a), l.hex_to_world_pos(b)]);
    let painted = e.s().map.as_hex().expect("hex");
    assert_eq!(painted.terrain_at(a), Some(woods));
    assert_eq!(painted.terrain_at(b), Some(woods));
    assert_eq!(
        e.app().doc.history().1,
        undo_before + 1,
        "one step for the whole drag"
    );
    e.keys(Modifiers::COMMAND, Key::Z);
    assert_ne!(e.s().map.as_hex().expect("hex").terrain_at(b), Some(woods));
}

/// A fast brush stroke, sampled only at its ends (the pointer jumped eight hexes in a
/// frame), paints every hex between them.
#[test]
fn a_fast_brush_stroke_leaves_no_gaps_between_samples() {
    let mut e = editor(sample("winceby"));
    let woods = e
        .s()
        .terrain_types
        .iter()
        .find(|t| t.name == "Woods")
        .expect("woods")
        .id;
    e.click("Woods");
    let h = e.s().map.as_hex().expect("hex").clone();
    let l = sandtable::scene::layout(&h);
    let at = |col: i32| {
        hexx::Hex::from_offset_coordinates(
            [col, 12],
            hexx::OffsetHexMode::Even,
            hexx::HexOrientation::Flat,
        )
    };
    let (a, b) = (
        e.screen(l.hex_to_world_pos(at(2))),
        e.screen(l.hex_to_world_pos(at(10))),
    );
    e.h.hover_at(a);
    e.h.run();
    e.press(a, true);
    e.h.run();
    e.h.hover_at(b);
    e.h.run();
    e.press(b, false);
    e.h.run();
    let painted = e.s().map.as_hex().expect("hex");
    for hex in at(2).line_to(at(10)) {
        assert_eq!(
            painted.terrain_at(hex),
            Some(woods),
            "{hex:?} left unpainted"
        );
    }
}

#[test]
fn draw_a_wood_by_clicking_its_corners() {
    let mut e = editor(sample("patrol"));
    let woods = e
        .s()
        .terrain_types
        .iter()
        .find(|t| t.name == "Woods")
        .expect("woods")
        .id;
    e.click("Woods");
    let corners = [
        Point::new(56.0, 36.0),
        Point::new(66.0, 36.0),
        Point::new(66.0, 44.0),
        Point::new(56.0, 44.0),
    ];
    for c in corners {
        e.click_map(c);
    }
    e.keys(Modifiers::NONE, Key::Enter);
    let piece = e.s().pieces.last().expect("a piece");
    assert_eq!(piece.terrain, woods);
    match &piece.shape {
        PieceShape::Polygon(pts) => {
            assert_eq!(pts.len(), 4);
            for (p, c) in pts.iter().zip(corners) {
                assert!(p.distance(c) < 0.2, "{p} vs {c}");
            }
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.s().validate(), vec![]);
    assert_eq!(e.app().selection, vec![ItemRef::Piece(piece.id)]);
}

#[test]
fn undo_and_redo_from_keys_and_menu() {
    let mut e = editor(Scenario::new_hex("Undo"));
    let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
        .hex_to_world_pos(hexx::Hex::new(2, 2));
    e.drop_from_palette("Infantry", at);
    let after = e.s().clone();
    e.keys(Modifiers::COMMAND, Key::Z);
    assert!(e.s().units.is_empty());
    e.keys(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(e.s(), &after);
    e.menu("Edit", "Undo");
    assert!(e.s().units.is_empty());
    e.keys(Modifiers::COMMAND, Key::Y);
    assert_eq!(e.s(), &after);
}

/// A stack of three counters on one hex: a click on the hex picks the top one, and each click
/// again where the selected one lies goes one counter down, round to the top again.
#[test]
fn clicking_a_selected_counter_again_selects_the_one_under_it_in_the_stack() {
    let (mut s, ids, place) = harness::winceby_stack(3);
    s.rules.stacking = Some(3);
    let h = s.map.as_hex().expect("hex map").clone();
    let centre = sandtable::scene::layout(&h).hex_to_world_pos(place);
    let mut e = editor(s);
    let picked = |e: &mut Editor| {
        e.click_map(centre);
        match e.app().selection[..] {
            [ItemRef::Unit(u)] => u,
            ref other => panic!("one unit selected, not {other:?}"),
        }
    };
    // Drawn in the scenario's order, the last on top.
    let order: Vec<UnitId> = (0..4).map(|_| picked(&mut e)).collect();
    assert_eq!(order, vec![ids[2], ids[1], ids[0], ids[2]]);
}

#[test]
fn move_a_unit_by_dragging_and_cancel_with_escape() {
    let mut e = editor(sample("patrol"));
    let u = e.s().units[0].clone();
    let from = u.models[0].pos;
    e.drag_along(&[from, from + Point::new(0.0, -4.0)]);
    let moved = e.s().unit(u.id).expect("unit");
    assert!(
        (moved.models[0].pos - (from + Point::new(0.0, -4.0))).length() < 0.1,
        "{:?} {:?}",
        moved.models[0].pos,
        from
    );
    assert_eq!(e.app().doc.history().0.last().copied(), Some("Move"));
    // Escape during a drag cancels it.
    let start = e.s().clone();
    let p = e.screen(moved.models[0].pos);
    e.h.hover_at(p);
    e.h.run();
    e.press(p, true);
    e.h.run();
    for k in 1..=4 {
        e.h.hover_at(p + egui::vec2(0.0, 10.0 * k as f32));
        e.h.run();
    }
    e.keys(Modifiers::NONE, Key::Escape);
    e.press(p + egui::vec2(0.0, 40.0), false);
    e.h.run();
    assert_eq!(e.s(), &start);
}

#[test]
fn save_and_reopen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("made.sandtable");
    let dialogs = ScriptedDialogs {
        save: vec![path.clone()],
        open: vec![path.clone()],
        ..ScriptedDialogs::default()
    };
    let mut e = editor_with(
        Scenario::new_hex("Saved map"),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
        .hex_to_world_pos(hexx::Hex::new(3, 3));
    e.drop_from_palette("Dragoons", at);
    let made = e.s().clone();
    e.keys(Modifiers::COMMAND, Key::S);
    assert!(path.exists(), "{}", e.app().status);
    assert!(!e.app().doc.is_dirty());
    assert_eq!(sandtable::io::load(&path).expect("loads"), made);
    e.menu("File", "New free-measure table");
    assert!(!e.s().map.is_hex());
    e.menu("File", "Open…");
    assert_eq!(e.s(), &made);
    assert_eq!(e.app().doc.path.as_deref(), Some(path.as_path()));
    assert_eq!(e.app().settings.recent.first(), Some(&path));
}

#[test]
fn file_export_previews_the_pages_and_writes_them_through_the_dialogs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("winceby.png");
    let dialogs = ScriptedDialogs {
        export: vec![out.clone()],
        ..ScriptedDialogs::default()
    };
    let mut e = editor_with(
        sample("winceby"),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    e.menu("File", "Export…");
    assert!(e.app().export.open);
    // The sheet is previewed first; the tiled print shows its plan and six tiles.
    e.h.get_by_label("1 page");
    // Inside a movable window a held press drags the window (a repaint every frame), so these
    // clicks press and release in one frame.
    e.h.get_by_label("True-scale tiles").click();
    e.h.run();
    e.h.get_by_label("7 pages: the assembly plan and 6 tiles (3 columns x 2 rows)");
    e.h.get_by_label("B3");
    // Write the tiles at a low DPI (a quick test), through the scripted dialogs.
    e.h.state_mut().export.options.dpi = 20;
    e.h.run();
    e.h.get_by_label("Export…").click();
    for _ in 0..500 {
        if e.app().status.starts_with("Exported") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        e.h.step();
    }
    let done = format!("Exported 7 pages to 7 files in {}", dir.path().display());
    assert_eq!(e.app().status, done);
    // The window lists what it wrote, and a notice says it over the canvas.
    e.h.run();
    assert!(
        e.h.query_by_label_contains("winceby-plan.png, winceby-A1.png")
            .is_some()
    );
    assert_eq!(
        e.h.query_all_by_label(&done).count(),
        3,
        "in the window, a notice and the status bar"
    );
    let b3 = image::open(dir.path().join("winceby-B3.png")).expect("B3 written");
    // A4 at 20 DPI.
    assert_eq!((b3.width(), b3.height()), (165, 234));
    // The selected page is shown large, zoomed with the buttons; Escape closes the window.
    // The thumbnails may sit below the fold of the options column: picked through AccessKit.
    e.h.get_by_label("Page B3").click_accesskit();
    e.h.run();
    e.h.get_by_label("Page B3, large");
    e.h.get_by_label("+").click();
    e.h.run();
    assert!(e.h.query_by_label("150%").is_some());
    e.keys(Modifiers::NONE, Key::Escape);
    assert!(!e.app().export.open);
}

#[test]
fn with_no_file_dialog_a_path_is_typed_in_the_editor_with_completion() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("campaign")).expect("dir");
    let dialogs = ScriptedDialogs {
        unavailable: true,
        ..ScriptedDialogs::default()
    };
    let mut e = editor_with(
        sample("patrol"),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    e.keys(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    let field = e.h.get_by_label("Path");
    // Replace what is offered with the directory's start, then complete it with Tab.
    field.focus();
    e.h.run();
    e.keys(Modifiers::COMMAND, Key::A);
    e.h.get_by_label("Path")
        .type_text(&format!("{}/camp", dir.path().display()));
    e.h.run();
    e.keys(Modifiers::NONE, Key::Tab);
    e.h.get_by_label("Path").type_text("patrol");
    e.h.run();
    e.keys(Modifiers::NONE, Key::Enter);
    let saved = dir.path().join("campaign/patrol.sandtable");
    assert!(saved.is_file(), "{}", e.app().status);
    assert_eq!(e.app().doc.path.as_deref(), Some(saved.as_path()));
    let said = format!("Saved {}", saved.display());
    assert_eq!(
        e.h.query_all_by_label(&said).count(),
        2,
        "a notice and the status"
    );
    // Opening a file that is not there says so beside the field and keeps the prompt.
    e.keys(Modifiers::COMMAND, Key::O);
    e.h.get_by_label("Path").focus();
    e.h.run();
    e.keys(Modifiers::COMMAND, Key::A);
    e.h.get_by_label("Path")
        .type_text("/nowhere/at/all.sandtable");
    e.h.run();
    e.keys(Modifiers::NONE, Key::Enter);
    assert!(
        e.h.query_by_label("There is no file /nowhere/at/all.sandtable")
            .is_some()
    );
    e.keys(Modifiers::NONE, Key::Escape);
    assert!(
        e.h.query_by_label("Path").is_none(),
        "Escape closes the prompt"
    );
}

/// An editor on the sample `name` whose next Open (Ctrl+O) picks a file that is not a
/// scenario; the file's path, and the folder that holds it while the test runs.
fn editor_with_a_broken_file_to_open(name: &str) -> (Editor, PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("broken.sandtable");
    std::fs::write(&bad, b"not a scenario at all").expect("write");
    let dialogs = ScriptedDialogs {
        open: vec![bad.clone()],
        ..ScriptedDialogs::default()
    };
    let e = editor_with(
        sample(name),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    (e, bad, dir)
}

/// A notice never covers an open window's footer (the Export window's buttons), and a long
/// status message wraps in the status bar instead of running past the window's edge.
#[test]
fn notices_keep_clear_of_open_windows_and_long_status_wraps() {
    let (mut e, bad, _dir) = editor_with_a_broken_file_to_open("winceby");
    e.menu("File", "Export…");
    assert!(e.app().export.open);
    e.keys(Modifiers::COMMAND, Key::O);
    e.h.run();
    let said = format!("Error: Could not open {}", bad.display());
    let notice = e.h.get_by_label_contains(&said).rect();
    for footer in ["Export…", "Close"] {
        if let Some(b) = e.h.query_by_label(footer) {
            assert!(
                !b.rect().intersects(notice),
                "the notice {notice:?} covers {footer} {:?}",
                b.rect()
            );
        }
    }
    // The status bar: the whole message is on screen.
    let long = "Refused: Sir Thomas Fairfax's Regiment of Horse may not end its move in 1411: \
                the hex is in the zone of control of the King's Lifeguard of Foot and it did \
                not start its move there (switch to Charge to enter it)";
    e.h.state_mut().status = long.to_string();
    e.h.run();
    let status = e.h.get_by_label(long).rect();
    assert!(status.max.x <= 1400.0 + 0.5, "cut at the edge: {status:?}");
}

#[test]
fn a_file_that_will_not_open_says_why_in_a_notice_that_stays() {
    let (mut e, bad, _dir) = editor_with_a_broken_file_to_open("patrol");
    e.keys(Modifiers::COMMAND, Key::O);
    let said = format!("Error: Could not open {}", bad.display());
    let notices = |e: &Editor| e.h.query_all_by_label_contains(&said).count();
    assert_eq!(notices(&e), 1, "{}", e.app().status);
    // Still there a minute later, until dismissed.
    for _ in 0..240 {
        e.h.step();
    }
    assert_eq!(notices(&e), 1);
    e.click("Dismiss");
    assert_eq!(notices(&e), 0);
    assert_eq!(e.s(), &sample("patrol"), "the open scenario stays");
}

#[test]
fn unsaved_changes_are_asked_about() {
    let mut e = editor(Scenario::new_hex("Dirty"));
    let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
        .hex_to_world_pos(hexx::Hex::new(1, 1));
    e.drop_from_palette("Infantry", at);
    e.menu("File", "New free-measure table");
    assert!(e.s().map.is_hex(), "not replaced before the answer");
    e.click("Cancel");
    assert!(e.s().map.is_hex());
    assert_eq!(e.s().units.len(), 1);
    e.menu("File", "New free-measure table");
    e.click("Don't save");
    assert!(!e.s().map.is_hex());
}

/// The question about unsaved changes has the keyboard: letters and Ctrl+A typed while it is
/// up reach no map behind it, and Escape answers Cancel.
#[test]
fn keys_typed_while_unsaved_changes_are_asked_about_reach_only_the_question() {
    let mut e = editor(Scenario::new_hex("Dirty"));
    let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
        .hex_to_world_pos(hexx::Hex::new(1, 1));
    e.drop_from_palette("Infantry", at);
    let placed = e.s().clone();
    let selected = e.app().selection.clone();
    assert_eq!(selected.len(), 1, "the placed unit is selected");
    e.keys(Modifiers::COMMAND, Key::O);
    assert!(e.shows("Unsaved changes"), "{}", e.app().status);
    e.keys(Modifiers::COMMAND, Key::A);
    for k in [Key::R, Key::P, Key::M, Key::Delete] {
        e.key(k);
    }
    assert!(e.shows("Unsaved changes"), "the question is still asked");
    assert_eq!(
        e.s(),
        &placed,
        "no key changed the scenario behind the question"
    );
    assert_eq!(e.app().selection, selected, "nor the selection");
    e.key(Key::Escape);
    assert!(!e.shows("Unsaved changes"), "Escape answered Cancel");
    assert_eq!(e.s(), &placed);
    assert_eq!(e.app().selection, selected, "and kept the selection");
}

/// Enter answers the unsaved-changes question with Save, the default: the changes are written
/// and what was asked for (a new table) goes on.
#[test]
fn enter_answers_the_unsaved_changes_question_with_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("dirty.sandtable");
    let mut e = editor_with(
        Scenario::new_hex("Dirty"),
        Setup {
            dialogs: ScriptedDialogs {
                save: vec![path.clone()],
                ..ScriptedDialogs::default()
            },
            ..Setup::default()
        },
    );
    let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
        .hex_to_world_pos(hexx::Hex::new(1, 1));
    e.drop_from_palette("Infantry", at);
    let placed = e.s().clone();
    // The history names the unit placed, as undoing it says.
    let name = placed.units.last().expect("placed").name.clone();
    let (history, _) = e.app().doc.history();
    assert_eq!(
        history.last().copied(),
        Some(format!("Add {name}").as_str())
    );
    e.keys(Modifiers::COMMAND, Key::N);
    assert!(e.shows("Unsaved changes"), "{}", e.app().status);
    assert!(e.shows("Enter saves"), "the dialog says what Enter does");
    e.key(Key::Enter);
    e.h.run();
    assert!(!e.shows("Unsaved changes"), "Enter answered the question");
    let saved = sandtable::io::load(&path).expect("the changes were saved");
    assert_eq!(saved.units, placed.units);
    assert!(e.s().map.as_table().is_some(), "and the new table opened");
}

#[test]
fn recover_an_autosave_after_a_crash() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("recovery");
    let lost = {
        let mut e = editor_with(
            Scenario::new_hex("Before the crash"),
            Setup {
                recovery: Some(rec.clone()),
                ..Setup::default()
            },
        );
        let at = sandtable::scene::layout(e.s().map.as_hex().expect("hex"))
            .hex_to_world_pos(hexx::Hex::new(5, 5));
        e.drop_from_palette("Cavalry", at);
        e.h.state_mut().autosave_now();
        e.s().clone()
        // The editor is dropped without a clean exit: the recovery file stays.
    };
    let mut e = editor_with(
        Scenario::new_table("Fresh start"),
        Setup {
            recovery: Some(rec.clone()),
            ..Setup::default()
        },
    );
    e.h.get_by_label_contains("Before the crash");
    e.click("Recover");
    assert_eq!(e.s(), &lost);
    assert!(e.app().doc.is_dirty(), "recovered work is unsaved");
    // Discarding instead removes the file.
    let mut again = editor_with(
        Scenario::new_table("x"),
        Setup {
            recovery: Some(rec.clone()),
            ..Setup::default()
        },
    );
    again.drop_from_palette("Infantry", Point::new(10.0, 10.0));
    again.h.state_mut().autosave_now();
    drop(again);
    let mut e = editor_with(
        Scenario::new_table("y"),
        Setup {
            recovery: Some(rec.clone()),
            ..Setup::default()
        },
    );
    e.click("Discard");
    let mut later = Recovery::in_dir(rec);
    later.scan();
    assert!(
        later.pending().is_none(),
        "the discarded work is gone, and the live editors' files are not offered"
    );
}

#[test]
fn a_corrupt_recovery_file_is_reported_once_and_recovered_work_keeps_an_absolute_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("recovery");
    {
        let mut r = Recovery::in_dir(rec.clone());
        r.write(&Scenario::new_table("Torn"), None).expect("write");
        std::fs::write(r.own_file().expect("file"), b"SANDTBL\x1a torn").expect("tear");
    }
    let e = editor_with(
        Scenario::new_table("a"),
        Setup {
            recovery: Some(rec.clone()),
            ..Setup::default()
        },
    );
    assert!(e.app().status.contains("set aside"), "{}", e.app().status);
    assert!(e.h.query_by_label("Recover").is_none(), "nothing to offer");
    drop(e);
    let e = editor_with(
        Scenario::new_table("b"),
        Setup {
            recovery: Some(rec.clone()),
            ..Setup::default()
        },
    );
    assert!(
        !e.app().status.contains("set aside"),
        "said once: {}",
        e.app().status
    );
    drop(e);
    // Work saved as a relative path, recovered by an editor started anywhere else, still names
    // the same file.
    {
        let mut r = Recovery::in_dir(rec.clone());
        r.write(
            &Scenario::new_table("Relative"),
            Some(std::path::Path::new("rel.sandtable")),
        )
        .expect("write");
    }
    let mut e = editor_with(
        Scenario::new_table("c"),
        Setup {
            recovery: Some(rec),
            ..Setup::default()
        },
    );
    e.click("Recover");
    let path = e.app().doc.path.clone().expect("the original path");
    assert!(path.is_absolute(), "{}", path.display());
    assert_eq!(
        path,
        std::env::current_dir().expect("cwd").join("rel.sandtable")
    );
}

#[test]
fn clicking_a_problem_selects_the_offending_item_and_brings_it_into_view() {
    let mut s = sample("patrol");
    let id = s.units[0].id;
    let stray = Point::new(-3.0, 5.0); // off the table
    s.units[0].models[0].pos = stray;
    let mut e = editor(s);
    // Zoomed in on the middle of the table, the stray model is off screen.
    let ctx = e.h.ctx.clone();
    e.h.state_mut()
        .perform(&ctx, sandtable::app::command::Command::Zoom(6.0));
    e.h.run();
    let canvas = e.h.get_by_label("Map canvas").rect();
    assert!(!canvas.contains(e.screen(stray)), "off screen at first");
    let zoom = e.app().view.zoom;
    // The status bar's summary opens the list.
    let summary = e.summary();
    assert!(summary.contains(" error"), "{summary}");
    e.click(&summary);
    let canvas = e.h.get_by_label("Map canvas").rect();
    let text = format!("model {} of unit {id}", e.s().units[0].models[0].id);
    e.h.get_by_label_contains(&text).click();
    e.h.run();
    assert_eq!(e.app().selection, vec![ItemRef::Unit(id)]);
    // The map pans to the model the problem is about (not the unit's leader), at the same
    // zoom, and stays there.
    e.h.run();
    assert!(
        canvas.shrink(30.0).contains(e.screen(stray)),
        "{:?} in {canvas:?}",
        e.screen(stray)
    );
    assert_eq!(e.app().view.zoom, zoom);
}

/// The canvas keeps its place and size through everything a designer does beside it: the
/// map never shifts or re-zooms under the pointer.
#[test]
fn the_canvas_keeps_its_rectangle_through_select_preview_drop_and_warning() {
    let s = sample("winceby");
    let h = s.map.as_hex().expect("hex").clone();
    let u = s
        .units
        .iter()
        .find(|u| u.is_combat_unit() && u.hex().is_some())
        .expect("a unit on the map")
        .clone();
    let (hex, _) = u.hex().expect("on a hex");
    let mut e = editor(s);
    let canvas = |e: &Editor| e.h.get_by_label("Map canvas").rect();
    let before = canvas(&e);
    let view = e.app().view;
    e.click_map(h.layout().hex_to_world_pos(hex));
    assert_eq!(e.app().selection, vec![ItemRef::Unit(u.id)]);
    assert_eq!(canvas(&e), before, "after selecting");
    e.keys(Modifiers::NONE, Key::P);
    assert_eq!(
        e.h.get_by_label("Preview").value().as_deref(),
        Some("Moves under its command"),
        "the preview is open"
    );
    assert_eq!(canvas(&e), before, "after opening the preview");
    // A new unit dropped on the selected unit's hex: two units share it, a new problem.
    let problems = |e: &Editor| sandtable::rules::check::check(e.s()).len();
    let found = problems(&e);
    let units = e.s().units.len();
    e.drop_from_palette("Infantry", h.layout().hex_to_world_pos(hex));
    assert_eq!(e.s().units.len(), units + 1, "{}", e.app().status);
    assert!(problems(&e) > found, "the drop brings a new problem");
    assert_eq!(canvas(&e), before, "after the drop and its warning");
    assert_eq!(e.app().view, view, "nor did the map re-zoom or pan");
    // Opening the problems list is the user's choice, and it takes its room from the canvas.
    let summary = e.summary();
    e.click(&summary);
    assert!(canvas(&e).height() < before.height());
}

#[test]
fn panels_opening_or_changing_tab_leave_the_map_where_it_is_at_its_zoom() {
    // A fresh editor the user has not panned or zoomed: the map was fitted to the window, and
    // only the window's size fits it again. Winceby's order of battle has long regimental
    // names three levels deep.
    let mut e = editor(sample("winceby"));
    let canvas = |e: &Editor| e.h.get_by_label("Map canvas").rect();
    let before = canvas(&e);
    let view = e.app().view;
    e.click("Order of battle");
    assert_eq!(
        canvas(&e),
        before,
        "the order of battle keeps the panel's width"
    );
    assert_eq!(e.app().view, view, "nor is the map re-zoomed");
    let summary = e.summary();
    e.click(&summary);
    assert!(
        canvas(&e).height() < before.height(),
        "the problems list is open"
    );
    assert_eq!(
        e.app().view,
        view,
        "the map stays put under the problems list"
    );
    e.click("Palette");
    assert_eq!(e.app().view, view);
    // A new window size fits the map again.
    e.h.set_size(egui::vec2(1200.0, 800.0));
    e.h.run();
    assert_ne!(e.app().view, view, "a resized window fits the map again");
}

#[derive(Debug)]
struct Dropped {
    path: PathBuf,
}

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.path
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.path).map_err(|e| e.to_string())
    }
}

fn drop_file(e: &mut Editor, path: PathBuf) {
    e.h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped { path }));
    // An image's tile pyramid is built on a worker.
    e.h.step();
    e.wait_for_workers();
}

#[test]
fn dropping_an_image_sets_the_background_and_a_scenario_opens() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("map.png");
    image::RgbaImage::from_pixel(40, 30, image::Rgba([90, 140, 60, 255]))
        .save(&png)
        .expect("png");
    let mut e = editor(Scenario::new_table("Backdrop"));
    drop_file(&mut e, png);
    let bg = e.s().background.as_ref().expect("background set");
    assert_eq!((bg.width_px, bg.height_px), (40, 30));
    // A text file is refused with a reason.
    let txt = dir.path().join("notes.txt");
    std::fs::write(&txt, "not an image").expect("write");
    drop_file(&mut e, txt);
    assert!(
        e.app().status.contains("Not a usable background image"),
        "{}",
        e.app().status
    );
    // A scenario file opens (after saving this one's question: it is dirty, so answer).
    let saved = dir.path().join("w.sandtable");
    sandtable::io::save(&saved, &sample("winceby")).expect("save");
    drop_file(&mut e, saved);
    e.click("Don't save");
    assert_eq!(e.s().meta.title, sample("winceby").meta.title);
}

/// An idle editor asks for no repaint: not with a clean document, not with a rule preview
/// open; a dirty one wakes only for the autosave.
#[test]
fn no_repaint_while_idle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = App::new(
        Document::new(sample("winceby"), None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().join("recovery")),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            Pos2::ZERO,
            egui::vec2(1400.0, 900.0),
        )),
        ..Default::default()
    };
    let settle = |app: &mut App| {
        let mut delay = std::time::Duration::ZERO;
        // Enough frames for the panels to find their sizes and the layout to settle.
        for _ in 0..40 {
            let mut out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
            delay = out.viewport_output[&egui::ViewportId::ROOT].repaint_delay;
            // No renderer here: the font atlas uploads are dropped on purpose.
            out.textures_delta.clear();
        }
        delay
    };
    assert_eq!(settle(&mut app), std::time::Duration::MAX);
    let unit = app
        .doc
        .scenario()
        .find_unit("Manchester's Regiment of Horse")
        .expect("unit")
        .id;
    app.selection = vec![ItemRef::Unit(unit)];
    app.open_preview(sandtable::preview::Choice::HexMove(None));
    assert_eq!(settle(&mut app), std::time::Duration::MAX);
    let _ = app
        .doc
        .apply("Turn", vec![sandtable::edit::Edit::SetTurn(3)]);
    let delay = settle(&mut app);
    assert!(
        delay.as_secs_f64() >= sandtable::app::AUTOSAVE_SECS - 1.0,
        "{delay:?}"
    );
}

/// A hex map with three infantry of the first side in a row, made without the editor.
fn three_on_a_hex_map() -> (Scenario, Vec<UnitId>) {
    use sandtable::edit::ops::create::{Template, place_unit};
    let mut s = Scenario::new_hex("Keyboard");
    let side = s.sides[0].id;
    let layout = sandtable::scene::layout(s.map.as_hex().expect("hex"));
    let mut ids = Vec::new();
    for col in [3, 5, 7] {
        let at = layout.hex_to_world_pos(hexx::Hex::new(col, 3));
        let Some(sandtable::edit::Edit::PutUnit(u)) =
            place_unit(&s, Template::Infantry, side, at, 0.0)
        else {
            panic!("placed")
        };
        ids.push(u.id);
        s.next_id = s.next_id.max(u.id.0 + 1);
        s.units.push(*u);
    }
    (s, ids)
}

#[test]
fn a_unit_is_found_moved_and_let_go_by_keyboard_alone() {
    let (s, ids) = three_on_a_hex_map();
    let mut e = editor(s);
    let grid = e.s().map.as_hex().expect("hex").grid();
    // Tab walks the side's units in the order of battle, Shift+Tab walks back.
    e.keys(Modifiers::NONE, Key::Tab);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(ids[0])]);
    e.keys(Modifiers::NONE, Key::Tab);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(ids[1])]);
    e.keys(Modifiers::SHIFT, Key::Tab);
    e.keys(Modifiers::SHIFT, Key::Tab);
    assert_eq!(
        e.app().selection,
        vec![ItemRef::Unit(ids[2])],
        "wraps round"
    );
    e.keys(Modifiers::NONE, Key::Tab);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(ids[0])]);
    // No widget took the keyboard focus from the Tabs: Enter presses no button.
    assert_eq!(e.h.ctx.memory(|m| m.focused()), None);
    let hex = |e: &Editor| {
        let (h, _) = e.s().unit(ids[0]).expect("unit").hex().expect("on a hex");
        grid.offset_of(h).expect("offset")
    };
    let [c, r] = hex(&e);
    // A burst of arrow presses is one undo step.
    for k in [Key::ArrowRight, Key::ArrowRight, Key::ArrowDown] {
        e.h.key_press(k);
        e.h.step();
    }
    e.h.run();
    assert_eq!(hex(&e), [c + 2, r + 1]);
    assert_eq!(e.app().doc.history().1, 1, "one undo step");
    // After a pause, the next burst is a step of its own.
    for _ in 0..6 {
        e.h.step();
    }
    e.keys(Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(hex(&e), [c + 1, r + 1]);
    assert_eq!(e.app().doc.history().1, 2, "a second burst");
    e.keys(Modifiers::COMMAND, Key::Z);
    assert_eq!(hex(&e), [c + 2, r + 1]);
    // Escape lets go of the unit; the arrows then pan the view instead.
    e.keys(Modifiers::NONE, Key::Escape);
    assert!(e.app().selection.is_empty());
    let before = e.app().view.origin;
    e.keys(Modifiers::NONE, Key::ArrowRight);
    assert_ne!(e.app().view.origin, before, "the view pans");
    assert_eq!(hex(&e), [c + 2, r + 1], "nothing moved");
}

#[test]
fn shift_and_an_arrow_nudge_a_table_unit_a_tenth_of_an_inch() {
    let s = sample("patrol");
    let side = s.units[0].side;
    let mut e = editor(s);
    e.h.state_mut().side = side;
    e.keys(Modifiers::NONE, Key::Tab);
    let [ItemRef::Unit(id)] = e.app().selection[..] else {
        panic!("{:?}", e.app().selection)
    };
    let from = e.s().unit(id).expect("unit").models[0].pos;
    e.keys(Modifiers::SHIFT, Key::ArrowUp);
    e.keys(Modifiers::NONE, Key::ArrowRight);
    let to = e.s().unit(id).expect("unit").models[0].pos;
    assert!(
        (to - from - Point::new(0.5, -0.1)).length() < 1e-4,
        "{from:?} -> {to:?}"
    );
}

#[test]
fn a_river_is_drawn_along_hex_edges_in_one_stroke_and_one_undo_step() {
    let mut e = editor(Scenario::new_hex("Rivers"));
    let h = e.s().map.as_hex().expect("hex").clone();
    let l = sandtable::scene::layout(&h);
    let a = hexx::Hex::new(4, 4);
    let along = |d: u8| -> Vec<Point> {
        let [p, q] = sandtable::scene::edge_corners(&l, a, d);
        [0.25, 0.5, 0.75].map(|t| p + (q - p) * t).to_vec()
    };
    e.click("River");
    let path: Vec<Point> = (0..3).flat_map(along).collect();
    e.drag_along(&path);
    let h = e.s().map.as_hex().expect("hex");
    let rivers = |h: &HexMap| (0..6).filter(|d| h.hexside(a, *d).river).count();
    assert_eq!(rivers(h), 3, "{}", e.app().status);
    assert_eq!(h.hexsides.len(), 3, "no edge across the hex was caught");
    assert_eq!(e.app().doc.history().1, 1, "one stroke, one step");
    // A stroke that starts on a river takes it up.
    let back: Vec<Point> = (1..3).flat_map(along).collect();
    e.drag_along(&back);
    assert_eq!(rivers(e.s().map.as_hex().expect("hex")), 1);
    e.keys(Modifiers::COMMAND, Key::Z);
    assert_eq!(rivers(e.s().map.as_hex().expect("hex")), 3);
}

/// A road is drawn through the hexes it joins, centre to centre: a stroke along a line of hexes
/// lays the edges between them (a straight pike, not a zigzag of edges), one undo step; a
/// stroke over a road already there keeps it, and Shift+drag takes it up.
#[test]
fn a_road_is_drawn_through_hex_centres_and_never_taken_up_by_passing_over_it() {
    let mut e = editor(Scenario::new_hex("Roads"));
    let h = e.s().map.as_hex().expect("hex").clone();
    let l = sandtable::scene::layout(&h);
    let start = hexx::Hex::new(2, 4);
    let dir = hexx::EdgeDirection::ALL_DIRECTIONS[0];
    let hexes: Vec<hexx::Hex> = std::iter::successors(Some(start), |x| Some(x.neighbor(dir)))
        .take(5)
        .collect();
    let path: Vec<Point> = hexes.iter().map(|x| l.hex_to_world_pos(*x)).collect();
    e.click("Road");
    e.drag_along(&path);
    let roads = |e: &Editor| {
        let h = e.s().map.as_hex().expect("hex");
        hexes
            .windows(2)
            .filter(|w| {
                let d = w[0].neighbor_direction(w[1]).expect("neighbours").index();
                h.hexside(w[0], d).road
            })
            .count()
    };
    assert_eq!(roads(&e), 4, "{}", e.app().status);
    assert_eq!(
        e.s().map.as_hex().expect("hex").hexsides.len(),
        4,
        "only the edges between the hexes passed through"
    );
    assert_eq!(e.app().doc.history().1, 1, "one stroke, one step");
    // Over the road again, from its start: it stays.
    e.drag_along(&path[..3]);
    assert_eq!(roads(&e), 4);
    // Shift+drag takes it up.
    e.h.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    e.drag_along(&path[..3]);
    e.h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    e.h.run();
    assert_eq!(roads(&e), 2);
}

#[test]
fn add_terrain_in_the_palette_names_it_in_place_in_a_colour_unlike_the_sides() {
    let mut e = editor(sample("winceby"));
    let before = e.s().terrain_types.len();
    e.click("Add terrain");
    assert_eq!(e.s().terrain_types.len(), before + 1);
    let t = e.s().terrain_types.last().expect("new").clone();
    assert!(e.s().sides.iter().all(|x| x.colour != t.colour));
    // The name field has the keyboard at once: typing names the new type.
    e.h.get_by_label("New terrain name").type_text(" (orchard)");
    e.h.run();
    e.keys(Modifiers::NONE, Key::Enter);
    let named = &e.s().terrain(t.id).expect("type").name;
    assert_eq!(named, "New terrain (orchard)");
    assert!(
        e.h.query_by_label("New terrain name").is_none(),
        "the field closes"
    );
    // Its row then picks the brush like any other.
    e.click("New terrain (orchard)");
    assert!(matches!(
        e.app().tool,
        sandtable::app::tools::Tool::Paint { terrain, .. } if terrain == t.id
    ));
    // The brush says what it paints.
    e.click("7 hexes");
    assert!(matches!(
        e.app().tool,
        sandtable::app::tools::Tool::Paint { radius: 1, .. }
    ));
}

/// Picking a brush must not move the palette under the pointer: a click meant for a unit
/// template after it must land on that template.
#[test]
fn picking_a_brush_leaves_the_palette_where_it_was() {
    let mut e = editor(Scenario::new_hex("Brush"));
    let before = e.h.get_by_label("Infantry").rect();
    let clear = e.s().terrain_types[0].name.clone();
    e.click(&clear);
    assert!(matches!(
        e.app().tool,
        sandtable::app::tools::Tool::Paint { .. }
    ));
    let after = e.h.get_by_label("Infantry").rect();
    assert!(
        (before.min.y - after.min.y).abs() < 0.5,
        "the Infantry button moved from {before:?} to {after:?}"
    );
}

/// A brush's size stays when another terrain is picked: the size is the stroke's, whatever it
/// paints.
#[test]
fn picking_another_terrain_keeps_the_brush_size() {
    use sandtable::app::tools::Tool;
    let mut e = editor(sample("winceby"));
    let names: Vec<String> = e.s().terrain_types.iter().map(|t| t.name.clone()).collect();
    e.click(&names[0]);
    e.click("37 hexes");
    assert!(matches!(e.app().tool, Tool::Paint { radius: 3, .. }));
    e.click(&names[1]);
    let second = e.s().terrain_types[1].id;
    assert_eq!(
        e.app().tool,
        Tool::Paint {
            terrain: second,
            radius: 3
        },
        "the second terrain is painted with the brush of 37 hexes"
    );
}

#[test]
fn placing_from_the_palette_returns_to_select_unless_shift_or_the_lock_keeps_it() {
    use sandtable::app::tools::Tool;
    let mut e = editor(Scenario::new_hex("Placing"));
    let l = sandtable::scene::layout(e.s().map.as_hex().expect("hex"));
    let at = |q| l.hex_to_world_pos(hexx::Hex::new(q, 3));
    e.click("Infantry");
    assert!(matches!(e.app().tool, Tool::Place(_)));
    e.click_map(at(2));
    assert_eq!(e.s().units.len(), 1, "{}", e.app().status);
    assert_eq!(e.app().tool, Tool::Select, "one placed, back to Select");
    // Shift keeps the tool for the next.
    e.click("Objective");
    let p = e.screen(at(4));
    e.h.hover_at(p);
    e.h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    e.h.run();
    for pressed in [true, false] {
        e.h.event(Event::PointerButton {
            pos: p,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::SHIFT,
        });
        e.h.run();
    }
    e.h.event(Event::ModifiersChanged(Modifiers::NONE));
    assert_eq!(e.s().objectives.len(), 1);
    assert!(matches!(e.app().tool, Tool::Place(_)), "Shift keeps it");
    e.keys(Modifiers::NONE, Key::Escape);
    assert_eq!(e.app().tool, Tool::Select, "Escape puts it down");
    // The lock keeps it too, for drags as well as clicks.
    e.click("Keep placing");
    e.click("Infantry");
    e.click_map(at(6));
    e.click_map(at(8));
    assert_eq!(e.s().units.len(), 3);
    assert!(matches!(e.app().tool, Tool::Place(_)));
}

#[test]
fn file_open_sample_lists_the_five_samples_and_opens_one() {
    let mut e = editor(Scenario::new_table("Blank"));
    e.click("File");
    e.click("Open sample");
    for sample in &samples::ALL {
        assert!(
            e.h.query_by_label_contains(sample.name).is_some(),
            "{} is listed",
            sample.name
        );
    }
    let winceby = samples::by_name("winceby").expect("winceby");
    e.click(&format!("{} — {}", winceby.name, winceby.source));
    assert_eq!(e.s(), &winceby.load().expect("the sample loads"));
    assert!(!e.app().doc.is_dirty());
}

#[test]
fn a_drag_on_open_ground_inside_a_zone_moves_it_only_once_the_zone_is_selected() {
    let s = sample("rearguard");
    let zone = s.zones.first().expect("a deployment zone").clone();
    let sandtable::model::ZoneArea::Polygon(poly) = &zone.area else {
        panic!("a table zone is a polygon");
    };
    // A point of the zone with nothing else under it (no unit, no terrain piece).
    let (min, max) = poly.iter().fold(
        (
            Point::new(f32::MAX, f32::MAX),
            Point::new(f32::MIN, f32::MIN),
        ),
        |(a, b), p| {
            (
                Point::new(a.x.min(p.x), a.y.min(p.y)),
                Point::new(b.x.max(p.x), b.y.max(p.y)),
            )
        },
    );
    let open = (0..400)
        .map(|k| {
            Point::new(
                min.x + (max.x - min.x) * ((k % 20) as f32 + 0.5) / 20.0,
                min.y + (max.y - min.y) * ((k / 20) as f32 + 0.5) / 20.0,
            )
        })
        .find(|p| sandtable::app::hit::hit(&s, *p, 0.5) == Some(ItemRef::Zone(zone.id)))
        .expect("open ground inside the zone");
    let mut e = editor(s.clone());
    // A drag that starts there (a miss aimed at a unit) selects by box and moves nothing.
    e.drag_along(&[
        open,
        open + Point::new(6.0, 0.0),
        open + Point::new(12.0, 0.0),
    ]);
    assert_eq!(e.s().zones, s.zones, "the zone stays: {}", e.app().status);
    assert_eq!(e.app().doc.history().1, 0, "nothing to undo");
    // Selected first, the zone moves with the drag.
    e.click_map(open);
    assert_eq!(e.app().selection, vec![ItemRef::Zone(zone.id)]);
    e.drag_along(&[
        open,
        open + Point::new(3.0, 0.0),
        open + Point::new(6.0, 0.0),
    ]);
    assert_ne!(e.s().zones, s.zones, "the selected zone moved");
}

#[test]
fn finding_a_unit_from_the_order_of_battle_zooms_in_far_enough_to_name_it() {
    let s = sample("winceby");
    let cromwell = s.find_unit("Oliver Cromwell").expect("Cromwell").id;
    let mut e = editor(s);
    let named = sandtable::app::zoom_to_name(e.s(), cromwell).expect("a size");
    // Zoomed out until the counters go unnamed.
    let ctx = e.h.ctx.clone();
    while e.app().view.zoom >= named {
        e.h.state_mut()
            .perform(&ctx, sandtable::app::command::Command::Zoom(0.8));
        e.h.run();
    }
    e.click("Order of battle");
    e.click("Oliver Cromwell");
    assert_eq!(e.app().selection, vec![ItemRef::Unit(cromwell)]);
    // What the row's double-click sends (kittest's frames are too far apart in time for two
    // clicks to count as one double-click).
    e.h.state_mut()
        .perform(&ctx, sandtable::app::command::Command::CentreOn(cromwell));
    e.h.run();
    assert!(
        e.app().view.zoom >= named,
        "zoomed in to {}",
        e.app().view.zoom
    );
    // And he stands in the middle of the canvas.
    let canvas = e.h.get_by_label("Map canvas").rect();
    let at = sandtable::preview::anchor(e.s(), cromwell).expect("on the map");
    assert!((e.app().view.to_screen(at) - canvas.center()).length() < 2.0);
}

/// A 2 x 1 Tiled map whose tileset names no terrain: tile 0 and tile 2 of `plain`.
fn unnamed_tiled_map(dir: &std::path::Path) -> PathBuf {
    let path = dir.join("scan.tmx");
    std::fs::write(
        &path,
        r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="plain" tilewidth="32" tileheight="28" tilecount="4" columns="4"/>
 <layer name="L" width="2" height="1"><data encoding="csv">1,3</data></layer></map>"#,
    )
    .expect("write");
    path
}

#[test]
fn import_tiled_map_asks_once_for_the_terrain_of_unnamed_tiles_and_remembers_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = unnamed_tiled_map(dir.path());
    let dialogs = ScriptedDialogs {
        tiled: vec![path.clone(), path.clone()],
        ..ScriptedDialogs::default()
    };
    let mut e = editor_with(
        Scenario::new_table("Before"),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    e.click("File");
    e.click_to_start("Import Tiled map…");
    e.wait_for_workers();
    assert!(e.app().tiled_import.is_some(), "{}", e.app().status);
    assert!(
        !e.s().map.is_hex(),
        "nothing imported before the terrain is given"
    );
    // Import waits until every tile has a terrain.
    e.h.get_by_label("Tile 0 of plain — 1 hex").focus();
    e.h.run();
    e.h.get_by_label("Tile 0 of plain — 1 hex")
        .type_text("Clear");
    e.h.run();
    e.click("Import");
    assert!(e.app().tiled_import.is_some(), "plain:2 has no terrain yet");
    // The common terrain names are offered for a pick.
    e.click("Choose the terrain of Tile 2 of plain — 1 hex");
    e.click("Marsh");
    e.click("Import");
    assert!(e.app().tiled_import.is_none());
    let names: Vec<&str> = e
        .s()
        .terrain_types
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(names, ["Clear", "Marsh"]);
    let m = e.s().map.as_hex().expect("a hex map");
    assert_eq!(m.terrain.len(), 2);
    assert_eq!(
        e.app()
            .settings
            .tile_terrain
            .get("plain")
            .and_then(|t| t.get(&2))
            .map(String::as_str),
        Some("Marsh")
    );
    // The second import of a map with the same tileset asks nothing.
    e.menu("File", "New free-measure table");
    e.click("File");
    e.click_to_start("Import Tiled map…");
    e.wait_for_workers();
    assert!(e.app().tiled_import.is_none());
    let names: Vec<&str> = e
        .s()
        .terrain_types
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(names, ["Clear", "Marsh"]);
}

#[test]
fn export_window_prints_one_sides_handout_and_writes_a_tiled_map() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("winceby.tmx");
    let dialogs = ScriptedDialogs {
        export: vec![out.clone()],
        ..ScriptedDialogs::default()
    };
    let mut e = editor_with(
        sample("winceby"),
        Setup {
            dialogs,
            ..Setup::default()
        },
    );
    e.menu("File", "Export…");
    e.h.get_by_label("For").click();
    e.h.run();
    e.h.get_by_label("Royalists only").click();
    e.h.run();
    let royalists = e
        .s()
        .sides
        .iter()
        .find(|s| s.name == "Royalists")
        .map(|s| s.id);
    assert_eq!(e.app().export.options.side, royalists);
    e.h.get_by_label("Tiled map (.tmx, for the Tiled editor)")
        .click();
    e.h.run();
    assert!(e.app().export.tiled_map);
    e.h.get_by_label("Export…").click();
    for _ in 0..500 {
        if e.app().status.starts_with("Exported") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        e.h.step();
    }
    assert_eq!(
        e.app().status,
        format!("Exported the Tiled map to {}", out.display())
    );
    assert!(dir.path().join("winceby-terrain.png").is_file());
    let back = sandtable::io::tmx::read(&out).expect("a Tiled map");
    assert_eq!(back.columns, 24);
}

/// The dock's divider: the Rules panel fits what it has to say (little with nothing
/// selected), so the inspector has the room; dragging the divider sets the panel's height,
/// which the settings remember (a double-click, tried in the real window, fits it again), and
/// dragging it up to the panel's heading folds the panel.
#[test]
fn the_dock_divider_fits_the_rules_panel_and_is_dragged_and_remembered() {
    let mut e = editor(sample("winceby"));
    e.h.run();
    let divider = e.h.get_by_label("Rules and inspector divider").rect();
    assert!(
        divider.center().y < 900.0 * 0.35,
        "with nothing selected the inspector gets the room: divider at {divider:?}"
    );
    assert_eq!(e.app().settings.rules_height, None);
    // Drag it down 200 points.
    let a = divider.center();
    let b = a + egui::vec2(0.0, 200.0);
    e.drag_screen(a, b);
    let set = e
        .app()
        .settings
        .rules_height
        .expect("the height is remembered");
    let moved = e.h.get_by_label("Rules and inspector divider").rect();
    assert!(
        (moved.center().y - b.y).abs() < 12.0,
        "the divider follows the drag: {moved:?}, set {set}"
    );
    // Remembered: a new editor with these settings opens with the panel at that height.
    let settings = e.app().settings.clone();
    let mut again = editor(sample("winceby"));
    again.h.state_mut().settings = settings;
    again.h.run();
    let there = again.h.get_by_label("Rules and inspector divider").rect();
    assert!(
        (there.center().y - moved.center().y).abs() < 2.0,
        "{there:?} {moved:?}"
    );
    // Dragged up past the panel's least height, to its heading: the panel folds, and says
    // how it opens again.
    e.drag_screen(moved.center(), egui::pos2(moved.center().x, 45.0));
    assert!(!e.app().settings.show_rules, "folded");
    assert!(
        e.app().status.contains("click its heading"),
        "{}",
        e.app().status
    );
    assert!(e.h.query_by_label("Rules and inspector divider").is_none());
}

/// On a hex map the tape names both what it counts: the hexes between the ends and the
/// straight line in millimetres on paper; an end off the map is said, not counted silently.
#[test]
fn a_hex_measure_names_hexes_and_straight_millimetres_and_an_end_off_the_map() {
    let s = sample("winceby");
    let h = s.map.as_hex().expect("hex").clone();
    let l = sandtable::scene::layout(&h);
    let a = h.grid().hex_at(40).expect("hex");
    let b = hexx::Hex::new(a.x, a.y + 3);
    let (pa, pb) = (l.hex_to_world_pos(a), l.hex_to_world_pos(b));
    let mut e = editor(s);
    e.key(Key::M);
    e.drag_map(Point::new(pa.x, pa.y), Point::new(pb.x, pb.y));
    assert!(
        e.app().status.contains("3 hexes · 75 mm straight")
            && !e.app().status.contains("off the map"),
        "{}",
        e.app().status
    );
    e.key(Key::Escape);
    let off = l.hex_to_world_pos(hexx::Hex::new(a.x - 60, a.y));
    e.drag_map(Point::new(pa.x, pa.y), Point::new(off.x, off.y));
    assert!(
        e.app().status.contains("(an end off the map)"),
        "{}",
        e.app().status
    );
}

/// The measuring tape's line (dragged, or clicked from and to) stays on the map after the
/// button is released (the status says what it measured) until Escape clears it, or the switch to Play (an author's measure is not
/// the game's).
#[test]
fn a_measure_stays_after_release_until_escape() {
    let mut e = editor(sample("patrol"));
    e.key(Key::M);
    e.drag_map(Point::new(10.0, 10.0), Point::new(22.0, 10.0));
    assert!(
        e.app().status.starts_with("Measured 12"),
        "{}",
        e.app().status
    );
    e.h.run();
    assert!(e.app().status.starts_with("Measured"), "still shown");
    e.key(Key::Escape);
    assert_eq!(e.app().status, "Measure cleared");
    // A click, then a click where to, measures as a drag does; the line follows the pointer.
    e.click_map(Point::new(10.0, 20.0));
    assert!(
        e.app().status.starts_with("Measuring"),
        "{}",
        e.app().status
    );
    e.hover_map(Point::new(18.0, 20.0));
    e.click_map(Point::new(18.0, 20.0));
    assert!(
        e.app().status.starts_with("Measured 8"),
        "{}",
        e.app().status
    );
    e.drag_map(Point::new(10.0, 10.0), Point::new(16.0, 10.0));
    e.key(Key::F5);
    e.key(Key::Escape);
    assert_ne!(
        e.app().status,
        "Measure cleared",
        "nothing left to clear in Play"
    );
}

/// The pointer's card stays over the map: hovering a unit near the dock puts the card to the
/// pointer's left, clear of the Rules panel's text.
#[test]
fn the_pointer_card_stays_clear_of_the_dock() {
    let mut e = editor(sample("bakambo"));
    let dock = e.h.get_by_label("Rules and inspector divider").rect().min.x;
    // The unit nearest the dock's side of the map.
    let u = e
        .s()
        .units
        .iter()
        .filter(|u| u.on_table() && !u.models.is_empty())
        .max_by(|a, b| a.models[0].pos.x.total_cmp(&b.models[0].pos.x))
        .expect("a unit on the table")
        .clone();
    e.hover_map(u.models[0].pos);
    e.h.run();
    let card =
        e.h.query_all_by_label_contains(" · good order")
            .map(|n| n.rect())
            .next()
            .expect("the card");
    assert!(
        card.max.x < dock,
        "the card {card:?} runs over the dock at x {dock}"
    );
    // Working by keyboard (Tab to the next unit), the card of what the idle pointer rests on
    // goes; it comes back when the pointer moves.
    e.keys(Modifiers::NONE, Key::Tab);
    assert!(
        !e.shows(" · good order"),
        "the card stays while keys are used"
    );
    e.hover_map(u.models[0].pos + Point::new(0.05, 0.0));
    e.h.run();
    assert!(
        e.shows(" · good order"),
        "the card is back once the pointer moves"
    );
}

/// Command is assigned by dragging a unit's row onto a leader's row in the order of battle:
/// one undo step, and the row moves under him.
#[test]
fn dragging_a_row_onto_a_leader_in_the_order_of_battle_puts_the_unit_under_him() {
    let s = sample("winceby");
    let side = s.sides[0].id;
    let unit = s
        .units
        .iter()
        .rfind(|u| u.side == side && !u.is_leader() && u.hex().is_some())
        .expect("a unit")
        .clone();
    let leader = s
        .units
        .iter()
        .find(|u| u.side == side && u.is_leader() && unit.commander != Some(u.id))
        .expect("another leader")
        .clone();
    let mut e = editor(s.clone());
    e.click("Order of battle");
    let a = e.h.get_by_label(&unit.name).rect().center();
    let b = e.h.get_by_label(&leader.name).rect().center();
    e.drag_screen(a, b);
    assert_eq!(
        e.s().unit(unit.id).and_then(|u| u.commander),
        Some(leader.id),
        "{}",
        e.app().status
    );
    assert_eq!(e.app().doc.history().1, 1, "one undo step");
    e.keys(Modifiers::COMMAND, Key::Z);
    assert_eq!(e.s(), &s);
}

/// Tab goes on from the last unit of one side to the units of the next, so the keyboard
/// reaches every unit on the map.
#[test]
fn tab_reaches_the_other_sides_units() {
    let s = sample("winceby");
    let mut e = editor(s.clone());
    let on_map = s.units.iter().filter(|u| u.hex().is_some()).count();
    let mut sides = std::collections::BTreeSet::new();
    for _ in 0..on_map {
        e.keys(Modifiers::NONE, Key::Tab);
        let u = match e.app().selection[..] {
            [ItemRef::Unit(u)] => u,
            ref other => panic!("{other:?}"),
        };
        sides.insert(e.s().unit(u).expect("unit").side.0);
    }
    assert_eq!(sides.len(), s.sides.len(), "every side's units are reached");
}

/// The status bar's message gives way when the selection changes after it: Escape's "Nothing
/// selected" is gone once a unit is selected again, not left beside "selected: …".
#[test]
fn a_status_from_before_a_new_selection_gives_way() {
    let s = sample("winceby");
    let (a, b) = (s.units[0].id, s.units[1].id);
    let mut e = editor(s);
    e.h.state_mut().selection = vec![ItemRef::Unit(a)];
    e.h.run();
    e.keys(Modifiers::NONE, Key::Escape);
    e.h.run();
    assert_eq!(e.app().status, "Nothing selected");
    e.h.run();
    assert_eq!(
        e.app().status,
        "Nothing selected",
        "it stays while nothing changes"
    );
    e.h.state_mut().selection = vec![ItemRef::Unit(b)];
    e.h.run();
    assert!(
        !e.app().status.contains("Nothing selected"),
        "{}",
        e.app().status
    );
}

/// Escape closes an open menu, and only the menu: the selection behind it stays.
#[test]
fn escape_closes_an_open_menu_and_nothing_else() {
    let s = sample("winceby");
    let unit = s.units[0].id;
    let mut e = editor(s);
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    e.click("File");
    assert!(
        e.h.query_by_label("Export…").is_some(),
        "the File menu is open"
    );
    e.keys(Modifiers::NONE, Key::Escape);
    e.h.run();
    assert!(
        e.h.query_by_label("Export…").is_none(),
        "Escape closed the menu"
    );
    assert_eq!(
        e.app().selection,
        vec![ItemRef::Unit(unit)],
        "and kept the selection"
    );
}

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
        e.shows("on a hex map, pick a terrain as a brush"),
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

/// Alt pressed and let go alone opens the menus as F10 does; Alt held with a key or a click
/// is theirs, and opens nothing.
#[test]
fn alt_pressed_alone_opens_the_menus() {
    let mut e = editor(sample("winceby"));
    let alt = |e: &mut Editor, m: Modifiers| {
        e.h.event(egui::Event::ModifiersChanged(m));
        e.h.run();
    };
    alt(&mut e, Modifiers::ALT);
    alt(&mut e, Modifiers::NONE);
    e.h.run();
    assert!(e.shows("Export…"), "Alt alone opened the File menu");
    e.key(Key::ArrowRight);
    assert!(e.shows("Select all"), "and the arrows walk the menus");
    e.key(Key::Escape);
    assert!(!e.shows("Select all"));
    // A quick tap: pressed and let go between two frames.
    e.h.event(egui::Event::ModifiersChanged(Modifiers::ALT));
    e.h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    e.h.run();
    assert!(e.shows("Export…"), "a quick tap opened the File menu");
    e.key(Key::Escape);
    assert!(!e.shows("Export…"));
    // On the desktop the Alt key's own press and release come as keys too, between the
    // changes of the modifiers: still Alt alone, every time.
    for _ in 0..2 {
        let alt_key = |pressed: bool, modifiers: Modifiers| egui::Event::Key {
            key: Key::AltLeft,
            physical_key: Some(Key::AltLeft),
            pressed,
            repeat: false,
            modifiers,
        };
        e.h.event(alt_key(true, Modifiers::NONE));
        e.h.event(egui::Event::ModifiersChanged(Modifiers::ALT));
        e.h.run();
        e.h.event(alt_key(false, Modifiers::ALT));
        e.h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
        e.h.run();
        assert!(
            e.shows("Export…"),
            "Alt with its own key events opened the menus"
        );
        e.key(Key::Escape);
        assert!(!e.shows("Export…"));
    }
    // Alt with a key: that key's, not the menus'.
    alt(&mut e, Modifiers::ALT);
    e.keys(Modifiers::ALT, Key::Z);
    alt(&mut e, Modifiers::NONE);
    e.h.run();
    assert!(!e.shows("Export…"), "Alt+Z opened no menu");
}

/// F10 opens the File menu even with the pointer resting on another menu's button (the one
/// it last opened and closed): the pointer, not moving, does not switch the bar to its menu.
#[test]
fn f10_opens_the_file_menu_under_a_pointer_resting_on_help() {
    let mut e = editor(sample("winceby"));
    e.click("Help");
    assert!(e.shows("About Sandtable"), "the pointer opened Help");
    e.key(Key::Escape);
    assert!(!e.shows("About Sandtable"));
    e.key(Key::F10);
    for _ in 0..3 {
        e.h.run();
    }
    assert!(e.shows("Export…"), "F10 opened the File menu");
    assert!(
        !e.shows("About Sandtable"),
        "the resting pointer switched to Help"
    );
}

/// A menu opened and closed with the pointer leaves the arrow keys to the map: they nudge the
/// selected unit, and walk no menu.
#[test]
fn after_a_menu_closed_by_the_pointer_the_arrows_nudge_the_selection() {
    let s = sample("winceby");
    let unit = s
        .units
        .iter()
        .find(|u| u.hex().is_some())
        .expect("a unit on the map")
        .id;
    let mut e = editor(s.clone());
    e.h.state_mut().selection = vec![ItemRef::Unit(unit)];
    e.h.run();
    e.click("File");
    assert!(e.shows("Export…"));
    e.click("File");
    assert!(!e.shows("Export…"), "the second click closed it");
    e.h.run();
    assert_eq!(
        e.h.ctx.memory(|m| m.focused()),
        None,
        "the bar button keeps no focus outline once its menu closed"
    );
    e.key(Key::ArrowDown);
    assert!(
        !e.shows("Export…") && !e.shows("Select all"),
        "no menu opened"
    );
    assert_ne!(
        e.s().unit(unit).and_then(|u| u.hex()),
        s.unit(unit).and_then(|u| u.hex()),
        "the arrow nudged the unit: {}",
        e.app().status
    );
}

/// Rows of terrain names pasted over a hex map (Ctrl+V with a spreadsheet's copy) paint it in
/// one undo step, making a type for a new name; a grid of another shape, with nothing copied
/// in the editor, is refused with its row; and the desktop's copy and paste events (what Ctrl+C
/// and Ctrl+V send in the real window) copy and paste units.
#[test]
fn a_terrain_grid_pasted_over_a_hex_map_paints_it_in_one_step() {
    let s = sample("winceby");
    let mut rows = sandtable::edit::ops::terrain_grid::terrain_grid(&s).expect("a hex map");
    rows[0][0] = "Orchard".into();
    rows[0][1] = "Orchard".into();
    let tabs: String = rows.iter().map(|r| r.join("\t") + "\n").collect();
    let mut e = editor(s.clone());
    // The desktop sends Ctrl+V as a paste event, not a key.
    e.h.event(Event::Paste(tabs));
    e.h.run();
    let orchard = e
        .s()
        .terrain_types
        .iter()
        .find(|t| t.name == "Orchard")
        .expect("a new type")
        .id;
    let m = e.s().map.as_hex().expect("hex");
    assert_eq!(&m.terrain[..2], &[orchard, orchard]);
    assert!(
        e.shows("Terrain from the pasted grid: 2 hexes"),
        "{}",
        e.app().status
    );
    e.keys(Modifiers::COMMAND, Key::Z);
    assert_eq!(e.s().map, s.map, "one undo step");
    assert_eq!(e.s().terrain_types, s.terrain_types);
    // A grid a row short.
    rows.pop();
    let csv: String = rows.iter().map(|r| r.join(",") + "\n").collect();
    e.h.event(Event::Paste(csv));
    e.h.run();
    assert!(
        e.app().status.contains("not this map's terrain grid"),
        "{}",
        e.app().status
    );
    assert_eq!(e.s().map, s.map);
    // Copy and paste as the desktop sends them: a unit copied and pasted beside itself.
    let u = s
        .units
        .iter()
        .find(|u| u.hex().is_some())
        .expect("a unit")
        .id;
    e.h.state_mut().selection = vec![ItemRef::Unit(u)];
    e.h.event(Event::Copy);
    e.h.run();
    e.h.event(Event::Paste("not a grid".into()));
    e.h.run();
    assert_eq!(e.s().units.len(), s.units.len() + 1, "{}", e.app().status);
}

/// Escape closes a help window (Keyboard shortcuts from F1, Getting started) before anything
/// else, so the keyboard alone opens and closes them.
#[test]
fn escape_closes_the_help_windows() {
    let mut e = editor(sample("winceby"));
    e.key(Key::F1);
    assert!(e.shows("switch between Edit"));
    e.key(Key::Escape);
    assert!(!e.shows("switch between Edit"), "closed");
}

/// Notices never pile up over the map: the newest is shown whole, each older one takes a line
/// (its whole text on hover), and *Dismiss all* clears them at once.
#[test]
fn older_notices_take_a_line_each_and_dismiss_all_clears_them() {
    let mut e = editor(sample("winceby"));
    let long = |i: usize| {
        format!(
            "Could not open /some/long/path/number-{i}/of/a/scenario.json: the file is not a \
             Sandtable scenario (expected a JSON object at line 1, column 1), and nothing was \
             changed"
        )
    };
    e.h.state_mut().notify(true, long(0));
    e.h.run();
    let notice = |i: usize| format!("Error: Could not open /some/long/path/number-{i}/");
    let one = e.h.get_by_label_contains(&notice(0)).rect().height();
    for i in 1..4 {
        e.h.state_mut().notify(true, long(i));
    }
    e.h.run();
    let newest = e.h.get_by_label_contains(&notice(3)).rect();
    assert!(newest.height() >= one - 0.5, "the newest is whole");
    for i in 0..3 {
        let older = e.h.get_by_label_contains(&notice(i)).rect();
        assert!(
            older.height() < one / 1.5,
            "notice {i} is {:.0} px high, the whole one {one:.0}",
            older.height()
        );
    }
    e.click("Dismiss all");
    assert_eq!(
        e.h.query_all_by_label_contains("Error: Could not").count(),
        0
    );
}

/// The left panel opens at one width whatever the file: long side names wrap to a row of
/// their own, and onto a second line, rather than widening it.
#[test]
fn the_left_panel_opens_at_one_width_whatever_the_file() {
    let width = |name: &str| {
        let mut e = editor(sample(name));
        e.h.run();
        e.app().left_panel_rect().expect("the left panel").width()
    };
    let widths: Vec<(&str, f32)> = ["winceby", "patrol", "bakambo", "skirmish", "rearguard"]
        .into_iter()
        .map(|n| (n, width(n)))
        .collect();
    let first = widths[0].1;
    assert!(
        widths.iter().all(|(_, w)| (w - first).abs() < 0.5),
        "{widths:?}"
    );
}

/// Hints and notes are written small but readable: 11 points, not egui's 9.
#[test]
fn small_text_reads_at_eleven_points() {
    let mut e = editor(sample("patrol"));
    e.h.run();
    for theme in [egui::Theme::Dark, egui::Theme::Light] {
        let style = e.h.ctx.style_of(theme);
        assert_eq!(style.text_styles[&egui::TextStyle::Small].size, 11.0);
    }
}

/// File > New starts a map with the ground most maps are drawn from (woods, rough, hills,
/// marsh, a town, water) besides clear ground, each its own colour with the costs the rules
/// read, ready on the palette; the new scenario is one the checks accept.
#[test]
fn a_new_map_starts_with_the_common_terrain_on_the_palette() {
    use sandtable::app::command::{Command, Guarded};
    for (new, hex) in [(Guarded::NewHex, true), (Guarded::NewTable, false)] {
        let mut e = editor(Scenario::new_table("Before"));
        // A notice about the scenario open before goes with it.
        e.h.state_mut()
            .notify(false, "This is the built-in sample \"Before\"".into());
        e.h.run();
        assert!(e.shows("This is the built-in sample"));
        let ctx = e.h.ctx.clone();
        e.h.state_mut().perform(&ctx, Command::File(new));
        e.h.run();
        assert!(
            !e.shows("This is the built-in sample"),
            "the old notice went"
        );
        let s = e.s().clone();
        assert_eq!(s.map.is_hex(), hex);
        let names: Vec<&str> = s.terrain_types.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["Clear", "Woods", "Rough", "Hill", "Marsh", "Town", "Water"]
        );
        for (i, a) in s.terrain_types.iter().enumerate() {
            for b in &s.terrain_types[i + 1..] {
                assert_ne!(a.colour, b.colour, "{} and {} alike", a.name, b.name);
            }
        }
        let t = |n: &str| s.terrain_types.iter().find(|t| t.name == n).expect(n);
        assert_eq!(t("Woods").hex_cost, HexCost::Mp(2));
        assert!(t("Woods").blocks_sight && t("Woods").difficult);
        assert_eq!(t("Water").hex_cost, HexCost::Impassable);
        assert!(t("Water").impassable);
        assert_eq!(s.validate(), Vec::new(), "a new scenario passes the checks");
        for name in ["Woods", "Marsh", "Water"] {
            assert!(e.shows(name), "{name} on the palette");
        }
    }
}
