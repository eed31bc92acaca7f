//! A reason with the sentence a player reads, as the R3 preview reports every reason.

use serde::Serialize;
use std::fmt;

/// A reason with the sentence a player reads, serialised as the reason's fields plus `text`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Why<T> {
    #[serde(flatten)]
    pub reason: T,
    pub text: String,
}

impl<T: fmt::Display> Why<T> {
    pub fn new(reason: T) -> Why<T> {
        let text = reason.to_string();
        Why { reason, text }
    }
}
