//! What a morale or rally test is asked for (R4): the unit, the kind of test, and what caused
//! it.

use crate::model::UnitId;
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
