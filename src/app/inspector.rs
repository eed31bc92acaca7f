//! The inspector: every field of the selected item (or of the scenario when nothing is
//! selected), edited in place. Each change comes back as edits with a merge key, so typing in a
//! field or dragging a value is one undo step.

use crate::edit::Edit;
use crate::model::*;
use egui::{DragValue, Ui};

/// What the inspector asks the document to apply: a label for the history, a merge key for
/// coalescing, and the edits.
pub struct Change {
    pub label: String,
    pub key: String,
    pub edits: Vec<Edit>,
}

fn change(label: &str, key: String, edit: Edit) -> Option<Change> {
    Some(Change {
        label: label.to_string(),
        key,
        edits: vec![edit],
    })
}

/// A labelled text field; returns the new text when it changed and is acceptable.
fn text_field(ui: &mut Ui, label: &str, value: &str, multiline: bool) -> Option<String> {
    let mut text = value.to_string();
    let resp = ui
        .horizontal(|ui| {
            let name = ui.label(label);
            let edit = if multiline {
                ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(3)
                        .hint_text(label),
                )
            } else {
                ui.add(egui::TextEdit::singleline(&mut text).hint_text(label))
            };
            edit.labelled_by(name.id)
        })
        .inner;
    (resp.changed() && text != value).then_some(text)
}

/// A labelled number; returns the new value when it changed.
fn number<N: egui::emath::Numeric>(
    ui: &mut Ui,
    label: &str,
    value: N,
    range: std::ops::RangeInclusive<N>,
) -> Option<N> {
    let mut v = value;
    let resp = ui
        .horizontal(|ui| {
            let name = ui.label(label);
            ui.add(DragValue::new(&mut v).range(range))
                .labelled_by(name.id)
        })
        .inner;
    (resp.changed() && v != value).then_some(v)
}

/// Draws the inspector for the selection; returns the change the user made, if any.
pub fn inspector_ui(ui: &mut Ui, s: &Scenario, selection: &[ItemRef]) -> Option<Change> {
    match selection {
        [] => scenario_ui(ui, s),
        [ItemRef::Unit(id)] => s.unit(*id).and_then(|u| unit_ui(ui, s, u)),
        [ItemRef::Piece(id)] => s.piece(*id).and_then(|p| piece_ui(ui, s, p)),
        [ItemRef::Objective(id)] => s
            .objectives
            .iter()
            .find(|o| o.id == *id)
            .and_then(|o| objective_ui(ui, o)),
        [ItemRef::Zone(id)] => s
            .zones
            .iter()
            .find(|z| z.id == *id)
            .and_then(|z| zone_ui(ui, s, z)),
        [ItemRef::Column(id)] => s.column(*id).and_then(|c| column_ui(ui, s, c)),
        many => {
            ui.heading(format!("{} items selected", many.len()));
            ui.label("Drag to move them together; Delete removes them; Ctrl+D duplicates.");
            None
        }
    }
}

fn scenario_ui(ui: &mut Ui, s: &Scenario) -> Option<Change> {
    let mut out = None;
    ui.heading("Scenario");
    let m = &s.meta;
    if let Some(t) = text_field(ui, "Title", &m.title, false) {
        out = change(
            "Edit title",
            "meta.title".into(),
            Edit::SetMeta(Meta {
                title: t,
                ..m.clone()
            }),
        );
    }
    if let Some(t) = text_field(ui, "Author", &m.author, false) {
        out = change(
            "Edit author",
            "meta.author".into(),
            Edit::SetMeta(Meta {
                author: t,
                ..m.clone()
            }),
        );
    }
    if let Some(t) = text_field(ui, "Description", &m.description, true) {
        out = change(
            "Edit description",
            "meta.description".into(),
            Edit::SetMeta(Meta {
                description: t,
                ..m.clone()
            }),
        );
    }
    if let Some(t) = text_field(ui, "Designer notes", &m.designer_notes, true) {
        out = change(
            "Edit notes",
            "meta.notes".into(),
            Edit::SetMeta(Meta {
                designer_notes: t,
                ..m.clone()
            }),
        );
    }
    if let Some(t) = number(ui, "Turn", s.turn, 1..=999) {
        out = change("Set turn", "turn".into(), Edit::SetTurn(t));
    }
    ui.separator();
    ui.label(format!(
        "{} units, {} terrain pieces, {} columns, {} zones, {} objectives",
        s.units.len(),
        s.pieces.len(),
        s.columns.len(),
        s.zones.len(),
        s.objectives.len()
    ));
    out
}

fn side_combo(
    ui: &mut Ui,
    s: &Scenario,
    label: &str,
    current: SideId,
    salt: impl std::hash::Hash + std::fmt::Debug,
) -> Option<SideId> {
    let mut pick = current;
    let name = s.side(current).map_or("?", |x| x.name.as_str());
    // The label is part of the combo box, which names it for screen readers.
    egui::ComboBox::new(salt, label)
        .selected_text(name)
        .show_ui(ui, |ui| {
            for sd in &s.sides {
                ui.selectable_value(&mut pick, sd.id, &sd.name);
            }
        });
    (pick != current).then_some(pick)
}

fn unit_ui(ui: &mut Ui, s: &Scenario, u: &Unit) -> Option<Change> {
    let mut out = None;
    let key = |f: &str| format!("unit.{}.{f}", u.id);
    let put = |label: &str, k: String, unit: Unit| change(label, k, Edit::PutUnit(Box::new(unit)));
    ui.heading(format!("Unit {}", u.id));
    if let Some(t) = text_field(ui, "Name", &u.name, false) {
        if t.trim().is_empty() {
            ui.colored_label(ui.visuals().error_fg_color, "A unit needs a name");
        } else {
            out = put(
                "Rename unit",
                key("name"),
                Unit {
                    name: t,
                    ..u.clone()
                },
            );
        }
    }
    if let Some(side) = side_combo(ui, s, "Side", u.side, ("unit-side", u.id)) {
        out = put("Change side", key("side"), Unit { side, ..u.clone() });
    }
    ui.label(format!("Type: {}", u.kind.tag()));
    let mut q = u.quality;
    ui.horizontal(|ui| {
        ui.label("Quality");
        for (v, name) in [
            (Quality::Veteran, "Veteran"),
            (Quality::Regular, "Regular"),
            (Quality::Green, "Green"),
        ] {
            ui.selectable_value(&mut q, v, name);
        }
    });
    if q != u.quality {
        out = put(
            "Set quality",
            key("quality"),
            Unit {
                quality: q,
                ..u.clone()
            },
        );
    }
    ui.collapsing("Characteristics", |ui| {
        let st = u.stats;
        let fields: [(&str, u8); 10] = [
            ("Mv", st.mv),
            ("Ld", st.ld),
            ("Discipline", st.discipline),
            ("RoF", st.rof),
            ("Aw", st.aw),
            ("BS", st.bs),
            ("Ev", st.ev),
            ("To", st.to),
            ("MP", st.mp),
            ("Rout (in)", st.rout_in),
        ];
        for (i, (name, v)) in fields.iter().enumerate() {
            if let Some(nv) = number(ui, name, *v, 0..=99) {
                let mut n = st;
                match i {
                    0 => n.mv = nv,
                    1 => n.ld = nv,
                    2 => n.discipline = nv,
                    3 => n.rof = nv,
                    4 => n.aw = nv,
                    5 => n.bs = nv,
                    6 => n.ev = nv,
                    7 => n.to = nv,
                    8 => n.mp = nv,
                    _ => n.rout_in = nv,
                }
                out = put(
                    "Edit characteristics",
                    key(name),
                    Unit {
                        stats: n,
                        ..u.clone()
                    },
                );
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!(
            "Strength {} of {}",
            u.strength.current, u.strength.start
        ));
    });
    if let Some(l) = &u.leadership {
        ui.separator();
        ui.label(format!("Command: {} (span {})", l.command, l.span));
    }
    out
}

fn piece_ui(ui: &mut Ui, s: &Scenario, p: &TerrainPiece) -> Option<Change> {
    let mut out = None;
    ui.heading(format!("Terrain piece {}", p.id));
    if let Some(t) = text_field(ui, "Name", &p.name, false) {
        out = change(
            "Rename piece",
            format!("piece.{}.name", p.id),
            Edit::PutPiece(Box::new(TerrainPiece {
                name: t,
                ..p.clone()
            })),
        );
    }
    let mut terrain = p.terrain;
    let name = s.terrain(p.terrain).map_or("?", |t| t.name.as_str());
    egui::ComboBox::new(("piece-terrain", p.id), "Terrain")
        .selected_text(name)
        .show_ui(ui, |ui| {
            for t in &s.terrain_types {
                ui.selectable_value(&mut terrain, t.id, &t.name);
            }
        });
    if terrain != p.terrain {
        out = change(
            "Change terrain",
            format!("piece.{}.terrain", p.id),
            Edit::PutPiece(Box::new(TerrainPiece {
                terrain,
                ..p.clone()
            })),
        );
    }
    if let PieceShape::Polyline { points, width_in } = &p.shape
        && let Some(w) = number(ui, "Width (in)", *width_in, 0.1..=12.0)
    {
        out = change(
            "Set width",
            format!("piece.{}.width", p.id),
            Edit::PutPiece(Box::new(TerrainPiece {
                shape: PieceShape::Polyline {
                    points: points.clone(),
                    width_in: w,
                },
                ..p.clone()
            })),
        );
    }
    ui.label(format!("{} vertices: drag a handle to move it, double-click an edge to add one, right-click a handle to remove it.", p.shape.points().len()));
    out
}

fn objective_ui(ui: &mut Ui, o: &Objective) -> Option<Change> {
    let mut out = None;
    ui.heading(format!("Objective {}", o.id));
    if let Some(t) = text_field(ui, "Name", &o.name, false) {
        out = change(
            "Rename objective",
            format!("obj.{}.name", o.id),
            Edit::PutObjective(Box::new(Objective {
                name: t,
                ..o.clone()
            })),
        );
    }
    if let Some(v) = number(ui, "Value", o.value, 0..=999) {
        out = change(
            "Set value",
            format!("obj.{}.value", o.id),
            Edit::PutObjective(Box::new(Objective {
                value: v,
                ..o.clone()
            })),
        );
    }
    if let Some(t) = text_field(ui, "Notes", &o.notes, true) {
        out = change(
            "Edit notes",
            format!("obj.{}.notes", o.id),
            Edit::PutObjective(Box::new(Objective {
                notes: t,
                ..o.clone()
            })),
        );
    }
    out
}

fn zone_ui(ui: &mut Ui, s: &Scenario, z: &DeploymentZone) -> Option<Change> {
    let mut out = None;
    ui.heading(format!("Deployment zone {}", z.id));
    if let Some(t) = text_field(ui, "Name", &z.name, false) {
        out = change(
            "Rename zone",
            format!("zone.{}.name", z.id),
            Edit::PutZone(Box::new(DeploymentZone {
                name: t,
                ..z.clone()
            })),
        );
    }
    if let Some(side) = side_combo(ui, s, "Side", z.side, ("zone-side", z.id)) {
        out = change(
            "Change zone side",
            format!("zone.{}.side", z.id),
            Edit::PutZone(Box::new(DeploymentZone { side, ..z.clone() })),
        );
    }
    out
}

fn column_ui(ui: &mut Ui, s: &Scenario, c: &Column) -> Option<Change> {
    let mut out = None;
    ui.heading(format!("Column {}", c.id));
    if let Some(t) = text_field(ui, "Name", &c.name, false) {
        out = change(
            "Rename column",
            format!("col.{}.name", c.id),
            Edit::PutColumn(Box::new(Column {
                name: t,
                ..c.clone()
            })),
        );
    }
    ui.label(format!(
        "Enters on the {:?} edge at {:.1}\", heading {:.0}°",
        c.entry.edge, c.entry.along_in, c.entry.heading_deg
    ));
    ui.label(format!("{} units", c.members.len()));
    let _ = s;
    out
}
