//! The editor's rule previews: what one unit may do under the scenario's ruleset, as shapes to
//! draw over the map and answers to "why not here?".
//!
//! Everything here is read from the rules engines (`rules::hex_commands`, `rules::m42`,
//! `rules::orders`, `rules::column`, `rules::los`): the same preview values `sandtable moves`,
//! `span` and `column` print, so the editor, the command line and the tests cannot disagree.
//! No GUI types: the canvas paints [`Overlay::items`] with the scene painter, and the tests and
//! the overlay benchmark call the same functions.
//!
//! An [`Overlay`] is computed once per unit, mode and state of the scenario; hovering and
//! dragging ask it cheap questions ([`Overlay::hover`], [`Overlay::ghost`]) that run one
//! destination check each, never the whole preview again.

mod answer;
mod choice;
mod column;
pub use column::activation as column_activation;
mod draw;
mod hex;
mod overlay;
pub mod pending;
mod request;
pub mod sight;
mod table;

pub use answer::{Ghost, Hover, Line, Mark, NoPreview, Offer, Tone};
pub use choice::{Choice, Refusal, choices};
pub use draw::{LEGEND, Swatch};
pub use hex::{traced, traced_with_mp};
pub use overlay::{Overlay, compute};
pub use pending::Pending;
pub use request::{ColumnOrder, Mode, Request, anchor, column_of, mode_text};

#[cfg(test)]
mod tests;
