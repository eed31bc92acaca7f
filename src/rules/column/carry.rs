//! Carrying out an order with its Discipline test rolled (R1): a 2D6 roll at or above the
//! lead's Discipline carries the order; below it the order fails and the column repeats its
//! last successful action on its own. The editor and the command line take the roll from the
//! user (or roll it) and apply what this returns.

use super::{Activation, ColumnBreak, ColumnError, ColumnOutcome, Illegal, Order, preview};
use crate::model::{ColumnId, Scenario};

/// An order carried out with its test rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    pub roll: u8,
    /// The lead's Discipline: the 2D6 total needed.
    pub needed: u8,
    pub passed: bool,
    /// What the column does: the order when passed, its last action repeated when failed;
    /// refused (with why) when that move is illegal.
    pub outcome: Result<ColumnOutcome, Vec<Illegal>>,
    /// The break that move brings, with its pin tests.
    pub column_break: Option<ColumnBreak>,
}

/// Carries out `order` for column `id` with the order test rolled `roll` on 2D6 (2 to 12).
pub fn carry_out(
    s: &Scenario,
    id: ColumnId,
    order: Order,
    roll: u8,
) -> Result<Carried, ColumnError> {
    let ordered = preview(s, id, Activation::Ordered(order))?;
    let needed = ordered.order_test.discipline;
    let passed = roll >= needed;
    let done = if passed {
        ordered
    } else {
        preview(s, id, Activation::Failed)?
    };
    Ok(Carried {
        roll,
        needed,
        passed,
        outcome: done.outcome(s),
        column_break: done.column_break,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bakambo's first column: its lead's Discipline decides the order.
    #[test]
    fn r1_order_passes_at_or_above_the_lead_discipline_and_fails_below_into_the_last_action() {
        let s = crate::samples::named("bakambo");
        let id = s.columns[0].id;
        let order = Order::Move {
            distance_in: 4.0,
            route: None,
        };
        let ordered = preview(&s, id, Activation::Ordered(order.clone())).expect("preview");
        let failed = preview(&s, id, Activation::Failed).expect("preview");
        let needed = ordered.order_test.discipline;
        assert!((3..=12).contains(&needed), "a test that can fail and pass");
        let pass = carry_out(&s, id, order.clone(), needed).expect("carried");
        assert!(pass.passed);
        assert_eq!(pass.needed, needed);
        assert_eq!(pass.outcome, ordered.outcome(&s));
        let fail = carry_out(&s, id, order, needed - 1).expect("carried");
        assert!(!fail.passed);
        assert_eq!(fail.outcome, failed.outcome(&s));
        assert_ne!(
            pass.outcome, fail.outcome,
            "the failed order does something else"
        );
    }
}
