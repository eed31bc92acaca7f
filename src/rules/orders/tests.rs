//! One test per rule of R3, on small hand-built tables. Models stand on 1" round bases (radius
//! 0.5"), so a centre-to-centre distance is the edge-to-edge distance plus 1".

use super::*;
use crate::geom::Point;
use crate::model::*;
use crate::model::{Edge, TerrainKind};
use crate::rules::los::SightBlock;
use crate::rules::testkit::{Flag, Table, p};

fn preview_of(t: &Table, unit: UnitId, action: Action) -> OrdersPreview {
    preview(&t.s, OrderRequest::new(unit, action)).expect("preview")
}

fn preview_to(t: &Table, unit: UnitId, action: Action, to: Point) -> OrdersPreview {
    preview(&t.s, OrderRequest::new(unit, action).to(to)).expect("preview")
}

fn region(m: &ModelPreview) -> &Area {
    m.region.as_ref().expect("a region")
}

fn leader_region(pv: &OrdersPreview) -> &Area {
    pv.leader
        .as_ref()
        .and_then(|l| l.region.as_ref())
        .expect("a leader region")
}

fn reason(pv: &OrdersPreview) -> &Illegal {
    &pv.destination
        .as_ref()
        .and_then(|d| d.reason.as_ref())
        .expect("an illegal destination")
        .reason
}

/// A section of three: the leader at (10, 24), a follower 2" behind him, and a straggler at
/// `straggler` (or none).
fn section(t: &mut Table, straggler: Option<(f32, f32)>) -> UnitId {
    let mut pts = vec![(10.0, 24.0), (10.0, 27.0)];
    pts.extend(straggler);
    t.unit(t.blue, "Section", 6, &pts)
}

// ---------------------------------------------------------------- orderly movement

#[test]
fn r3_orderly_only_the_leaders_move_is_measured() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::Advance);
    assert_eq!(pv.movement, Movement::Orderly);
    let l = pv.leader.as_ref().expect("leader");
    assert!(l.moves);
    assert_eq!(l.allowance_in, 6.0);
    let r = leader_region(&pv);
    assert!(r.contains(p(15.9, 24.0)));
    assert!(!r.contains(p(16.3, 24.0)));
    // The follower is placed, not measured.
    assert_eq!(pv.models[0].mode, ModelMode::Placed);
    assert!(pv.models[0].cap.is_none());
}

#[test]
fn r3_orderly_moves_through_area_terrain_and_obstacles_without_penalty() {
    let mut t = Table::new(48.0, 48.0);
    t.wood("Gallows Wood", (12.0, 20.0), (20.0, 28.0));
    t.hedge("Hedge", &[(5.0, 20.0), (5.0, 30.0)]);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::Advance);
    let r = leader_region(&pv);
    assert!(r.contains(p(15.8, 24.0)), "5.8\" into the wood");
    assert!(r.contains(p(4.3, 24.0)), "5.7\" across the hedge");
    let pv = preview_to(&t, u, Action::Advance, p(15.5, 24.0));
    let d = pv.destination.as_ref().expect("checked");
    assert!(d.legal);
    assert!((d.path.as_ref().expect("path").length_in - 5.5).abs() < 1e-3);
}

#[test]
fn r3_orderly_followers_within_six_inches() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    let pv = preview_to(&t, u, Action::Advance, p(16.0, 24.0));
    let f = &pv.models[0];
    assert_eq!(f.mode, ModelMode::Placed);
    assert_eq!(f.allowance_in, 6.0);
    let a = region(f);
    // Within 6" of the leader's end, base edge to base edge: centres within 7".
    assert!(a.contains(p(16.0 + 6.8, 24.0)));
    assert!(!a.contains(p(16.0 + 7.3, 24.0)));
    assert!(a.contains(p(16.0, 24.0 - 6.8)));
    // Not around where the leader started.
    assert!(!a.contains(p(4.0, 24.0)));
}

#[test]
fn r3_orderly_followers_ignore_terrain_and_need_no_coherency() {
    let mut t = Table::new(48.0, 48.0);
    t.wood("Gallows Wood", (12.0, 20.0), (20.0, 28.0));
    t.hedge("Hedge", &[(0.0, 30.0), (30.0, 30.0)]);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::Advance);
    let a = region(&pv.models[0]);
    assert!(a.contains(p(15.0, 24.0)), "in the wood");
    assert!(a.contains(p(10.0, 30.5)), "across the hedge");
    // 6" from the leader and far from every other model: still fine.
    assert!(a.contains(p(10.0, 17.2)));
}

#[test]
fn r3_orderly_landing_avoids_impassable_ground_and_enemies() {
    let mut t = Table::new(48.0, 48.0);
    let pond = t.terrain("Pond", TerrainKind::Area, &[Flag::Impassable]);
    t.rect("Duck pond", pond, (12.0, 20.0), (14.0, 22.0));
    t.unit(t.red, "Ruffian", 6, &[(10.0, 18.0)]);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::Advance);
    let a = region(&pv.models[0]);
    assert!(!a.contains(p(13.0, 21.0)), "in the pond");
    assert!(!a.contains(p(10.0, 20.5)), "within 2\" of the enemy");
    assert!(a.contains(p(10.0, 28.0)));
}

#[test]
fn r3_models_further_than_six_inches_move_disorderly() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((18.0, 27.0)));
    let pv = preview_of(&t, u, Action::Advance);
    assert_eq!(pv.models[0].mode, ModelMode::Placed);
    let s = &pv.models[1];
    assert!(s.from_leader_in > 6.0);
    assert_eq!(s.mode, ModelMode::Disorderly);
    assert_eq!(s.allowance_in, 6.0);
    // Measured from its own start.
    assert!(region(s).contains(p(18.0, 21.5)));
    assert!(!region(s).contains(p(18.0, 20.5)));
}

#[test]
fn r3_single_model_units_are_orderly() {
    let mut t = Table::new(48.0, 48.0);
    t.wood("Gallows Wood", (12.0, 20.0), (20.0, 28.0));
    let u = t.unit(t.blue, "Inspector", 6, &[(10.0, 24.0)]);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    assert_eq!(pv.movement, Movement::Orderly);
    let l = pv.leader.as_ref().expect("leader");
    assert_eq!(l.allowance_in, 12.0);
    assert!(l.cap.is_none());
    // 11.5" straight through the wood: no cap.
    assert!(leader_region(&pv).contains(p(21.5, 24.0)));
    let pv = preview_to(&t, u, Action::AtTheDouble, p(21.5, 24.0));
    assert!(pv.destination.as_ref().is_some_and(|d| d.legal));
}

// ---------------------------------------------------------------- disorderly movement

#[test]
fn r3_disorderly_each_model_is_measured() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    assert_eq!(pv.movement, Movement::Disorderly);
    let f = &pv.models[0];
    assert_eq!(f.mode, ModelMode::Disorderly);
    assert_eq!(f.allowance_in, 12.0);
    // From its own start (10, 27), not the leader's.
    assert!(region(f).contains(p(10.0, 38.8)));
    assert!(!region(f).contains(p(10.0, 39.5)));
}

#[test]
fn r3_disorderly_must_end_within_two_inches_of_another_model() {
    let mut t = Table::new(48.0, 48.0);
    // The straggler at (24, 24): the follower's landing reaches x = 17 (centre), so the
    // straggler must end with its centre within 3" of that: x <= 20.
    let u = section(&mut t, Some((24.0, 24.0)));
    let pv = preview_of(&t, u, Action::Advance);
    let s = &pv.models[1];
    assert_eq!(s.mode, ModelMode::Disorderly);
    let a = region(s);
    assert!(a.contains(p(19.5, 24.0)));
    assert!(!a.contains(p(24.0, 29.5)), "in reach but alone");
    assert!(
        !a.contains(p(21.5, 24.0)),
        "in reach but 2.5\" beyond the follower's reach"
    );
}

#[test]
fn r3_out_of_command_stays_or_closes_on_its_leader() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((32.0, 24.0)));
    let pv = preview_of(&t, u, Action::Advance);
    let s = &pv.models[1];
    assert_eq!(s.mode, ModelMode::OutOfCommand);
    assert_eq!(pv.out_of_command().count(), 1);
    let why = s.out_of_command.as_ref().expect("a reason");
    match &why.reason {
        OutOfCommand::NoModelInReach {
            toward_leader_in, ..
        } => assert_eq!(*toward_leader_in, 12.0),
    }
    assert!(why.text.starts_with("out of command"), "{}", why.text);
    let a = region(s);
    assert_eq!(s.allowance_in, 12.0);
    assert!(a.contains(p(31.9, 24.0)), "it may stay");
    assert!(a.contains(p(20.5, 24.0)), "up to 2 x Mv toward the leader");
    assert!(!a.contains(p(19.5, 24.0)), "no further than 2 x Mv");
}

#[test]
fn r3_out_of_command_never_ends_further_from_its_leader() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((32.0, 24.0)));
    let pv = preview_of(&t, u, Action::Advance);
    let a = region(&pv.models[1]);
    assert!(!a.contains(p(34.0, 24.0)), "straight away from him");
    // Sideways, at the same distance from the leader (10, 24) or nearer.
    let start = 22.0f32;
    for k in 0..40 {
        let q = p(32.0, 24.0) + Point::new((k as f32).cos(), (k as f32).sin()) * 5.0;
        if a.contains(q) {
            assert!(q.distance(p(10.0, 24.0)) <= start + 0.2, "{q}");
        }
    }
}

#[test]
fn r3_disorderly_cap_at_base_mv_when_crossing_a_hedge() {
    let mut t = Table::new(48.0, 48.0);
    let hedge = t.hedge("Lane hedge", &[(0.0, 20.0), (40.0, 20.0)]);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    let f = &pv.models[0]; // from (10, 27)
    let cap = f.cap.as_ref().expect("a cap");
    assert_eq!((cap.allowance_in, cap.cap_in), (12.0, 6.0));
    let a = region(f);
    assert!(a.contains(p(10.0, 38.0)), "11\" in the open");
    assert!(a.contains(p(10.0, 21.5)), "5.5\" short of the hedge");
    assert!(!a.contains(p(10.0, 19.0)), "across the hedge beyond 6\"");
    // The leader at (10, 24) crosses within 6", but not beyond.
    let l = leader_region(&pv);
    assert!(l.contains(p(10.0, 18.5)));
    assert!(!l.contains(p(10.0, 16.0)));
    let pv = preview_to(&t, u, Action::AtTheDouble, p(10.0, 16.0));
    let d = pv.destination.as_ref().expect("checked");
    assert!(!d.legal);
    assert_eq!(
        reason(&pv),
        &Illegal::TerrainCap {
            piece: PieceRef {
                id: hedge,
                name: "Lane hedge".into()
            },
            crossing: Crossing::Crosses,
            length_in: 8.0,
            cap_in: 6.0
        }
    );
    assert_eq!(
        d.reason.as_ref().expect("reason").text,
        "crosses Lane hedge: disorderly moves through terrain are capped at 6\" (this move is 8\")"
    );
}

#[test]
fn r3_disorderly_cap_when_starting_in_area_terrain() {
    let mut t = Table::new(48.0, 48.0);
    let wood = t.wood("Gallows Wood", (8.0, 22.0), (12.0, 26.0));
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    let l = pv.leader.as_ref().expect("leader");
    let cap = l.cap.as_ref().expect("cap");
    assert_eq!(cap.starts_in.as_ref().map(|p| p.id), Some(wood));
    // Only the capped region: 6" whatever the direction, even in the open.
    assert!(leader_region(&pv).contains(p(10.0, 18.5)));
    assert!(!leader_region(&pv).contains(p(10.0, 17.0)));
    let pv = preview_to(&t, u, Action::AtTheDouble, p(10.0, 16.0));
    assert!(matches!(
        reason(&pv),
        Illegal::TerrainCap {
            crossing: Crossing::StartsIn,
            ..
        }
    ));
}

#[test]
fn r3_disorderly_cap_when_ending_in_area_terrain() {
    let mut t = Table::new(48.0, 48.0);
    let wood = t.wood("Keeper's Copse", (0.0, 30.0), (48.0, 48.0));
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    let l = leader_region(&pv); // from (10, 24)
    assert!(l.contains(p(10.0, 29.5)), "5.5\" in the open");
    assert!(l.contains(p(10.0, 29.9)));
    assert!(!l.contains(p(10.0, 31.0)), "7\" and in the wood");
    assert!(l.contains(p(20.0, 28.8)), "11\" staying out of the wood");
    let pv = preview_to(&t, u, Action::AtTheDouble, p(10.0, 31.0));
    match reason(&pv) {
        Illegal::TerrainCap {
            piece, crossing, ..
        } => {
            assert_eq!(piece.id, wood);
            assert_eq!(*crossing, Crossing::EndsIn);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r3_bare_hill_exception() {
    let mut t = Table::new(48.0, 48.0);
    let knoll = t.terrain("Bare hill", TerrainKind::Area, &[Flag::BareHill]);
    let hill = t.rect("Beacon Knoll", knoll, (6.0, 20.0), (14.0, 28.0));
    let wood = t.wood("Copse", (30.0, 0.0), (48.0, 48.0));
    let _ = wood;
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    let l = pv.leader.as_ref().expect("leader");
    let cap = l.cap.as_ref().expect("cap");
    assert_eq!(cap.bare_hill.as_ref().map(|h| h.id), Some(hill));
    assert!(cap.starts_in.is_none());
    // 11" off the hill into the open: not capped.
    let r = leader_region(&pv);
    assert!(r.contains(p(21.0, 24.0)));
    let pv = preview_to(&t, u, Action::AtTheDouble, p(21.0, 24.0));
    assert!(pv.destination.as_ref().is_some_and(|d| d.legal));
}

#[test]
fn r3_bare_hill_exception_does_not_cover_crossing_other_terrain() {
    let mut t = Table::new(48.0, 48.0);
    let knoll = t.terrain("Bare hill", TerrainKind::Area, &[Flag::BareHill]);
    t.rect("Beacon Knoll", knoll, (6.0, 20.0), (14.0, 28.0));
    let hedge = t.hedge("Orchard hedge", &[(17.0, 0.0), (17.0, 48.0)]);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    let r = leader_region(&pv);
    assert!(!r.contains(p(19.0, 24.0)), "9\" and across the hedge");
    assert!(r.contains(p(15.5, 24.0)));
    let pv = preview_to(&t, u, Action::AtTheDouble, p(19.0, 24.0));
    match reason(&pv) {
        Illegal::TerrainCap {
            piece, crossing, ..
        } => {
            assert_eq!(piece.id, hedge);
            assert_eq!(*crossing, Crossing::Crosses);
        }
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------- actions

#[test]
fn r3_action_names_parse() {
    assert_eq!(Action::parse("open-fire"), Some(Action::OpenFire));
    assert_eq!(Action::parse("Open Fire!"), Some(Action::OpenFire));
    assert_eq!(Action::parse("AT_THE_DOUBLE"), Some(Action::AtTheDouble));
    assert_eq!(Action::parse("go to ground"), Some(Action::GoToGround));
    assert_eq!(Action::parse("fallback"), Some(Action::FallBack));
    assert_eq!(Action::parse("charge"), None);
    for a in Action::ALL {
        assert_eq!(Action::parse(a.key()), Some(a));
        assert_eq!(Action::parse(a.name()), Some(a));
    }
}

#[test]
fn r3_open_fire_leader_moves_the_rest_stay() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((18.0, 27.0)));
    let pv = preview_of(&t, u, Action::OpenFire);
    assert_eq!(pv.movement, Movement::LeaderOnly);
    assert!(leader_region(&pv).contains(p(15.5, 24.0)));
    assert!(pv.models.iter().all(|m| m.mode == ModelMode::Stays));
    assert_eq!(pv.effects.fire.rate, Rate::Full);
    assert!(pv.effects.fire.point_fire);
}

#[test]
fn r3_open_fire_targets_must_be_visible_to_the_leader() {
    let mut t = Table::new(48.0, 48.0);
    let wood = t.wood("Gallows Wood", (14.0, 16.0), (18.0, 26.0));
    let u = section(&mut t, None);
    let hidden = t.unit(t.red, "Behind the wood", 6, &[(24.0, 24.0), (25.5, 24.0)]);
    let seen = t.unit(t.red, "In the open", 6, &[(12.0, 8.0)]);
    let pv = preview_of(&t, u, Action::OpenFire);
    let targets = pv.targets.as_ref().expect("targets");
    assert_eq!(
        targets.visible.iter().map(|x| x.unit).collect::<Vec<_>>(),
        vec![seen]
    );
    assert_eq!(targets.hidden.len(), 1);
    assert_eq!(targets.hidden[0].unit, hidden);
    assert_eq!(
        targets.hidden[0].block.reason,
        SightBlock::Through {
            piece: wood,
            name: "Gallows Wood".into()
        }
    );
    // Stepping round the wood, the leader sees both.
    let pv = preview_to(&t, u, Action::OpenFire, p(10.0, 29.9));
    let targets = pv.targets.as_ref().expect("targets");
    assert_eq!(targets.from, p(10.0, 29.9));
    let mut seen_now: Vec<UnitId> = targets.visible.iter().map(|x| x.unit).collect();
    seen_now.sort();
    assert_eq!(seen_now, vec![hidden, seen]);
}

#[test]
fn r3_advance_half_rof_pistols_full() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    t.unit_mut(u).special.push(SpecialRule::Pistols);
    let pv = preview_of(&t, u, Action::Advance);
    let f = &pv.effects.fire;
    assert_eq!(f.rate, Rate::Half);
    assert_eq!(f.rof, 1.0);
    assert_eq!(f.pistols, Some(Rate::Full));
    assert_eq!(f.timing, FireTiming::BeforeOrAfterMoving);
    assert_eq!(
        pv.effects.lines[0],
        "fires at 1/2 RoF (RoF 2 → 1), before or after moving"
    );
}

#[test]
fn r3_rally_leader_stays_and_places_within_twelve_inches() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((20.0, 24.0)));
    let pv = preview_of(&t, u, Action::Rally);
    let l = pv.leader.as_ref().expect("leader");
    assert!(!l.moves);
    assert!(l.region.is_none());
    for m in &pv.models {
        assert_eq!(m.mode, ModelMode::Placed);
        assert_eq!(m.allowance_in, 12.0);
        assert!(region(m).contains(p(10.0, 24.0 + 12.8)));
        assert!(!region(m).contains(p(10.0, 24.0 + 13.3)));
    }
    assert_eq!(pv.effects.fire.rate, Rate::Half);
    let pv = preview_to(&t, u, Action::Rally, p(12.0, 24.0));
    assert_eq!(
        reason(&pv),
        &Illegal::LeaderStays {
            action: Action::Rally
        }
    );
}

#[test]
fn r3_rally_models_beyond_twelve_inches_move_disorderly() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, Some((26.0, 24.0)));
    let pv = preview_of(&t, u, Action::Rally);
    assert_eq!(pv.models[0].mode, ModelMode::Placed);
    assert_eq!(pv.models[1].mode, ModelMode::Disorderly);
}

#[test]
fn r3_at_the_double_no_shooting_but_pistols_at_half() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    assert_eq!(pv.effects.fire.rate, Rate::None);
    assert_eq!(pv.effects.fire.pistols, None);
    assert_eq!(pv.effects.lines, vec!["no shooting".to_string()]);
    t.unit_mut(u).special.push(SpecialRule::Pistols);
    let pv = preview_of(&t, u, Action::AtTheDouble);
    assert_eq!(pv.effects.fire.pistols, Some(Rate::Half));
    assert_eq!(
        pv.effects.lines,
        vec![
            "no shooting, except pistols".to_string(),
            "pistols at 1/2 RoF (RoF 2 → 1)".to_string()
        ]
    );
}

#[test]
fn r3_go_to_ground_no_move_no_shooting_plus_one_ev_this_turn() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    let pv = preview_to(&t, u, Action::GoToGround, p(12.0, 24.0));
    assert_eq!(pv.movement, Movement::None);
    assert!(pv.models.iter().all(|m| m.mode == ModelMode::Stays));
    assert!(!pv.leader.as_ref().expect("leader").moves);
    assert_eq!(pv.effects.fire.rate, Rate::None);
    assert_eq!(pv.effects.ev, 1);
    assert!(pv.effects.this_turn_only);
    assert_eq!(
        reason(&pv),
        &Illegal::NoMove {
            action: Action::GoToGround
        }
    );
}

#[test]
fn r3_failed_ld_check_allows_only_fall_back() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    t.unit_mut(u).state.failed_ld_check = true;
    for a in Action::ALL {
        let r = preview(&t.s, OrderRequest::new(u, a));
        if a == Action::FallBack {
            assert!(r.is_ok());
        } else {
            assert_eq!(
                r.err(),
                Some(OrdersError::Refused {
                    name: "Section".into(),
                    action: a,
                    reason: Refusal::FailedLdCheck
                })
            );
        }
    }
    let unit = t.s.unit(u).expect("unit");
    assert_eq!(default_action(unit), Action::FallBack);
    let allowed: Vec<Action> = choices(unit)
        .into_iter()
        .filter(|c| c.allowed)
        .map(|c| c.action)
        .collect();
    assert_eq!(allowed, vec![Action::FallBack]);
}

/// R3 with R4: a routing unit may not act as other units until it rallies (001: "A routing
/// unit that passes its rally test will halt ... and may now act as would any other unit"; it
/// may instead "voluntarily continue to rout"), so it takes no order, Fall Back! included,
/// even after a failed Ld check. The 44th Foot of the Rearguard, routing.
#[test]
fn r3_r4_a_routing_unit_takes_no_order_until_it_rallies() {
    let mut s = crate::samples::named("rearguard");
    let foot = s
        .units
        .iter()
        .position(|u| u.name == "44th Foot")
        .expect("the 44th");
    let u = s.units[foot].id;
    // Unsteady, as the sample has it: every order is open.
    assert_eq!(s.units[foot].state.morale, Morale::Unsteady);
    assert!(choices(&s.units[foot]).iter().all(|c| c.allowed));
    for failed_ld_check in [false, true] {
        s.units[foot].state.morale = Morale::Routing;
        s.units[foot].state.failed_ld_check = failed_ld_check;
        let unit = &s.units[foot];
        assert!(choices(unit).iter().all(|c| !c.allowed));
        for a in Action::ALL {
            assert_eq!(
                preview(&s, OrderRequest::new(u, a)).err(),
                Some(OrdersError::Refused {
                    name: "44th Foot".into(),
                    action: a,
                    reason: Refusal::Routing
                })
            );
        }
    }
    // Rallied (unsteady again), it takes orders.
    s.units[foot].state.morale = Morale::Unsteady;
    s.units[foot].state.failed_ld_check = false;
    assert!(preview(&s, OrderRequest::new(u, Action::Advance)).is_ok());
    assert!(Refusal::Routing.to_string().contains("until it rallies"));
}

#[test]
fn r3_unit_without_a_leader_may_only_go_to_ground_or_fall_back() {
    let mut t = Table::new(48.0, 48.0);
    let u = section(&mut t, None);
    t.unit_mut(u).leader_model = None;
    assert!(preview(&t.s, OrderRequest::new(u, Action::GoToGround)).is_ok());
    assert!(matches!(
        preview(&t.s, OrderRequest::new(u, Action::Advance)),
        Err(OrdersError::Refused {
            reason: Refusal::NoLeader,
            ..
        })
    ));
}

// ---------------------------------------------------------------- Fall Back!

/// Our unit of 8 reduced to `left`, at (24, 30) and around, with Aw `aw`; an enemy at
/// (24, 18) in the open.
fn falling_back(t: &mut Table, left: u16, aw: u8) -> UnitId {
    let u = t.unit(
        t.blue,
        "Sloggers",
        6,
        &[(24.0, 30.0), (25.5, 30.0), (24.0, 31.5), (25.5, 31.5)],
    );
    let unit = t.unit_mut(u);
    unit.strength = Strength {
        start: 8,
        current: left,
    };
    unit.models.truncate(usize::from(left));
    unit.state.failed_ld_check = true;
    unit.stats.aw = aw;
    t.unit(t.red, "Constables", 6, &[(24.0, 18.0)]);
    u
}

fn fall_back_of(pv: &OrdersPreview) -> &FallBackPreview {
    pv.fall_back.as_ref().expect("fall back")
}

#[test]
fn r3_fall_back_at_least_half_fires_at_half_rof_or_moves_half_mv_toward_or_away() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 4, 18);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::FireOrMove);
    assert_eq!(pv.effects.fire.rate, Rate::Half);
    assert_eq!(pv.effects.fire.timing, FireTiming::InsteadOfMoving);
    assert!(fb.nearest_enemy.is_some());
    let l = pv.leader.as_ref().expect("leader");
    assert_eq!(l.allowance_in, 3.0);
    let toward = l.region.as_ref().expect("toward");
    let away = l.away.as_ref().expect("away");
    assert!(toward.contains(p(24.0, 27.5)) && !away.contains(p(24.0, 27.5)));
    assert!(away.contains(p(24.0, 32.5)) && !toward.contains(p(24.0, 32.5)));
    assert!(!toward.contains(p(24.0, 26.5)), "beyond 1/2 Mv");
    let pv = preview_to(&t, u, Action::FallBack, p(24.0, 32.5));
    let d = pv.destination.as_ref().expect("checked");
    assert!(d.legal);
    assert_eq!(d.direction, Some(Direction::Away));
}

#[test]
fn r3_fall_back_one_handed_weapons_full_rof_if_not_moving() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 18);
    let unit = t.unit_mut(u);
    unit.strength.start = 6;
    unit.special.push(SpecialRule::OneHandedWeapons);
    let pv = preview_of(&t, u, Action::FallBack);
    assert_eq!(fall_back_of(&pv).branch, FallBackBranch::FireOrMove);
    assert_eq!(pv.effects.fire.one_handed, Some(Rate::Full));
    assert!(
        pv.effects
            .lines
            .iter()
            .any(|l| l == "one-handed weapons at full RoF (RoF 2 → 2) if the unit does not move"),
        "{:?}",
        pv.effects.lines
    );
}

#[test]
fn r3_fall_back_under_half_may_not_fire() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 18);
    let pv = preview_of(&t, u, Action::FallBack);
    assert_eq!(pv.effects.fire.rate, Rate::None);
    assert_eq!(pv.effects.fire.one_handed, None);
}

#[test]
fn r3_fall_back_under_half_concealed_stays_with_plus_one_ev_and_to() {
    let mut t = Table::new(48.0, 48.0);
    // A wood between the unit and the enemy.
    t.wood("Screen", (18.0, 21.0), (30.0, 26.0));
    let u = falling_back(&mut t, 3, 18);
    let pv = preview_to(&t, u, Action::FallBack, p(24.0, 34.0));
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::Hides);
    assert!(
        fb.concealment
            .as_ref()
            .is_some_and(|c| c.concealed_from_all)
    );
    assert_eq!((pv.effects.ev, pv.effects.to), (1, 1));
    assert!(!pv.effects.may_snap_fire);
    assert!(pv.models.iter().all(|m| m.mode == ModelMode::Stays));
    assert_eq!(reason(&pv), &Illegal::Hides);
}

#[test]
fn r3_fall_back_under_half_moves_to_concealment() {
    let mut t = Table::new(48.0, 48.0);
    let wood = t.wood("Keeper's Copse", (29.0, 28.0), (37.0, 36.0));
    let u = falling_back(&mut t, 3, 40);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::MustMove);
    assert_eq!(fb.heading, Some(Heading::Concealment));
    let dest = fb.destination.expect("a destination");
    assert!(
        crate::geom::point_in_polygon(dest, t.s.piece(wood).expect("wood").shape.points()),
        "{dest}"
    );
    let l = pv.leader.as_ref().expect("leader");
    assert_eq!(l.allowance_in, 12.0);
    let a = l.region.as_ref().expect("concealed landing");
    assert!(a.contains(p(31.0, 30.0)));
    assert!(!a.contains(p(27.0, 30.0)), "in the open");
    assert!(!fb.snap_fire, "5.5\" to the wood");
    assert!(!pv.effects.may_be_snap_fired);
    // Every model has a way into the wood.
    assert!(pv.models.iter().all(|m| m.region.is_some()));
}

#[test]
fn r3_fall_back_concealed_position_no_closer_to_the_enemy_than_to_its_own_unit() {
    let mut t = Table::new(48.0, 48.0);
    // A copse near the enemy at (24, 18) is within reach but closer to him than to the unit.
    let near_enemy = t.wood("Enemy's copse", (17.0, 20.0), (21.0, 24.0));
    t.wood("Our copse", (33.0, 32.0), (40.0, 38.0));
    let u = falling_back(&mut t, 3, 40);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    let dest = fb.destination.expect("a destination");
    let copse =
        t.s.piece(near_enemy)
            .expect("copse")
            .shape
            .points()
            .to_vec();
    assert!(!crate::geom::point_in_polygon(dest, &copse), "{dest}");
    let enemy = dest.distance(p(24.0, 18.0));
    let own = [p(24.0, 30.0), p(25.5, 30.0), p(24.0, 31.5)]
        .iter()
        .map(|q| q.distance(dest))
        .fold(f32::INFINITY, f32::min);
    assert!(enemy >= own, "{dest}: enemy {enemy}, own {own}");
    // Inside the copse, 8.7" from the leader: concealed but nearer the enemy.
    let landing = pv
        .leader
        .as_ref()
        .and_then(|l| l.region.as_ref())
        .expect("landing");
    assert!(!landing.contains(p(19.5, 22.5)));
}

#[test]
fn r3_fall_back_position_beyond_every_enemy_aw_counts_as_concealed() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 14);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::MustMove);
    assert_eq!(fb.heading, Some(Heading::Concealment));
    // 14" from the enemy's base edge: centres 15" apart, 3" back from (24, 30).
    let dest = fb.destination.expect("a destination");
    assert!(dest.distance(p(24.0, 18.0)) >= 15.0 - 0.01, "{dest}");
    assert!(dest.distance(p(24.0, 30.0)) < 3.6, "{dest}");
}

#[test]
fn r3_fall_back_past_one_mv_may_be_snap_fired() {
    let mut t = Table::new(48.0, 48.0);
    t.wood("Keeper's Copse", (33.0, 28.0), (40.0, 36.0));
    let u = falling_back(&mut t, 3, 40);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.heading, Some(Heading::Concealment));
    assert!(fb.path.as_ref().is_some_and(|p| p.length_in > 6.0));
    assert!(fb.snap_fire);
    assert!(pv.effects.may_be_snap_fired);
}

#[test]
fn r3_fall_back_without_concealment_heads_for_its_table_edge() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 60);
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.heading, Some(Heading::TableEdge(Edge::South)));
    assert!(fb.removed.is_none(), "18\" from the edge");
    let l = pv.leader.as_ref().expect("leader");
    let path = l.path.as_ref().expect("path");
    assert!((path.length_in - 12.0).abs() < 0.05);
    let end = path.points.last().copied().expect("an end");
    assert!((end.y - 42.0).abs() < 0.1, "{end}");
    assert!(fb.snap_fire);
}

#[test]
fn r3_fall_back_never_ends_in_dangerous_terrain() {
    let mut t = Table::new(48.0, 48.0);
    let marsh = t.terrain(
        "Marsh",
        TerrainKind::Area,
        &[Flag::Difficult, Flag::Dangerous],
    );
    t.rect("Mill Marsh", marsh, (0.0, 40.0), (48.0, 44.0));
    let u = falling_back(&mut t, 3, 60);
    let pv = preview_of(&t, u, Action::FallBack);
    for m in pv.models.iter() {
        let end = m.end.expect("an end");
        assert!(end.y < 40.0 && end.y > 38.5, "stops short: {end}");
    }
    // A narrow marsh is crossed completely.
    let mut t = Table::new(48.0, 48.0);
    let marsh = t.terrain("Marsh", TerrainKind::Area, &[Flag::Dangerous]);
    t.rect("Ditch", marsh, (0.0, 34.0), (48.0, 36.0));
    let u = falling_back(&mut t, 3, 60);
    let pv = preview_of(&t, u, Action::FallBack);
    let end = pv.models[0].end.expect("an end");
    assert!(end.y > 40.0, "crossed the ditch: {end}");
}

#[test]
fn r3_fall_back_reaching_the_table_edge_removes_the_unit() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 60);
    for m in &mut t.unit_mut(u).models {
        m.pos.y += 10.0;
    }
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    let removed = fb.removed.as_ref().expect("removed");
    assert!(!removed.counted_destroyed, "3 of 8 is more than 25%");
    // At exactly 25% it counts as destroyed.
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 2, 60);
    for m in &mut t.unit_mut(u).models {
        m.pos.y += 10.0;
    }
    let pv = preview_of(&t, u, Action::FallBack);
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::MustMove);
    assert!(fb.removed.as_ref().is_some_and(|r| r.counted_destroyed));
}

#[test]
fn r3_fall_back_under_a_quarter_is_destroyed_at_once() {
    let mut t = Table::new(48.0, 48.0);
    let u = falling_back(&mut t, 3, 18);
    t.unit_mut(u).strength.start = 13;
    let pv = preview_to(&t, u, Action::FallBack, p(24.0, 34.0));
    let fb = fall_back_of(&pv);
    assert_eq!(fb.branch, FallBackBranch::Destroyed);
    assert!(fb.removed.as_ref().is_some_and(|r| r.counted_destroyed));
    assert_eq!(reason(&pv), &Illegal::Destroyed);
}
