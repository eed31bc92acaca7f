//! The pieces of a scenario that matter to sight, prepared once for many queries, and the
//! lines they answer: between two points, two models, and whether a target is concealed.

use super::eye::Eye;
use super::sight::{Concealed, GRAZE_IN, LINING_IN, OVER_IN, SEE_INTO_IN, Sight, SightBlock};
use crate::geom::{Aabb, Point, point_in_polygon, polyline_distance, segment_within_polyline};
use crate::model::{Model, PieceId, PieceShape, Scenario, TerrainKind};

#[derive(Clone, Debug)]
enum Form {
    Area(Vec<Point>),
    Line { points: Vec<Point>, half_width: f32 },
}

#[derive(Clone, Debug)]
struct SightPiece {
    id: PieceId,
    name: String,
    form: Form,
    blocks: bool,
    conceals: bool,
    /// Bounds of the shape (lines: grown by their half width).
    bounds: Aabb,
}

/// The pieces of a scenario that matter to sight, prepared once for many queries.
#[derive(Clone, Debug)]
pub struct SightMap {
    pieces: Vec<SightPiece>,
}

impl SightMap {
    pub fn new(s: &Scenario) -> SightMap {
        let mut pieces = Vec::new();
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            if !(t.blocks_sight || t.conceals) {
                continue;
            }
            let (form, bounds) = match &p.shape {
                PieceShape::Polygon(points) if t.kind == TerrainKind::Area => {
                    if points.len() < 3 {
                        continue;
                    }
                    let Some(b) = Aabb::of_points(points) else {
                        continue;
                    };
                    (Form::Area(points.clone()), b)
                }
                shape => {
                    // A line, or a closed outline drawn for a linear obstacle (a walled yard).
                    let (mut points, half_width) = match shape {
                        PieceShape::Polyline { points, width_in } => {
                            (points.clone(), width_in * 0.5)
                        }
                        PieceShape::Polygon(points) => (points.clone(), 0.0),
                    };
                    if let (PieceShape::Polygon(_), Some(first)) = (shape, points.first()) {
                        points.push(*first);
                    }
                    let Some(b) = Aabb::of_points(&points) else {
                        continue;
                    };
                    (Form::Line { points, half_width }, b.expand(half_width))
                }
            };
            pieces.push(SightPiece {
                id: p.id,
                name: p.name.clone(),
                form,
                blocks: t.blocks_sight,
                conceals: t.conceals,
                bounds,
            });
        }
        SightMap { pieces }
    }

    /// Whether the table has nothing that blocks sight or conceals.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The sight line between two ends, with every piece that blocks it.
    pub fn line(&self, a: Eye, b: Eye) -> Sight {
        let mut blocked_by = Vec::new();
        self.scan(a, b, |blk| {
            blocked_by.push(blk);
            false
        });
        Sight { blocked_by }
    }

    /// Whether the line is clear (stops at the first block).
    pub fn clear(&self, a: Eye, b: Eye) -> bool {
        self.first_block(a, b).is_none()
    }

    /// The first piece (in scenario order) that blocks the line, if any.
    pub fn first_block(&self, a: Eye, b: Eye) -> Option<SightBlock> {
        let mut first = None;
        self.scan(a, b, |blk| {
            first = Some(blk);
            true
        });
        first
    }

    /// Calls `hit` with each block until it returns true.
    fn scan(&self, a: Eye, b: Eye, mut hit: impl FnMut(SightBlock) -> bool) {
        let lo = a.pos.min(b.pos);
        let hi = a.pos.max(b.pos);
        let span = Aabb { min: lo, max: hi };
        for p in &self.pieces {
            if !p.blocks || !p.bounds.intersects(&span) {
                continue;
            }
            let block = match &p.form {
                Form::Area(poly) => {
                    let inside = inside_length(a.pos, b.pos, poly);
                    if inside <= GRAZE_IN {
                        continue;
                    }
                    let holds_end = point_in_polygon(a.pos, poly) || point_in_polygon(b.pos, poly);
                    if !holds_end {
                        SightBlock::Through {
                            piece: p.id,
                            name: p.name.clone(),
                        }
                    } else if inside > SEE_INTO_IN + 1e-4 {
                        SightBlock::TooDeep {
                            piece: p.id,
                            name: p.name.clone(),
                            inside_in: (inside * 100.0).round() / 100.0,
                        }
                    } else {
                        continue;
                    }
                }
                Form::Line { points, half_width } => {
                    if !line_crosses(a, b, points, *half_width) {
                        continue;
                    }
                    SightBlock::Across {
                        piece: p.id,
                        name: p.name.clone(),
                    }
                }
            };
            if hit(block) {
                return;
            }
        }
    }

    /// Whether `target` is concealed from `viewer`, and why (the first reason found:
    /// concealing terrain it stands in, then a blocked line, then a concealing obstacle it
    /// lines). `None`: the viewer sees it in the open.
    pub fn concealed(&self, viewer: Eye, target: Eye) -> Option<Concealed> {
        for p in &self.pieces {
            if let (true, Form::Area(poly)) = (p.conceals, &p.form)
                && p.bounds.contains(target.pos)
                && point_in_polygon(target.pos, poly)
            {
                return Some(Concealed::InTerrain {
                    piece: p.id,
                    name: p.name.clone(),
                });
            }
        }
        if let Some(block) = self.first_block(viewer, target) {
            return Some(Concealed::OutOfSight { block });
        }
        for p in &self.pieces {
            let Form::Line { points, half_width } = &p.form else {
                continue;
            };
            if !p.conceals || !lines(target, points, *half_width) {
                continue;
            }
            // The stretch of line next to the target, where it would see over the obstacle.
            let near = clip_from(target.pos, viewer.pos, target.radius + OVER_IN);
            if segment_within_polyline(target.pos, near, points, *half_width) {
                return Some(Concealed::BehindObstacle {
                    piece: p.id,
                    name: p.name.clone(),
                });
            }
        }
        None
    }

    /// Whether a model at `target` would be concealed from every viewer in `viewers`.
    pub fn concealed_from_all(&self, viewers: &[Eye], target: Eye) -> bool {
        viewers.iter().all(|v| self.concealed(*v, target).is_some())
    }
}

/// Whether an end lines a linear obstacle (its base edge within [`LINING_IN`] of it).
fn lines(e: Eye, points: &[Point], half_width: f32) -> bool {
    polyline_distance(e.pos, points) - half_width - e.radius <= LINING_IN
}

/// The point `len` from `from` towards `to` (or `to` itself when nearer).
fn clip_from(from: Point, to: Point, len: f32) -> Point {
    let d = to - from;
    let l = d.length();
    if l <= len { to } else { from + d * (len / l) }
}

/// Whether the line a-b crosses a linear obstacle in a stretch no lining end sees over.
fn line_crosses(a: Eye, b: Eye, points: &[Point], half_width: f32) -> bool {
    if !segment_within_polyline(a.pos, b.pos, points, half_width) {
        return false;
    }
    let len = a.pos.distance(b.pos);
    let mut t0 = 0.0;
    let mut t1 = len;
    if lines(a, points, half_width) {
        t0 = a.radius + OVER_IN;
    }
    if lines(b, points, half_width) {
        t1 = len - (b.radius + OVER_IN);
    }
    if t1 <= t0 {
        return false;
    }
    if t0 == 0.0 && t1 == len {
        return true;
    }
    let dir = (b.pos - a.pos) / len;
    segment_within_polyline(a.pos + dir * t0, a.pos + dir * t1, points, half_width)
}

/// Length of the segment a-b inside a polygon (even-odd).
pub fn inside_length(a: Point, b: Point, poly: &[Point]) -> f32 {
    let d = b - a;
    let len = d.length();
    if len == 0.0 {
        return 0.0;
    }
    let n = poly.len();
    let mut ts = vec![0.0f32, 1.0];
    for i in 0..n {
        let (c, e) = (poly[i], poly[(i + 1) % n]);
        let f = e - c;
        let denom = d.perp_dot(f);
        if denom.abs() < 1e-12 {
            continue;
        }
        let t = (c - a).perp_dot(f) / denom;
        let u = (c - a).perp_dot(d) / denom;
        if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
            ts.push(t);
        }
    }
    ts.sort_by(f32::total_cmp);
    let mut inside = 0.0;
    for w in ts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        if t1 - t0 <= 0.0 {
            continue;
        }
        if point_in_polygon(a + d * ((t0 + t1) * 0.5), poly) {
            inside += (t1 - t0) * len;
        }
    }
    inside
}

/// Line of sight between two points on the table.
pub fn line_of_sight(s: &Scenario, from: Point, to: Point) -> Sight {
    SightMap::new(s).line(Eye::point(from), Eye::point(to))
}

/// Line of sight between two models, centre to centre.
pub fn model_sight(s: &Scenario, viewer: &Model, target: &Model) -> Sight {
    SightMap::new(s).line(Eye::of(viewer), Eye::of(target))
}

/// Whether `target` is concealed from `viewer` (R3), and why.
pub fn model_concealed(s: &Scenario, viewer: &Model, target: &Model) -> Option<Concealed> {
    SightMap::new(s).concealed(Eye::of(viewer), Eye::of(target))
}
