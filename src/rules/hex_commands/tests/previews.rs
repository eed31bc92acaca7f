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

/// A move's preview reads the enemy distances only near its unit (`NearField`): within the
/// steps its MP buy (and one more, the neighbours its search looks at) they must be the whole
/// map's, nearest enemy included, on every grid and for starts near and far from the enemy.
#[test]
fn the_enemy_distance_near_a_unit_is_the_whole_maps_field() {
    use crate::rules::hex_commands::side_field::NearField;
    let mut near = NearField::default();
    for (k, (orientation, parity)) in [
        (Orientation::Flat, OffsetParity::Even),
        (Orientation::Flat, OffsetParity::Odd),
        (Orientation::Pointy, OffsetParity::Even),
        (Orientation::Pointy, OffsetParity::Odd),
    ]
    .into_iter()
    .enumerate()
    {
        // Few enemies on a wide map, so some starts are far from them; then many.
        for enemies in [3, 40] {
            let mut s = generate::hex_battlefield(31, 0.2, enemies, 11 + k as u64);
            if let Map::Hex(m) = &mut s.map {
                m.orientation = orientation;
                if let HexShape::Rectangle { parity: p, .. } = &mut m.shape {
                    *p = parity;
                }
            }
            let b = Board::new(&s).expect("board");
            for side in [s.sides[0].id, s.sides[1].id] {
                let whole = b.side_field(side).expect("side").clone();
                let at = b.side_index(side).expect("side");
                let marks = b.marks(at);
                for start in (0..b.len()).step_by(37) {
                    for steps in [0u16, 3, 8] {
                        let d0 = near.begin(&b, marks, start as u32);
                        assert_eq!(d0, whole.dist[start], "start {start}");
                        near.settle(&b, marks, d0, steps);
                        let from = b.hex_at(start).expect("hex");
                        for i in 0..b.len() {
                            let h = b.hex_at(i).expect("hex");
                            if from.unsigned_distance_to(h) > u32::from(steps) + 1 {
                                continue;
                            }
                            let what = format!("{orientation:?} {parity:?} {start}+{steps}: {i}");
                            assert_eq!(near.dist[i], whole.dist[i], "{what}");
                            if whole.dist[i] != NO_ENEMY {
                                assert_eq!(near.nearest[i], whole.nearest[i], "{what}");
                            }
                        }
                    }
                }
            }
        }
    }
}
