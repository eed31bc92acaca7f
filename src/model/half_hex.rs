//! Maps whose edge runs through the hexes ([`HexEdge::ThroughHexes`]): where the edge lies,
//! which hexes it cuts, and whether they may be used. Shared by the scene (which draws them
//! clipped), print, and the rules (which refuse an unplayable half hex).

use super::map::{HexEdge, HexMap, HexShape};
use crate::geom::{Aabb, Point};
use hexx::Hex;

impl HexMap {
    /// The map's frame when its edge runs through the hexes: the rectangle through the centres
    /// of the outermost hexes on each side (on paper, in millimetres). `None` for whole hexes.
    pub fn cut_frame(&self) -> Option<Aabb> {
        let HexEdge::ThroughHexes { .. } = self.edge else {
            return None;
        };
        let HexShape::Rectangle { columns, rows, .. } = self.shape else {
            return None;
        };
        let l = self.layout();
        let grid = self.grid();
        // The outermost centres lie in the first and last two columns and rows (offset
        // columns or rows shift by half a hex).
        let (c, r) = (columns as usize, rows as usize);
        let near = |i: usize, n: usize| i < 2 || i + 2 >= n;
        let mut b: Option<Aabb> = None;
        for i in 0..grid.len() {
            if !(near(i % c, c) || near(i / c, r)) {
                continue;
            }
            let Some(hex) = grid.hex_at(i) else { continue };
            let p = l.hex_to_world_pos(hex);
            let p = Point::new(p.x, p.y);
            b = Some(match b {
                None => Aabb { min: p, max: p },
                Some(b) => Aabb {
                    min: b.min.min(p),
                    max: b.max.max(p),
                },
            });
        }
        b
    }

    /// Whether the map's edge cuts this hex (its centre lies on the frame).
    pub fn is_half_hex(&self, hex: Hex) -> bool {
        let Some(frame) = self.cut_frame() else {
            return false;
        };
        self.is_cut_by(&frame, hex)
    }

    /// [`HexMap::is_half_hex`] against a frame already found (the frame walks the border).
    pub fn is_cut_by(&self, frame: &Aabb, hex: Hex) -> bool {
        let p = self.layout().hex_to_world_pos(hex);
        let eps = self.hex_size_mm * 1e-3;
        (p.x - frame.min.x).abs() < eps
            || (p.x - frame.max.x).abs() < eps
            || (p.y - frame.min.y).abs() < eps
            || (p.y - frame.max.y).abs() < eps
    }

    /// Whether units may enter and stand in a hex of the map: every hex, unless the edge cuts
    /// it and the scenario says half hexes are not playable.
    pub fn is_playable(&self, hex: Hex) -> bool {
        match self.edge {
            HexEdge::ThroughHexes { playable: false } => !self.is_half_hex(hex),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::*;

    fn map(orientation: Orientation, edge: HexEdge) -> HexMap {
        let mut m = HexMap::filled(
            orientation,
            20.0,
            HexShape::Rectangle {
                columns: 6,
                rows: 5,
                parity: OffsetParity::Even,
            },
            TerrainId(1),
        );
        m.edge = edge;
        m
    }

    #[test]
    fn half_hexes_are_the_outer_hexes_the_edge_cuts() {
        let whole = map(Orientation::Flat, HexEdge::Whole);
        assert!(whole.cut_frame().is_none());
        assert!(whole.grid().hexes().all(|h| !whole.is_half_hex(h)));
        for o in [Orientation::Flat, Orientation::Pointy] {
            let m = map(o, HexEdge::ThroughHexes { playable: false });
            let grid = m.grid();
            let cut: Vec<[i32; 2]> = grid
                .hexes()
                .filter(|h| m.is_half_hex(*h))
                .map(|h| grid.offset_of(h).expect("rectangle"))
                .collect();
            // Every hex of the first and last column (flat) or row (pointy) is cut, and no
            // inner hex is.
            for [c, r] in &cut {
                assert!(*c == 0 || *r == 0 || *c == 5 || *r == 4, "{o:?} {c},{r}");
            }
            let (edge_count, len) = match o {
                Orientation::Flat => (cut.iter().filter(|[c, _]| *c == 0).count(), 5),
                Orientation::Pointy => (cut.iter().filter(|[_, r]| *r == 0).count(), 6),
            };
            assert_eq!(edge_count, len, "{o:?}");
            // Half of the shoved line is whole: the edge runs along their outer sides.
            assert!(cut.len() < 2 * (6 + 5), "{o:?}: {}", cut.len());
            assert!(grid.hexes().any(|h| !m.is_playable(h)));
            assert!(grid.hexes().any(|h| m.is_playable(h)));
        }
    }
}
