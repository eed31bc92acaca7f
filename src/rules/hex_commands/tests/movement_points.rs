//! R5 movement points: terrain and hexside costs, impassable hexes, other units, and half hexes at the map's edge.

use super::*;

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

/// A track or railway across a hexside costs its rate (1 MP unless the scenario says) into the
/// woods, but never more than the ground: across clear ground a track rated 2 still costs 1.
#[test]
fn r5_tracks_and_railways_cost_their_rate_or_the_ground_when_less() {
    let mut t = TestMap::new("L A w w . .");
    t.leader('L', Command::Advance, 3).mp('A', 9);
    let (h1, h2, h3, h4, h5) = (
        t.hex(1, 0),
        t.hex(2, 0),
        t.hex(3, 0),
        t.hex(4, 0),
        t.hex(5, 0),
    );
    let track = HexsideFeatures {
        track: true,
        ..Default::default()
    };
    let railway = HexsideFeatures {
        railway: true,
        ..Default::default()
    };
    t.edge(h1, h2, track)
        .edge(h2, h3, railway)
        .edge(h3, h4, track);
    let p = t.preview('A');
    assert_eq!(cost(&p, h2), 1, "track: 1 MP instead of the woods' 3");
    assert_eq!(cost(&p, h3), 2, "railway: 1 MP instead of the woods' 3");
    assert_eq!(cost(&p, h4), 3, "track into clear: 1 MP");
    assert_eq!(cost(&p, h5), 4);
    t.s.rules.hexside_costs.track_mp = 2;
    t.s.rules.hexside_costs.railway_mp = 3;
    let p = t.preview('A');
    assert_eq!(cost(&p, h2), 2, "track rated 2 into woods");
    assert_eq!(
        cost(&p, h3),
        5,
        "railway rated 3: the woods' 3 is no dearer"
    );
    assert_eq!(
        cost(&p, h4),
        6,
        "track rated 2 into clear still costs the ground's 1"
    );
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

/// Stacking: R5's reading lets one combat unit end in a hex; a scenario's limit of two lets a
/// friend join one more, and a hex holding two is full ("full: … 2 units a hex"). Enemies are
/// never entered whatever the limit, and `check` follows the same limit.
#[test]
fn r5_stacking_limit_lets_friends_share_a_hex_up_to_the_scenarios_limit() {
    let mut t = TestMap::new(
        "
        # # # # # # # #
         L A B C . . . b
        # # # # # # # #
        ",
    );
    t.leader('L', Command::Advance, 4).mp('A', 9);
    let b = t.at('B');
    let p = t.preview('A');
    assert!(matches!(
        reason(&t, &p, b),
        Reason::Occupied { enemy: false, .. }
    ));
    t.s.rules.stacking = Some(2);
    let p = t.preview('A');
    assert_legal(&t, &p, b);
    assert!(matches!(
        reason(&t, &p, t.at('b')),
        Reason::Occupied { enemy: true, .. }
    ));
    // C joins B: the hex holds two, the limit.
    let c_at = t.at('C');
    if let Position::Hex { hex, .. } = &mut t.unit('C').position {
        *hex = b;
    }
    assert!(
        crate::rules::check::check(&t.s)
            .iter()
            .all(|p| !p.message.contains("shares"))
    );
    let p = t.preview('A');
    let full = reason(&t, &p, b);
    assert!(
        matches!(full, Reason::StackFull { limit: 2, .. }),
        "{full:?}"
    );
    assert!(full.to_string().starts_with("full: "), "{full}");
    assert_legal(&t, &p, c_at);
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

/// Boards share the static layer of the last board built while the ground is the same; a change
/// of a hex's terrain, of a terrain's cost or of a hexside is read by the next board.
#[test]
fn a_board_built_again_after_a_change_of_the_ground_reads_the_new_ground() {
    let mut s = crate::model::generate::hex_battlefield(12, 0.0, 0, 5);
    let clear = s.terrain_types[0].id;
    let (a, b) = {
        let h = s.map.as_hex().expect("hex");
        let a = h.grid().hex_at(30).expect("hex");
        (a, a.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[0]))
    };
    let set = |s: &mut Scenario, t: TerrainId| {
        let h = s.map.as_hex_mut().expect("hex");
        let i = h.grid().index_of(b).expect("on the map");
        h.terrain[i] = t;
    };
    set(&mut s, clear);
    let cost = |s: &Scenario| Board::new(s).expect("board").step_cost(a, b);
    assert_eq!(cost(&s), Some(1), "clear");
    assert_eq!(cost(&s), Some(1), "the same ground again");
    // The terrain's cost changed, the cells untouched.
    s.terrain_types[0].hex_cost = HexCost::Mp(3);
    assert_eq!(cost(&s), Some(3));
    // The hex's terrain changed.
    let marsh = TerrainId(s.alloc());
    let mut t = TerrainType::open(marsh, "Marsh", Colour::rgb(0x50, 0x70, 0x50));
    t.hex_cost = HexCost::Impassable;
    s.terrain_types.push(t);
    set(&mut s, marsh);
    assert_eq!(cost(&s), None, "impassable now");
    set(&mut s, clear);
    // A road across the edge: the hexsides changed.
    let d = (0..6)
        .find(|&d| a.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d]) == b)
        .expect("neighbours") as u8;
    s.map.as_hex_mut().expect("hex").hexsides.push(Hexside {
        hex: a,
        direction: d,
        features: HexsideFeatures {
            road: true,
            ..Default::default()
        },
    });
    assert_eq!(cost(&s), Some(1), "the road's rate");
}
