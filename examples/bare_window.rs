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
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([800.0, 500.0])
            .with_drag_and_drop(true)
            .with_title("Bare"),
        ..Default::default()
    };
    eframe::run_native("Bare", options, Box::new(|_cc| Ok(Box::new(Bare))))
}
