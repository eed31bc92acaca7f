//! The scenario's rules: ruleset, morale tests and the in-buildings bonus, the optional rules
//! of R4, the zone-of-control options of R5 (with the choice of whose zones to shade on the
//! map) and the hexside costs of R5.

use super::form::{Form, any, grid, section};
use crate::edit::Edit;
use crate::model::*;
use egui::{RichText, Ui};

fn ruleset_name(r: Ruleset) -> &'static str {
    match r {
        Ruleset::ColumnOfMarch => "R1 columns of march",
        Ruleset::M42 => "R2 M42 command radius",
        Ruleset::Orders => "R3 orders",
        Ruleset::HexCommands => "R5 hex commands",
    }
}

/// Whether a rule that prices a hexside feature makes it impassable or adds MP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    Extra,
    Impassable,
}

pub(super) fn rules_ui(ui: &mut Ui, f: &mut Form, zoc_side: &mut Option<SideId>) {
    let s = f.s;
    let r = &s.rules;
    let set = |x: RuleOptions| Edit::SetRules(x);
    grid(ui, "rules", |ui| {
        let rulesets: Vec<(Ruleset, String)> = [
            Ruleset::ColumnOfMarch,
            Ruleset::M42,
            Ruleset::Orders,
            Ruleset::HexCommands,
        ]
        .iter()
        .map(|x| (*x, ruleset_name(*x).to_string()))
        .collect();
        let fits = |x: &Ruleset| match (x.needs_hex_map(), s.map.is_hex()) {
            (true, false) => Err("R5 hex commands need a hex map; this map is a table".to_string()),
            (false, true) => Err(format!(
                "{} is played on a table; this map is a hex map",
                ruleset_name(*x)
            )),
            _ => Ok(()),
        };
        if let Some((x, _)) = f.combo(
            ui,
            "Ruleset",
            "rules.ruleset",
            &r.ruleset,
            &rulesets,
            "?",
            &fits,
        ) {
            f.emit(
                "Set ruleset",
                None,
                vec![set(RuleOptions {
                    ruleset: x,
                    ..r.clone()
                })],
            );
        }
        // The bonus is R4's: asked for only while its tests are played.
        if r.morale_tests
            && let Some((v, key)) = f.number(
                ui,
                "In-buildings morale bonus",
                "rules.buildings",
                r.in_buildings_bonus,
                -5..=5,
                0.05,
                &any,
            )
        {
            f.emit(
                "Set in-buildings bonus",
                Some(key),
                vec![set(RuleOptions {
                    in_buildings_bonus: v,
                    ..r.clone()
                })],
            );
        }
        // Stacking is a hex map's: a table's bases take the room they take.
        if s.map.is_hex()
            && let Some((v, key)) = f.number(
                ui,
                "Units per hex",
                "rules.stacking",
                r.units_per_hex(),
                1..=limits::MAX_STACKING,
                0.05,
                &any,
            )
        {
            f.emit(
                "Set stacking limit",
                Some(key),
                vec![set(RuleOptions {
                    // One is R5's own reading: kept as no limit of the scenario's own.
                    stacking: (v > 1).then_some(v),
                    ..r.clone()
                })],
            );
        }
    });
    if let Some(v) = f.checkbox(ui, "Morale and rally tests (R4)", r.morale_tests) {
        f.emit(
            "Set morale tests",
            None,
            vec![set(RuleOptions {
                morale_tests: v,
                ..r.clone()
            })],
        );
    }
    section(ui, "Optional rules (R4)", "rules-optional", true, |ui| {
        type Opt = (&'static str, fn(&mut OptionalRules) -> &mut bool);
        let opts: [Opt; 5] = [
            ("Routers stay on the table", |o| {
                &mut o.keep_routers_on_table
            }),
            ("Artillery may rally", |o| &mut o.artillery_may_rally),
            ("Artillery hit points", |o| &mut o.artillery_hit_points),
            ("Elephant stampede", |o| &mut o.elephant_stampede),
            ("Morale re-rolls", |o| &mut o.morale_rerolls),
        ];
        for (name, field) in &opts {
            let mut o = r.optional;
            let cur = *field(&mut o);
            if let Some(v) = f.checkbox(ui, name, cur) {
                *field(&mut o) = v;
                f.emit(
                    format!("Set optional rule: {}", name.to_lowercase()),
                    None,
                    vec![set(RuleOptions {
                        optional: o,
                        ..r.clone()
                    })],
                );
            }
        }
    });
    let hex = s.map.is_hex();
    section(ui, "Zones of control (R5)", "rules-zoc", !hex, |ui| {
        let z = &r.zoc;
        let with = |zoc: ZocOptions| set(RuleOptions { zoc, ..r.clone() });
        if let Some(v) = f.checkbox(ui, "Only the three hexes in front", z.front_only) {
            f.emit(
                "Set ZOC option",
                None,
                vec![with(ZocOptions {
                    front_only: v,
                    ..z.clone()
                })],
            );
        }
        if let Some(v) = f.checkbox(ui, "Rivers block ZOC (not at bridges)", z.river_blocks) {
            f.emit(
                "Set ZOC option",
                None,
                vec![with(ZocOptions {
                    river_blocks: v,
                    ..z.clone()
                })],
            );
        }
        if let Some(v) = f.checkbox(ui, "Walls block ZOC", z.wall_blocks) {
            f.emit(
                "Set ZOC option",
                None,
                vec![with(ZocOptions {
                    wall_blocks: v,
                    ..z.clone()
                })],
            );
        }
        ui.label("Kinds that exert no ZOC:");
        ui.horizontal_wrapped(|ui| {
            for k in KindTag::ALL {
                let name = format!("No ZOC: {k}");
                if let Some(v) = f.checkbox(ui, &name, z.exempt_kinds.contains(&k)) {
                    let mut kinds = z.exempt_kinds.clone();
                    kinds.retain(|x| *x != k);
                    if v {
                        kinds.push(k);
                        kinds.sort();
                    }
                    f.emit(
                        "Set ZOC exemptions",
                        None,
                        vec![with(ZocOptions {
                            exempt_kinds: kinds,
                            ..z.clone()
                        })],
                    );
                }
            }
        });
        ui.label(
            RichText::new("Hexsides marked 'Blocks ZOC' with the hexside tool always block.")
                .small()
                .weak(),
        );
        if s.map.is_hex() {
            grid(ui, "zoc-shading", |ui| {
                let l = ui.label("Shade the ZOC of");
                let text = zoc_side
                    .and_then(|x| s.side(x))
                    .map_or("Nobody", |x| x.name.as_str());
                egui::ComboBox::from_id_salt("inspector-zoc-shading")
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(zoc_side, None, "Nobody");
                        for sd in &s.sides {
                            ui.selectable_value(zoc_side, Some(sd.id), &sd.name);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            });
        }
    });
    section(ui, "Hexside costs (R5)", "rules-hexsides", !hex, |ui| {
        let c = r.hexside_costs;
        let with = |hexside_costs: HexsideCosts| {
            set(RuleOptions {
                hexside_costs,
                ..r.clone()
            })
        };
        grid(ui, "hexside-costs", |ui| {
            let modes = [
                (Crossing::Extra, "Costs extra MP".to_string()),
                (Crossing::Impassable, "Impassable".to_string()),
            ];
            let mode = |x: Option<u8>| {
                if x.is_some() {
                    Crossing::Extra
                } else {
                    Crossing::Impassable
                }
            };
            if let Some((m, _)) = f.combo(
                ui,
                "Crossing a river",
                "rules.river",
                &mode(c.river_extra),
                &modes,
                "?",
                &any,
            ) {
                let river_extra = (m == Crossing::Extra).then_some(2);
                f.emit(
                    "Set river cost",
                    None,
                    vec![with(HexsideCosts { river_extra, ..c })],
                );
            }
            if let Some(x) = c.river_extra
                && let Some((v, key)) = f.number(
                    ui,
                    "River extra MP",
                    "rules.riverextra",
                    x,
                    0..=20,
                    0.05,
                    &any,
                )
            {
                f.emit(
                    "Set river cost",
                    Some(key),
                    vec![with(HexsideCosts {
                        river_extra: Some(v),
                        ..c
                    })],
                );
            }
            if let Some((m, _)) = f.combo(
                ui,
                "Crossing a wall",
                "rules.wall",
                &mode(c.wall_extra),
                &modes,
                "?",
                &any,
            ) {
                let wall_extra = (m == Crossing::Extra).then_some(1);
                f.emit(
                    "Set wall cost",
                    None,
                    vec![with(HexsideCosts { wall_extra, ..c })],
                );
            }
            if let Some(x) = c.wall_extra
                && let Some((v, key)) = f.number(
                    ui,
                    "Wall extra MP",
                    "rules.wallextra",
                    x,
                    0..=20,
                    0.05,
                    &any,
                )
            {
                f.emit(
                    "Set wall cost",
                    Some(key),
                    vec![with(HexsideCosts {
                        wall_extra: Some(v),
                        ..c
                    })],
                );
            }
            let at_least_one = |v: &u8| {
                if *v == 0 {
                    Err("a road costs at least 1 MP".to_string())
                } else {
                    Ok(())
                }
            };
            if let Some((v, key)) = f.number(
                ui,
                "Road MP per hex",
                "rules.road",
                c.road_mp,
                0..=20,
                0.05,
                &at_least_one,
            ) {
                f.emit(
                    "Set road cost",
                    Some(key),
                    vec![with(HexsideCosts { road_mp: v, ..c })],
                );
            }
            let at_least_one = |v: &u8| {
                if *v == 0 {
                    Err("a track or railway costs at least 1 MP".to_string())
                } else {
                    Ok(())
                }
            };
            if let Some((v, key)) = f.number(
                ui,
                "Track MP per hex",
                "rules.track",
                c.track_mp,
                0..=20,
                0.05,
                &at_least_one,
            ) {
                f.emit(
                    "Set track cost",
                    Some(key),
                    vec![with(HexsideCosts { track_mp: v, ..c })],
                );
            }
            if let Some((v, key)) = f.number(
                ui,
                "Railway MP per hex",
                "rules.railway",
                c.railway_mp,
                0..=20,
                0.05,
                &at_least_one,
            ) {
                f.emit(
                    "Set railway cost",
                    Some(key),
                    vec![with(HexsideCosts { railway_mp: v, ..c })],
                );
            }
        });
    });
}
