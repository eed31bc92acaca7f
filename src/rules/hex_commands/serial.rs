//! How hex previews appear in JSON (`sandtable moves` and `span` on a hex map, documented in
//! `docs/cli.md`): a hex as its axial `x`, `y` and, on a rectangular map, its 0-based offset
//! `col`, `row` and the printed label (the map's scheme, `CCRR` by default); a reason, constraint, effect or notice as its
//! stable `code` and the sentence a player reads.
//!
//! A hex's column, row and label depend on the map's grid, which serde cannot hand to a field's
//! serialiser. [`with_grid`] lends the grid to [`hex`] for the length of one serialisation, on
//! the calling thread only; outside it a hex shows its axial coordinates alone, as on a
//! hexagonal map.

use super::command_change::ChangeRefused;
use super::constraint::Constraint;
use super::effect::Effect;
use super::notice::Notice;
use super::reason::Reason;
use super::tracing::{ChainLink, Tracing};
use super::unit_ref::UnitRef;
use crate::model::Command;
use crate::model::labels::OffsetLabels;
use hexx::Hex;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use std::cell::Cell;
use std::fmt::Display;

thread_local! {
    /// The offset grid and labels lent by [`with_grid`]: `Some` on a rectangular map.
    static GRID: Cell<Option<OffsetLabels>> = const { Cell::new(None) };
}

/// Runs `f` (a serialisation) with hexes labelled by `grid`, the map's offset grid (`None` on a
/// hexagonal map), and puts back what was lent before, even if `f` panics.
pub fn with_grid<R>(grid: Option<OffsetLabels>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<OffsetLabels>);
    impl Drop for Restore {
        fn drop(&mut self) {
            GRID.with(|g| g.set(self.0));
        }
    }
    let _restore = Restore(GRID.with(|g| g.replace(grid)));
    f()
}

#[derive(Serialize)]
struct HexJson {
    x: i32,
    y: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    col: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    row: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
}

fn hex_json(h: Hex) -> HexJson {
    let grid = GRID.with(Cell::get);
    let offset = grid.and_then(|g| g.offset_of(h));
    HexJson {
        x: h.x,
        y: h.y,
        col: offset.map(|[c, _]| c),
        row: offset.map(|[_, r]| r),
        label: grid.and_then(|g| g.label(h)),
    }
}

/// A hex: axial `x`, `y`, and on a rectangular map `col`, `row` and `label`.
pub fn hex<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
    hex_json(*h).serialize(s)
}

pub fn opt_hex<S: Serializer>(h: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
    h.map(hex_json).serialize(s)
}

/// A list of hexes (a path, a span).
pub fn hexes<S: Serializer>(v: &[Hex], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for h in v {
        seq.serialize_element(&hex_json(*h))?;
    }
    seq.end()
}

pub fn opt_hexes<S: Serializer>(v: &Option<Vec<Hex>>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => hexes(v, s),
        None => s.serialize_none(),
    }
}

/// A verdict type with a stable short code for the JSON output.
pub trait Coded: Display {
    fn code(&self) -> &'static str;
}

impl Coded for Reason {
    fn code(&self) -> &'static str {
        Reason::code(self)
    }
}

impl Coded for Constraint {
    fn code(&self) -> &'static str {
        Constraint::code(self)
    }
}

impl Coded for Notice {
    fn code(&self) -> &'static str {
        Notice::code(self)
    }
}

#[derive(Serialize)]
struct CodedJson {
    code: &'static str,
    text: String,
}

fn coded_json<T: Coded>(v: &T) -> CodedJson {
    CodedJson {
        code: v.code(),
        text: v.to_string(),
    }
}

/// A list of constraints or notices, each as `code` and `text`.
pub fn coded_list<T: Coded, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for item in v {
        seq.serialize_element(&coded_json(item))?;
    }
    seq.end()
}

/// Effects, each as `code`, its number as `value` (`null` when it has none) and `text`.
pub fn effects<S: Serializer>(v: &[Effect], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct EffectJson {
        code: &'static str,
        value: Option<i32>,
        text: String,
    }
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for e in v {
        let value = match *e {
            Effect::Melee(n) | Effect::MeleeDefending(n) | Effect::Morale(n) => Some(i32::from(n)),
            Effect::ExtraMp(n) => Some(i32::from(n)),
            _ => None,
        };
        seq.serialize_element(&EffectJson {
            code: e.code(),
            value,
            text: e.to_string(),
        })?;
    }
    seq.end()
}

/// Flattened into a hex of the second combat advance: whether it may end there, and if not
/// why (`reason` as a code, `text` as a sentence).
pub fn end_verdict<S: Serializer>(r: &Option<Reason>, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(3))?;
    map.serialize_entry("legal", &r.is_none())?;
    map.serialize_entry("reason", &r.as_ref().map(Reason::code))?;
    map.serialize_entry("text", &r.as_ref().map(ToString::to_string))?;
    map.end()
}

/// Flattened into a unit's command: its `chain` of leaders and the one whose command it `uses`.
pub fn tracing<S: Serializer>(t: &Tracing, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(2))?;
    map.serialize_entry("chain", &t.chain)?;
    map.serialize_entry("uses", &t.leader().map(|l| &l.leader))?;
    map.end()
}

/// Flattened into a leader's span: his own `superiors` and the one he `traces_to`.
pub fn superiors<S: Serializer>(t: &Tracing, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(2))?;
    map.serialize_entry::<_, [ChainLink]>("superiors", &t.chain)?;
    map.serialize_entry("traces_to", &t.leader().map(|l| &l.leader))?;
    map.end()
}

/// Every command a leader may be given: `command`, whether it is `allowed`, and the `reason`
/// it is not.
pub fn changes<S: Serializer>(
    v: &[(Command, Result<(), ChangeRefused>)],
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Change {
        command: Command,
        allowed: bool,
        reason: Option<String>,
    }
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for (command, r) in v {
        seq.serialize_element(&Change {
            command: *command,
            allowed: r.is_ok(),
            reason: r.as_ref().err().map(ToString::to_string),
        })?;
    }
    seq.end()
}

/// Units with a range (MP or hexes) as `unit` and `range`.
pub fn in_range<S: Serializer>(v: &[(UnitRef, u16)], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct InRange<'a> {
        unit: &'a UnitRef,
        range: u16,
    }
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for (unit, range) in v {
        seq.serialize_element(&InRange {
            unit,
            range: *range,
        })?;
    }
    seq.end()
}

/// `true` when nothing refuses it.
pub fn is_ok<E, S: Serializer>(r: &Result<(), E>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(r.is_ok())
}

/// The sentence of a reason, or `null`.
pub fn opt_text<T: Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    v.as_ref().map(ToString::to_string).serialize(s)
}
