//! Shared test helpers: a proptest generator of valid scenarios.
#![allow(dead_code)]

use hexx::Hex;
use proptest::prelude::*;
use sandtable::geom::Point;
use sandtable::model::*;

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,24}"
}

fn point() -> impl Strategy<Value = Point> {
    (-10.0f32..100.0, -10.0f32..100.0).prop_map(|(x, y)| Point::new(x, y))
}

#[derive(Debug, Clone)]
struct RawUnit {
    name: String,
    side: usize,
    kind: u8,
    quality: u8,
    stats: [u8; 10],
    start: u16,
    lost: u16,
    models: Vec<(Point, f32, bool, f32, f32)>,
    morale: u8,
    flags: [bool; 8],
    special: Vec<u8>,
    hex: (i32, i32, u8),
    leader: Option<(u8, u8, i8, u8)>,
    link: usize,
}

fn raw_unit() -> impl Strategy<Value = RawUnit> {
    (
        (text(), 0usize..8, 0u8..9, 0u8..3),
        prop::array::uniform10(any::<u8>()),
        (1u16..30, 0u16..30),
        prop::collection::vec(
            (
                point(),
                -360.0f32..360.0,
                any::<bool>(),
                5.0f32..80.0,
                5.0f32..80.0,
            ),
            0..6,
        ),
        (
            0u8..4,
            prop::array::uniform8(any::<bool>()),
            prop::collection::vec(0u8..5, 0..3),
        ),
        (-5i32..5, -5i32..5, 0u8..6),
        proptest::option::of((0u8..9, 0u8..8, -2i8..3, 0u8..3)),
        0usize..16,
    )
        .prop_map(
            |(
                (name, side, kind, quality),
                stats,
                (start, lost),
                models,
                (morale, flags, special),
                hex,
                leader,
                link,
            )| RawUnit {
                name,
                side,
                kind,
                quality,
                stats,
                start,
                lost,
                models,
                morale,
                flags,
                special,
                hex,
                leader,
                link,
            },
        )
}

/// Any structurally valid scenario: either map kind, random text (any Unicode), terrain,
/// pieces, units with models or hexes, leaders with chains, columns, zones, objectives and
/// reinforcements. References are valid by construction.
pub fn arb_scenario() -> impl Strategy<Value = Scenario> {
    (
        (any::<bool>(), text(), text(), text(), text()),
        prop::collection::vec((text(), any::<[u8; 4]>(), 0u8..5), 1..4),
        prop::collection::vec(
            (
                text(),
                any::<[u8; 3]>(),
                0u8..5,
                prop::array::uniform8(any::<bool>()),
                0u8..3,
            ),
            1..5,
        ),
        prop::collection::vec(
            (
                text(),
                0usize..8,
                prop::collection::vec(point(), 3..7),
                any::<bool>(),
                0.1f32..5.0,
            ),
            0..5,
        ),
        prop::collection::vec(raw_unit(), 0..8),
        prop::collection::vec(
            (
                text(),
                0u8..4,
                0.0f32..48.0,
                -180.0f32..180.0,
                prop::collection::vec(0usize..8, 0..4),
                0u8..5,
                any::<bool>(),
                prop::collection::vec(point(), 0..4),
            ),
            0..3,
        ),
        prop::collection::vec(
            (text(), 0usize..4, prop::collection::vec(point(), 3..6)),
            0..3,
        ),
        prop::collection::vec((text(), point(), any::<u16>(), text()), 0..3),
        (
            1u16..20,
            any::<bool>(),
            any::<[bool; 8]>(),
            -3i8..4,
            (
                3u32..12,
                3u32..12,
                any::<bool>(),
                any::<bool>(),
                1.0f32..60.0,
            ),
        ),
    )
        .prop_map(build)
}

#[allow(clippy::type_complexity)]
fn build(
    (
        (hex_map, title, author, description, notes),
        sides,
        terrains,
        pieces,
        units,
        columns,
        zones,
        objectives,
        (turn, morale, opts, bonus, (cols, rows, flat, odd, size_mm)),
    ): (
        (bool, String, String, String, String),
        Vec<(String, [u8; 4], u8)>,
        Vec<(String, [u8; 3], u8, [bool; 8], u8)>,
        Vec<(String, usize, Vec<Point>, bool, f32)>,
        Vec<RawUnit>,
        Vec<(String, u8, f32, f32, Vec<usize>, u8, bool, Vec<Point>)>,
        Vec<(String, usize, Vec<Point>)>,
        Vec<(String, Point, u16, String)>,
        (u16, bool, [bool; 8], i8, (u32, u32, bool, bool, f32)),
    ),
) -> Scenario {
    let mut s = if hex_map {
        Scenario::new_hex(&title)
    } else {
        Scenario::new_table(&title)
    };
    s.meta.author = author;
    s.meta.description = description;
    s.meta.designer_notes = notes;
    s.turn = turn;
    s.rules.morale_tests = morale;
    s.rules.in_buildings_bonus = bonus;
    s.rules.zoc.front_only = opts[0];
    s.rules.zoc.river_blocks = opts[1];
    s.rules.optional.elephant_stampede = opts[2];
    s.rules.optional.artillery_hit_points = opts[3];
    s.rules.hexside_costs.river_extra = if opts[4] { None } else { Some(3) };
    s.sides.clear();
    for (name, c, edge) in sides {
        let id = SideId(s.alloc());
        // Every side's briefing holds its name, so it has text of the generator's alphabet.
        let name_for_briefing = format!("Orders for {name}");
        s.sides.push(Side {
            id,
            name,
            colour: Colour::rgba(c[0], c[1], c[2], c[3]),
            home_edge: Edge::ALL.get(edge as usize).copied(),
            briefing: name_for_briefing.clone(),
        });
    }
    s.terrain_types.clear();
    for (name, c, cost, f, kind) in terrains {
        let id = TerrainId(s.alloc());
        let mut t = TerrainType::open(id, &name, Colour::rgb(c[0], c[1], c[2]));
        t.hex_cost = if cost == 0 {
            HexCost::Impassable
        } else {
            HexCost::Mp(cost)
        };
        t.kind = [TerrainKind::Area, TerrainKind::Linear, TerrainKind::Road][kind as usize];
        (t.difficult, t.dangerous, t.impassable, t.blocks_sight) = (f[0], f[1], f[2], f[3]);
        (t.conceals, t.bare_hill, t.building) = (f[4], f[5], f[6]);
        s.terrain_types.push(t);
    }
    let tid = |i: usize, s: &Scenario| s.terrain_types[i % s.terrain_types.len()].id;
    if hex_map {
        let shape = if odd && cols % 2 == 0 {
            HexShape::Hexagon { radius: cols / 2 }
        } else {
            HexShape::Rectangle {
                columns: cols,
                rows,
                parity: if odd {
                    OffsetParity::Odd
                } else {
                    OffsetParity::Even
                },
            }
        };
        let mut map = HexMap::filled(
            if flat {
                Orientation::Flat
            } else {
                Orientation::Pointy
            },
            size_mm,
            shape,
            tid(0, &s),
        );
        let n = map.terrain.len();
        for i in 0..n {
            map.terrain[i] = tid(i * 7 + title_len(&s), &s);
        }
        let grid = map.grid();
        for (i, h) in grid.hexes().enumerate().step_by(5) {
            map.set_hexside(
                h,
                (i % 6) as u8,
                HexsideFeatures {
                    river: i % 2 == 0,
                    wall: i % 3 == 0,
                    bridge: i % 4 == 0,
                    road: i % 5 == 0,
                    track: i % 7 == 0,
                    railway: i % 11 == 0,
                    blocks_zoc: true,
                },
            );
        }
        s.map = Map::Hex(map);
    } else {
        for (name, t, points, line, width) in pieces {
            let id = PieceId(s.alloc());
            let terrain = tid(t, &s);
            s.pieces.push(TerrainPiece {
                id,
                name,
                terrain,
                shape: if line {
                    PieceShape::Polyline {
                        points,
                        width_in: width,
                    }
                } else {
                    PieceShape::Polygon(points)
                },
            });
        }
    }
    let side_ids: Vec<SideId> = s.sides.iter().map(|x| x.id).collect();
    let grid = s.map.as_hex().map(|h| h.grid());
    let mut leaders: Vec<(UnitId, SideId)> = Vec::new();
    for raw in units {
        let id = UnitId(s.alloc());
        let side = side_ids[raw.side % side_ids.len()];
        let is_leader = raw.leader.is_some();
        let kind = if is_leader {
            UnitKind::Leader
        } else {
            match raw.kind {
                0 => UnitKind::Infantry,
                1 => UnitKind::Cavalry,
                2 => UnitKind::Dragoons,
                3 => UnitKind::Artillery {
                    class: GunClass::Light,
                    draught: Draught::Horse,
                    hit_points: 3,
                },
                4 => UnitKind::Artillery {
                    class: GunClass::Siege,
                    draught: Draught::Foot,
                    hit_points: 4,
                },
                5 => UnitKind::Elephant,
                6 => UnitKind::Wagon,
                _ => UnitKind::Infantry,
            }
        };
        let st = raw.stats;
        let mut u = Unit {
            quality: [Quality::Veteran, Quality::Regular, Quality::Green][raw.quality as usize],
            stats: Stats {
                mv: st[0].min(limits::MAX_STAT_IN),
                ld: st[1],
                discipline: st[2],
                rof: st[3],
                aw: st[4].min(limits::MAX_STAT_IN),
                bs: st[5],
                ev: st[6],
                to: st[7],
                mp: st[8].min(limits::MAX_MP),
                rout_in: st[9].min(limits::MAX_STAT_IN),
            },
            strength: Strength {
                start: raw.start,
                current: raw.start.saturating_sub(raw.lost),
            },
            special: raw
                .special
                .iter()
                .map(|k| {
                    [
                        SpecialRule::Swarm,
                        SpecialRule::CombatTactics,
                        SpecialRule::Elite,
                        SpecialRule::Pistols,
                        SpecialRule::OneHandedWeapons,
                    ][*k as usize]
                })
                .collect(),
            leadership: None,
            exerts_zoc: raw.flags[0],
            state: UnitState {
                morale: [
                    Morale::GoodOrder,
                    Morale::Unsteady,
                    Morale::Routing,
                    Morale::Removed,
                ][raw.morale as usize],
                charging: raw.flags[1],
                charged: raw.flags[2],
                evaded: raw.flags[3],
                arrived_this_turn: raw.flags[4],
                failed_ld_check: raw.flags[5],
                pinned: raw.flags[6],
                in_buildings: raw.flags[7],
                mounted: !raw.flags[1],
                limbered: raw.flags[2],
                guns_abandoned: raw.flags[3],
                hits_taken: st[0] % 4,
            },
            ..Unit::new(id, raw.name, side, kind)
        };
        if let Some((cmd, span, bonus, rerolls)) = raw.leader {
            let superior = leaders.iter().rev().find(|l| l.1 == side).map(|l| l.0);
            u.leadership = Some(Leadership {
                command: Command::ALL[cmd as usize],
                span,
                superior,
                bonus,
                rerolls,
                rerolls_used: rerolls.min(raw.start as u8 % 2),
            });
        } else if let Some(l) = leaders.iter().filter(|l| l.1 == side).nth(raw.link % 3) {
            u.commander = Some(l.0);
            if raw.link % 2 == 0 {
                u.attached_leader = Some(l.0);
            }
        }
        match grid {
            Some(g) => {
                let hex = Hex::new(raw.hex.0, raw.hex.1);
                if g.contains(hex) {
                    u.position = Position::Hex {
                        hex,
                        facing: raw.hex.2,
                    };
                }
            }
            None => {
                for (pos, facing, round, a, b) in raw.models {
                    let mid = ModelId(s.alloc());
                    u.models.push(Model {
                        id: mid,
                        base: if round {
                            Base::Round { diameter_mm: a }
                        } else {
                            Base::Rect {
                                width_mm: a,
                                depth_mm: b,
                            }
                        },
                        pos,
                        facing_deg: facing,
                    });
                }
                if !u.models.is_empty() {
                    u.position = Position::Table;
                    u.leader_model = u.models.get(raw.link % u.models.len()).map(|m| m.id);
                }
            }
        }
        if is_leader {
            leaders.push((id, side));
        }
        s.units.push(u);
    }
    if !hex_map {
        let unit_ids: Vec<(UnitId, SideId)> = s.units.iter().map(|u| (u.id, u.side)).collect();
        let mut used = std::collections::HashSet::new();
        for (name, edge, along, heading, members, start, broken, route) in columns {
            let id = ColumnId(s.alloc());
            let side = side_ids[members.first().copied().unwrap_or(0) % side_ids.len()];
            let members: Vec<ColumnMember> = members
                .iter()
                .filter_map(|m| unit_ids.get(*m))
                .filter(|(u, sd)| *sd == side && used.insert(*u))
                .map(|(u, _)| ColumnMember {
                    unit: *u,
                    width_figures: 2,
                })
                .collect();
            s.columns.push(Column {
                id,
                name,
                side,
                entry: EntryPoint {
                    edge: Edge::ALL[edge as usize],
                    along_in: along,
                    heading_deg: heading,
                },
                members,
                on_table_at_start: if start == 0 {
                    StartCount::D3
                } else {
                    StartCount::Count(start)
                },
                state: if broken {
                    ColumnState::Broken
                } else {
                    ColumnState::Formed
                },
                route: route.clone(),
                last_action: if route.is_empty() {
                    Some(ColumnAction::StandTo)
                } else {
                    Some(ColumnAction::Move {
                        distance_in: along,
                        route,
                    })
                },
            });
        }
        for (name, side, points) in zones {
            let id = ZoneId(s.alloc());
            s.zones.push(DeploymentZone {
                id,
                name,
                side: side_ids[side % side_ids.len()],
                area: ZoneArea::Polygon(points),
            });
        }
    } else if let Some(g) = grid {
        for (name, side, _) in zones {
            let id = ZoneId(s.alloc());
            let hexes = g.hexes().take(5).collect();
            s.zones.push(DeploymentZone {
                id,
                name,
                side: side_ids[side % side_ids.len()],
                area: ZoneArea::Hexes(hexes),
            });
        }
    }
    for (name, p, value, notes) in objectives {
        let id = ObjectiveId(s.alloc());
        let place = match grid {
            Some(g) => Place::Hex(g.hex_at(value as usize % g.len()).unwrap_or(Hex::ZERO)),
            None => Place::Table(p),
        };
        s.objectives.push(Objective {
            id,
            name,
            place,
            value,
            notes,
            held: if value % 2 == 0 {
                Holding::Occupied
            } else {
                Holding::LastOccupied
            },
            side_points: Vec::new(),
        });
    }
    let offmap: Vec<(UnitId, SideId)> = s
        .units
        .iter()
        .filter(|u| u.position == Position::OffMap)
        .map(|u| (u.id, u.side))
        .collect();
    if let Some((first, side)) = offmap.first() {
        let id = ReinforcementId(s.alloc());
        s.reinforcements.push(Reinforcement {
            id,
            turn: turn + 1,
            side: *side,
            units: vec![*first],
            entry: match grid {
                Some(_) => Place::Hex(Hex::ZERO),
                None => Place::Table(Point::new(0.0, 10.0)),
            },
        });
    }
    s
}

fn title_len(s: &Scenario) -> usize {
    s.meta.title.len()
}
