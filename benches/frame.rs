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

/// An editor on `s` with its recovery files in a temporary directory (kept alive by the
/// returned guard), and the context its frames run in.
fn editor(s: Scenario) -> (App, egui::Context, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = App::new(
        Document::new(s, None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().to_path_buf()),
        Settings::default(),
    );
    (app, egui::Context::default(), dir)
}

/// Warm-up frames: fonts, layout settling, the layer caches, and the map's image drawn in
/// the background (so the frames measured are the steady ones a user sees).
fn warm_up(app: &mut App, ctx: &egui::Context) {
    let frame = |app: &mut App| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    };
    for _ in 0..3 {
        frame(app);
    }
    let start = std::time::Instant::now();
    while app.drawing_in_background() && start.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(5));
        frame(app);
    }
    frame(app);
}

/// A steady frame (nothing changed since the last one): the usual case while the user works.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_steady(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    bencher.bench_local(|| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A frame right after an edit: the static layer (terrain, hexsides, grid) is rebuilt too.
#[divan::bench(args = MAPS, sample_count = 10)]
fn frame_after_edit(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
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
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    let mut step = 0.0f32;
    bencher.bench_local(|| {
        step = -step + if step > 0.0 { -1.0 } else { 1.0 };
        app.view.pan(egui::vec2(step, 0.0));
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// The unit the preview benchmarks preview: the first whose usual preview draws something and
/// moves it by dragging.
fn previewed(s: &Scenario) -> Option<(sandtable::model::UnitId, sandtable::preview::Mode)> {
    use sandtable::preview::{self, Request};
    s.units.iter().find_map(|u| {
        let c = preview::choices(s, u.id)
            .into_iter()
            .find(|c| c.refused.is_none())?;
        let o = preview::compute(s, &Request::new(u.id, c.mode)).ok()?;
        let anchor = o
            .marks
            .first()
            .map_or(sandtable::geom::Point::ZERO, |m| m.at);
        (!o.items.is_empty() && o.ghost(s, anchor).is_some()).then_some((u.id, c.mode))
    })
}

/// Frames while the pointer moves over the map near a selected unit, its rule preview open or
/// not: with it open, the overlay's shapes come from their cache and the hover answer (one
/// destination check) is recomputed every frame.
fn hover_frames(bencher: divan::Bencher, map: &str, open: bool) {
    let s = scenario(map);
    let (unit, mode) = previewed(&s).expect("a unit to preview");
    let (mut app, ctx, _dir) = editor(s);
    app.selection = vec![sandtable::model::ItemRef::Unit(unit)];
    if open {
        app.open_preview(mode);
    }
    warm_up(&mut app, &ctx);
    let anchor = sandtable::preview::anchor(app.doc.scenario(), unit).expect("unit stands");
    let centre = app.view.to_screen(anchor);
    let mut k = 0u32;
    bencher.bench_local(|| {
        // A new pointer position every frame, within a few inches or hexes of the unit.
        k = (k + 1) % 16;
        let a = k as f32 * 0.39;
        let p = centre + egui::vec2(a.cos(), a.sin()) * (20.0 + 4.0 * k as f32);
        let mut i = input();
        i.events.push(egui::Event::PointerMoved(p));
        let out = ctx.run_ui(i, |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// The peer of `frame_preview_hover`: the same unit selected and the same pointer moves, with
/// no preview open.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_selected_hover(bencher: divan::Bencher, map: &str) {
    hover_frames(bencher, map, false);
}

/// The preview's cost on top of the frame is this minus `frame_selected_hover`.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_preview_hover(bencher: divan::Bencher, map: &str) {
    hover_frames(bencher, map, true);
}
