//! Ten steady editor frames on a stress scenario, for profiling with callgrind:
//! `valgrind --tool=callgrind target/release/examples/profile_frame hex|table [FRAMES]
//! [pan|preview|selected]`.

use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::recovery::Recovery;
use sandtable::model::generate;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let s = if which == "table" {
        generate::crowded_table(5000, 60, 3)
    } else {
        generate::hex_battlefield(200, 0.1, 5000, 3)
    };
    let dir = std::env::temp_dir().join("sandtable-profile");
    let mut app = App::new(
        Document::new(s, None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir),
        Settings::default(),
    );
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1600.0, 1000.0),
        )),
        ..Default::default()
    };
    let mut n = 0;
    let frames: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(13);
    let mode = std::env::args().nth(3).unwrap_or_default();
    let pan = mode == "pan";
    // `preview`: the first unit whose usual preview is allowed, selected with it open, and the
    // pointer moving near it.
    if mode == "preview" || mode == "selected" {
        let s = app.doc.scenario();
        let pick = s.units.iter().find_map(|u| {
            let c = sandtable::preview::choices(s, u.id)
                .into_iter()
                .find(|c| c.refused.is_none() && c.mode != sandtable::preview::Mode::HexSpan)?;
            Some((u.id, c.mode))
        });
        if let Some((u, m)) = pick {
            app.selection = vec![sandtable::model::ItemRef::Unit(u)];
            if mode == "preview" {
                app.open_preview(m);
            }
        }
    }
    for k in 0..frames {
        if pan && k >= 3 {
            app.view
                .pan(egui::vec2(if k % 2 == 0 { 1.0 } else { -1.0 }, 0.0));
        }
        let mut i = input();
        if mode == "preview" || mode == "selected" {
            // Near the selected unit, as the frame benchmark does.
            let s = app.doc.scenario();
            let at = app
                .selection
                .first()
                .and_then(|i| match i {
                    sandtable::model::ItemRef::Unit(u) => sandtable::preview::anchor(s, *u),
                    _ => None,
                })
                .map_or(egui::pos2(700.0, 500.0), |p| app.view.to_screen(p));
            let a = k as f32 * 0.39;
            i.events.push(egui::Event::PointerMoved(
                at + egui::vec2(a.cos(), a.sin()) * (20.0 + 4.0 * (k % 16) as f32),
            ));
        }
        let out = ctx.run_ui(i, |ui| app.frame_ui(ui));
        n += ctx.tessellate(out.shapes, out.pixels_per_point).len();
    }
    println!("{n}");
}
