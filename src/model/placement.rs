//! Where a background image lies on the map: stretched over the map's bounds until calibrated,
//! then an [`ImagePlacement`] (a similarity from map units to image pixels). The scene draws the
//! image's corners from here, so the screen and print place it alike.

use super::map::{Background, HexMap, ImagePlacement, Map};
use crate::geom::hex_lattice::{FoundGrid, Tops, V2};
use crate::geom::{Aabb, Fit, FitError, Point, Similarity, fit_similarity};
use crate::model::limits::MAX_PLACEMENT_ROTATION_DEG;
use hexx::Hex;

impl ImagePlacement {
    /// The similarity from map units to image pixels.
    pub fn similarity(&self) -> Similarity {
        Similarity {
            scale: f64::from(self.px_per_unit),
            rotation_rad: f64::from(self.rotation_deg).to_radians(),
            offset: (f64::from(self.origin_px[0]), f64::from(self.origin_px[1])),
        }
    }

    pub fn from_similarity(s: &Similarity) -> ImagePlacement {
        ImagePlacement {
            origin_px: [s.offset.0 as f32, s.offset.1 as f32],
            px_per_unit: s.scale as f32,
            rotation_deg: s.rotation_rad.to_degrees() as f32,
        }
    }
}

impl Map {
    /// The length of one placement unit in the map's own units: a hex across the flats (mm)
    /// on a hex map, an inch on a table.
    pub fn placement_unit(&self) -> f32 {
        match self {
            Map::Hex(h) => h.hex_size_mm,
            Map::Table(_) => 1.0,
        }
    }
}

impl Background {
    /// The image's corners on the map (north-west, north-east, south-east, south-west of the
    /// image), in the map's units: calibrated, or stretched over `bounds`.
    pub fn corners(&self, map: &Map, bounds: Aabb) -> [Point; 4] {
        let Some(p) = self.placement else {
            return [
                bounds.min,
                Point::new(bounds.max.x, bounds.min.y),
                bounds.max,
                Point::new(bounds.min.x, bounds.max.y),
            ];
        };
        let sim = p.similarity();
        let unit = map.placement_unit();
        let (w, h) = (self.width_px as f32, self.height_px as f32);
        [
            Point::ZERO,
            Point::new(w, 0.0),
            Point::new(w, h),
            Point::new(0.0, h),
        ]
        .map(|px| sim.invert(px) * unit)
    }
}

impl ImagePlacement {
    /// The map point (in the map's units) at image pixel `px`, the image laid so.
    pub fn world_at(&self, map: &Map, px: Point) -> Point {
        self.similarity().invert(px) * map.placement_unit()
    }
}

impl Background {
    /// The map point under image pixel `px`, as the image lies now: the inverse of
    /// [`Background::pixel_at`]. Where a click on the image is marked.
    pub fn world_at(&self, map: &Map, bounds: Aabb, px: Point) -> Point {
        match self.placement {
            Some(p) => p.world_at(map, px),
            None => {
                let size = bounds.max - bounds.min;
                bounds.min
                    + px / Point::new(self.width_px.max(1) as f32, self.height_px.max(1) as f32)
                        * size
            }
        }
    }

    /// Whether image pixel `px` lies on the image.
    pub fn holds_pixel(&self, px: Point) -> bool {
        (0.0..=self.width_px as f32).contains(&px.x)
            && (0.0..=self.height_px as f32).contains(&px.y)
    }

    /// The image pixel under a map point (in the map's units), as the image lies now:
    /// calibrated, or stretched over `bounds`. Where the designer clicked on the image.
    pub fn pixel_at(&self, map: &Map, bounds: Aabb, world: Point) -> Point {
        match self.placement {
            Some(p) => p.similarity().apply(world / map.placement_unit()),
            None => {
                let size = (bounds.max - bounds.min).max(Point::splat(1e-6));
                (world - bounds.min) / size
                    * Point::new(self.width_px as f32, self.height_px as f32)
            }
        }
    }
}

/// Why a calibration was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CalibrateError {
    #[error("{0}")]
    Fit(#[from] FitError),
    #[error("hex {0} is not on the map")]
    OffMap(String),
    #[error("the same hex ({0}) is named twice")]
    Repeated(String),
    #[error(
        "the clicks would turn the grid {turn:.1}°, more than the {max}° a scan is turned; check \
         which hexes were named"
    )]
    Turned { turn: f32, max: f32 },
    #[error("the distance must be a positive number of inches, not {0}")]
    Distance(f32),
    #[error("the two points are the same pixel; click two points far apart")]
    SamePoint,
    #[error("the map is not a hex map")]
    NotHex,
    #[error(
        "the scan's hexes have {found} tops but the map's have {map} tops; set the map's \
         orientation to {found} tops first"
    )]
    Tops {
        found: &'static str,
        map: &'static str,
    },
    #[error(
        "hex {label} is named at pixel ({x:.0}, {y:.0}) but the grid puts it {hexes:.2} hexes \
         away; check the labels (and the map's first column and row)"
    )]
    Mismatch {
        label: String,
        x: f32,
        y: f32,
        hexes: f32,
    },
}

/// A found grid laid over the map: its placement, and how far each hex named after the first
/// lies from where the placement puts it, in hexes.
#[derive(Clone, Debug, PartialEq)]
pub struct GridPlacement {
    pub placement: ImagePlacement,
    /// The hex whose centre was snapped to the found grid, and where.
    pub anchor: (Hex, Point),
    pub checks: Vec<(Hex, f32)>,
}

fn tops_word(t: Tops) -> &'static str {
    match t {
        Tops::Flat => "flat",
        Tops::Pointy => "pointy",
    }
}

/// Lays `map` over a grid found on its image. The first of `named` (a pixel and the hex the
/// designer says is there) numbers the hexes: its pixel is snapped to the nearest centre found
/// and that hex put there; without one, the map's first hex goes to the centre nearest
/// `fallback_px`. Each further hex named is checked: one more than half a hex from where the
/// grid puts it is refused (the labels, or the map's numbering, disagree with the scan).
pub fn place_found_grid(
    map: &HexMap,
    grid: &FoundGrid,
    named: &[(Point, Hex)],
    fallback_px: Point,
) -> Result<GridPlacement, CalibrateError> {
    let map_tops = match map.orientation {
        super::Orientation::Flat => Tops::Flat,
        super::Orientation::Pointy => Tops::Pointy,
    };
    if map_tops != grid.tops {
        return Err(CalibrateError::Tops {
            found: tops_word(grid.tops),
            map: tops_word(map_tops),
        });
    }
    let gridx = map.grid();
    let (px, hex) = match named.first() {
        Some(n) => *n,
        None => (fallback_px, gridx.hex_at(0).ok_or(CalibrateError::NotHex)?),
    };
    for (k, (_, h)) in named.iter().enumerate() {
        if !gridx.contains(*h) {
            return Err(CalibrateError::OffMap(map.hex_name(*h)));
        }
        if named[..k].iter().any(|(_, o)| o == h) {
            return Err(CalibrateError::Repeated(map.label(*h)));
        }
    }
    if grid.turn_deg.abs() > f64::from(MAX_PLACEMENT_ROTATION_DEG) {
        return Err(CalibrateError::Turned {
            turn: grid.turn_deg as f32,
            max: MAX_PLACEMENT_ROTATION_DEG,
        });
    }
    let layout = map.layout();
    let unit = |h: Hex| {
        let c = layout.hex_to_world_pos(h);
        Point::new(c.x, c.y) / map.hex_size_mm
    };
    // Pointy tops have neighbours east (0°) and flat tops south (90°), on the map as on the
    // grid found, so the map turns by the grid's turn and a hex is `across_px` pixels.
    let centre = grid.nearest_centre(V2::new(f64::from(px.x), f64::from(px.y)));
    let mut sim = Similarity {
        scale: grid.across_px,
        rotation_rad: grid.turn_deg.to_radians(),
        offset: (0.0, 0.0),
    };
    let at = sim.apply(unit(hex));
    sim.offset = (centre.x - f64::from(at.x), centre.y - f64::from(at.y));
    let mut checks = Vec::new();
    for (p, h) in named.iter().skip(1) {
        let hexes = sim.apply(unit(*h)).distance(*p) / grid.across_px as f32;
        if hexes > 0.5 {
            return Err(CalibrateError::Mismatch {
                label: map.label(*h),
                x: p.x,
                y: p.y,
                hexes,
            });
        }
        checks.push((*h, hexes));
    }
    Ok(GridPlacement {
        placement: ImagePlacement::from_similarity(&sim),
        anchor: (hex, Point::new(centre.x as f32, centre.y as f32)),
        checks,
    })
}

/// Fits a hex map's grid to the pixels where the centres of named hexes were clicked: the
/// placement that puts each hex's centre on its click (least squares), and how close it came.
pub fn calibrate_hex(
    map: &HexMap,
    clicks: &[(Point, Hex)],
) -> Result<(ImagePlacement, Fit), CalibrateError> {
    let grid = map.grid();
    let layout = map.layout();
    let mut pairs = Vec::with_capacity(clicks.len());
    for (k, (px, hex)) in clicks.iter().enumerate() {
        if !grid.contains(*hex) {
            return Err(CalibrateError::OffMap(map.hex_name(*hex)));
        }
        if clicks[..k].iter().any(|(_, h)| h == hex) {
            return Err(CalibrateError::Repeated(map.label(*hex)));
        }
        let c = layout.hex_to_world_pos(*hex);
        pairs.push((Point::new(c.x, c.y) / map.hex_size_mm, *px));
    }
    let fit = fit_similarity(&pairs)?;
    let placement = ImagePlacement::from_similarity(&fit.similarity);
    if placement.rotation_deg.abs() > MAX_PLACEMENT_ROTATION_DEG {
        return Err(CalibrateError::Turned {
            turn: placement.rotation_deg,
            max: MAX_PLACEMENT_ROTATION_DEG,
        });
    }
    Ok((placement, fit))
}

/// Scales a table's image from two clicked pixels and the inches between them, keeping the
/// pixel at the table's corner and the turn (an uncalibrated image starts from its corner).
pub fn scale_table(
    current: Option<ImagePlacement>,
    a: Point,
    b: Point,
    inches: f32,
) -> Result<ImagePlacement, CalibrateError> {
    if !inches.is_finite() || inches <= 0.0 {
        return Err(CalibrateError::Distance(inches));
    }
    let d = a.distance(b);
    if !(d.is_finite() && d > 1e-3) {
        return Err(CalibrateError::SamePoint);
    }
    let mut p = current.unwrap_or(ImagePlacement {
        origin_px: [0.0, 0.0],
        px_per_unit: 1.0,
        rotation_deg: 0.0,
    });
    p.px_per_unit = d / inches;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{HexShape, OffsetParity, Orientation, TerrainId};

    #[test]
    fn calibrate_hex_places_the_image_so_clicked_centres_land_on_their_hexes() {
        let map = HexMap::filled(
            Orientation::Flat,
            16.0,
            HexShape::Rectangle {
                columns: 20,
                rows: 15,
                parity: OffsetParity::Even,
            },
            TerrainId(1),
        );
        let truth = ImagePlacement {
            origin_px: [52.0, 31.0],
            px_per_unit: 44.0,
            rotation_deg: 1.5,
        };
        let sim = truth.similarity();
        let l = map.layout();
        let grid = map.grid();
        let hexes = [0, 19, 15 * 20 - 3].map(|i| grid.hex_at(i).expect("hex"));
        let clicks: Vec<(Point, Hex)> = hexes
            .iter()
            .map(|h| {
                let c = l.hex_to_world_pos(*h);
                (sim.apply(Point::new(c.x, c.y) / 16.0), *h)
            })
            .collect();
        let (p, fit) = calibrate_hex(&map, &clicks).expect("fits");
        assert!((p.rotation_deg - 1.5).abs() < 1e-3);
        assert!((p.px_per_unit - 44.0).abs() < 1e-2);
        assert!(fit.worst_px < 0.05);
        // Two hexes named the wrong way round turn the grid upside down: refused as a
        // mistake, not taken for a scan.
        let wrong = [(clicks[0].0, hexes[1]), (clicks[1].0, hexes[0])];
        assert!(matches!(
            calibrate_hex(&map, &wrong),
            Err(CalibrateError::Turned { .. })
        ));
        assert!(matches!(
            calibrate_hex(&map, &[clicks[0], clicks[0]]),
            Err(CalibrateError::Repeated(_))
        ));
    }

    #[test]
    fn calibrate_table_scale_from_two_points_and_the_inches_between() {
        let p = scale_table(None, Point::new(10.0, 10.0), Point::new(310.0, 410.0), 10.0)
            .expect("scaled");
        assert!((p.px_per_unit - 50.0).abs() < 1e-4);
        assert_eq!(p.origin_px, [0.0, 0.0]);
        assert!(scale_table(None, Point::ZERO, Point::ZERO, 3.0).is_err());
        assert!(scale_table(None, Point::ZERO, Point::ONE, -3.0).is_err());
    }
}
