//! The Winceby sample previewed as a player of the Battle of Winceby would expect (R5).
//!
//! Written against the sample's content by kind, side and rule rather than by exact hexes, so
//! that the sample's designer may move units without rewriting these tests.

use hexx::Hex;
use sandtable::model::*;
use sandtable::rules::hex_commands::*;

fn winceby() -> Scenario {
    let sample = samples::by_name("winceby").expect("the winceby sample exists");
    (sample.build)()
}

fn rules(s: &Scenario) -> HexRules {
    HexRules::new(s).expect("Winceby is played on a hex map")
}

fn on_map_combat_units(s: &Scenario) -> Vec<&Unit> {
    s.units
        .iter()
        .filter(|u| u.is_combat_unit() && u.in_play() && u.hex().is_some())
        .collect()
}

fn leaders(s: &Scenario) -> Vec<&Unit> {
    s.units.iter().filter(|u| u.is_leader()).collect()
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_is_a_hex_scenario_with_leaders_cavalry_and_dragoons() {
    let s = winceby();
    assert_eq!(s.rules.ruleset, Ruleset::HexCommands);
    assert!(s.map.is_hex());
    assert!(leaders(&s).len() >= 2, "each side has leaders");
    assert!(s.units.iter().any(|u| u.kind == UnitKind::Cavalry));
    assert!(s.units.iter().any(|u| u.kind == UnitKind::Dragoons));
    assert!(
        s.map
            .as_hex()
            .is_some_and(|m| m.hexsides.iter().any(|h| h.features.river)),
        "the Winceby map has a river"
    );
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_every_unit_previews_within_its_allowance() {
    let s = winceby();
    let before = s.clone();
    let mut r = rules(&s);
    for u in on_map_combat_units(&s) {
        let p = r
            .preview(u.id, None)
            .expect("every unit on the map previews");
        assert_eq!(p.hexes.first().map(|h| h.hex), u.hex().map(|(h, _)| h));
        for v in &p.hexes {
            assert!(v.cost <= p.allowance, "{}: {:?}", u.name, v);
        }
        for v in p.legal() {
            let path = p.path(v.hex).expect("a legal hex has a path");
            let sum: u16 = path
                .windows(2)
                .map(|w| r.board().step_cost(w[0], w[1]).expect("a passable step"))
                .sum();
            assert_eq!(sum, v.cost, "{}", u.name);
        }
    }
    assert_eq!(s, before, "previews never change the scenario");
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_units_use_the_chit_of_the_leader_they_trace_to() {
    let s = winceby();
    let mut r = rules(&s);
    let mut in_command = 0;
    for u in on_map_combat_units(&s) {
        let p = r.preview(u.id, None).expect("preview");
        match p.command.tracing.leader() {
            Some(l) => {
                in_command += 1;
                let leader = s.unit(l.leader.id).expect("leader");
                assert_eq!(
                    p.command.chit,
                    leader.leadership.map(|x| x.command),
                    "{} uses {}'s chit",
                    u.name,
                    leader.name
                );
                assert!(l.reaches);
                // The first leader of its chain that reaches it.
                assert!(
                    p.command
                        .tracing
                        .chain
                        .iter()
                        .take_while(|c| c.leader.id != l.leader.id)
                        .all(|c| !c.reaches)
                );
            }
            None => {
                assert_eq!(
                    p.legal().count(),
                    1,
                    "{} is out of command: it stays",
                    u.name
                );
                assert!(p.notices.contains(&Notice::OutOfCommand));
            }
        }
    }
    assert!(in_command > 0, "at the start most units are in command");
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_spans_reach_the_units_in_command() {
    let s = winceby();
    let r = rules(&s);
    for l in leaders(&s) {
        let span = r.span(l.id).expect("a leader's span");
        if let Some((hex, _)) = l.hex() {
            assert!(span.hexes.contains(&hex));
            for u in span.in_command() {
                assert!(
                    u.in_span,
                    "{} uses {}'s chit from outside his span",
                    u.unit, l.name
                );
                let uh: Hex = s
                    .unit(u.unit.id)
                    .and_then(Unit::hex)
                    .map(|(h, _)| h)
                    .expect("on map");
                assert!(span.hexes.contains(&uh));
            }
        }
    }
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_cavalry_charges_with_two_more_mp_and_foot_attacks() {
    let s = winceby();
    let mut r = rules(&s);
    let horse = on_map_combat_units(&s)
        .into_iter()
        .find(|u| u.kind == UnitKind::Cavalry && !u.state.arrived_this_turn)
        .expect("cavalry on the map");
    let p = r
        .preview(horse.id, Some(Command::Charge1))
        .expect("preview");
    if p.notices
        .iter()
        .all(|n| !matches!(n, Notice::CommandUnavailable { .. }))
    {
        assert_eq!(p.allowance, u16::from(horse.stats.mp) + 2);
        assert!(p.effects.contains(&Effect::Melee(2)));
        assert!(p.effects.contains(&Effect::DoubleMeleeStrength));
    }
    if let Some(foot) = on_map_combat_units(&s)
        .into_iter()
        .find(|u| u.kind == UnitKind::Infantry)
    {
        let p = r.preview(foot.id, Some(Command::Charge1)).expect("preview");
        if p.notices
            .iter()
            .all(|n| !matches!(n, Notice::CommandUnavailable { .. }))
        {
            assert_eq!(p.command.moves_as, Some(Command::Attack));
            assert!(p.effects.contains(&Effect::Morale(2)));
        }
    }
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_dragoons_report_their_formation() {
    let s = winceby();
    let mut r = rules(&s);
    for u in on_map_combat_units(&s)
        .into_iter()
        .filter(|u| u.kind == UnitKind::Dragoons)
    {
        let p = r.preview(u.id, Some(Command::Stand)).expect("preview");
        let d = p
            .dragoons
            .clone()
            .expect("dragoons say whether they may mount or dismount");
        assert_eq!(d.mounted, u.state.mounted);
        if p.command.tracing.in_command() && !u.state.arrived_this_turn {
            assert_eq!(
                d.may_switch,
                Ok(()),
                "{} under Stand may change formation",
                u.name
            );
        }
        for v in p.legal() {
            assert!(v.hex.unsigned_distance_to(p.start) <= 1);
        }
    }
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_river_costs_more_than_the_ground() {
    let s = winceby();
    let r = rules(&s);
    let m = s.map.as_hex().expect("hex");
    let (h, d) = m
        .hexsides
        .iter()
        .find(|x| x.features.river && !x.features.bridge && !x.features.road)
        .map(|x| (x.hex, x.direction))
        .expect("an unbridged river edge");
    let other = h.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize]);
    let ground = m
        .terrain_at(other)
        .and_then(|t| s.terrain(t))
        .map(|t| t.hex_cost);
    match (
        r.board().step_cost(h, other),
        ground,
        s.rules.hexside_costs.river_extra,
    ) {
        (Some(c), Some(HexCost::Mp(g)), Some(extra)) => {
            assert_eq!(c, u16::from(g) + u16::from(extra))
        }
        (None, _, None) | (None, Some(HexCost::Impassable), _) | (_, None, _) => {}
        other => panic!("unexpected river crossing {other:?}"),
    }
}

#[test]
#[ignore = "needs the Winceby sample"]
fn winceby_reserve_keeps_five_hexes_from_the_enemy() {
    let s = winceby();
    let mut r = rules(&s);
    for u in on_map_combat_units(&s) {
        let p = r.preview(u.id, Some(Command::Reserve)).expect("preview");
        let enemies: Vec<Hex> = on_map_combat_units(&s)
            .into_iter()
            .filter(|e| e.side != u.side)
            .filter_map(|e| e.hex().map(|(h, _)| h))
            .collect();
        for v in p.legal().filter(|v| v.hex != p.start) {
            assert!(
                enemies.iter().all(|e| e.unsigned_distance_to(v.hex) >= 5),
                "{}",
                u.name
            );
        }
    }
}
