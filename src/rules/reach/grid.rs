//! Uniform buckets over part of the table, listing which obstacles touch each cell, so point
//! and line tests only look at obstacles near them. Each entry is a small copy of what the
//! first test needs, so scanning a cell reads one run of memory.

use crate::geom::{Aabb, Point};

/// Entries bucketed by the square cells their (grown) bounds touch.
#[derive(Clone, Debug)]
pub struct Grid<T> {
    origin: Point,
    cell: f32,
    nx: usize,
    ny: usize,
    offsets: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> Grid<T> {
    /// Buckets `entries` (entry, bounds) over `area` with square cells of side `cell`.
    pub fn build(area: Aabb, cell: f32, entries: &[(T, Aabb)]) -> Grid<T> {
        let nx = (((area.max.x - area.min.x) / cell).ceil() as usize).max(1);
        let ny = (((area.max.y - area.min.y) / cell).ceil() as usize).max(1);
        let mut grid = Grid {
            origin: area.min,
            cell,
            nx,
            ny,
            offsets: vec![0; nx * ny + 1],
            items: Vec::new(),
        };
        let spans: Vec<Option<(usize, usize, usize, usize)>> =
            entries.iter().map(|(_, b)| grid.span(*b)).collect();
        for (x0, y0, x1, y1) in spans.iter().flatten() {
            for y in *y0..=*y1 {
                for x in *x0..=*x1 {
                    grid.offsets[y * nx + x + 1] += 1;
                }
            }
        }
        for i in 1..grid.offsets.len() {
            grid.offsets[i] += grid.offsets[i - 1];
        }
        grid.items = vec![T::default(); grid.offsets[nx * ny] as usize];
        let mut fill = grid.offsets.clone();
        for ((index, _), span) in entries.iter().zip(&spans) {
            let Some((x0, y0, x1, y1)) = span else {
                continue;
            };
            for y in *y0..=*y1 {
                for x in *x0..=*x1 {
                    let c = y * nx + x;
                    grid.items[fill[c] as usize] = *index;
                    fill[c] += 1;
                }
            }
        }
        grid
    }

    /// The cells a box touches, clipped to the grid; `None` when it misses the grid.
    fn span(&self, b: Aabb) -> Option<(usize, usize, usize, usize)> {
        // Unfloored: against 0 and the integer counts the comparisons below come out the
        // same, and the clamp truncates.
        let lo = (b.min - self.origin) / self.cell;
        let hi = (b.max - self.origin) / self.cell;
        if hi.x < 0.0 || hi.y < 0.0 || lo.x >= self.nx as f32 || lo.y >= self.ny as f32 {
            return None;
        }
        let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
        Some((
            clamp(lo.x, self.nx),
            clamp(lo.y, self.ny),
            clamp(hi.x, self.nx),
            clamp(hi.y, self.ny),
        ))
    }

    /// Whether `p` lies on the grid.
    pub fn covers(&self, p: Point) -> bool {
        let q = (p - self.origin) / self.cell;
        q.x >= 0.0 && q.y >= 0.0 && q.x < self.nx as f32 && q.y < self.ny as f32
    }

    fn cell_of(&self, p: Point) -> (usize, usize) {
        // `as usize` truncates, which is the floor for the non-negative values kept (and
        // avoids a libm call per lookup on the baseline target).
        let q = (p - self.origin) / self.cell;
        (
            (q.x.max(0.0) as usize).min(self.nx - 1),
            (q.y.max(0.0) as usize).min(self.ny - 1),
        )
    }

    fn cell(&self, x: usize, y: usize) -> &[T] {
        let c = y * self.nx + x;
        &self.items[self.offsets[c] as usize..self.offsets[c + 1] as usize]
    }

    /// The entries bucketed in the cell holding `p` (which must be covered).
    pub fn at(&self, p: Point) -> &[T] {
        let (x, y) = self.cell_of(p);
        self.cell(x, y)
    }

    /// Calls `visit` with each entry bucketed in a cell the segment `a`-`b` passes through
    /// (possibly more than once), until `visit` returns `true`. The segment is clipped to the
    /// grid first.
    pub fn along(&self, a: Point, b: Point, visit: impl FnMut(&T) -> bool) -> bool {
        // Liang-Barsky clipping to the grid's rectangle.
        let max = self.origin + Point::new(self.nx as f32, self.ny as f32) * self.cell;
        let d = b - a;
        let (mut t0, mut t1) = (0.0f32, 1.0f32);
        for (p, q) in [
            (-d.x, a.x - self.origin.x),
            (d.x, max.x - a.x),
            (-d.y, a.y - self.origin.y),
            (d.y, max.y - a.y),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        if t0 > t1 {
            return false;
        }
        self.walk(a + d * t0, a + d * t1, visit)
    }

    fn walk(&self, a: Point, b: Point, mut visit: impl FnMut(&T) -> bool) -> bool {
        let (x0, y0) = self.cell_of(a);
        let (x1, y1) = self.cell_of(b);
        let (mut x, mut y) = (x0 as i64, y0 as i64);
        let d = b - a;
        let step_x: i64 = if d.x > 0.0 { 1 } else { -1 };
        let step_y: i64 = if d.y > 0.0 { 1 } else { -1 };
        let boundary = |c: i64, step: i64, o: f32| (c + (step > 0) as i64) as f32 * self.cell + o;
        let mut t_x = if d.x != 0.0 {
            (boundary(x, step_x, self.origin.x) - a.x) / d.x
        } else {
            f32::INFINITY
        };
        let mut t_y = if d.y != 0.0 {
            (boundary(y, step_y, self.origin.y) - a.y) / d.y
        } else {
            f32::INFINITY
        };
        let dt_x = if d.x != 0.0 {
            self.cell / d.x.abs()
        } else {
            f32::INFINITY
        };
        let dt_y = if d.y != 0.0 {
            self.cell / d.y.abs()
        } else {
            f32::INFINITY
        };
        for _ in 0..self.nx + self.ny + 2 {
            for i in self.cell(x as usize, y as usize) {
                if visit(i) {
                    return true;
                }
            }
            if x == x1 as i64 && y == y1 as i64 {
                break;
            }
            if t_x < t_y {
                x += step_x;
                t_x += dt_x;
            } else {
                y += step_y;
                t_y += dt_y;
            }
            if x < 0 || y < 0 || x >= self.nx as i64 || y >= self.ny as i64 {
                break;
            }
        }
        false
    }
}
