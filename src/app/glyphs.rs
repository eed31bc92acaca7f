//! Text in the glyphs of the editor's font.

/// `text` in the glyphs of the editor's font (the engines' reports use arrows and signs that
/// the built-in font lacks).
pub fn plain(text: &str) -> String {
    text.replace('→', "->")
        .replace('≥', ">=")
        .replace('≤', "<=")
        .replace('×', "x")
        .replace('−', "-")
}
