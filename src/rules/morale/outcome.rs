//! What each way a test can go does (R4): the state afterwards, stands lost, a forced move with
//! its distance, removal, and the effects in a player's words.

use crate::model::Morale;
use crate::rules::dice::{Dice, Dist, Prob};
use std::fmt;

/// Which way a test can go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeKind {
    Pass,
    Fail,
    /// The 50% rule: no roll needed.
    AutomaticFailure,
    /// A routing unit's choice to rout on without a rally test.
    KeepRouting,
}

impl OutcomeKind {
    pub fn key(self) -> &'static str {
        match self {
            OutcomeKind::Pass => "pass",
            OutcomeKind::Fail => "fail",
            OutcomeKind::AutomaticFailure => "automatic_failure",
            OutcomeKind::KeepRouting => "keep_routing",
        }
    }
}

impl fmt::Display for OutcomeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutcomeKind::Pass => "passes",
            OutcomeKind::Fail => "fails",
            OutcomeKind::AutomaticFailure => "fails automatically",
            OutcomeKind::KeepRouting => "keeps routing without a test (a choice)",
        })
    }
}

/// How far a unit moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Distance {
    /// A set distance in inches (a unit's rout distance).
    Fixed(u32),
    /// Rolled in inches.
    Dice(Dice),
}

impl Distance {
    /// The distance in inches as a distribution.
    pub fn dist(self) -> Dist {
        match self {
            Distance::Fixed(n) => Dist::constant(n),
            Distance::Dice(d) => d.dist(),
        }
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Distance::Fixed(n) => write!(f, "{n}\""),
            Distance::Dice(d) => write!(f, "{d}\""),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Artillery limbering after its first failure.
    Retire,
    /// The unit's full rout distance.
    Rout,
    /// An elephant turned about.
    Stampede,
}

impl MoveKind {
    /// Stable name for JSON.
    pub fn key(self) -> &'static str {
        match self {
            MoveKind::Retire => "retire",
            MoveKind::Rout => "rout",
            MoveKind::Stampede => "stampede",
        }
    }
}

/// A move an outcome forces on the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Movement {
    pub kind: MoveKind,
    pub distance: Distance,
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Retire => write!(f, "retires {}", self.distance),
            MoveKind::Rout => write!(f, "routs {} (its full rout distance)", self.distance),
            MoveKind::Stampede => write!(f, "stampedes {} straight back", self.distance),
        }
    }
}

/// Why a unit leaves the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// At half its stands or worse (50% rule).
    FiftyPercent,
    /// Routed artillery is removed (unless the optional rule lets it rally).
    RoutedGuns,
    /// A wagon routed in melee.
    Captured,
    /// No stands left.
    Dispersed,
    /// A routing unit failed a morale test: there is no level below routing.
    BrokeWhileRouting,
}

impl Removal {
    pub fn key(self) -> &'static str {
        match self {
            Removal::FiftyPercent => "fifty_percent",
            Removal::RoutedGuns => "routed_guns",
            Removal::Captured => "captured",
            Removal::Dispersed => "dispersed",
            Removal::BrokeWhileRouting => "broke_while_routing",
        }
    }
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Removal::FiftyPercent => "removed: half or more of its stands are lost (50% rule)",
            Removal::RoutedGuns => "removed: routed guns leave the table",
            Removal::Captured => "removed: the wagon is captured",
            Removal::Dispersed => "removed: no stands left",
            Removal::BrokeWhileRouting => "removed: it was already routing",
        })
    }
}

/// What an outcome does, in words a player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A passed morale test: no change.
    Holds(Morale),
    BecomesUnsteady,
    BackToGoodOrder,
    StaysUnsteady,
    HaltsUnsteady,
    Routs,
    KeepsRouting,
    LosesStand {
        left: u16,
    },
    Limbers,
    RoutsWithGuns,
    AbandonsGuns,
    /// A siege gun becomes unsteady but does not limber or move.
    NeverMoves,
    /// A wagon routed by fire.
    Flees,
    /// A wagon routed in melee.
    Captured,
    /// Optional rule: an elephant that fails a morale test may stampede (see the preview).
    MayStampede,
    /// Optional keep-on-table rule: at 50% it stays and routs on instead of being removed.
    StaysOnTableRouting,
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Holds(m) => write!(f, "holds and stays {}", morale_text(*m)),
            Effect::BecomesUnsteady => f.write_str("becomes unsteady"),
            Effect::BackToGoodOrder => {
                f.write_str("back to good order, keeping its facing and formation")
            }
            Effect::StaysUnsteady => f.write_str("stays unsteady (a failed rally never routs it)"),
            Effect::HaltsUnsteady => f.write_str(
                "halts unsteady on the spot, in any formation and facing its player likes",
            ),
            Effect::Routs => f.write_str("routs"),
            Effect::KeepsRouting => f.write_str("routs on"),
            Effect::LosesStand { left } => {
                write!(f, "loses another stand ({left} left)")
            }
            Effect::Limbers => f.write_str("limbers up"),
            Effect::RoutsWithGuns => f.write_str("the crew routs with the limbered guns"),
            Effect::AbandonsGuns => f.write_str("the crew routs and abandons the unlimbered guns"),
            Effect::NeverMoves => f.write_str("siege guns never move: it stays where it is"),
            Effect::Flees => f.write_str("the wagon flees (routed by fire)"),
            Effect::Captured => {
                f.write_str("the drivers flee and the wagon is captured (routed in melee)")
            }
            Effect::MayStampede => f.write_str("it may stampede (see the stampede odds)"),
            Effect::StaysOnTableRouting => f.write_str(
                "stays on the table routing (optional rule) until it disperses or leaves",
            ),
        }
    }
}

/// Player words for a morale state.
pub fn morale_text(m: Morale) -> &'static str {
    match m {
        Morale::GoodOrder => "in good order",
        Morale::Unsteady => "unsteady",
        Morale::Routing => "routing",
        Morale::Removed => "removed",
    }
}

/// One way the test can go and everything it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub kind: OutcomeKind,
    /// Chance of this outcome without a re-roll; `None` for the keep-routing choice.
    pub p: Option<Prob>,
    /// Chance with the re-roll taken after a failure (equal to `p` without a re-roll).
    pub p_with_reroll: Option<Prob>,
    /// The state afterwards.
    pub morale: Morale,
    /// Stands this outcome takes off.
    pub stands_lost: u16,
    /// Artillery limbers.
    pub limbers: bool,
    /// Artillery crew abandons its guns.
    pub abandons_guns: bool,
    /// A forced move, with its distance as dice or a set distance.
    pub movement: Option<Movement>,
    pub removed: Option<Removal>,
    pub effects: Vec<Effect>,
}

impl fmt::Display for Outcome {
    /// `fails: routs 12" (its full rout distance)`: a rout and its move are said once.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            self.kind,
            self.parts(|m| m.to_string()).join("; ")
        )
    }
}

impl Outcome {
    /// What the outcome does, in order: its effects, the move it forces (in the words of
    /// `movement`) and its removal. A rout with its move is said once ("routs 12"", not
    /// "routs; routs 12"").
    pub(super) fn parts(&self, movement: impl Fn(Movement) -> String) -> Vec<String> {
        let routing_move = matches!(self.movement, Some(m) if m.kind == MoveKind::Rout);
        let mut parts: Vec<String> = self
            .effects
            .iter()
            .filter(|e| !(routing_move && **e == Effect::Routs))
            .map(|e| e.to_string())
            .collect();
        if let Some(m) = self.movement {
            parts.push(movement(m));
        }
        if let Some(r) = self.removed {
            parts.push(r.to_string());
        }
        parts
    }

    /// Takes the unit off the table: removed, with no move.
    pub(super) fn remove(&mut self, why: Removal) {
        self.morale = Morale::Removed;
        self.removed = Some(why);
        self.movement = None;
    }
}
