//! The playing surface: a free-measure table in inches or a hex map.

use super::ids::TerrainId;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The two kinds of map a scenario can be played on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Map {
    /// A miniatures table measured in inches. Origin at the north-west corner, x east, y south.
    Table(TableMap),
    /// A hex map laid out by hexx, printed at `hex_size_mm` across the flats.
    Hex(HexMap),
}

impl Map {
    pub fn is_hex(&self) -> bool {
        matches!(self, Map::Hex(_))
    }

    pub fn as_hex(&self) -> Option<&HexMap> {
        match self {
            Map::Hex(h) => Some(h),
            Map::Table(_) => None,
        }
    }

    pub fn as_hex_mut(&mut self) -> Option<&mut HexMap> {
        match self {
            Map::Hex(h) => Some(h),
            Map::Table(_) => None,
        }
    }

    pub fn as_table(&self) -> Option<&TableMap> {
        match self {
            Map::Table(t) => Some(t),
            Map::Hex(_) => None,
        }
    }
}

/// A free-measure table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableMap {
    pub width_in: f32,
    pub height_in: f32,
}

impl Default for TableMap {
    /// The common 6' x 4' wargames table.
    fn default() -> Self {
        Self {
            width_in: 72.0,
            height_in: 48.0,
        }
    }
}

/// Hex orientation, mirrored from hexx so the file format does not change if hexx renames it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Orientation {
    /// Flat tops; columns of hexes run north-south (the usual board-wargame layout).
    Flat,
    /// Pointy tops; rows of hexes run east-west.
    Pointy,
}

impl Orientation {
    pub fn to_hexx(self) -> hexx::HexOrientation {
        match self {
            Orientation::Flat => hexx::HexOrientation::Flat,
            Orientation::Pointy => hexx::HexOrientation::Pointy,
        }
    }
}

/// Which alternate columns (flat) or rows (pointy) are shoved by half a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OffsetParity {
    Even,
    Odd,
}

impl OffsetParity {
    pub fn to_hexx(self) -> hexx::OffsetHexMode {
        match self {
            OffsetParity::Even => hexx::OffsetHexMode::Even,
            OffsetParity::Odd => hexx::OffsetHexMode::Odd,
        }
    }
}

/// The outline of a hex map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HexShape {
    /// `columns` x `rows` in offset coordinates: column 0, row 0 is the north-west hex.
    Rectangle {
        columns: u32,
        rows: u32,
        parity: OffsetParity,
    },
    /// Every hex within `radius` steps of the centre hex (0, 0).
    Hexagon { radius: u32 },
}

/// A hex map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexMap {
    pub orientation: Orientation,
    /// Distance across the flats of one hex on paper, in millimetres.
    pub hex_size_mm: f32,
    pub shape: HexShape,
    /// Terrain of every hex, in the order of `geom::HexGrid` (row-major offset order for
    /// rectangles, ring-free row order for hexagons). Length must equal the hex count.
    pub terrain: Vec<TerrainId>,
    /// Features on hex edges. Each edge appears at most once, stored in canonical form (see
    /// [`Hexside::canonical`]).
    pub hexsides: Vec<Hexside>,
}

/// Features that sit on the edge between two hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexsideFeatures {
    pub river: bool,
    pub wall: bool,
    /// A bridge over a river on this edge: crossing pays no river cost.
    pub bridge: bool,
    /// A road crosses this edge: moving across it costs the road rate instead of the terrain.
    pub road: bool,
    /// The designer marked this edge as blocking zones of control, whatever its features.
    pub blocks_zoc: bool,
}

impl HexsideFeatures {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Short list of feature names for summaries.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.river {
            v.push("river");
        }
        if self.wall {
            v.push("wall");
        }
        if self.bridge {
            v.push("bridge");
        }
        if self.road {
            v.push("road");
        }
        if self.blocks_zoc {
            v.push("blocks ZOC");
        }
        v
    }
}

/// One hex edge with its features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hexside {
    pub hex: Hex,
    /// hexx `EdgeDirection` index, 0..6. Canonical form uses 0..3.
    pub direction: u8,
    pub features: HexsideFeatures,
}

impl Hexside {
    /// The same edge named from the hex whose direction index is below 3, so each edge has
    /// exactly one spelling and lookups need no double search.
    pub fn canonical(hex: Hex, direction: u8) -> (Hex, u8) {
        let direction = direction % 6;
        if direction < 3 {
            (hex, direction)
        } else {
            let dir = hexx::EdgeDirection::ALL_DIRECTIONS[direction as usize];
            (hex.neighbor(dir), direction - 3)
        }
    }
}

/// An image laid under the map, stretched to its bounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Background {
    /// The encoded PNG or JPEG bytes, as imported (after the pixel-count limit).
    #[serde(with = "super::bytes")]
    pub encoded: Vec<u8>,
    pub width_px: u32,
    pub height_px: u32,
    /// 0 = invisible, 1 = opaque.
    pub opacity: f32,
}
