//! Reading a column off the table: its track, and each marching unit's place on it and the
//! shape of its formation; and putting units back on the track after a move.
//!
//! A unit on the table keeps the formation it stands in: each model's offset from the unit's
//! front centre, in the unit's own frame (along its facing, and across it), is carried to the
//! new place unchanged, so files, ranks and spacing survive the move exactly. A unit still off
//! table is drawn up afresh in ranks of its column width (`width_figures`), with the spacing
//! its figures already keep (their smallest edge-to-edge gap, 0.1" when it cannot be told).
//!
//! The block is rigid: at its new place the centres of its front and rear edges both stand on
//! the track (round a bend the block cuts the corner, as a wheeling unit does), so it faces
//! the route's heading wherever the route runs straight under it, and the space to the unit
//! behind is kept.

use super::error::ColumnError;
use super::spacing::QUEUE_GAP_IN;
use super::track::Track;
use crate::geom::{Footprint, Formation, MM_PER_INCH, Point, bearing_vec, vec_bearing};
use crate::model::*;

/// Spacing of figures in a unit drawn up afresh when its own spacing cannot be measured.
pub const DEFAULT_FIGURE_GAP_IN: f32 = 0.1;
/// How far a unit's front centre may stand from the column's track before it is reported as
/// off the route.
pub const OFF_ROUTE_IN: f32 = 1.0;
/// The lead counts as standing on its recorded route within this distance.
const ON_ROUTE_IN: f32 = 0.05;

/// One model's place in its unit's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offset {
    pub model: ModelId,
    /// Ahead of the front centre along the facing (zero or negative).
    pub along: f32,
    /// Right of the front centre across the facing.
    pub across: f32,
    /// The model's facing relative to the unit's.
    pub turn_deg: f32,
}

/// A unit's formation, independent of where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub offsets: Vec<Offset>,
    /// Front edge to rear edge, inches.
    pub depth: f32,
    /// Half the frontage, inches.
    pub half_width: f32,
}

/// Where a unit of the column is before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stand {
    Table,
    OffTable,
}

/// A unit that marches with the column.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub unit: UnitId,
    /// Index in the column's member list.
    pub member: usize,
    pub width_figures: u8,
    pub stand: Stand,
    pub shape: Shape,
    /// Arc length of the front centre on the track.
    pub s_front: f32,
    /// Distance of the front centre from the track (0 for units placed by the column).
    pub off_route: f32,
}

/// Why a member of the column does not march with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absent {
    Exited,
    Removed,
    NoFigures,
    NotOnTable,
}

/// The column as it stands: the track and the marching units in order of march, lead first.
#[derive(Clone, Debug)]
pub struct Chain {
    pub track: Track,
    pub bodies: Vec<Body>,
    pub absent: Vec<(UnitId, Absent)>,
    pub table: (f32, f32),
}

impl Chain {
    pub fn lead(&self) -> Option<&Body> {
        self.bodies.first()
    }
}

/// The entry point of a column on a table of `width` x `height`.
pub fn entry_point(e: &EntryPoint, width: f32, height: f32) -> Point {
    match e.edge {
        Edge::North => Point::new(e.along_in, 0.0),
        Edge::South => Point::new(e.along_in, height),
        Edge::West => Point::new(0.0, e.along_in),
        Edge::East => Point::new(width, e.along_in),
    }
}

/// How far the footprint reaches in direction `d` (a unit vector), from the origin.
fn support(fp: &Footprint, d: Point) -> f32 {
    match fp {
        Footprint::Circle { centre, radius } => centre.dot(d) + radius,
        Footprint::Rect { corners, .. } => corners
            .iter()
            .map(|c| c.dot(d))
            .fold(f32::NEG_INFINITY, f32::max),
    }
}

/// The unit's frame from where its models stand: front centre, facing, and the shape.
pub fn frame(models: &[Model]) -> Option<(Point, f32, Shape)> {
    let facing = models.first()?.facing_deg;
    let fwd = bearing_vec(facing);
    let right = bearing_vec(facing + 90.0);
    let (mut front, mut rear) = (f32::NEG_INFINITY, f32::INFINITY);
    let (mut left, mut rt) = (f32::INFINITY, f32::NEG_INFINITY);
    for m in models {
        let fp = m.footprint();
        front = front.max(support(&fp, fwd));
        rear = rear.min(-support(&fp, -fwd));
        rt = rt.max(support(&fp, right));
        left = left.min(-support(&fp, -right));
    }
    let f = fwd * front + right * ((left + rt) * 0.5);
    let offsets = models
        .iter()
        .map(|m| Offset {
            model: m.id,
            along: (m.pos - f).dot(fwd),
            across: (m.pos - f).dot(right),
            turn_deg: m.facing_deg - facing,
        })
        .collect();
    Some((
        f,
        facing,
        Shape {
            offsets,
            depth: front - rear,
            half_width: (rt - left) * 0.5,
        },
    ))
}

/// Width across the facing and depth along it of a base, in inches.
pub fn base_size(base: Base) -> (f32, f32) {
    match base {
        Base::Round { diameter_mm } => (diameter_mm / MM_PER_INCH, diameter_mm / MM_PER_INCH),
        Base::Rect { width_mm, depth_mm } => (width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH),
    }
}

/// The smallest edge-to-edge gap between the unit's figures, clamped to 0..=1".
fn figure_gap(models: &[Model]) -> f32 {
    let feet: Vec<Footprint> = models.iter().map(Model::footprint).collect();
    let mut best = f32::INFINITY;
    for (i, a) in feet.iter().enumerate() {
        for b in &feet[i + 1..] {
            best = best.min(a.separation(b));
        }
    }
    if best.is_finite() {
        best.clamp(0.0, 1.0)
    } else {
        DEFAULT_FIGURE_GAP_IN
    }
}

/// A unit drawn up afresh in ranks `width` abreast, front centre at the origin.
pub fn formed_shape(models: &[Model], width: u8) -> Option<Shape> {
    let first = models.first()?;
    let (w, d) = models.iter().fold(base_size(first.base), |(w, d), m| {
        let (mw, md) = base_size(m.base);
        (w.max(mw), d.max(md))
    });
    let f = Formation {
        centre: Point::ZERO,
        facing_deg: 0.0,
        frontage: width.max(1) as usize,
        base_width_in: w,
        base_depth_in: d,
        gap_in: figure_gap(models),
    };
    let n = models.len();
    let f = f.with_front_at(Point::ZERO, n);
    let (frontage, depth) = f.size_in(n);
    let offsets = models
        .iter()
        .zip(f.centres(n))
        .map(|(m, c)| Offset {
            model: m.id,
            // Facing north: forward is -y, right is +x.
            along: -c.y,
            across: c.x,
            turn_deg: 0.0,
        })
        .collect();
    Some(Shape {
        offsets,
        depth,
        half_width: frontage * 0.5,
    })
}

/// Reads the column: its track and every marching unit's place on it.
pub fn read(s: &Scenario, col: &Column) -> Result<Chain, ColumnError> {
    let Map::Table(t) = &s.map else {
        return Err(ColumnError::NotATable(col.id));
    };
    let entry = entry_point(&col.entry, t.width_in, t.height_in);
    let heading = bearing_vec(col.entry.heading_deg);
    let mut absent = Vec::new();
    // (member index, unit, stand, frame on table)
    let mut marching = Vec::new();
    for (i, m) in col.members.iter().enumerate() {
        let Some(u) = s.unit(m.unit) else {
            continue;
        };
        let why = if !u.in_play() {
            Some(Absent::Removed)
        } else if u.position == Position::Exited {
            Some(Absent::Exited)
        } else if u.models.is_empty() {
            Some(Absent::NoFigures)
        } else if !matches!(u.position, Position::Table | Position::OffMap) {
            Some(Absent::NotOnTable)
        } else {
            None
        };
        if let Some(why) = why {
            absent.push((u.id, why));
            continue;
        }
        let placed = frame(&u.models);
        let (stand, shape) = if u.on_table() {
            (
                Stand::Table,
                placed.as_ref().map(|(_, _, shape)| shape.clone()),
            )
        } else {
            (Stand::OffTable, formed_shape(&u.models, m.width_figures))
        };
        let Some(shape) = shape else {
            absent.push((u.id, Absent::NoFigures));
            continue;
        };
        marching.push((i, m, stand, placed.map(|(f, _, _)| f), shape));
    }
    let back: f32 = marching
        .iter()
        .map(|(_, _, _, _, sh)| sh.depth + QUEUE_GAP_IN)
        .sum::<f32>()
        + 12.0;
    let mut track = Track::new(entry, heading, back, &col.route);
    let mut bodies: Vec<Body> = Vec::with_capacity(marching.len());
    for (i, m, stand, front, shape) in marching {
        let (s_front, off_route) = match (bodies.last(), stand, front) {
            // The lead on the table: on its route, or the route is brought to it.
            (None, Stand::Table, Some(f)) => {
                let (s_on, d) = track.project(f, track.end());
                if d <= ON_ROUTE_IN {
                    (s_on, 0.0)
                } else {
                    let cut = s_on.max(0.0);
                    track.truncate(cut);
                    track.push(f);
                    (track.end(), 0.0)
                }
            }
            // The lead has not come on yet: where the column left it on its route, partly
            // across the edge, else waiting with its front at the entry point.
            (None, _, f) => {
                let on = f
                    .map(|f| track.project(f, track.end()))
                    .filter(|(_, d)| *d <= ON_ROUTE_IN);
                (on.map_or(0.0, |(s, _)| s.max(0.0)), 0.0)
            }
            (Some(ahead), Stand::Table, Some(f)) => track.project(f, ahead.s_front),
            // Off table, a unit waits in march order right behind the unit ahead.
            (Some(ahead), _, _) => (ahead.s_front - ahead.shape.depth - QUEUE_GAP_IN, 0.0),
        };
        bodies.push(Body {
            unit: m.unit,
            member: i,
            width_figures: m.width_figures,
            stand,
            shape,
            s_front,
            off_route,
        });
    }
    Ok(Chain {
        track,
        bodies,
        absent,
        table: (t.width_in, t.height_in),
    })
}

/// A model at its new place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub model: ModelId,
    pub pos: Point,
    pub facing_deg: f32,
}

/// Compass bearing in [0, 360).
pub fn norm_deg(d: f32) -> f32 {
    let r = d.rem_euclid(360.0);
    if r >= 360.0 { 0.0 } else { r }
}

/// The unit's models with its front centre at `s` on `track`: front centre, facing, models.
pub fn place(track: &Track, s: f32, shape: &Shape) -> (Point, f32, Vec<Placed>) {
    let front = track.at(s);
    let rear = track.at(track.chord_back(s, shape.depth));
    let chord = front - rear;
    let dir = if chord.length() > 1e-3 {
        chord.normalize()
    } else {
        track.tangent(s)
    };
    let facing = norm_deg(vec_bearing(dir));
    // Right of a compass heading on a y-down table.
    let right = Point::new(-dir.y, dir.x);
    let models = shape
        .offsets
        .iter()
        .map(|o| Placed {
            model: o.model,
            pos: front + dir * o.along + right * o.across,
            facing_deg: norm_deg(facing + o.turn_deg),
        })
        .collect();
    (front, facing, models)
}

/// Whether the whole base lies on a `width` x `height` table (touching the edge counts).
pub fn on_table(fp: &Footprint, width: f32, height: f32) -> bool {
    const EPS: f32 = 1e-3;
    let x = Point::new(1.0, 0.0);
    let y = Point::new(0.0, 1.0);
    -support(fp, -x) >= -EPS
        && -support(fp, -y) >= -EPS
        && support(fp, x) <= width + EPS
        && support(fp, y) <= height + EPS
}

/// The footprint of `m` at a new place.
pub fn footprint_at(m: &Model, p: &Placed) -> Footprint {
    Model {
        pos: p.pos,
        facing_deg: p.facing_deg,
        ..*m
    }
    .footprint()
}
