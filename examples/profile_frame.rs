//! Ten steady editor frames on a stress scenario, for profiling with callgrind:
//! `valgrind --tool=callgrind target/release/examples/profile_frame hex|table`.

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
    let pan = std::env::args().nth(3).is_some_and(|a| a == "pan");
    for k in 0..frames {
        if pan && k >= 3 {
            app.view
                .pan(egui::vec2(if k % 2 == 0 { 1.0 } else { -1.0 }, 0.0));
        }
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        n += ctx.tessellate(out.shapes, out.pixels_per_point).len();
    }
    println!("{n}");
}
