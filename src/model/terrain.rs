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
