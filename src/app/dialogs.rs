//! Native file dialogs behind a trait, so tests never open one, and so the editor knows when
//! none can be shown (no desktop portal and no zenity) and asks for the path itself.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a file dialog came back with.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    Chosen(PathBuf),
    Cancelled,
    /// No dialog could be shown: the editor asks in a window of its own.
    Unavailable,
}

/// Asks the user for files. The editor only talks to this trait.
pub trait FileDialogs {
    /// A scenario to open.
    fn open_scenario(&mut self) -> Pick;
    /// Where to save a scenario; `suggested` is a file name.
    fn save_scenario(&mut self, suggested: &str) -> Pick;
    /// Where to export prints: `extension` is `png` or `pdf`.
    fn export(&mut self, suggested: &str, extension: &str) -> Pick;
    /// A background image (PNG or JPEG).
    fn open_image(&mut self) -> Pick;
    /// A Tiled map to import (.tmx or .tmj).
    fn open_tiled(&mut self) -> Pick;
}

/// The platform's dialogs, through rfd (XDG portal on Linux, zenity when there is none; no GTK
/// at build time). rfd answers "nothing chosen" both when the user cancels and when neither
/// can be shown, so a dialog that answers faster than anyone could cancel is taken for one that
/// never opened; after that the editor asks for paths itself for the rest of the session.
#[derive(Default)]
pub struct NativeDialogs {
    unavailable: bool,
}

/// An answer quicker than this was no person's: the dialog never showed.
const FASTEST_CANCEL: Duration = Duration::from_millis(250);

impl NativeDialogs {
    fn run(&mut self, dialog: impl FnOnce() -> Option<PathBuf>) -> Pick {
        if self.unavailable || !could_show_a_dialog() {
            self.unavailable = true;
            return Pick::Unavailable;
        }
        let start = Instant::now();
        match dialog() {
            Some(p) => Pick::Chosen(p),
            None if start.elapsed() < FASTEST_CANCEL => {
                self.unavailable = true;
                Pick::Unavailable
            }
            None => Pick::Cancelled,
        }
    }
}

/// Whether rfd has anything to show a dialog with: a session bus (for the desktop portal) or
/// zenity on the PATH. Neither is certain to work, but without both nothing can.
fn could_show_a_dialog() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("zenity").is_file()));
    bus || zenity
}

impl FileDialogs for NativeDialogs {
    fn open_scenario(&mut self) -> Pick {
        self.run(|| {
            rfd::FileDialog::new()
                .set_title("Open scenario")
                .add_filter("Sandtable scenario", &["sandtable", "json"])
                .add_filter("All files", &["*"])
                .pick_file()
        })
    }

    fn save_scenario(&mut self, suggested: &str) -> Pick {
        self.run(|| {
            rfd::FileDialog::new()
                .set_title("Save scenario")
                .set_file_name(suggested)
                .add_filter("Sandtable scenario", &["sandtable"])
                .add_filter("JSON (text)", &["json"])
                .save_file()
        })
    }

    fn export(&mut self, suggested: &str, extension: &str) -> Pick {
        self.run(|| {
            rfd::FileDialog::new()
                .set_title("Export")
                .set_file_name(suggested)
                .add_filter(extension.to_uppercase(), &[extension])
                .save_file()
        })
    }

    fn open_image(&mut self) -> Pick {
        self.run(|| {
            rfd::FileDialog::new()
                .set_title("Background image")
                .add_filter("Images", &["png", "jpg", "jpeg"])
                .pick_file()
        })
    }

    fn open_tiled(&mut self) -> Pick {
        self.run(|| {
            rfd::FileDialog::new()
                .set_title("Import Tiled map")
                .add_filter("Tiled map", &["tmx", "tmj"])
                .pick_file()
        })
    }
}

/// Dialogs that answer from a script: each call takes the next answer for its kind (none left:
/// cancelled). With `unavailable`, every dialog fails to show, as on a machine with no portal
/// and no zenity. For tests and headless runs.
#[derive(Default, Debug, Clone)]
pub struct ScriptedDialogs {
    pub open: Vec<PathBuf>,
    pub save: Vec<PathBuf>,
    pub export: Vec<PathBuf>,
    pub image: Vec<PathBuf>,
    pub tiled: Vec<PathBuf>,
    pub unavailable: bool,
}

impl ScriptedDialogs {
    fn next(unavailable: bool, answers: &mut Vec<PathBuf>) -> Pick {
        if unavailable {
            Pick::Unavailable
        } else if answers.is_empty() {
            Pick::Cancelled
        } else {
            Pick::Chosen(answers.remove(0))
        }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn open_scenario(&mut self) -> Pick {
        Self::next(self.unavailable, &mut self.open)
    }
    fn save_scenario(&mut self, _: &str) -> Pick {
        Self::next(self.unavailable, &mut self.save)
    }
    fn export(&mut self, _: &str, _: &str) -> Pick {
        Self::next(self.unavailable, &mut self.export)
    }
    fn open_image(&mut self) -> Pick {
        Self::next(self.unavailable, &mut self.image)
    }
    fn open_tiled(&mut self) -> Pick {
        Self::next(self.unavailable, &mut self.tiled)
    }
}
