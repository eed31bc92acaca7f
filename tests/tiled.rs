//! Tiled interchange (`io::tmx`): export → import keeps every hex's terrain; `.tmx` and `.tmj`
//! in every layer encoding, both stagger axes and indices; hostile files refused with a clear
//! error.

use base64::Engine;
use sandtable::io::tmx::{self, Folder, TerrainMapping, TileKey, TmxError};
use sandtable::model::{HexShape, Map, OffsetParity, Orientation, Scenario};
use sandtable::samples;
use std::io::Write;
use std::path::Path;

#[path = "common/binary.rs"]
mod binary;
use binary::sandtable;

fn winceby() -> Scenario {
    samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// Each hex's terrain name, in grid order.
fn terrain_names(s: &Scenario) -> Vec<String> {
    let map = s.map.as_hex().expect("hex map");
    map.terrain
        .iter()
        .map(|t| {
            s.terrain_types
                .iter()
                .find(|tt| tt.id == *t)
                .map(|tt| tt.name.clone())
                .expect("terrain type")
        })
        .collect()
}

fn import_bytes(bytes: &[u8]) -> Result<Scenario, TmxError> {
    let map = tmx::parse(bytes, Folder(None), Path::new("test.tmx"))?;
    tmx::to_scenario(&map, "Imported", &TerrainMapping::new())
}

#[test]
fn tiled_export_then_import_gives_the_same_terrain_on_every_hex() {
    let s = winceby();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("winceby.tmx");
    let files = tmx::export_tmx(&s, &out).expect("export");
    assert_eq!(files.len(), 2);
    assert!(dir.path().join("winceby-terrain.png").is_file());
    let map = tmx::read(&out).expect("read back");
    let back = tmx::to_scenario(&map, "x", &TerrainMapping::new()).expect("import");
    assert_eq!(terrain_names(&back), terrain_names(&s));
    let (a, b) = (
        s.map.as_hex().expect("hex"),
        back.map.as_hex().expect("hex"),
    );
    assert_eq!(a.shape, b.shape);
    assert_eq!(a.orientation, b.orientation);
    assert_eq!(a.hex_size_mm, b.hex_size_mm);
    assert_eq!(back.meta.title, s.meta.title);
    for t in &s.terrain_types {
        if let Some(bt) = back.terrain_types.iter().find(|x| x.name == t.name) {
            assert_eq!(bt.colour, t.colour, "{}", t.name);
            assert_eq!(bt.hex_cost, t.hex_cost, "{}", t.name);
        }
    }
    assert!(back.validate().is_empty(), "{:?}", back.validate());
}

#[test]
fn tiled_round_trip_keeps_both_orientations_and_parities() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [OffsetParity::Odd, OffsetParity::Even] {
            let mut s = winceby();
            let types: Vec<_> = s.terrain_types.iter().map(|t| t.id).collect();
            let m = s.map.as_hex_mut().expect("hex");
            m.orientation = orientation;
            m.shape = HexShape::Rectangle {
                columns: 9,
                rows: 6,
                parity,
            };
            m.terrain = (0..54)
                .map(|i| types[(i * 7 + i / 9) % types.len()])
                .collect();
            m.hexsides.clear();
            let files = tmx::tmx_files(&s, "t.png").expect("export");
            let back = import_bytes(files.tmx.as_bytes()).expect("import");
            assert_eq!(
                terrain_names(&back),
                terrain_names(&s),
                "{orientation:?} {parity:?}"
            );
            assert_eq!(
                back.map.as_hex().expect("hex").shape,
                s.map.as_hex().expect("hex").shape
            );
        }
    }
}

#[test]
fn tiled_hexagon_map_exports_inside_a_rectangle_of_empty_cells() {
    let mut s = winceby();
    let t = s.terrain_types[1].id;
    let m = s.map.as_hex_mut().expect("hex");
    m.shape = HexShape::Hexagon { radius: 3 };
    m.terrain = vec![t; 37].into();
    m.hexsides.clear();
    let files = tmx::tmx_files(&s, "t.png").expect("export");
    let back = import_bytes(files.tmx.as_bytes()).expect("import");
    let names = terrain_names(&back);
    assert_eq!(
        names
            .iter()
            .filter(|n| **n == s.terrain_types[1].name)
            .count(),
        37
    );
    assert!(
        names
            .iter()
            .all(|n| *n == s.terrain_types[1].name || n == "Empty")
    );
}

/// A 3 x 2 Tiled map whose six cells each use a different tile, named t0..t5.
fn six_cell_tmx(axis: &str, index: &str, data: &str, encoding: &str) -> String {
    let tiles: String = (0..6)
        .map(|i| format!(r#"<tile id="{i}"><properties><property name="name" value="t{i}"/></properties></tile>"#))
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" renderorder="right-down" width="3" height="2" tilewidth="32" tileheight="28" infinite="0" hexsidelength="16" staggeraxis="{axis}" staggerindex="{index}">
 <tileset firstgid="1" name="hexes" tilewidth="32" tileheight="28" tilecount="6" columns="6">{tiles}</tileset>
 <layer id="1" name="Ground" width="3" height="2"><data {encoding}>{data}</data></layer>
</map>"#
    )
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn le(cells: &[u32]) -> Vec<u8> {
    cells.iter().flat_map(|c| c.to_le_bytes()).collect()
}

#[test]
fn tiled_cells_land_on_the_same_offset_hex_for_every_stagger() {
    let cells = [1u32, 2, 3, 4, 5, 6];
    for (axis, orientation) in [("x", Orientation::Flat), ("y", Orientation::Pointy)] {
        for (index, parity) in [("odd", OffsetParity::Odd), ("even", OffsetParity::Even)] {
            let tmx = six_cell_tmx(axis, index, "1,2,3,4,5,6", r#"encoding="csv""#);
            let s = import_bytes(tmx.as_bytes()).expect("import");
            let m = s.map.as_hex().expect("hex");
            assert_eq!(m.orientation, orientation);
            assert_eq!(
                m.shape,
                HexShape::Rectangle {
                    columns: 3,
                    rows: 2,
                    parity
                }
            );
            let grid = m.grid();
            let layout = m.layout();
            for (i, gid) in cells.iter().enumerate() {
                let (c, r) = (i as i32 % 3, i as i32 / 3);
                let hex = hexx::Hex::from_offset_coordinates(
                    [c, r],
                    parity.to_hexx(),
                    orientation.to_hexx(),
                );
                let t = m.terrain[grid.index_of(hex).expect("on map")];
                let name = &s.terrain_types.iter().find(|x| x.id == t).expect("t").name;
                assert_eq!(name, &format!("t{}", gid - 1));
            }
            // Tiled pushes the odd (or even) columns down, or rows right: so does our grid.
            let at = |c, r| {
                layout.hex_to_world_pos(hexx::Hex::from_offset_coordinates(
                    [c, r],
                    parity.to_hexx(),
                    orientation.to_hexx(),
                ))
            };
            let pushed_first = index == "even";
            match orientation {
                Orientation::Flat => assert_eq!(at(0, 0).y > at(1, 0).y, pushed_first),
                Orientation::Pointy => assert_eq!(at(0, 0).x > at(0, 1).x, pushed_first),
            }
        }
    }
}

#[test]
fn tiled_every_layer_encoding_reads_the_same() {
    let cells = [1u32, 2, 3, 4 | 0x8000_0000, 5, 6];
    let raw = le(&cells);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&raw).expect("memory");
    let zlib = z.finish().expect("memory");
    let mut g = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    g.write_all(&raw).expect("memory");
    let gzip = g.finish().expect("memory");
    let want = {
        let tmx = six_cell_tmx("x", "odd", "1,2,3,4,5,6", r#"encoding="csv""#);
        terrain_names(&import_bytes(tmx.as_bytes()).expect("csv"))
    };
    let xml_tiles: String = cells
        .iter()
        .map(|c| format!(r#"<tile gid="{c}"/>"#))
        .collect();
    for (data, enc) in [
        (b64(&raw), r#"encoding="base64""#),
        (b64(&zlib), r#"encoding="base64" compression="zlib""#),
        (b64(&gzip), r#"encoding="base64" compression="gzip""#),
        (xml_tiles, ""),
    ] {
        let tmx = six_cell_tmx("x", "odd", &data, enc);
        assert_eq!(
            terrain_names(&import_bytes(tmx.as_bytes()).expect(enc)),
            want,
            "{enc}"
        );
    }
    // The same map as Tiled's JSON, CSV array and zlib Base64.
    for data in [
        "[1,2,3,2147483652,5,6]".to_string(),
        format!(
            r#""{}", "encoding": "base64", "compression": "zlib""#,
            b64(&zlib)
        ),
    ] {
        let tmj = format!(
            r#"{{"type":"map","orientation":"hexagonal","width":3,"height":2,"tilewidth":32,
            "tileheight":28,"hexsidelength":16,"staggeraxis":"x","staggerindex":"odd","infinite":false,
            "properties":[{{"name":"hex_size_mm","type":"float","value":30}}],
            "tilesets":[{{"firstgid":1,"name":"hexes","tilecount":6,"tiles":[{}]}}],
            "layers":[{{"type":"group","name":"g","layers":[{{"type":"tilelayer","name":"Ground","width":3,"height":2,"data":{data}}}]}}]}}"#,
            (0..6)
                .map(|i| format!(r#"{{"id":{i},"properties":[{{"name":"name","type":"string","value":"t{i}"}}]}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let s = import_bytes(tmj.as_bytes()).expect("tmj");
        assert_eq!(terrain_names(&s), want);
        assert_eq!(s.map.as_hex().expect("hex").hex_size_mm, 30.0);
    }
}

#[test]
fn tiled_external_tileset_is_read_beside_the_map() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("terrain.tsx"),
        r#"<tileset name="terrain" tilewidth="32" tileheight="28" tilecount="2" columns="2">
  <tile id="0" type="Woods"/><tile id="1" class="Hill"/></tileset>"#,
    )
    .expect("write");
    let map = r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="y" staggerindex="even">
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer name="L" width="2" height="1"><data encoding="csv">2,1</data></layer></map>"#;
    std::fs::write(dir.path().join("m.tmx"), map).expect("write");
    let s = tmx::to_scenario(
        &tmx::read(&dir.path().join("m.tmx")).expect("read"),
        "m",
        &TerrainMapping::new(),
    )
    .expect("import");
    assert_eq!(terrain_names(&s), ["Hill", "Woods"]);
}

#[test]
fn tiled_tiles_without_a_terrain_name_need_a_mapping() {
    let tmx = r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="plain" tilewidth="32" tileheight="28" tilecount="4" columns="4"/>
 <layer name="L" width="2" height="1"><data encoding="csv">1,3</data></layer></map>"#;
    let err = import_bytes(tmx.as_bytes()).expect_err("unmapped");
    assert_eq!(
        err.to_string(),
        "no terrain is given for plain:0, plain:2: give one with --terrain TILE=TERRAIN (TILE as TILESET:ID)"
    );
    let map = tmx::parse(tmx.as_bytes(), Folder(None), Path::new("m.tmx")).expect("parse");
    let used = tmx::used_tiles(&map);
    assert_eq!(used.len(), 2);
    let mut mapping = TerrainMapping::new();
    for arg in ["0=Clear", "plain:2=Marsh"] {
        let (k, v) = tmx::parse_mapping_arg(arg, &map).expect(arg);
        mapping.insert(k, v);
    }
    assert_eq!(
        mapping.keys().next(),
        Some(&TileKey {
            tileset: "plain".into(),
            id: 0
        })
    );
    let s = tmx::to_scenario(&map, "m", &mapping).expect("mapped");
    assert_eq!(terrain_names(&s), ["Clear", "Marsh"]);
    let e = tmx::parse_mapping_arg("nope:1=Woods", &map).expect_err("no tileset");
    assert!(e.to_string().contains("no tileset named 'nope'"), "{e}");
}

#[test]
fn tiled_hostile_files_are_refused_with_clear_errors() {
    let hex = |w: &str, h: &str, data: &str, enc: &str| {
        format!(
            r#"<map orientation="hexagonal" width="{w}" height="{h}" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="Clear"/></tileset>
 <layer name="L"><data {enc}>{data}</data></layer></map>"#
        )
    };
    let cases: Vec<(String, &str)> = vec![
        (
            hex("100000", "100000", "", r#"encoding="csv""#),
            "the map is 100000 x 100000 hexes, over the limit of 40000 hexes for a Sandtable map",
        ),
        (
            hex("4294967295", "4294967295", "", r#"encoding="csv""#),
            "over the limit",
        ),
        (hex("2", "2", "1,1,1", r#"encoding="csv""#), "layer 'L': the data holds 3 cells, the map has 4"),
        (
            hex("2", "2", &b64(b"this is not zlib"), r#"encoding="base64" compression="zlib""#),
            "layer 'L': the zlib data cannot be inflated",
        ),
        (
            hex("2", "2", &b64(b"\x1f\x8b broken gzip"), r#"encoding="base64" compression="gzip""#),
            "layer 'L': the gzip data cannot be inflated",
        ),
        (
            hex("2", "2", "AAAA", r#"encoding="base64" compression="zstd""#),
            "zstd compression is not supported",
        ),
        (hex("2", "1", "1,7", r#"encoding="csv""#), "tile 7 at column 1, row 0 belongs to no tileset"),
        (
            r#"<map orientation="orthogonal" width="2" height="2" tilewidth="32" tileheight="32"/>"#.into(),
            "the map is orthogonal, not hexagonal",
        ),
        (
            r#"<map orientation="hexagonal" infinite="1" width="2" height="2" tilewidth="32" tileheight="32" staggeraxis="x" staggerindex="odd"/>"#.into(),
            "the map is infinite",
        ),
        (
            r#"<map orientation="hexagonal" width="2" height="2" tilewidth="32" tileheight="32" staggeraxis="z" staggerindex="odd"/>"#.into(),
            "staggeraxis is 'z', not x or y",
        ),
        ("<map orientation=\"hexagonal\"".into(), "invalid XML"),
        ("{\"orientation\": \"hexagonal\", \"width\": ".into(), "invalid JSON at line 1"),
        ("GIF89a".into(), "neither a Tiled XML"),
        (
            format!("<map>{}</map>", "<a/>".repeat(tmx::MAX_XML_ELEMENTS + 1)),
            "more than 200000 XML elements",
        ),
        (
            format!("{}{}", "<a>".repeat(100), "</a>".repeat(100)),
            "nested more than 64 levels",
        ),
    ];
    for (file, want) in cases {
        let err = import_bytes(file.as_bytes()).expect_err(want);
        let text = err.to_string();
        assert!(text.contains(want), "wanted '{want}', got '{text}'");
    }
    // Tilesets describing more tiles than any map could use.
    let tiles: String = (0..tmx::MAX_TILE_DEFS + 1)
        .map(|i| format!(r#"{{"id":{i}}},"#))
        .collect();
    let tmj = format!(
        r#"{{"orientation":"hexagonal","width":1,"height":1,"tilewidth":32,"tileheight":28,
        "staggeraxis":"x","staggerindex":"odd","tilesets":[{{"firstgid":1,"name":"t",
        "tiles":[{}]}}],"layers":[]}}"#,
        tiles.trim_end_matches(',')
    );
    let err = import_bytes(tmj.as_bytes()).expect_err("too many tiles");
    assert_eq!(
        err.to_string(),
        "the tilesets describe more than 65536 tiles"
    );
    // A zip bomb: 64 MiB of zeros in 64 KB stops one cell past the stated size.
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..64 {
        z.write_all(&chunk).expect("memory");
    }
    let bomb = hex(
        "10",
        "10",
        &b64(&z.finish().expect("z")),
        r#"encoding="base64" compression="zlib""#,
    );
    let err = import_bytes(bomb.as_bytes()).expect_err("bomb");
    assert_eq!(
        err.to_string(),
        "layer 'L': the data holds more than 100 cells, the map has 100"
    );
}

#[test]
fn tiled_file_over_the_size_limit_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.tmx");
    let f = std::fs::File::create(&path).expect("create");
    f.set_len(tmx::MAX_TILED_FILE_BYTES + 1).expect("sparse");
    let err = tmx::read(&path).expect_err("too large");
    assert!(
        err.to_string()
            .contains("over the 16777216-byte limit for Tiled files"),
        "{err}"
    );
}

#[test]
fn tiled_export_refuses_a_table() {
    let s = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    assert!(matches!(s.map, Map::Table(_)));
    let err = tmx::tmx_files(&s, "x.png").err().expect("refused");
    assert!(err.to_string().contains("only hex maps"), "{err}");
}

#[test]
fn cli_export_tmx_then_import_gives_the_same_terrain_and_refuses_what_does_not_fit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scenario = dir.path().join("w.sandtable");
    sandtable::io::save(&scenario, &winceby()).expect("save");
    let map = dir.path().join("w.tmx");
    let out = sandtable(&[
        "export".as_ref(),
        scenario.as_os_str(),
        "--out".as_ref(),
        map.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("w-terrain.png") && text.contains("w.tmx"),
        "{text}"
    );
    let back = dir.path().join("back.json");
    let out = sandtable(&[
        "import".as_ref(),
        map.as_os_str(),
        "--out".as_ref(),
        back.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "map: 24 x 18 flat-topped hexes (even columns pushed), 25 mm across the flats"
        ),
        "{text}"
    );
    let imported = sandtable::io::load(&back).expect("loads");
    assert_eq!(terrain_names(&imported), terrain_names(&winceby()));
    // A print option with a .tmx path, an unknown side and an unnamed tile are refused.
    let out = sandtable(&[
        "export".as_ref(),
        scenario.as_os_str(),
        "--out".as_ref(),
        map.as_os_str(),
        "--tiled".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = sandtable(&[
        "export".as_ref(),
        scenario.as_os_str(),
        "--out".as_ref(),
        dir.path().join("x.png").as_os_str(),
        "--side".as_ref(),
        "Vikings".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no side 'Vikings'") && err.contains("Royalists"),
        "{err}"
    );
    let plain = dir.path().join("plain.tmx");
    std::fs::write(
        &plain,
        r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="plain" tilecount="4"/>
 <layer name="L"><data encoding="csv">1,3</data></layer></map>"#,
    )
    .expect("write");
    let out = sandtable(&[
        "import".as_ref(),
        plain.as_os_str(),
        "--out".as_ref(),
        back.as_os_str(),
        "--terrain".as_ref(),
        "0=Clear".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no terrain is given for plain:2"), "{err}");
    let out = sandtable(&[
        "import".as_ref(),
        plain.as_os_str(),
        "--out".as_ref(),
        back.as_os_str(),
        "--terrain".as_ref(),
        "0=Clear".as_ref(),
        "--terrain".as_ref(),
        "plain:2=Marsh".as_ref(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let imported = sandtable::io::load(&back).expect("loads");
    assert_eq!(terrain_names(&imported), ["Clear", "Marsh"]);
}

/// A tileset image of two 32 x 28 tiles in a row, a margin of 1 and a spacing of 2: the first
/// red, the second green, the gaps black.
fn two_tile_png(path: &Path) {
    let mut img =
        image::RgbaImage::from_pixel(1 + 32 + 2 + 32 + 1, 30, image::Rgba([0, 0, 0, 255]));
    for (x0, colour) in [(1, [200, 30, 30, 255]), (35, [30, 160, 40, 255])] {
        for y in 1..29 {
            for x in x0..x0 + 32 {
                img.put_pixel(x, y, image::Rgba(colour));
            }
        }
    }
    img.save(path).expect("png");
}

/// The import dialog shows each tile as its tileset draws it: the tile is cut from the
/// tileset's image (beside the tileset file, past its margin and spacing), and an image that
/// is not there is said with the path looked at rather than passed over.
#[test]
fn tiled_tile_pictures_are_cut_from_the_tileset_image_and_a_missing_one_is_said() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("sets")).expect("dir");
    two_tile_png(&dir.path().join("sets").join("ground.png"));
    std::fs::write(
        dir.path().join("sets").join("ground.tsx"),
        r#"<tileset name="ground" tilewidth="32" tileheight="28" margin="1" spacing="2" tilecount="2">
  <image source="ground.png" width="68" height="30"/></tileset>"#,
    )
    .expect("write");
    let map = r#"<map orientation="hexagonal" width="3" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="y" staggerindex="even">
 <tileset firstgid="1" source="sets/ground.tsx"/>
 <layer name="L" width="3" height="1"><data encoding="csv">2,1,2</data></layer></map>"#;
    let path = dir.path().join("m.tmx");
    std::fs::write(&path, map).expect("write");
    let read = tmx::read(&path).expect("read");
    let p = tmx::tile_pictures(&read);
    assert!(p.missing.is_empty(), "{:?}", p.missing);
    let centre = |id: u32| {
        let img = &p.pictures[&TileKey {
            tileset: "ground".into(),
            id,
        }];
        assert_eq!((img.width(), img.height()), (32, 28), "a tile's own size");
        // No black of the margin or the spacing at the picture's edges.
        assert_ne!(img.get_pixel(0, 0).0, [0, 0, 0, 255]);
        assert_ne!(img.get_pixel(31, 27).0, [0, 0, 0, 255]);
        img.get_pixel(16, 14).0
    };
    assert_eq!(centre(0), [200, 30, 30, 255]);
    assert_eq!(centre(1), [30, 160, 40, 255]);
    std::fs::remove_file(dir.path().join("sets").join("ground.png")).expect("remove");
    let p = tmx::tile_pictures(&tmx::read(&path).expect("read"));
    assert!(p.pictures.is_empty());
    assert_eq!(p.missing.len(), 1, "one image, said once: {:?}", p.missing);
    let said = &p.missing[0];
    assert!(
        said.contains("ground.png")
            && said.contains("is not there")
            && said.contains(&dir.path().join("sets").display().to_string()),
        "{said}"
    );
}

/// In an image collection each tile is its own image, relative to the map for a tileset
/// embedded in it.
#[test]
fn tiled_a_collection_tile_is_its_own_image() {
    let dir = tempfile::tempdir().expect("tempdir");
    two_tile_png(&dir.path().join("both.png"));
    let map = r#"<map orientation="hexagonal" width="1" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="y" staggerindex="even">
 <tileset firstgid="1" name="art" tilewidth="68" tileheight="30" tilecount="1" columns="0">
  <tile id="7"><image source="both.png" width="68" height="30"/></tile></tileset>
 <layer name="L" width="1" height="1"><data encoding="csv">8</data></layer></map>"#;
    let path = dir.path().join("m.tmx");
    std::fs::write(&path, map).expect("write");
    let p = tmx::tile_pictures(&tmx::read(&path).expect("read"));
    let img = &p.pictures[&TileKey {
        tileset: "art".into(),
        id: 7,
    }];
    // The whole image, shrunk to 48 px across at most.
    assert_eq!(img.width(), 48);
}

/// Tiles whose tileset names their terrain are never asked about, so their images are not
/// read: a map of named tiles whose image is gone says nothing of it.
#[test]
fn tiled_named_tiles_have_no_picture_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="y" staggerindex="even">
 <tileset firstgid="1" name="named" tilewidth="32" tileheight="28" tilecount="2" columns="2">
  <image source="gone.png" width="64" height="28"/>
  <tile id="0" type="Woods"/><tile id="1" type="Hill"/></tileset>
 <layer name="L" width="2" height="1"><data encoding="csv">1,2</data></layer></map>"#;
    let path = dir.path().join("m.tmx");
    std::fs::write(&path, map).expect("write");
    let p = tmx::tile_pictures(&tmx::read(&path).expect("read"));
    assert!(
        p.pictures.is_empty() && p.missing.is_empty(),
        "{:?}",
        p.missing
    );
}
