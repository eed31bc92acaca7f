//! What the editor opens on at launch. A file named on the command line (or handed over by a
//! file manager's double-click) that will not open does not end the program silently: the
//! editor opens on the built-in sample with a notice that stays, naming the file and the
//! reason, and the file is left as it was (the document has no path, so saving asks where).
//! A Tiled map given so is imported, as File > Import Tiled map… would.

use crate::io::{self, Loaded, with_causes};
use crate::samples::{self, Unreadable};
use std::path::{Path, PathBuf};

/// The document the editor starts with.
pub struct Startup {
    pub loaded: Loaded,
    /// The file it came from (none for the sample).
    pub path: Option<PathBuf>,
    /// Why the file given could not be opened: shown as a notice that stays.
    pub notice: Option<String>,
    /// A Tiled map given (`.tmx`, `.tmj`): imported as the editor opens, as File > Import
    /// Tiled map… would, over the sample.
    pub import_tiled: Option<PathBuf>,
}

/// `file` opened, or the first built-in sample when there is no file or it will not open.
/// Fails only when the sample itself does not load (a broken build).
pub fn startup(file: Option<&Path>) -> Result<Startup, Unreadable> {
    let import_tiled = file
        .filter(|p| crate::io::tmx::is_tiled_path(p))
        .map(Path::to_path_buf);
    let notice = match file.filter(|_| import_tiled.is_none()) {
        Some(path) => match io::load_mended(path) {
            Ok(loaded) => {
                return Ok(Startup {
                    loaded,
                    path: Some(path.to_path_buf()),
                    notice: None,
                    import_tiled: None,
                });
            }
            Err(e) => Some(format!(
                "Could not open {}: {}. The built-in sample '{}' is open instead; {}",
                path.display(),
                with_causes(&e),
                // Its title, without the rules it shows ("Up the Bakambo: R1 …").
                samples::ALL[0]
                    .source
                    .split_once(": R")
                    .map_or(samples::ALL[0].source, |(title, _)| title),
                // A file that is there is left as it was; one that is not is not made.
                if path.exists() {
                    "the file was not changed."
                } else {
                    "nothing was written."
                }
            )),
        },
        None => None,
    };
    let scenario = samples::ALL[0].load()?;
    Ok(Startup {
        loaded: Loaded {
            scenario,
            repairs: Vec::new(),
        },
        path: None,
        notice,
        import_tiled,
    })
}
