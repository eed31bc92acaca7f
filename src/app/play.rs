//! Edit and Play. A scenario opens in Edit, where it is authored as before. In Play the
//! authoring tools are put away: the palette gives its place to the order of battle, the map is
//! not painted or drawn on, the inspector is read-only, and units move only through their rule
//! preview (drag to a legal place, or pick it and commit). What the rules would not allow is
//! still possible, but only as an explicit referee override (a free move, or a changed value)
//! that carries the player's note.
//!
//! The switch is one field of the app; every authoring edit comes through
//! [`App::apply_change`], which refuses it in Play, while rules answers carried out and referee
//! overrides take [`App::commit_play`].

use super::App;
use super::activity::{Activity, replay_refusal, tool_in_play};
use super::command::{Change, Command, Commands};
use super::tools::Tool;
use crate::edit::{Document, Edit};
use crate::game;
use crate::model::game::{Action, LogEntry};
use crate::model::*;
use crate::preview::Choice;
use crate::rules::engine;
use egui::{RichText, Ui};

/// The referee's override form in the Rules panel, for one unit.
#[derive(Clone, Debug)]
pub(super) struct Referee {
    /// The unit the form is filled in for: another selection starts it afresh.
    pub unit: Option<UnitId>,
    /// Why the referee overrides the rules; required.
    pub note: String,
    /// Current strength and morale typed for a changed value.
    pub strength: u16,
    pub morale: Morale,
    /// A free move of this unit is allowed, with this note: its next drag moves it where it is
    /// dropped, whatever the rules say.
    pub free_move: Option<(UnitId, String)>,
}

impl Default for Referee {
    fn default() -> Self {
        Referee {
            unit: None,
            note: String::new(),
            strength: 0,
            morale: Morale::GoodOrder,
            free_move: None,
        }
    }
}

/// The game shown as it stood after an entry of its log, in place of the present.
pub(super) struct Replay {
    /// Entries replayed (0: the start of the game).
    pub at: usize,
    /// Entries in the log.
    pub of: usize,
    /// The document as it is now, put aside while the replay is shown.
    pub present: Document,
}

/// What Play keeps between frames.
#[derive(Default)]
pub(super) struct PlayState {
    pub activity: Activity,
    pub referee: Referee,
    /// The unit selected when Play last looked: selecting another opens its preview.
    pub previewed: Option<UnitId>,
    /// Stepping through the log: the position shown, with the present put aside.
    pub replay: Option<Replay>,
    /// Take the re-roll when a test rolled in the app fails (morale, rally).
    pub use_reroll: [bool; 2],
    /// The 2D6 typed for an R3 Ld check.
    pub ld_roll: u8,
    /// The D6 typed for a leader's reaction check (R5).
    pub reaction_roll: u8,
    /// The 2D6 typed for a pin test (R1).
    pub pin_roll: u8,
    /// The note being typed for the log entry shown, and the bookmark label.
    pub note: Option<(usize, String)>,
    /// How many entries the log had when it was last drawn: a new one is scrolled to its
    /// heading, not to the end of its reasons.
    pub log_seen: usize,
    pub bookmark: String,
    /// The question Play waits on: ending with units yet to act, a leader's chit.
    pub question: Option<super::play_questions::Question>,
}

impl PlayState {
    /// Whether the referee allowed a free move of `unit`.
    pub fn free_move_of(&self, unit: Option<UnitId>) -> bool {
        self.activity == Activity::Play
            && unit.is_some()
            && self.referee.free_move.as_ref().map(|(u, _)| *u) == unit
    }
}

impl App {
    /// Edit or Play.
    pub fn activity(&self) -> Activity {
        self.play.activity
    }

    /// Whether the editor is in Play.
    pub fn playing(&self) -> bool {
        self.play.activity == Activity::Play
    }

    /// A file that holds a game played (a log of one entry or more, finished or not) opens in
    /// Play at its position, as the players left it; any other in Edit.
    pub(super) fn open_in_its_activity(&mut self) {
        let played = (self.doc.scenario().game.as_ref()).is_some_and(|g| !g.log.is_empty());
        self.set_activity(if played {
            Activity::Play
        } else {
            Activity::Edit
        });
    }

    /// Switches between Edit and Play. Play puts the authoring tools down (back to Select),
    /// drops a shape being drawn, and previews the selected unit at once.
    pub fn set_activity(&mut self, a: Activity) {
        if a == self.play.activity {
            return;
        }
        self.play.activity = a;
        self.play.referee = Referee::default();
        self.play.previewed = None;
        self.canvas.gesture = None;
        self.canvas.drawing.clear();
        // A distance measured while authoring is not one of the game's (nor the reverse).
        self.canvas.measured = None;
        // Play shows the game's log beside the map; Edit the inspector.
        self.panels.show_log = a == Activity::Play;
        match a {
            Activity::Play => {
                if !tool_in_play(self.tool) {
                    self.tool = Tool::Select;
                }
                self.status =
                    "Play: units move under their rule preview; F5 returns to Edit".into();
            }
            Activity::Edit => self.status = "Edit: the scenario may be changed".into(),
        }
    }

    /// Carries out a rules answer through the rules' one engine: in Edit as a designer sets a
    /// position up (no turn to keep, typed dice), in Play as the game's next entry (in its
    /// phase, logged). Either way the same outcome lands, as one undo step labelled with its
    /// words. Returns what happened and why, or says why it was refused and returns `None`.
    pub(super) fn carry_out(
        &mut self,
        action: Result<Action, String>,
    ) -> Option<(String, Vec<String>)> {
        let action = match action {
            Ok(a) => a,
            Err(why) => {
                self.refuse(format!("Refused: {why}"));
                return None;
            }
        };
        if self.playing() {
            return self.play_action(action).map(|e| (e.what, e.reasons));
        }
        let s = self.doc.scenario();
        match engine::carry_out(s, None, &action, &mut engine::TypedOnly) {
            Ok(o) => {
                let edits = crate::edit::ops::outcome::carried(&o);
                // An answer that changes nothing (a unit that failed to come on) is said,
                // not recorded as an undo step.
                if edits.is_empty() {
                    return Some((o.what, o.reasons));
                }
                let change = Change::new(o.what.clone(), edits);
                self.apply_checked(change).then_some((o.what, o.reasons))
            }
            Err(why) => {
                self.refuse(format!("Refused: {why}"));
                None
            }
        }
    }

    /// Plays `action` under the rules: the scenario with the entry logged, as one undo step
    /// labelled with what happened. Returns the entry, or says why the rules refuse.
    pub(super) fn play_action(&mut self, action: Action) -> Option<LogEntry> {
        if let Some(r) = &self.play.replay {
            let why = replay_refusal(r.at, r.of);
            self.refuse(why);
            return None;
        }
        // A new game's dice are seeded here (the game itself reads no entropy).
        let seed = fastrand::u64(..);
        match game::play(self.doc.scenario(), action, seed) {
            Ok(p) => {
                let label = p.entry.what.clone();
                let unit = p.entry.unit;
                let change = Change::new(label, vec![Edit::ReplaceScenario(Box::new(p.scenario))]);
                if !self.apply_checked(change) {
                    return None;
                }
                // A unit that has acted has no move left this turn: its preview closes rather
                // than keep offering hexes the game would refuse.
                if let Some(u) = unit
                    && game::has_acted(self.doc.scenario(), u)
                    && self.rules.open.is_some_and(|(o, _)| o == u)
                {
                    self.close_preview();
                    // Opened again for it once it may act (after End turn), if still selected.
                    self.play.previewed = None;
                }
                // A reaction's preview belongs to the halt and to a unit that may still charge:
                // once the move goes on, or the unit has charged, it has nothing left to say
                // (its lines would stay up, stale).
                let chargers = (self.doc.scenario().game.as_ref())
                    .and_then(|g| g.state.halted.as_ref())
                    .map(|h| h.chargers.clone());
                let may_charge = |u: UnitId| chargers.as_ref().is_some_and(|c| c.contains(&u));
                if let Some((u, Choice::HexReaction { .. })) = self.rules.open
                    && !may_charge(u)
                {
                    self.close_preview();
                }
                Some(p.entry)
            }
            Err(why) => {
                self.refuse(format!("Refused: {why}"));
                None
            }
        }
    }

    /// A referee override: `unit` as it will stand, whatever the rules say, logged with the
    /// note.
    pub(super) fn referee(&mut self, note: &str, unit: Unit) -> bool {
        if note.trim().is_empty() {
            self.notify(
                true,
                "A referee override needs a note saying why (type it in the Rules panel)".into(),
            );
            return false;
        }
        let ok = self
            .play_action(Action::Referee {
                unit: Box::new(unit),
                note: note.to_string(),
            })
            .is_some();
        if ok {
            self.play.referee.free_move = None;
        }
        ok
    }

    /// The game's move for a unit moved under its open preview: the order (R3), move type
    /// (R2) or command (R5) previewed, where its leader (or the unit, on a hex) ends, and
    /// where the player set the followers that move in this order (`followers`; `leader` the
    /// model that leads).
    pub(super) fn move_action(
        &self,
        moved: &Unit,
        leader: Option<ModelId>,
        followers: &[ModelId],
    ) -> Result<Action, String> {
        let Some((_, mode)) = self.rules.open else {
            return Err("no rule preview is open".into());
        };
        let order = match mode {
            Choice::HexReaction { .. } => {
                let Some((to, _)) = moved.hex() else {
                    return Err(format!("{} charges on the hex map", moved.name));
                };
                return Ok(Action::ReactionCharge { unit: moved.id, to });
            }
            Choice::HexMove(c) => c.map(MoveOrder::Command),
            Choice::M42(t) => Some(MoveOrder::MoveType(t)),
            Choice::Orders(a) => Some(MoveOrder::Order(a)),
            Choice::Alone => None,
            other => return Err(format!("{other} is not a move of the game")),
        };
        let lead = leader.or(moved.leader_model);
        let to = match moved.hex() {
            Some((hex, _)) => Place::Hex(hex),
            None => {
                let m = lead
                    .and_then(|l| moved.model(l))
                    .or(moved.models.first())
                    .ok_or_else(|| format!("{} has no model on the table", moved.name))?;
                Place::Table(m.pos)
            }
        };
        let followers = moved
            .models
            .iter()
            .filter(|m| followers.contains(&m.id) && Some(m.id) != lead)
            .map(|m| (m.id, m.pos))
            .collect();
        Ok(Action::Move {
            unit: moved.id,
            order,
            to: Some(to),
            followers,
        })
    }

    /// Takes back the last entry of the log (the rules' state with it), as one undo step.
    pub(super) fn take_back(&mut self) {
        if let Some(r) = &self.play.replay {
            let why = replay_refusal(r.at, r.of);
            return self.refuse(why);
        }
        let s = self.doc.scenario();
        let last = s
            .game
            .as_ref()
            .and_then(|g| g.log.last())
            .map(|e| e.what.clone());
        match game::take_back(s) {
            Ok(back) => {
                let label = format!("Take back: {}", last.unwrap_or_default());
                self.apply_checked(Change::new(
                    label,
                    vec![Edit::ReplaceScenario(Box::new(back))],
                ));
            }
            Err(why) => self.refuse(format!("Nothing taken back: {why}")),
        }
    }

    /// The referee's override for the selected unit, in the Rules panel (Play only): a note,
    /// then a free move of the unit or a changed strength or morale.
    pub(super) fn referee_ui(&mut self, ui: &mut Ui, unit: &Unit) -> Commands {
        let mut out = Commands::default();
        let r = &mut self.play.referee;
        if r.unit != Some(unit.id) {
            *r = Referee {
                unit: Some(unit.id),
                strength: unit.strength.current,
                morale: unit.state.morale,
                ..Referee::default()
            };
        }
        ui.add_space(6.0);
        egui::CollapsingHeader::new(RichText::new("Referee override").strong())
            .id_salt("referee")
            .default_open(false)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(
                        "Outside the rules, on purpose: a free move or a changed value, \
                         logged with your note.",
                    )
                    .weak(),
                );
                ui.horizontal(|ui| {
                    let l = ui.label("Note");
                    ui.add(
                        egui::TextEdit::singleline(&mut r.note)
                            .hint_text("why the rules are set aside")
                            .desired_width(ui.available_width()),
                    )
                    .labelled_by(l.id);
                });
                let noted = !r.note.trim().is_empty();
                if !noted {
                    ui.label(
                        RichText::new("Type a note to allow an override.")
                            .color(ui.visuals().warn_fg_color),
                    );
                }
                let armed = r.free_move.as_ref().is_some_and(|(u, _)| *u == unit.id);
                ui.horizontal_wrapped(|ui| {
                    if armed {
                        ui.label(
                            RichText::new("Free move allowed: drag the unit where it goes.")
                                .color(ui.visuals().warn_fg_color),
                        );
                        if ui.button("Cancel free move").clicked() {
                            out.push(Command::RefereeFreeMove(None));
                        }
                    } else if ui
                        .add_enabled(noted, egui::Button::new("Allow a free move"))
                        .clicked()
                    {
                        out.push(Command::RefereeFreeMove(Some((unit.id, r.note.clone()))));
                    }
                });
                egui::Grid::new("referee-values")
                    .num_columns(2)
                    .show(ui, |ui| {
                        let l = ui.label("Strength now");
                        ui.add(
                            egui::DragValue::new(&mut r.strength).range(0..=unit.strength.start),
                        )
                        .labelled_by(l.id);
                        ui.end_row();
                        let l = ui.label("Morale");
                        egui::ComboBox::from_id_salt("referee-morale")
                            .selected_text(morale_name(r.morale))
                            .show_ui(ui, |ui| {
                                for m in [
                                    Morale::GoodOrder,
                                    Morale::Unsteady,
                                    Morale::Routing,
                                    Morale::Removed,
                                ] {
                                    ui.selectable_value(&mut r.morale, m, morale_name(m));
                                }
                            })
                            .response
                            .labelled_by(l.id);
                        ui.end_row();
                    });
                let changed = r.strength != unit.strength.current || r.morale != unit.state.morale;
                if ui
                    .add_enabled(noted && changed, egui::Button::new("Override the values"))
                    .clicked()
                {
                    out.push(Command::RefereeValues {
                        unit: unit.id,
                        strength: r.strength,
                        morale: r.morale,
                        note: r.note.clone(),
                    });
                }
            });
        out
    }

    /// A referee's changed strength or morale for `unit`, with the note.
    pub(super) fn referee_values(
        &mut self,
        unit: UnitId,
        strength: u16,
        morale: Morale,
        note: &str,
    ) {
        let s = self.doc.scenario();
        let Some(u) = s.unit(unit) else { return };
        let mut n = match crate::edit::ops::units::with_strength(s, u, u.strength.start, strength) {
            Ok(n) => n,
            Err(why) => return self.refuse(format!("Referee override refused: {why}")),
        };
        n.state.morale = morale;
        let mut what = Vec::new();
        if strength != u.strength.current {
            what.push(format!("strength {} → {strength}", u.strength.current));
        }
        if morale != u.state.morale {
            what.push(format!(
                "morale {} → {}",
                morale_name(u.state.morale),
                morale_name(morale)
            ));
        }
        self.status = format!("{}: {}", u.name, what.join(", "));
        self.referee(note, n);
    }
}

/// A morale state in words.
pub fn morale_name(m: Morale) -> &'static str {
    match m {
        Morale::GoodOrder => "good order",
        Morale::Unsteady => "unsteady",
        Morale::Routing => "routing",
        Morale::Removed => "removed",
    }
}

impl App {
    /// The Edit / Play switch at the right of the menu bar, in view whatever is open.
    pub(super) fn activity_bar_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            for a in [Activity::Play, Activity::Edit] {
                let on = self.activity() == a;
                let r = ui
                    .add(egui::Button::selectable(on, a.name()))
                    .on_hover_text(match a {
                        Activity::Edit => "Edit: author the scenario (F5 switches)",
                        Activity::Play => "Play: move under the rules, turn by turn (F5 switches)",
                    });
                // Named apart from the Edit menu beside it, for assistive tools and tests.
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::RadioButton,
                        true,
                        on,
                        format!("{} mode switch", a.name()),
                    )
                });
                if r.clicked() && !on {
                    out.push(Command::SetActivity(a));
                }
            }
            if self.playing() {
                ui.separator();
                out.extend(self.turn_bar_ui(ui));
            }
        });
        out
    }

    /// The turn and phase, with End phase and End turn (laid out right to left, beside the
    /// Edit / Play switch).
    fn turn_bar_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        let stage = game::stage(s);
        let last = crate::rules::engine::next_stage(s, stage).is_none();
        let halted = s.game.as_ref().and_then(|g| g.state.halted.as_ref());
        let over = crate::rules::victory::over(s);
        let live = self.replaying().is_none() && halted.is_none() && over.is_none();
        let why_not = match over {
            Some(t) => format!("the game is over: turn {t} was its last (Ctrl+Z takes back)"),
            None => "a move is halted for the other side's reaction: Go on first".to_string(),
        };
        // Counted once per change of the position, not every frame (a side may be thousands).
        let id = egui::Id::unique("turn-bar-waiting");
        let changes = self.doc.changes();
        let waiting = match ui.data(|d| d.get_temp::<(u64, usize)>(id)) {
            Some((at, n)) if at == changes => n,
            _ => {
                let n = crate::rules::engine::turn::left_unmoved(s, stage, true).len();
                ui.data_mut(|d| d.insert_temp(id, (changes, n)));
                n
            }
        };
        let end_turn_hint = format!(
            "end this turn (Shift+E): every unit may act again, the counter advances{}. \
             Ctrl+Z (Take back) undoes it.",
            match waiting {
                0 => String::new(),
                1 => "; 1 unit has not acted yet".to_string(),
                n => format!("; {n} units have not acted yet"),
            }
        );
        if ui
            .add_enabled(live, egui::Button::new("End turn"))
            .on_hover_text(end_turn_hint)
            .on_disabled_hover_text(&why_not)
            .clicked()
        {
            out.push(Command::EndTurn);
        }
        if !last
            && ui
                .add_enabled(live, egui::Button::new("End phase"))
                .on_hover_text(
                    "on to the next phase of this turn, the other side's Movement Phase (E)",
                )
                .on_disabled_hover_text(&why_not)
                .clicked()
        {
            out.push(Command::EndPhase);
        }
        let acted = s.game.as_ref().map_or(0, |g| g.acted.len());
        let text = match over {
            Some(t) => format!("Turn {t} was the last"),
            None => format!(
                "Turn {} · {} · {acted} acted",
                s.turn,
                crate::rules::engine::stage_text(s, stage)
            ),
        };
        let l = ui.label(RichText::new(&text).strong());
        l.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        // Whose turn it is, in the side's colour, where the eye looks for it.
        // While a move is halted, the other side is the one to act: it reacts.
        let reacting = halted.and_then(|h| {
            let mover = s.unit(h.mover)?.side;
            s.sides.iter().find(|x| x.id != mover)
        });
        let acting = match stage.side.and_then(|id| s.side(id)) {
            _ if over.is_some() => None,
            _ if reacting.is_some() => {
                reacting.map(|side| (format!("{} to react", side.name), side.colour))
            }
            Some(side) => Some((format!("{} to act", side.name), side.colour)),
            None if s.sides.len() > 1 => Some((
                "both sides act".to_string(),
                crate::model::Colour {
                    r: 0xb0,
                    g: 0xb0,
                    b: 0xb0,
                    a: 255,
                },
            )),
            None => None,
        };
        if let Some((who, colour)) = acting {
            let c = egui::Color32::from_rgb(colour.r, colour.g, colour.b);
            egui::Frame::new()
                .fill(c.gamma_multiply(0.25))
                .stroke(egui::Stroke::new(1.5, c))
                .corner_radius(3.0)
                .inner_margin(egui::Margin::symmetric(6, 1))
                .show(ui, |ui| ui.label(RichText::new(who).strong()));
        }
        super::score_view::turn_bar_score(ui, s);
        if let Some(h) = halted {
            let name = s.unit(h.mover).map_or(String::new(), |u| {
                super::canvas::labels::counter_name(&u.name)
            });
            // Cut to the room left beside the menus (the whole line on hover), never over them.
            let text = format!("{name} halted: the other side reacts");
            ui.add(
                egui::Label::new(RichText::new(&text).color(ui.visuals().warn_fg_color)).truncate(),
            )
            .on_hover_text(text);
        }
        if let Some(at) = self.replaying() {
            ui.label(
                RichText::new(format!("replaying entry {at}")).color(ui.visuals().warn_fg_color),
            );
        }
        out
    }
}
