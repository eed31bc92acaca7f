//! File > Import Tiled map… in the editor, driven through kittest: the map is read on a worker
//! thread while a progress window with Cancel shows, so the window never waits on the file;
//! Cancel leaves the document as it was; a map that cannot be read (a tileset that is a FIFO)
//! says why in a notice; a terrain name typed over the limit for names is refused in the dialog.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::recovery::Recovery;
use sandtable::model::{Colour, HexCost, Scenario};
use std::path::{Path, PathBuf};

struct Editor {
    h: Harness<'static, App>,
    _dir: tempfile::TempDir,
}

fn editor(tiled: Vec<PathBuf>) -> Editor {
    editor_on(Scenario::new_table("Before"), tiled)
}

/// An editor open on `s`, its file dialog answering with `tiled`.
fn editor_on(s: Scenario, tiled: Vec<PathBuf>) -> Editor {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = App::new(
        Document::new(s, None),
        Box::new(ScriptedDialogs {
            tiled,
            ..ScriptedDialogs::default()
        }),
        Recovery::in_dir(dir.path().join("recovery")),
        Settings::default(),
    );
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_context_setup(sandtable::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.frame_ui(ui), app);
    h.run();
    Editor { h, _dir: dir }
}

impl Editor {
    fn app(&self) -> &App {
        self.h.state()
    }

    fn click(&mut self, label: &str) {
        self.h.get_by_label(label).click();
        // A dialog growing to fit a long name takes a few frames to settle.
        self.h.run_steps(4);
        self.h.run();
    }

    fn import(&mut self) {
        self.click("File");
        self.click("Import Tiled map…");
    }

    fn shows(&self, text: &str) -> bool {
        self.h.query_all_by_label_contains(text).next().is_some()
    }

    /// Steps until the worker has finished (or `limit` steps of 10 ms).
    fn wait(&mut self, limit: usize) {
        for _ in 0..limit {
            if !self.app().reading_tiled() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            self.h.step();
        }
        self.h.run();
    }
}

/// A 200 x 200 map of 32 CSV layers (some 2.5 MB), long enough to read that its progress
/// window is up when the test looks.
fn large_map(dir: &Path) -> PathBuf {
    let row = vec!["1"; 200].join(",");
    let data = vec![row; 200].join(",\n");
    let layer = format!("<layer name=\"L\"><data encoding=\"csv\">{data}</data></layer>\n");
    let map = format!(
        r#"<map orientation="hexagonal" width="200" height="200" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="Clear"/></tileset>
{}</map>"#,
        layer.repeat(32)
    );
    let path = dir.join("large.tmx");
    std::fs::write(&path, map).expect("write");
    path
}

#[test]
fn a_tiled_map_is_read_in_the_background_with_progress_and_cancel() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = large_map(dir.path());
    let mut e = editor(vec![path.clone(), path]);
    e.import();
    assert!(e.app().reading_tiled(), "{}", e.app().status);
    assert!(
        e.shows("Importing a Tiled map"),
        "the progress window is up"
    );
    assert!(e.shows("large.tmx"));
    e.click("Cancel");
    assert!(!e.app().reading_tiled());
    assert!(e.app().status.contains("cancelled"), "{}", e.app().status);
    assert!(!e.shows("Importing a Tiled map"));
    // Whatever the worker still does comes to nothing.
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.h.run();
    assert_eq!(e.app().doc.scenario().meta.title, "Before");
    assert!(!e.app().doc.scenario().map.is_hex());
    // Read to the end, the same map replaces the document.
    e.import();
    e.wait(3_000);
    assert!(!e.app().reading_tiled(), "the map is still being read");
    let s = e.app().doc.scenario();
    assert_eq!(s.map.as_hex().map(|h| h.terrain.len()), Some(40_000));
    assert_eq!(s.meta.title, "large");
}

#[cfg(unix)]
#[test]
fn a_tileset_that_is_a_fifo_is_refused_with_a_notice_and_the_window_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("pipe.tsx");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let map = dir.path().join("m.tmx");
    std::fs::write(
        &map,
        r#"<map orientation="hexagonal" width="1" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" source="pipe.tsx"/>
 <layer name="L"><data encoding="csv">1</data></layer></map>"#,
    )
    .expect("write");
    let mut e = editor(vec![map]);
    e.import();
    e.wait(500);
    assert!(!e.app().reading_tiled());
    assert!(
        e.shows("it is a FIFO (named pipe), not a regular file"),
        "a notice says why"
    );
    assert_eq!(e.app().doc.scenario().meta.title, "Before");
}

/// `plain.tmx` in `dir`: one row of `cells` (tile numbers) drawn with the tileset "plain" of
/// `tiles` tiles, which names no terrain.
fn plain_row(dir: &Path, tiles: u32, cells: &[u32]) -> PathBuf {
    let path = dir.join("plain.tmx");
    let csv: Vec<String> = cells.iter().map(u32::to_string).collect();
    std::fs::write(
        &path,
        format!(
            r#"<map orientation="hexagonal" width="{}" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="plain" tilecount="{tiles}"/>
 <layer name="L"><data encoding="csv">{}</data></layer></map>"#,
            cells.len(),
            csv.join(",")
        ),
    )
    .expect("write");
    path
}

#[test]
fn a_terrain_name_over_the_limit_is_refused_in_the_dialog() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = plain_row(dir.path(), 2, &[1, 1]);
    let mut e = editor(vec![path]);
    e.import();
    e.wait(500);
    assert!(e.app().tiled_import.is_some(), "{}", e.app().status);
    let field = "Tile 0 of plain — 2 hexes";
    e.h.get_by_label(field).focus();
    e.h.run();
    e.h.get_by_label(field).type_text(&"w".repeat(201));
    e.h.run();
    assert!(e.shows("over 200 characters"));
    e.click("Import");
    assert!(e.app().tiled_import.is_some(), "nothing imported");
    assert!(!e.app().doc.scenario().map.is_hex());
    // One character fewer is a name like any other.
    e.h.get_by_label(field).focus();
    e.h.run();
    e.h.key_press(egui::Key::End);
    e.h.key_press(egui::Key::Backspace);
    e.h.run();
    assert!(!e.shows("over 200 characters"));
    e.click("Import");
    assert!(e.app().tiled_import.is_none());
    assert_eq!(e.app().doc.scenario().terrain_types[0].name.len(), 200);
}

/// A map imported over the built-in sample the editor opened on (as from the command line) is
/// offered no terrain of that sample: Bakambo's savanna and jungle are no one's vocabulary for
/// the new map (a scenario of the designer's own lends its terrain first: the test below).
#[test]
fn the_sample_the_editor_opened_on_lends_the_import_no_terrain() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = plain_row(dir.path(), 2, &[1, 2]);
    let bakambo = sandtable::samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let mut e = editor_on(bakambo.clone(), vec![path]);
    e.import();
    e.wait(500);
    let choices = e
        .app()
        .tiled_import
        .as_ref()
        .expect("the dialog")
        .choices()
        .to_vec();
    for t in &bakambo.terrain_types {
        assert!(
            !choices.contains(&t.name),
            "{} offered: {choices:?}",
            t.name
        );
    }
    assert!(
        choices.iter().any(|c| c == "Woods"),
        "the common names: {choices:?}"
    );
}

/// The tiles to name are listed most hexes first, whatever order the map first uses them in.
#[test]
fn the_tiles_to_name_are_listed_by_how_much_of_the_map_they_cover() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = plain_row(dir.path(), 3, &[1, 3, 3, 3]);
    // The open scenario has a terrain of its own naming.
    let mut open = Scenario::new_table("Before");
    open.terrain_types[0].name = "Slash Hollow".into();
    // And a stream, a line of the table: no hex's ground.
    let mut stream = open.terrain_types[0].clone();
    stream.id = sandtable::model::TerrainId(open.alloc());
    stream.name = "Slash Brook".into();
    stream.kind = sandtable::model::TerrainKind::Linear;
    open.terrain_types.push(stream);
    let mut e = editor_on(open, vec![path]);
    e.import();
    e.wait(500);
    let rows: Vec<(u32, usize)> = e
        .app()
        .tiled_import
        .as_ref()
        .expect("the dialog")
        .rows
        .iter()
        .map(|(u, _)| (u.key.id, u.hexes))
        .collect();
    assert_eq!(rows, [(2, 3), (0, 1)]);
    let first = e.h.get_by_label("Tile 2 of plain — 3 hexes").rect().top();
    let second = e.h.get_by_label("Tile 0 of plain — 1 hex").rect().top();
    assert!(first < second, "listed in that order on screen");
    // Choose offers the open scenario's own ground first, then the common names; never its
    // walls, streams or roads (a hex is ground, not a line).
    let terrain = &e.app().doc.scenario().terrain_types;
    let open: Vec<String> = terrain
        .iter()
        .filter(|t| t.kind == sandtable::model::TerrainKind::Area)
        .map(|t| t.name.clone())
        .collect();
    let lines: Vec<String> = terrain
        .iter()
        .filter(|t| t.kind != sandtable::model::TerrainKind::Area)
        .map(|t| t.name.clone())
        .collect();
    let choices = e.app().tiled_import.as_ref().expect("the dialog").choices();
    assert_eq!(choices[0], "Slash Hollow");
    assert_eq!(&choices[..open.len()], &open[..], "{choices:?}");
    assert_eq!(lines, ["Slash Brook"]);
    for l in &lines {
        assert!(!choices.contains(l), "{l} offered for a hex: {choices:?}");
    }
    // While the dialog waits, the status bar says what it waits for, not that it is reading.
    let status = e.app().status.clone();
    assert!(!status.starts_with("Importing"), "{status}");
    assert!(
        status.contains("choose a terrain for each tile"),
        "{status}"
    );
    // A tile's terrain chosen, then another tile's list opened and closed with Escape: the
    // list closes, the dialog stays with the terrain chosen.
    e.click("Choose the terrain of Tile 2 of plain — 3 hexes");
    // The list's entry (the scenario's own terrain of that name is listed in the palette too).
    let entry =
        e.h.get_all_by_label("Slash Hollow")
            .last()
            .expect("the entry");
    entry.click();
    e.h.run();
    e.click("Choose the terrain of Tile 0 of plain — 1 hex");
    assert!(
        egui::Popup::is_any_open(&e.h.ctx),
        "the second list is open"
    );
    e.h.key_press(egui::Key::Escape);
    e.h.run();
    assert!(
        !egui::Popup::is_any_open(&e.h.ctx),
        "Escape closed the list"
    );
    let dialog = e
        .app()
        .tiled_import
        .as_ref()
        .expect("Escape left the dialog open");
    assert_eq!(dialog.rows[0].1, "Slash Hollow", "and the terrain chosen");
    // Escape with no list open answers the dialog's Cancel.
    e.h.key_press(egui::Key::Escape);
    e.h.run();
    assert!(e.app().tiled_import.is_none());
    assert!(e.app().status.contains("cancelled"), "{}", e.app().status);
}

/// `art.tmx` in `dir`: one row of `cells` drawn with the tileset "art", two 32 x 28 tiles cut
/// from `hexes.png` beside it, naming no terrain.
fn art_row(dir: &Path, cells: &[u32]) -> PathBuf {
    let path = dir.join("art.tmx");
    let csv: Vec<String> = cells.iter().map(u32::to_string).collect();
    std::fs::write(
        &path,
        format!(
            r#"<map orientation="hexagonal" width="{n}" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="art" tilewidth="32" tileheight="28" tilecount="2" columns="2">
  <image source="hexes.png" width="64" height="28"/></tileset>
 <layer name="L" width="{n}" height="1"><data encoding="csv">{}</data></layer></map>"#,
            csv.join(","),
            n = cells.len()
        ),
    )
    .expect("write");
    path
}

/// A tileset whose image is not beside it is said in the dialog, with the path looked at,
/// rather than the tiles' art going missing without a word.
#[test]
fn a_tileset_image_not_found_is_said_in_the_dialog() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = art_row(dir.path(), &[1, 2]);
    let mut e = editor(vec![path]);
    e.import();
    e.wait(500);
    assert!(e.app().tiled_import.is_some(), "{}", e.app().status);
    assert!(e.shows("The image hexes.png of tileset 'art' is not there"));
    assert!(e.shows(&dir.path().join("hexes.png").display().to_string()));
}

/// A new terrain named in the dialog takes the colour of its tile's art (the mere drawn blue
/// comes in blue), and a name of the open scenario's terrain brings that terrain whole: its
/// colour and its cost.
#[test]
fn imported_terrain_takes_its_tiles_art_colour_or_the_open_scenarios_type() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut sheet = image::RgbaImage::from_pixel(64, 28, image::Rgba([40, 90, 200, 255]));
    for x in 32..64 {
        for y in 0..28 {
            sheet.put_pixel(x, y, image::Rgba([200, 30, 30, 255]));
        }
    }
    sheet.save(dir.path().join("hexes.png")).expect("art");
    let path = art_row(dir.path(), &[1, 2, 2]);
    let mut open = Scenario::new_hex("Before");
    open.terrain_types[0].name = "Slash Hollow".into();
    open.terrain_types[0].colour = Colour::rgb(120, 100, 60);
    open.terrain_types[0].hex_cost = HexCost::Mp(3);
    let hollow = open.terrain_types[0].clone();
    let mut e = editor_on(open, vec![path]);
    e.import();
    e.wait(500);
    assert!(e.app().tiled_import.is_some(), "{}", e.app().status);
    for (field, name) in [
        ("Tile 0 of art — 1 hex", "Winceby Mere"),
        ("Tile 1 of art — 2 hexes", "slash hollow"),
    ] {
        e.h.get_by_label(field).focus();
        e.h.run();
        e.h.get_by_label(field).type_text(name);
        e.h.run();
    }
    e.click("Import");
    let s = e.app().doc.scenario();
    assert!(s.map.is_hex(), "{}", e.app().status);
    let t = |n: &str| {
        s.terrain_types
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(n))
            .unwrap_or_else(|| panic!("{n} in {:?}", s.terrain_types))
    };
    assert_eq!(
        t("Winceby Mere").colour,
        Colour::rgb(40, 90, 200),
        "the art's blue"
    );
    assert_eq!(t("Slash Hollow").colour, hollow.colour);
    assert_eq!(t("Slash Hollow").hex_cost, hollow.hex_cost);
}
