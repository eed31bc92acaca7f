//! Whether a unit is concealed from every enemy unit within its Aw range (R3 Fall Back!),
//! measured unit to unit, with the enemy units in range and which of them see it.

use super::eye::Eye;
use super::sight_map::SightMap;
use crate::model::{ModelId, Scenario, Unit, UnitId};
use serde::Serialize;

/// One enemy unit within a unit's Aw range, and whether it can see the unit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Watcher {
    pub unit: UnitId,
    pub name: String,
    /// Unit to unit, base edge to base edge.
    pub distance_in: f32,
    /// The first enemy model that sees one of ours unconcealed, and that model of ours;
    /// `None` when the unit is concealed from this enemy.
    pub sees: Option<(ModelId, ModelId)>,
}

/// Whether a unit is concealed from every enemy unit within its Aw range (R3 Fall Back!).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitConcealment {
    pub aw_in: f32,
    /// Enemy units within range, nearest first.
    pub within_aw: Vec<Watcher>,
    pub concealed_from_all: bool,
}

/// Enemy units (other sides, on the table and in play) of `unit`.
pub fn enemy_units<'a>(s: &'a Scenario, unit: &'a Unit) -> impl Iterator<Item = &'a Unit> {
    s.units
        .iter()
        .filter(move |u| u.side != unit.side && u.on_table() && u.in_play() && !u.models.is_empty())
}

/// Whether `unit` is concealed from every enemy unit within its Aw range, with the enemy units
/// in range and which of them see it.
pub fn unit_concealment(s: &Scenario, sight: &SightMap, unit: &Unit) -> UnitConcealment {
    let aw = f32::from(unit.stats.aw);
    let mut within_aw = Vec::new();
    for e in enemy_units(s, unit) {
        let Some(d) = crate::rules::measure::unit_distance(unit, e) else {
            continue;
        };
        if d > aw {
            continue;
        }
        let mut sees = None;
        'outer: for em in &e.models {
            for m in &unit.models {
                if sight.concealed(Eye::of(em), Eye::of(m)).is_none() {
                    sees = Some((em.id, m.id));
                    break 'outer;
                }
            }
        }
        within_aw.push(Watcher {
            unit: e.id,
            name: e.name.clone(),
            distance_in: (d * 100.0).round() / 100.0,
            sees,
        });
    }
    within_aw.sort_by(|a, b| {
        a.distance_in
            .total_cmp(&b.distance_in)
            .then(a.unit.cmp(&b.unit))
    });
    let concealed_from_all = within_aw.iter().all(|w| w.sees.is_none());
    UnitConcealment {
        aw_in: aw,
        within_aw,
        concealed_from_all,
    }
}
