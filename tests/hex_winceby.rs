//! The Winceby sample (turn 2) previewed as a player of the Battle of Winceby would expect (R5).
//! The sample lays out one R5 situation per unit; each test names the situation it reads.

use hexx::Hex;
use sandtable::model::*;
use sandtable::rules::hex_commands::*;
use sandtable::samples;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, stderr, stdout};

fn winceby() -> Scenario {
    let sample = samples::by_name("winceby").expect("the winceby sample exists");
    sample.load().expect("the sample loads")
}

fn rules(s: &Scenario) -> HexRules {
    HexRules::new(s).expect("Winceby is played on a hex map")
}

fn named<'a>(s: &'a Scenario, name: &str) -> &'a Unit {
    s.find_unit(name)
        .unwrap_or_else(|| panic!("no unit '{name}' in the sample"))
}

fn hex_of(u: &Unit) -> Hex {
    u.hex().expect("on the map").0
}

fn on_map_combat_units(s: &Scenario) -> Vec<&Unit> {
    s.units
        .iter()
        .filter(|u| u.is_combat_unit() && u.in_play() && u.hex().is_some())
        .collect()
}

fn enemy_hexes(s: &Scenario, side: SideId) -> Vec<(Hex, &Unit)> {
    on_map_combat_units(s)
        .into_iter()
        .filter(|e| e.side != side)
        .map(|e| (hex_of(e), e))
        .collect()
}

fn nearest_enemy(s: &Scenario, side: SideId, h: Hex) -> u32 {
    enemy_hexes(s, side)
        .iter()
        .map(|(e, _)| e.unsigned_distance_to(h))
        .min()
        .unwrap_or(u32::MAX)
}

#[test]
fn winceby_manchesters_horse_in_the_dragoons_zoc_may_not_move_and_must_attack() {
    let s = winceby();
    let u = named(&s, "Manchester's Regiment of Horse");
    let p = rules(&s).preview(u.id, None).expect("preview");
    let cromwell = named(&s, "Oliver Cromwell");
    assert_eq!(
        p.command.tracing.leader().map(|l| l.leader.id),
        Some(cromwell.id)
    );
    assert_eq!(p.command.chit, Some(Command::Charge1));
    assert!(p.notices.contains(&Notice::ChargeStartsInEnemyZoc));
    assert!(p.effects.contains(&Effect::MustAttack));
    assert!(p.effects.contains(&Effect::Melee(2)));
    assert!(p.effects.contains(&Effect::DoubleMeleeStrength));
    let legal: Vec<Hex> = p.legal().map(|v| v.hex).collect();
    assert_eq!(legal, vec![hex_of(u)], "it keeps its hex");
    assert!(
        p.rejected()
            .all(|(_, r)| matches!(r, Reason::StartsInEnemyZoc | Reason::Occupied { .. }))
    );
}

#[test]
fn winceby_fairfax_in_reserve_keeps_five_hexes_from_the_enemy() {
    let s = winceby();
    let u = named(&s, "Fairfax's Regiment of Horse");
    let p = rules(&s).preview(u.id, None).expect("preview");
    assert_eq!(p.command.chit, Some(Command::Reserve));
    assert!(p.effects.is_empty(), "Reserve brings no melee modifier");
    assert!(p.legal().count() > 10, "plenty of room behind the line");
    for v in p.legal() {
        assert!(nearest_enemy(&s, u.side, v.hex) >= 5, "{v:?}");
    }
    // Riding forward, the first hexes within four of the Royalists are refused, naming them.
    let (v, reason) = p
        .rejected()
        .find(|(_, r)| matches!(r, Reason::InsideExclusion { distance: 4, .. }))
        .expect("the exclusion is within reach");
    let Reason::InsideExclusion { enemy, .. } = reason else {
        unreachable!()
    };
    let e = s.unit(enemy.id).expect("enemy");
    assert_ne!(e.side, u.side);
    assert_eq!(hex_of(e).unsigned_distance_to(v.hex), 4);
    assert_eq!(
        reason.to_string(),
        format!("inside the Reserve exclusion: 4 hexes from {}", e.name)
    );
}

#[test]
fn winceby_newark_reformadoes_are_out_of_command_and_stay() {
    let s = winceby();
    let u = named(&s, "Newark Reformadoes");
    let p = rules(&s).preview(u.id, None).expect("preview");
    assert_eq!(p.command.source, CommandSource::OutOfCommand);
    assert!(
        p.command.tracing.chain.len() >= 2,
        "Widdrington, then Henderson"
    );
    assert!(p.command.tracing.chain.iter().all(|l| !l.reaches));
    assert_eq!(
        p.legal().map(|v| v.hex).collect::<Vec<_>>(),
        vec![hex_of(u)]
    );
    assert!(p.rejected().all(|(_, r)| *r == Reason::OutOfCommand));
}

#[test]
fn winceby_lincolnshire_horse_may_not_charge_on_the_turn_it_arrives() {
    let s = winceby();
    let u = named(&s, "Lincolnshire Horse");
    let p = rules(&s)
        .preview(u.id, Some(Command::Charge1))
        .expect("preview");
    assert!(p.notices.contains(&Notice::NoChargeOnArrival));
    assert_eq!(p.command.moves_as, Some(Command::Advance));
    assert_eq!(p.allowance, u16::from(u.stats.mp), "no charge bonus");
}

#[test]
fn winceby_cromwells_regiment_charges_with_two_more_mp_and_must_close() {
    let s = winceby();
    let u = named(&s, "Cromwell's Regiment of Horse");
    let p = rules(&s).preview(u.id, None).expect("preview");
    assert_eq!(p.command.moves_as, Some(Command::Charge1));
    assert_eq!(p.allowance, 10, "8 MP + 2");
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 5,
        allowance: 10
    }));
    let start = nearest_enemy(&s, u.side, hex_of(u));
    assert!(p.legal().count() > 0);
    for v in p.legal() {
        let d = nearest_enemy(&s, u.side, v.hex);
        assert!(d < start || d == 1, "{v:?}");
        assert!(v.cost >= 5 || d == 1, "{v:?}");
    }
}

#[test]
fn winceby_manchesters_foot_advance_toward_the_enemy() {
    let s = winceby();
    let u = named(&s, "Manchester's Regiment of Foot");
    let p = rules(&s).preview(u.id, None).expect("preview");
    assert_eq!(p.command.chit, Some(Command::Advance));
    let start = nearest_enemy(&s, u.side, hex_of(u));
    assert!(matches!(
        p.reason(hex_of(u)),
        Some(Reason::NotCloser { .. })
    ));
    for v in p.legal() {
        assert!(v.cost <= 4);
        let d = nearest_enemy(&s, u.side, v.hex);
        assert!(d < start || d == 1);
    }
}

#[test]
fn winceby_dragoons_mount_or_dismount_only_under_stand() {
    let s = winceby();
    let mut r = rules(&s);
    // Savile's dragoons have dismounted; his chit is Stand, so they may mount again and still
    // move one hex.
    let royal = named(&s, "Royalist Dragoons");
    let p = r.preview(royal.id, None).expect("preview");
    assert_eq!(p.command.chit, Some(Command::Stand));
    let d = p.dragoons.clone().expect("dragoons");
    assert!(!d.mounted);
    assert_eq!(d.may_switch, Ok(()));
    for v in p.legal() {
        assert!(v.hex.unsigned_distance_to(hex_of(royal)) <= 1);
    }
    // Cromwell's dragoons ride mounted under his Charge: cavalry rules, no change of formation.
    let ea = named(&s, "Eastern Association Dragoons");
    let p = r.preview(ea.id, None).expect("preview");
    assert_eq!(p.command.moves_as, Some(Command::Charge1));
    assert_eq!(p.allowance, u16::from(ea.stats.mp) + 2);
    assert!(matches!(
        p.dragoons.expect("dragoons").may_switch,
        Err(SwitchRefused::NotStand { .. })
    ));
}

/// The Parliament Horse and Widdrington's Horse stand three hexes (3 MP) apart.
#[test]
fn winceby_cavalry_riding_within_three_mp_gives_a_reaction_charge_check() {
    let s = winceby();
    let mut r = rules(&s);
    let ph = named(&s, "Parliament Horse");
    let wh = named(&s, "Widdrington's Regiment of Horse");
    // Parliament Horse rides at Widdrington: the Royalist leader may check for a Charge.
    let p = r.preview(ph.id, None).expect("preview");
    let target = p
        .legal()
        .min_by_key(|v| (v.hex.unsigned_distance_to(hex_of(wh)), v.cost))
        .expect("a legal end")
        .hex;
    let path = p.path(target).expect("path");
    let checks = r.charge_checks(ph.id, &path).expect("checks");
    let check = checks
        .iter()
        .find(|c| c.cavalry.iter().any(|(u, _)| u.id == wh.id))
        .expect("Widdrington's Horse is within 3 MP of the path");
    assert_eq!(check.kind, CheckKind::CommandCheck);
    let widdrington = named(&s, "Sir William Widdrington");
    assert_eq!(check.leader.as_ref().map(|l| l.id), Some(widdrington.id));
    assert!(check.cavalry.iter().all(|(_, mp)| *mp <= REACTION_MP));
    assert!(check.step >= 1);
    // Widdrington's Horse rides at the Parliament Horse, whose leader already charges: it may
    // charge at once.
    let p = r.preview(wh.id, None).expect("preview");
    let target = p
        .legal()
        .min_by_key(|v| (v.hex.unsigned_distance_to(hex_of(ph)), v.cost))
        .expect("a legal end")
        .hex;
    let path = p.path(target).expect("path");
    let checks = r.charge_checks(wh.id, &path).expect("checks");
    assert!(
        checks
            .iter()
            .any(|c| c.kind == CheckKind::MayChargeNow
                && c.cavalry.iter().any(|(u, _)| u.id == ph.id))
    );
}

#[test]
fn winceby_cavalry_second_combat_advances_two_hexes_at_most() {
    let s = winceby();
    let u = named(&s, "Cromwell's Regiment of Horse");
    let sc = rules(&s).second_combat(u.id, None).expect("cavalry");
    assert!(sc.refused.is_none());
    assert!(sc.legal().count() > 1);
    for h in sc.legal() {
        assert!(h.hexes <= 2 && h.path.len() as u16 == h.hexes + 1);
        assert!(h.hex.unsigned_distance_to(hex_of(u)) <= 2);
    }
    let foot = named(&s, "Manchester's Regiment of Foot");
    let sc = rules(&s).second_combat(foot.id, None).expect("unit");
    assert_eq!(sc.refused, Some(Reason::CavalryOnly));
}

#[test]
fn winceby_the_stream_costs_two_more_except_at_the_bridge() {
    let s = winceby();
    let r = rules(&s);
    let m = s.map.as_hex().expect("hex map");
    let cross = |h: &Hexside| {
        let other = h
            .hex
            .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[h.direction as usize]);
        (h.hex, other)
    };
    let bridge = m
        .hexsides
        .iter()
        .find(|h| h.features.bridge)
        .expect("the bridge");
    let (a, b) = cross(bridge);
    assert_eq!(r.board().step_cost(a, b), Some(1), "along the road");
    let ford = m
        .hexsides
        .iter()
        .find(|h| h.features.river && !h.features.bridge && !h.features.road && !h.features.wall)
        .expect("an unbridged stream edge");
    let (a, b) = cross(ford);
    let ground = match m
        .terrain_at(b)
        .and_then(|t| s.terrain(t))
        .map(|t| t.hex_cost)
    {
        Some(HexCost::Mp(c)) => u16::from(c),
        other => panic!("{other:?}"),
    };
    assert_eq!(r.board().step_cost(a, b), Some(ground + 2));
}

#[test]
fn winceby_cromwells_span_holds_his_regiments() {
    let s = winceby();
    let r = rules(&s);
    let cromwell = named(&s, "Oliver Cromwell");
    let span = r.span(cromwell.id).expect("a leader");
    assert_eq!(span.command, Command::Charge1);
    assert_eq!(span.effective_span, 3);
    assert_eq!(
        span.hexes.len(),
        37,
        "three hexes round him, all on the map"
    );
    assert!(span.superiors.chain[0].leader.name.contains("Manchester"));
    let in_command: Vec<&str> = span.in_command().map(|u| &*u.unit.name).collect();
    for name in [
        "Cromwell's Regiment of Horse",
        "Manchester's Regiment of Horse",
        "Eastern Association Dragoons",
    ] {
        assert!(in_command.contains(&name), "{name} in {in_command:?}");
    }
    for u in span.in_command() {
        let h = hex_of(s.unit(u.unit.id).expect("unit"));
        assert!(span.hexes.contains(&h));
    }
    // Under Charge 1 the only early change is to Muster; next turn brings Charge 2 (the chit
    // never stays in the Charge 1 box).
    let allowed: Vec<Command> = span
        .changes
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(allowed, vec![Command::Muster, Command::Charge2]);
    // Nobody has broken yet: Henderson may not Muster.
    let henderson = named(&s, "Sir John Henderson");
    let m = r.muster_trigger(henderson.id).expect("leader");
    assert!(!m.met);
}

#[test]
fn winceby_units_use_the_chit_of_the_first_leader_who_reaches_them() {
    let s = winceby();
    let mut r = rules(&s);
    for u in on_map_combat_units(&s) {
        let p = r.preview(u.id, None).expect("preview");
        let t = &p.command.tracing;
        match t.leader() {
            Some(l) => {
                let leader = s.unit(l.leader.id).expect("leader");
                assert_eq!(p.command.chit, leader.leadership.map(|x| x.command));
                assert!(
                    t.chain
                        .iter()
                        .take_while(|c| c.leader.id != l.leader.id)
                        .all(|c| !c.reaches),
                    "{}",
                    u.name
                );
            }
            None => assert_eq!(u.name, "Newark Reformadoes"),
        }
    }
}

#[test]
fn winceby_every_unit_previews_within_its_allowance_and_changes_nothing() {
    let s = winceby();
    let before = s.clone();
    let mut r = rules(&s);
    for u in on_map_combat_units(&s) {
        for command in [None, Some(Command::Retreat), Some(Command::Attack)] {
            let p = r.preview(u.id, command).expect("preview");
            assert_eq!(p.hexes.first().map(|h| h.hex), Some(hex_of(u)));
            for v in &p.hexes {
                assert!(v.cost <= p.allowance, "{}: {v:?}", u.name);
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
    }
    assert_eq!(s, before, "previews never change the scenario");
}

#[test]
fn winceby_on_the_command_line() {
    let run = |args: &[&str]| {
        let out = sandtable(args);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let file = saves("winceby.sandtable");
    let t = run(&["moves", &file, "--unit", "Fairfax's Regiment of Horse"]);
    assert!(
        t.contains("Command: Reserve, the chit of Sir Thomas Fairfax"),
        "{t}"
    );
    assert!(
        t.contains("inside the Reserve exclusion: 4 hexes from"),
        "{t}"
    );
    let t = run(&["span", &file, "--leader", "Oliver Cromwell"]);
    assert!(t.contains("Span: 37 hexes"), "{t}");
    let j = run(&["moves", &file, "--unit", "Newark Reformadoes", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&j).expect("JSON");
    assert_eq!(v["command"]["source"], "out_of_command");
    assert_eq!(v["legal"].as_array().map(Vec::len), Some(1));
}

/// R5's tracing: a unit uses the first leader in its chain whose span reaches it. Put under
/// Sir Thomas Fairfax, Manchester's Regiment of Foot stands beyond his span and traces to the
/// Earl of Manchester: the inspector's line says why it does not use its own commander.
#[test]
fn r5_a_unit_beyond_its_commanders_span_is_told_why_it_traces_further_up() {
    let mut s = winceby();
    let fairfax = named(&s, "Sir Thomas Fairfax").id;
    let foot = named(&s, "Manchester's Regiment of Foot").id;
    s.units
        .iter_mut()
        .find(|u| u.id == foot)
        .expect("the foot")
        .commander = Some(fairfax);
    let t = sandtable::preview::traced(&s, foot).expect("a hex unit");
    assert!(t.starts_with("uses Earl of Manchester's"), "{t}");
    assert!(
        t.contains("Sir Thomas Fairfax's span 3 does not reach it"),
        "{t}"
    );
}
