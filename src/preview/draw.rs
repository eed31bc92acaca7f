//! The look of every preview: one palette and the few shapes they all draw, so a legal place
//! looks the same on the hex map and on the table.
//!
//! The palette is Okabe and Ito's, which reads for the common colour blindnesses, and the two
//! answers that matter most differ in pattern as well as hue: a legal place is filled (with its
//! cost), a refused one is hatched. Refused places are drawn lightly, so they never drown the
//! map; hovering one outlines it and says why, and the Rules panel's toggle shades them all
//! in full ([`super::answer::Parts::refused`]).

use crate::geom::{Footprint, Point};
use crate::model::{Colour, Model};
use crate::rules::reach::{Region, Window, contour};
use crate::scene::{Anchor, Item, Mesh, Size, Stroke};
use std::sync::Arc;

/// Bluish green: where the unit may end its move.
pub const LEGAL: Colour = Colour::rgba(0, 158, 115, 95);
pub const LEGAL_EDGE: Colour = Colour::rgb(0, 120, 88);
/// Vermillion: reached but refused, in full (hover, or the toggle).
pub const REJECTED: Colour = Colour::rgba(213, 94, 0, 85);
pub const REJECTED_EDGE: Colour = Colour::rgb(190, 80, 0);
/// The light hatching of refused places.
pub const REJECTED_HATCH: Colour = Colour::rgba(213, 94, 0, 120);
/// Orange: a route.
pub const PATH: Colour = Colour::rgb(230, 159, 0);
/// Blue: command spans and radii, and whom a unit traces to.
pub const COMMAND: Colour = Colour::rgb(0, 114, 178);
pub const COMMAND_FILL: Colour = Colour::rgba(0, 114, 178, 38);
/// Reddish purple: something the player should know about a model or unit.
pub const WARN: Colour = Colour::rgb(204, 121, 167);
pub const NEUTRAL: Colour = Colour::rgb(90, 90, 90);
/// The veil over a model's base where a waiting move takes it from.
pub const LEAVING: Colour = Colour::rgba(30, 30, 30, 150);
pub const LEAVING_EDGE: Colour = Colour::rgb(70, 70, 70);

/// How a mark of the legend looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    Fill(Colour, Colour),
    Hatch(Colour),
    Line(Colour),
    Outline(Colour),
    Ring(Colour),
}

/// What each colour and mark over the map means, for the Rules panel's legend.
pub const LEGEND: &[(Swatch, &str)] = &[
    (
        Swatch::Fill(LEGAL, LEGAL_EDGE),
        "a legal end of the move, with its cost; or the region a model may end in",
    ),
    (
        Swatch::Hatch(REJECTED_HATCH),
        "reached but refused: hover it for why (shaded in full by the toggle)",
    ),
    (
        Swatch::Line(PATH),
        "the route to the place under the pointer",
    ),
    (
        Swatch::Outline(COMMAND),
        "a command span or radius, and the leader a unit traces to",
    ),
    (
        Swatch::Ring(REJECTED_EDGE),
        "out of command, or a place that is not allowed",
    ),
    (
        Swatch::Fill(LEAVING, LEAVING_EDGE),
        "where a model of a move waiting for Enter leaves from",
    ),
    (
        Swatch::Ring(WARN),
        "a model or unit to look at: hover it for what the rules say",
    ),
];

/// Diagonal hatching inside a convex polygon: lines running down to the right, `spacing` apart
/// (map units), `width` wide, on one lattice shared by every polygon so neighbours join up.
pub fn hatch_convex(mesh: &mut Mesh, poly: &[Point], spacing: f32, width: f32, colour: Colour) {
    if poly.len() < 3 || spacing <= 0.0 {
        return;
    }
    // Each line is x - y = c; the polygon spans a range of c.
    let (lo, hi) = poly.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
        (lo.min(p.x - p.y), hi.max(p.x - p.y))
    });
    let mut k = (lo / spacing).ceil();
    while k * spacing <= hi {
        let c = k * spacing;
        // Where the line crosses the polygon's edges.
        let mut hits = Vec::with_capacity(2);
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let (fa, fb) = (a.x - a.y - c, b.x - b.y - c);
            if (fa <= 0.0) != (fb <= 0.0) {
                let t = fa / (fa - fb);
                hits.push(a + (b - a) * t);
            }
        }
        if let [p, q, ..] = hits[..] {
            mesh.add_segment(p, q, width, colour);
        }
        k += 1.0;
    }
}

/// A filled region with its outline: the places a model may end.
pub fn region(items: &mut Vec<Item>, r: &Region, fill: Colour, edge: Colour, width_pt: f32) {
    let mut m = Mesh::default();
    contour::fill(&r.window, &r.excess, |poly| m.add_convex(poly, fill));
    if !m.is_empty() {
        items.push(Item::Mesh(Arc::new(m)));
    }
    outline(items, &r.outline(), edge, width_pt, None);
}

/// The places within `allowance` of `start` (straight-line) that `r` leaves out, so the player
/// sees what stops the move: hatched lightly into `items`, shaded in full into `full`.
pub fn refused_within(
    items: &mut Vec<Item>,
    full: &mut Vec<Item>,
    r: &Region,
    start: Point,
    allowance: f32,
) {
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
    let mut shade = Mesh::default();
    let mut hatch = Mesh::default();
    contour::fill(&w, &values, |poly| {
        shade.add_convex(poly, REJECTED);
        hatch_convex(&mut hatch, poly, 0.5, 0.035, REJECTED_HATCH);
    });
    if !hatch.is_empty() {
        items.push(Item::Mesh(Arc::new(hatch)));
    }
    if !shade.is_empty() {
        full.push(Item::Mesh(Arc::new(shade)));
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
    label_anchored(items, at, text, colour, Anchor::Bottom);
}

/// A preview's label hanging from `at` as `anchor` says.
pub fn label_anchored(
    items: &mut Vec<Item>,
    at: Point,
    text: String,
    colour: Colour,
    anchor: Anchor,
) {
    items.push(Item::Text {
        pos: at,
        text,
        size: Size::Points(11.0),
        colour,
        anchor,
    });
}

/// A model's base as it would stand, for ghosts and end positions.
pub fn base(items: &mut Vec<Item>, m: &Model, fill: Colour, edge: Colour) {
    base_dashed(items, m, fill, edge, None);
}

/// [`base`] with its edge dashed (`dash` points on and off): a place suggested, not chosen.
pub fn base_dashed(
    items: &mut Vec<Item>,
    m: &Model,
    fill: Colour,
    edge: Colour,
    dash: Option<f32>,
) {
    let mut stroke = Stroke::points(1.5, edge);
    stroke.dash = dash;
    let stroke = Some(stroke);
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

/// The leader's gold star on a base drawn by [`base`], as the table draws it on his model.
pub fn leader_star(items: &mut Vec<Item>, m: &Model) {
    let r = m.footprint().bounding_radius();
    items.push(Item::Convex {
        points: crate::scene::star(m.pos, r * 0.62),
        fill: Some(crate::scene::ink::OBJECTIVE),
        stroke: Some(Stroke::points(1.0, crate::scene::ink::EDGE)),
    });
}

pub fn with_alpha(c: Colour, a: u8) -> Colour {
    Colour::rgba(c.r, c.g, c.b, a)
}
