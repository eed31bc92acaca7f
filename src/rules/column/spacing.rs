//! How close a column's units keep (R1): at most 2" apart on the table while the column is
//! formed, and a set space between units still waiting off table.

/// Largest gap between neighbouring units of a formed column, in inches (R1).
pub const MAX_GAP_IN: f32 = 2.0;
/// Tolerance on the 2" gap, so units placed exactly 2" apart are not reported.
pub const GAP_TOLERANCE_IN: f32 = 0.01;
/// Edge-to-edge space between units still off table, waiting in march order behind the entry
/// point; they come on keeping it.
pub const QUEUE_GAP_IN: f32 = 1.0;
