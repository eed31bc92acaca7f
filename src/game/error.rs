//! Why the game refuses an action: the rules' own reason, or a step out of turn.

use crate::model::game::Phase;

/// An action the game does not carry out. Its text is the sentence a player reads (the rules'
/// reason where a rule refuses).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The rules refuse it; the reasons are theirs.
    #[error("{what}: {}", reasons.join("; "))]
    Rules { what: String, reasons: Vec<String> },
    #[error("unit {0} does not exist")]
    NoUnit(String),
    #[error("column {0} does not exist")]
    NoColumn(String),
    #[error("{name} has already acted this turn (only a referee override may move it again)")]
    Acted { name: String },
    #[error("{what} is not done in the {phase}")]
    WrongPhase { what: String, phase: Phase },
    #[error("{0}")]
    NotThisRuleset(String),
    #[error("bad dice: {0}")]
    Dice(String),
    #[error("the referee's note is empty: say why the rules are set aside")]
    EmptyNote,
    #[error("the referee's unit is refused: {0}")]
    RefereeInvalid(String),
    #[error("nothing to take back: the log is empty")]
    NothingToTakeBack,
    #[error("the log's undo record is broken: {0}")]
    BrokenUndo(String),
    #[error("the scenario has no game")]
    NoGame,
    #[error("log entry {entry} does not replay: {why}")]
    Replay { entry: usize, why: Box<Refused> },
}

impl Refused {
    pub(crate) fn rules(what: impl Into<String>, reasons: Vec<String>) -> Refused {
        Refused::Rules {
            what: what.into(),
            reasons,
        }
    }
}
