//! The palette: terrain types (pick a brush, or drag onto the table), unit templates, leaders
//! and markers to drag onto the canvas, and the tools.

use super::App;
use super::bindings::{Action, keys_text};
use super::command::{Change, Command, Commands};
use super::tools::{HexsideKind, Payload, Tool};
use crate::edit::Edit;
use crate::edit::ops::create::Template;
use crate::model::*;
use egui::{Color32, RichText, Ui};

/// The side of a colour swatch, points.
const SWATCH_PT: f32 = 14.0;

fn swatch(ui: &mut Ui, c: Colour) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(SWATCH_PT, SWATCH_PT), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(r, 2.0, super::paint::colour(c));
    p.rect_stroke(
        r,
        2.0,
        egui::Stroke::new(1.0, Color32::DARK_GRAY),
        egui::StrokeKind::Inside,
    );
}

/// A terrain type's name being edited in place, as typed so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Rename {
    pub terrain: TerrainId,
    pub text: String,
    /// The field has been given the keyboard (on its first frame).
    pub focused: bool,
}

/// What the palette is drawn from.
pub struct PaletteState<'a> {
    pub s: &'a Scenario,
    pub tool: &'a Tool,
    pub side: SideId,
    /// Placing from the palette keeps the tool (the lock), instead of returning to Select.
    pub keep_tool: bool,
    /// The unit type placed last (U places another).
    pub last_unit: Option<Template>,
    pub rename: &'a mut Option<Rename>,
}

/// How many hexes a brush of `radius` paints, in words: "1 hex", "7 hexes", …
pub fn brush_words(radius: u32) -> String {
    let n = 3 * u64::from(radius) * (u64::from(radius) + 1) + 1;
    count(n, "hex", "hexes")
}

/// Draws the palette and returns what the user chose (drags are received by the canvas).
pub fn palette_ui(ui: &mut Ui, p: PaletteState) -> Commands {
    let PaletteState {
        s,
        tool,
        side,
        keep_tool,
        last_unit,
        rename,
    } = p;
    let mut out = Commands::default();
    let hex = s.map.is_hex();
    ui.heading("Tools");
    ui.horizontal_wrapped(|ui| {
        let mut tool_button = |ui: &mut Ui, label: &str, t: Tool, hint: &str, a: Action| {
            let on = std::mem::discriminant(tool) == std::mem::discriminant(&t);
            let hint = format!("{hint} ({})", keys_text(ui.ctx(), a));
            if ui.selectable_label(on, label).on_hover_text(hint).clicked() {
                out.push(match a {
                    Action::DrawAreaTool | Action::DrawLineTool => a.command(),
                    _ => Command::SetTool(t),
                });
            }
        };
        tool_button(
            ui,
            "Select",
            Tool::Select,
            "Select, box-select, drag to move",
            Action::SelectTool,
        );
        tool_button(
            ui,
            "Measure",
            Tool::Measure,
            "Drag, or click twice, to measure",
            Action::MeasureTool,
        );
        if !hex && let Some(t) = s.terrain_types.iter().find(|t| t.kind == TerrainKind::Area) {
            tool_button(
                ui,
                "Draw area",
                Tool::DrawArea { terrain: t.id },
                "Click vertices, Enter or double-click to finish",
                Action::DrawAreaTool,
            );
        }
        if !hex && let Some(t) = s.terrain_types.iter().find(|t| t.kind != TerrainKind::Area) {
            tool_button(
                ui,
                "Draw line",
                Tool::DrawLine { terrain: t.id },
                "Click vertices, Enter or double-click to finish",
                Action::DrawLineTool,
            );
        }
        if !hex {
            tool_button(
                ui,
                "Line of sight",
                Tool::Sight,
                "Drag between two points or models: what blocks the view",
                Action::SightTool,
            );
        }
    });
    let mut keep = keep_tool;
    if ui
        .checkbox(&mut keep, "Keep placing")
        .on_hover_text(
            "After placing a unit or marker from the palette, keep placing them instead of \
             returning to Select (or hold Shift as you place)",
        )
        .changed()
    {
        out.push(Command::KeepTool(keep));
    }
    ui.separator();
    ui.heading("Side");
    // Each side's swatch and name stay together; a side that does not fit the rest of the
    // row starts the next, and a name wider than the panel wraps onto a second line (read
    // whole, never cut), so long side names never widen the panel: it opens at one width
    // whatever the file.
    ui.horizontal_wrapped(|ui| {
        let row_start = ui.cursor().min.x;
        for sd in &s.sides {
            let name = egui::WidgetText::from(&sd.name).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            );
            let gap = ui.spacing().item_spacing.x;
            let want = SWATCH_PT + gap + name.size().x + 2.0 * ui.spacing().button_padding.x;
            let rest = ui.max_rect().max.x - ui.cursor().min.x;
            if ui.cursor().min.x > row_start && rest < want {
                ui.end_row();
            }
            ui.horizontal(|ui| {
                ui.set_max_width(ui.available_width());
                swatch(ui, sd.colour);
                let pick = ui
                    .add(egui::Button::selectable(sd.id == side, sd.name.as_str()).wrap())
                    .on_hover_text(&sd.name);
                if pick.clicked() {
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
        out.extend(terrain_row_ui(ui, s, t, tool, rename));
    }
    if ui
        .button("Add terrain")
        .on_hover_text("A new terrain type, in a colour unlike the sides' and the other terrains'")
        .clicked()
    {
        out.push(Command::AddTerrain);
    }
    if hex {
        // The brush's sizes are always drawn (greyed until a terrain is picked), on one short
        // row: picking a brush never moves the palette under the pointer.
        ui.horizontal(|ui| {
            ui.label("Brush");
            let painting = match tool {
                Tool::Paint { terrain, radius } => Some((*terrain, *radius)),
                _ => None,
            };
            for r in 0..=3 {
                let on = painting.is_some_and(|(_, radius)| radius == r);
                let size = brush_words(r);
                let number = size.split(' ').next().unwrap_or_default().to_string();
                let button = ui
                    .add_enabled(painting.is_some(), egui::Button::selectable(on, number))
                    .on_hover_text(format!("a brush of {size}"))
                    .on_disabled_hover_text(format!("a brush of {size}: pick a terrain first"));
                // Read out (and found by the tests) in words: "7 hexes", not "7".
                button.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Button, painting.is_some(), on, &size)
                });
                if button.clicked()
                    && let Some((terrain, _)) = painting
                {
                    out.push(Command::SetTool(Tool::Paint { terrain, radius: r }));
                }
            }
            ui.label("hexes");
        });
        ui.label("Hexsides");
        ui.horizontal_wrapped(|ui| {
            for k in HexsideKind::ALL {
                let on = matches!(tool, Tool::Hexside { feature } if *feature == k);
                if ui
                    .selectable_label(on, k.name())
                    .on_hover_text(if k.is_route() {
                        "Drag through the hexes it joins, centre to centre, to lay it (Shift+drag \
                         takes it up); click an edge to lay or take up that one"
                    } else {
                        "Drag along hex edges to lay it; start on one that has it to take it up"
                    })
                    .clicked()
                {
                    out.push(Command::SetTool(Tool::Hexside { feature: k }));
                }
            }
        });
    }
    ui.separator();
    ui.heading("Units");
    ui.label(RichText::new("Drag onto the map, or click and place.").small());
    // Always one line, so the list below never moves when the first unit is placed.
    ui.label(
        RichText::new(format!(
            "Placed last: {} ({} places another)",
            last_unit.map_or("none yet", |t| t.name()),
            keys_text(ui.ctx(), Action::PlaceLastUnit)
        ))
        .small(),
    );
    egui::Grid::new("palette-units")
        .num_columns(3)
        .show(ui, |ui| {
            for (k, t) in Template::ALL.iter().enumerate() {
                out.extend(placeable_ui(ui, t.name(), Payload::Unit(*t), tool));
                if k % 3 == 2 {
                    ui.end_row();
                }
            }
        });
    ui.separator();
    ui.heading("Markers");
    ui.horizontal_wrapped(|ui| {
        out.extend(placeable_ui(ui, "Objective", Payload::Objective, tool));
        out.extend(placeable_ui(ui, "Deployment zone", Payload::Zone, tool));
        if !hex {
            out.extend(placeable_ui(ui, "Entry point", Payload::EntryPoint, tool));
        }
    });
    out
}

/// A palette entry that is dragged onto the map, or clicked to place it with the next click.
fn placeable_ui(ui: &mut Ui, name: &str, p: Payload, tool: &Tool) -> Commands {
    let on = *tool == Tool::Place(p);
    // Click to pick, drag to drop: one widget that senses both.
    let r = ui.add(egui::Button::selectable(on, name).sense(egui::Sense::click_and_drag()));
    r.dnd_set_drag_payload(p);
    if r.clicked() {
        Command::SetTool(if on { Tool::Select } else { Tool::Place(p) }).into()
    } else {
        Commands::default()
    }
}

/// One terrain type: its swatch and name (click to pick the brush, drag to drop a piece), or
/// the name being edited in place after "Add terrain".
fn terrain_row_ui(
    ui: &mut Ui,
    s: &Scenario,
    t: &TerrainType,
    tool: &Tool,
    rename: &mut Option<Rename>,
) -> Commands {
    let mut out = Commands::default();
    let hex = s.map.is_hex();
    let selected = match tool {
        Tool::Paint { terrain, .. }
        | Tool::Fill { terrain }
        | Tool::DrawArea { terrain }
        | Tool::DrawLine { terrain } => *terrain == t.id,
        _ => false,
    };
    ui.horizontal(|ui| {
        swatch(ui, t.colour);
        if let Some(r) = rename.as_mut().filter(|r| r.terrain == t.id) {
            let field = ui.add(
                egui::TextEdit::singleline(&mut r.text)
                    .desired_width(140.0)
                    .hint_text("Name"),
            );
            let field = field.accessible_name("New terrain name");
            if !r.focused {
                field.request_focus();
                r.focused = true;
            }
            if field.lost_focus() {
                let cancelled = ui.input(|i| i.key_pressed(egui::Key::Escape));
                let name = r.text.trim().to_string();
                if !cancelled && !name.is_empty() && name != t.name {
                    let renamed = crate::edit::ops::create::renamed_terrain(t, name.clone());
                    out.push(Command::Apply(Change::new(
                        format!("Name terrain {name}"),
                        vec![Edit::PutTerrain(renamed)],
                    )));
                }
                *rename = None;
            }
            return;
        }
        // Click to pick the brush, drag to drop a piece: one widget that senses both.
        let label = ui
            .add(egui::Button::selectable(selected, &t.name).sense(egui::Sense::click_and_drag()));
        label.dnd_set_drag_payload(Payload::Terrain(t.id));
        if label.double_clicked() {
            *rename = Some(Rename {
                terrain: t.id,
                text: t.name.clone(),
                focused: false,
            });
        } else if label.clicked() {
            let next = if hex {
                // Another terrain keeps the brush's size: the size is picked for the stroke,
                // whatever it paints.
                let radius = match tool {
                    Tool::Paint { radius, .. } => *radius,
                    _ => 0,
                };
                Tool::Paint {
                    terrain: t.id,
                    radius,
                }
            } else if t.kind == TerrainKind::Area {
                Tool::DrawArea { terrain: t.id }
            } else {
                Tool::DrawLine { terrain: t.id }
            };
            out.push(Command::SetTool(next));
        }
    });
    out
}

impl App {
    /// Adds a terrain type and opens its name for editing in the palette.
    pub(super) fn add_terrain(&mut self) {
        let t = crate::edit::ops::create::new_terrain(self.doc.scenario());
        let (id, name) = (t.id, t.name.clone());
        if self.apply_change(
            Change::new("Add terrain", vec![Edit::PutTerrain(t)]).saying(format!(
                "Added {name}: type its name, then set its costs in Scenario > Terrain table"
            )),
        ) {
            self.panels.rename = Some(Rename {
                terrain: id,
                text: name,
                focused: false,
            });
            self.settings.show_order_of_battle = false;
        }
    }
}
