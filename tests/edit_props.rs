//! Property tests of the edit layer on the sample scenarios: any sequence of edits leaves a
//! valid scenario after every step (refused edits change nothing), and undoing every step
//! returns the scenario opened, redoing them all the scenario reached.

use proptest::prelude::*;
use sandtable::edit::{Document, Edit};
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::samples;

const SAMPLES: [&str; 5] = ["bakambo", "patrol", "skirmish", "rearguard", "winceby"];

/// An edit described by numbers, turned into a real edit against the scenario of the moment
/// (so it names items that exist, or existed).
#[derive(Clone, Debug)]
enum Op {
    MoveUnit(usize, f32, f32),
    RemoveUnit(usize),
    RemovePiece(usize),
    RemoveZone(usize),
    RemoveObjective(usize),
    RemoveColumn(usize),
    RemoveSide(usize),
    RemoveTerrain(usize, usize),
    PaintHex(i32, i32, usize),
    Turn(u16),
    Strength(usize, u16),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..40usize, -6.0f32..6.0, -6.0f32..6.0).prop_map(|(i, x, y)| Op::MoveUnit(i, x, y)),
        (0..40usize).prop_map(Op::RemoveUnit),
        (0..20usize).prop_map(Op::RemovePiece),
        (0..5usize).prop_map(Op::RemoveZone),
        (0..5usize).prop_map(Op::RemoveObjective),
        (0..3usize).prop_map(Op::RemoveColumn),
        (0..3usize).prop_map(Op::RemoveSide),
        (0..10usize, 0..10usize).prop_map(|(a, b)| Op::RemoveTerrain(a, b)),
        (-2..25i32, -2..25i32, 0..10usize).prop_map(|(q, r, t)| Op::PaintHex(q, r, t)),
        (0..60u16).prop_map(Op::Turn),
        (0..40usize, 0..12u16).prop_map(|(i, n)| Op::Strength(i, n)),
    ]
}

fn edit(s: &Scenario, op: &Op) -> Option<Edit> {
    let nth = |n: usize, len: usize| (len > 0).then(|| n % len);
    Some(match *op {
        Op::MoveUnit(i, dx, dy) => {
            let mut u = s.units.get(nth(i, s.units.len())?)?.clone();
            for m in &mut u.models {
                m.pos += Point::new(dx, dy);
            }
            if let Position::Hex { hex, facing } = u.position {
                u.position = Position::Hex {
                    hex: hex + hexx::Hex::new(dx as i32, dy as i32),
                    facing,
                };
            }
            Edit::PutUnit(Box::new(u))
        }
        Op::RemoveUnit(i) => Edit::RemoveUnit(s.units.get(nth(i, s.units.len())?)?.id),
        Op::RemovePiece(i) => Edit::RemovePiece(s.pieces.get(nth(i, s.pieces.len())?)?.id),
        Op::RemoveZone(i) => Edit::RemoveZone(s.zones.get(nth(i, s.zones.len())?)?.id),
        Op::RemoveObjective(i) => {
            Edit::RemoveObjective(s.objectives.get(nth(i, s.objectives.len())?)?.id)
        }
        Op::RemoveColumn(i) => Edit::RemoveColumn(s.columns.get(nth(i, s.columns.len())?)?.id),
        Op::RemoveSide(i) => Edit::RemoveSide(s.sides.get(nth(i, s.sides.len())?)?.id),
        Op::RemoveTerrain(a, b) => {
            let n = s.terrain_types.len();
            Edit::RemoveTerrain {
                id: s.terrain_types.get(nth(a, n)?)?.id,
                replacement: s.terrain_types.get(nth(b, n)?)?.id,
            }
        }
        Op::PaintHex(q, r, t) => {
            let n = s.terrain_types.len();
            Edit::SetHexTerrain(vec![(
                hexx::Hex::new(q, r),
                s.terrain_types.get(nth(t, n)?)?.id,
            )])
        }
        Op::Turn(t) => Edit::SetTurn(t),
        Op::Strength(i, n) => {
            let mut u = s.units.get(nth(i, s.units.len())?)?.clone();
            u.strength.current = n;
            Edit::PutUnit(Box::new(u))
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn every_step_is_valid_and_undo_redo_walk_the_same_states(
        sample in 0..SAMPLES.len(),
        ops in proptest::collection::vec(op(), 1..25),
    ) {
        let start = samples::by_name(SAMPLES[sample]).expect("sample").load().expect("the sample loads");
        prop_assert!(start.validate().is_empty());
        let mut doc = Document::new(start.clone(), None);
        let mut states = vec![start.clone()];
        for (k, op) in ops.iter().enumerate() {
            let Some(e) = edit(doc.scenario(), op) else { continue };
            let before = doc.scenario().clone();
            let steps = doc.history().1;
            match doc.apply(&format!("step {k}"), vec![e]) {
                Ok(()) => {
                    prop_assert!(
                        doc.scenario().validate().is_empty(),
                        "{op:?} left {:?}",
                        doc.scenario().validate()
                    );
                    if doc.history().1 > steps {
                        states.push(doc.scenario().clone());
                    } else {
                        // An edit that changes nothing adds no step.
                        prop_assert!(doc.scenario() == &before);
                    }
                }
                Err(_) => prop_assert!(doc.scenario() == &before, "a refused edit changed the scenario"),
            }
        }
        let end = doc.scenario().clone();
        for expected in states.iter().rev().skip(1) {
            prop_assert!(doc.undo().is_some());
            prop_assert!(doc.scenario() == expected);
        }
        prop_assert!(doc.undo().is_none());
        prop_assert!(doc.scenario() == &start);
        while doc.redo().is_some() {}
        prop_assert!(doc.scenario() == &end);
    }
}
