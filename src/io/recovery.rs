//! Autosave and crash recovery: while a scenario has unsaved changes it is written every
//! minute to a recovery file; the file is deleted when the scenario is saved or the editor
//! closes cleanly, so finding one at start-up means the last session ended abruptly.

use super::{LoadError, SaveError};
use crate::model::Scenario;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where recovery files live, and what they recover.
#[derive(Clone, Debug)]
pub struct Recovery {
    dir: PathBuf,
}

/// What a recovery file says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecoveryInfo {
    /// The file the scenario was last saved to, if any.
    pub original: Option<PathBuf>,
    /// Seconds since the Unix epoch when it was written.
    pub written_at: u64,
    pub title: String,
}

impl Recovery {
    /// Recovery files in `dir` (created when first written). The caller chooses the folder
    /// (the editor: its data folder), so this module knows nothing of windows.
    pub fn in_dir(dir: PathBuf) -> Recovery {
        Recovery { dir }
    }

    fn scenario_path(&self) -> PathBuf {
        self.dir.join("recovery.sandtable")
    }

    fn info_path(&self) -> PathBuf {
        self.dir.join("recovery.json")
    }

    /// Writes the recovery copy (atomically, like any save).
    pub fn write(&self, scenario: &Scenario, original: Option<&Path>) -> Result<(), SaveError> {
        std::fs::create_dir_all(&self.dir).map_err(|source| SaveError {
            path: self.dir.clone(),
            step: "creating the recovery folder",
            source,
        })?;
        super::save(&self.scenario_path(), scenario)?;
        let info = RecoveryInfo {
            original: original.map(Path::to_path_buf),
            written_at: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            title: scenario.meta.title.clone(),
        };
        let json = serde_json::to_vec_pretty(&info).unwrap_or_default();
        super::atomic_write(&self.info_path(), |f| std::io::Write::write_all(f, &json))
    }

    /// The recovery left by a session that did not end cleanly, if any.
    pub fn pending(&self) -> Option<RecoveryInfo> {
        if !self.scenario_path().exists() {
            return None;
        }
        let info = std::fs::read(self.info_path())
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok());
        Some(info.unwrap_or(RecoveryInfo {
            original: None,
            written_at: 0,
            title: String::from("(unknown)"),
        }))
    }

    /// Loads the recovered scenario.
    pub fn load(&self) -> Result<Scenario, LoadError> {
        super::load(&self.scenario_path())
    }

    /// Removes the recovery files (after a save or a clean exit, or when declined).
    pub fn clear(&self) {
        let _ = std::fs::remove_file(self.scenario_path());
        let _ = std::fs::remove_file(self.info_path());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_pending_load_clear() {
        let dir = tempfile::tempdir().expect("tempdir");
        let r = Recovery::in_dir(dir.path().join("rec"));
        assert!(r.pending().is_none());
        let s = Scenario::new_table("Lost work");
        r.write(&s, Some(Path::new("/tmp/x.sandtable")))
            .expect("write");
        let info = r.pending().expect("pending");
        assert_eq!(info.title, "Lost work");
        assert_eq!(
            info.original.as_deref(),
            Some(Path::new("/tmp/x.sandtable"))
        );
        assert_eq!(r.load().expect("load"), s);
        r.clear();
        assert!(r.pending().is_none());
    }
}
