//! The menu bar. Each entry sends a command and shows the keys that send it too, read from the
//! binding table.

use super::App;
use super::bindings::{Action, keys_text};
use super::command::{Command, Commands, Guarded};
use super::settings::Theme;
use egui::{Button, RichText, Ui};

/// A menu entry with its shortcut hint; `true` when clicked. Its accessible name is the entry's
/// own text (the hint is drawn beside it, not read as part of the name).
fn entry(ui: &mut Ui, text: &str, action: Option<Action>, enabled: bool) -> bool {
    let mut b = Button::new(text);
    if let Some(a) = action {
        b = b.shortcut_text(keys_text(ui.ctx(), a));
    }
    let r = ui.add_enabled(enabled, b);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, text));
    r.clicked()
}

impl App {
    pub(super) fn menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| out.extend(self.file_menu_ui(ui)));
            ui.menu_button("Edit", |ui| out.extend(self.edit_menu_ui(ui)));
            ui.menu_button("View", |ui| out.extend(self.view_menu_ui(ui)));
            ui.menu_button("Help", |ui| {
                if entry(ui, "Keyboard shortcuts", Some(Action::Shortcuts), true) {
                    out.push(Command::ShowShortcuts);
                }
                if entry(ui, "About Sandtable", None, true) {
                    out.push(Command::ShowAbout);
                }
            });
        });
        out
    }

    fn file_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        for (text, action, c) in [
            (
                "New free-measure table",
                Action::NewTable,
                Command::File(Guarded::NewTable),
            ),
            (
                "New hex map",
                Action::NewHex,
                Command::File(Guarded::NewHex),
            ),
            ("Open…", Action::Open, Command::File(Guarded::Open(None))),
        ] {
            if entry(ui, text, Some(action), true) {
                out.push(c);
            }
        }
        ui.menu_button("Open Recent", |ui| {
            if self.settings.recent.is_empty() {
                ui.label(RichText::new("No recent files").weak());
            }
            for p in &self.settings.recent {
                if ui.button(p.display().to_string()).clicked() {
                    out.push(Command::File(Guarded::Open(Some(p.clone()))));
                }
            }
        });
        ui.separator();
        for (text, action, c) in [
            ("Save", Some(Action::Save), Command::Save),
            ("Save As…", Some(Action::SaveAs), Command::SaveAs),
            ("Export…", None, Command::Export),
            ("Background image…", None, Command::ChooseBackground),
        ] {
            if entry(ui, text, action, true) {
                out.push(c);
            }
        }
        ui.separator();
        if entry(ui, "Quit", Some(Action::Quit), true) {
            out.push(Command::Quit);
        }
        out
    }

    fn edit_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let (undo, redo) = (self.doc.can_undo(), self.doc.can_redo());
        let any = !self.selection.is_empty();
        for (text, action, enabled, c) in [
            ("Undo", Action::Undo, undo, Command::Undo),
            ("Redo", Action::Redo, redo, Command::Redo),
        ] {
            if entry(ui, text, Some(action), enabled) {
                out.push(c);
            }
        }
        ui.separator();
        for (text, action, enabled, c) in [
            ("Cut", Action::Cut, any, Command::Cut),
            ("Copy", Action::Copy, any, Command::Copy),
            ("Paste", Action::Paste, true, Command::Paste),
            ("Delete", Action::Delete, any, Command::Delete),
            ("Duplicate", Action::Duplicate, any, Command::Duplicate),
            ("Select all", Action::SelectAll, true, Command::SelectAll),
        ] {
            if entry(ui, text, Some(action), enabled) {
                out.push(c);
            }
        }
        out
    }

    fn view_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let mut s = self.settings.clone();
        ui.checkbox(&mut s.grid, "Grid");
        ui.checkbox(&mut s.coordinates, "Coordinates");
        ui.checkbox(&mut s.labels, "Unit labels");
        ui.checkbox(&mut s.snap, "Snap to half inches");
        ui.checkbox(&mut s.show_problems, "Problems panel");
        ui.checkbox(&mut s.show_history, "History");
        super::zoc_view::zoc_menu_ui(ui, self.doc.scenario(), &mut s.zoc_side);
        if entry(ui, "Zoom to fit", Some(Action::Fit), true) {
            out.push(Command::Fit);
        }
        ui.menu_button("Theme", |ui| {
            for (t, name) in [
                (Theme::System, "System"),
                (Theme::Light, "Light"),
                (Theme::Dark, "Dark"),
            ] {
                ui.radio_value(&mut s.theme, t, name);
            }
        });
        if s != self.settings {
            out.push(Command::Settings(Box::new(s)));
        }
        out
    }
}
