//! Where a model can go on the free-measure table under a move allowance, measured along real
//! paths: around impassable terrain, never within 2" of an enemy model (base edge to base
//! edge) unless assaulting, and, when a ruleset says so, around area terrain, linear obstacles
//! or difficult ground.
//!
//! Two tools share one set of exact geometric tests ([`prepare`]):
//! - [`field`]: the whole reachable region as path lengths on a 0.25" lattice (an any-angle
//!   search whose paths bend only at obstacle corners), for the canvas to shade and outline;
//! - [`exact`]: the shortest legal path to one destination, by a visibility graph, for
//!   `--to`, hover and commit.

pub mod board;
pub mod contour;
pub mod exact;
pub mod field;
pub mod obstacles;
pub mod prepare;

pub use board::{Board, ENEMY_CLEARANCE_IN};
pub use field::{Field, STEP_IN, Window};
pub use obstacles::Blocker;
pub use prepare::{Avoid, Prepared};

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
        let (x, y) = (q.x.floor() as usize, q.y.floor() as usize);
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

    /// Area inside, in square inches (lattice cells counted by their inside corners).
    pub fn area(&self) -> f32 {
        let cell = self.window.step * self.window.step;
        self.excess.iter().filter(|e| **e <= 0.0).count() as f32 * cell
    }
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
    let mut prep = Prepared::new(board, start, avoid, allowance);
    let field = field::search(&mut prep, allowance + STEP_IN * 2.0, window);
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
    let horizon = allowance.max(start.distance(goal)) * 3.0 + 1.0;
    let mut prep = Prepared::new(board, start, avoid, horizon);
    match exact::shortest_path(&mut prep, goal, horizon) {
        Ok(p) if p.length <= allowance + 1e-4 => Ok(p),
        Ok(p) => Err(Unreachable::TooFar { length: p.length }),
        Err(NoPath::Blocked(b)) => Err(Unreachable::Blocked(b)),
        Err(NoPath::Enclosed) => Err(Unreachable::Enclosed),
    }
}

#[cfg(test)]
mod tests;
