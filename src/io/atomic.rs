//! Crash-safe saving: write beside the target, sync, then rename over it.
//!
//! A rename within one directory is atomic on the filesystems designers use, so a crash or a
//! failed write leaves either the old file or the new one, never half of each.
//!
//! The temporary file is `.NAME.PID-COUNTER-NANOS.tmp` beside the target, created with
//! `create_new` (never opening a file someone else put there) and locked for as long as the save
//! runs. A save killed half-way leaves its temporary behind unlocked; the next save of the same
//! target removes every temporary of it whose lock it can take, which a live save never gives up.

use super::error::SaveError;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes a file atomically. `write` fills the temporary file; any error it returns aborts the
/// save, removes the temporary file and leaves `path` as it was.
pub fn atomic_write(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    replace(path, |file| {
        write(file).map_err(|e| failed(path, "writing", e))
    })
}

/// A step of a save that the file system refused.
pub(super) fn failed(path: &Path, step: &'static str, source: std::io::Error) -> SaveError {
    SaveError::Io {
        path: path.to_path_buf(),
        step,
        source,
    }
}

/// Replaces `path` with what `fill` writes into a fresh temporary file beside it (opened for
/// reading too, so `fill` may read back and check what it wrote). Any error `fill` returns
/// aborts the save: the temporary is removed and `path` stays as it was.
pub(super) fn replace(
    path: &Path,
    fill: impl FnOnce(&mut File) -> Result<(), SaveError>,
) -> Result<(), SaveError> {
    let (tmp, mut file) =
        create_temp(path).map_err(|e| failed(path, "creating the temporary file", e))?;
    let written = fill(&mut file)
        .and_then(|()| file.flush().map_err(|e| failed(path, "flushing", e)))
        .and_then(|()| file.sync_all().map_err(|e| failed(path, "syncing", e)));
    if let Err(e) = written {
        drop(file);
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    if let Ok(meta) = fs::metadata(path) {
        // Keep the permissions of the file being replaced.
        let _ = fs::set_permissions(&tmp, meta.permissions());
    }
    // The rename happens with the lock still held, so no cleaner takes this file for debris.
    if let Err(e) = fs::rename(&tmp, path) {
        drop(file);
        let _ = fs::remove_file(&tmp);
        return Err(failed(path, "renaming over the old file", e));
    }
    drop(file);
    // Persist the rename itself. Not every platform can open a directory; the data is
    // already safe, so failure here is not an error.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    remove_stale_temporaries(path);
    Ok(())
}

/// The start of every temporary name of `path`: `.NAME.`.
fn temp_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scenario".into());
    format!(".{name}.")
}

/// Creates a fresh temporary file beside `path`, locked, under a name no one else has: the
/// process, a counter and the clock make it unique, and `create_new` makes sure.
fn create_temp(path: &Path) -> std::io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let prefix = temp_prefix(path);
    let mut last = None;
    for _ in 0..16 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tmp = path.with_file_name(format!(
            "{prefix}{}-{n}-{nanos:08x}.tmp",
            std::process::id()
        ));
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(file) => {
                // A fresh file no one else has opened: the lock is ours at once. Where locks are
                // not supported, saving still works; only the clean-up becomes age-blind.
                let _ = file.try_lock();
                return Ok((tmp, file));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Removes temporaries of `path` left by saves that died: those whose lock can be taken. A save
/// still running holds its lock, so its file stays.
fn remove_stale_temporaries(path: &Path) {
    let prefix = temp_prefix(path);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Some(rest) = name.strip_prefix(&prefix) else {
            continue;
        };
        if !rest.ends_with(".tmp") || rest.contains(['/', '\\']) {
            continue;
        }
        let stale = entry.path();
        let Ok(file) = OpenOptions::new().write(true).open(&stale) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = fs::remove_file(&stale);
        }
    }
}

/// The temporary files of `path` now present (for tests and diagnostics).
pub fn temporaries(path: &Path) -> Vec<PathBuf> {
    let prefix = temp_prefix(path);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(&prefix) && name.ends_with(".tmp")
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_unique_and_never_reopened() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.sandtable");
        let (t1, _f1) = create_temp(&path).expect("first");
        let (t2, _f2) = create_temp(&path).expect("second");
        assert_ne!(t1, t2);
        assert_eq!(temporaries(&path), {
            let mut v = vec![t1, t2];
            v.sort();
            v
        });
    }

    #[test]
    fn a_save_removes_dead_temporaries_but_not_live_ones() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.sandtable");
        // A temporary whose writer died (no lock held) and one still being written (locked).
        let dead = dir.path().join(".a.sandtable.999-0-0.tmp");
        fs::write(&dead, b"half a file").expect("write");
        let (live, _held) = create_temp(&path).expect("live");
        // Another file's temporary is not this target's business.
        let other = dir.path().join(".b.sandtable.999-0-0.tmp");
        fs::write(&other, b"x").expect("write");
        atomic_write(&path, |f| f.write_all(b"new")).expect("save");
        assert!(!dead.exists(), "dead temporary removed");
        assert!(live.exists(), "a save in progress keeps its file");
        assert!(other.exists());
        assert_eq!(fs::read(&path).expect("read"), b"new");
    }
}
