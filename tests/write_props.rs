//! The property behind "whatever Sandtable writes, Sandtable opens": every command that writes
//! a file (`play` in its kinds, `import`, `convert`, `sample`, `export --out .tmx`, and the save
//! the editor and autosave use), driven with extreme arguments (texts from empty to far over
//! every limit, with quotes, markup and characters of several bytes; points from the table's
//! corner to far beyond any table; lists from empty to past their limit), either writes a file
//! that opens again or refuses and leaves the file it would have written as it was. The
//! commands run in this process, as `sandtable` runs them (`cli::run` on the parsed arguments).

use clap::Parser;
use proptest::prelude::*;
use sandtable::cli::{self, Cli};
use sandtable::io::{self, tmx};
use sandtable::model::{HexShape, Scenario};
use sandtable::samples;
use std::path::{Path, PathBuf};

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// Runs `sandtable ARGS` in this process; `Some(0)` when it succeeded.
fn run(args: &[String]) -> Option<u8> {
    let mut all = vec!["sandtable".to_string()];
    all.extend_from_slice(args);
    let cli = Cli::try_parse_from(&all).ok()?;
    let command = cli.command?;
    let mut out = Vec::new();
    cli::run(command, &mut out).ok()
}

/// What a file holds now (`None`: no file).
fn bytes(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}

/// The property for one command: it wrote a file that opens (`opens` says whether it does),
/// or it did not succeed and `path` is as it was.
fn holds(
    what: &str,
    args: &[String],
    path: &Path,
    opens: impl Fn(&Path) -> Result<(), String>,
) -> Result<(), TestCaseError> {
    let before = bytes(path);
    let code = run(args);
    if code == Some(0) {
        if let Err(e) = opens(path) {
            return Err(TestCaseError::fail(format!(
                "{what}: wrote {} and it does not open: {e}",
                path.display()
            )));
        }
    } else {
        prop_assert!(
            bytes(path) == before,
            "{what}: failed ({code:?}) but changed {}",
            path.display()
        );
    }
    prop_assert!(
        io::temporaries(path).is_empty(),
        "{what}: a temporary is left"
    );
    Ok(())
}

fn scenario_opens(path: &Path) -> Result<(), String> {
    io::load(path).map(|_| ()).map_err(|e| e.to_string())
}

fn tiled_map_imports(path: &Path) -> Result<(), String> {
    let map = tmx::read(path).map_err(|e| e.to_string())?;
    tmx::to_scenario(&map, "x", &tmx::TerrainMapping::new())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Texts at and around every limit on text, of characters that matter to files.
fn text() -> impl Strategy<Value = String> {
    let len = prop_oneof![
        Just(1usize),
        Just(199),
        Just(200),
        Just(201),
        Just(1_900),
        Just(1_999),
        Just(2_000),
        Just(2_001),
        Just(70_000),
        1usize..300,
    ];
    let unit = prop_oneof![
        Just("w"),
        Just("é"),
        Just("\""),
        Just("<&>"),
        Just("'"),
        Just(" "),
        Just("\n"),
        Just("🏰"),
    ];
    (len, unit).prop_map(|(n, u)| {
        let mut s: String = u.repeat(n.div_ceil(u.chars().count()));
        let cut = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
        s.truncate(cut);
        if s.trim().is_empty() {
            s.insert(0, 'x');
        }
        s
    })
}

/// A coordinate from the table's corner to far beyond any table.
fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(1_999.0),
        Just(2_000.0),
        Just(2_000.5),
        Just(-2_000.5),
        Just(1.0e6),
        Just(3.0e38),
        0.0f32..60.0,
    ]
}

struct Files {
    dir: tempfile::TempDir,
}

impl Files {
    fn new() -> Files {
        let dir = tempfile::tempdir().expect("tempdir");
        for name in ["winceby", "bakambo", "skirmish"] {
            io::save(&dir.path().join(format!("{name}.sandtable")), &sample(name))
                .expect("a sample saves");
        }
        Files { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// A fresh copy of a sample's file to play on.
    fn game(&self, name: &str) -> String {
        let to = self.path(&format!("game-{name}.sandtable"));
        std::fs::copy(self.path(&format!("{name}.sandtable")), &to).expect("copy");
        to.to_string_lossy().into_owned()
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn play_writes_a_game_that_opens_or_nothing(
        note in text(),
        x in coord(),
        y in coord(),
        points in prop_oneof![Just(0usize), Just(1), Just(999), Just(1_000), Just(1_001), 1usize..20],
        placed in prop_oneof![Just(0usize), Just(1), Just(20_000), Just(20_001)],
        json in any::<bool>(),
    ) {
        let f = Files::new();
        let winceby = sample("winceby");
        let unit = winceby.units[0].id.0.to_string();
        let ext = if json { "json" } else { "sandtable" };
        // A referee's note, with a free move to the point.
        let out = f.path(&format!("referee.{ext}"));
        let mut args = strings(&["play", &f.game("winceby"), "--referee", &note, "--unit", &unit]);
        args.extend(strings(&["--out", &out.to_string_lossy()]));
        holds("play --referee", &args, &out, scenario_opens)?;
        // A column's order along a route.
        let bakambo = sample("bakambo");
        let column = bakambo.columns[0].id.0.to_string();
        let route: Vec<String> = (0..points)
            .map(|i| format!("{},{}", x + (i % 7) as f32 * 0.1, y + i as f32 * 0.01))
            .collect();
        let out = f.path(&format!("column.{ext}"));
        let mut args = strings(&[
            "play", &f.game("bakambo"), "--column", &column, "--distance", "4", "--roll", "9",
            "--out", &out.to_string_lossy(),
        ]);
        if !route.is_empty() {
            args.extend(strings(&["--route", &route.join(";")]));
        }
        holds("play --column --route", &args, &out, scenario_opens)?;
        // A move with followers placed by hand.
        let skirmish = sample("skirmish");
        let u = skirmish.units.iter().find(|u| u.models.len() > 1).expect("a unit");
        let place = format!("{}={x},{y}", u.models[1].id.0);
        let out = f.path(&format!("move.{ext}"));
        let mut args = strings(&[
            "play", &f.game("skirmish"), "--unit", &u.id.0.to_string(), "--order", "advance",
            "--out", &out.to_string_lossy(),
        ]);
        for _ in 0..placed {
            args.push("--place".into());
            args.push(place.clone());
        }
        holds("play --place", &args, &out, scenario_opens)?;
    }

    #[test]
    fn import_writes_a_scenario_that_opens_or_nothing(
        terrain in text(),
        title in text(),
        mapped in text(),
        stem in text(),
        json in any::<bool>(),
    ) {
        let f = Files::new();
        let escape = |t: &str| {
            t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
        };
        let map = format!(
            r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <properties><property name="title" value="{}"/></properties>
 <tileset firstgid="1" name="t" tilecount="2"><tile id="0"><properties><property name="terrain" value="{}"/></properties></tile></tileset>
 <layer name="L"><data encoding="csv">1,2</data></layer></map>"#,
            escape(&title),
            escape(&terrain)
        );
        let file = f.path("map.tmx");
        std::fs::write(&file, &map).expect("write");
        let ext = if json { "json" } else { "sandtable" };
        let out = f.path(&format!("imported.{ext}"));
        let args = strings(&[
            "import", &file.to_string_lossy(), "--out", &out.to_string_lossy(), "--terrain",
            &format!("1={mapped}"),
        ]);
        holds("import", &args, &out, scenario_opens)?;
        // A map with no title takes its file's name (a name a file system takes: no '/', at
        // most 200 bytes).
        let stem: String = stem
            .chars()
            .filter(|c| *c != '/' && *c != '\n' && *c != '\0')
            .scan(0usize, |n, c| {
                *n += c.len_utf8();
                (*n <= 200).then_some(c)
            })
            .collect();
        if !stem.trim().is_empty() {
            let named = f.path(&format!("{stem}.tmx"));
            std::fs::write(&named, map.replace(r#"<property name="title""#, r#"<property name="other""#))
                .expect("write");
            let args = strings(&[
                "import", &named.to_string_lossy(), "--out", &out.to_string_lossy(),
                "--terrain", "1=Clear",
            ]);
            holds("import named by its file", &args, &out, scenario_opens)?;
        }
    }

    #[test]
    fn convert_sample_save_and_tiled_export_write_files_that_open_or_nothing(
        title in text(),
        notes in text(),
        radius in prop_oneof![Just(0u32), Just(99), Just(100), Just(114), 0u32..120],
        pick in 0usize..5,
        json in any::<bool>(),
    ) {
        let f = Files::new();
        let ext = if json { "json" } else { "sandtable" };
        let name = samples::ALL[pick].name;
        let out = f.path(&format!("sample.{ext}"));
        holds("sample", &strings(&["sample", name, &out.to_string_lossy()]), &out, scenario_opens)?;
        let converted = f.path(&format!("converted.{}", if json { "sandtable" } else { "json" }));
        let args = strings(&["convert", &out.to_string_lossy(), &converted.to_string_lossy()]);
        holds("convert", &args, &converted, scenario_opens)?;
        // The editor's save and autosave write through `io::save`: a scenario edited past a
        // limit (its title, its notes) is refused, the old file kept.
        let mut s = sample(name);
        s.meta.title = title;
        s.meta.designer_notes = notes;
        let saved = f.path(&format!("saved.{ext}"));
        let before = bytes(&saved);
        match io::save(&saved, &s) {
            Ok(()) => prop_assert!(scenario_opens(&saved).is_ok()),
            Err(_) => prop_assert!(bytes(&saved) == before),
        }
        // A hexagon map written for Tiled imports again, or is not written.
        let mut h = sample("winceby");
        let first = h.terrain_types[0].id;
        let m = h.map.as_hex_mut().expect("hex");
        m.shape = HexShape::Hexagon { radius };
        m.terrain = vec![first; m.grid().len()].into();
        m.hexsides.clear();
        h.units.clear();
        h.columns.clear();
        h.zones.clear();
        h.objectives.clear();
        h.reinforcements.clear();
        let scenario = f.path("hexagon.sandtable");
        let hexes = h.map.as_hex().expect("hex").grid().len();
        if hexes > sandtable::model::limits::MAX_HEXES {
            // Past the hex limit the save is refused, saying so, and nothing is written.
            let refused = io::save(&scenario, &h).expect_err("over the hex limit");
            let why = io::with_causes(&refused);
            prop_assert!(why.contains("terrain entries, over the limit"), "{why}");
            prop_assert!(!scenario.exists());
            return Ok(());
        }
        io::save(&scenario, &h).expect("a hexagon within the hex limit saves");
        let tiled = f.path("hexagon.tmx");
        let args = strings(&["export", &scenario.to_string_lossy(), "--out", &tiled.to_string_lossy()]);
        holds("export --out .tmx", &args, &tiled, tiled_map_imports)?;
        prop_assert_eq!(tiled.exists(), radius <= tmx::largest_hexagon());
    }
}
