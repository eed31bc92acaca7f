//! The map: the table's size, or the hex map's orientation, shape and hex size. Reshaping a
//! hex map carries everything on it over to the new grid (`edit::ops::map`); it is drafted
//! first and applied with one button, so a drag of the column count never throws terrain away
//! half-way.

use super::form::{Form, grid};
use crate::edit::Edit;
use crate::edit::ops::map::{ResizeHex, resize_hex_map};
use crate::model::*;
use egui::{DragValue, Id, RichText, Ui};

/// The map section of the scenario inspector.
pub fn map_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    match &s.map {
        Map::Table(t) => {
            grid(ui, "map-table", |ui| {
                let size = |v: &f32| {
                    if (1.0..=MAX_TABLE_IN).contains(v) {
                        Ok(())
                    } else {
                        Err(format!("a table side is 1\" to {MAX_TABLE_IN}\""))
                    }
                };
                if let Some((w, key)) = f.number(
                    ui,
                    "Table width (in)",
                    "map.width",
                    t.width_in,
                    0.0..=2000.0,
                    0.5,
                    &size,
                ) {
                    let m = TableMap {
                        width_in: w,
                        ..t.clone()
                    };
                    f.emit(
                        "Resize table",
                        Some(key),
                        vec![Edit::SetMap(Box::new(Map::Table(m)))],
                    );
                }
                if let Some((h, key)) = f.number(
                    ui,
                    "Table height (in)",
                    "map.height",
                    t.height_in,
                    0.0..=2000.0,
                    0.5,
                    &size,
                ) {
                    let m = TableMap {
                        height_in: h,
                        ..t.clone()
                    };
                    f.emit(
                        "Resize table",
                        Some(key),
                        vec![Edit::SetMap(Box::new(Map::Table(m)))],
                    );
                }
            });
            ui.label(
                RichText::new(
                    "Models and terrain beyond a shrunk edge are reported in the problems panel.",
                )
                .small()
                .weak(),
            );
        }
        Map::Hex(h) => hex_map_ui(ui, f, h),
    }
}

/// A label and a number that only change the draft.
fn draft_number<N: egui::emath::Numeric>(
    ui: &mut Ui,
    label: &str,
    v: &mut N,
    range: std::ops::RangeInclusive<N>,
) {
    let l = ui.label(label);
    // Typed digits reach the draft on Enter or leaving the field, as in every typed field.
    ui.add(
        DragValue::new(v)
            .range(range)
            .speed(0.1)
            .update_while_editing(false),
    )
    .labelled_by(l.id);
    ui.end_row();
}

/// A label and a combo that only change the draft.
fn draft_combo<T: PartialEq + Copy>(ui: &mut Ui, label: &str, v: &mut T, options: &[(T, &str)]) {
    let l = ui.label(label);
    let text = options
        .iter()
        .find(|(o, _)| o == v)
        .map_or("?", |(_, t)| *t);
    egui::ComboBox::from_id_salt(("map-draft", label))
        .selected_text(text)
        .show_ui(ui, |ui| {
            for (o, t) in options {
                ui.selectable_value(v, *o, *t);
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
}

fn hex_map_ui(ui: &mut Ui, f: &mut Form, h: &HexMap) {
    let now = ResizeHex::of(h);
    grid(ui, "map-hex-size", |ui| {
        let size = |v: &f32| {
            ResizeHex {
                hex_size_mm: *v,
                ..now
            }
            .problem()
            .map_or(Ok(()), Err)
        };
        if let Some((v, key)) = f.number(
            ui,
            "Hex size (mm across the flats)",
            "map.hexsize",
            h.hex_size_mm,
            0.0..=1000.0,
            0.2,
            &size,
        ) {
            let m = HexMap {
                hex_size_mm: v,
                ..h.clone()
            };
            f.emit(
                "Set hex size",
                Some(key),
                vec![Edit::SetMap(Box::new(Map::Hex(m)))],
            );
        }
    });
    numbering_ui(ui, f, h);
    // The draft layout: (what the map was when drafting began, the draft).
    let id = Id::unique("inspector-map-draft");
    let mut draft = ui
        .data(|d| d.get_temp::<(ResizeHex, ResizeHex)>(id))
        .filter(|(base, _)| *base == now)
        .map_or(now, |(_, d)| d);
    draft.hex_size_mm = now.hex_size_mm;
    grid(ui, "map-hex-draft", |ui| {
        draft_combo(
            ui,
            "Orientation",
            &mut draft.orientation,
            &[
                (Orientation::Flat, "Flat tops"),
                (Orientation::Pointy, "Pointy tops"),
            ],
        );
        let rect = matches!(draft.shape, HexShape::Rectangle { .. });
        let mut kind = rect;
        draft_combo(
            ui,
            "Shape",
            &mut kind,
            &[(true, "Rectangle"), (false, "Hexagon")],
        );
        if kind != rect {
            draft.shape = if kind {
                HexShape::Rectangle {
                    columns: 20,
                    rows: 15,
                    parity: OffsetParity::Even,
                }
            } else {
                HexShape::Hexagon { radius: 8 }
            };
        }
        match &mut draft.shape {
            HexShape::Rectangle {
                columns,
                rows,
                parity,
            } => {
                draft_number(ui, "Columns", columns, 1..=1000);
                draft_number(ui, "Rows", rows, 1..=1000);
                draft_combo(
                    ui,
                    "Shifted columns or rows",
                    parity,
                    &[(OffsetParity::Even, "Even"), (OffsetParity::Odd, "Odd")],
                );
            }
            HexShape::Hexagon { radius } => draft_number(ui, "Radius (hexes)", radius, 0..=577),
        }
    });
    ui.data_mut(|d| d.insert_temp(id, (now, draft)));
    // The draft's buttons and line are always there, so nothing below moves as a draft begins;
    // the buttons come first, so a line that wraps differently as the draft changes never moves
    // them from under the pointer.
    let problem = (draft != now).then(|| draft.problem()).flatten();
    ui.horizontal(|ui| {
        let ready = draft != now && problem.is_none();
        if ui
            .add_enabled(ready, egui::Button::new("Reshape map"))
            .clicked()
        {
            f.emit("Reshape hex map", None, resize_hex_map(f.s, draft));
        }
        if ui
            .add_enabled(draft != now, egui::Button::new("Cancel reshape"))
            .clicked()
        {
            ui.data_mut(|d| d.remove::<(ResizeHex, ResizeHex)>(id));
        }
    });
    match &problem {
        Some(p) => {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        None if draft == now => {
            ui.label(
                RichText::new("Change the layout above, then reshape the map in one step.").weak(),
            );
        }
        None => {
            ui.label(format!(
                "{} now, {} after; new hexes are {}.",
                count(h.grid().len() as u64, "hex", "hexes"),
                count(draft.hexes(), "hex", "hexes"),
                f.s.terrain_types.first().map_or("?", |t| t.name.as_str())
            ));
        }
    }
}

/// The printed numbering and the map's edge: how the hexes are labelled (so they read as on
/// the map being copied) and whether the edge runs through the outer hexes.
fn numbering_ui(ui: &mut Ui, f: &mut Form, h: &HexMap) {
    let HexShape::Rectangle { rows, .. } = h.shape else {
        return;
    };
    let now = h.labels;
    let check = |l: LabelScheme| l.problem().or_else(|| l.ambiguity(rows));
    let emit = |f: &mut Form, key: String, labels: LabelScheme| {
        let m = HexMap {
            labels,
            ..h.clone()
        };
        f.emit(
            "Set hex numbering",
            Some(key),
            vec![Edit::SetMap(Box::new(Map::Hex(m)))],
        );
    };
    grid(ui, "map-numbering", |ui| {
        let first_col = |v: &u32| {
            check(LabelScheme {
                first_column: *v,
                ..now
            })
            .map_or(Ok(()), Err)
        };
        if let Some((v, key)) = f.number(
            ui,
            "First column",
            "map.labels.first_column",
            now.first_column,
            0..=9999,
            0.05,
            &first_col,
        ) {
            emit(
                f,
                key,
                LabelScheme {
                    first_column: v,
                    ..now
                },
            );
        }
        let first_row = |v: &u32| {
            check(LabelScheme {
                first_row: *v,
                ..now
            })
            .map_or(Ok(()), Err)
        };
        if let Some((v, key)) = f.number(
            ui,
            "First row",
            "map.labels.first_row",
            now.first_row,
            0..=9999,
            0.05,
            &first_row,
        ) {
            emit(
                f,
                key,
                LabelScheme {
                    first_row: v,
                    ..now
                },
            );
        }
        let col_digits = |v: &u8| {
            check(LabelScheme {
                column_digits: *v,
                ..now
            })
            .map_or(Ok(()), Err)
        };
        if let Some((v, key)) = f.number(
            ui,
            "Column digits",
            "map.labels.column_digits",
            now.column_digits,
            0..=9,
            0.05,
            &col_digits,
        ) {
            emit(
                f,
                key,
                LabelScheme {
                    column_digits: v,
                    ..now
                },
            );
        }
        let row_digits = |v: &u8| {
            check(LabelScheme {
                row_digits: *v,
                ..now
            })
            .map_or(Ok(()), Err)
        };
        if let Some((v, key)) = f.number(
            ui,
            "Row digits",
            "map.labels.row_digits",
            now.row_digits,
            0..=9,
            0.05,
            &row_digits,
        ) {
            emit(
                f,
                key,
                LabelScheme {
                    row_digits: v,
                    ..now
                },
            );
        }
        let corners: Vec<(Corner, String)> = Corner::ALL
            .iter()
            .map(|c| (*c, format!("{} corner", c.name())))
            .collect();
        if let Some((v, key)) = f.combo(
            ui,
            "Numbering starts",
            "map.labels.start",
            &now.start,
            &corners,
            "?",
            &|_| Ok(()),
        ) {
            emit(f, key, LabelScheme { start: v, ..now });
        }
        let edges = vec![
            (HexEdge::Whole, "Whole hexes".to_string()),
            (
                HexEdge::ThroughHexes { playable: true },
                "Through the hexes: half hexes playable".to_string(),
            ),
            (
                HexEdge::ThroughHexes { playable: false },
                "Through the hexes: half hexes not playable".to_string(),
            ),
        ];
        if let Some((v, key)) =
            f.combo(
                ui,
                "Map edge",
                "map.edge",
                &h.edge,
                &edges,
                "?",
                &|_| Ok(()),
            )
        {
            let m = HexMap {
                edge: v,
                ..h.clone()
            };
            f.emit(
                "Set map edge",
                Some(key),
                vec![Edit::SetMap(Box::new(Map::Hex(m)))],
            );
        }
    });
    let letters = |on: bool| LabelScheme {
        column_letters: on,
        ..now
    };
    if let Some(on) = f.checkbox(ui, "Letters for columns (A1 … AA1)", now.column_letters)
        && check(letters(on)).is_none()
    {
        emit(f, "map.labels.letters".into(), letters(on));
    }
    let first = h.grid().hex_at(0).map(|x| h.label(x)).unwrap_or_default();
    let last = h
        .grid()
        .hex_at(h.grid().len().saturating_sub(1))
        .map(|x| h.label(x))
        .unwrap_or_default();
    ui.label(
        RichText::new(format!(
            "North-west hex {first}, south-east hex {last}. The command line's --to takes these \
             labels."
        ))
        .small()
        .weak(),
    );
}
