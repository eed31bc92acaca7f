//! Painting a hex map: hexes under a brush stroke, a flood fill of connected ground, and hexside
//! features toggled edge by edge. Each returns the edit for one undo step, and nothing when the
//! map would not change.

use crate::edit::Edit;
use crate::model::*;
use hexx::Hex;

/// Hexside features the hexside tool toggles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexsideKind {
    River,
    Wall,
    Bridge,
    Road,
    Track,
    Railway,
    BlocksZoc,
}

impl HexsideKind {
    pub const ALL: [HexsideKind; 7] = [
        HexsideKind::River,
        HexsideKind::Wall,
        HexsideKind::Bridge,
        HexsideKind::Road,
        HexsideKind::Track,
        HexsideKind::Railway,
        HexsideKind::BlocksZoc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HexsideKind::River => "River",
            HexsideKind::Wall => "Wall",
            HexsideKind::Bridge => "Bridge",
            HexsideKind::Road => "Road",
            HexsideKind::Track => "Track",
            HexsideKind::Railway => "Railway",
            HexsideKind::BlocksZoc => "Blocks ZOC",
        }
    }

    /// A feature that runs from hex centre to hex centre (a road, track or railway): drawn by a stroke through
    /// the hexes it joins, not along their edges.
    pub fn is_route(self) -> bool {
        matches!(
            self,
            HexsideKind::Road | HexsideKind::Track | HexsideKind::Railway
        )
    }

    /// Whether `f` has this feature.
    pub fn is_in(self, f: HexsideFeatures) -> bool {
        match self {
            HexsideKind::River => f.river,
            HexsideKind::Wall => f.wall,
            HexsideKind::Bridge => f.bridge,
            HexsideKind::Road => f.road,
            HexsideKind::Track => f.track,
            HexsideKind::Railway => f.railway,
            HexsideKind::BlocksZoc => f.blocks_zoc,
        }
    }

    /// The features with this one set to `on`.
    pub fn set(self, f: HexsideFeatures, on: bool) -> HexsideFeatures {
        if self.is_in(f) == on {
            f
        } else {
            self.toggle(f)
        }
    }

    /// The features with this one toggled.
    pub fn toggle(self, mut f: HexsideFeatures) -> HexsideFeatures {
        match self {
            HexsideKind::River => f.river = !f.river,
            HexsideKind::Wall => f.wall = !f.wall,
            HexsideKind::Bridge => f.bridge = !f.bridge,
            HexsideKind::Road => f.road = !f.road,
            HexsideKind::Track => f.track = !f.track,
            HexsideKind::Railway => f.railway = !f.railway,
            HexsideKind::BlocksZoc => f.blocks_zoc = !f.blocks_zoc,
        }
        f
    }
}

/// The hexes a brush of `radius` covers around `centre`, on the map.
pub fn brush(h: &HexMap, centre: Hex, radius: u32) -> impl Iterator<Item = Hex> + '_ {
    let grid = h.grid();
    centre.range(radius).filter(move |x| grid.contains(*x))
}

/// The edit that paints `cells`, leaving out hexes that already have their terrain; `None`
/// when nothing would change.
pub fn paint_edit(s: &Scenario, cells: Vec<(Hex, TerrainId)>) -> Option<(String, Edit)> {
    let h = s.map.as_hex()?;
    let changed: Vec<_> = cells
        .into_iter()
        .filter(|(hex, t)| h.terrain_at(*hex) != Some(*t))
        .collect();
    if changed.is_empty() {
        return None;
    }
    let n = changed.len();
    Some((
        format!("Paint {}", count(n as u64, "hex", "hexes")),
        Edit::SetHexTerrain(changed),
    ))
}

/// The edit that fills the ground connected to `start` with `terrain`; `None` when it already
/// has it or `start` is off the map.
pub fn fill_edit(s: &Scenario, start: Hex, terrain: TerrainId) -> Option<(String, Edit)> {
    let h = s.map.as_hex()?;
    if h.terrain_at(start)? == terrain {
        return None;
    }
    let cells: Vec<_> = flood_fill(h, start)
        .into_iter()
        .map(|x| (x, terrain))
        .collect();
    let n = cells.len();
    Some((
        format!("Fill {}", count(n as u64, "hex", "hexes")),
        Edit::SetHexTerrain(cells),
    ))
}

/// The edit that toggles `feature` on the edge of `hex` in `direction`.
pub fn toggle_hexside(
    s: &Scenario,
    hex: Hex,
    direction: u8,
    feature: HexsideKind,
) -> Option<(String, Edit)> {
    let h = s.map.as_hex()?;
    let features = feature.toggle(h.hexside(hex, direction));
    Some((
        format!("Toggle {}", feature.name()),
        Edit::SetHexside {
            hex,
            direction,
            features,
        },
    ))
}

/// The edits of one hexside stroke: `feature` set on (or taken off, `on` false) every edge the
/// stroke crossed, as one undo step; `None` when no edge changes.
pub fn hexside_stroke(
    s: &Scenario,
    sides: &[(Hex, u8)],
    feature: HexsideKind,
    on: bool,
) -> Option<(String, Vec<Edit>)> {
    let h = s.map.as_hex()?;
    let edits: Vec<Edit> = sides
        .iter()
        .filter(|(hex, d)| feature.is_in(h.hexside(*hex, *d)) != on)
        .map(|&(hex, direction)| Edit::SetHexside {
            hex,
            direction,
            features: feature.set(h.hexside(hex, direction), on),
        })
        .collect();
    if edits.is_empty() {
        return None;
    }
    // A route is drawn through hexes, so it is counted in the hexes it joins (a road over 6
    // hexsides joins 7); a river or wall in the hexsides it lies along.
    let n = if feature.is_route() {
        let mut joined: Vec<Hex> = sides
            .iter()
            .filter(|(hex, d)| feature.is_in(h.hexside(*hex, *d)) != on)
            .flat_map(|&(hex, d)| {
                [
                    hex,
                    hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize % 6]),
                ]
            })
            .collect();
        joined.sort_by_key(|x| (x.x, x.y));
        joined.dedup();
        format!(
            "{} ({})",
            count(joined.len() as u64, "hex", "hexes"),
            count(edits.len() as u64, "hexside", "hexsides")
        )
    } else {
        count(edits.len() as u64, "hexside", "hexsides")
    };
    let label = if on {
        format!("{} on {n}", feature.name())
    } else {
        format!("{} off {n}", feature.name())
    };
    Some((label, edits))
}

/// The edges a route drawn through `hexes` (the hexes a stroke passed over, in order) crosses:
/// between each hex and the next, through the hexes of a straight line where the stroke
/// skipped some. Canonical, each once, in the order crossed; edges off the map are left out.
pub fn route_sides(h: &HexMap, hexes: &[Hex]) -> Vec<(Hex, u8)> {
    let grid = h.grid();
    let mut out: Vec<(Hex, u8)> = Vec::new();
    for pair in hexes.windows(2) {
        let line: Vec<Hex> = pair[0].line_to(pair[1]).collect();
        for step in line.windows(2) {
            let (a, b) = (step[0], step[1]);
            let Some(d) = a.neighbor_direction(b) else {
                continue;
            };
            if !(grid.contains(a) && grid.contains(b)) {
                continue;
            }
            let side = Hexside::canonical(a, d.index());
            if !out.contains(&side) {
                out.push(side);
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A stroke through a line of hexes crosses the edges between them; hexes the stroke
    /// skipped are filled in along a straight line; edges off the map are left out.
    #[test]
    fn a_route_crosses_the_edges_between_the_hexes_it_passes() {
        let s = Scenario::new_hex("h");
        let h = s.map.as_hex().expect("hex");
        let a = Hex::new(2, 4);
        let dir = hexx::EdgeDirection::ALL_DIRECTIONS[0];
        let line: Vec<Hex> = std::iter::successors(Some(a), |x| Some(x.neighbor(dir)))
            .take(4)
            .collect();
        let sides = route_sides(h, &line);
        assert_eq!(sides.len(), 3);
        // Only the first and last hex given: the same edges.
        assert_eq!(route_sides(h, &[line[0], line[3]]), sides);
        for (w, side) in line.windows(2).zip(&sides) {
            let d = w[0].neighbor_direction(w[1]).expect("neighbours").index();
            assert_eq!(*side, Hexside::canonical(w[0], d));
        }
        assert!(route_sides(h, &[Hex::new(-50, 0), Hex::new(-49, 0)]).is_empty());
        // Drawn through four hexes, a road says it joins four (over three hexsides).
        let (label, _) = hexside_stroke(&s, &sides, HexsideKind::Road, true).expect("a road");
        assert_eq!(label, "Road on 4 hexes (3 hexsides)");
    }

    #[test]
    fn a_hexside_stroke_sets_the_feature_on_every_edge_it_crossed_as_one_step() {
        let mut s = Scenario::new_hex("h");
        let a = Hex::new(2, 2);
        let sides = [(a, 0), (a, 1), (a, 2)];
        let (label, edits) =
            hexside_stroke(&s, &sides, HexsideKind::River, true).expect("a change");
        assert_eq!(label, "River on 3 hexsides");
        for e in edits {
            e.apply(&mut s).expect("applies");
        }
        let h = s.map.as_hex().expect("hex");
        assert!(sides.iter().all(|(x, d)| h.hexside(*x, *d).river));
        // A second stroke over the same edges and one more adds only the new one...
        let more = [(a, 1), (a, 3)];
        let (label, _) = hexside_stroke(&s, &more, HexsideKind::River, true).expect("one");
        assert_eq!(label, "River on 1 hexside");
        // ...and a removing stroke over them takes the river off both that have it.
        let (label, _) = hexside_stroke(&s, &more, HexsideKind::River, false).expect("off");
        assert_eq!(label, "River off 1 hexside");
        assert!(hexside_stroke(&s, &sides, HexsideKind::River, true).is_none());
    }

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
    fn painting_leaves_out_hexes_that_already_have_the_terrain() {
        let s = crate::samples::named("winceby");
        let h = s.map.as_hex().expect("hex");
        let centre = Hex::new(3, 3);
        let ground = h.terrain_at(centre).expect("on the map");
        let other = s
            .terrain_types
            .iter()
            .find(|t| t.id != ground)
            .expect("two terrain types")
            .id;
        let same: Vec<_> = brush(h, centre, 1)
            .filter_map(|x| Some((x, h.terrain_at(x)?)))
            .collect();
        assert_eq!(same.len(), 7);
        assert!(paint_edit(&s, same).is_none(), "nothing changes");
        let mut cells: Vec<_> = brush(h, centre, 1)
            .filter(|x| h.terrain_at(*x) != Some(other))
            .map(|x| (x, other))
            .collect();
        let changing = cells.len();
        assert!(changing > 0);
        cells.push((centre, ground));
        let (label, _) = paint_edit(&s, cells).expect("hexes change");
        assert_eq!(
            label,
            format!("Paint {}", count(changing as u64, "hex", "hexes"))
        );
    }
}
