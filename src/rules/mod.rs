//! The rules: pure functions from a scenario (and a proposed move or test) to a preview.
//!
//! No GUI types, no files, no clocks, no unseeded randomness. Each ruleset of RULES.md has its
//! module; `check` finds the problems a designer should fix before play.

pub mod check;
pub mod column;
pub mod dice;
pub mod hex_commands;
pub mod los;
pub mod m42;
pub mod measure;
pub mod morale;
pub mod orders;
pub mod placement;
pub mod reach;
pub mod serial;

#[cfg(test)]
pub(crate) mod testkit;
