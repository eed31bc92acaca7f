//! One test per rule of R4 (RULES.md), named after the rule. The worked example of 001, the
//! property tests and the command line are in `tests/morale.rs`.

use super::*;
use crate::edit::Document;
use crate::edit::ops::outcome;
use crate::geom::Point;
use crate::model::*;
use crate::rules::dice::{Dice, Prob};

fn table() -> Scenario {
    let mut s = Scenario::new_table("R4");
    s.rules.ruleset = Ruleset::Orders;
    s.rules.morale_tests = true;
    s
}

/// A unit of `current` of `start` stands in a row at `(x, y)`, facing north, 40x20 mm bases.
fn add(
    s: &mut Scenario,
    name: &str,
    kind: UnitKind,
    quality: Quality,
    (start, current): (u16, u16),
    morale: Morale,
    (x, y): (f32, f32),
) -> UnitId {
    let id = UnitId(s.alloc());
    let side = s.sides[0].id;
    let mut models = Vec::new();
    for i in 0..current {
        models.push(Model {
            id: ModelId(s.alloc()),
            base: Base::Rect {
                width_mm: 40.0,
                depth_mm: 20.0,
            },
            pos: Point::new(x + f32::from(i) * 1.6, y),
            facing_deg: 0.0,
        });
    }
    s.units.push(Unit {
        quality,
        stats: Stats {
            rout_in: 12,
            ..Stats::default()
        },
        strength: Strength { start, current },
        position: Position::Table,
        leader_model: models.first().map(|m| m.id),
        models,
        leadership: None,
        exerts_zoc: true,
        state: UnitState {
            morale,
            ..UnitState::default()
        },
        ..Unit::new(id, name, side, kind)
    });
    id
}

fn add_leader(s: &mut Scenario, name: &str, bonus: i8, rerolls: u8, used: u8) -> UnitId {
    let id = add(
        s,
        name,
        UnitKind::Leader,
        Quality::Veteran,
        (1, 1),
        Morale::GoodOrder,
        (60.0, 40.0),
    );
    let u = s.unit_mut(id).expect("just added");
    u.leadership = Some(Leadership {
        command: Command::Stand,
        span: 0,
        superior: None,
        bonus,
        rerolls,
        rerolls_used: used,
    });
    id
}

fn attach(s: &mut Scenario, unit: UnitId, leader: UnitId) {
    let u = s.unit_mut(unit).expect("unit");
    u.attached_leader = Some(leader);
    u.commander = Some(leader);
}

fn infantry(s: &mut Scenario, q: Quality, stands: (u16, u16), m: Morale) -> UnitId {
    add(s, "Foot", UnitKind::Infantry, q, stands, m, (10.0, 10.0))
}

fn gun(class: GunClass, draught: Draught) -> UnitKind {
    UnitKind::Artillery {
        class,
        draught,
        hit_points: 3,
    }
}

fn pv(s: &Scenario, unit: UnitId, kind: TestKind) -> TestPreview {
    preview(s, TestRequest::new(unit, kind)).expect("unit exists")
}

fn outcome(p: &TestPreview, kind: OutcomeKind) -> &Outcome {
    p.outcome(kind)
        .unwrap_or_else(|| panic!("no {kind:?} outcome in {p:#?}"))
}

fn third() -> Prob {
    Prob::ratio(1, 3)
}

/// Applies a resolution through a document, checks `validate()` and undo, returns the result.
fn commit(s: &Scenario, req: TestRequest, r: Resolution) -> Scenario {
    let done = resolve(s, req, r).expect("resolves");
    let mut doc = Document::new(s.clone(), None);
    doc.apply(&done.label, outcome::test(&done))
        .expect("edits apply");
    assert_eq!(doc.scenario().validate(), vec![]);
    let after = doc.scenario().clone();
    if after != *s {
        doc.undo();
        assert_eq!(doc.scenario(), s, "undo restores the scenario");
    }
    after
}

fn roll(first: u8) -> Resolution {
    Resolution::Roll {
        first,
        reroll: None,
    }
}

#[test]
fn r4_start_number_by_quality() {
    let mut s = table();
    for (q, start, needed, p) in [
        (Quality::Veteran, 3, 3, Prob::ratio(2, 3)),
        (Quality::Regular, 4, 4, Prob::ratio(1, 2)),
        (Quality::Green, 5, 5, third()),
    ] {
        // The same start number for morale and rally tests.
        let u = infantry(&mut s, q, (6, 6), Morale::Unsteady);
        for kind in [TestKind::Morale, TestKind::Rally] {
            let p_ = pv(&s, u, kind);
            assert_eq!(p_.start_number, start);
            assert_eq!(start_number(q), start);
            assert_eq!(p_.needed, Some(needed));
            assert_eq!(p_.p_pass, Some(p));
            assert!(p_.modifiers.is_empty());
        }
    }
}

#[test]
fn r4_pass_at_or_above_natural_six_passes_natural_one_fails() {
    let mut s = table();
    // Green with 5 of 12 stands lost (under half): 5 + 5 = 10 is out of reach, only a 6 passes.
    let hopeless = infantry(&mut s, Quality::Green, (12, 7), Morale::GoodOrder);
    let p = pv(&s, hopeless, TestKind::Morale);
    assert_eq!(p.total_modifier, -5);
    assert_eq!(p.needed, Some(6));
    assert_eq!(p.p_pass, Some(Prob::ratio(1, 6)));
    assert_eq!(p.roll(6, None).expect("roll").outcome, OutcomeKind::Pass);
    assert_eq!(p.roll(5, None).expect("roll").outcome, OutcomeKind::Fail);
    // Veteran in buildings with a +3 commander: +4, every roll but the natural 1 passes.
    let sure = infantry(&mut s, Quality::Veteran, (6, 6), Morale::GoodOrder);
    let l = add_leader(&mut s, "General", 3, 0, 0);
    attach(&mut s, sure, l);
    s.unit_mut(sure).expect("unit").state.in_buildings = true;
    let p = pv(&s, sure, TestKind::Morale);
    assert_eq!(p.total_modifier, 4);
    assert_eq!(p.needed, Some(2));
    assert_eq!(p.p_pass, Some(Prob::ratio(5, 6)));
    assert_eq!(p.roll(1, None).expect("roll").outcome, OutcomeKind::Fail);
    assert_eq!(p.roll(2, None).expect("roll").outcome, OutcomeKind::Pass);
    // At or above: Regular (4), no modifiers, a 4 passes and a 3 fails.
    let exact = infantry(&mut s, Quality::Regular, (6, 6), Morale::GoodOrder);
    let p = pv(&s, exact, TestKind::Morale);
    assert_eq!(p.roll(4, None).expect("roll").outcome, OutcomeKind::Pass);
    assert_eq!(p.roll(3, None).expect("roll").outcome, OutcomeKind::Fail);
    assert_eq!(p.roll(7, None), Err(MoraleError::BadRoll(7)));
}

#[test]
fn r4_minus_one_per_stand_lost() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (8, 5), Morale::GoodOrder);
    let p = pv(&s, u, TestKind::Morale);
    assert_eq!(
        p.modifiers,
        vec![Modifier {
            source: ModifierSource::StandsLost { lost: 3 },
            value: -3
        }]
    );
    assert_eq!(p.modifiers[0].to_string(), "-3 for 3 stands lost");
    assert_eq!(p.needed, Some(6));
}

#[test]
fn r4_attached_commander_bonus() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (6, 6), Morale::Unsteady);
    let l = add_leader(&mut s, "Colonel Hay", 2, 0, 0);
    attach(&mut s, u, l);
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.total_modifier, 2);
    assert_eq!(
        p.modifiers[0].source,
        ModifierSource::Commander {
            leader: l,
            name: "Colonel Hay".into()
        }
    );
    assert_eq!(
        p.modifiers[0].to_string(),
        "+2 for the attached commander Colonel Hay"
    );
    assert_eq!(p.needed, Some(2));
    // A removed leader gives nothing.
    s.unit_mut(l).expect("leader").state.morale = Morale::Removed;
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.total_modifier, 0);
    assert!(p.notes.contains(&Note::CommanderUnavailable { leader: l }));
}

#[test]
fn r4_in_buildings_bonus_from_scenario_setting() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Green, (6, 6), Morale::GoodOrder);
    s.unit_mut(u).expect("unit").state.in_buildings = true;
    let p = pv(&s, u, TestKind::Morale);
    assert_eq!(p.modifiers[0].source, ModifierSource::InBuildings);
    assert_eq!(p.total_modifier, 1, "default +1");
    assert_eq!(p.needed, Some(4));
    s.rules.in_buildings_bonus = 2;
    let p = pv(&s, u, TestKind::Morale);
    assert_eq!(p.total_modifier, 2);
    assert_eq!(p.modifiers[0].to_string(), "+2 in buildings");
}

#[test]
fn r4_single_stands_take_no_casualty_modifiers() {
    let mut s = table();
    // A two-gun battery that has lost a gun model: no -1, but the commander still counts.
    let g = add(
        &mut s,
        "Battery",
        gun(GunClass::Medium, Draught::Foot),
        Quality::Regular,
        (2, 1),
        Morale::GoodOrder,
        (10.0, 20.0),
    );
    let l = add_leader(&mut s, "Major", 1, 0, 0);
    attach(&mut s, g, l);
    let p = pv(&s, g, TestKind::Morale);
    assert!(p.single_stand);
    assert_eq!(
        p.modifiers[0].source,
        ModifierSource::SingleStand { lost: 1 }
    );
    assert_eq!(p.modifiers[0].value, 0);
    assert_eq!(p.total_modifier, 1);
    assert_eq!(p.needed, Some(3));
    assert!(p.notes.contains(&Note::SingleStandTestsWhenHit));
}

#[test]
fn r4_fifty_percent_rule_removes() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Veteran, (6, 3), Morale::Unsteady);
    for kind in [TestKind::Morale, TestKind::Rally] {
        let p = pv(&s, u, kind);
        assert_eq!(
            p.automatic_failure,
            Some(AutomaticFailure::FiftyPercent { lost: 3, start: 6 })
        );
        assert_eq!(p.needed, None);
        assert_eq!(p.p_pass, Some(Prob::ZERO));
        assert_eq!(p.p_pass_with_reroll, Some(Prob::ZERO));
        let o = outcome(&p, OutcomeKind::AutomaticFailure);
        assert_eq!(o.p, Some(Prob::ONE));
        assert_eq!(o.morale, Morale::Removed);
        assert_eq!(o.removed, Some(Removal::FiftyPercent));
        assert_eq!(
            p.roll(6, None).expect("roll").outcome,
            OutcomeKind::AutomaticFailure
        );
        let after = commit(&s, TestRequest::new(u, kind), roll(6));
        let gone = after.unit(u).expect("kept as a record");
        assert_eq!(gone.state.morale, Morale::Removed);
        assert_eq!(gone.position, Position::Exited);
        assert!(gone.models.is_empty());
    }
    // 7 stands: 3 lost is under half, 4 is over.
    let seven = infantry(&mut s, Quality::Veteran, (7, 4), Morale::Unsteady);
    assert_eq!(pv(&s, seven, TestKind::Rally).automatic_failure, None);
    s.unit_mut(seven).expect("unit").strength.current = 3;
    assert!(pv(&s, seven, TestKind::Rally).automatic_failure.is_some());
}

#[test]
fn r4_fifty_percent_optional_keep_on_table() {
    let mut s = table();
    s.rules.optional.keep_routers_on_table = true;
    let u = infantry(&mut s, Quality::Regular, (6, 3), Morale::Unsteady);
    let p = pv(&s, u, TestKind::Morale);
    let o = outcome(&p, OutcomeKind::AutomaticFailure);
    assert_eq!(o.morale, Morale::Routing);
    assert_eq!(o.removed, None);
    assert!(o.effects.contains(&Effect::StaysOnTableRouting));
    assert_eq!(o.movement.map(|m| m.distance), Some(Distance::Fixed(12)));
    // Routing at 50%: every rally fails and costs a stand, until none are left.
    s.unit_mut(u).expect("unit").state.morale = Morale::Routing;
    let p = pv(&s, u, TestKind::Rally);
    let o = outcome(&p, OutcomeKind::AutomaticFailure);
    assert_eq!((o.morale, o.stands_lost), (Morale::Routing, 1));
    let mut cur = s.clone();
    for left in [2, 1] {
        cur = commit(&cur, TestRequest::new(u, TestKind::Rally), roll(6));
        let unit = cur.unit(u).expect("unit");
        assert_eq!(
            (unit.strength.current, unit.state.morale),
            (left, Morale::Routing)
        );
        assert_eq!(unit.models.len(), usize::from(left));
    }
    let cur = commit(&cur, TestRequest::new(u, TestKind::Rally), roll(6));
    assert_eq!(cur.unit(u).expect("unit").state.morale, Morale::Removed);
}

#[test]
fn r4_single_stands_are_exempt_from_the_fifty_percent_rule() {
    let mut s = table();
    let g = add(
        &mut s,
        "Battery",
        gun(GunClass::Light, Draught::Horse),
        Quality::Regular,
        (2, 1),
        Morale::GoodOrder,
        (10.0, 20.0),
    );
    let p = pv(&s, g, TestKind::Morale);
    assert_eq!(p.automatic_failure, None);
    assert_eq!(p.p_pass, Some(Prob::ratio(1, 2)));
}

#[test]
fn r4_failed_morale_test_drops_one_level() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (6, 6), Morale::GoodOrder);
    let req = TestRequest::new(u, TestKind::Morale);
    let mut cur = s.clone();
    for (before, after) in [
        (Morale::GoodOrder, Morale::Unsteady),
        (Morale::Unsteady, Morale::Routing),
        (Morale::Routing, Morale::Removed),
    ] {
        let p = pv(&cur, u, TestKind::Morale);
        assert_eq!(p.morale, before);
        let fail = outcome(&p, OutcomeKind::Fail);
        assert_eq!(fail.morale, after);
        let pass = outcome(&p, OutcomeKind::Pass);
        assert_eq!(pass.morale, before, "a passed morale test changes nothing");
        assert_eq!(pass.p.expect("p") + fail.p.expect("p"), Prob::ONE);
        cur = commit(&cur, req, roll(1));
        assert_eq!(cur.unit(u).expect("unit").state.morale, after);
    }
    // Routing: the failure routs it its full distance.
    let p = pv(&s, u, TestKind::Morale);
    assert_eq!(outcome(&p, OutcomeKind::Fail).movement, None);
    s.unit_mut(u).expect("unit").state.morale = Morale::Unsteady;
    let p = pv(&s, u, TestKind::Morale);
    let rout = outcome(&p, OutcomeKind::Fail);
    assert_eq!(
        rout.movement,
        Some(Movement {
            kind: MoveKind::Rout,
            distance: Distance::Fixed(12)
        })
    );
    assert_eq!(
        rout.to_string(),
        "fails: routs 12\" (its full rout distance)"
    );
}

#[test]
fn r4_rally_routing_pass_halts_unsteady() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (6, 5), Morale::Routing);
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.needed, Some(5));
    let pass = outcome(&p, OutcomeKind::Pass);
    assert_eq!(pass.morale, Morale::Unsteady);
    assert_eq!(pass.effects, vec![Effect::HaltsUnsteady]);
    assert_eq!((pass.stands_lost, pass.movement), (0, None));
    let after = commit(&s, TestRequest::new(u, TestKind::Rally), roll(5));
    assert_eq!(after.unit(u).expect("unit").state.morale, Morale::Unsteady);
}

#[test]
fn r4_rally_routing_fail_routs_and_loses_a_stand() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (6, 5), Morale::Routing);
    let p = pv(&s, u, TestKind::Rally);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!(fail.morale, Morale::Routing);
    assert_eq!(fail.stands_lost, 1);
    assert_eq!(fail.movement.map(|m| m.kind), Some(MoveKind::Rout));
    assert!(fail.effects.contains(&Effect::LosesStand { left: 4 }));
    let after = commit(&s, TestRequest::new(u, TestKind::Rally), roll(2));
    let unit = after.unit(u).expect("unit");
    assert_eq!(
        unit.strength,
        Strength {
            start: 6,
            current: 4
        }
    );
    assert_eq!(unit.models.len(), 4);
    assert!(
        unit.leader_model.is_some(),
        "the leader's stand is the last to go"
    );
    // Then the 50% rule: at 4 of 6 a further loss reaches half.
    let p = pv(&after, u, TestKind::Rally);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!(fail.removed, Some(Removal::FiftyPercent));
    assert_eq!(fail.movement, None);
}

#[test]
fn r4_rally_unsteady_pass_good_order_fail_stays_unsteady() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Regular, (6, 6), Morale::Unsteady);
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(outcome(&p, OutcomeKind::Pass).morale, Morale::GoodOrder);
    assert_eq!(
        outcome(&p, OutcomeKind::Pass).effects,
        vec![Effect::BackToGoodOrder]
    );
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!((fail.morale, fail.stands_lost), (Morale::Unsteady, 0));
    assert_eq!(fail.effects, vec![Effect::StaysUnsteady]);
    assert_eq!(p.outcome(OutcomeKind::KeepRouting), None);
    let after = commit(&s, TestRequest::new(u, TestKind::Rally), roll(4));
    assert_eq!(after.unit(u).expect("unit").state.morale, Morale::GoodOrder);
    // A good-order unit has nothing to rally.
    let p = pv(&after, u, TestKind::Rally);
    assert_eq!(p.cannot_test, vec![CannotTest::NothingToRally]);
    assert_eq!((p.p_pass, p.needed), (None, None));
    assert!(p.outcomes.is_empty());
}

#[test]
fn r4_routing_unit_may_keep_routing_without_a_test() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Green, (8, 6), Morale::Routing);
    let p = pv(&s, u, TestKind::Rally);
    let keep = outcome(&p, OutcomeKind::KeepRouting);
    assert_eq!(keep.p, None, "a choice, not a chance");
    assert_eq!((keep.morale, keep.stands_lost), (Morale::Routing, 1));
    let after = commit(
        &s,
        TestRequest::new(u, TestKind::Rally),
        Resolution::KeepRouting,
    );
    assert_eq!(after.unit(u).expect("unit").strength.current, 5);
    // Offered even when the unit may not rally this turn, and refused for a unit not routing.
    s.unit_mut(u).expect("unit").state.charged = true;
    let p = pv(&s, u, TestKind::Rally);
    assert!(!p.may_test());
    assert!(p.outcome(OutcomeKind::KeepRouting).is_some());
    let v = infantry(&mut s, Quality::Green, (8, 8), Morale::Unsteady);
    assert_eq!(
        resolve(
            &s,
            TestRequest::new(v, TestKind::Rally),
            Resolution::KeepRouting
        ),
        Err(MoraleError::NotRouting("Foot".into()))
    );
}

#[test]
fn r4_charging_charged_or_evaded_may_not_rally() {
    let mut s = table();
    let u = infantry(&mut s, Quality::Veteran, (6, 6), Morale::Unsteady);
    for (set, why) in [
        (
            (|st: &mut UnitState| st.charging = true) as fn(&mut UnitState),
            CannotTest::Charging,
        ),
        (|st: &mut UnitState| st.charged = true, CannotTest::Charged),
        (|st: &mut UnitState| st.evaded = true, CannotTest::Evaded),
    ] {
        let mut t = s.clone();
        set(&mut t.unit_mut(u).expect("unit").state);
        let p = pv(&t, u, TestKind::Rally);
        assert_eq!(p.cannot_test, vec![why]);
        assert!(p.outcomes.is_empty());
        assert!(matches!(
            p.roll(6, None),
            Err(MoraleError::CannotTest { .. })
        ));
        let err =
            resolve(&t, TestRequest::new(u, TestKind::Rally), roll(6)).expect_err("may not rally");
        assert!(err.to_string().contains("may not rally"), "{err}");
        // A morale test is still taken.
        assert!(pv(&t, u, TestKind::Morale).may_test());
    }
}

#[test]
fn r4_rerolls_from_a_commander_with_rerolls_left_or_an_elite_unit() {
    let mut s = table();
    s.rules.optional.morale_rerolls = true;
    let u = infantry(&mut s, Quality::Regular, (6, 6), Morale::Unsteady);
    assert_eq!(pv(&s, u, TestKind::Rally).reroll, None);
    // Elite.
    s.unit_mut(u)
        .expect("unit")
        .special
        .push(SpecialRule::Elite);
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.reroll, Some(RerollSource::Elite));
    assert_eq!(p.p_pass_with_reroll, Some(Prob::ratio(3, 4)));
    // An Elite unit keeps its commander's re-rolls.
    let l = add_leader(&mut s, "Brigadier", 1, 2, 0);
    attach(&mut s, u, l);
    let done = resolve(
        &s,
        TestRequest::new(u, TestKind::Rally),
        Resolution::Roll {
            first: 1,
            reroll: Some(6),
        },
    )
    .expect("resolves");
    assert_eq!(outcome::test(&done).len(), 1, "no commander re-roll spent");
    // A commander with re-rolls left.
    s.unit_mut(u).expect("unit").special.clear();
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(
        p.reroll,
        Some(RerollSource::Commander {
            leader: l,
            name: "Brigadier".into(),
            left: 2
        })
    );
    let after = commit(
        &s,
        TestRequest::new(u, TestKind::Rally),
        Resolution::Roll {
            first: 2,
            reroll: Some(3),
        },
    );
    let ld = after.unit(l).and_then(|x| x.leadership).expect("leader");
    assert_eq!(ld.rerolls_used, 1);
    assert_eq!(after.unit(u).expect("unit").state.morale, Morale::GoodOrder);
    // ... and one with none left.
    s.unit_mut(l)
        .and_then(|x| x.leadership.as_mut())
        .expect("leader")
        .rerolls_used = 2;
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.reroll, None);
    assert_eq!(p.p_pass_with_reroll, p.p_pass);
    assert!(p.notes.contains(&Note::CommanderOutOfRerolls {
        name: "Brigadier".into()
    }));
    assert_eq!(
        p.roll(2, Some(5)),
        Err(MoraleError::NoReroll("Foot".into()))
    );
    // Only under the optional rule.
    s.rules.optional.morale_rerolls = false;
    s.unit_mut(u)
        .expect("unit")
        .special
        .push(SpecialRule::Elite);
    let p = pv(&s, u, TestKind::Rally);
    assert_eq!(p.reroll, None);
    assert!(p.notes.contains(&Note::RerollsOff));
}

#[test]
fn r4_at_most_one_reroll_per_test() {
    let mut s = table();
    s.rules.optional.morale_rerolls = true;
    let u = infantry(&mut s, Quality::Green, (6, 6), Morale::Unsteady);
    s.unit_mut(u)
        .expect("unit")
        .special
        .push(SpecialRule::Elite);
    let l = add_leader(&mut s, "Excellent", 0, 2, 0);
    attach(&mut s, u, l);
    let p = pv(&s, u, TestKind::Rally);
    // Elite and a commander with two re-rolls: still one re-roll, 1/3 → 5/9.
    assert_eq!(p.p_pass, Some(third()));
    assert_eq!(p.p_pass_with_reroll, Some(Prob::ratio(5, 9)));
    let r = p.roll(2, Some(3)).expect("roll");
    assert_eq!(r.outcome, OutcomeKind::Fail, "the re-roll stands");
    assert_eq!(r.reroll_offered, None, "no second re-roll");
    // A passing roll is not re-rolled; a failed first roll without a re-roll offers one.
    assert_eq!(p.roll(5, Some(1)), Err(MoraleError::RerollAfterPass(5)));
    let r = p.roll(2, None).expect("roll");
    assert_eq!(r.reroll_offered, Some(RerollSource::Elite));
}

#[test]
fn r4_artillery_first_failure_unsteady_limbers_and_retires() {
    let mut s = table();
    for (draught, dice) in [
        (Draught::Foot, Dice::TwoD6),
        (Draught::Horse, Dice::ThreeD6),
    ] {
        let g = add(
            &mut s,
            "Guns",
            gun(GunClass::Light, draught),
            Quality::Regular,
            (1, 1),
            Morale::GoodOrder,
            (10.0, 30.0),
        );
        let p = pv(&s, g, TestKind::Morale);
        let fail = outcome(&p, OutcomeKind::Fail);
        assert_eq!(fail.morale, Morale::Unsteady);
        assert!(fail.limbers);
        assert_eq!(
            fail.movement,
            Some(Movement {
                kind: MoveKind::Retire,
                distance: Distance::Dice(dice)
            })
        );
        assert_eq!(
            fail.movement.map(|m| m.distance.dist()),
            Some(dice.dist()),
            "the retire distance as a distribution"
        );
        let after = commit(&s, TestRequest::new(g, TestKind::Morale), roll(1));
        let unit = after.unit(g).expect("gun");
        assert!(unit.state.limbered);
        assert_eq!(unit.state.morale, Morale::Unsteady);
    }
}

#[test]
fn r4_artillery_second_failure_routs_with_limbered_guns_or_abandons_them() {
    let mut s = table();
    s.rules.optional.artillery_may_rally = true;
    let g = add(
        &mut s,
        "Guns",
        gun(GunClass::Medium, Draught::Foot),
        Quality::Regular,
        (1, 1),
        Morale::Unsteady,
        (10.0, 30.0),
    );
    s.unit_mut(g).expect("gun").state.limbered = true;
    let p = pv(&s, g, TestKind::Morale);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!(fail.morale, Morale::Routing);
    assert!(fail.effects.contains(&Effect::RoutsWithGuns));
    assert!(!fail.abandons_guns);
    s.unit_mut(g).expect("gun").state.limbered = false;
    let p = pv(&s, g, TestKind::Morale);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert!(fail.effects.contains(&Effect::AbandonsGuns));
    assert!(fail.abandons_guns);
    let after = commit(&s, TestRequest::new(g, TestKind::Morale), roll(1));
    assert!(after.unit(g).expect("gun").state.guns_abandoned);
    assert!(
        pv(&after, g, TestKind::Rally)
            .notes
            .contains(&Note::GunsAbandoned)
    );
}

#[test]
fn r4_routed_guns_are_removed_unless_the_optional_rule_lets_them_rally() {
    let mut s = table();
    let g = add(
        &mut s,
        "Guns",
        gun(GunClass::Heavy, Draught::Foot),
        Quality::Regular,
        (1, 1),
        Morale::Unsteady,
        (10.0, 30.0),
    );
    let p = pv(&s, g, TestKind::Morale);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!(fail.removed, Some(Removal::RoutedGuns));
    assert_eq!(fail.movement, None);
    // A routing gun may not rally without the optional rule ...
    s.unit_mut(g).expect("gun").state.morale = Morale::Routing;
    let p = pv(&s, g, TestKind::Rally);
    assert_eq!(p.cannot_test, vec![CannotTest::RoutedGuns]);
    // ... and may with it.
    s.rules.optional.artillery_may_rally = true;
    let p = pv(&s, g, TestKind::Rally);
    assert!(p.may_test());
    assert_eq!(outcome(&p, OutcomeKind::Pass).morale, Morale::Unsteady);
    assert_eq!(
        outcome(&p, OutcomeKind::Fail).removed,
        Some(Removal::Dispersed),
        "its only stand lost"
    );
    s.unit_mut(g).expect("gun").state.morale = Morale::Unsteady;
    let p = pv(&s, g, TestKind::Morale);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!((fail.morale, fail.removed), (Morale::Routing, None));
}

#[test]
fn r4_siege_guns_never_move_and_count_as_heavy() {
    let mut s = table();
    let g = add(
        &mut s,
        "18-pounder",
        gun(GunClass::Siege, Draught::Foot),
        Quality::Veteran,
        (1, 1),
        Morale::GoodOrder,
        (10.0, 30.0),
    );
    let p = pv(&s, g, TestKind::Morale);
    let fail = outcome(&p, OutcomeKind::Fail);
    assert_eq!(fail.morale, Morale::Unsteady);
    assert!(!fail.limbers);
    assert_eq!(fail.movement, None);
    assert!(fail.effects.contains(&Effect::NeverMoves));
    assert!(p.notes.contains(&Note::SiegeGunsCountAsHeavy));
    // Never limbered, so a second failure abandons the gun.
    s.unit_mut(g).expect("gun").state.morale = Morale::Unsteady;
    let p = pv(&s, g, TestKind::Morale);
    assert!(outcome(&p, OutcomeKind::Fail).abandons_guns);
}

#[test]
fn r4_optional_artillery_hit_points_per_gun_model() {
    let mut s = table();
    let g = add(
        &mut s,
        "Battery",
        UnitKind::Artillery {
            class: GunClass::Medium,
            draught: Draught::Foot,
            hit_points: 4,
        },
        Quality::Regular,
        (2, 2),
        Morale::GoodOrder,
        (10.0, 30.0),
    );
    s.unit_mut(g).expect("gun").state.hits_taken = 3;
    assert!(
        !pv(&s, g, TestKind::Morale)
            .notes
            .iter()
            .any(|n| matches!(n, Note::HitPoints { .. }))
    );
    s.rules.optional.artillery_hit_points = true;
    let p = pv(&s, g, TestKind::Morale);
    let note = Note::HitPoints {
        per_model: 4,
        models: 2,
        taken: 3,
    };
    assert!(p.notes.contains(&note));
    assert_eq!(
        note.to_string(),
        "hit points (optional rule): 4 per gun model, 2 models, 3 of 8 hits taken"
    );
}

fn elephant(s: &mut Scenario) -> UnitId {
    let e = add(
        s,
        "Elephant",
        UnitKind::Elephant,
        Quality::Green,
        (1, 1),
        Morale::GoodOrder,
        (30.0, 20.0),
    );
    let u = s.unit_mut(e).expect("elephant");
    u.models[0].base = Base::Rect {
        width_mm: 50.8,
        depth_mm: 50.8,
    };
    // Facing south: it stampedes north, up the table (towards y = 0).
    u.models[0].facing_deg = 180.0;
    e
}

#[test]
fn r4_elephant_stampede_on_failed_morale_tests_not_rally() {
    let mut s = table();
    let e = elephant(&mut s);
    let p = pv(&s, e, TestKind::Morale);
    assert_eq!(p.stampede, None, "optional rule off");
    assert!(p.notes.contains(&Note::StampedeOff));
    s.rules.optional.elephant_stampede = true;
    let p = pv(&s, e, TestKind::Morale);
    let st = p.stampede.as_ref().expect("stampede odds");
    assert_eq!(st.p_given_failure, third());
    // Green: fails 4/6, then 1-2 on a D6: 2/9.
    assert_eq!(st.p, Prob::ratio(2, 9));
    assert_eq!(st.movement.distance, Distance::Dice(Dice::ThreeD6));
    assert_eq!(st.movement.to_string(), "stampedes 3D6\" straight back");
    assert!(
        outcome(&p, OutcomeKind::Fail)
            .effects
            .contains(&Effect::MayStampede)
    );
    // Whether the test would make it unsteady or rout it.
    s.unit_mut(e).expect("elephant").state.morale = Morale::Unsteady;
    assert!(pv(&s, e, TestKind::Morale).stampede.is_some());
    let p = pv(&s, e, TestKind::Rally);
    assert_eq!(p.stampede, None, "not on rally tests");
    assert!(
        !outcome(&p, OutcomeKind::Fail)
            .effects
            .contains(&Effect::MayStampede)
    );
}

#[test]
fn r4_elephant_stampede_path_lists_the_units_in_it() {
    let mut s = table();
    s.rules.optional.elephant_stampede = true;
    let e = elephant(&mut s);
    // The elephant's base is 2" square centred on (30, 20): its rear edge is at y = 19, and the
    // path runs north from there, 2" wide (x 29..31), to y = 1.
    let near = add(
        &mut s,
        "Near",
        UnitKind::Infantry,
        Quality::Regular,
        (1, 1),
        Morale::GoodOrder,
        (30.0, 14.0),
    );
    let far = add(
        &mut s,
        "Far",
        UnitKind::Cavalry,
        Quality::Regular,
        (1, 1),
        Morale::GoodOrder,
        (30.5, 4.0),
    );
    let _beside = add(
        &mut s,
        "Beside",
        UnitKind::Infantry,
        Quality::Regular,
        (1, 1),
        Morale::GoodOrder,
        (35.0, 10.0),
    );
    let _behind = add(
        &mut s,
        "Behind",
        UnitKind::Infantry,
        Quality::Regular,
        (1, 1),
        Morale::GoodOrder,
        (30.0, 25.0),
    );
    let p = pv(&s, e, TestKind::Morale);
    let st = p.stampede.expect("stampede");
    let path = st.path.expect("on the table");
    assert!((path.start - Point::new(30.0, 19.0)).length() < 1e-4);
    assert!((path.width_in - 2.0).abs() < 1e-4);
    assert_eq!(path.bearing_deg, 0.0);
    let ids: Vec<UnitId> = st.in_path.iter().map(|x| x.unit).collect();
    assert_eq!(ids, vec![near, far]);
    // 40x20 mm bases facing north: 0.39" deep either side of the centre.
    let half_depth = 20.0 / 25.4 / 2.0;
    assert!((st.in_path[0].distance_in - (5.0 - half_depth)).abs() < 1e-3);
    assert_eq!(st.in_path[0].needs, 5);
    assert_eq!(st.in_path[0].p_reached, Dice::ThreeD6.dist().p_at_least(5));
    assert_eq!(st.in_path[1].needs, 15);
    assert_eq!(st.in_path[1].p_reached, Prob::ratio(20, 216));
}

#[test]
fn r4_cavalry_hit_elephants_only_on_a_six() {
    let mut s = table();
    let e = elephant(&mut s);
    for kind in [TestKind::Morale, TestKind::Rally] {
        let p = pv(&s, e, kind);
        assert!(p.notes.contains(&Note::CavalryHitElephantsOnSix));
    }
    assert_eq!(
        Note::CavalryHitElephantsOnSix.to_string(),
        "combat: cavalry hit elephants only on a 6, whatever the modifiers"
    );
}

#[test]
fn r4_wagons_flee_when_routed_by_fire_and_are_captured_in_melee() {
    let mut s = table();
    let w = add(
        &mut s,
        "Wagon",
        UnitKind::Wagon,
        Quality::Green,
        (1, 1),
        Morale::Unsteady,
        (50.0, 30.0),
    );
    let fire = preview(
        &s,
        TestRequest::new(w, TestKind::Morale).with_cause(TestCause::Fire),
    )
    .expect("wagon");
    assert!(fire.notes.contains(&Note::WagonsDoNotShoot));
    let fail = outcome(&fire, OutcomeKind::Fail);
    assert_eq!((fail.morale, fail.removed), (Morale::Routing, None));
    assert!(fail.effects.contains(&Effect::Flees));
    let melee_req = TestRequest::new(w, TestKind::Morale).with_cause(TestCause::Melee);
    let melee = preview(&s, melee_req).expect("wagon");
    let fail = outcome(&melee, OutcomeKind::Fail);
    assert_eq!(fail.removed, Some(Removal::Captured));
    assert!(fail.effects.contains(&Effect::Captured));
    let after = commit(&s, melee_req, roll(1));
    assert_eq!(after.unit(w).expect("wagon").state.morale, Morale::Removed);
}

#[test]
fn r4_leaders_removed_units_and_scenarios_without_r4_do_not_test() {
    let mut s = table();
    let l = add_leader(&mut s, "General", 1, 1, 0);
    assert_eq!(
        pv(&s, l, TestKind::Morale).cannot_test,
        vec![CannotTest::Leader]
    );
    let u = infantry(&mut s, Quality::Regular, (6, 6), Morale::Removed);
    assert_eq!(
        pv(&s, u, TestKind::Morale).cannot_test,
        vec![CannotTest::AlreadyRemoved]
    );
    s.rules.morale_tests = false;
    s.unit_mut(u).expect("unit").state.morale = Morale::GoodOrder;
    assert_eq!(
        pv(&s, u, TestKind::Morale).cannot_test,
        vec![CannotTest::MoraleTestsOff]
    );
    assert_eq!(
        preview(&s, TestRequest::new(UnitId(999), TestKind::Morale)),
        Err(MoraleError::NoUnit(UnitId(999)))
    );
}
