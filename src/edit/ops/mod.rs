//! Operations that build edits: what a gesture, a panel or a rules outcome changes, worked out
//! as plain [`Edit`](super::Edit)s with no window, so each is tested on its own and the editor
//! only carries them to the [`Document`](super::Document).
//!
//! - `calibrate`: a background image laid under the map (fitted, scaled, nudged);
//! - `create`: new items as the palette drops them or the designer draws them;
//! - `selection`: a selection moved, rotated, reshaped vertex by vertex, or deleted;
//! - `units`: the edits that keep a unit whole when one of its fields changes;
//! - `columns`: a column's march order;
//! - `map`: a hex map reshaped with everything on it carried over;
//! - `oob_table`: the order of battle as a table a spreadsheet reads and writes;
//! - `paint`: hexes painted by a brush stroke or filled;
//! - `clipboard`: items copied with their IDs and pasted as new ones;
//! - `outcome`: what a rules answer changes (a move, a test's result, a column's march).

pub mod calibrate;
pub mod clipboard;
pub mod columns;
pub mod create;
pub mod map;
pub mod oob_table;
pub mod outcome;
pub mod paint;
pub mod selection;
pub mod terrain_grid;
pub mod units;
