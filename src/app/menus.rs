//! The menu bar. Each entry sends a command and shows the keys that send it too, read from the
//! binding table. F10 (or Alt pressed alone) reaches the menus from the keyboard, the open
//! menu marked on the bar: Left and Right go from menu to
//! menu, Up, Down and Enter walk and pick entries (egui's menu navigation), Escape or F10 leave.

use super::App;
use super::bindings::{Action, keys_text};
use super::command::{Command, Commands, Guarded};
use super::settings::Theme;
use super::tools::Tool;
use egui::{Button, Id, Key, Modifiers, Popup, RichText, Ui};

/// The menu bar as the keyboard walks it: each menu's button and popup, and the entries that
/// open a submenu, as they were drawn last frame.
#[derive(Default)]
pub(super) struct MenuKeys {
    menus: Vec<(Id, Id)>,
    submenus: Vec<Id>,
}

impl MenuKeys {
    /// Opens the bar's `i`th menu (counted round the bar) and gives its button the keyboard,
    /// so Down enters its entries.
    pub fn open(&self, ctx: &egui::Context, i: isize) {
        let n = self.menus.len() as isize;
        if n == 0 {
            return;
        }
        let (button, popup) = self.menus[i.rem_euclid(n) as usize];
        Popup::open_id(ctx, popup);
        ctx.memory_mut(|m| m.request_focus(button));
        // The menu shows in the next frame, which no input may come to ask for.
        ctx.request_repaint();
    }

    /// The keys of a keyboard in the menus (a bar button has the focus or a menu of the bar
    /// is open): Left and Right open the neighbouring menu, except where egui's menus use them
    /// (Right on an entry that opens a submenu, Left inside a submenu); Escape and F10 leave
    /// the menus. True while the keyboard is in the menus, so the editor's shortcuts leave the
    /// other keys to them.
    ///
    /// A bar button counts as the keyboard's only while `by_keyboard` (F10 put it there and
    /// no pointer has been pressed since): a button the pointer clicked may keep egui's focus
    /// after its menu closed, and the arrows then belong to the map again.
    pub fn keys(&self, ui: &mut Ui, by_keyboard: &mut bool) -> bool {
        let ctx = ui.ctx().clone();
        if ui.input(|i| i.pointer.any_pressed()) {
            *by_keyboard = false;
        }
        let focused = ctx.memory(|m| m.focused());
        let on_button = self
            .menus
            .iter()
            .position(|(b, _)| *by_keyboard && Some(*b) == focused);
        let open = self
            .menus
            .iter()
            .position(|(_, p)| Popup::is_id_open(&ctx, *p));
        let Some(current) = on_button.or(open) else {
            // A bar button the pointer clicked keeps egui's focus once its menu has closed,
            // and would go on showing a focus outline nothing uses: let it go.
            if let Some(f) = focused.filter(|f| self.menus.iter().any(|(b, _)| b == f)) {
                ctx.memory_mut(|m| m.surrender_focus(f));
            }
            return false;
        };
        let current = current as isize;
        let layer = focused
            .and_then(|f| ctx.read_response(f))
            .map(|r| r.layer_id.id);
        let in_menu = open.is_some_and(|i| layer == Some(self.menus[i].1));
        let in_submenu = focused.is_some() && on_button.is_none() && !in_menu;
        let on_submenu_entry = focused.is_some_and(|f| self.submenus.contains(&f));
        let pressed = |k: Key| ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
        let step = if !in_submenu && pressed(Key::ArrowLeft) {
            Some(-1)
        } else if !on_submenu_entry && pressed(Key::ArrowRight) {
            Some(1)
        } else {
            None
        };
        if let Some(step) = step {
            ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
            self.open(&ctx, current + step);
            return true;
        }
        if pressed(Key::Escape) || pressed(Key::F10) {
            *by_keyboard = false;
            Popup::close_all(&ctx);
            if let Some(f) = focused {
                ctx.memory_mut(|m| m.surrender_focus(f));
            }
        }
        true
    }
}

/// Alt pressed and let go with nothing else between opens the menus, as F10 does (as on the
/// desktops): Alt held with a key or a click is that key's or click's.
#[derive(Default)]
pub(super) struct AltTap {
    /// Alt is down, as the modifiers last changed.
    down: bool,
    /// Nothing else came while it was down.
    alone: bool,
}

impl AltTap {
    /// True in the frame Alt is let go after being pressed alone. The changes of the
    /// modifiers are read in the order they came, so a press and release within one frame (a
    /// quick tap) counts.
    pub fn tapped(&mut self, ui: &Ui) -> bool {
        let mut tapped = false;
        ui.input(|i| {
            for e in &i.events {
                match e {
                    egui::Event::ModifiersChanged(m) => {
                        let others = m.ctrl || m.shift || m.command || m.mac_cmd;
                        if m.alt && !self.down {
                            self.alone = !others;
                        } else if m.alt && others {
                            self.alone = false;
                        } else if !m.alt && self.down {
                            tapped |= self.alone && !others;
                            self.alone = false;
                        }
                        self.down = m.alt;
                    }
                    // The Alt key's own press and release come as keys too (the desktop's
                    // window system sends them, beside the change of the modifiers).
                    egui::Event::Key {
                        key: egui::Key::AltLeft | egui::Key::AltRight,
                        ..
                    } => {}
                    egui::Event::Key { .. }
                    | egui::Event::Text(_)
                    | egui::Event::PointerButton { .. }
                    | egui::Event::MouseWheel { .. } => self.alone = false,
                    _ => {}
                }
            }
        });
        tapped
    }
}

/// A menu entry with its shortcut hint; `true` when clicked. Its accessible name is the entry's
/// own text (the hint is drawn beside it, not read as part of the name).
fn entry(ui: &mut Ui, text: &str, action: Option<Action>, enabled: bool) -> bool {
    let mut b = Button::new(text);
    if let Some(a) = action {
        b = b.shortcut_text(keys_text(ui.ctx(), a));
    }
    let r = ui.add_enabled(enabled, b);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, text));
    picked(ui, &r)
}

/// Whether an entry was picked; a pick closes the menu, whether by the pointer or by Enter
/// (egui closes a menu only on a pointer's click).
fn picked(ui: &Ui, r: &egui::Response) -> bool {
    if r.clicked() {
        ui.close();
    }
    r.clicked()
}

/// A menu entry that is on or off (a check box's role for screen readers), with its shortcut
/// hint; `true` when clicked.
fn toggle_entry(ui: &mut Ui, text: &str, on: bool, action: Action) -> bool {
    let b = Button::selectable(on, text).shortcut_text(keys_text(ui.ctx(), action));
    let r = ui.add(b);
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, text));
    picked(ui, &r)
}

/// While the keyboard walks the menu bar, the menu it opened stays the one shown. egui's bar
/// remembers its open menu (under this salt of the bar's id) and opens the menu of any bar
/// button the pointer is over while one is open, so a pointer resting where it last clicked
/// would take F10's File menu over; forgetting the open menu after each button keeps the
/// keyboard's. (A press of the pointer hands the bar back to it: `MenuKeys::keys`.)
fn keep_to_the_keyboard(ui: &mut Ui, keyboard: bool) {
    if keyboard {
        let open_menu = ui.unique_id().with("egui_menu_bar_open_menu");
        ui.data_mut(|d| d.remove::<Id>(open_menu));
    }
}

/// Where the entries that open a submenu are noted while the bar is drawn.
fn submenus_id() -> Id {
    Id::unique("submenu entries")
}

/// An entry that opens a submenu, noted so Right opens it rather than the next menu.
fn submenu(ui: &mut Ui, text: &str, add: impl FnOnce(&mut Ui)) {
    let id = ui.menu_button(text, add).response.id;
    ui.data_mut(|d| d.get_temp_mut_or_default::<Vec<Id>>(submenus_id()).push(id));
}

impl App {
    /// The menu bar, and its menus as the keyboard walks them next frame.
    pub(super) fn menu_ui(&self, ui: &mut Ui) -> (Commands, MenuKeys) {
        let mut out = Commands::default();
        let mut keys = MenuKeys::default();
        let keyboard = self.panels.menus_by_keyboard;
        egui::MenuBar::new().ui(ui, |ui| {
            let mut menus = Vec::new();
            menus.push(ui.menu_button("File", |ui| out.extend(self.file_menu_ui(ui))));
            keep_to_the_keyboard(ui, keyboard);
            menus.push(ui.menu_button("Edit", |ui| out.extend(self.edit_menu_ui(ui))));
            keep_to_the_keyboard(ui, keyboard);
            menus.push(ui.menu_button("View", |ui| out.extend(self.view_menu_ui(ui))));
            keep_to_the_keyboard(ui, keyboard);
            menus.push(ui.menu_button("Tools", |ui| out.extend(self.tools_menu_ui(ui))));
            keep_to_the_keyboard(ui, keyboard);
            menus.push(ui.menu_button("Game", |ui| out.extend(self.game_menu_ui(ui))));
            keep_to_the_keyboard(ui, keyboard);
            menus.push(ui.menu_button("Help", |ui| {
                if entry(ui, "Getting started", None, true) {
                    out.push(Command::ShowGettingStarted);
                }
                if entry(ui, "Keyboard shortcuts", Some(Action::Shortcuts), true) {
                    out.push(Command::ShowShortcuts);
                }
                if entry(ui, "About Sandtable", None, true) {
                    out.push(Command::ShowAbout);
                }
            }));
            keys.menus = menus
                .iter()
                .map(|m| (m.response.id, Popup::default_response_id(&m.response)))
                .collect();
            // The menu the keyboard is in is marked on the bar, as the pointer's would be.
            if self.panels.menus_by_keyboard {
                for m in &menus {
                    if Popup::is_id_open(ui.ctx(), Popup::default_response_id(&m.response)) {
                        let v = ui.visuals();
                        ui.painter().rect_stroke(
                            m.response.rect.expand(1.0),
                            3.0,
                            egui::Stroke::new(2.0, v.selection.stroke.color),
                            egui::StrokeKind::Inside,
                        );
                    }
                }
            }
            out.extend(self.activity_bar_ui(ui));
        });
        keys.submenus = ui.data(|d| d.get_temp(submenus_id()).unwrap_or_default());
        ui.data_mut(|d| d.remove_temp::<Vec<Id>>(submenus_id()));
        (out, keys)
    }

    fn game_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        if toggle_entry(ui, "Play mode", self.playing(), Action::Play) {
            out.push(Command::ToggleActivity);
        }
        ui.separator();
        let s = self.doc.scenario();
        let live = self.playing() && self.replaying().is_none();
        let (_, phase) = crate::game::clock(s);
        let last = crate::game::phases(s.rules.ruleset).last() == Some(&phase);
        if entry(ui, "End phase", Some(Action::EndPhase), live && !last) {
            out.push(Command::EndPhase);
        }
        if entry(ui, "End turn", Some(Action::EndTurn), live) {
            out.push(Command::EndTurn);
        }
        if entry(
            ui,
            "Take back",
            Some(Action::Undo),
            live && !self.game_log().is_empty(),
        ) {
            out.push(Command::TakeBack);
        }
        if entry(ui, "Show the log", None, true) {
            out.push(Command::ShowLog(true));
        }
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
        submenu(ui, "Open sample", |ui| {
            for sample in &crate::samples::ALL {
                let text = format!("{} — {}", sample.name, sample.source);
                if entry(ui, &text, None, true) {
                    out.push(Command::File(Guarded::OpenSample(sample.name)));
                }
            }
        });
        submenu(ui, "Open Recent", |ui| {
            if self.settings.recent.is_empty() {
                ui.label(RichText::new("No recent files").weak());
            }
            for p in &self.settings.recent {
                let r = ui.button(p.display().to_string());
                if picked(ui, &r) {
                    out.push(Command::File(Guarded::Open(Some(p.clone()))));
                }
            }
        });
        ui.separator();
        for (text, action, c) in [
            ("Save", Some(Action::Save), Command::Save),
            ("Save As…", Some(Action::SaveAs), Command::SaveAs),
            ("Export…", Some(Action::Export), Command::Export),
            ("Background image…", None, Command::ChooseBackground),
            (
                "Import Tiled map…",
                None,
                Command::File(Guarded::ImportTiled(None)),
            ),
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
        ui.separator();
        for (text, action, enabled, c) in [
            (
                "Rotate clockwise",
                Action::RotateClockwise,
                any,
                Command::Rotate(1.0),
            ),
            (
                "Rotate counter-clockwise",
                Action::RotateCounterClockwise,
                any,
                Command::Rotate(-1.0),
            ),
            ("Next unit", Action::NextUnit, true, Command::CycleUnit(1)),
            (
                "Previous unit",
                Action::PreviousUnit,
                true,
                Command::CycleUnit(-1),
            ),
        ] {
            if entry(ui, text, Some(action), enabled) {
                out.push(c);
            }
        }
        out
    }

    fn tools_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let table = !self.doc.scenario().map.is_hex();
        let tool = self.tool;
        for (text, action, on, shown) in [
            ("Select", Action::SelectTool, tool == Tool::Select, true),
            ("Measure", Action::MeasureTool, tool == Tool::Measure, true),
            (
                "Draw area",
                Action::DrawAreaTool,
                matches!(tool, Tool::DrawArea { .. }),
                table,
            ),
            (
                "Draw line",
                Action::DrawLineTool,
                matches!(tool, Tool::DrawLine { .. }),
                table,
            ),
            (
                "Line of sight",
                Action::SightTool,
                tool == Tool::Sight,
                table,
            ),
            // Without an image yet, it asks for one first.
            (
                "Calibrate background",
                Action::CalibrateTool,
                tool == Tool::Calibrate,
                true,
            ),
        ] {
            if shown && toggle_entry(ui, text, on, action) {
                out.push(action.command());
            }
        }
        ui.separator();
        let unit = self.selected_unit().is_some();
        if entry(ui, "Rule preview", Some(Action::Preview), unit) {
            out.push(Command::TogglePreview);
        }
        out
    }

    fn view_menu_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let mut s = self.settings.clone();
        if toggle_entry(ui, "Grid", s.grid, Action::Grid) {
            out.push(Command::ToggleGrid);
        }
        ui.checkbox(&mut s.coordinates, "Coordinates");
        ui.checkbox(&mut s.labels, "Unit labels");
        ui.checkbox(&mut s.snap, "Snap to half inches");
        ui.checkbox(&mut s.show_problems, "Problems panel");
        ui.checkbox(&mut s.show_history, "History");
        if !self.playing() {
            ui.checkbox(&mut s.show_oob_table, "Order of battle table");
        }
        super::zoc_view::zoc_menu_ui(ui, self.doc.scenario(), &mut s.zoc_side);
        for (text, action, c) in [
            ("Zoom in", Action::ZoomIn, Command::Zoom(1.25)),
            ("Zoom out", Action::ZoomOut, Command::Zoom(0.8)),
            ("Zoom to fit", Action::Fit, Command::Fit),
        ] {
            if entry(ui, text, Some(action), true) {
                out.push(c);
            }
        }
        submenu(ui, "Theme", |ui| {
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
