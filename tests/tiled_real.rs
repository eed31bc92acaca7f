//! Our Tiled export checked against the real Tiled (Debian's `tiled` package): its
//! `tmxrasterizer` draws each hex at the pixel centre we compute, and `tiled --export-map`
//! writes back a map (TMX and JSON) that imports to the same terrain.
//!
//! Ignored by default (it needs the `tiled` package): `scripts/tiled-check.sh` installs it and
//! runs these with `--ignored`.

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
