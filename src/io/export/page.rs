//! A printed page as a display list in millimetres on paper (origin at the top-left corner,
//! y down): page furniture drawn directly, and scenes drawn through a map-to-paper transform.
//! Both backends (raster and PDF) draw the same list.

use super::fonts::Weight;
use crate::geom::Point;
use crate::model::Colour;
use crate::scene::Scene;
use std::sync::Arc;
use vello_cpu::kurbo::{BezPath, Rect, Shape};

/// Millimetres per point (1/72 inch).
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// Where a scene's map units land on paper: `paper = offset + map * scale`, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapToPaper {
    /// Paper millimetres per map unit.
    pub scale: f64,
    pub offset: (f64, f64),
}

impl MapToPaper {
    pub fn apply(&self, p: Point) -> (f64, f64) {
        (
            self.offset.0 + f64::from(p.x) * self.scale,
            self.offset.1 + f64::from(p.y) * self.scale,
        )
    }

    /// The map rectangle this transform puts on the paper rectangle `r`.
    pub fn to_map(&self, r: Rect) -> Rect {
        Rect::new(
            (r.x0 - self.offset.0) / self.scale,
            (r.y0 - self.offset.1) / self.scale,
            (r.x1 - self.offset.0) / self.scale,
            (r.y1 - self.offset.1) / self.scale,
        )
    }
}

/// The decoded background image of a scenario (straight RGBA).
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// Horizontal alignment of a line of text at its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HAlign {
    Left,
    Centre,
    Right,
}

/// Vertical alignment of a line of text at its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    /// The top of the line box (ascender).
    Top,
    /// The middle of the line box.
    Middle,
    Baseline,
    /// The bottom of the line box (descender).
    Bottom,
}

/// One line of text on paper.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    pub text: String,
    pub pos: (f64, f64),
    pub size_pt: f64,
    pub colour: Colour,
    pub weight: Weight,
    pub h: HAlign,
    pub v: VAlign,
    /// Rotation about `pos`, degrees clockwise (0 or ±90 for edge labels).
    pub rotate_deg: f64,
    /// Extra space between letters, in em (small capitals headings).
    pub tracking_em: f64,
}

impl TextLine {
    pub fn new(text: impl Into<String>, pos: (f64, f64), size_pt: f64, colour: Colour) -> Self {
        TextLine {
            text: text.into(),
            pos,
            size_pt,
            colour,
            weight: Weight::Regular,
            h: HAlign::Left,
            v: VAlign::Baseline,
            rotate_deg: 0.0,
            tracking_em: 0.0,
        }
    }

    pub fn weight(mut self, w: Weight) -> Self {
        self.weight = w;
        self
    }

    pub fn align(mut self, h: HAlign, v: VAlign) -> Self {
        self.h = h;
        self.v = v;
        self
    }

    pub fn rotate(mut self, deg: f64) -> Self {
        self.rotate_deg = deg;
        self
    }

    pub fn tracking(mut self, em: f64) -> Self {
        self.tracking_em = em;
        self
    }
}

/// A scene placed on paper.
#[derive(Clone, Debug)]
pub struct ScenePlacement {
    pub scene: Arc<Scene>,
    pub to_paper: MapToPaper,
    /// Nothing of the scene is drawn outside this paper rectangle.
    pub clip: Rect,
    pub background: Option<Arc<Picture>>,
}

/// One drawing operation on paper.
#[derive(Clone, Debug)]
pub enum Op {
    Fill {
        path: BezPath,
        colour: Colour,
    },
    Stroke {
        path: BezPath,
        width_mm: f64,
        colour: Colour,
        /// Dash and gap length in millimetres.
        dash_mm: Option<f64>,
    },
    Text(TextLine),
    Scene(ScenePlacement),
}

/// A page: its size and what is drawn on it, in paint order.
#[derive(Clone, Debug)]
pub struct Page {
    /// What the page is: `sheet`, `overview`, or a tile label such as `B3`.
    pub name: String,
    pub width_mm: f64,
    pub height_mm: f64,
    pub ops: Vec<Op>,
    /// A printer's correction: everything on the page scaled by these factors (across,
    /// down) about the page's centre; `[1, 1]` when none (see `printer_test`).
    pub scale: [f64; 2],
}

impl Page {
    pub fn new(name: impl Into<String>, width_mm: f64, height_mm: f64) -> Page {
        Page {
            name: name.into(),
            width_mm,
            height_mm,
            ops: Vec::new(),
            scale: [1.0, 1.0],
        }
    }

    /// The printer's correction as a transform of paper millimetres.
    pub fn correction(&self) -> vello_cpu::kurbo::Affine {
        use vello_cpu::kurbo::{Affine, Vec2};
        let c = Vec2::new(self.width_mm / 2.0, self.height_mm / 2.0);
        Affine::translate(c)
            * Affine::scale_non_uniform(self.scale[0], self.scale[1])
            * Affine::translate(-c)
    }

    pub fn fill(&mut self, shape: &impl Shape, colour: Colour) {
        self.ops.push(Op::Fill {
            path: shape.to_path(0.01),
            colour,
        });
    }

    pub fn stroke(&mut self, shape: &impl Shape, width_mm: f64, colour: Colour) {
        self.ops.push(Op::Stroke {
            path: shape.to_path(0.01),
            width_mm,
            colour,
            dash_mm: None,
        });
    }

    pub fn dashed(&mut self, shape: &impl Shape, width_mm: f64, colour: Colour, dash_mm: f64) {
        self.ops.push(Op::Stroke {
            path: shape.to_path(0.01),
            width_mm,
            colour,
            dash_mm: Some(dash_mm),
        });
    }

    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), width_mm: f64, colour: Colour) {
        self.stroke(&vello_cpu::kurbo::Line::new(a, b), width_mm, colour);
    }

    pub fn text(&mut self, t: TextLine) {
        self.ops.push(Op::Text(t));
    }

    pub fn scene(&mut self, placement: ScenePlacement) {
        self.ops.push(Op::Scene(placement));
    }
}
