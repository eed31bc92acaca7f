//! R2 previews on the patrol sample, as an M42 player would expect them, and property tests
//! that check every legal route with plain geometry, independently of the reach engine.

use proptest::prelude::*;
use sandtable::geom::{Point, point_in_polygon, point_segment_distance, polyline_distance};
use sandtable::model::{PieceShape, Scenario, UnitId};
use sandtable::rules::m42::{
    self, CannotMove, Illegal, LeaderSource, MoveType, NoRegroup, Options,
};
use sandtable::samples;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, stderr, stdout};

fn patrol() -> Scenario {
    samples::by_name("patrol")
        .expect("patrol sample")
        .load()
        .expect("the sample loads")
}

fn id(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
        .id
}

fn preview(s: &Scenario, name: &str, t: MoveType) -> m42::Preview {
    m42::preview(s, id(s, name), t, Options::default()).expect("unit")
}

#[test]
fn rifle_section_may_advance_and_its_lmg_team_splits_on_the_12_inch_rule() {
    let s = patrol();
    let p = preview(&s, "1st Rifle Section", MoveType::Advance);
    let c = p.command.as_ref().expect("has a leader");
    assert_eq!((c.in_radius.len(), c.out_of_radius.len()), (8, 2));
    assert!(p.refused.is_none());
    assert_eq!(p.leader.map(|l| l.1), Some(LeaderSource::Own));
    let near: Vec<_> = p
        .regroup
        .iter()
        .filter(|r| matches!(r.result, Err(NoRegroup::EnemyWithin12 { .. })))
        .collect();
    let free: Vec<_> = p.regroup.iter().filter(|r| r.result.is_ok()).collect();
    assert_eq!(
        (near.len(), free.len()),
        (1, 1),
        "the gunner may not regroup, his loader may"
    );
    assert!(free[0].result.as_ref().expect("ok").length_in <= 5.0 + 1e-3);
}

#[test]
fn gruppe_vogel_has_too_few_in_radius_to_advance() {
    let s = patrol();
    let p = preview(&s, "Gruppe Vogel", MoveType::AtTheDouble);
    assert!(matches!(
        p.refused,
        Some(CannotMove::TooFewInRadius {
            in_radius: 3,
            models: 8
        })
    ));
    assert!(
        preview(&s, "Gruppe Vogel", MoveType::Halt)
            .refused
            .is_none()
    );
}

#[test]
fn the_mg_team_without_its_leader_cannot_move_but_may_dig_in() {
    let s = patrol();
    assert_eq!(
        preview(&s, "MG 34 Team", MoveType::Advance).refused,
        Some(CannotMove::LeaderDead)
    );
    assert_eq!(
        preview(&s, "MG 34 Team", MoveType::Halt).refused,
        Some(CannotMove::LeaderDead)
    );
    assert!(preview(&s, "MG 34 Team", MoveType::DigIn).refused.is_none());
}

#[test]
fn swarm_and_combat_tactics_find_a_leader() {
    let s = patrol();
    let partisans = preview(&s, "Partisans", MoveType::Advance);
    assert_eq!(
        partisans.leader.map(|l| l.1),
        Some(LeaderSource::SwarmChoice)
    );
    assert!(partisans.leader_region.is_some());
    let scouts = preview(&s, "Orlov's Scouts", MoveType::Advance);
    assert_eq!(
        scouts.leader.map(|l| l.1),
        Some(LeaderSource::CombatTactics)
    );
}

#[test]
fn the_section_cannot_walk_past_the_sentries_within_two_inches() {
    let s = patrol();
    let u = id(&s, "1st Rifle Section");
    let sentries = s.unit(id(&s, "Feldposten")).expect("sentries");
    let sentry = sentries.models[0].pos;
    // Straight at the sentry, stopping 2.5" short (centre to centre): inside the 2" zone.
    let leader = s.unit(u).expect("unit").leader().expect("leader").pos;
    let dir = (sentry - leader).normalize();
    let to = sentry - dir * 2.5;
    let opts = Options {
        leader: None,
        to: Some(to),
    };
    let p = m42::preview(&s, u, MoveType::AtTheDouble, opts).expect("unit");
    let d = p.destination.expect("checked");
    assert!(
        matches!(d.verdict, Err(Illegal::Refused(_))),
        "{:?}",
        d.verdict
    );
    assert!(
        d.verdict
            .expect_err("illegal")
            .to_string()
            .contains("Feldposten")
    );
}

/// Every segment of a route keeps the mover's base 2" from every enemy base and clear of
/// impassable terrain, checked with plain geometry.
fn route_is_legal(s: &Scenario, mover: UnitId, route: &[Point], radius: f32) -> Result<(), String> {
    let side = s.unit(mover).expect("unit").side;
    for w in route.windows(2) {
        for u in s
            .units
            .iter()
            .filter(|u| u.side != side && u.on_table() && u.in_play())
        {
            for m in &u.models {
                let fp = m.footprint();
                let d =
                    point_segment_distance(fp.centre(), w[0], w[1]) - fp.bounding_radius() - radius;
                if d < 2.0 - 0.02 {
                    return Err(format!("passes {d:.2}\" from {}", u.name));
                }
            }
        }
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            if !t.impassable {
                continue;
            }
            for k in 0..=20 {
                let q = w[0].lerp(w[1], k as f32 / 20.0);
                let inside = match &p.shape {
                    PieceShape::Polygon(poly) => point_in_polygon(q, poly),
                    PieceShape::Polyline { points, width_in } => {
                        polyline_distance(q, points) < width_in / 2.0
                    }
                };
                if inside {
                    return Err(format!("crosses {}", p.name));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_destination_is_within_the_allowance_keeping_the_clearance(
        dx in -12.0f32..12.0, dy in -12.0f32..12.0, double in any::<bool>()
    ) {
        let s = patrol();
        let u = id(&s, "1st Rifle Section");
        let unit = s.unit(u).expect("unit");
        let leader = unit.leader().expect("leader");
        let to = leader.pos + Point::new(dx, dy);
        let t = if double { MoveType::AtTheDouble } else { MoveType::Advance };
        let opts = Options { leader: None, to: Some(to) };
        let p = m42::preview(&s, u, t, opts).expect("unit");
        let allowance = t.leader_allowance(unit.stats.mv as f32);
        if let Ok(route) = &p.destination.as_ref().expect("checked").verdict {
            prop_assert!(route.length_in <= allowance + 1e-3);
            let len: f32 = route.points.windows(2).map(|w| w[0].distance(w[1])).sum();
            prop_assert!((len - route.length_in).abs() < 1e-3);
            prop_assert_eq!(route.points.first().copied(), Some(leader.pos));
            prop_assert_eq!(route.points.last().copied(), Some(to));
            if let Err(e) = route_is_legal(&s, u, &route.points, 0.5) {
                prop_assert!(false, "{}", e);
            }
        }
        // The shaded region agrees with the exact check away from its boundary.
        let region = p.leader_region.as_ref().expect("moves");
        if let Some(e) = region.excess_at(to) {
            let ok = p.destination.as_ref().expect("checked").verdict.is_ok();
            if e < -0.25 { prop_assert!(ok, "inside the region by {} but refused", -e); }
            if e > 0.25 { prop_assert!(!ok, "outside the region by {} but allowed", e); }
        }
    }

    #[test]
    fn previews_are_deterministic_and_leave_the_scenario_unchanged(
        which in 0usize..8, t in 0usize..4, dx in -8.0f32..8.0, dy in -8.0f32..8.0
    ) {
        let s = patrol();
        let before = s.clone();
        let unit = &s.units[which % s.units.len()];
        let to = unit.models.first().map(|m| m.pos + Point::new(dx, dy));
        let opts = Options { leader: None, to };
        let a = m42::preview(&s, unit.id, MoveType::ALL[t], opts).expect("unit");
        let b = m42::preview(&s, unit.id, MoveType::ALL[t], opts).expect("unit");
        prop_assert_eq!(serde_json::to_string(&a).expect("json"), serde_json::to_string(&b).expect("json"));
        prop_assert_eq!(s, before);
    }
}

#[test]
fn moves_json_names_refusals_once() {
    let out = sandtable(&[
        "moves",
        &saves("patrol.sandtable"),
        "--unit",
        "1st Rifle Section",
        "--move-type",
        "at-the-double",
        "--to",
        "22,20.5",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let err = &v["destination"]["verdict"]["Err"];
    assert_eq!(err["kind"], "refused", "{err}");
    assert_eq!(err["detail"]["kind"], "near_enemy", "{err}");
    assert_eq!(err["detail"]["name"], "Feldposten");
    assert_eq!(v["regroup"].as_array().map(|a| a.len()), Some(2));
}
