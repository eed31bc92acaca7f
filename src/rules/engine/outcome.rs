//! What carrying an action out changes, as typed effects with the words a player reads, and
//! why the rules refuse one.

use super::choice::Refusal;
use crate::model::game::{Action, Phase, TurnState};
use crate::model::{Column, ColumnId, Place, Unit, UnitId};

/// An action carried out under the rules: what it changes and how it reads. The game logs it
/// and applies it; the editor applies it as one undoable edit; the command line prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The action as carried out, with its dice as rolled: what a log keeps to replay it.
    pub action: Action,
    /// The unit it is about (a column order's lead); none for the end of a phase.
    pub unit: Option<UnitId>,
    /// Each unit that changes, as it will stand.
    pub units: Vec<Unit>,
    /// The column that changes, as it will stand.
    pub column: Option<Column>,
    /// The units that have acted by it (a moved unit; every unit of an ordered column).
    pub acted: Vec<UnitId>,
    /// What happened, in a player's words.
    pub what: String,
    /// The rule reasons behind it (what a test needed, modifiers, warnings, what follows).
    pub reasons: Vec<String>,
    /// The path a move took (table points or hexes); empty otherwise.
    pub path: Vec<Place>,
    /// The turn's state as the action leaves it, when it changes (a move halted for a
    /// reaction, pin tests owed or taken).
    pub state: Option<TurnState>,
}

impl Outcome {
    /// An outcome of `action` that changes nothing yet.
    pub fn of(action: Action) -> Outcome {
        Outcome {
            action,
            unit: None,
            units: Vec::new(),
            column: None,
            acted: Vec::new(),
            what: String::new(),
            reasons: Vec::new(),
            path: Vec::new(),
            state: None,
        }
    }

    /// The unit as this outcome leaves it, if it changes.
    pub fn unit_after(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }
}

/// Why the rules do not carry an action out. Its text is the sentence a player reads.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The unit may not take this choice now, for the ruleset's typed reason.
    #[error("{what}: {why}")]
    Choice { what: String, why: Refusal },
    /// The rules refuse it (a destination, a roll, a formation); the reasons are theirs.
    #[error("{what}: {}", reasons.join("; "))]
    Rules { what: String, reasons: Vec<String> },
    #[error("unit {0} does not exist")]
    NoUnit(UnitId),
    #[error("column {0} does not exist")]
    NoColumn(ColumnId),
    #[error("{0}")]
    NotThisRuleset(String),
    #[error("bad dice: {0}")]
    Dice(String),
    #[error("{name} has already acted this turn (only a referee override may move it again)")]
    Acted { name: String },
    #[error("{what} is not done in the {phase}: it belongs to the {allowed}")]
    WrongPhase {
        what: String,
        phase: Phase,
        allowed: Phase,
    },
}

impl Refused {
    pub(crate) fn rules(what: impl Into<String>, reasons: Vec<String>) -> Refused {
        Refused::Rules {
            what: what.into(),
            reasons,
        }
    }
}
