//! Bringing an item into view: where each kind of item stands on the map, and the pan that
//! brings that place inside the canvas (a click on a problem about something off screen).

use super::App;
use crate::geom::{Aabb, Point};
use crate::model::*;
use hexx::Hex;

/// Where `item` stands on the map: a unit's anchor (its hex, or its leader model), a model's
/// centre, the middle of a piece's or a zone's extent, an objective's or an entry's place, a
/// hex's centre. `None` for what has no place on the map (the scenario, a side, a terrain
/// type, a column, the game and its log) or is gone.
pub(in crate::app) fn item_anchor(s: &Scenario, item: ItemRef) -> Option<Point> {
    let hex_at = |h: Hex| {
        s.map
            .as_hex()
            .map(|m| crate::scene::layout(m).hex_to_world_pos(h))
    };
    let place = |p: Place| match p {
        Place::Table(p) => Some(p),
        Place::Hex(h) => hex_at(h),
    };
    match item {
        ItemRef::Unit(u) => crate::preview::anchor(s, u),
        ItemRef::Model(u, m) if !s.map.is_hex() => {
            s.unit(u)?.models.iter().find(|x| x.id == m).map(|x| x.pos)
        }
        ItemRef::Model(u, _) => crate::preview::anchor(s, u),
        ItemRef::Piece(p) => middle(s.piece(p)?.shape.points()),
        ItemRef::Zone(z) => match &s.zones.iter().find(|x| x.id == z)?.area {
            ZoneArea::Polygon(pts) => middle(pts),
            ZoneArea::Hexes(hexes) => {
                middle(&hexes.iter().filter_map(|h| hex_at(*h)).collect::<Vec<_>>())
            }
        },
        ItemRef::Objective(o) => place(s.objectives.iter().find(|x| x.id == o)?.place),
        ItemRef::Reinforcement(r) => place(s.reinforcements.iter().find(|x| x.id == r)?.entry),
        ItemRef::Hex(q, r) => hex_at(Hex::new(q, r)),
        ItemRef::Scenario
        | ItemRef::Map
        | ItemRef::Side(_)
        | ItemRef::Terrain(_)
        | ItemRef::Column(_)
        | ItemRef::Game
        | ItemRef::LogEntry(_) => None,
    }
}

/// The middle of the bounds of some points, if there are any.
fn middle(points: &[Point]) -> Option<Point> {
    Aabb::of_points(points).map(|b| (b.min + b.max) * 0.5)
}

impl App {
    /// Pans the view, if it must, so `item` stands inside the canvas with a margin; the zoom
    /// stays. Nothing happens for an item with no place on the map.
    pub(in crate::app) fn reveal(&mut self, item: ItemRef) {
        if let Some(at) = item_anchor(self.doc.scenario(), item) {
            self.bring_point_into_view(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `p` lies within the bounds of `points` (with a hair of slack).
    fn within(p: Point, points: impl Iterator<Item = Point>) -> bool {
        let b = Aabb::of_points(&points.collect::<Vec<_>>())
            .expect("points")
            .expand(1e-3);
        p.cmpge(b.min).all() && p.cmple(b.max).all()
    }

    #[test]
    fn every_item_of_the_samples_with_a_place_on_the_map_has_an_anchor_there() {
        for sample in crate::samples::ALL {
            let s = sample.load().expect("the sample loads");
            let hex_at =
                |h: Hex| crate::scene::layout(s.map.as_hex().expect("hex map")).hex_to_world_pos(h);
            for p in &s.pieces {
                let at = item_anchor(&s, ItemRef::Piece(p.id)).expect("a piece's middle");
                assert!(within(at, p.shape.points().iter().copied()), "{}", p.name);
            }
            for z in &s.zones {
                let at = item_anchor(&s, ItemRef::Zone(z.id)).expect("a zone's middle");
                let inside = match &z.area {
                    ZoneArea::Polygon(pts) => within(at, pts.iter().copied()),
                    ZoneArea::Hexes(hexes) => within(at, hexes.iter().map(|h| hex_at(*h))),
                };
                assert!(inside, "{}", z.name);
            }
            for o in &s.objectives {
                let want = match o.place {
                    Place::Table(p) => p,
                    Place::Hex(h) => hex_at(h),
                };
                assert_eq!(item_anchor(&s, ItemRef::Objective(o.id)), Some(want));
            }
            for u in s.units.iter().filter(|u| u.position == Position::Table) {
                let at = item_anchor(&s, ItemRef::Unit(u.id));
                assert_eq!(at, crate::preview::anchor(&s, u.id), "{}", u.name);
                for m in &u.models {
                    let want = if s.map.is_hex() { at } else { Some(m.pos) };
                    assert_eq!(item_anchor(&s, ItemRef::Model(u.id, m.id)), want);
                }
            }
            if s.map.is_hex() {
                assert_eq!(
                    item_anchor(&s, ItemRef::Hex(3, 4)),
                    Some(hex_at(Hex::new(3, 4)))
                );
            } else {
                assert_eq!(item_anchor(&s, ItemRef::Hex(3, 4)), None);
            }
            for nowhere in [ItemRef::Scenario, ItemRef::Map, ItemRef::Game] {
                assert_eq!(item_anchor(&s, nowhere), None);
            }
        }
    }
}
