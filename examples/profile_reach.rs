//! Runs the 12" reach on the benchmark table 20 times, for profiling with
//! `valgrind --tool=callgrind target/release/examples/profile_reach`.

use sandtable::geom::Point;
use sandtable::model::generate;
use sandtable::rules::reach::{self, Avoid, Board};
fn main() {
    let s = generate::crowded_table(600, 60, 7);
    let side = s.sides[0].id;
    let board = Board::new(&s, side, 0.5);
    let start = Point::new(36.0, 24.0);
    let mut total = 0.0;
    for _ in 0..20 {
        let r = reach::region(&board, start, 12.0, Avoid::standard());
        total += r.area();
    }
    println!("{total}");
}
