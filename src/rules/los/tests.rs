//! Line of sight and concealment on small hand-built tables.

use super::*;
use crate::model::{PieceId, TerrainKind, UnitId};
use crate::rules::testkit::{Flag, Table, p};

fn eye(x: f32, y: f32) -> Eye {
    Eye {
        pos: p(x, y),
        radius: 0.5,
    }
}

/// A 48" table with a wood from (20, 20) to (28, 28).
fn wood_table() -> (Table, PieceId) {
    let mut t = Table::new(48.0, 48.0);
    let wood = t.wood("Gallows Wood", (20.0, 20.0), (28.0, 28.0));
    (t, wood)
}

#[test]
fn los_clear_in_the_open() {
    let (t, _) = wood_table();
    let sight = SightMap::new(&t.s);
    let s = sight.line(eye(5.0, 5.0), eye(40.0, 10.0));
    assert!(s.is_clear());
    assert_eq!(s.to_string(), "clear line of sight");
}

#[test]
fn los_blocked_by_wood_names_the_piece() {
    let (t, wood) = wood_table();
    let s = line_of_sight(&t.s, p(10.0, 24.0), p(38.0, 24.0));
    assert!(!s.is_clear());
    assert_eq!(
        s.blocked_by,
        vec![SightBlock::Through {
            piece: wood,
            name: "Gallows Wood".into()
        }]
    );
    assert_eq!(s.to_string(), "Gallows Wood blocks the line of sight");
}

#[test]
fn los_grazing_a_corner_does_not_block() {
    let (t, _) = wood_table();
    let sight = SightMap::new(&t.s);
    // Runs along the wood's north edge, a hair outside.
    assert!(sight.clear(eye(10.0, 19.99), eye(38.0, 19.99)));
    // Clips the corner by a whisker.
    assert!(sight.clear(eye(19.0, 20.0 - 1.0), eye(21.0, 21.0 - 1.0 + 0.001)));
}

#[test]
fn los_model_inside_a_wood_sees_out_within_two_inches() {
    let (t, _) = wood_table();
    let sight = SightMap::new(&t.s);
    // 1.5" inside the west edge, looking west: seen and seeing.
    assert!(sight.clear(eye(21.5, 24.0), eye(5.0, 24.0)));
    assert!(sight.clear(eye(5.0, 24.0), eye(21.5, 24.0)));
}

#[test]
fn los_model_deep_in_a_wood_sees_nothing_outside() {
    let (t, wood) = wood_table();
    let sight = SightMap::new(&t.s);
    let s = sight.line(eye(24.0, 24.0), eye(5.0, 24.0));
    match s.blocked_by.as_slice() {
        [
            SightBlock::TooDeep {
                piece, inside_in, ..
            },
        ] => {
            assert_eq!(*piece, wood);
            assert!((inside_in - 4.0).abs() < 1e-3, "{inside_in}");
        }
        other => panic!("{other:?}"),
    }
    assert!(s.to_string().contains("4.00\" through Gallows Wood"), "{s}");
}

#[test]
fn los_two_models_in_the_same_wood_see_each_other_within_two_inches() {
    let (t, _) = wood_table();
    let sight = SightMap::new(&t.s);
    assert!(sight.clear(eye(22.0, 24.0), eye(23.9, 24.0)));
    assert!(!sight.clear(eye(22.0, 24.0), eye(26.0, 24.0)));
}

#[test]
fn los_a_line_leaving_and_reentering_the_wood_is_blocked() {
    // A U-shaped wood: a model in one arm cannot see into the other arm across the gap
    // beyond 2" in all.
    let mut t = Table::new(48.0, 48.0);
    let woods = t.terrain(
        "Woods",
        TerrainKind::Area,
        &[Flag::BlocksSight, Flag::Conceals],
    );
    let u = t.area(
        "Horseshoe Wood",
        woods,
        &[
            (10.0, 10.0),
            (30.0, 10.0),
            (30.0, 20.0),
            (26.0, 20.0),
            (26.0, 14.0),
            (14.0, 14.0),
            (14.0, 20.0),
            (10.0, 20.0),
        ],
    );
    let sight = SightMap::new(&t.s);
    let s = sight.line(eye(13.0, 18.0), eye(40.0, 18.0));
    assert_eq!(s.blocked_by.len(), 1);
    assert_eq!(s.blocked_by[0].piece(), u);
}

#[test]
fn los_hedge_blocks_the_line() {
    let mut t = Table::new(48.0, 48.0);
    let hedge = t.hedge("Lane hedge", &[(0.0, 18.0), (30.0, 18.0)]);
    let sight = SightMap::new(&t.s);
    let s = sight.line(eye(10.0, 10.0), eye(12.0, 30.0));
    assert_eq!(
        s.blocked_by,
        vec![SightBlock::Across {
            piece: hedge,
            name: "Lane hedge".into()
        }]
    );
    assert_eq!(
        s.to_string(),
        "Lane hedge blocks the line and neither model lines it"
    );
}

#[test]
fn los_model_lining_a_hedge_sees_over_it() {
    let mut t = Table::new(48.0, 48.0);
    t.hedge("Lane hedge", &[(0.0, 18.0), (30.0, 18.0)]);
    let sight = SightMap::new(&t.s);
    // Base edge 0.25" from the hedge's edge: lining it. Both ways round.
    let liner = eye(10.0, 18.0 + 0.25 + 0.25 + 0.5);
    assert!(sight.clear(liner, eye(12.0, 5.0)));
    assert!(sight.clear(eye(12.0, 5.0), liner));
    // Three inches back it no longer lines the hedge.
    assert!(!sight.clear(eye(10.0, 21.0 + 0.25 + 0.5), eye(12.0, 5.0)));
}

#[test]
fn los_lining_one_stretch_does_not_see_over_a_far_stretch() {
    // An L-shaped hedge: lining the east-west arm does not let the model see over the
    // north-south arm 10" away.
    let mut t = Table::new(48.0, 48.0);
    t.hedge("Orchard hedge", &[(10.0, 18.0), (30.0, 18.0), (30.0, 40.0)]);
    let sight = SightMap::new(&t.s);
    let liner = eye(20.0, 19.0);
    assert!(!sight.clear(liner, eye(40.0, 25.0)));
}

#[test]
fn los_terrain_that_does_not_block_sight_is_ignored() {
    let mut t = Table::new(48.0, 48.0);
    let hill = t.terrain("Bare hill", TerrainKind::Area, &[Flag::BareHill]);
    t.rect("Beacon Knoll", hill, (20.0, 20.0), (28.0, 28.0));
    let marsh = t.terrain(
        "Marsh",
        TerrainKind::Area,
        &[Flag::Difficult, Flag::Dangerous],
    );
    t.rect("Mill Marsh", marsh, (30.0, 20.0), (34.0, 28.0));
    let sight = SightMap::new(&t.s);
    assert!(sight.is_empty());
    assert!(sight.clear(eye(5.0, 24.0), eye(45.0, 24.0)));
}

#[test]
fn los_every_blocking_piece_is_listed() {
    let mut t = Table::new(48.0, 48.0);
    let a = t.wood("West Wood", (10.0, 20.0), (14.0, 28.0));
    let b = t.hedge("Hedge", &[(20.0, 10.0), (20.0, 40.0)]);
    let c = t.wood("East Wood", (30.0, 20.0), (34.0, 28.0));
    let s = line_of_sight(&t.s, p(2.0, 24.0), p(45.0, 24.0));
    let pieces: Vec<PieceId> = s.blocked_by.iter().map(|b| b.piece()).collect();
    assert_eq!(pieces, vec![a, b, c]);
}

#[test]
fn r3_concealed_in_concealing_terrain_even_in_sight() {
    let (t, wood) = wood_table();
    let sight = SightMap::new(&t.s);
    let viewer = eye(10.0, 24.0);
    let target = eye(21.0, 24.0);
    assert!(sight.clear(viewer, target), "in sight, 1\" into the wood");
    assert_eq!(
        sight.concealed(viewer, target),
        Some(Concealed::InTerrain {
            piece: wood,
            name: "Gallows Wood".into()
        })
    );
}

#[test]
fn r3_concealed_when_out_of_sight() {
    let (t, wood) = wood_table();
    let sight = SightMap::new(&t.s);
    match sight.concealed(eye(10.0, 24.0), eye(38.0, 24.0)) {
        Some(Concealed::OutOfSight { block }) => assert_eq!(block.piece(), wood),
        other => panic!("{other:?}"),
    }
}

#[test]
fn r3_not_concealed_in_the_open() {
    let (t, _) = wood_table();
    let sight = SightMap::new(&t.s);
    assert_eq!(sight.concealed(eye(10.0, 5.0), eye(38.0, 5.0)), None);
}

#[test]
fn r3_concealed_behind_a_concealing_hedge_it_lines() {
    let mut t = Table::new(48.0, 48.0);
    let bocage = t.terrain("Bocage", TerrainKind::Linear, &[Flag::Conceals]);
    let hedge = t.line("Bocage", bocage, 0.5, &[(0.0, 18.0), (30.0, 18.0)]);
    let sight = SightMap::new(&t.s);
    let liner = eye(10.0, 19.0);
    // Seen over the hedge (it lines it, and the hedge does not block sight) but concealed.
    assert!(sight.clear(eye(10.0, 5.0), liner));
    assert_eq!(
        sight.concealed(eye(10.0, 5.0), liner),
        Some(Concealed::BehindObstacle {
            piece: hedge,
            name: "Bocage".into()
        })
    );
    // From its own side of the hedge it is in the open.
    assert_eq!(sight.concealed(eye(10.0, 30.0), liner), None);
}

#[test]
fn r3_unit_concealed_from_every_enemy_within_aw() {
    let (mut t, _) = wood_table();
    let (blue, red) = (t.blue, t.red);
    // Behind the wood from the enemy.
    let ours = t.unit(blue, "Sloggers", 6, &[(32.0, 24.0), (32.0, 25.5)]);
    let theirs = t.unit(red, "Constables", 6, &[(14.0, 24.0), (14.0, 25.5)]);
    let sight = SightMap::new(&t.s);
    let u = t.s.unit(ours).expect("unit");
    let c = unit_concealment(&t.s, &sight, u);
    assert_eq!(c.within_aw.len(), 1);
    assert_eq!(c.within_aw[0].unit, theirs);
    assert_eq!(c.within_aw[0].sees, None);
    assert!(c.concealed_from_all);
}

#[test]
fn r3_unit_with_no_enemy_within_aw_counts_as_concealed() {
    let (mut t, _) = wood_table();
    let (blue, red) = (t.blue, t.red);
    let ours = t.unit(blue, "Sloggers", 6, &[(5.0, 5.0)]);
    t.unit(red, "Constables", 6, &[(40.0, 40.0)]);
    let sight = SightMap::new(&t.s);
    let c = unit_concealment(&t.s, &sight, t.s.unit(ours).expect("unit"));
    assert!(c.within_aw.is_empty());
    assert!(c.concealed_from_all);
}

#[test]
fn r3_unit_seen_by_one_enemy_within_aw_is_not_concealed() {
    let (mut t, _) = wood_table();
    let (blue, red) = (t.blue, t.red);
    let ours = t.unit(blue, "Sloggers", 6, &[(32.0, 24.0), (32.0, 10.0)]);
    let west = t.unit(red, "West of the wood", 6, &[(14.0, 24.0)]);
    let sees = t.unit(red, "In the open", 6, &[(40.0, 10.0)]);
    let sight = SightMap::new(&t.s);
    let c = unit_concealment(&t.s, &sight, t.s.unit(ours).expect("unit"));
    assert!(!c.concealed_from_all);
    let by: Vec<(UnitId, bool)> = c
        .within_aw
        .iter()
        .map(|w| (w.unit, w.sees.is_some()))
        .collect();
    assert_eq!(by, vec![(sees, true), (west, true)]);
}
