//! A computed preview and the questions it answers cheaply: hovering a place, dragging the unit,
//! placing its followers, carrying out a column order.

use super::alone::{self, AloneProbe};
use super::answer::{Ghost, Hover, Line, Mark, NoPreview, Offer, Parts};
use super::column::{self, ColumnProbe};
use super::hex::{self, HexProbe};
use super::pending::Pending;
use super::request::Request;
use super::table::{self, M42Probe, OrdersProbe};
use crate::geom::Point;
use crate::model::*;
use crate::rules::column::ColumnOutcome;
use crate::rules::engine::Choice;
use crate::scene::Item;
use std::fmt;

/// A computed preview: shapes over the map, lines for the bar, and what it knows to answer
/// hovering and dragging.
pub struct Overlay {
    pub request: Request,
    pub items: Vec<Item>,
    /// The refused places shaded in full, for when the player asks to see them so.
    pub refused: Vec<Item>,
    pub lines: Vec<Line>,
    pub marks: Vec<Mark>,
    /// Previews of other units this one leads to (a reaction charge at a check point).
    pub offers: Vec<Offer>,
    probe: Probe,
}

/// What an overlay keeps to answer questions about single places.
enum Probe {
    None,
    Hex(Box<HexProbe>),
    M42(M42Probe),
    Orders(OrdersProbe),
    Column(Box<ColumnProbe>),
    Alone(AloneProbe),
}

impl fmt::Debug for Overlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Overlay")
            .field("request", &self.request)
            .field("items", &self.items.len())
            .field("lines", &self.lines)
            .field("marks", &self.marks)
            .finish()
    }
}

/// Computes the preview of `req` on `s`. Never changes the scenario.
pub fn compute(s: &Scenario, req: &Request) -> Result<Overlay, NoPreview> {
    if s.unit(req.unit).is_none() {
        return Err(NoPreview(format!("there is no unit {}", req.unit)));
    }
    let mut o = Parts::default();
    let probe = match req.mode {
        Choice::HexMove(command) => Probe::Hex(Box::new(hex::moves(
            s, req.unit, command, &req.route, &mut o,
        )?)),
        Choice::HexReaction { trigger, to } => {
            Probe::Hex(Box::new(hex::reaction(s, req.unit, trigger, to, &mut o)?))
        }
        Choice::HexSpan => {
            hex::span(s, req.unit, &mut o)?;
            Probe::None
        }
        Choice::M42(t) => Probe::M42(table::m42(s, req.unit, t, &mut o)?),
        Choice::Orders(a) => {
            table::orders(s, req.unit, a, &mut o)?.map_or(Probe::None, Probe::Orders)
        }
        Choice::Alone => alone::preview(s, req.unit, &mut o)?.map_or(Probe::None, Probe::Alone),
        Choice::Column(id, order) => column::preview(s, id, order, &req.route, &mut o)?
            .map_or(Probe::None, |c| Probe::Column(Box::new(c))),
        Choice::Command(_) | Choice::LdCheck | Choice::Test(_) => {
            return Err(NoPreview(format!(
                "{} has no preview on the map: it is taken from the Rules panel",
                req.mode
            )));
        }
    };
    Ok(Overlay {
        request: req.clone(),
        items: o.items,
        refused: o.refused,
        lines: o.lines,
        marks: o.marks,
        offers: o.offers,
        probe,
    })
}

impl Overlay {
    /// What hovering `p` (map units) says: a marked model first, then the verdict on moving
    /// there.
    pub fn hover(&self, s: &Scenario, p: Point) -> Option<Hover> {
        if let Some(m) = self
            .marks
            .iter()
            .filter(|m| m.at.distance(p) <= m.radius)
            .min_by(|a, b| a.at.distance(p).total_cmp(&b.at.distance(p)))
        {
            return Some(Hover {
                text: m.text.clone(),
                legal: None,
                path: Vec::new(),
                area: Vec::new(),
            });
        }
        match &self.probe {
            Probe::None => None,
            Probe::Hex(h) => h.hover(s, p),
            Probe::M42(m) => m.hover(s, p),
            Probe::Orders(o) => o.hover(s, p),
            Probe::Column(c) => c.hover(p),
            Probe::Alone(a) => a.hover(s, p),
        }
    }

    /// The move of the unit (its leader, on the table) to `to`, checked. `None` when this
    /// preview moves nobody by dragging (a span, a column, a unit that stays).
    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        match &self.probe {
            Probe::Hex(h) => h.ghost(s, to),
            Probe::M42(m) => m.ghost(s, to),
            Probe::Orders(o) => o.ghost(s, to),
            Probe::Alone(a) => a.ghost(s, to),
            Probe::None | Probe::Column(_) => None,
        }
    }

    /// Whether a click at `p` picks a destination of this preview (a hex its MP reach), whose
    /// route and reaction-charge check points it then shows.
    pub fn takes_destination(&self, s: &Scenario, p: Point) -> bool {
        match &self.probe {
            Probe::Hex(h) => h.reaches(s, p),
            _ => false,
        }
    }

    /// After a legal ghost of a unit with followers: the followers placed around the leader's
    /// end in a legal formation, ready to be adjusted before the move is committed. `None`
    /// when the move has no followers to place (it commits as it is).
    pub fn place_followers(&self, s: &Scenario, ghost: &Ghost) -> Option<Pending> {
        match &self.probe {
            Probe::M42(m) => m.place_followers(s, ghost),
            Probe::Orders(o) => o.place_followers(s, ghost),
            _ => None,
        }
    }

    /// What carrying out a column preview changes, or why it cannot be carried out.
    pub fn column_outcome(
        &self,
        s: &Scenario,
    ) -> Option<Result<ColumnOutcome, Vec<crate::rules::column::Illegal>>> {
        match &self.probe {
            Probe::Column(c) => Some(c.outcome(s)),
            _ => None,
        }
    }
}

#[cfg(test)]
impl Overlay {
    /// The hex move preview this overlay answers from, for tests.
    pub(super) fn hex_preview(&self) -> Option<&crate::rules::hex_commands::MovePreview> {
        match &self.probe {
            Probe::Hex(h) => Some(h.preview()),
            _ => None,
        }
    }
}
