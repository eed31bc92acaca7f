//! Autosave and crash recovery: while a scenario has unsaved changes it is written every
//! minute to a recovery file; the file is deleted when the scenario is saved or the editor
//! closes cleanly, so finding one at start-up means the session that wrote it ended abruptly.
//!
//! Several editors may run at once, so each keeps its own files, named after its session:
//! `session-ID.sandtable` (the scenario), `session-ID.json` (what it is) and `session-ID.lock`,
//! which the editor holds locked from its first autosave until it exits. A lock is released by
//! the system when its process ends, however it ends, so a recovery file whose lock can be taken
//! was left by an editor that is gone. At start an editor claims such files by taking their
//! locks (so no other editor offers the same work), offers them, and never touches a file whose
//! lock another editor holds. A recovery file that cannot be read is set aside as
//! `damaged-ID-TIME.sandtable` and reported once, rather than offered again at every start.

use super::{LoadError, SaveError};
use crate::model::Scenario;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};

/// Where recovery files live, this editor's own session, and the work it has claimed from
/// editors that ended abruptly.
#[derive(Debug)]
pub struct Recovery {
    dir: PathBuf,
    own: Option<Session>,
    /// Claimed recovery files, newest first; the first is the one on offer.
    claimed: Vec<Claim>,
}

/// A session's name and its lock, held while the session lives.
#[derive(Debug)]
struct Session {
    id: String,
    _lock: File,
}

#[derive(Debug)]
struct Claim {
    session: Session,
    info: RecoveryInfo,
}

/// What a recovery file says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecoveryInfo {
    /// The file the scenario was last saved to, if any, as an absolute path.
    pub original: Option<PathBuf>,
    /// Seconds since the Unix epoch when it was written.
    pub written_at: u64,
    pub title: String,
}

/// A recovery file that could not be read, moved out of the way.
#[derive(Clone, Debug, PartialEq)]
pub struct SetAside {
    /// Where the damaged file now is.
    pub path: PathBuf,
    /// Why it could not be read.
    pub reason: String,
}

/// The name the previous format gave the one shared recovery file.
const LEGACY: &str = "recovery";

fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `path` made absolute against the current folder, so it still names the same file after the
/// editor (or a later one) runs elsewhere.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

impl Recovery {
    /// Recovery files in `dir` (created when first written). The caller chooses the folder
    /// (the editor: its data folder), so this module knows nothing of windows. Nothing is read
    /// or written until [`Recovery::scan`] or [`Recovery::write`].
    pub fn in_dir(dir: PathBuf) -> Recovery {
        Recovery {
            dir: absolute(&dir),
            own: None,
            claimed: Vec::new(),
        }
    }

    fn path(&self, id: &str, ext: &str) -> PathBuf {
        self.dir.join(format!("session-{id}.{ext}"))
    }

    /// Opens (creating it if need be) the lock of session `id` and takes it, if no live editor
    /// holds it.
    fn try_claim(&self, id: &str) -> Option<File> {
        let lock = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(self.path(id, "lock"))
            .ok()?;
        lock.try_lock().ok()?;
        Some(lock)
    }

    /// Finds the work of editors that ended abruptly, claims it so no other editor offers it
    /// too, and sets aside what cannot be read. Returns the files set aside, to be reported
    /// once; [`Recovery::pending`] then says what is on offer.
    pub fn scan(&mut self) -> Vec<SetAside> {
        self.adopt_legacy();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut ids: Vec<String> = entries
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let rest = name.strip_prefix("session-")?;
                let (id, _) = rest.rsplit_once('.')?;
                Some(id.to_string())
            })
            .collect();
        ids.sort();
        ids.dedup();
        let mut set_aside = Vec::new();
        for id in ids {
            let own = self.own.as_ref().is_some_and(|s| s.id == id);
            let known = self.claimed.iter().any(|c| c.session.id == id);
            if own || known {
                continue;
            }
            let Some(lock) = self.try_claim(&id) else {
                // A live editor's: not ours to offer or remove.
                continue;
            };
            let session = Session { id, _lock: lock };
            match self.read_claim(&session.id) {
                Ok(Some(info)) => self.claimed.push(Claim { session, info }),
                Ok(None) => self.remove_session(session),
                Err(reason) => {
                    if let Some(path) = self.set_aside(&session.id) {
                        set_aside.push(SetAside { path, reason });
                    }
                    self.remove_session(session);
                }
            }
        }
        self.claimed
            .sort_by_key(|c| std::cmp::Reverse(c.info.written_at));
        set_aside
    }

    /// Renames the one recovery file of the previous format into a session of its own, so it
    /// is claimed like any other.
    fn adopt_legacy(&self) {
        let old = self.dir.join(format!("{LEGACY}.sandtable"));
        if !old.exists() {
            return;
        }
        let id = format!("{LEGACY}-{}", now_secs());
        let _ = fs::rename(
            self.dir.join(format!("{LEGACY}.json")),
            self.path(&id, "json"),
        );
        let _ = fs::rename(old, self.path(&id, "sandtable"));
    }

    /// What a claimed session left: its description, nothing (no scenario), or why its
    /// scenario cannot be read.
    fn read_claim(&self, id: &str) -> Result<Option<RecoveryInfo>, String> {
        let scenario = self.path(id, "sandtable");
        if !scenario.exists() {
            return Ok(None);
        }
        let loaded = super::load(&scenario).map_err(|e| e.to_string())?;
        let info = fs::read(self.path(id, "json"))
            .ok()
            .and_then(|b| serde_json::from_slice::<RecoveryInfo>(&b).ok());
        Ok(Some(info.unwrap_or_else(|| {
            RecoveryInfo {
                original: None,
                written_at: fs::metadata(&scenario)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs()),
                title: loaded.meta.title,
            }
        })))
    }

    /// Moves a session's unreadable scenario (and its description) aside. Returns where.
    fn set_aside(&self, id: &str) -> Option<PathBuf> {
        let stamp = now_secs();
        let to = self.dir.join(format!("damaged-{id}-{stamp}.sandtable"));
        fs::rename(self.path(id, "sandtable"), &to).ok()?;
        let _ = fs::rename(
            self.path(id, "json"),
            self.dir.join(format!("damaged-{id}-{stamp}.json")),
        );
        Some(to)
    }

    /// Deletes a session's files; its lock goes last, while still held.
    fn remove_session(&self, session: Session) {
        let _ = fs::remove_file(self.path(&session.id, "sandtable"));
        let _ = fs::remove_file(self.path(&session.id, "json"));
        let _ = fs::remove_file(self.path(&session.id, "lock"));
        drop(session);
    }

    /// Starts this editor's session: a fresh name and its lock, taken before anything is
    /// written under that name.
    fn own_session(&mut self) -> Result<&Session, SaveError> {
        if self.own.is_none() {
            let fail = |step, source| super::atomic::failed(&self.dir, step, source);
            fs::create_dir_all(&self.dir).map_err(|e| fail("creating the recovery folder", e))?;
            let mut last = None;
            for attempt in 0..16u32 {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let id = format!("{}-{nanos:08x}-{attempt}", std::process::id());
                match OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(self.path(&id, "lock"))
                {
                    Ok(lock) => {
                        lock.try_lock()
                            .map_err(|e| fail("locking the recovery file", e.into()))?;
                        self.own = Some(Session { id, _lock: lock });
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                    Err(e) => return Err(fail("creating the recovery lock", e)),
                }
            }
            if self.own.is_none() {
                let e = last.unwrap_or_else(|| std::io::Error::other("no free session name"));
                return Err(fail("creating the recovery lock", e));
            }
        }
        self.own.as_ref().ok_or_else(|| {
            super::atomic::failed(
                &self.dir,
                "starting the recovery session",
                std::io::Error::other("no session"),
            )
        })
    }

    /// Writes this editor's recovery copy (atomically, like any save).
    pub fn write(&mut self, scenario: &Scenario, original: Option<&Path>) -> Result<(), SaveError> {
        let id = self.own_session()?.id.clone();
        super::save(&self.path(&id, "sandtable"), scenario)?;
        let info = RecoveryInfo {
            original: original.map(absolute),
            written_at: now_secs(),
            title: scenario.meta.title.clone(),
        };
        let json = serde_json::to_vec_pretty(&info).unwrap_or_default();
        super::atomic_write(&self.path(&id, "json"), |f| {
            std::io::Write::write_all(f, &json)
        })
    }

    /// The recovery on offer: the newest claimed work of an editor that ended abruptly.
    pub fn pending(&self) -> Option<RecoveryInfo> {
        self.claimed.first().map(|c| c.info.clone())
    }

    /// Loads the work on offer without giving it up.
    pub fn load(&self) -> Result<Scenario, LoadError> {
        match self.claimed.first() {
            Some(c) => super::load(&self.path(&c.session.id, "sandtable")),
            None => Err(LoadError::Io {
                path: self.dir.clone(),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "no recovery file on offer",
                ),
            }),
        }
    }

    /// Takes the work on offer into this editor: loads it, writes it as this editor's own
    /// recovery copy (it is still unsaved work) and only then removes the old files. Returns the
    /// scenario and what the old files said about it.
    pub fn take_pending(&mut self) -> Result<(Scenario, RecoveryInfo), LoadError> {
        let scenario = self.load()?;
        let claim = self.claimed.remove(0);
        let info = claim.info.clone();
        match self.write(&scenario, info.original.as_deref()) {
            Ok(()) => self.remove_session(claim.session),
            // Keep the old files (claimed until this editor exits): nothing is lost.
            Err(_) => self.claimed.push(claim),
        }
        Ok((scenario, info))
    }

    /// Deletes the work on offer (the user declined it); the next claimed one, if any, is then
    /// on offer.
    pub fn discard(&mut self) {
        if !self.claimed.is_empty() {
            let claim = self.claimed.remove(0);
            self.remove_session(claim.session);
        }
    }

    /// Removes this editor's own recovery files (after a save or a clean exit, or when a new
    /// document replaces the old). Other editors' files are never touched here.
    pub fn clear(&mut self) {
        if let Some(session) = self.own.take() {
            self.remove_session(session);
        }
    }

    /// This editor's own recovery file, once written.
    pub fn own_file(&self) -> Option<PathBuf> {
        self.own
            .as_ref()
            .map(|s| self.path(&s.id, "sandtable"))
            .filter(|p| p.exists())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_scan_load_clear() {
        let dir = tempfile::tempdir().expect("tempdir");
        let rec = dir.path().join("rec");
        let s = Scenario::new_table("Lost work");
        {
            let mut crashed = Recovery::in_dir(rec.clone());
            crashed
                .write(&s, Some(Path::new("/tmp/x.sandtable")))
                .expect("write");
            // Dropped without clear(): the editor died.
        }
        let mut r = Recovery::in_dir(rec.clone());
        assert!(r.pending().is_none(), "nothing before a scan");
        assert_eq!(r.scan(), vec![]);
        let info = r.pending().expect("pending");
        assert_eq!(info.title, "Lost work");
        assert_eq!(
            info.original.as_deref(),
            Some(Path::new("/tmp/x.sandtable"))
        );
        assert_eq!(r.load().expect("load"), s);
        r.discard();
        assert!(r.pending().is_none());
        let mut again = Recovery::in_dir(rec);
        again.scan();
        assert!(again.pending().is_none(), "discarded work is gone");
    }

    fn scenario_file_of(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = fs::read_dir(dir)
            .expect("ls")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "sandtable"))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn each_editor_keeps_its_own_file_and_another_never_offers_or_deletes_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let rec = dir.path().join("rec");
        let mut first = Recovery::in_dir(rec.clone());
        first
            .write(&Scenario::new_table("First"), None)
            .expect("write");
        let mut second = Recovery::in_dir(rec.clone());
        second
            .write(&Scenario::new_table("Second"), None)
            .expect("write");
        assert_ne!(first.own_file(), second.own_file(), "one file per editor");
        // A third editor starting now finds two live editors: nothing to offer.
        let mut third = Recovery::in_dir(rec.clone());
        assert_eq!(third.scan(), vec![]);
        assert!(
            third.pending().is_none(),
            "a live editor's work is not offered"
        );
        third.discard();
        third.clear();
        second.clear();
        let own = first.own_file().expect("the first editor's file");
        assert!(own.exists(), "never deleted while its editor runs");
        assert_eq!(super::super::load(&own).expect("load").meta.title, "First");
        // Once the first editor is gone, its work is offered to exactly one other editor.
        drop(first);
        let mut fourth = Recovery::in_dir(rec.clone());
        let mut fifth = Recovery::in_dir(rec);
        fourth.scan();
        fifth.scan();
        assert_eq!(fourth.pending().map(|i| i.title), Some("First".into()));
        assert!(
            fifth.pending().is_none(),
            "claimed by the editor that found it first"
        );
    }

    #[test]
    fn the_original_path_is_kept_absolute() {
        let dir = tempfile::tempdir().expect("tempdir");
        let rec = dir.path().join("rec");
        {
            let mut crashed = Recovery::in_dir(rec.clone());
            crashed
                .write(
                    &Scenario::new_table("Relative"),
                    Some(Path::new("maps/x.sandtable")),
                )
                .expect("write");
        }
        let mut r = Recovery::in_dir(rec);
        r.scan();
        let original = r.pending().and_then(|i| i.original).expect("original");
        assert!(original.is_absolute(), "{}", original.display());
        let cwd = std::env::current_dir().expect("cwd");
        assert_eq!(original, cwd.join("maps/x.sandtable"));
    }

    #[test]
    fn a_corrupt_recovery_file_is_set_aside_and_reported_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let rec = dir.path().join("rec");
        {
            let mut crashed = Recovery::in_dir(rec.clone());
            crashed
                .write(&Scenario::new_table("Damaged"), None)
                .expect("write");
            let file = crashed.own_file().expect("file");
            let mut bytes = fs::read(&file).expect("read");
            let last = bytes.len() - 1;
            bytes[last] ^= 0xff;
            fs::write(&file, bytes).expect("corrupt it");
        }
        let mut r = Recovery::in_dir(rec.clone());
        let set_aside = r.scan();
        assert_eq!(set_aside.len(), 1, "{set_aside:?}");
        assert!(
            set_aside[0].reason.contains("checksum"),
            "{}",
            set_aside[0].reason
        );
        assert!(set_aside[0].path.exists(), "kept, not deleted");
        assert!(r.pending().is_none(), "not offered");
        assert_eq!(scenario_file_of(&rec), vec![set_aside[0].path.clone()]);
        // The next start says nothing more about it.
        let mut again = Recovery::in_dir(rec.clone());
        assert_eq!(again.scan(), vec![]);
        assert!(again.pending().is_none());
        assert!(set_aside[0].path.exists());
    }
}
