//! The open scenario with its undo history and saved marker.

use super::change::{Edit, EditError};
use crate::model::{Repair, Scenario, Shared, Unit};
use std::path::PathBuf;
use std::sync::Arc;

/// Undo steps kept; the oldest are dropped first.
pub const HISTORY_LIMIT: usize = 200;

/// Names for the state of the two parts of a scenario the canvas draws in separate layers, so
/// that an edit of one does not redraw the other (a moved unit leaves the terrain's meshes as
/// they are). Each changes whenever its part does, and is never reused for other content: an
/// undo brings back the names the restored state had, so caches made for it still hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Revisions {
    /// The ground: the map (terrain of hexes, hexsides), terrain types, pieces, background and
    /// the names printed on the map.
    pub ground: u64,
    /// What stands on it and is drawn over it: sides, units as the map draws them
    /// (`Unit::same_on_the_map`), zones, objectives, columns and reinforcements. Also changes
    /// when the map's layout (size, shape, hex size) does, as every unit's place on the page
    /// moves with it.
    pub forces: u64,
    /// The rest, shown in panels and never on the map: the title and notes, the rules, the
    /// turn, `next_id`, the game's record (its log, score, whose turn it is), and what of the
    /// units the map does not draw (a leader's chit, a shaken unit's morale). A chit changed,
    /// a test that leaves its unit standing, or a new turn leaves the map's layers as they are.
    pub record: u64,
}

/// Which parts of a scenario an edit changed (see [`Revisions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts {
    ground: bool,
    forces: bool,
    record: bool,
}

/// Which parts differ between `a` and `b`.
fn changed_parts(a: &Scenario, b: &Scenario) -> Parts {
    // Spelled out without `..`, so that a new field has to be placed in one part or the other.
    let Scenario {
        meta,
        sides,
        map,
        background,
        terrain_types,
        pieces,
        units,
        columns,
        zones,
        objectives,
        labels,
        reinforcements,
        rules,
        turn,
        next_id,
        game,
    } = a;
    let ground = *map != b.map
        || *background != b.background
        || *terrain_types != b.terrain_types
        || *pieces != b.pieces
        || *labels != b.labels;
    let layout = match (map, &b.map) {
        (crate::model::Map::Hex(x), crate::model::Map::Hex(y)) => {
            x.orientation != y.orientation || x.hex_size_mm != y.hex_size_mm || x.shape != y.shape
        }
        (x, y) => x != y,
    };
    // Units another state shares are unchanged (a pointer test); the others are compared.
    let differ = |i: usize| !units.same_at(&b.units, i);
    let units_changed = || (0..units.len()).any(|i| differ(i) && units[i] != b.units[i]);
    let units_redrawn = units.len() != b.units.len()
        || (0..units.len()).any(|i| differ(i) && !units[i].same_on_the_map(&b.units[i]));
    let forces = layout
        || units_redrawn
        || *sides != b.sides
        || *zones != b.zones
        || *objectives != b.objectives
        || *columns != b.columns
        || *reinforcements != b.reinforcements;
    // A unit changed in what the map does not draw alone (its chit, its morale).
    let record = (!units_redrawn && units_changed())
        || *meta != b.meta
        || *rules != b.rules
        || *turn != b.turn
        || *next_id != b.next_id
        || *game != b.game;
    Parts {
        ground,
        forces,
        record,
    }
}

/// Whether `b` stands on what `a` does for its game's start: the parts of a scenario the
/// starting position is checked with (all but the units, the columns, the turn and the game,
/// which play moves on).
fn same_footing(a: &Scenario, b: &Scenario) -> bool {
    a.meta == b.meta
        && a.sides == b.sides
        && a.map == b.map
        && a.terrain_types == b.terrain_types
        && a.pieces == b.pieces
        && a.zones == b.zones
        && a.objectives == b.objectives
        && a.labels == b.labels
        && a.reinforcements == b.reinforcements
        && a.rules == b.rules
        && a.next_id == b.next_id
}

/// One undo step: the scenario before the transaction, and what the step was called.
#[derive(Clone, Debug)]
struct Step {
    label: String,
    before: Arc<Scenario>,
    /// The revisions of `before`.
    revisions: Revisions,
    /// Edits of the same field in a row merge into this step (see `apply_merging`).
    merge_key: Option<String>,
    /// What of `before` was known to pass validation: undo and redo bring it back with the
    /// state, so the edit after an undo checks no more than the edit after any other.
    checked: Checked,
}

/// What of a state is known to pass validation, so that an edit of it checks only what it
/// could have broken (`Scenario::validate_after`).
#[derive(Clone, Debug, Default)]
struct Checked {
    /// The starting position of the state's game, when it passed on what it stands on: a
    /// played action (which changes neither) need not check the start, a whole scenario,
    /// again.
    start: Option<Shared<Unit>>,
    /// Whether the state's units passed: then an edit checks again only the units it wrote.
    units: bool,
}

/// An open scenario.
#[derive(Clone, Debug)]
pub struct Document {
    /// Shared, so a worker (the problems' check) can read a state while the editor moves on.
    scenario: Arc<Scenario>,
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
    /// The current state's part revisions, and the last number handed out for one.
    revisions: Revisions,
    last_revision: u64,
    /// The ground revision whose map cells (each hex's terrain, the hexsides) last passed
    /// validation: an edit that leaves the ground as it was need not walk 40,000 hexes again.
    ground_validated: Option<u64>,
    /// What of the current state is known to pass validation.
    checked: Checked,
    pub path: Option<PathBuf>,
    /// What loading mended in the file (links set aside, a raised `next_id`), reported among
    /// the problems until the document is saved: the saved file says what the designer chose.
    repairs: Vec<Repair>,
}

impl Document {
    /// A document on `scenario`, checked once here: a sound state lets every edit of it, and
    /// every state the history brings back to it, check only what the edit could break.
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        let sound = scenario.validate().is_empty();
        let checked = match sound {
            true => Checked {
                start: scenario.game.as_ref().map(|g| g.start.units.clone()),
                units: true,
            },
            false => Checked::default(),
        };
        Document {
            scenario: Arc::new(scenario),
            undo: Vec::new(),
            redo: Vec::new(),
            saved_revision: Some(0),
            revision_ids: vec![0],
            next_revision_id: 1,
            changes: 0,
            revisions: Revisions::default(),
            last_revision: 0,
            ground_validated: sound.then_some(Revisions::default().ground),
            checked,
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

    /// The current state, shared: for work done off the editor's thread.
    pub fn shared_scenario(&self) -> Arc<Scenario> {
        Arc::clone(&self.scenario)
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
        // Fresh part revisions too: caches keyed on them must not take this state for the
        // other document's.
        self.last_revision = self.last_revision.max(other.last_revision) + 3;
        self.revisions = Revisions {
            ground: self.last_revision - 2,
            forces: self.last_revision - 1,
            record: self.last_revision,
        };
    }

    /// The current state's part revisions (see [`Revisions`]).
    pub fn revisions(&self) -> Revisions {
        self.revisions
    }

    /// The revisions of the state about to replace the current one, given which of its parts
    /// changed.
    fn next_revisions(&mut self, parts: Parts) -> Revisions {
        let mut r = self.revisions;
        for (changed, revision) in [
            (parts.ground, &mut r.ground),
            (parts.forces, &mut r.forces),
            (parts.record, &mut r.record),
        ] {
            if changed {
                self.last_revision += 1;
                *revision = self.last_revision;
            }
        }
        r
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
        // A whole new state (a played action's) is taken as it is, not applied to a copy of
        // the current one (which would copy the game's log for nothing).
        let mut edits = edits.into_iter();
        let mut next = match edits.next() {
            Some(Edit::ReplaceScenario(whole)) => *whole,
            Some(first) => {
                let mut next = Scenario::clone(&self.scenario);
                first.apply(&mut next)?;
                next
            }
            None => return Ok(()),
        };
        for e in edits {
            e.apply(&mut next)?;
        }
        let parts = changed_parts(&self.scenario, &next);
        // The map's cells depend on the ground alone: unchanged since they last passed, they
        // still do.
        let cells_sound = !parts.ground && self.ground_validated == Some(self.revisions.ground);
        // A game's start, unchanged on unchanged ground and rules, still passes.
        let start = next.game.as_ref().map(|g| g.start.units.clone());
        let start_sound = match (&start, &self.checked.start) {
            (Some(now), Some(passed)) => now.same(passed) && same_footing(&self.scenario, &next),
            _ => false,
        };
        let passed = self.checked.units.then_some(&self.scenario.units);
        let problems = next.validate_after(!cells_sound, !start_sound, passed);
        if let Some(first) = problems.into_iter().next() {
            return Err(EditError::Invalid(first.to_string()));
        }
        let revisions = self.next_revisions(parts);
        self.ground_validated = Some(revisions.ground);
        let checked = Checked { start, units: true };
        if revisions == self.revisions {
            self.checked = checked;
            return Ok(());
        }
        let next = Arc::new(next);
        let before_revisions = std::mem::replace(&mut self.revisions, revisions);
        if merging {
            // The step's "before" stays; only the current state moves on.
            self.scenario = next;
            self.checked = checked;
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
            revisions: before_revisions,
            merge_key: key.map(str::to_string),
            checked: std::mem::replace(&mut self.checked, checked),
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
        let checked = std::mem::replace(&mut self.checked, step.checked);
        let revisions = std::mem::replace(&mut self.revisions, step.revisions);
        self.redo.push(Step {
            label: step.label.clone(),
            before: after,
            revisions,
            merge_key: None,
            checked,
        });
        Some(step.label)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let step = self.redo.pop()?;
        self.changes += 1;
        let before = std::mem::replace(&mut self.scenario, step.before);
        let checked = std::mem::replace(&mut self.checked, step.checked);
        let revisions = std::mem::replace(&mut self.revisions, step.revisions);
        self.undo.push(Step {
            label: step.label.clone(),
            before,
            revisions,
            merge_key: None,
            checked,
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

    #[test]
    fn a_moved_unit_changes_the_forces_and_a_painted_hex_the_ground_and_undo_restores_both() {
        let s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
        let mut doc = Document::new(s, None);
        let start = doc.revisions();
        let mut u = doc.scenario().units[2].clone();
        let (hex, facing) = u.hex().expect("on a hex");
        let free = |h: hexx::Hex| {
            doc.scenario()
                .units
                .iter()
                .all(|x| x.hex().map(|p| p.0) != Some(h))
        };
        let to = hex
            .all_neighbors()
            .into_iter()
            .find(|n| {
                free(*n)
                    && doc
                        .scenario()
                        .map
                        .as_hex()
                        .is_some_and(|m| m.grid().contains(*n))
            })
            .expect("a free neighbour");
        u.position = crate::model::Position::Hex { hex: to, facing };
        doc.apply("Move", vec![Edit::PutUnit(Box::new(u))])
            .expect("move");
        let moved = doc.revisions();
        assert_eq!(moved.ground, start.ground);
        assert_ne!(moved.forces, start.forces);
        let other = doc.scenario().terrain_types[1].id;
        doc.apply("Paint", vec![Edit::SetHexTerrain(vec![(hex, other)])])
            .expect("paint");
        let painted = doc.revisions();
        assert_ne!(painted.ground, moved.ground);
        assert_eq!(painted.forces, moved.forces);
        assert_eq!(
            painted.record, start.record,
            "neither edit touched the record"
        );
        doc.undo();
        assert_eq!(doc.revisions(), moved);
        doc.undo();
        assert_eq!(doc.revisions(), start);
        doc.redo();
        assert_eq!(doc.revisions(), moved);
    }

    #[test]
    fn a_new_turn_or_title_changes_the_record_alone_so_the_maps_layers_stay() {
        let s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
        let mut doc = Document::new(s, None);
        let start = doc.revisions();
        doc.apply("Turn", vec![Edit::SetTurn(2)]).expect("turn");
        let turned = doc.revisions();
        assert_eq!((turned.ground, turned.forces), (start.ground, start.forces));
        assert_ne!(turned.record, start.record);
        doc.apply("Title", vec![retitled(&doc, "B")])
            .expect("title");
        assert_eq!(doc.revisions().forces, start.forces);
        assert_ne!(doc.revisions().record, turned.record);
        doc.undo();
        assert_eq!(doc.revisions(), turned);
        // A unit's quality is read in panels alone; its strength is printed on its counter.
        let mut u = doc.scenario().units[2].clone();
        u.quality = if u.quality == crate::model::Quality::Veteran {
            crate::model::Quality::Green
        } else {
            crate::model::Quality::Veteran
        };
        doc.apply("Quality", vec![Edit::PutUnit(Box::new(u.clone()))])
            .expect("quality");
        assert_eq!(doc.revisions().forces, start.forces);
        u.strength.start += 1;
        u.strength.current += 1;
        doc.apply("Strength", vec![Edit::PutUnit(Box::new(u))])
            .expect("strength");
        assert_ne!(doc.revisions().forces, start.forces);
    }

    #[test]
    fn a_games_start_is_checked_when_it_changes_and_not_for_each_played_action() {
        let mut s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
        s.game = Some(Box::new(crate::game::begin(&s, 7)));
        let mut doc = Document::new(s, None);
        let played = crate::game::play(doc.scenario(), crate::model::game::Action::EndPhase, 7)
            .expect("the next phase");
        doc.apply(
            "End phase",
            vec![Edit::ReplaceScenario(Box::new(played.scenario))],
        )
        .expect("played");
        assert!(doc.checked.start.is_some(), "the start passed once");
        // A start that no longer holds a sound position is found, though the position now is
        // sound: a unit of the start on a side that does not exist.
        let mut broken = doc.scenario().clone();
        let g = broken.game.as_mut().expect("a game");
        let mut units = g.start.units.to_vec();
        units[0].side = crate::model::SideId(9_999);
        g.start.units = units.into();
        let err = doc
            .apply("Start", vec![Edit::ReplaceScenario(Box::new(broken))])
            .expect_err("the changed start is checked");
        assert!(err.to_string().contains("starting position"), "{err}");
    }

    #[test]
    fn after_an_edit_a_unit_written_is_checked_in_full_and_the_others_against_the_rest() {
        let s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
        // Before any edit passed, every unit is checked: a problem the state came with is
        // found (here: a unit stronger than it started), whatever the edit touched.
        let mut bad = s.clone();
        bad.units
            .update(|u| u.id == s.units[2].id, |u| u.strength.current = 99);
        let bad_state = bad.clone();
        let mut doc = Document::new(bad, None);
        let err = doc
            .apply("Turn", vec![Edit::SetTurn(2)])
            .expect_err("the state's own problem is found");
        assert!(
            err.to_string().contains("exceeds starting strength"),
            "{err}"
        );
        // A sound state: once an edit passed, a unit written is checked in full.
        let mut doc = Document::new(s, None);
        doc.apply("Turn", vec![Edit::SetTurn(2)]).expect("sound");
        assert!(doc.checked.units);
        let mut u = doc.scenario().units[2].clone();
        u.strength.current = u.strength.start + 1;
        let err = doc
            .apply("Strength", vec![Edit::PutUnit(Box::new(u))])
            .expect_err("the unit written is checked");
        assert!(
            err.to_string().contains("exceeds starting strength"),
            "{err}"
        );
        // An unchanged unit is still checked against the rest: its commander made a unit
        // that is no leader refuses the edit of the commander alone.
        let commanded = doc
            .scenario()
            .units
            .iter()
            .find(|u| u.commander.is_some())
            .expect("a unit under command")
            .clone();
        let leader = commanded.commander.expect("commander");
        let mut l = doc.scenario().unit(leader).expect("leader").clone();
        l.kind = crate::model::UnitKind::Infantry;
        l.leadership = None;
        let err = doc
            .apply("Not a leader", vec![Edit::PutUnit(Box::new(l))])
            .expect_err("the unchanged unit's commander is checked");
        assert!(err.to_string().contains("is not a leader"), "{err}");
        // Undo and redo bring back what was known of each state: the sound first state was
        // checked when the document was made; a state that never passed stays unchecked.
        doc.undo();
        assert!(doc.checked.units);
        doc.redo();
        assert!(doc.checked.units);
        let mut bad = Document::new(bad_state, None);
        assert!(
            !bad.checked.units,
            "a state with a problem is not taken as checked"
        );
        bad.apply("Turn", vec![Edit::SetTurn(3)])
            .expect_err("still refused");
        assert!(!bad.checked.units);
    }

    /// Renames the scenario: an edit of the record part only.
    fn retitled(doc: &Document, title: &str) -> Edit {
        Edit::SetMeta(Meta {
            title: title.into(),
            ..doc.scenario().meta.clone()
        })
    }

    #[test]
    fn an_edit_is_checked_against_the_map_cells_until_they_have_passed_once() {
        // A map whose first hex names a terrain type that does not exist, as a document could
        // be built in code: its first edit is checked in full, so it is refused, however
        // little it touches.
        let mut s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
        if let crate::model::Map::Hex(h) = &mut s.map {
            h.terrain[0] = crate::model::TerrainId(9_999);
        }
        let mut doc = Document::new(s, None);
        let err = doc
            .apply("Title", vec![retitled(&doc, "B")])
            .expect_err("the broken cell is found");
        assert!(err.to_string().contains("does not exist"), "{err}");
        // Mended, the cells pass; from then on edits of the forces leave them unwalked, and
        // an edit of the ground is checked in full again.
        let good = doc.scenario().terrain_types[0].id;
        let hex = doc
            .scenario()
            .map
            .as_hex()
            .expect("hex")
            .grid()
            .hex_at(0)
            .expect("hex");
        doc.apply("Paint", vec![Edit::SetHexTerrain(vec![(hex, good)])])
            .expect("mended");
        doc.apply("Title", vec![retitled(&doc, "C")])
            .expect("title");
        let err = doc
            .apply(
                "Paint",
                vec![Edit::SetHexTerrain(vec![(
                    hex,
                    crate::model::TerrainId(9_999),
                )])],
            )
            .expect_err("a broken ground edit is refused");
        assert!(err.to_string().contains("does not exist"), "{err}");
        assert_eq!(doc.scenario().meta.title, "C");
    }
}
