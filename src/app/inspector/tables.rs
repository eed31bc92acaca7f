//! The sides (name, colour, home edge, briefing; added, and removed once nothing belongs to them) and the
//! terrain table (every flag and cost; added, and removed with a replacement for its hexes and
//! pieces).

use super::form::{Form, any, grid, non_empty};
use crate::edit::Edit;
use crate::model::*;
use egui::{RichText, Ui};

/// Colours offered to new sides and terrain types, in turn.
const NEW_COLOURS: [Colour; 6] = [
    Colour::rgb(0x2f, 0x5d, 0xa8),
    Colour::rgb(0xb0, 0x30, 0x30),
    Colour::rgb(0x3a, 0x8a, 0x3a),
    Colour::rgb(0xc0, 0x8a, 0x20),
    Colour::rgb(0x7a, 0x4a, 0xa0),
    Colour::rgb(0x40, 0x90, 0x90),
];

/// What still belongs to a side, in words, or `None` when nothing does.
fn side_users(s: &Scenario, id: SideId) -> Option<String> {
    let n = |c: usize, what: &str| (c > 0).then(|| format!("{c} {what}"));
    let parts: Vec<String> = [
        n(s.units.iter().filter(|u| u.side == id).count(), "units"),
        n(s.zones.iter().filter(|z| z.side == id).count(), "zones"),
        n(s.columns.iter().filter(|c| c.side == id).count(), "columns"),
        n(
            s.reinforcements.iter().filter(|r| r.side == id).count(),
            "reinforcements",
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

pub(super) fn sides_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    for side in &s.sides {
        let put = |x: Side| Edit::PutSide(x);
        let k = |field: &str| format!("side.{}.{field}", side.id.0);
        f.rows(format!("Side {}", side.id), |f| {
            ui.label(RichText::new(format!("{} ({})", side.name, side.id)).strong());
            grid(ui, ("side", side.id), |ui| {
                if let Some((v, key)) =
                    f.text(ui, "Name", &k("name"), &side.name, &non_empty("A side"))
                {
                    f.emit(
                        "Rename side",
                        Some(key),
                        vec![put(Side {
                            name: v,
                            ..side.clone()
                        })],
                    );
                }
                if let Some((c, key)) = f.colour(ui, "Colour", &k("colour"), side.colour) {
                    f.emit(
                        "Set side colour",
                        Some(key),
                        vec![put(Side {
                            colour: c,
                            ..side.clone()
                        })],
                    );
                }
                let mut edges = vec![(None, "None".to_string())];
                edges.extend(Edge::ALL.iter().map(|e| (Some(*e), format!("{e:?}"))));
                if let Some((e, _)) = f.combo(
                    ui,
                    "Home edge",
                    &k("edge"),
                    &side.home_edge,
                    &edges,
                    "?",
                    &any,
                ) {
                    f.emit(
                        "Set home edge",
                        None,
                        vec![put(Side {
                            home_edge: e,
                            ..side.clone()
                        })],
                    );
                }
            });
            let fits = |t: &String| {
                if t.len() > limits::MAX_BRIEFING_BYTES {
                    Err(format!(
                        "A briefing holds at most {} KiB",
                        limits::MAX_BRIEFING_BYTES >> 10
                    ))
                } else {
                    Ok(())
                }
            };
            let b = &side.briefing;
            if let Some((t, key)) = f.text_block(ui, "Briefing", &k("briefing"), b, &fits) {
                f.emit(
                    "Edit briefing",
                    Some(key),
                    vec![put(Side {
                        briefing: t,
                        ..side.clone()
                    })],
                );
            }
            let users = side_users(s, side.id);
            let hint = users
                .as_ref()
                .map_or(String::new(), |u| format!("Still has {u}"));
            if f.button(
                ui,
                "Remove side",
                users.is_none() && s.sides.len() > 1,
                &hint,
            ) {
                f.emit("Remove side", None, vec![Edit::RemoveSide(side.id)]);
            }
        });
        ui.separator();
    }
    if ui.button("Add side").clicked() {
        let id = SideId(s.next_id);
        f.emit(
            "Add side",
            None,
            vec![Edit::PutSide(Side {
                id,
                name: format!("Side {}", s.sides.len() + 1),
                colour: NEW_COLOURS[s.sides.len() % NEW_COLOURS.len()],
                home_edge: None,
                briefing: String::new(),
            })],
        );
    }
}

fn terrain_kind_name(k: TerrainKind) -> &'static str {
    match k {
        TerrainKind::Area => "Area",
        TerrainKind::Linear => "Linear obstacle",
        TerrainKind::Road => "Road",
    }
}

pub(super) fn terrain_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    for t in &s.terrain_types {
        let put = |x: TerrainType| Edit::PutTerrain(x);
        let k = |field: &str| format!("terrain.{}.{field}", t.id.0);
        f.rows(format!("Terrain {}", t.id), |f| {
            ui.label(RichText::new(format!("{} ({})", t.name, t.id)).strong());
            grid(ui, ("terrain", t.id), |ui| {
                if let Some((v, key)) = f.text(
                    ui,
                    "Name",
                    &k("name"),
                    &t.name,
                    &non_empty("A terrain type"),
                ) {
                    f.emit(
                        "Rename terrain type",
                        Some(key),
                        vec![put(crate::edit::ops::create::renamed_terrain(t, v))],
                    );
                }
                if let Some((c, key)) = f.colour(ui, "Colour", &k("colour"), t.colour) {
                    f.emit(
                        "Set terrain colour",
                        Some(key),
                        vec![put(TerrainType {
                            colour: c,
                            ..t.clone()
                        })],
                    );
                }
                let kinds: Vec<(TerrainKind, String)> =
                    [TerrainKind::Area, TerrainKind::Linear, TerrainKind::Road]
                        .iter()
                        .map(|x| (*x, terrain_kind_name(*x).to_string()))
                        .collect();
                let fits = |kind: &TerrainKind| {
                    let line = *kind != TerrainKind::Area;
                    let clash = s
                        .pieces
                        .iter()
                        .filter(|p| p.terrain == t.id)
                        .filter(|p| matches!(p.shape, PieceShape::Polyline { .. }) != line)
                        .count();
                    if clash > 0 {
                        Err(format!(
                            "{clash} pieces of {} are drawn as {}",
                            t.name,
                            if line { "areas" } else { "lines" }
                        ))
                    } else {
                        Ok(())
                    }
                };
                if let Some((kind, _)) =
                    f.combo(ui, "Drawn as", &k("kind"), &t.kind, &kinds, "?", &fits)
                {
                    f.emit(
                        "Set terrain kind",
                        None,
                        vec![put(TerrainType { kind, ..t.clone() })],
                    );
                }
                let passable = matches!(t.hex_cost, HexCost::Mp(_));
                let modes = [
                    (true, "Costs MP".to_string()),
                    (false, "Impassable".to_string()),
                ];
                if let Some((p, _)) = f.combo(
                    ui,
                    "Hex movement",
                    &k("passable"),
                    &passable,
                    &modes,
                    "?",
                    &any,
                ) {
                    let hex_cost = if p {
                        HexCost::Mp(1)
                    } else {
                        HexCost::Impassable
                    };
                    f.emit(
                        "Set hex cost",
                        None,
                        vec![put(TerrainType {
                            hex_cost,
                            ..t.clone()
                        })],
                    );
                }
                if let HexCost::Mp(mp) = t.hex_cost {
                    let at_least_one = |v: &u8| {
                        if *v == 0 {
                            Err("entering a hex costs at least 1 MP".to_string())
                        } else {
                            Ok(())
                        }
                    };
                    if let Some((v, key)) =
                        f.number(ui, "MP to enter", &k("mp"), mp, 0..=50, 0.05, &at_least_one)
                    {
                        f.emit(
                            "Set hex cost",
                            Some(key),
                            vec![put(TerrainType {
                                hex_cost: HexCost::Mp(v),
                                ..t.clone()
                            })],
                        );
                    }
                }
            });
            type Flag = (&'static str, fn(&mut TerrainType) -> &mut bool);
            let flags: [Flag; 7] = [
                ("Difficult", |x| &mut x.difficult),
                ("Dangerous", |x| &mut x.dangerous),
                ("Impassable on the table", |x| &mut x.impassable),
                ("Blocks sight", |x| &mut x.blocks_sight),
                ("Conceals", |x| &mut x.conceals),
                ("Bare hill", |x| &mut x.bare_hill),
                ("Building", |x| &mut x.building),
            ];
            ui.horizontal_wrapped(|ui| {
                for (name, field) in &flags {
                    let mut copy = t.clone();
                    let cur = *field(&mut copy);
                    if let Some(v) = f.checkbox(ui, name, cur) {
                        *field(&mut copy) = v;
                        f.emit(
                            format!("Set terrain: {}", name.to_lowercase()),
                            None,
                            vec![put(copy)],
                        );
                    }
                }
            });
            // Pieces of the removed type keep their shape, so they need a type drawn the same way.
            let drawn = s.pieces.iter().any(|p| p.terrain == t.id);
            let others: Vec<&TerrainType> = s
                .terrain_types
                .iter()
                .filter(|o| o.id != t.id && (!drawn || o.kind == t.kind))
                .collect();
            let menu = ui.add_enabled_ui(!others.is_empty(), |ui| {
                ui.menu_button("Remove…", |ui| {
                    ui.label("Hexes and pieces of this type become:");
                    for o in &others {
                        if ui.button(format!("Replace it with {}", o.name)).clicked() {
                            f.emit(
                                format!("Remove terrain type {}", t.name),
                                None,
                                vec![Edit::RemoveTerrain {
                                    id: t.id,
                                    replacement: o.id,
                                }],
                            );
                            ui.close();
                        }
                    }
                })
            });
            let _ = menu.inner.response.accessible_name(f.name("Remove…"));
        });
        ui.separator();
    }
    if ui.button("Add terrain type").clicked() {
        f.emit(
            "Add terrain type",
            None,
            vec![Edit::PutTerrain(crate::edit::ops::create::new_terrain(s))],
        );
    }
}
