//! A game in progress, as plain data saved with the scenario (format version 2; the phasing
//! side, a move halted for a reaction, owed pin tests, the start's fingerprint, the players'
//! notes and bookmarks since format 3): the position it started from, the turn's phase, who has
//! acted, the dice generator's state and the log of every committed action.
//!
//! The rules that move the game on live in the `game` module; the model only says what is stored,
//! so a file can be checked (`validate`) without the rules. The log stores what was asked (the
//! action with its dice) rather than what it changed: replaying the actions through the rules
//! from the starting position gives the saved position again, which is how a file sent by an
//! opponent is shown and checked.

use super::column::Column;
use super::ids::{ColumnId, ModelId, SideId, UnitId};
use super::map::Place;
use super::orders::MoveOrder;
use super::unit::{Command, Unit};
use crate::geom::Point;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Entries one game log may hold: a long game of 20 turns with a hundred units acting and
/// testing each turn stays well under it.
pub const MAX_LOG_ENTRIES: usize = 20_000;
/// Dice one roll may hold (3D6 is the most any rule asks for).
pub const MAX_DICE: usize = 3;
/// Rolls one test may carry after its first roll and re-roll (an artillery retire distance,
/// an elephant's stampede die and its 3D6).
pub const MAX_FOLLOW_UP_ROLLS: usize = 4;
/// Points of a column's route in one order.
pub const MAX_ROUTE_POINTS: usize = 1_000;
/// A referee's note or a logged sentence, in characters.
pub const MAX_LOG_TEXT_CHARS: usize = 2_000;
/// Units the undo records of one log hold in all (and acted units they remember): an end of
/// turn records every unit whose flags it clears.
pub const MAX_UNDO_UNITS: usize = 200_000;
/// Reasons kept with one entry.
pub const MAX_REASONS: usize = 100;
/// Bookmarks one game may hold.
pub const MAX_BOOKMARKS: usize = 1_000;

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// Where the game started: replaying the log from here gives the position now.
    pub start: GameStart,
    /// The phase of the current turn (the turn itself is `Scenario::turn`).
    pub phase: Phase,
    /// Units that have acted this turn (moved, been ordered, changed command), in the order
    /// they acted. A unit listed here may not act again this turn without a referee override.
    pub acted: Vec<UnitId>,
    /// The dice generator's state now (SplitMix64, see the `game` module's `dice`).
    pub dice: u64,
    /// Every committed action, oldest first.
    pub log: Vec<LogEntry>,
    /// The side whose Movement Phase it is, a move halted for a reaction, owed pin tests
    /// (format 3).
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub state: TurnState,
    /// The SHA-256 of the position the game started from (`game::fingerprint`), recorded when
    /// it began: both players can compare it with the scenario they agreed on (format 3; a
    /// game begun before has none).
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub fingerprint: Option<String>,
    /// Places in the log the players marked to come back to (format 3).
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub bookmarks: Vec<Bookmark>,
    /// How its turns run. A game begun before format 3 keeps the turn it was played under, so
    /// its log replays as it was played.
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub turns: TurnRules,
}

/// How a game's turns run (docs/rules.md, "Playing a game").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnRules {
    /// As format 2 played them: one Movement Phase both sides share; nothing halts for a
    /// reaction, and no Ld check or pin test is asked for before a unit acts.
    #[default]
    SharedMovement,
    /// Each side's Movement Phase in turn, with the reaction charge, the R3 Ld check before an
    /// order and the R1 pin tests after a break.
    SidesInTurn,
}

/// What a game keeps of its turn beyond the phase: restored with the rest by take back.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnState {
    /// The phasing side: whose Movement Phase it is. `None` in a phase both sides share (R5's
    /// Command Phase).
    pub side: Option<SideId>,
    /// A phasing cavalry move halted at a reaction-charge check point (R5), waiting for the
    /// other side's check and charge before it goes on.
    pub halted: Option<Halt>,
    /// Units of a broken column that owe a pin test (R1) before any of it acts again.
    pub pin_tests: Vec<UnitId>,
    /// The objectives held by the last side whose units stood on them alone (format 4):
    /// what an objective scored "last occupied" needs of the game's past.
    #[serde(default, deserialize_with = "super::compat::since_v4")]
    pub held: Vec<super::victory::Held>,
}

/// A move halted at a reaction-charge check point (R5, 004: "The phasing player's movement is
/// halted until a command change has been checked and ... the movement of charging
/// non-phasing cavalry has concluded").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Halt {
    /// The phasing cavalry unit, standing at the check point.
    pub mover: UnitId,
    /// The route of its move, from where it began to where it was going.
    pub path: Vec<hexx::Hex>,
    /// The way it faced where it began.
    pub facing: u8,
    /// Where on `path` it stands: the check point.
    pub at: u32,
    /// The leaders who may still check for a Charge here.
    pub leaders: Vec<UnitId>,
    /// The cavalry that may charge the mover now (already under a Charge, or its leader's
    /// check passed).
    pub chargers: Vec<UnitId>,
    /// Every leader and unit offered a reaction to this move so far: each reacts once to a
    /// moving enemy.
    pub offered: Vec<UnitId>,
}

/// A place in the log the players marked, with their words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bookmark {
    /// Entries played at the mark (0: the start of the game).
    pub after: u32,
    pub label: String,
}

/// The position a game started from: the parts of a scenario that play changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStart {
    pub turn: u16,
    pub phase: Phase,
    /// The dice generator's state before the first roll.
    pub dice: u64,
    /// Shared by every position of the game (each play clones the scenario; none changes its
    /// start): a count to clone, not a copy of every unit.
    pub units: super::shared::Shared<Unit>,
    pub columns: Vec<Column>,
    /// The side whose phase began the game (format 3).
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub side: Option<SideId>,
}

/// A phase of a turn. The hex commands (R5) have a Command Phase before the sides' Movement
/// Phases; the table rulesets have the sides' Movement Phases only (each unit or column acts
/// once in its side's). Whose Movement Phase it is, is `TurnState::side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Command,
    Movement,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Command => "Command Phase",
            Phase::Movement => "Movement Phase",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Dice of one roll. Asked for as `App` (the game rolls them from its generator) or `Typed`
/// (a physical roll typed in, as its total); the log stores `Rolled` with the app's dice, so a
/// replay draws the same numbers again and checks them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dice {
    /// Roll in the app (never stored in the log).
    App,
    /// Dice the app rolled, each 1 to 6.
    Rolled(Vec<u8>),
    /// A physical roll typed in: its total.
    Typed(u8),
}

pub use super::orders::{TestCause, TestKind};

/// The dice of a morale or rally test.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestDice {
    /// A routing unit routs on without a rally test (and still loses a stand).
    KeepRouting,
    Roll {
        /// The D6 of the test.
        first: Dice,
        /// The re-roll, taken after a failed first roll when one is available.
        reroll: Option<Dice>,
        /// Rolls the outcome asks for, in order: an artillery unit's retire distance (2D6"
        /// foot, 3D6" horse); an elephant's stampede D6 and, on 1-2, its 3D6" move. Missing
        /// ones are rolled in the app.
        follow_up: Vec<Dice>,
    },
}

/// A column's order (R1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ColumnOrder {
    StandTo,
    /// The lead moves `distance_in` along `route` (the points after where it stands; empty:
    /// straight on), every unit following.
    Move {
        distance_in: f32,
        route: Vec<Point>,
    },
    /// An order to one unit of the column before it activates, tested on its own Discipline.
    VoluntaryBreak(UnitId),
    /// After a break: one unit still off table tries to come on.
    Enter(UnitId),
}

/// One thing a player asks the game to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// A unit's move under the rules. `order` is the R3 order, the R2 move type or the R5
    /// command (default: the R3 order a unit usually takes, Advance under R2, the R5 unit's
    /// traced command); `to` is the leader's destination on the table or the hex on the map
    /// (none for orders that move nobody); `followers` places models where the player dragged
    /// them (any model not listed goes where the rules suggest).
    Move {
        unit: UnitId,
        order: Option<MoveOrder>,
        to: Option<Place>,
        followers: Vec<(ModelId, Point)>,
    },
    /// A leader's new command chit in the Command Phase (R5).
    Command { leader: UnitId, command: Command },
    /// A column's order with its 2D6 test (R1).
    Column {
        column: ColumnId,
        order: ColumnOrder,
        dice: Dice,
    },
    /// A morale or rally test (R4).
    Test {
        unit: UnitId,
        kind: TestKind,
        cause: Option<TestCause>,
        dice: TestDice,
    },
    /// R3: a unit's Ld check before its order (2D6, passed at or under its Ld; see
    /// docs/rules.md). Failed, Fall Back! is its only order this turn.
    LeaderCheck { unit: UnitId, dice: Dice },
    /// The referee sets a unit as it will stand (a free move, a changed value), outside the
    /// rules, with the player's note.
    Referee { unit: Box<Unit>, note: String },
    /// The next phase (from the last phase: the next turn).
    EndPhase,
    /// The next turn: the counter advances and every unit may act again.
    EndTurn,
    /// R5: at a halted move's check point, the other side checks one of its leaders for a
    /// Charge (a D6, see docs/rules.md: passed, he is given Charge 1).
    ReactionCheck { leader: UnitId, dice: Dice },
    /// R5: a cavalry unit of the other side charges the halted mover, ending at `to`.
    ReactionCharge { unit: UnitId, to: hexx::Hex },
    /// R5: the halted move goes on from its check point toward where it was going (or as far
    /// as it now may).
    GoOn,
    /// R5: dragoons mount (`true`) or dismount under their leader's Stand chit.
    Formation { unit: UnitId, mounted: bool },
    /// R1: a unit's pin test (2D6 at or above its Discipline; see docs/rules.md): owed by the
    /// units of a column that broke, or taken by a pinned unit to rally from it.
    PinTest { unit: UnitId, dice: Dice },
}

/// One committed action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u16,
    pub phase: Phase,
    /// The unit that acted (a column's lead for a column order); none for the end of a phase.
    pub unit: Option<UnitId>,
    /// What was asked, with the dice as rolled.
    pub action: Action,
    /// What happened, in words ("moved to 0705, 3 MP"; "rally test: 2 then 5, needed 4+:
    /// passed, unsteady").
    pub what: String,
    /// The rule reasons shown at the time (what a test needed and why, modifiers, warnings).
    pub reasons: Vec<String>,
    /// The path of a move (table points or hex centres as `Place`s); empty otherwise.
    pub path: Vec<Place>,
    /// What the entry changed, as it stood before: taking the entry back restores it without
    /// asking the rules again (a replay through the rules checks it; see the `game` module).
    pub undo: Undo,
    /// A player's comment on the entry (format 3): shown with it, never replayed.
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub note: Option<String>,
}

/// The state an entry changed, as it was before the entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Undo {
    /// Every unit the entry changed, as it stood.
    pub units: Vec<Unit>,
    /// The column the entry changed, as it stood.
    pub column: Option<Column>,
    pub turn: u16,
    pub phase: Phase,
    pub acted: Vec<UnitId>,
    pub dice: u64,
    /// The turn's state as it stood (format 3).
    #[serde(default, deserialize_with = "super::compat::since_v3")]
    pub state: TurnState,
}
