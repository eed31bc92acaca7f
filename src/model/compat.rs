//! Reading older files: fields added after format 1 are absent from a format-1 binary file.
//!
//! bincode is positional, so `#[serde(default)]` alone cannot skip a field the file does not
//! hold (it would read the next value in its place). The binary decoder says which version it
//! is reading ([`decoding_version`]); fields added in format 2 deserialize through
//! [`since_v2`], which takes their default without reading anything from a format-1 file. JSON
//! needs no help: a missing key already takes the default.
//!
//! A logged move's order is saved as its name, and a name means different orders under
//! different rulesets; the decoder remembers the ruleset of the scenario it is reading
//! ([`reading_ruleset`]) so the order is read back as the right one.

use super::ruleset::Ruleset;
use serde::{Deserialize, Deserializer};
use std::cell::Cell;

/// The version of the scenario model written by this build. Files with a higher version are
/// refused with a clear message; lower versions are migrated on load.
///
/// - 1: the scenario.
/// - 2: adds `Scenario::game` (a game in progress with its log), the last field, so a version-1
///   payload is a version-2 payload without it (see `io::codec`); and the map's printed
///   numbering, half hexes and a calibrated background image, read through `model::compat`.
/// - 3: a game's turn state (the phasing side, a move halted for a reaction, owed pin tests),
///   the fingerprint of its start, bookmarks and the players' notes on log entries, and the
///   actions that play them (read through `model::compat`).
/// - 4: victory conditions (`RuleOptions::victory`, each objective's holding and points per
///   side) and the objectives a game remembers as held (`TurnState::held`).
/// - 5: each side's briefing (`Side::briefing`) and a hex map's stacking limit
///   (`RuleOptions::stacking`).
/// - 6: names printed on the map (`Scenario::labels`), which a reinforcement's entry may be
///   given by; tracks and railways across hexsides and their rates (`HexsideFeatures::track`,
///   `railway`; `HexsideCosts::track_mp`, `railway_mp`).
pub const FORMAT_VERSION: u32 = 6;

thread_local! {
    static READING: Cell<u32> = const { Cell::new(FORMAT_VERSION) };
    static RULESET: Cell<Option<Ruleset>> = const { Cell::new(None) };
}

/// Runs `f` with the decoder reading a file of `version` (and no ruleset read yet), restoring
/// what was there before after (also when `f` fails).
pub fn decoding_version<T>(version: u32, f: impl FnOnce() -> T) -> T {
    struct Restore(u32, Option<Ruleset>);
    impl Drop for Restore {
        fn drop(&mut self) {
            READING.with(|r| r.set(self.0));
            RULESET.with(|r| r.set(self.1));
        }
    }
    let _restore = Restore(
        READING.with(|r| r.replace(version)),
        RULESET.with(|r| r.replace(None)),
    );
    f()
}

/// The ruleset of the scenario being decoded, once its rules have been read.
pub fn reading_ruleset() -> Option<Ruleset> {
    RULESET.with(Cell::get)
}

/// A scenario's ruleset, remembered for the fields read after it (see [`reading_ruleset`]).
pub(super) fn ruleset<'de, D: Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
    let r = Ruleset::deserialize(d)?;
    RULESET.with(|c| c.set(Some(r)));
    Ok(r)
}

/// A field added in format 6: its default in a file of an earlier format, read otherwise.
pub(super) fn since_v6<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if READING.with(Cell::get) < 6 {
        Ok(T::default())
    } else {
        T::deserialize(d)
    }
}

/// 1: the rate of a track or railway in a file that had none (format 6 added them).
pub(super) fn one() -> u8 {
    1
}

/// A movement rate added in format 6: 1 in a file of an earlier format, read otherwise.
pub(super) fn since_v6_or_one<'de, D>(d: D) -> Result<u8, D::Error>
where
    D: Deserializer<'de>,
{
    if READING.with(Cell::get) < 6 {
        Ok(1)
    } else {
        u8::deserialize(d)
    }
}

/// A field added in format 5: its default in a file of an earlier format, read otherwise.
pub(super) fn since_v5<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if READING.with(Cell::get) < 5 {
        Ok(T::default())
    } else {
        T::deserialize(d)
    }
}

/// A field added in format 4: its default in a file of an earlier format, read otherwise.
pub(super) fn since_v4<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if READING.with(Cell::get) < 4 {
        Ok(T::default())
    } else {
        T::deserialize(d)
    }
}

/// A field added in format 3: its default in a format-1 or format-2 binary file, read
/// otherwise.
pub(super) fn since_v3<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if READING.with(Cell::get) < 3 {
        Ok(T::default())
    } else {
        T::deserialize(d)
    }
}

/// A field added in format 2: its default in a format-1 binary file, read otherwise.
pub(super) fn since_v2<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    if READING.with(Cell::get) < 2 {
        Ok(T::default())
    } else {
        T::deserialize(d)
    }
}
