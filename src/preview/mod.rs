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

mod alone;
mod answer;
mod column;
pub use column::activation as column_activation;
mod draw;
mod hex;
mod overlay;
pub mod pending;
mod request;
pub mod sight;
mod table;

pub use crate::rules::engine::{Choice, ColumnChoice, Offered, Refusal, choice_text};
pub use answer::{Ghost, Hover, Line, Mark, NoPreview, Offer, Tone};
pub use draw::{LEAVING, LEGEND, Swatch};
pub use hex::{traced, traced_with_mp};
pub use overlay::{Overlay, compute};
pub use pending::Pending;
pub use request::{Request, anchor, column_of};

/// What the preview bar offers for `unit`: the rules' choices that have a preview on the map
/// (its moves, a span, a column's activations), the usual one first, each with why it is
/// refused (it can still be previewed: the preview then says what stops it).
pub fn choices(s: &crate::model::Scenario, unit: crate::model::UnitId) -> Vec<Offered> {
    crate::rules::engine::choices(s, unit)
        .into_iter()
        .filter(|c| c.choice.previewed())
        .collect()
}

#[cfg(test)]
mod tests;
