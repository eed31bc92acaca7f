//! A small builder so each sample file reads as data: terrain, pieces, units and their
//! placement, with every item taking a fresh ID from [`Scenario::alloc`].

use crate::geom::{Formation, MM_PER_INCH, Point};
use crate::model::*;
use hexx::Hex;

/// The author of every built-in sample.
pub const AUTHOR: &str = "Sandtable samples";

/// A table point from plain numbers.
pub fn p(x: f32, y: f32) -> Point {
    Point::new(x, y)
}

/// Table points from `(x, y)` pairs.
pub fn pts(points: &[(f32, f32)]) -> Vec<Point> {
    points.iter().map(|&(x, y)| p(x, y)).collect()
}

/// A colour from `0xrrggbb`.
pub fn rgb(hex: u32) -> Colour {
    Colour::rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Stats for R1 (column of march): move and the 2D6 Discipline target.
pub fn mwwbk(mv: u8, discipline: u8) -> Stats {
    Stats {
        mv,
        discipline,
        ..Stats::default()
    }
}

/// Stats for R3 (orders): Mv, Ld, RoF, Aw, Ev, To.
pub fn orders(mv: u8, ld: u8, rof: u8, aw: u8, ev: u8, to: u8) -> Stats {
    Stats {
        mv,
        ld,
        rof,
        aw,
        ev,
        to,
        ..Stats::default()
    }
}

/// Stats for R2 (M42): Mv, Ld, BS, Ev, To.
pub fn m42(mv: u8, ld: u8, bs: u8, ev: u8, to: u8) -> Stats {
    Stats {
        mv,
        ld,
        bs,
        ev,
        to,
        ..Stats::default()
    }
}

/// Stats for the hex map (R5): movement points.
pub fn hex_mp(mp: u8) -> Stats {
    Stats {
        mp,
        ..Stats::default()
    }
}

/// A leader's chit, span and superior, with no morale bonus or re-rolls.
pub fn command(command: Command, span: u8, superior: Option<UnitId>) -> Leadership {
    Leadership {
        command,
        span,
        superior,
        bonus: 0,
        rerolls: 0,
        rerolls_used: 0,
    }
}

/// A leader who matters for morale (R4): bonus when attached and re-rolls for the battle.
pub fn commander(bonus: i8, rerolls: u8, rerolls_used: u8) -> Leadership {
    Leadership {
        command: Command::Advance,
        span: 0,
        superior: None,
        bonus,
        rerolls,
        rerolls_used,
    }
}

/// Terrain properties, named so a terrain row reads as a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trait {
    Difficult,
    Dangerous,
    Impassable,
    BlocksSight,
    Conceals,
    BareHill,
    Building,
}

/// Where a unit goes.
pub enum At<'a> {
    /// Waiting off the map with no figures (a hex-map reinforcement).
    OffMap,
    /// Off the table, its figures already drawn up where they queue (the tail of a column).
    OffTable(Formation),
    /// On the table, drawn up in ranks (base size taken from the unit).
    Ranks {
        centre: (f32, f32),
        facing_deg: f32,
        frontage: usize,
        gap_in: f32,
    },
    /// On the table in a ready-made formation (see [`U::formation`]).
    Formed(Formation),
    /// On the table, one figure per point, all facing one way. The first point is model 0.
    Points {
        facing_deg: f32,
        points: &'a [(f32, f32)],
    },
    /// On a hex given in offset `[column, row]` coordinates, facing a hex direction.
    Hex { col: i32, row: i32, facing: u8 },
}

/// A unit before it is placed: everything but IDs and figures.
pub struct U {
    unit: Unit,
    base: Base,
    leader: Option<usize>,
}

/// A unit of `kind` with one figure on a 25 mm round base, Regular, in good order.
pub fn unit(side: SideId, name: &str, kind: UnitKind) -> U {
    U {
        unit: Unit {
            id: UnitId(0),
            name: name.to_string(),
            side,
            kind,
            quality: Quality::Regular,
            stats: Stats::default(),
            strength: Strength::full(1),
            special: Vec::new(),
            position: Position::OffMap,
            models: Vec::new(),
            leader_model: None,
            leadership: None,
            commander: None,
            attached_leader: None,
            exerts_zoc: kind != UnitKind::Leader,
            state: UnitState::default(),
        },
        base: Base::Round { diameter_mm: 25.0 },
        leader: None,
    }
}

/// A leader: a single figure carrying `leadership`.
pub fn leader(side: SideId, name: &str, leadership: Leadership) -> U {
    let mut u = unit(side, name, UnitKind::Leader);
    u.unit.leadership = Some(leadership);
    u.leader = Some(0);
    u
}

impl U {
    pub fn quality(mut self, q: Quality) -> Self {
        self.unit.quality = q;
        self
    }

    pub fn stats(mut self, stats: Stats) -> Self {
        self.unit.stats = stats;
        self
    }

    /// Full strength of `n` figures or stands.
    pub fn full(self, n: u16) -> Self {
        self.strength(n, n)
    }

    pub fn strength(mut self, start: u16, current: u16) -> Self {
        self.unit.strength = Strength { start, current };
        self
    }

    pub fn special(mut self, rules: &[SpecialRule]) -> Self {
        self.unit.special = rules.to_vec();
        self
    }

    pub fn rect(mut self, width_mm: f32, depth_mm: f32) -> Self {
        self.base = Base::Rect { width_mm, depth_mm };
        self
    }

    /// The figure at this placement index leads the unit (R2, R3).
    pub fn led_by(mut self, index: usize) -> Self {
        self.leader = Some(index);
        self
    }

    /// No leader model: dead, or a Swarm that picks one each move.
    pub fn leaderless(mut self) -> Self {
        self.leader = None;
        self
    }

    /// The leader whose force this unit belongs to (R5).
    pub fn under(mut self, leader: UnitId) -> Self {
        self.unit.commander = Some(leader);
        self
    }

    /// A leader attached for morale (R4).
    pub fn attached(mut self, leader: UnitId) -> Self {
        self.unit.attached_leader = Some(leader);
        self
    }

    pub fn morale(mut self, morale: Morale) -> Self {
        self.unit.state.morale = morale;
        self
    }

    /// Adjusts the per-turn state.
    pub fn state(mut self, f: impl FnOnce(&mut UnitState)) -> Self {
        f(&mut self.unit.state);
        self
    }

    /// A formation of this unit's bases.
    pub fn formation(
        &self,
        centre: Point,
        facing_deg: f32,
        frontage: usize,
        gap_in: f32,
    ) -> Formation {
        formation(self.base, centre, facing_deg, frontage, gap_in)
    }

    pub fn current(&self) -> usize {
        self.unit.strength.current as usize
    }
}

/// A formation of `base`s: width across the facing and depth along it, in inches.
fn formation(
    base: Base,
    centre: Point,
    facing_deg: f32,
    frontage: usize,
    gap_in: f32,
) -> Formation {
    let (w, d) = match base {
        Base::Round { diameter_mm } => (diameter_mm / MM_PER_INCH, diameter_mm / MM_PER_INCH),
        Base::Rect { width_mm, depth_mm } => (width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH),
    };
    Formation {
        centre,
        facing_deg,
        frontage,
        base_width_in: w,
        base_depth_in: d,
        gap_in,
    }
}

/// A scenario under construction.
pub struct Build {
    pub s: Scenario,
}

impl Build {
    /// A free-measure table of `width_in` x `height_in`.
    pub fn table(title: &str, ruleset: Ruleset, width_in: f32, height_in: f32) -> Build {
        let mut s = Scenario::new_table(title);
        s.map = Map::Table(TableMap {
            width_in,
            height_in,
        });
        s.rules = RuleOptions::new(ruleset);
        Build { s }
    }

    /// A flat-topped rectangular hex map of `columns` x `rows`, all clear.
    pub fn hex_map(title: &str, columns: u32, rows: u32, hex_size_mm: f32) -> Build {
        let mut s = Scenario::new_hex(title);
        let clear = s.terrain_types[0].id;
        s.map = Map::Hex(HexMap::filled(
            Orientation::Flat,
            hex_size_mm,
            HexShape::Rectangle {
                columns,
                rows,
                parity: OffsetParity::Even,
            },
            clear,
        ));
        Build { s }
    }

    /// Title page; the author is always the samples'.
    pub fn meta(&mut self, description: &str, designer_notes: &str) {
        self.s.meta.author = AUTHOR.to_string();
        self.s.meta.description = description.to_string();
        self.s.meta.designer_notes = designer_notes.to_string();
        self.s.meta.format_version = FORMAT_VERSION;
    }

    /// Names the two sides (the blank scenario's two), each with a colour and home edge.
    pub fn sides(&mut self, a: (&str, u32, Edge), b: (&str, u32, Edge)) -> (SideId, SideId) {
        for (side, (name, colour, edge)) in self.s.sides.iter_mut().zip([a, b]) {
            side.name = name.to_string();
            side.colour = rgb(colour);
            side.home_edge = Some(edge);
        }
        (self.s.sides[0].id, self.s.sides[1].id)
    }

    /// The blank scenario's open-ground terrain, renamed and recoloured.
    pub fn open_ground(&mut self, name: &str, colour: u32) -> TerrainId {
        let t = &mut self.s.terrain_types[0];
        t.name = name.to_string();
        t.colour = rgb(colour);
        t.id
    }

    /// A row of the terrain table.
    pub fn terrain(
        &mut self,
        name: &str,
        colour: u32,
        kind: TerrainKind,
        hex_cost: HexCost,
        traits: &[Trait],
    ) -> TerrainId {
        let id = TerrainId(self.s.alloc());
        let mut t = TerrainType::open(id, name, rgb(colour));
        t.kind = kind;
        t.hex_cost = hex_cost;
        for tr in traits {
            match tr {
                Trait::Difficult => t.difficult = true,
                Trait::Dangerous => t.dangerous = true,
                Trait::Impassable => t.impassable = true,
                Trait::BlocksSight => t.blocks_sight = true,
                Trait::Conceals => t.conceals = true,
                Trait::BareHill => t.bare_hill = true,
                Trait::Building => t.building = true,
            }
        }
        self.s.terrain_types.push(t);
        id
    }

    /// An area piece.
    pub fn area(&mut self, name: &str, terrain: TerrainId, points: &[(f32, f32)]) -> PieceId {
        self.piece(name, terrain, PieceShape::Polygon(pts(points)))
    }

    /// A line piece (obstacle, road, river) `width_in` wide.
    pub fn line(
        &mut self,
        name: &str,
        terrain: TerrainId,
        width_in: f32,
        points: &[(f32, f32)],
    ) -> PieceId {
        self.piece(
            name,
            terrain,
            PieceShape::Polyline {
                points: pts(points),
                width_in,
            },
        )
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

    /// A deployment zone on the table.
    pub fn zone(&mut self, name: &str, side: SideId, points: &[(f32, f32)]) -> ZoneId {
        self.zone_of(name, side, ZoneArea::Polygon(pts(points)))
    }

    /// A deployment zone of hexes.
    pub fn hex_zone(&mut self, name: &str, side: SideId, hexes: Vec<Hex>) -> ZoneId {
        self.zone_of(name, side, ZoneArea::Hexes(hexes))
    }

    fn zone_of(&mut self, name: &str, side: SideId, area: ZoneArea) -> ZoneId {
        let id = ZoneId(self.s.alloc());
        self.s.zones.push(DeploymentZone {
            id,
            name: name.to_string(),
            side,
            area,
        });
        id
    }

    pub fn objective(&mut self, name: &str, place: Place, value: u16, notes: &str) -> ObjectiveId {
        let id = ObjectiveId(self.s.alloc());
        self.s.objectives.push(Objective {
            id,
            name: name.to_string(),
            place,
            value,
            notes: notes.to_string(),
        });
        id
    }

    pub fn reinforcement(
        &mut self,
        turn: u16,
        side: SideId,
        units: Vec<UnitId>,
        entry: Place,
    ) -> ReinforcementId {
        let id = ReinforcementId(self.s.alloc());
        self.s.reinforcements.push(Reinforcement {
            id,
            turn,
            side,
            units,
            entry,
        });
        id
    }

    /// The hex at offset `[col, row]` of a rectangular map (axial `(col, row)` on a hexagon;
    /// hex (0, 0) on a table, which has no hexes).
    pub fn hex(&self, col: i32, row: i32) -> Hex {
        match &self.s.map {
            Map::Hex(h) => match h.shape {
                HexShape::Rectangle { parity, .. } => Hex::from_offset_coordinates(
                    [col, row],
                    parity.to_hexx(),
                    h.orientation.to_hexx(),
                ),
                HexShape::Hexagon { .. } => Hex::new(col, row),
            },
            Map::Table(_) => Hex::ZERO,
        }
    }

    /// Sets the terrain of hexes given in offset `(column, row)` coordinates.
    pub fn paint(&mut self, terrain: TerrainId, hexes: &[(i32, i32)]) {
        let hexes: Vec<Hex> = hexes.iter().map(|&(c, r)| self.hex(c, r)).collect();
        if let Map::Hex(h) = &mut self.s.map {
            let grid = h.grid();
            for hex in hexes {
                if let Some(t) = grid.index_of(hex).and_then(|i| h.terrain.get_mut(i)) {
                    *t = terrain;
                }
            }
        }
    }

    /// Adds features to the edge of `hex` in `direction`, keeping those already there.
    pub fn hexside(&mut self, hex: Hex, direction: u8, add: impl FnOnce(&mut HexsideFeatures)) {
        if let Map::Hex(h) = &mut self.s.map {
            let mut features = h.hexside(hex, direction);
            add(&mut features);
            h.set_hexside(hex, direction, features);
        }
    }

    /// Places the unit, gives it and each of its figures a fresh ID, and returns its ID.
    pub fn add(&mut self, u: U, at: At) -> UnitId {
        let U {
            mut unit,
            base,
            leader,
        } = u;
        unit.id = UnitId(self.s.alloc());
        let count = unit.strength.current as usize;
        let (position, centres, facing) = match at {
            At::OffMap => (Position::OffMap, Vec::new(), 0.0),
            At::OffTable(f) => (Position::OffMap, f.centres(count), f.facing_deg),
            At::Formed(f) => (Position::Table, f.centres(count), f.facing_deg),
            At::Ranks {
                centre,
                facing_deg,
                frontage,
                gap_in,
            } => {
                let f = formation(base, p(centre.0, centre.1), facing_deg, frontage, gap_in);
                (Position::Table, f.centres(count), facing_deg)
            }
            At::Points { facing_deg, points } => (Position::Table, pts(points), facing_deg),
            At::Hex { col, row, facing } => (
                Position::Hex {
                    hex: self.hex(col, row),
                    facing,
                },
                Vec::new(),
                0.0,
            ),
        };
        unit.position = position;
        unit.models = centres
            .into_iter()
            .map(|pos| Model {
                id: ModelId(self.s.alloc()),
                base,
                pos,
                facing_deg: facing,
            })
            .collect();
        unit.leader_model = leader.and_then(|i| unit.models.get(i)).map(|m| m.id);
        let id = unit.id;
        self.s.units.push(unit);
        id
    }

    pub fn finish(self) -> Scenario {
        self.s
    }
}
