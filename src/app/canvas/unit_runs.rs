//! The units' shapes for one view, kept a run of units at a time: after an edit of the forces
//! only the runs holding a unit that changed are drawn and tessellated again. Moving one
//! counter on a map of 5,000 then costs one run of them, not the whole layer.
//!
//! A unit unchanged between two states is the very same shared value (`model::Units`), so a
//! run is known to be unchanged by comparing addresses, with no need to compare units. What
//! else a unit's shapes depend on is either in the run's record of it (its place in its stack,
//! its part of the selection) or in the key every run shares (the view, the style, the sides'
//! colours, the hex grid's layout): a change of that key draws every run again.

use super::layer_cache::Keyed;
use crate::app::paint;
use crate::app::view::View;
use crate::geom::Aabb;
use crate::model::*;
use crate::scene;
use egui::epaint::text::FontsView;
use egui::{Rect, Shape};
use foldhash::{HashMap, HashMapExt};
use std::sync::Arc;

/// Units a run: a few dozen, so that redrawing one run is a small fraction of a frame and a
/// map of 5,000 is some eighty runs (each one mesh or a few to hand egui).
const RUN: usize = 64;

/// What one unit's shapes were drawn from.
struct Drawn {
    /// Held, so that its address is not given to another unit while the run is kept.
    unit: Arc<Unit>,
    /// Its place in its stack and the stack's height (`scene::Stacks`).
    stack: (u8, u8),
    /// Its part of the selection: whether it is selected, and which of its models.
    selection: Vec<ItemRef>,
}

/// A run of units' shapes.
struct Run {
    drawn: Vec<Drawn>,
    /// Its shapes but the texts, tessellated.
    shapes: Vec<Shape>,
    /// Its texts (a counter's strength), drawn over every unit's shapes.
    texts: Vec<Shape>,
    /// The boxes its units cover on the map (`scene::push_boxes`).
    boxes: Vec<Aabb>,
}

/// What every unit's shapes depend on besides the unit and the view.
#[derive(Clone, Debug, PartialEq)]
struct Shared {
    /// The style but its selection (each unit's part of it is in `Drawn`).
    style: scene::Style,
    colours: Vec<(SideId, Colour)>,
    /// The hex grid's layout (its size, orientation and origin), written out.
    layout: Option<String>,
}

/// The runs of the last units drawn, and the view and key they were drawn for.
#[derive(Default)]
pub(in crate::app) struct UnitRuns {
    key: Option<Keyed<Shared>>,
    runs: Vec<Run>,
}

/// The units' shapes, in the order they are drawn.
pub(super) struct UnitsDrawn {
    /// Every unit's shapes but its texts, tessellated, a run at a time.
    pub shapes: Vec<Shape>,
    /// Their texts, drawn after them.
    pub texts: Vec<Shape>,
    /// The boxes they cover on the map (`scene::unit_boxes`).
    pub boxes: Vec<Aabb>,
}

impl UnitRuns {
    /// The shapes of `s`'s units in play through `view` in `clip`, drawn again only for runs
    /// that changed since the last call.
    pub(super) fn draw(
        &mut self,
        s: &Scenario,
        style: &scene::Style,
        (view, clip, ppp): (&View, Rect, f32),
        fonts: &mut FontsView<'_>,
        baking: &paint::Baking,
    ) -> UnitsDrawn {
        let key = Keyed::new(
            view,
            clip,
            ppp,
            Shared {
                style: scene::Style {
                    selected: Vec::new(),
                    ..style.clone()
                },
                colours: s.sides.iter().map(|x| (x.id, x.colour)).collect(),
                layout: s.map.as_hex().map(|h| format!("{:?}", h.layout())),
            },
        );
        // With names drawn by the scene (print's style, never the editor's), a counter's
        // items name the units stacked with it: nothing is kept.
        if self.key.as_ref() != Some(&key) || style.labels {
            self.runs.clear();
        }
        self.key = Some(key);
        let order = scene::drawn_units(s);
        let mut old = std::mem::take(&mut self.runs).into_iter();
        // The scene's frame is only carried by the items, never read: worked out once, if a
        // run is drawn at all.
        let mut frame = None;
        let mut out = UnitsDrawn {
            shapes: Vec::new(),
            texts: Vec::new(),
            boxes: Vec::new(),
        };
        // Each unit's part of the selection (most units have none).
        let mut selected: HashMap<UnitId, Vec<ItemRef>> = HashMap::new();
        for r in &style.selected {
            if let ItemRef::Unit(u) | ItemRef::Model(u, _) = r {
                selected.entry(*u).or_default().push(*r);
            }
        }
        let selection_of = |id: UnitId| selected.get(&id).map_or(&[][..], Vec::as_slice);
        for run in order.chunks(RUN) {
            let kept = old.next().filter(|r| {
                r.drawn.len() == run.len()
                    && r.drawn.iter().zip(run).all(|(d, &(i, stack))| {
                        s.units.shared(i).is_some_and(|u| Arc::ptr_eq(u, &d.unit))
                            && d.stack == stack
                            && d.selection == selection_of(d.unit.id)
                    })
            });
            let run = match kept {
                Some(r) => r,
                None => {
                    let drawn: Vec<Drawn> = run
                        .iter()
                        .filter_map(|&(i, stack)| {
                            let unit = Arc::clone(s.units.shared(i)?);
                            let selection = selection_of(unit.id).to_vec();
                            Some(Drawn {
                                unit,
                                stack,
                                selection,
                            })
                        })
                        .collect();
                    let (bounds, unit) = *frame.get_or_insert_with(|| scene::frame(s));
                    let mut items = scene::Scene::new(bounds, unit);
                    let mut boxes = Vec::new();
                    for d in &drawn {
                        scene::push_unit(s, &d.unit, d.stack, style, &mut items);
                        scene::push_boxes(s, &d.unit, d.stack, style, &mut |b| boxes.push(b));
                    }
                    let mut shapes = Vec::new();
                    paint::push_items(&mut shapes, &items.items, view, clip, fonts, None);
                    let (texts, shapes): (Vec<Shape>, Vec<Shape>) = shapes
                        .into_iter()
                        .partition(|s| matches!(s, Shape::Text(_)));
                    Run {
                        drawn,
                        shapes: baking.bake(shapes, false),
                        texts,
                        boxes,
                    }
                }
            };
            out.shapes.extend(run.shapes.iter().cloned());
            out.texts.extend(run.texts.iter().cloned());
            out.boxes.extend_from_slice(&run.boxes);
            self.runs.push(run);
        }
        out
    }
}

#[cfg(test)]
mod tests;
