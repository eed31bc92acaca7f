//! The editor's rule previews: what one unit may do under the scenario's ruleset, as shapes to
//! draw over the map and answers to "why not here?".
//!
//! Everything here is read from the rules engines (`rules::hex_commands`, `rules::m42`,
//! `rules::orders`, `rules::column`, `rules::los`): the same preview values `sandtable moves`,
//! `span` and `column` print, so the editor, the command line and the tests cannot disagree.
//! No GUI types: the canvas paints [`Overlay::items`] with the scene painter, and the tests and
//! the overlay benchmark call the same functions.
//!
//! An [`Overlay`] is computed once per unit, mode and state of the scenario; hovering and
//! dragging ask it cheap questions ([`Overlay::hover`], [`Overlay::ghost`]) that run one
//! destination check each, never the whole preview again.

mod column;
mod draw;
mod hex;
pub mod pending;
pub mod sight;
mod table;

use crate::geom::Point;
use crate::model::*;
use crate::rules::column::ColumnOutcome;
use crate::rules::m42::MoveType;
use crate::rules::orders::{self, Action};
use crate::scene::Item;
use std::fmt;

pub use hex::traced;
pub use pending::Pending;

/// What to preview for the selected unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// R5: the unit's legal moves under its traced command, or under the chit given.
    HexMove(Option<Command>),
    /// R5: a leader's command span and who in his force is in command.
    HexSpan,
    /// R2: one move type.
    M42(MoveType),
    /// R3: one order.
    Orders(Action),
    /// R1: the column the unit marches in, under one activation.
    Column(ColumnId, ColumnOrder),
}

/// The activations a column's preview offers (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColumnOrder {
    /// Move, along the route drawn on the map (straight on when none is drawn).
    Move,
    StandTo,
    /// The order fails: the column repeats its last successful action.
    Failed,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::HexMove(None) => f.write_str("Moves under its command"),
            Mode::HexMove(Some(c)) => write!(f, "Moves as if under {c}"),
            Mode::HexSpan => f.write_str("Command span"),
            Mode::M42(t) => write!(f, "{t}"),
            Mode::Orders(a) => write!(f, "{a}"),
            Mode::Column(_, ColumnOrder::Move) => f.write_str("Column: Move"),
            Mode::Column(_, ColumnOrder::StandTo) => f.write_str("Column: Stand To"),
            Mode::Column(_, ColumnOrder::Failed) => f.write_str("Column: failed order"),
        }
    }
}

/// One entry of the preview bar's choice, with why it is refused (it can still be previewed:
/// the preview then says what stops it).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mode: Mode,
    pub refused: Option<String>,
}

/// Where a unit stands for dragging and hovering: its hex's centre on a hex map, its leader
/// model on the table.
pub fn anchor(s: &Scenario, unit: UnitId) -> Option<Point> {
    let u = s.unit(unit)?;
    match (u.hex(), s.map.as_hex()) {
        (Some((hex, _)), Some(h)) => Some(crate::scene::layout(h).hex_to_world_pos(hex)),
        _ => u.leader().map(|m| m.pos),
    }
}

/// The column `unit` marches in, if any.
pub fn column_of(s: &Scenario, unit: UnitId) -> Option<&Column> {
    s.columns
        .iter()
        .find(|c| c.members.iter().any(|m| m.unit == unit))
}

/// What the preview bar offers for `unit` under the scenario's ruleset, the usual choice first.
pub fn choices(s: &Scenario, unit: UnitId) -> Vec<Choice> {
    let Some(u) = s.unit(unit) else {
        return Vec::new();
    };
    let plain = |mode| Choice {
        mode,
        refused: None,
    };
    match s.rules.ruleset {
        Ruleset::HexCommands => {
            let mut v = Vec::new();
            if u.is_leader() {
                v.push(plain(Mode::HexSpan));
            }
            v.push(plain(Mode::HexMove(None)));
            v.extend(Command::ALL.iter().map(|c| plain(Mode::HexMove(Some(*c)))));
            v
        }
        Ruleset::M42 => {
            let refusals = table::m42_refusals(u);
            MoveType::ALL
                .iter()
                .map(|t| Choice {
                    mode: Mode::M42(*t),
                    refused: refusals
                        .iter()
                        .find(|(k, _)| k == t)
                        .and_then(|(_, r)| r.clone()),
                })
                .collect()
        }
        Ruleset::Orders => {
            let first = orders::default_action(u);
            let mut v: Vec<Choice> = orders::choices(u)
                .into_iter()
                .map(|c| Choice {
                    mode: Mode::Orders(c.action),
                    refused: c.refused.map(|w| w.text),
                })
                .collect();
            v.sort_by_key(|c| c.mode != Mode::Orders(first));
            v
        }
        Ruleset::ColumnOfMarch => match column_of(s, unit) {
            Some(c) => [ColumnOrder::Move, ColumnOrder::StandTo, ColumnOrder::Failed]
                .into_iter()
                .map(|o| Choice {
                    mode: Mode::Column(c.id, o),
                    refused: (c.state == ColumnState::Broken)
                        .then(|| "a broken column never re-forms".to_string()),
                })
                .collect(),
            None => Vec::new(),
        },
    }
}

/// What the preview of one unit is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub unit: UnitId,
    pub mode: Mode,
    /// A column's route as drawn on the map, after where its lead stands (R1 Move).
    pub route: Vec<Point>,
}

impl Request {
    pub fn new(unit: UnitId, mode: Mode) -> Request {
        Request {
            unit,
            mode,
            route: Vec::new(),
        }
    }
}

/// How a line of the preview bar reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    /// Something the player should know: the move is still allowed.
    Warn,
    /// Refused or illegal.
    Bad,
}

/// A line of the preview bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub tone: Tone,
    pub text: String,
}

impl Line {
    fn info(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Info,
            text: text.into(),
        }
    }
    fn warn(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Warn,
            text: text.into(),
        }
    }
    fn bad(text: impl Into<String>) -> Line {
        Line {
            tone: Tone::Bad,
            text: text.into(),
        }
    }
}

/// A marked place on the map (a model out of command, an assault target) and what hovering it
/// says.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at: Point,
    /// Hover radius, in map units.
    pub radius: f32,
    pub text: String,
}

/// The answer to hovering a place while a preview is open.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub text: String,
    /// Whether the unit may end its move there (`None`: not a question of moving).
    pub legal: Option<bool>,
    /// The route it would take, in map units (empty when none).
    pub path: Vec<Point>,
}

/// A move proposed by dragging the unit (or its leader).
#[derive(Clone, Debug, PartialEq)]
pub struct Ghost {
    pub legal: bool,
    /// The sentence shown beside the ghost.
    pub text: String,
    pub path: Vec<Point>,
    /// The unit as it would stand if the move ended here.
    pub unit: Unit,
}

impl Hover {
    /// The route to the hovered place, drawn over the preview.
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let colour = match self.legal {
            Some(false) => draw::REJECTED_EDGE,
            _ => draw::PATH,
        };
        draw::path(&mut items, &self.path, colour);
        items
    }
}

impl Ghost {
    /// The unit where the move would leave it, green when legal and red when not, with the
    /// route it takes.
    pub fn items(&self, s: &Scenario) -> Vec<Item> {
        let mut items = Vec::new();
        let (fill, edge) = if self.legal {
            (draw::with_alpha(draw::LEGAL_EDGE, 150), draw::LEGAL_EDGE)
        } else {
            (
                draw::with_alpha(draw::REJECTED_EDGE, 150),
                draw::REJECTED_EDGE,
            )
        };
        draw::path(
            &mut items,
            &self.path,
            if self.legal { draw::PATH } else { edge },
        );
        match (self.unit.hex(), s.map.as_hex()) {
            (Some((hex, _)), Some(h)) => {
                let corners = crate::scene::layout(h).hex_corners(hex);
                items.push(Item::Convex {
                    points: corners.to_vec(),
                    fill: Some(fill),
                    stroke: Some(crate::scene::Stroke::points(2.5, edge)),
                });
            }
            _ => {
                for m in &self.unit.models {
                    draw::base(&mut items, m, fill, edge);
                }
            }
        }
        items
    }
}

/// A computed preview: shapes over the map, lines for the bar, and what it knows to answer
/// hovering and dragging.
pub struct Overlay {
    pub request: Request,
    pub items: Vec<Item>,
    pub lines: Vec<Line>,
    pub marks: Vec<Mark>,
    probe: Probe,
}

/// What an overlay keeps to answer questions about single places.
enum Probe {
    None,
    Hex(Box<hex::HexProbe>),
    M42(table::M42Probe),
    Orders(table::OrdersProbe),
    Column(Box<column::ColumnProbe>),
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

/// Why no preview could be made (the unit is gone, the map is of the wrong kind...).
#[derive(Clone, Debug, PartialEq)]
pub struct NoPreview(pub String);

impl fmt::Display for NoPreview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Computes the preview of `req` on `s`. Never changes the scenario.
pub fn compute(s: &Scenario, req: &Request) -> Result<Overlay, NoPreview> {
    if s.unit(req.unit).is_none() {
        return Err(NoPreview(format!("there is no unit {}", req.unit)));
    }
    let mut o = Overlay {
        request: req.clone(),
        items: Vec::new(),
        lines: Vec::new(),
        marks: Vec::new(),
        probe: Probe::None,
    };
    match req.mode {
        Mode::HexMove(command) => hex::moves(s, req.unit, command, &mut o)?,
        Mode::HexSpan => hex::span(s, req.unit, &mut o)?,
        Mode::M42(t) => table::m42(s, req.unit, t, &mut o)?,
        Mode::Orders(a) => table::orders(s, req.unit, a, &mut o)?,
        Mode::Column(id, order) => column::preview(s, id, order, &req.route, &mut o)?,
    }
    Ok(o)
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
            });
        }
        match &self.probe {
            Probe::None => None,
            Probe::Hex(h) => h.hover(s, p),
            Probe::M42(m) => m.hover(s, p),
            Probe::Orders(o) => o.hover(s, p),
            Probe::Column(c) => c.hover(p),
        }
    }

    /// The move of the unit (its leader, on the table) to `to`, checked. `None` when this
    /// preview moves nobody by dragging (a span, a column, a unit that stays).
    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        match &self.probe {
            Probe::Hex(h) => h.ghost(s, to),
            Probe::M42(m) => m.ghost(s, to),
            Probe::Orders(o) => o.ghost(s, to),
            Probe::None | Probe::Column(_) => None,
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
mod tests;
