//! A field for dice rolled at the table. It is empty ("–") until a roll is typed or dragged
//! in, and it says whether what it holds is a roll those dice can make, so no button applies
//! a roll nobody made (a field that opened on 1 or 7 did).

use std::ops::RangeInclusive;

use egui::{DragValue, Response, Ui};

/// One roll field: `value` 0 is "no roll yet"; `rolls` is what the dice can make (2..=12 for
/// 2D6). Returns the field's response (labelled by `label`) and the roll when it is one.
pub(super) fn roll_field(
    ui: &mut Ui,
    label: &str,
    value: &mut u8,
    rolls: RangeInclusive<u8>,
) -> (Response, Option<u8>) {
    let l = ui.label(label);
    let lowest = f64::from(*rolls.start());
    let field = ui
        .add(
            DragValue::new(value)
                .range(0..=*rolls.end())
                .speed(0.1)
                .custom_formatter(move |v, _| {
                    if v < 0.5 {
                        "–".to_string()
                    } else if v < lowest {
                        format!("{v:.0}?")
                    } else {
                        format!("{v:.0}")
                    }
                })
                .custom_parser(|t| {
                    let t = t.trim().trim_end_matches('?');
                    if t.is_empty() || t == "-" || t == "–" {
                        Some(0.0)
                    } else {
                        t.parse::<f64>().ok()
                    }
                }),
        )
        .labelled_by(l.id)
        .on_hover_text(format!(
            "the roll made at the table, {} to {} (empty: none yet)",
            rolls.start(),
            rolls.end()
        ));
    let roll = rolls.contains(value).then_some(*value);
    (field, roll)
}

/// Why a button that applies a typed roll is not enabled yet.
pub(super) const TYPE_THE_ROLL: &str = "type the roll made at the table first (or roll in the app)";
