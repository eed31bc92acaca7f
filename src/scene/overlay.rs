//! Overlays drawn over a scenario on demand: the zones of control of one side.
//!
//! The zones come from the hex rules engine (`rules::hex_commands::Board`), never from a second
//! reckoning here, so what is shaded is what the move previews obey: the units' own switches,
//! the kinds the scenario exempts, front-only zones, and hexsides that block.

use super::build::{edge_corners, layout};
use super::item::{Item, Mesh};
use crate::model::*;
use crate::rules::hex_commands::Board;
use hexx::{EdgeDirection, Hex};
use std::collections::HashSet;
use std::sync::Arc;

/// Alpha of the shading over each hex in the zone.
const FILL_ALPHA: u8 = 70;
/// Alpha of the zone's outline.
const EDGE_ALPHA: u8 = 220;

/// The hexes in the zone of control exerted by `side`'s units, in map index order. Empty on a
/// table, for an unknown side, or when the side exerts none.
pub fn zoc_hexes(s: &Scenario, side: SideId) -> Vec<Hex> {
    let Some(own) = s.side(side) else {
        return Vec::new();
    };
    if !s.map.is_hex() {
        return Vec::new();
    }
    // The engine answers "which hexes are in the zone of an enemy of X". Standing only this
    // side's units on the map and asking for a stand-in side that is everyone's enemy gives the
    // zones this side exerts, whatever the number of sides.
    let viewer = SideId(if side.0 == u32::MAX { 0 } else { u32::MAX });
    let view = Scenario {
        meta: Meta::default(),
        sides: vec![
            own.clone(),
            Side {
                id: viewer,
                name: String::new(),
                colour: own.colour,
                home_edge: None,
                briefing: String::new(),
            },
        ],
        map: s.map.clone(),
        background: None,
        terrain_types: s.terrain_types.clone(),
        pieces: Vec::new(),
        units: s.units.iter().filter(|u| u.side == side).cloned().collect(),
        columns: Vec::new(),
        zones: Vec::new(),
        objectives: Vec::new(),
        labels: Vec::new(),
        reinforcements: Vec::new(),
        rules: s.rules.clone(),
        turn: s.turn,
        next_id: s.next_id,
        game: None,
    };
    let Ok(board) = Board::new(&view) else {
        return Vec::new();
    };
    let Some(field) = board.side_field(viewer) else {
        return Vec::new();
    };
    (0..board.len())
        .filter(|i| field.in_zoc(*i))
        .filter_map(|i| board.hex_at(i))
        .collect()
}

/// The zones of control of `side` as a translucent wash of the side's colour with an outline
/// round each zone, for drawing over the map (empty when there is nothing to shade).
pub fn zoc(s: &Scenario, side: SideId) -> Vec<Item> {
    let (Some(h), Some(own)) = (s.map.as_hex(), s.side(side)) else {
        return Vec::new();
    };
    let hexes = zoc_hexes(s, side);
    if hexes.is_empty() {
        return Vec::new();
    }
    let l = layout(h);
    let c = own.colour;
    let fill = Colour::rgba(c.r, c.g, c.b, FILL_ALPHA);
    let edge = Colour::rgba(c.r, c.g, c.b, EDGE_ALPHA);
    let inside: HashSet<Hex> = hexes.iter().copied().collect();
    let mut mesh = Mesh::default();
    for hex in &hexes {
        mesh.add_convex(&l.hex_corners(*hex), fill);
    }
    let width = h.hex_size_mm * 0.06;
    for hex in &hexes {
        for (d, dir) in EdgeDirection::ALL_DIRECTIONS.iter().enumerate() {
            if !inside.contains(&hex.neighbor(*dir)) {
                let [a, b] = edge_corners(&l, *hex, d as u8);
                mesh.add_segment(a, b, width, edge);
            }
        }
    }
    vec![Item::Mesh(Arc::new(mesh))]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hex map with one infantry unit of the first side on `at`, facing direction 0.
    fn one_unit(at: Hex) -> (Scenario, SideId, UnitId) {
        let mut s = Scenario::new_hex("zoc");
        let side = s.sides[0].id;
        let id = UnitId(s.alloc());
        s.units.push(Unit {
            strength: Strength::full(4),
            position: Position::Hex { hex: at, facing: 0 },
            ..Unit::new(id, "Foot", side, UnitKind::Infantry)
        });
        assert_eq!(s.validate(), vec![]);
        (s, side, id)
    }

    fn centre() -> Hex {
        Hex::from_offset_coordinates(
            [5, 5],
            hexx::OffsetHexMode::Even,
            hexx::HexOrientation::Flat,
        )
    }

    #[test]
    fn a_unit_shades_its_six_neighbours_for_its_own_side_only() {
        let (s, side, _) = one_unit(centre());
        let mut got = zoc_hexes(&s, side);
        got.sort_by_key(|h| (h.x, h.y));
        let mut want: Vec<Hex> = centre().all_neighbors().to_vec();
        want.sort_by_key(|h| (h.x, h.y));
        assert_eq!(got, want);
        assert!(
            zoc_hexes(&s, s.sides[1].id).is_empty(),
            "the other side exerts none"
        );
        assert_eq!(zoc(&s, side).len(), 1);
        assert!(zoc(&s, s.sides[1].id).is_empty());
    }

    #[test]
    fn the_options_and_switches_of_the_rules_apply() {
        let (mut s, side, id) = one_unit(centre());
        s.rules.zoc.front_only = true;
        assert_eq!(zoc_hexes(&s, side).len(), 3, "front only");
        s.rules.zoc.front_only = false;
        s.rules.zoc.exempt_kinds.push(KindTag::Infantry);
        assert!(zoc_hexes(&s, side).is_empty(), "exempt kind");
        s.rules.zoc.exempt_kinds.retain(|k| *k != KindTag::Infantry);
        s.unit_mut(id).expect("unit").exerts_zoc = false;
        assert!(zoc_hexes(&s, side).is_empty(), "the unit's own switch");
        s.unit_mut(id).expect("unit").exerts_zoc = true;
        if let Map::Hex(h) = &mut s.map {
            h.set_hexside(
                centre(),
                1,
                HexsideFeatures {
                    blocks_zoc: true,
                    ..HexsideFeatures::default()
                },
            );
        }
        assert_eq!(zoc_hexes(&s, side).len(), 5, "a blocking hexside");
    }

    #[test]
    fn tables_and_unknown_sides_shade_nothing() {
        let s = Scenario::new_table("t");
        assert!(zoc(&s, s.sides[0].id).is_empty());
        let (h, _, _) = one_unit(centre());
        assert!(zoc(&h, SideId(9999)).is_empty());
    }
}
