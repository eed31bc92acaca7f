//! The primitives a scene is made of, in map units.

use crate::geom::{Aabb, Point};
use crate::model::Colour;
use std::sync::Arc;

/// The unit of a scene's coordinates: inches on the table, millimetres on paper for hex maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapUnit {
    Inch,
    Millimetre,
}

impl MapUnit {
    /// Millimetres per map unit.
    pub fn mm(self) -> f32 {
        match self {
            MapUnit::Inch => 25.4,
            MapUnit::Millimetre => 1.0,
        }
    }
}

/// A length that either scales with the map or stays the same size on screen and paper
/// (hairlines, labels that must stay readable).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    /// In map units: grows and shrinks with zoom; true size on a 1:1 print.
    Map(f32),
    /// In points (1/72 inch on paper, one logical pixel on screen).
    Points(f32),
    /// In map units, but on screen never under `min_points` (zoomed out, a ruler's numbers
    /// stay readable); paper is at true scale, so a print takes the map length.
    MapAtLeast {
        map: f32,
        min_points: f32,
        /// On screen it stands on a light backing (a ruler's numbers, over any ground).
        backed: bool,
    },
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub width: Size,
    pub colour: Colour,
    /// Dash length in the same unit as the width (gaps are as long), or solid.
    pub dash: Option<f32>,
}

impl Stroke {
    pub fn map(width: f32, colour: Colour) -> Stroke {
        Stroke {
            width: Size::Map(width),
            colour,
            dash: None,
        }
    }

    pub fn points(width: f32, colour: Colour) -> Stroke {
        Stroke {
            width: Size::Points(width),
            colour,
            dash: None,
        }
    }

    pub fn dashed(mut self, dash: f32) -> Stroke {
        self.dash = Some(dash);
        self
    }
}

/// Triangles with a colour per vertex.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    pub positions: Vec<Point>,
    pub colours: Vec<Colour>,
    pub indices: Vec<u32>,
}

impl Mesh {
    /// Adds a filled simple polygon (concave allowed).
    pub fn add_polygon(&mut self, points: &[Point], colour: Colour) {
        let base = self.positions.len() as u32;
        for t in crate::geom::triangulate(points) {
            self.indices.extend(t.iter().map(|i| base + i));
        }
        self.positions.extend_from_slice(points);
        self.colours
            .extend(std::iter::repeat_n(colour, points.len()));
    }

    /// Adds a filled convex polygon as a fan (cheaper than triangulating).
    pub fn add_convex(&mut self, points: &[Point], colour: Colour) {
        let base = self.positions.len() as u32;
        for k in 1..points.len().saturating_sub(1) as u32 {
            self.indices.extend([base, base + k, base + k + 1]);
        }
        self.positions.extend_from_slice(points);
        self.colours
            .extend(std::iter::repeat_n(colour, points.len()));
    }

    /// Adds a straight band of `width` from `a` to `b` (a line segment with a map width).
    pub fn add_segment(&mut self, a: Point, b: Point, width: f32, colour: Colour) {
        let d = (b - a).normalize_or_zero();
        let n = Point::new(-d.y, d.x) * (width * 0.5);
        self.add_convex(&[a + n, b + n, b - n, a - n], colour);
    }

    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }
}

/// Text anchoring: which point of the text's box sits at `pos`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Centre,
    /// Centre of the top edge.
    Top,
    /// Centre of the bottom edge.
    Bottom,
    Left,
    Right,
    TopLeft,
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// Pre-triangulated fills (terrain, hex cells, grid bands).
    Mesh(Arc<Mesh>),
    /// An open or closed polyline.
    Line {
        points: Vec<Point>,
        stroke: Stroke,
        closed: bool,
    },
    Circle {
        centre: Point,
        radius: f32,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    },
    /// A filled convex polygon with an optional outline (bases, counters, markers).
    Convex {
        points: Vec<Point>,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    },
    Text {
        pos: Point,
        text: String,
        size: Size,
        colour: Colour,
        anchor: Anchor,
    },
    /// The scenario's background image with its corners (north-west, north-east, south-east,
    /// south-west of the image) on the map: stretched over the map, or calibrated (scaled,
    /// turned and shifted; `model::placement`).
    Background { corners: [Point; 4], opacity: f32 },
}

/// A scene: items in paint order over a map of known bounds and unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The map's outline (the table, or the hexes' bounding box).
    pub bounds: Aabb,
    pub unit: MapUnit,
    pub items: Vec<Item>,
}

impl Scene {
    pub fn new(bounds: Aabb, unit: MapUnit) -> Scene {
        Scene {
            bounds,
            unit,
            items: Vec::new(),
        }
    }

    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// The boxes the scene's texts cover on paper, `units_per_point` map units to a point: what a
    /// mark added over a printed map keeps clear of.
    pub fn text_boxes(&self, units_per_point: f32) -> Vec<Aabb> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    pos,
                    text,
                    size,
                    anchor,
                    ..
                } => {
                    let size = match *size {
                        Size::Map(m) | Size::MapAtLeast { map: m, .. } => m,
                        Size::Points(p) => p * units_per_point,
                    };
                    Some(text_box(text, *pos, size, *anchor))
                }
                _ => None,
            })
            .collect()
    }

    /// Total vertices in the scene's meshes (for tests and budgets).
    pub fn mesh_vertices(&self) -> usize {
        self.items
            .iter()
            .map(|i| match i {
                Item::Mesh(m) => m.positions.len(),
                _ => 0,
            })
            .sum()
    }
}

/// The box a text of `size` map units covers at `pos` under `anchor` on paper: its width
/// estimated at half an em a letter of its longest line (as the print's face sets it), each
/// line 1.2 em high.
pub fn text_box(text: &str, pos: Point, size: f32, anchor: Anchor) -> Aabb {
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let lines = text.lines().count().max(1);
    let (w, h) = (longest as f32 * size * 0.5, lines as f32 * size * 1.2);
    let min = match anchor {
        Anchor::Top => Point::new(pos.x - w / 2.0, pos.y),
        Anchor::Bottom => Point::new(pos.x - w / 2.0, pos.y - h),
        Anchor::Left => Point::new(pos.x, pos.y - h / 2.0),
        Anchor::Right => Point::new(pos.x - w, pos.y - h / 2.0),
        Anchor::Centre => Point::new(pos.x - w / 2.0, pos.y - h / 2.0),
        Anchor::TopLeft => pos,
    };
    Aabb {
        min,
        max: min + Point::new(w, h),
    }
}
