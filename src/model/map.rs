//! The playing surface: a free-measure table in inches or a hex map.

use super::ids::TerrainId;
use super::shared::Shared;
use crate::geom::Point;
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
    pub terrain: Shared<TerrainId>,
    /// Features on hex edges. Each edge appears at most once, stored in canonical form (see
    /// [`Hexside::canonical`]).
    pub hexsides: Shared<Hexside>,
    /// How the hexes are numbered in print, so labels read as on the map being copied (format
    /// 2; a format-1 file gets today's `CCRR` from 0101).
    #[serde(default, deserialize_with = "super::compat::since_v2")]
    pub labels: LabelScheme,
    /// Whether the map's edge runs through its outer hexes (format 2; whole hexes before).
    #[serde(default, deserialize_with = "super::compat::since_v2")]
    pub edge: HexEdge,
}

/// How a rectangle map's hexes are numbered: the printed label is the column part followed by
/// the row part (`0101`, `101`, `1001`, `A1`, `AA01`). Hexagon maps keep axial labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LabelScheme {
    /// The number (or, with letters, the letter index: 1 = A) of the first column.
    pub first_column: u32,
    /// The number of the first row.
    pub first_row: u32,
    /// The column part's width: numbers are padded with zeros to it (ignored with letters).
    pub column_digits: u8,
    /// The row part's width: numbers are padded with zeros to it.
    pub row_digits: u8,
    /// Columns are lettered A … Z, AA, AB … instead of numbered.
    pub column_letters: bool,
    /// The corner where the first column and row are.
    pub start: Corner,
}

impl Default for LabelScheme {
    /// Today's labels: `CCRR` from 0101 at the north-west corner.
    fn default() -> Self {
        LabelScheme {
            first_column: 1,
            first_row: 1,
            column_digits: 2,
            row_digits: 2,
            column_letters: false,
            start: Corner::NorthWest,
        }
    }
}

/// A corner of a rectangle map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Corner {
    #[default]
    NorthWest,
    NorthEast,
    SouthWest,
    SouthEast,
}

impl Corner {
    pub const ALL: [Corner; 4] = [
        Corner::NorthWest,
        Corner::NorthEast,
        Corner::SouthWest,
        Corner::SouthEast,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Corner::NorthWest => "north-west",
            Corner::NorthEast => "north-east",
            Corner::SouthWest => "south-west",
            Corner::SouthEast => "south-east",
        }
    }
}

/// Where a rectangle map's edge runs. Published maps often cut their outer hexes in half: the
/// border is a straight line through the centres of the outermost hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HexEdge {
    /// Every hex is whole; the map ends at the outer hexes' edges.
    #[default]
    Whole,
    /// The edge runs through the centres of the outermost hexes, which are drawn and printed
    /// cut in half; `playable` says whether units may enter and stand in them.
    ThroughHexes { playable: bool },
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
    /// A track crosses this edge (format 6): moving across it costs the track rate, or the
    /// terrain's cost when that is less.
    #[serde(default, deserialize_with = "super::compat::since_v6")]
    pub track: bool,
    /// A railway crosses this edge (format 6): moving across it costs the railway rate, or the
    /// terrain's cost when that is less.
    #[serde(default, deserialize_with = "super::compat::since_v6")]
    pub railway: bool,
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
        if self.track {
            v.push("track");
        }
        if self.railway {
            v.push("railway");
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
    /// The encoded PNG or JPEG bytes, as given (within the limits of `model::limits`).
    pub encoded: super::bytes::ImageBytes,
    pub width_px: u32,
    pub height_px: u32,
    /// 0 = invisible, 1 = opaque.
    pub opacity: f32,
    /// Where the image lies on the map once calibrated; `None` stretches it over the map's
    /// bounds (format 1 and an uncalibrated image).
    #[serde(default, deserialize_with = "super::compat::since_v2")]
    pub placement: Option<ImagePlacement>,
}

/// How a calibrated image lies under the map: a similarity (scale, a small rotation and a
/// shift) from map units to image pixels. The map unit is one hex across the flats on a hex map
/// (so the image follows when the printed hex size changes) and one inch on a table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImagePlacement {
    /// The image pixel at the map's origin: the centre of hex (0, 0), or the table's north-west
    /// corner.
    pub origin_px: [f32; 2],
    /// Image pixels per map unit (per hex across the flats, or per inch).
    pub px_per_unit: f32,
    /// How far the map's grid is turned in the image, in degrees clockwise on the page.
    pub rotation_deg: f32,
}

/// A table edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    /// Bearing that points from this edge into the table.
    pub fn inward_bearing_deg(self) -> f32 {
        match self {
            Edge::North => 180.0,
            Edge::East => 270.0,
            Edge::South => 0.0,
            Edge::West => 90.0,
        }
    }
}

/// A point on either kind of map.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Place {
    Table(Point),
    Hex(Hex),
}
