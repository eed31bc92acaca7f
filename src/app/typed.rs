//! Text typed into a field that is read once, on Enter or when the field is left (a hex's
//! label, a table's cell): what was typed is kept as a draft while the field has the keyboard,
//! so the field can show its model value the rest of the time.

use egui::{Id, Ui};

/// What the field `id` shows: its draft while it has the keyboard (or lost it this frame, as
/// Ctrl+S makes it before it is drawn, so what was typed is still read), else `resting`. A
/// draft typed over another resting value is dropped.
pub fn draft_text(ui: &Ui, id: Id, resting: &str) -> String {
    if ui.memory(|m| m.has_focus(id) || m.had_focus_last_frame(id)) {
        ui.data(|d| d.get_temp::<(String, String)>(id.with("draft")))
            .filter(|(base, _)| base == resting)
            .map_or_else(|| resting.to_string(), |(_, t)| t)
    } else {
        resting.to_string()
    }
}

/// Keeps `text` as the draft of the field `id`, typed over `resting`.
pub fn keep_draft(ui: &Ui, id: Id, resting: &str, text: String) {
    ui.data_mut(|d| d.insert_temp(id.with("draft"), (resting.to_string(), text)));
}

/// Drops the draft of the field `id`.
pub fn drop_draft(ui: &Ui, id: Id) {
    ui.data_mut(|d| d.remove::<(String, String)>(id.with("draft")));
}

/// Selects the whole text of the field `id`, so what is typed next replaces it.
pub fn select_all(ui: &Ui, id: Id, text: &str) {
    let mut state = egui::TextEdit::load_state(ui.ctx(), id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::two(
            egui::text::CCursor::new(0),
            egui::text::CCursor::new(text.chars().count()),
        )));
    state.store(ui.ctx(), id);
}
