//! The palette: terrain types (pick a brush, or drag onto the table), unit templates, leaders
//! and markers to drag onto the canvas, and the tools.

use super::command::{Command, Commands};
use super::tools::{HexsideKind, Tool};
use crate::edit::ops::create::Template;
use crate::model::*;
use egui::{Color32, RichText, Ui};

/// What is being dragged from the palette.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Payload {
    Terrain(TerrainId),
    Unit(Template),
    Objective,
    Zone,
    EntryPoint,
    /// A unit off the map, dragged from the order of battle to be placed.
    Place(UnitId),
}

impl Payload {
    /// What the cursor carries, in words.
    pub fn describe(&self, s: &Scenario) -> String {
        match self {
            Payload::Terrain(t) => s.terrain(*t).map_or("terrain".into(), |t| t.name.clone()),
            Payload::Unit(t) => t.name().to_string(),
            Payload::Objective => "Objective".into(),
            Payload::Zone => "Deployment zone".into(),
            Payload::EntryPoint => "Entry point".into(),
            Payload::Place(u) => s.unit(*u).map_or("unit".into(), |u| u.name.clone()),
        }
    }
}

fn swatch(ui: &mut Ui, c: Colour) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(r, 2.0, super::paint::colour(c));
    p.rect_stroke(
        r,
        2.0,
        egui::Stroke::new(1.0, Color32::DARK_GRAY),
        egui::StrokeKind::Inside,
    );
}

/// Draws the palette and returns what the user chose (drags are received by the canvas).
pub fn palette_ui(ui: &mut Ui, s: &Scenario, tool: &Tool, side: SideId) -> Commands {
    let mut out = Commands::default();
    let hex = s.map.is_hex();
    ui.heading("Tools");
    ui.horizontal_wrapped(|ui| {
        let mut tool_button = |ui: &mut Ui, label: &str, t: Tool, hint: &str| {
            let on = std::mem::discriminant(tool) == std::mem::discriminant(&t);
            if ui.selectable_label(on, label).on_hover_text(hint).clicked() {
                out.push(Command::SetTool(t));
            }
        };
        tool_button(
            ui,
            "Select",
            Tool::Select,
            "Select, box-select, drag to move (S)",
        );
        tool_button(ui, "Measure", Tool::Measure, "Drag to measure (M)");
        if !hex && let Some(t) = s.terrain_types.iter().find(|t| t.kind == TerrainKind::Area) {
            tool_button(
                ui,
                "Draw area",
                Tool::DrawArea { terrain: t.id },
                "Click vertices, Enter or double-click to finish (A)",
            );
        }
        if !hex && let Some(t) = s.terrain_types.iter().find(|t| t.kind != TerrainKind::Area) {
            tool_button(
                ui,
                "Draw line",
                Tool::DrawLine { terrain: t.id },
                "Click vertices, Enter or double-click to finish (L)",
            );
        }
        if !hex {
            tool_button(
                ui,
                "Line of sight",
                Tool::Sight,
                "Drag between two points or models: what blocks the view (V)",
            );
        }
    });
    ui.separator();
    ui.heading("Side");
    ui.horizontal_wrapped(|ui| {
        for sd in &s.sides {
            ui.horizontal(|ui| {
                swatch(ui, sd.colour);
                if ui.selectable_label(sd.id == side, &sd.name).clicked() {
                    out.push(Command::SetSide(sd.id));
                }
            });
        }
    });
    ui.separator();
    ui.heading("Terrain");
    if hex {
        ui.label(RichText::new("Pick a brush, then paint hexes; Shift-click to fill.").small());
    } else {
        ui.label(RichText::new("Drag onto the table, or pick to draw.").small());
    }
    for t in &s.terrain_types {
        let selected = match tool {
            Tool::Paint { terrain, .. }
            | Tool::Fill { terrain }
            | Tool::DrawArea { terrain }
            | Tool::DrawLine { terrain } => *terrain == t.id,
            _ => false,
        };
        ui.horizontal(|ui| {
            swatch(ui, t.colour);
            // Click to pick the brush, drag to drop a piece: one widget that senses both.
            let label = ui.add(
                egui::Button::selectable(selected, &t.name).sense(egui::Sense::click_and_drag()),
            );
            label.dnd_set_drag_payload(Payload::Terrain(t.id));
            if label.clicked() {
                let next = if hex {
                    Tool::Paint {
                        terrain: t.id,
                        radius: 0,
                    }
                } else if t.kind == TerrainKind::Area {
                    Tool::DrawArea { terrain: t.id }
                } else {
                    Tool::DrawLine { terrain: t.id }
                };
                out.push(Command::SetTool(next));
            }
        });
    }
    if hex {
        ui.horizontal(|ui| {
            ui.label("Brush");
            if let Tool::Paint { terrain, radius } = tool {
                let mut r = *radius;
                let resp = ui.add(egui::Slider::new(&mut r, 0..=5).text("hexes"));
                if resp.changed() {
                    out.push(Command::SetTool(Tool::Paint {
                        terrain: *terrain,
                        radius: r,
                    }));
                }
            } else {
                ui.label(RichText::new("(pick a terrain)").weak());
            }
        });
        ui.label("Hexsides");
        ui.horizontal_wrapped(|ui| {
            for k in HexsideKind::ALL {
                let on = matches!(tool, Tool::Hexside { feature } if *feature == k);
                if ui
                    .selectable_label(on, k.name())
                    .on_hover_text("Click hex edges to toggle")
                    .clicked()
                {
                    out.push(Command::SetTool(Tool::Hexside { feature: k }));
                }
            }
        });
    }
    ui.separator();
    ui.heading("Units");
    ui.label(RichText::new("Drag onto the map.").small());
    egui::Grid::new("palette-units")
        .num_columns(3)
        .show(ui, |ui| {
            for (k, t) in Template::ALL.iter().enumerate() {
                let id = egui::Id::unique(("palette-unit", t.name()));
                ui.dnd_drag_source(id, Payload::Unit(*t), |ui| {
                    let _ = ui.button(t.name());
                });
                if k % 3 == 2 {
                    ui.end_row();
                }
            }
        });
    ui.separator();
    ui.heading("Markers");
    ui.horizontal_wrapped(|ui| {
        let marker = |ui: &mut Ui, name: &str, p: Payload| {
            let id = egui::Id::unique(("palette-marker", name));
            ui.dnd_drag_source(id, p, |ui| {
                let _ = ui.button(name);
            });
        };
        marker(ui, "Objective", Payload::Objective);
        marker(ui, "Deployment zone", Payload::Zone);
        if !hex {
            marker(ui, "Entry point", Payload::EntryPoint);
        }
    });
    out
}
