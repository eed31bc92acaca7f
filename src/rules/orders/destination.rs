//! The exact check of one proposed leader destination: the shortest legal path, its length,
//! and why it is illegal when it is.

use super::lattice::Lattice;
use super::path::{PathOut, round_in, round_point};
use super::verdict::{Crossing, DestinationCheck, Illegal, MEASURE_TOLERANCE_IN, PieceRef};
use super::why::Why;
use crate::geom::Point;
use crate::model::{Model, PieceId, Scenario};
use crate::rules::reach::{self, Avoid, Blocker, Unreachable};

/// A destination refused before measuring.
pub(super) fn refused(to: Point, why: Illegal) -> DestinationCheck {
    DestinationCheck {
        to: round_point(to),
        legal: false,
        path: None,
        allowance_in: 0.0,
        direction: None,
        reason: Some(Why::new(why)),
    }
}

fn legal(to: Point, path: reach::exact::Path, allowance: f32) -> DestinationCheck {
    DestinationCheck {
        to: round_point(to),
        legal: true,
        path: Some(PathOut::new(path.points, path.length)),
        allowance_in: allowance,
        direction: None,
        reason: None,
    }
}

fn illegal(to: Point, allowance: f32, why: Illegal) -> DestinationCheck {
    DestinationCheck {
        allowance_in: allowance,
        ..refused(to, why)
    }
}

/// An unreachable destination in words.
pub(super) fn unreachable(s: &Scenario, u: Unreachable, allowance: f32) -> Illegal {
    match u {
        Unreachable::Blocked(b) => blocked(s, b, allowance),
        Unreachable::Enclosed => Illegal::Enclosed,
        Unreachable::TooFar { length } => Illegal::TooFar {
            length_in: round_in(length),
            allowance_in: allowance,
        },
    }
}

fn piece_ref(s: &Scenario, id: PieceId) -> PieceRef {
    PieceRef {
        id,
        name: s
            .piece(id)
            .map_or_else(|| id.to_string(), |p| p.name.clone()),
    }
}

fn blocked(s: &Scenario, b: Blocker, cap: f32) -> Illegal {
    match b {
        Blocker::Impassable(p) => Illegal::Impassable {
            piece: piece_ref(s, p),
        },
        Blocker::Enemy(unit, _) => Illegal::NearEnemy {
            unit,
            name: s
                .unit(unit)
                .map_or_else(|| unit.to_string(), |u| u.name.clone()),
        },
        Blocker::Column(unit, _) => Illegal::InColumn {
            unit,
            name: s
                .unit(unit)
                .map_or_else(|| unit.to_string(), |u| u.name.clone()),
            column: s
                .column_of(unit)
                .map_or_else(String::new, |c| c.name.clone()),
        },
        Blocker::TableEdge => Illegal::OffTable,
        Blocker::Area(p) | Blocker::Linear(p) | Blocker::Difficult(p) => Illegal::TerrainCap {
            piece: piece_ref(s, p),
            crossing: Crossing::EndsIn,
            length_in: 0.0,
            cap_in: cap,
        },
    }
}

/// An orderly (or lone) move of up to `allowance`: only impassable terrain, the table edge and
/// the 2" around enemies matter.
pub(super) fn check_orderly(
    lat: &Lattice,
    leader: &Model,
    to: Point,
    allowance: f32,
) -> DestinationCheck {
    match reach::path_to(
        lat.board(leader),
        leader.pos,
        to,
        allowance + MEASURE_TOLERANCE_IN,
        Avoid::standard(),
    ) {
        Ok(path) => legal(to, path, allowance),
        Err(u) => illegal(to, allowance, unreachable(lat.s, u, allowance)),
    }
}

/// A disorderly move of up to `allowance`, capped at `cap` when it starts in, ends in or
/// crosses area terrain or a linear obstacle (a bare hill it starts on excepted).
pub(super) fn check_disorderly(
    lat: &Lattice,
    m: &Model,
    to: Point,
    allowance: f32,
    cap: f32,
) -> DestinationCheck {
    let board = lat.board(m);
    let shortest = match reach::path_to(
        board,
        m.pos,
        to,
        allowance + MEASURE_TOLERANCE_IN,
        Avoid::standard(),
    ) {
        Ok(p) => p,
        Err(u) => return illegal(to, allowance, unreachable(lat.s, u, allowance)),
    };
    if shortest.length <= cap + MEASURE_TOLERANCE_IN {
        return legal(to, shortest, cap);
    }
    let (starts_in, hill) = lat.terrain.starts_in(m.pos);
    if let Some(piece) = starts_in {
        return DestinationCheck {
            path: Some(PathOut::new(shortest.points.clone(), shortest.length)),
            ..illegal(
                to,
                cap,
                Illegal::TerrainCap {
                    piece,
                    crossing: Crossing::StartsIn,
                    length_in: round_in(shortest.length),
                    cap_in: cap,
                },
            )
        };
    }
    let except = hill.map(|h| h.id);
    let avoid = Avoid {
        area: true,
        linear: true,
        except,
        ..Avoid::standard()
    };
    if let Ok(clear) = reach::path_to(board, m.pos, to, allowance + MEASURE_TOLERANCE_IN, avoid) {
        return legal(to, clear, allowance);
    }
    match lat.terrain.first_touch(&shortest.points, except) {
        Some((piece, crossing)) => DestinationCheck {
            path: Some(PathOut::new(shortest.points.clone(), shortest.length)),
            ..illegal(
                to,
                cap,
                Illegal::TerrainCap {
                    piece,
                    crossing,
                    length_in: round_in(shortest.length),
                    cap_in: cap,
                },
            )
        },
        // The shortest route meets no terrain after all (it only grazes it): legal.
        None => legal(to, shortest, allowance),
    }
}
