//! Files: the scenario codec, atomic saving, autosave and recovery, image import, print
//! export (PNG and PDF), and Tiled map interchange (`tmx`).

mod atomic;
mod budget;
pub mod codec;
mod error;
pub mod export;
pub mod image;
mod read;
pub mod recovery;
mod save;
pub mod synthetic_scan;
pub mod tmx;

pub use atomic::{atomic_write, temporaries};
pub use codec::{Encoding, Loaded, decode, decode_mended, encode};
pub use error::{LoadError, SaveError, with_causes};
pub use save::save;

use crate::model::Scenario;
use std::path::Path;

/// Reads a scenario file of either encoding, refusing oversized files before reading them;
/// what loading mended is dropped (see [`load_mended`]).
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    load_mended(path).map(|l| l.scenario)
}

/// Reads a scenario file of either encoding with what loading mended in it (links set aside,
/// a raised `next_id`), for `check` and the editor to report. Only a regular file is opened.
pub fn load_mended(path: &Path) -> Result<Loaded, LoadError> {
    let bytes = read::read_limited(path, codec::MAX_FILE_BYTES).map_err(|e| match e {
        read::ReadError::Io(source) => LoadError::Io {
            path: path.to_path_buf(),
            source,
        },
        read::ReadError::TooLarge { size } => LoadError::TooLarge {
            size,
            limit: codec::MAX_FILE_BYTES,
        },
    })?;
    decode_mended(&bytes)
}
