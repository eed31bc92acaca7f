//! The rules' own types as command-line values (clap's `ValueEnum`): a command chit, an M42
//! move type, an R3 order, a test and its cause, a morale state. The command line parses
//! straight into the values the rules, the game and its log use; each takes the spellings
//! the rules' own `parse` does (any case, with or without spaces and dashes).

use crate::model::{Command, Morale, MoveType, OrdersAction, TestCause, TestKind};
use clap::ValueEnum;
use clap::builder::PossibleValue;

/// `name` as the command line spells it, with the other spellings the rules read as aliases.
fn value(name: &'static str, aliases: &[&'static str]) -> PossibleValue {
    PossibleValue::new(name).aliases(aliases.iter().copied())
}

impl ValueEnum for Command {
    fn value_variants<'a>() -> &'a [Self] {
        &Command::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Command::Attack => value("attack", &[]),
            Command::Advance => value("advance", &[]),
            Command::Stand => value("stand", &[]),
            Command::Retreat => value("retreat", &[]),
            Command::Reserve => value("reserve", &[]),
            Command::Muster => value("muster", &[]),
            Command::Charge1 => value("charge1", &["charge-1", "charge 1", "charge_1"]),
            Command::Charge2 => value("charge2", &["charge-2", "charge 2", "charge_2"]),
            Command::Charge3 => value("charge3", &["charge-3", "charge 3", "charge_3"]),
        })
    }
}

impl ValueEnum for MoveType {
    fn value_variants<'a>() -> &'a [Self] {
        &MoveType::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            MoveType::Halt => value("halt", &[]),
            MoveType::Advance => value("advance", &[]),
            MoveType::AtTheDouble => value(
                "at-the-double",
                &["double", "atthedouble", "at the double", "at_the_double"],
            ),
            MoveType::DigIn => value("dig-in", &["digin", "dig in", "dig_in"]),
        })
    }
}

impl ValueEnum for OrdersAction {
    fn value_variants<'a>() -> &'a [Self] {
        &OrdersAction::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            OrdersAction::OpenFire => value(
                "open-fire",
                &["openfire", "open fire", "open fire!", "open_fire"],
            ),
            OrdersAction::Advance => value("advance", &["advance!"]),
            OrdersAction::Rally => value("rally", &["rally!"]),
            OrdersAction::AtTheDouble => value(
                "at-the-double",
                &[
                    "atthedouble",
                    "at the double",
                    "at the double!",
                    "at_the_double",
                ],
            ),
            OrdersAction::GoToGround => value(
                "go-to-ground",
                &[
                    "gotoground",
                    "go to ground",
                    "go to ground!",
                    "go_to_ground",
                ],
            ),
            OrdersAction::FallBack => value(
                "fall-back",
                &["fallback", "fall back", "fall back!", "fall_back"],
            ),
        })
    }
}

impl ValueEnum for TestKind {
    fn value_variants<'a>() -> &'a [Self] {
        &TestKind::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()))
    }
}

impl ValueEnum for TestCause {
    fn value_variants<'a>() -> &'a [Self] {
        &[TestCause::Fire, TestCause::Melee]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            TestCause::Fire => value("fire", &["shooting"]),
            TestCause::Melee => value("melee", &[]),
        })
    }
}

impl ValueEnum for Morale {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Morale::GoodOrder,
            Morale::Unsteady,
            Morale::Routing,
            Morale::Removed,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Morale::GoodOrder => value(
                "good-order",
                &["good", "goodorder", "good order", "good_order"],
            ),
            Morale::Unsteady => value("unsteady", &[]),
            Morale::Routing => value("routing", &[]),
            Morale::Removed => value("removed", &[]),
        })
    }
}

/// What `play --test` takes: a morale or rally test (R4), the Ld check before an R3 order, or
/// an R1 pin test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayTest {
    Morale,
    Rally,
    /// The R3 Ld check.
    Ld,
    /// The R1 pin test.
    Pin,
}

impl PlayTest {
    /// The R4 test, or `None` for the Ld check.
    pub fn kind(self) -> Option<TestKind> {
        match self {
            PlayTest::Morale => Some(TestKind::Morale),
            PlayTest::Rally => Some(TestKind::Rally),
            PlayTest::Ld | PlayTest::Pin => None,
        }
    }
}

/// What `play --order` takes on a table: an M42 move type (R2) or an R3 order, read under
/// the scenario's ruleset (`advance` and `at-the-double` are both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableOrder {
    Halt,
    Advance,
    #[value(alias = "double")]
    AtTheDouble,
    DigIn,
    OpenFire,
    Rally,
    GoToGround,
    FallBack,
}

impl TableOrder {
    /// As an M42 move type, if it is one.
    pub fn move_type(self) -> Option<MoveType> {
        Some(match self {
            TableOrder::Halt => MoveType::Halt,
            TableOrder::Advance => MoveType::Advance,
            TableOrder::AtTheDouble => MoveType::AtTheDouble,
            TableOrder::DigIn => MoveType::DigIn,
            _ => return None,
        })
    }

    /// As an R3 order, if it is one.
    pub fn orders_action(self) -> Option<OrdersAction> {
        Some(match self {
            TableOrder::OpenFire => OrdersAction::OpenFire,
            TableOrder::Advance => OrdersAction::Advance,
            TableOrder::Rally => OrdersAction::Rally,
            TableOrder::AtTheDouble => OrdersAction::AtTheDouble,
            TableOrder::GoToGround => OrdersAction::GoToGround,
            TableOrder::FallBack => OrdersAction::FallBack,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value the rules' own parser reads from its command-line name, the command line
    /// reads too, into the same value.
    #[test]
    fn the_command_line_reads_every_rule_value_as_the_rules_do() {
        for c in Command::ALL {
            let name = c.to_possible_value().expect("named").get_name().to_string();
            assert_eq!(Command::from_str(&name, true), Ok(c));
            assert_eq!(Command::parse(&name), Some(c));
            assert_eq!(Command::from_str(c.name(), true), Ok(c), "{}", c.name());
        }
        for t in MoveType::ALL {
            assert_eq!(MoveType::from_str(t.key(), true), Ok(t));
            assert_eq!(MoveType::from_str(t.name(), true), Ok(t), "{}", t.name());
        }
        for a in OrdersAction::ALL {
            assert_eq!(OrdersAction::from_str(a.key(), true), Ok(a));
            assert_eq!(
                OrdersAction::from_str(a.name(), true),
                Ok(a),
                "{}",
                a.name()
            );
        }
        assert_eq!(
            TableOrder::from_str("double", true).map(TableOrder::move_type),
            Ok(Some(MoveType::AtTheDouble))
        );
    }
}
