//! The order of battle: every side's units as its chain of command runs. On a hex map (R5)
//! leaders stand over their subordinate leaders and the units that trace command to them; in
//! columns of march (R1) each column lists its units in their order of march; on other tables a
//! commander (R4) stands over the units he is attached to. Each row shows strength and state at
//! a glance, and whether the unit is off the map or has left it.
//!
//! A click selects the unit on the canvas (and the canvas's selection lights its row), a
//! double-click centres the view on it, and an off-map unit is placed by dragging its row onto
//! the map.

use super::App;
use super::command::{Command, Commands};
use super::oob_rows::{KeptForces, Row, above};
use super::tools::Payload;
use crate::model::*;
use egui::{RichText, Ui};
use std::collections::HashMap;
use std::sync::Arc;

/// The rows of a long list laid out only where they can be seen: a row out of the scroll
/// area's view takes the height it had when last drawn (one line until then) and draws
/// nothing, so a side of 5,000 units costs the frame the thirty rows in view. When the
/// selection changes the whole list is laid out once, so that the selected row can scroll
/// itself into view to the point.
struct RowsInView {
    /// The content's top on screen, and the part of the content in view.
    top: f32,
    viewport: egui::Rect,
    /// Each row's height when last drawn, kept in the context's memory between frames.
    heights: HashMap<UnitId, f32>,
    /// The height of a row of one line, as last drawn: the room left for a row not drawn yet,
    /// so the list's length, and a scroll to a row far down, are right from the start.
    line: f32,
    /// Whether `line` was measured this frame (it is then the least height drawn).
    line_measured: bool,
    /// Every row is laid out this frame: the frame a new selection scrolls the list, so that
    /// the row scrolled to stands where it will stay.
    whole: bool,
}

impl RowsInView {
    fn new(ui: &Ui, viewport: egui::Rect, whole: bool) -> RowsInView {
        // Taken out of the context's memory (not copied) and put back by `remember`.
        let (heights, line) = ui.data_mut(|d| {
            std::mem::take(d.get_temp_mut_or_default::<(HashMap<UnitId, f32>, f32)>(Self::id()))
        });
        let line = if line > 0.0 {
            line
        } else {
            ui.spacing().interact_size.y
        };
        RowsInView {
            top: ui.min_rect().top(),
            viewport,
            heights,
            line,
            line_measured: false,
            whole,
        }
    }

    fn id() -> egui::Id {
        egui::Id::unique("order-of-battle-row-heights")
    }

    /// Lays out the row of `unit` with `add`, or leaves its room when it is out of view.
    fn row(&mut self, ui: &mut Ui, unit: UnitId, followed: bool, add: impl FnOnce(&mut Ui)) {
        let at = ui.cursor().top();
        let h = self.heights.get(&unit).copied().unwrap_or(self.line);
        let y = at - self.top;
        // A screenful above and below is laid out too: a short scroll, or a row that grows,
        // finds its neighbours already measured.
        let near = self
            .viewport
            .expand2(egui::vec2(0.0, self.viewport.height()));
        if !self.whole && !followed && (y + h < near.top() || y > near.bottom()) {
            ui.allocate_space(egui::vec2(ui.available_width(), h));
            return;
        }
        add(ui);
        let drawn = (ui.cursor().top() - at - ui.spacing().item_spacing.y).max(0.0);
        self.heights.insert(unit, drawn);
        // Most rows are one line: the least height drawn is a line's.
        self.line = if self.line_measured {
            self.line.min(drawn)
        } else {
            drawn
        };
        self.line_measured = true;
    }

    fn remember(self, ui: &Ui) {
        ui.data_mut(|d| d.insert_temp(Self::id(), (self.heights, self.line)));
    }
}

/// A side's colour for text on the panel: as it is when it stands out from the background,
/// else mixed halfway toward the text colour (a black side on the dark theme).
fn readable(c: egui::Color32, v: &egui::Visuals) -> egui::Color32 {
    let luma = |c: egui::Color32| {
        (0.2126 * f32::from(c.r()) + 0.7152 * f32::from(c.g()) + 0.0722 * f32::from(c.b())) / 255.0
    };
    if (luma(c) - luma(v.panel_fill)).abs() >= 0.3 {
        c
    } else {
        c.lerp_to_gamma(v.text_color(), 0.5)
    }
}

impl App {
    /// The order of battle panel.
    pub(super) fn order_of_battle_ui(&self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        // A drag here moves units, never selects the rows' text.
        ui.style_mut().interaction.selectable_labels = false;
        ui.label(
            RichText::new(if self.playing() {
                "Click to select, double-click to find on the map. A unit that has acted this \
                 turn says so, as its mark on the map does."
            } else {
                "Click to select, double-click to find on the map; drag a unit onto a leader to \
                 put it under his command, or a unit that is off the map onto the map to place it."
            })
            .weak(),
        );
        if !self.playing() {
            let open = self.settings.show_oob_table;
            if ui
                .add(egui::Button::new("Table").selected(open))
                .on_hover_text(
                    "The order of battle as a table under the map: every unit a row, edited in \
                     place, rows pasted from a spreadsheet (View > Order of battle table)",
                )
                .clicked()
            {
                let mut s = self.settings.clone();
                s.show_oob_table = !open;
                out.push(Command::Settings(Box::new(s)));
            }
        }
        // Worked out once per change of the scenario that changes the rows, not every frame:
        // a side of thousands of units is not listed again while the pointer moves, nor for a
        // played move.
        let forces_id = egui::Id::unique("order-of-battle-forces");
        let kept = ui.data(|d| d.get_temp::<KeptForces>(forces_id));
        let kept = KeptForces::rows(kept, &self.doc.shared_scenario(), self.doc.changes());
        let forces = Arc::clone(kept.forces());
        ui.data_mut(|d| d.insert_temp(forces_id, kept));
        // The list follows the selection when it changes (a unit clicked on the map), and is
        // left where the user scrolls it otherwise.
        let shown_id = egui::Id::unique("order-of-battle-followed");
        let follow =
            ui.data(|d| d.get_temp::<Vec<ItemRef>>(shown_id)).as_ref() != Some(&self.selection);
        if follow {
            ui.data_mut(|d| d.insert_temp(shown_id, self.selection.clone()));
        }
        egui::ScrollArea::vertical()
            .id_salt("order-of-battle")
            .auto_shrink([false, false])
            .show_viewport(ui, |ui, viewport| {
                // Names and details are cut to the panel's width (whole on hover): a long row
                // must not widen the panel and move the map.
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                let mut rows = RowsInView::new(ui, viewport, follow);
                for side in forces.iter() {
                    let colour = readable(super::paint::colour(side.colour), ui.visuals());
                    let header = RichText::new(&side.name).strong().color(colour);
                    egui::CollapsingHeader::new(header)
                        .id_salt(("oob-side", side.side))
                        .default_open(true)
                        .show(ui, |ui| {
                            for g in &side.groups {
                                if let Some(h) = &g.heading {
                                    ui.label(RichText::new(h).strong());
                                }
                                for r in &g.rows {
                                    let selected = self.row_selected(r);
                                    rows.row(ui, r.unit, selected && follow, |ui| {
                                        out.extend(self.oob_row_ui(ui, r, follow))
                                    });
                                }
                            }
                        });
                }
                rows.remember(ui);
            });
        out
    }

    /// Whether `r`'s unit (or one of its models) is selected.
    fn row_selected(&self, r: &Row) -> bool {
        self.selection
            .iter()
            .any(|i| matches!(i, ItemRef::Unit(u) | ItemRef::Model(u, _) if *u == r.unit))
    }

    fn oob_row_ui(&self, ui: &mut Ui, r: &Row, follow: bool) -> Commands {
        let mut out = Commands::default();
        let selected = self.row_selected(r);
        let detail = r.detail(self.doc.scenario());
        let row = ui.horizontal(|ui| {
            ui.add_space(14.0 * r.depth as f32);
            let text = RichText::new(&r.name);
            let text = if r.on_map { text } else { text.italics() };
            let resp = if self.playing() {
                // In Play nobody is placed or reassigned by hand.
                ui.add(egui::Button::selectable(selected, text).wrap())
            } else {
                // Off the map the row is dragged onto the map to place the unit; any row is
                // dragged onto a leader's row to put the unit under his command.
                let payload = if r.on_map {
                    Payload::Command(r.unit)
                } else {
                    Payload::Place(r.unit)
                };
                // The row's own button senses the drag too, so a click still selects it.
                let resp = ui
                    .add(egui::Button::selectable(selected, text).wrap())
                    .interact(egui::Sense::drag());
                if resp.drag_started() {
                    egui::DragAndDrop::set_payload(ui.ctx(), payload);
                }
                resp
            };
            if !self.playing() && r.leader {
                out.extend(self.command_drop(ui, &resp, r.unit));
            }
            if resp.double_clicked() {
                out.push(Command::Select(vec![ItemRef::Unit(r.unit)]));
                out.push(Command::CentreOn(r.unit));
            } else if resp.clicked() {
                out.push(Command::Select(vec![ItemRef::Unit(r.unit)]));
            }
            if selected && follow {
                // At once: an animation across thousands of rows tells nothing.
                resp.scroll_to_me_animation(None, egui::style::ScrollAnimation::none());
            }
            // The detail beside the name when it fits, else on a line of its own below (a
            // reinforcement's "off map · turn 3 at Bolingbroke road" is read whole).
            let font = egui::TextStyle::Body.resolve(ui.style());
            let needs = ui
                .painter()
                .layout_no_wrap(detail.clone(), font, egui::Color32::WHITE)
                .size()
                .x;
            let fits = needs + ui.spacing().item_spacing.x <= ui.available_width();
            if fits {
                ui.label(RichText::new(&detail).weak());
            }
            fits
        });
        if !row.inner {
            ui.horizontal(|ui| {
                ui.add_space(14.0 * (r.depth + 1) as f32);
                ui.add(egui::Label::new(RichText::new(&detail).weak()).wrap());
            });
        }
        out
    }
}

impl App {
    /// A leader's row as a drop target: a unit of his side dropped on it goes under his
    /// command, one undo step; a drop that would make him his own subordinate is refused.
    fn command_drop(&self, ui: &Ui, row: &egui::Response, leader: UnitId) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        let carried = |p: &Payload| match p {
            Payload::Place(u) | Payload::Command(u) => Some(*u),
            _ => None,
        };
        if let Some(p) = row.dnd_hover_payload::<Payload>()
            && carried(&p).is_some()
        {
            ui.painter().rect_stroke(
                row.rect.expand(2.0),
                3.0,
                egui::Stroke::new(2.0, ui.visuals().selection.stroke.color),
                egui::StrokeKind::Outside,
            );
        }
        let Some(unit) = row
            .dnd_release_payload::<Payload>()
            .and_then(|p| carried(&p))
        else {
            return out;
        };
        out.push(match under_command(s, unit, leader) {
            Ok(u) => Command::Apply(super::command::Change::new(
                format!(
                    "Put {} under {}",
                    u.name,
                    s.item_name(ItemRef::Unit(leader))
                ),
                vec![crate::edit::ops::units::put(u)],
            )),
            Err(why) => Command::Refuse(format!("Not put under command: {why}")),
        });
        out
    }
}

/// `unit` as it stands under `leader`'s command, or why it may not: a leader of another
/// side, himself, or one of his own subordinates. What is set is what the order of battle
/// reads ([`above`]): a leader's superior or a unit's commander on a hex map, the leader
/// attached on the table.
fn under_command(s: &Scenario, unit: UnitId, leader: UnitId) -> Result<Unit, String> {
    let u = s.unit(unit).ok_or("That unit is gone")?;
    let l = s.unit(leader).ok_or("That leader is gone")?;
    if unit == leader {
        return Err(format!("{} cannot command himself", l.name));
    }
    if u.side != l.side {
        return Err(format!(
            "{} and {} fight on different sides",
            l.name, u.name
        ));
    }
    let r = s.rules.ruleset;
    // Up the leader's chain: the unit must not be found above him (bounded by the units).
    let mut up = above(r, l);
    for _ in 0..s.units.len() {
        match up {
            Some(x) if x == unit => {
                return Err(format!(
                    "{} is under {}'s command: he cannot command his own superior",
                    l.name, u.name
                ));
            }
            Some(x) => up = s.unit(x).and_then(|x| above(r, x)),
            None => break,
        }
    }
    let mut n = u.clone();
    match (r, &mut n.leadership) {
        (Ruleset::HexCommands, Some(l)) => l.superior = Some(leader),
        (Ruleset::HexCommands | Ruleset::ColumnOfMarch, _) => n.commander = Some(leader),
        _ => n.attached_leader = Some(leader),
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::super::oob_rows::order_of_battle;
    use super::*;
    use std::collections::HashSet;

    fn sample(name: &str) -> Scenario {
        crate::samples::named(name)
    }

    #[test]
    fn winceby_leaders_stand_over_their_subordinates_and_units() {
        let s = sample("winceby");
        let oob = order_of_battle(&s);
        assert_eq!(oob.len(), s.sides.len());
        for side in &oob {
            let rows: Vec<&Row> = side.groups.iter().flat_map(|g| &g.rows).collect();
            // Every unit of the side appears exactly once.
            let n = s.units.iter().filter(|u| u.side == side.side).count();
            assert_eq!(rows.len(), n, "{}", side.name);
            // A unit's commander (or a leader's superior) stands above it, one level up.
            for (k, r) in rows.iter().enumerate() {
                let u = s.unit(r.unit).expect("unit");
                let above = u.leadership.and_then(|l| l.superior).or(u.commander);
                if let Some(p) = above.filter(|p| rows.iter().any(|x| x.unit == *p)) {
                    let parent = rows[..k]
                        .iter()
                        .rev()
                        .find(|x| x.depth + 1 == r.depth)
                        .expect("a row above");
                    assert_eq!(parent.unit, p, "{}", u.name);
                }
            }
        }
    }

    #[test]
    fn bakambo_columns_list_their_order_of_march_and_off_table_units() {
        let s = sample("bakambo");
        let oob = order_of_battle(&s);
        let c = &s.columns[0];
        let side = oob
            .iter()
            .find(|x| x.side == c.side)
            .expect("the column's side");
        let g = side
            .groups
            .iter()
            .find(|g| g.heading.as_deref().is_some_and(|h| h.starts_with(&c.name)))
            .expect("a group for the column");
        let order: Vec<UnitId> = g.rows.iter().map(|r| r.unit).collect();
        let members: Vec<UnitId> = c.members.iter().map(|m| m.unit).collect();
        assert_eq!(order, members);
        assert!(g.rows[0].name.starts_with("1. "));
        // The tail of the column waits off the table, and says so.
        assert!(
            g.rows
                .iter()
                .any(|r| !r.on_map && r.detail(&s).contains("off map"))
        );
    }

    #[test]
    fn a_unit_dropped_on_a_leader_goes_under_his_command_but_never_over_its_superior() {
        let s = sample("winceby");
        let side = s.sides[0].id;
        let leaders: Vec<&Unit> = s
            .units
            .iter()
            .filter(|u| u.side == side && u.is_leader())
            .collect();
        let troop = s
            .units
            .iter()
            .find(|u| u.side == side && !u.is_leader())
            .expect("a unit");
        let top = leaders
            .iter()
            .find(|l| above(Ruleset::HexCommands, l).is_none())
            .expect("a top leader");
        let sub = leaders
            .iter()
            .find(|l| above(Ruleset::HexCommands, l) == Some(top.id))
            .expect("a subordinate leader");
        let moved = under_command(&s, troop.id, sub.id).expect("a unit goes under a leader");
        assert_eq!(moved.commander, Some(sub.id));
        let err = under_command(&s, top.id, sub.id).expect_err("a superior under his subordinate");
        assert!(err.contains("own superior"), "{err}");
        let enemy = s
            .units
            .iter()
            .find(|u| u.side != side && u.is_leader())
            .expect("an enemy leader");
        assert!(under_command(&s, troop.id, enemy.id).is_err());
        assert!(under_command(&s, sub.id, sub.id).is_err());
    }

    #[test]
    fn a_loop_of_superiors_lists_each_leader_once() {
        let mut s = sample("winceby");
        let leaders: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| u.is_leader())
            .map(|u| u.id)
            .take(2)
            .collect();
        let [a, b] = leaders[..] else { panic!() };
        for (x, y) in [(a, b), (b, a)] {
            if let Some(l) = s.unit_mut(x).and_then(|u| u.leadership.as_mut()) {
                l.superior = Some(y);
            }
        }
        for side in order_of_battle(&s) {
            let rows: Vec<UnitId> = side
                .groups
                .iter()
                .flat_map(|g| &g.rows)
                .map(|r| r.unit)
                .collect();
            let unique: HashSet<_> = rows.iter().collect();
            assert_eq!(unique.len(), rows.len());
        }
    }

    #[test]
    fn a_reinforcements_row_says_its_turn_and_entry_hex_as_printed() {
        let s = sample("winceby");
        let r = s
            .reinforcements
            .first()
            .expect("winceby has reinforcements");
        let Place::Hex(h) = r.entry else {
            panic!("a hex entry")
        };
        let label = s.map.as_hex().expect("hex map").label(h);
        // An entry under a map label goes by its name too, as the sheet prints it.
        let named = s
            .label_at(r.entry)
            .map_or(String::new(), |l| format!("{} (", l.text));
        let close = if named.is_empty() { "" } else { ")" };
        let rows: Vec<Row> = order_of_battle(&s)
            .into_iter()
            .flat_map(|f| f.groups)
            .flat_map(|g| g.rows)
            .collect();
        for u in &r.units {
            let row = rows.iter().find(|x| x.unit == *u).expect("a row");
            assert!(
                row.detail(&s).ends_with(&format!(
                    "off map · turn {} at {named}hex {label}{close}",
                    r.turn
                )),
                "{}",
                row.detail(&s)
            );
        }
    }
}
