//! JSON helpers the rulesets share: a reason or warning serialised as its own fields plus the
//! sentence a player reads (`text`), so the command line prints the engines' values and their
//! words together.

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::fmt::Display;

#[derive(Serialize)]
struct WithText<'a, T: Serialize> {
    #[serde(flatten)]
    inner: &'a T,
    text: String,
}

/// A value as its own fields (a reason tagged by its `kind`), with its `Display` as `text`.
pub fn texted<T: Serialize + Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    WithText {
        inner: v,
        text: v.to_string(),
    }
    .serialize(s)
}

pub fn opt_texted<T: Serialize + Display, S: Serializer>(
    v: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => texted(v, s),
        None => s.serialize_none(),
    }
}

/// A list of [`texted`] values.
pub fn texted_list<T: Serialize + Display, S: Serializer>(
    v: &[T],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for item in v {
        seq.serialize_element(&WithText {
            inner: item,
            text: item.to_string(),
        })?;
    }
    seq.end()
}
