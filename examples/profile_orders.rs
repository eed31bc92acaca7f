//! Runs the skirmish sample's At the Double! preview of Sergeant Cuff's Section 50 times, for
//! profiling with `perf record target/release/examples/profile_orders`.

use sandtable::model::samples;
use sandtable::rules::orders::{self, Action, OrderRequest};

fn main() {
    let s = (samples::by_name("skirmish").expect("sample").build)();
    let id = s.find_unit("Sergeant Cuff's Section").expect("unit").id;
    let mut total = 0.0;
    for _ in 0..50 {
        let pv = orders::preview(&s, OrderRequest::new(id, Action::AtTheDouble)).expect("preview");
        total += pv.models.len() as f32;
    }
    println!("{total}");
}
