//! How column previews appear in JSON (`sandtable column --json`, documented in docs/cli.md):
//! probabilities as exact fractions with a rounded percentage, inches rounded to a thousandth,
//! and every reason or warning with a `kind` and the sentence a player reads (the shared
//! [`texted`] helpers).

use crate::geom::Point;
use crate::rules::dice::Prob;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

fn r3(v: f32) -> f64 {
    (v as f64 * 1000.0).round() / 1000.0
}

#[derive(Serialize)]
struct ProbJson {
    fraction: String,
    num: u64,
    den: u64,
    percent: f64,
}

pub fn prob<S: Serializer>(p: &Prob, s: S) -> Result<S::Ok, S::Error> {
    ProbJson {
        fraction: p.to_string(),
        num: p.num(),
        den: p.den(),
        percent: p.percent_tenths() as f64 / 10.0,
    }
    .serialize(s)
}

pub fn inches<S: Serializer>(v: &f32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(r3(*v))
}

pub fn point<S: Serializer>(p: &Point, s: S) -> Result<S::Ok, S::Error> {
    [r3(p.x), r3(p.y)].serialize(s)
}

pub fn points<S: Serializer>(v: &[Point], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for p in v {
        seq.serialize_element(&[r3(p.x), r3(p.y)])?;
    }
    seq.end()
}

pub fn polylines<S: Serializer>(v: &[Vec<Point>], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for line in v {
        let pts: Vec<[f64; 2]> = line.iter().map(|p| [r3(p.x), r3(p.y)]).collect();
        seq.serialize_element(&pts)?;
    }
    seq.end()
}

pub use crate::rules::serial::{opt_texted, texted, texted_list};
