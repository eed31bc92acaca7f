//! The grid finder on synthetic scans drawn with a known grid: every hex centre of the map
//! lies within a tenth of a hex side of a centre found, or the finder says it found nothing.

use sandtable::geom::hex_lattice::{FoundGrid, Tops, V2, find};
use sandtable::io::image::gray_of_rgb as gray_of;
use sandtable::io::synthetic_scan::{ScanSpec, draw, through_jpeg};

/// The worst distance, in hex sides, from a true centre inside the map to the nearest centre
/// found.
fn worst_error(spec: &ScanSpec, found: &FoundGrid) -> f64 {
    let truth = spec.lattice();
    let side = spec.across_px / 3f64.sqrt();
    let [x0, y0, x1, y1] =
        spec.map_area
            .unwrap_or([0.0, 0.0, spec.width as f64, spec.height as f64]);
    let mut worst = 0.0f64;
    let span = (spec.width.max(spec.height) as f64 / spec.across_px) as i64 + 4;
    for m in -2 * span..=2 * span {
        for n in -2 * span..=2 * span {
            let c = truth.point(m as f64, n as f64);
            if c.x < x0 || c.y < y0 || c.x >= x1 || c.y >= y1 {
                continue;
            }
            let d = (found.nearest_centre(c) - c).length();
            worst = worst.max(d / side);
        }
    }
    worst
}

fn check(spec: &ScanSpec, jpeg: Option<u8>) -> FoundGrid {
    let mut img = draw(spec);
    if let Some(q) = jpeg {
        img = through_jpeg(&img, q).expect("jpeg").0;
    }
    let found = find(&gray_of(&img)).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    let err = worst_error(spec, &found);
    eprintln!(
        "tops {:?} across {:.2} (true {:.2}) turn {:.2} (true {:.2}) conf {:.2} score {:.2} regions {}/{} rms {:.2}px worst err {:.3} side",
        found.tops,
        found.across_px,
        spec.across_px,
        found.turn_deg,
        spec.turn_deg,
        found.confidence,
        found.match_score,
        found.regions_agreeing,
        found.regions_seen,
        found.rms_px,
        err
    );
    assert_eq!(found.tops, spec.tops, "{found:?}");
    assert!(err <= 0.1, "worst {err:.3} of a side: {found:?}");
    found
}

#[test]
fn grid_finder_finds_a_clean_flat_grid() {
    check(&ScanSpec::new(1200, 900, Tops::Flat, 64.0, 0.0), None);
}

#[test]
fn grid_finder_finds_a_turned_pointy_grid_through_jpeg() {
    let mut s = ScanSpec::new(1100, 1300, Tops::Pointy, 51.3, 3.7);
    s.blur = 2;
    s.noise = 12;
    check(&s, Some(55));
}

#[test]
fn grid_finder_finds_a_faint_grid_turned_fourteen_degrees() {
    let mut s = ScanSpec::new(1300, 1000, Tops::Flat, 47.0, -14.0);
    s.ink = 0.25;
    s.noise = 10;
    check(&s, Some(70));
}

#[test]
fn grid_finder_finds_a_white_grid_on_a_partial_map() {
    let mut s = ScanSpec::new(1400, 1100, Tops::Pointy, 58.0, -1.2);
    s.light_lines = true;
    s.map_area = Some([180.0, 120.0, 1150.0, 980.0]);
    check(&s, Some(80));
}

#[test]
fn grid_finder_finds_nothing_on_art_without_a_grid() {
    let mut s = ScanSpec::new(1200, 900, Tops::Flat, 60.0, 0.0);
    s.ink = 0.0;
    s.numbers = false;
    let img = draw(&s);
    let r = find(&gray_of(&img));
    eprintln!("{r:?}");
    assert!(r.is_err(), "{r:?}");
}

/// A print a little wider than high (a real map, Manchuria's, is 0.8% so): each part of it
/// agrees with a regular grid, but no regular grid follows it to the edges, so the finder
/// says so rather than offer one that misses the outer hexes.
#[test]
fn grid_finder_finds_no_regular_grid_on_a_stretched_print() {
    let mut s = ScanSpec::new(1800, 1400, Tops::Flat, 56.0, 0.0);
    s.stretch_x = 1.006;
    let r = find(&gray_of(&draw(&s)));
    eprintln!("{r:?}");
    match r {
        Err(e) => assert!(e.to_string().contains("no regular hex grid"), "{e}"),
        Ok(found) => panic!("a regular grid offered on a stretched print: {found:?}"),
    }
}

/// A hex 55 pixels across on an 1,800-pixel scan is 27.5 pixels on the copy the lattice is
/// first measured on: the pattern repeats exactly only every second hex, and that double hex
/// must not be taken for the grid.
#[test]
fn grid_finder_finds_a_hex_of_a_half_pixel_on_the_working_copy() {
    check(&ScanSpec::new(1800, 1400, Tops::Flat, 55.0, 0.0), None);
    check(&ScanSpec::new(2400, 1800, Tops::Pointy, 56.0, 2.0), None);
}

#[test]
fn grid_finder_centre_helpers() {
    let s = ScanSpec::new(400, 300, Tops::Flat, 40.0, 0.0);
    let l = s.lattice();
    assert!((l.point(1.0, 0.0) - l.origin).length() - 40.0 < 1e-9);
    let _ = V2::new(0.0, 0.0);
}
