//! One end of a sight line: the centre of a base and its radius, or a bare point.

use crate::geom::Point;
use crate::model::Model;

/// One end of a sight line: the centre of a base and the base's radius (0 for a bare point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    pub pos: Point,
    pub radius: f32,
}

impl Eye {
    pub fn point(pos: Point) -> Eye {
        Eye { pos, radius: 0.0 }
    }

    pub fn of(model: &Model) -> Eye {
        Eye {
            pos: model.pos,
            radius: crate::rules::reach::mover_radius(model),
        }
    }
}
