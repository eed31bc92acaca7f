//! The problems `rules::check` finds in the open scenario, kept per state of the document.
//!
//! A small scenario is checked as soon as a frame asks. A big one (thousands of bases, tens of
//! thousands of hexes) takes milliseconds to check, most of them spelling out warnings, so it
//! is checked on a worker thread instead: the frame after an edit shows the move at once, and
//! the list follows when the worker is done, marked as checking until then. One worker runs at
//! a time; a state that changed while it ran is checked when it finishes, so the list always
//! ends on the state the user sees.

use crate::edit::Document;
use crate::model::{Map, Scenario};
use crate::rules::check::{Problem, check_mended};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Bases and units from which a scenario is checked off the editor's thread.
const WORKER_FROM_PIECES: usize = 2_000;
/// Hexes from which a scenario is checked off the editor's thread.
const WORKER_FROM_HEXES: usize = 10_000;

/// Whether `s` is big enough that checking it would be felt in the frame after an edit.
fn worth_a_worker(s: &Scenario) -> bool {
    let pieces: usize = s.units.iter().map(|u| 1 + u.models.len()).sum();
    let hexes = match &s.map {
        Map::Hex(h) => h.terrain.len(),
        Map::Table(_) => 0,
    };
    pieces >= WORKER_FROM_PIECES || hexes >= WORKER_FROM_HEXES
}

/// The problems of the latest state checked, and a check under way.
#[derive(Default)]
pub(super) struct Problems {
    /// The problems of one state (`Document::changes`).
    shown: Option<(u64, Arc<[Problem]>)>,
    /// A worker checking one state.
    worker: Option<(u64, JoinHandle<Vec<Problem>>)>,
}

impl Problems {
    /// Forgets what was found and any check under way (another file, or the repairs that
    /// loading reported were saved away).
    pub fn forget(&mut self) {
        *self = Problems::default();
    }

    /// The problems of `doc`'s current state, or of the latest state checked while a worker
    /// checks the current one; and whether they are the current state's.
    pub fn of(&mut self, doc: &Document, ctx: &egui::Context) -> (Arc<[Problem]>, bool) {
        let changes = doc.changes();
        if let Some((k, worker)) = self.worker.take_if(|(_, w)| w.is_finished()) {
            match worker.join() {
                Ok(found) => self.shown = Some((k, found.into())),
                // A check does not panic on a scenario that validated; should it, the state
                // is checked again here rather than its problems being lost.
                Err(_) => {
                    log::error!("the problems' worker stopped; checking on the editor's thread");
                    let found = check_mended(doc.scenario(), doc.repairs());
                    self.shown = Some((changes, found.into()));
                }
            }
        }
        let current = self.shown.as_ref().is_some_and(|(k, _)| *k == changes);
        if !current && self.worker.is_none() {
            if worth_a_worker(doc.scenario()) {
                self.start(doc, ctx);
            }
            if self.worker.is_none() {
                let found = check_mended(doc.scenario(), doc.repairs());
                self.shown = Some((changes, found.into()));
            }
        }
        let current = self.shown.as_ref().is_some_and(|(k, _)| *k == changes);
        let list = self
            .shown
            .as_ref()
            .map_or_else(|| Arc::from([]), |(_, p)| Arc::clone(p));
        (list, current)
    }

    /// Starts a worker on `doc`'s current state; leaves none when the thread cannot start
    /// (the caller then checks on its own thread).
    fn start(&mut self, doc: &Document, ctx: &egui::Context) {
        let scenario = doc.shared_scenario();
        let repairs = doc.repairs().to_vec();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("problems".into())
            .spawn(move || {
                let found = check_mended(&scenario, &repairs);
                // The frame that shows the list (or starts the next check).
                ctx.request_repaint();
                found
            });
        match spawned {
            Ok(handle) => self.worker = Some((doc.changes(), handle)),
            Err(e) => log::warn!("cannot start the problems' worker ({e}); checking here"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Edit;
    use crate::model::generate;

    /// Frames until the worker has answered for the current state (bounded).
    fn settle(p: &mut Problems, doc: &Document, ctx: &egui::Context) -> Arc<[Problem]> {
        for _ in 0..2_000 {
            let (list, current) = p.of(doc, ctx);
            if current {
                return list;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the problems' worker did not answer in 10 s");
    }

    #[test]
    fn a_small_scenario_is_checked_in_the_frame_that_asks() {
        let s = crate::samples::named("winceby");
        assert!(!worth_a_worker(&s));
        let doc = Document::new(s, None);
        let (list, current) = Problems::default().of(&doc, &egui::Context::default());
        assert!(current);
        assert_eq!(
            &*list,
            check_mended(doc.scenario(), doc.repairs()).as_slice()
        );
    }

    #[test]
    fn a_crowded_table_is_checked_on_a_worker_and_ends_on_the_state_shown() {
        let s = generate::crowded_table(5000, 60, 3);
        assert!(worth_a_worker(&s));
        let mut doc = Document::new(s, None);
        let ctx = egui::Context::default();
        let mut p = Problems::default();
        let first = settle(&mut p, &doc, &ctx);
        assert_eq!(
            &*first,
            check_mended(doc.scenario(), doc.repairs()).as_slice()
        );
        // Two edits in a row, the second while the first state may still be being checked:
        // the frame after each shows an older state's list, marked as not current, and
        // in the end the newest state's.
        for (k, dx) in [0.5, -0.5].into_iter().enumerate() {
            let mut u = doc.scenario().units[0].clone();
            u.models.iter_mut().for_each(|m| m.pos.x += dx);
            doc.apply("Move", vec![Edit::PutUnit(Box::new(u))])
                .expect("move");
            let (shown, current) = p.of(&doc, &ctx);
            assert!(!current, "edit {k}: a worker checks the new state");
            if k == 0 {
                assert_eq!(shown, first, "the last list stays while checking");
            }
        }
        let last = settle(&mut p, &doc, &ctx);
        assert_eq!(
            &*last,
            check_mended(doc.scenario(), doc.repairs()).as_slice()
        );
    }
}
