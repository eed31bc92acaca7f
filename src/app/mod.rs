//! The eframe desktop editor: menu bar, palette, canvas, inspector, status bar, problems and
//! history. Widgets never change the scenario themselves: they return edits that the
//! [`Document`] applies as undoable steps.

mod canvas;
pub mod create;
pub mod dialogs;
pub mod export_window;
pub mod hit;
mod inspector;
mod layer_mesh;
pub mod paint;
mod palette;
mod rules_view;
pub mod settings;
pub mod tools;
pub mod view;
mod zoc_view;

use crate::edit::{Document, Edit};
use crate::geom::Point;
use crate::io;
use crate::io::recovery::{Recovery, RecoveryInfo};
use crate::model::*;
use crate::rules::check::{Problem, Severity, check};
use dialogs::{FileDialogs, NativeDialogs};
use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};
use paint::StaticLayer;
use settings::{Settings, Theme};
use std::path::{Path, PathBuf};
use tools::{Gesture, Tool};
use view::View;

/// Autosave interval while there are unsaved changes, in seconds.
pub const AUTOSAVE_SECS: f64 = 60.0;

/// Something waiting for an answer to "save your changes first?".
#[derive(Clone, Debug, PartialEq)]
enum Pending {
    NewTable,
    NewHex,
    Open(Option<PathBuf>),
    Recover,
    Quit,
}

/// Items on the clipboard, with the IDs they had.
#[derive(Clone, Debug, Default)]
struct Clipboard {
    units: Vec<Unit>,
    pieces: Vec<TerrainPiece>,
    objectives: Vec<Objective>,
    zones: Vec<DeploymentZone>,
}

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
    dialogs: Box<dyn FileDialogs>,
    recovery: Recovery,
    recovery_offer: Option<RecoveryInfo>,
    clipboard: Clipboard,
    gesture: Option<Gesture>,
    /// Vertices of a piece being drawn.
    drawing: Vec<Point>,
    pending: Option<Pending>,
    fit_pending: bool,
    /// Keep fitting the map to the canvas until the user pans or zooms.
    auto_fit: bool,
    space_down: bool,
    cursor: Option<Point>,
    canvas_rect: egui::Rect,
    static_layer: Option<((u64, bool, bool), StaticLayer)>,
    dynamic_layer: Option<(
        (u64, crate::scene::Style),
        std::sync::Arc<crate::scene::Scene>,
    )>,
    canvas_cache: Option<(canvas::CanvasKey, Vec<egui::Shape>)>,
    /// The ZOC shading of one side, for one state of the scenario.
    zoc_overlay: Option<zoc_view::ZocOverlay>,
    /// The rule preview of the selected unit.
    rules: rules_view::RulesView,
    problems: Option<(u64, Vec<Problem>)>,
    background: Option<(u64, egui::TextureHandle)>,
    last_autosave: f64,
    autosaved_changes: u64,
    show_shortcuts: bool,
    show_about: bool,
    allow_close: bool,
    title: String,
    /// File > Export.
    pub export: export_window::ExportWindow,
}

impl App {
    /// An editor on `doc`, asking for files through `dialogs` and keeping recovery files in
    /// `recovery`.
    pub fn new(
        doc: Document,
        dialogs: Box<dyn FileDialogs>,
        recovery: Recovery,
        settings: Settings,
    ) -> App {
        let side = doc.scenario().sides.first().map_or(SideId(0), |s| s.id);
        let recovery_offer = recovery.pending();
        App {
            doc,
            view: View::default(),
            tool: Tool::Select,
            selection: Vec::new(),
            side,
            settings,
            status: String::new(),
            dialogs,
            recovery,
            recovery_offer,
            clipboard: Clipboard::default(),
            gesture: None,
            drawing: Vec::new(),
            pending: None,
            fit_pending: true,
            auto_fit: true,
            space_down: false,
            cursor: None,
            canvas_rect: egui::Rect::NOTHING,
            static_layer: None,
            dynamic_layer: None,
            canvas_cache: None,
            zoc_overlay: None,
            rules: rules_view::RulesView::default(),
            problems: None,
            background: None,
            last_autosave: 0.0,
            autosaved_changes: 0,
            show_shortcuts: false,
            show_about: false,
            allow_close: false,
            title: String::new(),
            export: export_window::ExportWindow::default(),
        }
    }

    /// Applies edits as one undo step; on refusal shows why and returns `false`.
    pub fn apply(&mut self, label: &str, edits: Vec<Edit>) -> bool {
        if edits.is_empty() {
            return false;
        }
        match self.doc.apply(label, edits) {
            Ok(()) => {
                self.status = label.to_string();
                self.prune_selection();
                true
            }
            Err(e) => {
                self.status = format!("{label}: {e}");
                false
            }
        }
    }

    fn prune_selection(&mut self) {
        let s = self.doc.scenario();
        self.selection.retain(|item| exists(s, *item));
        if s.side(self.side).is_none() {
            self.side = s.sides.first().map_or(SideId(0), |x| x.id);
        }
    }

    /// Replaces the open document (after any unsaved-changes question was answered).
    fn replace_document(&mut self, doc: Document) {
        self.doc = doc;
        self.selection.clear();
        self.gesture = None;
        self.drawing.clear();
        self.tool = Tool::Select;
        self.fit_pending = true;
        self.static_layer = None;
        self.dynamic_layer = None;
        self.canvas_cache = None;
        self.zoc_overlay = None;
        self.rules.reset();
        self.problems = None;
        self.background = None;
        self.export.forget_previews();
        self.autosaved_changes = 0;
        self.prune_selection();
    }

    /// Runs `action` now, or after asking about unsaved changes.
    fn guarded(&mut self, action: Pending) {
        if self.doc.is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    fn perform(&mut self, action: Pending) {
        match action {
            Pending::NewTable => {
                self.replace_document(Document::new(Scenario::new_table("Untitled table"), None));
                self.recovery.clear();
            }
            Pending::NewHex => {
                self.replace_document(Document::new(Scenario::new_hex("Untitled hex map"), None));
                self.recovery.clear();
            }
            Pending::Open(path) => {
                let path = path.or_else(|| self.dialogs.open_scenario());
                if let Some(p) = path {
                    self.open_path(&p);
                }
            }
            Pending::Recover => match self.recovery.load() {
                Ok(s) => {
                    let original = self
                        .recovery_offer
                        .as_ref()
                        .and_then(|r| r.original.clone());
                    let mut doc = Document::new(Scenario::new_table(""), original);
                    // The recovered scenario is unsaved work: one undoable step from empty.
                    let _ = doc.apply(
                        "Recover unsaved work",
                        vec![Edit::ReplaceScenario(Box::new(s))],
                    );
                    self.replace_document(doc);
                    self.status = "Recovered unsaved work".into();
                }
                Err(e) => self.status = format!("Could not recover: {e}"),
            },
            Pending::Quit => {
                self.allow_close = true;
                self.recovery.clear();
            }
        }
    }

    /// Opens a scenario file, reporting failure in the status bar (the current document stays).
    pub fn open_path(&mut self, path: &Path) {
        match io::load(path) {
            Ok(s) => {
                self.replace_document(Document::new(s, Some(path.to_path_buf())));
                self.settings.remember(path.to_path_buf());
                self.recovery.clear();
                self.status = format!("Opened {}", path.display());
            }
            Err(e) => self.status = format!("Could not open {}: {e}", path.display()),
        }
    }

    /// Saves to the document's path, or asks for one.
    pub fn save(&mut self) -> bool {
        match self.doc.path.clone() {
            Some(p) => self.save_to(&p),
            None => self.save_as(),
        }
    }

    pub fn save_as(&mut self) -> bool {
        let name = format!("{}.sandtable", file_stem(&self.doc.scenario().meta.title));
        match self.dialogs.save_scenario(&name) {
            Some(p) => self.save_to(&p),
            None => false,
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        match io::save(path, self.doc.scenario()) {
            Ok(()) => {
                self.doc.mark_saved(Some(path.to_path_buf()));
                self.settings.remember(path.to_path_buf());
                self.recovery.clear();
                self.status = format!("Saved {}", path.display());
                true
            }
            Err(e) => {
                self.status = format!("Not saved: {e}");
                false
            }
        }
    }

    fn undo(&mut self) {
        match self.doc.undo() {
            Some(label) => self.status = format!("Undid: {label}"),
            None => self.status = "Nothing to undo".into(),
        }
        self.prune_selection();
    }

    fn redo(&mut self) {
        match self.doc.redo() {
            Some(label) => self.status = format!("Redid: {label}"),
            None => self.status = "Nothing to redo".into(),
        }
        self.prune_selection();
    }

    fn copy(&mut self) {
        let s = self.doc.scenario();
        let mut c = Clipboard::default();
        for item in &self.selection {
            match *item {
                ItemRef::Unit(id) => c.units.extend(s.unit(id).cloned()),
                ItemRef::Piece(id) => c.pieces.extend(s.piece(id).cloned()),
                ItemRef::Objective(id) => c
                    .objectives
                    .extend(s.objectives.iter().find(|o| o.id == id).cloned()),
                ItemRef::Zone(id) => c.zones.extend(s.zones.iter().find(|z| z.id == id).cloned()),
                _ => {}
            }
        }
        let n = c.units.len() + c.pieces.len() + c.objectives.len() + c.zones.len();
        self.clipboard = c;
        self.status = format!("Copied {n} items");
    }

    fn delete_selection(&mut self) {
        let edits: Vec<Edit> = self
            .selection
            .iter()
            .filter_map(|item| match *item {
                ItemRef::Unit(id) => Some(Edit::RemoveUnit(id)),
                ItemRef::Piece(id) => Some(Edit::RemovePiece(id)),
                ItemRef::Objective(id) => Some(Edit::RemoveObjective(id)),
                ItemRef::Zone(id) => Some(Edit::RemoveZone(id)),
                ItemRef::Column(id) => Some(Edit::RemoveColumn(id)),
                ItemRef::Reinforcement(id) => Some(Edit::RemoveReinforcement(id)),
                _ => None,
            })
            .collect();
        let n = edits.len();
        if self.apply(&format!("Delete {n} items"), edits) {
            self.selection.clear();
        }
    }

    /// Pastes the clipboard with fresh IDs, offset so copies do not sit on the originals.
    fn paste(&mut self, offset: Point) {
        let s = self.doc.scenario();
        let mut next = s.next_id;
        let mut fresh = || {
            let v = next;
            next += 1;
            v
        };
        let hex = s.map.as_hex().map(|h| (h.grid(), crate::scene::layout(h)));
        let mut edits = Vec::new();
        let mut selected = Vec::new();
        for u in &self.clipboard.units {
            let mut u = u.clone();
            u.id = UnitId(fresh());
            for m in &mut u.models {
                let old = m.id;
                m.id = ModelId(fresh());
                m.pos += offset;
                if u.leader_model == Some(old) {
                    u.leader_model = Some(m.id);
                }
            }
            if let (Position::Hex { hex: at, facing }, Some((grid, l))) = (u.position, &hex) {
                let to = l.world_pos_to_hex(l.hex_to_world_pos(at) + offset);
                if !grid.contains(to) {
                    continue;
                }
                u.position = Position::Hex { hex: to, facing };
            }
            u.name = format!("{} (copy)", u.name);
            selected.push(ItemRef::Unit(u.id));
            edits.push(Edit::PutUnit(Box::new(u)));
        }
        for p in &self.clipboard.pieces {
            let mut p = p.clone();
            p.id = PieceId(fresh());
            p.shape.points_mut().iter_mut().for_each(|q| *q += offset);
            selected.push(ItemRef::Piece(p.id));
            edits.push(Edit::PutPiece(Box::new(p)));
        }
        for o in &self.clipboard.objectives {
            let mut o = o.clone();
            o.id = ObjectiveId(fresh());
            if let Place::Table(p) = &mut o.place {
                *p += offset;
            }
            selected.push(ItemRef::Objective(o.id));
            edits.push(Edit::PutObjective(Box::new(o)));
        }
        for z in &self.clipboard.zones {
            let mut z = z.clone();
            z.id = ZoneId(fresh());
            if let ZoneArea::Polygon(pts) = &mut z.area {
                pts.iter_mut().for_each(|q| *q += offset);
            }
            selected.push(ItemRef::Zone(z.id));
            edits.push(Edit::PutZone(Box::new(z)));
        }
        let n = edits.len();
        if n == 0 {
            self.status = "Nothing to paste".into();
        } else if self.apply(&format!("Paste {n} items"), edits) {
            self.selection = selected;
        }
    }

    fn paste_offset(&self) -> Point {
        match self.doc.scenario().map.as_hex() {
            Some(h) => Point::new(h.hex_size_mm, 0.0),
            None => Point::new(1.0, 1.0),
        }
    }

    /// Rotates the selected units: 15° about their centre on the table, one hexside on a hex
    /// map (`sign` +1 clockwise, -1 counter-clockwise).
    fn rotate_selection(&mut self, sign: f32) {
        let s = self.doc.scenario();
        let mut edits = Vec::new();
        for item in &self.selection {
            let ItemRef::Unit(id) = item else { continue };
            let Some(u) = s.unit(*id) else { continue };
            let mut u = u.clone();
            match u.position {
                Position::Hex { hex, facing } => {
                    u.position = Position::Hex {
                        hex,
                        facing: ((facing as i32 + sign as i32).rem_euclid(6)) as u8,
                    }
                }
                Position::Table if !u.models.is_empty() => {
                    let c = u.models.iter().map(|m| m.pos).sum::<Point>() / u.models.len() as f32;
                    let a = (15.0 * sign).to_radians();
                    let (sin, cos) = a.sin_cos();
                    for m in &mut u.models {
                        let d = m.pos - c;
                        m.pos = c + Point::new(d.x * cos - d.y * sin, d.x * sin + d.y * cos);
                        m.facing_deg = (m.facing_deg + 15.0 * sign).rem_euclid(360.0);
                    }
                }
                _ => continue,
            }
            edits.push(Edit::PutUnit(Box::new(u)));
        }
        self.apply("Rotate", edits);
    }

    /// Handles a file dropped on the window: a scenario opens, an image becomes the background.
    pub fn dropped(&mut self, file: &dyn egui::DroppedFile) {
        let path = file.path();
        let from_path = !path.as_os_str().is_empty();
        let bytes = if from_path {
            read_limited(path)
        } else {
            file.bytes()
                .map_err(|e| format!("Cannot read the dropped file: {e}"))
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                self.status = e;
                return;
            }
        };
        if io::codec::sniff(&bytes).is_ok() {
            if from_path {
                self.guarded(Pending::Open(Some(path.to_path_buf())));
            } else {
                match io::decode(&bytes) {
                    Ok(s) => self.guarded_replace(s),
                    Err(e) => self.status = format!("Could not open the dropped file: {e}"),
                }
            }
            return;
        }
        self.set_background(bytes);
    }

    fn guarded_replace(&mut self, s: Scenario) {
        if self.doc.is_dirty() {
            self.status = "Save or discard your changes first, then drop the file again".into();
        } else {
            self.replace_document(Document::new(s, None));
        }
    }

    /// Makes encoded image bytes the map's background (one undoable step).
    pub fn set_background(&mut self, bytes: Vec<u8>) {
        match io::image::background_from_bytes(bytes) {
            Ok(bg) => {
                let (w, h) = (bg.width_px, bg.height_px);
                if self.apply(
                    "Set background image",
                    vec![Edit::SetBackground(Some(Box::new(bg)))],
                ) {
                    self.status =
                        format!("Background image set ({w} x {h} pixels), stretched over the map");
                }
            }
            Err(e) => self.status = format!("Not a usable background image: {e}"),
        }
    }

    fn background_texture(&mut self, ctx: &egui::Context) -> Option<egui::TextureId> {
        let changes = self.doc.changes();
        let bg = self.doc.scenario().background.as_ref()?;
        if self.background.as_ref().is_none_or(|(k, _)| *k != changes) {
            let keep = self.background.take().filter(|_| false);
            let _ = keep;
            match io::image::decode(&bg.encoded) {
                Ok(img) => {
                    let size = [img.width() as usize, img.height() as usize];
                    let color = egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw());
                    let tex = ctx.load_texture("background", color, egui::TextureOptions::LINEAR);
                    self.background = Some((changes, tex));
                }
                Err(e) => {
                    self.status = format!("Background image: {e}");
                    return None;
                }
            }
        }
        self.background.as_ref().map(|(_, t)| t.id())
    }

    fn problems(&mut self) -> &[Problem] {
        let changes = self.doc.changes();
        if self.problems.as_ref().is_none_or(|(k, _)| *k != changes) {
            self.problems = Some((changes, check(self.doc.scenario())));
        }
        self.problems.as_ref().map_or(&[], |(_, p)| p.as_slice())
    }

    fn autosave(&mut self, now: f64) {
        if !self.doc.is_dirty() {
            self.last_autosave = now;
            return;
        }
        if now - self.last_autosave < AUTOSAVE_SECS || self.autosaved_changes == self.doc.changes()
        {
            return;
        }
        self.last_autosave = now;
        match self
            .recovery
            .write(self.doc.scenario(), self.doc.path.as_deref())
        {
            Ok(()) => self.autosaved_changes = self.doc.changes(),
            Err(e) => self.status = format!("Autosave failed: {e}"),
        }
    }

    /// Writes the recovery file now (tests, and the autosave timer).
    pub fn autosave_now(&mut self) {
        self.last_autosave = f64::NEG_INFINITY;
        self.autosaved_changes = u64::MAX;
        self.autosave(0.0);
    }

    fn shortcuts(&mut self, ui: &mut Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let cmd = Modifiers::COMMAND;
        let cs = Modifiers::COMMAND | Modifiers::SHIFT;
        let take = |m: Modifiers, k: Key| {
            ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        if take(cs, Key::Z) || take(cmd, Key::Y) {
            self.redo();
        }
        if take(cmd, Key::Z) {
            self.undo();
        }
        if take(cs, Key::N) {
            self.guarded(Pending::NewHex);
        }
        if take(cmd, Key::N) {
            self.guarded(Pending::NewTable);
        }
        if take(cmd, Key::O) {
            self.guarded(Pending::Open(None));
        }
        if take(cs, Key::S) {
            self.save_as();
        }
        if take(cmd, Key::S) {
            self.save();
        }
        if take(cmd, Key::Q) {
            ui.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if take(cmd, Key::C) {
            self.copy();
        }
        if take(cmd, Key::X) {
            self.copy();
            self.delete_selection();
        }
        if take(cmd, Key::V) {
            let off = self.paste_offset();
            self.paste(off);
        }
        if take(cmd, Key::D) {
            self.copy();
            let off = self.paste_offset();
            self.paste(off);
        }
        if take(cmd, Key::A) {
            self.selection = hit::in_box(
                self.doc.scenario(),
                crate::scene::frame(self.doc.scenario()).0.expand(1e6),
            );
        }
        let plain = Modifiers::NONE;
        if take(plain, Key::Delete) || (self.drawing.is_empty() && take(plain, Key::Backspace)) {
            self.delete_selection();
        }
        if take(plain, Key::F) || take(plain, Key::Home) {
            self.fit_pending = true;
        }
        if take(plain, Key::G) {
            self.settings.grid = !self.settings.grid;
        }
        if take(plain, Key::S) {
            self.tool = Tool::Select;
        }
        if take(plain, Key::M) {
            self.tool = Tool::Measure;
        }
        if take(plain, Key::R) {
            self.rotate_selection(1.0);
        }
        if take(Modifiers::SHIFT, Key::R) {
            self.rotate_selection(-1.0);
        }
        if take(plain, Key::F1) {
            self.show_shortcuts = true;
        }
        if take(plain, Key::V) && !self.doc.scenario().map.is_hex() {
            self.tool = Tool::Sight;
        }
        if take(plain, Key::P) {
            if self.rules.open.is_some() {
                self.close_preview();
            } else if let Some(u) = self.selected_unit()
                && let Some(c) = crate::preview::choices(self.doc.scenario(), u).first()
            {
                self.open_preview(c.mode);
            }
        }
        if self.rules.pending.is_some() && take(plain, Key::Enter) {
            self.commit_pending();
        }
    }

    fn menu_ui(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("New free-measure table").clicked() {
                    self.guarded(Pending::NewTable);
                }
                if ui.button("New hex map").clicked() {
                    self.guarded(Pending::NewHex);
                }
                if ui.button("Open…").clicked() {
                    self.guarded(Pending::Open(None));
                }
                ui.menu_button("Open Recent", |ui| {
                    if self.settings.recent.is_empty() {
                        ui.label(RichText::new("No recent files").weak());
                    }
                    for p in self.settings.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.guarded(Pending::Open(Some(p)));
                        }
                    }
                });
                ui.separator();
                if ui.button("Save").clicked() {
                    self.save();
                }
                if ui.button("Save As…").clicked() {
                    self.save_as();
                }
                if ui.button("Export…").clicked() {
                    self.export.open = true;
                    self.status = "Export: choose a print layout in the Export window".into();
                }
                if ui.button("Background image…").clicked()
                    && let Some(p) = self.dialogs.open_image()
                {
                    match read_limited(&p) {
                        Ok(b) => self.set_background(b),
                        Err(e) => self.status = e,
                    }
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                let (undo, redo) = (self.doc.can_undo(), self.doc.can_redo());
                if ui.add_enabled(undo, egui::Button::new("Undo")).clicked() {
                    self.undo();
                }
                if ui.add_enabled(redo, egui::Button::new("Redo")).clicked() {
                    self.redo();
                }
                ui.separator();
                let any = !self.selection.is_empty();
                if ui.add_enabled(any, egui::Button::new("Cut")).clicked() {
                    self.copy();
                    self.delete_selection();
                }
                if ui.add_enabled(any, egui::Button::new("Copy")).clicked() {
                    self.copy();
                }
                if ui.button("Paste").clicked() {
                    let off = self.paste_offset();
                    self.paste(off);
                }
                if ui.add_enabled(any, egui::Button::new("Delete")).clicked() {
                    self.delete_selection();
                }
                if ui
                    .add_enabled(any, egui::Button::new("Duplicate"))
                    .clicked()
                {
                    self.copy();
                    let off = self.paste_offset();
                    self.paste(off);
                }
            });
            ui.menu_button("View", |ui| {
                ui.checkbox(&mut self.settings.grid, "Grid");
                ui.checkbox(&mut self.settings.coordinates, "Coordinates");
                ui.checkbox(&mut self.settings.labels, "Unit labels");
                ui.checkbox(&mut self.settings.snap, "Snap to half inches");
                ui.checkbox(&mut self.settings.show_problems, "Problems panel");
                ui.checkbox(&mut self.settings.show_history, "History");
                zoc_view::zoc_menu_ui(ui, self.doc.scenario(), &mut self.settings.zoc_side);
                if ui.button("Zoom to fit").clicked() {
                    self.fit_pending = true;
                }
                ui.menu_button("Theme", |ui| {
                    for (t, name) in [
                        (Theme::System, "System"),
                        (Theme::Light, "Light"),
                        (Theme::Dark, "Dark"),
                    ] {
                        ui.radio_value(&mut self.settings.theme, t, name);
                    }
                });
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts").clicked() {
                    self.show_shortcuts = true;
                }
                if ui.button("About Sandtable").clicked() {
                    self.show_about = true;
                }
            });
        });
    }

    fn status_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let s = self.doc.scenario();
            let at = match (self.cursor, s.map.as_hex()) {
                (Some(p), Some(h)) => match hit::hex_at(s, p) {
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

    fn problems_ui(&mut self, ui: &mut Ui) {
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
            return;
        }
        // Only the rows in view are laid out: a crowded scenario can have thousands.
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let mut pick = None;
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
                        pick = Some(p.item);
                    }
                }
            });
        if let Some(item) = pick {
            let item = match item {
                ItemRef::Model(u, _) => ItemRef::Unit(u),
                other => other,
            };
            if exists(self.doc.scenario(), item) {
                self.selection = vec![item];
            }
        }
    }

    fn history_ui(&mut self, ui: &mut Ui) {
        ui.heading("History");
        let (labels, now) = self.doc.history();
        let labels: Vec<String> = labels.iter().map(|s| s.to_string()).collect();
        let mut target = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            if ui.selectable_label(now == 0, "(opened)").clicked() {
                target = Some(0);
            }
            for (k, l) in labels.iter().enumerate() {
                let text = if k < now {
                    RichText::new(l)
                } else {
                    RichText::new(l).weak()
                };
                if ui.selectable_label(k + 1 == now, text).clicked() {
                    target = Some(k + 1);
                }
            }
        });
        if let Some(t) = target {
            let (_, mut cur) = self.doc.history();
            while cur > t && self.doc.undo().is_some() {
                cur -= 1;
            }
            while cur < t && self.doc.redo().is_some() {
                cur += 1;
            }
            self.prune_selection();
        }
    }

    fn modals(&mut self, ctx: &egui::Context) {
        if let Some(action) = self.pending.clone() {
            let verb = match &action {
                Pending::NewTable | Pending::NewHex => "starting a new scenario",
                Pending::Open(_) => "opening another file",
                Pending::Recover => "recovering",
                Pending::Quit => "quitting",
            };
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "'{}' has changes that are not saved. Save them before {verb}?",
                    self.doc.scenario().meta.title
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(1);
                    }
                    if ui.button("Don't save").clicked() {
                        answer = Some(2);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(3);
                    }
                });
            });
            match answer {
                Some(1) => {
                    self.pending = None;
                    if self.save() {
                        self.perform(action.clone());
                        if action == Pending::Quit {
                            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                        }
                    }
                }
                Some(2) => {
                    self.pending = None;
                    self.perform(action.clone());
                    if action == Pending::Quit {
                        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                }
                Some(_) => self.pending = None,
                None => {}
            }
        }
        if let Some(info) = self.recovery_offer.clone() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
                ui.heading("Recover unsaved work?");
                ui.label(format!(
                    "The last session ended with unsaved changes to '{}'{}.",
                    info.title,
                    info.original
                        .as_ref()
                        .map_or(String::new(), |p| format!(" ({})", p.display()))
                ));
                ui.horizontal(|ui| {
                    if ui.button("Recover").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Discard").clicked() {
                        answer = Some(false);
                    }
                });
            });
            match answer {
                Some(true) => {
                    self.guarded(Pending::Recover);
                    if self.pending.is_none() {
                        self.recovery_offer = None;
                    }
                }
                Some(false) => {
                    self.recovery.clear();
                    self.recovery_offer = None;
                }
                None => {}
            }
        }
        if self.show_shortcuts {
            egui::Window::new("Keyboard shortcuts")
                .open(&mut self.show_shortcuts)
                .show(ctx, |ui| {
                    egui::Grid::new("keys").striped(true).show(ui, |ui| {
                        for (k, what) in SHORTCUTS {
                            ui.label(*k);
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
        }
        if self.show_about {
            egui::Window::new("About Sandtable")
                .open(&mut self.show_about)
                .show(ctx, |ui| {
                    ui.label(format!("Sandtable {}", env!("CARGO_PKG_VERSION")));
                    ui.label("A desktop editor for tabletop wargame scenarios: design, preview legal moves and command spans, and print deployment maps.");
                });
        }
    }

    fn update_title(&mut self, ui: &Ui) {
        let s = self.doc.scenario();
        let title = format!(
            "{}{} — Sandtable",
            if self.doc.is_dirty() { "• " } else { "" },
            s.meta.title
        );
        if title != self.title {
            ui.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Whether work for the map's drawing is still running in the background (the image of a
    /// large map); a repaint is requested when it ends.
    pub fn drawing_in_background(&self) -> bool {
        self.static_layer.as_ref().is_some_and(|(_, l)| l.busy())
    }

    /// One frame of the whole editor.
    pub fn frame_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        ctx.set_theme(match self.settings.theme {
            Theme::System => egui::ThemePreference::System,
            Theme::Light => egui::ThemePreference::Light,
            Theme::Dark => egui::ThemePreference::Dark,
        });
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        for f in &dropped {
            self.dropped(f.as_ref());
        }
        if ui.input(|i| i.viewport().close_requested()) && self.doc.is_dirty() && !self.allow_close
        {
            ui.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::Quit);
        }
        self.shortcuts(ui);
        self.sync_preview();
        let now = ui.input(|i| i.time);
        self.autosave(now);
        if self.doc.is_dirty() {
            // Wake once an autosave interval, not every frame.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECS));
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        // Always there, so selecting a unit does not shift the map under the pointer.
        egui::Panel::top("preview-bar").show(ui, |ui| self.preview_bar_ui(ui));
        if self.settings.show_problems {
            egui::Panel::bottom("problems")
                .resizable(true)
                .show(ui, |ui| self.problems_ui(ui));
        }
        egui::Panel::left("palette")
            .default_size(210.0)
            .resizable(true)
            .show(ui, |ui| {
                // Palette entries are dragged onto the map: dragging must not scroll the list.
                egui::ScrollArea::vertical()
                    .scroll_source(
                        egui::scroll_area::ScrollSource::SCROLL_BAR
                            | egui::scroll_area::ScrollSource::MOUSE_WHEEL,
                    )
                    .show(ui, |ui| {
                        for action in
                            palette::palette_ui(ui, self.doc.scenario(), &self.tool, self.side)
                        {
                            match action {
                                palette::PaletteAction::SetTool(t) => {
                                    self.tool = t;
                                    self.drawing.clear();
                                }
                                palette::PaletteAction::SetSide(s) => self.side = s,
                            }
                        }
                    });
            });
        egui::Panel::right("inspector")
            .default_size(300.0)
            .resizable(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.inspector_panel_ui(ui);
                    if self.settings.show_history {
                        ui.separator();
                        self.history_ui(ui);
                    }
                });
            });
        egui::CentralPanel::default().show(ui, |ui| self.canvas_ui(ui));
        // What a palette drag carries, next to the cursor.
        if let (Some(payload), Some(pos)) = (
            egui::DragAndDrop::payload::<palette::Payload>(&ctx),
            ctx.pointer_latest_pos(),
        ) {
            let text = payload.describe(self.doc.scenario());
            egui::Area::new(egui::Id::unique("drag-ghost"))
                .fixed_pos(pos + egui::vec2(12.0, 12.0))
                .order(egui::Order::Tooltip)
                .interactable(false)
                .show(&ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| ui.label(text));
                });
        }
        self.modals(&ctx);
        let changes = self.doc.changes();
        if let Some(status) =
            self.export
                .ui(&ctx, self.doc.scenario(), changes, self.dialogs.as_mut())
        {
            self.status = status;
        }
        self.update_title(ui);
    }
}

const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+N / Ctrl+Shift+N", "new table / new hex map"),
    ("Ctrl+O", "open"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    ("Ctrl+X / C / V", "cut / copy / paste"),
    ("Ctrl+D", "duplicate"),
    ("Ctrl+A", "select all"),
    ("Delete", "delete the selection"),
    ("R / Shift+R", "rotate the selection"),
    ("S / M", "select tool / measuring tape"),
    ("Wheel, +, -", "zoom about the cursor"),
    ("Middle drag, Space+drag, arrows", "pan"),
    ("F or Home", "zoom to fit"),
    ("G", "grid on or off"),
    ("Enter / double-click", "finish drawing a piece"),
    (
        "Escape",
        "cancel the drag, drawing or move waiting for its followers",
    ),
    ("P", "open or close the rule preview of the selected unit"),
    (
        "Drag (preview open)",
        "move the unit under the rules; Alt+drag places it freely",
    ),
    ("Enter (move waiting)", "commit the move with its followers"),
    ("V", "line of sight tool (table)"),
    (
        "Shift+click",
        "add to the selection; fill hexes with the paint tool",
    ),
    ("F1", "this list"),
];

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, settings::STORAGE_KEY, &self.settings);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // A clean exit leaves nothing to recover; unsaved work the user chose to keep was
        // saved, or discarded on purpose.
        if !self.doc.is_dirty() || self.allow_close {
            self.recovery.clear();
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
    }
}

fn file_stem(title: &str) -> String {
    let s: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_lowercase();
    if s.is_empty() { "scenario".into() } else { s }
}

/// Reads a dropped or chosen file, refusing anything larger than any file the editor takes.
fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let limit = io::codec::MAX_FILE_BYTES.max(io::image::MAX_IMAGE_BYTES as u64);
    let f =
        std::fs::File::open(path).map_err(|e| format!("Cannot read {}: {e}", path.display()))?;
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    if size > limit {
        return Err(format!(
            "{} is {size} bytes, over the {limit}-byte limit",
            path.display()
        ));
    }
    let mut bytes = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("Cannot read {}: {e}", path.display()))?;
    Ok(bytes)
}

/// Opens the editor window on a scenario. Returns an error when no window can be opened (for
/// example with no display).
pub fn run(scenario: Scenario, path: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([800.0, 500.0])
            .with_drag_and_drop(true)
            .with_title("Sandtable"),
        ..Default::default()
    };
    eframe::run_native(
        "Sandtable",
        options,
        Box::new(move |cc| {
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, settings::STORAGE_KEY))
                .unwrap_or_default();
            let mut app = App::new(
                Document::new(scenario, path.clone()),
                Box::new(NativeDialogs),
                Recovery::default_location(),
                settings,
            );
            if let Some(p) = path {
                app.settings.remember(p);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}
