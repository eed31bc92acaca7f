//! What a sight line answers: clear, or every piece that blocks it and why; why a target
//! counts as concealed from a viewer (R3); and the distances that decide both.

use crate::model::PieceId;
use serde::Serialize;
use std::fmt;

/// How far a line may run inside the sight-blocking area terrain one of its ends stands in.
pub const SEE_INTO_IN: f32 = 2.0;
/// A line running less than this inside area terrain only grazes it.
pub const GRAZE_IN: f32 = 0.01;
/// A model lines a linear obstacle when its base edge is within this of the obstacle's edge.
pub const LINING_IN: f32 = 1.0;
/// A lining model sees over its obstacle where the line crosses it within this of its base edge.
pub const OVER_IN: f32 = 2.0;

/// Why a sight line is blocked.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SightBlock {
    /// The line passes through sight-blocking area terrain that holds neither end.
    Through { piece: PieceId, name: String },
    /// The line runs more than 2" through the sight-blocking terrain an end stands in.
    TooDeep {
        piece: PieceId,
        name: String,
        inside_in: f32,
    },
    /// The line crosses a sight-blocking linear obstacle that neither end lines.
    Across { piece: PieceId, name: String },
}

impl SightBlock {
    pub fn piece(&self) -> PieceId {
        match self {
            SightBlock::Through { piece, .. }
            | SightBlock::TooDeep { piece, .. }
            | SightBlock::Across { piece, .. } => *piece,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            SightBlock::Through { name, .. }
            | SightBlock::TooDeep { name, .. }
            | SightBlock::Across { name, .. } => name,
        }
    }
}

impl fmt::Display for SightBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SightBlock::Through { name, .. } => write!(f, "{name} blocks the line of sight"),
            SightBlock::TooDeep {
                name, inside_in, ..
            } => write!(
                f,
                "the line runs {inside_in:.2}\" through {name}; a model sees and is seen through \
                 at most {SEE_INTO_IN:.0}\" of the terrain it stands in"
            ),
            SightBlock::Across { name, .. } => {
                write!(f, "{name} blocks the line and neither model lines it")
            }
        }
    }
}

/// The answer for one line: clear, or every piece that blocks it (in the order of the
/// scenario's pieces).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Sight {
    pub blocked_by: Vec<SightBlock>,
}

impl Sight {
    pub fn is_clear(&self) -> bool {
        self.blocked_by.is_empty()
    }
}

impl fmt::Display for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.blocked_by.is_empty() {
            return f.write_str("clear line of sight");
        }
        for (i, b) in self.blocked_by.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

/// Why a target counts as concealed from a viewer (R3).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Concealed {
    /// It stands in area terrain that conceals.
    InTerrain { piece: PieceId, name: String },
    /// The viewer cannot see it.
    OutOfSight { block: SightBlock },
    /// It lines a concealing linear obstacle the line crosses.
    BehindObstacle { piece: PieceId, name: String },
}

impl fmt::Display for Concealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Concealed::InTerrain { name, .. } => write!(f, "in {name}, which conceals"),
            Concealed::OutOfSight { block } => write!(f, "out of sight: {block}"),
            Concealed::BehindObstacle { name, .. } => write!(f, "behind {name}, which conceals"),
        }
    }
}
