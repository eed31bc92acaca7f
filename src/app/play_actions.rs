//! What a unit may do in Play beyond moving, in the Rules panel: a leader's command chit (R5),
//! an R3 unit's Ld check, dragoons' formation (R5), a pin test (R1), and above them, when a
//! phasing cavalry move is halted at a charge-check point, the other side's reaction (R5).
//! Each is a rules answer carried out through the rules' engine like a move.

use super::App;
use super::command::{Command, Commands};
use super::roll_field::{TYPE_THE_ROLL, roll_field};
use crate::game;
use crate::model::game::{Action, Dice};
use crate::model::*;
use crate::rules::engine::{Choice, PIN_TEST_DICE, REACTION_CHECK_NEEDS};
use egui::{RichText, Ui};

impl App {
    /// A leader's command chit in Play (R5): the chits he may change to in the Command Phase,
    /// each refused one with the rules' reason.
    pub(super) fn command_chit_ui(&mut self, ui: &mut Ui, leader: UnitId) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        let Some(ld) = s.unit(leader).and_then(|u| u.leadership) else {
            return out;
        };
        if !s.map.is_hex() {
            return out;
        }
        ui.add_space(6.0);
        ui.label(RichText::new(format!("Command chit: {}", ld.command)).strong());
        let phase = game::stage(s).phase;
        if phase != crate::model::game::Phase::Command {
            ui.label(RichText::new("Chits change in the Command Phase.").weak());
            return out;
        }
        if game::has_acted(s, leader) {
            ui.label(RichText::new("Changed this turn.").weak());
            return out;
        }
        let offered = self.chits_offered(leader);
        ui.horizontal_wrapped(|ui| {
            for (c, allowed) in offered {
                let r =
                    ui.add_enabled(allowed.is_ok(), egui::Button::new(format!("Change to {c}")));
                let r = match &allowed {
                    Ok(()) => r.on_hover_text(format!("{} changes to {c}", ld.command)),
                    Err(why) => r.on_disabled_hover_text(why),
                };
                if r.clicked() {
                    out.push(Command::ChangeCommand { leader, command: c });
                }
            }
        });
        out
    }

    /// The chits a leader may be offered, other than the one he holds, each with the rules'
    /// answer.
    pub(super) fn chits_offered(
        &self,
        leader: UnitId,
    ) -> Vec<(crate::model::Command, Result<(), String>)> {
        let s = self.doc.scenario();
        let Some(u) = s.unit(leader) else {
            return Vec::new();
        };
        let held = u.leadership.map(|l| l.command);
        crate::rules::engine::commands(s, u)
            .into_iter()
            .filter(|(c, _)| Some(*c) != held)
            .map(|(c, a)| (c, a.map_err(|e| e.to_string())))
            .collect()
    }

    /// R3 in Play: the Ld check a unit takes before its order (2D6 at or under its Ld; a
    /// failure leaves Fall Back! its only order this turn), typed or rolled by the game.
    pub(super) fn leader_check_ui(&mut self, ui: &mut Ui, unit: &Unit) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        // No check before an order for a unit that may take none (routing): the preview's
        // refusal above says why.
        if s.rules.ruleset != Ruleset::Orders
            || unit.leader().is_none()
            || crate::rules::orders::no_order(unit).is_some()
        {
            return out;
        }
        ui.add_space(6.0);
        ui.label(
            RichText::new(format!(
                "Ld check: 2D6 at or under Ld {} (a failure leaves Fall Back! only)",
                unit.stats.ld
            ))
            .strong(),
        );
        if unit.state.failed_ld_check {
            ui.label(
                RichText::new("Failed this turn: Fall Back! is its only order.")
                    .color(ui.visuals().warn_fg_color),
            );
            return out;
        }
        // Passed this turn already, or the unit has acted: the game would refuse a check, so
        // none is offered (the reason says which).
        if let Some(at) = crate::rules::engine::InPlay::of(s) {
            let probe = crate::model::game::Action::LeaderCheck {
                unit: unit.id,
                dice: crate::model::game::Dice::Typed(2),
            };
            if let Err(why) = crate::rules::engine::turn::may_act(s, at, &probe, &[unit.id]) {
                let why = why.to_string();
                ui.label(RichText::new(if why.contains("taken its Ld check") {
                    "Passed this turn: its order may be given.".to_string()
                } else {
                    why
                }));
                return out;
            }
        }
        let r = &mut self.play.ld_roll;
        ui.horizontal_wrapped(|ui| {
            let (_, roll) = roll_field(ui, "Ld check, 2D6:", r, 2..=12);
            if ui
                .add_enabled(roll.is_some(), egui::Button::new("Take the Ld check"))
                .on_disabled_hover_text(TYPE_THE_ROLL)
                .clicked()
            {
                out.push(Command::LeaderCheck {
                    unit: unit.id,
                    roll,
                });
                *r = 0;
            }
            if ui
                .button("Roll the Ld check in the app")
                .on_hover_text("the game's dice, saved in the file")
                .clicked()
            {
                out.push(Command::LeaderCheck {
                    unit: unit.id,
                    roll: None,
                });
            }
        });
        out
    }

    /// A phasing cavalry move halted at a charge-check point (R5): who may check for a
    /// Charge (a D6, typed or rolled), who may charge (its preview, then a drag), and Go on.
    pub(super) fn halt_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        let Some(h) = s.game.as_ref().and_then(|g| g.state.halted.clone()) else {
            return out;
        };
        // A position of the log shown again: what was asked then, not asked now.
        let live = self.replaying().is_none();
        ui.group(|ui| {
            if !live {
                ui.label(RichText::new("Replaying the log: Back to the present to react.").weak());
            }
            ui.add_enabled_ui(live, |ui| self.halted_choices_ui(ui, &h, &mut out));
        });
        out
    }

    /// The halted move's reactions: each leader's check, each charger's preview, Go on.
    fn halted_choices_ui(&mut self, ui: &mut Ui, h: &crate::model::game::Halt, out: &mut Commands) {
        let s = self.doc.scenario();
        let name = |u: UnitId| s.unit(u).map_or_else(|| u.to_string(), |x| x.name.clone());
        let at = h
            .path
            .get(h.at as usize)
            .and_then(|hex| s.map.as_hex().map(|m| m.label(*hex)))
            .unwrap_or_default();
        let to = h.path.last().copied();
        let halt = h.path.get(h.at as usize).copied();
        ui.label(
            RichText::new(format!(
                "{}'s move is halted at {at}: a charge-check point",
                name(h.mover)
            ))
            .strong()
            .color(ui.visuals().warn_fg_color),
        );
        // Go on stands first, under the heading: the checks and charges below come and go
        // with the dice, and would move it under the pointer.
        if ui
            .button("Go on")
            .on_hover_text("the halted move goes on (it stops where it was charged)")
            .clicked()
        {
            out.push(Command::PlayAction(Box::new(Action::GoOn)));
        }
        let r = &mut self.play.reaction_roll;
        for l in &h.leaders {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "{} may check for a Charge (D6, {REACTION_CHECK_NEEDS}+):",
                    name(*l)
                ));
                let (_, roll) = roll_field(ui, "D6:", r, 1..=6);
                if ui
                    .add_enabled(
                        roll.is_some(),
                        egui::Button::new(format!("Check {}", name(*l))),
                    )
                    .on_disabled_hover_text(TYPE_THE_ROLL)
                    .clicked()
                    && let Some(roll) = roll
                {
                    out.push(Command::PlayAction(Box::new(Action::ReactionCheck {
                        leader: *l,
                        dice: Dice::Typed(roll),
                    })));
                    *r = 0;
                }
                if ui
                    .button(format!("Roll {}'s check", name(*l)))
                    .on_hover_text("the game's dice, saved in the file")
                    .clicked()
                {
                    out.push(Command::PlayAction(Box::new(Action::ReactionCheck {
                        leader: *l,
                        dice: Dice::App,
                    })));
                }
            });
        }
        for c in &h.chargers {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{} may charge {}:", name(*c), name(h.mover)));
                if let Some(to) = to
                    && ui
                        .button(format!("Preview {}'s charge", name(*c)))
                        .on_hover_text("select it and open its charge; drag it to a green hex")
                        .clicked()
                {
                    out.push(Command::Select(vec![ItemRef::Unit(*c)]));
                    out.push(Command::OpenPreview(Choice::HexReaction {
                        trigger: h.mover,
                        to,
                    }));
                }
                // Next to the mover it may not leave its zone of control: it charges in place.
                if let Some(here) = s.unit(*c).and_then(|u| u.hex()).map(|x| x.0)
                    && halt.is_some_and(|m| m.unsigned_distance_to(here) == 1)
                    && ui
                        .button(format!("{} charges where it stands", name(*c)))
                        .on_hover_text("it stands next to the mover: it attacks without moving")
                        .clicked()
                {
                    out.push(Command::PlayAction(Box::new(Action::ReactionCharge {
                        unit: *c,
                        to: here,
                    })));
                }
            });
        }
        if h.leaders.is_empty() && h.chargers.is_empty() {
            ui.label(RichText::new("Nobody else may react here.").weak());
        }
    }

    /// In Play, what the selected unit may do beside its moves: dragoons' formation (R5), its
    /// pin test or its rally from being pinned (R1).
    pub(super) fn unit_play_ui(&mut self, ui: &mut Ui, u: &Unit) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        if u.kind == UnitKind::Dragoons && s.map.is_hex() {
            ui.add_space(6.0);
            let now = if u.state.mounted {
                "mounted (cavalry rules)"
            } else {
                "dismounted (infantry rules)"
            };
            ui.label(RichText::new(format!("Formation: {now}")).strong());
            // The hex rules say whether its leader's chit allows it; the turn, whether it may
            // act now (its side's phase, once a turn).
            let switch = Action::Formation {
                unit: u.id,
                mounted: !u.state.mounted,
            };
            let why = crate::rules::hex_commands::preview_moves(s, u.id, None)
                .ok()
                .and_then(|p| p.dragoons)
                .and_then(|d| d.may_switch.err())
                .map(|w| w.to_string())
                .or_else(|| {
                    crate::rules::engine::InPlay::of(s).and_then(|at| {
                        crate::rules::engine::turn::may_act(s, at, &switch, &[u.id])
                            .err()
                            .map(|r| r.to_string())
                    })
                });
            let label = if u.state.mounted { "Dismount" } else { "Mount" };
            let r = ui.add_enabled(why.is_none(), egui::Button::new(label));
            let r = match &why {
                Some(w) => r.on_disabled_hover_text(w.as_str()),
                None => r.on_hover_text("under Stand: it may still move its one hex"),
            };
            if r.clicked() {
                out.push(Command::PlayAction(Box::new(switch)));
            }
        }
        let owed = s
            .game
            .as_ref()
            .is_some_and(|g| g.state.pin_tests.contains(&u.id));
        if s.rules.ruleset == Ruleset::ColumnOfMarch && (owed || u.state.pinned) {
            ui.add_space(6.0);
            ui.label(
                RichText::new(if owed {
                    format!(
                        "Pin test owed: its column broke (2D6 at or above Discipline {})",
                        u.stats.discipline
                    )
                } else {
                    format!(
                        "Pinned: it rallies from it with a pin test (2D6 at or above Discipline {})",
                        u.stats.discipline
                    )
                })
                .strong()
                .color(ui.visuals().warn_fg_color),
            );
            let r = &mut self.play.pin_roll;
            let top = (6 * PIN_TEST_DICE) as u8;
            ui.horizontal_wrapped(|ui| {
                let (_, roll) = roll_field(ui, "Pin test, 2D6:", r, PIN_TEST_DICE as u8..=top);
                if ui
                    .add_enabled(roll.is_some(), egui::Button::new("Take the pin test"))
                    .on_disabled_hover_text(TYPE_THE_ROLL)
                    .clicked()
                    && let Some(roll) = roll
                {
                    out.push(Command::PlayAction(Box::new(Action::PinTest {
                        unit: u.id,
                        dice: Dice::Typed(roll),
                    })));
                    *r = 0;
                }
                if ui
                    .button("Roll the pin test in the app")
                    .on_hover_text("the game's dice, saved in the file")
                    .clicked()
                {
                    out.push(Command::PlayAction(Box::new(Action::PinTest {
                        unit: u.id,
                        dice: Dice::App,
                    })));
                }
            });
        }
        out
    }
}
