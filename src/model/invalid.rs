//! One broken invariant of a scenario, as validation and the limits report it.

use super::ids::ItemRef;
use std::fmt;

/// One broken invariant, naming the item that breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub item: ItemRef,
    pub message: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.item, self.message)
    }
}
