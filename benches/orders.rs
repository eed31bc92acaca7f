//! R3 previews on the skirmish sample ("Trouble at Pike's Farm"): whole previews of its
//! biggest units under each kind of movement, Fall Back! with its search for concealment, and
//! line-of-sight checks.

use sandtable::geom::Point;
use sandtable::model::{Model, ModelId, Scenario, UnitId};
use sandtable::rules::los::{Eye, SightMap};
use sandtable::rules::orders::{self, Action, OrderRequest};
use sandtable::samples;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

static SKIRMISH: LazyLock<Scenario> = LazyLock::new(|| {
    samples::by_name("skirmish")
        .expect("sample")
        .load()
        .expect("the sample loads")
});

fn unit(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect("unit").id
}

/// The sample with the Bowery Boys brought up to ten models.
static TEN: LazyLock<Scenario> = LazyLock::new(|| {
    let mut s = SKIRMISH.clone();
    let id = unit(&s, "The Bowery Boys");
    let first = ModelId(s.next_id);
    s.next_id += 2;
    let u = s.unit_mut(id).expect("unit");
    let template = u.models[0];
    for (k, pos) in [Point::new(35.5, 12.0), Point::new(39.5, 12.5)]
        .into_iter()
        .enumerate()
    {
        u.models.push(Model {
            id: ModelId(first.0 + k as u32),
            pos,
            ..template
        });
    }
    u.strength.start = 10;
    u.strength.current = 10;
    s
});

fn bench_preview(bencher: divan::Bencher, s: &Scenario, name: &str, action: Action) {
    let req = OrderRequest::new(unit(s, name), action);
    bencher.bench(|| orders::preview(divan::black_box(s), req).expect("preview"));
}

/// Ten models at the double off Beacon Knoll: every model measured, capped and uncapped
/// regions, 2" coherency.
#[divan::bench]
fn ten_models_at_the_double(bencher: divan::Bencher) {
    bench_preview(bencher, &TEN, "The Bowery Boys", Action::AtTheDouble);
}

/// Ten models advancing: the leader's region and nine landing regions.
#[divan::bench]
fn ten_models_advance(bencher: divan::Bencher) {
    bench_preview(bencher, &TEN, "The Bowery Boys", Action::Advance);
}

/// Sergeant Cuff's eight: five placed, two stragglers disorderly with coherency.
#[divan::bench]
fn cuffs_section_advance(bencher: divan::Bencher) {
    bench_preview(
        bencher,
        &SKIRMISH,
        "Sergeant Cuff's Section",
        Action::Advance,
    );
}

#[divan::bench]
fn cuffs_section_at_the_double(bencher: divan::Bencher) {
    bench_preview(
        bencher,
        &SKIRMISH,
        "Sergeant Cuff's Section",
        Action::AtTheDouble,
    );
}

/// Open Fire!: the leader's region and sight lines to every enemy model.
#[divan::bench]
fn open_fire_with_targets(bencher: divan::Bencher) {
    bench_preview(bencher, &SKIRMISH, "Inspector Bucket", Action::OpenFire);
}

/// The leader's proposed destination checked exactly (capped, across the field hedge).
#[divan::bench]
fn at_the_double_with_destination(bencher: divan::Bencher) {
    let s = &*SKIRMISH;
    let req = OrderRequest::new(unit(s, "Sergeant Cuff's Section"), Action::AtTheDouble)
        .to(Point::new(14.0, 27.0));
    bencher.bench(|| orders::preview(divan::black_box(s), req).expect("preview"));
}

/// The Sloggers seen by Inspector Bucket: whole-table paths and the concealment search.
#[divan::bench]
fn fall_back_to_concealment(bencher: divan::Bencher) {
    let mut s = SKIRMISH.clone();
    let bucket = unit(&s, "Inspector Bucket");
    s.unit_mut(bucket).expect("unit").models[0].pos = Point::new(20.0, 20.0);
    bench_preview(bencher, &s, "The Sloggers", Action::FallBack);
}

/// One sight line across the table (through the farm), with the map prepared.
#[divan::bench]
fn los_one_line(bencher: divan::Bencher) {
    let sight = SightMap::new(&SKIRMISH);
    let a = Eye {
        pos: Point::new(14.0, 35.0),
        radius: 0.49,
    };
    let b = Eye {
        pos: Point::new(27.0, 16.0),
        radius: 0.49,
    };
    bencher.bench(|| sight.line(divan::black_box(a), divan::black_box(b)));
}

/// Preparing the sight map from the scenario.
#[divan::bench]
fn los_prepare(bencher: divan::Bencher) {
    bencher.bench(|| SightMap::new(divan::black_box(&SKIRMISH)));
}
