//! R4 morale and rally through the public API: the worked example of 001 step by step through
//! the document (apply, validate, undo), property tests over arbitrary scenarios, and the
//! `test` command.
//!
//! The worked example runs on the `rearguard` sample (the 44th Foot and Brigadier Shelton) and
//! on a hand-built copy of those two units, so it does not depend on the rest of the sample.

mod common;

use proptest::prelude::*;
use sandtable::cli::{self, Command as Cli};
use sandtable::edit::ops::outcome;
use sandtable::edit::{Document, Edit};
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::dice::{D6Test, Dice, Prob};
use sandtable::rules::morale::{
    self, Distance, MoveKind, OutcomeKind, Removal, RerollSource, Resolution, TestCause, TestKind,
    TestRequest,
};
use sandtable::samples;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, stderr};

const FORTY_FOURTH: &str = "44th Foot";
const SHELTON: &str = "Brigadier Shelton";

fn stand(s: &mut Scenario, x: f32, y: f32, w: f32, d: f32) -> Model {
    Model {
        id: ModelId(s.alloc()),
        base: Base::Rect {
            width_mm: w,
            depth_mm: d,
        },
        pos: Point::new(x, y),
        facing_deg: 270.0,
    }
}

fn unit(s: &mut Scenario, name: &str, kind: UnitKind, q: Quality, models: Vec<Model>) -> Unit {
    let n = models.len() as u16;
    Unit {
        quality: q,
        stats: Stats {
            mv: 6,
            ld: 8,
            rout_in: 12,
            ..Stats::default()
        },
        strength: Strength::full(n),
        position: Position::Table,
        leader_model: models.first().map(|m| m.id),
        models,
        leadership: None,
        exerts_zoc: true,
        ..Unit::new(UnitId(s.alloc()), name, s.sides[0].id, kind)
    }
}

/// The R4 situation of the rearguard sample, built by hand: the 44th Foot (Veteran, 7 stands,
/// 2 lost, unsteady, rout 12", no commander) and Brigadier Shelton (+1, one unused re-roll)
/// standing by unattached, with the sample's optional rules.
fn rearguard_by_hand() -> Scenario {
    let mut s = Scenario::new_table("Rearguard (by hand)");
    s.rules.ruleset = Ruleset::Orders;
    s.rules.morale_tests = true;
    s.rules.optional = OptionalRules {
        keep_routers_on_table: false,
        artillery_may_rally: true,
        artillery_hit_points: true,
        elephant_stampede: true,
        morale_rerolls: true,
    };
    let models: Vec<Model> = (0..5)
        .map(|i| stand(&mut s, 32.0, 36.0 + i as f32 * 0.85, 40.0, 20.0))
        .collect();
    let mut foot = unit(
        &mut s,
        FORTY_FOURTH,
        UnitKind::Infantry,
        Quality::Veteran,
        models,
    );
    foot.strength = Strength {
        start: 7,
        current: 5,
    };
    foot.state.morale = Morale::Unsteady;
    let m = stand(&mut s, 34.5, 38.0, 40.0, 40.0);
    let mut shelton = unit(&mut s, SHELTON, UnitKind::Leader, Quality::Veteran, vec![m]);
    shelton.leadership = Some(Leadership {
        command: Command::Stand,
        span: 0,
        superior: None,
        bonus: 1,
        rerolls: 1,
        rerolls_used: 0,
    });
    s.units.push(foot);
    s.units.push(shelton);
    assert_eq!(s.validate(), vec![]);
    s
}

fn apply(doc: &mut Document, label: &str, edits: Vec<Edit>) {
    doc.apply(label, edits).expect("the edits apply");
    assert_eq!(
        doc.scenario().validate(),
        vec![],
        "validate() after {label}"
    );
}

/// 001's example, step by step, on any scenario holding the 44th Foot and Brigadier Shelton.
fn worked_example(start: Scenario) {
    let foot = start.find_unit(FORTY_FOURTH).expect("44th Foot").id;
    let shelton = start.find_unit(SHELTON).expect("Brigadier Shelton").id;
    let mut doc = Document::new(start.clone(), None);
    let rally = TestRequest::new(foot, TestKind::Rally);
    let morale_test = TestRequest::new(foot, TestKind::Morale);

    // 1. Veteran (3), 7 stands, 2 lost (-2), unsteady, no commander: a rally needs 5+ (1/3).
    let pv = morale::preview(doc.scenario(), rally).expect("preview");
    assert_eq!(pv.morale, Morale::Unsteady);
    assert_eq!(pv.start_number, 3);
    assert_eq!(pv.total_modifier, -2);
    assert_eq!(pv.needed, Some(5));
    assert_eq!(pv.p_pass, Some(Prob::ratio(1, 3)));
    assert_eq!(pv.reroll, None, "no commander attached, not Elite");
    let pass = pv.outcome(OutcomeKind::Pass).expect("pass");
    assert_eq!(
        pass.morale,
        Morale::GoodOrder,
        "5-6 rallies it to good order"
    );
    let fail = pv.outcome(OutcomeKind::Fail).expect("fail");
    assert_eq!(fail.morale, Morale::Unsteady, "1-4 leaves it unsteady");
    assert_eq!(fail.p, Some(Prob::ratio(2, 3)));
    //    The roll is a 3: it stays unsteady (nothing changes, so no undo step).
    let done = morale::resolve(doc.scenario(), rally, roll(3)).expect("resolves");
    assert_eq!(done.outcome.kind, OutcomeKind::Fail);
    apply(&mut doc, &done.label, outcome::test(&done));
    assert_eq!(doc.scenario(), &start);

    // 2. Next turn it loses a third stand, then fails its morale test: it needed a 6 (1/6).
    let mut hit = doc.scenario().unit(foot).expect("foot").clone();
    hit.strength.current -= 1;
    let last = hit.models.len() - 1;
    if hit.leader_model == Some(hit.models[last].id) {
        hit.models.remove(0);
    } else {
        hit.models.remove(last);
    }
    apply(
        &mut doc,
        "Stand lost to fire",
        vec![Edit::PutUnit(Box::new(hit))],
    );
    let pv = morale::preview(doc.scenario(), morale_test).expect("preview");
    assert_eq!(pv.total_modifier, -3);
    assert_eq!(pv.needed, Some(6));
    assert_eq!(pv.p_pass, Some(Prob::ratio(1, 6)));
    assert_eq!(pv.automatic_failure, None, "4 of 7 left: not yet at 50%");
    let fail = pv.outcome(OutcomeKind::Fail).expect("fail");
    assert_eq!(fail.morale, Morale::Routing, "unsteady → rout");
    let rout = fail.movement.expect("it routs");
    assert_eq!(
        (rout.kind, rout.distance),
        (MoveKind::Rout, Distance::Fixed(12))
    );
    let done = morale::resolve(doc.scenario(), morale_test, roll(4)).expect("resolves");
    apply(&mut doc, &done.label, outcome::test(&done));
    let now = doc.scenario().unit(foot).expect("foot");
    assert_eq!(now.state.morale, Morale::Routing);
    assert_eq!(now.strength.current, 4);

    // 3. The Brigade commander (+1, one unused re-roll) is attached at the end of the turn.
    let mut attached = now.clone();
    attached.attached_leader = Some(shelton);
    apply(
        &mut doc,
        "Attach commander",
        vec![Edit::PutUnit(Box::new(attached))],
    );
    let before_rally = doc.scenario().clone();
    //    Rallying from rout: -3 for stands lost, +1 for the leader: needs 5+.
    let pv = morale::preview(doc.scenario(), rally).expect("preview");
    assert_eq!(pv.total_modifier, -2);
    assert_eq!(pv.modifiers.len(), 2);
    assert_eq!(pv.needed, Some(5));
    assert_eq!(pv.p_pass, Some(Prob::ratio(1, 3)));
    assert_eq!(pv.p_pass_with_reroll, Some(Prob::ratio(5, 9)));
    assert!(matches!(
        &pv.reroll,
        Some(RerollSource::Commander { leader, left: 1, .. }) if *leader == shelton
    ));
    //    A failed roll would cost another stand and remove it by the 50% rule.
    let fail = pv.outcome(OutcomeKind::Fail).expect("fail");
    assert_eq!(fail.stands_lost, 1);
    assert_eq!(fail.removed, Some(Removal::FiftyPercent));
    assert_eq!(fail.morale, Morale::Removed);
    //    The roll is a 2: a re-roll is on offer ...
    let first = pv.roll(2, None).expect("roll");
    assert_eq!(first.outcome, OutcomeKind::Fail);
    assert!(first.reroll_offered.is_some());
    //    ... and the re-roll is a 5: rallied, unsteady, the commander's re-roll spent.
    let done = morale::resolve(
        doc.scenario(),
        rally,
        Resolution::Roll {
            first: 2,
            reroll: Some(5),
        },
    )
    .expect("resolves");
    assert_eq!(done.outcome.kind, OutcomeKind::Pass);
    apply(&mut doc, &done.label, outcome::test(&done));
    let rallied = doc.scenario().unit(foot).expect("foot");
    assert_eq!(rallied.state.morale, Morale::Unsteady);
    assert_eq!(rallied.strength.current, 4);
    let ld = doc
        .scenario()
        .unit(shelton)
        .and_then(|l| l.leadership)
        .expect("leader");
    assert_eq!(ld.rerolls_used, 1);
    //    One undo step takes it all back.
    assert_eq!(doc.undo().as_deref(), Some("Rally test: 44th Foot"));
    assert_eq!(doc.scenario(), &before_rally);
    //    Had the re-roll not been there, the 2 would have removed it.
    let done = morale::resolve(&before_rally, rally, roll(2)).expect("resolves");
    apply(&mut doc, &done.label, outcome::test(&done));
    assert_eq!(
        doc.scenario().unit(foot).map(|u| u.state.morale),
        Some(Morale::Removed)
    );
    // Undo everything: back to the start.
    while doc.undo().is_some() {}
    assert_eq!(doc.scenario(), &start);
}

fn roll(first: u8) -> Resolution {
    Resolution::Roll {
        first,
        reroll: None,
    }
}

#[test]
fn r4_worked_example_of_001() {
    worked_example(rearguard_by_hand());
}

#[test]
fn r4_worked_example_on_the_rearguard_sample() {
    worked_example(rearguard());
}

// The rearguard sample: every R4 case it sets up previews and applies as the rules say, and
// applying a result keeps the sample free of `check` errors (models match strength).

fn rearguard() -> Scenario {
    samples::by_name("rearguard")
        .expect("listed")
        .load()
        .expect("the sample loads")
}

fn id(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name)
        .unwrap_or_else(|| panic!("the rearguard has '{name}'"))
        .id
}

fn sample_preview(s: &Scenario, name: &str, kind: TestKind) -> morale::TestPreview {
    morale::preview(s, TestRequest::new(id(s, name), kind)).expect("preview")
}

/// Applies a rolled result to the sample through a document; validate() and check hold.
fn sample_apply(s: &Scenario, req: TestRequest, r: Resolution) -> Scenario {
    let done = morale::resolve(s, req, r).expect("resolves");
    let mut doc = Document::new(s.clone(), None);
    apply(&mut doc, &done.label, outcome::test(&done));
    let errors: Vec<String> = sandtable::rules::check::check(doc.scenario())
        .iter()
        .filter(|p| p.severity == sandtable::rules::check::Severity::Error)
        .map(|p| p.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    doc.scenario().clone()
}

#[test]
fn rearguard_commander_bonus_and_reroll() {
    let s = rearguard();
    let pv = sample_preview(&s, "37th Bengal Native Infantry", TestKind::Morale);
    assert_eq!(pv.total_modifier, 1);
    assert_eq!(pv.needed, Some(3));
    assert_eq!(pv.p_pass, Some(Prob::ratio(2, 3)));
    assert_eq!(pv.p_pass_with_reroll, Some(Prob::ratio(8, 9)));
    assert!(matches!(
        pv.reroll,
        Some(RerollSource::Commander { left: 1, .. })
    ));
    // Anquetil's last re-roll is spent by a failed roll re-rolled.
    let req = TestRequest::new(id(&s, "37th Bengal Native Infantry"), TestKind::Morale);
    let after = sample_apply(
        &s,
        req,
        Resolution::Roll {
            first: 1,
            reroll: Some(2),
        },
    );
    let anquetil = after
        .find_unit("Brigadier Anquetil")
        .and_then(|l| l.leadership);
    assert_eq!(anquetil.map(|l| l.rerolls_used), Some(2));
    let pv = morale::preview(&after, req).expect("preview");
    assert_eq!(pv.reroll, None);
}

#[test]
fn rearguard_elite_sappers_and_the_serai_garrison() {
    let s = rearguard();
    let sappers = sample_preview(&s, "Broadfoot's Sappers", TestKind::Morale);
    assert_eq!(sappers.reroll, Some(RerollSource::Elite));
    assert_eq!(sappers.p_pass, Some(Prob::ratio(1, 2)));
    assert_eq!(sappers.p_pass_with_reroll, Some(Prob::ratio(3, 4)));
    let garrison = sample_preview(&s, "54th Bengal Native Infantry", TestKind::Morale);
    assert_eq!(garrison.total_modifier, 1, "+1 in buildings");
    assert_eq!(garrison.needed, Some(3));
}

#[test]
fn rearguard_routing_horse_and_the_fifty_percent_band() {
    let s = rearguard();
    let horse = sample_preview(&s, "Shah's 2nd Irregular Horse", TestKind::Rally);
    assert_eq!(horse.needed, Some(6));
    for kind in [OutcomeKind::Fail, OutcomeKind::KeepRouting] {
        let o = horse.outcome(kind).expect("outcome");
        assert_eq!(
            o.removed,
            Some(Removal::FiftyPercent),
            "2 of 4 lost: removed"
        );
    }
    let req = TestRequest::new(id(&s, "Shah's 2nd Irregular Horse"), TestKind::Rally);
    let after = sample_apply(&s, req, Resolution::KeepRouting);
    let gone = after.unit(req.unit).expect("kept as a record");
    assert_eq!(
        (gone.state.morale, gone.position),
        (Morale::Removed, Position::Exited)
    );
    let band = sample_preview(&s, "Ghilzai Tribesmen (2nd band)", TestKind::Rally);
    assert!(band.automatic_failure.is_some());
    assert_eq!(band.p_pass, Some(Prob::ZERO));
    let req = TestRequest::new(id(&s, "Ghilzai Tribesmen (2nd band)"), TestKind::Morale);
    let after = sample_apply(&s, req, roll(6));
    assert_eq!(
        after.unit(req.unit).map(|u| u.state.morale),
        Some(Morale::Removed)
    );
}

#[test]
fn rearguard_artillery_siege_horse_and_limbered_field_guns() {
    let s = rearguard();
    let siege = sample_preview(&s, "The Serai 18-pounder", TestKind::Morale);
    let fail = siege.outcome(OutcomeKind::Fail).expect("fail");
    assert_eq!(
        (fail.morale, fail.movement, fail.limbers),
        (Morale::Unsteady, None, false)
    );
    let horse = sample_preview(&s, "Bengal Horse Artillery", TestKind::Morale);
    let fail = horse.outcome(OutcomeKind::Fail).expect("fail");
    assert!(fail.limbers);
    assert_eq!(
        fail.movement.map(|m| m.distance),
        Some(Distance::Dice(Dice::ThreeD6))
    );
    let req = TestRequest::new(id(&s, "Bengal Horse Artillery"), TestKind::Morale);
    let after = sample_apply(&s, req, roll(2));
    assert!(after.unit(req.unit).is_some_and(|u| u.state.limbered));
    // No. 6 has failed once (unsteady, limbered): a second failure routs it with its guns; the
    // sample lets routed artillery rally, so it stays, routing 8".
    let field = sample_preview(&s, "No. 6 Light Field Battery", TestKind::Morale);
    let fail = field.outcome(OutcomeKind::Fail).expect("fail");
    assert_eq!((fail.morale, fail.abandons_guns), (Morale::Routing, false));
    assert_eq!(fail.movement.map(|m| m.distance), Some(Distance::Fixed(8)));
    let req = TestRequest::new(id(&s, "No. 6 Light Field Battery"), TestKind::Morale);
    let after = sample_apply(&s, req, roll(1));
    let rally =
        morale::preview(&after, TestRequest::new(req.unit, TestKind::Rally)).expect("preview");
    assert!(rally.may_test(), "optional rule: routed guns may rally");
}

#[test]
fn rearguard_elephant_stampede_into_the_wagons_and_wagon_fates() {
    let mut s = rearguard();
    let elephant = id(&s, "Baggage Elephant");
    // As set up it faces east along the road: a stampede runs back west over open road.
    let pv = sample_preview(&s, "Baggage Elephant", TestKind::Morale);
    let st = pv.stampede.as_ref().expect("optional rule on");
    assert_eq!(st.p, Prob::ratio(2, 9));
    assert!(st.in_path.is_empty());
    // Turned to face the Afghans in the west, a stampede runs east into the baggage.
    s.unit_mut(elephant).expect("elephant").models[0].facing_deg = 270.0;
    let pv = sample_preview(&s, "Baggage Elephant", TestKind::Morale);
    let st = pv.stampede.expect("stampede");
    let names: Vec<&str> = st.in_path.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, vec!["Commissariat Wagon", "Treasure Wagon"]);
    assert_eq!(
        st.in_path[0].p_reached,
        Prob::ONE,
        "touching distance: 3D6 always gets there"
    );
    for hit in &st.in_path {
        assert_eq!(hit.p_reached, Dice::ThreeD6.dist().p_at_least(hit.needs));
    }
    assert!(st.in_path[1].p_reached < Prob::ONE);
    // A wagon routed by fire flees; routed in melee it is captured.
    let wagon = id(&s, "Treasure Wagon");
    s.unit_mut(wagon).expect("wagon").state.morale = Morale::Unsteady;
    let fire = TestRequest::new(wagon, TestKind::Morale).with_cause(TestCause::Fire);
    let after = sample_apply(&s, fire, roll(1));
    assert_eq!(
        after.unit(wagon).map(|u| u.state.morale),
        Some(Morale::Routing)
    );
    let melee = fire.with_cause(TestCause::Melee);
    let after = sample_apply(&s, melee, roll(1));
    assert_eq!(
        after.unit(wagon).map(|u| u.state.morale),
        Some(Morale::Removed)
    );
}

/// R4 on (mostly), with the optional rules switched at random.
fn with_r4(mut s: Scenario, o: [bool; 6]) -> Scenario {
    s.rules.morale_tests = o[0] || o[1];
    s.rules.optional = OptionalRules {
        keep_routers_on_table: o[1],
        artillery_may_rally: o[2],
        artillery_hit_points: o[3],
        elephant_stampede: o[4],
        morale_rerolls: o[5],
    };
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Previews are deterministic, never change the scenario, and their odds are consistent:
    /// outcome chances sum to one, agree with enumerating the die, and a re-roll never hurts.
    #[test]
    fn previews_are_deterministic_pure_and_sum_to_one(
        s in common::arb_scenario(),
        options in any::<[bool; 6]>(),
    ) {
        let s = with_r4(s, options);
        let before = s.clone();
        for u in &s.units {
            for kind in [TestKind::Morale, TestKind::Rally] {
                for cause in [TestCause::Fire, TestCause::Melee] {
                    let req = TestRequest::new(u.id, kind).with_cause(cause);
                    let a = morale::preview(&s, req).expect("unit exists");
                    let b = morale::preview(&s, req).expect("unit exists");
                    prop_assert_eq!(&a, &b);
                    prop_assert_eq!(&s, &before);
                    let (Some(p), Some(p_rr)) = (a.p_pass, a.p_pass_with_reroll) else {
                        prop_assert!(!a.may_test());
                        continue;
                    };
                    prop_assert!(p_rr >= p);
                    let chances: Vec<_> = a.outcomes.iter().filter_map(|o| o.p).collect();
                    prop_assert_eq!(chances.iter().copied().sum::<Prob>(), Prob::ONE);
                    let with: Prob = a.outcomes.iter().filter_map(|o| o.p_with_reroll).sum();
                    prop_assert_eq!(with, Prob::ONE);
                    if let Some(n) = a.needed {
                        let t = D6Test::new(i32::from(a.start_number), a.total_modifier);
                        let passing = (1..=6u8).filter(|r| t.passes(*r)).count() as u64;
                        prop_assert_eq!(p, Prob::ratio(passing, 6));
                        prop_assert_eq!(u64::from(7 - n), passing);
                        if a.reroll.is_some() {
                            let pairs = (1..=6u8)
                                .flat_map(|x| (1..=6u8).map(move |y| (x, y)))
                                .filter(|(x, y)| t.passes(*x) || t.passes(*y))
                                .count() as u64;
                            prop_assert_eq!(p_rr, Prob::ratio(pairs, 36));
                        }
                    }
                    if let Some(st) = &a.stampede {
                        prop_assert_eq!(st.p, p.complement() * Prob::ratio(1, 3));
                        for hit in &st.in_path {
                            let reach = Dice::ThreeD6.dist().p_at_least(hit.needs);
                            prop_assert_eq!(hit.p_reached, reach);
                        }
                    }
                }
            }
        }
    }

    /// Applying any rolled result is one undo step that keeps the scenario valid, and undo
    /// returns exactly the scenario before.
    #[test]
    fn apply_then_undo_returns_the_same_scenario(
        s in common::arb_scenario(),
        options in any::<[bool; 6]>(),
        first in 1u8..=6,
        second in proptest::option::of(1u8..=6),
        keep in any::<bool>(),
    ) {
        let s = with_r4(s, options);
        for u in &s.units {
            for kind in [TestKind::Morale, TestKind::Rally] {
                let req = TestRequest::new(u.id, kind);
                let resolution = if keep {
                    Resolution::KeepRouting
                } else {
                    Resolution::Roll { first, reroll: second }
                };
                let Ok(done) = morale::resolve(&s, req, resolution) else {
                    continue;
                };
                let mut doc = Document::new(s.clone(), None);
                let steps = usize::from(doc.can_undo());
                doc.apply(&done.label, outcome::test(&done)).expect("valid edits");
                prop_assert_eq!(doc.scenario().validate(), vec![]);
                let changed = doc.scenario() != &s;
                prop_assert_eq!(doc.history().1, steps + usize::from(changed));
                let after = doc.scenario().unit(u.id).expect("kept");
                prop_assert_eq!(after.state.morale, done.outcome.morale);
                prop_assert_eq!(
                    after.strength.current,
                    u.strength.current.saturating_sub(done.outcome.stands_lost)
                );
                if changed {
                    doc.undo();
                }
                prop_assert_eq!(doc.scenario(), &s);
            }
        }
    }
}

fn run_test(
    s: &Scenario,
    unit: &str,
    kind: &str,
    extra: (Option<u8>, Option<u8>),
    json: bool,
) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("r.json");
    sandtable::io::save(&path, s).expect("save");
    let mut out = Vec::new();
    let code = cli::run(
        Cli::Test {
            file: path,
            unit: unit.into(),
            kind: TestKind::parse(kind).expect("a test kind"),
            roll: extra.0,
            reroll: extra.1,
            cause: sandtable::model::TestCause::Fire,
            json,
        },
        &mut out,
    )
    .expect("runs");
    assert_eq!(code, 0);
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn test_command_prints_the_preview_and_what_a_roll_does() {
    let s = rearguard_by_hand();
    let text = run_test(&s, FORTY_FOURTH, "rally", (Some(3), None), false);
    for want in [
        "Rally test for '44th Foot'",
        "start number 3 (Veteran)",
        "-2 for 2 stands lost",
        "needs 5+ on a D6",
        "P(pass) 1/3, 33.3%",
        "passes (1/3, 33.3%): back to good order",
        "Roll 3 fails: stays unsteady",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    // With the commander attached and the unit routing, a failed roll offers the re-roll.
    let mut s2 = s.clone();
    let shelton = s2.find_unit(SHELTON).expect("leader").id;
    let foot = s2.find_unit(FORTY_FOURTH).expect("foot").id;
    let u = s2.unit_mut(foot).expect("foot");
    u.attached_leader = Some(shelton);
    u.state.morale = Morale::Routing;
    let text = run_test(&s2, "44th foot", "rally", (Some(2), None), false);
    assert!(
        text.contains("A re-roll is available from the attached commander Brigadier Shelton"),
        "{text}"
    );
    assert!(text.contains("keeps routing without a test"), "{text}");
    let text = run_test(&s2, "44th foot", "rally", (Some(2), Some(5)), false);
    assert!(
        text.contains("Roll 2, re-roll 5 passes: halts unsteady"),
        "{text}"
    );
}

#[test]
fn test_command_json_has_the_documented_shape() {
    let mut s = rearguard_by_hand();
    let shelton = s.find_unit(SHELTON).expect("leader").id;
    let foot = s.find_unit(FORTY_FOURTH).expect("foot").id;
    s.unit_mut(foot).expect("foot").attached_leader = Some(shelton);
    let text = run_test(&s, &foot.0.to_string(), "rally", (Some(2), None), true);
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["unit"], foot.0);
    assert_eq!(v["test"], "rally");
    assert_eq!(v["may_test"], true);
    assert_eq!(v["start_number"], 3);
    assert_eq!(v["needed"], 4);
    assert_eq!(v["modifiers"][0]["source"], "stands_lost");
    assert_eq!(v["modifiers"][1]["source"], "commander");
    assert_eq!(v["modifiers"][1]["leader"], shelton.0);
    assert_eq!(v["p_pass"]["fraction"], "1/2");
    assert_eq!(v["p_pass"]["percent"], 50.0);
    assert_eq!(v["p_pass_with_reroll"]["fraction"], "3/4");
    assert_eq!(v["reroll"]["source"], "commander");
    assert_eq!(v["reroll"]["left"], 1);
    assert_eq!(v["outcomes"][0]["outcome"], "pass");
    assert_eq!(v["outcomes"][0]["morale"], "GoodOrder");
    assert_eq!(v["outcomes"][1]["outcome"], "fail");
    assert_eq!(v["roll"]["outcome"], "fail");
    assert_eq!(v["roll"]["reroll_available"]["source"], "commander");
    assert!(v["stampede"].is_null());
    // A routing unit: the rout distance and the keep-routing choice.
    s.unit_mut(foot).expect("foot").state.morale = Morale::Routing;
    let v: serde_json::Value =
        serde_json::from_str(&run_test(&s, FORTY_FOURTH, "rally", (None, None), true))
            .expect("JSON");
    let keep = &v["outcomes"][2];
    assert_eq!(keep["outcome"], "keep_routing");
    assert!(keep["p"].is_null());
    assert_eq!(keep["stands_lost"], 1);
    assert_eq!(keep["movement"]["kind"], "rout");
    assert_eq!(keep["movement"]["inches"], 12);
    assert!(v["roll"].is_null());
}

#[test]
fn test_command_json_for_an_elephant_lists_the_stampede_path() {
    let mut s = rearguard_by_hand();
    let m = Model {
        id: ModelId(s.alloc()),
        base: Base::Rect {
            width_mm: 50.8,
            depth_mm: 50.8,
        },
        pos: Point::new(40.0, 37.0),
        facing_deg: 90.0,
    };
    let e = unit(
        &mut s,
        "Baggage Elephant",
        UnitKind::Elephant,
        Quality::Green,
        vec![m],
    );
    s.units.push(e);
    // The 44th Foot stands west of the elephant, which faces east: it stampedes west.
    let v: serde_json::Value = serde_json::from_str(&run_test(
        &s,
        "Baggage Elephant",
        "morale",
        (None, None),
        true,
    ))
    .expect("JSON");
    let st = &v["stampede"];
    assert_eq!(st["p_given_failure"]["fraction"], "1/3");
    assert_eq!(st["p"]["fraction"], "2/9");
    assert_eq!(st["movement"]["dice"], "3D6");
    assert_eq!(
        st["movement"]["distribution"].as_array().map(Vec::len),
        Some(16)
    );
    assert_eq!(st["path"]["bearing_deg"], 270.0);
    assert_eq!(st["in_path"][0]["name"], FORTY_FOURTH);
    assert!(v["notes"].as_array().expect("notes").iter().any(|n| {
        n.as_str()
            .is_some_and(|t| t.contains("cavalry hit elephants only on a 6"))
    }));
    let text = run_test(&s, "Baggage Elephant", "morale", (Some(1), None), false);
    assert!(text.contains("units in the path"), "{text}");
    assert!(text.contains("'44th Foot' at"), "{text}");
    assert!(
        text.contains("Roll a further D6 for the stampede: on 1-2"),
        "{text}"
    );
}

#[test]
fn test_command_refuses_bad_kinds_and_rolls() {
    let s = rearguard_by_hand();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("r.json");
    sandtable::io::save(&path, &s).expect("save");
    let cmd = |kind: &str, roll: Option<u8>, reroll: Option<u8>| Cli::Test {
        file: path.clone(),
        unit: FORTY_FOURTH.into(),
        kind: TestKind::parse(kind).expect("a test kind"),
        roll,
        reroll,
        cause: sandtable::model::TestCause::Fire,
        json: false,
    };
    let mut out = Vec::new();
    let file = path.display().to_string();
    let parsed = <sandtable::cli::Cli as clap::Parser>::try_parse_from([
        "sandtable",
        "test",
        &file,
        "--unit",
        FORTY_FOURTH,
        "--kind",
        "panic",
    ]);
    let err = parsed.expect_err("not a test kind").to_string();
    assert!(err.contains("invalid value 'panic'"), "{err}");
    assert!(err.contains("[possible values: morale, rally]"), "{err}");
    for (c, want) in [
        (cmd("rally", Some(7), None), "1 to 6"),
        (
            cmd("rally", Some(6), Some(2)),
            "only a failed test may be re-rolled",
        ),
        (cmd("rally", Some(2), Some(5)), "no re-roll"),
    ] {
        let err = cli::run(c, &mut out).expect_err("refused");
        assert!(err.to_string().contains(want), "{err}");
    }
}

#[test]
fn test_command_as_a_process_exits_0_or_2_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("r.sandtable");
    sandtable::io::save(&path, &rearguard_by_hand()).expect("save");
    let file = path.display().to_string();
    let run = |args: &[&str]| sandtable(&[&["test", file.as_str()], args].concat());
    let ok = run(&["--unit", "#9", "--kind", "rally", "--roll", "5", "--json"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let v: serde_json::Value = serde_json::from_slice(&ok.stdout).expect("JSON");
    assert_eq!(v["roll"]["outcome"], "pass");
    let bad = run(&["--unit", FORTY_FOURTH, "--kind", "rally", "--roll", "9"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert!(stderr(&bad).contains("a D6 shows 1 to 6, not 9"));
    let orphan = run(&["--unit", FORTY_FOURTH, "--kind", "rally", "--reroll", "3"]);
    assert_eq!(orphan.status.code(), Some(2), "--reroll needs --roll");
}
