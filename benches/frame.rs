//! The CPU cost of one editor frame: laying out the panels, building the scene (the static
//! layer comes from its cache unless the scenario changed) and tessellating everything with
//! epaint, as eframe does before handing meshes to the GPU.

use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::recovery::Recovery;
use sandtable::model::{Scenario, generate, samples};

fn main() {
    divan::main();
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1600.0, 1000.0),
        )),
        ..Default::default()
    }
}

fn scenario(name: &str) -> Scenario {
    match name {
        "winceby" => (samples::by_name("winceby").expect("sample").build)(),
        // 40,000 hexes, 10% impassable, 5,000 units on hexes.
        "hex_200x200_5000_units" => generate::hex_battlefield(200, 0.1, 5000, 3),
        // 5,000 model bases and 60 terrain pieces on a 72" x 48" table.
        _ => generate::crowded_table(5000, 60, 3),
    }
}

const MAPS: [&str; 3] = ["winceby", "hex_200x200_5000_units", "table_5000_models"];

/// A steady frame (nothing changed since the last one): the usual case while the user works.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_steady(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = App::new(
        Document::new(scenario(map), None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().to_path_buf()),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    // Warm up: fonts, layout settling, the static layer cache.
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    bencher.bench_local(|| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A frame right after an edit: the static layer (terrain, hexsides, grid) is rebuilt too.
#[divan::bench(args = MAPS, sample_count = 10)]
fn frame_after_edit(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = App::new(
        Document::new(scenario(map), None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().to_path_buf()),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let mut turn = 1u16;
    bencher.bench_local(|| {
        turn = turn % 50 + 1;
        let _ = app
            .doc
            .apply("Turn", vec![sandtable::edit::Edit::SetTurn(turn)]);
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A frame while panning: the view moves every frame, so the map's shapes are rebuilt from the
/// cached layers (nothing is reused but the layers themselves).
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_panning(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = App::new(
        Document::new(scenario(map), None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().to_path_buf()),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let mut step = 0.0f32;
    bencher.bench_local(|| {
        step = -step + if step > 0.0 { -1.0 } else { 1.0 };
        app.view.pan(egui::vec2(step, 0.0));
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}
