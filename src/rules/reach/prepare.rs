//! One query's view of the board: which obstacles count, how much clearance each needs, and
//! the corners where paths may bend.

use super::board::Board;
use super::grid::Grid;
use super::obstacles::{Blocker, Class};
use super::window::Window;
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
    /// Half the width of the band of figure centres that must keep out of the terrain above,
    /// about the mover's centre line (0: only the centre; R1 failed-order detours keep every
    /// figure of the column's frontage out).
    pub band: f32,
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
            band: 0.0,
        }
    }

    /// An assault (R2: the leader ends in base contact): enemy bases may be touched but not
    /// overlapped, by the one contact tolerance of [`crate::rules::measure`], so a base ending
    /// exactly touching an enemy's (gap 0.000") is in contact like one 0.01" short of it.
    pub fn assault() -> Avoid {
        Avoid {
            enemy_gap: -crate::rules::measure::CONTACT_SLACK_IN,
            ..Avoid::standard()
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
    grid: Grid<Probe>,
    /// `relevant` is complete within `range` of `centre` (where the query was prepared).
    centre: Point,
    range: f32,
    /// Free nodes of the lattice around `centre`, for shared queries.
    free_cache: Option<(Window, Vec<bool>)>,
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
        let blocked = self
            .relevant
            .iter()
            .any(|&i| board.obstacle(i).holds(start, self.clearance[i as usize]));
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
                Class::Area if avoid.area && !exempt => CENTRE_LINE + avoid.band,
                Class::Linear if avoid.linear && !exempt => CENTRE_LINE + avoid.band,
                Class::Difficult if avoid.difficult && !exempt => CENTRE_LINE + avoid.band,
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
                    entries.push((Probe::new(i, o, cl), o.bounds.expand(cl)));
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
        // Neighbouring corners are usually held by the same obstacle (the next model of an
        // enemy unit), so the last one found is asked first.
        let mut holder = None;
        for ring in rings {
            let n = ring.len();
            // Corners out of range can never be on a path this query finds.
            let free: Vec<bool> = ring
                .iter()
                .map(|c| c.distance(start) <= range && !prep.held(*c, &mut holder))
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
    pub fn free_nodes(&mut self, window: &Window) -> Vec<bool> {
        if self.reduced {
            return self.stamp_free(window);
        }
        let fits = |cache: &(Window, Vec<bool>)| {
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
            let all = Window::around(self.centre, self.range, table.0, table.1);
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
    fn stamp_free(&self, window: &Window) -> Vec<bool> {
        let step = window.step;
        // On the table: the same comparisons as `Board::on_table`, row by row.
        let (r, board) = (self.board.mover_radius, self.board);
        let mut free = vec![false; window.len()];
        for (y, row) in free.chunks_exact_mut(window.nx).enumerate() {
            let py = window.at(0, y).y;
            if py < r || py > board.height - r {
                continue;
            }
            for (x, node) in row.iter_mut().enumerate() {
                let px = window.at(x, y).x;
                *node = px >= r && px <= board.width - r;
            }
        }
        for &i in &self.relevant {
            let cl = self.clearance[i as usize];
            let o = self.board.obstacle(i);
            let b = o.bounds.expand(cl);
            let x0 = ((b.min.x - window.origin.x) / step).ceil().max(0.0) as usize;
            let y0 = ((b.min.y - window.origin.y) / step).ceil().max(0.0) as usize;
            let x1 = (((b.max.x - window.origin.x) / step).floor().max(-1.0) + 1.0) as usize;
            let y1 = (((b.max.y - window.origin.y) / step).floor().max(-1.0) + 1.0) as usize;
            let span = (x0, y0, x1.min(window.nx), y1.min(window.ny));
            match &o.shape {
                super::obstacles::Shape::Circle { centre, radius } => {
                    stamp_circle(&mut free, window, *centre, radius + cl, span, |p| {
                        o.holds(p, cl)
                    })
                }
                super::obstacles::Shape::Polygon(points) => {
                    stamp_polygon(&mut free, window, points, cl, span)
                }
                super::obstacles::Shape::Polyline { points, half_width } => {
                    stamp_capsules(&mut free, window, points, cl + half_width, false)
                }
            }
        }
        free
    }

    /// Whether `p` is off the table or inside an obstacle's clearance, asking the obstacle
    /// `holder` first and leaving in it the one that holds `p`.
    fn held(&self, p: Point, holder: &mut Option<u32>) -> bool {
        if let Some(i) = *holder
            && self.board.obstacle(i).holds(p, self.clearance[i as usize])
        {
            return true;
        }
        if !self.board.on_table(p) {
            return true;
        }
        let found = self.holder(p);
        if found.is_some() {
            *holder = found;
        }
        found.is_some()
    }

    /// Whether the obstacle behind `probe` holds `p`.
    fn probe_holds(&self, probe: &Probe, p: Point) -> bool {
        if p.distance_squared(probe.centre) >= probe.reach2 {
            return false;
        }
        let i = probe.index() as usize;
        probe.round()
            || self
                .board
                .obstacle(probe.index())
                .shape
                .distance_to_point(p)
                < self.clearance[i]
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
        self.holder(p).map(|i| self.board.obstacle(i).blocker)
    }

    /// The obstacle whose clearance holds `p` (the table edge aside), if any.
    fn holder(&self, p: Point) -> Option<u32> {
        if self.grid.covers(p) {
            self.grid
                .at(p)
                .iter()
                .find(|probe| self.probe_holds(probe, p))
                .map(|probe| probe.index())
        } else if p.distance(self.centre) <= self.range {
            None // the grid covers every obstacle within range
        } else {
            (0..self.board.obstacle_count() as u32).find(|&i| {
                let cl = self.clearance[i as usize];
                cl > 0.0 && self.board.obstacle(i).holds(p, cl)
            })
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
        let d = b - a;
        let len2 = d.length_squared();
        let inv = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
        let mut hit = None;
        let stamp = &mut self.stamp;
        let tick = self.tick;
        self.grid.along(a, b, |probe| {
            // Obstacles span several cells: look at each once.
            let i = probe.index();
            let k = i as usize;
            if stamp[k] == tick {
                return false;
            }
            stamp[k] = tick;
            // The nearest point of the segment to the probe's circle.
            let t = ((probe.centre - a).dot(d) * inv).clamp(0.0, 1.0);
            if (a + d * t).distance_squared(probe.centre) >= probe.reach2 {
                return false;
            }
            let o = board.obstacle(i);
            if probe.round() || o.blocks(a, b, clearance[k]) {
                hit = Some(o.blocker);
                return true;
            }
            false
        });
        hit
    }
}

/// What the grid keeps of an obstacle: the circle holding it grown by its clearance (which is
/// the whole test for a round obstacle), so most are ruled out without looking further.
#[derive(Clone, Copy, Debug, Default)]
struct Probe {
    centre: Point,
    /// The square of the grown circle's radius.
    reach2: f32,
    /// The obstacle's index, with [`ROUND`] set when it is a circle.
    tagged: u32,
}

const ROUND: u32 = 1 << 31;

impl Probe {
    fn new(index: u32, o: &super::obstacles::Obstacle, clearance: f32) -> Probe {
        let (centre, r) = o.circle;
        debug_assert!(index < ROUND, "obstacle indices fit in 31 bits");
        let round = matches!(o.shape, super::obstacles::Shape::Circle { .. });
        Probe {
            centre,
            reach2: (r + clearance) * (r + clearance),
            tagged: index | if round { ROUND } else { 0 },
        }
    }

    fn index(&self) -> u32 {
        self.tagged & !ROUND
    }

    fn round(&self) -> bool {
        self.tagged & ROUND != 0
    }
}

/// Marks the nodes within `r` of `centre` (as `holds` measures them), row by row: only the
/// nodes under the circle's chord on a row can lie inside; those well within it are, and the
/// few near its ends are measured.
fn stamp_circle(
    free: &mut [bool],
    window: &Window,
    centre: Point,
    r: f32,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
    holds: impl Fn(Point) -> bool,
) {
    let step = window.step;
    let at = |x: usize, y: usize| window.at(x, y);
    let column = |px: f32| ((px - window.origin.x) / step).max(0.0) as usize;
    for y in y0..y1 {
        let dy = at(0, y).y - centre.y;
        let w2 = r * r - dy * dy;
        if w2 <= 0.0 {
            continue;
        }
        let w = w2.sqrt();
        let (xa, xb) = (
            x0.max(column(centre.x - w - 1e-3)),
            x1.min(column(centre.x + w + 1e-3) + 1),
        );
        let (sure_a, sure_b) = (
            xa.max(column(centre.x - w + 1e-3) + 1),
            xb.min(column(centre.x + w - 1e-3)),
        );
        let row = y * window.nx;
        if sure_a < sure_b {
            free[row + sure_a..row + sure_b].fill(false);
        }
        for x in (xa..sure_a.min(xb)).chain(sure_b.max(xa)..xb) {
            if free[row + x] && holds(at(x, y)) {
                free[row + x] = false;
            }
        }
    }
}

/// Marks the nodes within `clearance` of a polygon: those inside it, row by row between the
/// places its edges cross the row, and those near its edges (which covers every node the
/// crossings might round the wrong way). The same nodes as testing each against the
/// polygon's distance, without measuring every node under its bounds.
fn stamp_polygon(
    free: &mut [bool],
    window: &Window,
    poly: &[Point],
    clearance: f32,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
) {
    let n = poly.len();
    if n < 3 {
        return;
    }
    let step = window.step;
    let mut crossings: Vec<f32> = Vec::new();
    for y in y0..y1 {
        let py = window.origin.y + y as f32 * step;
        crossings.clear();
        // As `point_in_polygon` counts them.
        for i in 0..n {
            let (a, b) = (poly[i], poly[(i + n - 1) % n]);
            if (a.y > py) != (b.y > py) {
                crossings.push(a.x + (py - a.y) / (b.y - a.y) * (b.x - a.x));
            }
        }
        crossings.sort_unstable_by(f32::total_cmp);
        // A node is inside when an odd number of crossings lie to its right: between the
        // first and second of each pair counted from the left.
        for pair in crossings.chunks_exact(2) {
            let from = ((pair[0] - window.origin.x) / step).ceil().max(x0 as f32) as usize;
            let to = ((pair[1] - window.origin.x) / step).ceil().max(0.0) as usize;
            let row = y * window.nx;
            for x in from..to.min(x1) {
                free[row + x] = false;
            }
        }
    }
    stamp_capsules(free, window, poly, clearance, true);
}

/// Marks the nodes closer than `reach` to a polyline (closed into a ring when `closed`).
fn stamp_capsules(free: &mut [bool], window: &Window, points: &[Point], reach: f32, closed: bool) {
    let n = points.len();
    if n == 0 {
        return;
    }
    let step = window.step;
    let pieces = if closed { n } else { (n - 1).max(1) };
    for i in 0..pieces {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let lo = ((a.min(b) - Point::splat(reach) - window.origin) / step).max(Point::ZERO);
        let hi = (a.max(b) + Point::splat(reach) - window.origin) / step;
        if hi.x < 0.0 || hi.y < 0.0 {
            continue;
        }
        let (xa, ya) = (lo.x.ceil() as usize, lo.y.ceil() as usize);
        let (xb, yb) = (
            (hi.x as usize + 1).min(window.nx),
            (hi.y as usize + 1).min(window.ny),
        );
        for y in ya..yb {
            for x in xa..xb {
                let k = y * window.nx + x;
                let p = window.at(x, y);
                if free[k] && crate::geom::point_segment_distance(p, a, b) < reach {
                    free[k] = false;
                }
            }
        }
    }
}

/// Angular bins of a [`View`].
const BINS: usize = 128;

/// A direction's place around the circle, from 0 (along +x) rising counter-clockwise to 4:
/// not the angle, but in the same order, and without a trigonometric call. A view's bins
/// split this measure evenly, which is as good as splitting the angle.
fn turn_of(v: Point) -> f32 {
    let p = v.x / (v.x.abs() + v.y.abs());
    if v.y < 0.0 { 3.0 + p } else { 1.0 - p }
}

fn bin_of(v: Point) -> usize {
    // At most BINS (for a turn a rounding step below 4), which the modulo folds to 0.
    ((turn_of(v) * (BINS as f32 / 4.0)) as usize) % BINS
}

/// `v` turned by the angle whose sine is `sin` (counter-clockwise when positive).
fn rotated(v: Point, sin: f32) -> Point {
    let cos = (1.0 - sin * sin).max(0.0).sqrt();
    Point::new(v.x * cos - v.y * sin, v.x * sin + v.y * cos)
}

/// Added to the sine of every widening, so rounding never narrows a span.
const SPAN_SLACK: f32 = 1e-3;

/// The obstacles around one point, binned by the directions they cover as seen from it, so a
/// line test from that point checks only the few obstacles in the line's direction that are
/// nearer than its end. Intervals are conservative; the exact test decides.
pub struct View {
    from: Point,
    offsets: Vec<u32>,
    /// (obstacle, distance from `from` to the grown obstacle).
    items: Vec<(u32, f32)>,
}

impl View {
    /// Whether the line from the view's point to `p` is blocked, and by what.
    pub fn blocked(&self, prep: &Prepared, p: Point) -> Option<Blocker> {
        let d = p - self.from;
        let len = d.length();
        if len == 0.0 {
            return None;
        }
        let b = bin_of(d);
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
                    let sin = (radius + cl) / dist + SPAN_SLACK;
                    if sin >= 1.0 {
                        full
                    } else {
                        (bin_of(rotated(v, -sin)), bin_of(rotated(v, sin)))
                    }
                }
                super::obstacles::Shape::Polygon(points)
                | super::obstacles::Shape::Polyline { points, .. } => {
                    let grow = match &o.shape {
                        super::obstacles::Shape::Polyline { half_width, .. } => cl + half_width,
                        _ => cl,
                    };
                    let centre = (o.bounds.min + o.bounds.max) * 0.5;
                    let reference = turn_of(centre - from);
                    // The vertices furthest clockwise and counter-clockwise of the centre's
                    // direction, by their turn relative to it (in -2..2, half a circle each way).
                    let mut lo = (f32::INFINITY, Point::ZERO);
                    let mut hi = (f32::NEG_INFINITY, Point::ZERO);
                    for v in points {
                        let w = *v - from;
                        let mut t = turn_of(w) - reference;
                        if t >= 2.0 {
                            t -= 4.0;
                        } else if t < -2.0 {
                            t += 4.0;
                        }
                        if t < lo.0 {
                            lo = (t, w);
                        }
                        if t > hi.0 {
                            hi = (t, w);
                        }
                    }
                    let near_shape = o.shape.distance_to_point(from);
                    // Widen by the angle the clearance subtends at the closest approach.
                    let sin = grow / near_shape.max(1e-3) + SPAN_SLACK;
                    // Standing in the clearance, or vertices spread near half the circle:
                    // all round.
                    if near_shape <= grow * 1.0001 || hi.0 - lo.0 > 1.8 || sin >= 1.0 {
                        full
                    } else {
                        (bin_of(rotated(lo.1, -sin)), bin_of(rotated(hi.1, sin)))
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
