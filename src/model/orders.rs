//! What a unit is ordered or asked to do, as data: the four M42 move types (R2), the six R3
//! orders, the one typed value a game's log keeps for a move under any ruleset, and the morale
//! and rally tests (R4) with what caused them.
//!
//! The names and their spellings live here so the rules, the editor, the command line and the
//! saved log read one value: a move's order is never turned into text and parsed back inside
//! the program. The rules add what each one does (`rules::m42`, `rules::orders`).

use super::ruleset::Ruleset;
use super::unit::Command;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The four M42 move types (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveType {
    Halt,
    Advance,
    AtTheDouble,
    DigIn,
}

impl MoveType {
    pub const ALL: [MoveType; 4] = [
        MoveType::Halt,
        MoveType::Advance,
        MoveType::AtTheDouble,
        MoveType::DigIn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MoveType::Halt => "Halt",
            MoveType::Advance => "Advance",
            MoveType::AtTheDouble => "At the Double",
            MoveType::DigIn => "Dig-In",
        }
    }

    /// The command-line name: `halt`, `advance`, `at-the-double`, `dig-in`.
    pub fn key(self) -> &'static str {
        match self {
            MoveType::Halt => "halt",
            MoveType::Advance => "advance",
            MoveType::AtTheDouble => "at-the-double",
            MoveType::DigIn => "dig-in",
        }
    }

    /// Accepts `halt`, `advance`, `at-the-double`, `double`, `dig-in`, `digin` (any case).
    pub fn parse(text: &str) -> Option<MoveType> {
        match squash(text).as_str() {
            "halt" => Some(MoveType::Halt),
            "advance" => Some(MoveType::Advance),
            "atthedouble" | "double" => Some(MoveType::AtTheDouble),
            "digin" => Some(MoveType::DigIn),
            _ => None,
        }
    }
}

impl fmt::Display for MoveType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six R3 orders (the text calls them actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrdersAction {
    OpenFire,
    Advance,
    Rally,
    AtTheDouble,
    GoToGround,
    FallBack,
}

impl OrdersAction {
    pub const ALL: [OrdersAction; 6] = [
        OrdersAction::OpenFire,
        OrdersAction::Advance,
        OrdersAction::Rally,
        OrdersAction::AtTheDouble,
        OrdersAction::GoToGround,
        OrdersAction::FallBack,
    ];

    /// The command-line name: `open-fire`, `advance`, `rally`, `at-the-double`,
    /// `go-to-ground`, `fall-back`.
    pub fn key(self) -> &'static str {
        match self {
            OrdersAction::OpenFire => "open-fire",
            OrdersAction::Advance => "advance",
            OrdersAction::Rally => "rally",
            OrdersAction::AtTheDouble => "at-the-double",
            OrdersAction::GoToGround => "go-to-ground",
            OrdersAction::FallBack => "fall-back",
        }
    }

    /// The name on the order chit: `Open Fire!`.
    pub fn name(self) -> &'static str {
        match self {
            OrdersAction::OpenFire => "Open Fire!",
            OrdersAction::Advance => "Advance!",
            OrdersAction::Rally => "Rally!",
            OrdersAction::AtTheDouble => "At the Double!",
            OrdersAction::GoToGround => "Go to Ground!",
            OrdersAction::FallBack => "Fall Back!",
        }
    }

    /// Accepts the key or the name in any case, with or without spaces, dashes, underscores
    /// and the exclamation mark (`open-fire`, `Open Fire!`, `atthedouble`).
    pub fn parse(text: &str) -> Option<OrdersAction> {
        let key = squash(text);
        OrdersAction::ALL
            .into_iter()
            .find(|a| squash(a.key()) == key)
    }
}

impl fmt::Display for OrdersAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a move is made under, in the scenario's ruleset: an R5 command chit (a move under a
/// chit other than the one the unit traces is a what-if the game refuses), an R2 move type or
/// an R3 order. Column orders (R1) have a type of their own (`game::ColumnOrder`).
///
/// Saved as its name (`Charge 1`, `At the Double`, `fall-back`), as format 2 always stored it:
/// a name means different orders under different rulesets ("advance"), so it is read back under
/// the ruleset of the scenario being decoded (see [`super::compat::reading_ruleset`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    Command(Command),
    MoveType(MoveType),
    Order(OrdersAction),
}

impl MoveOrder {
    /// The order `text` names under `ruleset` (none under R1: its orders go to columns).
    pub fn parse(ruleset: Ruleset, text: &str) -> Option<MoveOrder> {
        match ruleset {
            Ruleset::HexCommands => Command::parse(text).map(MoveOrder::Command),
            Ruleset::M42 => MoveType::parse(text).map(MoveOrder::MoveType),
            Ruleset::Orders => OrdersAction::parse(text).map(MoveOrder::Order),
            Ruleset::ColumnOfMarch => None,
        }
    }

    /// The ruleset whose order this is.
    pub fn ruleset(self) -> Ruleset {
        match self {
            MoveOrder::Command(_) => Ruleset::HexCommands,
            MoveOrder::MoveType(_) => Ruleset::M42,
            MoveOrder::Order(_) => Ruleset::Orders,
        }
    }

    /// The name as saved and shown.
    pub fn name(self) -> &'static str {
        match self {
            MoveOrder::Command(c) => c.name(),
            MoveOrder::MoveType(t) => t.name(),
            MoveOrder::Order(a) => a.key(),
        }
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveOrder::Command(c) => c.fmt(f),
            MoveOrder::MoveType(t) => t.fmt(f),
            MoveOrder::Order(a) => a.fmt(f),
        }
    }
}

impl Serialize for MoveOrder {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for MoveOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let text = String::deserialize(d)?;
        let Some(ruleset) = super::compat::reading_ruleset() else {
            return Err(D::Error::custom(format!(
                "the order '{text}' of a logged move is read before the scenario's ruleset: \
                 the file must give \"rules\" before \"game\""
            )));
        };
        MoveOrder::parse(ruleset, &text).ok_or_else(|| {
            D::Error::custom(format!(
                "a logged move names the order '{text}', which {ruleset:?} does not have"
            ))
        })
    }
}

/// A morale test or a rally test (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestKind {
    Morale,
    Rally,
}

impl TestKind {
    pub const ALL: [TestKind; 2] = [TestKind::Morale, TestKind::Rally];

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

/// What a test is for. Only wagons care (R4: routed by fire they flee, routed in melee they
/// are captured); other units just carry it along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestCause {
    #[default]
    Fire,
    Melee,
}

impl TestCause {
    pub fn parse(text: &str) -> Option<TestCause> {
        match text.trim().to_ascii_lowercase().as_str() {
            "fire" | "shooting" => Some(TestCause::Fire),
            "melee" => Some(TestCause::Melee),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            TestCause::Fire => "fire",
            TestCause::Melee => "melee",
        }
    }
}

impl fmt::Display for TestCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// `text` lower-cased, with only its letters and digits.
fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_is_read_back_from_the_name_it_is_saved_as() {
        let all = Command::ALL
            .into_iter()
            .map(MoveOrder::Command)
            .chain(MoveType::ALL.into_iter().map(MoveOrder::MoveType))
            .chain(OrdersAction::ALL.into_iter().map(MoveOrder::Order));
        for o in all {
            assert_eq!(MoveOrder::parse(o.ruleset(), o.name()), Some(o), "{o}");
        }
    }

    #[test]
    fn a_name_shared_by_rulesets_is_read_under_the_scenarios_own() {
        assert_eq!(
            MoveOrder::parse(Ruleset::M42, "advance"),
            Some(MoveOrder::MoveType(MoveType::Advance))
        );
        assert_eq!(
            MoveOrder::parse(Ruleset::Orders, "advance"),
            Some(MoveOrder::Order(OrdersAction::Advance))
        );
        assert_eq!(
            MoveOrder::parse(Ruleset::HexCommands, "advance"),
            Some(MoveOrder::Command(Command::Advance))
        );
        assert_eq!(MoveOrder::parse(Ruleset::ColumnOfMarch, "advance"), None);
        assert_eq!(MoveOrder::parse(Ruleset::M42, "fall-back"), None);
    }
}
