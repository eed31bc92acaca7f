//! R4: morale and rally tests (001, Rank & File), with exact odds.
//!
//! [`preview`] answers "what does this unit need": the start number by quality, every modifier
//! with its source, the 50% rule, whether the unit may test at all, the re-roll it has, the
//! chance to pass with and without that re-roll, and what each outcome does (new state, stands
//! lost, distance moved as a distribution, removal). It never changes the scenario.
//! [`resolve`] turns the dice the table rolled into the unit as it will stand (and the
//! commander who spent a re-roll), which `edit::ops::outcome` turns into one undo step;
//! [`preview`] and [`resolve`] build outcomes with the same code, so what the panel promises is
//! what the commit does.
//!
//! Where 001 and RULES.md leave room, this module decides as follows (also in `docs/rules.md`):
//! - **Single stands** (artillery, elephants, wagons: [`UnitKind::is_single_stand`]) take no
//!   "-1 per stand lost" modifier and ignore the 50% rule; the commander and buildings bonuses
//!   still apply. A rally failure or "keep routing" still costs them a stand (a gun model, the
//!   elephant, the wagon); a unit with no stands left is removed ("dispersed").
//! - **50% rule**: lost * 2 >= start. Such a unit fails every test automatically and is removed;
//!   under the optional keep-on-table rule it routs instead (losing a stand each time it fails a
//!   rally or keeps routing) until no stand is left.
//! - **Morale test of a routing unit**: a failed test drops one level, so it is removed.
//! - **Re-rolls**: only under the optional rule; an Elite unit's re-roll is used before an
//!   attached commander's (it costs nothing), at most one per test, and only after a failed roll.
//!   "P(pass with re-roll)" assumes the re-roll is taken whenever the first roll fails:
//!   `p + (1 - p) p`.
//! - **Keep routing**: offered for every routing unit facing a rally, even one that may not
//!   rally this turn (charged), since a routing unit that does not rally routs on and loses a
//!   stand either way.
//! - **Removal** takes the unit off the table: morale `Removed`, position `Exited`, no models.
//! - **Wagons** need to know why they were routed: [`Cause::Fire`] (they flee) or
//!   [`Cause::Melee`] (they are captured: removed).

mod stampede;

pub use stampede::{InPath, PathRect};

use super::dice::{D6Test, Dice, Dist, Prob};
use crate::model::{
    Draught, GunClass, Morale, Quality, RuleOptions, Scenario, SpecialRule, Strength, Unit, UnitId,
    UnitKind,
};
use std::fmt;

/// Which test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TestKind {
    Morale,
    Rally,
}

impl TestKind {
    /// `morale` or `rally` (any case).
    pub fn parse(text: &str) -> Option<TestKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "morale" => Some(TestKind::Morale),
            "rally" => Some(TestKind::Rally),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            TestKind::Morale => "morale",
            TestKind::Rally => "rally",
        }
    }
}

impl fmt::Display for TestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} test", self.key())
    }
}

/// What the test is for. Only wagons care (R4: routed by fire they flee, routed in melee they
/// are captured); other units just carry it along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cause {
    #[default]
    Fire,
    Melee,
}

impl Cause {
    pub fn parse(text: &str) -> Option<Cause> {
        match text.trim().to_ascii_lowercase().as_str() {
            "fire" | "shooting" => Some(Cause::Fire),
            "melee" => Some(Cause::Melee),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Cause::Fire => "fire",
            Cause::Melee => "melee",
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The unit, the test, and (for wagons) what caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TestRequest {
    pub unit: UnitId,
    pub kind: TestKind,
    pub cause: Cause,
}

impl TestRequest {
    pub fn new(unit: UnitId, kind: TestKind) -> TestRequest {
        TestRequest {
            unit,
            kind,
            cause: Cause::default(),
        }
    }

    pub fn with_cause(self, cause: Cause) -> TestRequest {
        TestRequest { cause, ..self }
    }
}

/// The number a modified D6 must reach (R4): Veteran 3, Regular 4, Green 5.
pub fn start_number(q: Quality) -> u8 {
    match q {
        Quality::Veteran => 3,
        Quality::Regular => 4,
        Quality::Green => 5,
    }
}

/// Whether a unit has lost half or more of its starting stands (R4 50% rule). Single stands
/// are exempt and never count.
pub fn at_fifty_percent(u: &Unit) -> bool {
    !u.kind.is_single_stand() && u.strength.start > 0 && fifty(u.strength.lost(), u.strength.start)
}

fn fifty(lost: u16, start: u16) -> bool {
    u32::from(lost) * 2 >= u32::from(start)
}

/// Where a modifier comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModifierSource {
    /// -1 per stand lost so far.
    StandsLost { lost: u16 },
    /// A single stand takes no casualty modifiers: shown with value 0 so the panel says why.
    SingleStand { lost: u16 },
    /// The attached commander's bonus.
    Commander { leader: UnitId, name: String },
    /// The scenario's in-buildings bonus.
    InBuildings,
}

/// One modifier to the die, with its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub source: ModifierSource,
    pub value: i32,
}

impl ModifierSource {
    /// Stable name for JSON.
    pub fn key(&self) -> &'static str {
        match self {
            ModifierSource::StandsLost { .. } => "stands_lost",
            ModifierSource::SingleStand { .. } => "single_stand",
            ModifierSource::Commander { .. } => "commander",
            ModifierSource::InBuildings => "in_buildings",
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.value;
        match &self.source {
            ModifierSource::StandsLost { lost } => {
                write!(f, "{v:+} for {lost} stand{} lost", plural(*lost))
            }
            ModifierSource::SingleStand { lost } => write!(
                f,
                "{v:+}: a single stand takes no casualty modifiers ({lost} lost)"
            ),
            ModifierSource::Commander { name, .. } => {
                write!(f, "{v:+} for the attached commander {name}")
            }
            ModifierSource::InBuildings => write!(f, "{v:+} in buildings"),
        }
    }
}

fn plural(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a unit may not take the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CannotTest {
    /// The scenario does not use R4.
    MoraleTestsOff,
    /// Leaders are attached to units; they take no tests themselves.
    Leader,
    AlreadyRemoved,
    /// A rally needs an unsteady or routing unit.
    NothingToRally,
    Charging,
    Charged,
    Evaded,
    /// Routed guns are removed; they rally only under the optional rule.
    RoutedGuns,
}

impl CannotTest {
    /// Stable name for JSON.
    pub fn key(self) -> &'static str {
        match self {
            CannotTest::MoraleTestsOff => "morale_tests_off",
            CannotTest::Leader => "leader",
            CannotTest::AlreadyRemoved => "removed",
            CannotTest::NothingToRally => "nothing_to_rally",
            CannotTest::Charging => "charging",
            CannotTest::Charged => "charged",
            CannotTest::Evaded => "evaded",
            CannotTest::RoutedGuns => "routed_guns",
        }
    }
}

impl fmt::Display for CannotTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CannotTest::MoraleTestsOff => "this scenario does not use the R4 morale rules",
            CannotTest::Leader => "leaders take no tests; attach the leader to a unit",
            CannotTest::AlreadyRemoved => "the unit has been removed",
            CannotTest::NothingToRally => "the unit is in good order: there is nothing to rally",
            CannotTest::Charging => "a unit charging this turn may not rally",
            CannotTest::Charged => "a unit charged this turn may not rally",
            CannotTest::Evaded => "a unit that evaded this turn may not rally",
            CannotTest::RoutedGuns => {
                "routed guns may not rally (optional rule off): they are removed"
            }
        })
    }
}

/// Why a test fails whatever the dice say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutomaticFailure {
    FiftyPercent { lost: u16, start: u16 },
}

impl fmt::Display for AutomaticFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutomaticFailure::FiftyPercent { lost, start } => write!(
                f,
                "it has lost {lost} of its {start} stands, half or more: it fails every morale \
                 and rally test (50% rule)"
            ),
        }
    }
}

/// Where the one re-roll of a test comes from (optional rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RerollSource {
    Elite,
    Commander {
        leader: UnitId,
        name: String,
        /// Re-rolls the commander has left before this test.
        left: u8,
    },
}

impl fmt::Display for RerollSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RerollSource::Elite => f.write_str("the unit is Elite"),
            RerollSource::Commander { name, left, .. } => write!(
                f,
                "the attached commander {name} ({left} re-roll{} left)",
                plural(u16::from(*left))
            ),
        }
    }
}

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
            Effect::Holds(m) => write!(f, "holds: stays {}", morale_text(*m)),
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
    /// `fails: routs; routs 12" (its full rout distance)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.kind)?;
        let mut parts: Vec<String> = self.effects.iter().map(|e| e.to_string()).collect();
        if let Some(m) = self.movement {
            parts.push(m.to_string());
        }
        if let Some(r) = self.removed {
            parts.push(r.to_string());
        }
        write!(f, " {}", parts.join("; "))
    }
}

/// Something the player should know that is not a modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Elephants: a combat note shown with their tests.
    CavalryHitElephantsOnSix,
    WagonsDoNotShoot,
    /// Single stands test in the morale phase of each turn they take a hit from fire.
    SingleStandTestsWhenHit,
    SiegeGunsCountAsHeavy,
    /// Optional artillery hit points.
    HitPoints {
        per_model: u8,
        models: u16,
        taken: u8,
    },
    GunsAbandoned,
    /// A re-roll source exists, but the scenario does not use the optional re-roll rule.
    RerollsOff,
    /// The attached commander has used all his re-rolls.
    CommanderOutOfRerolls {
        name: String,
    },
    /// The attached leader is removed or is not a leader: no bonus, no re-roll.
    CommanderUnavailable {
        leader: UnitId,
    },
    /// An outcome uses the unit's rout distance, which is not set.
    RoutDistanceNotSet,
    /// Elephant, morale test, stampede rule off.
    StampedeOff,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::CavalryHitElephantsOnSix => {
                f.write_str("combat: cavalry hit elephants only on a 6, whatever the modifiers")
            }
            Note::WagonsDoNotShoot => f.write_str("wagons do not shoot"),
            Note::SingleStandTestsWhenHit => f.write_str(
                "a single stand tests in the morale phase of each turn it takes a hit from fire",
            ),
            Note::SiegeGunsCountAsHeavy => {
                f.write_str("siege guns never move and count as heavy artillery")
            }
            Note::HitPoints {
                per_model,
                models,
                taken,
            } => {
                let total = u32::from(*per_model) * u32::from(*models);
                write!(
                    f,
                    "hit points (optional rule): {per_model} per gun model, {models} model{}, \
                     {taken} of {total} hits taken",
                    plural(*models)
                )
            }
            Note::GunsAbandoned => f.write_str("the crew has abandoned its guns"),
            Note::RerollsOff => {
                f.write_str("re-rolls are not in use in this scenario (optional rule off)")
            }
            Note::CommanderOutOfRerolls { name } => {
                write!(f, "the attached commander {name} has no re-rolls left")
            }
            Note::CommanderUnavailable { leader } => write!(
                f,
                "the attached leader {leader} is not available: no bonus and no re-roll"
            ),
            Note::RoutDistanceNotSet => f.write_str("the unit's rout distance is not set (0\")"),
            Note::StampedeOff => {
                f.write_str("elephant stampede is not in use in this scenario (optional rule off)")
            }
        }
    }
}

/// Optional rule: an elephant that fails a morale test stampedes on a further D6 of 1-2,
/// turning about and moving 3D6" straight back; every unit in its path takes a morale test.
#[derive(Clone, Debug, PartialEq)]
pub struct Stampede {
    /// The further D6 after a failure: 1-2, i.e. 1/3.
    pub p_given_failure: Prob,
    /// Chance of a stampede from this test, without and with the re-roll.
    pub p: Prob,
    pub p_with_reroll: Prob,
    /// Turned about, 3D6" straight ahead.
    pub movement: Movement,
    /// The ground the 3D6" could cover; `None` when the elephant is not on the table.
    pub path: Option<PathRect>,
    /// Units whose bases lie in the path, nearest first, each with the chance 3D6 reaches it.
    pub in_path: Vec<InPath>,
}

/// Everything the "what does this unit need" panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct TestPreview {
    pub unit: UnitId,
    pub name: String,
    pub kind: TestKind,
    pub cause: Cause,
    pub unit_kind: UnitKind,
    pub quality: Quality,
    pub strength: Strength,
    pub morale: Morale,
    pub single_stand: bool,
    /// Empty when the unit may take the test.
    pub cannot_test: Vec<CannotTest>,
    pub start_number: u8,
    pub modifiers: Vec<Modifier>,
    pub total_modifier: i32,
    pub automatic_failure: Option<AutomaticFailure>,
    /// The natural D6 that passes ("5+"), 2..=6; `None` when no roll is made.
    pub needed: Option<u8>,
    /// The one re-roll this test may use, if any.
    pub reroll: Option<RerollSource>,
    /// `None` when the unit may not test.
    pub p_pass: Option<Prob>,
    pub p_pass_with_reroll: Option<Prob>,
    /// Pass and fail (or the automatic failure), then the keep-routing choice if offered.
    pub outcomes: Vec<Outcome>,
    pub stampede: Option<Stampede>,
    pub notes: Vec<Note>,
}

impl TestPreview {
    pub fn may_test(&self) -> bool {
        self.cannot_test.is_empty()
    }

    pub fn outcome(&self, kind: OutcomeKind) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| o.kind == kind)
    }

    /// The D6 test itself.
    pub fn test(&self) -> D6Test {
        D6Test::new(i32::from(self.start_number), self.total_modifier)
    }

    /// What a roll does: which outcome, whether the re-roll was used, or offered when the first
    /// roll failed and no re-roll is given.
    pub fn roll(&self, first: u8, reroll: Option<u8>) -> Result<RollReport, MoraleError> {
        for r in std::iter::once(first).chain(reroll) {
            if !(1..=6).contains(&r) {
                return Err(MoraleError::BadRoll(r));
            }
        }
        if !self.may_test() {
            return Err(self.cannot_test_error());
        }
        let test = self.test();
        let first_passes = self.automatic_failure.is_none() && test.passes(first);
        if first_passes && reroll.is_some() {
            return Err(MoraleError::RerollAfterPass(first));
        }
        let mut report = RollReport {
            first,
            reroll,
            first_passes,
            outcome: OutcomeKind::Fail,
            reroll_used: None,
            reroll_offered: None,
        };
        if self.automatic_failure.is_some() {
            if reroll.is_some() {
                return Err(MoraleError::NoReroll(self.name.clone()));
            }
            report.outcome = OutcomeKind::AutomaticFailure;
        } else if first_passes {
            report.outcome = OutcomeKind::Pass;
        } else if let Some(second) = reroll {
            let Some(source) = &self.reroll else {
                return Err(MoraleError::NoReroll(self.name.clone()));
            };
            report.reroll_used = Some(source.clone());
            if test.passes(second) {
                report.outcome = OutcomeKind::Pass;
            }
        } else {
            report.reroll_offered = self.reroll.clone();
        }
        Ok(report)
    }

    fn cannot_test_error(&self) -> MoraleError {
        MoraleError::CannotTest {
            name: self.name.clone(),
            kind: self.kind,
            reasons: self.cannot_test.clone(),
        }
    }
}

/// What the dice did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollReport {
    pub first: u8,
    pub reroll: Option<u8>,
    pub first_passes: bool,
    pub outcome: OutcomeKind,
    /// The re-roll was taken, from this source.
    pub reroll_used: Option<RerollSource>,
    /// The first roll failed, no re-roll was given, and this one is available.
    pub reroll_offered: Option<RerollSource>,
}

/// Why a test cannot be previewed or resolved as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoraleError {
    #[error("unit {0} does not exist")]
    NoUnit(UnitId),
    #[error("'{name}' may not take a {kind}: {}", join(reasons))]
    CannotTest {
        name: String,
        kind: TestKind,
        reasons: Vec<CannotTest>,
    },
    #[error("a D6 shows 1 to 6, not {0}")]
    BadRoll(u8),
    #[error("'{0}' has no re-roll for this test")]
    NoReroll(String),
    #[error("the first roll of {0} passed: only a failed test may be re-rolled")]
    RerollAfterPass(u8),
    #[error("'{0}' is not routing: only a routing unit may choose to keep routing")]
    NotRouting(String),
}

fn join(reasons: &[CannotTest]) -> String {
    reasons
        .iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// The unit and the rule settings an outcome depends on.
struct Ctx<'a> {
    u: &'a Unit,
    rules: &'a RuleOptions,
    kind: TestKind,
    cause: Cause,
}

impl Ctx<'_> {
    fn blank(&self, kind: OutcomeKind) -> Outcome {
        Outcome {
            kind,
            p: None,
            p_with_reroll: None,
            morale: self.u.state.morale,
            stands_lost: 0,
            limbers: false,
            abandons_guns: false,
            movement: None,
            removed: None,
            effects: Vec::new(),
        }
    }

    fn rout_move(&self) -> Movement {
        Movement {
            kind: MoveKind::Rout,
            distance: Distance::Fixed(u32::from(self.u.stats.rout_in)),
        }
    }

    fn remove(o: &mut Outcome, why: Removal) {
        o.morale = Morale::Removed;
        o.removed = Some(why);
        o.movement = None;
    }

    fn outcome(&self, kind: OutcomeKind) -> Outcome {
        match kind {
            OutcomeKind::Pass => self.pass(),
            OutcomeKind::Fail => self.fail(),
            OutcomeKind::AutomaticFailure => self.automatic_failure(),
            OutcomeKind::KeepRouting => self.rout_on(OutcomeKind::KeepRouting),
        }
    }

    fn pass(&self) -> Outcome {
        let mut o = self.blank(OutcomeKind::Pass);
        match (self.kind, self.u.state.morale) {
            (TestKind::Rally, Morale::Unsteady) => {
                o.morale = Morale::GoodOrder;
                o.effects.push(Effect::BackToGoodOrder);
            }
            (TestKind::Rally, Morale::Routing) => {
                o.morale = Morale::Unsteady;
                o.effects.push(Effect::HaltsUnsteady);
            }
            (_, m) => o.effects.push(Effect::Holds(m)),
        }
        o
    }

    fn fail(&self) -> Outcome {
        match (self.kind, self.u.state.morale) {
            (TestKind::Rally, Morale::Unsteady) => {
                let mut o = self.blank(OutcomeKind::Fail);
                o.effects.push(Effect::StaysUnsteady);
                o
            }
            (TestKind::Rally, Morale::Routing) => self.rout_on(OutcomeKind::Fail),
            _ => self.drop_one_level(),
        }
    }

    /// A failed morale test: good order → unsteady → routing → removed.
    fn drop_one_level(&self) -> Outcome {
        let mut o = self.blank(OutcomeKind::Fail);
        match self.u.state.morale {
            Morale::GoodOrder => {
                o.morale = Morale::Unsteady;
                o.effects.push(Effect::BecomesUnsteady);
                if let UnitKind::Artillery { class, draught, .. } = self.u.kind {
                    if class == GunClass::Siege {
                        o.effects.push(Effect::NeverMoves);
                    } else {
                        o.limbers = true;
                        o.effects.push(Effect::Limbers);
                        o.movement = Some(Movement {
                            kind: MoveKind::Retire,
                            distance: Distance::Dice(match draught {
                                Draught::Foot => Dice::TwoD6,
                                Draught::Horse => Dice::ThreeD6,
                            }),
                        });
                    }
                }
            }
            Morale::Unsteady => self.rout(&mut o),
            Morale::Routing => {
                o.effects.push(Effect::KeepsRouting);
                Ctx::remove(&mut o, Removal::BrokeWhileRouting);
            }
            Morale::Removed => {}
        }
        if self.kind == TestKind::Morale
            && self.u.kind == UnitKind::Elephant
            && self.rules.optional.elephant_stampede
        {
            o.effects.push(Effect::MayStampede);
        }
        o
    }

    /// Unsteady to routing, by kind of unit.
    fn rout(&self, o: &mut Outcome) {
        o.morale = Morale::Routing;
        match self.u.kind {
            UnitKind::Artillery { .. } => {
                if self.u.state.limbered {
                    o.effects.push(Effect::RoutsWithGuns);
                } else if !self.u.state.guns_abandoned {
                    o.abandons_guns = true;
                    o.effects.push(Effect::AbandonsGuns);
                }
                if self.rules.optional.artillery_may_rally {
                    o.movement = Some(self.rout_move());
                } else {
                    Ctx::remove(o, Removal::RoutedGuns);
                }
            }
            UnitKind::Wagon => match self.cause {
                Cause::Fire => {
                    o.effects.push(Effect::Flees);
                    o.movement = Some(self.rout_move());
                }
                Cause::Melee => {
                    o.effects.push(Effect::Captured);
                    Ctx::remove(o, Removal::Captured);
                }
            },
            _ => {
                o.effects.push(Effect::Routs);
                o.movement = Some(self.rout_move());
            }
        }
    }

    /// A routing unit that fails to rally, or chooses not to test: it routs its full distance
    /// and loses another stand, then the 50% rule.
    fn rout_on(&self, kind: OutcomeKind) -> Outcome {
        let mut o = self.blank(kind);
        let s = self.u.strength;
        let left = s.current.saturating_sub(1);
        o.morale = Morale::Routing;
        o.stands_lost = s.current.min(1);
        o.effects.push(Effect::KeepsRouting);
        o.effects.push(Effect::LosesStand { left });
        o.movement = Some(self.rout_move());
        if left == 0 {
            Ctx::remove(&mut o, Removal::Dispersed);
        } else if !self.u.kind.is_single_stand() && fifty(s.lost() + o.stands_lost, s.start) {
            if self.rules.optional.keep_routers_on_table {
                o.effects.push(Effect::StaysOnTableRouting);
            } else {
                Ctx::remove(&mut o, Removal::FiftyPercent);
            }
        }
        o
    }

    /// The 50% rule: removed, or (optional rule) routing on the table.
    fn automatic_failure(&self) -> Outcome {
        if !self.rules.optional.keep_routers_on_table {
            let mut o = self.blank(OutcomeKind::AutomaticFailure);
            Ctx::remove(&mut o, Removal::FiftyPercent);
            return o;
        }
        if self.kind == TestKind::Rally && self.u.state.morale == Morale::Routing {
            return self.rout_on(OutcomeKind::AutomaticFailure);
        }
        let mut o = self.blank(OutcomeKind::AutomaticFailure);
        o.effects.push(if self.u.state.morale == Morale::Routing {
            Effect::KeepsRouting
        } else {
            Effect::Routs
        });
        o.effects.push(Effect::StaysOnTableRouting);
        o.morale = Morale::Routing;
        o.movement = Some(self.rout_move());
        o
    }
}

/// The morale or rally test a unit faces now: never changes the scenario.
pub fn preview(s: &Scenario, req: TestRequest) -> Result<TestPreview, MoraleError> {
    let u = s.unit(req.unit).ok_or(MoraleError::NoUnit(req.unit))?;
    let rules = &s.rules;
    let opt = rules.optional;
    let single = u.kind.is_single_stand();
    let lost = u.strength.lost();
    let morale = u.state.morale;
    let is_artillery = matches!(u.kind, UnitKind::Artillery { .. });
    let mut notes = Vec::new();

    let mut cannot = Vec::new();
    if !rules.morale_tests {
        cannot.push(CannotTest::MoraleTestsOff);
    }
    if u.is_leader() {
        cannot.push(CannotTest::Leader);
    }
    if morale == Morale::Removed {
        cannot.push(CannotTest::AlreadyRemoved);
    } else if req.kind == TestKind::Rally {
        if morale == Morale::GoodOrder {
            cannot.push(CannotTest::NothingToRally);
        }
        for (flag, why) in [
            (u.state.charging, CannotTest::Charging),
            (u.state.charged, CannotTest::Charged),
            (u.state.evaded, CannotTest::Evaded),
        ] {
            if flag {
                cannot.push(why);
            }
        }
        if is_artillery && morale == Morale::Routing && !opt.artillery_may_rally {
            cannot.push(CannotTest::RoutedGuns);
        }
    }

    let mut modifiers = Vec::new();
    if single {
        modifiers.push(Modifier {
            source: ModifierSource::SingleStand { lost },
            value: 0,
        });
    } else if lost > 0 {
        modifiers.push(Modifier {
            source: ModifierSource::StandsLost { lost },
            value: -i32::from(lost),
        });
    }
    let mut commander = None;
    if let Some(lid) = u.attached_leader {
        match s.unit(lid) {
            Some(l) if l.in_play() && l.leadership.is_some() => {
                if let Some(ld) = l.leadership {
                    modifiers.push(Modifier {
                        source: ModifierSource::Commander {
                            leader: lid,
                            name: l.name.clone(),
                        },
                        value: i32::from(ld.bonus),
                    });
                    commander = Some((l, ld));
                }
            }
            _ => notes.push(Note::CommanderUnavailable { leader: lid }),
        }
    }
    if u.state.in_buildings {
        modifiers.push(Modifier {
            source: ModifierSource::InBuildings,
            value: i32::from(rules.in_buildings_bonus),
        });
    }
    let total_modifier: i32 = modifiers.iter().map(|m| m.value).sum();
    let start = start_number(u.quality);
    let test = D6Test::new(i32::from(start), total_modifier);
    let automatic_failure = at_fifty_percent(u).then_some(AutomaticFailure::FiftyPercent {
        lost,
        start: u.strength.start,
    });

    // Re-roll: Elite first (free), then a commander with re-rolls left.
    let commander_reroll = commander.and_then(|(l, ld)| {
        let left = ld.rerolls.saturating_sub(ld.rerolls_used);
        (left > 0).then(|| RerollSource::Commander {
            leader: l.id,
            name: l.name.clone(),
            left,
        })
    });
    let source = if u.has(SpecialRule::Elite) {
        Some(RerollSource::Elite)
    } else {
        commander_reroll
    };
    if !opt.morale_rerolls && source.is_some() {
        notes.push(Note::RerollsOff);
    }
    if opt.morale_rerolls
        && source.is_none()
        && let Some((l, ld)) = commander
        && ld.rerolls > 0
    {
        notes.push(Note::CommanderOutOfRerolls {
            name: l.name.clone(),
        });
    }
    let may = cannot.is_empty();
    let reroll = source.filter(|_| opt.morale_rerolls && may && automatic_failure.is_none());

    let ctx = Ctx {
        u,
        rules,
        kind: req.kind,
        cause: req.cause,
    };
    let mut outcomes = Vec::new();
    let (mut needed, mut p_pass, mut p_pass_with_reroll) = (None, None, None);
    if may {
        if automatic_failure.is_some() {
            p_pass = Some(Prob::ZERO);
            p_pass_with_reroll = Some(Prob::ZERO);
            let mut o = ctx.outcome(OutcomeKind::AutomaticFailure);
            o.p = Some(Prob::ONE);
            o.p_with_reroll = Some(Prob::ONE);
            outcomes.push(o);
        } else {
            let p = test.p_pass();
            let p_rr = if reroll.is_some() {
                test.p_pass_with_reroll()
            } else {
                p
            };
            needed = Some(test.needed());
            p_pass = Some(p);
            p_pass_with_reroll = Some(p_rr);
            for (kind, p, p_rr) in [
                (OutcomeKind::Pass, p, p_rr),
                (OutcomeKind::Fail, p.complement(), p_rr.complement()),
            ] {
                let mut o = ctx.outcome(kind);
                o.p = Some(p);
                o.p_with_reroll = Some(p_rr);
                outcomes.push(o);
            }
        }
    }
    let offers_keep_routing = req.kind == TestKind::Rally
        && morale == Morale::Routing
        && !cannot.iter().any(|c| {
            matches!(
                c,
                CannotTest::MoraleTestsOff | CannotTest::Leader | CannotTest::RoutedGuns
            )
        });
    if offers_keep_routing {
        outcomes.push(ctx.outcome(OutcomeKind::KeepRouting));
    }

    let stampede = (may
        && automatic_failure.is_none()
        && req.kind == TestKind::Morale
        && u.kind == UnitKind::Elephant
        && opt.elephant_stampede)
        .then(|| {
            let third = Prob::ratio(1, 3);
            let fail = p_pass.unwrap_or(Prob::ZERO).complement();
            let fail_rr = p_pass_with_reroll.unwrap_or(Prob::ZERO).complement();
            let path = stampede::path(u);
            Stampede {
                p_given_failure: third,
                p: fail * third,
                p_with_reroll: fail_rr * third,
                movement: Movement {
                    kind: MoveKind::Stampede,
                    distance: Distance::Dice(Dice::ThreeD6),
                },
                in_path: path
                    .as_ref()
                    .map(|p| stampede::units_in_path(s, u, p))
                    .unwrap_or_default(),
                path,
            }
        });

    if u.kind == UnitKind::Elephant {
        notes.push(Note::CavalryHitElephantsOnSix);
        if req.kind == TestKind::Morale && !opt.elephant_stampede {
            notes.push(Note::StampedeOff);
        }
    }
    if u.kind == UnitKind::Wagon {
        notes.push(Note::WagonsDoNotShoot);
    }
    if let UnitKind::Artillery {
        class, hit_points, ..
    } = u.kind
    {
        if class == GunClass::Siege {
            notes.push(Note::SiegeGunsCountAsHeavy);
        }
        if opt.artillery_hit_points {
            notes.push(Note::HitPoints {
                per_model: hit_points,
                models: u.strength.current,
                taken: u.state.hits_taken,
            });
        }
        if u.state.guns_abandoned {
            notes.push(Note::GunsAbandoned);
        }
    }
    if single && req.kind == TestKind::Morale {
        notes.push(Note::SingleStandTestsWhenHit);
    }
    if u.stats.rout_in == 0
        && outcomes
            .iter()
            .any(|o| o.movement.is_some_and(|m| m.kind == MoveKind::Rout))
    {
        notes.push(Note::RoutDistanceNotSet);
    }

    Ok(TestPreview {
        unit: u.id,
        name: u.name.clone(),
        kind: req.kind,
        cause: req.cause,
        unit_kind: u.kind,
        quality: u.quality,
        strength: u.strength,
        morale,
        single_stand: single,
        cannot_test: cannot,
        start_number: start,
        modifiers,
        total_modifier,
        automatic_failure,
        needed,
        reroll,
        p_pass,
        p_pass_with_reroll,
        outcomes,
        stampede,
        notes,
    })
}

/// What the table did: the dice rolled, or a routing unit's choice not to test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// The first roll and, after a failure, the re-roll if one was taken.
    Roll { first: u8, reroll: Option<u8> },
    /// A routing unit routs on without a rally test (and still loses a stand).
    KeepRouting,
}

/// A resolved test: what happened, and what it changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub outcome: Outcome,
    /// `None` for the keep-routing choice.
    pub roll: Option<RollReport>,
    /// The unit as it will stand: its new state, without the stands it lost, off the table if
    /// removed.
    pub unit: Unit,
    /// The attached commander as he will stand when his re-roll was used (one fewer left).
    pub commander: Option<Unit>,
    /// Undo-history label, e.g. "Rally test: 44th Foot".
    pub label: String,
}

/// Resolves a test with the dice the table rolled (or the keep-routing choice): the outcome,
/// the unit with its new state and without the stands it loses, and the commander with the
/// re-roll he spent. The scenario itself is not touched; `edit::ops::outcome::test` records
/// the result as one undo step.
pub fn resolve(
    s: &Scenario,
    req: TestRequest,
    resolution: Resolution,
) -> Result<Resolved, MoraleError> {
    let pv = preview(s, req)?;
    let (kind, roll) = match resolution {
        Resolution::Roll { first, reroll } => {
            let r = pv.roll(first, reroll)?;
            (r.outcome, Some(r))
        }
        Resolution::KeepRouting => (OutcomeKind::KeepRouting, None),
    };
    let outcome = pv.outcome(kind).cloned().ok_or_else(|| match kind {
        OutcomeKind::KeepRouting if pv.morale != Morale::Routing => {
            MoraleError::NotRouting(pv.name.clone())
        }
        _ => pv.cannot_test_error(),
    })?;
    let u = s.unit(req.unit).ok_or(MoraleError::NoUnit(req.unit))?;
    let unit = after(u, &outcome);
    let commander = match roll.as_ref().and_then(|r| r.reroll_used.as_ref()) {
        Some(RerollSource::Commander { leader, .. }) => s.unit(*leader).map(|l| {
            let mut l = l.clone();
            if let Some(ld) = &mut l.leadership {
                ld.rerolls_used = ld.rerolls_used.saturating_add(1).min(ld.rerolls);
            }
            l
        }),
        _ => None,
    };
    let label = match (req.kind, resolution) {
        (_, Resolution::KeepRouting) => format!("Keep routing: {}", u.name),
        (TestKind::Morale, _) => format!("Morale test: {}", u.name),
        (TestKind::Rally, _) => format!("Rally test: {}", u.name),
    };
    Ok(Resolved {
        outcome,
        roll,
        unit,
        commander,
        label,
    })
}

/// The unit after an outcome: state, limber and guns, stands (the last models that are not the
/// leader's go first), and off the table if removed.
fn after(u: &Unit, o: &Outcome) -> Unit {
    let mut n = u.clone();
    n.state.morale = o.morale;
    n.state.limbered |= o.limbers;
    n.state.guns_abandoned |= o.abandons_guns;
    for _ in 0..o.stands_lost {
        n.strength.current = n.strength.current.saturating_sub(1);
        let victim = n
            .models
            .iter()
            .rposition(|m| Some(m.id) != n.leader_model)
            .or_else(|| n.models.len().checked_sub(1));
        if let Some(i) = victim {
            let gone = n.models.remove(i);
            if Some(gone.id) == n.leader_model {
                n.leader_model = None;
            }
        }
    }
    if o.morale == Morale::Removed {
        n.position = crate::model::Position::Exited;
        n.models.clear();
        n.leader_model = None;
    }
    n
}

pub mod report;

#[cfg(test)]
mod tests;
