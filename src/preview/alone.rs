//! R1's move of a unit on its own (`rules::column::alone`): the region its leading model may
//! reach, shaded with its outline and the places within its Mv it cannot reach shaded apart;
//! hovering a place gives the route there or why not; dragging the unit moves it as a block.

use super::answer::{Ghost, Hover, Line, Mark, NoPreview, Parts};
use super::draw::{self, COMMAND, LEGAL, LEGAL_EDGE, NEUTRAL};
use super::table::{route_text, too_far};
use crate::geom::Point;
use crate::model::*;
use crate::rules::column;

pub(super) struct AloneProbe {
    mv: column::AloneMove,
}

/// The preview of `unit` moving on its own; `None` (with the reason in the lines) when it may
/// not.
pub(super) fn preview(
    s: &Scenario,
    unit: UnitId,
    o: &mut Parts,
) -> Result<Option<AloneProbe>, NoPreview> {
    if s.map.is_hex() {
        return Err(NoPreview("columns of march are played on a table".into()));
    }
    let u = s
        .unit(unit)
        .ok_or_else(|| NoPreview(format!("there is no unit {unit}")))?;
    let mv = match column::alone(s, u) {
        Ok(mv) => mv,
        Err(why) => {
            o.lines.push(Line::bad(format!(
                "{} cannot move on its own: {why}",
                u.name
            )));
            return Ok(None);
        }
    };
    let led = u.leader_model.is_some();
    o.lines.push(Line::info(format!(
        "{}: moves on its own, Mv {}\", as a block: drag it so that its {} ends where you \
         want, along a legal route (around impassable terrain, 2\" clear of enemy models, \
         never through a formed column)",
        u.name,
        mv.allowance_in,
        if led { "leader" } else { "ringed model" }
    )));
    // A unit with no leader is measured from one model: ringed, so the drag and the hover's
    // route are read from the right place.
    if !led && let Some(m) = u.model(mv.model) {
        let ring = m.footprint().bounding_radius() + 0.6;
        // Blue, not the route's amber: the selection outlines the unit in amber already.
        draw::ring(&mut o.items, m.pos, ring, COMMAND, None);
        o.marks.push(Mark {
            at: m.pos,
            radius: ring,
            text: format!(
                "{} is measured from this model: the others keep their places about it",
                u.name
            ),
        });
    }
    let region = mv.region();
    draw::refused_within(
        &mut o.items,
        &mut o.refused,
        &region,
        mv.from,
        mv.allowance_in,
    );
    draw::region(&mut o.items, &region, LEGAL, LEGAL_EDGE, 2.0);
    draw::ring(&mut o.items, mv.from, mv.allowance_in, NEUTRAL, Some(4.0));
    Ok(Some(AloneProbe { mv }))
}

impl AloneProbe {
    /// Whether the unit may end its move with its leading model at `p`, and by which route.
    pub fn hover(&self, s: &Scenario, p: Point) -> Option<Hover> {
        let allowance = self.mv.allowance_in;
        if let Some(far) = too_far(self.mv.from, p, allowance) {
            return Some(far);
        }
        let (text, legal, path) = match self.mv.path_to(p) {
            Ok(route) => (
                format!("legal: {}", route_text(route.length, allowance)),
                true,
                route.points,
            ),
            Err(e) => (
                format!("cannot end here: {}", self.mv.unreachable_text(s, e)),
                false,
                Vec::new(),
            ),
        };
        Some(Hover {
            text,
            legal: Some(legal),
            path,
            area: Vec::new(),
        })
    }

    /// The unit moved as a block, its leading model at `to`, judged as hovering there is.
    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        let u = s.unit(self.mv.unit)?;
        let h = self.hover(s, to)?;
        Some(Ghost {
            legal: h.legal == Some(true),
            text: h.text,
            path: h.path,
            unit: self.mv.moved(u, to),
        })
    }
}
