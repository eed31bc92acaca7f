//! The lattice the reach is sampled on: a rectangle of nodes 0.5" apart on the table.

use crate::geom::Point;

/// Lattice spacing, in inches.
pub const STEP_IN: f32 = 0.5;

/// A rectangle of lattice nodes on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// Table position of node (0, 0).
    pub origin: Point,
    pub step: f32,
    pub nx: usize,
    pub ny: usize,
}

impl Window {
    /// The lattice window covering a disk, clipped to the table, aligned to the table-wide
    /// lattice so neighbouring fields sample the same points.
    pub fn around(centre: Point, radius: f32, width: f32, height: f32) -> Window {
        let step = STEP_IN;
        let lo = ((centre - Point::splat(radius)).max(Point::ZERO) / step).floor();
        let hi = ((centre + Point::splat(radius)).min(Point::new(width, height)) / step).ceil();
        let nx = ((hi.x - lo.x) as usize + 1).max(1);
        let ny = ((hi.y - lo.y) as usize + 1).max(1);
        Window {
            origin: lo * step,
            step,
            nx,
            ny,
        }
    }

    pub fn len(&self) -> usize {
        self.nx * self.ny
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn point(&self, i: usize) -> Point {
        self.at(i % self.nx, i / self.nx)
    }

    /// The node in column `x`, row `y`: for loops over rows, which need not divide to find
    /// them as [`point`](Window::point) does.
    pub fn at(&self, x: usize, y: usize) -> Point {
        self.origin + Point::new(x as f32, y as f32) * self.step
    }

    /// The nearest node to `p`, if inside the window.
    pub fn nearest(&self, p: Point) -> Option<usize> {
        let q = ((p - self.origin) / self.step).round();
        if q.x < 0.0 || q.y < 0.0 || q.x >= self.nx as f32 || q.y >= self.ny as f32 {
            return None;
        }
        Some(q.y as usize * self.nx + q.x as usize)
    }
}
