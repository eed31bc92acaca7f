//! R1 column previews: the lead's route (drawn on the map, or the failed order's), every unit's
//! end position, the units coming on and marching off, and the warnings and breaks with their
//! pin tests.

use super::answer::{Hover, Line, Mark, NoPreview, Parts};
use super::draw::{self, LEGAL, LEGAL_EDGE, NEUTRAL, PATH, REJECTED, REJECTED_EDGE, WARN};
use super::request::ColumnOrder;
use crate::geom::Point;
use crate::model::*;
use crate::rules::column::{
    self, Activation, ColumnOutcome, ColumnPreview, Illegal, Order, UnitEnd,
};

pub(super) struct ColumnProbe {
    preview: ColumnPreview,
}

fn end_text(e: UnitEnd) -> &'static str {
    match e {
        UnitEnd::Table => "on the table",
        UnitEnd::OffTable => "waiting off the table",
        UnitEnd::Exited => "marched off",
    }
}

/// What the editor's column modes ask of the column: Move the lead its full Mv along the route
/// drawn (straight on when none is), Stand To, or the failed order.
pub fn activation(s: &Scenario, col: &Column, order: ColumnOrder, route: &[Point]) -> Activation {
    let lead_mv = col
        .members
        .first()
        .and_then(|m| s.unit(m.unit))
        .map_or(0.0, |u| f32::from(u.stats.mv));
    match order {
        ColumnOrder::Move => Activation::Ordered(Order::Move {
            distance_in: lead_mv,
            route: (!route.is_empty()).then(|| route.to_vec()),
        }),
        ColumnOrder::StandTo => Activation::Ordered(Order::StandTo),
        ColumnOrder::Failed => Activation::Failed,
    }
}

pub(super) fn preview(
    s: &Scenario,
    id: ColumnId,
    order: ColumnOrder,
    route: &[Point],
    o: &mut Parts,
) -> Result<Option<ColumnProbe>, NoPreview> {
    let col = s
        .columns
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| NoPreview(format!("there is no column {id}")))?;
    let activation = activation(s, col, order, route);
    let p = match column::preview(s, id, activation) {
        Ok(p) => p,
        Err(e) => {
            o.lines.push(Line::bad(e.to_string()));
            return Ok(None);
        }
    };
    let t = &p.order_test;
    o.lines.push(Line::info(format!(
        "{}: order test on {} Discipline {} (2D6 at or above): pass {} ({}), fail {}",
        p.name,
        crate::model::words::possessive(&t.name),
        t.discipline,
        t.p_pass,
        t.p_pass.percent_text(),
        t.p_fail.percent_text()
    )));
    o.lines.push(Line::info(if p.failed_order {
        format!(
            "failed order: repeats {} {}, {:.2}\"",
            p.last_action.unwrap_or("the move on"),
            p.route_kind,
            p.moved_in
        )
    } else if p.moved_in > 0.0 {
        format!(
            "moves {:.2}\" of {:.2}\" {}",
            p.moved_in, p.allowance_in, p.route_kind
        )
    } else {
        format!("{}", p.route_kind)
    }));
    if order == ColumnOrder::Move && route.is_empty() {
        o.lines.push(Line::info(
            "click on the map to draw the lead's route (straight on until you do)",
        ));
    }
    let names = |v: &[UnitId]| -> String {
        v.iter()
            .map(|u| p.unit_name(*u).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !p.entering.is_empty() {
        o.lines
            .push(Line::info(format!("coming on: {}", names(&p.entering))));
    }
    if !p.exiting.is_empty() {
        o.lines
            .push(Line::warn(format!("marching off: {}", names(&p.exiting))));
    }
    for w in &p.warnings {
        o.lines.push(Line::warn(w.to_string()));
    }
    if let Some(b) = &p.column_break {
        o.lines.push(Line::warn(b.to_string()));
    }
    for i in &p.illegal {
        o.lines.push(Line::bad(i.to_string()));
    }
    for c in &p.combat {
        o.lines.push(Line::info(c.to_string()));
    }
    // The route, and every unit where it ends.
    draw::path(&mut o.items, &p.route, PATH);
    let (fill, edge) = if p.legal {
        (LEGAL, LEGAL_EDGE)
    } else {
        (REJECTED, REJECTED_EDGE)
    };
    for um in &p.units {
        let Some(u) = s.unit(um.unit) else { continue };
        if um.to == UnitEnd::Table {
            for pm in &um.models {
                if let Some(m) = u.model(pm.id) {
                    let placed = Model {
                        pos: pm.pos,
                        facing_deg: pm.facing_deg,
                        ..*m
                    };
                    draw::base(&mut o.items, &placed, fill, edge);
                }
            }
        }
        let colour = match um.to {
            UnitEnd::Table => edge,
            UnitEnd::OffTable => NEUTRAL,
            UnitEnd::Exited => WARN,
        };
        draw::label(
            &mut o.items,
            um.front,
            format!("{}. {}", um.place, um.name),
            colour,
        );
        o.marks.push(Mark {
            at: um.front,
            radius: 1.0,
            text: format!(
                "{} ({} in the column): {} → {}, front {:.2}\" along the route",
                um.name,
                um.place,
                end_text(um.from),
                end_text(um.to),
                um.along_route_in
            ),
        });
    }
    Ok(Some(ColumnProbe { preview: p }))
}

impl ColumnProbe {
    pub fn hover(&self, _p: Point) -> Option<Hover> {
        None
    }

    pub fn outcome(&self, s: &Scenario) -> Result<ColumnOutcome, Vec<Illegal>> {
        self.preview.outcome(s)
    }
}
