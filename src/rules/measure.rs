//! Measuring on the free-measure table, by the conventions of RULES.md: model to model is base
//! edge to base edge; unit to unit is the smallest model-to-model distance.

use crate::model::Unit;

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
