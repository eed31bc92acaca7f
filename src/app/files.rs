//! Files: new, open, save, save as, the unsaved-changes question, autosave and recovery, files
//! dropped on the window and background images.

use super::App;
use super::command::{Answer, Guarded, Purpose};
use super::dialogs::{FileDialogs, Pick};
use super::notices::Level;
use super::path_prompt::PathPrompt;
use crate::edit::{Document, Edit};
use crate::io;
use crate::io::recovery::{Recovery, RecoveryInfo};
use crate::model::Scenario;
use egui::RichText;
use std::path::{Path, PathBuf};

/// Autosave interval while there are unsaved changes, in seconds.
pub const AUTOSAVE_SECS: f64 = 60.0;

/// What the editor keeps about files: how it asks for them, where it autosaves, and the
/// questions waiting for an answer.
pub(super) struct Files {
    pub dialogs: Box<dyn FileDialogs>,
    pub recovery: Recovery,
    /// A path being typed in the editor's own prompt (no file dialog could be shown).
    pub prompt: Option<PathPrompt>,
    /// Unsaved work of an editor that ended abruptly, offered at start.
    pub recovery_offer: Option<RecoveryInfo>,
    /// Recovery files that could not be read and were set aside, said once at start.
    pub set_aside_note: Option<String>,
    /// An action waiting for the answer to "save your changes first?".
    pub unsaved_question: Option<Guarded>,
    pub last_autosave: f64,
    pub autosaved_changes: u64,
    /// The user chose to quit with unsaved changes: the window may close.
    pub allow_close: bool,
}

impl Files {
    pub fn new(dialogs: Box<dyn FileDialogs>, mut recovery: Recovery) -> Files {
        let set_aside = recovery.scan();
        let set_aside_note = (!set_aside.is_empty()).then(|| {
            let files: Vec<String> = set_aside
                .iter()
                .map(|s| format!("{} ({})", s.path.display(), s.reason))
                .collect();
            format!(
                "A recovery file could not be read and was set aside: {}",
                files.join("; ")
            )
        });
        let recovery_offer = recovery.pending();
        Files {
            dialogs,
            recovery,
            recovery_offer,
            set_aside_note,
            prompt: None,
            unsaved_question: None,
            last_autosave: 0.0,
            autosaved_changes: 0,
            allow_close: false,
        }
    }
}

impl App {
    /// Replaces the open document (after any unsaved-changes question was answered).
    pub(super) fn replace_document(&mut self, doc: Document) {
        self.doc = doc;
        // What the bar said was about the document replaced, and so were the notices: its
        // successes, its refusals and its failures (a file that would not open, with the
        // sample open instead; a save that failed) are stale once another document is open.
        // A failure of this frame stays: it is about how this document came to be open.
        self.status.clear();
        let now = self.now;
        self.notices
            .shown
            .retain(|n| n.level == super::notices::Level::Error && n.at >= now);
        self.selection.clear();
        self.tool = super::tools::Tool::Select;
        self.canvas = Default::default();
        self.layers = Default::default();
        self.rules.reset();
        self.panels.problems.forget();
        self.export.forget_previews();
        self.files.autosaved_changes = 0;
        self.prune_selection();
        self.open_in_its_activity();
    }

    /// Runs `action` now, or after asking about unsaved changes.
    pub(super) fn guarded(&mut self, action: Guarded) {
        if self.doc.is_dirty() {
            self.files.unsaved_question = Some(action);
        } else {
            self.run_guarded(action);
        }
    }

    fn run_guarded(&mut self, action: Guarded) {
        match action {
            Guarded::NewTable => {
                self.replace_document(Document::new(
                    Scenario::new_table("Untitled table").with_starter_terrain(),
                    None,
                ));
                self.files.recovery.clear();
                self.status = "New free-measure table: drag units and terrain from the palette \
                               onto it"
                    .into();
            }
            Guarded::NewHex => {
                self.replace_document(Document::new(
                    Scenario::new_hex("Untitled hex map").with_starter_terrain(),
                    None,
                ));
                self.files.recovery.clear();
                self.status = "New hex map: paint terrain with a brush from the palette, drag \
                               units onto it"
                    .into();
            }
            Guarded::Open(Some(path)) => self.open_path(&path),
            Guarded::Open(None) => match self.files.dialogs.open_scenario() {
                Pick::Chosen(p) => self.open_path(&p),
                Pick::Cancelled => {}
                Pick::Unavailable => self.prompt_path(Purpose::Open, ""),
            },
            Guarded::ImportTiled(Some(path)) => self.import_tiled_path(&path),
            Guarded::ImportTiled(None) => match self.files.dialogs.open_tiled() {
                Pick::Chosen(p) => self.import_tiled_path(&p),
                Pick::Cancelled => {}
                Pick::Unavailable => self.prompt_path(Purpose::Tiled, ""),
            },
            Guarded::OpenSample(name) => match crate::samples::by_name(name).map(|s| (s, s.load()))
            {
                Some((sample, Ok(scenario))) => {
                    self.replace_document(Document::new(scenario, None));
                    self.files.recovery.clear();
                    self.status = format!("Opened the sample {name} ({})", sample.source);
                }
                Some((_, Err(e))) => self.notify(true, format!("{e}: {}", e.source)),
                None => self.status = format!("No sample is called {name}"),
            },
            Guarded::Recover => self.recover(),
            Guarded::Quit => {
                self.files.allow_close = true;
                self.files.recovery.clear();
            }
        }
    }

    /// Carries out the answer to "save your changes first?".
    pub(super) fn answer_unsaved(&mut self, ctx: &egui::Context, answer: Answer) {
        let Some(action) = self.files.unsaved_question.take() else {
            return;
        };
        let go = match answer {
            // Saving may need a path typed in the editor's prompt: the action then waits for it.
            Answer::Save => self.save_then(Some(action.clone())),
            Answer::DontSave => true,
            Answer::Cancel => false,
        };
        if go {
            let quit = action == Guarded::Quit;
            self.run_guarded(action);
            if quit {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    fn recover(&mut self) {
        match self.files.recovery.take_pending() {
            Ok((s, info)) => {
                let mut doc = Document::new(Scenario::new_table(""), info.original);
                // The recovered scenario is unsaved work: one undoable step from empty.
                let _ = doc.apply(
                    "Recover unsaved work",
                    vec![Edit::ReplaceScenario(Box::new(s))],
                );
                self.replace_document(doc);
                // Already this editor's recovery copy: no need to write it again at once.
                self.files.autosaved_changes = self.doc.changes();
                self.notify(false, "Recovered unsaved work".into());
            }
            Err(e) => self.notify(true, format!("Could not recover: {e}")),
        }
        self.files.recovery_offer = self.files.recovery.pending();
    }

    /// Carries out the answer to the recovery offer: recover (after the unsaved-changes
    /// question) or discard.
    pub(super) fn answer_recovery(&mut self, recover: bool) {
        if recover {
            // Recovering moves the offer on to the next claimed work, if any.
            self.guarded(Guarded::Recover);
        } else {
            self.files.recovery.discard();
            self.files.recovery_offer = self.files.recovery.pending();
        }
    }

    /// Opens a scenario file, reporting failure in the status bar (the current document stays).
    pub fn open_path(&mut self, path: &Path) {
        // Kept absolute, so saving and recovery still name this file from any folder.
        let path = &io::recovery::absolute(path);
        match io::load_mended(path) {
            Ok(loaded) => {
                let mended = mended_note(&loaded.repairs);
                self.replace_document(Document::mended(
                    loaded.scenario,
                    Some(path.to_path_buf()),
                    loaded.repairs,
                ));
                self.settings.remember(path.to_path_buf());
                self.files.recovery.clear();
                match mended {
                    Some(note) => {
                        self.notify(false, format!("Opened {}: {note}", path.display()));
                        self.settings.show_problems = true;
                    }
                    None => self.notify(false, format!("Opened {}", path.display())),
                }
            }
            Err(e) => self.notify(true, format!("Could not open {}: {e}", path.display())),
        }
    }

    /// Saves to the document's path, or asks for one.
    pub fn save(&mut self) -> bool {
        self.save_then(None)
    }

    /// Saves, asking for a path when there is none; `then` is the action waiting for the save,
    /// carried out by the path prompt when one must be typed. `true` when saved now.
    fn save_then(&mut self, then: Option<Guarded>) -> bool {
        match self.doc.path.clone() {
            Some(p) => self.save_to(&p),
            None => self.save_as_then(then),
        }
    }

    pub fn save_as(&mut self) -> bool {
        self.save_as_then(None)
    }

    fn save_as_then(&mut self, then: Option<Guarded>) -> bool {
        let name = format!("{}.sandtable", file_stem(&self.doc.scenario().meta.title));
        match self.files.dialogs.save_scenario(&name) {
            Pick::Chosen(p) => self.save_to(&p),
            Pick::Cancelled => false,
            Pick::Unavailable => {
                self.prompt_path(Purpose::SaveAs { then }, &name);
                false
            }
        }
    }

    /// Opens the editor's own path prompt, starting in the open file's directory (else the
    /// working one) with `name` typed.
    pub(super) fn prompt_path(&mut self, purpose: Purpose, name: &str) {
        let dir = self
            .doc
            .path
            .as_ref()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .map_or(String::new(), |d| {
                let d = d.display().to_string();
                if d.ends_with('/') { d } else { format!("{d}/") }
            });
        self.files.prompt = Some(PathPrompt::new(purpose, format!("{dir}{name}")));
    }

    /// Carries on with a path typed in the prompt.
    pub(super) fn path_chosen(&mut self, ctx: &egui::Context, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::Open => self.open_path(&path),
            Purpose::SaveAs { then } => {
                if self.save_to(&path)
                    && let Some(action) = then
                {
                    let quit = action == Guarded::Quit;
                    self.run_guarded(action);
                    if quit {
                        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                }
            }
            Purpose::Export { .. } => {
                self.status = self.export.start_to(self.doc.scenario(), path);
            }
            Purpose::Image => self.background_from(&path),
            Purpose::Tiled => self.guarded(Guarded::ImportTiled(Some(path))),
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let path = &io::recovery::absolute(path);
        match io::save(path, self.doc.scenario()) {
            Ok(()) => {
                self.doc.mark_saved(Some(path.to_path_buf()));
                // What loading mended is no longer reported once saved.
                self.panels.problems.forget();
                self.settings.remember(path.to_path_buf());
                self.files.recovery.clear();
                // A value the table refused is still in its cell, in red: it was not saved.
                let refused = match &self.panels.oob_table.message {
                    Some(why) => {
                        format!(" (not saved: the value the order of battle table refused, {why})")
                    }
                    None => String::new(),
                };
                self.notify(false, format!("Saved {}{refused}", path.display()));
                true
            }
            Err(e) => {
                self.notify(true, format!("Not saved to {}: {e}", path.display()));
                false
            }
        }
    }

    /// Handles a file dropped on the window: a scenario opens, an image becomes the background.
    pub fn dropped(&mut self, file: &dyn egui::DroppedFile) {
        let path = file.path();
        let from_path = !path.as_os_str().is_empty();
        let bytes = if from_path {
            read_limited(path)
        } else {
            file.bytes()
                .map_err(|e| format!("Cannot read the dropped file: {e}"))
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                self.notify(true, e);
                return;
            }
        };
        if io::codec::sniff(&bytes).is_ok() {
            if from_path {
                self.guarded(Guarded::Open(Some(path.to_path_buf())));
            } else {
                match io::decode_mended(&bytes) {
                    Ok(loaded) => self.guarded_replace(loaded),
                    Err(e) => self.notify(true, format!("Could not open the dropped file: {e}")),
                }
            }
            return;
        }
        self.set_background(bytes);
    }

    fn guarded_replace(&mut self, loaded: io::Loaded) {
        if self.doc.is_dirty() {
            self.notify(
                true,
                "Save or discard your changes first, then drop the file again".into(),
            );
        } else {
            let note = mended_note(&loaded.repairs);
            self.replace_document(Document::mended(loaded.scenario, None, loaded.repairs));
            if let Some(note) = note {
                self.notify(false, format!("Opened the dropped file: {note}"));
                self.settings.show_problems = true;
            }
        }
    }

    /// File > Background image: asks for an image and makes it the background.
    pub(super) fn choose_background(&mut self) {
        match self.files.dialogs.open_image() {
            Pick::Chosen(p) => self.background_from(&p),
            Pick::Cancelled => self.calibrate_when_image_set = false,
            Pick::Unavailable => self.prompt_path(Purpose::Image, ""),
        }
    }

    fn background_from(&mut self, path: &Path) {
        match read_limited(path) {
            Ok(b) => self.set_background(b),
            Err(e) => self.notify(true, e),
        }
    }

    /// Makes encoded image bytes the map's background (one undoable step).
    pub fn set_background(&mut self, bytes: Vec<u8>) {
        match io::image::background_from_bytes(bytes) {
            Ok(bg) => {
                let (w, h) = (bg.width_px, bg.height_px);
                self.apply_change(
                    super::command::Change::new(
                        "Set background image",
                        vec![Edit::SetBackground(Some(Box::new(bg)))],
                    )
                    .saying(format!(
                        "Background image set ({w} x {h} pixels), stretched over the map"
                    )),
                );
                if std::mem::take(&mut self.calibrate_when_image_set) {
                    self.set_tool(super::tools::Tool::Calibrate);
                }
            }
            Err(e) => self.notify(true, format!("Not a usable background image: {e}")),
        }
    }

    /// Writes the recovery file once an interval while there are unsaved changes.
    pub(super) fn autosave(&mut self, now: f64) {
        let f = &mut self.files;
        if !self.doc.is_dirty() {
            f.last_autosave = now;
            return;
        }
        if now - f.last_autosave < AUTOSAVE_SECS || f.autosaved_changes == self.doc.changes() {
            return;
        }
        f.last_autosave = now;
        match f
            .recovery
            .write(self.doc.scenario(), self.doc.path.as_deref())
        {
            Ok(()) => f.autosaved_changes = self.doc.changes(),
            Err(e) => {
                let text = format!("Autosave failed: {e}");
                self.notices
                    .push(Level::Error, text.clone(), now, self.doc.changes());
                self.status = text;
            }
        }
    }

    /// Writes the recovery file now (tests, and the autosave timer).
    pub fn autosave_now(&mut self) {
        self.files.last_autosave = f64::NEG_INFINITY;
        self.files.autosaved_changes = u64::MAX;
        self.autosave(0.0);
    }

    /// The keys while a dialog over the editor asks something (unsaved changes, recovering the
    /// last session's work, a path typed for want of a file dialog, a Tiled map's terrain or
    /// its reading): `None` when none does. The dialog has the keyboard: its buttons take Tab,
    /// Enter and Space, Escape answers Cancel where it has one, and no other key reaches the
    /// map behind it (a letter typed there must not rotate the selection).
    pub(super) fn dialog_keys(&self, ui: &mut egui::Ui) -> Option<super::command::Commands> {
        use super::command::Command;
        let modal = ui.ctx().memory(|m| m.top_modal_layer()).is_some();
        let asking = self.files.unsaved_question.is_some()
            || self.files.prompt.is_some()
            || self.files.recovery_offer.is_some()
            || self.tiled_import.is_some()
            || self.reading_tiled();
        if !(modal || asking) {
            return None;
        }
        let mut out = super::command::Commands::default();
        // Enter gives the unsaved-changes question its first answer, Save, as a desktop's
        // default button does; a button the keyboard has focused answers Enter itself.
        if self.files.unsaved_question.is_some()
            && ui.ctx().memory(|m| m.focused()).is_none()
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
        {
            out.push(Command::AnswerUnsaved(Answer::Save));
            return Some(out);
        }
        let escape = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        if escape && egui::Popup::is_any_open(ui.ctx()) {
            // A list open in the dialog (a tile's *Choose*): Escape closes the list only, and
            // the dialog keeps what was chosen.
            egui::Popup::close_all(ui.ctx());
        } else if escape {
            if self.files.unsaved_question.is_some() {
                out.push(Command::AnswerUnsaved(Answer::Cancel));
            } else if self.files.prompt.is_some() {
                // The prompt for a path (no file dialog here) is let go, as Cancel does.
                out.push(Command::Cancel);
            } else if self.tiled_import.is_some() {
                out.push(Command::ImportTiledCancel);
            } else if self.reading_tiled() {
                out.push(Command::CancelTiledReading);
            }
        }
        Some(out)
    }

    /// The questions about files: unsaved changes, and recovering the last session's work.
    pub(super) fn file_modals_ui(&self, ctx: &egui::Context) -> super::command::Commands {
        use super::command::Command;
        let mut out = super::command::Commands::default();
        if let Some(action) = &self.files.unsaved_question {
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                // Named as the user knows it: by its file once it has one.
                let name = self
                    .doc
                    .path
                    .as_ref()
                    .and_then(|p| p.file_name())
                    .map_or_else(
                        || self.doc.scenario().meta.title.clone(),
                        |f| f.to_string_lossy().into_owned(),
                    );
                ui.label(format!(
                    "'{name}' has changes that are not saved. Save them before {}?",
                    action.verb()
                ));
                ui.horizontal(|ui| {
                    for (text, answer) in [
                        ("Save", Answer::Save),
                        ("Don't save", Answer::DontSave),
                        ("Cancel", Answer::Cancel),
                    ] {
                        // Save, the answer Enter gives, stands out as the default.
                        let label = match answer {
                            Answer::Save => RichText::new(text).strong(),
                            _ => RichText::new(text),
                        };
                        if ui.button(label).clicked() {
                            out.push(Command::AnswerUnsaved(answer));
                        }
                    }
                });
                ui.label(RichText::new("Enter saves; Escape cancels.").small().weak());
            });
        }
        if let Some(info) = &self.files.recovery_offer {
            egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
                ui.heading("Recover unsaved work?");
                ui.label(format!(
                    "The last session ended with unsaved changes to '{}'{}.",
                    info.title,
                    info.original
                        .as_ref()
                        .map_or(String::new(), |p| format!(" ({})", p.display()))
                ));
                ui.horizontal(|ui| {
                    if ui.button("Recover").clicked() {
                        out.push(Command::RecoverOffer(true));
                    }
                    if ui.button("Discard").clicked() {
                        out.push(Command::RecoverOffer(false));
                    }
                });
            });
        }
        out
    }
}

/// A file name for a scenario title: letters, digits, `-` and `_`, lower case.
pub(super) fn file_stem(title: &str) -> String {
    let mut s = String::new();
    // An apostrophe joins a word ("Wilkinson's" gives "wilkinsons", not "wilkinson-s").
    for c in title.chars().filter(|c| !matches!(c, '\'' | '’')) {
        let c = if c.is_alphanumeric() || c == '-' || c == '_' {
            c
        } else {
            '-'
        };
        // "Winceby, 11 October 1643" gives one dash between words, not two.
        if !(c == '-' && s.ends_with('-')) {
            s.push(c);
        }
    }
    let s = s.trim_matches('-').to_lowercase();
    if s.is_empty() { "scenario".into() } else { s }
}

/// The file name offered for an export: the title, the side a handout is for (so one side's
/// sheet is never taken for the other's), what is printed (`sheet`, `tiles`; none for a Tiled
/// map), the extension.
pub(super) fn export_name(
    scenario: &crate::model::Scenario,
    side: Option<crate::model::SideId>,
    what: Option<&str>,
    ext: &str,
) -> String {
    let mut name = file_stem(&scenario.meta.title);
    if let Some(s) = side.and_then(|id| scenario.side(id)) {
        name = format!("{name}-{}", file_stem(&s.name));
    }
    if let Some(w) = what {
        name = format!("{name}-{w}");
    }
    format!("{name}.{ext}")
}

/// Reads a dropped or chosen file, refusing anything larger than any file the editor takes.
fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let limit = io::codec::MAX_FILE_BYTES.max(io::image::MAX_IMAGE_BYTES as u64);
    let f =
        std::fs::File::open(path).map_err(|e| format!("Cannot read {}: {e}", path.display()))?;
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    if size > limit {
        return Err(format!(
            "{} is {size} bytes, over the {limit}-byte limit",
            path.display()
        ));
    }
    let mut bytes = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("Cannot read {}: {e}", path.display()))?;
    Ok(bytes)
}

/// What a notice says when loading mended a file: how many links were set aside (the problems
/// list names each), and whether `next_id` was raised. `None` when nothing was mended.
fn mended_note(repairs: &[crate::model::Repair]) -> Option<String> {
    if repairs.is_empty() {
        return None;
    }
    let links = repairs.iter().filter(|r| r.is_error()).count();
    let mut parts = Vec::new();
    if links > 0 {
        parts.push(format!(
            "{} set aside (see Problems)",
            crate::model::count(links as u64, "broken leader link", "broken leader links")
        ));
    }
    if links < repairs.len() {
        parts.push("next_id raised".to_string());
    }
    Some(parts.join("; "))
}

#[cfg(test)]
mod names {
    use super::*;

    #[test]
    fn a_handout_is_named_after_its_side_with_single_dashes() {
        let s = crate::samples::named("winceby");
        let royalists = s.sides[1].id;
        assert_eq!(
            export_name(&s, None, Some("sheet"), "png"),
            "winceby-11-october-1643-sheet.png"
        );
        assert_eq!(
            export_name(&s, Some(royalists), Some("sheet"), "pdf"),
            "winceby-11-october-1643-royalists-sheet.pdf"
        );
        assert_eq!(
            export_name(&s, None, None, "tmx"),
            "winceby-11-october-1643.tmx"
        );
        assert_eq!(file_stem("  ?? "), "scenario");
        assert_eq!(
            file_stem("Wilkinson's Field Force"),
            "wilkinsons-field-force"
        );
    }
}
