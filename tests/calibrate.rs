//! Item 1 of issue 20 end to end: a synthetic scanned map (a hex map drawn by our own print
//! renderer, then turned 1.5° and scaled as a scanner would) is calibrated from three clicks
//! on hex centres through `edit::ops::calibrate`, and printed back at true scale with the
//! image under the grid: every hex centre of the scan lands on the hex centre we print.

use sandtable::edit::Document;
use sandtable::edit::ops::calibrate::fit_hexes;
use sandtable::geom::Point;
use sandtable::io::export::{self, ExportOptions, Layout, Op, Page};
use sandtable::io::image::background_from_bytes;
use sandtable::model::*;
use sandtable::samples;
use vello_cpu::kurbo::{BezPath, Circle};

const HEX_MM: f32 = 20.0;
const COLUMNS: u32 = 9;
const ROWS: u32 = 7;
/// Margin of the printed map on its sheet, millimetres.
const MARGIN_MM: f64 = 12.0;
/// The scanner's resolution and what it did to the sheet.
const SCAN_DPI: f64 = 72.0;
const TURN_DEG: f64 = 1.5;
const SCALE: f64 = 1.13;

fn map() -> HexMap {
    HexMap::filled(
        Orientation::Flat,
        HEX_MM,
        HexShape::Rectangle {
            columns: COLUMNS,
            rows: ROWS,
            parity: OffsetParity::Even,
        },
        TerrainId(1),
    )
}

/// Where a hex centre lies on the published sheet, millimetres.
fn sheet_mm(m: &HexMap, hex: hexx::Hex) -> (f64, f64) {
    let c = m.layout().hex_to_world_pos(hex);
    (
        MARGIN_MM + HEX_MM as f64 + f64::from(c.x),
        MARGIN_MM + HEX_MM as f64 + f64::from(c.y),
    )
}

/// The published map: hexes in two ground colours, dark outlines and a black dot at each
/// centre (a quarter of a hex side across), drawn by our own renderer.
fn published(m: &HexMap) -> (Page, f64, f64) {
    let (w, h) = (
        2.0 * MARGIN_MM + (COLUMNS as f64 + 1.5) * HEX_MM as f64,
        2.0 * MARGIN_MM + (ROWS as f64 + 1.5) * HEX_MM as f64,
    );
    let mut page = Page::new("published", w, h);
    let l = m.layout();
    let side = f64::from(HEX_MM) / 3f64.sqrt();
    for (i, hex) in m.grid().hexes().enumerate() {
        let (cx, cy) = sheet_mm(m, hex);
        let mut path = BezPath::new();
        for (k, c) in l.hex_corners(hex).iter().enumerate() {
            let p = (
                cx + f64::from(c.x) - f64::from(l.hex_to_world_pos(hex).x),
                cy + f64::from(c.y) - f64::from(l.hex_to_world_pos(hex).y),
            );
            if k == 0 {
                path.move_to(p);
            } else {
                path.line_to(p);
            }
        }
        path.close_path();
        let ground = if i % 3 == 0 {
            Colour::rgb(214, 226, 170)
        } else {
            Colour::rgb(232, 220, 184)
        };
        page.fill(&path, ground);
        page.stroke(&path, 0.4, Colour::rgb(90, 80, 70));
        page.fill(&Circle::new((cx, cy), side / 4.0), Colour::rgb(0, 0, 0));
    }
    (page, w, h)
}

/// The scan: the sheet rendered at the scanner's DPI, turned and scaled about its centre
/// (bilinear), and where that puts a point of the sheet.
struct Scan {
    png: Vec<u8>,
    dpi: f64,
    upright_centre: (f64, f64),
    centre: (f64, f64),
}

impl Scan {
    fn take(page: &Page, dpi: f64) -> Scan {
        let upright = export::render(page, dpi).expect("renders");
        let (uw, uh) = (upright.width as f64, upright.height as f64);
        let (w, h) = ((uw * SCALE * 1.05) as u32, (uh * SCALE * 1.05) as u32);
        let upright_centre = (uw / 2.0, uh / 2.0);
        let centre = (f64::from(w) / 2.0, f64::from(h) / 2.0);
        let (c, s) = (TURN_DEG.to_radians().cos(), TURN_DEG.to_radians().sin());
        let src = &upright.rgb;
        let mut out = image::RgbImage::from_pixel(w, h, image::Rgb([255, 255, 255]));
        for (x, y, px) in out.enumerate_pixels_mut() {
            // The sheet point under this scan pixel: turn back, then scale back.
            let (dx, dy) = (f64::from(x) + 0.5 - centre.0, f64::from(y) + 0.5 - centre.1);
            let (ux, uy) = (
                (c * dx + s * dy) / SCALE + upright_centre.0 - 0.5,
                (-s * dx + c * dy) / SCALE + upright_centre.1 - 0.5,
            );
            if ux < 0.0 || uy < 0.0 || ux >= uw - 1.0 || uy >= uh - 1.0 {
                continue;
            }
            let (x0, y0) = (ux.floor() as usize, uy.floor() as usize);
            let (fx, fy) = (ux - x0 as f64, uy - y0 as f64);
            let at = |x: usize, y: usize, k: usize| f64::from(src[(y * uw as usize + x) * 3 + k]);
            for k in 0..3 {
                let v = at(x0, y0, k) * (1.0 - fx) * (1.0 - fy)
                    + at(x0 + 1, y0, k) * fx * (1.0 - fy)
                    + at(x0, y0 + 1, k) * (1.0 - fx) * fy
                    + at(x0 + 1, y0 + 1, k) * fx * fy;
                px.0[k] = v.round() as u8;
            }
        }
        let mut png = Vec::new();
        out.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encodes");
        Scan {
            png,
            dpi,
            upright_centre,
            centre,
        }
    }

    /// The scan pixel of a sheet point (millimetres).
    fn pixel(&self, (x, y): (f64, f64)) -> Point {
        let k = self.dpi / 25.4;
        let (dx, dy) = (x * k - self.upright_centre.0, y * k - self.upright_centre.1);
        let (c, s) = (TURN_DEG.to_radians().cos(), TURN_DEG.to_radians().sin());
        Point::new(
            ((c * dx - s * dy) * SCALE + self.centre.0) as f32,
            ((s * dx + c * dy) * SCALE + self.centre.1) as f32,
        )
    }
}

#[test]
fn calibrate_a_turned_and_scaled_scan_from_three_clicks_and_print_it_back_at_true_scale() {
    let m = map();
    let (sheet, _, _) = published(&m);
    let scan = Scan::take(&sheet, SCAN_DPI);
    let mut s = Scenario::new_hex("Scanned map");
    s.map = Map::Hex(map());
    s.map.as_hex_mut().expect("hex").terrain = vec![s.terrain_types[0].id; m.grid().len()].into();
    s.background = Some(background_from_bytes(scan.png.clone()).expect("a usable image"));

    // Three clicks far apart, each a pixel or so off the dot, naming their hexes.
    let grid = m.grid();
    let named = [
        (grid.hex_at(0).expect("hex"), (0.8, -0.6)),
        (grid.hex_at(COLUMNS as usize - 1).expect("hex"), (-0.7, 0.9)),
        (grid.hex_at(grid.len() - 5).expect("hex"), (0.5, 0.8)),
    ];
    let clicks: Vec<(Point, hexx::Hex)> = named
        .iter()
        .map(|(h, (jx, jy))| (scan.pixel(sheet_mm(&m, *h)) + Point::new(*jx, *jy), *h))
        .collect();
    let (edits, fit) = fit_hexes(&s, &clicks).expect("fits");
    assert!(fit.rms_px < 1.5, "residual {fit:?}");
    let mut doc = Document::new(s.clone(), None);
    doc.apply("Calibrate background", edits).expect("applies");
    let s = doc.scenario().clone();
    let p = s
        .background
        .as_ref()
        .and_then(|b| b.placement)
        .expect("placed");
    assert!((f64::from(p.rotation_deg) - TURN_DEG).abs() < 0.2, "{p:?}");

    // Every hex's centre as fitted lies within a quarter of a hex side of the scan's.
    let side_px = f64::from(p.px_per_unit) / 3f64.sqrt();
    let sim = p.similarity();
    let l = m.layout();
    for hex in grid.hexes() {
        let c = l.hex_to_world_pos(hex);
        let fitted = sim.apply(Point::new(c.x, c.y) / HEX_MM);
        let truth = scan.pixel(sheet_mm(&m, hex));
        let off = f64::from(fitted.distance(truth));
        assert!(off < side_px / 4.0, "{}: {off:.2} px off", m.label(hex));
    }

    // Printed back at true scale: on the tile, each of our hex centres sits on the scan's dot,
    // and a third of a hex from it the ground shows.
    let o = ExportOptions {
        layout: Layout::Tiled,
        ..ExportOptions::default()
    };
    let dpi = o.dpi;
    let pages = export::pages(&s, &o).expect("pages");
    let tile = &pages[1];
    let placed = tile
        .ops
        .iter()
        .find_map(|op| match op {
            Op::Scene(p) => Some(p.clone()),
            _ => None,
        })
        .expect("the map on the tile");
    assert!(
        (placed.to_paper.scale - 1.0).abs() < 1e-9,
        "true scale: 1 mm a mm"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("scan.png");
    export::export(&s, &o, &out).expect("exported");
    let files = export::output_paths(&out, &pages, o.format);
    let img = image::open(&files[1]).expect("the tile's PNG").to_rgb8();
    assert_eq!(
        img.width(),
        (tile.width_mm / 25.4 * f64::from(dpi)).round() as u32
    );
    let px_per_mm = f64::from(dpi) / 25.4;
    let dark = |(x, y): (f64, f64)| {
        let p = img
            .get_pixel((x * px_per_mm) as u32, (y * px_per_mm) as u32)
            .0;
        p.iter().map(|v| u32::from(*v)).sum::<u32>() < 150
    };
    let mut checked = 0;
    for hex in grid.hexes() {
        let c = l.hex_to_world_pos(hex);
        let at = placed.to_paper.apply(Point::new(c.x, c.y));
        let inside = placed.clip.contains(at);
        if !inside {
            continue;
        }
        assert!(
            dark(at),
            "{}: no dot under the printed centre",
            m.label(hex)
        );
        let beside = (at.0 + f64::from(HEX_MM) / 3.0, at.1);
        assert!(
            !dark(beside),
            "{}: dark a third of a hex away",
            m.label(hex)
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} hexes on the tile");
}

/// Not a check: writes the README's demonstration (`docs/calibrate.png` is a screenshot of the
/// editor on it). `SANDTABLE_DEMO_DIR=DIR cargo test --test calibrate -- --ignored` writes
/// Winceby, the first page of its scenario sheet, and where the sheet places the map.
fn winceby_sheet() -> (Scenario, Page, export::ScenePlacement) {
    let winceby = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let mut sheet = export::pages(&winceby, &ExportOptions::default()).expect("sheet");
    let page = sheet.swap_remove(0);
    let placed = page
        .ops
        .iter()
        .find_map(|op| match op {
            Op::Scene(p) => Some(p.clone()),
            _ => None,
        })
        .expect("the map on the sheet");
    (winceby, page, placed)
}

/// `scanned.json`: a blank 24 x 18 hex map under a scan of Winceby's printed sheet (turned 1.5°,
/// scaled), calibrated from three hex centres.
#[test]
#[ignore]
fn write_the_readme_demonstration() {
    let Some(dir) = std::env::var_os("SANDTABLE_DEMO_DIR") else {
        return;
    };
    let (winceby, page, placed) = winceby_sheet();
    let page = &page;
    let scan = Scan::take(page, 110.0);
    let wm = winceby.map.as_hex().expect("hex").clone();
    let mut s = Scenario::new_hex("Winceby, from a scan");
    let mut m = wm.clone();
    m.terrain = vec![s.terrain_types[0].id; wm.grid().len()].into();
    m.hexsides.clear();
    s.map = Map::Hex(m);
    s.background = Some(background_from_bytes(scan.png.clone()).expect("usable"));
    let grid = wm.grid();
    let l = wm.layout();
    let clicks: Vec<(Point, hexx::Hex)> = [0, 23, grid.len() - 12]
        .iter()
        .map(|i| {
            let h = grid.hex_at(*i).expect("hex");
            let c = l.hex_to_world_pos(h);
            (scan.pixel(placed.to_paper.apply(Point::new(c.x, c.y))), h)
        })
        .collect();
    let (edits, _) = fit_hexes(&s, &clicks).expect("fits");
    let mut doc = Document::new(s, None);
    doc.apply("Calibrate background", edits).expect("applies");
    let path = std::path::Path::new(&dir).join("scanned.json");
    sandtable::io::save(&path, doc.scenario()).expect("saved");
}

/// *Find the grid* on a scan of the printed scenario sheet (150 DPI, turned and scaled): the
/// map is a part of the page among the sheet's words, title and legend, which outweigh the
/// grid over the whole page; the finder measures the part where the hexagons are seen, and
/// every hex centre of the map is found within a tenth of a hex side.
#[test]
fn find_the_grid_on_a_scan_of_the_printed_scenario_sheet() {
    use sandtable::geom::hex_lattice::{Tops, V2, find};
    let (winceby, page, placed) = winceby_sheet();
    let page = &page;
    let scan = Scan::take(page, 150.0);
    let gray = sandtable::io::image::decode_gray(&scan.png).expect("decodes");
    let found = find(&gray).unwrap_or_else(|e| panic!("no grid found on the sheet: {e}"));
    assert_eq!(found.tops, Tops::Flat);
    let [x0, y0, x1, y1] = found.printed_px.expect("measured on a part of the page");
    let share = (x1 - x0) * (y1 - y0) / f64::from(gray.width * gray.height);
    assert!(share < 0.5, "measured on {share:.2} of the page");
    let wm = winceby.map.as_hex().expect("hex");
    let side = found.across_px / 3f64.sqrt();
    let l = wm.layout();
    let grid = wm.grid();
    let (mut lo, mut hi) = (V2::new(f64::MAX, f64::MAX), V2::new(f64::MIN, f64::MIN));
    for h in grid.hexes() {
        let c = l.hex_to_world_pos(h);
        let px = scan.pixel(placed.to_paper.apply(Point::new(c.x, c.y)));
        let px = V2::new(f64::from(px.x), f64::from(px.y));
        let off = (found.nearest_centre(px) - px).length() / side;
        assert!(
            off <= 0.1,
            "hex {} missed by {off:.3} of a side",
            wm.label(h)
        );
        // Every hex of the map is within the part said printed.
        assert!(
            px.x >= x0 && px.x <= x1 && px.y >= y0 && px.y <= y1,
            "hex {} at {px:?} is beyond the part said printed {:?}",
            wm.label(h),
            found.printed_px
        );
        (lo, hi) = (
            V2::new(lo.x.min(px.x), lo.y.min(px.y)),
            V2::new(hi.x.max(px.x), hi.y.max(px.y)),
        );
    }
    // And it ends where the edge hexes end, not on the paper and words around the map: the
    // corners of a hex stand 0.58 of it across from its centre.
    let a = found.across_px;
    assert!(
        x0 >= lo.x - 0.7 * a
            && y0 >= lo.y - 0.7 * a
            && x1 <= hi.x + 0.7 * a
            && y1 <= hi.y + 0.7 * a,
        "the part said printed {:?} runs past the map's centres {lo:?} to {hi:?}",
        found.printed_px
    );
    // Laid over the sheet by the grid found, the 24 x 18 map holds every hex printed: the
    // Calibrate window offers to grow it to nothing (not to a row of the paper below it).
    let mut s = winceby.clone();
    s.background = Some(background_from_bytes(scan.png.clone()).expect("usable"));
    // With no hex named, the map's first hex goes on the printed grid's top-left one: its
    // own place on the sheet.
    let first = grid.hex_at(0).expect("hex 0101");
    let c = l.hex_to_world_pos(first);
    let px = scan.pixel(placed.to_paper.apply(Point::new(c.x, c.y)));
    let at = sandtable::edit::ops::calibrate::printed_first_hex(&found).expect("printed");
    assert!(
        at.distance(Point::new(px.x, px.y)) < 0.1 * side as f32,
        "the first hex is put at {at:?}, printed at {px:?}"
    );
    let applied =
        sandtable::edit::ops::calibrate::apply_found_grid(&s, &found, &[], at).expect("applied");
    let mut doc = Document::new(s, None);
    doc.apply("Apply the grid found", applied.edits)
        .expect("applies");
    assert_eq!(
        sandtable::edit::ops::calibrate::scan_cover_within(doc.scenario(), Some(&found)),
        None,
        "the printed grid is the map's 24 x 18"
    );
}
