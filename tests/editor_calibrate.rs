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
    // Each click guessed the hex under it; the fit and its residual show before applying.
    for (i, h) in hexes.iter().enumerate() {
        let name = format!("Hex of click {}", i + 1);
        let field = e.h.get_by_label(&name);
        assert_eq!(
            field.value().as_deref(),
            Some(m.label(*h).as_str()),
            "click {}",
            i + 1
        );
    }
    assert!(e.shows("Residual error"));
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
}
