//! Orders to a column (Stand To or Move), what the column does when it activates, the
//! Discipline test that carries an order, why a column may not be ordered, and the units on
//! table at the start.

use super::serial;
use crate::model::*;
use crate::rules::dice::{Dice, Prob};
use serde::Serialize;
use std::fmt;

/// What the column does this activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Stand To: nobody moves.
    StandTo,
    /// Move: the lead along its route, the others after it.
    Move,
    /// A break condition holds already: the column breaks before it can act.
    Break,
}

/// What a column may be ordered to do (R1: nothing else).
#[derive(Clone, Debug, PartialEq)]
pub enum Order {
    /// Nobody moves.
    StandTo,
    /// The lead moves `distance_in` (at most its Mv) along `route`, every other unit the same
    /// distance along the same line. `route` lists the points the lead's front centre passes,
    /// after where it stands now; `None` is straight on along the column's current heading.
    Move {
        distance_in: f32,
        route: Option<Vec<crate::geom::Point>>,
    },
}

/// How the column activates this turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Activation {
    /// The order passed its test: every unit carries it out together.
    Ordered(Order),
    /// The order failed: the column repeats its last successful action on its own.
    Failed,
}

/// A 2D6 test against a unit's Discipline: passed on a roll at or above it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisciplineTest {
    pub unit: UnitId,
    pub name: String,
    pub dice: &'static str,
    /// The unit's Discipline: the 2D6 total needed.
    pub discipline: u8,
    #[serde(serialize_with = "serial::prob")]
    pub p_pass: Prob,
    #[serde(serialize_with = "serial::prob")]
    pub p_fail: Prob,
}

impl DisciplineTest {
    /// The test `u` takes: 2D6 at or above its Discipline (exact odds).
    pub fn of(u: &Unit) -> DisciplineTest {
        let p_pass = Dice::TwoD6.dist().p_at_least(u.stats.discipline as u32);
        DisciplineTest {
            unit: u.id,
            name: u.name.clone(),
            dice: "2D6",
            discipline: u.stats.discipline,
            p_pass,
            p_fail: p_pass.complement(),
        }
    }
}

impl fmt::Display for DisciplineTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "2D6 at or above {} (Discipline of '{}'): passes {} ({}), fails {} ({})",
            self.discipline,
            self.name,
            self.p_pass,
            self.p_pass.percent_text(),
            self.p_fail,
            self.p_fail.percent_text()
        )
    }
}

/// One way the column can stand at the start of the game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StartOutcome {
    /// The D3 roll, or `None` when the scenario fixes the number.
    pub roll: Option<u8>,
    /// Units on the table (the roll, capped at the column's size).
    pub count: usize,
    #[serde(serialize_with = "serial::prob")]
    pub p: Prob,
    /// The first `count` units in march order.
    pub on_table: Vec<UnitId>,
    pub off_table: Vec<UnitId>,
}

/// Every start the scenario allows: its fixed number, or each D3 result with probability 1/3
/// (a roll above the column's size puts every unit on the table).
pub fn start_outcomes(col: &Column) -> Vec<StartOutcome> {
    let units: Vec<UnitId> = col.members.iter().map(|m| m.unit).collect();
    let split = |roll: Option<u8>, n: usize, p: Prob| {
        let count = n.min(units.len());
        StartOutcome {
            roll,
            count,
            p,
            on_table: units[..count].to_vec(),
            off_table: units[count..].to_vec(),
        }
    };
    match col.on_table_at_start {
        StartCount::Count(n) => vec![split(None, n as usize, Prob::ONE)],
        StartCount::D3 => Dice::D3
            .dist()
            .outcomes()
            .iter()
            .map(|&(v, p)| split(Some(v as u8), v as usize, p))
            .collect(),
    }
}

/// Why a column may not be given an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CannotOrder {
    /// A broken column never re-forms: its units act on their own.
    Broken,
}

impl fmt::Display for CannotOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotOrder::Broken => f.write_str("a broken column never re-forms"),
        }
    }
}

/// Why `col` may not be given an order (Move, Stand To), if it may not.
pub fn cannot_order(col: &Column) -> Option<CannotOrder> {
    (col.state == ColumnState::Broken).then_some(CannotOrder::Broken)
}
