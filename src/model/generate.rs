//! Large scenarios generated from a seed, for benchmarks and stress tests. Deterministic: the
//! same arguments always give the same scenario.

use super::*;
use crate::geom::Point;
use hexx::Hex;

/// A small, fast, seedable generator (xorshift64*), so generation needs no extra crate and is
/// reproducible across platforms.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
}

fn add_terrain(s: &mut Scenario, name: &str, colour: Colour, cost: HexCost) -> TerrainId {
    let id = TerrainId(s.alloc());
    let mut t = TerrainType::open(id, name, colour);
    t.hex_cost = cost;
    t.impassable = cost == HexCost::Impassable;
    s.terrain_types.push(t);
    id
}

fn combat_unit(s: &mut Scenario, side: SideId, name: String, mp: u8) -> Unit {
    Unit {
        stats: Stats {
            mv: 6,
            ld: 4,
            discipline: 7,
            rof: 1,
            aw: 18,
            bs: 4,
            ev: 4,
            to: 3,
            mp,
            rout_in: 12,
        },
        ..Unit::new(UnitId(s.alloc()), name, side, UnitKind::Infantry)
    }
}

/// A `size` x `size` flat hex map with terrain costs 1-3, `impassable` of the hexes impassable,
/// and `enemies` combat units of the second side spread over passable hexes. The first side has
/// one leader with a mover unit at the map centre.
pub fn hex_battlefield(size: u32, impassable: f32, enemies: usize, seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let mut s = Scenario::new_hex("Generated hex battlefield");
    s.terrain_types.clear();
    let costs = [
        add_terrain(
            &mut s,
            "Clear",
            Colour::rgb(0xd8, 0xd2, 0xa8),
            HexCost::Mp(1),
        ),
        add_terrain(
            &mut s,
            "Rough",
            Colour::rgb(0xb8, 0xa8, 0x78),
            HexCost::Mp(2),
        ),
        add_terrain(
            &mut s,
            "Woods",
            Colour::rgb(0x5a, 0x8a, 0x4a),
            HexCost::Mp(3),
        ),
    ];
    let blocked = add_terrain(
        &mut s,
        "Lake",
        Colour::rgb(0x50, 0x80, 0xc0),
        HexCost::Impassable,
    );
    let mut map = HexMap::filled(
        Orientation::Flat,
        16.0,
        HexShape::Rectangle {
            columns: size,
            rows: size,
            parity: OffsetParity::Even,
        },
        costs[0],
    );
    let grid = map.grid();
    let centre = grid
        .hex_at((size / 2 * size + size / 2) as usize)
        .unwrap_or(Hex::ZERO);
    for (i, t) in map.terrain.iter_mut().enumerate() {
        let hex = grid.hex_at(i).unwrap_or(Hex::ZERO);
        *t = if hex != centre && rng.chance(impassable) {
            blocked
        } else {
            costs[rng.below(3) as usize]
        };
    }
    s.map = Map::Hex(map);
    let (blue, red) = (s.sides[0].id, s.sides[1].id);

    let leader_id = UnitId(s.alloc());
    let mut leader = combat_unit(&mut s, blue, "General".into(), 6);
    leader.id = leader_id;
    leader.kind = UnitKind::Leader;
    leader.leadership = Some(Leadership {
        command: Command::Advance,
        span: 6,
        superior: None,
        bonus: 1,
        rerolls: 1,
        rerolls_used: 0,
    });
    leader.position = Position::Hex {
        hex: centre,
        facing: 0,
    };
    s.units.push(leader);
    let mut mover = combat_unit(&mut s, blue, "Mover".into(), 20);
    mover.commander = Some(leader_id);
    mover.position = Position::Hex {
        hex: centre,
        facing: 0,
    };
    s.units.push(mover);

    let Map::Hex(map) = &s.map else { return s };
    let passable: Vec<Hex> = grid
        .hexes()
        .filter(|h| *h != centre && map.terrain_at(*h) != Some(blocked))
        .collect();
    let mut taken = std::collections::HashSet::new();
    let mut placed = 0;
    while placed < enemies && taken.len() < passable.len() {
        let hex = passable[rng.below(passable.len() as u64) as usize];
        if !taken.insert(hex) {
            continue;
        }
        let mut u = combat_unit(&mut s, red, format!("Enemy {}", placed + 1), 4);
        u.position = Position::Hex {
            hex,
            facing: rng.below(6) as u8,
        };
        s.units.push(u);
        placed += 1;
    }
    s
}

/// A 72" x 48" table with `pieces` terrain pieces and `models` models in units of ten, for
/// codec and drawing benchmarks.
pub fn crowded_table(models: usize, pieces: usize, seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let mut s = Scenario::new_table("Generated crowded table");
    let wood = add_terrain(
        &mut s,
        "Wood",
        Colour::rgb(0x5a, 0x8a, 0x4a),
        HexCost::Mp(2),
    );
    let wall = add_terrain(
        &mut s,
        "Wall",
        Colour::rgb(0x80, 0x80, 0x80),
        HexCost::Mp(1),
    );
    let rocks = add_terrain(
        &mut s,
        "Rocks",
        Colour::rgb(0x70, 0x60, 0x50),
        HexCost::Impassable,
    );
    for t in s.terrain_types.iter_mut() {
        if t.id == wall {
            t.kind = TerrainKind::Linear;
        }
        if t.id == wood {
            t.difficult = true;
            t.conceals = true;
            t.blocks_sight = true;
        }
    }
    for i in 0..pieces {
        let c = Point::new(4.0 + rng.unit() * 64.0, 4.0 + rng.unit() * 40.0);
        let id = PieceId(s.alloc());
        let shape = if i % 3 == 2 {
            PieceShape::Polyline {
                points: vec![c, c + Point::new(rng.unit() * 6.0 - 3.0, 4.0)],
                width_in: 0.5,
            }
        } else {
            let r = 1.0 + rng.unit() * 3.0;
            PieceShape::Polygon(
                (0..10)
                    .map(|k| {
                        let a = k as f32 / 10.0 * std::f32::consts::TAU;
                        c + Point::new(a.cos(), a.sin()) * r * (0.8 + 0.2 * rng.unit())
                    })
                    .collect(),
            )
        };
        s.pieces.push(TerrainPiece {
            id,
            name: format!("Piece {}", i + 1),
            terrain: match i % 6 {
                2 | 5 => wall,
                4 => rocks,
                _ => wood,
            },
            shape,
        });
    }
    let sides = [s.sides[0].id, s.sides[1].id];
    let mut left = models;
    let mut n = 0;
    while left > 0 {
        let count = left.min(10);
        left -= count;
        n += 1;
        let mut u = combat_unit(&mut s, sides[n % 2], format!("Unit {n}"), 4);
        u.position = Position::Table;
        u.strength = Strength::full(count as u16);
        let origin = Point::new(1.0 + rng.unit() * 68.0, 1.0 + rng.unit() * 44.0);
        for k in 0..count {
            let id = ModelId(s.alloc());
            u.models.push(Model {
                id,
                base: Base::Round { diameter_mm: 25.0 },
                pos: origin + Point::new((k % 5) as f32 * 1.1, (k / 5) as f32 * 1.1),
                facing_deg: 0.0,
            });
        }
        u.leader_model = u.models.first().map(|m| m.id);
        s.units.push(u);
    }
    s
}

/// How much a generated order of battle holds (see [`order_of_battle`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OobSize {
    pub sides: usize,
    /// Units and leaders of all sides together; one in eight is a leader.
    pub units: usize,
    /// Reinforcement groups, sharing `arriving` units between them.
    pub groups: usize,
    pub arriving: usize,
    pub zones: usize,
    pub objectives: usize,
    /// Columns of march (on a table only), sharing `marching` units between them.
    pub columns: usize,
    pub marching: usize,
    /// Every name is this long (some as one word without spaces).
    pub name_chars: usize,
    /// Every objective's notes are this long.
    pub note_chars: usize,
    /// The situation and the designer's notes are each this many bytes.
    pub text_bytes: usize,
    /// On a table with columns of march, rather than on a hex map.
    pub table: bool,
}

impl OobSize {
    /// As much as a scenario may hold (see [`super::limits`]).
    pub const LIMITS: OobSize = OobSize {
        sides: super::limits::MAX_SIDES,
        units: super::limits::MAX_UNITS,
        groups: super::limits::MAX_ITEMS,
        // All but a hundred units arrive later: the arrival lists are as long as they can be
        // while each group of a side still finds units of that side.
        arriving: super::limits::MAX_UNITS - 100,
        zones: super::limits::MAX_ITEMS,
        objectives: super::limits::MAX_ITEMS,
        columns: 0,
        marching: 0,
        name_chars: super::limits::MAX_NAME_CHARS,
        note_chars: super::limits::MAX_NOTE_CHARS,
        text_bytes: super::limits::MAX_TEXT_BYTES,
        table: false,
    };
}

/// Words a generated name is padded with.
const FILLER: [&str; 8] = [
    "of",
    "the",
    "Old",
    "Line",
    "Regiment",
    "and",
    "Volunteers",
    "Militia",
];

/// `base` padded to `chars` characters with filler words, or with one unbroken word when
/// `one_word` (print must break such a name inside the word).
fn padded(base: String, chars: usize, one_word: bool, rng: &mut Rng) -> String {
    let keep = base.len();
    let mut s = base;
    while s.len() < chars {
        let w = FILLER[rng.below(FILLER.len() as u64) as usize];
        if !one_word {
            s.push(' ');
        }
        s.push_str(w);
    }
    s.truncate(chars.max(keep));
    if s.ends_with(' ') {
        s.pop();
        s.push('s');
    }
    s
}

/// A scenario holding everything a printed sheet lists, in the numbers `n` gives, with
/// distinct names (a number in brackets ends the part that makes each unique): sides, units and
/// leaders (units under a leader of their side), reinforcement groups (turn, side, entry) taking
/// units off the map, deployment zones, objectives with notes, and on a table columns of march.
/// For print tests and benchmarks, from a handful of units up to the limits.
pub fn order_of_battle(n: &OobSize, seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let mut s = if n.table {
        let mut s = Scenario::new_table("Generated order of battle");
        s.rules = RuleOptions::new(Ruleset::ColumnOfMarch);
        s
    } else {
        let mut s = Scenario::new_hex("Generated order of battle");
        if let Map::Hex(h) = &mut s.map {
            *h = HexMap::filled(
                h.orientation,
                h.hex_size_mm,
                HexShape::Rectangle {
                    columns: 50,
                    rows: 36,
                    parity: OffsetParity::Even,
                },
                h.terrain.first().copied().unwrap_or(TerrainId(0)),
            );
        }
        s
    };
    let text = |what: &str, rng: &mut Rng| padded(what.to_string(), n.text_bytes, false, rng);
    s.meta.description = text("Situation.", &mut rng);
    s.meta.designer_notes = text("Notes.", &mut rng);
    let colours = SIDE_COLOURS;
    s.sides.truncate(n.sides);
    while s.sides.len() < n.sides {
        let i = s.sides.len();
        let id = SideId(s.alloc());
        s.sides.push(Side {
            id,
            name: format!("Side {i}"),
            colour: colours[i % colours.len()],
            home_edge: None,
            briefing: String::new(),
        });
    }
    for side in &mut s.sides {
        let to = n.text_bytes.min(super::limits::MAX_BRIEFING_BYTES);
        side.briefing = padded(format!("Briefing for {}.", side.name), to, false, &mut rng);
    }
    let sides: Vec<SideId> = s.sides.iter().map(|x| x.id).collect();
    let hexes: Vec<Hex> = s
        .map
        .as_hex()
        .map(|h| h.grid().hexes().collect())
        .unwrap_or_default();
    let at = |rng: &mut Rng| -> Place {
        match hexes.is_empty() {
            true => Place::Table(Point::new(1.0 + rng.unit() * 70.0, 1.0 + rng.unit() * 46.0)),
            false => Place::Hex(hexes[rng.below(hexes.len() as u64) as usize]),
        }
    };
    let mut leaders: Vec<Option<UnitId>> = vec![None; sides.len()];
    for i in 0..n.units {
        let k = i % sides.len().max(1);
        let Some(side) = sides.get(k).copied() else {
            break;
        };
        // The first unit of each side, and every eighth after it, is a leader.
        let leader = (i / sides.len()).is_multiple_of(8);
        let base = if leader {
            format!("General ({i})")
        } else {
            format!("Brigade ({i})")
        };
        let name = padded(base, n.name_chars, i % 7 == 3, &mut rng);
        let mut u = combat_unit(&mut s, side, name, 6);
        u.strength = Strength::full(1 + rng.below(12) as u16);
        u.quality = [Quality::Veteran, Quality::Regular, Quality::Green][rng.below(3) as usize];
        if leader {
            u.kind = UnitKind::Leader;
            u.leadership = Some(Leadership {
                command: Command::Advance,
                span: 6,
                superior: None,
                bonus: 1,
                rerolls: 1,
                rerolls_used: 0,
            });
            leaders[k] = Some(u.id);
        } else {
            u.kind = [UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Dragoons][i % 3];
            u.commander = leaders[k];
        }
        u.position = match at(&mut rng) {
            Place::Hex(hex) => Position::Hex {
                hex,
                facing: rng.below(6) as u8,
            },
            Place::Table(_) => Position::OffMap,
        };
        s.units.push(u);
    }
    // Units arrive or march from the last ones back, so each group takes units of its side.
    let mut free: Vec<usize> = (0..s.units.len()).rev().collect();
    let mut take = |side: SideId, count: usize, s: &mut Scenario| -> Vec<UnitId> {
        let mut out = Vec::new();
        free.retain(|&i| {
            if out.len() < count && s.units[i].side == side {
                s.units[i].position = Position::OffMap;
                out.push(s.units[i].id);
                false
            } else {
                true
            }
        });
        out
    };
    for g in 0..n.groups {
        let side = sides[g % sides.len().max(1)];
        let count = n.arriving / n.groups.max(1) + usize::from(g < n.arriving % n.groups.max(1));
        let units = take(side, count, &mut s);
        let entry = at(&mut rng);
        let id = ReinforcementId(s.alloc());
        s.reinforcements.push(Reinforcement {
            id,
            turn: 2 + (g / sides.len().max(1)) as u16 % 30,
            side,
            units,
            entry,
        });
    }
    if n.table {
        for c in 0..n.columns {
            let side = sides[c % sides.len().max(1)];
            let count =
                n.marching / n.columns.max(1) + usize::from(c < n.marching % n.columns.max(1));
            let members = take(side, count, &mut s)
                .into_iter()
                .map(|unit| ColumnMember {
                    unit,
                    width_figures: 2,
                })
                .collect();
            let id = ColumnId(s.alloc());
            s.columns.push(Column {
                id,
                name: padded(format!("Column ({c})"), n.name_chars, false, &mut rng),
                side,
                entry: EntryPoint {
                    edge: Edge::ALL[c % 4],
                    along_in: 1.0 + rng.unit() * 40.0,
                    heading_deg: 0.0,
                },
                members,
                on_table_at_start: StartCount::Count(0),
                state: ColumnState::Formed,
                route: Vec::new(),
                last_action: None,
            });
        }
    }
    for z in 0..n.zones {
        let side = sides[z % sides.len().max(1)];
        let area = match at(&mut rng) {
            Place::Hex(h) => ZoneArea::Hexes(h.range(1).filter(|x| hexes.contains(x)).collect()),
            Place::Table(p) => {
                ZoneArea::Polygon(vec![p, p + Point::new(6.0, 0.0), p + Point::new(6.0, 4.0)])
            }
        };
        let id = ZoneId(s.alloc());
        s.zones.push(DeploymentZone {
            id,
            name: padded(format!("Zone ({z})"), n.name_chars, false, &mut rng),
            side,
            area,
        });
    }
    for o in 0..n.objectives {
        let id = ObjectiveId(s.alloc());
        let place = at(&mut rng);
        s.objectives.push(Objective {
            id,
            name: padded(format!("Objective ({o})"), n.name_chars, false, &mut rng),
            place,
            value: (o % 4) as u16,
            notes: padded(format!("Hold ({o})."), n.note_chars, false, &mut rng),
            held: super::Holding::default(),
            side_points: Vec::new(),
        });
    }
    s
}

/// Colours for generated sides.
const SIDE_COLOURS: [Colour; 4] = [
    Colour::rgb(0x2f, 0x5d, 0xa8),
    Colour::rgb(0xb0, 0x30, 0x30),
    Colour::rgb(0x3a, 0x8a, 0x3a),
    Colour::rgb(0xc0, 0x8a, 0x20),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_scenarios_are_valid_and_reproducible() {
        let a = hex_battlefield(40, 0.1, 50, 7);
        assert_eq!(a.validate(), vec![]);
        assert_eq!(a, hex_battlefield(40, 0.1, 50, 7));
        assert_eq!(a.units.len(), 52);
        let t = crowded_table(95, 12, 3);
        assert_eq!(t.validate(), vec![]);
        assert_eq!(t.units.iter().map(|u| u.models.len()).sum::<usize>(), 95);
    }

    #[test]
    fn generated_orders_of_battle_are_valid_up_to_the_limits() {
        let small = OobSize {
            sides: 2,
            units: 15,
            groups: 4,
            arriving: 6,
            zones: 2,
            objectives: 3,
            columns: 2,
            marching: 4,
            name_chars: 24,
            note_chars: 40,
            text_bytes: 300,
            table: true,
        };
        for n in [
            small,
            OobSize {
                table: false,
                ..small
            },
            OobSize::LIMITS,
        ] {
            let s = order_of_battle(&n, 5);
            assert_eq!(s.validate(), vec![], "{n:?}");
            assert_eq!(s, order_of_battle(&n, 5));
            assert_eq!(s.units.len(), n.units);
            assert_eq!(s.reinforcements.len(), n.groups);
            let arriving: usize = s.reinforcements.iter().map(|r| r.units.len()).sum();
            assert_eq!(arriving, n.arriving);
            assert!(
                s.units.iter().all(|u| u.name.len() == n.name_chars),
                "{n:?}"
            );
        }
    }
}
