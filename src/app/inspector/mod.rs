//! The inspector: every field of the selected item (or of the scenario when nothing is
//! selected, under a box that says so, so the scenario's title is never where an item's name
//! is), grouped in collapsible sections under a fixed message row, and checked before anything
//! applies (typed hexes and numbers on Enter or leaving the field). Widgets never change
//! the scenario: each change comes back as edits with a merge key, so typing in a field or
//! dragging a value is one undo step, and the app applies it through the document.
//!
//! - `form`: the fields, validation and accessible names;
//! - `unit`: units and leaders; `models`: where a unit stands, its models and state, single
//!   models; `options`: the sides, leaders, kinds and facings offered (the edits that keep a
//!   unit whole when a field changes are `edit::ops::units`);
//! - `column`: columns of march: ordered members, widths, units on table at the start;
//! - `items`: terrain pieces, deployment zones, objectives, reinforcements;
//! - `scenario`: meta and turn, background, reinforcements by turn; `ruleset`: the rules and
//!   their options; `victory`: the victory conditions and an objective's points; `tables`:
//!   sides and the terrain table;
//! - `map`: table size, hex orientation, shape and size (terrain and pieces follow).

mod column;
mod form;
mod hints;
mod items;
mod labels;
mod map;
mod models;
mod options;
mod ruleset;
mod scenario;
mod tables;
mod unit;
mod victory;

use crate::model::*;
use egui::{Id, RichText, Ui};
use form::Form;

pub(super) use super::command::Change;

/// The selection's generation: a number that changes whenever the selection does, so pending
/// (refused) input belongs to one item only.
fn generation(ui: &Ui, selection: &[ItemRef]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    selection.hash(&mut h);
    let hash = h.finish();
    let id = Id::unique("inspector-generation");
    let (old, mut gen_) = ui.data(|d| d.get_temp::<(u64, u64)>(id)).unwrap_or((0, 0));
    if old != hash {
        gen_ += 1;
        ui.data_mut(|d| d.insert_temp(id, (hash, gen_)));
    }
    gen_
}

/// What the inspector says above its fields.
#[derive(Clone, Copy, Debug, Default)]
pub struct Note<'a> {
    /// Play: the fields are shown but not changed (a referee override changes a unit).
    pub read_only: bool,
    /// Why the last change was refused.
    pub refusal: Option<&'a str>,
}

/// What the user did in the inspector: a change to apply, a selection to follow, and the side
/// whose zones of control the map shades.
pub type Inspected = (Option<Change>, Option<Vec<ItemRef>>, Option<SideId>);

/// What the message row says when nothing is refused: how typed values apply.
pub const TYPING_HINT: &str =
    "Typed values apply on Enter or when you leave the field; Escape puts them back.";

/// Draws the inspector for `selection`: a message row that never moves (why a value or the last
/// change was refused, else how typed values apply), then the fields, scrolling under it, with
/// `after` (the history) at the end of the scroll.
#[allow(clippy::too_many_arguments)]
pub fn inspector_ui(
    ui: &mut Ui,
    s: &Scenario,
    changes: u64,
    selection: &[ItemRef],
    side: SideId,
    zoc_side: Option<SideId>,
    note: Note<'_>,
    after: impl FnOnce(&mut Ui),
) -> Inspected {
    let mut zoc_side = zoc_side;
    let zoc_side_ = &mut zoc_side;
    let gen_ = generation(ui, selection);
    // The message row's place is taken first; what it says is known once the fields are drawn.
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let row_h = 2.0 * line + ui.spacing().item_spacing.y;
    let (row, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), row_h),
        egui::Sense::hover(),
    );
    ui.separator();
    let mut f = Form::new(s, gen_);
    f.changes = changes;
    egui::ScrollArea::vertical()
        .id_salt("inspector-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Room for a label and a field.
            ui.set_min_width(320.0);
            f.fit_to(ui.available_width());
            ui.horizontal(|ui| {
                if ui.small_button("Expand all").clicked() {
                    form::expand_all(ui, true);
                }
                if ui.small_button("Collapse all").clicked() {
                    form::expand_all(ui, false);
                }
            });
            ui.add_enabled_ui(!note.read_only, |ui| {
                fields_ui(ui, &mut f, selection, side, zoc_side_)
            });
            after(ui);
        });
    message_row_ui(ui, row, note, &f.messages);
    (f.change, f.select, zoc_side)
}

/// The message row: refusals in the error colour (the whole text on hover when it is longer than
/// the row), else Play's read-only note or [`TYPING_HINT`], weak.
fn message_row_ui(ui: &mut Ui, row: egui::Rect, note: Note<'_>, fields: &[String]) {
    let mut refused: Vec<&str> = note.refusal.into_iter().collect();
    refused.extend(fields.iter().map(String::as_str));
    let text = match refused.is_empty() {
        false => RichText::new(refused.join("\n")).color(ui.visuals().error_fg_color),
        true if note.read_only => RichText::new(
            "Read-only in Play: a referee override in the Rules panel changes a unit.",
        )
        .weak(),
        true => RichText::new(TYPING_HINT).weak(),
    };
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(row)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.set_clip_rect(row.intersect(ui.clip_rect()));
    let full = text.text().to_string();
    let r = child.add(egui::Label::new(text).wrap());
    if r.rect.height() > row.height() + 1.0 {
        let _ = r.on_hover_text(full);
    }
}

/// The fields of the selection.
fn fields_ui(
    ui: &mut Ui,
    f: &mut Form<'_>,
    selection: &[ItemRef],
    side: SideId,
    zoc_side_: &mut Option<SideId>,
) {
    let s = f.s;
    match selection {
        [] => {
            scenario_box_ui(ui, false);
            scenario::scenario_ui(ui, f, side, zoc_side_)
        }
        [ItemRef::Unit(id)] => match s.unit(*id) {
            Some(u) => unit::unit_ui(ui, f, u),
            None => gone(ui),
        },
        [ItemRef::Model(u, m)] => match s.unit(*u).and_then(|x| x.model(*m).map(|m| (x, m))) {
            Some((u, m)) => models::model_ui(ui, f, u, m),
            None => gone(ui),
        },
        [ItemRef::Piece(id)] => match s.piece(*id) {
            Some(p) => items::piece_ui(ui, f, p),
            None => gone(ui),
        },
        [ItemRef::Objective(id)] => match s.objectives.iter().find(|o| o.id == *id) {
            Some(o) => items::objective_ui(ui, f, o),
            None => gone(ui),
        },
        [ItemRef::Zone(id)] => match s.zones.iter().find(|z| z.id == *id) {
            Some(z) => items::zone_ui(ui, f, z),
            None => gone(ui),
        },
        [ItemRef::Column(id)] => match s.column(*id) {
            Some(c) => column::column_ui(ui, f, c),
            None => gone(ui),
        },
        [ItemRef::Reinforcement(id)] => match s.reinforcements.iter().find(|r| r.id == *id) {
            Some(r) => items::reinforcement_ui(ui, f, r),
            None => gone(ui),
        },
        [ItemRef::Side(_) | ItemRef::Terrain(_) | ItemRef::Map | ItemRef::Scenario] => {
            scenario_box_ui(ui, true);
            scenario::scenario_ui(ui, f, side, zoc_side_)
        }
        [ItemRef::Hex(x, y)] => {
            ui.heading(format!("Hex ({x}, {y})"));
            ui.label("Paint it with a terrain brush; click its edges with a hexside tool.");
        }
        many => {
            ui.heading(format!(
                "{} selected",
                count(many.len() as u64, "item", "items")
            ));
            ui.label("Drag to move them together; Delete removes them; Ctrl+D duplicates.");
        }
    }
}

/// Above the scenario's own fields (with nothing selected, or the scenario, a side, the map or
/// the terrain table selected from a problem): a tinted box saying which, as tall as a unit's
/// heading, first section header and name field together, so that the scenario's title is never
/// where an item's name is and the inspector plainly does not show a unit.
fn scenario_box_ui(ui: &mut Ui, selected: bool) {
    let spacing = ui.spacing().item_spacing.y;
    let tall = ui.text_style_height(&egui::TextStyle::Heading)
        + 3.0 * ui.spacing().interact_size.y
        + 6.0 * spacing;
    let (title, text) = if selected {
        (
            "The scenario",
            "Its own settings: title, rules, map, sides and terrain. Click a unit or another \
             item on the map or in the order of battle to see its fields here.",
        )
    } else {
        (
            "Nothing selected",
            "Click a unit or another item on the map or in the order of battle to see its \
             fields here. Below are the scenario's own settings: its title, rules, map, sides \
             and terrain.",
        )
    };
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
        .corner_radius(4.0)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(tall);
            ui.label(RichText::new(title).heading());
            ui.label(RichText::new(text).weak());
        });
    ui.add_space(4.0);
}

fn gone(ui: &mut Ui) {
    ui.label(RichText::new("The selected item no longer exists.").weak());
}
