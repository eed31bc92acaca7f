//! Files: the scenario codec, atomic saving, autosave and recovery, image import, print
//! export (PNG and PDF), and Tiled map interchange (`tmx`).

mod atomic;
mod budget;
pub mod codec;
mod error;
pub mod export;
pub mod image;
pub mod recovery;
pub mod synthetic_scan;
pub mod tmx;

pub use atomic::{atomic_write, temporaries};
pub use codec::{Encoding, Loaded, decode, decode_mended, encode};
pub use error::{LoadError, SaveError};

use crate::model::Scenario;
use std::io::{Read, Write};
use std::path::Path;

/// Reads a scenario file of either encoding, refusing oversized files before reading them;
/// what loading mended is dropped (see [`load_mended`]).
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    load_mended(path).map(|l| l.scenario)
}

/// Reads a scenario file of either encoding with what loading mended in it (links set aside,
/// a raised `next_id`), for `check` and the editor to report.
pub fn load_mended(path: &Path) -> Result<Loaded, LoadError> {
    let io_err = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io_err)?;
    let size = file.metadata().map_err(io_err)?.len();
    if size > codec::MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size,
            limit: codec::MAX_FILE_BYTES,
        });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // `take` guards against a file that grows while we read it.
    file.take(codec::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_err)?;
    decode_mended(&bytes)
}

/// Saves atomically, in JSON when the path ends in `.json`, else in the binary format.
pub fn save(path: &Path, scenario: &Scenario) -> Result<(), SaveError> {
    let bytes = encode(scenario, Encoding::for_path(path));
    atomic_write(path, |f| f.write_all(&bytes))
}
