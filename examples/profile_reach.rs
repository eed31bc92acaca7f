//! Runs a reach (12" unless an allowance is given) on the benchmark table 20 times, for
//! profiling with `valgrind --tool=callgrind target/release/examples/profile_reach [INCHES]`.

use sandtable::geom::Point;
use sandtable::model::generate;
use sandtable::rules::reach::{self, Avoid, Board};
fn main() {
    let s = generate::crowded_table(600, 60, 7);
    let side = s.sides[0].id;
    let board = Board::new(&s, side, 0.5);
    let start = Point::new(36.0, 24.0);
    // The allowance, in inches: the first argument, 12 by default.
    let allowance: f32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12.0);
    let mut total = 0.0;
    for _ in 0..20 {
        let r = reach::region(&board, start, allowance, Avoid::standard());
        total += r.area();
    }
    println!("{total}");
}
