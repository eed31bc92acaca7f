//! Laying the map over its background image: a hex map's grid fitted to clicked hex centres,
//! a table image scaled from two points and the inches between them, and a nudge. Each is one
//! `SetBackground` edit, so calibrating is one undo step however many clicks it took.

use crate::edit::Edit;
use crate::geom::{Fit, Point};
use crate::model::placement::{CalibrateError, calibrate_hex, scale_table};
use crate::model::{Background, ImagePlacement, Map, Scenario};
use hexx::Hex;

/// Why a calibration cannot be applied.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CalibrateRefused {
    #[error("the map has no background image to calibrate")]
    NoImage,
    #[error("{0}")]
    Refused(#[from] CalibrateError),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    fn with_image(mut s: Scenario) -> Scenario {
        s.background = Some(Background {
            encoded: Vec::new(),
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
}
