//! Small hand-built tables for the rules' unit tests.

use crate::geom::Point;
use crate::model::*;

/// Round 25.4 mm bases: radius exactly 0.5".
pub const BASE_MM: f32 = 25.4;

pub fn p(x: f32, y: f32) -> Point {
    Point::new(x, y)
}

/// What a terrain type is, for [`Table::terrain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    Difficult,
    Dangerous,
    Impassable,
    BlocksSight,
    Conceals,
    BareHill,
}

/// A free-measure table under R3 with two sides: blue (home edge south) and red (north).
pub struct Table {
    pub s: Scenario,
    pub blue: SideId,
    pub red: SideId,
}

impl Table {
    pub fn new(width_in: f32, height_in: f32) -> Table {
        let mut s = Scenario::new_table("test table");
        s.map = Map::Table(TableMap {
            width_in,
            height_in,
        });
        s.rules = RuleOptions::new(Ruleset::Orders);
        let (blue, red) = (s.sides[0].id, s.sides[1].id);
        Table { s, blue, red }
    }

    pub fn terrain(&mut self, name: &str, kind: TerrainKind, flags: &[Flag]) -> TerrainId {
        let id = TerrainId(self.s.alloc());
        let mut t = TerrainType::open(id, name, Colour::rgb(90, 120, 60));
        t.kind = kind;
        for f in flags {
            match f {
                Flag::Difficult => t.difficult = true,
                Flag::Dangerous => t.dangerous = true,
                Flag::Impassable => t.impassable = true,
                Flag::BlocksSight => t.blocks_sight = true,
                Flag::Conceals => t.conceals = true,
                Flag::BareHill => t.bare_hill = true,
            }
        }
        self.s.terrain_types.push(t);
        id
    }

    fn piece(&mut self, name: &str, terrain: TerrainId, shape: PieceShape) -> PieceId {
        let id = PieceId(self.s.alloc());
        self.s.pieces.push(TerrainPiece {
            id,
            name: name.to_string(),
            terrain,
            shape,
        });
        id
    }

    pub fn area(&mut self, name: &str, terrain: TerrainId, points: &[(f32, f32)]) -> PieceId {
        let pts = points.iter().map(|&(x, y)| p(x, y)).collect();
        self.piece(name, terrain, PieceShape::Polygon(pts))
    }

    /// An axis-aligned rectangle of area terrain.
    pub fn rect(
        &mut self,
        name: &str,
        terrain: TerrainId,
        min: (f32, f32),
        max: (f32, f32),
    ) -> PieceId {
        self.area(
            name,
            terrain,
            &[
                (min.0, min.1),
                (max.0, min.1),
                (max.0, max.1),
                (min.0, max.1),
            ],
        )
    }

    pub fn line(
        &mut self,
        name: &str,
        terrain: TerrainId,
        width_in: f32,
        points: &[(f32, f32)],
    ) -> PieceId {
        let pts = points.iter().map(|&(x, y)| p(x, y)).collect();
        self.piece(
            name,
            terrain,
            PieceShape::Polyline {
                points: pts,
                width_in,
            },
        )
    }

    /// A wood: area terrain, difficult, blocks sight and conceals.
    pub fn wood(&mut self, name: &str, min: (f32, f32), max: (f32, f32)) -> PieceId {
        let t = self.terrain(
            "Woods",
            TerrainKind::Area,
            &[Flag::Difficult, Flag::BlocksSight, Flag::Conceals],
        );
        self.rect(name, t, min, max)
    }

    /// A hedge: a linear obstacle 0.5" wide that blocks sight.
    pub fn hedge(&mut self, name: &str, points: &[(f32, f32)]) -> PieceId {
        let t = self.terrain("Hedge", TerrainKind::Linear, &[Flag::BlocksSight]);
        self.line(name, t, 0.5, points)
    }

    /// An infantry unit of round 1" bases at `points` (the first model leads), Mv `mv`,
    /// RoF 2, Aw 18, Ev 3, To 3, at full strength.
    pub fn unit(&mut self, side: SideId, name: &str, mv: u8, points: &[(f32, f32)]) -> UnitId {
        let id = UnitId(self.s.alloc());
        let models: Vec<Model> = points
            .iter()
            .map(|&(x, y)| Model {
                id: ModelId(self.s.alloc()),
                base: Base::Round {
                    diameter_mm: BASE_MM,
                },
                pos: p(x, y),
                facing_deg: 0.0,
            })
            .collect();
        let leader_model = models.first().map(|m| m.id);
        let n = models.len() as u16;
        self.s.units.push(Unit {
            stats: Stats {
                mv,
                ld: 7,
                rof: 2,
                aw: 18,
                ev: 3,
                to: 3,
                ..Stats::default()
            },
            strength: Strength::full(n),
            position: Position::Table,
            models,
            leader_model,
            ..Unit::new(id, name, side, UnitKind::Infantry)
        });
        id
    }

    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        self.s.unit_mut(id).expect("unit exists")
    }
}
