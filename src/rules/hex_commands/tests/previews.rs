//! R5 previews beyond the commands: leaders' moves, what a preview refuses, the enemy distance field.

use super::*;

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
