//! A scan at its own resolution: opening a scenario whose background is a 67-megapixel JPEG
//! (10,000 x 6,700 pixels, the size of an A1 map scanned at 300 dpi) until its tiles are on
//! screen, and the frames of panning and zooming over it once open. The GPU's share (uploading
//! the tiles) is not measured here; the CPU's (cutting tiles, building the frame) is.

use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::{self, recovery::Recovery};
use sandtable::model::Scenario;
use sandtable::samples;
use std::path::PathBuf;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const WIDTH: u32 = 10_000;
const HEIGHT: u32 = 6_700;

/// A scan-like image: terrain colours that change over the sheet, a printed hex grid, grain.
fn scan() -> Vec<u8> {
    let side = 60.0f32;
    let img = image::RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        // Distance to the nearest flat-topped hex edge, roughly: three families of lines.
        let u = fx / (1.5 * side);
        let v = fy / (3f32.sqrt() * side) - 0.5 * (u.floor() % 2.0);
        let edge = (u.fract() - 0.5).abs().max((v.fract() - 0.5).abs()) > 0.47;
        let grain = ((x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 27) as u8;
        if edge {
            image::Rgb([40 + grain, 40 + grain, 40 + grain])
        } else {
            let t = ((fx / 900.0).sin() + (fy / 700.0).cos()) * 0.25 + 0.5;
            image::Rgb([
                (150.0 + 60.0 * t) as u8 + grain,
                (170.0 + 40.0 * (1.0 - t)) as u8 + grain,
                (110.0 + 30.0 * t) as u8 + grain,
            ])
        }
    });
    let mut out = Vec::new();
    let mut enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 88);
    enc.encode_image(&img).expect("the scan encodes");
    out
}

/// Winceby with the scan as its background, saved to a file (kept for the whole run).
static FILE: LazyLock<(tempfile::TempDir, PathBuf)> = LazyLock::new(|| {
    let mut s: Scenario = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let bg = io::image::background_from_bytes(scan()).expect("a 67 MP background is allowed");
    assert_eq!((bg.width_px, bg.height_px), (WIDTH, HEIGHT));
    s.background = Some(bg);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("scan.sandtable");
    io::save(&path, &s).expect("saves");
    (dir, path)
});

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1600.0, 1000.0),
        )),
        ..Default::default()
    }
}

fn run_frame(app: &mut App, ctx: &egui::Context) {
    let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
    let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
}

/// The editor on the file, after the frames it takes until the scan is decoded, its pyramid
/// built and every tile in view cut and handed over (a few a frame).
fn opened(dir: &tempfile::TempDir) -> (App, egui::Context) {
    opened_with(dir, true)
}

/// The editor on the file, with the scan or without it (the same map, labels and units).
fn opened_with(dir: &tempfile::TempDir, scan: bool) -> (App, egui::Context) {
    let mut s = io::load(&FILE.1).expect("the scan's scenario opens");
    if !scan {
        s.background = None;
    }
    let mut app = App::new(
        Document::new(s, Some(FILE.1.clone())),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().join("recovery")),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    let start = std::time::Instant::now();
    run_frame(&mut app, &ctx);
    let mut frames = 0;
    while (app.working() || (ctx.has_requested_repaint() && frames < 200))
        && start.elapsed().as_secs() < 60
    {
        frames += 1;
        if app.working() {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        run_frame(&mut app, &ctx);
    }
    (app, ctx)
}

/// From the file on disk to the scan on screen: reading and checking the file, decoding the
/// JPEG, building the pyramid, the frames that upload the tiles in view.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn open_a_67_mp_scan(bencher: divan::Bencher) {
    LazyLock::force(&FILE);
    let dir = tempfile::tempdir().expect("tempdir");
    bencher.bench_local(|| opened(&dir));
}

/// A frame while panning over the open scan (a step of 40 points a frame, back and forth
/// across the sheet, so tiles come into view and others leave).
#[divan::bench(args = [true, false], sample_count = 40)]
fn frame_panning_over_a_67_mp_scan(bencher: divan::Bencher, scan: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, ctx) = opened_with(&dir, scan);
    let mut k = 0i32;
    bencher.bench_local(|| {
        k += 1;
        let dx = if (k / 25) % 2 == 0 { 40.0 } else { -40.0 };
        app.view.pan(egui::vec2(dx, 0.0));
        run_frame(&mut app, &ctx);
    });
}

/// A frame while zooming over the open scan (a wheel notch in, then out, about the middle of
/// the map: the pyramid's level changes under the view); `false`, the same map without its
/// scan, for what the scan adds to a zoom (the map's labels laid out at each new size cost
/// the same with or without it).
#[divan::bench(args = [true, false], sample_count = 40)]
fn frame_zooming_over_a_67_mp_scan(bencher: divan::Bencher, scan: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, ctx) = opened_with(&dir, scan);
    let mut k = 0i32;
    bencher.bench_local(|| {
        k += 1;
        let f = if (k / 8) % 2 == 0 { 1.25 } else { 0.8 };
        app.view.zoom_about(egui::pos2(800.0, 500.0), f);
        run_frame(&mut app, &ctx);
    });
}
