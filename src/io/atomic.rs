//! Crash-safe saving: write beside the target, sync, then rename over it.
//!
//! A rename within one directory is atomic on the filesystems designers use, so a crash or a
//! failed write leaves either the old file or the new one, never half of each.

use super::error::SaveError;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes a file atomically. `write` fills the temporary file; any error it returns aborts the
/// save, removes the temporary file and leaves `path` as it was.
pub fn atomic_write(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    let fail = |step, source| SaveError {
        path: path.to_path_buf(),
        step,
        source,
    };
    let tmp = temp_path(path);
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)
        .map_err(|e| fail("creating the temporary file", e))?;
    let written = write(&mut file)
        .map_err(|e| ("writing", e))
        .and_then(|()| file.flush().map_err(|e| ("flushing", e)))
        .and_then(|()| file.sync_all().map_err(|e| ("syncing", e)));
    drop(file);
    if let Err((step, e)) = written {
        let _ = fs::remove_file(&tmp);
        return Err(fail(step, e));
    }
    if let Ok(meta) = fs::metadata(path) {
        // Keep the permissions of the file being replaced.
        let _ = fs::set_permissions(&tmp, meta.permissions());
    }
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(fail("renaming over the old file", e));
    }
    // Persist the rename itself. Not every platform can open a directory; the data is
    // already safe, so failure here is not an error.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// `dir/.name.<pid>.tmp`: hidden, beside the target (same filesystem, so rename is atomic),
/// and distinct per process.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scenario".into());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}
