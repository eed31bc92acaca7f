//! The order of battle as a table (View > Order of battle table, or Table over the tree): one
//! row per unit and leader, the columns of `sandtable oob` (name, side, type, quality,
//! strength, commander, and where it starts: a hex as printed, or "turn T at E" for a
//! reinforcement). A designer copying a published order of battle types it here row by row,
//! or pastes the rows from a spreadsheet.
//!
//! Every cell is edited in place and read once, on Enter or when left, by the same reader as
//! `oob --import` (`edit::ops::oob_table`), so the table and the command line cannot disagree;
//! a refused cell keeps what was typed, in the error colour, its reason in the table's message
//! row. Rows are selected as the map's units are (click a row's number; Ctrl adds, Shift
//! extends), and the selected rows take a side, commander, quality, strength or off-map at
//! once: one undo step each.

use super::App;
use super::command::{Change, Command, Commands};
use super::typed::{draft_text, drop_draft, keep_draft, select_all};
use crate::edit::ops::create::Template;
use crate::edit::ops::oob_table::{self, Imported};
use crate::model::*;
use egui::{Id, Key, RichText, Ui};

/// What the table keeps between frames.
#[derive(Default)]
pub(super) struct OobTable {
    /// The row a plain click last selected: Shift+click selects the rows from it.
    anchor: Option<UnitId>,
    /// The row Up and Down last moved the selection to (its moving end, with Shift).
    cursor: Option<UnitId>,
    /// Why the last cell or paste was refused, until the next change goes through.
    pub message: Option<String>,
    /// The strength typed for the selected rows.
    strength: String,
    /// Where the table stood last frame: a paste over it is a paste of rows.
    pub rect: Option<egui::Rect>,
    /// The table was clicked last (not the map or another panel): the keyboard is its own.
    pub keys: bool,
    /// A row to scroll to once it is there (one just added or pasted).
    pub reveal: Option<UnitId>,
    /// The table's rows as text, cached against the document's change counter.
    rows: Option<(u64, Vec<TableRow>)>,
}

/// A unit and its row's cells, as text.
type TableRow = (UnitId, Vec<String>);

/// The columns' widths, in the order of [`oob_table::COLUMNS`].
const WIDTHS: [f32; 7] = [200.0, 180.0, 110.0, 95.0, 75.0, 190.0, 150.0];
/// The row number's width.
const NUMBER: f32 = 40.0;

/// The columns' widths in a table `room` wide: [`WIDTHS`], grown alike (up to twice) to fill a
/// wider panel, so long names and entries are read whole rather than cut beside empty space.
fn widths(room: f32, gap: f32) -> [f32; 7] {
    let base: f32 = WIDTHS.iter().sum();
    let free = room - NUMBER - gap * (WIDTHS.len() as f32 + 1.0);
    let k = (free / base).clamp(1.0, 2.0);
    WIDTHS.map(|w| (w * k).floor())
}

const QUALITIES: [&str; 3] = ["Veteran", "Regular", "Green"];

/// A typed cell's refused text, with the value it was typed over.
#[derive(Clone)]
struct Refused {
    base: String,
    text: String,
}

/// A cell of text: shows `shown`, or what was typed and refused over it; returns what was
/// typed once Enter is pressed or the cell is left, if it differs from what it showed.
fn text_cell(
    ui: &mut Ui,
    id: Id,
    shown: &str,
    width: f32,
    name: &str,
) -> (egui::Response, Option<String>) {
    let refused_id = id.with("refused");
    let refused = ui
        .data(|d| d.get_temp::<Refused>(refused_id))
        .filter(|r| r.base == shown);
    let resting = refused
        .as_ref()
        .map_or(shown, |r| r.text.as_str())
        .to_string();
    let mut text = draft_text(ui, id, &resting);
    let colour = refused.as_ref().map(|_| ui.visuals().error_fg_color);
    let resp = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id(id)
            .text_color_opt(colour)
            .desired_width(width - 8.0),
    );
    let _ = resp.clone().accessible_name(name);
    let mut out = None;
    if resp.gained_focus() {
        // A click into a cell selects what it holds, so typing replaces it.
        select_all(ui, id, &text);
    }
    if resp.has_focus() {
        keep_draft(ui, id, &resting, text);
    } else if resp.lost_focus() {
        drop_draft(ui, id);
        if ui.input(|i| i.key_pressed(Key::Escape)) {
            ui.data_mut(|d| d.remove::<Refused>(refused_id));
        } else if text != resting {
            out = Some(text);
        }
    }
    (resp, out)
}

/// Keeps `text` in the cell `id`, refused, over `base`; or clears it (`None`).
fn keep_refused(ui: &Ui, id: Id, base: &str, text: Option<String>) {
    let key = id.with("refused");
    ui.data_mut(|d| {
        if let Some(text) = text {
            d.insert_temp(
                key,
                Refused {
                    base: base.to_string(),
                    text,
                },
            );
        } else {
            d.remove::<Refused>(key);
        }
    });
}

/// A drop-down cell of `options`, showing `shown`: the option picked, if another.
fn combo_cell(
    ui: &mut Ui,
    id: Id,
    shown: &str,
    options: &[String],
    width: f32,
    name: &str,
) -> Option<String> {
    let mut picked = None;
    let resp = egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(width - 8.0)
        .show_ui(ui, |ui| {
            for o in options {
                if ui.selectable_label(o == shown, o).clicked() && o != shown {
                    picked = Some(o.clone());
                }
            }
        })
        .response;
    let _ = resp.accessible_name(name);
    picked
}

/// A cell of the table: exactly `width` wide whatever it holds (a long name is cut, whole on
/// hover), so every row's cells line up under the header's.
fn in_cell<R>(ui: &mut Ui, width: f32, height: f32, f: impl FnOnce(&mut Ui) -> R) -> R {
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_width(width);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            f(ui)
        },
    )
    .inner
}

/// The leaders a unit of `side` may be put under, by name, "none" first.
fn commanders(s: &Scenario, side: SideId, except: &[UnitId]) -> Vec<String> {
    let mut out = vec!["none".to_string()];
    out.extend(
        s.units
            .iter()
            .filter(|u| u.side == side && u.is_leader() && !except.contains(&u.id))
            .map(|u| u.name.clone()),
    );
    out
}

impl App {
    /// Where the order of battle's table stands on the screen, when it is open.
    pub fn oob_table_rect(&self) -> Option<egui::Rect> {
        self.panels.oob_table.rect
    }

    /// Where the dock (Rules panel, inspector) stood last frame.
    pub fn dock_rect(&self) -> Option<egui::Rect> {
        self.panels.dock
    }

    /// Where the left panel (palette, order of battle) stood last frame.
    pub fn left_panel_rect(&self) -> Option<egui::Rect> {
        self.panels.left
    }

    fn oob_rows(&mut self) -> Vec<TableRow> {
        let changes = self.doc.changes();
        if let Some((at, rows)) = &self.panels.oob_table.rows
            && *at == changes
        {
            return rows.clone();
        }
        let s = self.doc.scenario();
        let rows: Vec<TableRow> = s
            .units
            .iter()
            .map(|u| u.id)
            .zip(oob_table::oob_rows(s).into_iter().skip(1))
            .collect();
        self.panels.oob_table.rows = Some((changes, rows.clone()));
        rows
    }

    /// The selected units, in the scenario's order.
    fn selected_units(&self) -> Vec<UnitId> {
        self.doc
            .scenario()
            .units
            .iter()
            .map(|u| u.id)
            .filter(|id| {
                self.selection
                    .iter()
                    .any(|i| matches!(i, ItemRef::Unit(u) | ItemRef::Model(u, _) if u == id))
            })
            .collect()
    }

    /// The change a cell or the selection bar asks for, or its refusal kept in the message row.
    fn table_change(&mut self, label: String, result: Result<Imported, String>) -> Option<Command> {
        match result {
            Ok(i) if i.edits.is_empty() => None,
            Ok(i) => {
                // What the document would refuse is said here, by the cell, not over the map.
                let mut trial = crate::edit::Document::new(self.doc.scenario().clone(), None);
                if let Err(e) = trial.apply(&label, i.edits.clone()) {
                    self.panels.oob_table.message = Some(e.to_string());
                    return None;
                }
                self.panels.oob_table.message = None;
                // What the change did beyond the cell (a commander left behind) is said.
                let mut c = Change::new(label.clone(), i.edits);
                if !i.notes.is_empty() {
                    c.done = Some(format!("{label}: {}", i.notes.join("; ")));
                }
                Some(Command::Apply(c))
            }
            Err(e) => {
                self.panels.oob_table.message = Some(e);
                None
            }
        }
    }

    /// Up and Down, while the table has the keyboard and no cell is typed in, move the row
    /// selection a row, as in a spreadsheet; with Shift they extend it from the anchor.
    fn row_keys(&mut self, ui: &Ui, rows: &[TableRow], selected: &[UnitId]) -> Option<Command> {
        if !self.panels.oob_table.keys || ui.ctx().text_edit_focused() || rows.is_empty() {
            return None;
        }
        // Each press read with the modifiers it came with: Shift let go within the frame
        // (a quick tap, or a key sent by a script) still extends.
        let (step, shift) = ui.input_mut(|i| {
            let mut step = 0isize;
            let mut shift = false;
            i.events.retain(|e| match e {
                egui::Event::Key {
                    key: k @ (Key::ArrowDown | Key::ArrowUp),
                    pressed: true,
                    modifiers,
                    ..
                } if !modifiers.command && !modifiers.alt => {
                    step += if *k == Key::ArrowDown { 1 } else { -1 };
                    shift |= modifiers.shift;
                    false
                }
                _ => true,
            });
            (step, shift)
        });
        if step == 0 {
            return None;
        }
        let t = &mut self.panels.oob_table;
        let at = |id: UnitId| rows.iter().position(|(u, _)| *u == id);
        let end = t
            .cursor
            .filter(|c| selected.contains(c))
            .or(selected.last().copied())
            .and_then(at);
        let next = match end {
            Some(k) => (k as isize + step).clamp(0, rows.len() as isize - 1) as usize,
            None => 0,
        };
        let id = rows[next].0;
        t.cursor = Some(id);
        t.reveal = Some(id);
        let anchor = t.anchor.filter(|a| selected.contains(a)).and_then(at);
        let ids: Vec<ItemRef> = match anchor {
            Some(a) if shift => rows[a.min(next)..=a.max(next)]
                .iter()
                .map(|(u, _)| ItemRef::Unit(*u))
                .collect(),
            _ => {
                t.anchor = Some(id);
                vec![ItemRef::Unit(id)]
            }
        };
        Some(Command::Select(ids))
    }

    /// The table panel, under the map.
    pub(super) fn oob_table_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let rows = self.oob_rows();
        let selected = self.selected_units();
        if let Some(c) = self.row_keys(ui, &rows, &selected) {
            out.push(c);
        }
        // A press in the table gives it the keys; a press anywhere else takes them back.
        if let Some(p) = ui.input(|i| {
            i.pointer
                .any_pressed()
                .then(|| i.pointer.interact_pos())
                .flatten()
        }) {
            self.panels.oob_table.keys = ui.max_rect().contains(p);
        }
        ui.horizontal(|ui| {
            ui.strong("Order of battle");
            ui.label(RichText::new(count(rows.len() as u64, "unit", "units")).weak());
            if ui
                .button("Add unit")
                .on_hover_text(
                    "A new row like the selected one (its name numbered on), else a new unit of \
                     the palette's side; off the map until given a hex or a turn",
                )
                .clicked()
            {
                // A new row is like the last row selected, else of the palette's side.
                match oob_table::new_row(self.doc.scenario(), self.side, selected.last().copied()) {
                    Ok((i, _)) => {
                        let id = UnitId(self.doc.scenario().next_id);
                        self.panels.oob_table.reveal = Some(id);
                        let mut c = Change::new("Add unit", i.edits);
                        c.select = Some(vec![ItemRef::Unit(id)]);
                        out.push(Command::Apply(c));
                    }
                    Err(e) => self.panels.oob_table.message = Some(e),
                }
            }
            if ui
                .button("Copy all")
                .on_hover_text("The whole table on the clipboard, to paste into a spreadsheet")
                .clicked()
            {
                let text = crate::edit::ops::terrain_grid::write_grid(&oob_table::oob_rows(
                    self.doc.scenario(),
                ))
                .replace(',', "\t");
                ui.ctx().copy_text(text);
                self.status = "The order of battle is on the clipboard".into();
            }
            ui.label(
                RichText::new(
                    "Paste rows from a spreadsheet with Ctrl+V over the table (name, side, \
                     type, quality, strength, commander, at; or with a header row)",
                )
                .weak(),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button("Close")
                    .on_hover_text("View > Order of battle table")
                    .clicked()
                {
                    let mut s = self.settings.clone();
                    s.show_oob_table = false;
                    out.push(Command::Settings(Box::new(s)));
                }
            });
        });
        out.extend(self.selection_bar_ui(ui, &selected));
        // The message row keeps its height empty or not: the rows below never move.
        let message = self.panels.oob_table.message.clone().unwrap_or_default();
        ui.add_sized(
            [ui.available_width(), ui.spacing().interact_size.y],
            egui::Label::new(RichText::new(message).color(ui.visuals().error_fg_color)).truncate(),
        );
        let row_height = ui.spacing().interact_size.y + 4.0;
        // Measured outside the sideways scroll, whose content may be as wide as it likes.
        let widths = widths(ui.available_width(), ui.spacing().item_spacing.x);
        egui::ScrollArea::horizontal()
            .id_salt("oob-table-across")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.add_sized([NUMBER, row_height], egui::Label::new(""));
                    for (c, w) in oob_table::COLUMNS.iter().zip(widths) {
                        in_cell(ui, w, row_height, |ui| ui.strong(*c));
                    }
                });
                // A row just added is scrolled into sight, at once (no animation to wait for).
                // (The row is there once the change that adds it has been applied.)
                let reveal = self
                    .panels
                    .oob_table
                    .reveal
                    .and_then(|id| rows.iter().position(|(u, _)| *u == id));
                if reveal.is_some() {
                    self.panels.oob_table.reveal = None;
                }
                egui::ScrollArea::vertical()
                    .id_salt("oob-table-rows")
                    .auto_shrink([false, false])
                    .show_rows(ui, row_height, rows.len(), |ui, range| {
                        if let Some(k) = reveal {
                            let step = row_height + ui.spacing().item_spacing.y;
                            let top = ui.min_rect().top() + (k as f32 - range.start as f32) * step;
                            let rect = egui::Rect::from_min_size(
                                egui::pos2(ui.min_rect().left(), top),
                                egui::vec2(1.0, row_height),
                            );
                            ui.scroll_to_rect_animation(
                                rect,
                                None,
                                egui::style::ScrollAnimation::none(),
                            );
                        }
                        for k in range {
                            let (id, cells) = &rows[k];
                            out.extend(self.table_row_ui(
                                ui,
                                k,
                                *id,
                                cells,
                                &selected,
                                (row_height, &widths),
                            ));
                        }
                    });
            });
        out
    }

    /// One unit's row: its number (selects), then a cell per column.
    fn table_row_ui(
        &mut self,
        ui: &mut Ui,
        k: usize,
        id: UnitId,
        cells: &[String],
        selected: &[UnitId],
        (height, widths): (f32, &[f32; 7]),
    ) -> Commands {
        let mut out = Commands::default();
        let Some(unit) = self.doc.scenario().unit(id).cloned() else {
            return out;
        };
        ui.horizontal(|ui| {
            ui.set_height(height);
            let on = selected.contains(&id);
            let number = ui.add_sized(
                [NUMBER, height],
                egui::Button::selectable(on, format!("{}", k + 1)),
            );
            let number = number
                .on_hover_text("Click to select; Ctrl+click adds, Shift+click extends; double-click to find on the map");
            let _ = number.clone().accessible_name(format!("Row of {}", unit.name));
            let on_map = matches!(unit.position, Position::Hex { .. } | Position::Table);
            if number.double_clicked() && on_map {
                out.push(Command::CentreOn(id));
            } else if number.clicked() {
                out.push(Command::Select(self.clicked_rows(ui, id, selected)));
            }
            for (c, (column, width)) in oob_table::COLUMNS.iter().zip(*widths).enumerate() {
                let shown = cells.get(c).map_or("", String::as_str);
                let cell_id = Id::unique(("oob-cell", id, *column));
                let name = format!("{column} of {}", unit.name);
                let picked = in_cell(ui, width, height, |ui| match *column {
                    "side" => {
                        let sides: Vec<String> = self.doc.scenario().sides.iter().map(|s| s.name.clone()).collect();
                        combo_cell(ui, cell_id, shown, &sides, width, &name)
                    }
                    "type" => {
                        let types: Vec<String> = Template::ALL.iter().map(|t| t.name().to_string()).collect();
                        combo_cell(ui, cell_id, shown, &types, width, &name)
                    }
                    "quality" => {
                        let q: Vec<String> = QUALITIES.iter().map(|q| q.to_string()).collect();
                        combo_cell(ui, cell_id, shown, &q, width, &name)
                    }
                    "commander" => {
                        let shown = if shown.is_empty() { "none" } else { shown };
                        let options = commanders(self.doc.scenario(), unit.side, &[id]);
                        combo_cell(ui, cell_id, shown, &options, width, &name)
                            .map(|v| if v == "none" { String::new() } else { v })
                    }
                    _ => {
                        let (resp, typed) = text_cell(ui, cell_id, shown, width, &name);
                        // Escape puts the cell back: its refusal goes with it.
                        if resp.lost_focus() && ui.input(|i| i.key_pressed(Key::Escape)) {
                            self.panels.oob_table.message = None;
                        }
                        if resp.gained_focus() && !selected.contains(&id) {
                            out.push(Command::Select(vec![ItemRef::Unit(id)]));
                        }
                        if let Some(text) = typed {
                            let result = oob_table::set_cells(self.doc.scenario(), &[id], column, &text);
                            keep_refused(ui, cell_id, shown, result.is_err().then(|| text.clone()));
                            if let Some(c) =
                                self.table_change(format!("{}: {column}", unit.name), result)
                            {
                                out.push(c);
                            }
                        }
                        None
                    }
                });
                if let Some(v) = picked {
                    let result = oob_table::set_cells(self.doc.scenario(), &[id], column, &v);
                    if let Some(c) = self.table_change(format!("{}: {column}", unit.name), result) {
                        out.push(c);
                    }
                }
            }
        });
        out
    }

    /// The selection after a click on `id`'s number: that row alone, or with Ctrl added to or
    /// taken from the selection, or with Shift the rows from the last one clicked.
    fn clicked_rows(&mut self, ui: &Ui, id: UnitId, selected: &[UnitId]) -> Vec<ItemRef> {
        let m = ui.input(|i| i.modifiers);
        let s = self.doc.scenario();
        let ids: Vec<UnitId> = if m.shift
            && let Some(anchor) = self.panels.oob_table.anchor
            && let (Some(a), Some(b)) = (
                s.units.iter().position(|u| u.id == anchor),
                s.units.iter().position(|u| u.id == id),
            ) {
            (s.units.iter().skip(a.min(b)).take(a.abs_diff(b) + 1))
                .map(|u| u.id)
                .collect()
        } else if m.command {
            let mut ids: Vec<UnitId> = selected.iter().copied().filter(|x| *x != id).collect();
            if !selected.contains(&id) {
                ids.push(id);
            }
            self.panels.oob_table.anchor = Some(id);
            ids
        } else {
            self.panels.oob_table.anchor = Some(id);
            vec![id]
        };
        self.panels.oob_table.cursor = Some(id);
        ids.into_iter().map(ItemRef::Unit).collect()
    }

    /// What the selected rows are given at once. Always one row high, so the rows stay put.
    fn selection_bar_ui(&mut self, ui: &mut Ui, selected: &[UnitId]) -> Commands {
        let mut out = Commands::default();
        ui.horizontal(|ui| {
            ui.set_height(ui.spacing().interact_size.y);
            if selected.is_empty() {
                ui.label(
                    RichText::new(
                        "Select rows by their numbers (Ctrl and Shift for more) to give them a \
                         side, commander, quality or strength at once",
                    )
                    .weak(),
                );
                return;
            }
            ui.label(format!("{} selected:", selected.len()));
            let s = self.doc.scenario().clone();
            let words = |n: &str| format!("{n} for the selected rows");
            let mut set = |this: &mut Self, column: &str, value: &str| {
                let result = oob_table::set_cells(&s, selected, column, value);
                if let Some(c) =
                    this.table_change(format!("Set {column} of {} units", selected.len()), result)
                {
                    out.push(c);
                }
            };
            let sides: Vec<String> = s.sides.iter().map(|x| x.name.clone()).collect();
            if let Some(v) = combo_cell(
                ui,
                Id::unique("oob-bulk-side"),
                "Side…",
                &sides,
                120.0,
                &words("Side"),
            ) {
                set(self, "side", &v);
            }
            // Leaders of the selected units' side: a commander of another side is refused by
            // the check, so the list offers only those that fit; rows of both sides have none
            // in common, and the list waits until they are given one side.
            let side = s.unit(selected[0]).map_or(SideId(0), |u| u.side);
            let one_side = selected
                .iter()
                .all(|id| s.unit(*id).is_some_and(|u| u.side == side));
            if one_side {
                let options = commanders(&s, side, selected);
                if let Some(v) = combo_cell(
                    ui,
                    Id::unique("oob-bulk-commander"),
                    "Commander…",
                    &options,
                    170.0,
                    &words("Commander"),
                ) {
                    set(self, "commander", if v == "none" { "" } else { &v });
                }
            } else {
                ui.add_enabled(
                    false,
                    egui::Button::new("Commander…").min_size(egui::vec2(170.0, 0.0)),
                )
                .on_disabled_hover_text(
                    "The selected rows are of more than one side: a leader commands his own \
                         side only. Give them one side first, or select one side's rows",
                );
            }
            let q: Vec<String> = QUALITIES.iter().map(|q| q.to_string()).collect();
            if let Some(v) = combo_cell(
                ui,
                Id::unique("oob-bulk-quality"),
                "Quality…",
                &q,
                100.0,
                &words("Quality"),
            ) {
                set(self, "quality", &v);
            }
            let resp = ui.add(
                egui::TextEdit::singleline(&mut self.panels.oob_table.strength)
                    .hint_text("strength")
                    .desired_width(70.0),
            );
            let _ = resp.clone().accessible_name(words("Strength"));
            let enter = resp.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if (ui.button("Set strength").clicked() || enter)
                && !self.panels.oob_table.strength.trim().is_empty()
            {
                let v = self.panels.oob_table.strength.clone();
                set(self, "strength", &v);
            }
            if ui
                .button("Off map")
                .on_hover_text(
                    "Take the selected units off the map (out of any reinforcement group)",
                )
                .clicked()
            {
                set(self, "at", "off map");
            }
        });
        out
    }
}
