//! One cell of the order of battle's table read and written: where a unit starts (the `at`
//! column: a hex as printed, "off map", "turn T at E"...) and its strength.

use super::MAX_TURN;
use crate::geom::Point;
use crate::model::*;

/// Where a unit starts, as the `at` column writes it: a hex as printed, "table", "off map",
/// "exited", or "turn T at E" for a reinforcement (E a hex as printed, or X,Y inches).
pub(super) fn at_text(s: &Scenario, u: &Unit) -> String {
    // A reinforcement that has arrived stands where it is; its group keeps the record.
    if u.position == Position::OffMap
        && let Some(r) = s.reinforcements.iter().find(|r| r.units.contains(&u.id))
    {
        // An entry with a label on it goes by the label's name, as the map prints it.
        let entry = s
            .label_at(r.entry)
            .map_or_else(|| place_text(s, r.entry), |l| l.text.clone());
        return format!("turn {} at {}", r.turn, entry);
    }
    match u.position {
        Position::Hex { hex, .. } => match s.map.as_hex() {
            Some(h) => h.label(hex),
            None => format!("{},{}", hex.x, hex.y),
        },
        Position::Table => "table".into(),
        Position::OffMap => "off map".into(),
        Position::Exited => "exited".into(),
    }
}

pub(super) fn place_text(s: &Scenario, p: Place) -> String {
    match (p, s.map.as_hex()) {
        (Place::Hex(hex), Some(h)) => h.label(hex),
        (Place::Hex(hex), None) => format!("{},{}", hex.x, hex.y),
        (Place::Table(p), _) => format!("{},{}", p.x, p.y),
    }
}

/// Where a row puts its unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum At {
    Hex(hexx::Hex),
    Table,
    OffMap,
    Exited,
    Arrives { turn: u16, entry: Place },
}

/// "5" (starting and current) or "3/5" (current of starting).
pub(super) fn strength(v: &str) -> Option<Strength> {
    let n = |t: &str| {
        t.trim()
            .parse::<u16>()
            .ok()
            .filter(|n| *n <= limits::MAX_STRENGTH)
    };
    match v.split_once('/') {
        Some((c, st)) => {
            let (current, start) = (n(c)?, n(st)?);
            (current <= start).then_some(Strength { start, current })
        }
        None => n(v).map(Strength::full),
    }
}

/// The `at` cell read: a hex as printed (or q,r), "table", "off map", "exited", or
/// "turn T at E".
pub(super) fn at(s: &Scenario, v: &str) -> Result<At, String> {
    let lower = v.to_ascii_lowercase();
    match lower.as_str() {
        "table" => {
            return if s.map.is_hex() {
                Err("'table': this scenario is played on a hex map; give a hex".into())
            } else {
                Ok(At::Table)
            };
        }
        "off map" | "off-map" | "offmap" => return Ok(At::OffMap),
        "exited" => return Ok(At::Exited),
        _ => {}
    }
    // `turn 3 at 0118`, also written `T3 at 0118`.
    let reinforcement = lower
        .strip_prefix("turn")
        .or_else(|| lower.strip_prefix('t'))
        .map(str::trim_start)
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    if let Some(rest) = reinforcement {
        let (turn, entry) = rest
            .split_once(" at ")
            .ok_or_else(|| format!("'{v}': write a reinforcement as 'turn 3 at 0118'"))?;
        let turn: u16 = turn
            .trim()
            .parse()
            .ok()
            .filter(|t| (1..=MAX_TURN).contains(t))
            .ok_or_else(|| format!("'{v}': the turn must be 1 to {}", MAX_TURN))?;
        let entry_text = v[v.len() - entry.len()..].trim();
        let entry = match (s.label_named(entry_text), s.map.as_hex()) {
            (Some(l), _) => l.place,
            (None, Some(h)) => Place::Hex(
                hex_of(h, entry_text)
                    .map_err(|e| format!("{e}; nor is it the name of a map label"))?,
            ),
            (None, None) => Place::Table(
                inches(s, entry_text)
                    .map_err(|e| format!("{e}; nor is it the name of a map label"))?,
            ),
        };
        return Ok(At::Arrives { turn, entry });
    }
    match s.map.as_hex() {
        Some(h) => hex_of(h, v).map(At::Hex).map_err(|e| {
            format!(
                "{e}: give a hex as printed (0305), 'off map', 'exited', or 'turn T at ENTRY' \
                 for a reinforcement"
            )
        }),
        None => Err(format!(
            "'{v}': on a table a unit is 'table' (where it stands), 'off map', 'exited' or \
             'turn T at X,Y'"
        )),
    }
}

pub(super) fn hex_of(h: &HexMap, v: &str) -> Result<hexx::Hex, String> {
    let axial = || {
        let (q, r) = v.split_once(',')?;
        Some(hexx::Hex::new(
            q.trim().parse().ok()?,
            r.trim().parse().ok()?,
        ))
    };
    let hex = h
        .hex_of_label(v)
        .or_else(axial)
        .ok_or_else(|| format!("'{v}' is not a hex of this map"))?;
    if h.grid().index_of(hex).is_none() {
        return Err(format!("'{v}' is not on the map"));
    }
    Ok(hex)
}

pub(super) fn inches(s: &Scenario, v: &str) -> Result<Point, String> {
    let p = v
        .split_once(',')
        .and_then(|(x, y)| Some(Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .filter(|p| p.is_finite())
        .ok_or_else(|| format!("'{v}' is not a point on the table (X,Y in inches)"))?;
    match &s.map {
        Map::Table(t)
            if (0.0..=t.width_in).contains(&p.x) && (0.0..=t.height_in).contains(&p.y) =>
        {
            Ok(p)
        }
        _ => Err(format!("'{v}' is off the table")),
    }
}
