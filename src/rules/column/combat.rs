//! Attacking a unit in column (R1): ranged fire at it gets +1 firing value; attacked in melee it
//! fights with half its figures, rounded down, and the column breaks.
//!
//! A unit counts as in column while its column is formed and it stands on the table. The
//! preview for an attack (`attack_on`) is what the editor shows beside the attacker's odds,
//! and what `sandtable moves` prints for a unit in column.

use super::breaking::{self, PinTest};
use super::units::UnitEnd;
use crate::model::*;
use serde::Serialize;
use std::fmt;

/// Ranged fire at a unit in column: added to the firer's firing value.
pub const FIRE_MODIFIER: i8 = 1;

/// What an attack on a unit in column brings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnCombat {
    pub unit: UnitId,
    pub name: String,
    pub column: ColumnId,
    pub column_name: String,
    /// Its figures now.
    pub figures: u16,
    /// Added to the firing value of enemies shooting at it.
    pub fire_modifier: i8,
    /// The figures it fights with when attacked in melee (half, rounded down).
    pub melee_figures: u16,
    /// A melee attack breaks the column: these units then take a pin test.
    pub melee_pin_tests: Vec<PinTest>,
}

impl fmt::Display for ColumnCombat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in column: fired on at {:+} firing value; attacked in melee, it fights with {} of its {} and the column breaks (pin tests for {})",
            self.name,
            self.fire_modifier,
            self.melee_figures,
            crate::model::words::count(self.figures, "figure", "figures"),
            breaking::list(&self.melee_pin_tests)
        )
    }
}

/// Half the figures, rounded down: what a unit in column fights with in melee.
pub fn melee_figures(figures: u16) -> u16 {
    figures / 2
}

fn combat(s: &Scenario, col: &Column, u: &Unit, ends: &[(UnitId, UnitEnd)]) -> ColumnCombat {
    let figures = u.strength.current;
    ColumnCombat {
        unit: u.id,
        name: u.name.clone(),
        column: col.id,
        column_name: col.name.clone(),
        figures,
        fire_modifier: FIRE_MODIFIER,
        melee_figures: melee_figures(figures),
        melee_pin_tests: breaking::pin_tests_after(s, col, |o| o.id == u.id, ends),
    }
}

/// The modifiers an attack on `target` gets because it marches in a formed column; `None`
/// when it does not (not in a column, the column broken, or not on the table).
pub fn attack_on(s: &Scenario, target: UnitId) -> Option<ColumnCombat> {
    let u = s.unit(target)?;
    let col = s.column_of(target)?;
    (col.state == ColumnState::Formed && u.on_table() && u.in_play())
        .then(|| combat(s, col, u, &[]))
}

/// The modifiers for each unit of a preview that ends on the table (`ends`: where the move
/// leaves each unit).
pub(crate) fn for_units(
    s: &Scenario,
    col: &Column,
    ends: &[(UnitId, UnitEnd)],
) -> Vec<ColumnCombat> {
    ends.iter()
        .filter(|(_, to)| *to == UnitEnd::Table)
        .filter_map(|(id, _)| s.unit(*id))
        .filter(|u| u.in_play())
        .map(|u| combat(s, col, u, ends))
        .collect()
}
