//! A move being made: the leader has been dropped at a legal place and his followers stand in
//! a legal formation around him, each inside its landing region. The player may drag any
//! follower within its region before committing the whole move as one undoable edit.

use super::draw::{self, LEAVING, LEAVING_EDGE, LEGAL, LEGAL_EDGE, REJECTED, REJECTED_EDGE};
use crate::geom::Point;
use crate::model::*;
use crate::rules::placement::{self, Landing, Misplaced, Suggestion};
use crate::scene::Item;

/// A move with its followers placed, not yet committed.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The history label of the commit.
    pub label: String,
    /// The unit as it will stand.
    pub unit: Unit,
    pub leader: ModelId,
    /// Where each follower may land, and the rule that says so.
    pub followers: Vec<Landing>,
    /// M42: every follower must end within this of another model of the unit, edge to edge.
    pub coherency: Option<f32>,
    pub notes: Vec<String>,
    /// The followers the player has set down by hand; the others stand at the engine's
    /// suggestion, drawn paler until placed.
    pub placed: Vec<ModelId>,
}

impl Pending {
    /// The unit as `unit` stands with its leader moved and each follower set down at its
    /// suggested spot (those with none stay), with the followers' landings. `None` when the
    /// move has no followers.
    pub(super) fn new(
        label: String,
        mut unit: Unit,
        leader: ModelId,
        suggestions: Vec<Suggestion>,
        coherency: Option<f32>,
    ) -> Option<Pending> {
        if suggestions.is_empty() {
            return None;
        }
        let mut followers = Vec::with_capacity(suggestions.len());
        for f in suggestions {
            if let (Some(spot), Some(m)) = (
                f.spot,
                unit.models.iter_mut().find(|m| m.id == f.landing.model),
            ) {
                m.pos = spot;
            }
            followers.push(f.landing);
        }
        Some(Pending {
            label,
            unit,
            leader,
            followers,
            coherency,
            notes: Vec::new(),
            placed: Vec::new(),
        })
    }

    /// The follower whose base holds `p`, as placed or, failing that, as it still stands on
    /// the table: a player grabbing the real model means to place that follower, not to start
    /// the unit's move again.
    pub fn follower_at(&self, s: &Scenario, p: Point) -> Option<ModelId> {
        let holds = |m: &&Model| m.footprint().signed_distance_to_point(p) <= 0.0;
        let placed = self
            .followers
            .iter()
            .filter_map(|f| self.unit.model(f.model))
            .find(holds);
        let standing = || {
            let real = s.unit(self.unit.id)?;
            self.followers
                .iter()
                .filter_map(|f| real.model(f.model))
                .find(holds)
        };
        placed.or_else(standing).map(|m| m.id)
    }

    /// The model of the unit whose base holds `p` as it stands on the table, when the move
    /// leaves it there: neither the leader nor a follower (out of command, say).
    pub fn staying_at(&self, s: &Scenario, p: Point) -> Option<ModelId> {
        let real = s.unit(self.unit.id)?;
        real.models
            .iter()
            .filter(|m| m.id != self.leader && !self.followers.iter().any(|f| f.model == m.id))
            .find(|m| m.footprint().signed_distance_to_point(p) <= 0.0)
            .map(|m| m.id)
    }

    /// Where the leader has been placed, when his base (as placed) holds `p`.
    pub fn leader_at(&self, p: Point) -> Option<Point> {
        self.unit
            .model(self.leader)
            .filter(|m| m.footprint().signed_distance_to_point(p) <= 0.0)
            .map(|m| m.pos)
    }

    /// Where a drag of `model` to `to` sets it down: on its way toward the leader for a
    /// regrouping model (a drag slides it along the way), else where dropped.
    pub fn set_down_at(&self, model: ModelId, to: Point) -> Point {
        self.followers
            .iter()
            .find(|f| f.model == model)
            .and_then(|f| f.along.as_ref())
            .map_or(to, |way| way.nearest(to).0)
    }

    /// Whether `model` may stand at `to` (set down as a drag sets it: see
    /// [`Pending::set_down_at`]), given where the others stand now.
    pub fn check(&self, s: &Scenario, model: ModelId, to: Point) -> Result<(), Misplaced> {
        let to = self.set_down_at(model, to);
        placement::check(s, &self.unit, &self.followers, self.coherency, model, to)
    }

    /// Moves a follower if it may stand there; otherwise says why and leaves it.
    pub fn move_follower(
        &mut self,
        s: &Scenario,
        model: ModelId,
        to: Point,
    ) -> Result<(), Misplaced> {
        self.check(s, model, to)?;
        let to = self.set_down_at(model, to);
        if let Some(m) = self.unit.models.iter_mut().find(|m| m.id == model) {
            m.pos = to;
        }
        if !self.placed.contains(&model) {
            self.placed.push(model);
        }
        Ok(())
    }

    /// Followers left where they stood that may not stand there once the unit has moved (out
    /// of their landing, out of coherency): the engine found no place for them in reach. They
    /// stay where they stand if the move is committed so; the player is shown them so that is
    /// a choice, not a surprise.
    pub fn left_behind(&self, s: &Scenario) -> Vec<ModelId> {
        let Some(real) = s.unit(self.unit.id) else {
            return Vec::new();
        };
        self.followers
            .iter()
            .filter(|f| {
                let (Some(now), Some(was)) = (self.unit.model(f.model), real.model(f.model)) else {
                    return false;
                };
                now.pos == was.pos && self.check(s, f.model, now.pos).is_err()
            })
            .map(|f| f.model)
            .collect()
    }

    /// Followers standing where they may not (after other followers moved), with why.
    pub fn problems(&self, s: &Scenario) -> Vec<(ModelId, Misplaced)> {
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

    /// The followers' landing regions (outlined) and every base as it will stand; the leader
    /// carries his star at his new place, as he does on the table, with the line of his move
    /// from the real model, so the player sees whom the followers form on. A follower the
    /// player placed is drawn solid, one at the engine's suggestion paler with a dashed edge,
    /// and one left behind with no place in reach is ringed where it stands.
    pub fn items(&self, s: &Scenario) -> Vec<Item> {
        let mut items = Vec::new();
        let real = s.unit(self.unit.id);
        if let (Some(from), Some(to)) = (
            real.and_then(|u| u.model(self.leader)),
            self.unit.model(self.leader),
        ) && from.pos != to.pos
        {
            draw::path(
                &mut items,
                &[from.pos, to.pos],
                draw::with_alpha(draw::PATH, 200),
            );
        }
        for f in &self.followers {
            // A regrouping model's way toward the leader, along which it may be dragged.
            if let Some(way) = &f.along {
                draw::path(&mut items, &way.points, draw::with_alpha(LEGAL_EDGE, 170));
            }
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
        // Where a model moves from, its real base is veiled: it is leaving that place. A model
        // the order does not move (out of command, or with nowhere to go) keeps its ring.
        for m in real.into_iter().flat_map(|u| &u.models) {
            let moves = self.unit.model(m.id).is_some_and(|to| to.pos != m.pos);
            let follows = m.id == self.leader || self.followers.iter().any(|f| f.model == m.id);
            if moves {
                draw::base_dashed(&mut items, m, LEAVING, LEAVING_EDGE, Some(2.0));
            } else if !follows {
                let r = m.footprint().bounding_radius();
                draw::ring(&mut items, m.pos, r * 1.4, REJECTED_EDGE, None);
            }
        }
        let bad: Vec<ModelId> = self.problems(s).into_iter().map(|(m, _)| m).collect();
        let behind = self.left_behind(s);
        for m in &self.unit.models {
            if m.id != self.leader && !self.followers.iter().any(|f| f.model == m.id) {
                continue; // it stays: the real model is the one on the table
            }
            let suggested = m.id != self.leader && !self.placed.contains(&m.id);
            let (fill, edge, dash) = if bad.contains(&m.id) || behind.contains(&m.id) {
                (REJECTED, REJECTED_EDGE, None)
            } else if suggested {
                (draw::with_alpha(LEGAL, 35), LEGAL_EDGE, Some(4.0))
            } else {
                (draw::with_alpha(LEGAL, 170), LEGAL_EDGE, None)
            };
            draw::base_dashed(&mut items, m, fill, edge, dash);
            if m.id == self.leader {
                draw::leader_star(&mut items, m);
            }
            if behind.contains(&m.id) {
                let r = m.footprint().bounding_radius();
                draw::ring(&mut items, m.pos, r * 1.6, REJECTED_EDGE, Some(3.0));
                draw::label(
                    &mut items,
                    m.pos - crate::geom::Point::new(0.0, r * 1.7),
                    "left behind".into(),
                    REJECTED_EDGE,
                );
            }
        }
        items
    }
}
