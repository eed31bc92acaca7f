//! Laying the map over its background image: a hex map's grid fitted to clicked hex centres,
//! a table image scaled from two points and the inches between them, and a nudge. Each is one
//! `SetBackground` edit, so calibrating is one undo step however many clicks it took.

use crate::edit::Edit;
use crate::edit::ops::map::{ResizeHex, resize_hex_map};
use crate::geom::hex_lattice::{FoundGrid, Tops};
use crate::geom::{Fit, Point};
use crate::model::placement::{
    CalibrateError, GridPlacement, calibrate_hex, place_found_grid, scale_table,
};
use crate::model::{Background, ImagePlacement, Map, Scenario};
use hexx::Hex;

/// Why a calibration cannot be applied.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CalibrateRefused {
    #[error("the map has no background image to calibrate")]
    NoImage,
    #[error("{0}")]
    Refused(#[from] CalibrateError),
    #[error("the map cannot take the scan's orientation: {0}")]
    Reshape(String),
}

fn background(s: &Scenario) -> Result<&Background, CalibrateRefused> {
    s.background.as_ref().ok_or(CalibrateRefused::NoImage)
}

fn with_placement(bg: &Background, p: ImagePlacement) -> Vec<Edit> {
    let mut bg = bg.clone();
    bg.placement = Some(p);
    vec![Edit::SetBackground(Some(Box::new(bg)))]
}

/// Fits a hex map's grid to the clicked centres of named hexes (image pixels): the edit that
/// places the image so, and the fit (its residual in pixels).
pub fn fit_hexes(
    s: &Scenario,
    clicks: &[(Point, Hex)],
) -> Result<(Vec<Edit>, Fit), CalibrateRefused> {
    let bg = background(s)?;
    let Map::Hex(map) = &s.map else {
        return Err(CalibrateError::NotHex.into());
    };
    let (placement, fit) = calibrate_hex(map, clicks)?;
    Ok((with_placement(bg, placement), fit))
}

/// A found grid applied: its edits (one undo step), where it laid the map, and whether the
/// map's orientation had to change to the scan's.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundApplied {
    pub edits: Vec<Edit>,
    pub placed: GridPlacement,
    pub reoriented: bool,
}

/// Lays the map over a grid found on its image (`model::placement::place_found_grid`): the
/// first named hex numbers the grid, a second is checked; without one, the map's first hex
/// goes to the centre found nearest `first_px` (where it lies on the image now). A map whose
/// hexes have the other tops than the scan's is reshaped to them first, in the same step.
pub fn apply_found_grid(
    s: &Scenario,
    grid: &FoundGrid,
    named: &[(Point, Hex)],
    first_px: Point,
) -> Result<FoundApplied, CalibrateRefused> {
    let bg = background(s)?;
    let Map::Hex(map) = &s.map else {
        return Err(CalibrateError::NotHex.into());
    };
    let orientation = match grid.tops {
        Tops::Flat => crate::model::Orientation::Flat,
        Tops::Pointy => crate::model::Orientation::Pointy,
    };
    let mut edits = Vec::new();
    let mut shaped = s.clone();
    let reoriented = map.orientation != orientation;
    if reoriented {
        let to = ResizeHex {
            orientation,
            ..ResizeHex::of(map)
        };
        edits = resize_hex_map(s, to);
        for e in &edits {
            e.clone()
                .apply(&mut shaped)
                .map_err(|e| CalibrateRefused::Reshape(e.to_string()))?;
        }
    }
    let Map::Hex(new_map) = &shaped.map else {
        return Err(CalibrateError::NotHex.into());
    };
    // Named hexes keep their place in the grid's order (their offset row and column) when the
    // map takes the other tops, as its terrain and units do.
    let (old, new) = (map.grid(), new_map.grid());
    let named: Vec<(Point, Hex)> = named
        .iter()
        .map(|(p, h)| {
            let moved = old.index_of(*h).and_then(|i| new.hex_at(i)).unwrap_or(*h);
            (*p, moved)
        })
        .collect();
    let placed = place_found_grid(new_map, grid, &named, first_px)?;
    edits.extend(with_placement(bg, placed.placement));
    Ok(FoundApplied {
        edits,
        placed,
        reoriented,
    })
}

/// The centre of the top-left hex of a grid found printed on a part of its image (a sheet's
/// map), image pixels: with no hex named, the map's first hex goes there, as the printed grid
/// is the map. `None` when the grid was found over the whole image.
pub fn printed_first_hex(grid: &FoundGrid) -> Option<Point> {
    use crate::geom::hex_lattice::V2;
    let [x0, y0, x1, y1] = grid.printed_px?;
    let a = grid.across_px;
    // A hex's reach from its centre across and down: a corner's across flat tops and half a
    // hex down, or the other way round on pointy tops.
    let (rx, ry) = match grid.tops {
        Tops::Flat => (a / 3f64.sqrt(), a / 2.0),
        Tops::Pointy => (a / 2.0, a / 3f64.sqrt()),
    };
    // The part's left and top edges along the grid's own axes (a sheet scanned turned has its
    // first column slanting), else upright.
    let (ex, ey, left, top) = match grid.printed_along {
        Some([u0, v0, u1, v1]) => {
            let u = grid.lattice().a1 * (1.0 / a);
            let v = u.turned(90.0);
            // Each image direction's nearest axis, signed, and the part's low edge along it.
            let nearest = |d: V2| {
                [(u, u0), (u * -1.0, -u1), (v, v0), (v * -1.0, -v1)]
                    .into_iter()
                    .max_by(|p, q| p.0.dot(d).total_cmp(&q.0.dot(d)))
                    .expect("four axes")
            };
            let ((ex, left), (ey, top)) = (nearest(V2::new(1.0, 0.0)), nearest(V2::new(0.0, 1.0)));
            (ex, ey, left, top)
        }
        None => (V2::new(1.0, 0.0), V2::new(0.0, 1.0), x0.min(x1), y0.min(y1)),
    };
    // The first hex stands in the first column, at its top: where a hex's reach in from the
    // left and top edges puts a centre, or half a hex further along the stagger when that
    // column (row, on pointy tops) is the one set back. A quarter hex along it is nearer the
    // first hex either way than any other centre.
    let (sx, sy) = match grid.tops {
        Tops::Flat => (0.0, a / 4.0),
        Tops::Pointy => (a / 4.0, 0.0),
    };
    let c = grid.nearest_centre(ex * (left + rx + sx) + ey * (top + ry + sy));
    Some(Point::new(c.x as f32, c.y as f32))
}

/// Scales a table's image from two clicked pixels and the inches between them.
pub fn scale_from_two_points(
    s: &Scenario,
    a: Point,
    b: Point,
    inches: f32,
) -> Result<Vec<Edit>, CalibrateRefused> {
    let bg = background(s)?;
    let p = scale_table(bg.placement, a, b, inches)?;
    Ok(with_placement(bg, p))
}

/// Moves a calibrated image by `shift` map units (a hex or an inch) and turns it by `turn`
/// degrees about the map's origin: the nudge after a fit. `None` when the image is not
/// calibrated or the turn would pass the limit.
pub fn nudge(s: &Scenario, shift: Point, turn_deg: f32) -> Option<Vec<Edit>> {
    let bg = s.background.as_ref()?;
    let mut p = bg.placement?;
    // The image moves by `shift` on the map: the map origin's pixel moves the other way.
    let sim = p.similarity();
    let moved = sim.apply(-shift);
    p.origin_px = [moved.x, moved.y];
    p.rotation_deg += turn_deg;
    if p.rotation_deg.abs() > crate::model::limits::MAX_PLACEMENT_ROTATION_DEG {
        return None;
    }
    Some(with_placement(bg, p))
}

/// Puts the image back to stretching over the map.
pub fn clear(s: &Scenario) -> Option<Vec<Edit>> {
    let bg = s.background.as_ref()?;
    bg.placement?;
    let mut bg = bg.clone();
    bg.placement = None;
    Some(vec![Edit::SetBackground(Some(Box::new(bg)))])
}

/// The columns and rows a rectangular hex map needs to hold every hex that lies wholly on its
/// calibrated background, counted from its first hex east and south; `None` when the map
/// already holds them (or the image is not calibrated, the map no rectangle, or the size over
/// the hex limit). A scan is often larger than the map drawn so far: the Calibrate window
/// offers to grow the map to it.
pub fn scan_cover(s: &Scenario) -> Option<(u32, u32)> {
    scan_cover_within(s, None)
}

/// [`scan_cover`] counting only the hexes where the grid `found` on the image is printed
/// ([`FoundGrid::printed_at`]), so a sheet's margins and words are no hexes.
pub fn scan_cover_within(s: &Scenario, found: Option<&FoundGrid>) -> Option<(u32, u32)> {
    let printed = found.and_then(|g| g.printed_px);
    let bg = s.background.as_ref()?;
    let p = bg.placement?;
    let Map::Hex(h) = &s.map else {
        return None;
    };
    let crate::model::HexShape::Rectangle {
        columns,
        rows,
        parity,
    } = h.shape
    else {
        return None;
    };
    let (layout, sim, unit) = (h.layout(), p.similarity(), s.map.placement_unit());
    let (mode, orient) = (parity.to_hexx(), h.orientation.to_hexx());
    // A hex counts when the whole of it lies on the image: a hex cut by the scan's edge is
    // no hex of the printed map.
    let [x0, y0, x1, y1] = printed
        .map_or([0.0, 0.0, bg.width_px as f32, bg.height_px as f32], |p| {
            p.map(|v| v as f32)
        });
    let on_image = |c: i32, r: i32| {
        let hex = Hex::from_offset_coordinates([c, r], mode, orient);
        layout.hex_corners(hex).iter().all(|w| {
            let px = sim.apply(Point::new(w.x, w.y) / unit);
            (x0..=x1).contains(&px.x)
                && (y0..=y1).contains(&px.y)
                && found.is_none_or(|g| {
                    g.printed_at(crate::geom::hex_lattice::V2::new(
                        f64::from(px.x),
                        f64::from(px.y),
                    ))
                })
        })
    };
    // The image's corners give the farthest column and row it could reach; the edge hexes
    // not wholly on the image are then taken back.
    let (mut far_c, mut far_r) = (columns as i32 - 1, rows as i32 - 1);
    for px in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
        let corner = sim.invert(Point::new(px.0, px.1)) * unit;
        let hex = layout.world_pos_to_hex(hexx::Vec2::new(corner.x, corner.y));
        let [c, r] = hex.to_offset_coordinates(mode, orient);
        far_c = far_c.max(c);
        far_r = far_r.max(r);
    }
    let fits = |c: i32, r: i32| (c as usize + 1) * (r as usize + 1) <= crate::model::MAX_HEXES;
    if !fits(far_c, far_r) {
        return None;
    }
    while far_c >= columns as i32 && !(0..=far_r).any(|r| on_image(far_c, r)) {
        far_c -= 1;
    }
    while far_r >= rows as i32 && !(0..=far_c).any(|c| on_image(c, far_r)) {
        far_r -= 1;
    }
    let need = (far_c as u32 + 1, far_r as u32 + 1);
    (need.0 > columns || need.1 > rows).then_some(need)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    fn with_image(mut s: Scenario) -> Scenario {
        s.background = Some(Background {
            encoded: Vec::new().into(),
            width_px: 800,
            height_px: 600,
            opacity: 1.0,
            placement: None,
        });
        s
    }

    #[test]
    fn calibrate_is_one_undo_step_and_nudges_move_the_image() {
        let s = with_image(Scenario::new_hex("calibrate"));
        let grid = s.map.as_hex().expect("hex").grid();
        let clicks = [
            (Point::new(40.0, 40.0), grid.hex_at(0).expect("hex")),
            (Point::new(700.0, 40.0), grid.hex_at(19).expect("hex")),
        ];
        let (edits, fit) = fit_hexes(&s, &clicks).expect("fits");
        assert!(fit.worst_px < 40.0, "{fit:?}");
        let mut doc = Document::new(s.clone(), None);
        doc.apply("Calibrate background", edits).expect("applies");
        let p = doc.scenario().background.as_ref().and_then(|b| b.placement);
        assert!(p.is_some());
        let before = p.expect("placed");
        let edits = nudge(doc.scenario(), Point::new(0.1, 0.0), 0.0).expect("calibrated");
        doc.apply("Nudge background", edits).expect("applies");
        let after = doc
            .scenario()
            .background
            .as_ref()
            .and_then(|b| b.placement)
            .expect("placed");
        // The image moved east: the map's origin now lies on a pixel further west.
        assert!(after.origin_px[0] < before.origin_px[0]);
        doc.undo();
        doc.undo();
        assert_eq!(doc.scenario(), &s);
        // No image, no calibration; a table takes a scale from two points.
        assert_eq!(
            fit_hexes(&Scenario::new_hex("bare"), &clicks).map(|_| ()),
            Err(CalibrateRefused::NoImage)
        );
        let t = with_image(Scenario::new_table("table"));
        let edits =
            scale_from_two_points(&t, Point::ZERO, Point::new(0.0, 480.0), 12.0).expect("scaled");
        let Edit::SetBackground(Some(bg)) = &edits[0] else {
            panic!("a background edit");
        };
        assert_eq!(bg.placement.map(|p| p.px_per_unit), Some(40.0));
    }
    #[test]
    fn a_scan_larger_than_the_map_offers_the_size_that_holds_its_hexes() {
        // A new map over an 800 x 600 image at 20 px a hex across the flats: flat-topped
        // columns stand 0.866 of that apart, so about 45 columns by 29 rows lie wholly on it.
        let mut s = with_image(Scenario::new_hex("scan"));
        assert_eq!(scan_cover(&s), None, "a stretched image is the map's size");
        let h = s.map.as_hex().expect("hex").clone();
        let first = h.grid().hex_at(0).expect("hex");
        let c = h.layout().hex_to_world_pos(first);
        let unit = s.map.placement_unit();
        let (px_per_hex, origin) = (20.0_f32, [10.0_f32, 10.0]);
        s.background.as_mut().expect("image").placement = Some(ImagePlacement {
            origin_px: [
                origin[0] - c.x / unit * px_per_hex,
                origin[1] - c.y / unit * px_per_hex,
            ],
            px_per_unit: px_per_hex,
            rotation_deg: 0.0,
        });
        let (cols, rows) = scan_cover(&s).expect("the scan is larger");
        // Every counted column and row has a hex wholly on the image; one more would not.
        let on = |col: u32, row: u32| {
            let m = &s.map.as_hex().expect("hex");
            let hex = Hex::from_offset_coordinates(
                [col as i32, row as i32],
                match m.shape {
                    crate::model::HexShape::Rectangle { parity, .. } => parity.to_hexx(),
                    _ => unreachable!(),
                },
                m.orientation.to_hexx(),
            );
            let bg = s.background.as_ref().expect("image");
            let sim = bg.placement.expect("placed").similarity();
            m.layout().hex_corners(hex).iter().all(|w| {
                let px = sim.apply(Point::new(w.x, w.y) / unit);
                px.x >= 0.0 && px.x <= 800.0 && px.y >= 0.0 && px.y <= 600.0
            })
        };
        assert!((0..rows).any(|r| on(cols - 1, r)) && !(0..rows).any(|r| on(cols, r)));
        assert!((0..cols).any(|c| on(c, rows - 1)) && !(0..cols).any(|c| on(c, rows)));
        assert!(
            (45..=47).contains(&cols) && (30..=31).contains(&rows),
            "{cols} x {rows}"
        );
        // Grown to it, the map holds the scan.
        let mut grown = s.clone();
        let to = ResizeHex {
            shape: crate::model::HexShape::Rectangle {
                columns: cols,
                rows,
                parity: match h.shape {
                    crate::model::HexShape::Rectangle { parity, .. } => parity,
                    _ => unreachable!(),
                },
            },
            ..ResizeHex::of(&h)
        };
        for e in resize_hex_map(&s, to) {
            e.apply(&mut grown).expect("grows");
        }
        assert_eq!(scan_cover(&grown), None);
        // Where the grid is printed on only the left half of the image (a sheet with words
        // beside its map), only that half's hexes are counted.
        let half = FoundGrid {
            tops: Tops::Flat,
            across_px: 40.0,
            turn_deg: 0.0,
            centre_px: [40.0, 40.0],
            confidence: 1.0,
            match_score: 1.0,
            regions_seen: 1,
            regions_agreeing: 1,
            rms_px: 0.0,
            worst_px: 0.0,
            dark_lines: true,
            printed_px: Some([0.0, 0.0, 400.0, 600.0]),
            printed_along: None,
        };
        let (half_c, half_r) = scan_cover_within(&s, Some(&half)).expect("larger still");
        assert_eq!(half_r, rows);
        assert!(
            (22..=24).contains(&half_c),
            "{half_c} columns on the half printed"
        );
    }
}
