//! What stands around a moving M42 unit: the reach boards for its base sizes, the other units'
//! bases no model may end on, and the enemy models it keeps 2" from.

use crate::geom::{Footprint, Point};
use crate::model::*;
use crate::rules::measure::CONTACT_TOLERANCE_IN;
use crate::rules::reach::{Board, Region};

pub(crate) fn enemies(s: &Scenario, side: SideId) -> impl Iterator<Item = (&Unit, &Model)> {
    s.units
        .iter()
        .filter(move |u| u.side != side && u.on_table() && u.in_play() && u.is_combat_unit())
        .flat_map(|u| u.models.iter().map(move |m| (u, m)))
}

/// The nearest enemy model to a footprint, edge to edge.
pub(crate) fn nearest_enemy<'a>(
    s: &'a Scenario,
    side: SideId,
    fp: &Footprint,
) -> Option<(&'a Unit, f32)> {
    enemies(s, side)
        .map(|(u, m)| (u, fp.separation(&m.footprint())))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The footprint of `model` moved to `p`.
pub(crate) fn moved(model: &Model, p: Point) -> Footprint {
    Model { pos: p, ..*model }.footprint()
}

/// Boards by mover radius: models of one unit usually share a base size.
pub(crate) struct Boards<'a> {
    pub s: &'a Scenario,
    pub side: SideId,
    pub boards: Vec<(u32, Board)>,
}

impl<'a> Boards<'a> {
    pub fn get(&mut self, radius: f32) -> &Board {
        let key = radius.to_bits();
        let i = match self.boards.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.boards
                    .push((key, Board::new(self.s, self.side, radius)));
                self.boards.len() - 1
            }
        };
        &self.boards[i].1
    }
}

/// Other units' bases, as footprints: places no model of `unit` may end on.
pub(crate) fn other_bases(s: &Scenario, unit: &Unit) -> Vec<Footprint> {
    s.units
        .iter()
        .filter(|u| u.id != unit.id && u.on_table() && u.in_play())
        .flat_map(|u| u.models.iter().map(|m| m.footprint()))
        .collect()
}

/// Removes from `region` the places where `model`'s base would overlap one of `bases` (other
/// units' models), stamping each base onto the lattice nodes it could touch.
pub(crate) fn exclude_bases(bases: &[Footprint], model: &Model, region: &mut Region) {
    let w = region.window;
    let own = model.footprint();
    let reach_r = own.bounding_radius();
    for o in bases {
        let c = o.centre();
        let r = reach_r + o.bounding_radius() + w.step;
        // Most bases are nowhere near this window: rule them out before rounding.
        let far = w.origin + Point::new(w.nx as f32, w.ny as f32) * w.step;
        if c.x + r < w.origin.x || c.y + r < w.origin.y || c.x - r > far.x || c.y - r > far.y {
            continue;
        }
        let lo = ((c - Point::splat(r) - w.origin) / w.step)
            .ceil()
            .max(Point::ZERO);
        let hi = ((c + Point::splat(r) - w.origin) / w.step).floor();
        if hi.x < 0.0 || hi.y < 0.0 || lo.x >= w.nx as f32 || lo.y >= w.ny as f32 {
            continue;
        }
        let (x1, y1) = ((hi.x as usize).min(w.nx - 1), (hi.y as usize).min(w.ny - 1));
        for y in lo.y as usize..=y1 {
            for x in lo.x as usize..=x1 {
                let i = y * w.nx + x;
                let e = &mut region.excess[i];
                if e.is_finite() {
                    let p = w.at(x, y);
                    // Two round bases: their separation without building the moved base.
                    let separation = match (own, o) {
                        (
                            Footprint::Circle { radius: ra, .. },
                            Footprint::Circle { centre, radius: rb },
                        ) => p.distance(*centre) - ra - rb,
                        _ => moved(model, p).separation(o),
                    };
                    *e = e.max(CONTACT_TOLERANCE_IN - separation);
                }
            }
        }
    }
}
