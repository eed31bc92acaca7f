//! The table as a mover sees it: every obstacle, bucketed in 1" cells so that a line test
//! only looks at obstacles near the line.

use super::obstacles::{Blocker, Obstacle, Shape};
use crate::geom::{Aabb, Point};
use crate::model::*;

/// Size of a bucket cell, in inches.
const BUCKET: f32 = 1.0;

/// Obstacles bucketed by the 1" cells their grown bounds touch (compressed rows).
#[derive(Clone, Debug, Default)]
struct Buckets {
    nx: usize,
    ny: usize,
    offsets: Vec<u32>,
    items: Vec<u32>,
}

impl Buckets {
    fn build(nx: usize, ny: usize, obstacles: &[Obstacle], index_base: u32, grow: f32) -> Buckets {
        let cells = nx * ny;
        let mut counts = vec![0u32; cells + 1];
        let span = |b: Aabb| {
            let b = b.expand(grow);
            let x0 = ((b.min.x / BUCKET).floor().max(0.0) as usize).min(nx.saturating_sub(1));
            let y0 = ((b.min.y / BUCKET).floor().max(0.0) as usize).min(ny.saturating_sub(1));
            let x1 = ((b.max.x / BUCKET).floor().max(0.0) as usize).min(nx.saturating_sub(1));
            let y1 = ((b.max.y / BUCKET).floor().max(0.0) as usize).min(ny.saturating_sub(1));
            (x0, y0, x1, y1)
        };
        let bounds: Vec<(usize, usize, usize, usize)> = obstacles
            .iter()
            .map(|o| span(o.bounds.expand(o.extra)))
            .collect();
        for &(x0, y0, x1, y1) in &bounds {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    counts[y * nx + x + 1] += 1;
                }
            }
        }
        for i in 1..=cells {
            counts[i] += counts[i - 1];
        }
        let mut items = vec![0u32; counts[cells] as usize];
        let mut fill = counts.clone();
        for (i, &(x0, y0, x1, y1)) in bounds.iter().enumerate() {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y * nx + x;
                    items[fill[c] as usize] = index_base + i as u32;
                    fill[c] += 1;
                }
            }
        }
        Buckets {
            nx,
            ny,
            offsets: counts,
            items,
        }
    }

    fn cell(&self, x: usize, y: usize) -> &[u32] {
        let c = y * self.nx + x;
        &self.items[self.offsets[c] as usize..self.offsets[c + 1] as usize]
    }
}

/// Everything that can stand in a model's way on one table, for movers of one side and one
/// base size. Terrain is bucketed once; enemies are re-bucketed when they move.
#[derive(Clone, Debug)]
pub struct Board {
    pub width: f32,
    pub height: f32,
    /// Radius of the mover's base (its bounding circle), in inches.
    pub mover_radius: f32,
    terrain: Vec<Obstacle>,
    enemies: Vec<Obstacle>,
    terrain_buckets: Buckets,
    enemy_buckets: Buckets,
    /// The side whose models are the enemy.
    pub mover_side: SideId,
}

/// Gap kept from enemy models, base edge to base edge (R2; applied to every free-measure
/// ruleset, see docs/rules.md).
pub const ENEMY_CLEARANCE_IN: f32 = 2.0;

impl Board {
    /// The board for models of `side` whose bases have bounding radius `mover_radius`.
    pub fn new(s: &Scenario, side: SideId, mover_radius: f32) -> Board {
        let (width, height) = match &s.map {
            Map::Table(t) => (t.width_in, t.height_in),
            Map::Hex(_) => (0.0, 0.0),
        };
        let mut terrain = Vec::new();
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            let shape = match &p.shape {
                PieceShape::Polygon(points) => Shape::Polygon(points.clone()),
                PieceShape::Polyline { points, width_in } => Shape::Polyline {
                    points: points.clone(),
                    half_width: width_in * 0.5,
                },
            };
            let mut push = |blocker| terrain.push(Obstacle::new(shape.clone(), blocker, 0.0));
            if t.impassable {
                push(Blocker::Impassable(p.id));
                continue;
            }
            match t.kind {
                TerrainKind::Area => push(Blocker::Area(p.id)),
                TerrainKind::Linear => push(Blocker::Linear(p.id)),
                TerrainKind::Road => {}
            }
            if t.difficult {
                push(Blocker::Difficult(p.id));
            }
        }
        let nx = (width / BUCKET).ceil().max(1.0) as usize;
        let ny = (height / BUCKET).ceil().max(1.0) as usize;
        let terrain_buckets = Buckets::build(nx, ny, &terrain, 0, mover_radius + 0.05);
        let mut board = Board {
            width,
            height,
            mover_radius,
            terrain,
            enemies: Vec::new(),
            terrain_buckets,
            enemy_buckets: Buckets::default(),
            mover_side: side,
        };
        board.rebuild_enemies(s);
        board
    }

    /// Re-reads the enemy models (after any of them moved).
    pub fn rebuild_enemies(&mut self, s: &Scenario) {
        self.enemies.clear();
        for u in &s.units {
            if u.side == self.mover_side || !u.on_table() || !u.in_play() {
                continue;
            }
            for m in &u.models {
                let shape = match m.footprint() {
                    crate::geom::Footprint::Circle { centre, radius } => {
                        Shape::Circle { centre, radius }
                    }
                    crate::geom::Footprint::Rect { corners, .. } => {
                        Shape::Polygon(corners.to_vec())
                    }
                };
                self.enemies.push(Obstacle::new(
                    shape,
                    Blocker::Enemy(u.id, m.id),
                    ENEMY_CLEARANCE_IN,
                ));
            }
        }
        self.enemy_buckets = Buckets::build(
            self.terrain_buckets.nx,
            self.terrain_buckets.ny,
            &self.enemies,
            self.terrain.len() as u32,
            self.mover_radius + 0.05,
        );
    }

    /// Obstacle by global index (terrain first, then enemies).
    pub fn obstacle(&self, i: u32) -> &Obstacle {
        let i = i as usize;
        if i < self.terrain.len() {
            &self.terrain[i]
        } else {
            &self.enemies[i - self.terrain.len()]
        }
    }

    pub fn obstacle_count(&self) -> usize {
        self.terrain.len() + self.enemies.len()
    }

    pub fn obstacles(&self) -> impl Iterator<Item = (u32, &Obstacle)> {
        self.terrain
            .iter()
            .chain(self.enemies.iter())
            .enumerate()
            .map(|(i, o)| (i as u32, o))
    }

    /// The obstacles bucketed in the 1" cell holding `p`.
    pub(super) fn near(&self, p: Point) -> impl Iterator<Item = u32> + '_ {
        let (x, y) = self.bucket_of(p);
        self.terrain_buckets
            .cell(x, y)
            .iter()
            .chain(self.enemy_buckets.cell(x, y).iter())
            .copied()
    }

    fn bucket_of(&self, p: Point) -> (usize, usize) {
        let nx = self.terrain_buckets.nx;
        let ny = self.terrain_buckets.ny;
        let x = ((p.x / BUCKET).floor().max(0.0) as usize).min(nx - 1);
        let y = ((p.y / BUCKET).floor().max(0.0) as usize).min(ny - 1);
        (x, y)
    }

    /// Calls `visit` for every obstacle bucketed in a cell the segment `a`-`b` passes through,
    /// possibly more than once; stops early when `visit` returns `true`.
    pub(super) fn along(&self, a: Point, b: Point, mut visit: impl FnMut(u32) -> bool) -> bool {
        let nx = self.terrain_buckets.nx as i32;
        let ny = self.terrain_buckets.ny as i32;
        let (x, y) = self.bucket_of(a);
        let (x1, y1) = self.bucket_of(b);
        let (mut x, mut y) = (x as i32, y as i32);
        let d = b - a;
        let step_x = if d.x > 0.0 { 1 } else { -1 };
        let step_y = if d.y > 0.0 { 1 } else { -1 };
        let next_boundary =
            |cell: i32, step: i32| (cell + if step > 0 { 1 } else { 0 }) as f32 * BUCKET;
        let mut t_max_x = if d.x != 0.0 {
            (next_boundary(x, step_x) - a.x) / d.x
        } else {
            f32::INFINITY
        };
        let mut t_max_y = if d.y != 0.0 {
            (next_boundary(y, step_y) - a.y) / d.y
        } else {
            f32::INFINITY
        };
        let t_dx = if d.x != 0.0 {
            BUCKET / d.x.abs()
        } else {
            f32::INFINITY
        };
        let t_dy = if d.y != 0.0 {
            BUCKET / d.y.abs()
        } else {
            f32::INFINITY
        };
        let limit = (nx + ny + 4) as usize;
        for _ in 0..limit {
            let (ux, uy) = (x as usize, y as usize);
            for &i in self
                .terrain_buckets
                .cell(ux, uy)
                .iter()
                .chain(self.enemy_buckets.cell(ux, uy).iter())
            {
                if visit(i) {
                    return true;
                }
            }
            if x == x1 as i32 && y == y1 as i32 {
                break;
            }
            if t_max_x < t_max_y {
                x += step_x;
                t_max_x += t_dx;
            } else {
                y += step_y;
                t_max_y += t_dy;
            }
            if x < 0 || y < 0 || x >= nx || y >= ny {
                break;
            }
        }
        false
    }

    /// Whether a point is a legal place for the mover's centre on the table.
    pub fn on_table(&self, p: Point) -> bool {
        let r = self.mover_radius;
        p.x >= r && p.y >= r && p.x <= self.width - r && p.y <= self.height - r
    }
}
