//! Real Tiled maps: two maps drawn in Tiled by others (`tests/fixtures/tiled/`, see the
//! README there) import as Tiled reads them, their image collection's gaps in tile IDs
//! included; and our Tiled export checked against the real Tiled (Debian's `tiled` package):
//! its `tmxrasterizer` draws each hex at the pixel centre we compute, and `tiled --export-map`
//! writes back a map (TMX and JSON) that imports to the same terrain.
//!
//! The checks against the real Tiled are ignored by default (they need the `tiled` package):
//! `scripts/tiled-check.sh` installs it and runs them with `--ignored`.

use sandtable::io::tmx::{self, TerrainMapping};
use sandtable::model::{HexShape, OffsetParity, Orientation, Scenario};
use sandtable::samples;
use std::process::Command;

fn tool(name: &str, args: &[&std::ffi::OsStr]) {
    let out = Command::new(name)
        .args(args)
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {name} (install Debian's tiled package): {e}"));
    assert!(
        out.status.success(),
        "{name} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn names(s: &Scenario) -> Vec<String> {
    let m = s.map.as_hex().expect("hex");
    m.terrain
        .iter()
        .map(|t| {
            s.terrain_types
                .iter()
                .find(|x| x.id == *t)
                .expect("type")
                .name
                .clone()
        })
        .collect()
}

/// A map of `tests/fixtures/tiled/bevy_ecs_tiled/maps/hexagonal/`.
fn bevy_map(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tiled/bevy_ecs_tiled/maps/hexagonal")
        .join(name)
}

/// The terrain of each tile of the "simple hex flat top" image collection, as its image says.
fn flat_top_terrain(map: &tmx::TiledMap) -> TerrainMapping {
    let mut mapping = TerrainMapping::new();
    for arg in [
        "simple hex flat top:1=Boat",
        "simple hex flat top:2=Cave",
        "simple hex flat top:4=Mountain",
        "simple hex flat top:5=Ocean",
        "simple hex flat top:6=Plain",
        "simple hex flat top:7=Forest",
    ] {
        let (k, v) = tmx::parse_mapping_arg(arg, map).expect(arg);
        mapping.insert(k, v);
    }
    mapping
}

/// How many hexes of each terrain, by name.
fn counts(s: &Scenario) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = s
        .terrain_types
        .iter()
        .map(|t| {
            let n = s
                .map
                .as_hex()
                .expect("hex")
                .terrain
                .iter()
                .filter(|x| **x == t.id)
                .count();
            (t.name.clone(), n)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn real_image_collection_maps_with_gaps_in_their_tile_ids_import() {
    let cases = [
        (
            "finite_flat_top_even.tmx",
            (20, 22, OffsetParity::Even),
            "simple hex flat top:2, simple hex flat top:4-7",
            vec![
                ("Cave", 1),
                ("Empty", 376),
                ("Forest", 15),
                ("Mountain", 6),
                ("Ocean", 9),
                ("Plain", 33),
            ],
            // Column 8, row 5 is the first tile of the layer: gid 7, tile 6.
            (8, 5, "Plain"),
        ),
        (
            "finite_flat_top_odd.tmx",
            (20, 20, OffsetParity::Odd),
            "simple hex flat top:1-2, simple hex flat top:4-7",
            vec![
                ("Boat", 3),
                ("Cave", 1),
                ("Empty", 300),
                ("Forest", 9),
                ("Mountain", 4),
                ("Ocean", 65),
                ("Plain", 18),
            ],
            (7, 6, "Ocean"),
        ),
    ];
    for (name, (columns, rows, parity), unnamed, want, (c, r, at)) in cases {
        let map = tmx::read(&bevy_map(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ts = &map.tilesets[0];
        assert!(ts.collection, "{name}: an image collection");
        assert_eq!((ts.tile_count, ts.tiles.len()), (6, 6), "{name}");
        // Tiles that name no terrain are all named in the refusal, runs of IDs shortened.
        let e = tmx::to_scenario(&map, "x", &TerrainMapping::new()).expect_err("unnamed");
        assert_eq!(
            e.to_string(),
            format!(
                "no terrain is given for {unnamed}: give one with --terrain TILE=TERRAIN (TILE \
                 as TILESET:ID)"
            ),
            "{name}"
        );
        let s = tmx::to_scenario(&map, "x", &flat_top_terrain(&map))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let hex = s.map.as_hex().expect("hex");
        assert_eq!(hex.orientation, Orientation::Flat, "{name}");
        assert_eq!(
            hex.shape,
            HexShape::Rectangle {
                columns,
                rows,
                parity
            },
            "{name}"
        );
        let want: Vec<(String, usize)> = want.into_iter().map(|(n, k)| (n.into(), k)).collect();
        assert_eq!(counts(&s), want, "{name}");
        let t = hex.terrain[(r * columns + c) as usize];
        let here = &s
            .terrain_types
            .iter()
            .find(|x| x.id == t)
            .expect("type")
            .name;
        assert_eq!(here, at, "{name}: column {c}, row {r}");
        // Every terrain type has a colour of its own.
        for (i, a) in s.terrain_types.iter().enumerate() {
            for b in &s.terrain_types[..i] {
                assert_ne!(a.colour, b.colour, "{name}: {} and {}", a.name, b.name);
            }
        }
        println!(
            "{name}: {} hexes in {} terrains",
            hex.terrain.len(),
            s.terrain_types.len()
        );
    }
}

/// A collection's tiles are named by their images' file names (the author's names for them),
/// whether or not the images are there: the import dialog lists "Tile 5 (ocean)", not a bare
/// number.
#[test]
fn real_collection_tiles_are_named_by_their_images() {
    let map = tmx::read(&bevy_map("finite_flat_top_odd.tmx")).expect("map");
    let ts = map.tilesets[0].name.clone();
    // Tile IDs 1, 2 and 4-7 (the collection skips 0 and 3).
    let names: Vec<(u32, Option<String>)> = (0..8)
        .map(|id| (id, tmx::tile_image_name(&map, &ts, id)))
        .collect();
    let want = [
        (0, None),
        (1, Some("boat")),
        (2, Some("cave")),
        (3, None),
        (4, Some("moutain")),
        (5, Some("ocean")),
        (6, Some("plain")),
        (7, Some("forest")),
    ]
    .map(|(id, n)| (id, n.map(String::from)));
    assert_eq!(names, want.to_vec(), "as the tileset lists its images");
    assert_eq!(tmx::tile_image_name(&map, "no such tileset", 0), None);
}

#[test]
fn real_maps_import_from_the_command_line_and_the_scenario_opens() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["finite_flat_top_even.tmx", "finite_flat_top_odd.tmx"] {
        let out = dir.path().join(format!("{name}.sandtable"));
        let mut args: Vec<std::ffi::OsString> = vec![
            "import".into(),
            bevy_map(name).into(),
            "--out".into(),
            out.clone().into(),
        ];
        for t in [
            "1=Boat",
            "2=Cave",
            "4=Mountain",
            "5=Ocean",
            "6=Plain",
            "7=Forest",
        ] {
            args.push("--terrain".into());
            args.push(t.into());
        }
        let o = Command::new(env!("CARGO_BIN_EXE_sandtable"))
            .args(&args)
            .output()
            .expect("run sandtable");
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let s = sandtable::io::load(&out).expect("the imported map opens");
        assert_eq!(s.meta.title, name.trim_end_matches(".tmx"));
    }
}

fn variants() -> Vec<(String, Scenario)> {
    let base = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let mut out = vec![("winceby".to_string(), base.clone())];
    for (o, p) in [
        (Orientation::Flat, OffsetParity::Odd),
        (Orientation::Pointy, OffsetParity::Even),
        (Orientation::Pointy, OffsetParity::Odd),
    ] {
        let mut s = base.clone();
        let types: Vec<_> = s.terrain_types.iter().map(|t| t.id).collect();
        let m = s.map.as_hex_mut().expect("hex");
        m.orientation = o;
        m.shape = HexShape::Rectangle {
            columns: 11,
            rows: 8,
            parity: p,
        };
        m.terrain = (0..88)
            .map(|i| types[(i * 5 + i / 11) % types.len()])
            .collect();
        m.hexsides.clear();
        out.push((format!("{o:?}-{p:?}").to_lowercase(), s));
    }
    let mut hexagon = base.clone();
    let types: Vec<_> = hexagon.terrain_types.iter().map(|t| t.id).collect();
    let m = hexagon.map.as_hex_mut().expect("hex");
    m.shape = HexShape::Hexagon { radius: 4 };
    m.terrain = (0..61).map(|i| types[i % types.len()]).collect();
    m.hexsides.clear();
    out.push(("hexagon".into(), hexagon));
    out
}

#[test]
#[ignore = "needs Debian's tiled package: run scripts/tiled-check.sh"]
fn real_tmxrasterizer_draws_each_hex_at_our_centre() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, s) in variants() {
        let map = dir.path().join(format!("{name}.tmx"));
        tmx::export_tmx(&s, &map).expect("export");
        let png = dir.path().join(format!("{name}.png"));
        tool("tmxrasterizer", &[map.as_os_str(), png.as_os_str()]);
        let img = image::open(&png).expect("rendered image").to_rgba8();
        let hex_map = s.map.as_hex().expect("hex");
        let grid = hex_map.grid();
        let mut checked = 0;
        for (i, hex) in grid.hexes().enumerate() {
            let (x, y) = tmx::pixel_centre(hex_map, hex);
            let t = hex_map.terrain[i];
            let c = s
                .terrain_types
                .iter()
                .find(|tt| tt.id == t)
                .expect("type")
                .colour;
            // The centre and four points a third of a hex away all show the hex's colour.
            for (dx, dy) in [
                (0.0, 0.0),
                (15.0, 0.0),
                (-15.0, 0.0),
                (0.0, 15.0),
                (0.0, -15.0),
            ] {
                let (px, py) = ((x + dx).round() as u32, (y + dy).round() as u32);
                let got = img.get_pixel(px, py).0;
                assert_eq!(
                    got,
                    [c.r, c.g, c.b, 255],
                    "{name}: hex {hex:?} at pixel ({px}, {py}) of {}x{}",
                    img.width(),
                    img.height()
                );
            }
            checked += 1;
        }
        println!(
            "{name}: {checked} hexes at their centres in a {}x{} rendering",
            img.width(),
            img.height()
        );
    }
}

#[test]
#[ignore = "needs Debian's tiled package: run scripts/tiled-check.sh"]
fn real_tiled_export_map_round_trips_our_export() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, s) in variants() {
        let map = dir.path().join(format!("{name}.tmx"));
        tmx::export_tmx(&s, &map).expect("export");
        for ext in ["tmx", "tmj"] {
            let back = dir.path().join(format!("{name}-back.{ext}"));
            tool(
                "tiled",
                &["--export-map".as_ref(), map.as_os_str(), back.as_os_str()],
            );
            let read = tmx::read(&back).expect("read Tiled's file");
            let imported =
                tmx::to_scenario(&read, "x", &TerrainMapping::new()).expect("import Tiled's file");
            let want: Vec<String> = names(&s);
            let got = names(&imported);
            if matches!(s.map.as_hex().expect("hex").shape, HexShape::Hexagon { .. }) {
                // A hexagon comes back as its bounding rectangle: the hexes inside keep terrain.
                let kept = got.iter().filter(|n| *n != "Empty").count();
                assert_eq!(kept, want.len(), "{name} via {ext}");
            } else {
                assert_eq!(got, want, "{name} via {ext}");
                assert_eq!(
                    imported.map.as_hex().expect("hex").shape,
                    s.map.as_hex().expect("hex").shape
                );
            }
            println!(
                "{name}: Tiled's {ext} imports to the same terrain ({} hexes)",
                got.len()
            );
        }
    }
}
