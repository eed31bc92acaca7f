//! R1: a unit that is not marching in a formed column acts on its own: a unit of the scenario
//! never put in a column (the defenders waiting for it), and, after a break, a unit of the
//! broken column already on the table. The seed says only how columns move; how a unit on its
//! own moves is the project's reading (docs/rules.md, R1): as a block, its leader (or its first
//! model) up to its Mv along the shortest legal route, around impassable terrain, 2" clear of
//! enemy models and never through a formed column, every other model keeping its place about
//! him, none ending on another unit's base. A unit in a formed column moves only with its
//! column; one still off table comes on only at the column's entry point; a pinned unit rallies
//! with a pin test before it moves.
//!
//! The game's move (`rules::engine`), the editor's preview and `sandtable moves` all ask this
//! module, so they agree on who may move, how far and by which route.

use crate::geom::{Footprint, Point};
use crate::model::*;
use crate::rules::measure::overlaps;
use crate::rules::reach::exact::Path;
use crate::rules::reach::{self, Avoid, Blocker, Board, Region, Unreachable};
use std::fmt;

/// Why a unit may not move on its own now.
#[derive(Clone, Debug, PartialEq)]
pub enum CannotMoveAlone {
    /// It marches in this formed column: the column is given the order.
    InFormedColumn(String),
    /// It waits off table for this broken column's entry point.
    WaitingToEnter(String),
    /// It is not on the table (off table with no column, exited, or removed).
    NotOnTable,
    /// It has no figures left.
    NoFigures,
    /// It is pinned: a pin test first.
    Pinned,
}

impl fmt::Display for CannotMoveAlone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotMoveAlone::InFormedColumn(c) => write!(
                f,
                "it marches in the formed column '{c}' and moves only with it: give the column \
                 an order"
            ),
            CannotMoveAlone::WaitingToEnter(c) => write!(
                f,
                "it waits off table and comes on only at the entry point of '{c}'"
            ),
            CannotMoveAlone::NotOnTable => f.write_str("it is not on the table"),
            CannotMoveAlone::NoFigures => f.write_str("it has no figures"),
            CannotMoveAlone::Pinned => f.write_str(
                "it is pinned: a pinned unit does not move; it rallies from it with a pin test first",
            ),
        }
    }
}

/// A unit's move on its own, from where it stands: the model that leads it, its allowance and
/// the board it moves over.
pub struct AloneMove {
    pub unit: UnitId,
    /// The model measured: the unit's leader, or its first model.
    pub model: ModelId,
    pub from: Point,
    /// Its Mv, in inches.
    pub allowance_in: f32,
    board: Board,
    /// Its models where they stand.
    block: Vec<Model>,
    /// Every other unit's bases on the table, with the unit: no model may end overlapping one
    /// (RULES.md, free-measure movement).
    others: Vec<(UnitId, Footprint)>,
}

/// Whether `u` may move on its own, and the move when it may.
pub fn alone(s: &Scenario, u: &Unit) -> Result<AloneMove, CannotMoveAlone> {
    if let Some(c) = s.column_of(u.id) {
        if c.state == ColumnState::Formed {
            return Err(CannotMoveAlone::InFormedColumn(c.name.clone()));
        }
        if u.position == Position::OffMap {
            return Err(CannotMoveAlone::WaitingToEnter(c.name.clone()));
        }
    }
    if !u.on_table() || !u.in_play() {
        return Err(CannotMoveAlone::NotOnTable);
    }
    let model = *u
        .leader()
        .or(u.models.first())
        .ok_or(CannotMoveAlone::NoFigures)?;
    if u.state.pinned {
        return Err(CannotMoveAlone::Pinned);
    }
    Ok(AloneMove {
        unit: u.id,
        model: model.id,
        from: model.pos,
        allowance_in: f32::from(u.stats.mv),
        board: Board::new(s, u.side, reach::mover_radius(&model)),
        block: u.models.clone(),
        others: s
            .units
            .iter()
            .filter(|o| o.id != u.id && o.on_table() && o.in_play())
            .flat_map(|o| o.models.iter().map(move |m| (o.id, m.footprint())))
            .collect(),
    })
}

impl AloneMove {
    /// Everywhere its leading model may end: within its reach, and where no model of the
    /// block would end overlapping another unit's base.
    pub fn region(&self) -> Region {
        let mut region =
            reach::region(&self.board, self.from, self.allowance_in, Avoid::standard());
        // A model `d` from the one measured overlaps a base when the one measured stands `d`
        // short of where it would: each model's exclusion is the bases moved back by `d`.
        for m in &self.block {
            let d = m.pos - self.from;
            let shifted: Vec<_> = self.others.iter().map(|(_, b)| b.translated(-d)).collect();
            let at_anchor = Model {
                pos: self.from,
                ..*m
            };
            crate::rules::m42::exclude_bases(&shifted, &at_anchor, &mut region);
        }
        region
    }

    /// The shortest legal route of its leading model to `goal`, or why there is none: a model
    /// of the block ending on another unit's base blocks the destination.
    pub fn path_to(&self, goal: Point) -> Result<Path, AloneRefusal> {
        let shift = goal - self.from;
        for m in &self.block {
            let end = Model {
                pos: m.pos + shift,
                ..*m
            }
            .footprint();
            if let Some((other, _)) = self.others.iter().find(|(_, b)| overlaps(&end, b)) {
                return Err(AloneRefusal::Overlaps(*other));
            }
        }
        reach::path_to(
            &self.board,
            self.from,
            goal,
            self.allowance_in,
            Avoid::standard(),
        )
        .map_err(AloneRefusal::Unreachable)
    }

    /// The unit as it stands after moving its leading model to `goal`: every model shifted
    /// alike, the block keeping its shape.
    pub fn moved(&self, u: &Unit, goal: Point) -> Unit {
        let shift = goal - self.from;
        let mut n = u.clone();
        for m in &mut n.models {
            m.pos += shift;
        }
        n
    }

    /// Why `goal` cannot be reached, in words naming what is in the way.
    pub fn unreachable_text(&self, s: &Scenario, e: AloneRefusal) -> String {
        match e {
            AloneRefusal::Overlaps(other) => {
                let name = s.unit(other).map_or("?", |u| u.name.as_str());
                format!("a model's base would end overlapping '{name}'")
            }
            AloneRefusal::Unreachable(Unreachable::Blocked(b)) => {
                format!("the destination is blocked: {}", blocker_text(s, b))
            }
            AloneRefusal::Unreachable(Unreachable::Enclosed) => "no legal route reaches it".into(),
            AloneRefusal::Unreachable(Unreachable::TooFar { length }) => format!(
                "the shortest legal route is {length:.2}\", beyond its move of {}\"",
                self.allowance_in
            ),
        }
    }
}

/// Why a unit on its own may not end its move at a place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AloneRefusal {
    /// A model of the block would end overlapping a base of this unit.
    Overlaps(UnitId),
    /// No legal route of its length reaches it.
    Unreachable(Unreachable),
}

/// What blocks a destination, named.
pub fn blocker_text(s: &Scenario, b: Blocker) -> String {
    let piece = |p: PieceId| s.piece(p).map_or("?".to_string(), |x| x.name.clone());
    let unit = |u: UnitId| s.unit(u).map_or("?".to_string(), |x| x.name.clone());
    match b {
        Blocker::Impassable(p) => format!("it is in impassable '{}'", piece(p)),
        Blocker::Enemy(u, _) => format!("it is within 2\" of the enemy '{}'", unit(u)),
        Blocker::Area(p) | Blocker::Linear(p) | Blocker::Difficult(p) => {
            format!("it is in '{}'", piece(p))
        }
        Blocker::Column(u, _) => format!(
            "it is on '{}' of a formed column, which no unit may pass through",
            unit(u)
        ),
        Blocker::TableEdge => "it is off the table".into(),
    }
}
