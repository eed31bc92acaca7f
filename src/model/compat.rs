//! Reading older files: fields added after format 1 are absent from a format-1 binary file.
//!
//! bincode is positional, so `#[serde(default)]` alone cannot skip a field the file does not
//! hold (it would read the next value in its place). The binary decoder says which version it
//! is reading ([`decoding_version`]); fields added in format 2 deserialize through
//! [`since_v2`], which takes their default without reading anything from a format-1 file. JSON
//! needs no help: a missing key already takes the default.

use serde::{Deserialize, Deserializer};
use std::cell::Cell;

thread_local! {
    static READING: Cell<u32> = const { Cell::new(super::FORMAT_VERSION) };
}

/// Runs `f` with the binary decoder reading a file of `version`, restoring the previous
/// version after (also when `f` fails).
pub fn decoding_version<T>(version: u32, f: impl FnOnce() -> T) -> T {
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            READING.with(|r| r.set(self.0));
        }
    }
    let _restore = Restore(READING.with(|r| r.replace(version)));
    f()
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
