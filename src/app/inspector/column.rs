//! Columns of march (R1): name, side and state, the entry point, the march order (drag a row
//! to reorder it, drag a unit in, or use the buttons), each member's frontage, and how many
//! units stand on the table at the start.

use super::form::{Form, any, grid, non_empty, section};
use super::options::side_options;
use crate::edit::ops::columns::{insert_member, move_member, put};
use crate::edit::ops::units::width_check;
use crate::model::*;
use egui::{Id, RichText, Ui};

/// What is dragged within a column's inspector.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ColumnDrag {
    /// A member row, by its place in the march order.
    Member(usize),
    /// A unit not yet in any column.
    Unit(UnitId),
}

fn edge_len(s: &Scenario, e: Edge) -> Option<f32> {
    s.map.as_table().map(|t| match e {
        Edge::North | Edge::South => t.width_in,
        Edge::East | Edge::West => t.height_in,
    })
}

pub fn column_ui(ui: &mut Ui, f: &mut Form, c: &Column) {
    let s = f.s;
    let k = |field: &str| format!("column.{}.{field}", c.id.0);
    ui.heading(&c.name);
    ui.label(egui::RichText::new(format!("column {}", c.id)).weak());
    section(ui, "Column", ("column", c.id), false, |ui| {
        grid(ui, ("column-basics", c.id), |ui| {
            if let Some((v, key)) = f.text(ui, "Name", &k("name"), &c.name, &non_empty("A column"))
            {
                f.emit(
                    "Rename column",
                    Some(key),
                    vec![put(Column {
                        name: v,
                        ..c.clone()
                    })],
                );
            }
            let side_check = |side: &SideId| match c
                .members
                .iter()
                .filter_map(|m| s.unit(m.unit))
                .find(|u| u.side != *side)
            {
                Some(u) => Err(format!("'{}' is on another side: remove it first", u.name)),
                None => Ok(()),
            };
            if let Some((side, _)) = f.combo(
                ui,
                "Side",
                &k("side"),
                &c.side,
                &side_options(s),
                "?",
                &side_check,
            ) {
                f.emit(
                    "Change column side",
                    None,
                    vec![put(Column { side, ..c.clone() })],
                );
            }
            let states = [
                (ColumnState::Formed, "Formed".to_string()),
                (ColumnState::Broken, "Broken".to_string()),
            ];
            if let Some((st, _)) = f.combo(ui, "State", &k("state"), &c.state, &states, "?", &any) {
                f.emit(
                    "Set column state",
                    None,
                    vec![put(Column {
                        state: st,
                        ..c.clone()
                    })],
                );
            }
            let is_d3 = c.on_table_at_start == StartCount::D3;
            let modes = [
                (false, "A number".to_string()),
                (true, "A D3 roll".to_string()),
            ];
            if let Some((d3, _)) = f.combo(
                ui,
                "Units on table at start",
                &k("startmode"),
                &is_d3,
                &modes,
                "?",
                &any,
            ) {
                let on_table_at_start = if d3 {
                    StartCount::D3
                } else {
                    StartCount::Count(c.members.len().min(1) as u8)
                };
                f.emit(
                    "Set units on table",
                    None,
                    vec![put(Column {
                        on_table_at_start,
                        ..c.clone()
                    })],
                );
            }
            if let StartCount::Count(n) = c.on_table_at_start {
                let fits = |v: &u8| {
                    if *v as usize > c.members.len() {
                        Err(format!("the column has only {} units", c.members.len()))
                    } else {
                        Ok(())
                    }
                };
                if let Some((v, key)) =
                    f.number(ui, "Number on table", &k("start"), n, 0..=99, 0.05, &fits)
                {
                    f.emit(
                        "Set units on table",
                        Some(key),
                        vec![put(Column {
                            on_table_at_start: StartCount::Count(v),
                            ..c.clone()
                        })],
                    );
                }
            }
        });
    });
    section(ui, "Entry point", ("entry", c.id), false, |ui| {
        grid(ui, ("column-entry", c.id), |ui| {
            let e = c.entry;
            let with = |entry: EntryPoint| put(Column { entry, ..c.clone() });
            let edges: Vec<(Edge, String)> =
                Edge::ALL.iter().map(|e| (*e, format!("{e:?}"))).collect();
            let along_fits = |edge: Edge, v: f32| match edge_len(s, edge) {
                Some(len) if v > len => Err(format!("the {edge:?} edge is only {len:.2}\" long")),
                _ => Ok(()),
            };
            if let Some((edge, _)) = f.combo(ui, "Edge", &k("edge"), &e.edge, &edges, "?", &any) {
                let along_in = e.along_in.min(edge_len(s, edge).unwrap_or(e.along_in));
                f.emit(
                    "Move entry point",
                    None,
                    vec![with(EntryPoint {
                        edge,
                        along_in,
                        heading_deg: edge.inward_bearing_deg(),
                    })],
                );
            }
            let check = |v: &f32| along_fits(e.edge, *v);
            if let Some((v, key)) = f.number(
                ui,
                "Along the edge (in)",
                &k("along"),
                e.along_in,
                0.0..=MAX_TABLE_IN,
                0.1,
                &check,
            ) {
                f.emit(
                    "Move entry point",
                    Some(key),
                    vec![with(EntryPoint { along_in: v, ..e })],
                );
            }
            if let Some((v, key)) = f.number(
                ui,
                "Heading (°)",
                &k("heading"),
                e.heading_deg.rem_euclid(360.0),
                0.0..=359.9,
                0.5,
                &any,
            ) {
                f.emit(
                    "Set entry heading",
                    Some(key),
                    vec![with(EntryPoint {
                        heading_deg: v,
                        ..e
                    })],
                );
            }
        });
    });
    section(
        ui,
        "March order (lead first)",
        ("members", c.id),
        false,
        |ui| {
            members_ui(ui, f, c);
        },
    );
    section(ui, "March record", ("record", c.id), true, |ui| {
        ui.label(format!(
            "Route: {}",
            count(c.route.len() as u64, "point", "points")
        ));
        ui.label(match &c.last_action {
            None => "Last order: none".to_string(),
            Some(ColumnAction::StandTo) => "Last order: Stand To".to_string(),
            Some(ColumnAction::Move { distance_in, .. }) => {
                format!("Last order: move {distance_in:.2}\"")
            }
        });
        let any_record = !c.route.is_empty() || c.last_action.is_some();
        if f.button(
            ui,
            "Clear route and last order",
            any_record,
            "Start the column afresh at its entry point",
        ) {
            f.emit(
                "Clear column record",
                None,
                vec![put(Column {
                    route: Vec::new(),
                    last_action: None,
                    ..c.clone()
                })],
            );
        }
    });
}

fn members_ui(ui: &mut Ui, f: &mut Form, c: &Column) {
    let s = f.s;
    let mut dropped: Option<(ColumnDrag, usize)> = None;
    let accent = ui.visuals().selection.stroke;
    if c.members.is_empty() {
        ui.label(RichText::new("No units yet: add them below, or drag them in.").weak());
    }
    let n = c.members.len();
    // A fixed-width cell for the name, so the widths and buttons line up: what the row's
    // handle, width field and buttons leave, at most 150 points.
    let name_width = (ui.available_width() - 220.0).clamp(80.0, 150.0);
    for (i, m) in c.members.iter().enumerate() {
        let Some(u) = s.unit(m.unit) else { continue };
        let row = ui
            .horizontal(|ui| {
                ui.dnd_drag_source(
                    Id::unique(("column-member", c.id, m.unit)),
                    ColumnDrag::Member(i),
                    |ui| {
                        ui.label(RichText::new("≡").monospace())
                            .on_hover_text("Drag to reorder")
                    },
                );
                let cell = egui::vec2(name_width, ui.spacing().interact_size.y);
                let layout = egui::Layout::left_to_right(egui::Align::Center);
                ui.allocate_ui_with_layout(cell, layout, |ui| {
                    ui.set_min_width(cell.x);
                    ui.label(format!("{}.", i + 1));
                    let link = egui::Link::new(&u.name);
                    if ui.add(link).on_hover_text("Inspect this unit").clicked() {
                        f.select = Some(vec![ItemRef::Unit(u.id)]);
                    }
                });
                f.rows(format!("{} ({})", u.name, u.id), |f| {
                    grid(ui, ("member-width", c.id, m.unit), |ui| {
                        let check = |w: &u8| width_check(u, *w);
                        let key = format!("column.{}.width.{}", c.id.0, m.unit.0);
                        if let Some((w, merge)) =
                            f.number(ui, "Width", &key, m.width_figures, 1..=16, 0.05, &check)
                        {
                            let mut nc = c.clone();
                            nc.members[i].width_figures = w;
                            f.emit("Set column width", Some(merge), vec![put(nc)]);
                        }
                    });
                    if f.icon_button(ui, "↑", "Move up", i > 0, "March one place earlier") {
                        f.emit("Reorder column", None, vec![put(move_member(c, i, i - 1))]);
                    }
                    if f.icon_button(ui, "↓", "Move down", i + 1 < n, "March one place later") {
                        f.emit("Reorder column", None, vec![put(move_member(c, i, i + 2))]);
                    }
                    if f.icon_button(ui, "×", "Remove", true, "Take out of the column") {
                        let mut nc = c.clone();
                        nc.members.remove(i);
                        f.emit("Remove from column", None, vec![put(nc)]);
                    }
                });
            })
            .response;
        if let (Some(pointer), Some(_)) = (
            ui.input(|inp| inp.pointer.interact_pos()),
            row.dnd_hover_payload::<ColumnDrag>(),
        ) {
            let above = pointer.y < row.rect.center().y;
            let y = if above {
                row.rect.top()
            } else {
                row.rect.bottom()
            };
            ui.painter().hline(row.rect.x_range(), y, accent);
            if let Some(p) = row.dnd_release_payload::<ColumnDrag>() {
                dropped = Some((*p, if above { i } else { i + 1 }));
            }
        }
    }
    // Dropping below the list puts the unit last.
    let (_, tail) = ui.dnd_drop_zone::<ColumnDrag, ()>(egui::Frame::NONE, |ui| {
        ui.label(RichText::new("Drop here to march last").small().weak());
    });
    if let Some(p) = tail {
        dropped = Some((*p, n));
    }
    match dropped {
        Some((ColumnDrag::Member(from), to)) if from != to && from + 1 != to => {
            f.emit("Reorder column", None, vec![put(move_member(c, from, to))]);
        }
        Some((ColumnDrag::Unit(u), to)) => {
            f.emit("Add to column", None, vec![put(insert_member(s, c, u, to))]);
        }
        _ => {}
    }
    let free: Vec<&Unit> = s
        .units
        .iter()
        .filter(|u| u.side == c.side && !u.is_leader() && s.column_of(u.id).is_none())
        .collect();
    ui.separator();
    grid(ui, ("column-add", c.id), |ui| {
        let mut options = vec![(None, "Choose a unit…".to_string())];
        options.extend(
            free.iter()
                .map(|u| (Some(u.id), format!("{} ({})", u.name, u.id))),
        );
        if let Some((Some(u), _)) = f.combo(
            ui,
            "Add unit",
            &format!("column.{}.add", c.id.0),
            &None,
            &options,
            "?",
            &any,
        ) {
            f.emit("Add to column", None, vec![put(insert_member(s, c, u, n))]);
        }
    });
    if !free.is_empty() {
        ui.label(RichText::new("Or drag a unit into the march order:").small());
        ui.horizontal_wrapped(|ui| {
            for u in &free {
                ui.dnd_drag_source(
                    Id::unique(("column-free", c.id, u.id)),
                    ColumnDrag::Unit(u.id),
                    |ui| {
                        ui.label(
                            RichText::new(&u.name).background_color(ui.visuals().faint_bg_color),
                        )
                    },
                );
            }
        });
    }
}
