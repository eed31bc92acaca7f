//! One test per rule of RULES.md R5, named after it, on small hand-built maps (see `testmap`),
//! and property tests of the preview.

use super::testmap::TestMap;
use super::*;
use crate::model::*;
use hexx::Hex;

fn assert_legal(t: &TestMap, p: &MovePreview, h: Hex) {
    assert!(
        p.is_legal(h),
        "({}, {}) should be legal, is {:?}\n{}",
        h.x,
        h.y,
        p.reason(h),
        t.draw(p)
    );
}

fn reason<'a>(t: &TestMap, p: &'a MovePreview, h: Hex) -> &'a Reason {
    p.reason(h).unwrap_or_else(|| {
        panic!(
            "({}, {}) should be rejected, is {:?}\n{}",
            h.x,
            h.y,
            p.get(h),
            t.draw(p)
        )
    })
}

fn cost(p: &MovePreview, h: Hex) -> u16 {
    p.get(h).map(|v| v.cost).expect("hex reached")
}

// ---------------------------------------------------------------- command tracing and spans

#[test]
fn r5_leaders_carry_a_command_and_a_span() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         . . . L . . .
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 1);
    let span = t.rules().span(t.id('L')).expect("a leader");
    assert_eq!(span.command, Command::Stand);
    assert_eq!(span.effective_span, 1);
    assert_eq!(
        span.hexes.len(),
        7,
        "the leader's hex and its six neighbours"
    );
    assert!(span.hexes.contains(&t.at('L')));
}

#[test]
fn r5_subordinate_leader_traces_to_his_superior() {
    let mut t = TestMap::new(
        "
        M . . . . . K . .
        ",
    );
    t.leader('K', Command::Attack, 2);
    t.leader('M', Command::Advance, 6);
    t.unit('K').leadership.as_mut().expect("leader").superior = Some(t.id('M'));
    let r = t.rules();
    let k = r.span(t.id('K')).expect("a leader");
    assert_eq!(k.superiors.chain.len(), 1);
    assert_eq!(k.superiors.chain[0].leader.id, t.id('M'));
    assert!(
        k.superiors.in_command(),
        "six hexes is within Montrose's span"
    );
    let m = r.span(t.id('M')).expect("a leader");
    assert!(m.force.iter().any(|u| u.unit.id == t.id('K') && u.leader));
    // Out of his superior's span.
    t.unit('M').leadership.as_mut().expect("leader").span = 5;
    assert!(
        !t.rules()
            .span(t.id('K'))
            .expect("leader")
            .superiors
            .in_command()
    );
}

/// The seed's example: a unit under Kilpont that only Montrose's span reaches uses Montrose's
/// chit; one that Kilpont reaches uses Kilpont's.
#[test]
fn r5_unit_uses_the_command_of_the_leader_it_traces_to() {
    let mut t = TestMap::new(
        "
        M . . . . . K . . A . . . . . . . . b
         . . . . . . B . . . . . . . . . . . .
        ",
    );
    t.leader('K', Command::Attack, 1);
    t.leader('M', Command::Advance, 10);
    t.unit('K').leadership.as_mut().expect("leader").superior = Some(t.id('M'));
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::Traced);
    assert_eq!(p.command.chit, Some(Command::Advance), "Montrose's chit");
    let t_ = &p.command.tracing;
    assert_eq!(t_.chain.len(), 2);
    assert_eq!(t_.chain[0].leader.id, t.id('K'));
    assert!(!t_.chain[0].reaches, "three hexes, span 1");
    assert_eq!(t_.chain[0].distance, Some(3));
    assert_eq!(t_.leader().map(|l| l.leader.id), Some(t.id('M')));
    // B is next to Kilpont: his own chit comes first.
    let p = t.preview('B');
    assert_eq!(p.command.chit, Some(Command::Attack));
    assert_eq!(p.command.tracing.reaching().count(), 2);
    assert_eq!(
        p.command.tracing.leader().map(|l| l.leader.id),
        Some(t.id('K'))
    );
}

#[test]
fn r5_out_of_command_when_no_leader_reaches() {
    let mut t = TestMap::new(
        "
        L . . . . A . . b
        ",
    );
    t.leader('L', Command::Advance, 3);
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::OutOfCommand);
    assert!(p.notices.contains(&Notice::OutOfCommand));
    assert_eq!(p.legal().count(), 1, "it may only keep its hex");
    assert_legal(&t, &p, t.at('A'));
    assert_eq!(reason(&t, &p, t.hex(6, 0)), &Reason::OutOfCommand);
    assert_eq!(
        reason(&t, &p, t.hex(6, 0)).to_string(),
        "out of command: it may not move"
    );
    // A unit with no commander at all is out of command too.
    t.unit('A').commander = None;
    assert_eq!(t.preview('A').command.source, CommandSource::OutOfCommand);
}

#[test]
fn r5_muster_adds_one_to_the_span() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . . . . . .
        . . . . L . . . A
         . . . . . . . . .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Advance, 3);
    assert_eq!(
        t.preview('A').command.source,
        CommandSource::OutOfCommand,
        "four hexes, span 3"
    );
    t.command('L', Command::Muster);
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::Traced);
    assert_eq!(p.command.tracing.chain[0].span, 4);
    let span = t.rules().span(t.id('L')).expect("leader");
    assert_eq!(span.span, 3);
    assert_eq!(span.effective_span, 4);
}

#[test]
fn r5_span_is_a_set_of_hexes_counted_in_plain_hex_steps() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         . . # # # . .
        . . # L # . .
         . . # # # . .
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 2);
    let span = t.rules().span(t.id('L')).expect("leader");
    // Impassable ground does not block the span: every hex within two steps.
    let centre = t.at('L');
    let expected: Vec<Hex> = {
        let b = Board::new(&t.s).expect("board");
        let mut v: Vec<usize> = centre.range(2).filter_map(|h| b.index_of(h)).collect();
        v.sort_unstable();
        v.into_iter().filter_map(|i| b.hex_at(i)).collect()
    };
    assert_eq!(span.hexes, expected);
    assert_eq!(span.hexes.len(), 19);
    assert!(
        span.hexes
            .iter()
            .all(|h| h.unsigned_distance_to(centre) <= 2)
    );
}

// ---------------------------------------------------------------- movement points

#[test]
fn r5_terrain_costs_movement_points() {
    let mut t = TestMap::new("L A r w . .");
    t.leader('L', Command::Advance, 3).mp('A', 6);
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::NoEnemy));
    assert_eq!(cost(&p, t.hex(2, 0)), 2, "rough");
    assert_eq!(cost(&p, t.hex(3, 0)), 5, "rough + woods");
    assert_eq!(cost(&p, t.hex(4, 0)), 6);
    assert!(p.get(t.hex(5, 0)).is_none(), "7 MP is beyond 6");
    assert_eq!(
        p.path(t.hex(4, 0)),
        Some(vec![t.at('A'), t.hex(2, 0), t.hex(3, 0), t.hex(4, 0)])
    );
}

#[test]
fn r5_hexside_features_river_wall_bridge_road() {
    let mut t = TestMap::new("L A . . . w w");
    t.leader('L', Command::Advance, 3).mp('A', 9);
    let (h1, h2, h3, h4, h5, h6) = (
        t.hex(1, 0),
        t.hex(2, 0),
        t.hex(3, 0),
        t.hex(4, 0),
        t.hex(5, 0),
        t.hex(6, 0),
    );
    let river = HexsideFeatures {
        river: true,
        ..Default::default()
    };
    let wall = HexsideFeatures {
        wall: true,
        ..Default::default()
    };
    let road = HexsideFeatures {
        road: true,
        ..Default::default()
    };
    t.edge(h1, h2, river).edge(h2, h3, wall);
    t.edge(h4, h5, road).edge(h5, h6, road);
    let p = t.preview('A');
    assert_eq!(cost(&p, h2), 3, "river +2");
    assert_eq!(cost(&p, h3), 5, "wall +1");
    assert_eq!(cost(&p, h4), 6);
    assert_eq!(cost(&p, h5), 7, "road: 1 MP instead of the woods' 3");
    assert_eq!(cost(&p, h6), 8);
    // A bridge removes the river's cost.
    t.edge(
        h1,
        h2,
        HexsideFeatures {
            river: true,
            bridge: true,
            ..Default::default()
        },
    );
    assert_eq!(cost(&t.preview('A'), h2), 1);
    // The scenario can make unbridged rivers impassable.
    t.edge(h1, h2, river);
    t.s.rules.hexside_costs.river_extra = None;
    let p = t.preview('A');
    assert!(p.get(h2).is_none(), "nothing beyond the river");
}

#[test]
fn r5_impassable_hexes_are_never_entered() {
    let mut t = TestMap::new(
        "
        L A # . .
         . # # . .
        ",
    );
    t.leader('L', Command::Advance, 3).mp('A', 3);
    let p = t.preview('A');
    assert!(p.get(t.hex(2, 0)).is_none());
    assert!(p.get(t.hex(1, 1)).is_none());
    assert!(p.get(t.hex(3, 0)).is_none(), "walled off");
}

#[test]
fn r5_other_units_may_be_passed_but_not_ended_on_and_enemies_not_entered() {
    let mut t = TestMap::new(
        "
        # # # # # # # #
         L A B . . . . b
        # # # # # # # #
        ",
    );
    t.leader('L', Command::Advance, 4).mp('A', 3);
    let p = t.preview('A');
    assert!(matches!(
        reason(&t, &p, t.at('B')),
        Reason::Occupied { enemy: false, .. }
    ));
    assert_legal(&t, &p, t.hex(3, 1));
    assert_legal(&t, &p, t.hex(4, 1));
    // A leader's hex is no obstacle: only no closer.
    assert!(matches!(
        reason(&t, &p, t.at('L')),
        Reason::NotCloser { .. }
    ));
    // An enemy hex is never entered.
    t.mp('A', 9);
    let p = t.preview('A');
    assert!(matches!(
        reason(&t, &p, t.at('b')),
        Reason::Occupied { enemy: true, .. }
    ));
}

// ---------------------------------------------------------------- zones of control

const CORRIDOR: &str = "
        # # # # # # # #
         L A . . . . . .
        # # # b # # # #
        ";

fn corridor() -> TestMap {
    let mut t = TestMap::new(CORRIDOR);
    t.leader('L', Command::Advance, 3).mp('A', 6);
    t
}

#[test]
fn r5_combat_units_exert_zoc_into_adjacent_hexes() {
    let t = corridor();
    let b = Board::new(&t.s).expect("board");
    let blue = t.s.sides[0].id;
    let f = b.side_field(blue).expect("side");
    let bhex = t.at('b');
    for h in bhex.all_neighbors() {
        if let Some(i) = b.index_of(h) {
            assert!(f.in_zoc(i), "({}, {})", h.x, h.y);
        }
    }
    let far = b.index_of(t.hex(5, 1)).expect("on map");
    assert!(!f.in_zoc(far));
}

#[test]
fn r5_entering_an_enemy_zoc_ends_the_move() {
    let t = corridor();
    let p = t.preview('A');
    let zoc = t.hex(2, 1);
    assert_legal(&t, &p, zoc);
    assert_eq!(p.path(zoc), Some(vec![t.at('A'), zoc]));
    for col in 3..7 {
        assert_eq!(reason(&t, &p, t.hex(col, 1)), &Reason::BeyondZoc);
    }
    assert!(
        reason(&t, &p, t.hex(4, 1))
            .to_string()
            .starts_with("stopped by ZOC")
    );
}

#[test]
fn r5_zoc_front_hexes_only() {
    let mut t = corridor();
    t.s.rules.zoc.front_only = true;
    // b faces east: its front is east, north-east and south-east, not north-west.
    t.face('b', t.hex(4, 2));
    let p = t.preview('A');
    assert_legal(&t, &p, t.hex(2, 1));
    assert_legal(&t, &p, t.hex(3, 1));
    assert_eq!(cost(&p, t.hex(3, 1)), 2, "passed through (2, 1)");
    assert_eq!(reason(&t, &p, t.hex(4, 1)), &Reason::BeyondZoc);
}

#[test]
fn r5_zoc_unit_kinds_without_zoc() {
    let mut t = corridor();
    t.kind('b', UnitKind::Wagon);
    let p = t.preview('A');
    assert!(
        p.get(t.hex(6, 1)).is_some_and(|v| v.via.is_some()),
        "wagons exert no ZOC by default"
    );
    let mut t = corridor();
    t.s.rules.zoc.exempt_kinds.push(KindTag::Infantry);
    assert!(t.preview('A').path(t.hex(6, 1)).is_some());
    let mut t = corridor();
    t.unit('b').exerts_zoc = false;
    assert!(
        t.preview('A').path(t.hex(6, 1)).is_some(),
        "switched off for this unit"
    );
}

#[test]
fn r5_zoc_blocked_by_hexsides() {
    let nw = |t: &TestMap| (t.at('b'), t.hex(2, 1));
    let ne = |t: &TestMap| (t.at('b'), t.hex(3, 1));
    let both = |t: &mut TestMap, f: HexsideFeatures| {
        let (a, b) = nw(t);
        let (c, d) = ne(t);
        t.edge(a, b, f).edge(c, d, f);
    };
    // The designer's "blocks ZOC" edge.
    let mut t = corridor();
    both(
        &mut t,
        HexsideFeatures {
            blocks_zoc: true,
            ..Default::default()
        },
    );
    assert!(t.preview('A').path(t.hex(6, 1)).is_some());
    // Rivers block only when the scenario says so, and not where bridged.
    let river = HexsideFeatures {
        river: true,
        ..Default::default()
    };
    let mut t = corridor();
    both(&mut t, river);
    assert_eq!(t.preview('A').reason(t.hex(6, 1)), Some(&Reason::BeyondZoc));
    t.s.rules.zoc.river_blocks = true;
    assert!(t.preview('A').path(t.hex(6, 1)).is_some());
    both(
        &mut t,
        HexsideFeatures {
            river: true,
            bridge: true,
            ..Default::default()
        },
    );
    assert_eq!(t.preview('A').reason(t.hex(6, 1)), Some(&Reason::BeyondZoc));
    // Walls likewise.
    let mut t = corridor();
    t.s.rules.zoc.wall_blocks = true;
    both(
        &mut t,
        HexsideFeatures {
            wall: true,
            ..Default::default()
        },
    );
    assert!(t.preview('A').path(t.hex(6, 1)).is_some());
}

// ---------------------------------------------------------------- commands

/// A at (1, 2), the enemy six hexes east.
const OPEN: &str = "
        . . . . . . . .
         . . . . . . . .
        L A . . . . . b
         . . . . . . . .
        . . . . . . . .
        ";

fn open(command: Command) -> TestMap {
    let mut t = TestMap::new(OPEN);
    t.leader('L', command, 3);
    t
}

fn dist_to(t: &TestMap, c: char, h: Hex) -> u32 {
    t.at(c).unsigned_distance_to(h)
}

#[test]
fn r5_attack_command() {
    let t = open(Command::Attack);
    let p = t.preview('A');
    assert_eq!(p.command.moves_as, Some(Command::Attack));
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 2,
        allowance: 4
    }));
    assert!(p.effects.contains(&Effect::Melee(1)));
    assert!(p.effects.contains(&Effect::MustFightIfAdjacent));
    // One hex east: closer, but only 1 MP of the 2 required.
    assert_eq!(
        reason(&t, &p, t.hex(2, 2)),
        &Reason::BelowMinimumMove { needed: 2, cost: 1 }
    );
    assert_legal(&t, &p, t.hex(3, 2));
    assert_legal(&t, &p, t.hex(5, 2));
    // Staying is below the minimum move.
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::BelowMinimumMove { cost: 0, .. }
    ));
    // Two hexes north-west of the start: far enough, no closer.
    let back = t.hex(0, 0);
    assert_eq!(cost(&p, back), 2);
    assert!(matches!(
        reason(&t, &p, back),
        Reason::NotCloser { start: 6, .. }
    ));
    for v in p.legal() {
        assert!(v.cost >= 2 || dist_to(&t, 'b', v.hex) == 1);
        assert!(dist_to(&t, 'b', v.hex) < 6);
    }
}

#[test]
fn r5_attack_ending_adjacent_is_excused_the_minimum_move() {
    let mut t = TestMap::new(
        "
        L A . b
        ",
    );
    t.leader('L', Command::Attack, 3).mp('A', 6);
    let p = t.preview('A');
    // Needs 3 MP, but one step brings it adjacent and into the enemy's ZOC.
    assert_legal(&t, &p, t.hex(2, 0));
    assert_eq!(cost(&p, t.hex(2, 0)), 1);
}

#[test]
fn r5_advance_command() {
    let t = open(Command::Advance);
    let p = t.preview('A');
    assert!(p.effects.is_empty(), "no melee modifier");
    assert!(p.constraints.contains(&Constraint::EndCloserOrAdjacent));
    assert_legal(&t, &p, t.hex(2, 2));
    assert_legal(&t, &p, t.hex(5, 2));
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::NotCloser { start: 6, end: 6 }
    ));
    assert_eq!(
        reason(&t, &p, t.at('A')).to_string(),
        "ends no closer to the enemy (6 hexes, started 6)"
    );
    assert!(matches!(
        reason(&t, &p, t.hex(0, 2)),
        Reason::NotCloser { .. }
    ));
}

/// 004: Advance units "must end the turn at least one hex closer, or be adjacent to an enemy
/// combat unit (i.e. they must move at least one hex, unless they are already in an enemy ZOC)".
/// The exemption covers only the move of at least one hex: a unit starting in an enemy ZOC may
/// stay, but wherever else it ends must still be closer or adjacent, so it may not slip away.
#[test]
fn r5_advance_starting_in_enemy_zoc_may_stay_but_must_end_closer_or_adjacent() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . L . A b .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Advance, 3);
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::StartsInEnemyZoc));
    assert!(p.constraints.contains(&Constraint::EndCloserOrAdjacent));
    assert_legal(&t, &p, t.at('A'));
    // Still adjacent to the enemy: legal.
    assert_legal(&t, &p, t.hex(7, 0));
    // Five hexes away, within its 4 MP: not a legal end any more.
    assert_eq!(
        reason(&t, &p, t.hex(2, 1)),
        &Reason::NotCloser { start: 1, end: 5 }
    );
    assert!(matches!(
        reason(&t, &p, t.hex(6, 0)),
        Reason::NotCloser { start: 1, end: 2 }
    ));
    assert!(
        p.legal()
            .all(|v| v.hex == t.at('A') || dist_to(&t, 'b', v.hex) == 1),
        "every end is adjacent to the enemy"
    );
}

#[test]
fn r5_stand_command() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         L . w A . . b
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 3);
    let p = t.preview('A');
    assert!(p.effects.contains(&Effect::MeleeDefending(1)));
    assert_legal(&t, &p, t.at('A'));
    assert_legal(&t, &p, t.hex(4, 1));
    assert_legal(&t, &p, t.hex(2, 1));
    assert_eq!(cost(&p, t.hex(2, 1)), 3, "the woods, one hex");
    assert_eq!(
        reason(&t, &p, t.hex(5, 1)),
        &Reason::OneHexOnly {
            command: Command::Stand
        }
    );
    assert_eq!(
        reason(&t, &p, t.hex(5, 1)).to_string(),
        "Stand allows one hex"
    );
    assert_eq!(p.legal().count(), 7);
}

#[test]
fn r5_retreat_command() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . . . . . .
        a . . L A . . . b
         . . . . . . . . .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Retreat, 3);
    let p = t.preview('A');
    assert!(p.effects.is_empty());
    // East: further from a, closer to b.
    let east = t.hex(6, 2);
    assert!(matches!(
        reason(&t, &p, east),
        Reason::NotFurther { enemy, .. } if enemy.id == t.id('b')
    ));
    // North: further from both.
    let north = t.hex(4, 0);
    assert!(dist_to(&t, 'a', north) > dist_to(&t, 'a', t.at('A')));
    assert!(dist_to(&t, 'b', north) > dist_to(&t, 'b', t.at('A')));
    assert_legal(&t, &p, north);
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::NotFurther { .. }
    ));
}

fn reserve_map(command: Command, a_col: i32) -> TestMap {
    let row = (0..14)
        .map(|c| {
            if c == 0 {
                "L"
            } else if c == a_col {
                "A"
            } else if c == 13 {
                "b"
            } else {
                "."
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut t = TestMap::new(&format!(
        "{}\n {}\n{}",
        ". ".repeat(14),
        row,
        ". ".repeat(14)
    ));
    t.leader('L', command, 20).mp('A', 6);
    t
}

#[test]
fn r5_reserve_never_enters_the_exclusion() {
    let t = reserve_map(Command::Reserve, 4);
    let p = t.preview('A');
    assert!(p.constraints.contains(&Constraint::StayClear { within: 4 }));
    assert_legal(&t, &p, t.at('A'));
    assert_legal(&t, &p, t.hex(8, 1));
    assert_eq!(dist_to(&t, 'b', t.hex(8, 1)), 5);
    let inside = t.hex(9, 1);
    let r = reason(&t, &p, inside);
    assert_eq!(
        r,
        &Reason::InsideExclusion {
            command: Command::Reserve,
            enemy: UnitRef {
                id: t.id('b'),
                name: "Unit b".into()
            },
            distance: 4
        }
    );
    assert_eq!(
        r.to_string(),
        "inside the Reserve exclusion: 4 hexes from Unit b"
    );
    for v in p.legal() {
        assert!(dist_to(&t, 'b', v.hex) >= 5);
    }
}

#[test]
fn r5_reserve_starting_close_stays_or_ends_five_away() {
    let t = reserve_map(Command::Reserve, 10);
    let p = t.preview('A');
    assert!(
        p.constraints
            .contains(&Constraint::StayOrEndClear { within: 4 })
    );
    assert_legal(&t, &p, t.at('A'));
    assert!(matches!(
        reason(&t, &p, t.hex(9, 1)),
        Reason::InsideExclusion { distance: 4, .. }
    ));
    assert_legal(&t, &p, t.hex(8, 1));
    assert_legal(&t, &p, t.hex(5, 1));
    // It may not close in on the way: a hex nearer than its start ends the move there.
    assert!(matches!(
        reason(&t, &p, t.hex(11, 1)),
        Reason::InsideExclusion { distance: 2, .. }
    ));
    for v in p.legal() {
        for h in p.path(v.hex).expect("path") {
            assert!(dist_to(&t, 'b', h) >= 3, "({}, {})", h.x, h.y);
        }
    }
}

#[test]
fn r5_muster_trigger() {
    let mut t = TestMap::new(
        "
        L A B C . . . . b
        ",
    );
    t.leader('L', Command::Attack, 5);
    let r = t.rules();
    let m = r.muster_trigger(t.id('L')).expect("leader");
    assert!(!m.met);
    assert_eq!(
        change_allowed(Command::Attack, Command::Muster, 0),
        Err(ChangeRefused::MusterNeedsLosses { lost: 0 })
    );
    let p = t.preview_as('A', Command::Muster);
    assert!(p.legal().next().is_none(), "Muster is not available yet");
    assert!(matches!(p.notices[0], Notice::CommandUnavailable { .. }));
    assert_eq!(p.constraints, vec![Constraint::MayNotMove]);
    assert!(p.effects.is_empty());
    t.unit('B').state.morale = Morale::Routing;
    assert!(!t.rules().muster_trigger(t.id('L')).expect("leader").met);
    t.unit('C').state.morale = Morale::Removed;
    let r = t.rules();
    let m = r.muster_trigger(t.id('L')).expect("leader");
    assert!(m.met);
    assert_eq!(m.routed_or_destroyed.len(), 2);
    let p = t.preview_as('A', Command::Muster);
    assert!(p.legal().next().is_some());
    assert_eq!(p.command.moves_as, Some(Command::Muster));
}

#[test]
fn r5_muster_starting_close_must_end_five_away() {
    let t = reserve_map(Command::Muster, 10);
    let p = t.preview('A');
    assert!(
        p.constraints
            .contains(&Constraint::MustEndClear { within: 4 })
    );
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::InsideExclusion {
            command: Command::Muster,
            distance: 3,
            ..
        }
    ));
    assert_legal(&t, &p, t.hex(8, 1));
    assert!(p.effects.is_empty());
    // Boxed in, it cannot get clear: the preview says so and allows nothing.
    let mut t = reserve_map(Command::Muster, 10);
    t.mp('A', 1);
    let p = t.preview('A');
    assert!(p.legal().next().is_none());
    assert!(p.notices.contains(&Notice::CannotLeaveExclusion));
}

fn cavalry(command: Command) -> TestMap {
    let mut t = open(command);
    t.kind('A', UnitKind::Cavalry);
    t
}

#[test]
fn r5_charge_command() {
    let t = cavalry(Command::Charge1);
    let p = t.preview('A');
    assert_eq!(p.allowance, 6, "+2 MP");
    for e in [
        Effect::ExtraMp(2),
        Effect::Morale(1),
        Effect::Melee(2),
        Effect::DoubleMeleeStrength,
        Effect::MustMeleeIfAdjacent,
    ] {
        assert!(p.effects.contains(&e), "{e}");
    }
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 3,
        allowance: 6
    }));
    assert_eq!(
        reason(&t, &p, t.hex(3, 2)),
        &Reason::BelowMinimumMove { needed: 3, cost: 2 }
    );
    assert_legal(&t, &p, t.hex(4, 2));
    assert_legal(&t, &p, t.hex(6, 2));
    assert!(matches!(
        reason(&t, &p, t.hex(0, 0)),
        Reason::BelowMinimumMove { .. }
    ));
}

#[test]
fn r5_charge_starting_in_enemy_zoc_may_not_move_and_must_attack() {
    let mut t = TestMap::new(
        "
        . . . . .
         L . A b .
        . . . . .
        ",
    );
    t.leader('L', Command::Charge2, 3)
        .kind('A', UnitKind::Cavalry);
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::ChargeStartsInEnemyZoc));
    assert!(p.effects.contains(&Effect::MustAttack));
    assert_eq!(p.legal().count(), 1);
    assert_legal(&t, &p, t.at('A'));
    assert_eq!(reason(&t, &p, t.hex(1, 1)), &Reason::StartsInEnemyZoc);
}

#[test]
fn r5_no_charge_on_the_turn_of_arrival() {
    let mut t = cavalry(Command::Charge1);
    t.unit('A').state.arrived_this_turn = true;
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::NoChargeOnArrival));
    assert_eq!(p.command.moves_as, Some(Command::Advance));
    assert_eq!(p.allowance, 4, "no charge bonus");
    assert!(!p.effects.contains(&Effect::Melee(2)));
}

#[test]
fn r5_non_cavalry_under_a_charging_leader_act_as_attack_with_morale_two() {
    let t = open(Command::Charge1);
    let p = t.preview('A');
    assert_eq!(p.command.chit, Some(Command::Charge1));
    assert_eq!(p.command.moves_as, Some(Command::Attack));
    assert!(p.notices.contains(&Notice::ActsAsAttackUnderCharge));
    assert_eq!(p.allowance, 4);
    assert!(p.effects.contains(&Effect::Morale(2)));
    assert!(p.effects.contains(&Effect::Melee(1)));
    assert!(!p.effects.contains(&Effect::DoubleMeleeStrength));
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 2,
        allowance: 4
    }));
}

#[test]
fn r5_charge_timeline_one_two_three_then_muster() {
    use Command::*;
    assert_eq!(next_in_timeline(Charge1), Some(Charge2));
    assert_eq!(next_in_timeline(Charge2), Some(Charge3));
    assert_eq!(next_in_timeline(Charge3), Some(Muster));
    assert_eq!(change_allowed(Charge1, Charge2, 0), Ok(()));
    assert_eq!(
        change_allowed(Charge3, Muster, 0),
        Ok(()),
        "no losses needed"
    );
    assert_eq!(
        change_allowed(Charge1, Muster, 0),
        Ok(()),
        "early, only to Muster"
    );
    assert_eq!(
        change_allowed(Charge2, Advance, 5),
        Err(ChangeRefused::ChargeChangesOnlyToMuster { from: Charge2 })
    );
    assert_eq!(
        change_allowed(Charge1, Charge3, 0),
        Err(ChangeRefused::ChargeOutOfOrder {
            from: Charge1,
            to: Charge3
        })
    );
    assert_eq!(
        change_allowed(Attack, Charge2, 0),
        Err(ChangeRefused::ChargeBeginsAtOne)
    );
    assert_eq!(change_allowed(Attack, Charge1, 0), Ok(()));
    assert_eq!(change_allowed(Muster, Advance, 0), Ok(()));
    // The preview refuses a change the timeline forbids.
    let t = cavalry(Command::Charge2);
    let p = t.preview_as('A', Advance);
    assert!(p.legal().next().is_none());
    assert!(matches!(
        reason(&t, &p, t.hex(3, 2)),
        Reason::CommandRefused {
            command: Advance,
            ..
        }
    ));
    assert_eq!(
        reason(&t, &p, t.hex(3, 2)).to_string(),
        "General L may not take Advance: under Charge 2 the command may change early only to Muster"
    );
    let span = t.rules().span(t.id('L')).expect("leader");
    let allowed: Vec<Command> = span
        .changes
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(allowed, vec![Muster, Charge3]);
}

/// 004: "the command chit is placed in the Charge 1 box; during the next turn's Command Phase
/// ... in the Charge 2 box; the following turn ... Charge 3 ... the next turn's Command Phase
/// ... in the Muster box": a charge chit never stays where it is, so there is no fourth charge
/// turn. From Charge n the only next chits are Charge n+1 (Muster after Charge 3) and Muster.
#[test]
fn r5_charge_chit_never_stays_in_its_box() {
    use Command::*;
    for (from, next) in [(Charge1, Charge2), (Charge2, Charge3), (Charge3, Muster)] {
        assert_eq!(
            change_allowed(from, from, 5),
            Err(ChangeRefused::ChargeChitMovesOn { from }),
            "{from} may not be kept"
        );
        let t = cavalry(from);
        let span = t.rules().span(t.id('L')).expect("leader");
        let allowed: Vec<Command> = span
            .changes
            .iter()
            .filter(|(_, r)| r.is_ok())
            .map(|(c, _)| *c)
            .collect();
        let mut want = vec![Muster];
        if next != Muster {
            want.push(next);
        }
        assert_eq!(allowed, want, "the next chits from {from}");
        let kept = span
            .changes
            .iter()
            .find(|(c, _)| *c == from)
            .and_then(|(_, r)| r.clone().err())
            .expect("keeping the box is refused");
        assert!(
            kept.to_string()
                .starts_with("a charge chit never stays in its box"),
            "{kept}"
        );
        // The chit he holds this turn is still previewed as it is.
        let p = t.preview_as('A', from);
        assert!(p.legal().next().is_some(), "{from} this turn");
    }
    // Other commands may be kept.
    assert_eq!(change_allowed(Advance, Advance, 0), Ok(()));
    assert_eq!(change_allowed(Muster, Muster, 0), Ok(()));
}

#[test]
fn r5_minimum_move_that_cannot_be_met_allows_nothing() {
    let mut t = TestMap::new(
        "
        # # # # # # # #
         L A . # . . . b
        # # # # # # # #
        ",
    );
    t.leader('L', Command::Attack, 3);
    let p = t.preview('A');
    assert!(p.legal().next().is_none());
    assert!(
        p.notices
            .contains(&Notice::MinimumMoveUnmeetable { needed: 2, best: 1 })
    );
    assert!(
        p.notices
            .iter()
            .any(|n| n.to_string().contains("minimum move of 2 MP cannot be met"))
    );
}

// ---------------------------------------------------------------- cavalry

fn reaction_map() -> TestMap {
    let mut t = TestMap::new(
        "
        A . . . . . . . . . .
         . . . . . . . . . . .
        . . . . . . . . . . .
         . . . . . . c . . . l
        . . . . . . . . . . .
        ",
    );
    t.leader('l', Command::Stand, 8);
    t.kind('A', UnitKind::Cavalry).kind('c', UnitKind::Cavalry);
    t
}

#[test]
fn r5_reaction_charge_check_points_within_three_mp() {
    let t = reaction_map();
    let path: Vec<Hex> = (0..11).map(|c| t.hex(c, 0)).collect();
    let mut r = t.rules();
    let checks = r.charge_checks(t.id('A'), &path).expect("checks");
    assert_eq!(checks.len(), 1);
    let c = &checks[0];
    // On clear ground MP equal hex steps: the first hex of the path within 3 of c.
    let first = (1..11)
        .find(|k| path[*k].unsigned_distance_to(t.at('c')) <= 3)
        .expect("in range");
    assert_eq!(c.step, first);
    assert_eq!(c.kind, CheckKind::CommandCheck);
    assert_eq!(c.leader.as_ref().map(|l| l.id), Some(t.id('l')));
    assert_eq!(c.cavalry[0].0.id, t.id('c'));
    assert!(c.cavalry[0].1 <= 3);
    // Woods around c: three hexes away is no longer three MP.
    let mut t = reaction_map();
    let c = t.at('c');
    let woods = t.woods;
    if let Map::Hex(m) = &mut t.s.map {
        let grid = m.grid();
        for h in c.range(3) {
            if h != c
                && let Some(i) = grid.index_of(h)
            {
                m.terrain[i] = woods;
            }
        }
    }
    let mut r = t.rules();
    assert!(
        r.charge_checks(t.id('A'), &path)
            .expect("checks")
            .is_empty()
    );
    // A non-cavalry mover triggers nothing.
    let mut t = reaction_map();
    t.kind('A', UnitKind::Infantry);
    assert!(
        t.rules()
            .charge_checks(t.id('A'), &path)
            .expect("checks")
            .is_empty()
    );
}

#[test]
fn r5_reaction_charge_when_already_charging_within_three_hexes() {
    let mut t = reaction_map();
    t.command('l', Command::Charge1);
    let path: Vec<Hex> = (0..11).map(|c| t.hex(c, 0)).collect();
    let checks = t.rules().charge_checks(t.id('A'), &path).expect("checks");
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].kind, CheckKind::MayChargeNow);
    assert!(checks[0].to_string().contains("may charge at once"));
}

#[test]
fn r5_cavalry_second_combat() {
    let mut t = TestMap::new(
        "
        # # # # # # #
         . A . . . . .
        # # # b # # #
        ",
    );
    t.kind('A', UnitKind::Cavalry);
    let mut r = t.rules();
    let sc = r.second_combat(t.id('A'), None).expect("cavalry");
    assert!(sc.refused.is_none());
    assert!(sc.hexes.iter().all(|h| h.hexes <= 2));
    // East, the first hex is in b's zone of control: the advance ends there, facing b.
    let zoc = sc
        .hexes
        .iter()
        .find(|h| h.hex == t.hex(2, 1))
        .expect("reached");
    assert!(zoc.reason.is_none());
    assert_eq!(zoc.hexes, 1);
    assert_eq!(
        zoc.targets.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![t.id('b')]
    );
    assert!(
        sc.hexes.iter().all(|h| h.hex != t.hex(3, 1)),
        "not past the ZOC"
    );
    assert_eq!(sc.legal().count(), 3, "stay, west one, east one");
    // Without the zone, two hexes east.
    t.unit('b').exerts_zoc = false;
    let sc = t.rules().second_combat(t.id('A'), None).expect("cavalry");
    let two = sc
        .hexes
        .iter()
        .find(|h| h.hex == t.hex(3, 1))
        .expect("reached");
    assert_eq!(two.hexes, 2);
    assert_eq!(two.path, vec![t.at('A'), t.hex(2, 1), t.hex(3, 1)]);
    assert!(
        sc.hexes.iter().all(|h| h.hex != t.hex(4, 1)),
        "only two hexes"
    );
    // Infantry may not.
    t.kind('A', UnitKind::Infantry);
    let sc = t.rules().second_combat(t.id('A'), None).expect("unit");
    assert_eq!(sc.refused, Some(Reason::CavalryOnly));
}

#[test]
fn r5_dragoons_mount_or_dismount_only_under_stand() {
    let mut t = open(Command::Stand);
    t.kind('A', UnitKind::Dragoons);
    let p = t.preview('A');
    let d = p.dragoons.clone().expect("dragoons");
    assert!(d.mounted, "they enter mounted");
    assert_eq!(d.may_switch, Ok(()));
    assert!(
        d.to_string()
            .contains("may dismount this turn and still move the one hex")
    );
    assert_eq!(p.legal().count(), 7, "still one hex");
    // Not on the turn they arrive.
    t.unit('A').state.arrived_this_turn = true;
    assert_eq!(
        t.preview('A').dragoons.expect("dragoons").may_switch,
        Err(SwitchRefused::ArrivedThisTurn)
    );
    // Not under another command.
    let mut t = open(Command::Advance);
    t.kind('A', UnitKind::Dragoons);
    assert_eq!(
        t.preview('A').dragoons.expect("dragoons").may_switch,
        Err(SwitchRefused::NotStand {
            command: Command::Advance
        })
    );
    // Mounted they are cavalry (they may charge); dismounted infantry (Attack under Charge).
    let mut t = open(Command::Charge1);
    t.kind('A', UnitKind::Dragoons);
    assert_eq!(t.preview('A').command.moves_as, Some(Command::Charge1));
    t.unit('A').state.mounted = false;
    assert_eq!(t.preview('A').command.moves_as, Some(Command::Attack));
}

// ---------------------------------------------------------------- other behaviour

#[test]
fn leaders_move_up_to_their_allowance_bound_by_no_command() {
    let mut t = open(Command::Attack);
    t.mp('L', 2);
    let p = t.preview('L');
    assert_eq!(p.command.source, CommandSource::Leader);
    assert!(p.notices.contains(&Notice::LeaderMovesFreely));
    assert_legal(&t, &p, t.at('A'));
    assert_legal(&t, &p, t.hex(0, 0));
}

#[test]
fn previews_refuse_units_off_the_map_and_table_scenarios() {
    let mut t = open(Command::Attack);
    t.unit('A').position = Position::OffMap;
    assert!(matches!(
        t.rules().preview(t.id('A'), None),
        Err(HexError::NotOnMap(_))
    ));
    assert!(matches!(
        HexRules::new(&Scenario::new_table("t")),
        Err(HexError::NotHexMap)
    ));
    assert!(matches!(
        t.rules().span(t.id('A')),
        Err(HexError::NotALeader(_))
    ));
}

#[test]
fn the_enemy_distance_field_is_the_hexx_distance_to_the_nearest_enemy() {
    for (orientation, parity) in [
        (Orientation::Flat, OffsetParity::Even),
        (Orientation::Flat, OffsetParity::Odd),
        (Orientation::Pointy, OffsetParity::Even),
        (Orientation::Pointy, OffsetParity::Odd),
    ] {
        let mut s = generate::hex_battlefield(23, 0.2, 6, 3);
        if let Map::Hex(m) = &mut s.map {
            m.orientation = orientation;
            if let HexShape::Rectangle { parity: p, .. } = &mut m.shape {
                *p = parity;
            }
        }
        let b = Board::new(&s).expect("board");
        let blue = s.sides[0].id;
        let enemies: Vec<Hex> = s
            .units
            .iter()
            .filter(|u| u.side != blue && u.is_combat_unit())
            .filter_map(|u| u.hex().map(|(h, _)| h))
            .filter(|h| b.index_of(*h).is_some())
            .collect();
        assert!(!enemies.is_empty());
        let f = b.side_field(blue).expect("side");
        for i in 0..b.len() {
            let h = b.hex_at(i).expect("hex");
            let want = enemies
                .iter()
                .map(|e| e.unsigned_distance_to(h))
                .min()
                .expect("enemies");
            assert_eq!(
                f.distance(i),
                Some(want as u16),
                "{orientation:?} {parity:?}"
            );
        }
    }
}

// ---------------------------------------------------------------- properties

mod properties {
    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeMap, BinaryHeap};

    #[derive(Clone, Debug)]
    struct World {
        s: Scenario,
        mover: UnitId,
        command: Command,
    }

    fn world() -> impl Strategy<Value = World> {
        (
            (4u32..10, 4u32..10, any::<bool>(), any::<bool>()),
            prop::collection::vec(0u8..8, 100),
            prop::collection::vec((0usize..100, 0u8..6, 0u8..5, any::<bool>(), 1u8..7), 2..9),
            (0usize..9, 1u8..8, 0u8..4),
            prop::collection::vec((0usize..100, 0u8..6, 0u8..16), 0..12),
            any::<[bool; 4]>(),
        )
            .prop_map(
                |((cols, rows, flat, odd), terrain, units, (cmd, span, mover), edges, opts)| {
                    let mut s = Scenario::new_hex("prop");
                    s.terrain_types.clear();
                    let costs = [
                        HexCost::Mp(1),
                        HexCost::Mp(1),
                        HexCost::Mp(1),
                        HexCost::Mp(2),
                        HexCost::Mp(2),
                        HexCost::Mp(3),
                        HexCost::Mp(1),
                        HexCost::Impassable,
                    ];
                    let ids: Vec<TerrainId> = costs
                        .iter()
                        .map(|c| {
                            let id = TerrainId(s.alloc());
                            let mut t = TerrainType::open(id, "t", Colour::rgb(0, 0, 0));
                            t.hex_cost = *c;
                            s.terrain_types.push(t);
                            id
                        })
                        .collect();
                    let mut map = HexMap::filled(
                        if flat {
                            Orientation::Flat
                        } else {
                            Orientation::Pointy
                        },
                        20.0,
                        HexShape::Rectangle {
                            columns: cols,
                            rows,
                            parity: if odd {
                                OffsetParity::Odd
                            } else {
                                OffsetParity::Even
                            },
                        },
                        ids[0],
                    );
                    let n = map.terrain.len();
                    for i in 0..n {
                        map.terrain[i] = ids[terrain[i % terrain.len()] as usize];
                    }
                    let grid = map.grid();
                    for (i, d, bits) in edges {
                        if let Some(h) = grid.hex_at(i % n) {
                            map.set_hexside(
                                h,
                                d,
                                HexsideFeatures {
                                    river: bits & 1 != 0,
                                    wall: bits & 2 != 0,
                                    bridge: bits & 4 != 0,
                                    road: bits & 8 != 0,
                                    blocks_zoc: bits == 15,
                                },
                            );
                        }
                    }
                    s.map = Map::Hex(map);
                    s.rules.zoc.front_only = opts[0];
                    s.rules.zoc.river_blocks = opts[1];
                    s.rules.zoc.wall_blocks = opts[2];
                    if opts[3] {
                        s.rules.hexside_costs.river_extra = None;
                    }
                    let (blue, red) = (s.sides[0].id, s.sides[1].id);
                    let leader = UnitId(s.alloc());
                    let mut taken = std::collections::HashSet::new();
                    let mut placed = Vec::new();
                    for (k, (at, facing, kind, red_side, mp)) in units.iter().enumerate() {
                        let Some(hex) = grid.hex_at(at % n) else {
                            continue;
                        };
                        if !taken.insert(hex) {
                            continue;
                        }
                        let id = UnitId(s.alloc());
                        let side = if k == 0 {
                            blue
                        } else if *red_side {
                            red
                        } else {
                            blue
                        };
                        s.units.push(Unit {
                            stats: Stats {
                                mp: *mp,
                                ..Stats::default()
                            },
                            strength: Strength::full(3),
                            position: Position::Hex {
                                hex,
                                facing: *facing,
                            },
                            leadership: None,
                            commander: (side == blue).then_some(leader),
                            exerts_zoc: k % 5 != 4,
                            ..Unit::new(
                                id,
                                format!("U{k}"),
                                side,
                                [
                                    UnitKind::Infantry,
                                    UnitKind::Cavalry,
                                    UnitKind::Dragoons,
                                    UnitKind::Wagon,
                                    UnitKind::Infantry,
                                ][*kind as usize],
                            )
                        });
                        placed.push((id, side));
                    }
                    let centre = grid.hex_at(n / 2).unwrap_or(Hex::ZERO);
                    s.units.push(Unit {
                        stats: Stats {
                            mp: 4,
                            ..Stats::default()
                        },
                        position: Position::Hex {
                            hex: centre,
                            facing: 0,
                        },
                        leadership: Some(Leadership {
                            command: Command::ALL[cmd],
                            span,
                            superior: None,
                            bonus: 0,
                            rerolls: 0,
                            rerolls_used: 0,
                        }),
                        exerts_zoc: false,
                        ..Unit::new(leader, "General", blue, UnitKind::Leader)
                    });
                    let blues: Vec<UnitId> = placed
                        .iter()
                        .filter(|(_, sd)| *sd == blue)
                        .map(|(id, _)| *id)
                        .collect();
                    let mover = blues[mover as usize % blues.len()];
                    World {
                        s,
                        mover,
                        command: Command::ALL[cmd],
                    }
                },
            )
    }

    /// The enemy ZOC of the mover's side, computed from scratch with hexx.
    fn zoc_of(s: &Scenario, side: SideId) -> Vec<Hex> {
        let m = s.map.as_hex().expect("hex");
        let mut v = Vec::new();
        for u in &s.units {
            if u.side == side
                || !u.in_play()
                || !u.exerts_zoc
                || s.rules.zoc.exempt_kinds.contains(&u.kind.tag())
            {
                continue;
            }
            let Some((h, f)) = u.hex() else { continue };
            for d in 0..6u8 {
                let front = [(f + 5) % 6, f % 6, (f + 1) % 6];
                if s.rules.zoc.front_only && !front.contains(&d) {
                    continue;
                }
                let e = m.hexside(h, d);
                let blocked = e.blocks_zoc
                    || (s.rules.zoc.river_blocks && e.river && !e.bridge)
                    || (s.rules.zoc.wall_blocks && e.wall);
                if !blocked {
                    v.push(h.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize]));
                }
            }
        }
        v
    }

    /// A plain Dijkstra with a binary heap and a map, as a reference for the MP reach.
    fn reference_reach(
        b: &Board,
        s: &Scenario,
        from: Hex,
        budget: u16,
        side: SideId,
    ) -> BTreeMap<(i32, i32), u16> {
        let enemy: Vec<Hex> = s
            .units
            .iter()
            .filter(|u| u.side != side && u.in_play())
            .filter_map(|u| u.hex().map(|(h, _)| h))
            .collect();
        let mut best: BTreeMap<(i32, i32), u16> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        heap.push(std::cmp::Reverse((0u16, from.x, from.y)));
        while let Some(std::cmp::Reverse((c, x, y))) = heap.pop() {
            if best.contains_key(&(x, y)) {
                continue;
            }
            best.insert((x, y), c);
            let h = Hex::new(x, y);
            if h != from && enemy.contains(&h) {
                continue;
            }
            for n in h.all_neighbors() {
                if let Some(step) = b.step_cost(h, n) {
                    let nc = c + step;
                    if nc <= budget && !best.contains_key(&(n.x, n.y)) {
                        heap.push(std::cmp::Reverse((nc, n.x, n.y)));
                    }
                }
            }
        }
        best
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn previews_obey_the_rules(w in world()) {
            let before = w.s.clone();
            let mut rules = HexRules::new(&w.s).expect("hex map");
            let p = rules.preview(w.mover, None).expect("preview");
            // Never mutates the scenario, and is deterministic (also on a fresh board).
            prop_assert_eq!(&w.s, &before);
            prop_assert_eq!(&p, &rules.preview(w.mover, None).expect("again"));
            prop_assert_eq!(&p, &preview_moves(&w.s, w.mover, None).expect("fresh"));

            let b = rules.board();
            let mover = w.s.unit(w.mover).expect("mover");
            let side = mover.side;
            let zoc = zoc_of(&w.s, side);
            let enemies: Vec<Hex> = w.s.units.iter()
                .filter(|u| u.side != side && u.is_combat_unit() && u.in_play())
                .filter_map(|u| u.hex().map(|(h, _)| h))
                .collect();
            let m = w.s.map.as_hex().expect("hex");
            for v in &p.hexes {
                // Every hex costs no more than the allowance; impassable hexes never appear.
                prop_assert!(v.cost <= p.allowance);
                let t = m.terrain_at(v.hex).and_then(|t| w.s.terrain(t)).expect("terrain");
                prop_assert!(v.hex == p.start || t.hex_cost != HexCost::Impassable);
            }
            for v in p.legal() {
                let path = p.path(v.hex).expect("legal hexes have a path");
                prop_assert_eq!(path[0], p.start);
                prop_assert_eq!(*path.last().expect("end"), v.hex);
                // The path's steps add up to the cost.
                let sum: u16 = path.windows(2).map(|s| b.step_cost(s[0], s[1]).expect("step")).sum();
                prop_assert_eq!(sum, v.cost);
                // No legal hex lies past a ZOC stop.
                for h in path.iter().skip(1).take(path.len().saturating_sub(2)) {
                    prop_assert!(!zoc.contains(h), "passes through ZOC at {:?}", h);
                }
                // No legal hex is inside an exclusion.
                let near = enemies.iter().map(|e| e.unsigned_distance_to(v.hex)).min();
                if p.command.moves_as == Some(Command::Muster)
                    || (p.command.moves_as == Some(Command::Reserve) && v.hex != p.start)
                {
                    prop_assert!(near.is_none_or(|d| d > 4), "{:?} within {:?}", v.hex, near);
                }
                if p.command.moves_as == Some(Command::Stand) {
                    prop_assert!(v.hex.unsigned_distance_to(p.start) <= 1);
                }
            }
            // The reach is exactly what a reference Dijkstra finds.
            let got: BTreeMap<(i32, i32), u16> = p.hexes.iter()
                .filter(|v| v.via.is_none())
                .map(|v| ((v.hex.x, v.hex.y), v.cost))
                .collect();
            let reference = reference_reach(b, &w.s, p.start, p.allowance, side);
            let all: Vec<(i32, i32)> = p.hexes.iter().map(|v| (v.hex.x, v.hex.y)).collect();
            let mut want: Vec<(i32, i32)> = reference.keys().copied().collect();
            let mut have = all.clone();
            want.sort_unstable();
            have.sort_unstable();
            prop_assert_eq!(have, want, "the preview lists exactly the MP reach");
            for (k, c) in got {
                prop_assert_eq!(Some(&c), reference.get(&k));
            }
        }

        #[test]
        fn the_reach_and_the_legal_set_grow_with_the_budget(w in world(), extra in 1u8..4) {
            let p = preview_moves(&w.s, w.mover, None).expect("preview");
            let mut more = w.s.clone();
            if let Some(u) = more.unit_mut(w.mover) {
                u.stats.mp = u.stats.mp.saturating_add(extra);
            }
            let q = preview_moves(&more, w.mover, None).expect("preview");
            for v in &p.hexes {
                prop_assert!(q.get(v.hex).is_some(), "{:?} lost with more MP", v.hex);
            }
            // Without a minimum move, more MP never takes a legal end away.
            let min_move = p.constraints.iter().any(|c| matches!(c, Constraint::MinimumMove { .. }));
            if !min_move {
                for v in p.legal() {
                    prop_assert!(q.is_legal(v.hex), "{:?} no longer legal", v.hex);
                }
            }
        }

        #[test]
        fn every_command_previews_within_its_allowance(w in world(), c in 0usize..9) {
            let p = preview_moves(&w.s, w.mover, Some(Command::ALL[c])).expect("preview");
            for v in &p.hexes {
                prop_assert!(v.cost <= p.allowance);
            }
            if let Some(first) = p.hexes.first() {
                prop_assert_eq!(first.hex, p.start);
            }
            let _ = w.command;
        }
    }
}

/// A map whose edge runs through its outer hexes, with A one hex from the west edge.
fn half_hex_map(playable: bool) -> TestMap {
    let mut t = TestMap::new(
        "
        . . . . . .
         . . . . . .
        . A L . . .
         . . . . . .
        . . . . . .
        ",
    );
    t.leader('L', Command::Reserve, 3).mp('A', 2);
    if let Map::Hex(m) = &mut t.s.map {
        m.edge = HexEdge::ThroughHexes { playable };
    }
    t
}

#[test]
fn r5_half_hexes_at_the_edge_are_refused_when_the_scenario_says_unplayable() {
    let t = half_hex_map(false);
    let m = t.s.map.as_hex().expect("hex map");
    let (west, north) = (t.hex(0, 2), t.hex(1, 0));
    assert!(m.is_half_hex(west) && m.is_half_hex(north));
    let p = t.preview('A');
    assert!(
        p.get(west).is_none(),
        "the cut hex west of A is never entered"
    );
    assert!(
        p.get(north).is_none(),
        "nor the cut hexes of the north edge"
    );
    assert_legal(&t, &p, t.hex(1, 1));
    // A unit put there anyway is reported by check.
    let mut s = t.s.clone();
    if let Some(u) = s.unit_mut(t.id('A')) {
        u.position = Position::Hex {
            hex: west,
            facing: 0,
        };
    }
    let report = crate::rules::check::check(&s);
    assert!(
        report
            .iter()
            .any(|p| p.message.contains("stands in half hex 0103")),
        "{report:?}"
    );
}

#[test]
fn r5_half_hexes_at_the_edge_are_entered_when_the_scenario_says_playable() {
    let t = half_hex_map(true);
    let p = t.preview('A');
    assert_legal(&t, &p, t.hex(0, 2));
    assert_legal(&t, &p, t.hex(1, 0));
    let report = crate::rules::check::check(&t.s);
    assert!(!report.iter().any(|p| p.message.contains("half hex")));
}
