//! One query's view of the board: which obstacles count, how much clearance each needs, and
//! the corners where paths may bend.

use super::board::Board;
use super::obstacles::{Blocker, Class};
use crate::geom::Point;
use crate::model::PieceId;

/// What a move must keep clear of, beyond impassable terrain and the table edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Avoid {
    /// Gap to keep from enemy bases, edge to edge: 2" normally, 0 for an assault (bases may
    /// touch but not overlap).
    pub enemy_gap: f32,
    /// Keep out of area terrain (R3 full-speed disorderly moves).
    pub area: bool,
    /// Do not cross linear obstacles.
    pub linear: bool,
    /// Keep out of difficult terrain (R1 detours).
    pub difficult: bool,
    /// A piece exempt from the above (the bare hill a model starts on, R3).
    pub except: Option<PieceId>,
}

impl Avoid {
    /// Only impassable terrain, the table edge and the 2" around enemy models.
    pub fn standard() -> Avoid {
        Avoid {
            enemy_gap: super::board::ENEMY_CLEARANCE_IN,
            area: false,
            linear: false,
            difficult: false,
            except: None,
        }
    }
}

/// Clearance used for terrain a move must not enter: the model's centre, not its base.
const CENTRE_LINE: f32 = 1e-3;

/// Per-query state for the exact tests.
pub struct Prepared<'a> {
    pub board: &'a Board,
    pub start: Point,
    /// Per obstacle: the distance the mover's centre must keep from its shape; 0 = ignored.
    clearance: Vec<f32>,
    /// Points where paths may bend, just outside the active obstacles near the start. Blocked
    /// corners (inside another obstacle, off the table) are kept out of the list.
    pub corners: Vec<Point>,
    /// For each corner, the previous and next corner around the same obstacle (`u32::MAX`
    /// when that neighbour is blocked).
    pub ring: Vec<[u32; 2]>,
    stamp: Vec<u32>,
    tick: u32,
}

impl<'a> Prepared<'a> {
    /// Prepares a query from `start`; corners are gathered for obstacles within `range`.
    pub fn new(board: &'a Board, start: Point, avoid: Avoid, range: f32) -> Prepared<'a> {
        let r = board.mover_radius;
        let mut clearance = Vec::with_capacity(board.obstacle_count());
        for (_, o) in board.obstacles() {
            let exempt = o.blocker.piece().is_some() && o.blocker.piece() == avoid.except;
            let mut cl = match o.blocker.class() {
                Class::Impassable => r,
                Class::Enemy => r + avoid.enemy_gap,
                Class::Area if avoid.area && !exempt => CENTRE_LINE,
                Class::Linear if avoid.linear && !exempt => CENTRE_LINE,
                Class::Difficult if avoid.difficult && !exempt => CENTRE_LINE,
                _ => 0.0,
            };
            if cl > 0.0 {
                // A model already too close may move, but never closer (and may leave terrain
                // it stands in).
                let d = o.shape.distance_to_point(start);
                if d < cl {
                    cl = (d - CENTRE_LINE).max(0.0);
                }
            }
            clearance.push(cl);
        }
        let mut prep = Prepared {
            board,
            start,
            clearance,
            corners: Vec::new(),
            ring: Vec::new(),
            stamp: vec![0; board.obstacle_count()],
            tick: 0,
        };
        let mut rings = Vec::new();
        for (i, o) in board.obstacles() {
            let cl = prep.clearance[i as usize];
            if cl <= 0.0 {
                continue;
            }
            let b = o.bounds.expand(cl);
            let near = start.clamp(b.min, b.max).distance(start) <= range;
            if near {
                o.shape.corners(cl, &mut rings);
            }
        }
        for ring in rings {
            let n = ring.len();
            let free: Vec<bool> = ring
                .iter()
                .map(|c| prep.point_blocked(*c).is_none())
                .collect();
            let base = prep.corners.len() as u32;
            // Index each free corner will get.
            let mut index = vec![u32::MAX; n];
            let mut next = base;
            for k in 0..n {
                if free[k] {
                    index[k] = next;
                    next += 1;
                }
            }
            for k in 0..n {
                if !free[k] {
                    continue;
                }
                prep.corners.push(ring[k]);
                prep.ring.push([index[(k + n - 1) % n], index[(k + 1) % n]]);
            }
        }
        prep
    }

    /// The clearance an obstacle needs in this query (0: ignored).
    pub fn clearance(&self, i: u32) -> f32 {
        self.clearance[i as usize]
    }

    /// What stops the mover's centre standing at `p`, if anything.
    pub fn point_blocked(&self, p: Point) -> Option<Blocker> {
        if !self.board.on_table(p) {
            return Some(Blocker::TableEdge);
        }
        for i in self.board.near(p) {
            let cl = self.clearance[i as usize];
            if cl <= 0.0 {
                continue;
            }
            let o = self.board.obstacle(i);
            if o.shape.distance_to_point(p) < cl {
                return Some(o.blocker);
            }
        }
        None
    }

    /// What stops the mover's centre travelling straight from `a` to `b`, if anything. Both
    /// ends must be on the table; the table is convex, so the line is too.
    pub fn segment_blocked(&mut self, a: Point, b: Point) -> Option<Blocker> {
        self.tick = self.tick.wrapping_add(1);
        if self.tick == 0 {
            self.stamp.fill(0);
            self.tick = 1;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let mut hit = None;
        let board = self.board;
        let clearance = &self.clearance;
        let stamp = &mut self.stamp;
        let tick = self.tick;
        board.along(a, b, |i| {
            let k = i as usize;
            if stamp[k] == tick {
                return false;
            }
            stamp[k] = tick;
            let cl = clearance[k];
            if cl <= 0.0 {
                return false;
            }
            let o = board.obstacle(i);
            if o.bounds.min.x - cl > hi.x
                || o.bounds.max.x + cl < lo.x
                || o.bounds.min.y - cl > hi.y
                || o.bounds.max.y + cl < lo.y
            {
                return false;
            }
            if o.shape.distance_to_segment(a, b) < cl {
                hit = Some(o.blocker);
                return true;
            }
            false
        });
        hit
    }
}
