//! The Rules panel, docked above the inspector: what may be previewed for the selected unit,
//! what the open preview says, the move waiting for its followers or the column's route, a
//! legend of the marks on the map, and the morale and rally odds with the last result.
//!
//! Everything shown is read from `crate::preview` and `rules::morale`, which the command line
//! and the tests read too. The panel keeps its place and size whatever it shows: the canvas
//! beside it never moves when a unit is selected or a preview opens.

use super::App;
use super::command::{Command, Commands, RouteEdit};
use super::roll_field::{TYPE_THE_ROLL, roll_field};
use crate::model::*;
use crate::preview::{self, Choice, ColumnChoice, Swatch, Tone};
use crate::rules::morale::{self, Resolution, TestKind, TestPreview, TestRequest};
use egui::{Color32, RichText, Ui};

/// The panel's colours for the three tones of a preview line.
fn tone_colour(ui: &Ui, tone: Tone) -> Color32 {
    match tone {
        Tone::Info => ui.visuals().text_color(),
        Tone::Warn => ui.visuals().warn_fg_color,
        Tone::Bad => ui.visuals().error_fg_color,
    }
}

impl App {
    /// The Rules panel's contents.
    pub(super) fn rules_panel_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        if self.playing() {
            out.extend(self.halt_ui(ui));
        }
        let s = self.doc.scenario();
        let Some((unit, u)) = self
            .selected_unit()
            .and_then(|id| s.unit(id).map(|u| (id, u)))
        else {
            ui.label(
                RichText::new(
                    "Select a unit to see where it may move, its command and its odds. \
                     P opens its usual preview.",
                )
                .weak(),
            );
            return out;
        };
        ui.horizontal_wrapped(|ui| {
            ui.strong(&u.name);
            let side = s.side(u.side).map_or(String::new(), |x| x.name.clone());
            ui.label(RichText::new(format!("{} · {side}", u.kind.tag())).weak());
        });
        // A unit out of the game (routed off, destroyed) has nothing left to preview or test:
        // say so, and how the last test came out, rather than refusals of moves it cannot make.
        if u.state.morale == crate::model::Morale::Removed {
            ui.label(
                RichText::new("Removed from play: it no longer moves, fights or tests.")
                    .color(ui.visuals().warn_fg_color),
            );
            if let Some((at, said, when)) = &self.rules.last_test
                && *at == unit
                && *when == self.doc.changes()
            {
                ui.label(
                    RichText::new(format!(
                        "Applied: {}",
                        said.lines().next().unwrap_or_default()
                    ))
                    .strong(),
                );
            }
            return out;
        }
        let choices = preview::choices(s, unit);
        let open = self.rules.open.filter(|(u, _)| *u == unit).map(|(_, m)| m);
        if choices.is_empty() {
            ui.label(RichText::new("Nothing to preview under this ruleset.").weak());
        } else {
            ui.horizontal(|ui| {
                let l = ui.label("Preview");
                let shown = open.map_or("closed".to_string(), |m| preview::choice_text(s, m));
                // Cut to its width (whole in the list): a long choice ("Reaction charge against
                // Cromwell's Regiment of Horse") never widens the dock. A combo box's width is
                // only its least; its text is cut at the edge of the space it is given.
                let width = (ui.available_width() - 70.0).max(80.0);
                ui.scope(|ui| {
                    ui.set_max_width(width);
                    egui::ComboBox::from_id_salt("preview-mode")
                        .selected_text(shown)
                        .width(width)
                        .truncate()
                        .show_ui(ui, |ui| {
                            for c in &choices {
                                let text = preview::choice_text(s, c.choice);
                                let label = match &c.refused {
                                    Some(_) => RichText::new(format!("{text} (refused)")).weak(),
                                    None => RichText::new(text),
                                };
                                let r = ui.selectable_label(open == Some(c.choice), label);
                                let r = match &c.refused {
                                    Some(why) => r.on_hover_text(format!("refused: {why}")),
                                    None => r,
                                };
                                if r.clicked() {
                                    out.push(Command::OpenPreview(c.choice));
                                }
                            }
                        })
                        .response
                        .labelled_by(l.id);
                });
                if open.is_some() {
                    if ui.button("Close").clicked() {
                        out.push(Command::ClosePreview);
                    }
                } else if ui.button("Open").clicked()
                    && let Some(c) = choices.first()
                {
                    out.push(Command::OpenPreview(c.choice));
                }
            });
        }
        if self.playing() && crate::game::has_acted(self.doc.scenario(), unit) {
            ui.label(
                RichText::new(
                    "Acted this turn: it acts again next turn, or now by a referee override.",
                )
                .color(ui.visuals().warn_fg_color),
            );
        } else if let Some(why) = self.turn_refusal(unit).filter(|_| {
            // R5's Command Phase says it in its own line below.
            !(self.doc.scenario().map.is_hex()
                && crate::game::clock(self.doc.scenario()).1 == crate::model::game::Phase::Command)
        }) {
            // What the turn asks of the unit before it may move (its side's phase, R3's Ld
            // check, R1's pin tests) is said with the preview, not first at the commit.
            ui.label(
                RichText::new(format!("Before it moves: {why}")).color(ui.visuals().warn_fg_color),
            );
        }
        if self.playing()
            && self.doc.scenario().map.is_hex()
            && crate::game::clock(self.doc.scenario()).1 == crate::model::game::Phase::Command
        {
            ui.label(
                RichText::new(
                    "Command Phase: change chits now; moves wait for Movement (End phase).",
                )
                .color(ui.visuals().warn_fg_color),
            );
        }
        if open.is_some() {
            out.extend(self.preview_lines_ui(ui));
        }
        if self.playing() {
            out.extend(self.command_chit_ui(ui, unit));
            if let Some(u) = self.doc.scenario().unit(unit).cloned() {
                out.extend(self.leader_check_ui(ui, &u));
                out.extend(self.unit_play_ui(ui, &u));
            }
        }
        out.extend(self.odds_ui(ui, unit));
        if self.playing()
            && let Some(u) = self.doc.scenario().unit(unit).cloned()
        {
            out.extend(self.referee_ui(ui, &u));
        }
        out
    }

    /// The open preview: first what may be done with it (commit the waiting move, draw the
    /// column's route, carry out its order), so the buttons stay in view, then its lines.
    fn preview_lines_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let (lines, offers) = match self.preview_overlay() {
            Some(Ok(o)) => (o.lines.clone(), o.offers.clone()),
            Some(Err(e)) => (
                vec![preview::Line {
                    tone: Tone::Bad,
                    text: e.to_string(),
                }],
                Vec::new(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        let column = matches!(self.rules.open, Some((_, Choice::Column(..))));
        let route = matches!(
            self.rules.open,
            Some((_, Choice::Column(_, ColumnChoice::Move)))
        );
        ui.add_space(4.0);
        if let Some(p) = &self.rules.pending {
            let problems = p.problems(self.doc.scenario());
            ui.strong(format!("{} — drag the followers into place.", p.label));
            ui.label(
                "The gold star is the leader's new place, at the end of the orange line from \
                 where he stands. Pale dashed bases are suggested places, solid ones placed by \
                 you: drag a model from where it stands or from its base to place it; drag the \
                 star to place the leader again.",
            );
            let behind = p.left_behind(self.doc.scenario());
            if !behind.is_empty() {
                ui.label(
                    RichText::new(format!(
                        "{} left behind (ringed): no place in reach of the leader's new place. \
                         {} where {} stand unless dragged into an outline.",
                        count(behind.len() as u64, "model", "models"),
                        if behind.len() == 1 {
                            "It stays"
                        } else {
                            "They stay"
                        },
                        if behind.len() == 1 { "it" } else { "they" }
                    ))
                    .color(ui.visuals().warn_fg_color),
                );
            }
            for n in &p.notes {
                ui.label(RichText::new(n).color(ui.visuals().warn_fg_color));
            }
            if !problems.is_empty() {
                let n = problems.len();
                ui.label(
                    RichText::new(format!(
                        "{n} {} where {} may not",
                        if n == 1 {
                            "model stands"
                        } else {
                            "models stand"
                        },
                        if n == 1 { "it" } else { "they" }
                    ))
                    .color(ui.visuals().error_fg_color),
                );
            }
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(problems.is_empty(), egui::Button::new("Commit move"))
                    .clicked()
                {
                    out.push(Command::CommitMove);
                }
                if ui.button("Cancel move").clicked() {
                    out.push(Command::CancelMove);
                }
            });
        } else if column {
            if route {
                let n = count(self.rules.route.len() as u64, "point", "points");
                ui.label(format!("Route: {n} drawn; click the map to add one."));
            }
            ui.horizontal_wrapped(|ui| {
                if route {
                    let any = !self.rules.route.is_empty();
                    if ui
                        .add_enabled(any, egui::Button::new("Undo point"))
                        .clicked()
                    {
                        out.push(Command::Route(RouteEdit::RemoveLast));
                    }
                    if ui
                        .add_enabled(any, egui::Button::new("Clear route"))
                        .clicked()
                    {
                        out.push(Command::Route(RouteEdit::Clear));
                    }
                }
            });
            out.extend(self.order_test_ui(ui));
        }
        // A hex picked by clicking the map: pick and commit, as dragging the unit there does
        // (and the way to move one unit of a stack).
        if self.rules.pending.is_none()
            && let Some((_, Choice::HexMove(_))) = self.rules.open
            && let [picked] = self.rules.route[..]
            && ui
                .button("Move to the picked hex")
                .on_hover_text("move the unit to the hex clicked, under the rules")
                .clicked()
        {
            out.push(Command::DropGhost(picked));
        }
        ui.add_space(2.0);
        for l in &lines {
            ui.label(RichText::new(l.text.as_str()).color(tone_colour(ui, l.tone)));
        }
        if !offers.is_empty() {
            ui.label(RichText::new("May react with a charge:").strong());
            ui.horizontal_wrapped(|ui| {
                for offer in &offers {
                    if ui
                        .button(offer.label.as_str())
                        .on_hover_text("select it and preview its reaction charge")
                        .clicked()
                    {
                        out.push(Command::Select(vec![ItemRef::Unit(offer.unit)]));
                        out.push(Command::OpenPreview(offer.mode));
                    }
                }
            });
        }
        // Nothing moves in R5's Command Phase: its line says so, and no drag is offered.
        let command_phase = self.playing()
            && crate::game::clock(self.doc.scenario()).1 == crate::model::game::Phase::Command;
        if self.rules.pending.is_none() && !column && self.rules.moves_shown() && !command_phase {
            ui.label(
                RichText::new(if self.playing() {
                    "Hover a place to see why; drag the unit to move it under the rules \
                     (a free move is a referee override, below)."
                } else {
                    "Hover a place to see why; drag the unit to move it under the rules \
                     (Alt+drag places it freely)."
                })
                .weak(),
            );
        }
        out
    }

    /// Carrying out a column's order: the 2D6 of its order test, typed or rolled here (the
    /// dice shown), then the rules' outcome applied, a failed order included.
    fn order_test_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let failed = matches!(
            self.rules.open,
            Some((_, Choice::Column(_, ColumnChoice::Failed)))
        );
        if failed {
            if self.playing() {
                ui.label(
                    RichText::new(
                        "In Play a failed order comes from the order test: give the order and \
                         roll (or type) its dice.",
                    )
                    .weak(),
                );
            } else if ui.button("Carry out the failed order").clicked() {
                out.push(Command::March(None));
            }
            return out;
        }
        let playing = self.playing();
        let (test, carry) = match self.rules.open {
            Some((_, Choice::Column(_, ColumnChoice::Enter(_)))) => {
                ("Activation test, 2D6:", "Try to come on")
            }
            Some((_, Choice::Column(_, ColumnChoice::VoluntaryBreak(_)))) => {
                ("Order test, 2D6:", "Give the order")
            }
            _ => ("Order test, 2D6:", "Carry out the order"),
        };
        let r = &mut self.rules;
        ui.horizontal_wrapped(|ui| {
            let (field, roll) = roll_field(ui, test, &mut r.order_roll, 2..=12);
            if field.changed() {
                r.rolled = None;
            }
            if playing {
                // Play: the game rolls its own dice and carries the order out at once.
                if ui
                    .button("Roll")
                    .on_hover_text("roll 2D6 with the game's dice and carry the order out")
                    .clicked()
                {
                    out.push(Command::MarchRolled);
                }
                if ui
                    .add_enabled(roll.is_some(), egui::Button::new(carry))
                    .on_hover_text("carry the order out with the roll typed")
                    .on_disabled_hover_text(TYPE_THE_ROLL)
                    .clicked()
                {
                    out.push(Command::March(roll));
                    r.order_roll = 0;
                }
                return;
            }
            if ui.button("Roll").on_hover_text("Roll two dice").clicked() {
                let dice = (fastrand::u8(1..=6), fastrand::u8(1..=6));
                r.order_roll = dice.0 + dice.1;
                r.rolled = Some(dice);
            }
            if let Some((a, b)) = r.rolled {
                ui.label(format!("rolled {a} + {b}"));
            }
            if ui
                .add_enabled(roll.is_some(), egui::Button::new(carry))
                .on_disabled_hover_text(TYPE_THE_ROLL)
                .clicked()
            {
                out.push(Command::March(roll));
                r.order_roll = 0;
                r.rolled = None;
            }
        });
        out
    }

    /// The morale and rally tests the unit faces (R4), as `sandtable test` reports them, with
    /// dice to type and the last result applied.
    fn odds_ui(&mut self, ui: &mut Ui, unit: UnitId) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        if !s.rules.morale_tests {
            // Where the tests are turned on, for a player who looks for them in Play (in Edit
            // the scenario's own fields say it).
            if self.playing() && s.unit(unit).is_some_and(|u| u.is_combat_unit()) {
                ui.add_space(6.0);
                // One short line, the how-to on hover: it shows under every unit's preview
                // and would push the rows below it (the referee's override) out of sight.
                ui.label(
                    RichText::new(
                        "Morale and rally tests (R4) are off in this scenario: return to Edit \
                         (F5) to turn them on.",
                    )
                    .weak(),
                )
                .on_hover_text(
                    "In Edit, click an empty part of the map and tick \"Morale and rally \
                     tests (R4)\" under Rules in the inspector.",
                );
            }
            return out;
        }
        let tests: Vec<_> = [TestKind::Morale, TestKind::Rally]
            .into_iter()
            .map(|k| (k, morale::preview(s, TestRequest::new(unit, k))))
            .collect();
        if tests.iter().all(|(_, t)| t.is_err()) {
            return out;
        }
        ui.add_space(6.0);
        egui::CollapsingHeader::new(RichText::new("Morale and rally").strong())
            .id_salt("odds")
            .default_open(true)
            .show(ui, |ui| {
                // The last roll applied to this unit first, where the eye is after pressing
                // Apply (the tests below have moved on to the unit's new state).
                if let Some((u, said, at)) = &self.rules.last_test
                    && *u == unit
                    && *at == self.doc.changes()
                {
                    // What the test did, in its first line (the roll and the outcome); how
                    // it was worked out (modifiers, odds, every outcome) folded below it, since
                    // the test block under it says the same of the unit's new state.
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        let mut lines = said.lines().map(str::trim).filter(|l| !l.is_empty());
                        if let Some(first) = lines.next() {
                            ui.label(RichText::new(format!("Applied: {first}")).strong());
                        }
                        let rest: Vec<&str> = lines.collect();
                        if !rest.is_empty() {
                            egui::CollapsingHeader::new("How the test was worked out")
                                .id_salt("applied test")
                                .default_open(false)
                                .show(ui, |ui| {
                                    for line in rest {
                                        ui.label(format!("• {line}"));
                                    }
                                });
                        }
                    });
                }
                for (kind, t) in &tests {
                    match t {
                        Ok(pv) => out.extend(self.test_ui(ui, *kind, pv)),
                        Err(e) => {
                            ui.label(RichText::new(format!("{kind}: {e}")).weak());
                        }
                    }
                    ui.add_space(4.0);
                }
            });
        out
    }

    /// One test: what it needs and why, the odds with and without the re-roll, each outcome,
    /// and the dice to apply.
    fn test_ui(&mut self, ui: &mut Ui, kind: TestKind, pv: &TestPreview) -> Commands {
        let mut out = Commands::default();
        let title = match kind {
            TestKind::Morale => "Morale test",
            TestKind::Rally => "Rally test",
        };
        let needs = match (pv.needed, pv.p_pass) {
            (Some(n), Some(p)) => format!("needs {n}+ on a D6: {p} ({})", p.percent_text()),
            _ => match &pv.automatic_failure {
                Some(a) => format!("fails automatically: {a}"),
                None => "no roll".to_string(),
            },
        };
        ui.label(RichText::new(format!("{title}: {needs}")).strong());
        for c in &pv.cannot_test {
            ui.label(RichText::new(format!("may not test: {c}")).color(ui.visuals().warn_fg_color));
        }
        egui::Grid::new(("test-terms", kind as u8))
            .num_columns(2)
            .spacing([12.0, 2.0])
            .show(ui, |ui| {
                // The terms wrap in the panel's width: a long one would widen the dock.
                let term = |ui: &mut Ui, text: String| ui.add(egui::Label::new(text).wrap());
                ui.label("start number");
                term(ui, format!("{} ({:?})", pv.start_number, pv.quality));
                ui.end_row();
                for m in &pv.modifiers {
                    ui.label("modifier");
                    term(ui, m.to_string());
                    ui.end_row();
                }
                if let (Some(src), Some(p)) = (&pv.reroll, pv.p_pass_with_reroll) {
                    ui.label("re-roll");
                    term(
                        ui,
                        format!("{p} ({}) with one from {src}", p.percent_text()),
                    );
                    ui.end_row();
                }
            });
        for o in &pv.outcomes {
            ui.label(RichText::new(o.to_string()).weak());
        }
        if pv.may_test() {
            ui.horizontal_wrapped(|ui| {
                let dice = &mut self.rules.dice[kind as usize];
                let (_, first) = roll_field(ui, "Roll", &mut dice[0], 1..=6);
                let (_, reroll) = roll_field(ui, "re-roll (if taken)", &mut dice[1], 1..=6);
                // A re-roll field holding something that is not a D6 roll is not "none".
                let reroll_ok = dice[1] == 0 || reroll.is_some();
                let ready = first.filter(|_| reroll_ok);
                if ui
                    .add_enabled(
                        ready.is_some(),
                        egui::Button::new(format!("Apply the {kind}")),
                    )
                    .on_disabled_hover_text(TYPE_THE_ROLL)
                    .clicked()
                    && let Some(first) = ready
                {
                    out.push(Command::ApplyTest {
                        unit: pv.unit,
                        kind,
                        resolution: Resolution::Roll { first, reroll },
                    });
                    *dice = [0, 0];
                }
                if kind == TestKind::Rally
                    && pv.morale == Morale::Routing
                    && ui.button("Keep routing").clicked()
                {
                    out.push(Command::ApplyTest {
                        unit: pv.unit,
                        kind,
                        resolution: Resolution::KeepRouting,
                    });
                }
            });
            if self.playing() {
                // The game's own dice, saved with the game so the log replays exactly.
                ui.horizontal_wrapped(|ui| {
                    let reroll = &mut self.play.use_reroll[kind as usize];
                    if pv.reroll.is_some() {
                        ui.checkbox(reroll, "re-roll a failure");
                    }
                    let take = *reroll && pv.reroll.is_some();
                    if ui
                        .button(format!("Roll the {kind} in the app"))
                        .on_hover_text("the game's dice, saved in the file")
                        .clicked()
                    {
                        out.push(Command::RollTest {
                            unit: pv.unit,
                            kind,
                            reroll: take,
                        });
                    }
                });
            }
        }
        out
    }

    /// What each colour and mark over the map means, and the toggle that shades refused places
    /// in full.
    pub(super) fn legend_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        ui.add_space(2.0);
        let mut full = self.settings.show_refused;
        if ui
            .checkbox(&mut full, "Shade refused places in full")
            .changed()
        {
            let mut s = self.settings.clone();
            s.show_refused = full;
            out.push(Command::Settings(Box::new(s)));
        }
        egui::CollapsingHeader::new("What the marks mean")
            .id_salt("legend")
            .show(ui, |ui| {
                for (swatch, text) in preview::LEGEND {
                    ui.horizontal(|ui| {
                        swatch_ui(ui, *swatch);
                        // Wrapped to the panel's width, not cut off at its edge.
                        ui.add(egui::Label::new(*text).wrap());
                    });
                }
            });
        out
    }
}

/// A legend mark, drawn as it looks over the map.
fn swatch_ui(ui: &mut Ui, swatch: Swatch) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(22.0, 14.0), egui::Sense::hover());
    let p = ui.painter();
    let c = super::paint::colour;
    match swatch {
        Swatch::Fill(fill, edge) => {
            p.rect_filled(r, 2.0, c(fill));
            p.rect_stroke(
                r,
                2.0,
                egui::Stroke::new(1.5, c(edge)),
                egui::StrokeKind::Inside,
            );
        }
        Swatch::Hatch(col) => {
            let clip = ui.painter_at(r);
            let mut x = r.left() - r.height();
            while x < r.right() {
                clip.line_segment(
                    [
                        egui::pos2(x, r.top()),
                        egui::pos2(x + r.height(), r.bottom()),
                    ],
                    egui::Stroke::new(1.5, c(col)),
                );
                x += 5.0;
            }
        }
        Swatch::Line(col) => {
            p.line_segment(
                [r.left_center(), r.right_center()],
                egui::Stroke::new(2.5, c(col)),
            );
        }
        Swatch::Outline(col) => {
            p.rect_filled(r, 2.0, c(preview_fill(col)));
            p.rect_stroke(
                r,
                2.0,
                egui::Stroke::new(2.0, c(col)),
                egui::StrokeKind::Inside,
            );
        }
        Swatch::Ring(col) => {
            p.circle_stroke(r.center(), r.height() * 0.4, egui::Stroke::new(2.0, c(col)));
        }
    }
}

/// A light fill of an outline's colour.
fn preview_fill(col: Colour) -> Colour {
    Colour::rgba(col.r, col.g, col.b, 38)
}
