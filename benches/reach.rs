//! Free-measure reach on a busy table: 72" x 48", 60 terrain pieces, 300 enemy models.
//! The peer is the exact visibility-graph distance to every lattice node.

use sandtable::geom::Point;
use sandtable::model::{Scenario, SideId, generate};
use sandtable::rules::reach::{self, Avoid, Board, Prepared, exact};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

struct Scene {
    scenario: Scenario,
    side: SideId,
    start: Point,
}

/// 600 models in units of ten, alternating sides: 300 enemies for a mover of the first side.
static SCENE: LazyLock<Scene> = LazyLock::new(|| {
    let scenario = generate::crowded_table(600, 60, 7);
    let side = scenario.sides[0].id;
    let board = Board::new(&scenario, side, 0.5);
    // The free point nearest the table's centre, so the 12" reach is not cut by the edge.
    let prep = Prepared::new(&board, Point::new(36.0, 24.0), Avoid::standard(), 0.0);
    let start = (0..400)
        .map(|k| {
            let a = k as f32 * 0.7;
            Point::new(36.0, 24.0) + Point::new(a.cos(), a.sin()) * (k as f32 * 0.02)
        })
        .find(|p| prep.point_blocked(*p).is_none())
        .expect("a free start near the centre");
    Scene {
        scenario,
        side,
        start,
    }
});

fn board() -> Board {
    Board::new(&SCENE.scenario, SCENE.side, 0.5)
}

#[divan::bench]
fn leader_reach_12in(bencher: divan::Bencher) {
    let board = board();
    bencher.bench(|| {
        reach::region(
            &board,
            divan::black_box(SCENE.start),
            12.0,
            Avoid::standard(),
        )
    });
}

#[divan::bench]
fn leader_reach_24in_at_the_double(bencher: divan::Bencher) {
    let board = board();
    bencher.bench(|| {
        reach::region(
            &board,
            divan::black_box(SCENE.start),
            24.0,
            Avoid::standard(),
        )
    });
}

/// Re-reading every enemy model's exclusion after one moved.
#[divan::bench]
fn exclusion_rebuild(bencher: divan::Bencher) {
    let mut board = board();
    let mut s = SCENE.scenario.clone();
    let enemy = s
        .units
        .iter()
        .position(|u| u.side != SCENE.side)
        .expect("an enemy unit");
    bencher.bench_local(|| {
        s.units[enemy].models[0].pos.x += 0.001;
        board.rebuild_enemies(&s);
    });
}

/// The exact legal path to one destination ~10" away.
#[divan::bench]
fn exact_path_one_destination(bencher: divan::Bencher) {
    let board = board();
    let goal = (0..64)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 64.0;
            SCENE.start + Point::new(a.cos(), a.sin()) * 10.0
        })
        .find(|g| reach::path_to(&board, SCENE.start, *g, 12.0, Avoid::standard()).is_ok())
        .expect("a reachable destination");
    bencher.bench(|| {
        reach::path_to(
            &board,
            SCENE.start,
            divan::black_box(goal),
            12.0,
            Avoid::standard(),
        )
    });
}

/// Peer: exact visibility-graph distances to every lattice node of the same 12" reach.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn peer_visibility_graph_field_12in(bencher: divan::Bencher) {
    let board = board();
    let window = reach::window_for(&board, SCENE.start, 12.0);
    bencher.bench(|| {
        let mut prep = Prepared::new(&board, SCENE.start, Avoid::standard(), 12.0);
        exact::exact_field(&mut prep, &window, 12.5)
    });
}

#[divan::bench]
fn phase_prepare_only(bencher: divan::Bencher) {
    let board = board();
    bencher.bench(|| {
        Prepared::new(
            &board,
            divan::black_box(SCENE.start),
            Avoid::standard(),
            12.0,
        )
        .corners
        .len()
    });
}

#[divan::bench]
fn phase_counts(bencher: divan::Bencher) {
    let board = board();
    let prep = Prepared::new(&board, SCENE.start, Avoid::standard(), 12.0);
    eprintln!(
        "obstacles {} corners {}",
        board.obstacle_count(),
        prep.corners.len()
    );
    bencher.bench(|| 0);
}
