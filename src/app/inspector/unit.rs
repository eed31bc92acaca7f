//! Units and leaders: name, side, type, quality and ZOC; strength (the models follow);
//! characteristics; special rules; commander and attached leader; a leader's command chit,
//! span, superior (never a loop), bonus and re-rolls.

use super::form::{Form, any, grid, non_empty, section};
use super::models::{models_ui, position_ui, state_ui};
use super::options::*;
use crate::edit::ops::units::*;
use crate::model::*;
use crate::rules::unit_fields::{
    LeaderField, SPECIAL_RULES, Stat, reads_leader_field, reads_special, reads_stat,
};
use egui::{RichText, Ui};

pub fn unit_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let s = f.s;
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    // The unit by its name; its kind and its ID (what the command line takes) below it,
    // quieter, said to be an ID so it is not read as a second name.
    ui.heading(&u.name);
    ui.label(
        egui::RichText::new(format!(
            "{} · ID {} on the command line",
            u.kind.tag(),
            u.id.0
        ))
        .weak(),
    );
    section(ui, "Unit", ("unit", u.id), false, |ui| {
        grid(ui, ("unit-basics", u.id), |ui| {
            if let Some((v, key)) = f.text(ui, "Name", &k("name"), &u.name, &non_empty("A unit")) {
                f.emit(
                    "Rename unit",
                    Some(key),
                    vec![put(Unit {
                        name: v,
                        ..u.clone()
                    })],
                );
            }
            if let Some((side, _)) =
                f.combo(ui, "Side", &k("side"), &u.side, &side_options(s), "?", &any)
            {
                f.emit("Change side", None, side_change_edits(s, u, side));
            }
            let kinds: Vec<(KindTag, String)> =
                KindTag::ALL.iter().map(|t| (*t, kind_name(*t))).collect();
            if let Some((tag, _)) =
                f.combo(ui, "Type", &k("kind"), &u.kind.tag(), &kinds, "?", &any)
            {
                f.emit("Change unit type", None, kind_change_edits(s, u, tag));
            }
            if let UnitKind::Artillery {
                class,
                draught,
                hit_points,
            } = u.kind
            {
                let art = |class, draught, hit_points| Unit {
                    kind: UnitKind::Artillery {
                        class,
                        draught,
                        hit_points,
                    },
                    ..u.clone()
                };
                let classes = [
                    GunClass::Light,
                    GunClass::Medium,
                    GunClass::Heavy,
                    GunClass::Siege,
                ]
                .map(|c| (c, format!("{c:?}")));
                if let Some((c, _)) =
                    f.combo(ui, "Gun class", &k("class"), &class, &classes, "?", &any)
                {
                    f.emit(
                        "Set gun class",
                        None,
                        vec![put(art(c, draught, hit_points))],
                    );
                }
                let draughts = [Draught::Foot, Draught::Horse].map(|c| (c, format!("{c:?}")));
                if let Some((d, _)) =
                    f.combo(ui, "Draught", &k("draught"), &draught, &draughts, "?", &any)
                {
                    f.emit("Set draught", None, vec![put(art(class, d, hit_points))]);
                }
                if let Some((hp, key)) =
                    f.number(ui, "Hit points", &k("hp"), hit_points, 1..=20, 0.05, &any)
                {
                    f.emit(
                        "Set hit points",
                        Some(key),
                        vec![put(art(class, draught, hp))],
                    );
                }
            }
            let qualities =
                [Quality::Veteran, Quality::Regular, Quality::Green].map(|q| (q, format!("{q:?}")));
            if let Some((q, _)) = f.combo(
                ui,
                "Quality",
                &k("quality"),
                &u.quality,
                &qualities,
                "?",
                &any,
            ) {
                f.emit(
                    "Set quality",
                    None,
                    vec![put(Unit {
                        quality: q,
                        ..u.clone()
                    })],
                );
            }
            ui.label("");
            if let Some(v) = f.checkbox(ui, "Exerts ZOC", u.exerts_zoc) {
                f.emit(
                    "Set exerts ZOC",
                    None,
                    vec![put(Unit {
                        exerts_zoc: v,
                        ..u.clone()
                    })],
                );
            }
            ui.end_row();
            if u.exerts_zoc && s.rules.zoc.exempt_kinds.contains(&u.kind.tag()) {
                ui.label("");
                ui.label(
                    RichText::new(format!(
                        "The scenario exempts {} from zones of control",
                        u.kind.tag()
                    ))
                    .weak(),
                );
                ui.end_row();
            }
        });
    });
    strength_ui(ui, f, u);
    section(ui, "Characteristics", ("stats", u.id), true, |ui| {
        grid(ui, ("unit-stats", u.id), |ui| stats_ui(ui, f, u));
    });
    // Only the special rules the scenario's rules read; one the unit carries from other rules
    // stays in the file and is named, not offered.
    let (read, unread): (Vec<_>, Vec<_>) = SPECIAL_RULES
        .iter()
        .partition(|(rule, _)| reads_special(&s.rules, *rule));
    let carried: Vec<&str> = unread
        .iter()
        .filter(|(rule, _)| u.has(*rule))
        .map(|(_, name)| *name)
        .collect();
    if !(read.is_empty() && carried.is_empty()) {
        section(ui, "Special rules", ("special", u.id), true, |ui| {
            if !carried.is_empty() {
                ui.label(
                    RichText::new(format!(
                        "Carries {}, which this scenario's rules do not read.",
                        carried.join(", ")
                    ))
                    .weak(),
                );
            }
            for &(rule, name) in &read {
                if let Some(on) = f.checkbox(ui, name, u.has(rule)) {
                    let mut n = u.clone();
                    n.special.retain(|r| *r != rule);
                    if on {
                        n.special.push(rule);
                        n.special.sort();
                    }
                    f.emit("Set special rule", None, vec![put(n)]);
                }
            }
        });
    }
    command_ui(ui, f, u);
    if let Some(l) = u.leadership {
        leadership_ui(ui, f, u, l);
    }
    position_ui(ui, f, u);
    if has_models(s) {
        models_ui(ui, f, u);
    }
    state_ui(ui, f, u);
}

fn strength_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let s = f.s;
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    section(ui, "Strength", ("strength", u.id), false, |ui| {
        grid(ui, ("unit-strength", u.id), |ui| {
            let st = u.strength;
            // A unit at full strength stays at full strength when its start changes.
            let start_check = |v: &u16| {
                let cur = if st.current == st.start {
                    *v
                } else {
                    st.current
                };
                with_strength(s, u, *v, cur).map(|_| ())
            };
            if let Some((v, key)) = f.number(
                ui,
                "Starting strength",
                &k("start"),
                st.start,
                0..=999,
                0.05,
                &start_check,
            ) {
                let cur = if st.current == st.start {
                    v
                } else {
                    st.current
                };
                if let Ok(n) = with_strength(s, u, v, cur) {
                    f.emit("Set strength", Some(key), vec![put(n)]);
                }
            }
            let cur_check = |v: &u16| with_strength(s, u, st.start, *v).map(|_| ());
            if let Some((v, key)) = f.number(
                ui,
                "Current strength",
                &k("current"),
                st.current,
                0..=999,
                0.05,
                &cur_check,
            ) && let Ok(n) = with_strength(s, u, st.start, v)
            {
                f.emit("Set strength", Some(key), vec![put(n)]);
            }
            if has_models(s) {
                f.info(ui, "Models", format!("{}", u.models.len()));
            }
        });
    });
}

fn stats_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let st = u.stats;
    let fields: [(&str, &str, u8, Stat); 10] = [
        ("mv", "Move (in)", st.mv, Stat::Mv),
        ("ld", "Leadership (Ld)", st.ld, Stat::Ld),
        ("discipline", "Discipline", st.discipline, Stat::Discipline),
        ("rof", "Rate of fire", st.rof, Stat::Rof),
        ("aw", "Awareness (in)", st.aw, Stat::Aw),
        ("bs", "Ballistic skill", st.bs, Stat::Bs),
        ("ev", "Evasion", st.ev, Stat::Ev),
        ("to", "Toughness", st.to, Stat::To),
        ("mp", "Movement points", st.mp, Stat::Mp),
        ("rout", "Rout distance (in)", st.rout_in, Stat::Rout),
    ];
    // Only what the scenario's rules read (the others keep their values in the file).
    for (i, (field, name, v, stat)) in fields.iter().enumerate() {
        if !reads_stat(&f.s.rules, *stat) {
            continue;
        }
        let key = format!("unit.{}.{field}", u.id.0);
        if let Some((nv, merge)) = f.number(ui, name, &key, *v, 0..=99, 0.05, &any) {
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
            f.emit(
                "Edit characteristics",
                Some(merge),
                vec![put(Unit {
                    stats: n,
                    ..u.clone()
                })],
            );
        }
    }
}

fn command_ui(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let s = f.s;
    section(ui, "Command", ("command", u.id), false, |ui| {
        // No empty grid (a blank row) when neither field is asked for: a leader with a chit
        // in a scenario without R4.
        let asks = u.leadership.is_none() || reads_leader_field(&s.rules, LeaderField::Attached);
        if asks {
            command_fields(ui, f, u);
        }
        // R5: who this unit traces command to, and the command it moves under, as the
        // preview engine traces it.
        // Tracing builds the hex rules for the whole map: once per state of the scenario.
        if s.map.is_hex() {
            let id = egui::Id::unique(("inspector-traced", u.id));
            let cached = ui
                .data(|d| d.get_temp::<(u64, Option<String>)>(id))
                .filter(|(k, _)| *k == f.changes);
            let traced = match cached {
                Some((_, t)) => t,
                None => {
                    let t = crate::preview::traced(s, u.id);
                    ui.data_mut(|d| d.insert_temp(id, (f.changes, t.clone())));
                    t
                }
            };
            if let Some(t) = traced {
                ui.label(format!("Traced: {t}"));
            }
        }
        if let Some(c) = s.column_of(u.id)
            && ui.link(format!("Marches in column '{}'", c.name)).clicked()
        {
            f.select = Some(vec![ItemRef::Column(c.id)]);
        }
        for r in s.reinforcements.iter().filter(|r| r.units.contains(&u.id)) {
            if ui
                .link(format!("Arrives as a reinforcement on turn {}", r.turn))
                .clicked()
            {
                f.select = Some(vec![ItemRef::Reinforcement(r.id)]);
            }
        }
    });
}

/// The unit's commander (not for a leader with a chit: his superior is his chain) and, under
/// R4, its attached leader.
fn command_fields(ui: &mut Ui, f: &mut Form, u: &Unit) {
    let s = f.s;
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    grid(ui, ("unit-command", u.id), |ui| {
        let leaders = leader_options(s, u.side, u.id);
        // A leader with a chit answers to his superior (Leadership, below): a commander
        // beside it would read as a second, unread chain.
        if u.leadership.is_none()
            && let Some((c, _)) = f.combo(
                ui,
                "Commander",
                &k("commander"),
                &u.commander,
                &leaders,
                "?",
                &any,
            )
        {
            f.emit(
                "Set commander",
                None,
                vec![put(Unit {
                    commander: c,
                    ..u.clone()
                })],
            );
        }
        if reads_leader_field(&s.rules, LeaderField::Attached)
            && let Some((c, _)) = f.combo(
                ui,
                "Attached leader",
                &k("attached"),
                &u.attached_leader,
                &leaders,
                "?",
                &any,
            )
        {
            f.emit(
                "Attach leader",
                None,
                vec![put(Unit {
                    attached_leader: c,
                    ..u.clone()
                })],
            );
        }
    });
}

fn leadership_ui(ui: &mut Ui, f: &mut Form, u: &Unit, l: Leadership) {
    let s = f.s;
    let k = |field: &str| format!("unit.{}.{field}", u.id.0);
    let with = |l: Leadership| {
        put(Unit {
            leadership: Some(l),
            ..u.clone()
        })
    };
    section(ui, "Leadership", ("leadership", u.id), false, |ui| {
        grid(ui, ("unit-leadership", u.id), |ui| {
            let commands: Vec<(Command, String)> = Command::ALL
                .iter()
                .map(|c| (*c, c.name().to_string()))
                .collect();
            let reads = |field| reads_leader_field(&s.rules, field);
            if reads(LeaderField::Chit)
                && let Some((c, _)) = f.combo(
                    ui,
                    "Command chit",
                    &k("chit"),
                    &l.command,
                    &commands,
                    "?",
                    &any,
                )
            {
                f.emit(
                    "Set command",
                    None,
                    vec![with(Leadership { command: c, ..l })],
                );
            }
            if reads(LeaderField::Span)
                && let Some((v, key)) = f.number(
                    ui,
                    "Command span (hexes)",
                    &k("span"),
                    l.span,
                    0..=30,
                    0.05,
                    &any,
                )
            {
                f.emit(
                    "Set span",
                    Some(key),
                    vec![with(Leadership { span: v, ..l })],
                );
            }
            let no_loop = |c: &Option<UnitId>| match c {
                Some(c) => superior_loop(s, u.id, *c).map_or(Ok(()), Err),
                None => Ok(()),
            };
            let leaders = leader_options(s, u.side, u.id);
            if reads(LeaderField::Superior)
                && let Some((c, _)) = f.combo(
                    ui,
                    "Superior",
                    &k("superior"),
                    &l.superior,
                    &leaders,
                    "?",
                    &no_loop,
                )
            {
                f.emit(
                    "Set superior",
                    None,
                    vec![with(Leadership { superior: c, ..l })],
                );
            }
            if reads(LeaderField::Bonus)
                && let Some((v, key)) =
                    f.number(ui, "Morale bonus", &k("bonus"), l.bonus, -5..=5, 0.05, &any)
            {
                f.emit(
                    "Set bonus",
                    Some(key),
                    vec![with(Leadership { bonus: v, ..l })],
                );
            }
            let rerolls_check = |v: &u8| {
                if *v < l.rerolls_used {
                    Err(format!("it has already used {} re-rolls", l.rerolls_used))
                } else {
                    Ok(())
                }
            };
            if reads(LeaderField::Rerolls)
                && let Some((v, key)) = f.number(
                    ui,
                    "Re-rolls",
                    &k("rerolls"),
                    l.rerolls,
                    0..=20,
                    0.05,
                    &rerolls_check,
                )
            {
                f.emit(
                    "Set re-rolls",
                    Some(key),
                    vec![with(Leadership { rerolls: v, ..l })],
                );
            }
            let used_check = |v: &u8| {
                if *v > l.rerolls {
                    Err(format!("it has only {} re-rolls", l.rerolls))
                } else {
                    Ok(())
                }
            };
            if reads(LeaderField::Rerolls)
                && let Some((v, key)) = f.number(
                    ui,
                    "Re-rolls used",
                    &k("used"),
                    l.rerolls_used,
                    0..=20,
                    0.05,
                    &used_check,
                )
            {
                f.emit(
                    "Set re-rolls used",
                    Some(key),
                    vec![with(Leadership {
                        rerolls_used: v,
                        ..l
                    })],
                );
            }
        });
        let led: Vec<&Unit> = s
            .units
            .iter()
            .filter(|x| {
                x.commander == Some(u.id) || x.leadership.is_some_and(|l| l.superior == Some(u.id))
            })
            .collect();
        if !led.is_empty() {
            ui.label(format!(
                "Commands {}:",
                count(led.len() as u64, "unit or leader", "units and leaders")
            ));
            ui.horizontal_wrapped(|ui| {
                for x in led {
                    if ui.link(&x.name).clicked() {
                        f.select = Some(vec![ItemRef::Unit(x.id)]);
                    }
                }
            });
        }
    });
}
