//! The map fields of format 2 (printed numbering, half hexes, a calibrated image): every
//! format-1 file loads unchanged with today's behaviour, both encodings carry the new fields,
//! and absurd values are refused with a sentence naming them.

use sandtable::io::{self, codec};
use sandtable::model::*;
use sandtable::samples;
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/v1")
            .join(name),
    )
    .expect("fixture")
}

#[test]
fn format_1_files_load_with_todays_labels_whole_hexes_and_a_stretched_image() {
    for name in ["winceby.sandtable", "winceby.json"] {
        let bytes = fixture(name);
        if name.ends_with(".sandtable") {
            assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().expect("4")), 1);
        }
        let s = codec::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let m = s.map.as_hex().expect("Winceby is a hex map");
        assert_eq!(m.labels, LabelScheme::default(), "{name}");
        assert_eq!(m.edge, HexEdge::Whole, "{name}");
        assert_eq!(m.label(m.grid().hex_at(0).expect("hex")), "0101");
        // The same scenario as built today, apart from the version it was written with.
        let mut today = samples::by_name("winceby")
            .expect("sample")
            .load()
            .expect("the sample loads");
        today.meta.format_version = s.meta.format_version;
        // Nor had it victory conditions (format 4), briefings (format 5) or map labels
        // (format 6).
        today.rules.victory = None;
        today.labels.clear();
        for x in &mut today.sides {
            x.briefing.clear();
        }
        for o in &mut today.objectives {
            o.held = Holding::default();
            o.side_points.clear();
        }
        assert_eq!(s, today, "{name}");
    }
    let s = codec::decode(&fixture("patrol.sandtable")).expect("a table");
    assert!(s.background.is_none_or(|b| b.placement.is_none()));
}

fn with_new_fields() -> Scenario {
    let mut s = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    if let Map::Hex(m) = &mut s.map {
        m.labels = LabelScheme {
            first_column: 10,
            first_row: 0,
            column_digits: 3,
            row_digits: 2,
            column_letters: false,
            start: Corner::SouthWest,
        };
        m.edge = HexEdge::ThroughHexes { playable: false };
    }
    let mut png = Vec::new();
    image::RgbImage::from_pixel(40, 30, image::Rgb([200, 190, 160]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let mut bg = io::image::background_from_bytes(png).expect("usable");
    bg.placement = Some(ImagePlacement {
        origin_px: [12.5, -3.25],
        px_per_unit: 7.5,
        rotation_deg: -1.5,
    });
    s.background = Some(bg);
    s
}

#[test]
fn format_2_map_fields_round_trip_in_both_encodings() {
    let s = with_new_fields();
    assert!(s.validate().is_empty(), "{:?}", s.validate());
    for enc in [codec::Encoding::Binary, codec::Encoding::Json] {
        let bytes = codec::encode(&s, enc);
        let back = codec::decode(&bytes).unwrap_or_else(|e| panic!("{enc:?}: {e}"));
        assert_eq!(back, s, "{enc:?}");
    }
    let bytes = codec::encode(&s, codec::Encoding::Binary);
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().expect("4")),
        FORMAT_VERSION
    );
    const { assert!(FORMAT_VERSION >= 2) };
}

/// A change that breaks one field.
type Breaker = Box<dyn Fn(&mut Scenario)>;

#[test]
fn absurd_map_fields_are_refused_with_what_and_where() {
    let cases: Vec<(&str, Breaker)> = vec![
        (
            "row part of the hex labels has 12 digits",
            Box::new(|s| {
                if let Map::Hex(m) = &mut s.map {
                    m.labels.row_digits = 12;
                }
            }),
        ),
        (
            "lettered columns start at A",
            Box::new(|s| {
                if let Map::Hex(m) = &mut s.map {
                    m.labels.column_letters = true;
                    m.labels.first_column = 0;
                }
            }),
        ),
        (
            "rotation (degrees) is 40",
            Box::new(|s| {
                if let Some(p) = s.background.as_mut().and_then(|b| b.placement.as_mut()) {
                    p.rotation_deg = 40.0;
                }
            }),
        ),
        (
            "pixels per map unit is NaN",
            Box::new(|s| {
                if let Some(p) = s.background.as_mut().and_then(|b| b.placement.as_mut()) {
                    p.px_per_unit = f32::NAN;
                }
            }),
        ),
        (
            "origin x (pixels) is 100000000",
            Box::new(|s| {
                if let Some(p) = s.background.as_mut().and_then(|b| b.placement.as_mut()) {
                    p.origin_px[0] = 1e8;
                }
            }),
        ),
    ];
    for (words, break_it) in cases {
        let mut s = with_new_fields();
        break_it(&mut s);
        for enc in [codec::Encoding::Binary, codec::Encoding::Json] {
            let err = codec::decode(&codec::encode(&s, enc)).expect_err(words);
            let text = err.to_string();
            if words.contains("NaN") && enc == codec::Encoding::Json {
                // JSON has no NaN: it is written as null and refused where it stands.
                assert!(text.contains("null"), "{text}");
                continue;
            }
            assert!(text.contains(words), "{enc:?}: {text}");
            assert!(text.contains("map"), "{enc:?}: names the map: {text}");
        }
    }
    // Half hexes on a hexagon map are refused too.
    let mut s = Scenario::new_hex("hexagon");
    let t = s.terrain_types[0].id;
    let mut m = HexMap::filled(Orientation::Flat, 20.0, HexShape::Hexagon { radius: 3 }, t);
    m.edge = HexEdge::ThroughHexes { playable: true };
    s.map = Map::Hex(m);
    let problems = s.validate();
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("only a rectangle map's edge")),
        "{problems:?}"
    );
}
