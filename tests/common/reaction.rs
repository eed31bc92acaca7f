//! Winceby's reaction charge, set up for the tests that play it (the game's and the editor's):
//! a Parliament cavalry move that a Royalist leader may react to.
#![allow(dead_code)]

use sandtable::model::{Scenario, UnitId, UnitKind};
use sandtable::rules::hex_commands::{self, CheckKind};

/// A Parliament cavalry move in Winceby's Movement Phase that a Royalist leader may react to
/// (his check a Command Check): the mover, its destination and the leader who checks.
pub fn reaction_setup(s: &Scenario) -> (UnitId, hexx::Hex, UnitId) {
    let parliament = s
        .sides
        .iter()
        .find(|x| x.name.starts_with("Parliament"))
        .expect("Parliament")
        .id;
    for u in s
        .units
        .iter()
        .filter(|u| u.side == parliament && u.kind == UnitKind::Cavalry && u.hex().is_some())
    {
        let Ok(pv) = hex_commands::preview_moves(s, u.id, None) else {
            continue;
        };
        for v in pv.legal().filter(|v| v.cost > 0) {
            let Some(path) = pv.path(v.hex) else { continue };
            let Ok(r) = hex_commands::reaction_chargers(s, u.id, &path) else {
                continue;
            };
            if let Some(l) = r.iter().find_map(|(_, c)| {
                (c.kind == CheckKind::CommandCheck)
                    .then(|| c.leader.as_ref().map(|l| l.id))
                    .flatten()
            }) {
                return (u.id, v.hex, l);
            }
        }
    }
    panic!("no Parliament cavalry move in reach of a Royalist leader's cavalry")
}
