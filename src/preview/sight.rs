//! The line-of-sight tool: a sight line between two points or models, and what blocks it.

use super::draw::{self, LEGAL_EDGE, REJECTED_EDGE};
use crate::geom::Point;
use crate::model::*;
use crate::rules::los::{Eye, SightMap};
use crate::scene::{Item, Stroke};

/// A sight line as the tool shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SightLine {
    pub from: Point,
    pub to: Point,
    pub clear: bool,
    /// The verdict in words: clear, or what blocks it.
    pub text: String,
    pub items: Vec<Item>,
}

/// The model whose base holds `p`, if any: sight lines snap to models.
fn model_at(s: &Scenario, p: Point) -> Option<(&Unit, &Model)> {
    s.units
        .iter()
        .filter(|u| u.on_table() && u.in_play())
        .flat_map(|u| u.models.iter().map(move |m| (u, m)))
        .find(|(_, m)| m.footprint().signed_distance_to_point(p) <= 0.0)
}

/// The sight line from `a` to `b` on a table: from model to model when either end is on a
/// model's base (its eye, at the base centre), otherwise from point to point.
pub fn sight_line(s: &Scenario, a: Point, b: Point) -> Option<SightLine> {
    if s.map.is_hex() {
        return None;
    }
    let map = SightMap::new(s);
    let (ea, na) = match model_at(s, a) {
        Some((u, m)) => (Eye::of(m), Some(u.name.clone())),
        None => (Eye::point(a), None),
    };
    let (eb, nb) = match model_at(s, b) {
        Some((u, m)) => (Eye::of(m), Some(u.name.clone())),
        None => (Eye::point(b), None),
    };
    let (from, to) = (ea.pos, eb.pos);
    let sight = map.line(ea, eb);
    let who = |n: &Option<String>, p: Point| {
        n.clone()
            .unwrap_or_else(|| format!("({:.2}, {:.2})", p.x, p.y))
    };
    let length = from.distance(to);
    let clear = sight.is_clear();
    let text = if clear {
        format!(
            "{} sees {}: clear, {length:.2}\"",
            who(&na, from),
            who(&nb, to)
        )
    } else {
        format!(
            "{} cannot see {} ({length:.2}\"): {}",
            who(&na, from),
            who(&nb, to),
            sight
        )
    };
    let mut items = Vec::new();
    let colour = if clear { LEGAL_EDGE } else { REJECTED_EDGE };
    items.push(Item::Line {
        points: vec![from, to],
        stroke: Stroke::points(2.0, colour),
        closed: false,
    });
    for block in &sight.blocked_by {
        if let Some(piece) = s.piece(block.piece()) {
            let mut ring = piece.shape.points().to_vec();
            if matches!(piece.shape, PieceShape::Polygon(_))
                && let Some(first) = ring.first().copied()
            {
                ring.push(first);
            }
            draw::outline(&mut items, &[ring], REJECTED_EDGE, 3.0, None);
        }
    }
    Some(SightLine {
        from,
        to,
        clear,
        text,
        items,
    })
}
