//! The desktop's clipboard in the editor: Ctrl+C, Ctrl+X and Ctrl+V arrive as copy, cut and
//! paste events rather than keys, and are carried out as the editor's own; text pasted over a
//! hex map as rows of terrain names (a spreadsheet's copy) paints the whole map at once, one
//! undo step, as `sandtable terrain --import` does from a file.

use super::App;
use super::command::{Change, Command, Commands};
use crate::edit::ops::terrain_grid::grid_edits;
use crate::edit::ops::terrain_grid::read_grid;
use egui::Ui;

impl App {
    /// The platform's clipboard keys as commands: the desktop turns Ctrl+C, Ctrl+X and Ctrl+V
    /// into copy, cut and paste events, not key presses, so the editor's own bindings never see
    /// them. Copy and cut act on the selection; pasted text meant as a terrain grid paints the
    /// map (see [`App::grid_paste`]), other pastes paste the items copied in the editor. None
    /// while a text field has the keyboard: the text is the field's.
    pub(super) fn clipboard_events(&self, ui: &Ui) -> Commands {
        let mut out = Commands::default();
        if self.typing || ui.ctx().text_edit_focused() {
            return out;
        }
        // Only the clipboard's events are taken out of the frame's input.
        let events: Vec<egui::Event> = ui.input(|i| {
            i.events
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        egui::Event::Copy | egui::Event::Cut | egui::Event::Paste(_)
                    )
                })
                .cloned()
                .collect()
        });
        for e in events {
            match e {
                egui::Event::Copy => out.push(Command::Copy),
                egui::Event::Cut => out.push(Command::Cut),
                egui::Event::Paste(text) => out.push(if self.rows_paste(ui, &text) {
                    Command::PasteRows(text)
                } else {
                    match self.grid_paste(text) {
                        Some(grid) => grid,
                        None => Command::Paste,
                    }
                }),
                _ => {}
            }
        }
        out
    }

    /// Whether pasted text is meant as rows of the order of battle: the table is open and the
    /// pointer is over it, or the text's first row is the table's header.
    fn rows_paste(&self, ui: &Ui, text: &str) -> bool {
        let Some(rect) = self.panels.oob_table.rect else {
            return false;
        };
        if ui
            .ctx()
            .pointer_hover_pos()
            .is_some_and(|p| rect.contains(p))
        {
            return true;
        }
        read_grid(text).ok().is_some_and(|rows| {
            rows.first()
                .is_some_and(|r| crate::edit::ops::oob_table::is_header(r))
        })
    }

    /// Adds and changes the units of rows pasted over the order of battle's table, one undo
    /// step, or says in the table which row and column was refused.
    pub(super) fn paste_rows(&mut self, text: &str) {
        let s = self.doc.scenario();
        let result =
            read_grid(text).and_then(|rows| crate::edit::ops::oob_table::paste_edits(s, &rows));
        match result {
            Err(e) => {
                let why = format!("The pasted rows were not added: {e}");
                self.panels.oob_table.message = Some(why.clone());
                self.refuse(why);
            }
            Ok(i) if i.edits.is_empty() => {
                self.status = "Pasted rows: every unit already is as they say".into();
            }
            Ok(i) => {
                let what = format!("Pasted rows: {} changed, {} added", i.changed, i.added);
                // The table scrolls to the first row added (else the first changed).
                let units: Vec<crate::model::UnitId> = i
                    .edits
                    .iter()
                    .filter_map(|e| match e {
                        crate::edit::Edit::PutUnit(u) => Some(u.id),
                        _ => None,
                    })
                    .collect();
                self.panels.oob_table.reveal = units
                    .iter()
                    .find(|u| s.unit(**u).is_none())
                    .or(units.first())
                    .copied();
                if self.apply_change(Change::new("Paste order of battle rows", i.edits)) {
                    self.panels.oob_table.message = None;
                    self.notify(false, what);
                }
            }
        }
    }

    /// Pasted text meant as a terrain grid, as a command: on a hex map in Edit, text of two
    /// lines or more, when it has the map's shape or nothing was copied in the editor (then a
    /// grid of the wrong shape is refused with why); else `None`.
    fn grid_paste(&self, text: String) -> Option<Command> {
        let s = self.doc.scenario();
        if self.playing() || !s.map.is_hex() {
            return None;
        }
        if text.lines().filter(|l| !l.trim().is_empty()).count() < 2 {
            return None;
        }
        let fits = read_grid(&text)
            .ok()
            .is_some_and(|rows| grid_edits(s, &rows, &[]).is_ok());
        (fits || self.clipboard.is_empty()).then_some(Command::PasteGrid(text))
    }

    /// Puts the names of the units copied on the desktop's clipboard: the desktop sends Ctrl+V
    /// only when its clipboard holds text, and a name pasted into a document is what a designer
    /// would expect. Pasting it back here pastes the items copied (text that is no grid).
    pub(super) fn copy_names(&self, ctx: &egui::Context) {
        let names: Vec<&str> = self
            .clipboard
            .units
            .iter()
            .map(|u| u.name.as_str())
            .collect();
        let text = if names.is_empty() {
            format!("{} items", self.clipboard.len())
        } else {
            names.join(", ")
        };
        if !self.clipboard.is_empty() {
            ctx.copy_text(text);
        }
    }

    /// Paints the map from a pasted grid, or says why the grid does not fit it.
    pub(super) fn paste_grid(&mut self, text: &str) {
        let s = self.doc.scenario();
        let applied = read_grid(text).and_then(|rows| grid_edits(s, &rows, &[]));
        match applied {
            Err(e) => self.refuse(format!(
                "The pasted text is not this map's terrain grid: {e}"
            )),
            Ok(a) if a.edits.is_empty() => {
                self.status = "Pasted terrain grid: every hex already has that terrain".into();
            }
            Ok(a) => {
                let new = if a.new_types.is_empty() {
                    String::new()
                } else {
                    format!("; new terrain: {}", a.new_types.join(", "))
                };
                let what = format!(
                    "Terrain from the pasted grid: {}{new}",
                    crate::model::count(a.changed as u64, "hex", "hexes")
                );
                if self.apply_change(Change::new("Paste terrain grid", a.edits)) {
                    self.notify(false, what);
                }
            }
        }
    }
}
