//! The eframe desktop editor: menu bar, palette, canvas, inspector, status bar, problems and
//! history.
//!
//! Every frame is one UI pass that returns [`command::Command`]s, then [`App::perform`]
//! carrying them out: widgets never change the document, the selection or the open file
//! themselves (see `command`). What the app holds is split by concern:
//!
//! - `command`: the commands and the one place that performs them;
//! - `bindings`: the keyboard, one table for the shortcuts, the menu hints and F1;
//! - `files`: open, save, the unsaved-changes question, autosave and recovery, drops;
//! - `clipboard`: copy, paste, delete and rotate the selection;
//! - `menus`, `panels`: the menu bar; the status bar, problems, history, palette and inspector
//!   panels; `palette`, `inspector`: their contents;
//! - `canvas`: input and drawing of the map; `rules_view`: the rule previews over it;
//!   `paint`, `layer_mesh`: shapes to egui; `view`: the one map-to-screen transform;
//! - `export_window`: File > Export; `dialogs`: file dialogs behind a trait the tests replace.
//! - `activity`: Edit or Play and what each allows; `play`: the game in the editor;
//!   `score_view`: its score on the turn bar and in the Log tab;
//!   `fonts`: egui's fonts, with a fallback for the reports' arrows.

pub mod activity;
mod aim;
pub mod background;
mod bindings;
mod calibrate_window;
mod canvas;
mod find_grid;
mod printer_fix;
pub use canvas::zoom_to_name;
mod clipboard;
mod clipboard_events;
pub mod command;
pub mod dialogs;
pub mod export_window;
mod files;
pub mod fonts;
mod game_log;
mod getting_started;
pub mod hit;
mod inspector;
mod keyboard;
mod layer_mesh;
mod menus;
mod notices;
mod oob_rows;
mod oob_table;
mod order_of_battle;
pub mod paint;
mod palette;
mod panels;
mod path_prompt;
pub mod play;
mod play_actions;
mod play_questions;
mod problems;
mod roll_field;
mod rules_drag;
mod rules_panel;
mod rules_view;
mod score_view;
pub mod settings;
pub mod startup;
pub mod startup_probe;
mod tiled_import;
pub mod tools;
mod typed;
pub mod view;
mod zoc_view;

pub use canvas::measure_text;
pub use files::AUTOSAVE_SECS;

use crate::edit::Document;
use crate::edit::ops::clipboard::Clipboard;
use crate::io::recovery::Recovery;
use crate::model::*;
use command::{Command, Commands};
use dialogs::{FileDialogs, NativeDialogs};
use egui::Ui;
use settings::{Settings, Theme};
use std::path::PathBuf;
use tools::Tool;
use view::View;

/// The editor.
pub struct App {
    pub doc: Document,
    pub view: View,
    pub tool: Tool,
    pub selection: Vec<ItemRef>,
    /// The side new units and zones belong to.
    pub side: SideId,
    pub settings: Settings,
    pub status: String,
    /// The status as last seen, and the selection it was seen with (its length and ends:
    /// enough to tell a new selection without copying a large one each frame).
    status_seen: (String, (usize, Option<ItemRef>, Option<ItemRef>)),
    /// Calibrate was asked for with no background image: it starts once one is set.
    calibrate_when_image_set: bool,
    /// File > Export.
    pub export: export_window::ExportWindow,
    /// A Tiled map waiting for the terrain of its unnamed tiles (File > Import Tiled map…).
    pub tiled_import: Option<tiled_import::TileMappingDialog>,
    /// A Tiled map being read on a worker thread, with its progress window.
    tiled_reading: Option<tiled_import::TiledReading>,
    files: files::Files,
    clipboard: Clipboard,
    canvas: canvas::CanvasState,
    layers: canvas::Layers,
    /// The rule preview of the selected unit.
    rules: rules_view::RulesView,
    panels: panels::Panels,
    /// egui's clock at the start of this frame, in seconds.
    now: f64,
    /// The arrow presses in a row, so a burst of nudges is one undo step.
    nudges: keyboard::NudgeBurst,
    /// A text field had the keyboard at the end of the last frame.
    typing: bool,
    /// What the user must know about, over the canvas's corner.
    notices: notices::Notices,
    /// Edit or Play, and what Play keeps.
    play: play::PlayState,
}

impl App {
    /// The editor at launch on what `start` holds: a file (remembered among the recent ones,
    /// the Problems panel open when loading mended it), or the sample with the notice of a
    /// file that would not open.
    pub fn starting(
        start: startup::Startup,
        dialogs: Box<dyn FileDialogs>,
        recovery: Recovery,
        mut settings: Settings,
    ) -> App {
        let startup::Startup {
            loaded: crate::io::Loaded { scenario, repairs },
            path,
            notice,
            import_tiled,
        } = start;
        let path = path.map(|p| crate::io::recovery::absolute(&p));
        if !repairs.is_empty() {
            settings.show_problems = true;
        }
        let mut app = App::new(
            Document::mended(scenario, path.clone(), repairs),
            dialogs,
            recovery,
            settings,
        );
        if let Some(p) = path {
            app.settings.remember(p);
        }
        if let Some(tiled) = import_tiled {
            app.import_tiled_path(&tiled);
        } else if let Some(text) = notice {
            app.notify(true, text);
        } else if app.doc.path.is_none() {
            // The first window is a sample: say so, and where to begin.
            app.notify(
                false,
                format!(
                    "This is the built-in sample \"{}\". Help > Getting started shows where to \
                     begin; File > New starts your own scenario.",
                    app.doc.scenario().meta.title
                ),
            );
        }
        app
    }

    /// An editor on `doc`, asking for files through `dialogs` and keeping recovery files in
    /// `recovery`.
    pub fn new(
        doc: Document,
        dialogs: Box<dyn FileDialogs>,
        recovery: Recovery,
        settings: Settings,
    ) -> App {
        let side = doc.scenario().sides.first().map_or(SideId(0), |s| s.id);
        let mut files = files::Files::new(dialogs, recovery);
        let set_aside = files.set_aside_note.take();
        let mut app = App {
            doc,
            view: View::default(),
            tool: Tool::Select,
            selection: Vec::new(),
            side,
            settings,
            status: String::new(),
            status_seen: Default::default(),
            calibrate_when_image_set: false,
            export: export_window::ExportWindow::default(),
            tiled_import: None,
            tiled_reading: None,
            files,
            clipboard: Clipboard::default(),
            canvas: canvas::CanvasState::default(),
            layers: canvas::Layers::default(),
            rules: rules_view::RulesView::default(),
            panels: panels::Panels::default(),
            now: 0.0,
            nudges: keyboard::NudgeBurst::default(),
            typing: false,
            notices: notices::Notices::default(),
            play: play::PlayState::default(),
        };
        app.open_in_its_activity();
        // Damaged recovery files are said once, as a notice that stays until dismissed.
        if let Some(note) = set_aside {
            app.notify(true, note);
        }
        app
    }

    /// Says `text` in the status bar and as a notice over the canvas (a failure, `error`,
    /// stays until dismissed).
    pub fn notify(&mut self, error: bool, text: String) {
        let level = if error {
            notices::Level::Error
        } else {
            notices::Level::Info
        };
        self.notices
            .push(level, text.clone(), self.now, self.doc.changes());
        self.status = text;
    }

    /// Says why a move or change was refused, in the status bar and as a notice that stays
    /// until it is dismissed or the next change goes through.
    pub(crate) fn refuse(&mut self, text: String) {
        self.notices.push(
            notices::Level::Refusal,
            text.clone(),
            self.now,
            self.doc.changes(),
        );
        self.status = text;
    }

    fn update_title(&mut self, ui: &Ui) {
        let s = self.doc.scenario();
        let title = format!(
            "{}{} — Sandtable",
            if self.doc.is_dirty() { "• " } else { "" },
            s.meta.title
        );
        if title != self.panels.title {
            ui.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.panels.title = title;
        }
    }

    /// One frame of the whole editor: the UI pass, then the commands it returned.
    pub fn frame_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        ctx.set_theme(match self.settings.theme {
            Theme::System => egui::ThemePreference::System,
            Theme::Light => egui::ThemePreference::Light,
            Theme::Dark => egui::ThemePreference::Dark,
        });
        // Hints and notes are written small, but never below what reads at arm's length
        // (egui's own small text is 9 points).
        let small = egui::FontId::proportional(SMALL_PT);
        if ui.style().text_styles.get(&egui::TextStyle::Small) != Some(&small) {
            ctx.all_styles_mut(|st| {
                st.text_styles.insert(egui::TextStyle::Small, small.clone());
            });
        }
        // A panel with more than it shows says so: its scroll bar stays in sight, thin,
        // rather than appearing only under the pointer (egui's floating default), so a row
        // cut at a panel's foot reads as "scroll for more". It floats over the contents'
        // edge as before, so no panel's layout moves for it.
        let scroll = egui::style::ScrollStyle {
            floating_allocated_width: 0.0,
            ..egui::style::ScrollStyle::thin()
        };
        if ui.style().spacing.scroll != scroll {
            ctx.all_styles_mut(|st| st.spacing.scroll = scroll);
        }
        self.now = ui.input(|i| i.time);
        let mut commands = self.pass_ui(ui, &ctx);
        if ui.input(|i| i.viewport().close_requested()) {
            // The question about unsaved work is about the present, not a replayed moment.
            self.back_to_present();
        }
        if ui.input(|i| i.viewport().close_requested())
            && self.doc.is_dirty()
            && !self.files.allow_close
        {
            ui.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            commands.push(Command::File(command::Guarded::Quit));
        }
        self.perform_all(&ctx, commands);
        self.notices.follow_selection(&self.selection, self.now);
        self.status_follows_selection();
        self.poll_tiled_reading();
        let now = ui.input(|i| i.time);
        if self.play.replay.is_none() {
            self.autosave(now);
        }
        if self.doc.is_dirty() {
            // Wake once an autosave interval, not every frame.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECS));
        }
        self.update_title(ui);
        self.typing = ctx.text_edit_focused();
    }

    /// The status bar says what last happened. A message from before the selection changed
    /// (and not said with the change) is about what was selected then, and gives way: "Nothing
    /// selected" beside a unit just selected would contradict the bar's own selection.
    fn status_follows_selection(&mut self) {
        let seen = (
            self.selection.len(),
            self.selection.first().copied(),
            self.selection.last().copied(),
        );
        if seen != self.status_seen.1 && self.status == self.status_seen.0 {
            self.status.clear();
        }
        if self.status != self.status_seen.0 {
            self.status_seen.0.clone_from(&self.status);
        }
        self.status_seen.1 = seen;
    }

    /// Whether work the editor waits for runs on a worker thread: a Tiled map being read, the
    /// background's tile pyramid or a large map's image being made, the grid finder, pages
    /// being written. Each worker asks for a repaint when it is done.
    pub fn working(&self) -> bool {
        self.reading_tiled()
            || self.drawing_in_background()
            || self.finding_grid()
            || self.export.busy()
    }

    /// The UI pass: every panel drawn once, each returning what the user asked for.
    fn pass_ui(&mut self, ui: &mut Ui, ctx: &egui::Context) -> Commands {
        let mut out = Commands::default();
        for f in ui.input(|i| i.raw.dropped_files.clone()) {
            out.push(Command::Dropped(f));
        }
        // Play's question, when one is open, has the keyboard; while the keyboard is in the
        // menus, their keys are theirs.
        let alt_tapped = self.panels.alt_tap.tapped(ui) && !ctx.text_edit_focused();
        if alt_tapped && !self.panels.menus_by_keyboard {
            out.push(Command::OpenMenus);
        }
        // A dialog's question comes first: its keys are its own (see `dialog_keys`).
        let answers = self.question_keys(ui).or_else(|| self.dialog_keys(ui));
        let by_keyboard = &mut self.panels.menus_by_keyboard;
        let keys = if let Some(answers) = answers {
            answers
        } else if self.panels.menu_keys.keys(ui, by_keyboard) {
            Commands::default()
        } else {
            bindings::shortcuts(
                ui,
                self.typing,
                self.keyboard_in_dock(ctx),
                self.keyboard_in_table(ctx),
            )
        };
        // The desktop's copy, cut and paste events stand for their keys (never both at once).
        let clipboard = self.clipboard_events(ui);
        let mut keys = keys;
        if !clipboard.is_empty() {
            keys.retain(|c| !matches!(c, Command::Copy | Command::Cut | Command::Paste));
        }
        keys.extend(clipboard);
        // Escape pressed in the frame a drag ends cancels the drag: the canvas drops it
        // instead of sending its edit.
        self.canvas.cancelling = keys.any(|c| matches!(c, Command::Cancel));
        out.extend(keys);
        self.sync_preview();
        // Every panel keeps the size the user gave it whatever it shows, and scrolls what does
        // not fit: the canvas keeps its place through selections, previews and warnings.
        egui::Panel::top("menu").show(ui, |ui| {
            let (commands, keys) = self.menu_ui(ui);
            out.extend(commands);
            self.panels.menu_keys = keys;
        });
        egui::Panel::bottom("status").show(ui, |ui| out.extend(self.status_ui(ui)));
        if self.settings.show_problems {
            egui::Panel::bottom("problems")
                .resizable(true)
                .default_size(130.0)
                .size_range(70.0..=480.0)
                .show(ui, |ui| out.extend(self.problems_ui(ui)));
        }
        if self.settings.show_oob_table && !self.playing() {
            // Never so tall that the map and the dock above it lose their room (the dock's
            // fields would run down over the table).
            let tallest = (ui.available_height() - 320.0).clamp(120.0, 720.0);
            let table = egui::Panel::bottom("oob-table")
                .resizable(true)
                .default_size(260.0_f32.min(tallest))
                .size_range(120.0..=tallest)
                .show(ui, |ui| out.extend(self.oob_table_ui(ui)));
            self.panels.oob_table.rect = Some(table.response.rect);
        } else {
            self.panels.oob_table.rect = None;
        }
        let left = egui::Panel::left("palette")
            .default_size(210.0)
            .size_range(160.0..=420.0)
            .resizable(true)
            .show(ui, |ui| out.extend(self.palette_panel_ui(ui)));
        self.panels.left = Some(left.response.rect);
        let dock = egui::Panel::right("dock")
            .default_size(380.0)
            .size_range(300.0..=760.0)
            .resizable(true)
            .show(ui, |ui| out.extend(self.dock_ui(ui)));
        self.panels.dock = Some(dock.response.rect);
        egui::CentralPanel::default().show(ui, |ui| out.extend(self.canvas_ui(ui)));
        // After the frame in which the field was left: its change comes first, then the save.
        if !ctx.text_edit_focused()
            && let Some(save_as) = self.panels.save_after_field.take()
        {
            out.push(if save_as {
                Command::SaveAs
            } else {
                Command::Save
            });
        }
        // What a palette drag carries, or the palette's Place tool will place, next to the
        // cursor.
        let placing = match self.tool {
            Tool::Place(p) => ctx
                .pointer_hover_pos()
                .filter(|at| self.canvas.rect.contains(*at))
                .map(|_| std::sync::Arc::new(p)),
            _ => None,
        };
        if let (Some(payload), Some(pos)) = (
            egui::DragAndDrop::payload::<tools::Payload>(ctx).or(placing),
            ctx.pointer_latest_pos(),
        ) {
            let text = payload.describe(self.doc.scenario());
            egui::Area::new(egui::Id::unique("drag-ghost"))
                .fixed_pos(pos + egui::vec2(12.0, 12.0))
                .order(egui::Order::Tooltip)
                .interactable(false)
                .show(ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| ui.label(text));
                });
        }
        out.extend(self.file_modals_ui(ctx));
        out.extend(self.question_ui(ctx));
        out.extend(self.tiled_reading_ui(ctx));
        if let Some(dialog) = &mut self.tiled_import {
            out.extend(dialog.ui(ctx));
        }
        if let Some(prompt) = &mut self.files.prompt {
            let mut close = false;
            out.extend(prompt.ui(ctx, &mut close));
            if close {
                self.files.prompt = None;
            }
        }
        self.notices
            .ui(ctx, self.canvas.rect, self.now, self.doc.changes());
        bindings::shortcuts_window_ui(ctx, &mut self.panels.show_shortcuts);
        App::about_window_ui(ctx, &mut self.panels.show_about);
        getting_started::getting_started_ui(ctx, &mut self.panels.show_getting_started);
        // The printers' corrections live in the settings; the window edits them in place.
        std::mem::swap(&mut self.export.printers, &mut self.settings.printer_fixes);
        out.extend(self.export.ui(ctx, self.doc.scenario(), self.doc.changes()));
        std::mem::swap(&mut self.export.printers, &mut self.settings.printer_fixes);
        out.extend(self.calibrate_ui(ctx));
        out
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        startup_probe::after_first_frame(ui.ctx());
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, settings::STORAGE_KEY, &self.settings);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.back_to_present();
        // A clean exit leaves nothing to recover; unsaved work the user chose to keep was
        // saved, or discarded on purpose.
        if !self.doc.is_dirty() || self.files.allow_close {
            self.files.recovery.clear();
        }
    }
}

/// Whether an item still exists.
fn exists(s: &Scenario, item: ItemRef) -> bool {
    match item {
        ItemRef::Unit(id) => s.unit(id).is_some(),
        ItemRef::Model(u, m) => s.unit(u).is_some_and(|u| u.model(m).is_some()),
        ItemRef::Piece(id) => s.piece(id).is_some(),
        ItemRef::Objective(id) => s.objectives.iter().any(|o| o.id == id),
        ItemRef::Zone(id) => s.zones.iter().any(|z| z.id == id),
        ItemRef::Column(id) => s.column(id).is_some(),
        ItemRef::Reinforcement(id) => s.reinforcements.iter().any(|r| r.id == id),
        ItemRef::Side(id) => s.side(id).is_some(),
        ItemRef::Terrain(id) => s.terrain(id).is_some(),
        ItemRef::Scenario | ItemRef::Map | ItemRef::Hex(..) => true,
        ItemRef::Game => s.game.is_some(),
        ItemRef::LogEntry(n) => s.game.as_ref().is_some_and(|g| (n as usize) <= g.log.len()),
    }
}

/// The size of small text (hints, notes, the log's reasons), points.
const SMALL_PT: f32 = 11.0;

/// The editor's window: its size, least size, file drops and title. The start-up measurement's
/// bare window (`examples/bare_window.rs`) opens the same.
pub fn window_options(title: &str) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([800.0, 500.0])
            .with_drag_and_drop(true)
            .with_title(title),
        ..Default::default()
    }
}

/// Opens the editor window on what `start` holds (a file with what loading mended in it, or
/// the sample with the notice of a file that would not open). Returns an error when no window
/// can be opened (for example with no display).
pub fn run(start: startup::Startup) -> Result<(), String> {
    let options = window_options("Sandtable");
    eframe::run_native(
        "Sandtable",
        options,
        Box::new(move |cc| {
            fonts::install(&cc.egui_ctx);
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, settings::STORAGE_KEY))
                .unwrap_or_default();
            let app = App::starting(
                start,
                Box::new(NativeDialogs::default()),
                Recovery::in_dir(recovery_dir()),
                settings,
            );
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}

/// Where the editor keeps its recovery files: `SANDTABLE_RECOVERY_DIR` if set, else the
/// platform's data folder for the editor; absolute, so it is one folder whatever the editor's
/// working folder.
fn recovery_dir() -> PathBuf {
    std::env::var_os("SANDTABLE_RECOVERY_DIR")
        .map(|d| crate::io::recovery::absolute(std::path::Path::new(&d)))
        .or_else(|| eframe::storage_dir("sandtable"))
        .unwrap_or_else(|| std::env::temp_dir().join("sandtable"))
}
