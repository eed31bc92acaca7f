//! R3 previews on the skirmish sample ("Trouble at Pike's Farm"), as a player of the game
//! would expect them.

use sandtable::geom::{Point, point_in_polygon};
use sandtable::model::{Scenario, UnitId};
use sandtable::rules::los::{self, SightBlock};
use sandtable::rules::orders::*;
use sandtable::samples;

fn skirmish() -> Scenario {
    samples::by_name("skirmish")
        .expect("sample")
        .load()
        .expect("the sample loads")
}

fn unit(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect("unit").id
}

fn piece(s: &Scenario, name: &str) -> Vec<Point> {
    s.pieces
        .iter()
        .find(|p| p.name == name)
        .expect("piece")
        .shape
        .points()
        .to_vec()
}

fn order(s: &Scenario, name: &str, action: Action) -> OrdersPreview {
    preview(s, OrderRequest::new(unit(s, name), action)).expect("preview")
}

fn order_to(s: &Scenario, name: &str, action: Action, to: (f32, f32)) -> OrdersPreview {
    let req = OrderRequest::new(unit(s, name), action).to(Point::new(to.0, to.1));
    preview(s, req).expect("preview")
}

fn p(x: f32, y: f32) -> Point {
    Point::new(x, y)
}

#[test]
fn cuffs_section_advances_with_five_placed_and_two_stragglers_disorderly() {
    let s = skirmish();
    let pv = order(&s, "Sergeant Cuff's Section", Action::Advance);
    assert_eq!(pv.movement, Movement::Orderly);
    let modes: Vec<ModelMode> = pv.models.iter().map(|m| m.mode).collect();
    use ModelMode::*;
    assert_eq!(
        modes,
        vec![
            Placed, Placed, Placed, Placed, Placed, Disorderly, Disorderly
        ]
    );
    // The stragglers stand within 2" of each other: neither is out of command.
    assert_eq!(pv.out_of_command().count(), 0);
    let leader = pv.leader.as_ref().expect("leader");
    let r = leader.region.as_ref().expect("region");
    // 6" of pasture is a disk of 113 sq in (the lattice samples it a little under), and
    // orderly movement pays nothing for the field hedge inside it.
    assert!(
        r.area_sq_in > 105.0 && r.area_sq_in < 114.0,
        "{}",
        r.area_sq_in
    );
    assert!(r.contains(p(14.0, 29.5)), "across the south field hedge");
    // The effects a player reads off the order chit.
    assert_eq!(pv.effects.fire.rate, Rate::Half);
    assert_eq!(pv.effects.fire.rof, 0.5);
}

#[test]
fn cuffs_section_at_the_double_is_capped_crossing_the_field_hedge() {
    let s = skirmish();
    let pv = order_to(
        &s,
        "Sergeant Cuff's Section",
        Action::AtTheDouble,
        (14.0, 27.0),
    );
    let d = pv.destination.as_ref().expect("checked");
    assert!(!d.legal);
    let why = d.reason.as_ref().expect("reason");
    assert_eq!(
        why.text,
        "crosses South field hedge: disorderly moves through terrain are capped at 6\" (this move \
         is 8\")"
    );
    // Up to 12" in the open, away from the hedge.
    let pv = order_to(
        &s,
        "Sergeant Cuff's Section",
        Action::AtTheDouble,
        (25.0, 38.0),
    );
    assert!(pv.destination.as_ref().is_some_and(|d| d.legal));
    // Through the gate the lane passes by, and round the hedge's end: legal at 10.1".
    let pv = order_to(
        &s,
        "Sergeant Cuff's Section",
        Action::AtTheDouble,
        (22.0, 29.0),
    );
    let d = pv.destination.as_ref().expect("checked");
    assert!(d.legal);
    assert!(d.path.as_ref().is_some_and(|p| p.points.len() >= 3));
}

#[test]
fn the_razor_boys_in_gallows_wood_are_capped_at_the_double() {
    let s = skirmish();
    let pv = order(&s, "The Razor Boys", Action::AtTheDouble);
    let wood = piece(&s, "Gallows Wood");
    for m in &pv.models {
        let cap = m.cap.as_ref().expect("cap");
        assert_eq!(
            cap.starts_in.as_ref().map(|p| p.name.as_str()),
            Some("Gallows Wood")
        );
        let a = m.region.as_ref().expect("region");
        // Never more than 6" from where it stood.
        for line in &a.outline {
            for q in line {
                assert!(q.distance(m.from) <= 6.0 + 0.2, "{q}");
            }
        }
    }
    assert!(point_in_polygon(pv.leader.as_ref().expect("l").from, &wood));
}

#[test]
fn the_bowery_boys_run_off_beacon_knoll_at_full_speed() {
    let s = skirmish();
    let pv = order_to(&s, "The Bowery Boys", Action::AtTheDouble, (37.0, 20.0));
    let l = pv.leader.as_ref().expect("leader");
    let cap = l.cap.as_ref().expect("cap");
    assert_eq!(
        cap.bare_hill.as_ref().map(|h| h.name.as_str()),
        Some("Beacon Knoll")
    );
    let d = pv.destination.as_ref().expect("checked");
    assert!(d.legal, "{:?}", d.reason);
    assert!((d.path.as_ref().expect("path").length_in - 12.0).abs() < 0.01);
    // Down the far side of the knoll and west across the pasture: 11.5", uncapped.
    let r = l.region.as_ref().expect("region");
    assert!(r.contains(p(25.5, 8.0)));
}

#[test]
fn jack_sheppard_alone_runs_12_inches_through_anything() {
    let s = skirmish();
    let pv = order_to(&s, "Jack Sheppard", Action::AtTheDouble, (27.0, 28.0));
    assert_eq!(pv.movement, Movement::Orderly);
    assert!(pv.models.is_empty());
    let d = pv.destination.as_ref().expect("checked");
    assert!(d.legal, "through the farmhouse: {:?}", d.reason);
}

#[test]
fn inspector_bucket_opens_fire_on_what_he_can_see() {
    let s = skirmish();
    let pv = order(&s, "Inspector Bucket", Action::OpenFire);
    let t = pv.targets.as_ref().expect("targets");
    // Every ruffian unit is listed once, seen or hidden, nearest first.
    assert_eq!(t.visible.len() + t.hidden.len(), 5);
    for h in &t.hidden {
        assert!(!h.block.text.is_empty());
    }
    // Jack Sheppard behind Pike's Farm is hidden by it.
    let jack = unit(&s, "Jack Sheppard");
    let hidden = t
        .hidden
        .iter()
        .find(|h| h.unit == jack)
        .expect("Jack hidden");
    assert!(matches!(
        &hidden.block.reason,
        SightBlock::Through { name, .. } if name == "Pike's Farm"
    ));
    assert_eq!(pv.effects.fire.pistols, Some(Rate::Full));
}

#[test]
fn detective_branch_advances_with_pistols_at_full_rate() {
    let s = skirmish();
    let pv = order(&s, "Detective Branch", Action::Advance);
    assert_eq!(pv.effects.fire.rate, Rate::Half);
    assert_eq!(pv.effects.fire.pistols, Some(Rate::Full));
    assert_eq!(pv.effects.fire.rof, 1.0);
    let pv = order(&s, "Detective Branch", Action::AtTheDouble);
    assert_eq!(pv.effects.fire.rate, Rate::None);
    assert_eq!(pv.effects.fire.pistols, Some(Rate::Half));
}

#[test]
fn units_that_failed_their_ld_check_may_only_fall_back() {
    let s = skirmish();
    for name in ["The Sloggers", "Dockside Mob", "Riot Constables"] {
        let u = unit(&s, name);
        assert!(matches!(
            preview(&s, OrderRequest::new(u, Action::Advance)),
            Err(OrdersError::Refused {
                reason: Refusal::FailedLdCheck,
                ..
            })
        ));
        let unit = s.unit(u).expect("unit");
        assert_eq!(default_action(unit), Action::FallBack);
    }
}

#[test]
fn the_riot_constables_may_fire_at_half_rate_or_fall_back_three_inches() {
    let s = skirmish();
    let pv = order(&s, "Riot Constables", Action::FallBack);
    let fb = pv.fall_back.as_ref().expect("fall back");
    assert_eq!(fb.branch, FallBackBranch::FireOrMove);
    assert_eq!(pv.effects.fire.rate, Rate::Half);
    assert_eq!(pv.effects.fire.timing, FireTiming::InsteadOfMoving);
    let near = fb.nearest_enemy.as_ref().expect("nearest enemy");
    assert_eq!(near.name, "Dockside Mob");
    let l = pv.leader.as_ref().expect("leader");
    assert_eq!(l.allowance_in, 3.0);
    assert!(l.region.is_some() && l.away.is_some());
    for m in &pv.models {
        assert_eq!(m.mode, ModelMode::FallsBack);
        assert!(m.region.is_some() && m.away.is_some());
    }
}

#[test]
fn the_sloggers_with_no_enemy_within_18_inches_stay_hidden() {
    let s = skirmish();
    let pv = order(&s, "The Sloggers", Action::FallBack);
    let fb = pv.fall_back.as_ref().expect("fall back");
    // 3 of 8: under half. No constable is within their Aw of 18", so nobody in range sees
    // them: they stay, +1 Ev, +1 To.
    let c = fb.concealment.as_ref().expect("concealment");
    assert!(c.within_aw.is_empty());
    assert_eq!(fb.branch, FallBackBranch::Hides);
    assert_eq!((pv.effects.ev, pv.effects.to), (1, 1));
    assert!(!pv.effects.may_snap_fire);
}

#[test]
fn the_sloggers_seen_by_inspector_bucket_must_run_for_cover() {
    let mut s = skirmish();
    let bucket = unit(&s, "Inspector Bucket");
    s.unit_mut(bucket).expect("unit").models[0].pos = p(20.0, 20.0);
    let pv = order(&s, "The Sloggers", Action::FallBack);
    let fb = pv.fall_back.as_ref().expect("fall back");
    assert_eq!(fb.branch, FallBackBranch::MustMove);
    assert_eq!(pv.effects.fire.rate, Rate::None);
    assert_eq!(fb.heading, Some(Heading::Concealment));
    let dest = fb.destination.expect("destination");
    // The destination is hidden from the inspector and no nearer to him than to the gang.
    let sight = los::SightMap::new(&s);
    let eye = los::Eye {
        pos: p(20.0, 20.0),
        radius: 0.49,
    };
    let target = los::Eye {
        pos: dest,
        radius: 0.49,
    };
    assert!(sight.concealed(eye, target).is_some(), "{dest}");
    let gang = s
        .find_unit("The Sloggers")
        .expect("unit")
        .models
        .iter()
        .map(|m| m.pos.distance(dest))
        .fold(f32::INFINITY, f32::min);
    assert!(dest.distance(p(20.0, 20.0)) >= gang, "{dest}");
    // It is close: no model runs more than 6", so no snap fire.
    assert!(!fb.snap_fire, "{:?}", fb.path);
    for m in &pv.models {
        assert!(m.region.as_ref().is_some_and(|a| !a.is_empty()));
    }
}

#[test]
fn the_dockside_mob_under_a_quarter_is_destroyed() {
    let s = skirmish();
    let pv = order(&s, "Dockside Mob", Action::FallBack);
    let fb = pv.fall_back.as_ref().expect("fall back");
    assert_eq!(fb.branch, FallBackBranch::Destroyed);
    assert!(fb.removed.as_ref().is_some_and(|r| r.counted_destroyed));
}

#[test]
fn the_razor_boys_falling_back_keep_their_knives_at_full_rate() {
    let mut s = skirmish();
    let razors = unit(&s, "The Razor Boys");
    let u = s.unit_mut(razors).expect("unit");
    u.state.failed_ld_check = true;
    u.strength.current = 4;
    u.models.truncate(4);
    let pv = order(&s, "The Razor Boys", Action::FallBack);
    assert_eq!(
        pv.fall_back.as_ref().map(|f| f.branch),
        Some(FallBackBranch::FireOrMove)
    );
    assert_eq!(pv.effects.fire.one_handed, Some(Rate::Full));
}

#[test]
fn every_preview_of_the_sample_is_deterministic_and_changes_nothing() {
    let s = skirmish();
    let before = s.clone();
    for u in &s.units {
        for a in Action::ALL {
            let req = OrderRequest::new(u.id, a);
            let first = preview(&s, req).map(|pv| serde_json::to_string(&pv).expect("json"));
            let second = preview(&s, req).map(|pv| serde_json::to_string(&pv).expect("json"));
            assert_eq!(first, second, "{} {a}", u.name);
        }
    }
    assert_eq!(s, before);
}
