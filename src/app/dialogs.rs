//! Native file dialogs behind a trait, so tests never open one.

use std::path::PathBuf;

/// Asks the user for files. The editor only talks to this trait.
pub trait FileDialogs {
    /// A scenario to open.
    fn open_scenario(&mut self) -> Option<PathBuf>;
    /// Where to save a scenario; `suggested` is a file name.
    fn save_scenario(&mut self, suggested: &str) -> Option<PathBuf>;
    /// Where to export prints: `extension` is `png` or `pdf`.
    fn export(&mut self, suggested: &str, extension: &str) -> Option<PathBuf>;
    /// A background image (PNG or JPEG).
    fn open_image(&mut self) -> Option<PathBuf>;
}

/// The platform's dialogs, through rfd (XDG portal on Linux; no GTK at build time).
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn open_scenario(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Open scenario")
            .add_filter("Sandtable scenario", &["sandtable", "json"])
            .add_filter("All files", &["*"])
            .pick_file()
    }

    fn save_scenario(&mut self, suggested: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Save scenario")
            .set_file_name(suggested)
            .add_filter("Sandtable scenario", &["sandtable"])
            .add_filter("JSON (text)", &["json"])
            .save_file()
    }

    fn export(&mut self, suggested: &str, extension: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Export")
            .set_file_name(suggested)
            .add_filter(extension.to_uppercase(), &[extension])
            .save_file()
    }

    fn open_image(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Background image")
            .add_filter("Images", &["png", "jpg", "jpeg"])
            .pick_file()
    }
}

/// Dialogs that answer from a script: each call takes the next answer for its kind. For tests
/// and headless runs.
#[derive(Default, Debug, Clone)]
pub struct ScriptedDialogs {
    pub open: Vec<PathBuf>,
    pub save: Vec<PathBuf>,
    pub export: Vec<PathBuf>,
    pub image: Vec<PathBuf>,
}

impl FileDialogs for ScriptedDialogs {
    fn open_scenario(&mut self) -> Option<PathBuf> {
        (!self.open.is_empty()).then(|| self.open.remove(0))
    }
    fn save_scenario(&mut self, _: &str) -> Option<PathBuf> {
        (!self.save.is_empty()).then(|| self.save.remove(0))
    }
    fn export(&mut self, _: &str, _: &str) -> Option<PathBuf> {
        (!self.export.is_empty()).then(|| self.export.remove(0))
    }
    fn open_image(&mut self) -> Option<PathBuf> {
        (!self.image.is_empty()).then(|| self.image.remove(0))
    }
}
