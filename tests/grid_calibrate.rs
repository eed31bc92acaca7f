//! `sandtable calibrate --find-grid` end to end on a synthetic scan: the grid found, numbered
//! from one named hex, puts every hex of the map on its printed centre; a second hex named
//! wrongly is refused; an image with no grid finds nothing (exit 1).

use sandtable::cli::{Command, run};
use sandtable::geom::Point;
use sandtable::geom::hex_lattice::Tops;
use sandtable::io::synthetic_scan::{ScanSpec, draw, through_jpeg};
use sandtable::model::{HexMap, HexShape, OffsetParity, Orientation, Scenario, TerrainId};
use std::path::PathBuf;

fn scenario(orientation: Orientation) -> Scenario {
    let mut s = Scenario::new_hex("Scan");
    let first = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
    s.map = sandtable::model::Map::Hex(HexMap::filled(
        orientation,
        16.0,
        HexShape::Rectangle {
            columns: 20,
            rows: 16,
            parity: OffsetParity::Even,
        },
        first,
    ));
    s
}

struct Case {
    dir: tempfile::TempDir,
    spec: ScanSpec,
    file: PathBuf,
    image: PathBuf,
}

fn case(spec: ScanSpec, orientation: Orientation) -> Case {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, jpeg) = through_jpeg(&draw(&spec), 85).expect("jpeg");
    let image = dir.path().join("scan.jpg");
    std::fs::write(&image, jpeg).expect("write");
    let file = dir.path().join("map.sandtable");
    sandtable::io::save(&file, &scenario(orientation)).expect("save");
    Case {
        dir,
        spec,
        file,
        image,
    }
}

fn calibrate(c: &Case, hexes: &[String], out: Option<PathBuf>) -> (u8, String) {
    let mut text = Vec::new();
    let code = run(
        Command::Calibrate {
            file: c.file.clone(),
            find_grid: true,
            image: Some(c.image.clone()),
            hexes: hexes.to_vec(),
            out,
            json: false,
        },
        &mut text,
    )
    .expect("runs");
    (code, String::from_utf8(text).expect("utf8"))
}

#[test]
fn calibrate_find_grid_numbers_the_found_grid_from_one_named_hex() {
    let mut spec = ScanSpec::new(1300, 1000, Tops::Flat, 62.0, 2.5);
    spec.centre_px = [300.0, 260.0];
    let c = case(spec, Orientation::Pointy);
    // Hex 0504 is named a few pixels off the centre printed at `centre_px`.
    let out = c.dir.path().join("calibrated.sandtable");
    let (code, text) = calibrate(&c, &["0504@304,257".into()], Some(out.clone()));
    eprintln!("{text}");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("flat tops"), "{text}");
    assert!(text.contains("now have flat tops"), "{text}");
    let s = sandtable::io::load(&out).expect("written");
    let map = s.map.as_hex().expect("hex");
    assert_eq!(map.orientation, Orientation::Flat);
    let p = s
        .background
        .as_ref()
        .and_then(|b| b.placement)
        .expect("placed");
    let sim = p.similarity();
    let truth = c.spec.lattice();
    let side = c.spec.across_px / 3f64.sqrt();
    let named = map.hex_of_label("0504").expect("label");
    let l = map.layout();
    let unit = |h| {
        let w = l.hex_to_world_pos(h);
        Point::new(w.x, w.y) / map.hex_size_mm
    };
    // Every hex of the map lands on a printed centre: the one the truth puts it on.
    let mut worst = 0.0f64;
    for h in map.grid().hexes() {
        let at = sim.apply(unit(h));
        let d = unit(h) - unit(named);
        // The truth: hex 0504 at `centre_px`, the map turned and scaled as printed.
        let want = sandtable::geom::hex_lattice::V2::new(
            f64::from(d.x) * c.spec.across_px,
            f64::from(d.y) * c.spec.across_px,
        )
        .turned(c.spec.turn_deg)
            + truth.origin;
        let err = (f64::from(at.x) - want.x).hypot(f64::from(at.y) - want.y);
        worst = worst.max(err / side);
    }
    assert!(worst < 0.1, "worst {worst:.3} of a hex side");
    // A second hex named where it is printed is checked; named wrongly, refused.
    let h2 = truth.point(3.0, 2.0);
    let (code, text) = calibrate(
        &c,
        &[
            "0504@304,257".into(),
            format!("{}@{:.0},{:.0}", label_at(&s, sim, h2), h2.x, h2.y),
        ],
        None,
    );
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("Check: hex"), "{text}");
    let (code, text) = calibrate(
        &c,
        &[
            "0504@304,257".into(),
            format!("0101@{:.0},{:.0}", h2.x, h2.y),
        ],
        None,
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("check the labels"), "{text}");
}

/// The label of the hex the placement puts nearest a pixel.
fn label_at(
    s: &Scenario,
    sim: sandtable::geom::Similarity,
    px: sandtable::geom::hex_lattice::V2,
) -> String {
    let map = s.map.as_hex().expect("hex");
    let u = sim.invert(Point::new(px.x as f32, px.y as f32)) * map.hex_size_mm;
    map.label(map.layout().world_pos_to_hex(u))
}

#[test]
fn calibrate_find_grid_finds_nothing_on_a_scan_without_a_grid() {
    let mut spec = ScanSpec::new(900, 700, Tops::Flat, 60.0, 0.0);
    spec.ink = 0.0;
    spec.numbers = false;
    let c = case(spec, Orientation::Flat);
    let (code, text) = calibrate(&c, &[], None);
    assert_eq!(code, 1, "{text}");
    assert!(text.starts_with("Found nothing"), "{text}");
}
