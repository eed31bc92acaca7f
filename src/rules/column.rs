//! R1: columns of march (000). This part holds the formation limits that `check` enforces.

use std::ops::RangeInclusive;

/// Largest unit that can march in column (R1: more than 16 figures cannot).
pub const MAX_COLUMN_FIGURES: u16 = 16;
/// Largest gap between neighbouring units of a formed column, in inches (R1).
pub const MAX_GAP_IN: f32 = 2.0;

/// Frontages a unit of `figures` may march on (R1 table): 1-6 → 1 or 2 figures wide, 7-12 →
/// 2 or 3, 13-16 → 3 or 4. `None` for units too large for a column, or empty.
pub fn allowed_widths(figures: u16) -> Option<RangeInclusive<u8>> {
    match figures {
        1..=6 => Some(1..=2),
        7..=12 => Some(2..=3),
        13..=16 => Some(3..=4),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_column_width_table() {
        assert_eq!(allowed_widths(1), Some(1..=2));
        assert_eq!(allowed_widths(6), Some(1..=2));
        assert_eq!(allowed_widths(7), Some(2..=3));
        assert_eq!(allowed_widths(12), Some(2..=3));
        assert_eq!(allowed_widths(13), Some(3..=4));
        assert_eq!(allowed_widths(16), Some(3..=4));
        assert_eq!(allowed_widths(17), None);
        assert_eq!(allowed_widths(0), None);
    }
}
