//! What a unit may do now under the scenario's ruleset: every choice (a move under a command,
//! a move type or an order, a column's activation, a chit to change to, the Ld check, a test),
//! each refused one with its ruleset's typed reason. The editor's preview bar and Rules panel,
//! Play and the command line list the same choices.
//!
//! A refused choice can still be previewed: the preview then says what stops it. Whether it
//! may be taken *in this phase* is the game's question (`game::choices` adds that refusal).

use crate::model::*;
use crate::rules::column::{self, CannotOrder};
use crate::rules::hex_commands::{ChangeRefused, HexRules, change_allowed};
use crate::rules::m42::{self, CannotMove};
use crate::rules::morale::{self, CannotTest, TestRequest};
use crate::rules::orders;
use std::fmt;

/// One thing a unit may be asked to do, or shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// R5: the unit's moves under its traced command (`None`), or, as a what-if, under the
    /// chit given (the game moves a unit only under its traced command).
    HexMove(Option<Command>),
    /// R5: a leader's command span and who in his force is in command.
    HexSpan,
    /// R5: the reaction charge of the unit (enemy cavalry) against `trigger` moving to `to`,
    /// at the first check point of its route that lets the unit charge.
    HexReaction { trigger: UnitId, to: hexx::Hex },
    /// R5: a leader changes his chit to this one (the Command Phase).
    Command(Command),
    /// R2: one move type.
    M42(MoveType),
    /// R3: one order.
    Orders(OrdersAction),
    /// R3: the Ld check before an order (2D6 at or under Ld).
    LdCheck,
    /// R1: the column the unit marches in, under one activation.
    Column(ColumnId, ColumnChoice),
    /// R1: a unit outside a formed column moving on its own (`rules::column::alone`).
    Alone,
    /// R4: a morale or rally test.
    Test(TestKind),
}

/// The activations a column may be given (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColumnChoice {
    /// Move, along the route drawn on the map (straight on when none is drawn).
    Move,
    StandTo,
    /// The order fails: the column repeats its last successful action.
    Failed,
    /// A voluntary break: an order to this unit of the column before the column activates
    /// (passed: broken, no pin tests; failed: the column repeats its last successful action).
    VoluntaryBreak(UnitId),
    /// After a break: this unit, still off table, tries to come on at the entry point (any
    /// waiting unit may be the one; the player picks).
    Enter(UnitId),
}

impl Choice {
    /// Whether the choice has a preview on the map (a move, a span, a column's march), rather
    /// than being taken from the Rules panel at once (a chit, the Ld check, a test).
    pub fn previewed(self) -> bool {
        !matches!(self, Choice::Command(_) | Choice::LdCheck | Choice::Test(_))
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::HexMove(None) => f.write_str("Moves under its command"),
            Choice::HexMove(Some(c)) => write!(f, "Moves as if under {c}"),
            Choice::HexSpan => f.write_str("Command span"),
            Choice::HexReaction { trigger, .. } => {
                write!(f, "Reaction charge against unit {trigger}")
            }
            Choice::Command(c) => write!(f, "Change to {c}"),
            Choice::M42(t) => write!(f, "{t}"),
            Choice::Orders(a) => write!(f, "{a}"),
            Choice::LdCheck => f.write_str("Ld check"),
            Choice::Alone => f.write_str("Moves on its own"),
            Choice::Column(_, ColumnChoice::Move) => f.write_str("Column: Move"),
            Choice::Column(_, ColumnChoice::StandTo) => f.write_str("Column: Stand To"),
            Choice::Column(_, ColumnChoice::Failed) => f.write_str("Column: failed order"),
            Choice::Column(_, ColumnChoice::VoluntaryBreak(_)) => {
                f.write_str("Column: voluntary break (order this unit)")
            }
            Choice::Column(_, ColumnChoice::Enter(u)) => write!(f, "Column: bring on unit {u}"),
            Choice::Test(k) => {
                let k = k.to_string();
                let mut c = k.chars();
                match c.next() {
                    Some(first) => write!(f, "{}{}", first.to_uppercase(), c.as_str()),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The words for `choice`, naming the units it is about.
pub fn choice_text(s: &Scenario, choice: Choice) -> String {
    let name = |u: UnitId| s.unit(u).map(|u| u.name.clone());
    match choice {
        Choice::Column(_, ColumnChoice::Enter(u)) => match name(u) {
            Some(n) => format!("Column: bring on {n}"),
            None => choice.to_string(),
        },
        Choice::Column(_, ColumnChoice::VoluntaryBreak(u)) => match name(u) {
            Some(n) => format!("Column: voluntary break (order {n})"),
            None => choice.to_string(),
        },
        Choice::HexReaction { trigger, .. } => match name(trigger) {
            Some(n) => format!("Reaction charge against {n}"),
            None => choice.to_string(),
        },
        _ => choice.to_string(),
    }
}

/// A choice with why it is refused, if it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Offered {
    pub choice: Choice,
    pub refused: Option<Refusal>,
}

/// Why a choice is refused, in the words of the ruleset that refuses it.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// R2: the move type is refused.
    M42(CannotMove),
    /// R3: the order (or the Ld check) may not be given.
    Orders(orders::Refusal),
    /// R1: the column may not be ordered.
    Column(CannotOrder),
    /// R1: the unit may not move on its own.
    Alone(column::CannotMoveAlone),
    /// R5: the leader may not change to this chit.
    Command(ChangeRefused),
    /// R5: only leaders hold a chit.
    NoChit,
    /// R4: the unit may not take this test.
    Test(Vec<CannotTest>),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::M42(why) => why.fmt(f),
            Refusal::Orders(why) => why.fmt(f),
            Refusal::Column(why) => why.fmt(f),
            Refusal::Alone(why) => why.fmt(f),
            Refusal::Command(why) => why.fmt(f),
            Refusal::NoChit => f.write_str("only leaders hold a command chit"),
            Refusal::Test(why) => {
                let v: Vec<String> = why.iter().map(ToString::to_string).collect();
                f.write_str(&v.join("; "))
            }
        }
    }
}

/// Everything `unit` may be asked to do under the scenario's ruleset, the usual choice first:
/// the previewed choices (moves, a span, a column's activations), then a leader's chits (R5),
/// the Ld check (R3) and the tests (R4, when the scenario plays them).
pub fn choices(s: &Scenario, unit: UnitId) -> Vec<Offered> {
    let Some(u) = s.unit(unit) else {
        return Vec::new();
    };
    let mut v = previewed(s, u);
    match s.rules.ruleset {
        Ruleset::HexCommands if u.is_leader() => {
            v.extend(commands(s, u).into_iter().map(|(c, why)| Offered {
                choice: Choice::Command(c),
                refused: why.err(),
            }))
        }
        Ruleset::Orders => v.push(Offered {
            choice: Choice::LdCheck,
            refused: orders::no_order(u).map(Refusal::Orders),
        }),
        _ => {}
    }
    if s.rules.morale_tests {
        for kind in TestKind::ALL {
            let why = match morale::preview(s, TestRequest::new(unit, kind)) {
                Ok(p) if p.may_test() => None,
                Ok(p) => Some(Refusal::Test(p.cannot_test)),
                Err(_) => Some(Refusal::Test(vec![CannotTest::AlreadyRemoved])),
            };
            v.push(Offered {
                choice: Choice::Test(kind),
                refused: why,
            });
        }
    }
    v
}

/// The choices with a preview on the map, the usual one first.
fn previewed(s: &Scenario, u: &Unit) -> Vec<Offered> {
    let plain = |choice| Offered {
        choice,
        refused: None,
    };
    match s.rules.ruleset {
        Ruleset::HexCommands => {
            let mut v = Vec::new();
            if u.is_leader() {
                v.push(plain(Choice::HexSpan));
            }
            v.push(plain(Choice::HexMove(None)));
            v.extend(
                Command::ALL
                    .iter()
                    .map(|c| plain(Choice::HexMove(Some(*c)))),
            );
            v
        }
        Ruleset::M42 => {
            let mut v: Vec<Offered> = m42::available(u, None)
                .into_iter()
                .map(|(t, why)| Offered {
                    choice: Choice::M42(t),
                    refused: why.map(Refusal::M42),
                })
                .collect();
            // The usual order is to move: Advance first when the unit may take it.
            if let Some(k) = v
                .iter()
                .position(|c| c.choice == Choice::M42(MoveType::Advance) && c.refused.is_none())
            {
                let advance = v.remove(k);
                v.insert(0, advance);
            }
            v
        }
        Ruleset::Orders => {
            let first = orders::default_action(u);
            let mut v: Vec<Offered> = orders::choices(u)
                .into_iter()
                .map(|c| Offered {
                    choice: Choice::Orders(c.action),
                    refused: c.refused.map(|w| Refusal::Orders(w.reason)),
                })
                .collect();
            v.sort_by_key(|c| c.choice != Choice::Orders(first));
            v
        }
        // A unit not marching in a formed column moves on its own: one never in a column,
        // or one of a broken column already on the table (then before the column's choices
        // for its units still off table).
        Ruleset::ColumnOfMarch => {
            let alone = Offered {
                choice: Choice::Alone,
                refused: column::alone(s, u).err().map(Refusal::Alone),
            };
            match s.column_of(u.id) {
                Some(c) if c.state == ColumnState::Formed || !u.on_table() => {
                    column_choices(s, c, u)
                }
                Some(c) => std::iter::once(alone)
                    .chain(column_choices(s, c, u))
                    .collect(),
                None => vec![alone],
            }
        }
    }
}

/// A column's choices for one of its units: the orders to the column and the voluntary break
/// by ordering this unit (formed); after a break, each unit still off table trying to come on
/// (the player picks which), then the orders, refused.
fn column_choices(s: &Scenario, c: &Column, u: &Unit) -> Vec<Offered> {
    let refused = column::cannot_order(c).map(Refusal::Column);
    let mut v: Vec<Offered> = Vec::new();
    if refused.is_some() {
        v.extend(column::waiting(s, c.id).into_iter().map(|w| Offered {
            choice: Choice::Column(c.id, ColumnChoice::Enter(w)),
            refused: None,
        }));
    }
    v.extend(
        [
            ColumnChoice::Move,
            ColumnChoice::StandTo,
            ColumnChoice::Failed,
        ]
        .into_iter()
        .map(|o| Offered {
            choice: Choice::Column(c.id, o),
            refused: refused.clone(),
        }),
    );
    if refused.is_none() && u.on_table() && u.in_play() {
        v.push(Offered {
            choice: Choice::Column(c.id, ColumnChoice::VoluntaryBreak(u.id)),
            refused: None,
        });
    }
    v
}

/// Each chit a leader may change to now (R5 Command Phase), with the rules' reason when
/// refused: the Charge timeline, and the Muster trigger counted on his force's losses.
pub fn commands(s: &Scenario, u: &Unit) -> Vec<(Command, Result<(), Refusal>)> {
    let Some(ld) = u.leadership else {
        return Command::ALL
            .into_iter()
            .map(|c| (c, Err(Refusal::NoChit)))
            .collect();
    };
    let lost = losses(s, u.id).unwrap_or(0);
    Command::ALL
        .into_iter()
        .map(|c| {
            (
                c,
                change_allowed(ld.command, c, lost).map_err(Refusal::Command),
            )
        })
        .collect()
}

/// Routed and destroyed units of a leader's force (the Muster trigger, R5).
pub(super) fn losses(
    s: &Scenario,
    leader: UnitId,
) -> Result<usize, crate::rules::hex_commands::HexError> {
    let r = HexRules::new(s)?;
    Ok(r.muster_trigger(leader)?.routed_or_destroyed.len())
}
