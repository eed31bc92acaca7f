//! Measuring on the free-measure table, by the conventions of RULES.md: model to model is base
//! edge to base edge; unit to unit is the smallest model-to-model distance.

use crate::geom::Footprint;
use crate::model::Unit;

/// The one tolerance for base contact, in inches, used by every rule that asks whether bases
/// touch or overlap: measuring noise, not a rule. Two bases are **in contact** when their
/// edge-to-edge separation is within it either way (a gap of 0.000" and of 0.01" are both
/// contact), and **overlap** when one reaches further than this into the other.
pub const CONTACT_TOLERANCE_IN: f32 = 0.01;

/// The tolerance as compared, with room for single-precision noise: table positions are `f32`,
/// so a gap typed as 0.01" measures 0.0100002".
pub const CONTACT_SLACK_IN: f32 = CONTACT_TOLERANCE_IN + 1e-4;

/// Whether two bases touch: their separation is at most the contact tolerance (an overlap
/// counts too; [`overlaps`] tells it apart).
pub fn in_contact(a: &Footprint, b: &Footprint) -> bool {
    a.separation(b) <= CONTACT_SLACK_IN
}

/// Whether two bases overlap by more than the contact tolerance.
pub fn overlaps(a: &Footprint, b: &Footprint) -> bool {
    a.separation(b) < -CONTACT_SLACK_IN
}

/// Edge-to-edge distance between the nearest models of two units (0 when touching, negative
/// when bases overlap); `None` if either has no models.
pub fn unit_distance(a: &Unit, b: &Unit) -> Option<f32> {
    let mut best: Option<f32> = None;
    for ma in &a.models {
        let fa = ma.footprint();
        for mb in &b.models {
            let d = fa.separation(&mb.footprint());
            best = Some(best.map_or(d, |x: f32| x.min(d)));
        }
    }
    best
}
