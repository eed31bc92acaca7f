//! What a morale or rally test is asked for (R4): the unit, the kind of test, and what caused
//! it.

use crate::model::UnitId;

/// The test and its cause are named in the model, so a game's log keeps them typed.
pub use crate::model::{TestCause, TestKind};

/// The unit, the test, and (for wagons) what caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TestRequest {
    pub unit: UnitId,
    pub kind: TestKind,
    pub cause: TestCause,
}

impl TestRequest {
    pub fn new(unit: UnitId, kind: TestKind) -> TestRequest {
        TestRequest {
            unit,
            kind,
            cause: TestCause::default(),
        }
    }

    pub fn with_cause(self, cause: TestCause) -> TestRequest {
        TestRequest { cause, ..self }
    }
}
