//! Where a follower may be set down once its leader has moved (R2 followers, R3 orderly and
//! disorderly models): inside its landing region, with its base overlapping no other model's,
//! and under M42 within coherency of another model of its unit.
//!
//! One check serves the engines' suggested formations, the editor's follower drags and the
//! commit, so a spot the rules suggest is a spot the editor accepts.

use super::reach::{Region, Route};
use crate::geom::{Footprint, Point};
use crate::model::{Model, ModelId, Scenario, Unit, UnitId};
use std::fmt;

pub use super::measure::{CONTACT_TOLERANCE_IN, overlaps};

/// The rule a landing region stands for, as the player reads it when a drag leaves it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LandingRule {
    /// R2: a model in the command radius at the start follows its leader.
    M42Follower {
        allowance_in: f32,
        radius_in: f32,
        coherency_in: f32,
    },
    /// R3 orderly: placed around the leader's end.
    Placed { radius_in: f32 },
    /// R3 disorderly: measured on its own.
    Disorderly {
        allowance_in: f32,
        coherency_in: f32,
    },
    /// R2: a model outside the command radius at the start regroups: up to Mv, as directly
    /// as it can toward the leader (its landing's `along`), or it stays.
    M42Regroup { allowance_in: f32 },
}

impl fmt::Display for LandingRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandingRule::M42Follower {
                allowance_in,
                radius_in,
                coherency_in,
            } => write!(
                f,
                "within {allowance_in}\" of its start, inside the {radius_in}\" radius around the \
                 leader's end, within {coherency_in}\" of another model"
            ),
            LandingRule::Placed { radius_in } => {
                write!(f, "placed within {radius_in}\" of the leader's end")
            }
            LandingRule::Disorderly {
                allowance_in,
                coherency_in,
            } => write!(
                f,
                "disorderly: up to {allowance_in}\" on its own, ending within {coherency_in}\" of \
                 another model"
            ),
            LandingRule::M42Regroup { allowance_in } => write!(
                f,
                "regrouping: on its way straight toward the leader, up to {allowance_in}\", or \
                 where it stands"
            ),
        }
    }
}

/// Where one follower may land, and the rule that says so.
#[derive(Clone, Debug)]
pub struct Landing {
    pub model: ModelId,
    /// `None`: anywhere the other checks allow.
    pub region: Option<Region>,
    /// A regrouping model's way toward its leader: it may stand only on it.
    pub along: Option<Route>,
    pub rule: LandingRule,
}

/// How far from its way a regrouping model may be set down: a drag lands on the way.
pub const ON_THE_WAY_IN: f32 = 0.05;

/// Why a follower may not stand where it was put.
#[derive(Clone, Debug, PartialEq)]
pub enum Misplaced {
    /// The model has no landing: it does not move under this order.
    NotMoving {
        model: ModelId,
    },
    /// The unit has no such model.
    NoModel {
        model: ModelId,
    },
    OutsideRegion {
        rule: LandingRule,
    },
    /// Its base would overlap another model of its own unit.
    OverlapsOwn {
        model: ModelId,
    },
    /// Its base would overlap a model of another unit.
    Overlaps {
        unit: UnitId,
        name: String,
    },
    /// M42: no other model of its unit within coherency.
    OutOfCoherency {
        coherency_in: f32,
    },
}

impl fmt::Display for Misplaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misplaced::NotMoving { model } => {
                write!(f, "model {model} does not move in this order")
            }
            Misplaced::NoModel { model } => write!(f, "no model {model}"),
            Misplaced::OutsideRegion { rule } => {
                write!(f, "outside its landing region: {rule}")
            }
            Misplaced::OverlapsOwn { model } => {
                write!(f, "its base would overlap model {model}")
            }
            Misplaced::Overlaps { name, .. } => write!(f, "its base would overlap {name}"),
            Misplaced::OutOfCoherency { coherency_in } => write!(
                f,
                "out of coherency: no other model within {coherency_in}\" of it"
            ),
        }
    }
}

/// Whether `model` of `unit` (its models where they stand now, the leader already at his end)
/// may stand at `to`: inside its landing region, overlapping no model of its unit or of
/// another unit on the table, and within `coherency` of another model of its unit when given.
pub fn check(
    s: &Scenario,
    unit: &Unit,
    landings: &[Landing],
    coherency: Option<f32>,
    model: ModelId,
    to: Point,
) -> Result<(), Misplaced> {
    let landing = landings
        .iter()
        .find(|l| l.model == model)
        .ok_or(Misplaced::NotMoving { model })?;
    let m = unit.model(model).ok_or(Misplaced::NoModel { model })?;
    let fp = Model { pos: to, ..*m }.footprint();
    if let Some(r) = &landing.region
        && !r.contains(to)
    {
        return Err(Misplaced::OutsideRegion { rule: landing.rule });
    }
    if let Some(way) = &landing.along
        && way.nearest(to).1 > ON_THE_WAY_IN
    {
        return Err(Misplaced::OutsideRegion { rule: landing.rule });
    }
    if let Some(o) = unit
        .models
        .iter()
        .find(|o| o.id != model && overlaps(&fp, &o.footprint()))
    {
        return Err(Misplaced::OverlapsOwn { model: o.id });
    }
    for u in s
        .units
        .iter()
        .filter(|u| u.id != unit.id && u.on_table() && u.in_play())
    {
        if u.models.iter().any(|o| overlaps(&fp, &o.footprint())) {
            return Err(Misplaced::Overlaps {
                unit: u.id,
                name: u.name.clone(),
            });
        }
    }
    // A regrouping model need not reach the others: it goes as far as it may toward them.
    let regroups = matches!(landing.rule, LandingRule::M42Regroup { .. });
    if let Some(c) = coherency.filter(|_| !regroups) {
        let near = unit
            .models
            .iter()
            .any(|o| o.id != model && fp.separation(&o.footprint()) <= c + 1e-3);
        if !near {
            return Err(Misplaced::OutOfCoherency { coherency_in: c });
        }
    }
    Ok(())
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
        placed.iter().chain(others).all(|o| !overlaps(&fp, o))
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

/// A follower's landing and the spot suggested for it there (`None`: nowhere free to land, so
/// it stays).
#[derive(Clone, Debug)]
pub struct Suggestion {
    pub landing: Landing,
    pub spot: Option<Point>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::reach::{self, Avoid, Board};
    use crate::rules::testkit::{Table, p};

    /// A blue section of three 1" bases in a row, a red unit 10" away, and the landing of the
    /// second model: 4" around where it stands.
    fn setup() -> (Table, UnitId, Vec<Landing>) {
        let mut t = Table::new(48.0, 48.0);
        let blue = t.unit(
            t.blue,
            "Section",
            4,
            &[(10.0, 10.0), (12.0, 10.0), (14.0, 10.0)],
        );
        t.unit(t.red, "Enemy", 4, &[(24.0, 10.0)]);
        let u = t.s.unit(blue).expect("section").clone();
        let follower = &u.models[1];
        let board = Board::new(&t.s, t.blue, reach::mover_radius(follower));
        let region = reach::region(&board, follower.pos, 4.0, Avoid::standard());
        let landing = Landing {
            model: follower.id,
            region: Some(region),
            along: None,
            rule: LandingRule::Placed { radius_in: 4.0 },
        };
        (t, blue, vec![landing])
    }

    #[test]
    fn a_follower_lands_inside_its_region_clear_of_every_base() {
        let (t, blue, landings) = setup();
        let u = t.s.unit(blue).expect("section");
        let m = u.models[1].id;
        assert_eq!(check(&t.s, u, &landings, None, m, p(12.0, 12.0)), Ok(()));
        assert_eq!(
            check(&t.s, u, &landings, None, m, p(12.0, 20.0)),
            Err(Misplaced::OutsideRegion {
                rule: LandingRule::Placed { radius_in: 4.0 }
            })
        );
        assert_eq!(
            check(&t.s, u, &landings, None, m, p(10.5, 10.0)),
            Err(Misplaced::OverlapsOwn {
                model: u.models[0].id
            })
        );
        assert_eq!(
            check(&t.s, u, &landings, None, u.models[2].id, p(14.0, 12.0)),
            Err(Misplaced::NotMoving {
                model: u.models[2].id
            })
        );
    }

    #[test]
    fn a_follower_may_not_land_on_another_unit() {
        let (mut t, blue, mut landings) = setup();
        let other = t.unit(t.blue, "Friends", 4, &[(12.0, 13.0)]);
        let u = t.s.unit(blue).expect("section").clone();
        landings[0].region = None;
        assert_eq!(
            check(&t.s, &u, &landings, None, u.models[1].id, p(12.0, 13.2)),
            Err(Misplaced::Overlaps {
                unit: other,
                name: "Friends".into()
            })
        );
    }

    #[test]
    fn m42_followers_keep_coherency() {
        let (t, blue, landings) = setup();
        let u = t.s.unit(blue).expect("section");
        let m = u.models[1].id;
        assert_eq!(
            check(&t.s, u, &landings, Some(1.0), m, p(11.0, 11.2)),
            Ok(())
        );
        let far = check(&t.s, u, &landings, Some(1.0), m, p(12.0, 13.0));
        assert_eq!(far, Err(Misplaced::OutOfCoherency { coherency_in: 1.0 }));
        assert_eq!(
            far.expect_err("refused").to_string(),
            "out of coherency: no other model within 1\" of it"
        );
    }

    #[test]
    fn the_nearest_free_spot_steps_around_bases_set_down_before() {
        let (t, blue, landings) = setup();
        let u = t.s.unit(blue).expect("section");
        let region = landings[0].region.as_ref().expect("region");
        let model = &u.models[1];
        let want = p(12.0, 12.0);
        assert_eq!(nearest_free(region, model, want, &[], &[]), Some(want));
        let taken = [Model {
            pos: want,
            ..*model
        }
        .footprint()];
        let spot = nearest_free(region, model, want, &taken, &[]).expect("a free spot");
        assert!(region.contains(spot));
        assert!(!overlaps(
            &Model {
                pos: spot,
                ..*model
            }
            .footprint(),
            &taken[0]
        ));
    }
}
