//! The one world→screen transform of the canvas: map units (inches or millimetres) to screen
//! points, by a zoom and an offset.

use crate::geom::{Aabb, Point};
use egui::{Pos2, Rect, Vec2};

/// Zoom limits, in screen points per map unit (an inch: 2 to 400 points; a millimetre scales
/// accordingly).
const MIN_ZOOM: f32 = 0.05;
const MAX_ZOOM: f32 = 400.0;

/// Screen points to the inch at the size a sheet prints: egui's point is the desktop's
/// logical pixel, 96 to the inch at a scale of 1.
pub const POINTS_PER_INCH: f32 = 96.0;

/// The zoom as a wargamer reads it: 100% shows the map at the size it prints (an inch of the
/// table, or a hex of a map, as large on the screen as on the sheet), whatever the map's unit.
pub fn print_size_percent(zoom: f32, map: &crate::model::Map) -> f32 {
    let unit_in = if map.is_hex() { 1.0 / 25.4 } else { 1.0 };
    zoom / (POINTS_PER_INCH * unit_in) * 100.0
}

/// Pan and zoom of the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Screen points per map unit.
    pub zoom: f32,
    /// Screen position of the map origin.
    pub origin: Pos2,
}

impl Default for View {
    fn default() -> Self {
        View {
            zoom: 10.0,
            origin: Pos2::ZERO,
        }
    }
}

impl View {
    pub fn to_screen(&self, p: Point) -> Pos2 {
        Pos2::new(
            self.origin.x + p.x * self.zoom,
            self.origin.y + p.y * self.zoom,
        )
    }

    pub fn to_world(&self, p: Pos2) -> Point {
        Point::new(
            (p.x - self.origin.x) / self.zoom,
            (p.y - self.origin.y) / self.zoom,
        )
    }

    /// The map area visible in `screen`.
    pub fn visible(&self, screen: Rect) -> Aabb {
        Aabb {
            min: self.to_world(screen.min),
            max: self.to_world(screen.max),
        }
    }

    /// Fits `bounds` inside `screen` with a margin.
    pub fn fit(bounds: Aabb, screen: Rect) -> View {
        let size = bounds.max - bounds.min;
        if size.x <= 0.0 || size.y <= 0.0 || screen.width() <= 0.0 || screen.height() <= 0.0 {
            return View::default();
        }
        let margin = 24.0;
        let zoom = ((screen.width() - 2.0 * margin) / size.x)
            .min((screen.height() - 2.0 * margin) / size.y)
            .clamp(MIN_ZOOM, MAX_ZOOM);
        let centre = (bounds.min + bounds.max) * 0.5;
        View {
            zoom,
            origin: screen.center() - Vec2::new(centre.x * zoom, centre.y * zoom),
        }
    }

    /// Zooms by `factor` keeping the world point under `anchor` in place.
    pub fn zoom_about(&mut self, anchor: Pos2, factor: f32) {
        let world = self.to_world(anchor);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        self.origin = anchor - Vec2::new(world.x * self.zoom, world.y * self.zoom);
    }

    pub fn pan(&mut self, delta: Vec2) {
        self.origin += delta;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 100% is the printed size on either kind of map: 96 points to the inch of a table,
    /// 96 / 25.4 to the millimetre of a hex map.
    #[test]
    fn zoom_reads_one_hundred_percent_at_the_printed_size() {
        let s = crate::samples::by_name("winceby")
            .expect("sample")
            .load()
            .expect("loads");
        let t = crate::samples::by_name("patrol")
            .expect("sample")
            .load()
            .expect("loads");
        assert!(s.map.is_hex() && !t.map.is_hex());
        assert!((print_size_percent(96.0 / 25.4, &s.map) - 100.0).abs() < 1e-3);
        assert!((print_size_percent(96.0, &t.map) - 100.0).abs() < 1e-3);
        assert!((print_size_percent(48.0, &t.map) - 50.0).abs() < 1e-3);
    }

    #[test]
    fn round_trips_and_zooms_about_the_anchor() {
        let mut v = View {
            zoom: 12.0,
            origin: Pos2::new(30.0, 40.0),
        };
        let p = Point::new(10.5, 3.25);
        assert!((v.to_world(v.to_screen(p)) - p).length() < 1e-4);
        let anchor = Pos2::new(200.0, 150.0);
        let under = v.to_world(anchor);
        v.zoom_about(anchor, 1.7);
        assert!((v.to_world(anchor) - under).length() < 1e-4);
    }

    #[test]
    fn fit_shows_the_whole_map() {
        let b = Aabb {
            min: Point::ZERO,
            max: Point::new(72.0, 48.0),
        };
        let screen = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(800.0, 600.0));
        let v = View::fit(b, screen);
        assert!(screen.contains(v.to_screen(b.min)) && screen.contains(v.to_screen(b.max)));
    }
}
