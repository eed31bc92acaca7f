//! Runs an M42 preview (Advance unless a move type is given) of a 30-model unit on the
//! benchmark table, for profiling with
//! `valgrind --tool=callgrind target/release/examples/profile_m42 [MOVE]`.

use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::m42::{self, MoveType, Options};

fn main() {
    let mut s = generate::crowded_table(600, 60, 7);
    let side = s.sides[0].id;
    let id = UnitId(s.alloc());
    let mut models = Vec::new();
    for k in 0..30 {
        let pos = Point::new(33.0 + (k % 6) as f32 * 1.2, 27.0 + (k / 6) as f32 * 1.2);
        models.push(Model {
            id: ModelId(s.alloc()),
            base: Base::Round { diameter_mm: 25.0 },
            pos,
            facing_deg: 0.0,
        });
    }
    s.units.push(Unit {
        id,
        name: "30".into(),
        side,
        kind: UnitKind::Infantry,
        quality: Quality::Regular,
        stats: Stats {
            mv: 6,
            ld: 4,
            ..Stats::default()
        },
        strength: Strength::full(30),
        special: vec![],
        position: Position::Table,
        leader_model: models.first().map(|m| m.id),
        models,
        leadership: None,
        commander: None,
        attached_leader: None,
        exerts_zoc: true,
        state: UnitState::default(),
    });
    // The move type: the first argument (`halt` previews only the followers), Advance by
    // default.
    let move_type = std::env::args()
        .nth(1)
        .and_then(|a| MoveType::parse(&a))
        .unwrap_or(MoveType::Advance);
    let mut n = 0;
    for _ in 0..5 {
        let p = m42::preview(&s, id, move_type, Options::default()).expect("unit");
        n += p.followers.len();
    }
    println!("{n}");
}
