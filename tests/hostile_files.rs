//! Hostile and absurd files, each run through the real binary under 256 MiB of address space
//! and a 5 s timer (see `common/capped.rs`): every one either works within those caps or is
//! refused with an error that names the limit it broke. The files are generated here; the rows
//! follow issue 17's table, and each refusal has a twin at the limit that must work. Two twins
//! get more, computed from the limits: the sheet whose words run on over further pages gets a
//! second for each rasterised page, and the largest background (printed at full resolution)
//! the memory and time its limits imply.

#[path = "common/capped.rs"]
mod capped;

use capped::{Outcome, prlimit_available, run};
use hexx::Hex;
use sandtable::geom::Point;
use sandtable::io::{self, codec, export};
use sandtable::model::limits::*;
use sandtable::model::*;
use std::path::PathBuf;

struct Files {
    dir: tempfile::TempDir,
}

impl Files {
    fn new() -> Files {
        Files {
            dir: tempfile::tempdir().expect("tempdir"),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes a scenario without validating it (as a stranger's tool would), in the encoding
    /// the name asks for, with a correct checksum.
    fn write(&self, name: &str, s: &Scenario) -> String {
        let path = self.path(name);
        std::fs::write(&path, codec::encode(s, io::Encoding::for_path(&path))).expect("write");
        path.to_string_lossy().into_owned()
    }

    fn run(&self, args: &[&str]) -> Outcome {
        run(self.dir.path(), args)
    }

    fn out(&self, name: &str) -> String {
        self.path(name).to_string_lossy().into_owned()
    }
}

fn unit(s: &mut Scenario, name: &str, kind: UnitKind) -> Unit {
    let side = s.sides[0].id;
    Unit {
        stats: Stats {
            mv: 6,
            ld: 7,
            mp: 4,
            ..Stats::default()
        },
        leadership: None,
        ..Unit::new(UnitId(s.alloc()), name, side, kind)
    }
}

fn model(s: &mut Scenario, x: f32, y: f32) -> sandtable::model::Model {
    sandtable::model::Model {
        id: ModelId(s.alloc()),
        base: Base::Round { diameter_mm: 25.0 },
        pos: Point::new(x, y),
        facing_deg: 0.0,
    }
}

/// A table scenario with one terrain piece of `points`.
fn table_with_piece(points: Vec<Point>) -> Scenario {
    let mut s = Scenario::new_table("Piece");
    let terrain = s.terrain_types[0].id;
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: "Wood".into(),
        terrain,
        shape: PieceShape::Polygon(points),
    });
    s
}

fn triangle_from(far: Point) -> Vec<Point> {
    vec![far, Point::new(10.0, 10.0), Point::new(10.0, 20.0)]
}

// Rows 1 and 2: coordinates without end.

#[test]
fn row1_a_vertex_two_billion_inches_away_is_refused_and_one_at_the_limit_prints() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let far = f.write(
        "far.json",
        &table_with_piece(triangle_from(Point::new(-2_147_483_649.0, 10.0))),
    );
    f.run(&["export", &far, "--out", &f.out("far.png")])
        .assert_refused("row 1", &["vertex 0", "limit of coordinates"]);
    let edge = f.write(
        "edge.json",
        &table_with_piece(triangle_from(Point::new(-MAX_COORD_IN, 10.0))),
    );
    for args in [
        vec!["export", &edge, "--out", &f.out("edge.png")],
        vec![
            "export",
            &edge,
            "--tiled",
            "--dpi",
            "75",
            "--out",
            &f.out("tiles.png"),
        ],
    ] {
        f.run(&args).assert_code(0, "row 1 at the limit");
    }
}

#[test]
fn row2_a_vertex_at_1e38_is_refused_and_one_at_the_limit_makes_a_pdf() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let far = f.write(
        "far.sandtable",
        &table_with_piece(triangle_from(Point::new(1e38, 1e38))),
    );
    f.run(&["export", &far, "--out", &f.out("far.pdf")])
        .assert_refused("row 2", &["limit of coordinates"]);
    let edge = f.write(
        "edge.sandtable",
        &table_with_piece(triangle_from(Point::new(MAX_COORD_IN, MAX_COORD_IN))),
    );
    f.run(&["export", &edge, "--out", &f.out("edge.pdf")])
        .assert_code(0, "row 2 at the limit");
    f.run(&["export", &edge, "--tiled", "--out", &f.out("tiles.pdf")])
        .assert_code(0, "row 2 tiled at the limit");
}

// Row 3: the largest hex map and the most movement points.

/// A `columns` x `rows` hex map with a leader of `mp` MP in the middle and a cavalry unit under
/// him on a charge.
fn big_hex_map(columns: u32, rows: u32, mp: u8) -> (Scenario, UnitId, UnitId) {
    let mut s = Scenario::new_hex("Big");
    let clear = s.terrain_types[0].id;
    s.map = Map::Hex(HexMap::filled(
        Orientation::Flat,
        16.0,
        HexShape::Rectangle {
            columns,
            rows,
            parity: OffsetParity::Even,
        },
        clear,
    ));
    let grid = s.map.as_hex().expect("hex").grid();
    let centre = grid
        .hex_at(grid.len() / 2 + columns as usize / 2)
        .expect("hex");
    let mut leader = unit(&mut s, "General", UnitKind::Leader);
    leader.stats.mp = mp;
    leader.leadership = Some(Leadership {
        command: Command::Charge1,
        span: 255,
        superior: None,
        bonus: 1,
        rerolls: 0,
        rerolls_used: 0,
    });
    leader.position = Position::Hex {
        hex: centre,
        facing: 0,
    };
    let lid = leader.id;
    s.units.push(leader);
    let mut horse = unit(&mut s, "Horse", UnitKind::Cavalry);
    horse.stats.mp = mp;
    horse.commander = Some(lid);
    horse.position = Position::Hex {
        hex: centre + Hex::new(1, 0),
        facing: 0,
    };
    let hid = horse.id;
    s.units.push(horse);
    let mut foe = unit(&mut s, "Foe", UnitKind::Infantry);
    foe.side = s.sides[1].id;
    foe.position = Position::Hex {
        hex: grid.hex_at(0).expect("corner"),
        facing: 0,
    };
    s.units.push(foe);
    (s, lid, hid)
}

#[test]
fn row3_a_million_hexes_and_255_mp_are_refused_and_the_largest_map_moves_in_bounds() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let (s, leader, _) = big_hex_map(1000, 1000, 255);
    let file = f.write("huge.sandtable", &s);
    let id = leader.0.to_string();
    f.run(&["moves", &file, "--unit", &id, "--json"])
        .assert_refused("row 3", &["over the limit of 40,000"]);

    let (s, leader, horse) = big_hex_map(200, 200, MAX_MP);
    let file = f.write("largest.sandtable", &s);
    for unit in [leader, horse] {
        let id = unit.0.to_string();
        let out = f.run(&["moves", &file, "--unit", &id, "--json"]);
        out.assert_code(0, "row 3 at the limit");
        // Every hex within 52 MP, each with its path: large, but bounded by the limits.
        assert!(out.stdout_len > 1_000_000, "{} bytes", out.stdout_len);
        let text = f.run(&["moves", &file, "--unit", &id]);
        text.assert_code(0, "row 3 at the limit, text");
    }
    let id = leader.0.to_string();
    f.run(&["span", &file, "--leader", &id, "--json"])
        .assert_code(0, "span on the largest map");
    f.run(&["export", &file, "--out", &f.out("largest.png")])
        .assert_code(0, "sheet of the largest map");
    f.run(&["export", &file, "--out", &f.out("largest.pdf")])
        .assert_code(0, "PDF sheet of the largest map");
}

// Row 4: models piled on one point.

fn piled(units: usize, per_unit: usize) -> Scenario {
    let mut s = Scenario::new_table("Pile");
    for k in 0..units {
        let mut u = unit(&mut s, &format!("Pile {k}"), UnitKind::Infantry);
        u.strength = Strength::full(per_unit as u16);
        u.position = Position::Table;
        u.models = (0..per_unit).map(|_| model(&mut s, 30.0, 30.0)).collect();
        s.units.push(u);
    }
    s
}

#[test]
fn row4_ten_thousand_models_on_one_point_check_in_bounds() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    for (name, units, per_unit) in [("pile.json", 100, 100), ("limit.sandtable", 20, 1000)] {
        let file = f.write(name, &piled(units, per_unit));
        let out = f.run(&["check", &file, "--json"]);
        out.assert_code(1, "row 4");
        let report: serde_json::Value =
            serde_json::from_str(&out.stdout_text()).expect("check --json");
        // One report per model, not one per pair (which were 50 million).
        assert_eq!(report["errors"], units * per_unit, "{name}");
        let text = f.run(&["check", &file]);
        text.assert_code(1, "row 4, text");
        assert!(text.stdout_len < 200 * (units * per_unit) as u64);
    }
    let file = f.write("over.sandtable", &piled(21, 1000));
    f.run(&["check", &file])
        .assert_refused("row 4 over the limit", &["over the limit of 20,000"]);
}

// Row 5: a chain of superiors thousands long.

fn chain(leaders: usize) -> Scenario {
    let mut s = Scenario::new_hex("Chain");
    let mut superior = None;
    for k in 0..leaders {
        let mut u = unit(&mut s, &format!("Leader {k}"), UnitKind::Leader);
        u.leadership = Some(Leadership {
            command: Command::Attack,
            span: 3,
            superior,
            bonus: 0,
            rerolls: 0,
            rerolls_used: 0,
        });
        superior = Some(u.id);
        s.units.push(u);
    }
    s
}

#[test]
fn row5_four_thousand_leaders_in_one_chain_are_refused_at_once() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let file = f.write("chain.json", &chain(4000));
    for command in ["info", "check"] {
        f.run(&[command, &file])
            .assert_refused("row 5", &["chain of superiors", "limit of 16"]);
    }
    let file = f.write("chain.sandtable", &chain(MAX_CHAIN_DEPTH));
    f.run(&["info", &file]).assert_code(0, "row 5 at the limit");
    let last = (chain(MAX_CHAIN_DEPTH).next_id - 1).to_string();
    f.run(&["span", &file, "--leader", &last, "--json"])
        .assert_code(0, "span at the bottom of the longest chain");
}

// Row 6: millions of tiny list elements.

/// A binary file of `n` identical 5-byte zones (ID 1, no name, side 1, an empty polygon),
/// built by splicing, since a scenario that size would not fit in memory here either.
fn many_zones_binary(n: u64) -> Vec<u8> {
    let empty = Scenario::new_table("Z");
    let mut one = empty.clone();
    one.zones.push(DeploymentZone {
        id: ZoneId(1),
        name: String::new(),
        side: SideId(1),
        area: ZoneArea::Polygon(Vec::new()),
    });
    let payload = |s: &Scenario| {
        let b = codec::encode_binary(s);
        b[codec::HEADER_LEN..b.len() - 4].to_vec()
    };
    let (a, b) = (payload(&empty), payload(&one));
    let at = a.iter().zip(&b).position(|(x, y)| x != y).expect("differ");
    assert_eq!(b[at], 1, "the zone count");
    let zone = &b[at + 1..at + 6];
    assert_eq!(zone.len(), 5);
    let mut p = a[..at].to_vec();
    // bincode's varint: 252 then a little-endian u32.
    p.push(252);
    p.extend_from_slice(&(n as u32).to_le_bytes());
    for _ in 0..n {
        p.extend_from_slice(zone);
    }
    p.extend_from_slice(&a[at + 1..]);
    let mut out = codec::MAGIC.to_vec();
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(p.len() as u64).to_le_bytes());
    out.extend_from_slice(&p);
    let crc = crc32fast::hash(&out[8..]);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

#[test]
fn row6_twelve_million_tiny_zones_are_refused_by_the_decoding_budget() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let bytes = many_zones_binary(12_600_000);
    assert!(bytes.len() > 60 << 20 && bytes.len() as u64 <= codec::MAX_FILE_BYTES);
    let file = f.path("zones.sandtable");
    std::fs::write(&file, bytes).expect("write");
    let file = file.to_string_lossy().into_owned();
    f.run(&["check", &file])
        .assert_refused("row 6", &["MiB of memory when decoded", "byte"]);
    // The same in JSON, as many zones as fit in the file limit.
    let mut s = Scenario::new_table("Z");
    s.zones.push(DeploymentZone {
        id: ZoneId(1),
        name: String::new(),
        side: SideId(1),
        area: ZoneArea::Polygon(Vec::new()),
    });
    let compact = serde_json::to_string(&s).expect("json");
    let one = r#"{"id":1,"name":"","side":1,"area":{"Polygon":[]}}"#;
    let list = format!(r#""zones":[{one}]"#);
    assert!(compact.contains(&list), "{compact}");
    let count = (60 << 20) / (one.len() + 1);
    let many = format!(r#""zones":[{}]"#, vec![one; count].join(","));
    let file = f.path("zones.json");
    std::fs::write(&file, compact.replacen(&list, &many, 1)).expect("write");
    let file = file.to_string_lossy().into_owned();
    f.run(&["check", &file])
        .assert_refused("row 6 in JSON", &["MiB of memory when decoded", "line"]);
}

// Row 7: names without end.

#[test]
fn row7_a_forty_thousand_character_name_is_refused_and_the_longest_texts_print() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    for len in [40_000, 1 << 20] {
        let mut s = Scenario::new_table("Names");
        let mut u = unit(&mut s, &"N".repeat(len), UnitKind::Infantry);
        u.position = Position::Table;
        u.models = vec![model(&mut s, 10.0, 10.0)];
        s.units.push(u);
        let file = f.write("long.json", &s);
        f.run(&["export", &file, "--out", &f.out("long.png")])
            .assert_refused("row 7", &["characters long", "limit of 200"]);
    }
    // Every text at its limit: names, the title, and the description as one word and as words.
    let mut s = Scenario::new_table(&"T".repeat(MAX_NAME_CHARS));
    s.meta.author = "A".repeat(MAX_NAME_CHARS);
    s.meta.description = "W".repeat(MAX_TEXT_BYTES);
    s.meta.designer_notes = "word ".repeat(MAX_TEXT_BYTES / 5);
    for k in 0..40 {
        let mut u = unit(&mut s, &"Ü".repeat(MAX_NAME_CHARS), UnitKind::Infantry);
        u.position = Position::Table;
        u.models = vec![model(&mut s, 5.0 + k as f32, 10.0)];
        s.units.push(u);
    }
    let file = f.write("longest.json", &s);
    // The words run on over further pages, each rasterised for PNG: the run gets the time one
    // file gets and a page's time for each page beyond the first.
    let pages = export::pages(&s, &export::ExportOptions::default())
        .expect("the sheet lays out")
        .len();
    assert!((2..=export::MAX_PAGES).contains(&pages), "{pages} pages");
    let o = capped::run_within(
        f.dir.path(),
        &["export", &file, "--out", &f.out("longest.png")],
        capped::MEMORY_CAP,
        capped::TIME_LIMIT + PAGE_TIME * (pages as u32 - 1),
    );
    eprintln!(
        "row 7 at the limit, PNG: {pages} pages in {:?}, {} MiB of address space at its peak",
        o.elapsed,
        o.peak_vm >> 20
    );
    o.assert_code(0, "row 7 at the limit, PNG");
    for n in 1..=pages {
        assert!(
            f.path(&format!("longest-page{n}.png")).is_file(),
            "page {n}"
        );
    }
    assert!(!f.path(&format!("longest-page{}.png", pages + 1)).exists());
    f.run(&["export", &file, "--out", &f.out("longest.pdf")])
        .assert_code(0, "row 7 at the limit, PDF");
    f.run(&["info", &file]).assert_code(0, "row 7 info");
}

/// A sheet's page beyond the first, rasterised at the default 300 DPI and written as PNG: an A4
/// page is 8.7 megapixels, about 0.3 s on a loaded two-core machine.
const PAGE_TIME: std::time::Duration = std::time::Duration::from_secs(1);

// Row 8: a background too big to decode.

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(width, height, |x, y| {
        image::Rgba([(x % 251) as u8, (y % 241) as u8, ((x ^ y) % 239) as u8, 255])
    });
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("encode");
    out
}

/// A 1 x 1 PNG whose header claims `width` x `height` (checksum fixed up): what a 20 KB file of
/// a 13000 x 13000 image looks like to anything that reads the header.
fn claims(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(1, 1);
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32fast::hash(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

fn with_background(encoded: Vec<u8>, width_px: u32, height_px: u32) -> Scenario {
    let mut s = Scenario::new_table("Background");
    s.background = Some(Background {
        encoded: encoded.into(),
        width_px,
        height_px,
        opacity: 0.8,
        placement: None,
    });
    s
}

#[test]
fn row8_a_13000_pixel_square_background_is_refused_and_the_largest_prints() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    // Stated honestly, and stated as small while the image says otherwise.
    for (name, stated) in [("honest", 13_000), ("lying", 100)] {
        let s = with_background(claims(13_000, 13_000), stated, stated);
        let file = f.write(&format!("{name}.sandtable"), &s);
        for out in ["bg.png", "bg.pdf"] {
            f.run(&["export", &file, "--out", &f.out(out)])
                .assert_refused("row 8", &["13000 x 13000", "megapixels"]);
        }
    }
    // The largest background is kept as given and printed at full resolution: its run may hold
    // beyond the 256 MiB every other file gets the file as read, its image's bytes once decoded
    // from it, and the picture with the renderer's copy of it, each at its limit; a PDF also
    // hands its writer a copy of the pixels to compress. It gets the 5 s a file of the old
    // 8-megapixel limit got for each 8 megapixels.
    let side = (MAX_BACKGROUND_PIXELS as f64).sqrt() as u32;
    let s = with_background(png(side, side), side, side);
    let file = f.write("largest.sandtable", &s);
    let png_memory = capped::MEMORY_CAP
        + codec::MAX_FILE_BYTES
        + MAX_BACKGROUND_BYTES as u64
        + 2 * MAX_BACKGROUND_DECODED_BYTES;
    let time = capped::TIME_LIMIT * (MAX_BACKGROUND_PIXELS / CAPPED_PIXELS) as u32;
    for (out, memory) in [
        ("largest.png", png_memory),
        ("largest.pdf", png_memory + MAX_BACKGROUND_DECODED_BYTES),
    ] {
        let o = capped::run_within(
            f.dir.path(),
            &["export", &file, "--out", &f.out(out)],
            memory,
            time,
        );
        eprintln!(
            "row 8 at the limit, {out}: {:?}, {} MiB of address space at its peak (cap {} MiB)",
            o.elapsed,
            o.peak_vm >> 20,
            memory >> 20
        );
        o.assert_code(0, "row 8 at the limit");
    }
}

/// The background the caps of one run were set for: the limit before scans were kept as given.
const CAPPED_PIXELS: u64 = 8_000_000;

// Row 9: a folder as the output.

#[test]
fn row9_a_folder_as_out_is_refused_and_nothing_is_written_beside_it() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let file = f.write("s.sandtable", &Scenario::new_table("Folder"));
    let folder = f.path("prints");
    std::fs::create_dir(&folder).expect("mkdir");
    let out = f.run(&["export", &file, "--out", &folder.to_string_lossy()]);
    out.assert_code(2, "row 9");
    assert!(out.stderr.contains("is a folder"), "{}", out.stderr);
    assert!(!f.path("prints.png").exists());
    assert_eq!(std::fs::read_dir(&folder).expect("ls").count(), 0);
    // Spelled as a folder that does not exist yet.
    let missing = format!("{}/", f.out("later"));
    f.run(&["export", &file, "--out", &missing])
        .assert_code(2, "row 9, a folder path");
    assert!(!f.path("later.png").exists());
}

// Row 10: a polygon of hundreds of thousands of vertices.

fn wavy(n: usize, centre: Point, radius: f32) -> Vec<Point> {
    (0..n)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / n as f32;
            let r = radius * (1.0 + 0.05 * (a * 150.0).sin());
            centre + Point::new(a.cos() * r, a.sin() * r)
        })
        .collect()
}

#[test]
fn row10_a_200000_vertex_polygon_is_refused_and_the_most_vertices_print_quickly() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let file = f.write(
        "huge.json",
        &table_with_piece(wavy(200_000, Point::new(36.0, 24.0), 20.0)),
    );
    f.run(&["export", &file, "--out", &f.out("huge.png")])
        .assert_refused("row 10", &["200,000 vertices", "limit of 10,000"]);
    // The most the limits allow: ten pieces of 10,000 vertices.
    let mut s = table_with_piece(wavy(MAX_SHAPE_VERTICES, Point::new(12.0, 12.0), 8.0));
    for k in 1..MAX_TOTAL_VERTICES / MAX_SHAPE_VERTICES {
        let mut piece = s.pieces[0].clone();
        piece.id = PieceId(s.alloc());
        let centre = Point::new(12.0 + (k % 5) as f32 * 12.0, 12.0 + (k / 5) as f32 * 20.0);
        piece.shape = PieceShape::Polygon(wavy(MAX_SHAPE_VERTICES, centre, 5.0));
        s.pieces.push(piece);
    }
    let file = f.write("most.sandtable", &s);
    for out in ["most.png", "most.pdf"] {
        f.run(&["export", &file, "--out", &f.out(out)])
            .assert_code(0, "row 10 at the limit");
    }
    f.run(&["check", &file])
        .assert_code(0, "check at the limit");
}

#[test]
fn a_huge_table_tiled_is_refused_by_the_page_limit() {
    if !prlimit_available() {
        return;
    }
    let f = Files::new();
    let mut s = Scenario::new_table("Hall");
    s.map = Map::Table(TableMap {
        width_in: MAX_TABLE_IN,
        height_in: MAX_TABLE_IN,
    });
    let file = f.write("hall.sandtable", &s);
    f.run(&["export", &file, "--tiled", "--out", &f.out("hall.pdf")])
        .assert_refused("tiled", &["pages"]);
    f.run(&["export", &file, "--out", &f.out("hall.png")])
        .assert_code(0, "sheet of the largest table");
}
