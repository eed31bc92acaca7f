//! The inspector's fields: a label and a widget per row, validation as you type, and one merge
//! key per gesture.
//!
//! A value that fails its check is kept as the field's *pending* input (in egui's temporary
//! memory), drawn in the error colour, and never applied; its reason goes to the inspector's
//! fixed message row (and the field's tooltip), so no row appears under the field and nothing
//! below it moves. It stays until the user makes it valid, the model value underneath changes
//! (undo, another edit), or the selection changes.
//!
//! What is read from typed text (a hex's label, a number typed into a number field, a colour)
//! stays exactly as typed until Enter or leaving the field, and is read once then; Escape puts
//! the value back. Names apply as they are typed, one undo step per visit.
//!
//! Every input is named for assistive technology (and the editor's tests): by the label beside
//! it (`labelled_by`), or, in repeated rows such as the sides or the terrain table, by a name
//! that says which row it belongs to ("Side #3: Name").

use super::Change;
use crate::edit::Edit;
use crate::model::{Colour, Scenario};
use egui::{Color32, DragValue, Id, Key, Response, RichText, Ui};
use std::ops::RangeInclusive;

/// A field's check: `Err(reason)` refuses the value.
pub type Check<'c, T> = &'c dyn Fn(&T) -> Result<(), String>;

/// Accepts anything.
pub fn any<T>(_: &T) -> Result<(), String> {
    Ok(())
}

/// A value typed or picked but refused, with the model value it was typed over.
#[derive(Clone)]
struct Pending<T> {
    base: T,
    value: T,
    error: String,
}

/// One frame of the inspector: the scenario it reads and what the user asked for.
pub struct Form<'a> {
    pub s: &'a Scenario,
    /// The document's change counter: what is derived from the scenario is cached against it.
    pub changes: u64,
    pub change: Option<Change>,
    pub select: Option<Vec<crate::model::ItemRef>>,
    /// Bumped whenever the selection changes, so pending input never outlives its item.
    generation: u64,
    /// Accessible-name prefix for repeated rows ("Side #3").
    prefix: Option<String>,
    /// Whether fields sit in a two-column grid (label | widget) or stack (label above).
    cells: bool,
    /// Why values typed into fields were refused, each after its field's name: the inspector
    /// shows them in its fixed message row.
    pub messages: Vec<String>,
    /// The width of a one-line text field: a regiment's full name where the dock has room,
    /// less in a narrow dock so a row never runs past its edge (which would widen the dock).
    pub field_width: f32,
}

/// The widest a one-line text field is, and the room a grid's label column is given beside it.
const FIELD_WIDTH: f32 = 230.0;
const LABEL_ROOM: f32 = 160.0;

impl<'a> Form<'a> {
    pub fn new(s: &'a Scenario, generation: u64) -> Form<'a> {
        Form {
            s,
            changes: 0,
            change: None,
            select: None,
            generation,
            prefix: None,
            cells: true,
            messages: Vec::new(),
            field_width: FIELD_WIDTH,
        }
    }

    /// Fits the text fields to a panel whose content is `width` wide (taken once, outside any
    /// grid: a width taken from a grid's own would grow the grid every frame).
    pub fn fit_to(&mut self, width: f32) {
        self.field_width = (width - LABEL_ROOM).clamp(120.0, FIELD_WIDTH);
    }

    /// Records an edit to apply after the frame. `key` merges consecutive edits of one gesture
    /// into one undo step; `None` makes the edit a step of its own.
    pub fn emit(&mut self, label: impl Into<String>, key: Option<String>, edits: Vec<Edit>) {
        if edits.is_empty() {
            return;
        }
        self.change = Some(Change {
            key,
            ..Change::new(label, edits)
        });
    }

    /// Runs `f` with accessible names prefixed by `prefix` (for repeated rows).
    pub fn rows<R>(&mut self, prefix: String, f: impl FnOnce(&mut Self) -> R) -> R {
        let old = self.prefix.replace(prefix);
        let r = f(self);
        self.prefix = old;
        r
    }

    /// The accessible name of a control whose visible text is `label`.
    pub fn name(&self, label: &str) -> String {
        match &self.prefix {
            Some(p) => format!("{p}: {label}"),
            None => label.to_string(),
        }
    }

    /// Names `resp` after its visible label, or with the row prefix in repeated rows.
    fn name_widget(&self, resp: &Response, label: &Response, text: &str) {
        match &self.prefix {
            Some(_) => {
                let _ = resp.clone().accessible_name(self.name(text));
            }
            None => {
                let _ = resp.clone().labelled_by(label.id);
            }
        }
    }

    fn pending_id(&self, key: &str) -> Id {
        Id::unique(("inspector-pending", self.generation, key))
    }

    /// The merge key of the gesture under way on a field: a new one each time the field takes
    /// the keyboard or a drag starts, so two separate edits of one field are two undo steps.
    fn gesture_key(&self, ui: &Ui, key: &str, resp: &Response, new_gesture: bool) -> String {
        let id = Id::unique(("inspector-gesture", key));
        let mut n: u64 = ui.data(|d| d.get_temp(id)).unwrap_or(0);
        if new_gesture || resp.gained_focus() || resp.drag_started() {
            n += 1;
            ui.data_mut(|d| d.insert_temp(id, n));
        }
        format!("{key}@{n}")
    }

    /// The core of every field: shows `model` (or the pending input over it), runs `widget`,
    /// checks what it produced, and either returns the new valid value with its merge key or
    /// keeps it as pending input with its reason.
    #[allow(clippy::too_many_arguments)]
    fn validated<T>(
        &mut self,
        ui: &mut Ui,
        label: &Response,
        text: &str,
        key: &str,
        model: &T,
        check: Check<'_, T>,
        widget: impl FnOnce(&mut Ui, &mut T, Option<Color32>) -> Response,
    ) -> Option<(T, String)>
    where
        T: Clone + PartialEq + Send + Sync + 'static,
    {
        let pid = self.pending_id(key);
        let pending: Option<Pending<T>> = ui
            .data(|d| d.get_temp::<Pending<T>>(pid))
            .filter(|p| p.base == *model);
        let mut value = pending.as_ref().map_or(model.clone(), |p| p.value.clone());
        let shown = value.clone();
        let error_colour = ui.visuals().error_fg_color;
        let resp = ui
            .push_id(key, |ui| {
                widget(ui, &mut value, pending.as_ref().map(|_| error_colour))
            })
            .inner;
        self.name_widget(&resp, label, text);
        let merge = self.gesture_key(ui, key, &resp, false);
        let mut error = pending.map(|p| p.error);
        let mut out = None;
        if value != shown {
            match check(&value) {
                Ok(()) => {
                    ui.data_mut(|d| d.remove::<Pending<T>>(pid));
                    error = None;
                    if value != *model {
                        out = Some((value, merge));
                    }
                }
                Err(e) => {
                    ui.data_mut(|d| {
                        d.insert_temp(
                            pid,
                            Pending {
                                base: model.clone(),
                                value,
                                error: e.clone(),
                            },
                        )
                    });
                    error = Some(e);
                }
            }
        }
        if let Some(e) = error {
            let _ = resp.on_hover_text(&e);
            self.messages.push(format!("{}: {e}", self.name(text)));
        }
        ui.end_row();
        out
    }

    /// A label cell; the widget goes in the next cell of the grid.
    fn label(&self, ui: &mut Ui, text: &str) -> Response {
        let label = ui.label(text);
        match super::hints::hint(text) {
            Some(h) => label.on_hover_text(h),
            None => label,
        }
    }

    /// A one-line text field in a grid row.
    pub fn text(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        value: &str,
        check: Check<'_, String>,
    ) -> Option<(String, String)> {
        let l = self.label(ui, label);
        let model = value.to_string();
        let id = Id::unique(("inspector-text", key));
        let width = self.field_width;
        self.validated(ui, &l, label, key, &model, check, |ui, v, err| {
            let edit = egui::TextEdit::singleline(v).id(id).text_color_opt(err);
            ui.add(edit.desired_width(width))
        })
    }

    /// A one-line text field whose text is read into a value (a hex's label as printed): what is
    /// typed stays as typed until Enter or leaving the field, then is read once and applied as
    /// one undo step, or kept in the error colour with its reason in the message row. Escape
    /// puts back the value the field showed. `shown` is the model value as text.
    pub fn parsed<T: PartialEq>(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        model: &T,
        shown: &str,
        read: &dyn Fn(&str) -> Result<T, String>,
    ) -> Option<(T, String)> {
        let l = self.label(ui, label);
        let pid = self.pending_id(key);
        let pending = ui
            .data(|d| d.get_temp::<Pending<String>>(pid))
            .filter(|p| p.base == shown);
        let id = Id::unique(("inspector-text", key));
        // What the field shows when nobody types in it.
        let resting = pending
            .as_ref()
            .map_or(shown, |p| p.value.as_str())
            .to_string();
        let mut text = crate::app::typed::draft_text(ui, id, &resting);
        let colour = pending.as_ref().map(|_| ui.visuals().error_fg_color);
        let resp = ui
            .push_id(key, |ui| {
                let edit = egui::TextEdit::singleline(&mut text)
                    .id(id)
                    .text_color_opt(colour)
                    .desired_width(230.0);
                ui.add(edit)
            })
            .inner;
        self.name_widget(&resp, &l, label);
        let merge = self.gesture_key(ui, key, &resp, false);
        let mut error = pending.map(|p| p.error);
        let mut out = None;
        if resp.has_focus() {
            crate::app::typed::keep_draft(ui, id, &resting, text);
        } else if resp.lost_focus() {
            crate::app::typed::drop_draft(ui, id);
            if ui.input(|i| i.key_pressed(Key::Escape)) {
                ui.data_mut(|d| d.remove::<Pending<String>>(pid));
                error = None;
            } else if text != resting {
                match read(&text) {
                    Ok(v) => {
                        ui.data_mut(|d| d.remove::<Pending<String>>(pid));
                        error = None;
                        if v != *model {
                            out = Some((v, merge));
                        }
                    }
                    Err(e) => {
                        error = Some(e.clone());
                        ui.data_mut(|d| {
                            d.insert_temp(
                                pid,
                                Pending {
                                    base: shown.to_string(),
                                    value: text,
                                    error: e,
                                },
                            )
                        });
                    }
                }
            }
        }
        if let Some(e) = error {
            let _ = resp.on_hover_text(&e);
            self.messages.push(format!("{}: {e}", self.name(label)));
        }
        ui.end_row();
        out
    }

    /// A text of several lines, its label above it, the width of the panel (not in a grid).
    pub fn text_block(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        value: &str,
        check: Check<'_, String>,
    ) -> Option<(String, String)> {
        let l = self.label(ui, label);
        let model = value.to_string();
        let id = Id::unique(("inspector-text", key));
        self.cells = false;
        let out = self.validated(ui, &l, label, key, &model, check, |ui, v, err| {
            let edit = egui::TextEdit::multiline(v).id(id).text_color_opt(err);
            // Long notes scroll inside a box of one height: typing never moves what is below.
            // The box is as wide as the panel leaves, its scroll bar inside it: a wider one
            // would widen the dock.
            let width = ui.available_width();
            let bar = ui.spacing().scroll.allocated_width();
            // The wheel scrolls the box only while it is being typed in: passing over it on
            // the way down the inspector, the wheel scrolls the inspector.
            let typing = ui.memory(|m| m.has_focus(id));
            egui::ScrollArea::vertical()
                .id_salt(("inspector-text-scroll", key))
                .scroll_source(egui::containers::scroll_area::ScrollSource {
                    mouse_wheel: typing,
                    ..Default::default()
                })
                .auto_shrink([false, false])
                .max_width(width)
                .max_height(150.0)
                .show(ui, |ui| {
                    ui.add(edit.desired_rows(3).desired_width(width - bar))
                })
                .inner
        });
        self.cells = true;
        out
    }

    /// A number, dragged or typed.
    #[allow(clippy::too_many_arguments)]
    pub fn number<N>(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        value: N,
        range: RangeInclusive<N>,
        speed: f64,
        check: Check<'_, N>,
    ) -> Option<(N, String)>
    where
        N: egui::emath::Numeric + Send + Sync + 'static,
    {
        let l = self.label(ui, label);
        self.validated(ui, &l, label, key, &value, check, |ui, v, err| {
            if let Some(c) = err {
                ui.visuals_mut().override_text_color = Some(c);
            }
            // Inches to two decimals, angles to one: more is noise on a wargames table.
            let decimals = if N::INTEGRAL {
                0
            } else if label.contains('°') {
                1
            } else {
                2
            };
            let before = *v;
            let drag = DragValue::new(v)
                .range(range)
                .speed(speed)
                .max_decimals(decimals)
                .custom_formatter(no_negative_zero);
            // Typed digits apply on Enter or leaving the field: the 1 of 16 never applies.
            let r = ui.add(drag.update_while_editing(false));
            // egui reads the text of a number left with Escape a frame later, once the Escape
            // is gone: the field left with Escape keeps the value it had.
            let escaped = r.id.with("escaped");
            if ui.data_mut(|d| d.remove_temp::<bool>(escaped)).is_some() {
                *v = before;
            }
            if r.lost_focus() && ui.input(|i| i.key_pressed(Key::Escape)) {
                ui.data_mut(|d| d.insert_temp(escaped, true));
            }
            r
        })
    }

    /// A pick from a list. `options` pairs each value with its text; a value missing from the
    /// list shows as `fallback`.
    #[allow(clippy::too_many_arguments)]
    pub fn combo<T>(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        value: &T,
        options: &[(T, String)],
        fallback: &str,
        check: Check<'_, T>,
    ) -> Option<(T, String)>
    where
        T: Clone + PartialEq + Send + Sync + 'static,
    {
        let l = self.label(ui, label);
        let salt = ("inspector-combo", key.to_string());
        self.validated(ui, &l, label, key, value, check, |ui, v, err| {
            let current = options
                .iter()
                .find(|(o, _)| o == v)
                .map_or(fallback.to_string(), |(_, t)| t.clone());
            let text = match err {
                Some(c) => RichText::new(current).color(c),
                None => RichText::new(current),
            };
            let mut picked = None;
            let r = egui::ComboBox::from_id_salt(salt)
                .selected_text(text)
                .show_ui(ui, |ui| {
                    for (o, t) in options {
                        if ui.selectable_label(o == v, t).clicked() {
                            picked = Some(o.clone());
                        }
                    }
                });
            if let Some(p) = picked {
                *v = p;
            }
            r.response
        })
    }

    /// A checkbox: its own text is its label. Each click is an undo step of its own.
    pub fn checkbox(&mut self, ui: &mut Ui, label: &str, value: bool) -> Option<bool> {
        let mut v = value;
        let resp = ui.checkbox(&mut v, label);
        if self.prefix.is_some() {
            let _ = resp.accessible_name(self.name(label));
        }
        (v != value).then_some(v)
    }

    /// A colour swatch that opens a choice of map colours and a hex field (#rrggbb); one merge
    /// key per opening. (egui's own picker shows a copy button its fonts cannot draw.)
    pub fn colour(
        &mut self,
        ui: &mut Ui,
        label: &str,
        key: &str,
        value: Colour,
    ) -> Option<(Colour, String)> {
        let l = self.label(ui, label);
        let swatch = Color32::from_rgb(value.r, value.g, value.b);
        let mut chosen = None;
        // The swatch and its code share the field's cell: a third column would run past the
        // panel's edge.
        let cell = ui.horizontal(|ui| {
            let (resp, _) = ui
                .push_id(key, |ui| {
                    egui::containers::menu::MenuButton::from_button(
                        egui::Button::new("")
                            .fill(swatch)
                            .min_size(egui::vec2(40.0, 18.0)),
                    )
                    .ui(ui, |ui| {
                        ui.label("Map colours");
                        egui::Grid::new("colour-choices")
                            .spacing([4.0, 4.0])
                            .show(ui, |ui| {
                                let choices = crate::edit::ops::create::TERRAIN_COLOURS
                                    .iter()
                                    .chain(SIDE_COLOURS.iter());
                                for (k, c) in choices.enumerate() {
                                    let b = egui::Button::new("")
                                        .fill(Color32::from_rgb(c.r, c.g, c.b))
                                        .min_size(egui::vec2(22.0, 22.0));
                                    let r = ui.add(b).on_hover_text(c.to_string());
                                    r.widget_info(|| {
                                        egui::WidgetInfo::labeled(
                                            egui::Role::Button,
                                            true,
                                            format!("Colour {c}"),
                                        )
                                    });
                                    if r.clicked() {
                                        chosen = Some(*c);
                                    }
                                    if k % 6 == 5 {
                                        ui.end_row();
                                    }
                                }
                            });
                        ui.horizontal(|ui| {
                            // Read on Enter or leaving the field (#abc would otherwise apply on the
                            // way to #abcdef); Escape puts the colour back.
                            let hex_label = ui.label("Hex");
                            let id = ui.scope_id().with("hex");
                            let mut text = ui
                                .data(|d| d.get_temp::<String>(id))
                                .unwrap_or_else(|| value.to_string());
                            let r = ui
                                .add(egui::TextEdit::singleline(&mut text).desired_width(80.0))
                                .labelled_by(hex_label.id);
                            let escaped = ui.input(|i| i.key_pressed(Key::Escape));
                            if r.lost_focus() && escaped {
                                ui.data_mut(|d| d.remove::<String>(id));
                                return;
                            }
                            if r.lost_focus()
                                && let Some(c) = Colour::parse(&text)
                            {
                                chosen = Some(Colour::rgb(c.r, c.g, c.b));
                            }
                            if Colour::parse(&text).is_none() {
                                let _ = r.on_hover_text("type a colour as #rrggbb");
                            }
                            ui.data_mut(|d| d.insert_temp(id, text));
                        });
                    })
                })
                .inner;
            ui.label(RichText::new(value.to_string()).monospace().weak());
            resp
        });
        let resp = cell.inner;
        self.name_widget(&resp, &l, label);
        let merge = self.gesture_key(ui, key, &resp, resp.clicked());
        ui.end_row();
        chosen.filter(|c| *c != value).map(|c| (c, merge))
    }

    /// A button named for its row; `true` when clicked.
    pub fn button(&self, ui: &mut Ui, text: &str, enabled: bool, hint: &str) -> bool {
        let mut resp = ui.add_enabled(enabled, egui::Button::new(text));
        if self.prefix.is_some() {
            resp = resp.accessible_name(self.name(text));
        }
        if !hint.is_empty() {
            resp = resp.on_hover_text(hint).on_disabled_hover_text(hint);
        }
        resp.clicked()
    }

    /// A small button showing `glyph` (drawn in the monospace font, which has the arrows),
    /// named `name` for assistive technology; `true` when clicked.
    pub fn icon_button(
        &self,
        ui: &mut Ui,
        glyph: &str,
        name: &str,
        enabled: bool,
        hint: &str,
    ) -> bool {
        let button = egui::Button::new(RichText::new(glyph).monospace());
        ui.add_enabled(enabled, button)
            .accessible_name(self.name(name))
            .on_hover_text(hint)
            .on_disabled_hover_text(hint)
            .clicked()
    }

    /// A read-only row.
    pub fn info(&self, ui: &mut Ui, label: &str, value: impl Into<String>) {
        ui.label(label);
        ui.label(value.into());
        ui.end_row();
    }
}

/// A two-column grid of label and field.
pub fn grid<R>(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    f: impl FnOnce(&mut Ui) -> R,
) -> R {
    egui::Grid::new(("inspector-grid", id))
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, f)
        .inner
}

/// Strong colours for sides, offered beside the map colours.
const SIDE_COLOURS: [Colour; 6] = [
    Colour::rgb(0x2f, 0x5d, 0xa8),
    Colour::rgb(0xb0, 0x30, 0x30),
    Colour::rgb(0x3a, 0x8a, 0x3a),
    Colour::rgb(0xc0, 0x8a, 0x20),
    Colour::rgb(0x7a, 0x4a, 0xa0),
    Colour::rgb(0x20, 0x20, 0x20),
];

fn expand_id() -> Id {
    Id::unique("inspector-expand-all")
}

/// Seconds after "Expand all" or "Collapse all" during which a section drawn for the first
/// time since takes the order (one inside another that the order opened).
const EXPAND_SECS: f64 = 1.0;

/// Opens (`true`) or shuts every section of the inspector: each section takes the order once,
/// when it is next drawn, and is the user's again at once, so a click on its header after
/// "Collapse all" opens it.
pub fn expand_all(ui: &Ui, open: bool) {
    let order = ui
        .data(|d| d.get_temp::<(bool, u64, f64)>(expand_id()))
        .map_or(1, |(_, n, _)| n + 1);
    let now = ui.input(|i| i.time);
    ui.data_mut(|d| d.insert_temp(expand_id(), (open, order, now)));
}

/// A collapsible section, open at first unless `closed`.
pub fn section<R>(
    ui: &mut Ui,
    title: &str,
    id: impl std::hash::Hash + std::fmt::Debug,
    closed: bool,
    f: impl FnOnce(&mut Ui) -> R,
) -> Option<R> {
    let salt = egui::IdSalt::new(("inspector-section", &id));
    let taken = ui.make_persistent_id(salt).with("expand-order");
    let now = ui.input(|i| i.time);
    let forced = ui
        .data(|d| d.get_temp::<(bool, u64, f64)>(expand_id()))
        .filter(|(_, _, at)| now - at <= EXPAND_SECS)
        .filter(|(_, order, _)| ui.data(|d| d.get_temp::<u64>(taken)) != Some(*order))
        .map(|(open, order, _)| {
            ui.data_mut(|d| d.insert_temp(taken, order));
            open
        });
    egui::CollapsingHeader::new(title)
        .id_salt(salt)
        .default_open(!closed)
        .open(forced)
        .show(ui, f)
        .body_returned
}

/// Refuses an empty or blank name, saying what needs one.
pub fn non_empty(what: &'static str) -> impl Fn(&String) -> Result<(), String> {
    move |t: &String| {
        if t.trim().is_empty() {
            Err(format!("{what} needs a name"))
        } else {
            Ok(())
        }
    }
}

/// A number as egui writes it, but a value that rounds to zero without its minus sign: an
/// image turned -0.001° reads "0.0", not "-0.0".
fn no_negative_zero(n: f64, decimals: RangeInclusive<usize>) -> String {
    let text = egui::emath::format_with_decimals_in_range(n, decimals);
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::no_negative_zero;

    #[test]
    fn a_number_rounding_to_zero_reads_without_a_minus() {
        assert_eq!(no_negative_zero(-0.001, 1..=1), "0.0");
        assert_eq!(no_negative_zero(-0.0, 0..=2), "0");
        assert_eq!(no_negative_zero(-0.25, 2..=2), "-0.25");
        assert_eq!(no_negative_zero(1.5, 1..=1), "1.5");
    }
}
