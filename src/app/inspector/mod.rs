//! The inspector: every field of the selected item (or of the scenario when nothing is
//! selected), grouped in collapsible sections and checked as you type. Widgets never change
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
//!   their options; `tables`: sides and the terrain table;
//! - `map`: table size, hex orientation, shape and size (terrain and pieces follow).

mod column;
mod form;
mod items;
mod map;
mod models;
mod options;
mod ruleset;
mod scenario;
mod tables;
mod unit;

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

/// Draws the inspector for `selection` and returns what the user did: a change to apply, a
/// selection to follow, and the side whose zones of control the map shades. `refusal` is why
/// the last change was refused, shown above the fields.
pub fn inspector_ui(
    ui: &mut Ui,
    s: &Scenario,
    changes: u64,
    selection: &[ItemRef],
    side: SideId,
    zoc_side: Option<SideId>,
    note: Note<'_>,
) -> (Option<Change>, Option<Vec<ItemRef>>, Option<SideId>) {
    let Note { read_only, refusal } = note;
    let mut zoc_side = zoc_side;
    let zoc_side_ = &mut zoc_side;
    let gen_ = generation(ui, selection);
    // Room for a label, a field and the reason a value is refused.
    ui.set_min_width(320.0);
    ui.horizontal(|ui| {
        if ui.small_button("Expand all").clicked() {
            form::expand_all(ui, true);
        }
        if ui.small_button("Collapse all").clicked() {
            form::expand_all(ui, false);
        }
    });
    if let Some(reason) = refusal {
        ui.colored_label(ui.visuals().error_fg_color, reason);
    }
    if read_only {
        ui.label(
            RichText::new(
                "Read-only in Play: a referee override in the Rules panel changes a unit.",
            )
            .weak(),
        );
    }
    let mut f = Form::new(s, gen_);
    f.changes = changes;
    ui.add_enabled_ui(!read_only, |ui| {
        fields_ui(ui, &mut f, selection, side, zoc_side_)
    });
    (f.change, f.select, zoc_side)
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
        [] => scenario::scenario_ui(ui, f, side, zoc_side_),
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

fn gone(ui: &mut Ui) {
    ui.label(RichText::new("The selected item no longer exists.").weak());
}
