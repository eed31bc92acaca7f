//! `sandtable info`: a summary a designer can scan, and the same facts as JSON.

use super::error::CliError;
use super::json;
use crate::model::*;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct Report {
    title: String,
    author: String,
    format_version: u32,
    ruleset: Ruleset,
    morale_tests: bool,
    /// On a hex map, the most combat units a hex may hold (1 unless the scenario says more).
    units_per_hex: Option<u8>,
    turn: u16,
    map: MapInfo,
    sides: Vec<SideInfo>,
    terrain_types: Vec<TerrainInfo>,
    pieces: Vec<PieceInfo>,
    units: Vec<UnitInfo>,
    columns: Vec<ColumnInfo>,
    zones: Vec<Named>,
    objectives: Vec<ObjectiveInfo>,
    reinforcements: Vec<ReinforcementInfo>,
    /// The names printed on the map, each with where it stands.
    labels: Vec<LabelInfo>,
    /// The victory conditions, when the scenario keeps score.
    #[serde(skip_serializing_if = "Option::is_none")]
    victory: Option<VictoryInfo>,
}

#[derive(Serialize)]
struct ObjectiveInfo {
    id: u32,
    name: String,
    /// Points to the side holding it.
    value: u16,
    /// Points to each side, where they are not `value`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    side_points: Vec<SidePointsInfo>,
    held: Holding,
}

#[derive(Serialize)]
struct SidePointsInfo {
    side: String,
    points: u16,
}

#[derive(Serialize)]
struct VictoryInfo {
    last_turn: Option<u16>,
    per_unit_lost: u16,
    per_strength_lost: u16,
    hold_within_in: f32,
    /// The conditions in words, as the scenario sheet prints them.
    conditions: Vec<String>,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum MapInfo {
    Table {
        width_in: f32,
        height_in: f32,
    },
    Hex {
        orientation: Orientation,
        shape: HexShape,
        hexes: usize,
        hex_size_mm: f32,
        hexsides: usize,
    },
}

#[derive(Serialize)]
struct SideInfo {
    id: u32,
    name: String,
    colour: String,
    home_edge: Option<Edge>,
    units: usize,
    /// What the side's player is told; empty when nothing.
    briefing: String,
}

#[derive(Serialize)]
struct TerrainInfo {
    id: u32,
    name: String,
    colour: String,
    hex_cost: HexCost,
    kind: TerrainKind,
    flags: Vec<&'static str>,
}

#[derive(Serialize)]
struct PieceInfo {
    id: u32,
    name: String,
    terrain: String,
    shape: &'static str,
    vertices: usize,
}

#[derive(Serialize)]
struct UnitInfo {
    id: u32,
    name: String,
    side: String,
    kind: KindTag,
    quality: Quality,
    strength: Strength,
    morale: Morale,
    position: String,
    models: usize,
    special: Vec<SpecialRule>,
    leadership: Option<Leadership>,
    commander: Option<u32>,
    attached_leader: Option<u32>,
    /// Dragoons: `mounted` or `dismounted` (R5).
    #[serde(skip_serializing_if = "Option::is_none")]
    formation: Option<&'static str>,
    /// Pinned (R1): it rallies from it with a pin test before it moves.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pinned: bool,
}

#[derive(Serialize)]
struct ColumnInfo {
    id: u32,
    name: String,
    side: String,
    entry: EntryPoint,
    members: Vec<u32>,
    on_table_at_start: StartCount,
    state: ColumnState,
}

#[derive(Serialize)]
struct Named {
    id: u32,
    name: String,
}

#[derive(Serialize)]
struct LabelInfo {
    text: String,
    at: String,
}

#[derive(Serialize)]
struct ReinforcementInfo {
    id: u32,
    turn: u16,
    side: String,
    /// Where it enters, as the sheet prints it (after the name of a map label standing there).
    entry: String,
    units: Vec<u32>,
}

fn flags(t: &TerrainType) -> Vec<&'static str> {
    [
        (t.difficult, "difficult"),
        (t.dangerous, "dangerous"),
        (t.impassable, "impassable"),
        (t.blocks_sight, "blocks sight"),
        (t.conceals, "conceals"),
        (t.bare_hill, "bare hill"),
        (t.building, "building"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect()
}

fn position_text(s: &Scenario, u: &Unit) -> String {
    match u.position {
        Position::OffMap => "off map".into(),
        Position::Exited => "exited".into(),
        Position::Table => match u.models.first() {
            Some(m) => format!("table ({:.2}, {:.2})", m.pos.x, m.pos.y),
            None => "table (no models)".into(),
        },
        Position::Hex { hex, facing } => match s.map.as_hex() {
            Some(h) => format!(
                "hex {} ({}, {}) facing {facing}",
                h.label(hex),
                hex.x,
                hex.y
            ),
            None => format!("hex ({}, {}) facing {facing}", hex.x, hex.y),
        },
    }
}

fn report(s: &Scenario) -> Report {
    let side_name = |id: SideId| {
        s.side(id)
            .map_or_else(|| id.to_string(), |x| x.name.clone())
    };
    Report {
        title: s.meta.title.clone(),
        author: s.meta.author.clone(),
        format_version: s.meta.format_version,
        ruleset: s.rules.ruleset,
        morale_tests: s.rules.morale_tests,
        units_per_hex: s.map.is_hex().then(|| s.rules.units_per_hex()),
        turn: s.turn,
        map: match &s.map {
            Map::Table(t) => MapInfo::Table {
                width_in: t.width_in,
                height_in: t.height_in,
            },
            Map::Hex(h) => MapInfo::Hex {
                orientation: h.orientation,
                shape: h.shape,
                hexes: h.grid().len(),
                hex_size_mm: h.hex_size_mm,
                hexsides: h.hexsides.len(),
            },
        },
        sides: s
            .sides
            .iter()
            .map(|x| SideInfo {
                id: x.id.0,
                name: x.name.clone(),
                colour: x.colour.to_string(),
                home_edge: x.home_edge,
                units: s.units.iter().filter(|u| u.side == x.id).count(),
                briefing: x.briefing.clone(),
            })
            .collect(),
        terrain_types: s
            .terrain_types
            .iter()
            .map(|t| TerrainInfo {
                id: t.id.0,
                name: t.name.clone(),
                colour: t.colour.to_string(),
                hex_cost: t.hex_cost,
                kind: t.kind,
                flags: flags(t),
            })
            .collect(),
        pieces: s
            .pieces
            .iter()
            .map(|p| PieceInfo {
                id: p.id.0,
                name: p.name.clone(),
                terrain: s
                    .terrain(p.terrain)
                    .map_or_else(|| p.terrain.to_string(), |t| t.name.clone()),
                shape: match p.shape {
                    PieceShape::Polygon(_) => "polygon",
                    PieceShape::Polyline { .. } => "polyline",
                },
                vertices: p.shape.points().len(),
            })
            .collect(),
        units: s
            .units
            .iter()
            .map(|u| UnitInfo {
                id: u.id.0,
                name: u.name.clone(),
                side: side_name(u.side),
                kind: u.kind.tag(),
                quality: u.quality,
                strength: u.strength,
                morale: u.state.morale,
                position: position_text(s, u),
                models: u.models.len(),
                special: u.special.clone(),
                leadership: u.leadership,
                commander: u.commander.map(|c| c.0),
                attached_leader: u.attached_leader.map(|c| c.0),
                formation: (u.kind == UnitKind::Dragoons).then_some(if u.state.mounted {
                    "mounted"
                } else {
                    "dismounted"
                }),
                pinned: u.state.pinned,
            })
            .collect(),
        columns: s
            .columns
            .iter()
            .map(|c| ColumnInfo {
                id: c.id.0,
                name: c.name.clone(),
                side: side_name(c.side),
                entry: c.entry,
                members: c.members.iter().map(|m| m.unit.0).collect(),
                on_table_at_start: c.on_table_at_start,
                state: c.state,
            })
            .collect(),
        zones: s
            .zones
            .iter()
            .map(|z| Named {
                id: z.id.0,
                name: z.name.clone(),
            })
            .collect(),
        objectives: s
            .objectives
            .iter()
            .map(|o| ObjectiveInfo {
                id: o.id.0,
                name: o.name.clone(),
                value: o.value,
                side_points: o
                    .side_points
                    .iter()
                    .map(|p| SidePointsInfo {
                        side: side_name(p.side),
                        points: p.points,
                    })
                    .collect(),
                held: o.held,
            })
            .collect(),
        victory: s.rules.victory.as_ref().map(|v| VictoryInfo {
            last_turn: v.last_turn,
            per_unit_lost: v.per_unit_lost,
            per_strength_lost: v.per_strength_lost,
            hold_within_in: v.hold_within_in,
            conditions: crate::model::victory_words::condition_words(s),
        }),
        reinforcements: s
            .reinforcements
            .iter()
            .map(|r| ReinforcementInfo {
                id: r.id.0,
                turn: r.turn,
                side: side_name(r.side),
                entry: crate::io::export::place_words(s, r.entry),
                units: r.units.iter().map(|u| u.0).collect(),
            })
            .collect(),
        labels: s
            .labels
            .iter()
            .map(|l| LabelInfo {
                text: l.text.clone(),
                at: crate::io::export::plain_place_words(s, l.place),
            })
            .collect(),
    }
}

/// Writes the summary as text or JSON.
pub fn write(s: &Scenario, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let r = report(s);
    if json {
        return json::write(&r, out);
    }
    writeln!(out, "{}", r.title)?;
    if !r.author.is_empty() {
        writeln!(out, "by {}", r.author)?;
    }
    writeln!(
        out,
        "ruleset {:?}, morale tests {}, turn {}, format version {}",
        r.ruleset,
        if r.morale_tests { "on" } else { "off" },
        r.turn,
        r.format_version
    )?;
    if let Some(n) = r.units_per_hex {
        let words = if n == 1 {
            "1 combat unit a hex (R5's reading)".to_string()
        } else {
            format!("{n} combat units a hex (the scenario's limit)")
        };
        writeln!(out, "stacking: {words}")?;
    }
    match &r.map {
        MapInfo::Table {
            width_in,
            height_in,
        } => writeln!(out, "map: table {width_in}\" x {height_in}\"")?,
        MapInfo::Hex {
            orientation,
            shape,
            hexes,
            hex_size_mm,
            hexsides,
        } => {
            let shape = match shape {
                HexShape::Rectangle { columns, rows, .. } => {
                    format!("{columns} x {rows} rectangle")
                }
                HexShape::Hexagon { radius } => format!("hexagon of radius {radius}"),
            };
            writeln!(
                out,
                "map: {orientation:?}-topped hex map, {shape}, {hexes} hexes of {hex_size_mm} mm, {hexsides} hexside features"
            )?
        }
    }
    writeln!(out, "\nsides:")?;
    for x in &r.sides {
        let edge = x
            .home_edge
            .map(|e| format!(", home edge {e:?}"))
            .unwrap_or_default();
        writeln!(
            out,
            "  #{:<4} {} ({}{edge}), {} units",
            x.id, x.name, x.colour, x.units
        )?;
        for line in x.briefing.trim().lines() {
            writeln!(out, "        briefing: {line}")?;
        }
    }
    writeln!(out, "\nterrain types:")?;
    // A hex's movement cost means nothing on a table: its pieces are measured in inches.
    let on_hexes = matches!(r.map, MapInfo::Hex { .. });
    for t in &r.terrain_types {
        let cost = match (on_hexes, t.hex_cost) {
            (false, _) => String::new(),
            (true, HexCost::Mp(n)) => format!(", hex {n} MP"),
            (true, HexCost::Impassable) => ", impassable".into(),
        };
        writeln!(
            out,
            "  #{:<4} {:<20} {} {:?}{cost}{}{}",
            t.id,
            t.name,
            t.colour,
            t.kind,
            if t.flags.is_empty() { "" } else { ", " },
            t.flags.join(", ")
        )?;
    }
    if !r.pieces.is_empty() {
        writeln!(out, "\nterrain pieces:")?;
        for p in &r.pieces {
            writeln!(
                out,
                "  #{:<4} {:<24} {} {} of {} vertices",
                p.id, p.name, p.terrain, p.shape, p.vertices
            )?;
        }
    }
    let (leaders, units): (Vec<&UnitInfo>, Vec<&UnitInfo>) =
        r.units.iter().partition(|u| u.leadership.is_some());
    if !leaders.is_empty() {
        writeln!(out, "\nleaders:")?;
        for u in &leaders {
            let Some(l) = &u.leadership else { continue };
            let sup = l
                .superior
                .map(|x| format!(", superior {x}"))
                .unwrap_or_default();
            writeln!(
                out,
                "  #{:<4} {:<28} [{}] {}, span {}, bonus {:+}, re-rolls {}/{}{sup}; {}",
                u.id,
                u.name,
                u.side,
                l.command,
                l.span,
                l.bonus,
                l.rerolls - l.rerolls_used,
                l.rerolls,
                u.position
            )?;
        }
    }
    writeln!(out, "\nunits:")?;
    for u in &units {
        let mut extra = String::new();
        if let Some(c) = u.commander {
            extra += &format!(", commander #{c}");
        }
        if let Some(c) = u.attached_leader {
            extra += &format!(", attached #{c}");
        }
        if !u.special.is_empty() {
            extra += &format!(", {:?}", u.special);
        }
        if let Some(f) = u.formation {
            extra += &format!(", {f}");
        }
        if u.pinned {
            extra += ", pinned";
        }
        writeln!(
            out,
            "  #{:<4} {:<28} [{}] {} {:?}, {}/{} {:?}, {}{extra}",
            u.id,
            u.name,
            u.side,
            u.kind,
            u.quality,
            u.strength.current,
            u.strength.start,
            u.morale,
            u.position
        )?;
    }
    for c in &r.columns {
        writeln!(
            out,
            "\ncolumn #{} {} [{}]: enters {:?} edge at {}\" heading {}°, {:?} on table at start, {:?}; order of march {}",
            c.id,
            c.name,
            c.side,
            c.entry.edge,
            c.entry.along_in,
            c.entry.heading_deg,
            c.on_table_at_start,
            c.state,
            c.members
                .iter()
                .map(|m| format!("#{m}"))
                .collect::<Vec<_>>()
                .join(" → ")
        )?;
    }
    if !r.zones.is_empty() {
        writeln!(out, "\ndeployment zones:")?;
        for z in &r.zones {
            writeln!(out, "  #{:<4} {}", z.id, z.name)?;
        }
    }
    if !r.objectives.is_empty() {
        writeln!(out, "\nobjectives:")?;
        for o in &r.objectives {
            // The value counts only for a side without points of its own.
            let mut points = if o.side_points.len() < r.sides.len() {
                vec![format!("{} VP", o.value)]
            } else {
                Vec::new()
            };
            points.extend(
                o.side_points
                    .iter()
                    .map(|p| format!("{} VP to {}", p.points, p.side)),
            );
            writeln!(
                out,
                "  #{:<4} {} ({}; {})",
                o.id,
                o.name,
                points.join(", "),
                o.held.name()
            )?;
        }
    }
    if let Some(v) = &r.victory {
        writeln!(out, "\nvictory:")?;
        for w in &v.conditions {
            writeln!(out, "  {w}")?;
        }
    }
    if !r.labels.is_empty() {
        writeln!(out, "\nmap labels:")?;
        for l in &r.labels {
            writeln!(out, "  '{}' at {}", l.text, l.at)?;
        }
    }
    for x in &r.reinforcements {
        writeln!(
            out,
            "\nreinforcement #{} [{}] on turn {} at {}: {}",
            x.id,
            x.side,
            x.turn,
            x.entry,
            x.units
                .iter()
                .map(|m| format!("#{m}"))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
    }
    Ok(())
}
