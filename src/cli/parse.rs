//! Reading what the command line names: a unit by ID or name, a point, a route, a hex.

use super::error::CliError;
use crate::geom::Point;
use crate::model::{HexMap, Scenario, UnitId};
use hexx::Hex;

/// Resolves `--unit` / `--leader`: an ID (`12`, `#12`) or a name.
pub(super) fn find_unit(s: &Scenario, key: &str) -> Result<UnitId, CliError> {
    s.find_unit(key).map(|u| u.id).ok_or_else(|| {
        CliError::Usage(format!(
            "no unit '{key}' in this scenario (use an ID from `sandtable info` or a unit name)"
        ))
    })
}

/// Parses `X,Y` in inches.
pub(super) fn parse_point(text: &str) -> Result<Point, CliError> {
    let bad = || CliError::Usage(format!("'{text}' is not a point: expected X,Y in inches"));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: f32 = x.trim().parse().map_err(|_| bad())?;
    let y: f32 = y.trim().parse().map_err(|_| bad())?;
    if !x.is_finite() || !y.is_finite() {
        return Err(bad());
    }
    Ok(Point::new(x, y))
}

/// Parses `X,Y;X,Y;...` (empty pieces are skipped).
pub(super) fn parse_route(text: &str) -> Result<Vec<Point>, CliError> {
    let points = text
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(parse_point)
        .collect::<Result<Vec<_>, _>>()?;
    if points.is_empty() {
        return Err(CliError::Usage(format!(
            "'{text}' is not a route: expected X,Y;X,Y;... in inches"
        )));
    }
    Ok(points)
}

/// A hex as typed: its label as printed on the map (`0412`, `A12`, in the map's label scheme)
/// or `X,Y` axial coordinates, as `info` prints them.
pub(super) fn parse_hex(map: &HexMap, text: &str) -> Result<Hex, CliError> {
    // A label of the map's scheme beyond its edge ("4161" on a 30 x 20 map) is off the map,
    // not a typing mistake.
    let beyond =
        map.hex_of_label(text).is_none() && map.labels.parse(text, 1_000_000, 1_000_000).is_some();
    if !beyond {
        let hex = read_hex(map, text)?;
        if map.grid().contains(hex) {
            return Ok(hex);
        }
    }
    let grid = map.grid();
    let span = match (grid.hex_at(0), grid.hex_at(grid.len().saturating_sub(1))) {
        (Some(a), Some(b)) => format!(": its hexes run from {} to {}", map.label(a), map.label(b)),
        _ => String::new(),
    };
    Err(CliError::Usage(format!("'{text}' is off the map{span}")))
}

/// A hex as typed, on the map or not.
fn read_hex(map: &HexMap, text: &str) -> Result<Hex, CliError> {
    if let Some(hex) = map.hex_of_label(text) {
        return Ok(hex);
    }
    let bad = || {
        let example = map
            .grid()
            .hex_at(0)
            .filter(|_| map.offset_labels().is_some())
            .map(|h| {
                format!(
                    "the label printed on the hex (such as {}) or ",
                    map.label(h)
                )
            })
            .unwrap_or_default();
        CliError::Usage(format!(
            "'{text}' is not a hex of this map: expected {example}X,Y in axial coordinates, as \
             `info` prints them"
        ))
    };
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (x, y) = t.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    Ok(Hex::new(x, y))
}

/// `--paper`: a4 or letter.
pub(super) fn paper(text: &str) -> Result<crate::io::export::Paper, CliError> {
    use crate::io::export::Paper;
    match text.to_ascii_lowercase().as_str() {
        "a4" => Ok(Paper::A4),
        "letter" => Ok(Paper::Letter),
        other => Err(CliError::Usage(format!(
            "'{other}' is not a paper size: use a4 or letter"
        ))),
    }
}

/// `--format` (png or pdf), else the format `out`'s extension names. `what` says what is
/// written ("an export", "a report") in the refusal.
pub(super) fn print_format(
    text: Option<&str>,
    out: &std::path::Path,
    what: &str,
) -> Result<crate::io::export::Format, CliError> {
    use crate::io::export::Format;
    match text.map(str::to_ascii_lowercase).as_deref() {
        None => Ok(Format::for_path(out)),
        Some("png") => Ok(Format::Png),
        Some("pdf") => Ok(Format::Pdf),
        Some(other) => Err(CliError::Usage(format!(
            "'{other}' is not {what} format: use png or pdf"
        ))),
    }
}
