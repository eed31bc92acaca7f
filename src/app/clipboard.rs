//! The selection's actions: copy, cut, paste, duplicate, delete, select all, rotate. The edits
//! come from `edit::ops`; this module keeps the clipboard and says what happened.

use super::App;
use super::command::Change;
use crate::edit::ops::clipboard::{Clipboard, paste_edits, paste_offset};
use crate::edit::ops::selection::{delete_edits, rotate_edits};
use crate::model::{ItemRef, count};

impl App {
    pub(super) fn copy(&mut self) {
        self.clipboard = Clipboard::copy(self.doc.scenario(), &self.selection);
        self.status = format!(
            "Copied {}",
            count(self.clipboard.len() as u64, "item", "items")
        );
    }

    pub(super) fn delete_selection(&mut self) {
        let edits = delete_edits(&self.selection);
        let n = edits.len();
        let label = format!("Delete {}", count(n as u64, "item", "items"));
        self.apply_change(Change::new(label, edits).selecting(Vec::new()));
    }

    /// Pastes the clipboard with fresh IDs, offset so copies do not sit on the originals, and
    /// selects the copies.
    pub(super) fn paste(&mut self) {
        let s = self.doc.scenario();
        let (edits, selected) = paste_edits(s, &self.clipboard, paste_offset(s));
        if edits.is_empty() {
            self.status = "Nothing to paste".into();
            return;
        }
        let label = format!("Paste {}", count(edits.len() as u64, "item", "items"));
        self.apply_change(Change::new(label, edits).selecting(selected));
    }

    /// Ctrl+A: every item on the map, in Edit.
    pub(super) fn select_all(&mut self) {
        // In Play a unit acts alone under its preview, and nothing selected together can be
        // moved, copied or deleted: selecting the whole map (enemy and objectives too) only
        // surprises. The keys that walk the units that may act are said instead.
        if self.playing() {
            self.status = "Select all is for editing: in Play, Tab walks the units that may act \
                           now"
            .into();
            return;
        }
        let s = self.doc.scenario();
        self.selection = super::hit::in_box(s, crate::scene::frame(s).0.expand(1e6));
    }

    /// Rotates the selected units: 15° about their centre on the table, one hexside on a hex
    /// map (`sign` +1 clockwise, -1 counter-clockwise).
    pub(super) fn rotate_selection(&mut self, sign: f32) {
        let edits = rotate_edits(self.doc.scenario(), &self.selection, sign);
        self.apply("Rotate", edits);
    }

    /// Drops selected items that no longer exist, and keeps the side of new units valid.
    pub(super) fn prune_selection(&mut self) {
        let s = self.doc.scenario();
        self.selection.retain(|item| super::exists(s, *item));
        if s.side(self.side).is_none() {
            self.side = s.sides.first().map_or(crate::model::SideId(0), |x| x.id);
        }
    }

    /// The single unit selected, if that is the selection.
    pub(super) fn selected_unit(&self) -> Option<crate::model::UnitId> {
        match self.selection[..] {
            [ItemRef::Unit(u)] | [ItemRef::Model(u, _)] => Some(u),
            _ => None,
        }
    }
}
