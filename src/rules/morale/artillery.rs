//! Artillery under R4 (light, medium, heavy, siege; foot or horse): the first failure makes it
//! unsteady and it limbers and retires 2D6" (foot) or 3D6" (horse); a second failure routs it,
//! with the guns if limbered, abandoning them if not; routed guns are removed unless the
//! optional rule lets them rally. Siege guns never move.

use super::outcome::{Distance, Effect, MoveKind, Movement, Outcome, Removal};
use crate::model::{Draught, GunClass, UnitState};
use crate::rules::dice::Dice;

/// The first failure (good order to unsteady) of guns of `class` drawn by `draught`: they
/// limber and retire, unless they are siege guns, which never move.
pub(super) fn first_failure(class: GunClass, draught: Draught, o: &mut Outcome) {
    if class == GunClass::Siege {
        o.effects.push(Effect::NeverMoves);
    } else {
        o.limbers = true;
        o.effects.push(Effect::Limbers);
        o.movement = Some(Movement {
            kind: MoveKind::Retire,
            distance: Distance::Dice(match draught {
                Draught::Foot => Dice::TwoD6,
                Draught::Horse => Dice::ThreeD6,
            }),
        });
    }
}

/// Guns in `state` routing: the crew routs with the guns if limbered, abandoning them if not;
/// they rout `rout_move` when they `may_rally` (optional rule), else they are removed.
pub(super) fn routs(state: &UnitState, may_rally: bool, rout_move: Movement, o: &mut Outcome) {
    if state.limbered {
        o.effects.push(Effect::RoutsWithGuns);
    } else if !state.guns_abandoned {
        o.abandons_guns = true;
        o.effects.push(Effect::AbandonsGuns);
    }
    if may_rally {
        o.movement = Some(rout_move);
    } else {
        o.remove(Removal::RoutedGuns);
    }
}
