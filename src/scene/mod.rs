//! What a scenario looks like, as shapes in map units: one description drawn by the canvas on
//! screen and by the exporter on paper, so screen and print never drift.
//!
//! A scene is a list of [`Item`]s (meshes, lines, circles, convex shapes, text) in map units:
//! inches on the table, millimetres on paper for hex maps. Widths and text sizes are either in
//! map units (they scale with the map) or in points (they stay readable at any zoom).

mod build;
mod dynamic;
mod item;
pub mod overlay;

pub use build::{Style, edge_corners, frame, ink, layout, static_layer};
pub use dynamic::{
    Stacks, drawn_units, dynamic_layer, markers_layer, objective_boxes, push_boxes, push_unit,
    stack_step, star, unit_boxes, unit_boxes_by_id,
};

/// Both layers, in one scene (for print and tests).
pub fn build(s: &crate::model::Scenario, style: &Style) -> Scene {
    let mut scene = static_layer(s, style);
    scene.items.extend(dynamic_layer(s, style).items);
    scene
}
pub use item::*;
