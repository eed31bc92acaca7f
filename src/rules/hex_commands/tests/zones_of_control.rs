//! R5 zones of control: who exerts them, where, and what entering one does to a move.

use super::*;

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
