//! Asking for a path in the editor's own window, when no file dialog can be shown (no desktop
//! portal and no zenity: a bare X server, a minimal desktop). The field completes directories
//! and matching files as a shell does (Tab, or a click on a suggestion), checks the path before
//! it is used, and says what is wrong with it beside the field.

use super::command::{Command, Commands, Purpose};
use super::typed::select_all;
use egui::{Key, RichText, Ui};
use std::path::{MAIN_SEPARATOR, Path, PathBuf};

impl Purpose {
    fn title(&self) -> &'static str {
        match self {
            Purpose::Open => "Open scenario",
            Purpose::SaveAs { .. } => "Save scenario as",
            Purpose::Export { .. } => "Export to",
            Purpose::Image => "Background image",
            Purpose::Tiled => "Import Tiled map",
        }
    }

    fn verb(&self) -> &'static str {
        match self {
            Purpose::Open => "Open",
            Purpose::SaveAs { .. } => "Save",
            Purpose::Export { .. } => "Export",
            Purpose::Image => "Use image",
            Purpose::Tiled => "Import",
        }
    }

    /// The file endings offered as suggestions (directories always are).
    fn extensions(&self) -> &'static [&'static str] {
        match self {
            Purpose::Open | Purpose::SaveAs { .. } => &["sandtable", "json"],
            Purpose::Export { extension: "pdf" } => &["pdf"],
            Purpose::Export { extension: "tmx" } => &["tmx"],
            Purpose::Export { .. } => &["png"],
            Purpose::Image => &["png", "jpg", "jpeg"],
            Purpose::Tiled => &["tmx", "tmj"],
        }
    }

    /// Whether the path names a file that must already exist (else one to be written).
    fn reads(&self) -> bool {
        matches!(self, Purpose::Open | Purpose::Image | Purpose::Tiled)
    }
}

/// The path being typed, and what is wrong with it.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    pub purpose: Purpose,
    pub text: String,
    pub error: Option<String>,
    /// The field has been given the keyboard.
    focused: bool,
}

/// At most this many directory entries are read for suggestions, and shown.
const MAX_ENTRIES_READ: usize = 5000;
const MAX_SHOWN: usize = 12;

/// One suggestion: the whole path it completes to, and whether it is a directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub path: String,
    pub dir: bool,
}

/// The entries of the directory `text` names (up to its last separator) whose names begin with
/// what follows it: directories first, then files with one of `extensions`, each by name.
/// Hidden entries only when the typed part starts with a dot.
pub fn suggestions(text: &str, extensions: &[&str]) -> Vec<Suggestion> {
    let (dir, part) = match text.rfind(['/', MAIN_SEPARATOR]) {
        Some(i) => (&text[..=i], &text[i + 1..]),
        None => ("", text),
    };
    let read_from = if dir.is_empty() {
        Path::new(".")
    } else {
        Path::new(dir)
    };
    let Ok(entries) = std::fs::read_dir(read_from) else {
        return Vec::new();
    };
    let mut found: Vec<Suggestion> = entries
        .take(MAX_ENTRIES_READ)
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            if !name.starts_with(part) || (name.starts_with('.') && !part.starts_with('.')) {
                return None;
            }
            let is_dir = e.path().is_dir();
            let fits = is_dir
                || Path::new(&name)
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| extensions.iter().any(|e| e.eq_ignore_ascii_case(x)));
            fits.then(|| Suggestion {
                path: format!("{dir}{name}{}", if is_dir { "/" } else { "" }),
                dir: is_dir,
            })
        })
        .collect();
    found.sort_by(|a, b| b.dir.cmp(&a.dir).then_with(|| a.path.cmp(&b.path)));
    found
}

/// The longest text every suggestion begins with (what Tab completes to), if longer than
/// `text`.
pub fn completion(text: &str, found: &[Suggestion]) -> Option<String> {
    let first = &found.first()?.path;
    let mut len = first.len();
    for s in &found[1..] {
        len = len.min(
            first
                .char_indices()
                .zip(s.path.chars())
                .take_while(|((_, a), b)| a == b)
                .map(|((i, a), _)| i + a.len_utf8())
                .last()
                .unwrap_or(0),
        );
    }
    let common = &first[..len];
    (common.len() > text.len()).then(|| common.to_string())
}

/// The path to use for `text`, or what is wrong with it: a file to read must exist; one to
/// write must be in an existing directory and not be a directory, and gets `extension` when it
/// has none. A leading `~/` is the home directory.
pub fn checked(purpose: &Purpose, text: &str) -> Result<PathBuf, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type a path".into());
    }
    let mut path = match (text.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    };
    if path.is_dir() {
        return Err(format!(
            "{} is a directory: add a file name",
            path.display()
        ));
    }
    if purpose.reads() {
        if !path.is_file() {
            return Err(format!("There is no file {}", path.display()));
        }
        return Ok(path);
    }
    if path.extension().is_none() {
        let ext = match purpose {
            Purpose::Export { extension } => extension,
            _ => "sandtable",
        };
        path.set_extension(ext);
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(p) = parent
        && !p.is_dir()
    {
        return Err(format!("There is no directory {}", p.display()));
    }
    Ok(path)
}

impl PathPrompt {
    /// A prompt for `purpose`, starting from `start` (a directory ending in a separator, or a
    /// suggested file).
    pub fn new(purpose: Purpose, start: String) -> PathPrompt {
        PathPrompt {
            purpose,
            text: start,
            error: None,
            focused: false,
        }
    }

    /// Draws the prompt as a modal window; `close` is set when it is done with (a path chosen
    /// or cancelled).
    pub fn ui(&mut self, ctx: &egui::Context, close: &mut bool) -> Commands {
        let mut out = Commands::default();
        let modal = egui::Modal::new(egui::Id::unique("path-prompt")).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.heading(self.purpose.title());
            // In the text's own colour, not faded: how to use the prompt is read first.
            ui.label(
                "No file dialog can be shown on this desktop (no portal and no zenity): type the \
                 path. Tab completes it.",
            );
            out.extend(self.field_ui(ui, close));
        });
        if modal.should_close() {
            *close = true;
        }
        out
    }

    fn field_ui(&mut self, ui: &mut Ui, close: &mut bool) -> Commands {
        let mut out = Commands::default();
        let found = suggestions(&self.text, self.purpose.extensions());
        // Tab completes instead of moving the keyboard on, while the field has it.
        let field_id = egui::Id::unique("path-prompt-field");
        let has_focus = ui.memory(|m| m.has_focus(field_id));
        if has_focus && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Tab)) {
            if let Some(c) = completion(&self.text, &found) {
                self.text = c;
            } else if let [only] = &found[..] {
                self.text.clone_from(&only.path);
            }
            move_cursor_to_end(ui, field_id, &self.text);
        }
        let field = ui.add(
            egui::TextEdit::singleline(&mut self.text)
                .id(field_id)
                .lock_focus(true)
                .desired_width(f32::INFINITY)
                .hint_text("/path/to/file"),
        );
        let field = field.accessible_name("Path");
        if !self.focused {
            // What is offered is selected: typing replaces it, End or an arrow keeps it.
            field.request_focus();
            select_all(ui, field_id, &self.text);
            self.focused = true;
        }
        if field.changed() {
            self.error = None;
        }
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        egui::ScrollArea::vertical()
            .max_height(220.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for s in found.iter().take(MAX_SHOWN) {
                    let name = s
                        .path
                        .trim_end_matches('/')
                        .rsplit('/')
                        .next()
                        .unwrap_or(&s.path);
                    let shown = if s.dir {
                        format!("{name}/")
                    } else {
                        name.to_string()
                    };
                    if ui.selectable_label(false, shown).clicked() {
                        self.text.clone_from(&s.path);
                        self.error = None;
                        ui.memory_mut(|m| m.request_focus(field_id));
                        move_cursor_to_end(ui, field_id, &self.text);
                    }
                }
                if found.len() > MAX_SHOWN {
                    ui.label(
                        RichText::new(format!("… and {} more", found.len() - MAX_SHOWN)).weak(),
                    );
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            let go = ui.button(self.purpose.verb()).clicked() || entered;
            if ui.button("Cancel").clicked() {
                *close = true;
            }
            if go {
                match checked(&self.purpose, &self.text) {
                    Ok(path) => {
                        out.push(Command::PathChosen(self.purpose.clone(), path));
                        *close = true;
                    }
                    Err(e) => {
                        self.error = Some(e);
                        ui.memory_mut(|m| m.request_focus(field_id));
                    }
                }
            }
        });
        out
    }
}

fn move_cursor_to_end(ui: &Ui, id: egui::Id, text: &str) {
    if let Some(mut state) = egui::TextEdit::load_state(ui.ctx(), id) {
        let end = egui::text::CCursor::new(text.chars().count());
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::one(end)));
        state.store(ui.ctx(), id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> tempfile::TempDir {
        let d = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(d.path().join("scenarios")).expect("dir");
        std::fs::create_dir(d.path().join("screens")).expect("dir");
        std::fs::write(d.path().join("scenarios/winceby.sandtable"), b"x").expect("file");
        std::fs::write(d.path().join("scenarios/notes.txt"), b"x").expect("file");
        std::fs::write(d.path().join("scenarios/.hidden.sandtable"), b"x").expect("file");
        d
    }

    #[test]
    fn suggestions_are_the_directories_and_matching_files_under_what_is_typed() {
        let d = tree();
        let root = format!("{}/", d.path().display());
        let found = suggestions(&format!("{root}sc"), &["sandtable"]);
        assert_eq!(
            found,
            vec![
                Suggestion {
                    path: format!("{root}scenarios/"),
                    dir: true
                },
                Suggestion {
                    path: format!("{root}screens/"),
                    dir: true
                },
            ]
        );
        // Tab completes what they share.
        assert_eq!(
            completion(&format!("{root}sc"), &found),
            None,
            "nothing more is shared"
        );
        let inside = suggestions(&format!("{root}scenarios/"), &["sandtable"]);
        assert_eq!(
            inside,
            vec![Suggestion {
                path: format!("{root}scenarios/winceby.sandtable"),
                dir: false
            }],
            "other endings and hidden files are left out"
        );
        assert_eq!(
            completion(&format!("{root}scenarios/w"), &inside),
            Some(format!("{root}scenarios/winceby.sandtable"))
        );
        assert_eq!(
            completion(
                &format!("{root}scr"),
                &suggestions(&format!("{root}scr"), &[])
            ),
            Some(format!("{root}screens/"))
        );
    }

    #[test]
    fn a_path_is_checked_before_it_is_used() {
        let d = tree();
        let root = d.path().display().to_string();
        let open = Purpose::Open;
        assert_eq!(
            checked(&open, &format!("{root}/scenarios/winceby.sandtable")),
            Ok(d.path().join("scenarios/winceby.sandtable"))
        );
        let missing = checked(&open, &format!("{root}/scenarios/none.sandtable"));
        assert!(missing.is_err_and(|e| e.starts_with("There is no file")));
        assert!(checked(&open, &root).is_err_and(|e| e.contains("is a directory")));
        let save = Purpose::SaveAs { then: None };
        assert_eq!(
            checked(&save, &format!("{root}/scenarios/new")),
            Ok(d.path().join("scenarios/new.sandtable")),
            "the ending is added"
        );
        let export = Purpose::Export { extension: "pdf" };
        assert_eq!(
            checked(&export, &format!("{root}/sheet")),
            Ok(d.path().join("sheet.pdf"))
        );
        assert!(
            checked(&save, &format!("{root}/nowhere/new.sandtable"))
                .is_err_and(|e| e.starts_with("There is no directory"))
        );
        assert!(checked(&save, "  ").is_err());
    }
}
