//! The terrain table and free-measure terrain pieces.

use super::colour::Colour;
use super::ids::{PieceId, TerrainId};
use crate::geom::Point;
use serde::{Deserialize, Serialize};

/// Movement cost of a hex of this terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HexCost {
    /// Movement points to enter the hex (at least 1).
    Mp(u8),
    Impassable,
}

/// How a terrain type is drawn and measured on the free-measure table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerrainKind {
    /// A closed polygon: woods, hills, villages, marsh.
    Area,
    /// A polyline obstacle: walls, hedges, fences, streams, rivers.
    Linear,
    /// A polyline road or track.
    Road,
}

/// Terrain names offered for ground a map leaves unnamed (a Tiled tile, a new type): the
/// common ground of wargame maps, each with a colour of its own in [`fitting_colour`].
pub const COMMON_TERRAIN: [&str; 8] = [
    "Clear", "Rough", "Woods", "Hill", "Marsh", "Water", "Town", "Mountain",
];

/// The colour a terrain named `name` suggests, if the name says what ground it is: woods
/// green, water blue, hills brown, marsh grey-green, towns grey, open ground pale green.
pub fn fitting_colour(name: &str) -> Option<Colour> {
    let n = name.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    Some(if has(&["wood", "forest", "tree", "orchard"]) {
        Colour::rgb(0x4f, 0x7a, 0x3a)
    } else if has(&["water", "river", "lake", "sea", "ocean", "stream", "pond"]) {
        Colour::rgb(0x5b, 0x8f, 0xc9)
    } else if has(&["hill", "mountain", "rough", "ridge", "slope", "height"]) {
        Colour::rgb(0xb0, 0x8d, 0x5a)
    } else if has(&["marsh", "swamp", "bog"]) {
        Colour::rgb(0x7f, 0x9c, 0x8a)
    } else if has(&["town", "village", "city", "building", "hamlet", "farm"]) {
        Colour::rgb(0x9a, 0x8f, 0x86)
    } else if has(&["clear", "open", "grass", "plain", "field", "meadow"]) {
        Colour::rgb(0xd9, 0xe4, 0xb5)
    } else {
        return None;
    })
}

/// One row of the scenario's terrain table, shared by hexes and free-measure pieces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainType {
    pub id: TerrainId,
    pub name: String,
    pub colour: Colour,
    pub hex_cost: HexCost,
    pub kind: TerrainKind,
    /// Slows movement (R1 detours around it, R3 caps disorderly moves at base Mv).
    pub difficult: bool,
    /// Models may not end a Fall Back! move in it (R3); regrouping models avoid it (R2).
    pub dangerous: bool,
    /// Nothing may enter or cross it on the free-measure table.
    pub impassable: bool,
    pub blocks_sight: bool,
    /// Models inside are concealed (R3 Fall Back!).
    pub conceals: bool,
    /// A bare hill does not cap disorderly movement that starts on it (R3).
    pub bare_hill: bool,
    /// Units inside take the in-buildings morale bonus (R4).
    pub building: bool,
}

impl TerrainType {
    /// A passable, unremarkable terrain type, to be adjusted by the caller.
    pub fn open(id: TerrainId, name: &str, colour: Colour) -> Self {
        Self {
            id,
            name: name.to_string(),
            colour,
            hex_cost: HexCost::Mp(1),
            kind: TerrainKind::Area,
            difficult: false,
            dangerous: false,
            impassable: false,
            blocks_sight: false,
            conceals: false,
            bare_hill: false,
            building: false,
        }
    }
}

/// The outline of a free-measure terrain piece, in table inches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PieceShape {
    /// A closed area; the last vertex joins the first.
    Polygon(Vec<Point>),
    /// An open line with a drawn and measured width (walls ~0.5", roads 1-2", rivers 2-4").
    Polyline { points: Vec<Point>, width_in: f32 },
}

impl PieceShape {
    pub fn points(&self) -> &[Point] {
        match self {
            PieceShape::Polygon(p) => p,
            PieceShape::Polyline { points, .. } => points,
        }
    }

    pub fn points_mut(&mut self) -> &mut Vec<Point> {
        match self {
            PieceShape::Polygon(p) => p,
            PieceShape::Polyline { points, .. } => points,
        }
    }
}

/// A piece of terrain on the free-measure table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainPiece {
    pub id: PieceId,
    pub name: String,
    pub terrain: TerrainId,
    pub shape: PieceShape,
}
