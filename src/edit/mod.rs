//! Every change to a scenario is an [`Edit`] applied through the [`Document`], which keeps the
//! undo history. The UI, the command line and the rules' "apply this result" all emit edits;
//! nothing mutates the scenario behind the document's back.
//!
//! Undo works by whole snapshots, one per transaction: scenarios are small (a few hundred KB
//! at most) and snapshots make every edit undoable without writing an inverse for each.

mod document;

pub use document::{Document, HISTORY_LIMIT};

use crate::model::*;

/// One change to a scenario. Variants are coarse on purpose: an edit names the item and its
/// new value, and `apply` checks that the item exists and that the result is still valid.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replace the whole scenario (recovery, bulk operations).
    ReplaceScenario(Box<Scenario>),
    SetMeta(Meta),
    SetRules(RuleOptions),
    SetTurn(u16),
    /// Insert a new unit or replace the unit with the same ID.
    PutUnit(Box<Unit>),
    RemoveUnit(UnitId),
    /// Insert a new column or replace the column with the same ID (a column's move, its
    /// route, last action and state).
    PutColumn(Box<Column>),
}

/// Why an edit was refused. The scenario is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{0} does not exist")]
    Missing(ItemRef),
    #[error("the edit would break the scenario: {0}")]
    Invalid(String),
}

impl Edit {
    /// Applies the edit in place. On error the scenario may be partly changed; `Document`
    /// applies edits to a copy and only keeps it when every edit succeeded and it validates.
    pub fn apply(self, s: &mut Scenario) -> Result<(), EditError> {
        match self {
            Edit::ReplaceScenario(new) => *s = *new,
            Edit::SetMeta(meta) => s.meta = meta,
            Edit::SetRules(rules) => s.rules = rules,
            Edit::SetTurn(turn) => s.turn = turn,
            Edit::PutUnit(unit) => match s.units.iter_mut().find(|u| u.id == unit.id) {
                Some(slot) => *slot = *unit,
                None => s.units.push(*unit),
            },
            Edit::PutColumn(col) => match s.columns.iter_mut().find(|c| c.id == col.id) {
                Some(slot) => *slot = *col,
                None => s.columns.push(*col),
            },
            Edit::RemoveUnit(id) => {
                let before = s.units.len();
                s.units.retain(|u| u.id != id);
                if s.units.len() == before {
                    return Err(EditError::Missing(ItemRef::Unit(id)));
                }
                for c in &mut s.columns {
                    c.members.retain(|m| m.unit != id);
                }
                for r in &mut s.reinforcements {
                    r.units.retain(|u| *u != id);
                }
                for u in &mut s.units {
                    if u.commander == Some(id) {
                        u.commander = None;
                    }
                    if u.attached_leader == Some(id) {
                        u.attached_leader = None;
                    }
                    if let Some(l) = &mut u.leadership
                        && l.superior == Some(id)
                    {
                        l.superior = None;
                    }
                }
            }
        }
        Ok(())
    }
}
