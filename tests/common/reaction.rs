//! Winceby's reaction charge, set up for the tests that play it (the game's and the editor's):
//! a Parliament cavalry move that a Royalist leader may react to.
#![allow(dead_code)]

use sandtable::model::{Scenario, UnitId, UnitKind};
use sandtable::rules::hex_commands::{self, CheckKind};

/// A Parliament cavalry move in Winceby's Movement Phase that a Royalist leader may react to
/// (his check a Command Check): the mover, its destination and the leader who checks.
pub fn reaction_setup(s: &Scenario) -> (UnitId, hexx::Hex, UnitId) {
    for (u, to, path) in parliament_cavalry_moves(s) {
        let Ok(r) = hex_commands::reaction_chargers(s, u, &path) else {
            continue;
        };
        if let Some(l) = r.iter().find_map(|(_, c)| {
            (c.kind == CheckKind::CommandCheck)
                .then(|| c.leader.as_ref().map(|l| l.id))
                .flatten()
        }) {
            return (u, to, l);
        }
    }
    panic!("no Parliament cavalry move in reach of a Royalist leader's cavalry")
}

/// Every move of Winceby's Parliament cavalry on the map, each unit's in its preview's order:
/// the unit, where it ends and its path (start first).
fn parliament_cavalry_moves(s: &Scenario) -> Vec<(UnitId, hexx::Hex, Vec<hexx::Hex>)> {
    let parliament = s
        .sides
        .iter()
        .find(|x| x.name.starts_with("Parliament"))
        .expect("Parliament")
        .id;
    s.units
        .iter()
        .filter(|u| u.side == parliament && u.kind == UnitKind::Cavalry && u.hex().is_some())
        .filter_map(|u| {
            hex_commands::preview_moves(s, u.id, None)
                .ok()
                .map(|pv| (u.id, pv))
        })
        .flat_map(|(u, pv)| {
            pv.legal()
                .filter(|v| v.cost > 0)
                .filter_map(|v| pv.path(v.hex).map(|p| (u, v.hex, p)))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A Parliament cavalry move of Winceby's Movement Phase that halts for a Royalist leader's
/// check, whose pass (a typed 6) lets a unit of his charge that must move to reach the mover
/// (it does not stand next to it already): the mover, its destination, the leader and that
/// charger.
pub fn reaction_setup_at_range(s: &Scenario) -> (UnitId, hexx::Hex, UnitId, UnitId) {
    use sandtable::game;
    use sandtable::model::Place;
    use sandtable::model::game::{Action, Dice};
    for (u, to, _) in parliament_cavalry_moves(s) {
        let mv = Action::Move {
            unit: u,
            order: None,
            to: Some(Place::Hex(to)),
            followers: Vec::new(),
        };
        let Ok(p) = game::play(s, mv, 5) else {
            continue;
        };
        let halted = p.scenario;
        let Some(h) = halted.game.as_ref().and_then(|g| g.state.halted.clone()) else {
            continue;
        };
        let halt = h.path[h.at as usize];
        for l in &h.leaders {
            let check = Action::ReactionCheck {
                leader: *l,
                dice: Dice::Typed(6),
            };
            let Ok(p) = game::play(&halted, check, 5) else {
                continue;
            };
            let Some(h) = p
                .scenario
                .game
                .as_ref()
                .and_then(|g| g.state.halted.clone())
            else {
                continue;
            };
            if let Some(c) = h.chargers.iter().find(|c| {
                p.scenario
                    .unit(**c)
                    .and_then(|x| x.hex())
                    .is_some_and(|(at, _)| at.unsigned_distance_to(halt) > 1)
            }) {
                return (u, to, *l, *c);
            }
        }
    }
    panic!("no halted Parliament cavalry move a Royalist charger must move to reach")
}
