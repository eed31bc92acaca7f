//! The panels around the canvas: the status bar, the problems list, the history, the palette
//! and inspector panels' contents, and the small windows (keyboard shortcuts, about).

use super::App;
use super::command::{Change, Command, Commands};
use crate::model::*;
use crate::rules::check::{Problem, Severity, check};
use egui::{RichText, Ui};

/// What the panels keep between frames.
#[derive(Default)]
pub(super) struct Panels {
    /// The problems of one state of the scenario (`Document::changes`).
    pub problems: Option<(u64, Vec<Problem>)>,
    pub show_shortcuts: bool,
    pub show_about: bool,
    /// The window title last sent.
    pub title: String,
    /// Why the inspector's last change was refused, with the selection it was made on: shown
    /// above the fields while that selection stays, until a change goes through.
    pub inspector_refusal: Option<(Vec<ItemRef>, String)>,
}

impl App {
    /// The problems `rules::check` finds, computed once per state of the scenario.
    pub(super) fn problems(&mut self) -> &[Problem] {
        let changes = self.doc.changes();
        let p = &mut self.panels.problems;
        if p.as_ref().is_none_or(|(k, _)| *k != changes) {
            *p = Some((changes, check(self.doc.scenario())));
        }
        p.as_ref().map_or(&[], |(_, p)| p.as_slice())
    }

    pub(super) fn status_ui(&self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let s = self.doc.scenario();
            let at = match (self.canvas.cursor, s.map.as_hex()) {
                (Some(p), Some(h)) => match super::hit::hex_at(s, p) {
                    Some(hex) => format!("hex {} ({}, {})", h.label(hex), hex.x, hex.y),
                    None => "off the map".into(),
                },
                (Some(p), None) => format!("{:.1}\", {:.1}\"", p.x, p.y),
                (None, _) => String::new(),
            };
            ui.label(at);
            ui.separator();
            ui.label(format!("zoom {:.0}%", self.view.zoom / 10.0 * 100.0));
            ui.separator();
            ui.label(match self.selection.len() {
                0 => "nothing selected".to_string(),
                1 => format!("selected: {}", self.selection[0]),
                n => format!("{n} selected"),
            });
            ui.separator();
            ui.label(format!("tool: {}", self.tool.name()));
            ui.separator();
            ui.label(&self.status);
        });
    }

    pub(super) fn problems_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let problems = self.problems().to_vec();
        let errors = problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        ui.horizontal(|ui| {
            ui.strong(format!(
                "Problems: {errors} errors, {} warnings",
                problems.len() - errors
            ));
        });
        if problems.is_empty() {
            ui.label("No problems found.");
            return out;
        }
        // Only the rows in view are laid out: a crowded scenario can have thousands.
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        egui::ScrollArea::vertical()
            .max_height(120.0)
            .auto_shrink([false, true])
            .show_rows(ui, row, problems.len(), |ui, rows| {
                for p in &problems[rows] {
                    let colour = match p.severity {
                        Severity::Error => ui.visuals().error_fg_color,
                        Severity::Warning => ui.visuals().warn_fg_color,
                    };
                    let text = RichText::new(format!("{}: {}", p.item, p.message)).color(colour);
                    if ui.link(text).clicked() {
                        let item = match p.item {
                            ItemRef::Model(u, _) => ItemRef::Unit(u),
                            other => other,
                        };
                        if super::exists(self.doc.scenario(), item) {
                            out.push(Command::Select(vec![item]));
                        }
                    }
                }
            });
        out
    }

    pub(super) fn history_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        ui.heading("History");
        let (labels, now) = self.doc.history();
        egui::ScrollArea::vertical().show(ui, |ui| {
            if ui.selectable_label(now == 0, "(opened)").clicked() {
                out.push(Command::GoToHistory(0));
            }
            for (k, l) in labels.iter().enumerate() {
                let text = if k < now {
                    RichText::new(*l)
                } else {
                    RichText::new(*l).weak()
                };
                if ui.selectable_label(k + 1 == now, text).clicked() {
                    out.push(Command::GoToHistory(k + 1));
                }
            }
        });
        out
    }

    /// The palette panel's contents: the tools, terrain, units and markers.
    pub(super) fn palette_panel_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        // Palette entries are dragged onto the map: dragging must not scroll the list.
        egui::ScrollArea::vertical()
            .scroll_source(
                egui::scroll_area::ScrollSource::SCROLL_BAR
                    | egui::scroll_area::ScrollSource::MOUSE_WHEEL,
            )
            .show(ui, |ui| {
                out.extend(super::palette::palette_ui(
                    ui,
                    self.doc.scenario(),
                    &self.tool,
                    self.side,
                ));
            });
        out
    }

    /// The inspector panel's contents: the inspector, then the history if shown.
    pub(super) fn inspector_panel_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let (change, select, zoc_side) = super::inspector::inspector_ui(
                ui,
                self.doc.scenario(),
                self.doc.changes(),
                &self.selection,
                self.side,
                self.settings.zoc_side,
                self.panels
                    .inspector_refusal
                    .as_ref()
                    .filter(|(on, _)| *on == self.selection)
                    .map(|(_, why)| why.as_str()),
            );
            match change {
                Some(c) => out.push(Command::Apply(Change {
                    select,
                    from_inspector: true,
                    ..c
                })),
                None => {
                    if let Some(items) = select {
                        out.push(Command::Select(items));
                    }
                }
            }
            if zoc_side != self.settings.zoc_side {
                let mut s = self.settings.clone();
                s.zoc_side = zoc_side;
                out.push(Command::Settings(Box::new(s)));
            }
            if self.settings.show_history {
                ui.separator();
                out.extend(self.history_ui(ui));
            }
        });
        out
    }

    /// Help > About.
    pub(super) fn about_window_ui(ctx: &egui::Context, open: &mut bool) {
        egui::Window::new("About Sandtable")
            .open(open)
            .show(ctx, |ui| {
                ui.label(format!("Sandtable {}", env!("CARGO_PKG_VERSION")));
                ui.label(
                    "A desktop editor for tabletop wargame scenarios: design, preview legal \
                     moves and command spans, and print deployment maps.",
                );
            });
    }

    /// Moves through the history to the state after `target` steps.
    pub(super) fn go_to_history(&mut self, target: usize) {
        let (_, mut cur) = self.doc.history();
        while cur > target && self.doc.undo().is_some() {
            cur -= 1;
        }
        while cur < target && self.doc.redo().is_some() {
            cur += 1;
        }
        self.prune_selection();
    }

    pub(super) fn undo(&mut self) {
        match self.doc.undo() {
            Some(label) => self.status = format!("Undid: {label}"),
            None => self.status = "Nothing to undo".into(),
        }
        self.prune_selection();
    }

    pub(super) fn redo(&mut self) {
        match self.doc.redo() {
            Some(label) => self.status = format!("Redid: {label}"),
            None => self.status = "Nothing to redo".into(),
        }
        self.prune_selection();
    }
}
