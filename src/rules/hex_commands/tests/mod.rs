//! One test per rule of RULES.md R5, named after it, on small hand-built maps (see `testmap`),
//! one file a topic, and property tests of the preview.

use super::testmap::TestMap;
use super::*;
use crate::model::*;
use hexx::Hex;

mod cavalry;
mod command_tracing;
mod commands;
mod movement_points;
mod previews;
mod properties;
mod zones_of_control;

fn assert_legal(t: &TestMap, p: &MovePreview, h: Hex) {
    assert!(
        p.is_legal(h),
        "({}, {}) should be legal, is {:?}\n{}",
        h.x,
        h.y,
        p.reason(h),
        t.draw(p)
    );
}

fn reason<'a>(t: &TestMap, p: &'a MovePreview, h: Hex) -> &'a Reason {
    p.reason(h).unwrap_or_else(|| {
        panic!(
            "({}, {}) should be rejected, is {:?}\n{}",
            h.x,
            h.y,
            p.get(h),
            t.draw(p)
        )
    })
}

fn cost(p: &MovePreview, h: Hex) -> u16 {
    p.get(h).map(|v| v.cost).expect("hex reached")
}

/// A at (1, 2), the enemy six hexes east.
const OPEN: &str = "
        . . . . . . . .
         . . . . . . . .
        L A . . . . . b
         . . . . . . . .
        . . . . . . . .
        ";

fn open(command: Command) -> TestMap {
    let mut t = TestMap::new(OPEN);
    t.leader('L', command, 3);
    t
}
