//! Reshaping a hex map: a new orientation, shape or hex size, with its terrain, hexsides,
//! units, zones, objectives and reinforcements carried over to the new grid.

use crate::edit::Edit;
use crate::model::*;
use hexx::Hex;

/// A hex map's layout: what the designer reshapes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResizeHex {
    pub orientation: Orientation,
    pub shape: HexShape,
    pub hex_size_mm: f32,
}

impl ResizeHex {
    pub fn of(h: &HexMap) -> ResizeHex {
        ResizeHex {
            orientation: h.orientation,
            shape: h.shape,
            hex_size_mm: h.hex_size_mm,
        }
    }

    pub fn hexes(&self) -> u64 {
        match self.shape {
            HexShape::Rectangle { columns, rows, .. } => columns as u64 * rows as u64,
            HexShape::Hexagon { radius } => {
                let r = radius as u64;
                3 * r * (r + 1) + 1
            }
        }
    }

    /// Why this layout cannot be a map, if it cannot.
    pub fn problem(&self) -> Option<String> {
        let n = self.hexes();
        if n == 0 {
            return Some("a map needs at least one hex".into());
        }
        if n > MAX_HEXES as u64 {
            return Some(format!("{n} hexes is more than the limit of {MAX_HEXES}"));
        }
        if !(1.0..=500.0).contains(&self.hex_size_mm) {
            return Some("hexes are 1 to 500 mm across".into());
        }
        None
    }
}

/// The hex a layout puts in the middle: what stays in place when the shape changes kind.
fn centre(grid: &crate::geom::HexGrid) -> Hex {
    match *grid {
        crate::geom::HexGrid::Rectangle {
            columns,
            rows,
            mode,
            orientation,
        } => Hex::from_offset_coordinates([columns as i32 / 2, rows as i32 / 2], mode, orientation),
        crate::geom::HexGrid::Hexagon { .. } => Hex::ZERO,
    }
}

/// The edits that give the scenario's hex map the layout `to`, carrying everything on it over.
///
/// Between two rectangles a hex keeps its printed column and row (the map grows or shrinks at
/// the east and south edges); otherwise the maps are laid centre on centre. Hexes new to the
/// map take the first terrain type (the ground). Hexsides whose two hexes are still
/// neighbours keep their features; units whose hex falls off the map go off the map; zones
/// lose the hexes that fall off; objectives and reinforcements that would fall off stay where
/// they are, for the problems panel to report.
pub fn resize_hex_map(s: &Scenario, to: ResizeHex) -> Vec<Edit> {
    let Some(old) = s.map.as_hex() else {
        return Vec::new();
    };
    let ground = s.terrain_types.first().map_or(TerrainId(0), |t| t.id);
    let mut new = HexMap::filled(to.orientation, to.hex_size_mm, to.shape, ground);
    // The printed numbering and the edge stay the map's (an edge through the hexes needs a
    // rectangle).
    new.labels = old.labels;
    if matches!(new.shape, HexShape::Rectangle { .. }) {
        new.edge = old.edge;
    }
    let (og, ng) = (old.grid(), new.grid());
    let both_rect = matches!(old.shape, HexShape::Rectangle { .. })
        && matches!(new.shape, HexShape::Rectangle { .. });
    let shift = centre(&ng) - centre(&og);
    let new_shape = new.shape;
    let carry_any = |hex: Hex| -> Hex {
        match (both_rect, og.offset_of(hex), new_shape) {
            (true, Some(off), HexShape::Rectangle { parity, .. }) => {
                Hex::from_offset_coordinates(off, parity.to_hexx(), to.orientation.to_hexx())
            }
            _ => hex + shift,
        }
    };
    let carry = |hex: Hex| Some(carry_any(hex)).filter(|h| ng.contains(*h));
    for (i, t) in old.terrain.iter().enumerate() {
        if let Some(j) = og.hex_at(i).and_then(carry).and_then(|h| ng.index_of(h)) {
            new.terrain[j] = *t;
        }
    }
    for side in &old.hexsides {
        let a = side.hex;
        let b = a.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[(side.direction % 6) as usize]);
        let (na, nb) = (carry_any(a), carry_any(b));
        if !(ng.contains(na) || ng.contains(nb)) {
            continue;
        }
        if let Some(d) = na.neighbor_direction(nb) {
            new.set_hexside(na, d.index(), side.features);
        }
    }
    let mut edits = vec![Edit::SetMap(Box::new(Map::Hex(new)))];
    for u in &s.units {
        if let Position::Hex { hex, facing } = u.position {
            let position = match carry(hex) {
                Some(hex) => Position::Hex { hex, facing },
                None => Position::OffMap,
            };
            if position != u.position {
                edits.push(Edit::PutUnit(Box::new(Unit {
                    position,
                    ..u.clone()
                })));
            }
        }
    }
    for z in &s.zones {
        if let ZoneArea::Hexes(hexes) = &z.area {
            let mut moved: Vec<Hex> = hexes.iter().filter_map(|h| carry(*h)).collect();
            moved.dedup();
            if moved != *hexes {
                edits.push(Edit::PutZone(Box::new(DeploymentZone {
                    area: ZoneArea::Hexes(moved),
                    ..z.clone()
                })));
            }
        }
    }
    let place = |p: Place| match p {
        Place::Hex(h) => Place::Hex(carry(h).unwrap_or(h)),
        other => other,
    };
    for o in &s.objectives {
        if place(o.place) != o.place {
            edits.push(Edit::PutObjective(Box::new(Objective {
                place: place(o.place),
                ..o.clone()
            })));
        }
    }
    let labels: Vec<MapLabel> = s
        .labels
        .iter()
        .map(|l| MapLabel {
            place: place(l.place),
            ..l.clone()
        })
        .collect();
    if labels != s.labels {
        edits.push(Edit::SetLabels(labels));
    }
    for r in &s.reinforcements {
        if place(r.entry) != r.entry {
            edits.push(Edit::PutReinforcement(Box::new(Reinforcement {
                entry: place(r.entry),
                ..r.clone()
            })));
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    fn winceby() -> Scenario {
        crate::samples::named("winceby")
    }

    fn reshaped(s: &Scenario, to: ResizeHex) -> Scenario {
        let mut doc = Document::new(s.clone(), None);
        doc.apply("Reshape", resize_hex_map(s, to)).expect("valid");
        assert_eq!(doc.scenario().validate(), vec![]);
        doc.scenario().clone()
    }

    fn rect(h: &HexMap) -> (u32, u32, OffsetParity) {
        match h.shape {
            HexShape::Rectangle {
                columns,
                rows,
                parity,
            } => (columns, rows, parity),
            HexShape::Hexagon { .. } => panic!("rectangle"),
        }
    }

    #[test]
    fn growing_a_rectangle_keeps_every_hex_where_it_was_printed() {
        let s = winceby();
        let h = s.map.as_hex().expect("hex");
        let (c, r, parity) = rect(h);
        let to = ResizeHex {
            shape: HexShape::Rectangle {
                columns: c + 3,
                rows: r + 2,
                parity,
            },
            ..ResizeHex::of(h)
        };
        let n = reshaped(&s, to);
        let nh = n.map.as_hex().expect("hex");
        for hex in h.grid().hexes() {
            assert_eq!(nh.terrain_at(hex), h.terrain_at(hex), "{}", h.label(hex));
        }
        assert_eq!(nh.hexsides.len(), h.hexsides.len());
        let ground = s.terrain_types[0].id;
        let east = Hex::from_offset_coordinates(
            [c as i32 + 1, 0],
            parity.to_hexx(),
            h.orientation.to_hexx(),
        );
        assert_eq!(nh.terrain_at(east), Some(ground));
        assert_eq!(
            n.units.iter().map(|u| u.position).collect::<Vec<_>>(),
            s.units.iter().map(|u| u.position).collect::<Vec<_>>()
        );
    }

    #[test]
    fn shrinking_takes_units_off_and_drops_what_falls_off() {
        let s = winceby();
        let h = s.map.as_hex().expect("hex");
        let (_, _, parity) = rect(h);
        let to = ResizeHex {
            shape: HexShape::Rectangle {
                columns: 6,
                rows: 6,
                parity,
            },
            ..ResizeHex::of(h)
        };
        let n = reshaped(&s, to);
        let nh = n.map.as_hex().expect("hex");
        assert_eq!(nh.terrain.len(), 36);
        for u in &n.units {
            if let Some((hex, _)) = u.hex() {
                assert!(nh.grid().contains(hex));
            }
        }
        assert!(n.units.iter().any(|u| u.position == Position::OffMap));
        // Undo brings the whole map back.
        let mut doc = Document::new(s.clone(), None);
        doc.apply("Reshape", resize_hex_map(&s, to)).expect("valid");
        doc.undo();
        assert_eq!(doc.scenario(), &s);
    }

    #[test]
    fn a_hexagon_is_laid_centre_on_centre_and_orientation_changes_stay_valid() {
        let s = winceby();
        let h = s.map.as_hex().expect("hex");
        let to = ResizeHex {
            shape: HexShape::Hexagon { radius: 5 },
            ..ResizeHex::of(h)
        };
        let n = reshaped(&s, to);
        let nh = n.map.as_hex().expect("hex");
        let mid = centre(&h.grid());
        assert_eq!(nh.terrain_at(Hex::ZERO), h.terrain_at(mid));
        let pointy = ResizeHex {
            orientation: Orientation::Pointy,
            ..ResizeHex::of(h)
        };
        let p = reshaped(&s, pointy);
        assert_eq!(
            p.map.as_hex().expect("hex").terrain,
            h.terrain,
            "same offsets, same terrain"
        );
    }

    #[test]
    fn impossible_layouts_say_why() {
        let s = Scenario::new_hex("h");
        let now = ResizeHex::of(s.map.as_hex().expect("hex"));
        let huge = ResizeHex {
            shape: HexShape::Rectangle {
                columns: 2000,
                rows: 1000,
                parity: OffsetParity::Even,
            },
            ..now
        };
        assert!(huge.problem().expect("too big").contains("limit"));
        let empty = ResizeHex {
            shape: HexShape::Rectangle {
                columns: 0,
                rows: 3,
                parity: OffsetParity::Even,
            },
            ..now
        };
        assert!(empty.problem().is_some());
        assert_eq!(now.problem(), None);
    }
}
