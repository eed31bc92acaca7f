//! Legend swatches drawn through the scene code: each is a tiny scenario (one terrain piece, one
//! hex, one base or counter, one marker) built into a scene by `scene::build`, so the legend shows
//! exactly what the map shows.

use crate::geom::Point;
use crate::model::*;
use crate::scene::{self, Scene, Style};
use hexx::{EdgeDirection, Hex};
use std::sync::Arc;

/// A legend line: its swatch, its name and a few words about it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub swatch: Arc<Scene>,
    pub label: String,
    pub detail: String,
}

fn plain() -> Style {
    Style {
        grid: false,
        coordinates: false,
        labels: false,
        zones: true,
        clear_hex_labels: false,
        selected: Vec::new(),
    }
}

/// A scenario with `s`'s sides, terrain and rules on `map`, and nothing on it.
fn mini(s: &Scenario, map: Map) -> Scenario {
    let mut m = Scenario::new_table("");
    m.map = map;
    m.sides = s.sides.clone();
    m.terrain_types = s.terrain_types.clone();
    m.rules = s.rules.clone();
    m.turn = s.turn;
    m.units.clear();
    m.pieces.clear();
    m.zones.clear();
    m.objectives.clear();
    m.columns.clear();
    m.reinforcements.clear();
    m
}

fn table(w: f32, h: f32) -> Map {
    Map::Table(TableMap {
        width_in: w,
        height_in: h,
    })
}

/// A one-hex (or `columns`-hex) map like `h`, all of `ground`.
fn hexes(h: &HexMap, columns: u32, ground: TerrainId) -> Map {
    Map::Hex(HexMap::filled(
        h.orientation,
        h.hex_size_mm,
        HexShape::Rectangle {
            columns,
            rows: 1,
            parity: OffsetParity::Even,
        },
        ground,
    ))
}

fn first_hex(m: &Scenario) -> Hex {
    m.map
        .as_hex()
        .and_then(|h| h.grid().hex_at(0))
        .unwrap_or(Hex::ZERO)
}

fn build(m: &Scenario, style: &Style) -> Arc<Scene> {
    Arc::new(scene::build(m, style))
}

fn flags(t: &TerrainType, hex: bool) -> String {
    let mut v: Vec<String> = Vec::new();
    if hex {
        v.push(match t.hex_cost {
            HexCost::Mp(n) => format!("{n} MP"),
            HexCost::Impassable => "impassable".into(),
        });
    } else if t.impassable {
        v.push("impassable".into());
    }
    for (on, name) in [
        (t.difficult, "difficult"),
        (t.dangerous, "dangerous"),
        (t.blocks_sight, "blocks sight"),
        (t.conceals, "conceals"),
        (t.bare_hill, "bare hill"),
        (t.building, "building"),
    ] {
        if on {
            v.push(name.into());
        }
    }
    if !hex && v.is_empty() {
        v.push("open".into());
    }
    v.join(" · ")
}

/// The terrain types the map uses, in the terrain table's order, and the hexside features.
pub fn terrain(s: &Scenario) -> Vec<Entry> {
    let Some(ground) = s.terrain_types.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match &s.map {
        Map::Table(_) => {
            for t in &s.terrain_types {
                let piece = s.pieces.iter().find(|p| p.terrain == t.id);
                if piece.is_none() && t.id != ground.id {
                    continue;
                }
                let mut m = mini(s, table(1.5, 1.0));
                m.terrain_types = vec![ground.clone()];
                if t.id != ground.id {
                    m.terrain_types.push(t.clone());
                }
                let shape = match piece.map(|p| &p.shape) {
                    Some(PieceShape::Polyline { width_in, .. }) => Some(PieceShape::Polyline {
                        points: vec![Point::new(-0.1, 0.55), Point::new(1.6, 0.45)],
                        width_in: width_in.clamp(0.1, 0.5),
                    }),
                    Some(PieceShape::Polygon(_)) => Some(PieceShape::Polygon(vec![
                        Point::new(0.2, 0.18),
                        Point::new(1.3, 0.15),
                        Point::new(1.33, 0.8),
                        Point::new(0.18, 0.84),
                    ])),
                    None => None,
                };
                if let (Some(shape), true) = (shape, t.id != ground.id) {
                    m.pieces.push(TerrainPiece {
                        id: PieceId(1),
                        name: String::new(),
                        terrain: t.id,
                        shape,
                    });
                }
                let what = match piece.map(|p| &p.shape) {
                    Some(PieceShape::Polyline { .. }) if t.kind == TerrainKind::Road => "road",
                    Some(PieceShape::Polyline { .. }) => "obstacle",
                    _ if t.id == ground.id => "open ground",
                    _ => "area",
                };
                out.push(Entry {
                    swatch: build(&m, &plain()),
                    label: t.name.clone(),
                    detail: format!("{what} · {}", flags(t, false)),
                });
            }
        }
        Map::Hex(h) => {
            for t in &s.terrain_types {
                if !h.terrain.contains(&t.id) {
                    continue;
                }
                let m = mini(s, hexes(h, 1, t.id));
                out.push(Entry {
                    swatch: build(
                        &m,
                        &Style {
                            grid: true,
                            ..plain()
                        },
                    ),
                    label: t.name.clone(),
                    detail: flags(t, true),
                });
            }
            out.extend(hexsides(s, h, ground.id));
        }
    }
    out
}

fn hexsides(s: &Scenario, h: &HexMap, ground: TerrainId) -> Vec<Entry> {
    let any = |f: fn(&HexsideFeatures) -> bool| h.hexsides.iter().any(|x| f(&x.features));
    let costs = &s.rules.hexside_costs;
    let extra = |c: Option<u8>| c.map_or("impassable".to_string(), |n| format!("+{n} MP to cross"));
    let kinds: [(bool, &str, String, HexsideFeatures); 7] = [
        (
            any(|f| f.road),
            "Road",
            format!("{} MP along the road", costs.road_mp),
            HexsideFeatures {
                road: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.track),
            "Track",
            format!(
                "{} MP along the track (the ground's, if less)",
                costs.track_mp
            ),
            HexsideFeatures {
                track: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.railway),
            "Railway",
            format!(
                "{} MP along the railway (the ground's, if less)",
                costs.railway_mp
            ),
            HexsideFeatures {
                railway: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.river),
            "River",
            extra(costs.river_extra),
            HexsideFeatures {
                river: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.bridge),
            "Bridge",
            "crossing pays no river cost".into(),
            HexsideFeatures {
                river: true,
                bridge: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.wall),
            "Wall",
            extra(costs.wall_extra),
            HexsideFeatures {
                wall: true,
                ..Default::default()
            },
        ),
        (
            any(|f| f.blocks_zoc),
            "Blocks zones of control",
            "hexside".into(),
            HexsideFeatures {
                blocks_zoc: true,
                ..Default::default()
            },
        ),
    ];
    let mut out = Vec::new();
    for (used, label, detail, features) in kinds {
        if !used {
            continue;
        }
        let mut m = mini(s, hexes(h, 2, ground));
        if let Some(mh) = m.map.as_hex_mut() {
            let grid = mh.grid();
            if let (Some(a), Some(b)) = (grid.hex_at(0), grid.hex_at(1))
                && let Some(d) =
                    (0..6u8).find(|d| a.neighbor(EdgeDirection::ALL_DIRECTIONS[*d as usize]) == b)
            {
                mh.set_hexside(a, d, features);
            }
        }
        out.push(Entry {
            swatch: build(
                &m,
                &Style {
                    grid: true,
                    ..plain()
                },
            ),
            label: label.into(),
            detail,
        });
    }
    out
}

fn kind_name(tag: KindTag) -> &'static str {
    match tag {
        KindTag::Infantry => "Infantry",
        KindTag::Cavalry => "Cavalry",
        KindTag::Dragoons => "Dragoons",
        KindTag::Artillery => "Artillery",
        KindTag::Elephant => "Elephant",
        KindTag::Wagon => "Wagon",
        KindTag::Leader => "Leader",
    }
}

fn base_words(b: Base) -> String {
    let n = |v: f32| {
        let s = format!("{v:.1}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    match b {
        Base::Round { diameter_mm } => format!("{} mm round bases", n(diameter_mm)),
        Base::Rect { width_mm, depth_mm } => {
            format!("{} x {} mm bases", n(width_mm), n(depth_mm))
        }
    }
}

/// One symbol per kind of unit in the scenario, drawn as the map draws it.
pub fn units(s: &Scenario) -> Vec<Entry> {
    let mut out = Vec::new();
    for tag in KindTag::ALL {
        let of_kind: Vec<&Unit> = s.units.iter().filter(|u| u.kind.tag() == tag).collect();
        if of_kind.is_empty() {
            continue;
        }
        let count = of_kind.len();
        let plural = if count == 1 { "unit" } else { "units" };
        match &s.map {
            Map::Table(_) => {
                let Some(u) = of_kind.iter().find(|u| !u.models.is_empty()) else {
                    continue;
                };
                let Some(model) = u.models.first() else {
                    continue;
                };
                let r = model.footprint().bounding_radius().max(0.1);
                let (h, w) = (r * 2.9, r * 2.9 * 1.5);
                let mut m = mini(s, table(w, h));
                let mut unit = (*u).clone();
                let mut model = *model;
                model.pos = Point::new(w / 2.0, h / 2.0);
                model.facing_deg = 0.0;
                unit.models = vec![model];
                unit.leader_model = (tag == KindTag::Leader).then_some(model.id);
                unit.position = Position::Table;
                unit.state.morale = Morale::GoodOrder;
                m.units.push(unit);
                out.push(Entry {
                    swatch: build(&m, &plain()),
                    label: kind_name(tag).into(),
                    detail: format!("{} · {count} {plural}", base_words(model.base)),
                });
            }
            Map::Hex(h) => {
                let Some(u) = of_kind.first() else { continue };
                let ground = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
                let mut m = mini(s, hexes(h, 1, ground));
                let at = first_hex(&m);
                let mut unit = (*u).clone();
                unit.position = Position::Hex {
                    hex: at,
                    facing: u.hex().map_or(0, |(_, f)| f),
                };
                unit.state.morale = Morale::GoodOrder;
                m.units.push(unit);
                let what = match tag {
                    KindTag::Leader => "disc with a star; shares a hex".to_string(),
                    _ => "counter: symbol, strength, facing notch".to_string(),
                };
                out.push(Entry {
                    swatch: build(&m, &plain()),
                    label: kind_name(tag).into(),
                    detail: format!("{what} · {count} {plural}"),
                });
            }
        }
    }
    out
}

/// A deployment zone of `side`, as the map shades it.
pub fn zone(s: &Scenario, side: SideId) -> Arc<Scene> {
    let zone_of = |area| DeploymentZone {
        id: ZoneId(1),
        name: String::new(),
        side,
        area,
    };
    let m = match &s.map {
        Map::Table(_) => {
            let mut m = mini(s, table(1.5, 1.0));
            m.zones.push(zone_of(ZoneArea::Polygon(vec![
                Point::new(0.15, 0.15),
                Point::new(1.35, 0.15),
                Point::new(1.35, 0.85),
                Point::new(0.15, 0.85),
            ])));
            m
        }
        Map::Hex(h) => {
            let ground = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
            let mut m = mini(s, hexes(h, 1, ground));
            let at = first_hex(&m);
            m.zones.push(zone_of(ZoneArea::Hexes(vec![at])));
            m
        }
    };
    let style = Style {
        grid: s.map.is_hex(),
        ..plain()
    };
    build(&m, &style)
}

/// The objective marker.
pub fn objective(s: &Scenario) -> Arc<Scene> {
    let (mut m, place) = match &s.map {
        Map::Table(_) => (
            mini(s, table(2.1, 1.4)),
            Place::Table(Point::new(1.05, 0.7)),
        ),
        Map::Hex(h) => {
            let ground = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
            let m = mini(s, hexes(h, 1, ground));
            let at = first_hex(&m);
            (m, Place::Hex(at))
        }
    };
    m.objectives.push(Objective {
        id: ObjectiveId(1),
        name: String::new(),
        place,
        value: 0,
        notes: String::new(),
        held: Default::default(),
        side_points: Vec::new(),
    });
    build(
        &m,
        &Style {
            grid: s.map.is_hex(),
            ..plain()
        },
    )
}

/// A column's entry arrow in `side`'s colour (tables only).
pub fn entry(s: &Scenario, side: SideId) -> Arc<Scene> {
    let mut m = mini(s, table(3.3, 2.2));
    m.columns.push(Column {
        id: ColumnId(1),
        name: String::new(),
        side,
        entry: EntryPoint {
            edge: Edge::South,
            along_in: 1.65,
            heading_deg: 0.0,
        },
        members: Vec::new(),
        on_table_at_start: StartCount::Count(0),
        state: ColumnState::Formed,
        route: Vec::new(),
        last_action: None,
    });
    build(&m, &plain())
}

/// The reinforcement marker of `side` arriving on `turn`.
pub fn reinforcement(s: &Scenario, side: SideId, turn: u16) -> Arc<Scene> {
    let (mut m, place) = match &s.map {
        Map::Table(_) => (
            mini(s, table(2.1, 1.4)),
            Place::Table(Point::new(1.05, 0.7)),
        ),
        Map::Hex(h) => {
            let ground = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
            let m = mini(s, hexes(h, 1, ground));
            let at = first_hex(&m);
            (m, Place::Hex(at))
        }
    };
    m.reinforcements.push(Reinforcement {
        id: ReinforcementId(1),
        turn,
        side,
        units: Vec::new(),
        entry: place,
    });
    build(
        &m,
        &Style {
            grid: s.map.is_hex(),
            ..plain()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Item;

    fn sample(name: &str) -> Scenario {
        crate::samples::named(name)
    }

    #[test]
    fn legends_list_what_the_map_uses() {
        let s = sample("bakambo");
        let t = terrain(&s);
        let names: Vec<&str> = t.iter().map(|e| e.label.as_str()).collect();
        assert!(
            names.contains(&"River") && names.contains(&"Jungle"),
            "{names:?}"
        );
        let u = units(&s);
        let kinds: Vec<&str> = u.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(kinds, ["Infantry", "Artillery", "Leader"]);
        for e in t.iter().chain(&u) {
            assert!(!e.swatch.items.is_empty(), "{}", e.label);
        }
    }

    #[test]
    fn hex_legends_draw_counters_and_hexsides() {
        let s = sample("winceby");
        let t = terrain(&s);
        assert!(
            t.iter().any(|e| e.label == "River"),
            "{:?}",
            t.iter().map(|e| &e.label).collect::<Vec<_>>()
        );
        let u = units(&s);
        assert!(u.iter().any(|e| e.label == "Cavalry"));
        // A counter is a filled square with a strength number.
        let cav = u.iter().find(|e| e.label == "Cavalry").expect("cavalry");
        assert!(
            cav.swatch
                .items
                .iter()
                .any(|i| matches!(i, Item::Text { .. }))
        );
    }
}
