//! Files: the scenario codec, atomic saving, autosave and recovery, image import, and print
//! export (PNG and PDF).

mod atomic;
mod budget;
pub mod codec;
mod error;
pub mod export;
pub mod image;
pub mod recovery;

pub use atomic::{atomic_write, temporaries};
pub use codec::{Encoding, decode, encode};
pub use error::{LoadError, SaveError};

use crate::model::Scenario;
use std::io::{Read, Write};
use std::path::Path;

/// Reads a scenario file of either encoding, refusing oversized files before reading them.
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
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
    decode(&bytes)
}

/// Saves atomically, in JSON when the path ends in `.json`, else in the binary format.
pub fn save(path: &Path, scenario: &Scenario) -> Result<(), SaveError> {
    let bytes = encode(scenario, Encoding::for_path(path));
    atomic_write(path, |f| f.write_all(&bytes))
}
