//! What a preview says and shows: lines for the preview bar, marked places with what hovering
//! them says, the answer to hovering a place, a move proposed by dragging, and why no preview
//! could be made.

use super::draw;
use crate::geom::Point;
use crate::model::*;
use crate::scene::{Item, Stroke};
use std::fmt;

/// How a line of the preview bar reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    /// Something the player should know: the move is still allowed.
    Warn,
    /// Refused or illegal.
    Bad,
}

/// A line of the preview bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub tone: Tone,
    pub text: String,
}

impl Line {
    pub(super) fn info(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Info,
            text: text.into(),
        }
    }
    pub(super) fn warn(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Warn,
            text: text.into(),
        }
    }
    pub(super) fn bad(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Bad,
            text: text.into(),
        }
    }
}

/// A marked place on the map (a model out of command, an assault target) and what hovering it
/// says.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at: Point,
    /// Hover radius, in map units.
    pub radius: f32,
    pub text: String,
}

/// The answer to hovering a place while a preview is open.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub text: String,
    /// Whether the unit may end its move there (`None`: not a question of moving).
    pub legal: Option<bool>,
    /// The route it would take, in map units (empty when none).
    pub path: Vec<Point>,
    /// The place itself, when it is an area (a hex): shown in full while hovered.
    pub area: Vec<Point>,
}

/// A move proposed by dragging the unit (or its leader).
#[derive(Clone, Debug, PartialEq)]
pub struct Ghost {
    pub legal: bool,
    /// The sentence shown beside the ghost.
    pub text: String,
    pub path: Vec<Point>,
    /// The unit as it would stand if the move ended here.
    pub unit: Unit,
}

impl Hover {
    /// The hovered place, outlined in full (drawn over the units, so it tints none of them),
    /// and the route to it.
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let (edge, route) = match self.legal {
            Some(false) => (draw::REJECTED_EDGE, draw::REJECTED_EDGE),
            Some(true) => (draw::LEGAL_EDGE, draw::PATH),
            None => (draw::NEUTRAL, draw::PATH),
        };
        if self.area.len() >= 3 {
            items.push(Item::Line {
                points: self.area.clone(),
                stroke: Stroke::points(3.0, edge),
                closed: true,
            });
        }
        draw::path(&mut items, &self.path, route);
        items
    }
}

impl Ghost {
    /// The unit where the move would leave it, green when legal and red when not, with the
    /// route it takes.
    pub fn items(&self, s: &Scenario) -> Vec<Item> {
        let mut items = Vec::new();
        let (fill, edge) = if self.legal {
            (draw::with_alpha(draw::LEGAL_EDGE, 150), draw::LEGAL_EDGE)
        } else {
            (
                draw::with_alpha(draw::REJECTED_EDGE, 150),
                draw::REJECTED_EDGE,
            )
        };
        draw::path(
            &mut items,
            &self.path,
            if self.legal { draw::PATH } else { edge },
        );
        match (self.unit.hex(), s.map.as_hex()) {
            (Some((hex, _)), Some(h)) => {
                let corners = crate::scene::layout(h).hex_corners(hex);
                items.push(Item::Convex {
                    points: corners.to_vec(),
                    fill: Some(fill),
                    stroke: Some(crate::scene::Stroke::points(2.5, edge)),
                });
            }
            _ => {
                for m in &self.unit.models {
                    draw::base(&mut items, m, fill, edge);
                }
            }
        }
        items
    }
}

/// Why no preview could be made (the unit is gone, the map is of the wrong kind...).
#[derive(Clone, Debug, PartialEq)]
pub struct NoPreview(pub String);

impl fmt::Display for NoPreview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a preview draws and says as it is built: shapes over the map, lines for the bar, and
/// marked places.
#[derive(Default)]
pub(super) struct Parts {
    pub items: Vec<Item>,
    /// The refused places shaded in full, drawn over `items` when asked for.
    pub refused: Vec<Item>,
    pub lines: Vec<Line>,
    pub marks: Vec<Mark>,
    pub offers: Vec<Offer>,
}

/// A preview this one leads to, for another unit: e.g. at a reaction-charge check point of an
/// enemy cavalry move, the charge of a cavalry unit that may react.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// What the button says.
    pub label: String,
    /// The unit to select, and what to preview for it.
    pub unit: UnitId,
    pub mode: super::Choice,
}
