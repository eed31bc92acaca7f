//! The panels around the canvas: the status bar, the problems list, the history, the palette
//! and inspector panels' contents, and the small windows (keyboard shortcuts, about).

use super::App;
use super::command::{Change, Command, Commands};
use crate::model::*;
use crate::rules::check::{Problem, Severity};
use egui::{RichText, Ui};
use std::sync::Arc;

/// "2 errors, 1 warning", or "no problems".
pub(super) fn problems_summary(errors: usize, warnings: usize) -> String {
    let n = |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    match (errors, warnings) {
        (0, 0) => "no problems".to_string(),
        (e, 0) => n(e, "error", "errors"),
        (0, w) => n(w, "warning", "warnings"),
        (e, w) => format!(
            "{}, {}",
            n(e, "error", "errors"),
            n(w, "warning", "warnings")
        ),
    }
}

/// A fold arrow and a text that open or close a section: `true` when clicked. Its accessible
/// name is the text shown.
pub(super) fn fold_button(ui: &mut Ui, text: RichText, open: bool) -> bool {
    let name = text.text().to_string();
    let icon = ui.spacing().icon_width;
    let gap = ui.spacing().icon_spacing;
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    let size = egui::vec2(icon + gap + galley.size().x, galley.size().y.max(icon));
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if ui.is_rect_visible(rect) {
        let icon_rect = egui::Rect::from_min_size(
            rect.left_top() + egui::vec2(0.0, (size.y - icon) * 0.5),
            egui::vec2(icon, icon),
        );
        let openness = if open { 1.0 } else { 0.0 };
        egui::collapsing_header::paint_default_icon(
            ui,
            openness,
            &resp.clone().with_new_rect(icon_rect),
        );
        let colour = ui.style().interact(&resp).text_color();
        let at = egui::pos2(
            rect.left() + icon + gap,
            rect.center().y - galley.size().y * 0.5,
        );
        ui.painter().galley(at, galley, colour);
    }
    resp.on_hover_cursor(egui::CursorIcon::PointingHand)
        .clicked()
}

/// How many errors and warnings are among `problems`.
fn problem_counts(problems: &[Problem]) -> (usize, usize) {
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    (errors, problems.len() - errors)
}

/// What the problems list's heading adds while a worker checks the latest edit (the status
/// bar greys its summary instead, so that nothing after it moves for those milliseconds).
fn checking(current: bool) -> &'static str {
    if current {
        ""
    } else {
        " (checking the latest edit…)"
    }
}

/// A section heading that folds its section: `true` when clicked.
fn section_header(ui: &mut Ui, title: &str, open: bool) -> bool {
    fold_button(ui, RichText::new(title).strong(), open)
}

/// The Rules panel's legend and shading toggle below its answers, and the room kept for the
/// inspector below the divider, in points.
const RULES_LEGEND: f32 = 64.0;
const INSPECTOR_MIN: f32 = 140.0;
const RULES_MIN: f32 = 60.0;
/// The divider and the Inspector / Log tabs between the Rules panel and what is below.
const TABS_HEIGHT: f32 = 40.0;
/// The least room the log's entries keep in Play, below its controls.
const LOG_ENTRIES_MIN: f32 = 110.0;

/// What the panels keep between frames.
#[derive(Default)]
pub(super) struct Panels {
    /// The problems of the scenario, checked once per state.
    pub problems: super::problems::Problems,
    pub show_shortcuts: bool,
    pub show_about: bool,
    pub show_getting_started: bool,
    /// The window title last sent.
    pub title: String,
    /// Why the inspector's last change was refused, with the selection it was made on: shown
    /// above the fields while that selection stays, until a change goes through.
    pub inspector_refusal: Option<(Vec<ItemRef>, String)>,
    /// A terrain type's name being edited in the palette.
    pub rename: Option<super::palette::Rename>,
    /// The dock shows the game's log rather than the inspector.
    pub show_log: bool,
    /// Where the dock (Rules panel, inspector) stood last frame.
    pub dock: Option<egui::Rect>,
    /// Where the left panel (palette, order of battle) stood last frame.
    pub left: Option<egui::Rect>,
    /// How tall the Rules panel's answers were last frame: the panel fits them when its height
    /// was never set by hand.
    pub rules_content: f32,
    /// How tall the Rules panel's legend was last frame.
    pub rules_legend: f32,
    /// How tall the game's log would be, shown whole, when it was last drawn.
    pub log_content: f32,
    /// How tall the log's controls above its entries were when it was last drawn.
    pub log_header: f32,
    /// While the log is replayed, the Rules panel's height when the replay began: held, so
    /// the log's Step back and Step on stay under the pointer as positions come and go.
    pub replay_rules_height: Option<f32>,
    /// The menu bar as the keyboard walks it (last frame's), and whether F10 put the keyboard
    /// there.
    pub menu_keys: super::menus::MenuKeys,
    pub menus_by_keyboard: bool,
    /// Alt pressed alone, watched for to open the menus.
    pub alt_tap: super::menus::AltTap,
    /// The order of battle's table under the map.
    pub oob_table: super::oob_table::OobTable,
    /// Ctrl+S was pressed in a text field: once the field has been left (and applied what it
    /// held), save (`false`) or save as (`true`).
    pub save_after_field: Option<bool>,
    /// The unit type placed last from the palette: U places another, and the palette marks it.
    pub last_unit: Option<crate::edit::ops::create::Template>,
}

impl App {
    /// Whether a widget of the dock (a field, a button of the inspector or the Rules panel) has
    /// the keyboard: keys pressed there are not the map's (Ctrl+A selects no items on it).
    pub(super) fn keyboard_in_dock(&self, ctx: &egui::Context) -> bool {
        let Some(dock) = self.panels.dock else {
            return false;
        };
        ctx.memory(|m| m.focused())
            .and_then(|id| ctx.read_response(id))
            .is_some_and(|r| dock.contains(r.rect.center()))
    }

    /// Whether the order of battle's table has the keyboard: it was clicked last, or one of
    /// its widgets (a cell, a row's number) has the focus.
    pub(super) fn keyboard_in_table(&self, ctx: &egui::Context) -> bool {
        let Some(table) = self.panels.oob_table.rect else {
            return false;
        };
        self.panels.oob_table.keys
            || ctx
                .memory(|m| m.focused())
                .and_then(|id| ctx.read_response(id))
                .is_some_and(|r| table.contains(r.rect.center()))
    }

    /// The problems `rules::check` finds, checked once per state of the scenario (a big one
    /// on a worker, see `problems`); and whether they are the current state's rather than
    /// the last state checked.
    pub(super) fn problems(&mut self, ctx: &egui::Context) -> (Arc<[Problem]>, bool) {
        self.panels.problems.of(&self.doc, ctx)
    }

    /// The status bar: the problems' summary (a click opens or closes the list), where the
    /// pointer is, the zoom, the selection, the tool and what last happened.
    pub(super) fn status_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let (problems, current) = self.problems(ui.ctx());
        let (errors, warnings) = problem_counts(&problems);
        ui.horizontal(|ui| {
            let summary = problems_summary(errors, warnings);
            let colour = if !current {
                ui.visuals().weak_text_color()
            } else if errors > 0 {
                ui.visuals().error_fg_color
            } else if warnings > 0 {
                ui.visuals().warn_fg_color
            } else {
                ui.visuals().weak_text_color()
            };
            let text = RichText::new(format!("Problems: {summary}")).color(colour);
            let text = if current { text } else { text.italics() };
            if fold_button(ui, text, self.settings.show_problems) {
                let mut s = self.settings.clone();
                s.show_problems = !s.show_problems;
                out.push(Command::Settings(Box::new(s)));
            }
            ui.separator();
            let s = self.doc.scenario();
            let at = match (self.canvas.cursor, s.map.as_hex()) {
                (Some(p), Some(h)) => match super::hit::hex_at(s, p) {
                    Some(hex) => format!("hex {} · axial {}, {}", h.label(hex), hex.x, hex.y),
                    None => "off the map".into(),
                },
                (Some(p), None) => format!("x {:.2}\" · y {:.2}\"", p.x, p.y),
                (None, _) => String::new(),
            };
            ui.label(at);
            ui.separator();
            ui.label(format!(
                "zoom {:.0}%",
                super::view::print_size_percent(self.view.zoom, &s.map)
            ))
            .on_hover_text("100% shows the map at the size it prints");
            ui.separator();
            ui.label(match self.selection.len() {
                0 => "nothing selected".to_string(),
                1 => format!("selected: {}", s.item_name(self.selection[0])),
                n => format!("{n} selected"),
            });
            ui.separator();
            ui.label(format!("tool: {}", self.tool.name()));
            ui.separator();
            // What last happened wraps onto a second line rather than being cut at the edge.
            ui.add(egui::Label::new(&self.status).wrap());
        });
        out
    }

    /// The problems list: a fixed height the user may resize, scrolling its rows; a click on
    /// a row selects what it is about and pans the map, if need be, to bring it into view.
    pub(super) fn problems_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let (problems, current) = self.problems(ui.ctx());
        let (errors, warnings) = problem_counts(&problems);
        ui.strong(format!(
            "Problems: {}{}",
            problems_summary(errors, warnings),
            checking(current)
        ));
        if problems.is_empty() {
            ui.label("No problems found.");
            return out;
        }
        // Only the rows in view are laid out: a crowded scenario can have thousands.
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
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
                        // A model's problem is at that model, not at its unit's leader.
                        out.push(Command::Reveal(p.item));
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

    /// The left panel: the palette (tools, terrain, units, markers) or the order of battle.
    pub(super) fn palette_panel_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        if self.playing() {
            // The palette is an authoring tool: Play shows the forces in its place.
            ui.strong("Order of battle");
            ui.separator();
            out.extend(self.order_of_battle_ui(ui));
            return out;
        }
        let oob = self.settings.show_order_of_battle;
        ui.horizontal(|ui| {
            for (on, text) in [(false, "Palette"), (true, "Order of battle")] {
                if ui.selectable_label(oob == on, text).clicked() && oob != on {
                    let mut s = self.settings.clone();
                    s.show_order_of_battle = on;
                    out.push(Command::Settings(Box::new(s)));
                }
            }
        });
        ui.separator();
        if oob {
            out.extend(self.order_of_battle_ui(ui));
            return out;
        }
        // Palette entries are dragged onto the map: dragging must not scroll the list.
        egui::ScrollArea::vertical()
            .scroll_source(
                egui::scroll_area::ScrollSource::SCROLL_BAR
                    | egui::scroll_area::ScrollSource::MOUSE_WHEEL,
            )
            .show(ui, |ui| {
                out.extend(super::palette::palette_ui(
                    ui,
                    super::palette::PaletteState {
                        s: self.doc.scenario(),
                        tool: &self.tool,
                        side: self.side,
                        keep_tool: self.settings.keep_tool,
                        last_unit: self.panels.last_unit,
                        rename: &mut self.panels.rename,
                    },
                ));
            });
        out
    }

    /// The dock beside the canvas: the Rules panel above (resizable, or folded to its header)
    /// and the inspector below, each scrolling its own contents.
    pub(super) fn dock_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let open = self.settings.show_rules;
        if section_header(ui, "Rules", open) {
            let mut s = self.settings.clone();
            s.show_rules = !open;
            out.push(Command::Settings(Box::new(s)));
        }
        if open {
            let fitted = self.rules_height(ui.available_height());
            let height = match self.replaying() {
                Some(_) => *self.panels.replay_rules_height.get_or_insert(fitted),
                None => {
                    self.panels.replay_rules_height = None;
                    fitted
                }
            };
            let width = ui.available_width();
            let area = ui.allocate_ui(egui::vec2(width, height), |ui| {
                ui.set_min_size(egui::vec2(width, height));
                // The answers scroll in what the legend (as tall as it was last frame) leaves,
                // so the legend and the shading toggle stay in view below them, never over.
                let legend = self.panels.rules_legend.max(24.0);
                let shown = egui::ScrollArea::vertical()
                    .id_salt("rules-scroll")
                    .auto_shrink([false, false])
                    .max_height((height - legend - ui.spacing().item_spacing.y).max(24.0))
                    .show(ui, |ui| out.extend(self.rules_panel_ui(ui)));
                self.panels.rules_content = shown.content_size.y;
                let top = ui.cursor().top();
                out.extend(self.legend_ui(ui));
                self.panels.rules_legend = ui.cursor().top() - top;
            });
            // The drag moves the divider from where it was drawn.
            out.extend(self.dock_divider(ui, area.response.rect));
        } else {
            ui.separator();
        }
        // The inspector and the game's log share the rest of the dock, one tab each, so the
        // log never takes room from the map.
        ui.horizontal(|ui| {
            for (log, text) in [(false, "Inspector"), (true, "Log")] {
                let on = self.panels.show_log == log;
                let text = if log {
                    match self.game_log().len() {
                        0 => "Log".to_string(),
                        n => format!("Log ({n})"),
                    }
                } else {
                    text.to_string()
                };
                let r = ui.selectable_label(on, RichText::new(&text).strong());
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::Tab,
                        true,
                        on,
                        if log { "Log" } else { "Inspector" },
                    )
                });
                if r.clicked() && !on {
                    out.push(Command::ShowLog(log));
                }
            }
        });
        if self.panels.show_log {
            out.extend(self.log_ui(ui));
        } else {
            out.extend(self.inspector_panel_ui(ui));
        }
        out
    }

    /// The Rules panel's height in a dock of `dock` points: as set by the divider, or else as
    /// tall as its answers (up to 60% of the dock, 75% in Play), so a panel with little to say
    /// leaves the room to the inspector below. In Play with the log shown, the Rules panel
    /// (where the game is played) may also take what the log leaves empty: its text is never
    /// cut while the log below has room to spare; and the log keeps room for a few lines of
    /// its entries below its controls, so the entry just played is not cut either.
    fn rules_height(&self, dock: f32) -> f32 {
        let most = (dock - INSPECTOR_MIN).max(RULES_MIN);
        // The legend as tall as it was last drawn (an estimate before the first frame).
        let legend = if self.panels.rules_legend > 0.0 {
            self.panels.rules_legend
        } else {
            RULES_LEGEND
        };
        let spacing = 4.0;
        // In Play the Rules panel is where the game is played (the Log below is read now and
        // then): it may fit its answers in more of the dock.
        let cap = if self.playing() && self.panels.show_log && self.panels.log_content > 0.0 {
            // An empty log is a score and a line: it keeps just that.
            let floor = if self.game_log().is_empty() {
                0.0
            } else {
                INSPECTOR_MIN
            };
            let log = self.panels.log_content.max(floor);
            // The log keeps room for its controls and a few lines of its entries (the entry
            // just played, its note), however much the Rules panel has to say; never under
            // half the dock for the panel.
            let least = log.min(self.panels.log_header + LOG_ENTRIES_MIN);
            (dock - log - TABS_HEIGHT)
                .max(dock * 0.75)
                .min(dock - least - TABS_HEIGHT)
                .max(dock * 0.5)
        } else if self.playing() {
            dock * 0.75
        } else {
            dock * 0.6
        };
        let wanted = self
            .settings
            .rules_height
            .unwrap_or((self.panels.rules_content + spacing + legend).min(cap));
        wanted.clamp(RULES_MIN, most)
    }

    /// The divider between the Rules panel (drawn in `rules`) and the inspector: a visible
    /// grip, dragged to set the panel's height (remembered in the settings), dragged up past
    /// the panel's least height to fold it to its heading (as the heading's click does), and
    /// double-clicked to let the panel fit its answers again.
    fn dock_divider(&self, ui: &mut Ui, rules: egui::Rect) -> Commands {
        let height = rules.height();
        let mut out = Commands::default();
        let (rect, r) = ui.allocate_exact_size(
            egui::vec2(ui.available_width(), 10.0),
            egui::Sense::click_and_drag(),
        );
        let r = r.on_hover_cursor(egui::CursorIcon::ResizeVertical);
        // The hint only before a drag: during and just after one it would cover the tabs.
        let r = if r.dragged() || r.drag_stopped() || ui.input(|i| i.pointer.any_down()) {
            r
        } else {
            r.on_hover_text(
                "Drag to give the Rules panel or the inspector more room (on up past the \
                 panel's least height folds it); double-click to fit the Rules panel to its \
                 answers",
            )
        };
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Splitter, true, "Rules and inspector divider")
        });
        let v = ui.visuals();
        let hot = r.hovered() || r.dragged();
        let colour = if hot {
            v.widgets.hovered.fg_stroke.color
        } else {
            v.widgets.inactive.fg_stroke.color.gamma_multiply(0.7)
        };
        let y = rect.center().y;
        ui.painter()
            .hline(rect.x_range(), y, egui::Stroke::new(1.0, colour));
        // The grip: a short bar of dots in the middle says the line can be taken hold of.
        for k in -2..=2 {
            let c = egui::pos2(rect.center().x + k as f32 * 6.0, y);
            ui.painter()
                .circle_filled(c, if hot { 2.0 } else { 1.6 }, colour);
        }
        // The panel is at its least when the height asked for is below the height drawn (its
        // answers' least room and its legend): dragged on up, it folds.
        let at_least = self.settings.rules_height.is_some_and(|h| h + 1.0 < height);
        let past_the_top = r.interact_pointer_pos().is_some_and(|p| {
            p.y < rules.top() + RULES_MIN / 2.0 || (at_least && p.y < rules.bottom() - 24.0)
        });
        if r.dragged() && past_the_top {
            // Dragged up past the least height: the panel folds, and opens again at it.
            let mut s = self.settings.clone();
            s.show_rules = false;
            s.rules_height = Some(RULES_MIN);
            out.push(Command::Settings(Box::new(s)));
            out.push(Command::Status(
                "Rules panel folded: click its heading to open it".into(),
            ));
        } else if r.dragged() && r.drag_delta().y != 0.0 {
            let mut s = self.settings.clone();
            s.rules_height = Some((height + r.drag_delta().y).max(RULES_MIN));
            out.push(Command::Settings(Box::new(s)));
        } else if r.double_clicked() {
            let mut s = self.settings.clone();
            s.rules_height = None;
            out.push(Command::Settings(Box::new(s)));
        }
        out
    }

    /// The inspector's contents: the inspector, then the history if shown.
    fn inspector_panel_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let mut history = Commands::default();
        let (change, select, zoc_side) = super::inspector::inspector_ui(
            ui,
            self.doc.scenario(),
            self.doc.changes(),
            &self.selection,
            self.side,
            self.settings.zoc_side,
            super::inspector::Note {
                read_only: self.playing(),
                refusal: self
                    .panels
                    .inspector_refusal
                    .as_ref()
                    .filter(|(on, _)| *on == self.selection)
                    .map(|(_, why)| why.as_str()),
            },
            |ui| {
                if self.settings.show_history {
                    ui.separator();
                    history.extend(self.history_ui(ui));
                }
            },
        );
        match change.filter(|_| !self.playing()) {
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
        out.extend(history);
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
