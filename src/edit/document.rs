//! The open scenario with its undo history and saved marker.

use super::change::{Edit, EditError};
use crate::model::{Repair, Scenario};
use std::path::PathBuf;

/// Undo steps kept; the oldest are dropped first.
pub const HISTORY_LIMIT: usize = 200;

/// One undo step: the scenario before the transaction, and what the step was called.
#[derive(Clone, Debug)]
struct Step {
    label: String,
    before: Scenario,
    /// Edits of the same field in a row merge into this step (see `apply_merging`).
    merge_key: Option<String>,
}

/// An open scenario.
#[derive(Clone, Debug)]
pub struct Document {
    scenario: Scenario,
    /// Steps that can be undone, oldest first.
    undo: Vec<Step>,
    /// Steps that can be redone, most recent last (holds the scenario *after* the step).
    redo: Vec<Step>,
    /// The revision last saved; dirty = revision differs. `None`: the saved state fell off
    /// the history, so the document stays dirty until saved again.
    saved_revision: Option<u64>,
    /// Distinct id per revision so a redo after an undo after an edit is not mistaken for
    /// the saved state.
    revision_ids: Vec<u64>,
    next_revision_id: u64,
    /// Counts every change of the scenario (edit, undo, redo), so caches of anything derived
    /// from it know when to rebuild.
    changes: u64,
    pub path: Option<PathBuf>,
    /// What loading mended in the file (links set aside, a raised `next_id`), reported among
    /// the problems until the document is saved: the saved file says what the designer chose.
    repairs: Vec<Repair>,
}

impl Document {
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        Document {
            scenario,
            undo: Vec::new(),
            redo: Vec::new(),
            saved_revision: Some(0),
            revision_ids: vec![0],
            next_revision_id: 1,
            changes: 0,
            path,
            repairs: Vec::new(),
        }
    }

    /// A document opened from a file that loading mended, reporting the repairs.
    pub fn mended(scenario: Scenario, path: Option<PathBuf>, repairs: Vec<Repair>) -> Self {
        Document {
            repairs,
            ..Document::new(scenario, path)
        }
    }

    /// What loading mended, while the document is not saved.
    pub fn repairs(&self) -> &[Repair] {
        &self.repairs
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// A number that changes whenever the scenario does.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Counts on from `other`'s change counter, so caches kept against one document's count
    /// never mistake this one's state for the other's (a replayed position shown in place of
    /// the present, and the present shown again).
    pub fn count_on_from(&mut self, other: &Document) {
        self.changes = self.changes.max(other.changes) + 1;
    }

    /// Applies `edits` as one undo step called `label`. All or nothing: if any edit fails, or
    /// the result breaks an invariant, the scenario is unchanged and the error says why.
    pub fn apply(&mut self, label: &str, edits: Vec<Edit>) -> Result<(), EditError> {
        self.apply_keyed(label, None, edits)
    }

    /// Like [`Document::apply`], but consecutive edits with the same `key` (typing in one field,
    /// dragging one slider) make a single undo step.
    pub fn apply_merging(
        &mut self,
        label: &str,
        key: &str,
        edits: Vec<Edit>,
    ) -> Result<(), EditError> {
        self.apply_keyed(label, Some(key), edits)
    }

    fn apply_keyed(
        &mut self,
        label: &str,
        key: Option<&str>,
        edits: Vec<Edit>,
    ) -> Result<(), EditError> {
        if edits.is_empty() {
            return Ok(());
        }
        let merging = key.is_some()
            && self.redo.is_empty()
            && self
                .undo
                .last()
                .is_some_and(|st| st.merge_key.as_deref() == key)
            && self.saved_revision != self.current_id();
        let mut next = self.scenario.clone();
        for e in edits {
            e.apply(&mut next)?;
        }
        if let Some(first) = next.validate().into_iter().next() {
            return Err(EditError::Invalid(first.to_string()));
        }
        if next == self.scenario {
            return Ok(());
        }
        if merging {
            // The step's "before" stays; only the current state moves on.
            self.scenario = next;
            self.changes += 1;
            return Ok(());
        }
        let before = std::mem::replace(&mut self.scenario, next);
        // `revision_ids[k]` names the state reached after k undoable steps; the redo branch's
        // ids are dropped with the branch.
        self.redo.clear();
        self.revision_ids.truncate(self.undo.len() + 1);
        self.undo.push(Step {
            label: label.to_string(),
            before,
            merge_key: key.map(str::to_string),
        });
        self.revision_ids.push(self.next_revision_id);
        self.next_revision_id += 1;
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
            self.revision_ids.remove(0);
        }
        self.changes += 1;
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let step = self.undo.pop()?;
        self.changes += 1;
        let after = std::mem::replace(&mut self.scenario, step.before);
        self.redo.push(Step {
            label: step.label.clone(),
            before: after,
            merge_key: None,
        });
        Some(step.label)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let step = self.redo.pop()?;
        self.changes += 1;
        let before = std::mem::replace(&mut self.scenario, step.before);
        self.undo.push(Step {
            label: step.label.clone(),
            before,
            merge_key: None,
        });
        Some(step.label)
    }

    /// Labels of the undoable steps, oldest first, then the redoable ones, nearest first; and
    /// how many are undoable (the position of "now" in the list).
    pub fn history(&self) -> (Vec<&str>, usize) {
        let mut labels: Vec<&str> = self.undo.iter().map(|s| s.label.as_str()).collect();
        labels.extend(self.redo.iter().rev().map(|s| s.label.as_str()));
        (labels, self.undo.len())
    }

    /// The identity of the current state, stable across undo and redo.
    fn current_id(&self) -> Option<u64> {
        self.revision_ids.get(self.undo.len()).copied()
    }

    /// Whether the scenario differs from what was last saved.
    pub fn is_dirty(&self) -> bool {
        self.saved_revision != self.current_id()
    }

    /// Records that the current state was saved (to `path`, if given).
    pub fn mark_saved(&mut self, path: Option<PathBuf>) {
        if path.is_some() {
            self.path = path;
        }
        self.saved_revision = self.current_id();
        self.repairs.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Meta;

    fn retitle(doc: &mut Document, title: &str) {
        let meta = Meta {
            title: title.into(),
            ..doc.scenario().meta.clone()
        };
        doc.apply("Rename", vec![Edit::SetMeta(meta)])
            .expect("valid edit");
    }

    #[test]
    fn undo_then_redo_returns_the_same_scenario() {
        let mut doc = Document::new(Scenario::new_table("A"), None);
        let start = doc.scenario().clone();
        retitle(&mut doc, "B");
        let after = doc.scenario().clone();
        assert_eq!(doc.undo().as_deref(), Some("Rename"));
        assert_eq!(doc.scenario(), &start);
        assert_eq!(doc.redo().as_deref(), Some("Rename"));
        assert_eq!(doc.scenario(), &after);
    }

    #[test]
    fn dirty_follows_the_saved_state_through_undo_and_redo() {
        let mut doc = Document::new(Scenario::new_table("A"), None);
        assert!(!doc.is_dirty());
        retitle(&mut doc, "B");
        assert!(doc.is_dirty());
        doc.mark_saved(None);
        assert!(!doc.is_dirty());
        doc.undo();
        assert!(doc.is_dirty());
        doc.redo();
        assert!(!doc.is_dirty());
        // Undo, then a different edit: the saved state is unreachable, so dirty.
        doc.undo();
        retitle(&mut doc, "C");
        assert!(doc.is_dirty());
        doc.undo();
        assert!(
            doc.is_dirty(),
            "back at the state before the save, not the saved one"
        );
    }

    #[test]
    fn a_failing_edit_changes_nothing_and_adds_no_step() {
        let mut doc = Document::new(Scenario::new_table("A"), None);
        let before = doc.scenario().clone();
        let err = doc
            .apply("Remove", vec![Edit::RemoveUnit(crate::model::UnitId(999))])
            .expect_err("missing unit");
        assert!(err.to_string().contains("#999"));
        assert_eq!(doc.scenario(), &before);
        assert!(!doc.can_undo());
    }

    #[test]
    fn edits_of_one_field_in_a_row_are_one_step() {
        let mut doc = Document::new(Scenario::new_table("A"), None);
        for t in ["B", "Bo", "Bol"] {
            let meta = Meta {
                title: t.into(),
                ..doc.scenario().meta.clone()
            };
            doc.apply_merging("Title", "title", vec![Edit::SetMeta(meta)])
                .expect("valid");
        }
        assert_eq!(doc.history().0, vec!["Title"]);
        assert_eq!(doc.scenario().meta.title, "Bol");
        doc.undo();
        assert_eq!(doc.scenario().meta.title, "A");
        doc.redo();
        // After an undo/redo, the next keystroke starts a new step.
        let meta = Meta {
            title: "Bolo".into(),
            ..doc.scenario().meta.clone()
        };
        doc.apply_merging("Title", "title", vec![Edit::SetMeta(meta)])
            .expect("valid");
        assert_eq!(doc.history().0.len(), 2);
    }

    #[test]
    fn history_is_capped() {
        let mut doc = Document::new(Scenario::new_table("A"), None);
        for i in 0..HISTORY_LIMIT + 10 {
            retitle(&mut doc, &format!("T{i}"));
        }
        let (labels, now) = doc.history();
        assert_eq!(labels.len(), HISTORY_LIMIT);
        assert_eq!(now, HISTORY_LIMIT);
        assert!(doc.is_dirty());
        // Past the cap, the saved marker still follows undo and redo.
        doc.mark_saved(None);
        retitle(&mut doc, "after save");
        assert!(doc.is_dirty());
        doc.undo();
        assert!(!doc.is_dirty());
        doc.redo();
        assert!(doc.is_dirty());
        // Undo everything: the opened state fell off the history, so it is never clean.
        while doc.undo().is_some() {}
        assert_eq!(doc.history().1, 0);
        assert!(doc.is_dirty());
    }
}
