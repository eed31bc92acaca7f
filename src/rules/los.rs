//! Line of sight and concealment on the free-measure table (R3, and any ruleset that asks).
//!
//! Sight is flat: there are no heights, so hills neither block nor lift a line. A sight line
//! runs between the centres of two bases (or two points) and is blocked only by terrain whose
//! type `blocks_sight`. Where the texts are silent this module decides as follows (also in
//! `docs/rules.md`):
//!
//! - **Area terrain** (woods, buildings) blocks a line that runs through its inside. Grazing
//!   an edge or a corner (less than [`GRAZE_IN`] inside) does not block.
//! - **Into and out of area terrain**: a model whose centre stands inside a piece sees out of
//!   it and is seen from outside, as long as the line runs no more than [`SEE_INTO_IN`] (2")
//!   inside that piece in all. A model deep in a wood sees nothing and is seen by nobody
//!   outside it; two models in the same wood see each other within 2".
//! - **Linear obstacles** (hedges, walls) that block sight block every line that crosses
//!   them, except for a model *lining* the obstacle: its base edge within [`LINING_IN`] (1") of
//!   it. A lining model sees over the obstacle, and is seen over it, where the line crosses it
//!   within [`OVER_IN`] (2") of the lining model's base edge.
//! - Models never block sight.
//! - **Concealment** (R3): a target is concealed from a viewer when the sight line is
//!   blocked, when its centre stands in area terrain that `conceals` (whoever looks), or when
//!   it lines a linear obstacle that `conceals` and the line crosses that obstacle near it.
//! - **A unit** is concealed from an enemy unit when every line from each enemy model to each
//!   of its models is concealed. Fall Back! asks whether a unit is concealed from every enemy
//!   unit within its Aw range, measured unit to unit (base edge to base edge); with no enemy in
//!   range the answer is yes.

use crate::geom::{Aabb, Point, point_in_polygon, polyline_distance, segment_within_polyline};
use crate::model::{Model, ModelId, PieceId, PieceShape, Scenario, TerrainKind, Unit, UnitId};
use serde::Serialize;
use std::fmt;

/// How far a line may run inside the sight-blocking area terrain one of its ends stands in.
pub const SEE_INTO_IN: f32 = 2.0;
/// A line running less than this inside area terrain only grazes it.
pub const GRAZE_IN: f32 = 0.01;
/// A model lines a linear obstacle when its base edge is within this of the obstacle's edge.
pub const LINING_IN: f32 = 1.0;
/// A lining model sees over its obstacle where the line crosses it within this of its base edge.
pub const OVER_IN: f32 = 2.0;

/// One end of a sight line: the centre of a base and the base's radius (0 for a bare point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    pub pos: Point,
    pub radius: f32,
}

impl Eye {
    pub fn point(pos: Point) -> Eye {
        Eye { pos, radius: 0.0 }
    }

    pub fn of(model: &Model) -> Eye {
        Eye {
            pos: model.pos,
            radius: crate::rules::reach::mover_radius(model),
        }
    }
}

/// Why a sight line is blocked.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SightBlock {
    /// The line passes through sight-blocking area terrain that holds neither end.
    Through { piece: PieceId, name: String },
    /// The line runs more than 2" through the sight-blocking terrain an end stands in.
    TooDeep {
        piece: PieceId,
        name: String,
        inside_in: f32,
    },
    /// The line crosses a sight-blocking linear obstacle that neither end lines.
    Across { piece: PieceId, name: String },
}

impl SightBlock {
    pub fn piece(&self) -> PieceId {
        match self {
            SightBlock::Through { piece, .. }
            | SightBlock::TooDeep { piece, .. }
            | SightBlock::Across { piece, .. } => *piece,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            SightBlock::Through { name, .. }
            | SightBlock::TooDeep { name, .. }
            | SightBlock::Across { name, .. } => name,
        }
    }
}

impl fmt::Display for SightBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SightBlock::Through { name, .. } => write!(f, "{name} blocks the line of sight"),
            SightBlock::TooDeep {
                name, inside_in, ..
            } => write!(
                f,
                "the line runs {inside_in:.1}\" through {name}; a model sees and is seen through \
                 at most {SEE_INTO_IN:.0}\" of the terrain it stands in"
            ),
            SightBlock::Across { name, .. } => {
                write!(f, "{name} blocks the line and neither model lines it")
            }
        }
    }
}

/// The answer for one line: clear, or every piece that blocks it (in the order of the
/// scenario's pieces).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Sight {
    pub blocked_by: Vec<SightBlock>,
}

impl Sight {
    pub fn is_clear(&self) -> bool {
        self.blocked_by.is_empty()
    }
}

impl fmt::Display for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.blocked_by.is_empty() {
            return f.write_str("clear line of sight");
        }
        for (i, b) in self.blocked_by.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

/// Why a target counts as concealed from a viewer (R3).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Concealed {
    /// It stands in area terrain that conceals.
    InTerrain { piece: PieceId, name: String },
    /// The viewer cannot see it.
    OutOfSight { block: SightBlock },
    /// It lines a concealing linear obstacle the line crosses.
    BehindObstacle { piece: PieceId, name: String },
}

impl fmt::Display for Concealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Concealed::InTerrain { name, .. } => write!(f, "in {name}, which conceals"),
            Concealed::OutOfSight { block } => write!(f, "out of sight: {block}"),
            Concealed::BehindObstacle { name, .. } => write!(f, "behind {name}, which conceals"),
        }
    }
}

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

/// One enemy unit within a unit's Aw range, and whether it can see the unit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Watcher {
    pub unit: UnitId,
    pub name: String,
    /// Unit to unit, base edge to base edge.
    pub distance_in: f32,
    /// The first enemy model that sees one of ours unconcealed, and that model of ours;
    /// `None` when the unit is concealed from this enemy.
    pub sees: Option<(ModelId, ModelId)>,
}

/// Whether a unit is concealed from every enemy unit within its Aw range (R3 Fall Back!).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitConcealment {
    pub aw_in: f32,
    /// Enemy units within range, nearest first.
    pub within_aw: Vec<Watcher>,
    pub concealed_from_all: bool,
}

/// Enemy units (other sides, on the table and in play) of `unit`.
pub fn enemy_units<'a>(s: &'a Scenario, unit: &'a Unit) -> impl Iterator<Item = &'a Unit> {
    s.units
        .iter()
        .filter(move |u| u.side != unit.side && u.on_table() && u.in_play() && !u.models.is_empty())
}

/// Whether `unit` is concealed from every enemy unit within its Aw range, with the enemy units
/// in range and which of them see it.
pub fn unit_concealment(s: &Scenario, sight: &SightMap, unit: &Unit) -> UnitConcealment {
    let aw = f32::from(unit.stats.aw);
    let mut within_aw = Vec::new();
    for e in enemy_units(s, unit) {
        let Some(d) = crate::rules::measure::unit_distance(unit, e) else {
            continue;
        };
        if d > aw {
            continue;
        }
        let mut sees = None;
        'outer: for em in &e.models {
            for m in &unit.models {
                if sight.concealed(Eye::of(em), Eye::of(m)).is_none() {
                    sees = Some((em.id, m.id));
                    break 'outer;
                }
            }
        }
        within_aw.push(Watcher {
            unit: e.id,
            name: e.name.clone(),
            distance_in: (d * 100.0).round() / 100.0,
            sees,
        });
    }
    within_aw.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    let concealed_from_all = within_aw.iter().all(|w| w.sees.is_none());
    UnitConcealment {
        aw_in: aw,
        within_aw,
        concealed_from_all,
    }
}

#[cfg(test)]
mod tests;
