//! Printing: golden sheets of every sample, the calibration square measured in pixels, the tile
//! arithmetic for a 6' x 4' table and for Winceby, the limits that stop a runaway export, the
//! PDF's structure, and the `export` command.
//!
//! Goldens live in `tests/golden/` as 60 DPI PNGs (496 x 702 pixels for A4). Run with
//! `UPDATE_GOLDEN=1` to rewrite them after a deliberate change; a failing comparison writes
//! `NAME.new.png` (this rendering) and `NAME.diff.png` (the differing pixels in red) beside the
//! golden.
//!
//! The tolerance was measured: rendering is deterministic up to rounding (the scalar and the AVX2
//! paths of the rasteriser differ by at most 1 in a channel; moving the whole page by 0.05 pixel
//! or scaling it by 1e-4 moves no channel by more than 24), while one changed letter in an
//! objective's name changes ~180 pixels by more than 24, one changed digit 4 (in the 5.5 point
//! text of a sheet that lists a whole order of battle), a side's colour nudged by 40 ~1,200. So a
//! pixel differs when a channel is more than 24 off, and at most 2 pixels may differ.

use sandtable::io::export::{
    self, ExportError, ExportOptions, Format, Layout, MAX_PAGES, Page, Paper, TilePlan,
};
use sandtable::model::{Map, Scenario, TableMap};
use sandtable::samples;
use std::path::{Path, PathBuf};

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves};

const GOLDEN_DPI: f64 = 60.0;
/// A pixel differs when any channel is further off than this.
const CHANNEL_TOLERANCE: u8 = 24;
/// At most this many of a golden's pixels may differ.
const MAX_DIFFERING: usize = 2;

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn options(layout: Layout) -> ExportOptions {
    ExportOptions {
        layout,
        ..ExportOptions::default()
    }
}

fn sheet_page(s: &Scenario) -> Page {
    let mut pages = export::pages(s, &options(Layout::Sheet)).expect("pages");
    assert_eq!(pages.len(), 1);
    pages.remove(0)
}

/// Writes an RGB image as PNG with the best compression (goldens stay small in the repository).
fn save_png(img: &image::RgbImage, path: &Path) -> Result<(), String> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    PngEncoder::new_with_quality(
        std::io::BufWriter::new(file),
        CompressionType::Best,
        FilterType::Adaptive,
    )
    .write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgb8,
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// Whether two pixels differ by more than the tolerance in any channel.
fn differs(g: &image::Rgb<u8>, a: &image::Rgb<u8>) -> bool {
    g.0.iter()
        .zip(a.0.iter())
        .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
}

/// How many pixels of two images of one size differ.
fn differing(golden: &image::RgbImage, actual: &image::RgbImage) -> usize {
    golden
        .pixels()
        .zip(actual.pixels())
        .filter(|(g, a)| differs(g, a))
        .count()
}

/// Compares an image with its golden; returns what differs, writing `.new.png` and `.diff.png`
/// on failure.
fn compare(name: &str, actual: &image::RgbImage) -> Result<(), String> {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).map_err(|e| e.to_string())?;
        return save_png(actual, &path);
    }
    let fail = |why: String, golden: Option<&image::RgbImage>| {
        let new = golden_dir().join(format!("{name}.new.png"));
        let _ = save_png(actual, &new);
        if let Some(g) = golden {
            // The golden faded, with the differing pixels in red.
            let diff = image::RgbImage::from_fn(g.width(), g.height(), |x, y| {
                let (gp, ap) = (g.get_pixel(x, y), actual.get_pixel(x, y));
                if differs(gp, ap) {
                    image::Rgb([255, 0, 0])
                } else {
                    image::Rgb(gp.0.map(|c| 192 + c / 4))
                }
            });
            let _ = save_png(&diff, &golden_dir().join(format!("{name}.diff.png")));
        }
        Err(format!(
            "{name}: {why}; the rendering is in {} (UPDATE_GOLDEN=1 accepts it)",
            new.display()
        ))
    };
    let golden = match image::open(&path) {
        Ok(g) => g.to_rgb8(),
        Err(e) => return fail(format!("no golden at {} ({e})", path.display()), None),
    };
    if golden.dimensions() != actual.dimensions() {
        return fail(
            format!(
                "size {:?}, golden {:?}",
                actual.dimensions(),
                golden.dimensions()
            ),
            None,
        );
    }
    let differing = differing(&golden, actual);
    if differing > MAX_DIFFERING {
        return fail(
            format!(
                "{differing} pixels differ by more than {CHANNEL_TOLERANCE} in a channel, \
                 allowed {MAX_DIFFERING}"
            ),
            Some(&golden),
        );
    }
    Ok(())
}

#[test]
fn sheets_of_every_sample_match_their_goldens() {
    let mut failures = Vec::new();
    for sample in &samples::ALL {
        let s = sample.load().expect("the sample loads");
        let rendered = export::render(&sheet_page(&s), GOLDEN_DPI).expect("renders");
        assert_eq!(
            (rendered.width, rendered.height),
            (496, 702),
            "A4 at 60 DPI"
        );
        let img = rendered.into_image().expect("image");
        if let Err(e) = compare(&format!("{}-sheet", sample.name), &img) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn golden_comparison_catches_small_changes() {
    // One letter of an objective's name, one digit of its value, the author: each small change to
    // a sheet must fail the comparison with its golden.
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        return;
    }
    let golden = image::open(golden_dir().join("winceby-sheet.png"))
        .expect("golden")
        .to_rgb8();
    type Change = fn(&mut Scenario);
    let changes: [(&str, Change); 3] = [
        ("a letter", |s| {
            s.objectives[0].name.replace_range(0..1, "X")
        }),
        ("a digit", |s| s.objectives[0].value += 1),
        ("the author", |s| s.meta.author.push('s')),
    ];
    for (what, change) in changes {
        let mut s = sample("winceby");
        change(&mut s);
        let img = export::render(&sheet_page(&s), GOLDEN_DPI)
            .expect("renders")
            .into_image()
            .expect("image");
        let n = differing(&golden, &img);
        assert!(n > MAX_DIFFERING, "changing {what} moved only {n} pixels");
    }
}

/// Measures the calibration square on a page rendered at `dpi`: the width in pixels of the
/// square's row `row_mm` below its top, from its outer left edge to its outer right edge, with
/// the partly covered edge pixels counted by their coverage.
fn square_width_px(img: &image::RgbImage, left_mm: f64, top_mm: f64, row_mm: f64, dpi: f64) -> f64 {
    let px = |mm: f64| mm / 25.4 * dpi;
    let y = px(top_mm + row_mm).round() as u32;
    // Ink: how far a pixel is from white, as a fraction of the border's ink.
    let ink = |x: u32| {
        let p = img.get_pixel(x, y).0;
        let v = 255.0 - f64::from(*p.iter().min().expect("channels"));
        v / (255.0 - 33.0)
    };
    let start = px(left_mm - 3.0).max(0.0) as u32;
    let mut x = start;
    while ink(x) < 0.02 {
        x += 1;
        assert!(
            x < start + px(10.0) as u32,
            "no square left edge near {left_mm} mm"
        );
    }
    let left = f64::from(x) + 1.0 - ink(x).min(1.0);
    // Walk to the first white run after the square.
    let mut last = x;
    let mut white = 0;
    while white < 8 {
        x += 1;
        if ink(x) < 0.02 {
            white += 1;
        } else {
            white = 0;
            last = x;
        }
    }
    let right = f64::from(last) + ink(last).min(1.0);
    right - left
}

#[test]
fn calibration_square_measures_its_size_in_pixels_at_300_dpi() {
    let dpi = 300.0;
    // The table: a 1 inch square must be 300 pixels wide.
    let s = sample("bakambo");
    let pages = export::pages(&s, &options(Layout::Tiled)).expect("pages");
    let plan = export::tile_plan(&s, &options(Layout::Tiled)).expect("plan");
    let a1 = pages.iter().find(|p| p.name == "A1").expect("A1");
    let img = export::render(a1, dpi)
        .expect("renders")
        .into_image()
        .expect("image");
    // The square sits at the left of the strip, 3 mm under the map area.
    let top = plan.image.y1 + 3.0;
    for row in [6.3, 19.0] {
        let w = square_width_px(&img, plan.image.x0, top, row, dpi);
        assert!(
            (w - dpi).abs() <= 0.5,
            "1 inch square is {w:.2} px at {dpi} DPI"
        );
    }
    // The hex map: a 20 mm square must be 20 / 25.4 * 300 = 236.22 pixels wide.
    let s = sample("winceby");
    let pages = export::pages(&s, &options(Layout::Tiled)).expect("pages");
    let plan = export::tile_plan(&s, &options(Layout::Tiled)).expect("plan");
    let b2 = pages.iter().find(|p| p.name == "B2").expect("B2");
    let img = export::render(b2, dpi)
        .expect("renders")
        .into_image()
        .expect("image");
    let w = square_width_px(&img, plan.image.x0, plan.image.y1 + 3.0, 5.0, dpi);
    let want = 20.0 / 25.4 * dpi;
    assert!(
        (w - want).abs() <= 0.5,
        "20 mm square is {w:.2} px, want {want:.2}"
    );
}

fn check_neighbours(plan: &TilePlan) {
    for t in &plan.tiles {
        if let Some(r) = plan
            .tiles
            .iter()
            .find(|u| u.row == t.row && u.col == t.col + 1)
        {
            let shared = t.map_rect.x1 - r.map_rect.x0;
            assert!(
                (shared - plan.overlap_mm).abs() < 1e-9,
                "{} and {}",
                t.label,
                r.label
            );
        }
        if let Some(d) = plan
            .tiles
            .iter()
            .find(|u| u.col == t.col && u.row == t.row + 1)
        {
            let shared = t.map_rect.y1 - d.map_rect.y0;
            assert!(
                (shared - plan.overlap_mm).abs() < 1e-9,
                "{} and {}",
                t.label,
                d.label
            );
        }
    }
}

#[test]
fn a_72_by_48_table_tiles_as_the_arithmetic_says() {
    let s = sample("bakambo");
    assert_eq!(
        s.map.as_table().map(|t| (t.width_in, t.height_in)),
        Some((72.0, 48.0))
    );
    // A4 portrait is 210 x 297 mm. Each page keeps an 8 mm margin all round and, under the map
    // area, a 3 mm gap and a 25.4 mm strip for the label and the calibration square:
    //   map area = (210 - 2 x 8) x (297 - 2 x 8 - 3 - 25.4) = 194 x 252.6 mm.
    // The table is 72 x 25.4 = 1828.8 mm by 48 x 25.4 = 1219.2 mm. With a 10 mm overlap each
    // page advances 194 - 10 = 184 mm across and 252.6 - 10 = 242.6 mm down, so
    //   columns = ceil((1828.8 - 10) / 184)   = ceil(9.885) = 10
    //   rows    = ceil((1219.2 - 10) / 242.6) = ceil(4.984) = 5
    // 50 tiles, plus the assembly plan: 51 pages.
    let plan = export::tile_plan(&s, &options(Layout::Tiled)).expect("plan");
    assert!((plan.image.width() - 194.0).abs() < 1e-9);
    assert!((plan.image.height() - 252.6).abs() < 1e-9);
    assert!((plan.map_mm.0 - 1828.8).abs() < 1e-3 && (plan.map_mm.1 - 1219.2).abs() < 1e-3);
    assert_eq!((plan.columns, plan.rows), (10, 5));
    assert_eq!(plan.tiles.len(), 50);
    assert_eq!(plan.overlap_mm, 10.0);
    check_neighbours(&plan);
    // The last column and row reach the far edges (9 x 184 + 194 = 1850 >= 1828.8 and
    // 4 x 242.6 + 252.6 = 1223 >= 1219.2); one fewer would not (1666 and 980.4).
    let reach = |f: fn(&export::Tile) -> f64| plan.tiles.iter().map(f).fold(0.0, f64::max);
    assert!((reach(|t| t.map_rect.x1) - 1850.0).abs() < 1e-9);
    assert!((reach(|t| t.map_rect.y1) - 1223.0).abs() < 1e-9);
    assert!(8.0 * (plan.image.width() - 10.0) + plan.image.width() < plan.map_mm.0);
    assert!(3.0 * (plan.image.height() - 10.0) + plan.image.height() < plan.map_mm.1);
    let last = plan.tiles.last().expect("tiles");
    assert_eq!(last.label, "E10");
    assert!((last.map_rect.x0 - 9.0 * 184.0).abs() < 1e-9);
    assert!((last.map_rect.y0 - 4.0 * 242.6).abs() < 1e-9);
    assert_eq!(
        export::pages(&s, &options(Layout::Tiled))
            .expect("pages")
            .len(),
        51
    );
    // Landscape: map area (297 - 16) x (210 - 16 - 28.4) = 281 x 165.6 mm, steps 271 and 155.6:
    //   columns = ceil(1818.8 / 271) = ceil(6.71) = 7, rows = ceil(1209.2 / 155.6) = ceil(7.77) = 8.
    let landscape = ExportOptions {
        landscape: true,
        ..options(Layout::Tiled)
    };
    let plan = export::tile_plan(&s, &landscape).expect("plan");
    assert_eq!((plan.columns, plan.rows), (7, 8));
    check_neighbours(&plan);
    // No overlap on Letter (215.9 x 279.4 mm): map area 199.9 x 235.0 mm,
    //   columns = ceil(1828.8 / 199.9) = ceil(9.15) = 10, rows = ceil(1219.2 / 235.0) = ceil(5.19) = 6.
    let letter = ExportOptions {
        paper: Paper::Letter,
        overlap_mm: 0.0,
        ..options(Layout::Tiled)
    };
    let plan = export::tile_plan(&s, &letter).expect("plan");
    assert_eq!((plan.columns, plan.rows), (10, 6));
    check_neighbours(&plan);
}

#[test]
fn winceby_tiles_as_the_arithmetic_says() {
    let s = sample("winceby");
    let h = s.map.as_hex().expect("hex map");
    assert_eq!(h.hex_size_mm, 25.0);
    // 24 x 18 flat-topped hexes, 25 mm across the flats: the circumradius is R = 25 / sqrt(3)
    // = 14.434 mm. Columns advance 1.5 R and shifted columns hang half a hex lower, so
    //   width  = 23 x 1.5 R + 2 R = 36.5 R = 526.83 mm
    //   height = 18 x 25 + 25 / 2         = 462.5 mm
    let r = 25.0 / 3f64.sqrt();
    let (w, hgt) = (36.5 * r, 462.5);
    let plan = export::tile_plan(&s, &options(Layout::Tiled)).expect("plan");
    assert!((plan.map_mm.0 - w).abs() < 0.01, "{} vs {w}", plan.map_mm.0);
    assert!(
        (plan.map_mm.1 - hgt).abs() < 0.01,
        "{} vs {hgt}",
        plan.map_mm.1
    );
    // On A4 portrait (map area 194 x 252.6 mm, 10 mm overlap):
    //   columns = ceil((526.83 - 10) / 184)  = ceil(2.81) = 3
    //   rows    = ceil((462.5 - 10) / 242.6) = ceil(1.87) = 2
    assert_eq!((plan.columns, plan.rows), (3, 2));
    let labels: Vec<&str> = plan.tiles.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels, ["A1", "A2", "A3", "B1", "B2", "B3"]);
    check_neighbours(&plan);
    // At its hex size: one map millimetre is one paper millimetre on every tile.
    let pages = export::pages(&s, &options(Layout::Tiled)).expect("pages");
    assert_eq!(pages.len(), 7);
    for p in &pages[1..] {
        let scene = p
            .ops
            .iter()
            .find_map(|op| match op {
                export::Op::Scene(sp) => Some(sp),
                _ => None,
            })
            .expect("the map");
        assert_eq!(scene.to_paper.scale, 1.0, "{}", p.name);
    }
    // A 20 mm overlap changes the count as the arithmetic says:
    //   columns = ceil(506.83 / 174) = ceil(2.91) = 3, rows = ceil(442.5 / 232.6) = ceil(1.90) = 2.
    let plan = export::tile_plan(
        &s,
        &ExportOptions {
            overlap_mm: 20.0,
            ..options(Layout::Tiled)
        },
    )
    .expect("plan");
    assert_eq!((plan.columns, plan.rows), (3, 2));
    check_neighbours(&plan);
}

#[test]
fn pages_too_large_for_the_dpi_are_refused_before_rendering() {
    let s = sample("bakambo");
    let err = export::pages(
        &s,
        &ExportOptions {
            dpi: 5000,
            ..options(Layout::Sheet)
        },
    )
    .expect_err("too many pixels");
    assert!(matches!(err, ExportError::PageTooLarge { .. }), "{err}");
    let text = err.to_string();
    assert!(text.contains("5000 DPI"), "{text}");
    assert!(text.contains("210 x 297 mm"), "{text}");
    assert!(text.contains("megapixel limit"), "{text}");
    // Rendering a page directly checks too.
    let page = sheet_page(&s);
    assert!(matches!(
        export::render(&page, 5000.0),
        Err(ExportError::PageTooLarge { .. })
    ));
    // A DPI under the minimum is refused, with the minimum named.
    let err = export::pages(
        &s,
        &ExportOptions {
            dpi: 2,
            ..options(Layout::Sheet)
        },
    )
    .expect_err("too low");
    assert!(err.to_string().contains("at least 10"), "{err}");
}

#[test]
fn a_map_too_large_to_tile_is_refused_with_its_page_count() {
    let mut s = sample("patrol");
    s.map = Map::Table(TableMap {
        width_in: 1000.0,
        height_in: 1000.0,
    });
    let err = export::pages(&s, &options(Layout::Tiled)).expect_err("too many pages");
    match &err {
        ExportError::TooManyPages {
            pages,
            columns,
            rows,
            limit,
            ..
        } => {
            // 25400 mm: ceil(25390 / 184) = 138 columns, ceil(25390 / 242.6) = 105 rows.
            assert_eq!((*columns, *rows), (138, 105));
            assert_eq!(*pages, 138 * 105);
            assert_eq!(*limit, MAX_PAGES);
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains("14490 pages"), "{err}");
}

#[test]
fn pdf_has_one_page_per_page_and_parses() {
    use hayro_syntax::Pdf;
    let s = sample("winceby");
    for (layout, count) in [(Layout::Sheet, 1), (Layout::Tiled, 7)] {
        let bytes = export::pdf_bytes(&s, &options(layout)).expect("pdf");
        assert!(bytes.starts_with(b"%PDF-1."));
        assert!(bytes.windows(5).rev().take(64).any(|w| w == b"%%EOF"));
        let pdf = Pdf::new(bytes).expect("parses");
        let pages = pdf.pages();
        assert_eq!(pages.len(), count, "{layout:?}");
        for page in pages.iter() {
            // A4 in points.
            let (w, h) = page.base_dimensions();
            assert!(
                (w - 595.28).abs() < 0.1 && (h - 841.89).abs() < 0.1,
                "{w} x {h}"
            );
            let mut ops = Vec::new();
            let mut iter = page.typed_operations();
            while let Some(op) = iter.next() {
                ops.push(format!("{op}"));
            }
            assert!(
                ops.iter().any(|o| o.starts_with("FillPath")),
                "vector fills"
            );
            assert!(ops.iter().any(|o| o.starts_with("ShowText")), "real text");
        }
    }
}

#[test]
fn export_command_writes_pages_named_after_their_labels() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("winceby.png");
    let out_s = out.display().to_string();
    let run = sandtable(&[
        "export",
        &saves("winceby.sandtable"),
        "--out",
        &out_s,
        "--tiled",
        "--dpi",
        "20",
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("true-scale tiled print: 7 pages, PNG at 20 DPI, A4 portrait"),
        "{stdout}"
    );
    for name in ["plan", "A1", "A2", "A3", "B1", "B2", "B3"] {
        let p = dir.path().join(format!("winceby-{name}.png"));
        let img = image::open(&p).expect("page written");
        // 210 x 297 mm at 20 DPI.
        assert_eq!((img.width(), img.height()), (165, 234), "{name}");
    }
    // The sheet goes to the path given; the format follows the extension.
    let pdf = dir.path().join("sheet.pdf");
    let run = sandtable(&[
        "export",
        &saves("patrol.sandtable"),
        "--out",
        &pdf.display().to_string(),
        "--paper",
        "letter",
        "--landscape",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains("scenario sheet: 1 page, vector PDF, Letter landscape"),
        "{stdout}"
    );
    assert!(std::fs::read(&pdf).expect("pdf").starts_with(b"%PDF-"));
    // --format wins over the extension.
    let forced = dir.path().join("forced.out");
    let run = sandtable(&[
        "export",
        &saves("patrol.sandtable"),
        "--out",
        &forced.display().to_string(),
        "--format",
        "pdf",
    ]);
    assert!(run.status.success());
    assert!(std::fs::read(&forced).expect("pdf").starts_with(b"%PDF-"));
}

#[test]
fn export_command_explains_bad_arguments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("x.png").display().to_string();
    for (args, says) in [
        (vec!["--paper", "a3"], "not a paper size"),
        (vec!["--format", "tiff"], "not an export format"),
        (vec!["--dpi", "4000"], "4000 DPI"),
        (vec!["--tiled", "--overlap", "80"], "overlap of 80 mm"),
    ] {
        let bakambo = saves("bakambo.sandtable");
        let mut all = vec!["export", bakambo.as_str(), "--out", out.as_str()];
        all.extend(args.iter().copied());
        let run = sandtable(&all);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(std::fs::read_dir(dir.path()).expect("dir").next().is_none());
}

#[test]
fn output_paths_follow_the_page_names() {
    let s = sample("winceby");
    let pages = export::pages(&s, &options(Layout::Tiled)).expect("pages");
    let paths = export::output_paths(Path::new("/tmp/map.png"), &pages, Format::Png);
    assert_eq!(paths.first(), Some(&PathBuf::from("/tmp/map-plan.png")));
    assert_eq!(paths.get(1), Some(&PathBuf::from("/tmp/map-A1.png")));
    assert_eq!(paths.len(), 7);
    let one = export::output_paths(Path::new("/tmp/map"), &pages, Format::Pdf);
    assert_eq!(one, [PathBuf::from("/tmp/map.pdf")]);
    let sheet = export::pages(&s, &options(Layout::Sheet)).expect("pages");
    let one = export::output_paths(Path::new("/tmp/sheet.png"), &sheet, Format::Png);
    assert_eq!(one, [PathBuf::from("/tmp/sheet.png")]);
}

/// The paper box of a top-anchored (or centred) map text: its measured width, one em tall.
fn text_box(pos: sandtable::geom::Point, text: &str, size_mm: f32, centred: bool) -> [f32; 4] {
    let line = sandtable::io::export::TextLine::new(
        text,
        (0.0, 0.0),
        f64::from(size_mm) / sandtable::io::export::MM_PER_PT,
        sandtable::model::Colour::rgb(0, 0, 0),
    );
    let w = sandtable::io::export::text_width_mm(&line) as f32;
    let top = if centred {
        pos.y - size_mm / 2.0
    } else {
        pos.y
    };
    [pos.x - w / 2.0, top, pos.x + w / 2.0, top + size_mm]
}

fn item_box(item: &sandtable::scene::Item) -> Option<[f32; 4]> {
    use sandtable::scene::{Anchor, Item, Size};
    match item {
        Item::Convex { points, .. } => {
            let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
            for p in points {
                b = [b[0].min(p.x), b[1].min(p.y), b[2].max(p.x), b[3].max(p.y)];
            }
            Some(b)
        }
        Item::Circle { centre, radius, .. } => Some([
            centre.x - radius,
            centre.y - radius,
            centre.x + radius,
            centre.y + radius,
        ]),
        Item::Text {
            pos,
            text,
            size: Size::Map(size),
            anchor,
            ..
        } => Some(text_box(*pos, text, *size, *anchor == Anchor::Centre)),
        _ => None,
    }
}

#[test]
fn tiles_never_cover_a_hex_number_with_a_counter_or_unit_name() {
    use sandtable::scene::{Item, Size};
    for side in [None, Some("Royalists")] {
        let s = sample("winceby");
        let o = ExportOptions {
            layout: Layout::Tiled,
            side: side.and_then(|n| export::find_side(&s, n)),
            ..ExportOptions::default()
        };
        let shown = match o.side {
            Some(id) => export::side_only(&s, id),
            None => s.clone(),
        };
        let scene = export::map_scene(&shown, &o);
        let map = shown.map.as_hex().expect("hex");
        let labels: Vec<String> = map.grid().hexes().map(|h| map.label(h)).collect();
        let last_label = scene
            .items
            .iter()
            .rposition(|i| matches!(i, Item::Text { text, .. } if labels.contains(text)))
            .expect("hex numbers print");
        let numbers: Vec<[f32; 4]> = scene.items[..=last_label]
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    pos,
                    text,
                    size: Size::Map(size),
                    ..
                } if labels.contains(text) => Some(text_box(*pos, text, *size, false)),
                _ => None,
            })
            .collect();
        assert_eq!(numbers.len(), labels.len());
        let mut checked = 0;
        for item in &scene.items[last_label + 1..] {
            let Some(b) = item_box(item) else { continue };
            checked += 1;
            for n in &numbers {
                let overlap = b[0] < n[2] && n[0] < b[2] && b[1] < n[3] && n[1] < b[3];
                assert!(
                    !overlap,
                    "{side:?}: {item:?} covers the hex number at {n:?}"
                );
            }
        }
        assert!(
            checked > 20,
            "{checked} counters, markers and names checked"
        );
    }
}

#[test]
fn side_handout_names_nothing_of_the_other_side() {
    let s = sample("winceby");
    let dir = tempfile::tempdir().expect("tempdir");
    for (mine, theirs) in [(1usize, 0usize), (0, 1)] {
        let me = s.sides[mine].id;
        let other = &s.sides[theirs];
        let mut other_names: Vec<String> = vec![other.name.clone()];
        other_names.extend(
            s.units
                .iter()
                .filter(|u| u.side == other.id)
                .map(|u| u.name.clone()),
        );
        other_names.extend(
            s.zones
                .iter()
                .filter(|z| z.side == other.id)
                .map(|z| z.name.clone()),
        );
        other_names.extend(
            s.columns
                .iter()
                .filter(|c| c.side == other.id)
                .map(|c| c.name.clone()),
        );
        let my_units: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.side == me)
            .map(|u| u.name.clone())
            .collect();
        for layout in [Layout::Sheet, Layout::Tiled] {
            let o = ExportOptions {
                layout,
                side: Some(me),
                format: export::Format::Pdf,
                ..ExportOptions::default()
            };
            let pages = export::pages(&s, &o).expect("pages");
            let mut words = String::new();
            for p in &pages {
                for op in &p.ops {
                    match op {
                        export::Op::Text(t) => words.push_str(&format!("{}\n", t.text)),
                        export::Op::Scene(sp) => {
                            for i in &sp.scene.items {
                                if let sandtable::scene::Item::Text { text, .. } = i {
                                    words.push_str(&format!("{text}\n"));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            for name in &other_names {
                assert!(
                    !words.contains(name.as_str()),
                    "{layout:?} for side {mine} prints '{name}'"
                );
            }
            assert!(words.contains(s.sides[mine].name.as_str()) || layout == Layout::Tiled);
            let short_or_full = my_units
                .iter()
                .filter(|n| words.contains(n.split(' ').next().unwrap_or("")))
                .count();
            assert!(short_or_full > 0, "{layout:?}: the side's own units print");
            let out = dir.path().join(format!("side{mine}-{layout:?}.pdf"));
            export::export(&s, &o, &out).expect("the handout writes");
        }
    }
}

/// The after-action report of the Winceby game saved by format 3 (tests/fixtures/v3: a chit,
/// the end of the Command Phase, Cromwell's Horse charging from 1506 to 1107, a referee's
/// override): its turn page matches its golden, and `sandtable report` writes the cover, the
/// turn and the result as PNG pages, or one PDF, and refuses a scenario with no game.
#[test]
fn the_after_action_report_of_a_saved_game_matches_its_golden_and_the_command_writes_it() {
    let game =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v3/winceby-game.sandtable");
    let s = sandtable::io::load(&game).expect("the saved game");
    let pages = sandtable::report::pages(&s, &ExportOptions::default(), "2026-11-28")
        .expect("the report's pages");
    let names: Vec<&str> = pages.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["cover", "turn-2", "result"]);
    let img = export::render(&pages[1], GOLDEN_DPI)
        .expect("renders")
        .into_image()
        .expect("image");
    compare("winceby-report-turn", &img).unwrap_or_else(|e| panic!("{e}"));

    let dir = tempfile::tempdir().expect("tempdir");
    let game_s = game.display().to_string();
    let out = dir.path().join("report.png").display().to_string();
    let run = sandtable(&[
        "report",
        &game_s,
        "--out",
        &out,
        "--dpi",
        "20",
        "--date",
        "2026-11-28",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    for name in ["cover", "turn-2", "result"] {
        let p = dir.path().join(format!("report-{name}.png"));
        assert!(image::open(&p).is_ok(), "{name} written");
    }
    let pdf = dir.path().join("report.pdf").display().to_string();
    let run = sandtable(&["report", &game_s, "--out", &pdf, "--paper", "letter"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains("after-action report: 3 pages on Letter portrait"),
        "{stdout}"
    );
    let run = sandtable(&["report", &saves("winceby.sandtable"), "--out", &pdf]);
    assert!(!run.status.success());
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("holds no game"),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}
