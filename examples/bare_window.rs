//! A bare eframe window, with the editor's features and window options and an empty panel:
//! what the editor's start-up is measured against (`scripts/startup-time`). With
//! `SANDTABLE_FIRST_FRAME` set it says when its first frame was painted and closes, as the
//! editor does.

use sandtable::app::startup_probe::after_first_frame;

struct Bare;

impl eframe::App for Bare {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        after_first_frame(ui.ctx());
        egui::CentralPanel::default().show(ui, |ui| {
            ui.label("");
        });
    }
}

fn main() -> eframe::Result {
    eframe::run_native(
        "Bare",
        sandtable::app::window_options("Bare"),
        Box::new(|_cc| Ok(Box::new(Bare))),
    )
}
