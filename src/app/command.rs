//! The one path every action takes. Panels, menus, shortcuts and canvas gestures return
//! [`Command`]s during the UI pass; [`App::perform`] carries them out after it, in order. No
//! widget changes the document, the selection or the open file itself, so what a frame shows
//! is one consistent state, and every action can be driven (and tested) without its widget.
//!
//! Modelled on egui's demo app (`wrap_app.rs` returns a `#[must_use]` command) and rerun's
//! `SystemCommand`s, sent to one handler. UI-only state (the view's pan and zoom, a gesture in
//! progress, text being typed) stays with the widget that owns it.

use super::App;
use super::activity::{self, Activity};
use super::dialogs::Pick;
use super::settings::Settings;
use super::tools::Tool;
use crate::edit::Edit;
use crate::edit::ops::selection::Nudge;
use crate::geom::Point;
use crate::model::{ItemRef, ModelId, Morale, SideId, TerrainId, TerrainKind, UnitId};
use crate::preview::Choice;
use crate::rules::morale::{Resolution, TestKind};
use std::path::PathBuf;

/// An undoable change to the scenario: its history label, the edits, and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub label: String,
    /// Edits with the same key in a row make one undo step (typing in one field, dragging one
    /// value); `None`: a step of its own.
    pub key: Option<String>,
    pub edits: Vec<Edit>,
    /// The selection once the change is applied (the new item, say); kept as it is if `None`.
    pub select: Option<Vec<ItemRef>>,
    /// The status line once applied; the label if `None`.
    pub done: Option<String>,
    /// The change comes from the inspector: a refusal is shown there, beside the fields.
    pub from_inspector: bool,
}

impl Change {
    /// One undo step called `label`.
    pub fn new(label: impl Into<String>, edits: Vec<Edit>) -> Change {
        Change {
            label: label.into(),
            key: None,
            edits,
            select: None,
            done: None,
            from_inspector: false,
        }
    }

    /// Selects `items` once applied.
    pub fn selecting(mut self, items: Vec<ItemRef>) -> Change {
        self.select = Some(items);
        self
    }

    /// Says `text` in the status bar once applied.
    pub fn saying(mut self, text: impl Into<String>) -> Change {
        self.done = Some(text.into());
        self
    }
}

/// What a path typed in the editor (no file dialog could be shown) is for.
#[derive(Clone, Debug, PartialEq)]
pub enum Purpose {
    Open,
    /// Save As; `then` is the action that waited for the save (quit, open another file…).
    SaveAs {
        then: Option<Guarded>,
    },
    /// Export the pages: `extension` is `png` or `pdf`.
    Export {
        extension: &'static str,
    },
    Image,
    /// A Tiled map to import.
    Tiled,
}

/// A file action that asks about unsaved changes first.
#[derive(Clone, Debug, PartialEq)]
pub enum Guarded {
    NewTable,
    NewHex,
    /// Open this file, or ask for one.
    Open(Option<PathBuf>),
    /// Open a built-in sample by name.
    OpenSample(&'static str),
    /// Import this Tiled map (.tmx or .tmj) as a new scenario, or ask for one.
    ImportTiled(Option<PathBuf>),
    Recover,
    Quit,
}

impl Guarded {
    /// "Save them before {verb}?"
    pub fn verb(&self) -> &'static str {
        match self {
            Guarded::NewTable | Guarded::NewHex => "starting a new scenario",
            Guarded::Open(_) | Guarded::OpenSample(_) => "opening another file",
            Guarded::ImportTiled(_) => "importing a Tiled map",
            Guarded::Recover => "recovering",
            Guarded::Quit => "quitting",
        }
    }
}

/// The answer to "save your changes first?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    DontSave,
    Cancel,
}

/// A column route being drawn (R1 preview).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RouteEdit {
    Add(Point),
    RemoveLast,
    Clear,
}

/// Something the user asked for, carried out after the UI pass by [`App::perform`].
#[must_use = "a command does nothing until App::perform carries it out"]
#[derive(Clone, Debug)]
pub enum Command {
    // The document.
    Apply(Change),
    Undo,
    Redo,
    /// Undo or redo until `n` steps are undone-able (the history panel).
    GoToHistory(usize),

    // Files.
    File(Guarded),
    /// The answer to the unsaved-changes question.
    AnswerUnsaved(Answer),
    Save,
    SaveAs,
    /// Ctrl+S pressed in a text field: the field has been left (and applied what it holds);
    /// save, or save as, in the next frame, after its change.
    LeaveFieldThenSave {
        save_as: bool,
    },
    /// Open the Export window.
    Export,
    /// Ask where, then write the pages the Export window shows.
    WriteExport,
    /// Ask for an image and make it the map's background.
    ChooseBackground,
    /// Import the Tiled map waiting for its tiles' terrain, with this terrain for them.
    ImportTiledWith(crate::io::tmx::TerrainMapping),
    /// Drop the Tiled map waiting for its tiles' terrain.
    ImportTiledCancel,
    /// Stop reading the Tiled map being read.
    CancelTiledReading,
    /// A file dropped on the window: a scenario opens, an image becomes the background.
    Dropped(egui::DroppedFileHandle),
    /// Recover the last session's unsaved work (true) or discard it.
    RecoverOffer(bool),
    /// Close the window (asking about unsaved changes first).
    Quit,

    // The clipboard and the selection.
    Copy,
    Cut,
    Paste,
    /// Text pasted as a hex map's terrain grid.
    PasteGrid(String),
    /// Text pasted over the order of battle's table: rows of units.
    PasteRows(String),
    Duplicate,
    Delete,
    SelectAll,
    Select(Vec<ItemRef>),
    /// Rotate the selected units: +1 clockwise, -1 counter-clockwise.
    Rotate(f32),

    // Tools and view.
    SetTool(Tool),
    /// U: the Place tool with the unit type placed last.
    PlaceLastUnit,
    /// Draw an area piece (`area`) or a line piece, with the terrain picked last for it.
    PickDrawTool {
        area: bool,
    },
    /// Placing from the palette keeps the tool (`true`) or returns to Select.
    KeepTool(bool),
    /// A new terrain type, its name then edited in place in the palette.
    AddTerrain,
    /// The side new units and zones belong to.
    SetSide(SideId),
    Settings(Box<Settings>),
    ToggleGrid,
    Fit,
    /// Zoom about the canvas centre by this factor.
    Zoom(f32),
    /// Centre the view on a unit.
    CentreOn(UnitId),
    /// Pan, if need be, so an item stands inside the canvas (the zoom stays).
    Reveal(ItemRef),
    /// Arrow keys: nudge the selection, or pan the view when nothing is selected.
    Nudge(Nudge),
    /// Tab (1) and Shift+Tab (-1): the next or previous unit of the side in focus.
    CycleUnit(i32),
    /// Show a notice over the canvas (and in the status bar): a failure stays until dismissed.
    Notify {
        error: bool,
        text: String,
    },
    /// A path typed in the editor's own prompt (no file dialog could be shown).
    PathChosen(Purpose, PathBuf),
    ShowShortcuts,
    /// F10: the first menu opens with the keyboard in the menu bar.
    OpenMenus,
    ShowAbout,
    /// Say why a move or change was refused: in the status bar and as a notice over the map
    /// until the next change.
    Refuse(String),
    /// Help > Getting started.
    ShowGettingStarted,
    /// Enter: finish the shape being drawn, or commit the move waiting for its followers.
    Confirm,
    /// Escape: cancel the drag, the drawing or the waiting move, in that order.
    Cancel,
    /// Backspace: take back the last point drawn, or delete the selection.
    Back,
    /// Say something in the status bar.
    Status(String),

    // Rule previews.
    /// P: open the selected unit's usual preview, or close the open one.
    TogglePreview,
    OpenPreview(Choice),
    ClosePreview,
    /// Drop the previewed unit (its leader) at this point under the rules.
    DropGhost(Point),
    /// Move a follower of the waiting move.
    PlaceFollower {
        model: ModelId,
        to: Point,
    },
    CommitMove,
    CancelMove,
    Route(RouteEdit),
    /// Carry out the previewed column order, its order test rolled this on 2D6 (none for the
    /// failed-order preview).
    March(Option<u8>),
    /// Apply a morale or rally result to a unit.
    ApplyTest {
        unit: UnitId,
        kind: TestKind,
        resolution: Resolution,
    },
    /// Keep the line of sight drawn with the sight tool.
    Sight(Point, Point),

    // Play.
    /// Edit or Play.
    SetActivity(Activity),
    /// F5: from Edit to Play and back.
    ToggleActivity,
    /// Allow (with the referee's note) or withdraw a free move of a unit: its next drag moves
    /// it where it is dropped, whatever the rules say.
    RefereeFreeMove(Option<(UnitId, String)>),
    /// A referee's changed strength and morale for a unit, with the note.
    RefereeValues {
        unit: UnitId,
        strength: u16,
        morale: Morale,
        note: String,
    },
    /// A referee override carried out: the unit as it will stand, whatever the rules say,
    /// with the note.
    Referee {
        note: String,
        unit: Box<crate::model::Unit>,
    },
    /// The next phase of the turn (from the last, the next turn); asked about first when
    /// units could still act in this one.
    EndPhase,
    /// The next turn: the counter advances and every unit may act again; asked about first
    /// when units could still act.
    EndTurn,
    /// The phase (`false`) or turn (`true`) ended although units could still act: the answer
    /// to Play's question.
    EndAnyway(bool),
    /// Play's question closed with nothing done.
    CloseQuestion,
    /// Take back the last entry of the game's log.
    TakeBack,
    /// Show the game as it stood after this many entries of its log (read-only).
    ReplayTo(usize),
    /// Leave the replay: the game as it stands now.
    BackToPresent,
    /// The dock shows the game's log (true) or the inspector.
    ShowLog(bool),
    /// A rules answer of a game that needs no preview: a reaction check, going on with a
    /// halted move, a change of formation, a pin test. Carried out like every other answer.
    PlayAction(Box<crate::model::game::Action>),
    /// Annotate entry `entry` (1-based) of the game's log; an empty note removes it.
    Annotate {
        entry: usize,
        note: String,
    },
    /// Bookmark the log after this many entries; an empty label removes it.
    Bookmark {
        after: usize,
        label: String,
    },
    /// A leader's new command chit in the Command Phase (R5).
    ChangeCommand {
        leader: UnitId,
        command: crate::model::Command,
    },
    /// The keyboard's chit change: the selected leader's next chit allowed.
    NextChit,
    /// Carry out the previewed column order, its order test rolled by the game's dice.
    MarchRolled,
    /// R3: a unit's Ld check before its order, on a typed 2D6 (or the game's dice if `None`).
    LeaderCheck {
        unit: UnitId,
        roll: Option<u8>,
    },
    /// A morale or rally test rolled by the game's dice; `reroll`: take the re-roll when the
    /// first roll fails and one is available.
    RollTest {
        unit: UnitId,
        kind: TestKind,
        reroll: bool,
    },
}

/// The commands of one UI pass, in the order they were asked for.
#[must_use = "commands do nothing until App::perform carries them out"]
#[derive(Debug, Default)]
pub struct Commands(Vec<Command>);

impl Commands {
    pub fn push(&mut self, c: Command) {
        self.0.push(c);
    }

    pub fn extend(&mut self, other: Commands) {
        self.0.extend(other.0);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Keeps only the commands `f` accepts.
    pub fn retain(&mut self, f: impl Fn(&Command) -> bool) {
        self.0.retain(f);
    }

    /// Whether any command matches `f`.
    pub fn any(&self, f: impl Fn(&Command) -> bool) -> bool {
        self.0.iter().any(f)
    }
}

impl IntoIterator for Commands {
    type Item = Command;
    type IntoIter = std::vec::IntoIter<Command>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<Command> for Commands {
    fn from(c: Command) -> Commands {
        Commands(vec![c])
    }
}

impl App {
    /// Carries out the commands of a pass, in order.
    pub fn perform_all(&mut self, ctx: &egui::Context, commands: Commands) {
        for c in commands {
            self.perform(ctx, c);
        }
    }

    /// Carries out one command.
    pub fn perform(&mut self, ctx: &egui::Context, command: Command) {
        // What was done shows in the next frame.
        ctx.request_repaint();
        // While a replayed moment is shown, nothing changes it; files and leaving Play see
        // the present.
        if let Some(at) = self.replaying() {
            if App::changes_something(&command) {
                let of = self.game_log().len();
                return self.refuse(activity::replay_refusal(at, of));
            }
            if App::needs_present(&command) {
                self.back_to_present();
            }
        }
        // A move waiting for its followers is the last thing done: Undo takes it back first
        // (its ghosts would otherwise stand over the state undone); Redo and the history leave
        // the state it was placed on, so it goes.
        match command {
            Command::Undo if self.cancel_pending() => {
                self.status = "Undid: the move waiting for its followers".into();
                return;
            }
            Command::Redo | Command::GoToHistory(_) => {
                self.cancel_pending();
            }
            _ => {}
        }
        match command {
            Command::Apply(change) => {
                self.apply_change(change);
            }
            // In Play the game's log is what is undone: Take back.
            Command::Undo if self.playing() => self.take_back(),
            Command::Redo if self.playing() => self.notify(
                false,
                "In Play an entry taken back is played again, not redone".into(),
            ),
            Command::GoToHistory(_) if self.playing() => self.notify(
                false,
                "In Play the log is stepped through in the Log tab; the history is Edit's".into(),
            ),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::GoToHistory(n) => self.go_to_history(n),
            Command::File(action) => self.guarded(action),
            Command::AnswerUnsaved(answer) => self.answer_unsaved(ctx, answer),
            Command::Save => {
                self.save();
            }
            Command::SaveAs => {
                self.save_as();
            }
            Command::Export => {
                self.export.open = true;
                self.status = "Export: choose a print layout in the Export window".into();
            }
            Command::WriteExport => {
                let s = self.doc.scenario();
                match self.export.ask_path(s, self.files.dialogs.as_mut()) {
                    Pick::Chosen(path) => self.status = self.export.start_to(s, path),
                    Pick::Cancelled => {}
                    Pick::Unavailable => {
                        let extension = self.export.extension();
                        let name = self.export.suggested_name(s);
                        self.prompt_path(Purpose::Export { extension }, &name);
                    }
                }
            }
            Command::ChooseBackground => self.choose_background(),
            Command::ImportTiledWith(mapping) => self.import_tiled_with(mapping),
            Command::ImportTiledCancel => {
                if let Some(dialog) = self.tiled_import.take() {
                    self.status = format!("Import of {} cancelled", dialog.path.display());
                }
            }
            Command::CancelTiledReading => self.cancel_tiled_reading(),
            Command::Dropped(file) => self.dropped(file.as_ref()),
            Command::RecoverOffer(recover) => self.answer_recovery(recover),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Copy => {
                self.copy();
                self.copy_names(ctx);
            }
            Command::Cut => {
                self.copy();
                self.copy_names(ctx);
                self.delete_selection();
            }
            Command::Paste => self.paste(),
            Command::PasteGrid(text) => self.paste_grid(&text),
            Command::PasteRows(text) => self.paste_rows(&text),
            Command::LeaveFieldThenSave { save_as } => {
                self.panels.save_after_field = Some(save_as);
                ctx.request_repaint();
            }
            Command::Duplicate => {
                self.copy();
                self.paste();
            }
            Command::Delete => self.delete_selection(),
            Command::SelectAll => self.select_all(),
            Command::Select(items) => self.selection = items,
            Command::Rotate(sign) => self.rotate_selection(sign),
            Command::SetTool(t) => self.set_tool(t),
            Command::PlaceLastUnit => match self.panels.last_unit {
                Some(t) if !self.playing() => {
                    self.set_tool(Tool::Place(super::tools::Payload::Unit(t)))
                }
                Some(_) => {}
                None => {
                    self.status =
                        "Place a unit from the palette first: U places another of its type".into()
                }
            },
            Command::PickDrawTool { area } => self.pick_draw_tool(area),
            Command::KeepTool(on) => self.settings.keep_tool = on,
            Command::AddTerrain => self.add_terrain(),
            Command::SetSide(s) => self.side = s,
            Command::Settings(s) => self.settings = *s,
            Command::ToggleGrid => self.settings.grid = !self.settings.grid,
            Command::Fit => self.canvas.fit_pending = true,
            Command::Zoom(factor) => self.zoom_centre(factor),
            Command::CentreOn(unit) => self.find_on_map(unit),
            Command::Reveal(item) => self.reveal(item),
            Command::Nudge(n) => self.nudge(n),
            Command::Notify { error, text } => self.notify(error, text),
            Command::PathChosen(purpose, path) => self.path_chosen(ctx, purpose, path),
            Command::CycleUnit(step) => self.cycle_unit(step),
            Command::ShowShortcuts => self.panels.show_shortcuts = true,
            Command::OpenMenus => {
                self.panels.menus_by_keyboard = true;
                self.panels.menu_keys.open(ctx, 0);
            }
            Command::ShowAbout => self.panels.show_about = true,
            Command::ShowGettingStarted => self.panels.show_getting_started = true,
            Command::Confirm => self.confirm(),
            Command::Cancel => self.cancel(),
            Command::Back => self.back(),
            Command::Status(text) => self.status = text,
            Command::Refuse(text) => self.refuse(text),
            Command::TogglePreview => self.toggle_preview(),
            Command::OpenPreview(mode) => self.open_preview(mode),
            Command::ClosePreview => self.close_preview(),
            Command::DropGhost(at) => self.drop_ghost(at),
            Command::PlaceFollower { model, to } => self.place_follower(model, to),
            Command::CommitMove => {
                self.commit_pending();
            }
            Command::CancelMove => {
                if self.cancel_pending() {
                    self.status = "Move cancelled".into();
                }
            }
            Command::Route(edit) => self.edit_route(edit),
            Command::March(roll) => self.march(roll.map(crate::model::game::Dice::Typed)),
            Command::ApplyTest {
                unit,
                kind,
                resolution,
            } => {
                self.apply_test(unit, kind, resolution);
            }
            Command::Sight(from, to) => self.rules.sight = Some((from, to)),
            Command::SetActivity(a) => self.set_activity(a),
            Command::ToggleActivity => self.set_activity(match self.activity() {
                Activity::Edit => Activity::Play,
                Activity::Play => Activity::Edit,
            }),
            Command::RefereeFreeMove(armed) => {
                self.status = match &armed {
                    Some(_) => "Referee: drag the unit where it goes (outside the rules)".into(),
                    None => "Free move withdrawn".into(),
                };
                self.play.referee.free_move = armed;
            }
            Command::RefereeValues {
                unit,
                strength,
                morale,
                note,
            } => self.referee_values(unit, strength, morale, &note),
            Command::Referee { note, unit } => {
                self.referee(&note, *unit);
            }
            Command::EndPhase => self.end_asked(false),
            Command::EndTurn => self.end_asked(true),
            Command::EndAnyway(turn) => self.end(turn),
            Command::CloseQuestion => self.play.question = None,
            Command::TakeBack => self.take_back(),
            Command::ReplayTo(n) => self.replay_to(n),
            Command::BackToPresent => self.back_to_present(),
            Command::ShowLog(on) => self.panels.show_log = on,
            Command::ChangeCommand { leader, command } => {
                self.play.question = None;
                self.play_action(crate::model::game::Action::Command { leader, command });
            }
            Command::NextChit => self.choose_chit(),
            Command::MarchRolled => self.march(Some(crate::model::game::Dice::App)),
            Command::LeaderCheck { unit, roll } => {
                use crate::model::game::{Action, Dice};
                let dice = roll.map_or(Dice::App, Dice::Typed);
                if let Some(e) = self.play_action(Action::LeaderCheck { unit, dice }) {
                    self.notify(false, e.what.clone());
                    // A failed check leaves Fall Back! only: the preview turns to the order
                    // the unit may now be given, not the one now refused.
                    if self.rules.open.is_some_and(|(u, _)| u == unit)
                        && let Some(mode) = self.usual_mode(unit)
                    {
                        self.rules.open = Some((unit, mode));
                    }
                }
            }
            Command::RollTest { unit, kind, reroll } => self.roll_test(unit, kind, reroll),
            Command::PlayAction(a) => {
                if let Some((what, _)) = self.carry_out(Ok(*a)) {
                    self.notify(false, what);
                }
            }
            Command::Annotate { entry, note } => self.annotate(entry, &note),
            Command::Bookmark { after, label } => self.bookmark(after, &label),
        }
    }

    /// Applies an authoring change as one undo step (merged with the last when its key
    /// continues the same gesture); on refusal, and always in Play, says why and returns
    /// `false`.
    pub fn apply_change(&mut self, c: Change) -> bool {
        if c.edits.is_empty() {
            return false;
        }
        if self.playing() {
            let reason = format!("{} refused: {}", c.label, activity::REFUSED_IN_PLAY);
            if c.from_inspector {
                self.status = reason;
            } else {
                self.refuse(reason);
            }
            return false;
        }
        self.apply_checked(c)
    }

    /// Applies a change as one undo step, in Edit or Play alike; on refusal says why and
    /// returns `false`.
    pub(super) fn apply_checked(&mut self, c: Change) -> bool {
        if c.edits.is_empty() {
            return false;
        }
        if let Some(at) = self.replaying() {
            let of = self.game_log().len();
            self.refuse(activity::replay_refusal(at, of));
            return false;
        }
        let result = match &c.key {
            Some(k) => self.doc.apply_merging(&c.label, k, c.edits),
            None => self.doc.apply(&c.label, c.edits),
        };
        match result {
            Ok(()) => {
                self.status = c.done.unwrap_or(c.label);
                if c.from_inspector {
                    self.panels.inspector_refusal = None;
                }
                if let Some(items) = c.select {
                    self.selection = items;
                }
                self.prune_selection();
                true
            }
            Err(e) => {
                let reason = format!("{}: {e}", c.label);
                if c.from_inspector {
                    // Shown beside the fields it is about.
                    self.panels.inspector_refusal = Some((self.selection.clone(), reason.clone()));
                    self.status = reason;
                } else {
                    self.refuse(reason);
                }
                false
            }
        }
    }

    /// Applies edits as one undo step called `label`; on refusal shows why and returns `false`.
    pub fn apply(&mut self, label: &str, edits: Vec<Edit>) -> bool {
        self.apply_change(Change::new(label, edits))
    }

    pub(super) fn set_tool(&mut self, t: Tool) {
        if t != self.tool {
            self.canvas.measured = None;
        }
        if self.playing() && !activity::tool_in_play(t) {
            self.status = format!(
                "{} is an authoring tool: switch to Edit (F5) to use it",
                t.name()
            );
            return;
        }
        if t == Tool::Sight && self.doc.scenario().map.is_hex() {
            self.status = "Line of sight is measured on the table".into();
            return;
        }
        if t == Tool::Calibrate && self.doc.scenario().background.is_none() {
            // Calibrating starts from an image: ask for one, and calibrate once it is set.
            self.status = "Calibrate: choose the scan or image of the map to lay under it".into();
            self.calibrate_when_image_set = true;
            self.choose_background();
            return;
        }
        if t != self.tool {
            self.canvas.calibration.clicks.clear();
        }
        self.tool = t;
        self.canvas.drawing.clear();
    }

    /// A draw tool with the terrain of the current tool when it draws that kind, else the
    /// first terrain that does.
    fn pick_draw_tool(&mut self, area: bool) {
        let s = self.doc.scenario();
        if s.map.is_hex() {
            self.status = "Hex maps are painted: pick a terrain in the palette".into();
            return;
        }
        let kind_fits = |t: TerrainId| {
            s.terrain(t)
                .is_some_and(|t| (t.kind == TerrainKind::Area) == area)
        };
        let current = match self.tool {
            Tool::DrawArea { terrain } | Tool::DrawLine { terrain } if kind_fits(terrain) => {
                Some(terrain)
            }
            _ => None,
        };
        let Some(terrain) = current.or_else(|| {
            s.terrain_types
                .iter()
                .find(|t| (t.kind == TerrainKind::Area) == area)
                .map(|t| t.id)
        }) else {
            self.status = "No terrain type draws that: add one in the palette".into();
            return;
        };
        self.set_tool(if area {
            Tool::DrawArea { terrain }
        } else {
            Tool::DrawLine { terrain }
        });
    }

    fn confirm(&mut self) {
        if !self.canvas.drawing.is_empty()
            && let Tool::DrawArea { terrain } | Tool::DrawLine { terrain } = self.tool
        {
            self.finish_drawing(terrain);
        } else if self.rules.aim.is_some() {
            self.move_to_aim();
        } else if self.rules.pending.is_some() {
            self.commit_pending();
        }
    }

    fn cancel(&mut self) {
        if self.files.prompt.take().is_some() {
            self.status = "Cancelled".into();
        } else if self.export.open {
            self.export.open = false;
        } else if self.panels.show_shortcuts
            || self.panels.show_getting_started
            || self.panels.show_about
        {
            // A help window over the map is what Escape is pressed at.
            self.panels.show_shortcuts = false;
            self.panels.show_getting_started = false;
            self.panels.show_about = false;
        } else if self.canvas.gesture.take().is_some() {
            self.status = "Cancelled".into();
        } else if self.canvas.measured.take().is_some() {
            self.status = "Measure cleared".into();
        } else if !self.canvas.drawing.is_empty() {
            self.canvas.drawing.clear();
            self.status = "Drawing cancelled".into();
        } else if self.rules.aim.is_some() {
            self.stop_aiming();
        } else if self.cancel_pending() {
            self.status = "Move cancelled".into();
        } else if matches!(self.tool, Tool::Place(_)) {
            self.set_tool(Tool::Select);
            self.status = "Placing put down".into();
        } else if !self.selection.is_empty() {
            self.selection.clear();
            self.status = "Nothing selected".into();
        } else if self.tool != Tool::Select {
            self.set_tool(Tool::Select);
        }
    }

    fn back(&mut self) {
        if self.canvas.drawing.pop().is_none() {
            self.delete_selection();
        }
    }
}
