//! Tiled import and export within bounds: each hostile or absurd Tiled file of the kinds that
//! used to hang, stall, run out of memory or write a scenario that would not open, rebuilt here
//! and run through the real binary under 256 MiB of address space and a 5 s timer (see
//! `common/capped.rs`). Each ends with a clear refusal naming what it is about, or with a
//! scenario that opens; each limit has a twin at the limit that must work.

#[path = "common/capped.rs"]
#[allow(dead_code)]
mod capped;

use base64::Engine;
use capped::{Outcome, prlimit_available, run};
use sandtable::io::{self, tmx};
use sandtable::model::limits::{MAX_HEXES, MAX_NAME_CHARS};
use sandtable::model::{HexShape, Scenario};
use sandtable::samples;
use std::io::Write;
use std::path::PathBuf;

struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().expect("tempdir"))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }

    fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let p = self.path(name);
        std::fs::write(&p, bytes).expect("write");
        p.to_string_lossy().into_owned()
    }

    fn out(&self, name: &str) -> String {
        self.path(name).to_string_lossy().into_owned()
    }

    fn run(&self, args: &[&str]) -> Outcome {
        run(self.0.path(), args)
    }

    /// `import FILE --out OUT.sandtable ARGS...`.
    fn import(&self, file: &str, args: &[&str]) -> (Outcome, String) {
        let out = self.out("imported.sandtable");
        let _ = std::fs::remove_file(&out);
        let mut all = vec!["import", file, "--out", &out];
        all.extend_from_slice(args);
        (self.run(&all), out)
    }
}

/// A hex map header for `columns` x `rows` cells with an embedded one-tile tileset ("Clear").
fn map_head(columns: u32, rows: u32) -> String {
    format!(
        r#"<map orientation="hexagonal" width="{columns}" height="{rows}" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="Clear"/></tileset>
"#
    )
}

/// Base64 of zlib-compressed `bytes`.
fn zlib64(bytes: &[u8]) -> String {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(bytes).expect("memory");
    base64::engine::general_purpose::STANDARD.encode(z.finish().expect("memory"))
}

/// One layer of `cells` cells, all tile 1, zlib-compressed, without a name (the most layers
/// the element budget lets through).
fn zlib_layer(cells: usize) -> String {
    let raw: Vec<u8> = std::iter::repeat_n(1u32.to_le_bytes(), cells)
        .flatten()
        .collect();
    format!(
        "<layer><data encoding=\"base64\" compression=\"zlib\">{}</data></layer>\n",
        zlib64(&raw)
    )
}

#[track_caller]
fn opens(o: &Outcome, out: &str, what: &str) -> Scenario {
    o.assert_code(0, what);
    let s = io::load(std::path::Path::new(out)).unwrap_or_else(|e| panic!("{what}: {e}"));
    eprintln!("{what}: imported in {:?}, the scenario opens", o.elapsed);
    s
}

#[track_caller]
fn refused(o: &Outcome, what: &str, words: &[&str]) {
    o.assert_code(2, what);
    for w in words {
        assert!(o.stderr.contains(w), "{what}: no '{w}' in {}", o.stderr);
    }
    assert!(!o.stderr.contains("panicked"), "{what}: {}", o.stderr);
    eprintln!("{what}: refused in {:?}: {}", o.elapsed, o.stderr.trim());
}

#[cfg(unix)]
#[test]
fn a_tileset_that_is_a_fifo_a_folder_or_a_device_is_refused_before_it_is_opened() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let fifo = d.path("pipe.tsx");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::fs::create_dir(d.path("folder.tsx")).expect("mkdir");
    for (source, kind) in [
        ("pipe.tsx", "a FIFO (named pipe)"),
        ("folder.tsx", "a folder"),
        ("/dev/zero", "a device"),
    ] {
        let map = format!(
            r#"<map orientation="hexagonal" width="1" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" source="{source}"/>
 <layer name="L"><data encoding="csv">1</data></layer></map>"#
        );
        let file = d.write("m.tmx", map);
        let (o, _) = d.import(&file, &[]);
        refused(
            &o,
            source,
            &[
                "tileset",
                source,
                &format!("it is {kind}, not a regular file"),
            ],
        );
    }
    // The map itself, and a scenario, named as a FIFO: refused the same way.
    let pipe = fifo.to_string_lossy().into_owned();
    let (o, _) = d.import(&pipe, &[]);
    refused(&o, "a FIFO as the map", &["FIFO"]);
    let o = d.run(&["info", &pipe]);
    refused(&o, "a FIFO as a scenario", &["FIFO"]);
}

#[test]
fn thousands_of_stacked_compressed_layers_stop_at_the_cell_budget() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let layer = zlib_layer(MAX_HEXES);
    // 48,757 layers of 40,000 cells, each a few hundred bytes: as many as fit in 16 MiB
    // within the budget of XML elements and attributes (four a layer).
    let n = 48_757;
    let map = format!("{}{}</map>", map_head(200, 200), layer.repeat(n));
    assert!(map.len() as u64 <= tmx::MAX_TILED_FILE_BYTES);
    eprintln!("{n} layers in {} bytes", map.len());
    let (o, _) = d.import(&d.write("layers.tmx", map), &[]);
    refused(
        &o,
        &format!("{n} stacked zlib layers"),
        &["layer '#33'", "more than 1280000 cells together"],
    );
    // 32 full layers are within the budget.
    let map = format!("{}{}</map>", map_head(200, 200), layer.repeat(32));
    let (o, out) = d.import(&d.write("layers32.tmx", map), &[]);
    let s = opens(&o, &out, "32 stacked zlib layers");
    assert_eq!(s.map.as_hex().map(|h| h.terrain.len()), Some(MAX_HEXES));
}

#[test]
fn one_large_tileset_named_by_every_tileset_element_is_read_once() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let big = |bytes: usize| {
        format!(
            r#"<tileset name="big" tilecount="1"><tile id="0" type="Clear"/><properties><property name="p" value="{}"/></properties></tileset>"#,
            "x".repeat(bytes)
        )
    };
    let tilesets: String = (0..64)
        .map(|k| format!(" <tileset firstgid=\"{}\" source=\"big.tsx\"/>\n", k + 1))
        .collect();
    let map = format!(
        r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
{tilesets} <layer name="L"><data encoding="csv">1,64</data></layer></map>"#
    );
    let file = d.write("m.tmx", &map);
    // An 8 MiB tileset named 64 times: read once, not 64 times over the import's budget.
    d.write("big.tsx", big(8 << 20));
    let (o, out) = d.import(&file, &[]);
    let s = opens(&o, &out, "an 8 MiB tileset named by 64 <tileset> elements");
    assert_eq!(s.terrain_types.len(), 1);
    // A 16 MiB tileset with the map is over what one import reads.
    d.write("big.tsx", big(16 << 20));
    let (o, _) = d.import(&file, &[]);
    refused(
        &o,
        "a 16 MiB tileset named by 64 <tileset> elements",
        &["big.tsx", "over 16777216 bytes together"],
    );
}

#[test]
fn forty_thousand_tiles_of_a_65536_tile_tileset_are_looked_up_by_index() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let tiles: Vec<String> = (0..tmx::MAX_TILE_DEFS)
        .map(|i| format!(r#"{{"id":{i},"type":"T{}"}}"#, i % 200))
        .collect();
    let cells: Vec<String> = (1..=MAX_HEXES).map(|g| g.to_string()).collect();
    let tmj = format!(
        r#"{{"orientation":"hexagonal","width":200,"height":200,"tilewidth":32,"tileheight":28,
        "staggeraxis":"x","staggerindex":"odd","tilesets":[{{"firstgid":1,"name":"t",
        "tilecount":65536,"tiles":[{}]}}],"layers":[{{"type":"tilelayer","name":"L",
        "data":[{}]}}]}}"#,
        tiles.join(","),
        cells.join(",")
    );
    let (o, out) = d.import(&d.write("m.tmj", tmj), &[]);
    let s = opens(
        &o,
        &out,
        "65,536 tile definitions and 40,000 different tiles",
    );
    assert_eq!(s.terrain_types.len(), 200);
}

#[test]
fn a_map_element_of_two_million_attributes_is_refused_by_the_element_budget() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let mut map = String::from(r#"<map orientation="hexagonal""#);
    let mut i = 0;
    while map.len() < (tmx::MAX_TILED_FILE_BYTES as usize) - 64 {
        map.push_str(&format!(" a{i}=\"\""));
        i += 1;
    }
    map.push_str("/>");
    eprintln!("{i} attributes in {} bytes", map.len());
    let (o, _) = d.import(&d.write("m.tmx", map), &[]);
    refused(
        &o,
        &format!("a <map> of {i} attributes"),
        &["more than 200000 XML elements and attributes"],
    );
}

#[test]
fn eight_million_zeros_in_a_tmj_array_are_never_built() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let zeros = |n: usize| {
        let mut s = String::with_capacity(2 * n + 2);
        s.push('[');
        for i in 0..n {
            if i > 0 {
                s.push(',');
            }
            s.push('0');
        }
        s.push(']');
        s
    };
    let n = ((tmx::MAX_TILED_FILE_BYTES as usize) - 1024) / 2;
    let big = zeros(n);
    let tmj = |properties: &str, layer: &str| {
        format!(
            r#"{{"orientation":"hexagonal","width":2,"height":1,"tilewidth":32,"tileheight":28,
            "staggeraxis":"x","staggerindex":"odd","properties":[{properties}],
            "tilesets":[{{"firstgid":1,"name":"t","tilecount":1,"tiles":[{{"id":0,"type":"Clear"}}]}}],
            "layers":[{{"type":"tilelayer","name":"L",{layer}}}]}}"#
        )
    };
    // A property whose value is the array: passed over as it is read, the map imports.
    let (o, out) = d.import(
        &d.write(
            "prop.tmj",
            tmj(
                &format!(r#"{{"name":"junk","value":{big}}}"#),
                r#""data":[1,1]"#,
            ),
        ),
        &[],
    );
    opens(&o, &out, &format!("a property value of {n} zeros"));
    // As an infinite map's chunks: refused as infinite without being read into anything.
    let (o, _) = d.import(
        &d.write("chunks.tmj", tmj("", &format!(r#""chunks":{big}"#))),
        &[],
    );
    refused(
        &o,
        &format!("chunks of {n} zeros"),
        &["the map is infinite"],
    );
    // As a layer's data: refused at the first cell past the most any layer may have.
    let (o, _) = d.import(
        &d.write("data.tmj", tmj("", &format!(r#""data":{big}"#))),
        &[],
    );
    refused(
        &o,
        &format!("layer data of {n} zeros"),
        &["more than 40000 cells"],
    );
}

#[test]
fn names_over_the_limit_are_refused_or_shortened_as_the_docs_say_and_every_import_opens() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    let map = |terrain: &str, title: &str| {
        format!(
            r#"<map orientation="hexagonal" width="2" height="1" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <properties><property name="title" value="{title}"/></properties>
 <tileset firstgid="1" name="t" tilecount="2"><tile id="0"><properties><property name="terrain" value="{terrain}"/></properties></tile></tileset>
 <layer name="L"><data encoding="csv">1,2</data></layer></map>"#
        )
    };
    let long = "w".repeat(MAX_NAME_CHARS + 1);
    let limit = "w".repeat(MAX_NAME_CHARS);
    // A tile's terrain property over the limit: refused, naming the tile.
    let (o, out) = d.import(
        &d.write("a.tmx", map(&long, "T")),
        &["--terrain", "1=Clear"],
    );
    refused(
        &o,
        "a 201-character terrain property",
        &["tile t:0", "201 characters long, over the limit of 200"],
    );
    assert!(!std::path::Path::new(&out).exists());
    let (o, out) = d.import(
        &d.write("a.tmx", map(&limit, "T")),
        &["--terrain", "1=Clear"],
    );
    opens(&o, &out, "a 200-character terrain property");
    // A --terrain name over the limit: refused, naming the argument.
    let arg = format!("1={long}");
    let (o, _) = d.import(&d.write("b.tmx", map("Woods", "T")), &["--terrain", &arg]);
    refused(
        &o,
        "a 201-character --terrain name",
        &["--terrain 1=", "201 characters long, over the limit of 200"],
    );
    let arg = format!("1={limit}");
    let (o, out) = d.import(&d.write("b.tmx", map("Woods", "T")), &["--terrain", &arg]);
    opens(&o, &out, "a 200-character --terrain name");
    // The map's title property over the limit is shortened to it.
    let (o, out) = d.import(
        &d.write("c.tmx", map("Woods", &long)),
        &["--terrain", "1=Clear"],
    );
    let s = opens(&o, &out, "a 201-character title property");
    assert_eq!(s.meta.title, limit);
    // So is a file's name, which gives the title when the map has none.
    let no_title = map("Woods", "").replace(
        r#" <properties><property name="title" value=""/></properties>
"#,
        "",
    );
    let file = d.write(&format!("{long}.tmx"), no_title);
    let (o, out) = d.import(&file, &["--terrain", "1=Clear"]);
    let s = opens(&o, &out, "a 201-character file name");
    assert_eq!(s.meta.title, limit);
}

fn hexagon(radius: u32) -> Scenario {
    let mut s = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let first = s.terrain_types[0].id;
    let m = s.map.as_hex_mut().expect("hex");
    m.shape = HexShape::Hexagon { radius };
    let n = m.grid().len();
    m.terrain = vec![first; n].into();
    m.hexsides.clear();
    s.units.clear();
    s.columns.clear();
    s.zones.clear();
    s.objectives.clear();
    s.reinforcements.clear();
    s
}

#[test]
fn a_hexagon_map_exports_for_tiled_only_when_its_rectangle_imports_again() {
    if !prlimit_available() {
        return;
    }
    let d = Dir::new();
    assert_eq!(tmx::largest_hexagon(), 99);
    for radius in [114, 100] {
        let scenario = d.path(&format!("hex{radius}.sandtable"));
        io::save(&scenario, &hexagon(radius)).expect("a hexagon within the hex limit saves");
        let scenario = scenario.to_string_lossy().into_owned();
        let out = d.out(&format!("hex{radius}.tmx"));
        let o = d.run(&["export", &scenario, "--out", &out]);
        let side = 2 * radius + 1;
        refused(
            &o,
            &format!("export of a hexagon of radius {radius}"),
            &[
                &format!("radius {radius} is written for Tiled as its {side} x {side}"),
                "over the limit of 40,000 hexes",
                "up to radius 99",
            ],
        );
        assert!(!std::path::Path::new(&out).exists());
    }
    let scenario = d.path("hex99.sandtable");
    io::save(&scenario, &hexagon(99)).expect("saves");
    let scenario = scenario.to_string_lossy().into_owned();
    let out = d.out("hex99.tmx");
    let o = d.run(&["export", &scenario, "--out", &out]);
    o.assert_code(0, "export of a hexagon of radius 99");
    let (o, back) = d.import(&out, &[]);
    let s = opens(&o, &back, "import of the exported radius-99 hexagon");
    assert_eq!(s.map.as_hex().map(|h| h.terrain.len()), Some(199 * 199));
}
