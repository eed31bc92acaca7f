//! Point-fire targets under Open Fire! (R3): the enemy units the leader sees from his end
//! position, nearest first, and those he cannot see with what blocks the line.

use super::path::{round_in, round_point};
use super::why::Why;
use crate::geom::Point;
use crate::model::{Scenario, Unit, UnitId};
use crate::rules::los::{Eye, SightBlock, SightMap, enemy_units};
use serde::Serialize;

/// An enemy unit the leader sees (Open Fire!).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    pub unit: UnitId,
    pub name: String,
    /// From the leader to the nearest visible model, edge to edge.
    pub distance_in: f32,
    pub models_seen: usize,
    pub models: usize,
}

/// An enemy unit the leader cannot see, and why (the line to its nearest model).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hidden {
    pub unit: UnitId,
    pub name: String,
    pub distance_in: f32,
    pub block: Why<SightBlock>,
}

/// Point-fire targets under Open Fire!, seen from the leader's end position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Targets {
    pub from: Point,
    pub visible: Vec<Target>,
    pub hidden: Vec<Hidden>,
}

/// Enemy units the leader can see from `from`, nearest first, and those he cannot.
pub fn targets(s: &Scenario, unit: &Unit, sight: &SightMap, from: Point) -> Targets {
    let Some(leader) = unit.leader() else {
        return Targets {
            from,
            visible: Vec::new(),
            hidden: Vec::new(),
        };
    };
    let mut at = *leader;
    at.pos = from;
    let eye = Eye::of(&at);
    let fp = at.footprint();
    let mut visible = Vec::new();
    let mut hidden = Vec::new();
    for e in enemy_units(s, unit) {
        let mut seen = 0;
        let mut nearest_seen = f32::INFINITY;
        let mut nearest: Option<(f32, &crate::model::Model)> = None;
        for m in &e.models {
            let d = fp.separation(&m.footprint());
            if nearest.is_none_or(|(n, _)| d < n) {
                nearest = Some((d, m));
            }
            if sight.clear(eye, Eye::of(m)) {
                seen += 1;
                nearest_seen = nearest_seen.min(d);
            }
        }
        if seen > 0 {
            visible.push(Target {
                unit: e.id,
                name: e.name.clone(),
                distance_in: round_in(nearest_seen),
                models_seen: seen,
                models: e.models.len(),
            });
        } else if let Some((d, m)) = nearest
            && let Some(block) = sight.first_block(eye, Eye::of(m))
        {
            hidden.push(Hidden {
                unit: e.id,
                name: e.name.clone(),
                distance_in: round_in(d),
                block: Why::new(block),
            });
        }
    }
    visible.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    hidden.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    Targets {
        from: round_point(from),
        visible,
        hidden,
    }
}
