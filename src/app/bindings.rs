//! The keyboard: one table of bindings from which the shortcuts are read, the menus show their
//! hints and Help > Keyboard shortcuts (F1) lists them, so the three can never disagree.

use super::command::{Command, Commands, Guarded};
use super::tools::Tool;
use crate::edit::ops::selection::Nudge;
use egui::{Key, KeyboardShortcut, Modifiers, Ui};

impl Action {
    /// Keys the order of battle's table keeps for itself when it has the keyboard: Tab walks
    /// its cells, and an arrow never nudges a unit the user is looking at as a row.
    fn moves_in_a_table(self) -> bool {
        matches!(
            self,
            Action::NextUnit
                | Action::PreviousUnit
                | Action::NudgeLeft
                | Action::NudgeRight
                | Action::NudgeUp
                | Action::NudgeDown
                | Action::NudgeLeftFine
                | Action::NudgeRightFine
                | Action::NudgeUpFine
                | Action::NudgeDownFine
        )
    }
}

/// What a key does. Each action is one command (see [`Action::command`]); commands that depend
/// on the state (Enter, Escape, P) decide when they are carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NewTable,
    NewHex,
    Open,
    Save,
    SaveAs,
    Quit,
    Undo,
    Redo,
    Cut,
    Copy,
    Paste,
    Duplicate,
    SelectAll,
    Delete,
    Back,
    RotateClockwise,
    RotateCounterClockwise,
    SelectTool,
    MeasureTool,
    SightTool,
    PlaceLastUnit,
    CalibrateTool,
    DrawAreaTool,
    DrawLineTool,
    Export,
    Fit,
    Grid,
    ZoomIn,
    ZoomOut,
    NudgeLeft,
    NudgeRight,
    NudgeUp,
    NudgeDown,
    NudgeLeftFine,
    NudgeRightFine,
    NudgeUpFine,
    NudgeDownFine,
    NextUnit,
    PreviousUnit,
    Preview,
    Confirm,
    Cancel,
    Shortcuts,
    Menus,
    NextChit,
    EndPhase,
    EndTurn,
    Play,
}

const fn nudge(dx: i8, dy: i8, fine: bool) -> Command {
    Command::Nudge(Nudge { dx, dy, fine })
}

impl Action {
    /// The command the key sends.
    pub fn command(self) -> Command {
        match self {
            Action::NewTable => Command::File(Guarded::NewTable),
            Action::NewHex => Command::File(Guarded::NewHex),
            Action::Open => Command::File(Guarded::Open(None)),
            Action::Save => Command::Save,
            Action::SaveAs => Command::SaveAs,
            Action::Quit => Command::Quit,
            Action::Undo => Command::Undo,
            Action::Redo => Command::Redo,
            Action::Cut => Command::Cut,
            Action::Copy => Command::Copy,
            Action::Paste => Command::Paste,
            Action::Duplicate => Command::Duplicate,
            Action::SelectAll => Command::SelectAll,
            Action::Delete => Command::Delete,
            Action::Back => Command::Back,
            Action::RotateClockwise => Command::Rotate(1.0),
            Action::RotateCounterClockwise => Command::Rotate(-1.0),
            Action::SelectTool => Command::SetTool(Tool::Select),
            Action::MeasureTool => Command::SetTool(Tool::Measure),
            Action::SightTool => Command::SetTool(Tool::Sight),
            Action::PlaceLastUnit => Command::PlaceLastUnit,
            Action::CalibrateTool => Command::SetTool(Tool::Calibrate),
            Action::DrawAreaTool => Command::PickDrawTool { area: true },
            Action::DrawLineTool => Command::PickDrawTool { area: false },
            Action::Export => Command::Export,
            Action::Fit => Command::Fit,
            Action::Grid => Command::ToggleGrid,
            Action::ZoomIn => Command::Zoom(1.25),
            Action::ZoomOut => Command::Zoom(0.8),
            Action::NudgeLeft => nudge(-1, 0, false),
            Action::NudgeRight => nudge(1, 0, false),
            Action::NudgeUp => nudge(0, -1, false),
            Action::NudgeDown => nudge(0, 1, false),
            Action::NudgeLeftFine => nudge(-1, 0, true),
            Action::NudgeRightFine => nudge(1, 0, true),
            Action::NudgeUpFine => nudge(0, -1, true),
            Action::NudgeDownFine => nudge(0, 1, true),
            Action::NextUnit => Command::CycleUnit(1),
            Action::PreviousUnit => Command::CycleUnit(-1),
            Action::Preview => Command::TogglePreview,
            Action::Confirm => Command::Confirm,
            Action::Cancel => Command::Cancel,
            Action::Shortcuts => Command::ShowShortcuts,
            Action::Menus => Command::OpenMenus,
            Action::NextChit => Command::NextChit,
            Action::EndPhase => Command::EndPhase,
            Action::EndTurn => Command::EndTurn,
            Action::Play => Command::ToggleActivity,
        }
    }
}

/// A key binding: the keys that send an action, and what it does in words (for F1).
pub struct Binding {
    pub action: Action,
    pub keys: &'static [KeyboardShortcut],
    pub what: &'static str,
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const NONE: Modifiers = Modifiers::NONE;
const SHIFT: Modifiers = Modifiers::SHIFT;
const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

/// Every key binding of the editor, in the order F1 lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        action: Action::NewTable,
        keys: &[key(CMD, Key::N)],
        what: "new free-measure table",
    },
    Binding {
        action: Action::NewHex,
        keys: &[key(CMD_SHIFT, Key::N)],
        what: "new hex map",
    },
    Binding {
        action: Action::Open,
        keys: &[key(CMD, Key::O)],
        what: "open",
    },
    Binding {
        action: Action::Save,
        keys: &[key(CMD, Key::S)],
        what: "save",
    },
    Binding {
        action: Action::SaveAs,
        keys: &[key(CMD_SHIFT, Key::S)],
        what: "save as",
    },
    Binding {
        action: Action::Quit,
        keys: &[key(CMD, Key::Q)],
        what: "quit",
    },
    Binding {
        action: Action::Undo,
        keys: &[key(CMD, Key::Z)],
        what: "undo",
    },
    Binding {
        action: Action::Redo,
        keys: &[key(CMD_SHIFT, Key::Z), key(CMD, Key::Y)],
        what: "redo",
    },
    Binding {
        action: Action::Cut,
        keys: &[key(CMD, Key::X)],
        what: "cut",
    },
    Binding {
        action: Action::Copy,
        keys: &[key(CMD, Key::C)],
        what: "copy",
    },
    Binding {
        action: Action::Paste,
        keys: &[key(CMD, Key::V)],
        what: "paste",
    },
    Binding {
        action: Action::Duplicate,
        keys: &[key(CMD, Key::D)],
        what: "duplicate",
    },
    Binding {
        action: Action::SelectAll,
        keys: &[key(CMD, Key::A)],
        what: "select all",
    },
    Binding {
        action: Action::Delete,
        keys: &[key(NONE, Key::Delete)],
        what: "delete the selection",
    },
    Binding {
        action: Action::Back,
        keys: &[key(NONE, Key::Backspace)],
        what: "take back the last point drawn, or delete the selection",
    },
    Binding {
        action: Action::RotateClockwise,
        keys: &[key(NONE, Key::R)],
        what: "rotate the selection clockwise",
    },
    Binding {
        action: Action::RotateCounterClockwise,
        keys: &[key(SHIFT, Key::R)],
        what: "rotate the selection counter-clockwise",
    },
    Binding {
        action: Action::SelectTool,
        keys: &[key(NONE, Key::S)],
        what: "select tool",
    },
    Binding {
        action: Action::MeasureTool,
        keys: &[key(NONE, Key::M)],
        what: "measuring tape",
    },
    Binding {
        action: Action::SightTool,
        keys: &[key(NONE, Key::V)],
        what: "line of sight tool (table)",
    },
    Binding {
        action: Action::PlaceLastUnit,
        keys: &[key(NONE, Key::U)],
        what: "place another unit of the type placed last, of the palette's side",
    },
    Binding {
        action: Action::CalibrateTool,
        keys: &[key(NONE, Key::K)],
        what: "calibrate the background image: lay the grid over it",
    },
    Binding {
        action: Action::DrawAreaTool,
        keys: &[key(NONE, Key::A)],
        what: "draw an area piece (table)",
    },
    Binding {
        action: Action::DrawLineTool,
        keys: &[key(NONE, Key::L)],
        what: "draw a line piece: wall, hedge, road, river (table)",
    },
    Binding {
        action: Action::Export,
        keys: &[key(CMD, Key::E)],
        what: "export and print",
    },
    Binding {
        action: Action::Fit,
        keys: &[key(NONE, Key::F), key(NONE, Key::Home)],
        what: "zoom to fit",
    },
    Binding {
        action: Action::Grid,
        keys: &[key(NONE, Key::G)],
        what: "grid on or off",
    },
    Binding {
        action: Action::ZoomIn,
        keys: &[key(NONE, Key::Plus), key(NONE, Key::Equals)],
        what: "zoom in",
    },
    Binding {
        action: Action::ZoomOut,
        keys: &[key(NONE, Key::Minus)],
        what: "zoom out",
    },
    Binding {
        action: Action::NudgeLeft,
        keys: &[key(NONE, Key::ArrowLeft)],
        what: "move the selection west one hex or half an inch (in Play: aim its move, Enter moves); pan when nothing is selected",
    },
    Binding {
        action: Action::NudgeRight,
        keys: &[key(NONE, Key::ArrowRight)],
        what: "move the selection east one hex or half an inch (in Play: aim its move, Enter moves); pan when nothing is selected",
    },
    Binding {
        action: Action::NudgeUp,
        keys: &[key(NONE, Key::ArrowUp)],
        what: "move the selection north one hex or half an inch (in Play: aim its move, Enter moves); pan when nothing is selected",
    },
    Binding {
        action: Action::NudgeDown,
        keys: &[key(NONE, Key::ArrowDown)],
        what: "move the selection south one hex or half an inch (in Play: aim its move, Enter moves); pan when nothing is selected",
    },
    Binding {
        action: Action::NudgeLeftFine,
        keys: &[key(SHIFT, Key::ArrowLeft)],
        what: "move the selection west a tenth of an inch",
    },
    Binding {
        action: Action::NudgeRightFine,
        keys: &[key(SHIFT, Key::ArrowRight)],
        what: "move the selection east a tenth of an inch",
    },
    Binding {
        action: Action::NudgeUpFine,
        keys: &[key(SHIFT, Key::ArrowUp)],
        what: "move the selection north a tenth of an inch",
    },
    Binding {
        action: Action::NudgeDownFine,
        keys: &[key(SHIFT, Key::ArrowDown)],
        what: "move the selection south a tenth of an inch",
    },
    Binding {
        action: Action::NextUnit,
        keys: &[key(NONE, Key::Tab)],
        what: "select the next unit of the side in focus",
    },
    Binding {
        action: Action::PreviousUnit,
        keys: &[key(SHIFT, Key::Tab)],
        what: "select the previous unit of the side in focus",
    },
    Binding {
        action: Action::Preview,
        keys: &[key(NONE, Key::P)],
        what: "open or close the rule preview of the selected unit",
    },
    Binding {
        action: Action::Confirm,
        keys: &[key(NONE, Key::Enter)],
        what: "finish drawing a piece; commit the move waiting for its followers",
    },
    Binding {
        action: Action::Cancel,
        keys: &[key(NONE, Key::Escape)],
        what: "cancel the drag, the drawing, the move waiting for its followers or placing; else deselect",
    },
    Binding {
        action: Action::NextChit,
        keys: &[key(NONE, Key::C)],
        what: "Play, Command Phase: choose the selected leader's command chit (then 1, 2, … picks)",
    },
    Binding {
        action: Action::EndPhase,
        keys: &[key(NONE, Key::E)],
        what: "Play: end the phase (asks first while units could still act)",
    },
    Binding {
        action: Action::EndTurn,
        keys: &[key(SHIFT, Key::E)],
        what: "Play: end the turn (asks first while units could still act)",
    },
    Binding {
        action: Action::Play,
        keys: &[key(NONE, Key::F5)],
        what: "switch between Edit (authoring) and Play (moves under the rules, logged)",
    },
    Binding {
        action: Action::Shortcuts,
        keys: &[key(NONE, Key::F1)],
        what: "this list",
    },
    Binding {
        action: Action::Menus,
        keys: &[key(NONE, Key::F10)],
        what: "open the menus (Alt pressed alone too): Left and Right go from menu to menu, Up, Down and Enter pick an entry, Escape leaves",
    },
];

/// What the mouse does, listed under the keys in F1.
pub const MOUSE: &[(&str, &str)] = &[
    ("Wheel, pinch", "zoom about the cursor"),
    ("Middle drag, Space+drag", "pan"),
    (
        "Double-click",
        "finish drawing a piece; insert a vertex on the selected shape",
    ),
    ("Right-click a vertex", "remove it from the selected shape"),
    (
        "Drag (preview open)",
        "move the unit under the rules; Alt+drag places it freely",
    ),
    (
        "Shift+click",
        "add to the selection; fill hexes with the paint tool",
    ),
];

/// The binding of an action.
pub fn binding(action: Action) -> Option<&'static Binding> {
    BINDINGS.iter().find(|b| b.action == action)
}

/// An action's keys as the platform writes them ("Ctrl+Shift+Z, Ctrl+Y"), for menus and F1.
pub fn keys_text(ctx: &egui::Context, action: Action) -> String {
    binding(action).map_or(String::new(), |b| {
        b.keys
            .iter()
            .map(|k| ctx.format_shortcut(k))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// How many modifiers a shortcut needs: egui matches a shortcut that needs fewer modifiers to
/// a key pressed with more (Shift and Alt are not required to be up), so the most specific
/// shortcuts are tried first.
fn specificity(k: &KeyboardShortcut) -> u8 {
    let m = k.modifiers;
    u8::from(m.shift) + u8::from(m.alt) + u8::from(m.command || m.ctrl || m.mac_cmd)
}

/// The commands of the keys pressed this frame (none while a text field has the keyboard, or
/// had it last frame: keys typed there are text, and the Escape, Tab or Enter that leaves a
/// field is the field's). Other focused widgets (a button clicked last, the canvas) do not
/// stop them, so Escape cancels a drag on the canvas and Ctrl+Z undoes after a click; but
/// Select all is the map's only while the keyboard is not in the dock (`in_dock`: a control of
/// the inspector or the Rules panel has it), so Ctrl+A there never selects the map's items.
/// While the keyboard is in the order of battle's table (`in_table`), Tab and the arrows are
/// the table's, as in a spreadsheet: Tab goes to the next cell, and no arrow moves a unit.
pub fn shortcuts(ui: &mut Ui, typing_last_frame: bool, in_dock: bool, in_table: bool) -> Commands {
    let mut out = Commands::default();
    if typing_last_frame || ui.ctx().text_edit_focused() {
        // Saving is the one key a text field does not keep: the field is left first, so what
        // it holds is read and applied before the file is written.
        let shift = ui.input(|i| i.modifiers.shift);
        if ui.input_mut(|i| i.consume_key(CMD, Key::S)) {
            // Left before the panels are drawn, the field sees it has lost the keyboard in
            // this frame and applies what it holds.
            ui.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
            out.push(Command::LeaveFieldThenSave { save_as: shift });
        }
        return out;
    }
    // Escape with a menu (or any drop-down) open closes it and does nothing else: the open
    // menu is what the user is looking at, not the selection behind it.
    if egui::Popup::is_any_open(ui.ctx())
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape))
    {
        egui::Popup::close_all(ui.ctx());
        return out;
    }
    let mut keys: Vec<(&KeyboardShortcut, Action)> = BINDINGS
        .iter()
        .filter(|b| !((in_dock || in_table) && b.action == Action::SelectAll))
        .filter(|b| !(in_table && b.action.moves_in_a_table()))
        .flat_map(|b| b.keys.iter().map(move |k| (k, b.action)))
        .collect();
    keys.sort_by_key(|(k, _)| std::cmp::Reverse(specificity(k)));
    for (k, action) in keys {
        // Every press of the key (held keys repeat) sends the command once.
        let presses = ui.input_mut(|i| i.count_and_consume_key(k.modifiers, k.logical_key));
        if presses > 0 {
            // The key is the editor's: egui does not also move the keyboard focus with it
            // (Tab to the next widget, arrows to a neighbour), which would leave a button
            // focused for Enter to press.
            ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
        }
        for _ in 0..presses {
            out.push(action.command());
        }
    }
    out
}

/// Help > Keyboard shortcuts: the table above, as the platform writes the keys.
pub fn shortcuts_window_ui(ctx: &egui::Context, open: &mut bool) {
    // The list is longer than a small window is tall: it scrolls inside the window.
    let tall = (ctx.content_rect().height() - 120.0).max(200.0);
    // As tall as the window allows and wide enough for the longest line, so the list reads
    // without scrolling sideways and with little scrolling down.
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .default_size([640.0, tall])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(tall)
                .min_scrolled_height(tall)
                .show(ui, |ui| {
                    ui.set_min_width(600.0);
                    egui::Grid::new("keys").striped(true).show(ui, |ui| {
                        for b in BINDINGS {
                            ui.label(keys_text(ctx, b.action));
                            ui.label(b.what);
                            ui.end_row();
                        }
                        for (mouse, what) in MOUSE {
                            ui.label(*mouse);
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_bindings_share_a_key() {
        let mut seen = Vec::new();
        for b in BINDINGS {
            for k in b.keys {
                assert!(
                    !seen.contains(k),
                    "{k:?} is bound twice (second: {:?})",
                    b.action
                );
                seen.push(*k);
            }
        }
    }

    #[test]
    fn shift_variants_are_tried_before_their_plain_keys() {
        let shifted = key(SHIFT, Key::R);
        let plain = key(NONE, Key::R);
        assert!(specificity(&shifted) > specificity(&plain));
        assert!(specificity(&key(CMD_SHIFT, Key::Z)) > specificity(&key(CMD, Key::Z)));
    }
}
