//! The Calibrate tool in the editor, driven through accessible labels with egui_kittest: click
//! three hex centres on the background image, read the residual, apply (one undo step), nudge
//! with the arrow keys; and the map's printed numbering set in the inspector shows on the hexes'
//! fields.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sandtable::geom::Point;
use sandtable::io::image::background_from_bytes;
use sandtable::model::*;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor};

impl Editor {
    fn placement(&self) -> Option<ImagePlacement> {
        self.s().background.as_ref().and_then(|b| b.placement)
    }
}

fn scanned() -> Scenario {
    let mut s = Scenario::new_hex("Scanned");
    let img = image::RgbImage::from_pixel(800, 600, image::Rgb([230, 220, 190]));
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("encodes");
    s.background = Some(background_from_bytes(png).expect("usable"));
    s
}

/// Calibrate background (Tools menu, K) on a map with no image yet asks for the image, sets
/// it, and opens the tool on it: no hunt for where a background is set first.
#[test]
fn calibrate_without_an_image_asks_for_one_and_then_calibrates() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("scan.png");
    let img = image::RgbImage::from_pixel(400, 300, image::Rgb([230, 220, 190]));
    img.save(&path).expect("written");
    let mut setup = harness::Setup::default();
    setup.dialogs.image.push(path);
    let mut e = harness::editor_with(Scenario::new_hex("Blank"), setup);
    e.key(Key::K);
    assert!(e.s().background.is_some(), "{}", e.app().status);
    assert!(e.shows("Find the grid"), "the tool's window is open");
}

#[test]
fn calibrate_tool_fits_three_clicked_hexes_in_one_undo_step_and_the_arrows_nudge() {
    let s = scanned();
    let m = s.map.as_hex().expect("hex").clone();
    let mut e = editor(s);
    e.key(Key::K);
    assert!(e.shows("Calibrate background"), "the tool's window is open");
    let l = m.layout();
    let hexes = [0usize, 8, 14 * 20 + 2].map(|i| m.grid().hex_at(i).expect("hex"));
    for h in hexes {
        let c = l.hex_to_world_pos(h);
        e.click_map(Point::new(c.x, c.y));
    }
    // The image only stretched over the map: the hex under a click is no guess of the
    // label printed there, so each field waits for it, and nothing is said wrong yet.
    assert!(e.shows("Type the label printed on the scan in each clicked hex"));
    assert!(e.shows("Type the label printed in click 1's hex"));
    assert!(!e.shows("is not a hex of this map"));
    for (i, h) in hexes.iter().enumerate() {
        let name = format!("Hex of click {}", i + 1);
        assert_eq!(e.h.get_by_label(&name).value().as_deref(), Some(""));
        e.h.get_by_label(&name).focus();
        e.h.run();
        e.h.get_by_label(&name).type_text(&m.label(*h));
        e.h.run();
        e.key(Key::Enter);
    }
    // The fit and its residual show before applying.
    assert!(e.shows("Residual error"), "{}", e.app().status);
    assert_eq!(e.placement(), None);
    e.click("Apply calibration");
    let p = e.placement().expect("calibrated");
    assert!(p.rotation_deg.abs() < 1.0, "{p:?}");
    // The arrow keys nudge the image; the burst is its own undo step.
    e.key(Key::ArrowRight);
    let nudged = e.placement().expect("calibrated");
    assert!(
        nudged.origin_px[0] < p.origin_px[0],
        "{nudged:?} after {p:?}"
    );
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    e.h.run();
    assert_eq!(e.placement(), Some(p));
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    e.h.run();
    assert_eq!(e.placement(), None, "the calibration was one undo step");
    // Calibrated, a click guesses the hex under it: there, it is the hex printed.
    e.h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    e.h.run();
    assert_eq!(e.placement(), Some(p));
    let c = l.hex_to_world_pos(hexes[1]);
    e.click_map(Point::new(c.x, c.y));
    assert_eq!(
        e.h.get_by_label("Hex of click 1").value().as_deref(),
        Some(m.label(hexes[1]).as_str())
    );
    assert!(e.shows("guesses the hex under the click as the image lies now"));
}

/// A click off the image names no pixel of the scan: it is refused and said so, and each
/// click kept is marked on the map with its number.
#[test]
fn a_calibrate_click_off_the_image_is_refused() {
    let s = scanned();
    let bounds = sandtable::scene::frame(&s).0;
    let mut e = editor(s);
    e.key(Key::K);
    e.click_map(bounds.min - Point::new(3.0, 3.0));
    assert!(
        e.app().status.contains("off the image"),
        "{}",
        e.app().status
    );
    assert!(
        e.h.query_by_label("Hex of click 1").is_none(),
        "no click kept"
    );
    e.click_map(bounds.min + (bounds.max - bounds.min) * 0.5);
    assert!(e.h.query_by_label("Hex of click 1").is_some());
    assert!(
        !e.app().status.contains("off the image"),
        "a good click clears the refusal: {}",
        e.app().status
    );
}

/// After *Find the grid*, a click's field guesses the hex as *Apply the grid found* numbers
/// it, so the guesses agree with each other and with what Apply does (a guess from the image
/// stretched over the map would be a few hexes off and refused in red).
#[test]
fn after_find_the_grid_a_click_guesses_the_hex_the_grid_numbers() {
    use sandtable::geom::hex_lattice::Tops;
    use sandtable::io::synthetic_scan::{ScanSpec, draw};
    let mut s = Scenario::new_hex("Scanned");
    let m = s.map.as_hex().expect("hex").clone();
    let tops = match m.orientation {
        Orientation::Flat => Tops::Flat,
        Orientation::Pointy => Tops::Pointy,
    };
    let img = draw(&ScanSpec::new(900, 700, tops, 44.0, 1.5));
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("encodes");
    s.background = Some(background_from_bytes(png).expect("usable"));
    let bounds = sandtable::scene::frame(&s).0;
    let bg = s.background.clone().expect("image");
    let mut e = editor(s);
    e.key(Key::K);
    // The finder runs on a worker while a spinner turns: step frames until it answers.
    e.h.get_by_label("Find the grid").click();
    for _ in 0..600 {
        e.h.step();
        if e.h.query_by_label("Apply the grid found").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    e.h.run();
    assert!(e.shows("Apply the grid found"), "the grid is found");
    let at = [0.3f32, 0.7].map(|f| bounds.min + (bounds.max - bounds.min) * f);
    for p in at {
        e.click_map(p);
    }
    let guesses: Vec<String> = (1..=2)
        .map(|i| {
            let v = e.h.get_by_label(&format!("Hex of click {i}")).value();
            v.expect("a guess").to_string()
        })
        .collect();
    assert!(guesses.iter().all(|g| !g.is_empty()), "{guesses:?}");
    assert!(e.shows("guesses the hex as the grid found numbers it"));
    assert!(!e.shows("away"), "the guesses agree with each other");
    e.click("Apply the grid found");
    let s = e.s().clone();
    let placed = s
        .background
        .as_ref()
        .and_then(|b| b.placement)
        .expect("placed");
    let h = s.map.as_hex().expect("hex");
    for (p, g) in at.iter().zip(&guesses) {
        let px = bg.pixel_at(&s.map, bounds, *p);
        let hex = h.layout().world_pos_to_hex(placed.world_at(&s.map, px));
        assert_eq!(&h.label(hex), g, "the guess is the hex Apply puts there");
    }
}

/// A calibrated scan that holds more hexes than the map offers to grow the map to them, in
/// one undo step; the grown map holds the scan, so the offer goes.
#[test]
fn calibrate_offers_to_grow_the_map_to_the_whole_scan() {
    let mut s = scanned();
    let m = s.map.as_hex().expect("hex").clone();
    let HexShape::Rectangle { columns, rows, .. } = m.shape else {
        panic!("a rectangle");
    };
    // Ten pixels a hex, the map's first hex at the image's corner: an 800 x 600 scan.
    let first = m
        .layout()
        .hex_to_world_pos(m.grid().hex_at(0).expect("hex"));
    let unit = s.map.placement_unit();
    s.background.as_mut().expect("image").placement = Some(ImagePlacement {
        origin_px: [6.0 - first.x / unit * 10.0, 6.0 - first.y / unit * 10.0],
        px_per_unit: 10.0,
        rotation_deg: 0.0,
    });
    let mut e = editor(s);
    e.key(Key::K);
    let (c, r) = sandtable::edit::ops::calibrate::scan_cover(e.s()).expect("larger");
    assert!(
        c > columns && r > rows,
        "{c} x {r} against {columns} x {rows}"
    );
    // With no printed grid found, the count takes in any margin, legend or title: the offer
    // and the count wait behind its heading, no size claimed and no button a click away.
    assert!(!e.shows("The scan holds"));
    assert!(!e.shows(&format!("Grow the map to {c} x {r} hexes")));
    e.click("Grow the map to the scan…");
    assert!(e.shows(&format!("The scan holds {c} x {r} hexes")));
    e.click(&format!("Grow the map to {c} x {r} hexes"));
    let HexShape::Rectangle {
        columns: now_c,
        rows: now_r,
        ..
    } = e.s().map.as_hex().expect("hex").shape
    else {
        panic!("a rectangle");
    };
    assert_eq!((now_c, now_r), (c, r));
    assert!(!e.shows("The scan holds"), "the grown map holds the scan");
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    e.h.run();
    assert_eq!(e.s().map.as_hex().expect("hex").shape, m.shape);
    // A blank margin: one column fewer than the scan, typed in before growing.
    e.h.get_by_label("Grow to")
        .set_value_accesskit(f64::from(c - 1));
    e.h.run();
    e.h.run();
    e.click(&format!("Grow the map to {} x {r} hexes", c - 1));
    let HexShape::Rectangle {
        columns: now_c,
        rows: now_r,
        ..
    } = e.s().map.as_hex().expect("hex").shape
    else {
        panic!("a rectangle");
    };
    assert_eq!((now_c, now_r), (c - 1, r), "the size chosen");
}

/// Clicks on the scan at the centres of the hexes with these offsets as `shaped` lays them,
/// each said to be the hex of that offset's label on `m` (typed into its field).
fn click_offsets(e: &mut Editor, m: &HexMap, shaped: &HexMap, offsets: &[[i32; 2]]) {
    let HexShape::Rectangle { columns, rows, .. } = m.shape else {
        panic!("a rectangle");
    };
    for (i, o) in offsets.iter().enumerate() {
        let HexShape::Rectangle { parity, .. } = shaped.shape else {
            panic!("a rectangle");
        };
        let hex =
            hexx::Hex::from_offset_coordinates(*o, parity.to_hexx(), shaped.orientation.to_hexx());
        let c = m.layout().hex_to_world_pos(hex);
        e.click_map(Point::new(c.x, c.y));
        let name = format!("Hex of click {}", i + 1);
        e.h.get_by_label(&name).focus();
        e.h.run();
        e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        e.h.run();
        e.h.get_by_label(&name)
            .type_text(&m.labels.label(*o, columns.max(30), rows.max(30)));
        e.h.run();
        e.key(Key::Enter);
    }
}

/// A scan larger than the map: a click said to be a hex past the map's south-east corner is
/// offered a grown map (one undo step), after which the clicks fit.
#[test]
fn calibrate_grows_the_map_to_a_clicked_hex_beyond_its_edge() {
    let s = scanned();
    let m = s.map.as_hex().expect("hex").clone();
    let mut e = editor(s);
    e.key(Key::K);
    // The first two on the map; the third names column 22, row 18 of a 20 x 15 map.
    click_offsets(&mut e, &m, &m, &[[0, 0], [10, 2]]);
    assert!(
        e.shows("Two clicks always fit: a third, far from both, checks them"),
        "two clicks are said to prove nothing"
    );
    let beyond = m.labels.label([21, 17], 30, 30);
    let c = m
        .layout()
        .hex_to_world_pos(m.grid().hex_at(14 * 20 + 19).expect("hex"));
    e.click_map(Point::new(c.x, c.y));
    e.h.get_by_label("Hex of click 3").focus();
    e.h.run();
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    e.h.run();
    e.h.get_by_label("Hex of click 3").type_text(&beyond);
    e.h.run();
    e.key(Key::Enter);
    assert!(
        e.shows(&format!(
            "'{beyond}' is not a hex of this map (numbered {} to {}",
            m.label(m.grid().hex_at(0).expect("first")),
            m.label(m.grid().hex_at(299).expect("last"))
        )),
        "the refusal says how the map numbers its hexes"
    );
    assert!(
        e.shows(&format!("'{beyond}' is beyond this 20 x 15 map")),
        "{}",
        e.app().status
    );
    e.click("Grow the map to 22 x 18 hexes");
    let grown = e.s().map.as_hex().expect("hex");
    assert!(matches!(
        grown.shape,
        HexShape::Rectangle {
            columns: 22,
            rows: 18,
            ..
        }
    ));
    assert_eq!(e.app().doc.history().1, 1, "one undo step");
    assert!(e.shows("Residual error"), "the clicks fit the grown map");
}

/// A scan whose odd columns are pushed down, on a map pushing its even ones: three clicks
/// named by their printed labels fit the other stagger far better, and the window offers it.
#[test]
fn calibrate_infers_the_stagger_from_three_clicks() {
    // A scan of the map's own proportions, so a fit of the right stagger is exact.
    let mut s = Scenario::new_hex("Scanned");
    let b = sandtable::scene::frame(&s).0;
    let h = (800.0 * (b.max.y - b.min.y) / (b.max.x - b.min.x)).round() as u32;
    let img = image::RgbImage::from_pixel(800, h, image::Rgb([230, 220, 190]));
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("encodes");
    s.background = Some(background_from_bytes(png).expect("usable"));
    let m = s.map.as_hex().expect("hex").clone();
    let mut odd = m.clone();
    let HexShape::Rectangle { columns, rows, .. } = m.shape else {
        panic!("a rectangle");
    };
    odd.shape = HexShape::Rectangle {
        columns,
        rows,
        parity: OffsetParity::Odd,
    };
    let mut e = editor(s);
    e.key(Key::K);
    click_offsets(&mut e, &m, &odd, &[[1, 1], [16, 2], [9, 13]]);
    assert!(
        e.shows("The clicks fit odd columns pushed down far better"),
        "{}",
        e.app().status
    );
    e.click("Use odd columns pushed down");
    assert!(matches!(
        e.s().map.as_hex().expect("hex").shape,
        HexShape::Rectangle {
            parity: OffsetParity::Odd,
            ..
        }
    ));
    assert!(!e.shows("far better"), "the clicks now fit as the map is");
}

/// A scan numbered with letters for its columns ("A1") on a map numbered 0101: the window says
/// how the label reads and numbers the map so in one step, after which the label is a hex.
#[test]
fn calibrate_offers_the_scans_letters_for_columns() {
    let s = scanned();
    let m = s.map.as_hex().expect("hex").clone();
    assert!(!m.labels.column_letters);
    let first = m.grid().hex_at(0).expect("hex");
    let mut e = editor(s);
    e.key(Key::K);
    let c = m.layout().hex_to_world_pos(first);
    e.click_map(Point::new(c.x, c.y));
    e.h.get_by_label("Hex of click 1").focus();
    e.h.run();
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    e.h.run();
    e.h.get_by_label("Hex of click 1").type_text("A1");
    e.h.run();
    assert!(e.shows("'A1' reads as a hex with letters for columns"));
    e.click("Number the map with letters for columns (A1, B1 …)");
    let now = e.s().map.as_hex().expect("hex").clone();
    assert!(now.labels.column_letters);
    assert_eq!(now.hex_of_label("A1"), Some(first));
    assert!(!e.shows("reads as a hex with"), "the offer goes once taken");
}
