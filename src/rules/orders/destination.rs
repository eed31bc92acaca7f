//! The exact check of one proposed leader destination: the shortest legal path, its length,
//! and why it is illegal when it is. Also the terrain lookups the R3 caps and Fall Back! need.

use super::movement::Lattice;
use super::{Action, PathOut, Why, round_point};
use crate::geom::{
    Point, point_in_polygon, polyline_distance, segment_hits_polygon, segment_within_polyline,
};
use crate::model::{Model, PieceId, PieceShape, Scenario, TerrainKind, UnitId};
use crate::rules::reach::{self, Avoid, Blocker, Unreachable};
use serde::Serialize;
use std::fmt;

/// A proposed destination is legal when its path is within the allowance to a hundredth of an
/// inch, finer than anyone measures on a table (and than the regions are sampled).
pub const MEASURE_TOLERANCE_IN: f32 = 0.01;

/// A terrain piece, by ID and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceRef {
    pub id: PieceId,
    pub name: String,
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// How a move meets a piece of terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Crossing {
    StartsIn,
    EndsIn,
    Crosses,
}

impl fmt::Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Crossing::StartsIn => "starts in",
            Crossing::EndsIn => "ends in",
            Crossing::Crosses => "crosses",
        })
    }
}

/// Which way a Fall Back! half move goes, relative to the nearest enemy unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Toward,
    Away,
    /// Neither nearer nor further (or there is no enemy on the table).
    Either,
}

/// Why a proposed destination is illegal.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Illegal {
    /// The leader may not move under this action (Rally!).
    LeaderStays { action: Action },
    /// Nobody moves under this action (Go to Ground!).
    NoMove { action: Action },
    /// Fall Back!: concealed from every enemy in range, the unit stays.
    Hides,
    /// Fall Back!: under a quarter strength, the unit is destroyed.
    Destroyed,
    /// The destination is in impassable terrain.
    Impassable { piece: PieceRef },
    /// The destination is within 2" of an enemy model.
    NearEnemy { unit: UnitId, name: String },
    /// The base would not fit on the table there.
    OffTable,
    /// No legal route reaches it.
    Enclosed,
    /// The shortest legal route is longer than the allowance.
    TooFar { length_in: f32, allowance_in: f32 },
    /// A disorderly move that starts in, ends in or crosses terrain is capped at base Mv.
    TerrainCap {
        piece: PieceRef,
        crossing: Crossing,
        length_in: f32,
        cap_in: f32,
    },
    /// A Fall Back! move never ends in dangerous terrain.
    Dangerous { piece: PieceRef },
    /// Under half strength Fall Back! leads to concealment or the table edge, not here.
    NotWhereFallBackLeads { end: Option<Point> },
}

fn inches(v: f32) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{:.0}\"", v.round())
    } else {
        format!("{v:.1}\"")
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::LeaderStays { action } => write!(f, "the leader may not move under {action}"),
            Illegal::NoMove { action } => write!(f, "nobody moves under {action}"),
            Illegal::Hides => f.write_str(
                "the unit is concealed from every enemy within its Aw range: it stays where it is",
            ),
            Illegal::Destroyed => {
                f.write_str("the unit is under a quarter of its starting models: it is destroyed")
            }
            Illegal::Impassable { piece } => {
                write!(f, "the destination is in {piece}, which is impassable")
            }
            Illegal::NearEnemy { name, .. } => write!(
                f,
                "the destination is within 2\" of a model of {name}: no model may end or pass \
                 within 2\" of an enemy"
            ),
            Illegal::OffTable => f.write_str("the base would not fit on the table there"),
            Illegal::Enclosed => f.write_str(
                "no route reaches it without crossing impassable terrain or passing within 2\" \
                 of an enemy",
            ),
            Illegal::TooFar {
                length_in,
                allowance_in,
            } => write!(
                f,
                "too far: the shortest legal route is {}, more than the {} allowed",
                inches(*length_in),
                inches(*allowance_in)
            ),
            Illegal::TerrainCap {
                piece,
                crossing,
                length_in,
                cap_in,
            } => write!(
                f,
                "{crossing} {piece}: disorderly moves through terrain are capped at {} (this \
                 move is {})",
                inches(*cap_in),
                inches(*length_in)
            ),
            Illegal::Dangerous { piece } => write!(
                f,
                "ends in {piece}, which is dangerous: a Fall Back! move never ends in dangerous \
                 terrain"
            ),
            Illegal::NotWhereFallBackLeads { end: Some(e) } => write!(
                f,
                "Fall Back! must head for concealment or its table edge: this model ends at \
                 ({:.1}, {:.1})",
                e.x, e.y
            ),
            Illegal::NotWhereFallBackLeads { end: None } => {
                f.write_str("Fall Back! must end in concealment it can reach: this is not")
            }
        }
    }
}

/// The verdict on one proposed leader destination.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DestinationCheck {
    pub to: Point,
    pub legal: bool,
    /// The path the verdict is about: the legal path when legal; when capped by terrain, the
    /// shortest route that meets the terrain; `None` when no route was measured.
    pub path: Option<PathOut>,
    /// The allowance the path is measured against.
    pub allowance_in: f32,
    /// Fall Back! half move: toward or away from the nearest enemy unit.
    pub direction: Option<Direction>,
    pub reason: Option<Why<Illegal>>,
}

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
            length_in: super::round_in(length),
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
                    length_in: super::round_in(shortest.length),
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
                    length_in: super::round_in(shortest.length),
                    cap_in: cap,
                },
            )
        },
        // The shortest route meets no terrain after all (it only grazes it): legal.
        None => legal(to, shortest, allowance),
    }
}

#[derive(Clone, Debug)]
enum Form {
    Polygon(Vec<Point>),
    Band { points: Vec<Point>, half_width: f32 },
}

impl Form {
    fn contains(&self, p: Point) -> bool {
        match self {
            Form::Polygon(poly) => point_in_polygon(p, poly),
            Form::Band { points, half_width } => polyline_distance(p, points) < *half_width,
        }
    }

    fn touches(&self, a: Point, b: Point) -> bool {
        match self {
            Form::Polygon(poly) => segment_hits_polygon(a, b, poly),
            Form::Band { points, half_width } => segment_within_polyline(a, b, points, *half_width),
        }
    }
}

#[derive(Clone, Debug)]
struct Piece {
    r: PieceRef,
    form: Form,
    /// Area terrain or a linear obstacle: caps disorderly moves.
    caps: bool,
    bare_hill: bool,
    dangerous: bool,
}

/// The terrain pieces the R3 caps and Fall Back! look at, by shape.
#[derive(Clone, Debug)]
pub(crate) struct TerrainIndex {
    pieces: Vec<Piece>,
}

impl TerrainIndex {
    pub fn new(s: &Scenario) -> TerrainIndex {
        let mut pieces = Vec::new();
        for p in &s.pieces {
            let Some(t) = s.terrain(p.terrain) else {
                continue;
            };
            if t.impassable {
                continue;
            }
            let form = match &p.shape {
                PieceShape::Polygon(points) => Form::Polygon(points.clone()),
                PieceShape::Polyline { points, width_in } => Form::Band {
                    points: points.clone(),
                    half_width: width_in * 0.5,
                },
            };
            let caps = matches!(t.kind, TerrainKind::Area | TerrainKind::Linear);
            if !(caps || t.dangerous) {
                continue;
            }
            pieces.push(Piece {
                r: PieceRef {
                    id: p.id,
                    name: p.name.clone(),
                },
                form,
                caps,
                bare_hill: t.bare_hill && t.kind == TerrainKind::Area,
                dangerous: t.dangerous,
            });
        }
        TerrainIndex { pieces }
    }

    /// The terrain a move from `p` starts in that caps it (not a bare hill), and the bare hill
    /// it starts on, if any.
    pub fn starts_in(&self, p: Point) -> (Option<PieceRef>, Option<PieceRef>) {
        let mut capped = None;
        let mut hill = None;
        for piece in &self.pieces {
            if !piece.caps || !piece.form.contains(p) {
                continue;
            }
            if piece.bare_hill && hill.is_none() {
                hill = Some(piece.r.clone());
            } else if capped.is_none() {
                capped = Some(piece.r.clone());
            }
        }
        (capped, hill)
    }

    /// The dangerous piece `p` stands in, if any.
    pub fn dangerous_at(&self, p: Point) -> Option<PieceRef> {
        self.pieces
            .iter()
            .find(|x| x.dangerous && x.form.contains(p))
            .map(|x| x.r.clone())
    }

    /// The first capping piece (other than `except`) a path meets, and how.
    pub fn first_touch(
        &self,
        path: &[Point],
        except: Option<PieceId>,
    ) -> Option<(PieceRef, Crossing)> {
        let end = *path.last()?;
        for w in path.windows(2) {
            for piece in &self.pieces {
                if !piece.caps || Some(piece.r.id) == except {
                    continue;
                }
                if piece.form.touches(w[0], w[1]) {
                    let crossing = if piece.form.contains(end) {
                        Crossing::EndsIn
                    } else {
                        Crossing::Crosses
                    };
                    return Some((piece.r.clone(), crossing));
                }
            }
        }
        None
    }
}
