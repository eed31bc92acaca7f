//! What the samples are laid out to show: each is valid under its ruleset with fresh IDs,
//! its bases on the table and off impassable ground, its units in their zones, and the
//! situations its rule source is about (the Bakambo column, the 44th Foot, Winceby's chain of
//! command).

use super::*;
use crate::geom::{
    Footprint, Point, point_in_polygon, polygon_boundary_distance, polyline_distance,
};
use crate::model::*;
use std::collections::HashSet;

fn built() -> Vec<(&'static str, Scenario)> {
    ALL.iter()
        .map(|s| (s.name, s.load().expect("every sample loads")))
        .collect()
}

fn sample(name: &str) -> Scenario {
    by_name(name)
        .expect("sample exists")
        .load()
        .expect("the sample loads")
}

fn all_ids(s: &Scenario) -> Vec<u32> {
    let mut ids: Vec<u32> = Vec::new();
    ids.extend(s.sides.iter().map(|x| x.id.0));
    ids.extend(s.terrain_types.iter().map(|x| x.id.0));
    ids.extend(s.pieces.iter().map(|x| x.id.0));
    for u in &s.units {
        ids.push(u.id.0);
        ids.extend(u.models.iter().map(|m| m.id.0));
    }
    ids.extend(s.columns.iter().map(|x| x.id.0));
    ids.extend(s.zones.iter().map(|x| x.id.0));
    ids.extend(s.objectives.iter().map(|x| x.id.0));
    ids.extend(s.reinforcements.iter().map(|x| x.id.0));
    ids
}

fn reinforcing(s: &Scenario) -> HashSet<UnitId> {
    s.reinforcements
        .iter()
        .flat_map(|r| r.units.iter().copied())
        .collect()
}

#[test]
fn every_sample_is_valid_with_its_ruleset_and_fresh_ids() {
    let expected = [
        ("bakambo", Ruleset::ColumnOfMarch),
        ("rearguard", Ruleset::Orders),
        ("skirmish", Ruleset::Orders),
        ("patrol", Ruleset::M42),
        ("winceby", Ruleset::HexCommands),
    ];
    for ((name, s), (want_name, ruleset)) in built().into_iter().zip(expected) {
        assert_eq!(name, want_name);
        assert_eq!(s.validate(), vec![], "{name}");
        assert_eq!(s.rules.ruleset, ruleset, "{name}");
        assert_eq!(s.map.is_hex(), ruleset.needs_hex_map(), "{name}");
        let ids = all_ids(&s);
        assert!(ids.iter().all(|&id| id < s.next_id), "{name}");
        let unique: HashSet<u32> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{name}: an ID is used twice");
        assert_eq!(s.meta.author, "Sandtable samples");
        assert_eq!(s.meta.format_version, FORMAT_VERSION);
        assert!(
            !s.meta.title.is_empty() && s.meta.description.len() > 200,
            "{name}"
        );
        assert!(s.meta.designer_notes.contains("Victory"), "{name}");
        assert!(s.sides.iter().all(|x| x.home_edge.is_some()), "{name}");
        assert!(!s.objectives.is_empty(), "{name}");
        // Every side has a zone, and every leader (and only a leader) has leadership.
        for side in &s.sides {
            assert!(s.zones.iter().any(|z| z.side == side.id), "{name}");
        }
    }
}

/// Whether a base lies wholly on a table of `w` x `h`.
fn on_table(f: &Footprint, w: f32, h: f32) -> bool {
    let inside = |p: Point, margin: f32| {
        p.x - margin >= 0.0 && p.y - margin >= 0.0 && p.x + margin <= w && p.y + margin <= h
    };
    match f {
        Footprint::Circle { centre, radius } => inside(*centre, *radius),
        Footprint::Rect { corners, .. } => corners.iter().all(|c| inside(*c, 0.0)),
    }
}

#[test]
fn free_measure_bases_are_on_the_table_and_never_overlap() {
    for (name, s) in built() {
        let Some(table) = s.map.as_table() else {
            continue;
        };
        let mut feet: Vec<(UnitId, Footprint)> = Vec::new();
        for u in &s.units {
            assert_eq!(
                u.models.len(),
                u.strength.current as usize,
                "{name}: {}",
                u.name
            );
            assert!(!matches!(u.position, Position::Hex { .. }), "{name}");
            if !u.on_table() {
                continue;
            }
            for m in &u.models {
                let f = m.footprint();
                assert!(
                    on_table(&f, table.width_in, table.height_in),
                    "{name}: {} model {} at {} is off the table",
                    u.name,
                    m.id,
                    m.pos
                );
                feet.push((u.id, f));
            }
        }
        for (i, (ua, a)) in feet.iter().enumerate() {
            for (ub, b) in &feet[i + 1..] {
                let d = a.separation(b);
                assert!(
                    d > -0.01,
                    "{name}: bases of {ua} at {} and {ub} at {} overlap by {}",
                    a.centre(),
                    b.centre(),
                    -d
                );
            }
        }
    }
}

#[test]
fn no_base_stands_on_impassable_ground() {
    for (name, s) in built() {
        for piece in &s.pieces {
            let Some(t) = s.terrain(piece.terrain) else {
                continue;
            };
            if !t.impassable {
                continue;
            }
            for u in s.units.iter().filter(|u| u.on_table()) {
                for m in &u.models {
                    let f = m.footprint();
                    let (c, r) = (f.centre(), f.bounding_radius());
                    let clear = match &piece.shape {
                        PieceShape::Polygon(poly) => {
                            !point_in_polygon(c, poly) && polygon_boundary_distance(c, poly) > r
                        }
                        PieceShape::Polyline { points, width_in } => {
                            polyline_distance(c, points) > r + width_in * 0.5
                        }
                    };
                    assert!(clear, "{name}: {} stands on {}", u.name, piece.name);
                }
            }
        }
    }
}

#[test]
fn units_deploy_in_their_zones() {
    for (name, s) in built() {
        let late = reinforcing(&s);
        for u in &s.units {
            if s.column_of(u.id).is_some() || late.contains(&u.id) {
                continue;
            }
            let zones: Vec<&ZoneArea> = s
                .zones
                .iter()
                .filter(|z| z.side == u.side)
                .map(|z| &z.area)
                .collect();
            let in_zone = |p: Place| {
                zones.iter().any(|z| match (z, p) {
                    (ZoneArea::Polygon(poly), Place::Table(pt)) => point_in_polygon(pt, poly),
                    (ZoneArea::Hexes(hexes), Place::Hex(h)) => hexes.contains(&h),
                    _ => false,
                })
            };
            match u.position {
                Position::Table => {
                    for m in &u.models {
                        assert!(
                            in_zone(Place::Table(m.pos)),
                            "{name}: {} at {} is outside its zone",
                            u.name,
                            m.pos
                        );
                    }
                }
                Position::Hex { hex, .. } => {
                    assert!(in_zone(Place::Hex(hex)), "{name}: {}", u.name)
                }
                Position::OffMap | Position::Exited => {
                    panic!("{name}: {} is off the map but not expected", u.name)
                }
            }
        }
    }
}

#[test]
fn hex_units_stand_alone_on_passable_hexes() {
    for (name, s) in built() {
        let Some(map) = s.map.as_hex() else {
            continue;
        };
        let mut taken = HashSet::new();
        for u in &s.units {
            assert!(u.models.is_empty(), "{name}: {}", u.name);
            assert!(!u.on_table(), "{name}");
            if let Some((hex, facing)) = u.hex() {
                assert!(facing < 6);
                assert!(taken.insert(hex), "{name}: {} shares a hex", u.name);
                let t = map.terrain_at(hex).and_then(|t| s.terrain(t));
                assert!(
                    t.is_some_and(|t| t.hex_cost != HexCost::Impassable),
                    "{name}: {} is on an impassable hex",
                    u.name
                );
            }
        }
    }
}

#[test]
fn the_bakambo_column_obeys_r1() {
    let s = sample("bakambo");
    assert_eq!(s.columns.len(), 1);
    let col = &s.columns[0];
    assert_eq!(col.name, "Wilkinson's Column");
    assert_eq!(col.entry.edge, Edge::South);
    let mut on_table = Vec::new();
    for m in &col.members {
        let u = s.unit(m.unit).expect("member exists");
        let n = u.strength.current;
        let (lo, hi) = match n {
            1..=6 => (1, 2),
            7..=12 => (2, 3),
            13..=16 => (3, 4),
            _ => panic!("{} has {n} figures: too many for a column", u.name),
        };
        assert!(
            (lo..=hi).contains(&m.width_figures),
            "{} is {} wide",
            u.name,
            m.width_figures
        );
        assert!(u.stats.discipline > 0 && u.stats.mv > 0);
        if u.on_table() {
            on_table.push(u);
        } else {
            assert_eq!(u.position, Position::OffMap);
        }
    }
    assert_eq!(on_table.len(), 2);
    for pair in on_table.windows(2) {
        let gap = pair[0]
            .models
            .iter()
            .flat_map(|a| {
                pair[1]
                    .models
                    .iter()
                    .map(move |b| a.footprint().separation(&b.footprint()))
            })
            .fold(f32::INFINITY, f32::min);
        assert!(gap > 0.0 && gap <= 2.0, "gap {gap}");
    }
    match &col.last_action {
        Some(ColumnAction::Move { distance_in, route }) => {
            assert_eq!(route, &col.route);
            assert!((distance_in - route[0].distance(route[1])).abs() < 1e-4);
        }
        other => panic!("last action {other:?}"),
    }
}

#[test]
fn the_44th_foot_is_the_worked_example_of_001() {
    let s = sample("rearguard");
    assert!(s.rules.morale_tests);
    let o = s.rules.optional;
    assert!(!o.keep_routers_on_table);
    assert!(
        o.artillery_may_rally && o.artillery_hit_points && o.elephant_stampede && o.morale_rerolls
    );
    let foot = s.find_unit("44th Foot").expect("the 44th is there");
    assert_eq!(foot.quality, Quality::Veteran);
    assert_eq!(
        foot.strength,
        Strength {
            start: 7,
            current: 5
        }
    );
    assert_eq!(foot.strength.lost(), 2);
    assert_eq!(foot.state.morale, Morale::Unsteady);
    assert_eq!(foot.attached_leader, None);
    assert_eq!(foot.stats.rout_in, 12);
    assert!(!foot.has(SpecialRule::Elite) && !foot.state.in_buildings);
    let shelton = s.find_unit("Brigadier Shelton").expect("Shelton is there");
    let l = shelton.leadership.expect("a leader");
    assert_eq!((l.bonus, l.rerolls, l.rerolls_used), (1, 1, 0));
    assert!(
        s.units
            .iter()
            .all(|u| u.attached_leader != Some(shelton.id))
    );
    let near = foot
        .models
        .iter()
        .flat_map(|a| {
            shelton
                .models
                .iter()
                .map(move |b| a.footprint().separation(&b.footprint()))
        })
        .fold(f32::INFINITY, f32::min);
    assert!(near < 3.0, "Shelton is {near}\" from the 44th");
}

#[test]
fn winceby_leaders_chain_to_their_commanders_and_the_map_has_its_features() {
    let s = sample("winceby");
    let top = |name: &str| s.find_unit(name).expect("overall commander").id;
    let manchester = top("Earl of Manchester");
    let henderson = top("Sir John Henderson");
    let leaders: Vec<&Unit> = s.units.iter().filter(|u| u.is_leader()).collect();
    assert_eq!(leaders.len(), 6);
    for l in &leaders {
        let mut id = l.id;
        while let Some(sup) = s
            .unit(id)
            .and_then(|u| u.leadership)
            .and_then(|x| x.superior)
        {
            id = sup;
        }
        let side = s.side(l.side).expect("side exists");
        let want = if side.name.starts_with("Parliament") {
            manchester
        } else {
            henderson
        };
        assert_eq!(id, want, "{} chains to {id}", l.name);
        assert!(l.leadership.is_some_and(|x| x.span > 0));
    }
    let commands: HashSet<Command> = leaders
        .iter()
        .filter_map(|l| l.leadership.map(|x| x.command))
        .collect();
    for c in [
        Command::Advance,
        Command::Charge1,
        Command::Reserve,
        Command::Attack,
        Command::Stand,
    ] {
        assert!(commands.contains(&c), "{c}");
    }
    let map = s.map.as_hex().expect("a hex map");
    assert!(map.terrain.iter().any(|t| {
        s.terrain(*t)
            .is_some_and(|t| t.hex_cost == HexCost::Impassable)
    }));
    assert!(
        map.hexsides
            .iter()
            .any(|h| h.features.river && h.features.bridge)
    );
    assert_eq!(s.rules.zoc.exempt_kinds, ZocOptions::default().exempt_kinds);
    assert_eq!(map.hex_size_mm, 25.0);
    assert_eq!(map.orientation, Orientation::Flat);
}
