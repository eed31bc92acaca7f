//! R1 column moves on the Bakambo table (17 terrain pieces, 55 slaver figures), with Wilkinson's
//! column doubled to 10 units (136 figures; five on the table, five waiting off it).
//!
//! The goal (issue 4): a 10-unit column moving 12" along a 20-vertex route in under 50
//! microseconds. Beside it: the straight-on move, Stand To (reading the column alone), and the
//! moves a failed order forces (along the track, and straight on with a detour search, which
//! runs the exact path search of `rules::reach`).

use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::column::{self, Activation, Order};
use sandtable::samples;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

struct Scene {
    scenario: Scenario,
    column: ColumnId,
    route: Vec<Point>,
}

static SCENE: LazyLock<Scene> = LazyLock::new(|| {
    let mut s = samples::by_name("bakambo")
        .expect("bakambo sample")
        .load()
        .expect("the sample loads");
    let col = s.columns[0].clone();
    // A second echelon: a copy of each unit, waiting off table behind the first.
    let mut members = col.members.clone();
    for m in &col.members {
        let mut u = s.unit(m.unit).expect("member").clone();
        u.id = UnitId(s.alloc());
        u.name = format!("{} (2nd)", u.name);
        u.position = Position::OffMap;
        for model in &mut u.models {
            model.id = ModelId(s.alloc());
        }
        u.leader_model = None;
        members.push(ColumnMember {
            unit: u.id,
            width_figures: m.width_figures,
        });
        s.units.push(u);
    }
    let lead = col.members[0].unit;
    s.unit_mut(lead).expect("lead").stats.mv = 12;
    let c = s
        .columns
        .iter_mut()
        .find(|c| c.id == col.id)
        .expect("column");
    c.members = members;
    assert!(s.validate().is_empty());
    // 20 vertices weaving up the track from the lead's front (24, 33.5), 0.9" apart.
    let route = (1..=20)
        .map(|k| {
            let y = 33.5 - k as f32 * 0.9;
            let x = 24.0 + if k % 2 == 0 { 0.3 } else { -0.3 } + (33.5 - y) / 8.0;
            Point::new(x, y)
        })
        .collect();
    Scene {
        scenario: s,
        column: col.id,
        route,
    }
});

fn ordered(distance: f32, route: Option<Vec<Point>>) -> Activation {
    Activation::Ordered(Order::Move {
        distance_in: distance,
        route,
    })
}

/// The goal: 10 units, 12" along a drawn 20-vertex route.
#[divan::bench]
fn column_10_units_12in_20_vertex_route(bencher: divan::Bencher) {
    let act = ordered(12.0, Some(SCENE.route.clone()));
    let pv = column::preview(&SCENE.scenario, SCENE.column, act.clone()).expect("preview");
    assert_eq!(pv.units.len(), 10);
    assert!((pv.moved_in - 12.0).abs() < 1e-3 && pv.legal);
    bencher
        .with_inputs(|| act.clone())
        .bench_values(|act| column::preview(&SCENE.scenario, SCENE.column, act));
}

#[divan::bench]
fn column_10_units_12in_straight_on(bencher: divan::Bencher) {
    bencher
        .with_inputs(|| ordered(12.0, None))
        .bench_values(|act| column::preview(&SCENE.scenario, SCENE.column, act));
}

#[divan::bench]
fn column_10_units_stand_to(bencher: divan::Bencher) {
    bencher.bench(|| {
        column::preview(
            &SCENE.scenario,
            SCENE.column,
            Activation::Ordered(Order::StandTo),
        )
    });
}

/// A failed order on the track: the lead follows the road.
#[divan::bench]
fn column_failed_order_along_the_road(bencher: divan::Bencher) {
    bencher.bench(|| column::preview(&SCENE.scenario, SCENE.column, Activation::Failed));
}

/// A failed order with no road to follow (the track taken up) and a patch of jungle across the
/// way north: straight on with a detour found by the exact path search.
#[divan::bench(sample_count = 20)]
fn column_failed_order_detour(bencher: divan::Bencher) {
    let mut s = SCENE.scenario.clone();
    s.pieces.retain(|p| p.name != "Bakambo track");
    let jungle = s
        .terrain_types
        .iter()
        .find(|t| t.name == "Jungle")
        .expect("jungle")
        .id;
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: "Thorn brake".into(),
        terrain: jungle,
        shape: PieceShape::Polygon(vec![
            Point::new(21.0, 20.0),
            Point::new(27.0, 20.0),
            Point::new(27.0, 24.0),
            Point::new(21.0, 24.0),
        ]),
    });
    let pv = column::preview(&s, SCENE.column, Activation::Failed).expect("preview");
    assert!(matches!(pv.route_kind, column::RouteKind::Detour { .. }));
    bencher.bench(|| column::preview(&s, SCENE.column, Activation::Failed));
}
