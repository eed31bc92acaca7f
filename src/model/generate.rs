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
}
