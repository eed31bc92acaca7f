//! Hex-map shapes as flat arrays: every hex of a map has an index, so terrain, costs and search
//! state live in `Vec`s instead of hash maps.

use hexx::{Hex, HexLayout, HexOrientation, OffsetHexMode};

/// The set of hexes of a map, with a dense index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexGrid {
    /// Offset rectangle: index = row * columns + column.
    Rectangle {
        columns: u32,
        rows: u32,
        mode: OffsetHexMode,
        orientation: HexOrientation,
    },
    /// Hexagon of `radius` about (0, 0): rows by axial `y`, each row a run of `x`.
    Hexagon { radius: u32 },
}

impl HexGrid {
    pub fn len(&self) -> usize {
        match *self {
            HexGrid::Rectangle { columns, rows, .. } => columns as usize * rows as usize,
            HexGrid::Hexagon { radius } => {
                let r = radius as usize;
                3 * r * (r + 1) + 1
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The dense index of `hex`, or `None` when it is off the map.
    pub fn index_of(&self, hex: Hex) -> Option<usize> {
        match *self {
            HexGrid::Rectangle {
                columns,
                rows,
                mode,
                orientation,
            } => {
                let [col, row] = hex.to_offset_coordinates(mode, orientation);
                if col < 0 || row < 0 || col >= columns as i32 || row >= rows as i32 {
                    return None;
                }
                Some(row as usize * columns as usize + col as usize)
            }
            HexGrid::Hexagon { radius } => {
                let r = radius as i32;
                let (x, y) = (hex.x, hex.y);
                if x.abs() > r || y.abs() > r || (x + y).abs() > r {
                    return None;
                }
                // Rows y = -r..y before this one, each of width 2r+1-|y'|.
                let before: i32 = (-r..y).map(|yy| 2 * r + 1 - yy.abs()).sum();
                let xmin = (-r).max(-r - y);
                Some((before + x - xmin) as usize)
            }
        }
    }

    /// The hex at a dense index (inverse of [`HexGrid::index_of`]).
    pub fn hex_at(&self, index: usize) -> Option<Hex> {
        if index >= self.len() {
            return None;
        }
        match *self {
            HexGrid::Rectangle {
                columns,
                mode,
                orientation,
                ..
            } => {
                let col = (index % columns as usize) as i32;
                let row = (index / columns as usize) as i32;
                Some(Hex::from_offset_coordinates([col, row], mode, orientation))
            }
            HexGrid::Hexagon { radius } => {
                let r = radius as i32;
                let mut rest = index as i32;
                for y in -r..=r {
                    let width = 2 * r + 1 - y.abs();
                    if rest < width {
                        let xmin = (-r).max(-r - y);
                        return Some(Hex::new(xmin + rest, y));
                    }
                    rest -= width;
                }
                None
            }
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.index_of(hex).is_some()
    }

    /// Every hex in index order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.len()).filter_map(|i| self.hex_at(i))
    }

    /// Offset `[column, row]` of a hex on a rectangle map, for labels such as "0412".
    pub fn offset_of(&self, hex: Hex) -> Option<[i32; 2]> {
        match *self {
            HexGrid::Rectangle {
                mode, orientation, ..
            } => Some(hex.to_offset_coordinates(mode, orientation)),
            HexGrid::Hexagon { .. } => None,
        }
    }
}

/// A hexx layout in millimetres on paper with y growing down the page, for a hex
/// `size_across_flats_mm` across the flats, hex (0, 0) centred on the origin.
pub fn hex_layout(orientation: HexOrientation, size_across_flats_mm: f32) -> HexLayout {
    // hexx sizes a hex by its circumradius; across the flats is sqrt(3) times that.
    let circumradius = size_across_flats_mm / 3f32.sqrt();
    let mut layout = HexLayout::new(orientation).with_hex_size(circumradius);
    // hexx's world y grows upward; paper and screen grow downward.
    if layout.hex_to_world_pos(Hex::new(0, 1)).y > 0.0 {
        // Already y-down.
    } else {
        layout.invert_y();
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangle_index_round_trips() {
        for orientation in [HexOrientation::Flat, HexOrientation::Pointy] {
            for mode in [OffsetHexMode::Even, OffsetHexMode::Odd] {
                let g = HexGrid::Rectangle {
                    columns: 7,
                    rows: 5,
                    mode,
                    orientation,
                };
                assert_eq!(g.len(), 35);
                for i in 0..g.len() {
                    let h = g.hex_at(i).expect("in range");
                    assert_eq!(g.index_of(h), Some(i));
                }
                assert_eq!(g.hexes().count(), 35);
            }
        }
    }

    #[test]
    fn hexagon_index_round_trips_and_rejects_outside() {
        let g = HexGrid::Hexagon { radius: 3 };
        assert_eq!(g.len(), 37);
        let all: Vec<Hex> = g.hexes().collect();
        assert_eq!(all.len(), 37);
        for (i, h) in all.iter().enumerate() {
            assert_eq!(g.index_of(*h), Some(i));
            assert!(h.ulength() <= 3);
        }
        assert_eq!(g.index_of(Hex::new(4, 0)), None);
        assert_eq!(g.index_of(Hex::new(2, 2)), None);
    }

    #[test]
    fn layout_runs_down_the_page_and_measures_across_flats() {
        for o in [HexOrientation::Flat, HexOrientation::Pointy] {
            let l = hex_layout(o, 20.0);
            let a = l.hex_to_world_pos(Hex::ZERO);
            // Neighbours are exactly one across-flats apart.
            for n in Hex::ZERO.all_neighbors() {
                let d = l.hex_to_world_pos(n).distance(a);
                assert!((d - 20.0).abs() < 1e-3, "{o:?}: {d}");
            }
        }
        let l = hex_layout(HexOrientation::Flat, 20.0);
        // Row 1 of column 0 is south of row 0.
        let south = Hex::from_offset_coordinates([0, 1], OffsetHexMode::Even, HexOrientation::Flat);
        assert!(l.hex_to_world_pos(south).y > 0.0);
    }
}
