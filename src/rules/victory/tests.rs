//! Victory on the samples: Winceby's village (held by the last side to occupy it) and bridge
//! on the hex map, the patrol's barn, hill and wall on the table.

use super::*;
use crate::geom::Point;
use crate::model::Position;

fn sample(name: &str) -> Scenario {
    let mut s = crate::samples::named(name);
    if s.rules.victory.is_none() {
        s.rules.victory = Some(Victory::default());
    }
    s
}

fn objective<'a>(s: &'a Scenario, name: &str) -> &'a Objective {
    s.objectives.iter().find(|o| o.name == name).expect(name)
}

fn unit_id(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect(name).id
}

/// Sets a hex unit down on `place`'s hex.
fn set_on(s: &mut Scenario, unit: &str, place: Place) {
    let id = unit_id(s, unit);
    let Place::Hex(hex) = place else {
        panic!("a hex objective")
    };
    s.unit_mut(id).expect(unit).position = Position::Hex { hex, facing: 0 };
}

fn total(score: &[SideScore], side: SideId) -> u32 {
    score.iter().find(|x| x.side == side).expect("side").total
}

#[test]
fn victory_an_objective_is_held_by_the_one_side_whose_combat_unit_stands_on_its_hex() {
    let mut s = sample("winceby");
    let village = objective(&s, "Winceby village").clone();
    assert_eq!(
        occupier(&s, &village),
        None,
        "nobody stands there at the start"
    );
    set_on(&mut s, "Savile's Regiment of Horse", village.place);
    let royalists = s
        .find_unit("Savile's Regiment of Horse")
        .expect("unit")
        .side;
    assert_eq!(occupier(&s, &village), Some(royalists));
    // A unit of the other side there too: contested, nobody holds it.
    set_on(&mut s, "Manchester's Regiment of Horse", village.place);
    assert_eq!(occupier(&s, &village), None, "contested");
}

#[test]
fn victory_leaders_and_routing_units_hold_nothing() {
    let mut s = sample("winceby");
    let bridge = objective(&s, "Stream bridge").clone();
    set_on(&mut s, "Sir William Savile", bridge.place);
    assert_eq!(occupier(&s, &bridge), None, "a leader alone");
    set_on(&mut s, "Northern Horse", bridge.place);
    let id = unit_id(&s, "Northern Horse");
    s.unit_mut(id).expect("unit").state.morale = Morale::Routing;
    assert_eq!(occupier(&s, &bridge), None, "a routing unit");
    s.unit_mut(id).expect("unit").state.morale = Morale::Unsteady;
    assert!(occupier(&s, &bridge).is_some(), "an unsteady unit holds");
}

#[test]
fn victory_on_a_table_a_model_within_the_holding_distance_holds_base_edge_to_the_marker() {
    let mut s = sample("patrol");
    let barn = objective(&s, "Collective farm barn").clone();
    let Place::Table(at) = barn.place else {
        panic!("a table objective")
    };
    let scouts = unit_id(&s, "Orlov's Scouts");
    let soviets = s.unit(scouts).expect("scouts").side;
    // The default 3" (the sample itself says 6", "seen at close range").
    s.rules.victory = Some(Victory::default());
    // The German MG team's base edge is 4.5" from the barn: beyond 3".
    assert_eq!(occupier(&s, &barn), None);
    let radius = s.unit(scouts).expect("scouts").models[0]
        .footprint()
        .bounding_radius();
    let put = |s: &mut Scenario, d: f32| {
        let u = s.unit_mut(scouts).expect("scouts");
        let first = u.models[0].pos;
        for m in &mut u.models {
            m.pos = Point::new(at.x + (m.pos.x - first.x), at.y + 8.0 + (m.pos.y - first.y));
        }
        u.models[0].pos = Point::new(at.x, at.y + d + radius);
    };
    put(&mut s, 2.9);
    assert_eq!(occupier(&s, &barn), Some(soviets), "2.9\" from the edge");
    put(&mut s, 3.2);
    assert_eq!(occupier(&s, &barn), None, "3.2\" from the edge");
    s.rules.victory.as_mut().expect("victory").hold_within_in = 4.0;
    assert_eq!(occupier(&s, &barn), Some(soviets), "within a 4\" distance");
}

#[test]
fn victory_last_occupied_stays_with_the_last_side_alone_on_it_until_the_other_side_takes_it() {
    let mut s = sample("winceby");
    let village = objective(&s, "Winceby village").clone();
    let royalists = s
        .find_unit("Savile's Regiment of Horse")
        .expect("unit")
        .side;
    let parliament = s
        .find_unit("Manchester's Regiment of Horse")
        .expect("unit")
        .side;
    let start = s.unit(unit_id(&s, "Savile's Regiment of Horse")).cloned();
    set_on(&mut s, "Savile's Regiment of Horse", village.place);
    let held = holders_after(&s, &[]);
    assert!(held.contains(&Held {
        objective: village.id,
        side: royalists
    }));
    // Savile's Horse rides off: the Royalists still hold the village.
    if let (Some(u), Some(back)) = (s.unit_mut(unit_id(&s, "Savile's Regiment of Horse")), start) {
        *u = back;
    }
    let held = holders_after(&s, &held);
    assert!(held.contains(&Held {
        objective: village.id,
        side: royalists
    }));
    // Parliament's horse rides in: theirs now.
    set_on(&mut s, "Manchester's Regiment of Horse", village.place);
    let held = holders_after(&s, &held);
    assert!(held.contains(&Held {
        objective: village.id,
        side: parliament
    }));
}

#[test]
fn victory_a_side_scores_its_own_points_for_an_objective_and_points_for_enemy_losses() {
    let mut s = sample("winceby");
    let village = objective(&s, "Winceby village").id;
    let royalists = s
        .find_unit("Savile's Regiment of Horse")
        .expect("unit")
        .side;
    let parliament = s
        .find_unit("Manchester's Regiment of Horse")
        .expect("unit")
        .side;
    // The village worth 3 to the Royalists (its value) and 5 to Parliament.
    for o in &mut s.objectives {
        o.held = Holding::Occupied;
        if o.id == village {
            o.value = 3;
            o.side_points = vec![crate::model::SidePoints {
                side: parliament,
                points: 5,
            }];
        }
    }
    s.rules.victory = Some(Victory {
        per_unit_lost: 2,
        per_strength_lost: 1,
        ..Victory::default()
    });
    let place = objective(&s, "Winceby village").place;
    set_on(&mut s, "Manchester's Regiment of Horse", place);
    // Northern Horse (4 strength) routs, Savile's Horse (4) is removed.
    for (name, morale) in [
        ("Northern Horse", Morale::Routing),
        ("Savile's Regiment of Horse", Morale::Removed),
    ] {
        let id = unit_id(&s, name);
        s.unit_mut(id).expect(name).state.morale = morale;
    }
    let score = score(&s).expect("a score");
    // Parliament: the village 5, two units 2 + 4 each.
    assert_eq!(total(&score, parliament), 5 + 2 * (2 + 4));
    assert_eq!(total(&score, royalists), 0);
    let p = score.iter().find(|x| x.side == parliament).expect("side");
    assert_eq!(
        line_words(&s, p),
        vec![
            "Winceby village 5".to_string(),
            "1 enemy unit routing 6".to_string(),
            "1 enemy unit removed 6".to_string()
        ]
    );
    assert_eq!(
        result_words(&s, &score),
        format!(
            "victory to {} by 17 points (17 to 0)",
            s.side(parliament).expect("side").name
        )
    );
}

#[test]
fn victory_equal_points_are_a_draw_and_a_scenario_without_conditions_keeps_no_score() {
    let mut s = sample("winceby");
    s.rules.victory = Some(Victory::default());
    for o in &mut s.objectives {
        o.held = Holding::Occupied;
    }
    let score = score(&s).expect("a score");
    assert_eq!(decision(&score), Decision::Draw);
    assert_eq!(result_words(&s, &score), "a draw: 0 points each");
    s.rules.victory = None;
    assert_eq!(super::score(&s), None);
    assert!(remembered(&s, &[]).is_empty(), "no holders remembered");
}
