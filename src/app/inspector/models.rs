//! Where a unit stands (on the map, off it, exited; its hex and facing, or its place and
//! facing on the table), its models and their bases, its state, and single models.

use super::form::{Form, any, grid, section};
use super::options::*;
use crate::edit::ops::units::*;
use crate::geom::{MM_PER_INCH, Point};
use crate::model::*;
use crate::rules::unit_fields::{Flag, reads_flag};
use egui::Ui;

/// Where a unit stands, as a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Where {
    OnMap,
    OffMap,
    Exited,
}

pub(super) fn position_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let s = f.s;
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    section(ui, "Position", ("position", u.id), false, |ui| {
        grid(ui, ("unit-position", u.id), |ui| {
            let now = match u.position {
                Position::Table | Position::Hex { .. } => Where::OnMap,
                Position::OffMap => Where::OffMap,
                Position::Exited => Where::Exited,
            };
            let options = [
                (Where::OnMap, "On the map".to_string()),
                (Where::OffMap, "Off the map".to_string()),
                (Where::Exited, "Exited".to_string()),
            ];
            if let Some((w, _)) = f.combo(ui, "Where", &k("where"), &now, &options, "?", &any) {
                let mut n = u.clone();
                n.position = match (w, &s.map) {
                    (Where::OffMap, _) => Position::OffMap,
                    (Where::Exited, _) => Position::Exited,
                    (Where::OnMap, Map::Table(_)) => Position::Table,
                    (Where::OnMap, Map::Hex(h)) => Position::Hex {
                        hex: free_hex(s, h),
                        facing: 0,
                    },
                };
                if n.position == Position::Table && n.models.len() != n.strength.current as usize {
                    n = resize_models(s, &n, n.strength.current);
                }
                f.emit("Set position", None, vec![put(n)]);
            }
            match (u.position, &s.map) {
                (Position::Hex { hex, facing }, Map::Hex(h)) => {
                    hex_position_ui(ui, f, u, h, hex, facing)
                }
                (Position::Table, Map::Table(t)) if !u.models.is_empty() => {
                    table_position_ui(ui, f, u, t)
                }
                _ => {}
            }
        });
    });
}

/// The first hex no combat unit stands on, from the middle of the map outwards.
fn free_hex(s: &Scenario, h: &HexMap) -> hexx::Hex {
    let grid = h.grid();
    let taken: std::collections::HashSet<hexx::Hex> = s
        .units
        .iter()
        .filter_map(|u| u.hex().map(|x| x.0))
        .collect();
    let centre = grid.hex_at(grid.len() / 2).unwrap_or(hexx::Hex::ZERO);
    (0..64)
        .flat_map(|r| centre.ring(r))
        .find(|x| grid.contains(*x) && !taken.contains(x))
        .unwrap_or(centre)
}

fn hex_position_ui(ui: &mut Ui, f: &mut Form, u: &Unit, h: &HexMap, hex: hexx::Hex, facing: u8) {
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    let at = |hex: hexx::Hex, facing: u8| {
        put(Unit {
            position: Position::Hex { hex, facing },
            ..u.clone()
        })
    };
    if let Some((x, key)) = super::items::hex_fields(ui, f, &k("hex"), h, hex) {
        f.emit("Move unit", Some(key), vec![at(x, facing)]);
    }
    let facings: Vec<(u8, String)> = (0..6).map(|d| (d, facing_name(h, d))).collect();
    if let Some((d, _)) = f.combo(ui, "Facing", &k("hexfacing"), &facing, &facings, "?", &any) {
        f.emit("Turn unit", None, vec![at(hex, d)]);
    }
}

fn table_position_ui(ui: &mut Ui, f: &mut Form, u: &Unit, t: &TableMap) {
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    let n = u.models.len() as f32;
    let centre = u.models.iter().map(|m| m.pos).sum::<Point>() / n;
    let facing = u
        .leader()
        .unwrap_or(&u.models[0])
        .facing_deg
        .rem_euclid(360.0);
    let moved = |d: Point| {
        let mut x = u.clone();
        x.models.iter_mut().for_each(|m| m.pos += d);
        put(x)
    };
    if let Some((v, key)) = f.number(
        ui,
        "Centre x (in)",
        &k("cx"),
        centre.x,
        0.0..=t.width_in,
        0.05,
        &any,
    ) {
        f.emit(
            "Move unit",
            Some(key),
            vec![moved(Point::new(v - centre.x, 0.0))],
        );
    }
    if let Some((v, key)) = f.number(
        ui,
        "Centre y (in)",
        &k("cy"),
        centre.y,
        0.0..=t.height_in,
        0.05,
        &any,
    ) {
        f.emit(
            "Move unit",
            Some(key),
            vec![moved(Point::new(0.0, v - centre.y))],
        );
    }
    if let Some((v, key)) = f.number(
        ui,
        "Facing (°)",
        &k("facing"),
        facing,
        0.0..=359.9,
        0.5,
        &any,
    ) {
        let turn = v - facing;
        let (sin, cos) = turn.to_radians().sin_cos();
        let mut x = u.clone();
        for m in &mut x.models {
            let d = m.pos - centre;
            m.pos = centre + Point::new(d.x * cos - d.y * sin, d.x * sin + d.y * cos);
            m.facing_deg = (m.facing_deg + turn).rem_euclid(360.0);
        }
        f.emit("Turn unit", Some(key), vec![put(x)]);
    }
}

/// Base shapes as a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Round,
    Rect,
}

/// Base shape and size fields; returns the new base when one changed, with its merge key.
fn base_ui(ui: &mut Ui, f: &mut Form, key: &str, base: Base) -> Option<(Base, Option<String>)> {
    let shape = match base {
        Base::Round { .. } => Shape::Round,
        Base::Rect { .. } => Shape::Rect,
    };
    let shapes = [
        (Shape::Round, "Round".to_string()),
        (Shape::Rect, "Rectangular".to_string()),
    ];
    let mut out = None;
    if let Some((sh, _)) = f.combo(
        ui,
        "Base",
        &format!("{key}.shape"),
        &shape,
        &shapes,
        "?",
        &any,
    ) {
        let (w, d) = base_in(base);
        out = Some((
            match sh {
                Shape::Round => Base::Round {
                    diameter_mm: w * MM_PER_INCH,
                },
                Shape::Rect => Base::Rect {
                    width_mm: w * MM_PER_INCH,
                    depth_mm: d * MM_PER_INCH,
                },
            },
            None,
        ));
    }
    match base {
        Base::Round { diameter_mm } => {
            if let Some((v, k)) = f.number(
                ui,
                "Diameter (mm)",
                &format!("{key}.diam"),
                diameter_mm,
                1.0..=300.0,
                0.2,
                &any,
            ) {
                out = Some((Base::Round { diameter_mm: v }, Some(k)));
            }
        }
        Base::Rect { width_mm, depth_mm } => {
            if let Some((v, k)) = f.number(
                ui,
                "Width (mm)",
                &format!("{key}.width"),
                width_mm,
                1.0..=300.0,
                0.2,
                &any,
            ) {
                out = Some((
                    Base::Rect {
                        width_mm: v,
                        depth_mm,
                    },
                    Some(k),
                ));
            }
            if let Some((v, k)) = f.number(
                ui,
                "Depth (mm)",
                &format!("{key}.depth"),
                depth_mm,
                1.0..=300.0,
                0.2,
                &any,
            ) {
                out = Some((
                    Base::Rect {
                        width_mm,
                        depth_mm: v,
                    },
                    Some(k),
                ));
            }
        }
    }
    out
}

pub(super) fn models_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    section(ui, "Models", ("models", u.id), true, |ui| {
        grid(ui, ("unit-models", u.id), |ui| {
            if let Some(first) = u.models.first()
                && let Some((b, key)) = base_ui(ui, f, &format!("unit.{}.base", u.id.0), first.base)
            {
                let mut n = u.clone();
                n.models.iter_mut().for_each(|m| m.base = b);
                f.emit("Set bases", key, vec![put(n)]);
            }
            let mut options = vec![(None, "None".to_string())];
            options.extend(
                u.models
                    .iter()
                    .map(|m| (Some(m.id), format!("Model {}", m.id))),
            );
            if let Some((m, _)) = f.combo(
                ui,
                "Leader model",
                &format!("unit.{}.leadermodel", u.id.0),
                &u.leader_model,
                &options,
                "?",
                &any,
            ) {
                f.emit(
                    "Set leader model",
                    None,
                    vec![put(Unit {
                        leader_model: m,
                        ..u.clone()
                    })],
                );
            }
        });
        ui.horizontal_wrapped(|ui| {
            for m in &u.models {
                if ui
                    .link(format!("{}", m.id))
                    .on_hover_text("Inspect this model")
                    .clicked()
                {
                    f.select = Some(vec![ItemRef::Model(u.id, m.id)]);
                }
            }
        });
    });
}

pub(super) fn state_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    let with = |st: UnitState| {
        put(Unit {
            state: st,
            ..u.clone()
        })
    };
    section(ui, "State", ("state", u.id), true, |ui| {
        let st = u.state;
        grid(ui, ("unit-state", u.id), |ui| {
            let morale = [
                Morale::GoodOrder,
                Morale::Unsteady,
                Morale::Routing,
                Morale::Removed,
            ]
            .map(|m| {
                (
                    m,
                    match m {
                        Morale::GoodOrder => "Good order",
                        Morale::Unsteady => "Unsteady",
                        Morale::Routing => "Routing",
                        Morale::Removed => "Removed",
                    }
                    .to_string(),
                )
            });
            if let Some((m, _)) =
                f.combo(ui, "Morale", &k("morale"), &st.morale, &morale, "?", &any)
            {
                f.emit(
                    "Set morale",
                    None,
                    vec![with(UnitState { morale: m, ..st })],
                );
            }
            if let Some((v, key)) = f.number(
                ui,
                "Hits taken",
                &k("hits"),
                st.hits_taken,
                0..=99,
                0.05,
                &any,
            ) {
                f.emit(
                    "Set hits taken",
                    Some(key),
                    vec![with(UnitState {
                        hits_taken: v,
                        ..st
                    })],
                );
            }
        });
        type FlagField = (&'static str, Flag, fn(&mut UnitState) -> &mut bool);
        let flags: [FlagField; 10] = [
            ("Charging", Flag::Charging, |x| &mut x.charging),
            ("Charged", Flag::Charged, |x| &mut x.charged),
            ("Evaded", Flag::Evaded, |x| &mut x.evaded),
            ("Arrived this turn", Flag::ArrivedThisTurn, |x| {
                &mut x.arrived_this_turn
            }),
            ("Failed Ld check", Flag::FailedLdCheck, |x| {
                &mut x.failed_ld_check
            }),
            ("Pinned", Flag::Pinned, |x| &mut x.pinned),
            ("In buildings", Flag::InBuildings, |x| &mut x.in_buildings),
            ("Mounted (dragoons)", Flag::Mounted, |x| &mut x.mounted),
            ("Limbered (artillery)", Flag::Limbered, |x| &mut x.limbered),
            ("Guns abandoned (artillery)", Flag::GunsAbandoned, |x| {
                &mut x.guns_abandoned
            }),
        ];
        // Only the flags the scenario's rules read for a unit of this kind.
        for (name, flag, field) in &flags {
            if !reads_flag(&f.s.rules, *flag, &u.kind) {
                continue;
            }
            let mut copy = st;
            let cur = *field(&mut copy);
            if let Some(v) = f.checkbox(ui, name, cur) {
                *field(&mut copy) = v;
                f.emit(
                    format!("Set {}", name.to_lowercase()),
                    None,
                    vec![with(copy)],
                );
            }
        }
    });
}

/// One model of a unit: its base, position and facing.
pub fn model_ui(ui: &mut Ui, f: &mut Form, u: &Unit, m: &Model) {
    let s = f.s;
    let k = format!("model.{}", m.id.0);
    ui.heading(format!("Model {} of '{}'", m.id, u.name));
    if ui.link("Inspect the whole unit").clicked() {
        f.select = Some(vec![ItemRef::Unit(u.id)]);
    }
    let with = |nm: Model| {
        let mut x = u.clone();
        if let Some(slot) = x.models.iter_mut().find(|y| y.id == m.id) {
            *slot = nm;
        }
        put(x)
    };
    grid(ui, ("model", m.id), |ui| {
        if let Some((b, key)) = base_ui(ui, f, &k, m.base) {
            f.emit("Set base", key, vec![with(Model { base: b, ..*m })]);
        }
        let (w, h) = s
            .map
            .as_table()
            .map_or((MAX_TABLE_IN, MAX_TABLE_IN), |t| (t.width_in, t.height_in));
        if let Some((v, key)) = f.number(
            ui,
            "x (in)",
            &format!("{k}.x"),
            m.pos.x,
            -w..=2.0 * w,
            0.05,
            &any,
        ) {
            f.emit(
                "Move model",
                Some(key),
                vec![with(Model {
                    pos: Point::new(v, m.pos.y),
                    ..*m
                })],
            );
        }
        if let Some((v, key)) = f.number(
            ui,
            "y (in)",
            &format!("{k}.y"),
            m.pos.y,
            -h..=2.0 * h,
            0.05,
            &any,
        ) {
            f.emit(
                "Move model",
                Some(key),
                vec![with(Model {
                    pos: Point::new(m.pos.x, v),
                    ..*m
                })],
            );
        }
        if let Some((v, key)) = f.number(
            ui,
            "Facing (°)",
            &format!("{k}.facing"),
            m.facing_deg.rem_euclid(360.0),
            0.0..=359.9,
            0.5,
            &any,
        ) {
            f.emit(
                "Turn model",
                Some(key),
                vec![with(Model {
                    facing_deg: v,
                    ..*m
                })],
            );
        }
        ui.label("");
        if let Some(on) = f.checkbox(ui, "Leads the unit", u.leader_model == Some(m.id)) {
            let mut x = u.clone();
            x.leader_model = if on { Some(m.id) } else { None };
            f.emit("Set leader model", None, vec![put(x)]);
        }
        ui.end_row();
    });
}
