//! The game's log, a tab of the dock below the Rules panel: every committed action with its
//! turn, phase and reasons; Take back; and stepping through the log, which shows the game on
//! the canvas as it stood after any entry (replayed from the start through the rules by
//! `game::replay`) until the player goes back to the present.
//!
//! A replay is shown by putting the present document aside and showing a read-only document
//! of the replayed position in its place, so the canvas, the Rules panel and the order of
//! battle all show that moment with no code of their own. Nothing is played or edited while it
//! is shown; saving, opening a file, leaving Play or quitting go back to the present first.

use super::App;
use super::command::{Change, Command, Commands};
use super::play::Replay;
use crate::edit::{Document, Edit};
use crate::game;
use crate::model::game::LogEntry;
use egui::{RichText, Ui};

impl App {
    /// Whether the canvas shows a replayed moment rather than the present.
    pub fn replaying(&self) -> Option<usize> {
        self.play.replay.as_ref().map(|r| r.at)
    }

    /// The game's log as it stands now (the present's, while a replay is shown).
    pub fn game_log(&self) -> &[LogEntry] {
        let doc = self.play.replay.as_ref().map_or(&self.doc, |r| &r.present);
        doc.scenario()
            .game
            .as_ref()
            .map_or(&[], |g| g.log.as_slice())
    }

    /// Shows the game as it stood after the first `n` entries of its log (all of them: the
    /// present again).
    pub(super) fn replay_to(&mut self, n: usize) {
        let of = self.game_log().len();
        if n >= of {
            return self.back_to_present();
        }
        let present = self.play.replay.as_ref().map_or(&self.doc, |r| &r.present);
        let shown = match game::replay(present.scenario(), n) {
            Ok(s) => s,
            Err(why) => return self.notify(true, format!("The log does not replay: {why}")),
        };
        let mut doc = Document::new(shown, None);
        doc.count_on_from(&self.doc);
        let old = std::mem::replace(&mut self.doc, doc);
        match &mut self.play.replay {
            Some(r) => r.at = n,
            None => {
                self.play.replay = Some(Replay {
                    at: n,
                    of,
                    present: old,
                })
            }
        }
        self.after_showing();
        self.status = match n {
            0 => format!(
                "Replay: the start of the game ({} to step through)",
                crate::model::words::count(of as u64, "entry", "entries")
            ),
            _ => format!("Replay: after entry {n} of {of}"),
        };
    }

    /// Leaves the replay: the present document is shown again.
    pub(super) fn back_to_present(&mut self) {
        if let Some(r) = self.play.replay.take() {
            let mut present = r.present;
            present.count_on_from(&self.doc);
            self.doc = present;
            self.after_showing();
            self.status = "Back to the present".into();
        }
    }

    /// After another document is shown: what was waiting on the old one goes.
    fn after_showing(&mut self) {
        self.rules.pending = None;
        self.rules.aim = None;
        self.canvas.gesture = None;
        self.prune_selection();
    }

    /// The players' note on entry `entry` of the log (an empty one removes it): kept in the
    /// file, shown with the entry, never replayed. While a replay is shown it goes on the
    /// present's log, and the replay stays.
    pub(super) fn annotate(&mut self, entry: usize, note: &str) {
        let label = format!("Note on log entry {entry}");
        self.change_game(label, |s| game::annotate(s, entry, note));
    }

    /// A bookmark after the first `after` entries of the log (an empty label removes it).
    pub(super) fn bookmark(&mut self, after: usize, label: &str) {
        let what = format!("Bookmark after log entry {after}");
        self.change_game(what, |s| game::bookmark(s, after, label));
    }

    /// Changes the present's game (a note, a bookmark) as one undo step of the present.
    fn change_game(
        &mut self,
        label: String,
        change: impl FnOnce(&crate::model::Scenario) -> Result<crate::model::Scenario, game::Refused>,
    ) {
        let present = self
            .play
            .replay
            .as_mut()
            .map_or(&mut self.doc, |r| &mut r.present);
        let next = match change(present.scenario()) {
            Ok(n) => n,
            Err(why) => return self.refuse(format!("{label} refused: {why}")),
        };
        let edits = vec![Edit::ReplaceScenario(Box::new(next))];
        if self.play.replay.is_some() {
            let present = self
                .play
                .replay
                .as_mut()
                .map_or(&mut self.doc, |r| &mut r.present);
            if let Err(why) = present.apply(&label, edits) {
                return self.refuse(format!("{label} refused: {why}"));
            }
            self.status = label;
        } else if self.apply_checked(Change::new(label.clone(), edits)) {
            self.status = label;
        }
    }

    /// Whether `c` would change the game or the scenario: refused while a replay is shown.
    pub(super) fn changes_something(c: &Command) -> bool {
        matches!(
            c,
            Command::Apply(_)
                | Command::Undo
                | Command::Redo
                | Command::GoToHistory(_)
                | Command::Cut
                | Command::Paste
                | Command::Duplicate
                | Command::Delete
                | Command::Back
                | Command::Rotate(_)
                | Command::AddTerrain
                | Command::ChooseBackground
                | Command::DropGhost(_)
                | Command::PlaceFollower { .. }
                | Command::CommitMove
                | Command::March(_)
                | Command::MarchRolled
                | Command::LeaderCheck { .. }
                | Command::ApplyTest { .. }
                | Command::RollTest { .. }
                | Command::RefereeFreeMove(_)
                | Command::RefereeValues { .. }
                | Command::Referee { .. }
                | Command::EndPhase
                | Command::EndTurn
                | Command::TakeBack
                | Command::ChangeCommand { .. }
        )
    }

    /// Whether `c` must see the present document (files, leaving Play, quitting).
    pub(super) fn needs_present(c: &Command) -> bool {
        matches!(
            c,
            Command::File(_)
                | Command::AnswerUnsaved(_)
                | Command::Save
                | Command::SaveAs
                | Command::Export
                | Command::WriteExport
                | Command::Dropped(_)
                | Command::RecoverOffer(_)
                | Command::Quit
                | Command::PathChosen(..)
                | Command::SetActivity(_)
                | Command::ToggleActivity
        )
    }

    /// The Log tab: the fingerprint of the game's start, the bookmarks, then the entries,
    /// newest last, each with its turn, phase, what happened and the players' note (its
    /// reasons on hover); a click shows the game after it, whose note can then be written.
    /// Take back, step back and on, and back to the present above them.
    pub(super) fn log_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let top = ui.cursor().top();
        let n = self.game_log().len();
        let at = self.replaying();
        let now = at.unwrap_or(n);
        // Before the first entry there is nothing to take back or step through, and the
        // turn bar already says when the game ends: the log keeps to the score and a line,
        // leaving the dock to the Rules panel, where the game is played.
        let empty = n == 0 && at.is_none();
        if !empty {
            ui.horizontal_wrapped(|ui| {
                let can_take = self.playing() && at.is_none() && n > 0;
                if ui
                    .add_enabled(can_take, egui::Button::new("Take back"))
                    .on_hover_text(
                        "undo the last entry of the log, the rules' state with it (a reaction \
                         exchange as a whole)",
                    )
                    .clicked()
                {
                    out.push(Command::TakeBack);
                }
                if ui
                    .add_enabled(now > 0, egui::Button::new("Step back"))
                    .on_hover_text("show the game one entry earlier")
                    .clicked()
                {
                    out.push(Command::ReplayTo(now - 1));
                }
                if ui
                    .add_enabled(now < n, egui::Button::new("Step on"))
                    .on_hover_text("show the game one entry later")
                    .clicked()
                {
                    out.push(Command::ReplayTo(now + 1));
                }
                if ui
                    .add_enabled(at.is_some(), egui::Button::new("Back to the present"))
                    .clicked()
                {
                    out.push(Command::BackToPresent);
                }
            });
        }
        super::score_view::log_score(ui, self.doc.scenario(), at, !empty);
        let present = self.play.replay.as_ref().map_or(&self.doc, |r| &r.present);
        let game = present.scenario().game.clone();
        if let Some(g) = &game {
            let f = g
                .fingerprint
                .as_deref()
                .unwrap_or("none (begun before format 3)");
            let short: String = f.chars().take(16).collect();
            ui.label(RichText::new(format!("Start fingerprint: {short}…")).weak())
                .on_hover_text(format!(
                    "SHA-256 of the position the game began from:\n{f}\n\nCompare it with \
                     your opponent's, or check the game: sandtable log FILE --verify --against \
                     SCENARIO"
                ));
            if !g.bookmarks.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Bookmarks:");
                    for b in &g.bookmarks {
                        if ui
                            .button(b.label.as_str())
                            .on_hover_text(format!("show the game after entry {}", b.after))
                            .clicked()
                        {
                            out.push(Command::ReplayTo(b.after as usize));
                        }
                    }
                });
            }
            ui.horizontal_wrapped(|ui| {
                let l = ui.label("Bookmark here:");
                ui.add(
                    egui::TextEdit::singleline(&mut self.play.bookmark)
                        .hint_text("a label")
                        .desired_width(140.0),
                )
                .labelled_by(l.id);
                if ui
                    .add_enabled(
                        !self.play.bookmark.trim().is_empty(),
                        egui::Button::new("Add bookmark"),
                    )
                    .on_hover_text(format!("mark the log after entry {now}"))
                    .clicked()
                {
                    out.push(Command::Bookmark {
                        after: now,
                        label: std::mem::take(&mut self.play.bookmark),
                    });
                }
            });
        }
        match at {
            Some(k) => {
                ui.label(
                    RichText::new(format!(
                        "Replaying: the game after entry {k} of {n} (nothing is played until \
                         you go back to the present)"
                    ))
                    .color(ui.visuals().warn_fg_color),
                );
            }
            None if n == 0 => {
                ui.label(
                    RichText::new(if self.playing() {
                        "No entries yet: every move, order, test, command change, referee \
                         override and end of turn is logged here."
                    } else {
                        "No game yet: switch to Play (F5) to play a turn."
                    })
                    .weak(),
                );
            }
            None => {
                ui.label(
                    RichText::new(format!(
                        "{n} {}; click one to see the game after it and write a note on it.",
                        if n == 1 { "entry" } else { "entries" }
                    ))
                    .weak(),
                );
            }
        }
        ui.separator();
        let log = game.as_ref().map_or(&[][..], |g| g.log.as_slice());
        let bookmarks = game.as_ref().map_or(&[][..], |g| g.bookmarks.as_slice());
        let note = &mut self.play.note;
        let seen = std::mem::replace(&mut self.play.log_seen, n);
        let above = ui.cursor().top() - top;
        let entries = egui::ScrollArea::vertical()
            .id_salt("log-scroll")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                if n > 0 && ui.selectable_label(now == 0, "Start of the game").clicked() {
                    out.push(Command::ReplayTo(0));
                }
                for (i, e) in log.iter().enumerate() {
                    for b in bookmarks.iter().filter(|b| b.after as usize == i) {
                        ui.label(RichText::new(format!("Bookmark: {}", b.label)).italics());
                    }
                    let shown = i < now;
                    let head = format!("{}. Turn {} · {} · {}", i + 1, e.turn, e.phase, e.what);
                    let text = if shown {
                        RichText::new(head)
                    } else {
                        RichText::new(head).weak()
                    };
                    let mut r = ui.selectable_label(i + 1 == now, text);
                    if i + 1 == now && n != seen {
                        r.scroll_to_me(Some(egui::Align::TOP));
                    }
                    if !e.reasons.is_empty() {
                        r = r.on_hover_text(e.reasons.join("\n"));
                    }
                    if r.clicked() {
                        out.push(Command::ReplayTo(i + 1));
                    }
                    if let Some(text) = &e.note {
                        ui.label(RichText::new(format!("   Note: {text}")).italics());
                    }
                    if i + 1 == now {
                        // The reasons at the body's size and colour: they are what the entry
                        // is read for.
                        ui.indent(("reasons", i), |ui| {
                            for reason in &e.reasons {
                                // A reason indented under another (a modifier under
                                // "modifiers:", two spaces a level) is set in under it.
                                let text = reason.trim_start();
                                let level = (reason.len() - text.len()) / 2;
                                ui.horizontal_top(|ui| {
                                    ui.add_space(level as f32 * ui.spacing().indent);
                                    ui.add(egui::Label::new(text).wrap());
                                });
                            }
                        });
                        note_ui(ui, note, i + 1, e.note.as_deref(), &mut out);
                    }
                }
                for b in bookmarks.iter().filter(|b| b.after as usize >= log.len()) {
                    ui.label(RichText::new(format!("Bookmark: {}", b.label)).italics());
                }
            });
        // What the whole log would fill, for the dock's split to leave it room.
        self.panels.log_content = above + entries.content_size.y + ui.spacing().item_spacing.y;
        self.panels.log_header = above;
        out
    }
}

/// The note field of the entry shown: what the players write about it, saved with Save note.
fn note_ui(
    ui: &mut Ui,
    draft: &mut Option<(usize, String)>,
    entry: usize,
    saved: Option<&str>,
    out: &mut Commands,
) {
    if draft.as_ref().is_none_or(|(e, _)| *e != entry) {
        *draft = Some((entry, saved.unwrap_or_default().to_string()));
    }
    let Some((_, text)) = draft.as_mut() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(format!("Note on entry {entry}:"));
        ui.add(egui::TextEdit::singleline(text).desired_width(200.0))
            .labelled_by(l.id);
        let changed = text.trim() != saved.unwrap_or_default();
        if ui
            .add_enabled(changed, egui::Button::new("Save note"))
            .clicked()
        {
            out.push(Command::Annotate {
                entry,
                note: text.clone(),
            });
        }
    });
}
