//! Every change to a scenario is an [`Edit`] applied through the [`Document`], which keeps the
//! undo history. The UI, the command line and the rules' "apply this result" all emit edits;
//! nothing mutates the scenario behind the document's back.
//!
//! Undo works by whole snapshots, one per transaction: scenarios are small (a few hundred KB
//! at most) and snapshots make every edit undoable without writing an inverse for each.

mod change;
mod document;
pub mod ops;

pub use change::{Edit, EditError};
pub use document::{Document, HISTORY_LIMIT, Revisions};
