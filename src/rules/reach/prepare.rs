//! One query's view of the board: which obstacles count, how much clearance each needs, and
//! the corners where paths may bend.

use super::board::Board;
use super::grid::Grid;
use super::obstacles::{Blocker, Class};
use crate::geom::{Aabb, Point};
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
#[derive(Clone)]
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
    /// Active obstacles within range of the start: the only ones this query looks at.
    relevant: Vec<u32>,
    /// `relevant`, bucketed in 1" cells over their bounds.
    grid: Grid,
    /// `relevant` is complete within `range` of `centre` (where the query was prepared).
    centre: Point,
    range: f32,
    /// Free nodes of the lattice around `centre`, for shared queries.
    free_cache: Option<(super::Window, Vec<bool>)>,
    /// Whether any clearance was reduced for a start inside an obstacle's clearance.
    reduced: bool,
    stamp: Vec<u32>,
    tick: u32,
}

impl<'a> Prepared<'a> {
    /// Prepares a query from `start` for points and lines within `range` of it.
    pub fn new(board: &'a Board, start: Point, avoid: Avoid, range: f32) -> Prepared<'a> {
        Self::build(board, start, avoid, range, true)
    }

    /// Prepares a query around `centre` with every clearance at its nominal value, to be
    /// [`restart`](Prepared::restart)ed from several nearby starts (the models of one unit).
    pub fn shared(board: &'a Board, centre: Point, avoid: Avoid, range: f32) -> Prepared<'a> {
        Self::build(board, centre, avoid, range, false)
    }

    /// Moves a shared query's start. Returns `false` (and changes nothing) when the start lies
    /// within some obstacle's clearance: that start needs its own query, whose clearances let
    /// it move away.
    pub fn restart(&mut self, start: Point) -> bool {
        if start == self.start && !self.reduced {
            return true;
        }
        if self.reduced {
            return false;
        }
        let board = self.board;
        let blocked = self.relevant.iter().any(|&i| {
            board.obstacle(i).shape.distance_to_point(start) < self.clearance[i as usize]
        });
        if blocked {
            return false;
        }
        self.start = start;
        true
    }

    fn build(
        board: &'a Board,
        start: Point,
        avoid: Avoid,
        range: f32,
        reduce: bool,
    ) -> Prepared<'a> {
        let r = board.mover_radius;
        let mut clearance = Vec::with_capacity(board.obstacle_count());
        let mut relevant = Vec::new();
        let mut entries = Vec::new();
        let mut reduced = false;
        for (i, o) in board.obstacles() {
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
                let grown = o.bounds.expand(cl);
                if start.clamp(grown.min, grown.max).distance(start) > range {
                    clearance.push(cl);
                    continue;
                }
                // A model already too close may move, but never closer (and may leave terrain
                // it stands in).
                let d = o.shape.distance_to_point(start);
                if reduce && d < cl {
                    cl = (d - CENTRE_LINE).max(0.0);
                    reduced = true;
                }
                if cl > 0.0 {
                    relevant.push(i);
                    entries.push((i, o.bounds.expand(cl)));
                }
            }
            clearance.push(cl);
        }
        let table = Aabb {
            min: Point::ZERO,
            max: Point::new(board.width, board.height),
        };
        // Cover every relevant obstacle, so any point off the grid but within range is clear.
        let mut area = Aabb {
            min: start - Point::splat(1.0),
            max: start + Point::splat(1.0),
        };
        for (_, b) in &entries {
            area.min = area.min.min(b.min);
            area.max = area.max.max(b.max);
        }
        let area = Aabb {
            min: area.min.max(table.min),
            max: area.max.min(table.max),
        };
        let grid = Grid::build(area, 1.0, &entries);
        let mut prep = Prepared {
            board,
            start,
            clearance,
            corners: Vec::new(),
            ring: Vec::new(),
            relevant,
            grid,
            centre: start,
            range,
            free_cache: None,
            reduced,
            stamp: vec![0; board.obstacle_count()],
            tick: 0,
        };
        let mut rings = Vec::new();
        for &i in &prep.relevant {
            board
                .obstacle(i)
                .shape
                .corners(prep.clearance[i as usize], &mut rings);
        }
        for ring in rings {
            let n = ring.len();
            // Corners out of range can never be on a path this query finds.
            let free: Vec<bool> = ring
                .iter()
                .map(|c| c.distance(start) <= range && prep.point_blocked(*c).is_none())
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

    /// Marks which nodes of `window` the mover's centre may stand on (true = free). A shared
    /// query computes its whole lattice once and copies from it for each start.
    pub fn free_nodes(&mut self, window: &super::Window) -> Vec<bool> {
        if self.reduced {
            return self.stamp_free(window);
        }
        let fits = |cache: &(super::Window, Vec<bool>)| {
            let c = &cache.0;
            let off = (window.origin - c.origin) / c.step;
            c.step == window.step
                && off.x >= -1e-3
                && off.y >= -1e-3
                && (off.x.round() as usize + window.nx) <= c.nx
                && (off.y.round() as usize + window.ny) <= c.ny
        };
        if !self.free_cache.as_ref().is_some_and(fits) {
            let table = (self.board.width, self.board.height);
            let all = super::Window::around(self.centre, self.range, table.0, table.1);
            let mask = self.stamp_free(&all);
            self.free_cache = Some((all, mask));
        }
        match &self.free_cache {
            Some((c, mask)) if fits(&(*c, Vec::new())) => {
                let off = ((window.origin - c.origin) / c.step).round();
                let (ox, oy) = (off.x as usize, off.y as usize);
                let mut out = Vec::with_capacity(window.len());
                for y in 0..window.ny {
                    let row = (oy + y) * c.nx + ox;
                    out.extend_from_slice(&mask[row..row + window.nx]);
                }
                out
            }
            _ => self.stamp_free(window),
        }
    }

    /// Tests each relevant obstacle against the nodes under its bounds.
    fn stamp_free(&self, window: &super::Window) -> Vec<bool> {
        let mut free: Vec<bool> = (0..window.len())
            .map(|i| self.board.on_table(window.point(i)))
            .collect();
        let step = window.step;
        for &i in &self.relevant {
            let cl = self.clearance[i as usize];
            let o = self.board.obstacle(i);
            let b = o.bounds.expand(cl);
            let x0 = ((b.min.x - window.origin.x) / step).ceil().max(0.0) as usize;
            let y0 = ((b.min.y - window.origin.y) / step).ceil().max(0.0) as usize;
            let x1 = (((b.max.x - window.origin.x) / step).floor().max(-1.0) + 1.0) as usize;
            let y1 = (((b.max.y - window.origin.y) / step).floor().max(-1.0) + 1.0) as usize;
            for y in y0..y1.min(window.ny) {
                for x in x0..x1.min(window.nx) {
                    let k = y * window.nx + x;
                    if free[k] && o.shape.distance_to_point(window.point(k)) < cl {
                        free[k] = false;
                    }
                }
            }
        }
        free
    }

    /// The clearance an obstacle needs in this query (0: ignored).
    pub fn clearance(&self, i: u32) -> f32 {
        self.clearance[i as usize]
    }

    /// How far the start stands outside the nearest active obstacle's clearance (infinite when
    /// no obstacle is near).
    pub fn start_margin(&self) -> f32 {
        self.relevant
            .iter()
            .map(|&i| {
                let o = self.board.obstacle(i);
                o.shape.distance_to_point(self.start) - self.clearance[i as usize]
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// What stops the mover's centre standing at `p`, if anything.
    pub fn point_blocked(&self, p: Point) -> Option<Blocker> {
        if !self.board.on_table(p) {
            return Some(Blocker::TableEdge);
        }
        let test = |i: u32| {
            let cl = self.clearance[i as usize];
            let o = self.board.obstacle(i);
            (cl > 0.0 && o.shape.distance_to_point(p) < cl).then_some(o.blocker)
        };
        if self.grid.covers(p) {
            self.grid.at(p).iter().find_map(|i| test(*i))
        } else if p.distance(self.centre) <= self.range {
            None // the grid covers every obstacle within range
        } else {
            (0..self.board.obstacle_count() as u32).find_map(test)
        }
    }

    /// What stops the mover's centre travelling straight from `a` to `b`, if anything. Both
    /// ends must be on the table; the table is convex, so the line is too.
    pub fn segment_blocked(&mut self, a: Point, b: Point) -> Option<Blocker> {
        let board = self.board;
        let clearance = &self.clearance;
        let in_range = |p: Point| p.distance(self.centre) <= self.range;
        if !(in_range(a) && in_range(b)) {
            return board.obstacles().find_map(|(i, o)| {
                let cl = clearance[i as usize];
                (cl > 0.0 && o.blocks(a, b, cl)).then_some(o.blocker)
            });
        }
        self.tick = self.tick.wrapping_add(1);
        if self.tick == 0 {
            self.stamp.fill(0);
            self.tick = 1;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let mut hit = None;
        let stamp = &mut self.stamp;
        let tick = self.tick;
        self.grid.along(a, b, |i| {
            let k = i as usize;
            if stamp[k] == tick {
                return false;
            }
            stamp[k] = tick;
            let cl = clearance[k];
            let o = board.obstacle(i);
            if o.bounds.min.x - cl > hi.x
                || o.bounds.max.x + cl < lo.x
                || o.bounds.min.y - cl > hi.y
                || o.bounds.max.y + cl < lo.y
            {
                return false;
            }
            if o.blocks(a, b, cl) {
                hit = Some(o.blocker);
                return true;
            }
            false
        });
        hit
    }
}

/// Angular bins of a [`View`].
const BINS: usize = 512;

/// The obstacles around one point, binned by the directions they cover as seen from it, so a
/// line test from that point checks only the few obstacles in the line's direction that are
/// nearer than its end. Intervals are conservative; the exact test decides.
pub struct View {
    from: Point,
    offsets: Vec<u32>,
    /// (obstacle, distance from `from` to the grown obstacle).
    items: Vec<(u32, f32)>,
}

fn bin_of(angle: f32) -> usize {
    let t = (angle + std::f32::consts::PI) / std::f32::consts::TAU;
    ((t * BINS as f32) as isize).rem_euclid(BINS as isize) as usize
}

impl View {
    /// Whether the line from the view's point to `p` is blocked, and by what.
    pub fn blocked(&self, prep: &Prepared, p: Point) -> Option<Blocker> {
        let d = p - self.from;
        let len = d.length();
        if len == 0.0 {
            return None;
        }
        let b = bin_of(d.y.atan2(d.x));
        let items = &self.items[self.offsets[b] as usize..self.offsets[b + 1] as usize];
        for &(i, near) in items {
            if near >= len {
                continue;
            }
            let o = prep.board.obstacle(i);
            if o.blocks(self.from, p, prep.clearance[i as usize]) {
                return Some(o.blocker);
            }
        }
        None
    }
}

impl Prepared<'_> {
    /// The view from `from` of every active obstacle that could block a line shorter than
    /// `range`. Only obstacles within the query's range of the start are considered, so lines
    /// must stay within that range of the start.
    pub fn view(&self, from: Point, range: f32) -> View {
        let mut spans: Vec<(u32, f32, usize, usize)> = Vec::new(); // (obstacle, near, bin lo, bin hi)
        for &i in &self.relevant {
            let o = self.board.obstacle(i);
            let cl = self.clearance[i as usize];
            if cl <= 0.0 {
                continue;
            }
            let grown = o.bounds.expand(cl);
            if from.clamp(grown.min, grown.max).distance(from) > range {
                continue;
            }
            let near = (o.shape.distance_to_point(from) - cl).max(0.0);
            if near > range {
                continue;
            }
            let full = (0, BINS - 1);
            let (lo, hi) = match &o.shape {
                super::obstacles::Shape::Circle { centre, radius } => {
                    let v = *centre - from;
                    let dist = v.length();
                    let r = radius + cl;
                    if dist <= r * 1.0001 {
                        full
                    } else {
                        let half = (r / dist).asin() + 1e-3;
                        let a = v.y.atan2(v.x);
                        (bin_of(a - half), bin_of(a + half))
                    }
                }
                super::obstacles::Shape::Polygon(points)
                | super::obstacles::Shape::Polyline { points, .. } => {
                    let grow = match &o.shape {
                        super::obstacles::Shape::Polyline { half_width, .. } => cl + half_width,
                        _ => cl,
                    };
                    let centre = (o.bounds.min + o.bounds.max) * 0.5;
                    let reference = (centre - from).y.atan2((centre - from).x);
                    let mut lo = f32::INFINITY;
                    let mut hi = f32::NEG_INFINITY;
                    for v in points {
                        let w = *v - from;
                        let mut a = w.y.atan2(w.x) - reference;
                        while a > std::f32::consts::PI {
                            a -= std::f32::consts::TAU;
                        }
                        while a < -std::f32::consts::PI {
                            a += std::f32::consts::TAU;
                        }
                        lo = lo.min(a);
                        hi = hi.max(a);
                    }
                    let near_shape = o.shape.distance_to_point(from);
                    if near_shape <= grow * 1.0001 || hi - lo > std::f32::consts::PI * 0.9 {
                        full
                    } else {
                        // Widen by the angle the clearance subtends at the closest approach.
                        let widen = (grow / near_shape.max(1e-3)).min(1.0).asin() + 1e-3;
                        (
                            bin_of(reference + lo - widen),
                            bin_of(reference + hi + widen),
                        )
                    }
                }
            };
            spans.push((i, near, lo, hi));
        }
        let mut counts = vec![0u32; BINS + 1];
        let each = |lo: usize, hi: usize, f: &mut dyn FnMut(usize)| {
            if lo <= hi {
                (lo..=hi).for_each(f);
            } else {
                (lo..BINS).chain(0..=hi).for_each(f);
            }
        };
        for &(_, _, lo, hi) in &spans {
            each(lo, hi, &mut |b| counts[b + 1] += 1);
        }
        for b in 1..=BINS {
            counts[b] += counts[b - 1];
        }
        let mut items = vec![(0u32, 0f32); counts[BINS] as usize];
        let mut fill = counts.clone();
        for &(i, near, lo, hi) in &spans {
            each(lo, hi, &mut |b| {
                items[fill[b] as usize] = (i, near);
                fill[b] += 1;
            });
        }
        View {
            from,
            offsets: counts,
            items,
        }
    }
}
