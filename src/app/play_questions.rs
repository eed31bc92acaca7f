//! The questions Play asks before it goes on: whether to end a phase or the turn while units
//! could still act (nothing else stops a stray click from skipping a side's moves), and which
//! command chit a leader changes to when the keyboard asked (C). Each is a small window over
//! the map that the keyboard answers: Enter or a number picks, Escape keeps things as they are.

use super::App;
use super::command::{Command, Commands};
use crate::game;
use crate::model::UnitId;
use crate::model::game::Action;
use crate::rules::engine::turn::left_unmoved;
use egui::{Key, RichText, Ui};

/// A question Play waits on.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Question {
    /// End the phase (or, with `turn`, the turn) although these units have not acted.
    End { turn: bool, left: Vec<UnitId> },
    /// The chit this leader changes to.
    Chit { leader: UnitId },
}

/// How many of the units left are named in the question; the rest are counted.
const NAMED: usize = 6;

impl App {
    /// End phase or End turn, asked for: carried out at once when no unit is left that could
    /// still act, else asked about first.
    pub(super) fn end_asked(&mut self, turn: bool) {
        if !self.playing() {
            self.status = format!(
                "{} is for Play: F5 starts it",
                if turn { "End turn" } else { "End phase" }
            );
            return;
        }
        let s = self.doc.scenario();
        let left = left_unmoved(s, game::stage(s), turn);
        let halted = s.game.as_ref().is_some_and(|g| g.state.halted.is_some());
        // Nothing to ask when nothing is left, or when the rules will refuse it anyway (a
        // replay shown, a move halted for a reaction): their refusal says why.
        if left.is_empty() || halted || self.play.replay.is_some() {
            self.end(turn);
        } else {
            self.play.question = Some(Question::End { turn, left });
        }
    }

    /// Ends the phase or the turn, said with the way back.
    pub(super) fn end(&mut self, turn: bool) {
        self.play.question = None;
        let action = if turn {
            Action::EndTurn
        } else {
            Action::EndPhase
        };
        if let Some(e) = self.play_action(action) {
            // Nothing moves in the Command Phase: a move's preview from the phase before would
            // stand over the chits with its reach as if a move were due.
            let s = self.doc.scenario();
            if s.map.is_hex()
                && crate::game::stage(s).phase == crate::model::game::Phase::Command
                && matches!(
                    self.rules.open,
                    Some((_, crate::preview::Choice::HexMove(_)))
                )
            {
                self.close_preview();
            }
            self.status = format!("{} · Ctrl+Z takes it back", e.what);
        }
    }

    /// The keyboard's chit change (C): the chooser of the selected leader's chits, or why he
    /// may not change now.
    pub(super) fn choose_chit(&mut self) {
        let s = self.doc.scenario();
        let Some(u) = self.selected_unit().and_then(|u| s.unit(u)) else {
            self.status = "Select a leader to change his command chit".into();
            return;
        };
        if u.leadership.is_none() || !s.map.is_hex() {
            self.status = format!("{} holds no command chit", u.name);
            return;
        }
        if !self.playing() {
            self.status = "Chits change in Play, in the Command Phase".into();
            return;
        }
        let why = if game::stage(s).phase != crate::model::game::Phase::Command {
            Some("chits change in the Command Phase".to_string())
        } else if game::has_acted(s, u.id) {
            Some("he changed it this turn".to_string())
        } else {
            None
        };
        match why {
            Some(why) => {
                let text = format!("{} keeps his chit: {why}", u.name);
                self.refuse(text);
            }
            None => self.play.question = Some(Question::Chit { leader: u.id }),
        }
    }

    /// The keys of the question open, before any shortcut: the question has the keyboard, so
    /// Enter, Escape and the numbers answer it and nothing else reaches the map. `None` when
    /// no question is open.
    pub(super) fn question_keys(&self, ui: &mut Ui) -> Option<Commands> {
        let question = self.play.question.as_ref()?;
        let mut out = Commands::default();
        let pressed =
            |ui: &mut Ui, key: Key| ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key));
        if pressed(ui, Key::Escape) {
            out.push(Command::CloseQuestion);
            return Some(out);
        }
        match question {
            Question::End { turn, .. } => {
                if pressed(ui, Key::Enter) {
                    out.push(Command::EndAnyway(*turn));
                }
            }
            Question::Chit { leader } => {
                let offered = self.chits_offered(*leader);
                for (k, (chit, allowed)) in offered.iter().enumerate().take(DIGITS.len()) {
                    if pressed(ui, DIGITS[k]) && allowed.is_ok() {
                        out.push(Command::ChangeCommand {
                            leader: *leader,
                            command: *chit,
                        });
                    }
                }
            }
        }
        Some(out)
    }

    /// The question open, in a window over the map.
    pub(super) fn question_ui(&self, ctx: &egui::Context) -> Commands {
        let mut out = Commands::default();
        let Some(question) = &self.play.question else {
            return out;
        };
        let s = self.doc.scenario();
        let modal = egui::Modal::new(egui::Id::unique("play-question")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            match question {
                Question::End { turn, left } => {
                    let what = if *turn { "turn" } else { "phase" };
                    ui.heading(format!("End the {what}?"));
                    let names: Vec<&str> = left
                        .iter()
                        .filter_map(|u| s.unit(*u))
                        .map(|u| u.name.as_str())
                        .take(NAMED)
                        .collect();
                    let more = left.len().saturating_sub(names.len());
                    let count = match left.len() {
                        1 => "1 unit has".to_string(),
                        n => format!("{n} units have"),
                    };
                    ui.label(format!(
                        "{count} not acted yet: {}{}. Ending the {what} now leaves {} where {} \
                         stand; Ctrl+Z takes it back.",
                        names.join(", "),
                        if more > 0 {
                            format!(" and {more} more")
                        } else {
                            String::new()
                        },
                        if left.len() == 1 { "it" } else { "them" },
                        if left.len() == 1 { "it" } else { "they" },
                    ));
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if ui.button(format!("End {what} anyway (Enter)")).clicked() {
                            out.push(Command::EndAnyway(*turn));
                        }
                        if ui.button("Keep playing (Escape)").clicked() {
                            out.push(Command::CloseQuestion);
                        }
                    });
                }
                Question::Chit { leader } => {
                    let Some(u) = s.unit(*leader) else { return };
                    let held = u.leadership.map(|l| l.command.to_string());
                    ui.heading(format!("Command chit of {}", u.name));
                    ui.label(format!(
                        "He holds {}. Press a number to change it (once this turn), Escape to \
                         keep it.",
                        held.unwrap_or_default()
                    ));
                    ui.add_space(4.0);
                    for (k, (chit, allowed)) in self.chits_offered(*leader).iter().enumerate() {
                        let key = if k < DIGITS.len() {
                            format!("{}  ", k + 1)
                        } else {
                            String::new()
                        };
                        let r = ui.add_enabled(
                            allowed.is_ok(),
                            egui::Button::new(format!("{key}Change to {chit}")),
                        );
                        if r.clicked() {
                            out.push(Command::ChangeCommand {
                                leader: *leader,
                                command: *chit,
                            });
                        }
                        if let Err(why) = allowed {
                            ui.label(RichText::new(why).weak());
                        }
                    }
                    ui.add_space(4.0);
                    if ui.button("Keep his chit (Escape)").clicked() {
                        out.push(Command::CloseQuestion);
                    }
                }
            }
        });
        if modal.should_close() {
            out.push(Command::CloseQuestion);
        }
        out
    }
}

/// The number keys that pick the chits offered, in order.
const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];
