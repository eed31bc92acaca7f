//! The scenario, shown when nothing is selected: meta and turn, rules (ruleset, morale, zones
//! of control, hexside costs, the optional rules of R4), victory conditions, the map, sides, the terrain table, the
//! background image and the reinforcements by turn.

use super::form::{Form, any, grid, non_empty, section};
use super::map::map_ui;
use super::ruleset::rules_ui;
use super::tables::{sides_ui, terrain_ui};
use crate::edit::Edit;
use crate::model::*;
use egui::{RichText, Ui};

pub fn scenario_ui(ui: &mut Ui, f: &mut Form, side: SideId, zoc_side: &mut Option<SideId>) {
    let s = f.s;
    ui.heading("Scenario");
    // The map's shape before the rules' many options, so its Columns and Rows are near the
    // top however many sections are open.
    section(ui, "Title and turn", "meta", false, |ui| meta_ui(ui, f));
    section(ui, "Map", "map", false, |ui| map_ui(ui, f));
    section(ui, "Rules", "rules", false, |ui| rules_ui(ui, f, zoc_side));
    section(ui, "Victory", "victory", true, |ui| {
        super::victory::victory_ui(ui, f)
    });
    section(
        ui,
        &format!("Sides ({})", s.sides.len()),
        "sides",
        false,
        |ui| sides_ui(ui, f),
    );
    section(
        ui,
        &format!("Terrain table ({})", s.terrain_types.len()),
        "terrain",
        true,
        |ui| terrain_ui(ui, f),
    );
    section(
        ui,
        &format!("Map labels ({})", s.labels.len()),
        "map-labels",
        true,
        |ui| super::labels::labels_ui(ui, f),
    );
    section(ui, "Background image", "background", true, |ui| {
        background_ui(ui, f)
    });
    section(
        ui,
        &format!("Reinforcements ({})", s.reinforcements.len()),
        "reinforcements",
        true,
        |ui| reinforcements_ui(ui, f, side),
    );
    ui.separator();
    ui.label(
        RichText::new(
            [
                count(s.units.len() as u64, "unit", "units"),
                count(s.pieces.len() as u64, "terrain piece", "terrain pieces"),
                count(s.columns.len() as u64, "column", "columns"),
                count(s.zones.len() as u64, "zone", "zones"),
                count(s.objectives.len() as u64, "objective", "objectives"),
            ]
            .join(", "),
        )
        .weak(),
    );
}

fn meta_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    let m = &s.meta;
    let meta = |x: Meta| vec![Edit::SetMeta(x)];
    grid(ui, "meta", |ui| {
        let named = non_empty("A scenario");
        if let Some((t, key)) = f.text(ui, "Title", "meta.title", &m.title, &named) {
            let x = Meta {
                title: t,
                ..m.clone()
            };
            f.emit("Edit title", Some(key), meta(x));
        }
        if let Some((t, key)) = f.text(ui, "Author", "meta.author", &m.author, &any) {
            let x = Meta {
                author: t,
                ..m.clone()
            };
            f.emit("Edit author", Some(key), meta(x));
        }
        if let Some((t, key)) = f.number(ui, "Turn", "turn", s.turn, 1..=999, 0.05, &any) {
            f.emit("Set turn", Some(key), vec![Edit::SetTurn(t)]);
        }
        f.info(ui, "File format", format!("version {}", m.format_version));
    });
    let d = &m.description;
    if let Some((t, key)) = f.text_block(ui, "Description", "meta.description", d, &any) {
        let x = Meta {
            description: t,
            ..m.clone()
        };
        f.emit("Edit description", Some(key), meta(x));
    }
    let n = &m.designer_notes;
    if let Some((t, key)) = f.text_block(ui, "Designer notes", "meta.notes", n, &any) {
        let x = Meta {
            designer_notes: t,
            ..m.clone()
        };
        f.emit("Edit notes", Some(key), meta(x));
    }
}

fn background_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    match &s.background {
        Some(bg) => {
            grid(ui, "background", |ui| {
                f.info(
                    ui,
                    "Image",
                    format!(
                        "{} x {} pixels, {}",
                        bg.width_px,
                        bg.height_px,
                        if bg.placement.is_some() {
                            "calibrated"
                        } else {
                            "stretched over the map"
                        }
                    ),
                );
                let check = |v: &f32| {
                    if (0.0..=1.0).contains(v) {
                        Ok(())
                    } else {
                        Err("opacity is 0 to 1".to_string())
                    }
                };
                if let Some((v, key)) = f.number(
                    ui,
                    "Opacity",
                    "background.opacity",
                    bg.opacity,
                    0.0..=1.0,
                    0.01,
                    &check,
                ) {
                    let mut b = bg.clone();
                    b.opacity = v;
                    f.emit(
                        "Set background opacity",
                        Some(key),
                        vec![Edit::SetBackground(Some(Box::new(b)))],
                    );
                }
                if let Some(p) = bg.placement {
                    placement_fields(ui, f, bg, p);
                }
            });
            ui.label(
                RichText::new("Tools > Calibrate background lays the map over the image.")
                    .small()
                    .weak(),
            );
            if ui.button("Remove background image").clicked() {
                f.emit(
                    "Remove background image",
                    None,
                    vec![Edit::SetBackground(None)],
                );
            }
        }
        None => {
            ui.label(
                RichText::new(
                    "No image. Drop a PNG or JPEG on the window, or use File > Background image…",
                )
                .weak(),
            );
        }
    }
}

/// A calibrated image's placement typed in: the pixel at the map's origin, the pixels per hex
/// (or inch) and the turn, each field one undo step per gesture (the nudge by fields).
fn placement_fields(ui: &mut Ui, f: &mut Form, bg: &Background, p: ImagePlacement) {
    use crate::model::limits::{MAX_PLACEMENT_ORIGIN_PX, MAX_PLACEMENT_ROTATION_DEG};
    let unit = if f.s.map.is_hex() { "hex" } else { "inch" };
    let emit = |f: &mut Form, key: String, p: ImagePlacement| {
        let mut b = bg.clone();
        b.placement = Some(p);
        f.emit(
            "Nudge background",
            Some(key),
            vec![Edit::SetBackground(Some(Box::new(b)))],
        );
    };
    let o = MAX_PLACEMENT_ORIGIN_PX;
    for (i, axis) in ["x", "y"].iter().enumerate() {
        if let Some((v, key)) = f.number(
            ui,
            &format!("Origin {axis} (px)"),
            &format!("background.origin.{axis}"),
            p.origin_px[i],
            -o..=o,
            0.1,
            &|_| Ok(()),
        ) {
            let mut q = p;
            q.origin_px[i] = v;
            emit(f, key, q);
        }
    }
    let scale = |v: &f32| {
        if (0.01..=100_000.0).contains(v) {
            Ok(())
        } else {
            Err("0.01 to 100,000 pixels".to_string())
        }
    };
    if let Some((v, key)) = f.number(
        ui,
        &format!("Pixels per {unit}"),
        "background.scale",
        p.px_per_unit,
        0.0..=100_000.0,
        0.05,
        &scale,
    ) {
        emit(
            f,
            key,
            ImagePlacement {
                px_per_unit: v,
                ..p
            },
        );
    }
    let r = MAX_PLACEMENT_ROTATION_DEG;
    if let Some((v, key)) = f.number(
        ui,
        "Turn (°)",
        "background.rotation",
        p.rotation_deg,
        -r..=r,
        0.01,
        &|_| Ok(()),
    ) {
        emit(
            f,
            key,
            ImagePlacement {
                rotation_deg: v,
                ..p
            },
        );
    }
}

/// Where a new reinforcement of `side` enters: the middle of its home edge on the table (the
/// middle of the table without one), the middle hex on a hex map.
fn default_entry(s: &Scenario, side: SideId) -> Place {
    match &s.map {
        Map::Table(t) => {
            let (w, h) = (t.width_in, t.height_in);
            Place::Table(match s.side(side).and_then(|x| x.home_edge) {
                Some(Edge::North) => crate::geom::Point::new(w * 0.5, 0.0),
                Some(Edge::South) => crate::geom::Point::new(w * 0.5, h),
                Some(Edge::East) => crate::geom::Point::new(w, h * 0.5),
                Some(Edge::West) => crate::geom::Point::new(0.0, h * 0.5),
                None => crate::geom::Point::new(w * 0.5, h * 0.5),
            })
        }
        Map::Hex(h) => {
            let g = h.grid();
            Place::Hex(g.hex_at(g.len() / 2).unwrap_or(hexx::Hex::ZERO))
        }
    }
}

fn reinforcements_ui(ui: &mut Ui, f: &mut Form, side: SideId) {
    let s = f.s;
    let mut list: Vec<&Reinforcement> = s.reinforcements.iter().collect();
    list.sort_by_key(|r| (r.turn, r.id));
    if list.is_empty() {
        ui.label(RichText::new("None: every unit starts on the map or in a column.").weak());
    }
    for r in list {
        let side_name = s.side(r.side).map_or("?", |x| x.name.as_str());
        ui.horizontal(|ui| {
            let units = count(r.units.len() as u64, "unit", "units");
            let text = format!("Turn {}: {side_name}, {units}", r.turn);
            if ui.link(text).clicked() {
                f.select = Some(vec![ItemRef::Reinforcement(r.id)]);
            }
            f.rows(format!("Reinforcement {}", r.id), |f| {
                if f.icon_button(
                    ui,
                    "×",
                    "Remove",
                    true,
                    "Remove this reinforcement (its units stay)",
                ) {
                    f.emit(
                        "Remove reinforcement",
                        None,
                        vec![Edit::RemoveReinforcement(r.id)],
                    );
                }
            });
        });
    }
    if ui.button("Add reinforcement").clicked() {
        let side = if s.side(side).is_some() {
            side
        } else {
            s.sides.first().map_or(side, |x| x.id)
        };
        let id = ReinforcementId(s.next_id);
        f.emit(
            "Add reinforcement",
            None,
            vec![Edit::PutReinforcement(Box::new(Reinforcement {
                id,
                turn: s.turn + 1,
                side,
                units: Vec::new(),
                entry: default_entry(s, side),
            }))],
        );
        f.select = Some(vec![ItemRef::Reinforcement(id)]);
    }
}
