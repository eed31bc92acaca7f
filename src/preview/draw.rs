//! The look of every preview: one palette and the few shapes they all draw, so a legal place
//! looks the same on the hex map and on the table.

use crate::geom::{Footprint, Point};
use crate::model::{Colour, Model};
use crate::rules::reach::{Region, Window, contour};
use crate::scene::{Anchor, Item, Mesh, Size, Stroke};
use std::sync::Arc;

pub const LEGAL: Colour = Colour::rgba(40, 170, 70, 80);
pub const LEGAL_EDGE: Colour = Colour::rgb(20, 130, 50);
pub const REJECTED: Colour = Colour::rgba(210, 40, 40, 70);
pub const REJECTED_EDGE: Colour = Colour::rgb(190, 30, 30);
pub const PATH: Colour = Colour::rgb(250, 170, 20);
pub const COMMAND: Colour = Colour::rgb(40, 110, 230);
pub const COMMAND_FILL: Colour = Colour::rgba(40, 110, 230, 45);
pub const WARN: Colour = Colour::rgb(235, 140, 0);
pub const NEUTRAL: Colour = Colour::rgb(90, 90, 90);

/// A filled region with its outline: the places a model may end.
pub fn region(items: &mut Vec<Item>, r: &Region, fill: Colour, edge: Colour, width_pt: f32) {
    let mut m = Mesh::default();
    contour::fill(&r.window, &r.excess, |poly| m.add_convex(poly, fill));
    if !m.is_empty() {
        items.push(Item::Mesh(Arc::new(m)));
    }
    outline(items, &r.outline(), edge, width_pt, None);
}

/// The places within `allowance` of `start` (straight-line) that `r` leaves out: shaded apart
/// so the player sees what stops the move.
pub fn refused_within(items: &mut Vec<Item>, r: &Region, start: Point, allowance: f32) {
    let w: Window = r.window;
    let values: Vec<f32> = r
        .excess
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let outside_region = if e.is_finite() { -e } else { -1.0 };
            outside_region.max(w.point(i).distance(start) - allowance)
        })
        .collect();
    let mut m = Mesh::default();
    contour::fill(&w, &values, |poly| m.add_convex(poly, REJECTED));
    if !m.is_empty() {
        items.push(Item::Mesh(Arc::new(m)));
    }
}

pub fn outline(
    items: &mut Vec<Item>,
    lines: &[Vec<Point>],
    colour: Colour,
    width_pt: f32,
    dash: Option<f32>,
) {
    for l in lines {
        let closed = l.len() > 2 && l.first() == l.last();
        let points = if closed {
            l[..l.len() - 1].to_vec()
        } else {
            l.clone()
        };
        let mut stroke = Stroke::points(width_pt, colour);
        stroke.dash = dash;
        items.push(Item::Line {
            points,
            stroke,
            closed,
        });
    }
}

pub fn path(items: &mut Vec<Item>, points: &[Point], colour: Colour) {
    if points.len() >= 2 {
        items.push(Item::Line {
            points: points.to_vec(),
            stroke: Stroke::points(2.5, colour),
            closed: false,
        });
    }
}

pub fn ring(items: &mut Vec<Item>, centre: Point, radius: f32, colour: Colour, dash: Option<f32>) {
    let mut stroke = Stroke::points(2.0, colour);
    stroke.dash = dash;
    items.push(Item::Circle {
        centre,
        radius,
        fill: None,
        stroke: Some(stroke),
    });
}

pub fn label(items: &mut Vec<Item>, at: Point, text: String, colour: Colour) {
    items.push(Item::Text {
        pos: at,
        text,
        size: Size::Points(11.0),
        colour,
        anchor: Anchor::Bottom,
    });
}

/// A model's base as it would stand, for ghosts and end positions.
pub fn base(items: &mut Vec<Item>, m: &Model, fill: Colour, edge: Colour) {
    let stroke = Some(Stroke::points(1.5, edge));
    match m.footprint() {
        Footprint::Circle { centre, radius } => items.push(Item::Circle {
            centre,
            radius,
            fill: Some(fill),
            stroke,
        }),
        Footprint::Rect { corners, .. } => items.push(Item::Convex {
            points: corners.to_vec(),
            fill: Some(fill),
            stroke,
        }),
    }
}

pub fn with_alpha(c: Colour, a: u8) -> Colour {
    Colour::rgba(c.r, c.g, c.b, a)
}
