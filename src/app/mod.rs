//! The eframe desktop editor. This first version shows the scenario summary; the full editor
//! (canvases, palette, inspector) builds on it.

use crate::model::Scenario;
use std::path::PathBuf;

struct App {
    scenario: Scenario,
    path: Option<PathBuf>,
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading(&self.scenario.meta.title);
            if let Some(p) = &self.path {
                ui.label(p.display().to_string());
            }
            ui.label(&self.scenario.meta.description);
            ui.label(format!("{} units", self.scenario.units.len()));
        });
    }
}

/// Opens the editor window on a scenario. Returns an error when no window can be opened (for
/// example with no display).
pub fn run(scenario: Scenario, path: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions::default();
    let title = format!("Sandtable — {}", scenario.meta.title);
    eframe::run_native(
        &title,
        options,
        Box::new(move |_cc| Ok(Box::new(App { scenario, path }))),
    )
    .map_err(|e| e.to_string())
}
