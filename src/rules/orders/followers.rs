//! R3 followers set down around the leader's end, for the player to adjust before the move is
//! committed: orderly models keep their place relative to the leader where they can, and
//! disorderly models their own offset; each lands at the free spot of its region nearest that,
//! nearest the leader first, clear of the bases already set down and of other units.

use super::action::COHERENCY_IN;
use super::answer::{ModelMode, OrdersPreview};
use crate::geom::{Footprint, Point};
use crate::model::{ModelId, Scenario, Unit};
use crate::rules::placement::{Landing, LandingRule, Suggestion, nearest_free};

/// Where the followers of `unit` land when its leader moves from `from` to `to`, with `pv` the
/// preview of that move (its regions are drawn around `to`).
pub fn suggest_followers(
    s: &Scenario,
    pv: &OrdersPreview,
    unit: &Unit,
    leader: ModelId,
    from: Point,
    to: Point,
) -> Vec<Suggestion> {
    let shift = to - from;
    let others: Vec<Footprint> = s
        .units
        .iter()
        .filter(|x| x.id != unit.id && x.on_table() && x.in_play())
        .flat_map(|x| x.models.iter().map(|m| m.footprint()))
        .collect();
    let mut placed: Vec<Footprint> = unit
        .model(leader)
        .map(|m| crate::model::Model { pos: to, ..*m }.footprint())
        .into_iter()
        .collect();
    let mut order: Vec<_> = pv
        .models
        .iter()
        .filter(|m| matches!(m.mode, ModelMode::Placed | ModelMode::Disorderly))
        .collect();
    order.sort_by(|a, b| a.from_leader_in.total_cmp(&b.from_leader_in));
    let mut out = Vec::new();
    for mp in order {
        let Some(area) = &mp.region else { continue };
        let Some(model) = unit.model(mp.model) else {
            continue;
        };
        let spot = nearest_free(&area.region, model, model.pos + shift, &placed, &others);
        if let Some(p) = spot {
            placed.push(crate::model::Model { pos: p, ..*model }.footprint());
        }
        out.push(Suggestion {
            landing: Landing {
                model: mp.model,
                region: Some(area.region.clone()),
                along: None,
                rule: match mp.mode {
                    ModelMode::Placed => LandingRule::Placed {
                        radius_in: mp.allowance_in,
                    },
                    _ => LandingRule::Disorderly {
                        allowance_in: mp.allowance_in,
                        coherency_in: COHERENCY_IN,
                    },
                },
            },
            spot,
        });
    }
    out
}
