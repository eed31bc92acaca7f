//! The canvas tools and the gestures in progress.

use crate::edit::ops::create::Template;
pub use crate::edit::ops::paint::HexsideKind;
use crate::geom::Point;
use crate::model::*;
use hexx::Hex;

/// What is being dragged from the palette.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Payload {
    Terrain(TerrainId),
    Unit(Template),
    Objective,
    Zone,
    EntryPoint,
    /// A unit off the map, dragged from the order of battle to be placed (or, dropped on a
    /// leader's row, put under his command).
    Place(UnitId),
    /// A unit on the map, dragged in the order of battle onto a leader's row to be put under
    /// his command.
    Command(UnitId),
}

impl Payload {
    /// What the cursor carries, in words.
    pub fn describe(&self, s: &Scenario) -> String {
        match self {
            Payload::Terrain(t) => s.terrain(*t).map_or("terrain".into(), |t| t.name.clone()),
            Payload::Unit(t) => t.name().to_string(),
            Payload::Objective => "Objective".into(),
            Payload::Zone => "Deployment zone".into(),
            Payload::EntryPoint => "Entry point".into(),
            Payload::Place(u) => s.unit(*u).map_or("unit".into(), |u| u.name.clone()),
            Payload::Command(u) => s.unit(*u).map_or("unit".into(), |u| {
                format!("{}: drop on a leader to put it under his command", u.name)
            }),
        }
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
    /// Lay the map over its background image: clicks on the image (see `calibrate_window`).
    Calibrate,
    /// Place what was picked in the palette where the map is clicked (then back to Select,
    /// unless the palette's lock or Shift keeps it).
    Place(Payload),
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
            Tool::Place(_) => "Place",
            Tool::Calibrate => "Calibrate",
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
    /// A hexside stroke: the edges crossed (canonical), setting the feature `on` or taking it
    /// off as the first edge decided.
    Hexsides {
        sides: Vec<(Hex, u8)>,
        on: bool,
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

/// The hex edge under a stroke at `p`: the nearest edge, when `p` is within a quarter of the
/// hex's size of it, so a stroke along a row of edges does not catch the edges across the hexes
/// it passes through. Canonical, so each edge is named once.
pub fn hexside_under_stroke(h: &HexMap, p: Point) -> Option<(Hex, u8)> {
    let (hex, d) = nearest_hexside(h, p)?;
    let l = crate::scene::layout(h);
    let [a, b] = crate::scene::edge_corners(&l, hex, d);
    let near = crate::geom::point_segment_distance(p, a, b) <= h.hex_size_mm * 0.25;
    near.then(|| Hexside::canonical(hex, d))
}

#[cfg(test)]
mod tests {
    use super::*;

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
