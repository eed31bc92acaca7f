//! The Select tool: click to select, Shift+click to add, drag a box, drag the selection, and
//! drag, insert (double-click) or remove (right-click) the vertices of a selected shape; and
//! what every drag sends when it ends.

use super::CLICK_SLOP;
use crate::app::App;
use crate::app::command::{Change, Command, Commands};
use crate::app::hit;
use crate::app::tools::Gesture;
use crate::edit::ops::selection::{
    editable_points, insert_vertex, move_edits, move_vertex, remove_vertex,
};
use crate::geom::{Aabb, Point};
use crate::model::ItemRef;
use egui::{PointerButton, Ui};

impl App {
    pub(super) fn select_tool(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        world: Point,
        tol: f32,
        shift: bool,
    ) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        // Vertex handles of a single selected piece or zone (authoring only).
        if !self.playing()
            && let [item] = self.selection[..]
            && let Some(points) = editable_points(s, item)
        {
            let near = points
                .iter()
                .position(|p| p.distance(world) <= 6.0 / self.view.zoom);
            if response.drag_started_by(PointerButton::Primary)
                && let Some(index) = near
            {
                self.canvas.gesture = Some(Gesture::Vertex {
                    item,
                    index,
                    to: world,
                });
                return out;
            }
            if response.secondary_clicked()
                && let Some(index) = near
            {
                out.push(match remove_vertex(s, item, index) {
                    Ok(e) => Command::Apply(Change::new("Remove vertex", vec![e])),
                    Err(why) => Command::Status(why),
                });
                return out;
            }
            if response.double_clicked()
                && let Some(e) = insert_vertex(s, item, world, 8.0 / self.view.zoom)
            {
                out.push(Command::Apply(Change::new("Insert vertex", vec![e])));
                return out;
            }
        }
        if let Some(Gesture::Vertex { to, .. }) = &mut self.canvas.gesture {
            *to = world;
            return out;
        }
        if response.clicked() {
            match hit::hit(s, world, tol) {
                Some(item) if shift => {
                    let mut v = self.selection.clone();
                    match v.iter().position(|x| *x == item) {
                        Some(k) => {
                            v.remove(k);
                        }
                        None => v.push(item),
                    }
                    out.push(Command::Select(v));
                }
                Some(item) => {
                    // A click where the selected counter of a stack lies selects the one
                    // under it, so every counter of a stack can be reached.
                    let counter = |u| s.unit(u).is_some_and(|u| !u.is_leader());
                    let below = match (item, &self.selection[..]) {
                        (ItemRef::Unit(hit), [ItemRef::Unit(id)]) if counter(hit) => {
                            hit::below_in_stack(s, world, *id)
                        }
                        _ => None,
                    };
                    let item = below.map_or(item, ItemRef::Unit);
                    out.push(Command::Select(vec![item]));
                }
                None if !shift => out.push(Command::Select(Vec::new())),
                None => {}
            }
        }
        if response.drag_started_by(PointerButton::Primary) {
            let from = response
                .interact_pointer_pos()
                .map(|p| self.view.to_world(p - response.drag_delta()))
                .unwrap_or(world);
            // Ground (a deployment zone, a terrain piece) moves only once selected: a drag that
            // starts on open ground inside one selects by box, so a missed drag aimed at a unit
            // never carries a whole zone off the table.
            let ground = |i: &crate::model::ItemRef| {
                matches!(
                    i,
                    crate::model::ItemRef::Zone(_) | crate::model::ItemRef::Piece(_)
                )
            };
            let hit = hit::hit(s, from, tol).filter(|i| !ground(i) || self.selection.contains(i));
            // In Play only a unit the referee allowed a free move of is dragged freely; any
            // other drag selects by box.
            let hit = match hit {
                Some(item) if self.playing() => {
                    let unit = match item {
                        crate::model::ItemRef::Unit(u) | crate::model::ItemRef::Model(u, _) => {
                            Some(u)
                        }
                        _ => None,
                    };
                    if self.play.free_move_of(unit) {
                        unit.map(crate::model::ItemRef::Unit)
                    } else if let Some(u) = unit {
                        // Refused: the unit stays selected (its preview says more), and no
                        // box starts from it.
                        out.push(Command::Refuse(self.why_no_drag_in_play(u)));
                        out.push(Command::Select(vec![crate::model::ItemRef::Unit(u)]));
                        return out;
                    } else {
                        None
                    }
                }
                other => other,
            };
            match hit {
                Some(item) => {
                    let items = if self.selection.contains(&item) {
                        self.selection.clone()
                    } else {
                        let v = if shift {
                            let mut v = self.selection.clone();
                            v.push(item);
                            v
                        } else {
                            vec![item]
                        };
                        out.push(Command::Select(v.clone()));
                        v
                    };
                    self.canvas.gesture = Some(Gesture::Move {
                        items,
                        from,
                        delta: Point::ZERO,
                    });
                }
                None => {
                    self.canvas.gesture = Some(Gesture::Box {
                        from,
                        to: world,
                        additive: shift,
                    })
                }
            }
        }
        match &mut self.canvas.gesture {
            Some(Gesture::Move { from, delta, .. }) => *delta = world - *from,
            Some(Gesture::Box { to, .. }) => *to = world,
            _ => {}
        }
        let _ = ui;
        out
    }

    /// What a drag sends when it ends at `world`: one edit, a selection, a rules move.
    pub(super) fn end_gesture(&mut self, world: Point) -> Commands {
        let mut out = Commands::default();
        let Some(g) = self.canvas.gesture.take() else {
            return out;
        };
        let s = self.doc.scenario();
        match g {
            Gesture::Move { items, from, delta } => {
                let delta = if delta == Point::ZERO {
                    world - from
                } else {
                    delta
                };
                if delta.length() * self.view.zoom < CLICK_SLOP {
                    return out; // a tiny drag is a click, not a move
                }
                let edits = move_edits(s, &items, delta, self.settings.snap);
                let label = if items.len() == 1 {
                    "Move".to_string()
                } else {
                    format!("Move {} items", items.len())
                };
                match (&self.play.referee.free_move, &items[..]) {
                    (Some((unit, note)), [crate::model::ItemRef::Unit(u)])
                        if self.playing() && u == unit =>
                    {
                        // The unit as the drag leaves it.
                        let mut moved = s.clone();
                        let ok = edits.into_iter().all(|e| e.apply(&mut moved).is_ok());
                        if let (true, Some(unit)) = (ok, moved.unit(*u)) {
                            out.push(Command::Referee {
                                note: note.clone(),
                                unit: Box::new(unit.clone()),
                            });
                        }
                    }
                    _ => out.push(Command::Apply(Change::new(label, edits))),
                }
            }
            Gesture::Box { from, to, additive } => {
                let b = Aabb {
                    min: from.min(to),
                    max: from.max(to),
                };
                let found = hit::in_box(s, b);
                let selection = if additive {
                    let mut v = self.selection.clone();
                    v.extend(found.into_iter().filter(|f| !self.selection.contains(f)));
                    v
                } else {
                    found
                };
                out.push(Command::Select(selection));
            }
            Gesture::Vertex { item, index, to } => {
                if let Some(e) = move_vertex(s, item, index, to, self.settings.snap) {
                    out.push(Command::Apply(Change::new("Move vertex", vec![e])));
                }
            }
            Gesture::Paint { cells } => {
                self.canvas.gesture = Some(Gesture::Paint { cells });
                out.extend(self.finish_paint());
            }
            Gesture::RulesMove { to, .. } => out.push(Command::DropGhost(to)),
            Gesture::Follower { model, to } => out.push(Command::PlaceFollower { model, to }),
            Gesture::Sight { from, to } => out.push(Command::Sight(from, to)),
            Gesture::Measure { from, to } => {
                self.canvas.measured = Some((from, to));
                self.status = format!(
                    "Measured {} (stays until the next measure; Escape clears it)",
                    super::draw::measure_text(s, from, to)
                );
            }
            Gesture::Pan | Gesture::Hexsides { .. } => {}
        }
        out
    }
}

impl App {
    /// Why a drag on `unit` in Play does not move it: the reason its open preview is refused
    /// (a routing unit takes no order), or else how a unit is moved in Play.
    fn why_no_drag_in_play(&self, unit: crate::model::UnitId) -> String {
        let s = self.doc.scenario();
        if let Some(named) = s.unit(unit)
            && crate::game::has_acted(s, unit)
        {
            return format!("{} has already acted this turn", named.name);
        }
        if let (Some((u, mode)), Some(named)) = (self.rules.open, s.unit(unit))
            && u == unit
            && let Some(why) = crate::preview::choices(s, unit)
                .into_iter()
                .find(|c| c.choice == mode)
                .and_then(|c| c.refused)
        {
            return format!("{} cannot move under {mode}: {why}", named.name);
        }
        "In Play a unit moves under its rule preview: drag it with its preview open, or allow a \
         referee's free move"
            .into()
    }
}
