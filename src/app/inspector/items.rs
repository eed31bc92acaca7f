//! Terrain pieces, deployment zones, objectives and reinforcements, and the place fields they
//! share (a point on the table, a hex on the hex map, a list of vertices).

use super::form::{Form, any, grid, non_empty, section};
use super::options::side_options;
use crate::edit::Edit;
use crate::geom::Point;
use crate::model::*;
use egui::{RichText, Ui};
use hexx::Hex;

/// Hex fields: on a rectangle, one field with the label as printed on the map (its label
/// scheme), which also takes axial `q,r`, read when Enter is pressed or the field is left;
/// axial q and r on a hexagon. Refuses hexes off the map. Returns the new hex with its merge
/// key.
pub fn hex_fields(
    ui: &mut Ui,
    f: &mut Form,
    key: &str,
    h: &HexMap,
    hex: Hex,
) -> Option<(Hex, String)> {
    let grid = h.grid();
    let mut out = None;
    match h.offset_labels() {
        Some(_) => {
            let read = |text: &str| -> Result<Hex, String> {
                let axial = || {
                    let (q, r) = text.trim().split_once(',')?;
                    Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
                };
                match h.hex_of_label(text.trim()).or_else(axial) {
                    Some(x) if grid.contains(x) => Ok(x),
                    Some(_) => Err(format!("'{}' is off the map", text.trim())),
                    None => Err(format!(
                        "'{}' is not a hex of this map: type its label as printed (such as {}) \
                         or q,r",
                        text.trim(),
                        h.label(hex)
                    )),
                }
            };
            let shown = h.label(hex);
            out = f.parsed(ui, "Hex", &format!("{key}.hex"), &hex, &shown, &read);
        }
        None => {
            let on_map = |x: Hex| {
                if grid.contains(x) {
                    Ok(())
                } else {
                    Err(format!("hex {} is off the map", h.hex_name(x)))
                }
            };
            let q_check = |v: &i32| on_map(Hex::new(*v, hex.y));
            if let Some((v, k)) = f.number(
                ui,
                "Hex q",
                &format!("{key}.q"),
                hex.x,
                -9999..=9999,
                0.05,
                &q_check,
            ) {
                out = Some((Hex::new(v, hex.y), k));
            }
            let r_check = |v: &i32| on_map(Hex::new(hex.x, *v));
            if let Some((v, k)) = f.number(
                ui,
                "Hex r",
                &format!("{key}.r"),
                hex.y,
                -9999..=9999,
                0.05,
                &r_check,
            ) {
                out = Some((Hex::new(hex.x, v), k));
            }
        }
    }
    out
}

/// x and y of a point on the table, in inches.
fn point_fields(ui: &mut Ui, f: &mut Form, key: &str, p: Point) -> Option<(Point, String)> {
    let lim = MAX_TABLE_IN;
    let mut out = None;
    if let Some((v, k)) = f.number(
        ui,
        "x (in)",
        &format!("{key}.x"),
        p.x,
        -lim..=lim,
        0.05,
        &any,
    ) {
        out = Some((Point::new(v, p.y), k));
    }
    if let Some((v, k)) = f.number(
        ui,
        "y (in)",
        &format!("{key}.y"),
        p.y,
        -lim..=lim,
        0.05,
        &any,
    ) {
        out = Some((Point::new(p.x, v), k));
    }
    out
}

/// A place on either kind of map.
pub(super) fn place_fields(
    ui: &mut Ui,
    f: &mut Form,
    key: &str,
    place: Place,
) -> Option<(Place, String)> {
    match (place, &f.s.map) {
        (Place::Table(p), _) => point_fields(ui, f, key, p).map(|(p, k)| (Place::Table(p), k)),
        (Place::Hex(h), Map::Hex(m)) => {
            hex_fields(ui, f, key, m, h).map(|(h, k)| (Place::Hex(h), k))
        }
        (Place::Hex(h), Map::Table(_)) => {
            f.info(ui, "Hex", format!("({}, {}): not on this table", h.x, h.y));
            None
        }
    }
}

/// A list of vertices, each with x and y and a button to delete it (down to `min`). Returns
/// the new list and the merge key of the field that changed (`None` for a deletion).
fn vertices_ui(
    ui: &mut Ui,
    f: &mut Form,
    key: &str,
    points: &[Point],
    min: usize,
) -> Option<(Vec<Point>, Option<String>)> {
    let mut out = None;
    for (i, p) in points.iter().enumerate() {
        let prefix = format!("Vertex {}", i + 1);
        f.rows(prefix.clone(), |f| {
            ui.label(RichText::new(&prefix).strong());
            if f.button(ui, "Delete", points.len() > min, "Delete this vertex") {
                let mut v = points.to_vec();
                v.remove(i);
                out = Some((v, None));
            }
            ui.end_row();
            if let Some((np, k)) = point_fields(ui, f, &format!("{key}.v{i}"), *p) {
                let mut v = points.to_vec();
                v[i] = np;
                out = Some((v, Some(k)));
            }
        });
    }
    out
}

pub fn piece_ui(ui: &mut Ui, f: &mut Form, p: &TerrainPiece) {
    let s = f.s;
    let k = |field: &str| format!("piece.{}.{field}", p.id.0);
    let with = |n: TerrainPiece| Edit::PutPiece(Box::new(n));
    ui.heading(format!("Terrain piece {}", p.id));
    section(ui, "Terrain piece", ("piece", p.id), false, |ui| {
        grid(ui, ("piece-basics", p.id), |ui| {
            if let Some((v, key)) = f.text(
                ui,
                "Name",
                &k("name"),
                &p.name,
                &non_empty("A terrain piece"),
            ) {
                f.emit(
                    "Rename piece",
                    Some(key),
                    vec![with(TerrainPiece {
                        name: v,
                        ..p.clone()
                    })],
                );
            }
            let line = matches!(p.shape, PieceShape::Polyline { .. });
            let types: Vec<(TerrainId, String)> = s
                .terrain_types
                .iter()
                .filter(|t| (t.kind != TerrainKind::Area) == line)
                .map(|t| (t.id, t.name.clone()))
                .collect();
            let fallback = s.terrain(p.terrain).map_or("?", |t| t.name.as_str());
            if let Some((t, _)) = f.combo(
                ui,
                "Terrain",
                &k("terrain"),
                &p.terrain,
                &types,
                fallback,
                &any,
            ) {
                f.emit(
                    "Change terrain",
                    None,
                    vec![with(TerrainPiece {
                        terrain: t,
                        ..p.clone()
                    })],
                );
            }
            if let PieceShape::Polyline { points, width_in } = &p.shape
                && let Some((w, key)) = f.number(
                    ui,
                    "Width (in)",
                    &k("width"),
                    *width_in,
                    0.05..=24.0,
                    0.02,
                    &any,
                )
            {
                let shape = PieceShape::Polyline {
                    points: points.clone(),
                    width_in: w,
                };
                f.emit(
                    "Set width",
                    Some(key),
                    vec![with(TerrainPiece { shape, ..p.clone() })],
                );
            }
        });
    });
    section(ui, "Vertices", ("piece-vertices", p.id), true, |ui| {
        ui.label(
            RichText::new("On the map: drag a handle to move it, double-click an edge to add one, right-click a handle to remove it.")
                .small()
                .weak(),
        );
        let min = if matches!(p.shape, PieceShape::Polygon(_)) {
            3
        } else {
            2
        };
        grid(ui, ("piece-vertex-grid", p.id), |ui| {
            if let Some((pts, key)) = vertices_ui(ui, f, &k("v"), p.shape.points(), min) {
                let mut n = p.clone();
                *n.shape.points_mut() = pts;
                f.emit("Edit vertices", key, vec![with(n)]);
            }
        });
    });
}

pub fn zone_ui(ui: &mut Ui, f: &mut Form, z: &DeploymentZone) {
    let s = f.s;
    let k = |field: &str| format!("zone.{}.{field}", z.id.0);
    let with = |n: DeploymentZone| Edit::PutZone(Box::new(n));
    ui.heading(format!("Deployment zone {}", z.id));
    section(ui, "Deployment zone", ("zone", z.id), false, |ui| {
        grid(ui, ("zone-basics", z.id), |ui| {
            if let Some((v, key)) = f.text(ui, "Name", &k("name"), &z.name, &non_empty("A zone")) {
                f.emit(
                    "Rename zone",
                    Some(key),
                    vec![with(DeploymentZone {
                        name: v,
                        ..z.clone()
                    })],
                );
            }
            if let Some((side, _)) =
                f.combo(ui, "Side", &k("side"), &z.side, &side_options(s), "?", &any)
            {
                f.emit(
                    "Change zone side",
                    None,
                    vec![with(DeploymentZone { side, ..z.clone() })],
                );
            }
        });
    });
    match &z.area {
        ZoneArea::Polygon(points) => {
            section(ui, "Vertices", ("zone-vertices", z.id), true, |ui| {
                grid(ui, ("zone-vertex-grid", z.id), |ui| {
                    if let Some((pts, key)) = vertices_ui(ui, f, &k("v"), points, 3) {
                        let n = DeploymentZone {
                            area: ZoneArea::Polygon(pts),
                            ..z.clone()
                        };
                        f.emit("Edit vertices", key, vec![with(n)]);
                    }
                });
            });
        }
        ZoneArea::Hexes(hexes) => {
            section(
                ui,
                &format!("Hexes ({})", hexes.len()),
                ("zone-hexes", z.id),
                true,
                |ui| {
                    let Some(h) = s.map.as_hex() else { return };
                    ui.horizontal_wrapped(|ui| {
                        for (i, hex) in hexes.iter().enumerate() {
                            let label = h.label(*hex);
                            let resp = ui
                                .add_enabled(
                                    hexes.len() > 1,
                                    egui::Button::new(format!("{label} ×")),
                                )
                                .accessible_name(format!("Remove hex {label}"))
                                .on_hover_text("Remove this hex from the zone");
                            if resp.clicked() {
                                let mut v = hexes.clone();
                                v.remove(i);
                                f.emit(
                                    "Remove hex from zone",
                                    None,
                                    vec![with(DeploymentZone {
                                        area: ZoneArea::Hexes(v),
                                        ..z.clone()
                                    })],
                                );
                            }
                        }
                    });
                },
            );
        }
    }
}

pub fn objective_ui(ui: &mut Ui, f: &mut Form, o: &Objective) {
    let k = |field: &str| format!("objective.{}.{field}", o.id.0);
    let with = |n: Objective| Edit::PutObjective(Box::new(n));
    ui.heading(format!("Objective {}", o.id));
    grid(ui, ("objective", o.id), |ui| {
        if let Some((v, key)) = f.text(ui, "Name", &k("name"), &o.name, &non_empty("An objective"))
        {
            f.emit(
                "Rename objective",
                Some(key),
                vec![with(Objective {
                    name: v,
                    ..o.clone()
                })],
            );
        }
        if let Some((v, key)) = f.number(ui, "Value", &k("value"), o.value, 0..=999, 0.05, &any) {
            f.emit(
                "Set value",
                Some(key),
                vec![with(Objective {
                    value: v,
                    ..o.clone()
                })],
            );
        }
        if let Some((place, key)) = place_fields(ui, f, &k("place"), o.place) {
            f.emit(
                "Move objective",
                Some(key),
                vec![with(Objective { place, ..o.clone() })],
            );
        }
        super::victory::objective_points_ui(ui, f, o);
    });
    if f.s.rules.victory.is_none() {
        ui.label(
            RichText::new(
                "The scenario keeps no score: Scenario > Victory (click the empty map) turns it on.",
            )
            .small()
            .weak(),
        );
    }
    if let Some((v, key)) = f.text_block(ui, "Notes", &k("notes"), &o.notes, &any) {
        let x = Objective {
            notes: v,
            ..o.clone()
        };
        f.emit("Edit notes", Some(key), vec![with(x)]);
    }
}

pub fn reinforcement_ui(ui: &mut Ui, f: &mut Form, r: &Reinforcement) {
    let s = f.s;
    let k = |field: &str| format!("reinforcement.{}.{field}", r.id.0);
    let with = |n: Reinforcement| Edit::PutReinforcement(Box::new(n));
    ui.heading(format!("Reinforcement {}", r.id));
    grid(ui, ("reinforcement", r.id), |ui| {
        if let Some((v, key)) = f.number(
            ui,
            "Arrives on turn",
            &k("turn"),
            r.turn,
            1..=999,
            0.05,
            &any,
        ) {
            f.emit(
                "Set arrival turn",
                Some(key),
                vec![with(Reinforcement {
                    turn: v,
                    ..r.clone()
                })],
            );
        }
        let side_check = |side: &SideId| match r
            .units
            .iter()
            .filter_map(|u| s.unit(*u))
            .find(|u| u.side != *side)
        {
            Some(u) => Err(format!("'{}' is on another side: remove it first", u.name)),
            None => Ok(()),
        };
        if let Some((side, _)) = f.combo(
            ui,
            "Side",
            &k("side"),
            &r.side,
            &side_options(s),
            "?",
            &side_check,
        ) {
            f.emit(
                "Change reinforcement side",
                None,
                vec![with(Reinforcement { side, ..r.clone() })],
            );
        }
        if let Some((entry, key)) = place_fields(ui, f, &k("entry"), r.entry) {
            f.emit(
                "Move entry",
                Some(key),
                vec![with(Reinforcement { entry, ..r.clone() })],
            );
        }
        // The entry picked by a map label's name ("Hanover Road"), as the map prints it.
        let named: Vec<(Place, String)> = s
            .labels
            .iter()
            .filter(|l| matches!(l.place, Place::Hex(_)) == s.map.is_hex())
            .map(|l| (l.place, l.text.clone()))
            .collect();
        if !named.is_empty()
            && let Some((entry, _)) = f.combo(
                ui,
                "Entry by name",
                &k("entry-label"),
                &r.entry,
                &named,
                "(no label there)",
                &any,
            )
        {
            f.emit(
                "Move entry",
                None,
                vec![with(Reinforcement { entry, ..r.clone() })],
            );
        }
    });
    section(
        ui,
        &format!("Units ({})", r.units.len()),
        ("reinforcement-units", r.id),
        false,
        |ui| {
            for (i, id) in r.units.iter().enumerate() {
                let name = s.unit(*id).map_or(id.to_string(), |u| u.name.clone());
                ui.horizontal(|ui| {
                    if ui.link(&name).clicked() {
                        f.select = Some(vec![ItemRef::Unit(*id)]);
                    }
                    f.rows(format!("{name} ({id})"), |f| {
                        if f.icon_button(ui, "×", "Remove", true, "Take out of this reinforcement")
                        {
                            let mut n = r.clone();
                            n.units.remove(i);
                            f.emit("Remove from reinforcement", None, vec![with(n)]);
                        }
                    });
                });
            }
            grid(ui, ("reinforcement-add", r.id), |ui| {
                let mut options = vec![(None, "Choose a unit…".to_string())];
                options.extend(
                    s.units
                        .iter()
                        .filter(|u| u.side == r.side)
                        .filter(|u| !s.reinforcements.iter().any(|x| x.units.contains(&u.id)))
                        .map(|u| (Some(u.id), format!("{} ({})", u.name, u.id))),
                );
                if let Some((Some(u), _)) =
                    f.combo(ui, "Add unit", &k("add"), &None, &options, "?", &any)
                {
                    let mut n = r.clone();
                    n.units.push(u);
                    f.emit("Add to reinforcement", None, vec![with(n)]);
                }
            });
        },
    );
}
