//! Where a model can go on the free-measure table under a move allowance, measured along real
//! paths: around impassable terrain, never within 2" of an enemy model (base edge to base
//! edge) unless assaulting, and, when a ruleset says so, around area terrain, linear obstacles
//! or difficult ground.
//!
//! Two tools share one set of exact geometric tests ([`prepare`]):
//! - [`field`]: the whole reachable region as path lengths on a 0.5" lattice (an any-angle
//!   search whose paths bend only at obstacle corners), for the canvas to shade and outline;
//! - [`exact`]: the shortest legal path to one destination, by a visibility graph, for
//!   `--to`, hover and commit.

pub mod board;
pub mod contour;
pub mod exact;
pub mod field;
mod grid;
pub mod obstacles;
pub mod prepare;
mod window;

pub use board::{Board, ENEMY_CLEARANCE_IN};
pub use field::Field;
pub use obstacles::Blocker;
pub use prepare::{Avoid, Prepared};
pub use window::{STEP_IN, Window};

use crate::geom::Point;
use exact::{NoPath, Path};

/// A region of the table sampled on a lattice: inside where `excess <= 0`. `excess` is the path
/// length beyond the allowance that applies (negative inside), so regions with different
/// allowances can be united.
#[derive(Clone, Debug)]
pub struct Region {
    pub window: Window,
    pub excess: Vec<f32>,
}

impl Region {
    /// The part of a field within `allowance`.
    pub fn from_field(field: &Field, allowance: f32) -> Region {
        Region {
            window: field.window,
            excess: field.dist.iter().map(|d| d - allowance).collect(),
        }
    }

    /// Adds another region sampled on the same window.
    pub fn unite(&mut self, other: &Region) {
        debug_assert_eq!(self.window, other.window);
        for (a, b) in self.excess.iter_mut().zip(&other.excess) {
            *a = a.min(*b);
        }
    }

    /// Keeps only the part where `f(p) <= 0` as well (for example
    /// `|p - leader| - radius` to stay inside a command radius). The result is the
    /// intersection, sampled like the region.
    pub fn restrict(&mut self, f: impl Fn(Point) -> f32) {
        let w = self.window;
        for (y, row) in self.excess.chunks_exact_mut(w.nx).enumerate() {
            for (x, e) in row.iter_mut().enumerate() {
                if e.is_finite() {
                    *e = e.max(f(w.at(x, y)));
                }
            }
        }
    }

    /// Whether any sampled node is inside.
    pub fn is_empty(&self) -> bool {
        !self.excess.iter().any(|e| *e <= 0.0)
    }

    /// Whether the lattice says `p` is inside (bilinear between the four nodes around it;
    /// a blocked node makes its quarter outside).
    pub fn contains(&self, p: Point) -> bool {
        self.excess_at(p).is_some_and(|e| e <= 0.0)
    }

    /// Interpolated excess at `p`, if all four surrounding nodes are sampled and finite.
    pub fn excess_at(&self, p: Point) -> Option<f32> {
        let w = &self.window;
        let q = (p - w.origin) / w.step;
        if q.x < 0.0 || q.y < 0.0 {
            return None;
        }
        // Non-negative: truncation is the floor.
        let (x, y) = (q.x as usize, q.y as usize);
        if x + 1 >= w.nx || y + 1 >= w.ny {
            return None;
        }
        let (fx, fy) = (q.x - x as f32, q.y - y as f32);
        let i = y * w.nx + x;
        let v = [
            self.excess[i],
            self.excess[i + 1],
            self.excess[i + w.nx],
            self.excess[i + w.nx + 1],
        ];
        if v.iter().any(|e| !e.is_finite()) {
            return None;
        }
        let top = v[0] + (v[1] - v[0]) * fx;
        let bottom = v[2] + (v[3] - v[2]) * fx;
        Some(top + (bottom - top) * fy)
    }

    /// The region's boundary as polylines (loops close on their first point).
    pub fn outline(&self) -> Vec<Vec<Point>> {
        contour::outline(&self.window, &self.excess)
    }

    /// Area inside, in square inches: the area of the region [`outline`](Region::outline)
    /// draws, not a count of inside lattice nodes.
    pub fn area(&self) -> f32 {
        contour::area(&self.window, &self.excess)
    }
}

/// The radius of the disk a model's base is treated as while it moves (its bounding circle).
pub fn mover_radius(model: &crate::model::Model) -> f32 {
    model.footprint().bounding_radius()
}

/// The lattice window a reach from `start` with allowance `allowance` needs.
pub fn window_for(board: &Board, start: Point, allowance: f32) -> Window {
    Window::around(start, allowance + STEP_IN * 2.0, board.width, board.height)
}

/// Everywhere a model starting at `start` can reach within `allowance`.
pub fn region(board: &Board, start: Point, allowance: f32, avoid: Avoid) -> Region {
    let window = window_for(board, start, allowance);
    region_in(board, start, allowance, avoid, window)
}

/// As [`region`], sampled on a given window (to unite regions of different allowances).
pub fn region_in(
    board: &Board,
    start: Point,
    allowance: f32,
    avoid: Avoid,
    window: Window,
) -> Region {
    let limit = allowance + STEP_IN * 2.0;
    // A path no longer than the limit never leaves the disk of that radius about the start,
    // so only obstacles touching that disk matter.
    let mut prep = Prepared::new(board, start, avoid, limit);
    let field = field::search(&mut prep, limit, window);
    Region::from_field(&field, allowance)
}

/// As [`region`], from the start of an already prepared query (see [`Prepared::shared`]);
/// the query must cover the start's whole reach.
pub fn region_from(prep: &mut Prepared, allowance: f32) -> Region {
    let window = window_for(prep.board, prep.start, allowance);
    let field = field::search(prep, allowance + STEP_IN * 2.0, window);
    Region::from_field(&field, allowance)
}

/// Why a destination cannot be reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unreachable {
    /// The destination itself is blocked (inside terrain, too close to an enemy, off the
    /// table).
    Blocked(Blocker),
    /// No route reaches it.
    Enclosed,
    /// The shortest legal route is longer than the allowance.
    TooFar { length: f32 },
}

/// The shortest legal path to `goal` within `allowance`, or why there is none. When the
/// destination is out of reach the shortest route's length is still reported, if one exists
/// within three times the allowance.
pub fn path_to(
    board: &Board,
    start: Point,
    goal: Point,
    allowance: f32,
    avoid: Avoid,
) -> Result<Path, Unreachable> {
    // A legal path never leaves the disk of the allowance about the start, so the common case
    // needs only the obstacles there. Only when that fails is the search widened, to say how
    // long the shortest route is (or that there is none).
    if start.distance(goal) <= allowance {
        let mut near = Paths::new(board, start, avoid, allowance + 0.01);
        match near.to(goal, allowance) {
            Err(Unreachable::Enclosed) => {}
            found => return found,
        }
    }
    let horizon = allowance.max(start.distance(goal)) * 3.0 + 1.0;
    Paths::new(board, start, avoid, horizon).to(goal, allowance)
}

/// Shortest legal paths from one start to many destinations within a horizon, sharing one
/// prepared query (obstacles, corners) between them.
pub struct Paths<'a> {
    prep: Prepared<'a>,
    horizon: f32,
}

impl<'a> Paths<'a> {
    /// Paths from `start` no longer than `horizon`.
    pub fn new(board: &'a Board, start: Point, avoid: Avoid, horizon: f32) -> Paths<'a> {
        Paths {
            prep: Prepared::new(board, start, avoid, horizon),
            horizon,
        }
    }

    /// As [`path_to`]; routes longer than the horizon are reported as enclosed.
    pub fn to(&mut self, goal: Point, allowance: f32) -> Result<Path, Unreachable> {
        match exact::shortest_path(&mut self.prep, goal, self.horizon) {
            Ok(p) if p.length <= allowance + 1e-4 => Ok(p),
            Ok(p) => Err(Unreachable::TooFar { length: p.length }),
            Err(NoPath::Blocked(b)) => Err(Unreachable::Blocked(b)),
            Err(NoPath::Enclosed) => Err(Unreachable::Enclosed),
        }
    }
}

#[cfg(test)]
mod tests;

/// Why a model may not go somewhere, in words a player understands. Shared by every
/// free-measure ruleset so the same obstacle is always described the same way.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    OffTable,
    /// Inside (or too close to) impassable terrain.
    Impassable {
        piece: crate::model::PieceId,
        name: String,
    },
    /// Within the 2" every model keeps from enemy models.
    NearEnemy {
        unit: crate::model::UnitId,
        name: String,
    },
    /// On a unit of a formed column, which no other unit may pass through (R1).
    Column {
        unit: crate::model::UnitId,
        name: String,
        column: String,
    },
    /// Inside terrain this move must keep out of (area, obstacle, difficult ground).
    Terrain {
        piece: crate::model::PieceId,
        name: String,
    },
    /// Every route is blocked.
    Enclosed,
    /// The shortest legal route is longer than the allowance.
    TooFar {
        length_in: f32,
        allowance_in: f32,
    },
}

impl Refusal {
    /// Names the obstacle of an [`Unreachable`] from the scenario.
    pub fn from_unreachable(s: &crate::model::Scenario, u: Unreachable, allowance: f32) -> Refusal {
        match u {
            Unreachable::Blocked(b) => Refusal::from_blocker(s, b),
            Unreachable::Enclosed => Refusal::Enclosed,
            Unreachable::TooFar { length } => Refusal::TooFar {
                length_in: length,
                allowance_in: allowance,
            },
        }
    }

    pub fn from_blocker(s: &crate::model::Scenario, b: Blocker) -> Refusal {
        let piece_name = |p| {
            s.piece(p)
                .map_or_else(|| format!("{p}"), |x| x.name.clone())
        };
        match b {
            Blocker::TableEdge => Refusal::OffTable,
            Blocker::Impassable(p) => Refusal::Impassable {
                piece: p,
                name: piece_name(p),
            },
            Blocker::Enemy(u, _) => Refusal::NearEnemy {
                unit: u,
                name: s.unit(u).map_or_else(|| format!("{u}"), |x| x.name.clone()),
            },
            Blocker::Column(u, _) => Refusal::Column {
                unit: u,
                name: s.unit(u).map_or_else(|| format!("{u}"), |x| x.name.clone()),
                column: s.column_of(u).map_or_else(String::new, |c| c.name.clone()),
            },
            Blocker::Area(p) | Blocker::Linear(p) | Blocker::Difficult(p) => Refusal::Terrain {
                piece: p,
                name: piece_name(p),
            },
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::OffTable => write!(f, "off the table"),
            Refusal::Impassable { name, .. } => write!(f, "blocked by impassable {name}"),
            Refusal::NearEnemy { name, .. } => {
                write!(
                    f,
                    "within 2\" of {name}: no model may come within 2\" of an enemy"
                )
            }
            Refusal::Column { name, column, .. } => write!(
                f,
                "on '{name}' of the formed column '{column}': no unit may pass through a column"
            ),
            Refusal::Terrain { name, .. } => write!(f, "this move must keep out of {name}"),
            Refusal::Enclosed => write!(f, "no route: every way there is blocked"),
            Refusal::TooFar {
                length_in,
                allowance_in,
            } => write!(
                f,
                "the shortest legal route is {length_in:.2}\", beyond the {allowance_in:.2}\" allowed"
            ),
        }
    }
}

/// A path as the preview reports it: points and length in inches.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Route {
    pub points: Vec<Point>,
    pub length_in: f32,
}

impl From<Path> for Route {
    fn from(p: Path) -> Route {
        Route {
            points: p.points,
            length_in: p.length,
        }
    }
}

impl Route {
    /// The point of the route nearest `p`, and how far `p` is from it.
    pub fn nearest(&self, p: Point) -> (Point, f32) {
        let mut best = (self.points.first().copied().unwrap_or(p), f32::INFINITY);
        for w in self.points.windows(2) {
            let ab = w[1] - w[0];
            let len2 = ab.length_squared();
            let t = if len2 > 0.0 {
                ((p - w[0]).dot(ab) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let q = w[0] + ab * t;
            let d = q.distance(p);
            if d < best.1 {
                best = (q, d);
            }
        }
        if best.1.is_infinite() {
            best.1 = best.0.distance(p);
        }
        best
    }

    /// The first `distance` inches of the route.
    pub fn truncated(&self, distance: f32) -> Route {
        let mut points: Vec<Point> = self.points.first().copied().into_iter().collect();
        let mut left = distance;
        for w in self.points.windows(2) {
            let seg = w[0].distance(w[1]);
            if seg <= left {
                points.push(w[1]);
                left -= seg;
            } else {
                if left > 0.0 {
                    points.push(w[0].lerp(w[1], left / seg));
                }
                break;
            }
        }
        Route {
            length_in: distance.min(self.length_in),
            points,
        }
    }

    pub fn end(&self) -> Point {
        *self.points.last().unwrap_or(&Point::ZERO)
    }
}
