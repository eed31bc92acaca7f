//! Hexes in the command line's text reports: the printed label and axial `(x, y)`, as
//! `info` shows hexes, and hex counts and paths in words.

use crate::rules::hex_commands::Board;
use hexx::Hex;

/// A hex as text: the printed label (the map's scheme) and axial `(x, y)` on rectangular
/// maps, as `info` shows hexes; axial alone on hexagonal maps.
pub(super) fn hex_text(board: &Board, h: Hex) -> String {
    match board.label(h) {
        Some(label) => format!("{label} ({}, {})", h.x, h.y),
        None => format!("({}, {})", h.x, h.y),
    }
}

/// "1 hex", "3 hexes".
pub(super) fn hexes(n: u32) -> String {
    if n == 1 {
        "1 hex".to_string()
    } else {
        format!("{n} hexes")
    }
}

/// A path as axial coordinates joined by arrows.
pub(super) fn path_text(path: &[Hex]) -> String {
    path.iter()
        .map(|h| format!("({}, {})", h.x, h.y))
        .collect::<Vec<_>>()
        .join(" → ")
}
