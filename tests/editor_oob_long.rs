//! A long order of battle (1,500 units) in the real editor: only the rows in view are laid
//! out, so a frame costs what thirty rows cost however many units the scenario holds, and a
//! unit selected elsewhere (on the map) brings its row into view, however far down it stands.

#[path = "common/harness.rs"]
mod harness;

use harness::editor;
use sandtable::app::command::Command;
use sandtable::model::*;

#[test]
fn a_long_order_of_battle_lays_out_the_rows_in_view_and_follows_a_new_selection() {
    let s = generate::hex_battlefield(40, 0.0, 1500, 3);
    let last = s
        .units
        .iter()
        .find(|u| u.name == "Enemy 1500")
        .expect("the last enemy")
        .id;
    let mut e = editor(s);
    e.click("Order of battle");
    e.h.run();
    assert!(e.shows("Mover"), "the first rows are in view");
    assert!(
        !e.shows("Enemy 1500"),
        "a row far below the panel's view is not laid out"
    );
    let ctx = e.h.ctx.clone();
    e.h.state_mut()
        .perform(&ctx, Command::Select(vec![ItemRef::Unit(last)]));
    for _ in 0..4 {
        e.h.run();
    }
    assert!(
        e.shows("Enemy 1500"),
        "a unit selected elsewhere brings its row into view"
    );
    assert!(
        !e.shows("Mover"),
        "and the top of the list is scrolled away"
    );
}
