//! What the scenario sheet says: the scenario's words (situation, notes, sides with their zones
//! and every unit and leader, entry points and the order of march, reinforcement groups with their
//! turn, entry and units, objectives) and the legend rows, as blocks the sheet flows into its
//! columns. Everything is always said: the sheet runs on over more pages rather than leave any
//! of it out.

use super::fonts::Weight;
use super::furniture::{INK, SOFT};
use super::legend;
use crate::model::*;
use crate::scene::Scene;
use std::collections::HashMap;
use std::sync::Arc;

pub(super) enum Swatch {
    Colour(Colour),
    Scene(Arc<Scene>),
}

pub(super) enum Block {
    Heading(String),
    Para {
        text: String,
        weight: Weight,
        colour: Colour,
        indent: f64,
    },
    Row {
        swatch: Swatch,
        title: String,
        detail: String,
        indent: f64,
    },
    Gap(f64),
}

fn para(text: impl Into<String>) -> Block {
    Block::Para {
        text: text.into(),
        weight: Weight::Regular,
        colour: INK,
        indent: 0.0,
    }
}

pub(super) fn edge_name(e: Edge) -> &'static str {
    match e {
        Edge::North => "north",
        Edge::East => "east",
        Edge::South => "south",
        Edge::West => "west",
    }
}

fn inches(v: f32) -> String {
    let s = format!("{v:.1}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} in")
}

fn quality(q: Quality) -> &'static str {
    match q {
        Quality::Veteran => "veteran",
        Quality::Regular => "regular",
        Quality::Green => "green",
    }
}

/// Where a place is, as the sheet prints it: `hex 0118` on a hex map, inches (and the edge
/// it is near) on a table; after the name of a map label standing there ("Horncastle road
/// (hex 1901)"), which the map shows.
pub fn place_words(s: &Scenario, p: Place) -> String {
    let at = plain_place_words(s, p);
    match s.label_at(p) {
        Some(l) => format!("{} ({at})", l.text),
        None => at,
    }
}

/// [`place_words`] without the label's name: where the place is, and only that.
pub fn plain_place_words(s: &Scenario, p: Place) -> String {
    match (p, &s.map) {
        (Place::Hex(h), Map::Hex(m)) => format!("hex {}", m.label(h)),
        (Place::Table(p), Map::Table(t)) => {
            let edges = [
                (p.y, "north"),
                (t.height_in - p.y, "south"),
                (p.x, "west"),
                (t.width_in - p.x, "east"),
            ];
            let near = edges
                .iter()
                .copied()
                .fold((f32::INFINITY, ""), |a, b| if b.0 < a.0 { b } else { a });
            let at = format!("{}, {}", inches(p.x), inches(p.y));
            if near.0 <= 3.0 {
                format!("{at} ({} edge)", near.1)
            } else {
                at
            }
        }
        _ => "off the map".into(),
    }
}

pub(super) fn ruleset_words(r: Ruleset) -> &'static str {
    match r {
        Ruleset::ColumnOfMarch => "Columns of march (R1)",
        Ruleset::M42 => "M42 movement (R2)",
        Ruleset::Orders => "Orders (R3)",
        Ruleset::HexCommands => "Hex commands (R5)",
    }
}

pub(super) fn map_words(s: &Scenario) -> String {
    match &s.map {
        Map::Table(t) => format!(
            "{} x {} table",
            inches(t.width_in).replace(" in", ""),
            inches(t.height_in)
        ),
        Map::Hex(h) => {
            let shape = match h.shape {
                HexShape::Rectangle { columns, rows, .. } => format!("{columns} x {rows} hexes"),
                HexShape::Hexagon { radius } => format!("hexagon of radius {radius}"),
            };
            let size = format!("{:.1}", h.hex_size_mm);
            let size = size.trim_end_matches('0').trim_end_matches('.');
            format!("{shape} of {size} mm")
        }
    }
}

/// What a unit is, in a few words: "veteran infantry, 4" or "leader, +1", and its hex on a hex
/// map.
fn unit_words(s: &Scenario, u: &Unit) -> String {
    let what = if u.is_leader() {
        match &u.leadership {
            Some(l) if l.bonus != 0 => format!("leader, {:+}", l.bonus),
            _ => "leader".into(),
        }
    } else {
        format!(
            "{} {}, {}",
            quality(u.quality),
            u.kind.tag(),
            if u.strength.current == u.strength.start {
                u.strength.start.to_string()
            } else {
                format!("{} of {}", u.strength.current, u.strength.start)
            }
        )
    };
    match (u.hex(), &s.map) {
        (Some((hex, _)), Map::Hex(m)) => format!("{what} · hex {}", m.label(hex)),
        _ => what,
    }
}

/// The words of the sheet, in reading order.
pub(super) fn blocks(s: &Scenario) -> Vec<Block> {
    let mut b = Vec::new();
    // One swatch per side (and per side and turn): a sheet may list a thousand zones.
    let mut zone_swatch: HashMap<SideId, Arc<Scene>> = HashMap::new();
    let mut arrival_swatch: HashMap<(SideId, u16), Arc<Scene>> = HashMap::new();
    let side_name = |id: SideId| s.side(id).map_or("?".to_string(), |x| x.name.clone());
    let unit_name = |id: UnitId| {
        s.unit(id)
            .map_or(format!("unit #{}", id.0), |u| u.name.clone())
    };
    if !s.meta.description.trim().is_empty() {
        b.push(Block::Heading("Situation".into()));
        b.push(para(s.meta.description.trim()));
    }
    if !s.meta.designer_notes.trim().is_empty() {
        b.push(Block::Heading("Designer's notes".into()));
        b.push(para(s.meta.designer_notes.trim()));
    }
    let briefed: Vec<&Side> = s
        .sides
        .iter()
        .filter(|x| !x.briefing.trim().is_empty())
        .collect();
    if let [only] = briefed[..]
        && s.sides.len() == 1
    {
        // A side's handout: its own briefing, whose the head of the page already says.
        b.push(Block::Heading("Briefing".into()));
        b.push(para(only.briefing.trim()));
    } else if !briefed.is_empty() {
        b.push(Block::Heading("Briefings".into()));
        for side in briefed {
            b.push(Block::Row {
                swatch: Swatch::Colour(side.colour),
                title: side.name.clone(),
                detail: "briefing for its player".into(),
                indent: 0.0,
            });
            b.push(para(side.briefing.trim()));
        }
    }
    if !s.sides.is_empty() {
        b.push(Block::Heading("Sides and deployment".into()));
        for side in &s.sides {
            let units: Vec<&Unit> = s.units.iter().filter(|u| u.side == side.id).collect();
            let leaders = units.iter().filter(|u| u.is_leader()).count();
            let mut detail = Vec::new();
            if let Some(e) = side.home_edge {
                detail.push(format!("home edge {}", edge_name(e)));
            }
            let n = units.len() - leaders;
            detail.push(match leaders {
                0 => format!("{n} units"),
                1 => format!("{n} units and 1 leader"),
                l => format!("{n} units and {l} leaders"),
            });
            b.push(Block::Row {
                swatch: Swatch::Colour(side.colour),
                title: side.name.clone(),
                detail: detail.join(" · "),
                indent: 0.0,
            });
            for z in s.zones.iter().filter(|z| z.side == side.id) {
                let size = match &z.area {
                    ZoneArea::Hexes(h) => format!("deployment zone of {} hexes", h.len()),
                    ZoneArea::Polygon(_) => "deployment zone".into(),
                };
                let swatch = zone_swatch
                    .entry(side.id)
                    .or_insert_with(|| legend::zone(s, side.id))
                    .clone();
                b.push(Block::Row {
                    swatch: Swatch::Scene(swatch),
                    title: z.name.clone(),
                    detail: size,
                    indent: 4.0,
                });
            }
            for u in &units {
                b.push(Block::Para {
                    text: format!("{} — {}", u.name, unit_words(s, u)),
                    weight: Weight::Regular,
                    colour: SOFT,
                    indent: 4.0,
                });
            }
            b.push(Block::Gap(1.0));
        }
    }
    if !s.columns.is_empty() {
        b.push(Block::Heading("Entry points and columns of march".into()));
        for c in &s.columns {
            let e = c.entry;
            let from = match e.edge {
                Edge::North | Edge::South => "west",
                Edge::East | Edge::West => "north",
            };
            let arrival = match c.on_table_at_start {
                StartCount::Count(0) => "all units march on at the entry point".to_string(),
                StartCount::Count(n) => format!(
                    "the first {n} start on the table; the rest march on at the entry point as room opens"
                ),
                StartCount::D3 => "roll D3: that many, lead first, start on the table; the rest march on at the entry point as room opens".to_string(),
            };
            b.push(Block::Row {
                swatch: Swatch::Scene(legend::entry(s, c.side)),
                title: c.name.clone(),
                detail: format!(
                    "{} · enters the {} edge {} from the {from} end, heading {:.0}° · {arrival}",
                    side_name(c.side),
                    edge_name(e.edge),
                    inches(e.along_in),
                    e.heading_deg
                ),
                indent: 0.0,
            });
            for (i, m) in c.members.iter().enumerate() {
                let place = match c.on_table_at_start {
                    StartCount::Count(n) if i < n as usize => "on table at start",
                    StartCount::Count(_) => "arrives",
                    StartCount::D3 => match i {
                        0 => "on table at start",
                        1 => "on table on a D3 of 2+",
                        2 => "on table on a D3 of 3",
                        _ => "arrives",
                    },
                };
                let unit = s.unit(m.unit);
                let what = unit.map_or(String::new(), |u| {
                    format!(
                        ", {} {}, {} wide",
                        quality(u.quality),
                        u.kind.tag(),
                        m.width_figures
                    )
                });
                b.push(Block::Para {
                    text: format!("{}. {}{what} — {place}", i + 1, unit_name(m.unit)),
                    weight: Weight::Regular,
                    colour: INK,
                    indent: 4.0,
                });
            }
            b.push(Block::Gap(1.0));
        }
    }
    if !s.reinforcements.is_empty() {
        b.push(Block::Heading("Reinforcements".into()));
        let mut rs: Vec<&Reinforcement> = s.reinforcements.iter().collect();
        rs.sort_by_key(|r| (r.turn, r.side.0, r.id.0));
        for r in rs {
            let names: Vec<String> = r.units.iter().map(|u| unit_name(*u)).collect();
            let swatch = arrival_swatch
                .entry((r.side, r.turn))
                .or_insert_with(|| legend::reinforcement(s, r.side, r.turn))
                .clone();
            b.push(Block::Row {
                swatch: Swatch::Scene(swatch),
                title: format!(
                    "Turn {}: {} at {}",
                    r.turn,
                    side_name(r.side),
                    place_words(s, r.entry)
                ),
                detail: match names.len() {
                    0 => "no units yet".into(),
                    _ => names.join(", "),
                },
                indent: 0.0,
            });
        }
    }
    if !s.objectives.is_empty() {
        b.push(Block::Heading("Objectives".into()));
        let star = legend::objective(s);
        let scored = s.rules.victory.is_some();
        for o in &s.objectives {
            let mut detail = vec![place_words(s, o.place)];
            if scored {
                detail.push(format!("counts {}", o.held.name()));
            }
            if !o.notes.trim().is_empty() {
                detail.push(o.notes.trim().to_string());
            }
            b.push(Block::Row {
                swatch: Swatch::Scene(star.clone()),
                title: if scored || o.value > 0 {
                    format!(
                        "{} ({})",
                        o.name,
                        crate::model::victory_words::points_words(s, o)
                    )
                } else {
                    o.name.clone()
                },
                detail: detail.join(" · "),
                indent: 0.0,
            });
        }
    }
    let conditions = crate::model::victory_words::general_words(s);
    if !conditions.is_empty() {
        b.push(Block::Heading("Victory".into()));
        b.extend(conditions.into_iter().map(para));
    }
    let terrain = legend::terrain(s);
    let units = legend::units(s);
    if !terrain.is_empty() || !units.is_empty() {
        b.push(Block::Heading("Legend".into()));
        for e in terrain.into_iter().chain(units) {
            b.push(Block::Row {
                swatch: Swatch::Scene(e.swatch),
                title: e.label,
                detail: e.detail,
                indent: 0.0,
            });
        }
    }
    b
}
