//! R5 tests of reinforcements entering the map and of the reaction charge itself (004), on
//! hand-built maps (see `testmap`).

use super::testmap::TestMap;
use super::*;
use crate::model::*;

/// `c` taken off the map and brought on by a reinforcement due on `turn` at `entry`.
fn reinforce(t: &mut TestMap, c: char, turn: u16, entry: hexx::Hex) {
    let id = t.id(c);
    let side = t.unit(c).side;
    t.unit(c).position = Position::OffMap;
    let rid = ReinforcementId(t.s.alloc());
    t.s.reinforcements.push(Reinforcement {
        id: rid,
        turn,
        side,
        units: vec![id],
        entry: Place::Hex(entry),
    });
}

/// A Blue unit off the map, due to come on at the woods in the north-west corner; Red's `b`
/// in the north-east.
fn arrival_map() -> TestMap {
    let mut t = TestMap::new(
        "
        w . . . . . b
         . . . . . . .
        . . . . . . L
         . . . . . . A
        ",
    );
    t.leader('L', Command::Advance, 10);
    let entry = t.hex(0, 0);
    let turn = t.s.turn;
    reinforce(&mut t, 'A', turn, entry);
    t
}

#[test]
fn r5_reinforcement_due_this_turn_moves_from_its_entry_hex_paying_its_mp() {
    let t = arrival_map();
    let p = t.preview('A');
    let entry = t.hex(0, 0);
    assert_eq!(
        p.entry,
        Some(Entry {
            hex: entry,
            cost: 3,
            turn: t.s.turn
        }),
        "entering the woods costs its 3 MP"
    );
    assert_eq!(p.start, entry);
    assert_eq!(p.get(entry).map(|v| v.cost), Some(3));
    // The entry hex is an end like any other: under Advance it is no closer to b.
    assert!(
        matches!(p.reason(entry), Some(Reason::NotCloser { .. })),
        "{:?}\n{}",
        p.reason(entry),
        t.draw(&p)
    );
    // One more MP takes it a hex east, closer to b.
    assert!(p.is_legal(t.hex(1, 0)), "{}", t.draw(&p));
    assert_eq!(p.get(t.hex(1, 0)).map(|v| v.cost), Some(4));
    assert!(p.get(t.hex(2, 0)).is_none(), "4 MP do not reach two hexes");
    assert_eq!(p.path(t.hex(1, 0)), Some(vec![entry, t.hex(1, 0)]));
}

#[test]
fn r5_reinforcement_entry_hex_in_an_enemy_zoc_ends_its_move_there() {
    let mut t = arrival_map();
    // Red's b beside the entry hex.
    t.unit('b').position = Position::Hex {
        hex: t.hex(1, 0),
        facing: 0,
    };
    let p = t.preview('A');
    let entry = t.hex(0, 0);
    assert!(p.is_legal(entry), "adjacent to b: {}", t.draw(&p));
    assert!(
        matches!(p.reason(t.hex(0, 1)), Some(Reason::BeyondZoc)),
        "{:?}\n{}",
        p.reason(t.hex(0, 1)),
        t.draw(&p)
    );
}

#[test]
fn r5_reinforcement_not_due_yet_is_refused_with_its_turn() {
    let mut t = arrival_map();
    t.s.reinforcements[0].turn = t.s.turn + 1;
    let err = t.rules().preview(t.id('A'), None).expect_err("not due");
    assert_eq!(
        err,
        HexError::NotDueYet {
            name: "Unit A".into(),
            turn: t.s.turn + 1,
            now: t.s.turn
        }
    );
    assert!(
        err.to_string()
            .contains("arrives as a reinforcement on turn")
    );
}

#[test]
fn r5_reinforcement_may_not_charge_on_entry_and_dragoons_enter_mounted() {
    let mut t = arrival_map();
    t.command('L', Command::Charge1)
        .kind('A', UnitKind::Cavalry);
    let p = t.preview('A');
    assert_eq!(p.command.chit, Some(Command::Charge1));
    assert_eq!(p.command.moves_as, Some(Command::Advance));
    assert_eq!(p.allowance, p.mp, "no Charge MP on entry");
    assert!(p.notices.contains(&Notice::NoChargeOnArrival));
    t.kind('A', UnitKind::Dragoons).unit('A').state.mounted = false;
    let p = t.preview('A');
    assert_eq!(p.dragoons.as_ref().map(|d| d.mounted), Some(true));
    assert!(p.notices.contains(&Notice::DragoonsEnterMounted));
    assert_eq!(p.command.moves_as, Some(Command::Advance));
}

/// Red cavalry `a` rides east along the top row past Blue cavalry `B` (under `L`); `row` is
/// the second row (below, lakes that leave one way north, held by Red's `c`).
fn reaction_map(row: &str) -> (TestMap, Vec<hexx::Hex>) {
    let mut t = TestMap::new(&format!(
        "
        a . . . . . . . .
         {row}
        . . . . . . . . .
         . . . . B . . . L
        m . . . . . . . .
        "
    ));
    t.leader('L', Command::Attack, 5)
        .leader('m', Command::Advance, 10)
        .kind('a', UnitKind::Cavalry)
        .kind('B', UnitKind::Cavalry);
    let path = (0..9).map(|x| t.hex(x, 0)).collect();
    (t, path)
}

/// A way round the lakes to the east.
const OPEN: &str = "# # # # c # . . #";
/// No way north but through `c`.
const CLOSED: &str = "# # # # c # # # #";

#[test]
fn r5_reaction_charge_ends_adjacent_to_the_trigger() {
    let (t, path) = reaction_map(". . . . . . . . .");
    let r = reaction_charge(&t.s, t.id('B'), t.id('a'), &path).expect("B may charge");
    assert!(r.trigger_reachable);
    assert!(r.moves.legal().count() > 0, "{}", t.draw(&r.moves));
    assert!(
        r.moves
            .legal()
            .all(|v| v.hex.unsigned_distance_to(r.trigger_at) == 1),
        "{}",
        t.draw(&r.moves)
    );
    // Ends a plain Charge allows, nearer the enemy but not against a.
    assert!(
        r.moves
            .rejected()
            .any(|(_, why)| matches!(why, Reason::MissesTrigger { .. })),
        "{}",
        t.draw(&r.moves)
    );
}

#[test]
fn r5_reaction_charge_at_the_check_point_goes_round_to_the_trigger() {
    let (t, path) = reaction_map(OPEN);
    let r = reaction_charge(&t.s, t.id('B'), t.id('a'), &path).expect("B may charge");
    // B comes within 3 MP as a enters the hex above c.
    assert_eq!(r.check.step, 4);
    assert_eq!(r.trigger_at, t.hex(4, 0));
    assert_eq!(r.check.leader.as_ref().map(|l| l.id), Some(t.id('L')));
    assert_eq!(r.moves.command.chit, Some(Command::Charge1));
    assert_eq!(r.moves.allowance, 6, "MP + 2 under Charge");
    assert!(r.trigger_reachable);
    let legal: Vec<_> = r.moves.legal().map(|v| v.hex).collect();
    assert_eq!(legal, vec![t.hex(5, 0)], "round by the gap to a's side");
    // c's zone of control is no end while a can be reached.
    assert!(matches!(
        r.moves.reason(t.hex(4, 2)),
        Some(Reason::TriggerReachable { trigger, other })
            if trigger.id == t.id('a') && other.id == t.id('c')
    ));
}

#[test]
fn r5_reaction_charge_may_end_in_the_zoc_of_a_non_trigger_only_when_the_trigger_is_unreachable() {
    let (t, path) = reaction_map(CLOSED);
    let r = reaction_charge(&t.s, t.id('B'), t.id('a'), &path).expect("B may charge");
    assert_eq!(r.trigger_at, t.hex(4, 0));
    assert!(!r.trigger_reachable, "c and the lakes bar the way");
    let mut legal: Vec<_> = r.moves.legal().map(|v| v.hex).collect();
    legal.sort_by_key(|h| (h.y, h.x));
    let mut want = vec![t.hex(4, 2), t.hex(5, 2)];
    want.sort_by_key(|h| (h.y, h.x));
    assert_eq!(legal, want, "only c's zone of control, nearer a");
}

#[test]
fn r5_reaction_charge_is_refused_to_units_no_check_point_lets_charge() {
    let (mut t, path) = reaction_map(OPEN);
    // Infantry does not charge.
    t.kind('B', UnitKind::Infantry);
    let err = reaction_charge(&t.s, t.id('B'), t.id('a'), &path).expect_err("infantry");
    assert!(matches!(err, HexError::NoReaction { .. }), "{err}");
    // Cavalry too far from the route.
    let (mut t, path) = reaction_map(OPEN);
    t.unit('B').position = Position::Hex {
        hex: t.hex(0, 4),
        facing: 0,
    };
    t.unit('m').position = Position::Hex {
        hex: t.hex(8, 4),
        facing: 0,
    };
    let err = reaction_charge(&t.s, t.id('B'), t.id('a'), &path[..3]).expect_err("too far");
    assert!(err.to_string().contains("no check point"), "{err}");
}
