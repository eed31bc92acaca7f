//! Command radius and coherency (R2): who is in command, who is in coherency, and the links
//! the canvas draws between neighbours.

use crate::geom::Footprint;
use crate::geom::Point;
use crate::model::{ModelId, Unit};
use serde::Serialize;

/// Command radius is twice Leadership (R2).
pub fn command_radius(unit: &Unit) -> f32 {
    2.0 * unit.stats.ld as f32
}

/// Coherency is Leadership (R2).
pub fn coherency(unit: &Unit) -> f32 {
    unit.stats.ld as f32
}

/// The command and coherency picture of one unit around a given leader model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CommandReport {
    pub leader: ModelId,
    pub command_radius_in: f32,
    pub coherency_in: f32,
    /// Models (the leader included) whose base is within the command radius of the leader's
    /// base, edge to edge.
    pub in_radius: Vec<ModelId>,
    pub out_of_radius: Vec<ModelId>,
    /// Whether at least half the surviving models (the leader counts) are in the radius: the
    /// precondition of Advance and At the Double.
    pub half_in_radius: bool,
    /// Pairs of models within coherency of each other, each pair once, lower ID first.
    pub links: Vec<(ModelId, ModelId)>,
    /// Models with no other model within coherency.
    pub isolated: Vec<ModelId>,
}

/// Computes the report. `leader` must be one of the unit's models. Neighbour pairs are found
/// through a uniform grid, so the cost grows with the number of models, not its square.
pub fn report(unit: &Unit, leader: ModelId) -> CommandReport {
    let radius = command_radius(unit);
    let coh = coherency(unit);
    let feet: Vec<Footprint> = unit.models.iter().map(|m| m.footprint()).collect();
    let leader_fp = unit
        .models
        .iter()
        .position(|m| m.id == leader)
        .map(|i| feet[i]);
    let mut in_radius = Vec::new();
    let mut out_of_radius = Vec::new();
    for (m, fp) in unit.models.iter().zip(&feet) {
        let inside = match &leader_fp {
            Some(l) => m.id == leader || l.separation(fp) <= radius,
            None => false,
        };
        if inside {
            in_radius.push(m.id);
        } else {
            out_of_radius.push(m.id);
        }
    }
    let n = unit.models.len();
    let half_in_radius = leader_fp.is_some() && 2 * in_radius.len() >= n;

    // Coherency neighbours: every pair for small units, through a grid of cells as large as
    // the largest reach for big ones. Models are taken in ID order and each lists its
    // neighbours of higher ID, sorted, so the links come out in order without sorting them
    // all (which cost more than finding them, for a horde).
    let mut links = Vec::new();
    let mut has_neighbour = vec![false; n];
    let coherent = |i: usize, j: usize| {
        let (f, g) = (&feet[i], &feet[j]);
        // Cheap reject on centres before the exact base-to-base distance.
        let reach = coh + f.bounding_radius() + g.bounding_radius();
        f.centre().distance_squared(g.centre()) <= reach * reach && f.separation(g) <= coh
    };
    let mut by_id: Vec<usize> = (0..n).collect();
    by_id.sort_unstable_by_key(|&i| unit.models[i].id);
    let cells = (n > 64).then(|| Cells::new(&feet, coh));
    let mut found: Vec<(ModelId, usize)> = Vec::new();
    for (pos, &i) in by_id.iter().enumerate() {
        let id = unit.models[i].id;
        found.clear();
        let mut consider = |j: usize| {
            let other = unit.models[j].id;
            if other > id && coherent(i, j) {
                found.push((other, j));
            }
        };
        match &cells {
            // Those after this one in ID order, already sorted.
            None => by_id[pos + 1..].iter().for_each(|&j| consider(j)),
            Some(cells) => {
                cells.around(&feet[i], &mut consider);
                found.sort_unstable();
            }
        }
        for &(other, j) in &found {
            has_neighbour[i] = true;
            has_neighbour[j] = true;
            links.push((id, other));
        }
    }
    let isolated = if n > 1 {
        unit.models
            .iter()
            .zip(&has_neighbour)
            .filter(|(_, h)| !**h)
            .map(|(m, _)| m.id)
            .collect()
    } else {
        Vec::new()
    };
    CommandReport {
        leader,
        command_radius_in: radius,
        coherency_in: coh,
        in_radius,
        out_of_radius,
        half_in_radius,
        links,
        isolated,
    }
}

/// Models bucketed by square cells as large as the largest reach, so a model's coherency
/// neighbours lie in the 3 x 3 cells around its own.
struct Cells {
    lo: Point,
    cell: f32,
    nx: usize,
    ny: usize,
    /// Models by cell, as compressed rows: cell c holds `by_cell[start[c]..start[c + 1]]`.
    start: Vec<u32>,
    by_cell: Vec<u32>,
}

impl Cells {
    fn new(feet: &[Footprint], coh: f32) -> Cells {
        let max_r = feet
            .iter()
            .map(|f| f.bounding_radius())
            .fold(0.0f32, f32::max);
        let cell = (coh + 2.0 * max_r).max(0.5);
        let lo = feet
            .iter()
            .map(|f| f.centre())
            .fold(Point::splat(f32::INFINITY), Point::min);
        let hi = feet
            .iter()
            .map(|f| f.centre())
            .fold(Point::splat(f32::NEG_INFINITY), Point::max);
        let nx = (((hi.x - lo.x) / cell) as usize + 1).min(4096);
        let ny = (((hi.y - lo.y) / cell) as usize + 1).min(4096);
        let mut cells = Cells {
            lo,
            cell,
            nx,
            ny,
            start: vec![0u32; nx * ny + 1],
            by_cell: vec![0u32; feet.len()],
        };
        for f in feet {
            let (x, y) = cells.cell_of(f);
            cells.start[y * nx + x + 1] += 1;
        }
        for c in 1..cells.start.len() {
            cells.start[c] += cells.start[c - 1];
        }
        let mut fill = cells.start.clone();
        for (i, f) in feet.iter().enumerate() {
            let (x, y) = cells.cell_of(f);
            cells.by_cell[fill[y * nx + x] as usize] = i as u32;
            fill[y * nx + x] += 1;
        }
        cells
    }

    fn cell_of(&self, f: &Footprint) -> (usize, usize) {
        let q = (f.centre() - self.lo) / self.cell;
        (
            (q.x as usize).min(self.nx - 1),
            (q.y as usize).min(self.ny - 1),
        )
    }

    /// Calls `visit` with every model in the cells around `f`'s (itself included).
    fn around(&self, f: &Footprint, visit: &mut impl FnMut(usize)) {
        let (cx, cy) = self.cell_of(f);
        for y in cy.saturating_sub(1)..=(cy + 1).min(self.ny - 1) {
            for x in cx.saturating_sub(1)..=(cx + 1).min(self.nx - 1) {
                let c = y * self.nx + x;
                for &j in &self.by_cell[self.start[c] as usize..self.start[c + 1] as usize] {
                    visit(j as usize);
                }
            }
        }
    }
}
