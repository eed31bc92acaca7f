//! Help > Getting started: where a first-time user begins, in the editor's own words. The
//! editor opens on a built-in sample; this says so, and what to do next, without leaving the
//! window for the README.

use egui::{RichText, Ui};

/// The steps, each a heading and what to do.
const STEPS: [(&str, &str); 6] = [
    (
        "This is a sample",
        "Sandtable opens on a built-in sample scenario when no file is given. File > Open \
         sample has the others (one per ruleset); File > New free-measure table or New hex \
         map starts your own.",
    ),
    (
        "Build",
        "On a table, drag terrain from the Palette on the left onto the map; on a hex map, \
         pick a terrain as a brush and paint hexes. Drag units from the Palette onto the map; \
         click anything to edit it in the Inspector on the right. Ctrl+Z undoes any edit.",
    ),
    (
        "Preview a move",
        "Select a unit: the Rules panel shows what it may do. P opens its usual preview, which \
         shades where it may go and says why elsewhere is refused; drag the unit to move it \
         under the rules.",
    ),
    (
        "Play",
        "F5 (or Play, top right) plays the scenario: sides take turns, dice are typed or rolled, \
         and every action goes in the Log. Ctrl+Z takes the last one back; F5 returns to Edit.",
    ),
    (
        "Print",
        "File > Export prints the map on one sheet or at true scale over several pages, with \
         handouts for each side.",
    ),
    (
        "Keys and the command line",
        "Help > Keyboard shortcuts lists every key. Run \"sandtable --help\" for the commands \
         that preview, check, export and play without the window.",
    ),
];

/// The Getting started window, while `open`.
pub(super) fn getting_started_ui(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Getting started")
        .open(open)
        .default_width(460.0)
        .resizable(false)
        .show(ctx, |ui: &mut Ui| {
            for (i, (head, body)) in STEPS.iter().enumerate() {
                if i > 0 {
                    ui.add_space(6.0);
                }
                ui.label(RichText::new(format!("{}. {head}", i + 1)).strong());
                ui.label(*body);
            }
        });
}
