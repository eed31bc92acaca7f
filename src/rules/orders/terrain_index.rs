//! The terrain pieces the R3 caps and Fall Back! look at, by shape: what a move starts in,
//! the dangerous ground a model stands in, and the first piece a path meets.

use super::verdict::{Crossing, PieceRef};
use crate::geom::{
    Point, point_in_polygon, polyline_distance, segment_hits_polygon, segment_within_polyline,
};
use crate::model::{PieceId, PieceShape, Scenario, TerrainKind};

#[derive(Clone, Debug)]
enum Form {
    Polygon(Vec<Point>),
    Band { points: Vec<Point>, half_width: f32 },
}

impl Form {
    fn contains(&self, p: Point) -> bool {
        match self {
            Form::Polygon(poly) => point_in_polygon(p, poly),
            Form::Band { points, half_width } => polyline_distance(p, points) < *half_width,
        }
    }

    fn touches(&self, a: Point, b: Point) -> bool {
        match self {
            Form::Polygon(poly) => segment_hits_polygon(a, b, poly),
            Form::Band { points, half_width } => segment_within_polyline(a, b, points, *half_width),
        }
    }
}

#[derive(Clone, Debug)]
struct Piece {
    r: PieceRef,
    form: Form,
    /// Area terrain or a linear obstacle: caps disorderly moves.
    caps: bool,
    bare_hill: bool,
    dangerous: bool,
}

/// The terrain pieces the R3 caps and Fall Back! look at, by shape.
#[derive(Clone, Debug)]
pub(crate) struct TerrainIndex {
    pieces: Vec<Piece>,
}

impl TerrainIndex {
    pub fn new(s: &Scenario) -> TerrainIndex {
        let mut pieces = Vec::new();
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            if t.impassable {
                continue;
            }
            let form = match &p.shape {
                PieceShape::Polygon(points) => Form::Polygon(points.clone()),
                PieceShape::Polyline { points, width_in } => Form::Band {
                    points: points.clone(),
                    half_width: width_in * 0.5,
                },
            };
            let caps = matches!(t.kind, TerrainKind::Area | TerrainKind::Linear);
            if !(caps || t.dangerous) {
                continue;
            }
            pieces.push(Piece {
                r: PieceRef {
                    id: p.id,
                    name: p.name.clone(),
                },
                form,
                caps,
                bare_hill: t.bare_hill && t.kind == TerrainKind::Area,
                dangerous: t.dangerous,
            });
        }
        TerrainIndex { pieces }
    }

    /// The terrain a move from `p` starts in that caps it (not a bare hill), and the bare hill
    /// it starts on, if any.
    pub fn starts_in(&self, p: Point) -> (Option<PieceRef>, Option<PieceRef>) {
        let mut capped = None;
        let mut hill = None;
        for piece in &self.pieces {
            if !piece.caps || !piece.form.contains(p) {
                continue;
            }
            if piece.bare_hill && hill.is_none() {
                hill = Some(piece.r.clone());
            } else if capped.is_none() {
                capped = Some(piece.r.clone());
            }
        }
        (capped, hill)
    }

    /// The dangerous piece `p` stands in, if any.
    pub fn dangerous_at(&self, p: Point) -> Option<PieceRef> {
        self.pieces
            .iter()
            .find(|x| x.dangerous && x.form.contains(p))
            .map(|x| x.r.clone())
    }

    /// The first capping piece (other than `except`) a path meets, and how.
    pub fn first_touch(
        &self,
        path: &[Point],
        except: Option<PieceId>,
    ) -> Option<(PieceRef, Crossing)> {
        let end = *path.last()?;
        for w in path.windows(2) {
            for piece in &self.pieces {
                if !piece.caps || Some(piece.r.id) == except {
                    continue;
                }
                if piece.form.touches(w[0], w[1]) {
                    let crossing = if piece.form.contains(end) {
                        Crossing::EndsIn
                    } else {
                        Crossing::Crosses
                    };
                    return Some((piece.r.clone(), crossing));
                }
            }
        }
        None
    }
}
