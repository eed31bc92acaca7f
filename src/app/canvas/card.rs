//! The card beside the pointer: the rule preview's answer for the place under it, and the
//! card of every unit there (a whole stack on a hex, like VASSAL's mouse-over stack viewer):
//! name, side, type, quality, strength, morale, command and whom it traces to, and the
//! characteristics its ruleset uses.

use crate::app::App;
use crate::app::paint::colour;
use crate::app::tools::Gesture;
use crate::geom::Point;
use crate::model::*;
use egui::{Color32, RichText, Ui};

/// Cards shown at most, for a crowded hex.
const MAX_CARDS: usize = 4;

/// The units the pointer rests on: every unit in the hex on a hex map (combat units first),
/// the unit whose base is under it on the table.
pub fn units_at(s: &Scenario, p: Point, tol: f32) -> Vec<UnitId> {
    match s.map.as_hex() {
        Some(_) => {
            let Some(hex) = crate::app::hit::hex_at(s, p) else {
                return Vec::new();
            };
            let mut here: Vec<&Unit> = s
                .units
                .iter()
                .filter(|u| u.in_play() && u.hex().is_some_and(|(h, _)| h == hex))
                .collect();
            here.sort_by_key(|u| u.is_leader());
            here.iter().map(|u| u.id).collect()
        }
        None => match crate::app::hit::hit(s, p, tol) {
            Some(ItemRef::Unit(u)) => vec![u],
            _ => Vec::new(),
        },
    }
}

/// The lines of a unit's card after its name, in the words a player uses.
pub fn card_lines(s: &Scenario, u: &Unit) -> Vec<String> {
    let mut lines = Vec::new();
    let side = s.side(u.side).map_or("no side", |x| x.name.as_str());
    let kind = match u.kind {
        UnitKind::Artillery { class, draught, .. } => {
            format!("{class:?} {draught:?} artillery").to_lowercase()
        }
        UnitKind::Dragoons if u.state.mounted => "dragoons (mounted)".to_string(),
        UnitKind::Dragoons => "dragoons (dismounted)".to_string(),
        k => k.tag().to_string(),
    };
    lines.push(format!("{side} · {kind} · {:?}", u.quality));
    let what = if s.map.is_hex() || s.rules.morale_tests {
        ("stand", "stands")
    } else {
        ("figure", "figures")
    };
    let strength = if u.strength.current == u.strength.start {
        count(u.strength.current, what.0, what.1)
    } else {
        format!(
            "{} of {}",
            u.strength.current,
            count(u.strength.start, what.0, what.1)
        )
    };
    let morale = match u.state.morale {
        Morale::GoodOrder => "good order",
        Morale::Unsteady => "unsteady",
        Morale::Routing => "routing",
        Morale::Removed => "removed",
    };
    lines.push(format!("{strength} · {morale}"));
    if let Some(l) = &u.leadership {
        let mut text = format!("Command: {}, span {}", l.command, l.span);
        if let Some(sup) = l.superior.and_then(|id| s.unit(id)) {
            text.push_str(&format!(", answers to {}", sup.name));
        }
        lines.push(text);
    }
    // The MP a hex unit may spend this turn, as the Rules panel counts them.
    let mut charge_mp = None;
    if s.map.is_hex() {
        if let Some((t, mp)) = crate::preview::traced_with_mp(s, u.id) {
            lines.push(format!("Traces command: {t}"));
            charge_mp = mp;
        }
    } else if let Some(l) = u.attached_leader.and_then(|id| s.unit(id)) {
        lines.push(format!("Attached leader: {}", l.name));
    }
    if let Some(c) = s.column_of(u.id)
        && let Some(place) = c.members.iter().position(|m| m.unit == u.id)
    {
        lines.push(format!(
            "In {}, place {} of {}",
            c.name,
            place + 1,
            c.members.len()
        ));
    }
    let st = &u.stats;
    lines.push(match s.rules.ruleset {
        Ruleset::HexCommands => match charge_mp {
            Some(a) => format!("MP {a} ({} + {} for Charge)", st.mp, a - u16::from(st.mp)),
            None => format!("MP {}", st.mp),
        },
        Ruleset::M42 => format!(
            "Mv {}\" · Ld {} · BS {} · Ev {} · To {}",
            st.mv, st.ld, st.bs, st.ev, st.to
        ),
        Ruleset::Orders => format!(
            "Mv {}\" · Ld {} · RoF {} · Aw {}\" · Ev {} · To {}",
            st.mv, st.ld, st.rof, st.aw, st.ev, st.to
        ),
        Ruleset::ColumnOfMarch => format!("Mv {}\" · Discipline {}+", st.mv, st.discipline),
    });
    if s.rules.morale_tests {
        lines.push(format!("Rout distance {}\"", st.rout_in));
    }
    if !u.special.is_empty() {
        let names: Vec<String> = u.special.iter().map(|r| format!("{r:?}")).collect();
        lines.push(format!("Special: {}", names.join(", ")));
    }
    lines
}

/// A unit's card lines, worked out once per state of the scenario (`changes`): tracing its
/// command builds the hex rules of the whole map, too much to do again every frame the
/// pointer rests on it.
fn cached_card_lines(ctx: &egui::Context, changes: u64, s: &Scenario, u: &Unit) -> Vec<String> {
    let id = egui::Id::unique(("card-lines", u.id));
    if let Some((_, lines)) = ctx
        .data(|d| d.get_temp::<(u64, Vec<String>)>(id))
        .filter(|(k, _)| *k == changes)
    {
        return lines;
    }
    let lines = card_lines(s, u);
    ctx.data_mut(|d| d.insert_temp(id, (changes, lines.clone())));
    lines
}

impl App {
    /// The card beside the pointer, if there is anything to say: the preview's answer recorded
    /// this frame and the units under the pointer.
    pub(super) fn pointer_card_ui(&mut self, ui: &Ui) {
        let tip = self.canvas.tip.take();
        let (keyed, moved) = ui.input(|i| {
            // The raw events: a key the shortcuts took is gone from `events`.
            let keyed = i
                .raw
                .events
                .iter()
                .any(|e| matches!(e, egui::Event::Key { pressed: true, .. }));
            (keyed, i.pointer.delta() != egui::Vec2::ZERO)
        });
        if moved {
            self.canvas.keyboard_since_pointer = false;
        } else if keyed {
            self.canvas.keyboard_since_pointer = true;
        }
        if self.canvas.keyboard_since_pointer {
            return;
        }
        let dragging = matches!(
            self.canvas.gesture,
            Some(Gesture::Move { .. } | Gesture::Box { .. } | Gesture::Pan)
        );
        let units = match (self.canvas.cursor, dragging) {
            (Some(p), false) => units_at(self.doc.scenario(), p, 4.0 / self.view.zoom),
            _ => Vec::new(),
        };
        if tip.is_none() && units.is_empty() {
            return;
        }
        let Some(pos) = ui.ctx().pointer_latest_pos() else {
            return;
        };
        let s = self.doc.scenario();
        let changes = self.doc.changes();
        // The card stays over the map, clear of the dock's text: right of the pointer on the
        // map's left half, left of it on the right half.
        let area = self.canvas.rect;
        let (pivot, offset) = if pos.x > area.center().x {
            (egui::Align2::RIGHT_TOP, egui::vec2(-18.0, 18.0))
        } else {
            (egui::Align2::LEFT_TOP, egui::vec2(18.0, 18.0))
        };
        egui::Area::new(egui::Id::unique("pointer-card"))
            .pivot(pivot)
            .fixed_pos(pos + offset)
            .order(egui::Order::Tooltip)
            .interactable(false)
            .constrain_to(area)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(340.0);
                    if let Some((text, legal)) = &tip {
                        let c = match legal {
                            Some(true) => Color32::from_rgb(20, 130, 50),
                            Some(false) => Color32::from_rgb(190, 30, 30),
                            None => ui.visuals().text_color(),
                        };
                        ui.label(RichText::new(text).color(c));
                        if !units.is_empty() {
                            ui.separator();
                        }
                    }
                    for (k, id) in units.iter().take(MAX_CARDS).enumerate() {
                        let Some(u) = s.unit(*id) else { continue };
                        if k > 0 {
                            ui.separator();
                        }
                        ui.horizontal(|ui| {
                            let side = s
                                .side(u.side)
                                .map_or(Colour::rgb(128, 128, 128), |x| x.colour);
                            let (r, _) = ui
                                .allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                            ui.painter().rect_filled(r, 2.0, colour(side));
                            ui.strong(&u.name);
                        });
                        for line in cached_card_lines(ui.ctx(), changes, s, u) {
                            ui.label(line);
                        }
                    }
                    if units.len() > MAX_CARDS {
                        ui.label(
                            RichText::new(format!("and {} more here", units.len() - MAX_CARDS))
                                .weak(),
                        );
                    }
                });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winceby_trooper_card_names_side_command_and_movement() {
        let s = crate::samples::named("winceby");
        let u = s
            .units
            .iter()
            .find(|u| {
                matches!(u.kind, UnitKind::Cavalry) && u.hex().is_some() && u.commander.is_some()
            })
            .expect("a cavalry unit on the map");
        let lines = card_lines(&s, u);
        let side = &s.side(u.side).expect("side").name;
        assert!(lines[0].starts_with(side.as_str()), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("Traces command: ")),
            "{lines:?}"
        );
        // Its MP, or under a Charge the MP it may spend this turn.
        assert!(
            lines.iter().any(|l| l == &format!("MP {}", u.stats.mp)
                || l == &format!("MP {} ({} + 2 for Charge)", u.stats.mp + 2, u.stats.mp)),
            "{lines:?}"
        );
        let (hex, _) = u.hex().expect("on a hex");
        let at = s.map.as_hex().expect("hex").layout().hex_to_world_pos(hex);
        assert!(units_at(&s, at, 0.0).contains(&u.id));
    }

    #[test]
    fn r5_a_trooper_under_charge_has_the_rules_panels_allowance_on_its_card() {
        // Winceby: Cromwell's Regiment of Horse moves under Oliver Cromwell's Charge 1, so
        // it may spend its MP + 2 this turn; a Royalist under no Charge shows its own MP.
        let s = crate::samples::named("winceby");
        let card_mp = |name: &str| {
            let u = s.units.iter().find(|u| u.name == name).expect(name);
            card_lines(&s, u)
                .into_iter()
                .find(|l| l.starts_with("MP "))
                .expect("an MP line")
        };
        let cromwell = s
            .units
            .iter()
            .find(|u| u.name == "Cromwell's Regiment of Horse")
            .expect("Cromwell's Horse");
        let mode = crate::preview::choices(&s, cromwell.id)
            .into_iter()
            .find(|c| c.refused.is_none())
            .expect("a preview")
            .choice;
        let panel = crate::preview::compute(&s, &crate::preview::Request::new(cromwell.id, mode))
            .expect("the preview")
            .lines
            .into_iter()
            .map(|l| l.text)
            .find(|t| t.contains(" MP ("))
            .expect("the panel's allowance line");
        let card = card_mp("Cromwell's Regiment of Horse");
        let mp = cromwell.stats.mp;
        assert_eq!(card, format!("MP {} ({mp} + 2 for Charge)", mp + 2));
        assert!(
            panel.contains(&format!("{} MP ({mp} + 2 for Charge)", mp + 2)),
            "{panel}"
        );
        // Every unit with a move preview: the card and the panel give one allowance.
        let mut looked = 0;
        for u in s
            .units
            .iter()
            .filter(|u| u.hex().is_some() && !u.is_leader())
        {
            let Some(c) = crate::preview::choices(&s, u.id)
                .into_iter()
                .find(|c| c.refused.is_none())
            else {
                continue;
            };
            let Ok(o) = crate::preview::compute(&s, &crate::preview::Request::new(u.id, c.choice))
            else {
                continue;
            };
            let card = card_mp(&u.name);
            let mp = u.stats.mp;
            // The panel's first line: "<name>: <allowance>; <command>".
            let Some(line) = o
                .lines
                .iter()
                .find(|l| l.text.starts_with(&format!("{}: ", u.name)))
            else {
                continue;
            };
            if line.text.contains("for Charge)") {
                assert!(
                    line.text
                        .contains(&format!("{} MP ({mp} + 2 for Charge)", mp + 2))
                        && card == format!("MP {} ({mp} + 2 for Charge)", mp + 2),
                    "{}: panel {:?}, card {card:?}",
                    u.name,
                    line.text
                );
            } else {
                assert!(line.text.contains(&format!(": {mp} MP")), "{:?}", line.text);
                assert_eq!(card, format!("MP {mp}"), "{}", u.name);
            }
            looked += 1;
        }
        assert!(looked > 5, "only {looked} units compared");
        let royalist = s
            .units
            .iter()
            .find(|u| {
                u.hex().is_some()
                    && u.is_combat_unit()
                    && s.side(u.side).is_some_and(|x| x.name.contains("Royal"))
            })
            .expect("a Royalist unit");
        assert_eq!(card_mp(&royalist.name), format!("MP {}", royalist.stats.mp));
    }

    #[test]
    fn strength_reads_as_stands_or_figures_in_words() {
        let s = crate::samples::named("patrol");
        let u = &s.units[0];
        let lines = card_lines(&s, u);
        assert!(lines[1].contains(" figure"), "{lines:?}");
        assert!(!lines[1].contains("1 figures"));
    }
}
