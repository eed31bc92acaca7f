//! R1: columns of march (000_ccfe0cd478835226.txt, RULES.md R1).
//!
//! A column is a line of units marching one behind the other along the route its lead has
//! travelled. This module holds every rule of R1 as pure functions of a scenario:
//!
//! - deployment: the width table ([`allowed_widths`]), the 2" spacing and single file
//!   ([`deployment_problems`], used by `rules::check`), and the units on table at the start
//!   ([`start_outcomes`]: the scenario's number, or each D3 result at 1/3);
//! - orders: Stand To or Move, tested once against the lead's Discipline
//!   ([`DisciplineTest`]), and the move itself ([`preview`]): the lead along its route, every
//!   other unit the same distance along the same line, off-table units coming on at the entry
//!   point as room opens, units marching off the table marked exited;
//! - a failed order ([`Activation::Failed`]): the last successful action again, a move at the
//!   lead's full allowance along the road it stands on, else straight on around difficult
//!   ground and obstacles, with "likely to break" when it still crosses an obstacle;
//! - breaking ([`ColumnBreak`]): a gap over 2", a unit charged in melee or pinned, with the
//!   pin tests; the voluntary break ([`voluntary_break`]); entering one unit per turn after a
//!   break ([`entry`]); a broken column never re-forms;
//! - a unit outside a formed column acts on its own ([`alone`]): it moves as a block up to
//!   its Mv along a legal route;
//! - combat against a unit in column ([`attack_on`]): +1 to ranged fire, half its figures in
//!   melee.
//!
//! Every preview is a value (serialisable for `--json`); what committing it changes is a
//! [`ColumnOutcome`] (every unit and the column as they will stand), which
//! `edit::ops::outcome` records. Choices where the source is open are listed in
//! `docs/rules.md` (R1) and at the code that makes them.

mod alone;
mod breaking;
mod carry;
mod chain;
mod combat;
mod deployment;
mod entry;
mod error;
mod failed;
mod march;
mod order;
mod outcome;
mod route;
pub(crate) mod serial;
mod spacing;
mod sweep;
mod track;
mod units;
mod verdict;
mod voluntary;

#[cfg(test)]
mod tests;

pub use alone::{AloneMove, AloneRefusal, CannotMoveAlone, alone, blocker_text};
pub use breaking::{BreakCause, BreakWhen, ColumnBreak, PinTest, break_now, list as pin_test_list};
pub use carry::{Carried, carry_out};
pub use chain::{DEFAULT_FIGURE_GAP_IN, OFF_ROUTE_IN};
pub use combat::{ColumnCombat, attack_on};
pub use deployment::{
    DeploymentProblem, MAX_COLUMN_FIGURES, allowed_widths, deployment_problems, width_problem,
};
pub use entry::{EntryPreview, entry, waiting};
pub use error::ColumnError;
pub use failed::ROAD_TOLERANCE_IN;
pub use march::{ColumnPreview, preview};
pub use order::{
    Activation, CannotOrder, DisciplineTest, Movement, Order, StartOutcome, cannot_order,
    start_outcomes,
};
pub use outcome::ColumnOutcome;
pub use route::{Named, RouteKind};
pub use spacing::{GAP_TOLERANCE_IN, MAX_GAP_IN, QUEUE_GAP_IN};
pub use track::Track;
pub use units::{PlacedModel, UnitEnd, UnitMove};
pub use verdict::{Illegal, Warning};
pub use voluntary::{VoluntaryBreak, voluntary_break};
