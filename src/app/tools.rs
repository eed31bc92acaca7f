//! The canvas tools and the gestures in progress.

use crate::geom::Point;
use crate::model::*;
use hexx::Hex;

/// Hexside features the hexside tool toggles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexsideKind {
    River,
    Wall,
    Bridge,
    Road,
    BlocksZoc,
}

impl HexsideKind {
    pub const ALL: [HexsideKind; 5] = [
        HexsideKind::River,
        HexsideKind::Wall,
        HexsideKind::Bridge,
        HexsideKind::Road,
        HexsideKind::BlocksZoc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HexsideKind::River => "River",
            HexsideKind::Wall => "Wall",
            HexsideKind::Bridge => "Bridge",
            HexsideKind::Road => "Road",
            HexsideKind::BlocksZoc => "Blocks ZOC",
        }
    }

    /// The features with this one toggled.
    pub fn toggle(self, mut f: HexsideFeatures) -> HexsideFeatures {
        match self {
            HexsideKind::River => f.river = !f.river,
            HexsideKind::Wall => f.wall = !f.wall,
            HexsideKind::Bridge => f.bridge = !f.bridge,
            HexsideKind::Road => f.road = !f.road,
            HexsideKind::BlocksZoc => f.blocks_zoc = !f.blocks_zoc,
        }
        f
    }
}

/// What a primary-button press on the canvas does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    Select,
    Measure,
    /// Hex map: paint hexes with a terrain, `radius` hexes around the cursor.
    Paint {
        terrain: TerrainId,
        radius: u32,
    },
    /// Hex map: fill the connected hexes of one terrain.
    Fill {
        terrain: TerrainId,
    },
    /// Hex map: toggle a feature on the clicked hex edge.
    Hexside {
        feature: HexsideKind,
    },
    /// Table: click vertices of a new area piece.
    DrawArea {
        terrain: TerrainId,
    },
    /// Table: click vertices of a new line piece (wall, hedge, road, river).
    DrawLine {
        terrain: TerrainId,
    },
    /// Table: drag a line of sight between two points or models.
    Sight,
}

impl Tool {
    pub fn name(&self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Measure => "Measure",
            Tool::Paint { .. } => "Paint hexes",
            Tool::Fill { .. } => "Fill hexes",
            Tool::Hexside { .. } => "Hexside",
            Tool::DrawArea { .. } => "Draw area",
            Tool::DrawLine { .. } => "Draw line",
            Tool::Sight => "Line of sight",
        }
    }
}

/// A drag on the canvas in progress. Nothing changes the scenario until it ends; then one
/// edit is committed (or none, if it was cancelled or too small).
#[derive(Clone, Debug, PartialEq)]
pub enum Gesture {
    Pan,
    /// Dragging the selection; `delta` in map units.
    Move {
        items: Vec<ItemRef>,
        from: Point,
        delta: Point,
    },
    /// Box selection from `from` to `to`.
    Box {
        from: Point,
        to: Point,
        additive: bool,
    },
    /// Painting hexes.
    Paint {
        cells: Vec<(Hex, TerrainId)>,
    },
    Measure {
        from: Point,
        to: Point,
    },
    /// Dragging one vertex of a piece or zone.
    Vertex {
        item: ItemRef,
        index: usize,
        to: Point,
    },
    /// Dragging the previewed unit (its leader, on the table) under the rules: `to` is where
    /// the leader would end, `grab` the leader's offset from the pointer.
    RulesMove {
        grab: Point,
        to: Point,
    },
    /// Dragging one follower of a move waiting to be committed.
    Follower {
        model: ModelId,
        to: Point,
    },
    /// Drawing a line of sight.
    Sight {
        from: Point,
        to: Point,
    },
}

/// The hexes filled from `start`: every hex connected to it through hexes of the same terrain.
pub fn flood_fill(h: &HexMap, start: Hex) -> Vec<Hex> {
    let grid = h.grid();
    let Some(i0) = grid.index_of(start) else {
        return Vec::new();
    };
    let target = h.terrain[i0];
    let mut seen = vec![false; grid.len()];
    seen[i0] = true;
    let mut stack = vec![start];
    let mut out = Vec::new();
    while let Some(hex) = stack.pop() {
        out.push(hex);
        for n in hex.all_neighbors() {
            if let Some(i) = grid.index_of(n)
                && !seen[i]
                && h.terrain[i] == target
            {
                seen[i] = true;
                stack.push(n);
            }
        }
    }
    out.sort_by_key(|h| (h.y, h.x));
    out
}

/// The hex edge nearest a map point: the hex under it and the direction of its nearest edge.
pub fn nearest_hexside(h: &HexMap, p: Point) -> Option<(Hex, u8)> {
    let l = crate::scene::layout(h);
    let hex = l.world_pos_to_hex(p);
    if !h.grid().contains(hex) {
        return None;
    }
    (0..6u8)
        .map(|d| {
            let [a, b] = crate::scene::edge_corners(&l, hex, d);
            (d, crate::geom::point_segment_distance(p, a, b))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(d, _)| (hex, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flood_fill_stops_at_other_terrain() {
        let mut s = Scenario::new_hex("h");
        let other = TerrainId(s.alloc());
        let Map::Hex(h) = &mut s.map else { panic!() };
        let grid = h.grid();
        // A wall of other terrain down column 5.
        for r in 0..15 {
            let hex = Hex::from_offset_coordinates(
                [5, r],
                hexx::OffsetHexMode::Even,
                hexx::HexOrientation::Flat,
            );
            if let Some(i) = grid.index_of(hex) {
                h.terrain[i] = other;
            }
        }
        let start = Hex::from_offset_coordinates(
            [1, 1],
            hexx::OffsetHexMode::Even,
            hexx::HexOrientation::Flat,
        );
        let filled = flood_fill(h, start);
        assert_eq!(filled.len(), 5 * 15, "columns 0-4 of 15 rows");
    }

    #[test]
    fn nearest_hexside_finds_the_edge_between_two_hexes() {
        let s = Scenario::new_hex("h");
        let h = s.map.as_hex().expect("hex");
        let l = crate::scene::layout(h);
        let a = Hex::new(3, 3);
        let b = a.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[2]);
        let mid = (l.hex_to_world_pos(a) + l.hex_to_world_pos(b)) * 0.5;
        let (hex, d) = nearest_hexside(h, mid + (l.hex_to_world_pos(a) - mid) * 0.1).expect("edge");
        assert_eq!(Hexside::canonical(hex, d), Hexside::canonical(a, 2));
    }
}
