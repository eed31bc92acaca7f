//! R1's move of a unit on its own (`rules::column::alone`): the region its leading model may
//! reach, shaded with its outline and the places within its Mv it cannot reach shaded apart;
//! hovering a place gives the route there or why not; dragging the unit moves it as a block.

use super::answer::{Ghost, Hover, Line, Mark, NoPreview, Parts};
use super::draw::{self, COMMAND, LEGAL, LEGAL_EDGE, NEUTRAL};
use crate::geom::Point;
use crate::model::*;
use crate::rules::column;

/// Beyond this much past the allowance, in a straight line, hover answers "too far" without
/// measuring a route: nothing that far can be legal, and measuring is what costs.
const FAR_MARGIN_IN: f32 = 0.5;

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
        // Blue, not the route's amber: the selection outlines the unit in amber already.
        draw::ring(
            &mut o.items,
            m.pos,
            m.footprint().bounding_radius() + 0.6,
            COMMAND,
            None,
        );
        o.marks.push(Mark {
            at: m.pos,
            radius: m.footprint().bounding_radius() + 0.35,
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
        let straight = self.mv.from.distance(p);
        let allowance = self.mv.allowance_in;
        let (text, legal, path) = if straight > allowance + FAR_MARGIN_IN {
            (
                format!("too far: {straight:.2}\" in a straight line, {allowance:.2}\" allowed"),
                false,
                Vec::new(),
            )
        } else {
            match self.mv.path_to(p) {
                Ok(route) => (
                    format!(
                        "legal: a {:.2}\" route of the {allowance:.2}\" allowed",
                        route.length
                    ),
                    true,
                    route.points,
                ),
                Err(e) => (
                    format!("cannot end here: {}", self.mv.unreachable_text(s, e)),
                    false,
                    Vec::new(),
                ),
            }
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
