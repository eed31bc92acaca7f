//! R1 column previews: the lead's route (drawn on the map, or the failed order's), every unit's
//! end position, the units coming on and marching off, and the warnings and breaks with their
//! pin tests.

use super::answer::{Hover, Line, Mark, NoPreview, Parts};
use super::draw::{self, LEGAL, LEGAL_EDGE, NEUTRAL, PATH, REJECTED, REJECTED_EDGE, WARN};
use crate::geom::Point;
use crate::model::*;
use crate::rules::column::{
    self, Activation, ColumnOutcome, ColumnPreview, EntryPreview, Illegal, Order, UnitEnd,
    VoluntaryBreak,
};
use crate::rules::engine::ColumnChoice;

pub(super) struct ColumnProbe {
    answer: Answer,
}

/// The rules' answer a column preview keeps.
enum Answer {
    March(Box<ColumnPreview>),
    Break(Box<VoluntaryBreak>),
    Enter(Box<EntryPreview>),
}

fn end_text(e: UnitEnd) -> &'static str {
    match e {
        UnitEnd::Table => "on the table",
        UnitEnd::OffTable => "waiting off the table",
        UnitEnd::Exited => "marched off",
    }
}

/// What the editor's column modes ask of the column: Move the lead its full Mv along the route
/// drawn (straight on when none is), Stand To, or the failed order. `None` for the modes that
/// are not an activation of the column (a voluntary break, a unit coming on after a break).
pub fn activation(
    s: &Scenario,
    col: &Column,
    order: ColumnChoice,
    route: &[Point],
) -> Option<Activation> {
    let lead_mv = col
        .members
        .first()
        .and_then(|m| s.unit(m.unit))
        .map_or(0.0, |u| f32::from(u.stats.mv));
    match order {
        ColumnChoice::Move => Some(Activation::Ordered(Order::Move {
            distance_in: lead_mv,
            route: (!route.is_empty()).then(|| route.to_vec()),
        })),
        ColumnChoice::StandTo => Some(Activation::Ordered(Order::StandTo)),
        ColumnChoice::Failed => Some(Activation::Failed),
        ColumnChoice::VoluntaryBreak(_) | ColumnChoice::Enter(_) => None,
    }
}

pub(super) fn preview(
    s: &Scenario,
    id: ColumnId,
    order: ColumnChoice,
    route: &[Point],
    o: &mut Parts,
) -> Result<Option<ColumnProbe>, NoPreview> {
    let col = s
        .columns
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| NoPreview(format!("there is no column {id}")))?;
    let answer = match order {
        ColumnChoice::VoluntaryBreak(unit) => column::voluntary_break(s, id, unit).map(|vb| {
            voluntary(s, &vb, o);
            Answer::Break(Box::new(vb))
        }),
        ColumnChoice::Enter(unit) => column::entry(s, id, Some(unit), None).map(|e| {
            enter(s, &e, o);
            Answer::Enter(Box::new(e))
        }),
        _ => {
            let Some(activation) = activation(s, col, order, route) else {
                return Ok(None);
            };
            column::preview(s, id, activation).map(|p| {
                march(s, &p, order, route, true, o);
                Answer::March(Box::new(p))
            })
        }
    };
    match answer {
        Ok(answer) => Ok(Some(ColumnProbe { answer })),
        Err(e) => {
            o.lines.push(Line::bad(e.to_string()));
            Ok(None)
        }
    }
}

/// A voluntary break: the order to one unit with its odds, what passing does, and the move
/// failing forces, drawn as the column would end it.
fn voluntary(s: &Scenario, vb: &VoluntaryBreak, o: &mut Parts) {
    let t = &vb.test;
    o.lines.push(Line::info(format!(
        "voluntary break: an order to {} before the column activates, 2D6 at or above its \
         Discipline {}: pass {} ({}), fail {} ({})",
        vb.name,
        t.discipline,
        t.p_pass,
        t.p_pass.percent_text(),
        t.p_fail,
        t.p_fail.percent_text()
    )));
    o.lines.push(Line::warn(format!(
        "passed ({}): {} is broken, with no pin tests; its units act on their own and never \
         re-form",
        t.p_pass.percent_text(),
        vb.column_name
    )));
    o.lines.push(Line::info(format!(
        "failed ({}): the formation holds and the column repeats its last successful action \
         (drawn):",
        t.p_fail.percent_text()
    )));
    march(s, &vb.on_fail, ColumnChoice::Failed, &[], false, o);
}

/// A unit of a broken column trying to come on: every waiting unit's odds (the player picks
/// which tries), and this one's models where it would stand.
fn enter(s: &Scenario, e: &EntryPreview, o: &mut Parts) {
    o.lines.push(Line::info(format!(
        "{} tries to come on at the entry point: {}",
        e.name, e.test
    )));
    let others: Vec<String> = e
        .candidates
        .iter()
        .filter(|c| c.unit != e.unit)
        .map(|c| {
            format!(
                "{} (needs {}+, {})",
                c.name,
                c.discipline,
                c.p_pass.percent_text()
            )
        })
        .collect();
    if !others.is_empty() {
        o.lines.push(Line::info(format!(
            "also waiting, any one may try instead: {}",
            others.join(", ")
        )));
    }
    o.lines.push(Line::info(format!(
        "passing, it moves {:.2}\" in from the entry point; failing, it stays off table this turn",
        e.distance_in
    )));
    for i in &e.illegal {
        o.lines.push(Line::bad(i.to_string()));
    }
    let (fill, edge) = if e.legal {
        (LEGAL, LEGAL_EDGE)
    } else {
        (REJECTED, REJECTED_EDGE)
    };
    draw::path(&mut o.items, &[e.entry, e.front], PATH);
    if let Some(u) = s.unit(e.unit) {
        draw_placed(&mut o.items, u, &e.models, fill, edge);
    }
    label_beside(
        &mut o.items,
        s.unit(e.unit),
        &e.models,
        e.front,
        e.name.clone(),
        edge,
    );
    o.marks.push(Mark {
        at: e.front,
        radius: 1.0,
        text: format!(
            "{} comes on here if its activation passes ({})",
            e.name,
            e.test.p_pass.percent_text()
        ),
    });
}

/// A column's activation: its order test, the route and every unit where it ends.
/// `tested`: the column's own order test is shown (not for a voluntary break, whose test is
/// the ordered unit's).
fn march(
    s: &Scenario,
    p: &ColumnPreview,
    order: ColumnChoice,
    route: &[Point],
    tested: bool,
    o: &mut Parts,
) {
    let t = &p.order_test;
    if tested {
        o.lines.push(Line::info(format!(
            "{}: order test on {} Discipline {} (2D6 at or above): pass {} ({}), fail {}",
            p.name,
            crate::model::words::possessive(&t.name),
            t.discipline,
            t.p_pass,
            t.p_pass.percent_text(),
            t.p_fail.percent_text()
        )));
    }
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
    if order == ColumnChoice::Move && route.is_empty() {
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
    let mut waiting: Vec<(crate::geom::Point, String)> = Vec::new();
    for um in &p.units {
        let Some(u) = s.unit(um.unit) else { continue };
        if um.to == UnitEnd::Table {
            draw_placed(&mut o.items, u, &um.models, fill, edge);
        }
        let colour = match um.to {
            UnitEnd::Table => edge,
            UnitEnd::OffTable => NEUTRAL,
            UnitEnd::Exited => WARN,
        };
        let placed: &[crate::rules::column::PlacedModel] = if um.to == UnitEnd::Table {
            &um.models
        } else {
            &[]
        };
        // The units still off the table all wait at the entry point: one label names them
        // all there (one each would stack on one spot and crowd each other out).
        if um.to == UnitEnd::OffTable {
            waiting.push((um.front, format!("{}. {}", um.place, um.name)));
        } else {
            label_beside(
                &mut o.items,
                Some(u),
                placed,
                um.front,
                format!("{}. {}", um.place, um.name),
                colour,
            );
        }
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
    if let Some((at, _)) = waiting.first() {
        let names: Vec<String> = waiting.iter().map(|(_, n)| n.clone()).collect();
        // Hung outward from the entry point, off the table's nearer edge, where no unit
        // stands to crowd it out.
        let (at, anchor) = match s.map.as_table() {
            Some(t) => {
                let (dx, dy) = (at.x - t.width_in / 2.0, at.y - t.height_in / 2.0);
                let (nx, ny) = (dx / t.width_in, dy / t.height_in);
                if nx.abs() > ny.abs() {
                    if nx > 0.0 {
                        (
                            *at + crate::geom::Point::new(0.5, 0.0),
                            crate::scene::Anchor::Left,
                        )
                    } else {
                        (
                            *at - crate::geom::Point::new(0.5, 0.0),
                            crate::scene::Anchor::Right,
                        )
                    }
                } else if ny > 0.0 {
                    (
                        *at + crate::geom::Point::new(0.0, 0.5),
                        crate::scene::Anchor::Top,
                    )
                } else {
                    (
                        *at - crate::geom::Point::new(0.0, 0.5),
                        crate::scene::Anchor::Bottom,
                    )
                }
            }
            None => (*at, crate::scene::Anchor::Bottom),
        };
        draw::label_anchored(
            &mut o.items,
            at,
            format!("Still off the table: {}", names.join(", ")),
            NEUTRAL,
            anchor,
        );
    }
}

impl ColumnProbe {
    pub fn hover(&self, _p: Point) -> Option<Hover> {
        None
    }

    /// What carrying the preview out changes: the order passed (a voluntary break: the
    /// column broken; a unit coming on: on the table).
    pub fn outcome(&self, s: &Scenario) -> Result<ColumnOutcome, Vec<Illegal>> {
        match &self.answer {
            Answer::March(p) => p.outcome(s),
            Answer::Break(vb) => Ok(vb.outcome_on_pass(s)),
            Answer::Enter(e) => e.outcome(s),
        }
    }
}

/// `u`'s bases where the rules would place them.
/// A unit's name where its column move ends it: beside its bases on the right of its march,
/// clear of its own models and of the next unit's behind it in the file (at its front they
/// lay over the models). With no bases on the table (off it, or exited), at `front`.
fn label_beside(
    items: &mut Vec<crate::scene::Item>,
    u: Option<&crate::model::Unit>,
    placed: &[crate::rules::column::PlacedModel],
    front: crate::geom::Point,
    text: String,
    colour: crate::model::Colour,
) {
    let bases: Vec<(crate::geom::Point, f32)> = placed
        .iter()
        .filter_map(|pm| {
            let m = u?.model(pm.id)?;
            Some((pm.pos, m.footprint().bounding_radius()))
        })
        .collect();
    let Some(first) = placed.first().filter(|_| !bases.is_empty()) else {
        draw::label(items, front, text, colour);
        return;
    };
    let n = bases.len() as f32;
    let centre = bases.iter().map(|(p, _)| *p).sum::<crate::geom::Point>() / n;
    let right = crate::geom::bearing_vec(first.facing_deg + 90.0);
    // How far the bases reach to that side of their centre.
    let reach = bases
        .iter()
        .map(|(p, r)| (*p - centre).dot(right) + r)
        .fold(0.0f32, f32::max);
    let at = centre + right * (reach + 0.3);
    let anchor = if right.x >= 0.0 {
        crate::scene::Anchor::Left
    } else {
        crate::scene::Anchor::Right
    };
    draw::label_anchored(items, at, text, colour, anchor);
}

fn draw_placed(
    items: &mut Vec<crate::scene::Item>,
    u: &crate::model::Unit,
    placed: &[crate::rules::column::PlacedModel],
    fill: crate::model::Colour,
    edge: crate::model::Colour,
) {
    for pm in placed {
        if let Some(m) = u.model(pm.id) {
            let at = Model {
                pos: pm.pos,
                facing_deg: pm.facing_deg,
                ..*m
            };
            draw::base(items, &at, fill, edge);
        }
    }
}
