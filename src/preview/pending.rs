//! A move being made: the leader has been dropped at a legal place and his followers stand in
//! a legal formation around him, each inside its landing region. The player may drag any
//! follower within its region before committing the whole move as one undoable edit.

use super::draw::{self, LEGAL, LEGAL_EDGE, REJECTED, REJECTED_EDGE};
use crate::geom::{Footprint, Point};
use crate::model::*;
use crate::rules::reach::Region;
use crate::scene::Item;

/// Bases closer than this (overlapping by more) are refused, as the engines refuse them.
const OVERLAP_IN: f32 = -0.01;

/// One model placed around the leader's end.
#[derive(Clone, Debug)]
pub struct PendingFollower {
    pub model: ModelId,
    /// Where it may land (`None`: anywhere the other checks allow).
    pub region: Option<Region>,
    /// The rule its region stands for, in a sentence.
    pub rule: String,
}

/// A move with its followers placed, not yet committed.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The history label of the commit.
    pub label: String,
    /// The unit as it will stand.
    pub unit: Unit,
    pub leader: ModelId,
    pub followers: Vec<PendingFollower>,
    /// M42: every follower must end within this of another model of the unit, edge to edge.
    pub coherency: Option<f32>,
    pub notes: Vec<String>,
}

impl Pending {
    /// The follower whose base (as placed) holds `p`.
    pub fn follower_at(&self, p: Point) -> Option<ModelId> {
        self.followers
            .iter()
            .filter_map(|f| self.unit.model(f.model))
            .find(|m| m.footprint().signed_distance_to_point(p) <= 0.0)
            .map(|m| m.id)
    }

    /// Whether `model` may stand at `to`, given where the others stand now.
    pub fn check(&self, s: &Scenario, model: ModelId, to: Point) -> Result<(), String> {
        let f = self
            .followers
            .iter()
            .find(|f| f.model == model)
            .ok_or_else(|| format!("model {model} does not move in this order"))?;
        let m = self
            .unit
            .model(model)
            .ok_or_else(|| format!("no model {model}"))?;
        let fp = Model { pos: to, ..*m }.footprint();
        if let Some(r) = &f.region
            && !r.contains(to)
        {
            return Err(format!("outside its landing region: {}", f.rule));
        }
        for o in &self.unit.models {
            if o.id != model && fp.separation(&o.footprint()) < OVERLAP_IN {
                return Err(format!("its base would overlap model {}", o.id));
            }
        }
        for u in s
            .units
            .iter()
            .filter(|u| u.id != self.unit.id && u.on_table() && u.in_play())
        {
            if u.models
                .iter()
                .any(|o| fp.separation(&o.footprint()) < OVERLAP_IN)
            {
                return Err(format!("its base would overlap {}", u.name));
            }
        }
        if let Some(c) = self.coherency {
            let near = self
                .unit
                .models
                .iter()
                .any(|o| o.id != model && fp.separation(&o.footprint()) <= c + 1e-3);
            if !near {
                return Err(format!(
                    "out of coherency: no other model within {c}\" of it"
                ));
            }
        }
        Ok(())
    }

    /// Moves a follower if it may stand there; otherwise says why and leaves it.
    pub fn move_follower(&mut self, s: &Scenario, model: ModelId, to: Point) -> Result<(), String> {
        self.check(s, model, to)?;
        if let Some(m) = self.unit.models.iter_mut().find(|m| m.id == model) {
            m.pos = to;
        }
        Ok(())
    }

    /// Followers standing where they may not (after other followers moved), with why.
    pub fn problems(&self, s: &Scenario) -> Vec<(ModelId, String)> {
        self.followers
            .iter()
            .filter_map(|f| {
                let m = self.unit.model(f.model)?;
                let from = s.unit(self.unit.id)?.model(f.model)?.pos;
                if m.pos == from {
                    return None; // it stays where it stood
                }
                self.check(s, f.model, m.pos).err().map(|e| (f.model, e))
            })
            .collect()
    }

    /// The followers' landing regions (outlined) and every base as it will stand.
    pub fn items(&self, s: &Scenario) -> Vec<Item> {
        let mut items = Vec::new();
        for f in &self.followers {
            if let Some(r) = &f.region {
                draw::outline(
                    &mut items,
                    &r.outline(),
                    draw::with_alpha(LEGAL_EDGE, 150),
                    1.0,
                    Some(3.0),
                );
            }
        }
        let bad: Vec<ModelId> = self.problems(s).into_iter().map(|(m, _)| m).collect();
        for m in &self.unit.models {
            let (fill, edge) = if bad.contains(&m.id) {
                (REJECTED, REJECTED_EDGE)
            } else {
                (LEGAL, LEGAL_EDGE)
            };
            draw::base(&mut items, m, fill, edge);
        }
        items
    }
}

/// The spot nearest `desired` inside `region` where `model`'s base overlaps none of `placed`
/// and `others`, searched over the region's lattice nodes. `None` when there is none.
pub fn nearest_free(
    region: &Region,
    model: &Model,
    desired: Point,
    placed: &[Footprint],
    others: &[Footprint],
) -> Option<Point> {
    let free = |p: Point| {
        let fp = Model { pos: p, ..*model }.footprint();
        placed
            .iter()
            .chain(others)
            .all(|o| fp.separation(o) >= OVERLAP_IN)
    };
    if region.contains(desired) && free(desired) {
        return Some(desired);
    }
    let w = &region.window;
    let mut nodes: Vec<(f32, Point)> = (0..w.len())
        .filter(|i| region.excess[*i] <= 0.0)
        .map(|i| w.point(i))
        .filter(|p| region.contains(*p))
        .map(|p| (p.distance_squared(desired), p))
        .collect();
    nodes.sort_by(|a, b| a.0.total_cmp(&b.0));
    nodes.into_iter().map(|(_, p)| p).find(|p| free(*p))
}
