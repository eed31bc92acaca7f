//! M42 (R2): command radius and coherency, and follower landing regions, on the busy benchmark
//! table (72" x 48", 60 terrain pieces, 300 enemy models).

use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::m42::{self, MoveType, Options};
use sandtable::rules::reach::{Avoid, Board, Prepared};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

/// A unit of `n` models on 25 mm bases in ranks of six at 1.2" spacing around `centre`.
fn add_unit(s: &mut Scenario, side: SideId, n: usize, centre: Point, ld: u8) -> UnitId {
    let id = UnitId(s.alloc());
    let mut models = Vec::new();
    for k in 0..n {
        let pos = centre + Point::new((k % 6) as f32 * 1.2 - 3.0, (k / 6) as f32 * 1.2);
        models.push(Model {
            id: ModelId(s.alloc()),
            base: Base::Round { diameter_mm: 25.0 },
            pos,
            facing_deg: 0.0,
        });
    }
    s.units.push(Unit {
        stats: Stats {
            mv: 6,
            ld,
            ..Stats::default()
        },
        strength: Strength::full(n as u16),
        position: Position::Table,
        leader_model: models.first().map(|m| m.id),
        models,
        ..Unit::new(id, format!("{n} models"), side, UnitKind::Infantry)
    });
    id
}

struct Scene {
    s: Scenario,
    unit30: UnitId,
    unit1000: UnitId,
}

static SCENE: LazyLock<Scene> = LazyLock::new(|| {
    let mut s = generate::crowded_table(600, 60, 7);
    let side = s.sides[0].id;
    let board = Board::new(&s, side, 0.5);
    let prep = Prepared::new(&board, Point::new(36.0, 24.0), Avoid::standard(), 0.0);
    let centre = (0..400)
        .map(|k| {
            let a = k as f32 * 0.7;
            Point::new(36.0, 24.0) + Point::new(a.cos(), a.sin()) * (k as f32 * 0.02)
        })
        .find(|p| prep.point_blocked(*p).is_none())
        .expect("a free spot near the centre");
    let unit30 = add_unit(&mut s, side, 30, centre, 4);
    // A thousand-model horde for the coherency scaling case (off to one side; it need not be
    // on clear ground for this measurement).
    let unit1000 = add_unit(&mut s, side, 1000, Point::new(10.0, 2.0), 4);
    Scene {
        s,
        unit30,
        unit1000,
    }
});

#[divan::bench(args = [30, 1000])]
fn command_radius_and_coherency(bencher: divan::Bencher, n: usize) {
    let id = if n == 30 {
        SCENE.unit30
    } else {
        SCENE.unit1000
    };
    let unit = SCENE.s.unit(id).expect("unit");
    let leader = unit.models[0].id;
    bencher.bench(|| m42::report(divan::black_box(unit), leader));
}

/// The whole Advance preview of the 30-model unit: leader region, assaults, 29 follower
/// landing regions with a suggested formation, regroups.
#[divan::bench(sample_count = 20)]
fn advance_preview_30_models(bencher: divan::Bencher) {
    bencher.bench(|| {
        m42::preview(
            &SCENE.s,
            SCENE.unit30,
            MoveType::Advance,
            Options::default(),
        )
    });
}

/// The Halt preview of the 30-model unit: no leader move, so this is the 29 follower landing
/// regions with a suggested formation (and any regroups).
#[divan::bench(sample_count = 20)]
fn follower_regions_30_models(bencher: divan::Bencher) {
    bencher.bench(|| m42::preview(&SCENE.s, SCENE.unit30, MoveType::Halt, Options::default()));
}
