//! Properties of the R5 move preview on random maps: it never changes the scenario and is
//! deterministic, its MP reach is a plain Dijkstra's (with the ZOC computed again from scratch),
//! the reach and the legal set grow with the budget, and no command goes past its allowance.

use super::*;
use proptest::prelude::*;
use std::collections::{BTreeMap, BinaryHeap};

#[derive(Clone, Debug)]
struct World {
    s: Scenario,
    mover: UnitId,
    command: Command,
}

fn world() -> impl Strategy<Value = World> {
    (
        (4u32..10, 4u32..10, any::<bool>(), any::<bool>()),
        prop::collection::vec(0u8..8, 100),
        prop::collection::vec((0usize..100, 0u8..6, 0u8..5, any::<bool>(), 1u8..7), 2..9),
        (0usize..9, 1u8..8, 0u8..4),
        prop::collection::vec((0usize..100, 0u8..6, 0u8..64), 0..12),
        any::<[bool; 4]>(),
    )
        .prop_map(
            |((cols, rows, flat, odd), terrain, units, (cmd, span, mover), edges, opts)| {
                let mut s = Scenario::new_hex("prop");
                s.terrain_types.clear();
                let costs = [
                    HexCost::Mp(1),
                    HexCost::Mp(1),
                    HexCost::Mp(1),
                    HexCost::Mp(2),
                    HexCost::Mp(2),
                    HexCost::Mp(3),
                    HexCost::Mp(1),
                    HexCost::Impassable,
                ];
                let ids: Vec<TerrainId> = costs
                    .iter()
                    .map(|c| {
                        let id = TerrainId(s.alloc());
                        let mut t = TerrainType::open(id, "t", Colour::rgb(0, 0, 0));
                        t.hex_cost = *c;
                        s.terrain_types.push(t);
                        id
                    })
                    .collect();
                let mut map = HexMap::filled(
                    if flat {
                        Orientation::Flat
                    } else {
                        Orientation::Pointy
                    },
                    20.0,
                    HexShape::Rectangle {
                        columns: cols,
                        rows,
                        parity: if odd {
                            OffsetParity::Odd
                        } else {
                            OffsetParity::Even
                        },
                    },
                    ids[0],
                );
                let n = map.terrain.len();
                for i in 0..n {
                    map.terrain[i] = ids[terrain[i % terrain.len()] as usize];
                }
                let grid = map.grid();
                for (i, d, bits) in edges {
                    if let Some(h) = grid.hex_at(i % n) {
                        map.set_hexside(
                            h,
                            d,
                            HexsideFeatures {
                                river: bits & 1 != 0,
                                wall: bits & 2 != 0,
                                bridge: bits & 4 != 0,
                                road: bits & 8 != 0,
                                track: bits & 16 != 0,
                                railway: bits & 32 != 0,
                                blocks_zoc: bits & 15 == 15,
                            },
                        );
                    }
                }
                s.map = Map::Hex(map);
                s.rules.zoc.front_only = opts[0];
                s.rules.zoc.river_blocks = opts[1];
                s.rules.zoc.wall_blocks = opts[2];
                if opts[3] {
                    s.rules.hexside_costs.river_extra = None;
                }
                let (blue, red) = (s.sides[0].id, s.sides[1].id);
                let leader = UnitId(s.alloc());
                let mut taken = std::collections::HashSet::new();
                let mut placed = Vec::new();
                for (k, (at, facing, kind, red_side, mp)) in units.iter().enumerate() {
                    let Some(hex) = grid.hex_at(at % n) else {
                        continue;
                    };
                    if !taken.insert(hex) {
                        continue;
                    }
                    let id = UnitId(s.alloc());
                    let side = if k == 0 {
                        blue
                    } else if *red_side {
                        red
                    } else {
                        blue
                    };
                    s.units.push(Unit {
                        stats: Stats {
                            mp: *mp,
                            ..Stats::default()
                        },
                        strength: Strength::full(3),
                        position: Position::Hex {
                            hex,
                            facing: *facing,
                        },
                        leadership: None,
                        commander: (side == blue).then_some(leader),
                        exerts_zoc: k % 5 != 4,
                        ..Unit::new(
                            id,
                            format!("U{k}"),
                            side,
                            [
                                UnitKind::Infantry,
                                UnitKind::Cavalry,
                                UnitKind::Dragoons,
                                UnitKind::Wagon,
                                UnitKind::Infantry,
                            ][*kind as usize],
                        )
                    });
                    placed.push((id, side));
                }
                let centre = grid.hex_at(n / 2).unwrap_or(Hex::ZERO);
                s.units.push(Unit {
                    stats: Stats {
                        mp: 4,
                        ..Stats::default()
                    },
                    position: Position::Hex {
                        hex: centre,
                        facing: 0,
                    },
                    leadership: Some(Leadership {
                        command: Command::ALL[cmd],
                        span,
                        superior: None,
                        bonus: 0,
                        rerolls: 0,
                        rerolls_used: 0,
                    }),
                    exerts_zoc: false,
                    ..Unit::new(leader, "General", blue, UnitKind::Leader)
                });
                let blues: Vec<UnitId> = placed
                    .iter()
                    .filter(|(_, sd)| *sd == blue)
                    .map(|(id, _)| *id)
                    .collect();
                let mover = blues[mover as usize % blues.len()];
                World {
                    s,
                    mover,
                    command: Command::ALL[cmd],
                }
            },
        )
}

/// The enemy ZOC of the mover's side, computed from scratch with hexx.
fn zoc_of(s: &Scenario, side: SideId) -> Vec<Hex> {
    let m = s.map.as_hex().expect("hex");
    let mut v = Vec::new();
    for u in &s.units {
        if u.side == side
            || !u.in_play()
            || !u.exerts_zoc
            || s.rules.zoc.exempt_kinds.contains(&u.kind.tag())
        {
            continue;
        }
        let Some((h, f)) = u.hex() else { continue };
        for d in 0..6u8 {
            let front = [(f + 5) % 6, f % 6, (f + 1) % 6];
            if s.rules.zoc.front_only && !front.contains(&d) {
                continue;
            }
            let e = m.hexside(h, d);
            let blocked = e.blocks_zoc
                || (s.rules.zoc.river_blocks && e.river && !e.bridge)
                || (s.rules.zoc.wall_blocks && e.wall);
            if !blocked {
                v.push(h.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize]));
            }
        }
    }
    v
}

/// A plain Dijkstra with a binary heap and a map, as a reference for the MP reach.
fn reference_reach(
    b: &Board,
    s: &Scenario,
    from: Hex,
    budget: u16,
    side: SideId,
) -> BTreeMap<(i32, i32), u16> {
    let enemy: Vec<Hex> = s
        .units
        .iter()
        .filter(|u| u.side != side && u.in_play())
        .filter_map(|u| u.hex().map(|(h, _)| h))
        .collect();
    let mut best: BTreeMap<(i32, i32), u16> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    heap.push(std::cmp::Reverse((0u16, from.x, from.y)));
    while let Some(std::cmp::Reverse((c, x, y))) = heap.pop() {
        if best.contains_key(&(x, y)) {
            continue;
        }
        best.insert((x, y), c);
        let h = Hex::new(x, y);
        if h != from && enemy.contains(&h) {
            continue;
        }
        for n in h.all_neighbors() {
            if let Some(step) = b.step_cost(h, n) {
                let nc = c + step;
                if nc <= budget && !best.contains_key(&(n.x, n.y)) {
                    heap.push(std::cmp::Reverse((nc, n.x, n.y)));
                }
            }
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn previews_obey_the_rules(w in world()) {
        let before = w.s.clone();
        let mut rules = HexRules::new(&w.s).expect("hex map");
        let p = rules.preview(w.mover, None).expect("preview");
        // Never mutates the scenario, and is deterministic (also on a fresh board).
        prop_assert_eq!(&w.s, &before);
        prop_assert_eq!(&p, &rules.preview(w.mover, None).expect("again"));
        prop_assert_eq!(&p, &preview_moves(&w.s, w.mover, None).expect("fresh"));

        let b = rules.board();
        let mover = w.s.unit(w.mover).expect("mover");
        let side = mover.side;
        let zoc = zoc_of(&w.s, side);
        let enemies: Vec<Hex> = w.s.units.iter()
            .filter(|u| u.side != side && u.is_combat_unit() && u.in_play())
            .filter_map(|u| u.hex().map(|(h, _)| h))
            .collect();
        let m = w.s.map.as_hex().expect("hex");
        for v in &p.hexes {
            // Every hex costs no more than the allowance; impassable hexes never appear.
            prop_assert!(v.cost <= p.allowance);
            let t = m.terrain_at(v.hex).and_then(|t| w.s.terrain(t)).expect("terrain");
            prop_assert!(v.hex == p.start || t.hex_cost != HexCost::Impassable);
        }
        for v in p.legal() {
            let path = p.path(v.hex).expect("legal hexes have a path");
            prop_assert_eq!(path[0], p.start);
            prop_assert_eq!(*path.last().expect("end"), v.hex);
            // The path's steps add up to the cost.
            let sum: u16 = path.windows(2).map(|s| b.step_cost(s[0], s[1]).expect("step")).sum();
            prop_assert_eq!(sum, v.cost);
            // No legal hex lies past a ZOC stop.
            for h in path.iter().skip(1).take(path.len().saturating_sub(2)) {
                prop_assert!(!zoc.contains(h), "passes through ZOC at {:?}", h);
            }
            // No legal hex is inside an exclusion.
            let near = enemies.iter().map(|e| e.unsigned_distance_to(v.hex)).min();
            if p.command.moves_as == Some(Command::Muster)
                || (p.command.moves_as == Some(Command::Reserve) && v.hex != p.start)
            {
                prop_assert!(near.is_none_or(|d| d > 4), "{:?} within {:?}", v.hex, near);
            }
            if p.command.moves_as == Some(Command::Stand) {
                prop_assert!(v.hex.unsigned_distance_to(p.start) <= 1);
            }
        }
        // The reach is exactly what a reference Dijkstra finds.
        let got: BTreeMap<(i32, i32), u16> = p.hexes.iter()
            .filter(|v| v.via.is_none())
            .map(|v| ((v.hex.x, v.hex.y), v.cost))
            .collect();
        let reference = reference_reach(b, &w.s, p.start, p.allowance, side);
        let all: Vec<(i32, i32)> = p.hexes.iter().map(|v| (v.hex.x, v.hex.y)).collect();
        let mut want: Vec<(i32, i32)> = reference.keys().copied().collect();
        let mut have = all.clone();
        want.sort_unstable();
        have.sort_unstable();
        prop_assert_eq!(have, want, "the preview lists exactly the MP reach");
        for (k, c) in got {
            prop_assert_eq!(Some(&c), reference.get(&k));
        }
    }

    #[test]
    fn the_reach_and_the_legal_set_grow_with_the_budget(w in world(), extra in 1u8..4) {
        let p = preview_moves(&w.s, w.mover, None).expect("preview");
        let mut more = w.s.clone();
        if let Some(u) = more.unit_mut(w.mover) {
            u.stats.mp = u.stats.mp.saturating_add(extra);
        }
        let q = preview_moves(&more, w.mover, None).expect("preview");
        for v in &p.hexes {
            prop_assert!(q.get(v.hex).is_some(), "{:?} lost with more MP", v.hex);
        }
        // Without a minimum move, more MP never takes a legal end away.
        let min_move = p.constraints.iter().any(|c| matches!(c, Constraint::MinimumMove { .. }));
        if !min_move {
            for v in p.legal() {
                prop_assert!(q.is_legal(v.hex), "{:?} no longer legal", v.hex);
            }
        }
    }

    #[test]
    fn every_command_previews_within_its_allowance(w in world(), c in 0usize..9) {
        let p = preview_moves(&w.s, w.mover, Some(Command::ALL[c])).expect("preview");
        for v in &p.hexes {
            prop_assert!(v.cost <= p.allowance);
        }
        if let Some(first) = p.hexes.first() {
            prop_assert_eq!(first.hex, p.start);
        }
        let _ = w.command;
    }
}
