//! Why the game refuses an action: the rules' own reason, or a step the game's clock and log
//! do not allow.

/// An action the game does not carry out. Its text is the sentence a player reads (the rules'
/// reason where a rule refuses).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The rules refuse it; the reasons are theirs.
    #[error(transparent)]
    Rules(#[from] crate::rules::engine::Refused),
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
    #[error(
        "the log is full: a game holds at most {} entries",
        crate::model::game::MAX_LOG_ENTRIES
    )]
    LogFull,
    #[error("the turn counter is at its end (turn {0})")]
    TurnCounterFull(u16),
    #[error("log entry {entry} does not replay: {why}")]
    Replay { entry: usize, why: Box<Refused> },
    #[error(
        "{0}'s move is halted at a charge-check point: the other side reacts, then the move goes on (Go on), before the phase ends"
    )]
    Halted(String),
    #[error("nothing is saved: the game would no longer open ({0})")]
    WouldNotLoad(String),
    #[error("{what} is limited to {limit}")]
    TooLong { what: &'static str, limit: usize },
    #[error(
        "the game is over: its last turn, turn {0}, has ended (take back to play on, or raise the last turn in the scenario's victory conditions)"
    )]
    GameOver(u16),
    #[error("there is no entry {entry}: the log holds {of}")]
    NoEntry { entry: usize, of: usize },
}
