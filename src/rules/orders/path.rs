//! Paths and regions as the R3 preview reports them: table inches rounded to the hundredth.

use crate::geom::Point;
use crate::rules::reach::Region;
use serde::Serialize;

/// A region a model may end in, for the canvas and for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct Area {
    /// The sampled region (not serialised).
    #[serde(skip)]
    pub region: Region,
    pub area_sq_in: f32,
    /// The boundary as polylines in table inches (closed loops repeat their first point).
    pub outline: Vec<Vec<Point>>,
}

impl Area {
    pub fn new(region: Region) -> Area {
        let outline = region
            .outline()
            .into_iter()
            .map(|line| line.into_iter().map(round_point).collect())
            .collect();
        Area {
            area_sq_in: (region.area() * 100.0).round() / 100.0,
            outline,
            region,
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        self.region.contains(p)
    }

    pub fn is_empty(&self) -> bool {
        self.region.is_empty()
    }
}

pub(crate) fn round_point(p: Point) -> Point {
    Point::new((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0)
}

pub(crate) fn round_in(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// A path a model's centre follows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathOut {
    pub points: Vec<Point>,
    pub length_in: f32,
}

impl PathOut {
    pub fn new(points: Vec<Point>, length: f32) -> PathOut {
        PathOut {
            points: points.into_iter().map(round_point).collect(),
            length_in: round_in(length),
        }
    }
}
