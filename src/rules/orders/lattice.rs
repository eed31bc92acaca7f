//! The lattice one unit's R3 preview works on: one window shared by the whole unit, so
//! regions of different models and allowances can be united, intersected and compared node by
//! node, with the boards for its base sizes and the terrain index.

use super::action::COHERENCY_IN;
use super::answer::TerrainCap;
use super::terrain_index::TerrainIndex;
use crate::geom::Point;
use crate::model::{Model, Scenario, Unit};
use crate::rules::reach::obstacles::Class;
use crate::rules::reach::{self, Avoid, Board, ENEMY_CLEARANCE_IN, Region, STEP_IN, Window};

pub(super) struct Lattice<'a> {
    pub s: &'a Scenario,
    boards: Vec<(f32, Board)>,
    pub window: Window,
    pub terrain: TerrainIndex,
}

impl<'a> Lattice<'a> {
    /// A lattice covering every model of `unit` (and `extra` points) plus `reach_in` around
    /// them, clipped to the table.
    pub fn new(s: &'a Scenario, unit: &Unit, extra: &[Point], reach_in: f32) -> Lattice<'a> {
        let mut boards: Vec<(f32, Board)> = Vec::new();
        for m in &unit.models {
            let r = reach::mover_radius(m);
            if !boards.iter().any(|(br, _)| (*br - r).abs() < 1e-6) {
                boards.push((r, Board::new(s, unit.side, r)));
            }
        }
        let (w, h) = table_size(s);
        let mut lo = Point::splat(f32::INFINITY);
        let mut hi = Point::splat(f32::NEG_INFINITY);
        for p in unit
            .models
            .iter()
            .map(|m| m.pos)
            .chain(extra.iter().copied())
        {
            lo = lo.min(p);
            hi = hi.max(p);
        }
        let margin = reach_in + STEP_IN * 2.0 + 1.0;
        let window = window_over(lo - Point::splat(margin), hi + Point::splat(margin), w, h);
        Lattice {
            s,
            boards,
            window,
            terrain: TerrainIndex::new(s),
        }
    }

    /// A lattice over the whole table.
    pub fn whole_table(s: &'a Scenario, unit: &Unit) -> Lattice<'a> {
        let (w, h) = table_size(s);
        let mut lat = Lattice::new(s, unit, &[], 0.0);
        lat.window = window_over(Point::ZERO, Point::new(w, h), w, h);
        lat
    }

    /// The board for movers of `model`'s size.
    pub fn board(&self, model: &Model) -> &Board {
        let r = reach::mover_radius(model);
        let mut best = &self.boards[0];
        for b in &self.boards {
            if (b.0 - r).abs() < (best.0 - r).abs() {
                best = b;
            }
        }
        &best.1
    }

    /// Everywhere `model` can reach from `from` within `allowance` keeping clear of `avoid`.
    pub fn reach(&self, model: &Model, from: Point, allowance: f32, avoid: Avoid) -> Region {
        reach::region_in(self.board(model), from, allowance, avoid, self.window)
    }

    /// A disorderly move of up to `allowance`, capped at `cap` if it starts in, ends in or
    /// crosses area terrain or a linear obstacle (a bare hill it starts on excepted): the union
    /// of a full-allowance region that keeps out of such terrain and a capped region.
    pub fn disorderly(
        &self,
        model: &Model,
        allowance: f32,
        cap: f32,
    ) -> (Region, Option<TerrainCap>) {
        if allowance <= cap + 1e-6 {
            return (
                self.reach(model, model.pos, allowance, Avoid::standard()),
                None,
            );
        }
        let (starts_in, hill) = self.terrain.starts_in(model.pos);
        let info = TerrainCap {
            allowance_in: allowance,
            cap_in: cap,
            starts_in: starts_in.clone(),
            bare_hill: hill.clone(),
        };
        let mut capped = self.reach(model, model.pos, cap, Avoid::standard());
        if starts_in.is_some() {
            return (capped, Some(info));
        }
        let avoid = Avoid {
            area: true,
            linear: true,
            except: hill.map(|h| h.id),
            ..Avoid::standard()
        };
        let full = self.reach(model, model.pos, allowance, avoid);
        capped.unite(&full);
        (capped, Some(info))
    }

    /// Where a follower may be placed: within `radius` (edge to edge) of the leader standing
    /// at `leader_end`, off impassable ground and outside the 2" around enemy models. Area
    /// terrain and obstacles do not matter.
    pub fn landing(
        &self,
        follower: &Model,
        leader: &Model,
        leader_end: Point,
        radius: f32,
    ) -> Region {
        let mut at = *leader;
        at.pos = leader_end;
        let lf = at.footprint();
        let rf = reach::mover_radius(follower);
        let range = radius + rf + lf.bounding_radius() + 1.0;
        let free = self.free_nodes(self.board(follower), leader_end, range);
        let mut probe = *follower;
        let excess = (0..self.window.len())
            .map(|i| {
                let p = self.window.point(i);
                if !free[i] || p.distance(leader_end) > range {
                    return f32::INFINITY;
                }
                probe.pos = p;
                probe.footprint().separation(&lf) - radius
            })
            .collect();
        Region {
            window: self.window,
            excess,
        }
    }

    /// The nodes within `range` of `centre` where a mover of `board`'s size may stand: on the
    /// table, off impassable ground, clear of the 2" around enemy models. Unlike a move, a
    /// placement gets no leeway from where anyone started.
    fn free_nodes(&self, board: &Board, centre: Point, range: f32) -> Vec<bool> {
        let w = &self.window;
        let mut free: Vec<bool> = (0..w.len())
            .map(|i| {
                let p = w.point(i);
                p.distance(centre) <= range && board.on_table(p)
            })
            .collect();
        let r = board.mover_radius;
        let area = crate::geom::Aabb {
            min: centre - Point::splat(range),
            max: centre + Point::splat(range),
        };
        for (_, o) in board.obstacles() {
            let cl = match o.blocker.class() {
                Class::Impassable => r,
                Class::Enemy => r + ENEMY_CLEARANCE_IN,
                _ => continue,
            };
            let b = o.bounds.expand(cl);
            if !b.intersects(&area) {
                continue;
            }
            let x0 = ((b.min.x - w.origin.x) / w.step).ceil().max(0.0) as usize;
            let y0 = ((b.min.y - w.origin.y) / w.step).ceil().max(0.0) as usize;
            let x1 = (((b.max.x - w.origin.x) / w.step).floor() + 1.0).max(0.0) as usize;
            let y1 = (((b.max.y - w.origin.y) / w.step).floor() + 1.0).max(0.0) as usize;
            for y in y0..y1.min(w.ny) {
                for x in x0..x1.min(w.nx) {
                    let k = y * w.nx + x;
                    if free[k] && o.shape.distance_to_point(w.point(k)) < cl {
                        free[k] = false;
                    }
                }
            }
        }
        free
    }

    /// Per node, how far beyond 2" (edge to edge) a model of radius `r` standing there would be
    /// from the nearest place another model may end: `<= 0` within coherency.
    pub fn coherency(
        &self,
        r: f32,
        points: &[(Point, f32)],
        regions: &[(&Region, f32)],
    ) -> Vec<f32> {
        let n = self.window.len();
        let mut out = vec![f32::INFINITY; n];
        let w = &self.window;
        for &(c, rc) in points {
            // Only nodes near enough to matter (and their neighbours, for the outline).
            let reach_in = rc + r + COHERENCY_IN + 2.0 * w.step;
            let lo = ((c - Point::splat(reach_in) - w.origin) / w.step)
                .floor()
                .max(Point::ZERO);
            let hi = ((c + Point::splat(reach_in) - w.origin) / w.step).ceil();
            let (x0, y0) = (lo.x as usize, lo.y as usize);
            let x1 = (hi.x.max(0.0) as usize).min(w.nx.saturating_sub(1));
            let y1 = (hi.y.max(0.0) as usize).min(w.ny.saturating_sub(1));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let i = y * w.nx + x;
                    let v = w.point(i).distance(c) - rc - r - COHERENCY_IN;
                    if v < out[i] {
                        out[i] = v;
                    }
                }
            }
        }
        // Regions grouped by the radius of the model that may end there.
        let mut radii: Vec<f32> = Vec::new();
        for (_, rr) in regions {
            if !radii.iter().any(|x| (x - rr).abs() < 1e-6) {
                radii.push(*rr);
            }
        }
        for rr in radii {
            let mut mask = vec![false; n];
            let mut any = false;
            for (reg, rad) in regions {
                if (rad - rr).abs() >= 1e-6 {
                    continue;
                }
                for (m, e) in mask.iter_mut().zip(&reg.excess) {
                    if *e <= 0.0 {
                        *m = true;
                        any = true;
                    }
                }
            }
            if !any {
                continue;
            }
            let dt = distance_transform(&self.window, &mask);
            for (o, d) in out.iter_mut().zip(dt) {
                let v = d - rr - r - COHERENCY_IN;
                if v < *o {
                    *o = v;
                }
            }
        }
        out
    }
}

/// The table's size (0 x 0 for a hex map).
pub(super) fn table_size(s: &Scenario) -> (f32, f32) {
    s.map
        .as_table()
        .map_or((0.0, 0.0), |t| (t.width_in, t.height_in))
}

/// The lattice window covering a box, clipped to the table and aligned to the table-wide
/// lattice.
pub(super) fn window_over(lo: Point, hi: Point, width: f32, height: f32) -> Window {
    let step = STEP_IN;
    let lo = (lo.max(Point::ZERO) / step).floor();
    let hi = (hi.min(Point::new(width, height)) / step).ceil();
    let nx = ((hi.x - lo.x).max(0.0) as usize + 1).max(1);
    let ny = ((hi.y - lo.y).max(0.0) as usize + 1).max(1);
    Window {
        origin: lo * step,
        step,
        nx,
        ny,
    }
}

/// Intersection of a region with a per-node field (`<= 0` inside).
pub(super) fn intersect(region: &Region, field: &[f32]) -> Region {
    Region {
        window: region.window,
        excess: region
            .excess
            .iter()
            .zip(field)
            .map(|(e, f)| if e.is_finite() { e.max(*f) } else { *e })
            .collect(),
    }
}

/// Exact Euclidean distance (inches) from every node to the nearest node of `mask`
/// (Felzenszwalb and Huttenlocher's two-pass transform); `INFINITY` when the mask is empty.
pub(super) fn distance_transform(window: &Window, mask: &[bool]) -> Vec<f32> {
    const FAR: f32 = 1e20;
    let (nx, ny) = (window.nx, window.ny);
    let mut g: Vec<f32> = mask.iter().map(|m| if *m { 0.0 } else { FAR }).collect();
    let len = nx.max(ny);
    let mut f = vec![0.0f32; len];
    let mut d = vec![0.0f32; len];
    let mut v = vec![0usize; len];
    let mut z = vec![0.0f32; len + 1];
    // Columns, then rows, in squared node units.
    for x in 0..nx {
        for y in 0..ny {
            f[y] = g[y * nx + x];
        }
        edt_1d(&f[..ny], &mut d[..ny], &mut v, &mut z);
        for y in 0..ny {
            g[y * nx + x] = d[y];
        }
    }
    for y in 0..ny {
        f[..nx].copy_from_slice(&g[y * nx..(y + 1) * nx]);
        edt_1d(&f[..nx], &mut d[..nx], &mut v, &mut z);
        g[y * nx..(y + 1) * nx].copy_from_slice(&d[..nx]);
    }
    g.into_iter()
        .map(|sq| {
            if sq >= FAR * 0.5 {
                f32::INFINITY
            } else {
                sq.sqrt() * window.step
            }
        })
        .collect()
}

/// One-dimensional squared distance transform of sampled function `f` into `d` (lower
/// envelope of parabolas rooted at each sample).
fn edt_1d(f: &[f32], d: &mut [f32], v: &mut [usize], z: &mut [f32]) {
    let n = f.len();
    if n == 0 {
        return;
    }
    let sq = |i: usize| (i * i) as f32;
    let mut k = 0usize;
    v[0] = 0;
    z[0] = f32::NEG_INFINITY;
    z[1] = f32::INFINITY;
    for q in 1..n {
        let mut s;
        loop {
            let p = v[k];
            s = ((f[q] + sq(q)) - (f[p] + sq(p))) / (2.0 * (q - p) as f32);
            // z[0] is minus infinity, so k never drops below 0.
            if s <= z[k] && k > 0 {
                k -= 1;
            } else {
                break;
            }
        }
        k += 1;
        v[k] = q;
        z[k] = s;
        z[k + 1] = f32::INFINITY;
    }
    k = 0;
    for (q, dq) in d.iter_mut().enumerate() {
        while z[k + 1] < q as f32 {
            k += 1;
        }
        let p = v[k];
        let dx = q as f32 - p as f32;
        *dq = dx * dx + f[p];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_transform_is_euclidean() {
        let w = Window {
            origin: Point::ZERO,
            step: 0.5,
            nx: 21,
            ny: 15,
        };
        let mut mask = vec![false; w.len()];
        mask[7 * 21 + 10] = true;
        mask[2 * 21 + 3] = true;
        let dt = distance_transform(&w, &mask);
        for (i, d) in dt.iter().enumerate() {
            let p = w.point(i);
            let exact = p
                .distance(w.point(7 * 21 + 10))
                .min(p.distance(w.point(2 * 21 + 3)));
            assert!((d - exact).abs() < 1e-4, "{p}: {d} vs {exact}");
        }
        assert!(distance_transform(&w, &vec![false; w.len()])[0].is_infinite());
    }
}
