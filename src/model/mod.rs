//! The scenario as plain serde data, and the invariants every loaded or edited scenario keeps.
//!
//! Nothing here knows about files, windows or rules: the model only says what a scenario *is*.
//! `validate()` states the structural invariants the rest of the program relies on (IDs unique,
//! references resolve, arrays sized to the map, numbers finite). Game-level problems such as
//! overlapping bases or a column too wide are found by `rules::check`.

pub mod bytes;
mod colour;
mod column;
pub mod compat;
pub mod game;
mod game_check;
pub mod generate;
mod half_hex;
mod id_table;
mod ids;
mod invalid;
pub mod labels;
pub mod limits;
mod map;
mod orders;
pub mod placement;
pub mod repair;
mod ruleset;
mod scenario;
mod shared;
mod terrain;
mod unit;
mod units;
mod validate;
pub mod victory;
pub mod victory_words;
pub mod words;

pub use bytes::ImageBytes;
pub use colour::Colour;
pub use column::*;
pub use compat::FORMAT_VERSION;
pub use ids::*;
pub use invalid::Invalid;
pub use limits::{MAX_HEXES, MAX_TABLE_IN};
pub use map::*;
pub use orders::{MoveOrder, MoveType, OrdersAction, TestCause, TestKind};
pub use repair::Repair;
pub use ruleset::Ruleset;
pub use scenario::*;
pub use shared::Shared;
pub use terrain::*;
pub use unit::*;
pub use units::Units;
pub use victory::{Held, Holding, SidePoints, Victory};
pub use words::count;

use crate::geom::{Footprint, HexGrid, MM_PER_INCH, Point, hex_layout};

impl Model {
    /// The ground the base covers on the table, in inches.
    pub fn footprint(&self) -> Footprint {
        match self.base {
            Base::Round { diameter_mm } => {
                Footprint::circle(self.pos, diameter_mm / MM_PER_INCH * 0.5)
            }
            Base::Rect { width_mm, depth_mm } => Footprint::rect(
                self.pos,
                width_mm / MM_PER_INCH,
                depth_mm / MM_PER_INCH,
                self.facing_deg,
            ),
        }
    }
}

impl TableMap {
    /// Where an entry point lies on the table edge.
    pub fn entry_point(&self, e: &EntryPoint) -> Point {
        match e.edge {
            Edge::North => Point::new(e.along_in, 0.0),
            Edge::South => Point::new(e.along_in, self.height_in),
            Edge::West => Point::new(0.0, e.along_in),
            Edge::East => Point::new(self.width_in, e.along_in),
        }
    }
}

impl HexMap {
    /// The map's layout in millimetres on paper (y down the page), shared by the screen, print,
    /// the rules and the edits that place things on hexes.
    pub fn layout(&self) -> hexx::HexLayout {
        hex_layout(self.orientation.to_hexx(), self.hex_size_mm)
    }

    /// The dense hex index of this map's shape.
    pub fn grid(&self) -> HexGrid {
        match self.shape {
            HexShape::Rectangle {
                columns,
                rows,
                parity,
            } => HexGrid::Rectangle {
                columns,
                rows,
                mode: parity.to_hexx(),
                orientation: self.orientation.to_hexx(),
            },
            HexShape::Hexagon { radius } => HexGrid::Hexagon { radius },
        }
    }

    /// A blank map of `terrain` everywhere.
    pub fn filled(
        orientation: Orientation,
        hex_size_mm: f32,
        shape: HexShape,
        terrain: TerrainId,
    ) -> HexMap {
        let mut map = HexMap {
            orientation,
            hex_size_mm,
            shape,
            terrain: Shared::default(),
            hexsides: Shared::default(),
            labels: LabelScheme::default(),
            edge: HexEdge::default(),
        };
        map.terrain = vec![terrain; map.grid().len()].into();
        map
    }

    pub fn terrain_at(&self, hex: hexx::Hex) -> Option<TerrainId> {
        self.grid()
            .index_of(hex)
            .and_then(|i| self.terrain.get(i).copied())
    }

    /// Features on the edge of `hex` in `direction` (either spelling of the edge).
    pub fn hexside(&self, hex: hexx::Hex, direction: u8) -> HexsideFeatures {
        let (h, d) = Hexside::canonical(hex, direction);
        self.hexsides
            .iter()
            .find(|s| s.hex == h && s.direction == d)
            .map(|s| s.features)
            .unwrap_or_default()
    }

    /// Sets the features of one edge, keeping the list canonical and free of empty entries.
    pub fn set_hexside(&mut self, hex: hexx::Hex, direction: u8, features: HexsideFeatures) {
        let (h, d) = Hexside::canonical(hex, direction);
        self.hexsides.retain(|s| !(s.hex == h && s.direction == d));
        if !features.is_empty() {
            self.hexsides.push(Hexside {
                hex: h,
                direction: d,
                features,
            });
        }
    }
}

impl Scenario {
    /// An empty scenario on a 72" x 48" table with two sides and open ground.
    pub fn new_table(title: &str) -> Scenario {
        Self::empty(title, Map::Table(TableMap::default()), Ruleset::M42)
    }

    /// An empty flat-topped 20 x 15 hex map with two sides and clear terrain.
    pub fn new_hex(title: &str) -> Scenario {
        let mut s = Self::empty(title, Map::Table(TableMap::default()), Ruleset::HexCommands);
        let clear = s.terrain_types[0].id;
        s.map = Map::Hex(HexMap::filled(
            Orientation::Flat,
            25.0,
            HexShape::Rectangle {
                columns: 20,
                rows: 15,
                parity: OffsetParity::Even,
            },
            clear,
        ));
        s
    }

    /// The scenario with the ground most wargame maps are drawn from, besides its clear
    /// ground: woods, rough, hills, marsh, a town and water, each in a colour of its own (the
    /// one its name suggests, rough olive, hills brown) and with the costs and effects the
    /// rules read (woods cost 2 MP, block sight and conceal; water cannot be entered), for the
    /// designer to adjust. What File > New starts with, so a new map is painted at once
    /// rather than after naming terrain.
    pub fn with_starter_terrain(mut self) -> Scenario {
        /// A starter terrain: its name, colour, cost on a hex map and effects on the table.
        type Starter = (&'static str, Colour, HexCost, fn(&mut TerrainType));
        let starter: [Starter; 6] = [
            (
                "Woods",
                Colour::rgb(0x4f, 0x7a, 0x3a),
                HexCost::Mp(2),
                |t| {
                    t.difficult = true;
                    t.blocks_sight = true;
                    t.conceals = true;
                },
            ),
            (
                "Rough",
                Colour::rgb(0xc9, 0xb7, 0x8f),
                HexCost::Mp(2),
                |t| t.difficult = true,
            ),
            ("Hill", Colour::rgb(0xb0, 0x8d, 0x5a), HexCost::Mp(2), |t| {
                t.bare_hill = true;
                t.blocks_sight = true;
            }),
            (
                "Marsh",
                Colour::rgb(0x7f, 0x9c, 0x8a),
                HexCost::Mp(3),
                |t| {
                    t.difficult = true;
                    t.dangerous = true;
                },
            ),
            ("Town", Colour::rgb(0x9a, 0x8f, 0x86), HexCost::Mp(1), |t| {
                t.blocks_sight = true;
                t.conceals = true;
                t.building = true;
            }),
            (
                "Water",
                Colour::rgb(0x5b, 0x8f, 0xc9),
                HexCost::Impassable,
                |t| t.impassable = true,
            ),
        ];
        for (name, colour, cost, effects) in starter {
            if self.terrain_types.iter().any(|t| t.name == name) {
                continue;
            }
            let mut t = TerrainType::open(TerrainId(self.alloc()), name, colour);
            t.hex_cost = cost;
            effects(&mut t);
            self.terrain_types.push(t);
        }
        self
    }

    fn empty(title: &str, map: Map, ruleset: Ruleset) -> Scenario {
        let mut s = Scenario {
            meta: Meta {
                title: title.to_string(),
                format_version: FORMAT_VERSION,
                ..Meta::default()
            },
            sides: Vec::new(),
            map,
            background: None,
            terrain_types: Vec::new(),
            pieces: Vec::new(),
            units: Units::new(),
            columns: Vec::new(),
            zones: Vec::new(),
            objectives: Vec::new(),
            labels: Vec::new(),
            reinforcements: Vec::new(),
            rules: RuleOptions::new(ruleset),
            turn: 1,
            next_id: 1,
            game: None,
        };
        let blue = SideId(s.alloc());
        s.sides.push(Side {
            id: blue,
            name: "Blue".into(),
            colour: Colour::rgb(0x2f, 0x5d, 0xa8),
            home_edge: Some(Edge::South),
            briefing: String::new(),
        });
        let red = SideId(s.alloc());
        s.sides.push(Side {
            id: red,
            name: "Red".into(),
            colour: Colour::rgb(0xb0, 0x30, 0x30),
            home_edge: Some(Edge::North),
            briefing: String::new(),
        });
        let clear = TerrainId(s.alloc());
        s.terrain_types.push(TerrainType::open(
            clear,
            "Clear",
            Colour::rgb(0xd8, 0xd2, 0xa8),
        ));
        s
    }
}
