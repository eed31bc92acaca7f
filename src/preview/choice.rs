//! What the preview bar offers for a unit: every mode its ruleset previews, the usual one
//! first, each with the typed reason it is refused (it can still be previewed: the preview
//! then says what stops it).

use super::request::{ColumnOrder, Mode, column_of};
use crate::model::*;
use crate::rules::column::{self, CannotOrder};
use crate::rules::m42::{self, CannotMove, MoveType};
use crate::rules::orders;
use std::fmt;

/// One entry of the preview bar's choice, with why it is refused (it can still be previewed:
/// the preview then says what stops it).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mode: Mode,
    pub refused: Option<Refusal>,
}

/// Why a choice is refused, in the words of the ruleset that refuses it.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// R2: the move type is refused.
    M42(CannotMove),
    /// R3: the order may not be given.
    Orders(orders::Refusal),
    /// R1: the column may not be ordered.
    Column(CannotOrder),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::M42(why) => why.fmt(f),
            Refusal::Orders(why) => why.fmt(f),
            Refusal::Column(why) => why.fmt(f),
        }
    }
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
            let mut v: Vec<Choice> = m42::available(u, None)
                .into_iter()
                .map(|(t, why)| Choice {
                    mode: Mode::M42(t),
                    refused: why.map(Refusal::M42),
                })
                .collect();
            // The usual order is to move: Advance first when the unit may take it.
            if let Some(k) = v
                .iter()
                .position(|c| c.mode == Mode::M42(MoveType::Advance) && c.refused.is_none())
            {
                let advance = v.remove(k);
                v.insert(0, advance);
            }
            v
        }
        Ruleset::Orders => {
            let first = orders::default_action(u);
            let mut v: Vec<Choice> = orders::choices(u)
                .into_iter()
                .map(|c| Choice {
                    mode: Mode::Orders(c.action),
                    refused: c.refused.map(|w| Refusal::Orders(w.reason)),
                })
                .collect();
            v.sort_by_key(|c| c.mode != Mode::Orders(first));
            v
        }
        Ruleset::ColumnOfMarch => match column_of(s, unit) {
            Some(c) => column_choices(s, c, u),
            None => Vec::new(),
        },
    }
}

/// A column's choices for one of its units: the orders to the column and the voluntary break
/// by ordering this unit (formed); after a break, each unit still off table trying to come on
/// (the player picks which), then the orders, refused.
fn column_choices(s: &Scenario, c: &Column, u: &Unit) -> Vec<Choice> {
    let refused = column::cannot_order(c).map(Refusal::Column);
    let mut v: Vec<Choice> = Vec::new();
    if refused.is_some() {
        v.extend(column::waiting(s, c.id).into_iter().map(|w| Choice {
            mode: Mode::Column(c.id, ColumnOrder::Enter(w)),
            refused: None,
        }));
    }
    v.extend(
        [ColumnOrder::Move, ColumnOrder::StandTo, ColumnOrder::Failed]
            .into_iter()
            .map(|o| Choice {
                mode: Mode::Column(c.id, o),
                refused: refused.clone(),
            }),
    );
    if refused.is_none() && u.on_table() && u.in_play() {
        v.push(Choice {
            mode: Mode::Column(c.id, ColumnOrder::VoluntaryBreak(u.id)),
            refused: None,
        });
    }
    v
}
