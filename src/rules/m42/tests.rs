//! R2 rules on hand-built tables, one test per rule.

use super::*;
use crate::geom::{Footprint, Point};
use crate::model::*;
use crate::rules::reach::Refusal;

/// A 72 x 48 table; the first side moves, the second is the enemy.
struct Table {
    s: Scenario,
}

impl Table {
    fn new() -> Table {
        let mut s = Scenario::new_table("m42");
        s.rules.ruleset = Ruleset::M42;
        Table { s }
    }

    /// A unit of the given side (0 or 1) with 25.4 mm round bases at `points`; the first is
    /// the leader. Mv 6, Ld 4 (radius 8", coherency 4").
    fn unit(&mut self, side: usize, name: &str, points: &[(f32, f32)]) -> UnitId {
        let id = UnitId(self.s.alloc());
        let side = self.s.sides[side].id;
        let mut models = Vec::new();
        for (x, y) in points {
            models.push(Model {
                id: ModelId(self.s.alloc()),
                base: Base::Round { diameter_mm: 25.4 },
                pos: Point::new(*x, *y),
                facing_deg: 0.0,
            });
        }
        self.s.units.push(Unit {
            stats: Stats {
                mv: 6,
                ld: 4,
                bs: 4,
                ev: 4,
                to: 3,
                ..Stats::default()
            },
            strength: Strength::full(models.len() as u16),
            position: Position::Table,
            leader_model: models.first().map(|m| m.id),
            models,
            ..Unit::new(id, name, side, UnitKind::Infantry)
        });
        id
    }

    fn model(&self, u: UnitId, k: usize) -> ModelId {
        self.s.unit(u).expect("unit").models[k].id
    }

    fn preview(&self, u: UnitId, t: MoveType) -> Preview {
        preview(&self.s, u, t, Options::default()).expect("unit exists")
    }

    fn preview_to(&self, u: UnitId, t: MoveType, to: (f32, f32)) -> Preview {
        let opts = Options {
            to: Some(Point::new(to.0, to.1)),
            ..Options::default()
        };
        preview(&self.s, u, t, opts).expect("unit exists")
    }
}

/// A ten-model section in two ranks around (20, 30), leader in front.
fn section(t: &mut Table) -> UnitId {
    let mut pts = vec![(20.0, 28.0)];
    for k in 0..9 {
        pts.push((16.0 + (k % 5) as f32 * 2.0, 30.0 + (k / 5) as f32 * 2.0));
    }
    t.unit(0, "Section", &pts)
}

#[test]
fn r2_command_radius_is_twice_ld_and_coherency_is_ld() {
    let mut t = Table::new();
    // Leader at 10; bases 1" wide, so a model at 19 is 8" edge to edge (in), one at 19.5 is
    // 8.5" (out). Coherency 4": the model at 25 is 5" from its nearest neighbour.
    let u = t.unit(
        0,
        "Spread",
        &[(10.0, 10.0), (19.0, 10.0), (19.5, 12.0), (25.0, 16.0)],
    );
    let unit = t.s.unit(u).expect("unit");
    let r = report(unit, t.model(u, 0));
    assert_eq!(r.command_radius_in, 8.0);
    assert_eq!(r.coherency_in, 4.0);
    assert_eq!(r.in_radius, vec![t.model(u, 0), t.model(u, 1)]);
    assert_eq!(r.out_of_radius, vec![t.model(u, 2), t.model(u, 3)]);
    assert!(r.links.contains(&(t.model(u, 1), t.model(u, 2))));
    assert_eq!(r.isolated, vec![t.model(u, 0), t.model(u, 3)]);
    assert!(r.half_in_radius, "2 of 4 is half");
}

#[test]
fn r2_halt_leader_stays_others_may_regroup() {
    let mut t = Table::new();
    let u = section(&mut t);
    let p = t.preview(u, MoveType::Halt);
    assert!(p.refused.is_none());
    assert_eq!(p.leader_allowance_in, 0.0);
    assert!(p.leader_region.is_none());
    assert_eq!(p.followers.len(), 9);
    assert!(p.followers.iter().all(|f| f.allowance_in == 6.0));
    assert!(p.effects.is_empty());
    let d = t
        .preview_to(u, MoveType::Halt, (20.0, 24.0))
        .destination
        .expect("checked");
    assert_eq!(d.verdict, Err(Illegal::LeaderStays(MoveType::Halt)));
}

#[test]
fn r2_advance_leader_up_to_mv_bs_minus_one() {
    let mut t = Table::new();
    let u = section(&mut t);
    let p = t.preview(u, MoveType::Advance);
    assert_eq!(p.leader_allowance_in, 6.0);
    assert_eq!(p.effects, vec![Effect::BallisticSkill(-1)]);
    let region = p.leader_region.as_ref().expect("leader moves");
    assert!(region.contains(Point::new(20.0, 22.5)));
    assert!(!region.contains(Point::new(20.0, 21.5)));
    let ok = t
        .preview_to(u, MoveType::Advance, (20.0, 22.5))
        .destination
        .expect("checked");
    assert!((ok.verdict.expect("legal").length_in - 5.5).abs() < 1e-3);
    let far = t
        .preview_to(u, MoveType::Advance, (20.0, 21.0))
        .destination
        .expect("checked");
    assert!(matches!(
        far.verdict,
        Err(Illegal::Refused(Refusal::TooFar { .. }))
    ));
}

#[test]
fn r2_at_the_double_two_mv_ev_minus_one_no_shooting() {
    let mut t = Table::new();
    let u = section(&mut t);
    let p = t.preview_to(u, MoveType::AtTheDouble, (20.0, 17.0));
    assert_eq!(p.leader_allowance_in, 12.0);
    assert_eq!(p.effects, vec![Effect::Evasion(-1), Effect::NoShooting]);
    assert!(p.destination.expect("checked").verdict.is_ok());
    assert!(p.followers.iter().all(|f| f.allowance_in == 12.0));
}

#[test]
fn r2_dig_in_nobody_moves_to_plus_one() {
    let mut t = Table::new();
    let u = section(&mut t);
    let p = t.preview(u, MoveType::DigIn);
    assert_eq!(
        p.effects,
        vec![Effect::NoShooting, Effect::ToughnessAgainstShooting(1)]
    );
    assert!(p.followers.is_empty());
    assert!(p.leader_region.is_none());
    assert_eq!(
        p.effects[1].to_string(),
        "To +1 against shooting hits this turn only"
    );
}

#[test]
fn r2_half_in_radius_precondition() {
    let mut t = Table::new();
    // Leader plus one in radius, three far away: 2 of 5 is under half.
    let u = t.unit(
        0,
        "Scattered",
        &[
            (10.0, 10.0),
            (12.0, 10.0),
            (40.0, 10.0),
            (42.0, 10.0),
            (44.0, 10.0),
        ],
    );
    let p = t.preview(u, MoveType::Advance);
    assert_eq!(
        p.refused,
        Some(CannotMove::TooFewInRadius {
            in_radius: 2,
            models: 5
        })
    );
    assert!(p.leader_region.is_none());
    let allowed: Vec<MoveType> = p
        .available
        .iter()
        .filter(|(_, r)| r.is_none())
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(allowed, vec![MoveType::Halt, MoveType::DigIn]);
    assert!(t.preview(u, MoveType::Halt).refused.is_none());
}

#[test]
fn r2_available_move_types_are_the_previews() {
    // The preview bar and `sandtable moves` ask `available`; the preview fills its own list
    // from the same rules: they agree for a unit in command, one too spread out, one whose
    // leader is dead, and one off the table.
    let mut t = Table::new();
    let units = [
        section(&mut t),
        t.unit(
            0,
            "Scattered",
            &[(10.0, 10.0), (12.0, 10.0), (40.0, 10.0), (42.0, 10.0)],
        ),
        section(&mut t),
        section(&mut t),
    ];
    t.s.unit_mut(units[2]).expect("unit").leader_model = None;
    t.s.unit_mut(units[3]).expect("unit").position = Position::OffMap;
    for u in units {
        let unit = t.s.unit(u).expect("unit");
        assert_eq!(
            available(unit, None),
            t.preview(u, MoveType::Advance).available,
            "{}",
            unit.name
        );
    }
}

#[test]
fn r2_dead_leader_cannot_move() {
    let mut t = Table::new();
    let u = section(&mut t);
    t.s.unit_mut(u).expect("unit").leader_model = None;
    let p = t.preview(u, MoveType::Advance);
    assert_eq!(p.refused, Some(CannotMove::LeaderDead));
    assert!(
        t.preview(u, MoveType::DigIn).refused.is_none(),
        "it may still Dig-In"
    );
    assert!(
        p.refused
            .expect("refused")
            .to_string()
            .contains("leader is dead")
    );
}

#[test]
fn r2_swarm_picks_a_leader() {
    let mut t = Table::new();
    let u = t.unit(
        0,
        "Swarm",
        &[(40.0, 10.0), (10.0, 10.0), (12.0, 10.0), (14.0, 10.0)],
    );
    let unit = t.s.unit_mut(u).expect("unit");
    unit.leader_model = None;
    unit.special.push(SpecialRule::Swarm);
    let p = t.preview(u, MoveType::Advance);
    // The model at (12, 10) has all three close models in its radius.
    assert_eq!(p.leader, Some((t.model(u, 2), LeaderSource::SwarmChoice)));
    assert!(p.refused.is_none());
    // The player may pick another.
    let opts = Options {
        leader: Some(t.model(u, 0)),
        to: None,
    };
    let chosen = preview(&t.s, u, MoveType::Halt, opts).expect("unit");
    assert_eq!(chosen.leader, Some((t.model(u, 0), LeaderSource::Chosen)));
}

#[test]
fn r2_combat_tactics_survivor_takes_over() {
    let mut t = Table::new();
    let u = section(&mut t);
    let unit = t.s.unit_mut(u).expect("unit");
    unit.leader_model = None;
    unit.special.push(SpecialRule::CombatTactics);
    let p = t.preview(u, MoveType::Advance);
    assert!(matches!(p.leader, Some((_, LeaderSource::CombatTactics))));
    assert!(p.refused.is_none());
}

#[test]
fn r2_followers_end_in_new_radius_and_coherency() {
    let mut t = Table::new();
    let u = section(&mut t);
    let p = t.preview_to(u, MoveType::Advance, (20.0, 22.5));
    let end = p.leader_end.expect("moved");
    assert_eq!(end, Point::new(20.0, 22.5));
    let leader_fp = Footprint::circle(end, 0.5);
    let mut placed = vec![leader_fp];
    for f in &p.followers {
        let spot = f.suggested.expect("room for everyone");
        let fp = Footprint::circle(spot, 0.5);
        assert!(leader_fp.separation(&fp) <= 8.0 + 1e-3, "in the radius");
        assert!(
            placed.iter().any(|a| a.separation(&fp) <= 4.0 + 1e-3),
            "coherent"
        );
        assert!(
            placed.iter().all(|a| a.separation(&fp) >= -0.02),
            "no overlap"
        );
        assert!(spot.distance(f.from) <= 6.0 + 0.1, "within Mv");
        assert!(f.region.contains(spot) || f.region.excess_at(spot).is_some_and(|e| e <= 0.01));
        placed.push(fp);
    }
    // Far away from the new position, outside the radius: not a landing spot.
    let first = &p.followers[0];
    assert!(!first.region.contains(Point::new(20.0, 36.0)));
}

/// Every follower of a section beside a friendly unit and near an enemy gets a region and a
/// suggested spot, placed nearest the leader first, and the same answer every time.
#[test]
fn r2_every_follower_of_a_section_among_other_units_gets_a_spot() {
    let mut t = Table::new();
    let u = section(&mut t);
    // Another friendly unit the followers must not land on, and an enemy to keep 2" from.
    t.unit(0, "Support", &[(24.0, 27.0), (25.5, 27.0), (27.0, 27.0)]);
    t.unit(1, "Enemy", &[(14.0, 21.0), (15.5, 21.0)]);
    for (move_type, to) in [
        (MoveType::Advance, (21.0, 23.0)),
        (MoveType::Halt, (20.0, 28.0)),
    ] {
        let p = t.preview_to(u, move_type, to);
        assert_eq!(p.followers.len(), 9, "{move_type:?}");
        assert!(p.followers.iter().all(|f| f.suggested.is_some()));
        assert_eq!(
            format!("{:?}", p.followers),
            format!("{:?}", t.preview_to(u, move_type, to).followers)
        );
    }
}

#[test]
fn r2_regroup_toward_leader_up_to_mv() {
    let mut t = Table::new();
    // A straggler 20" behind the leader, no enemy near.
    let u = t.unit(0, "Stragglers", &[(20.0, 10.0), (22.0, 10.0), (20.0, 30.0)]);
    let p = t.preview(u, MoveType::Halt);
    let r = &p.regroup[0];
    assert_eq!(r.model, t.model(u, 2));
    let route = r.result.as_ref().expect("may regroup");
    assert!((route.length_in - 6.0).abs() < 1e-3, "up to Mv");
    assert!(
        (route.end() - Point::new(20.0, 24.0)).length() < 1e-3,
        "straight at the leader"
    );
}

#[test]
fn r2_no_regroup_within_12_of_enemy() {
    let mut t = Table::new();
    let u = t.unit(0, "Stragglers", &[(20.0, 10.0), (22.0, 10.0), (20.0, 30.0)]);
    t.unit(1, "Enemy", &[(30.0, 30.0)]);
    let p = t.preview(u, MoveType::Halt);
    match &p.regroup[0].result {
        Err(NoRegroup::EnemyWithin12 { distance_in, .. }) => {
            assert!((distance_in - 9.0).abs() < 1e-3)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r2_no_path_within_2_of_enemy() {
    let mut t = Table::new();
    let u = t.unit(0, "Lone", &[(20.0, 20.0)]);
    t.unit(1, "Sentry", &[(20.0, 15.0)]);
    let p = t.preview(u, MoveType::AtTheDouble);
    let region = p.leader_region.as_ref().expect("moves");
    // The sentry's zone: nothing within 2" + 1" (two base radii) of its centre.
    assert!(!region.contains(Point::new(20.0, 17.6)));
    assert!(!region.contains(Point::new(22.8, 15.0)));
    // Going round is legal, and longer than straight.
    let d = t
        .preview_to(u, MoveType::AtTheDouble, (20.0, 11.0))
        .destination
        .expect("checked");
    let route = d.verdict.expect("around the sentry");
    assert!(route.length_in > 9.0 + 0.5);
    let too_close = t
        .preview_to(u, MoveType::AtTheDouble, (20.0, 17.5))
        .destination
        .expect("checked");
    assert!(matches!(
        too_close.verdict,
        Err(Illegal::Refused(Refusal::NearEnemy { .. }))
    ));
}

#[test]
fn r2_assault_exception() {
    let mut t = Table::new();
    let u = t.unit(0, "Assaulters", &[(20.0, 20.0), (21.5, 21.0)]);
    let e = t.unit(1, "Sentry", &[(20.0, 15.0)]);
    let p = t.preview(u, MoveType::Advance);
    let a = p
        .assaults
        .iter()
        .find(|a| a.unit == e)
        .expect("the sentry can be assaulted");
    assert!(
        (a.route.length_in - 4.0).abs() < 0.05,
        "{}",
        a.route.length_in
    );
    // Ending in base contact lifts the 2" rule for the unit.
    let d = t.preview_to(u, MoveType::Advance, (a.contact.x, a.contact.y));
    let dest = d.destination.expect("checked");
    assert!(dest.assault && dest.verdict.is_ok());
    let f = &d.followers[0];
    assert!(f.suggested.is_some());
}

/// Base contact is contact: an assault whose leader ends exactly touching an enemy base (gap
/// 0.000") is accepted like one 0.01" short of it, and so is an overlap within the same one
/// tolerance; beyond it either way the move is refused (too near without contact, or
/// overlapping).
#[test]
fn r2_base_contact_is_contact_within_one_tolerance() {
    let mut t = Table::new();
    let u = t.unit(0, "Assaulters", &[(20.0, 20.0), (21.5, 21.0)]);
    t.unit(1, "Sentry", &[(20.0, 15.0)]);
    // Both bases are 1" round: the leader's centre 1" from the sentry's is exactly touching.
    let at = |y: f32| {
        t.preview_to(u, MoveType::Advance, (20.0, y))
            .destination
            .expect("checked")
    };
    for (y, what) in [
        (16.0, "touching, gap 0.000\""),
        (16.01, "gap 0.01\""),
        (15.99, "overlap 0.01\""),
    ] {
        let d = at(y);
        assert!(d.assault, "{what} is base contact");
        assert!(d.verdict.is_ok(), "{what}: {:?}", d.verdict);
    }
    let short = at(16.02);
    assert!(!short.assault, "0.02\" short is not contact");
    assert!(matches!(
        short.verdict,
        Err(Illegal::Refused(Refusal::NearEnemy { .. }))
    ));
    let into = at(15.98);
    assert!(
        matches!(into.verdict, Err(Illegal::Overlaps { .. })),
        "{:?}",
        into.verdict
    );
    // The assault targets offered are exactly touching, and accepted.
    let p = t.preview(u, MoveType::Advance);
    let a = &p.assaults[0];
    let gap = a.contact.distance(Point::new(20.0, 15.0)) - 1.0;
    assert!(gap.abs() < 1e-4, "{gap}");
    let d = t
        .preview_to(u, MoveType::Advance, (a.contact.x, a.contact.y))
        .destination
        .expect("checked");
    assert!(d.assault && d.verdict.is_ok(), "{:?}", d.verdict);
    // Round the compass on 25 mm bases, where single precision puts an exact contact a hair
    // either side of touching: every one is contact.
    let mut t = Table::new();
    let u = t.unit(0, "Assaulters", &[(30.0, 30.0)]);
    let e = t.unit(1, "Sentry", &[(30.0, 24.0)]);
    for id in [u, e] {
        t.s.unit_mut(id).expect("unit").models[0].base = Base::Round { diameter_mm: 25.0 };
    }
    let sentry = t.s.unit(e).expect("sentry").models[0];
    let leader = t.s.unit(u).expect("assaulters").models[0];
    let reach = sentry.footprint().bounding_radius() + leader.footprint().bounding_radius();
    for k in 0..32 {
        let a = k as f32 * std::f32::consts::TAU / 32.0;
        let to = sentry.pos + Point::new(a.cos(), a.sin()) * reach;
        let d = t
            .preview_to(u, MoveType::AtTheDouble, (to.x, to.y))
            .destination
            .expect("checked");
        assert!(d.assault, "{to:?} is base contact");
        assert!(
            d.verdict.is_ok(),
            "exact contact at {to:?}: {:?}",
            d.verdict
        );
    }
}

#[test]
fn r2_assault_only_by_advance_or_double() {
    let mut t = Table::new();
    let u = t.unit(0, "Assaulters", &[(20.0, 20.0), (21.5, 21.0)]);
    t.unit(1, "Sentry", &[(20.0, 15.0)]);
    let p = t.preview(u, MoveType::Halt);
    assert!(p.assaults.is_empty());
    let d = t
        .preview_to(u, MoveType::Halt, (20.0, 16.0))
        .destination
        .expect("checked");
    assert!(d.verdict.is_err());
}

#[test]
fn coherency_report_scales_and_agrees_with_brute_force() {
    // 40 models take every pair; 200 go through the grid.
    for (n, w, h) in [(40, 20, 12), (200, 60, 38)] {
        let mut t = Table::new();
        let pts: Vec<(f32, f32)> = (0..n)
            .map(|k| (5.0 + (k * 37 % w) as f32, 5.0 + (k * 53 % h) as f32))
            .collect();
        let u = t.unit(0, "Crowd", &pts);
        let unit = t.s.unit(u).expect("unit");
        let r = report(unit, unit.models[0].id);
        let mut brute = Vec::new();
        for (i, a) in unit.models.iter().enumerate() {
            for b in &unit.models[i + 1..] {
                if a.footprint().separation(&b.footprint()) <= 4.0 {
                    brute.push((a.id.min(b.id), a.id.max(b.id)));
                }
            }
        }
        brute.sort_unstable();
        assert!(!brute.is_empty(), "{n} models: some within coherency");
        assert_eq!(r.links, brute, "{n} models");
        // The links come out in ID order whatever order the models are listed in.
        let mut shuffled = unit.clone();
        shuffled.models.reverse();
        shuffled.models.swap(3, n - 7);
        let again = report(&shuffled, unit.models[0].id);
        assert_eq!(again.links, brute, "{n} models, shuffled");
        assert_eq!(
            again.isolated.len(),
            r.isolated.len(),
            "{n} models, shuffled"
        );
    }
}

/// The straggler setup of `r2_regroup_toward_leader_up_to_mv`, the leader advancing 4" north
/// to (20, 6): the game's move, with the models the player set down.
fn advance_with_a_straggler(
    given: &[(usize, (f32, f32))],
) -> (
    Table,
    UnitId,
    Result<crate::rules::engine::Outcome, crate::rules::engine::Refused>,
) {
    use crate::model::game::Action;
    let mut t = Table::new();
    let u = t.unit(0, "Stragglers", &[(20.0, 10.0), (22.0, 10.0), (20.0, 30.0)]);
    let followers = given
        .iter()
        .map(|(k, (x, y))| (t.model(u, *k), Point::new(*x, *y)))
        .collect();
    let action = Action::Move {
        unit: u,
        order: Some(MoveOrder::MoveType(MoveType::Advance)),
        to: Some(Place::Table(Point::new(20.0, 6.0))),
        followers,
    };
    let o =
        crate::rules::engine::carry_out(&t.s, None, &action, &mut crate::rules::engine::TypedOnly);
    (t, u, o)
}

#[test]
fn r2_out_of_command_models_regroup_up_to_mv_straight_toward_the_leader() {
    let (t, u, o) = advance_with_a_straggler(&[]);
    let o = o.expect("the advance is legal");
    let moved = &o.units[0];
    let straggler = moved.model(t.model(u, 2)).expect("model");
    assert!(
        o.reasons
            .iter()
            .any(|r| r == &format!("model {} regroups 6.00\" toward the leader", t.model(u, 2))),
        "the log says so: {:?}",
        o.reasons
    );
    // From (20, 30) straight at the leader's end (20, 6): 6" (its Mv), to (20, 24).
    assert!(
        (straggler.pos - Point::new(20.0, 24.0)).length() < 0.05,
        "{:?}",
        straggler.pos
    );
    // The editor's waiting move suggests the same spot the game takes.
    let s = &t.s;
    let p = preview(
        s,
        u,
        MoveType::Advance,
        Options {
            leader: None,
            to: Some(Point::new(20.0, 6.0)),
        },
    )
    .expect("unit");
    let unit = s.unit(u).expect("unit");
    let spots: Vec<_> = suggestions(s, unit, &p)
        .into_iter()
        .filter(|f| f.landing.model == t.model(u, 2))
        .map(|f| f.spot)
        .collect();
    assert_eq!(spots, vec![Some(straggler.pos)]);
}

#[test]
fn r2_an_out_of_command_model_may_remain_where_it_is_or_stop_short() {
    // Remains: set down where it stands.
    let (t, u, o) = advance_with_a_straggler(&[(2, (20.0, 30.0))]);
    let moved = &o.expect("staying is allowed").units[0];
    assert_eq!(
        moved.model(t.model(u, 2)).expect("model").pos,
        Point::new(20.0, 30.0)
    );
    // Stops 2" along its way.
    let (t, u, o) = advance_with_a_straggler(&[(2, (20.0, 28.0))]);
    let moved = &o.expect("a shorter regroup is allowed").units[0];
    assert_eq!(
        moved.model(t.model(u, 2)).expect("model").pos,
        Point::new(20.0, 28.0)
    );
}

#[test]
fn r2_a_regrouping_model_must_move_as_directly_as_possible_toward_the_leader() {
    // 3" aside from its straight way, or past Mv along it: refused, and the refusal says why.
    for off in [(23.0, 27.0), (20.0, 22.0)] {
        let (_, _, o) = advance_with_a_straggler(&[(2, off)]);
        let e = o.expect_err("off its way");
        assert!(e.to_string().contains("regrouping"), "{off:?}: {e}");
    }
}

#[test]
fn r2_no_regroup_within_12_of_enemy_so_the_model_stays() {
    use crate::model::game::Action;
    let mut t = Table::new();
    let u = t.unit(0, "Stragglers", &[(20.0, 10.0), (22.0, 10.0), (20.0, 30.0)]);
    t.unit(1, "Enemy", &[(30.0, 30.0)]);
    let action = Action::Move {
        unit: u,
        order: Some(MoveOrder::MoveType(MoveType::Advance)),
        to: Some(Place::Table(Point::new(20.0, 6.0))),
        followers: Vec::new(),
    };
    let o =
        crate::rules::engine::carry_out(&t.s, None, &action, &mut crate::rules::engine::TypedOnly)
            .expect("the advance is legal");
    assert_eq!(
        o.units[0].model(t.model(u, 2)).expect("model").pos,
        Point::new(20.0, 30.0)
    );
}
