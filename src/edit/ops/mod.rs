//! Operations that build edits: what a gesture, a panel or a rules outcome changes, worked out
//! as plain [`Edit`](super::Edit)s with no window, so each is tested on its own and the editor
//! only carries them to the [`Document`](super::Document).

pub mod outcome;
