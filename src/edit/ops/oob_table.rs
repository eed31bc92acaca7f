//! The order of battle as a table of text: one row per unit and leader, the columns a designer
//! keeps in a spreadsheet (name, side, type, quality, strength, commander, where it starts).
//! Written by `sandtable oob --out`, read back by `--import`, which matches rows to units by
//! name: a row changes the unit of that name, or makes a new one; units the table leaves out
//! stay as they are. Reinforcement groups are made from the rows' side, turn and entry, so a
//! list of reinforcements becomes the scenario's groups without a click.
//!
//! The cells are read and written by `terrain_grid::text` (commas, tabs or semicolons, quotes
//! as RFC 4180 has them); every refusal names its row and column as a spreadsheet counts them.

use super::create::{Template, new_unit};
use super::terrain_grid::GridError;
use crate::edit::Edit;
use crate::model::*;
use std::collections::{HashMap, HashSet};

mod cells;
use cells::{At, at, at_text, strength};

/// The latest turn a reinforcement is read for: far beyond any scenario's length.
const MAX_TURN: u16 = 9_999;

/// The table's columns, in the order they are written.
pub const COLUMNS: [&str; 7] = [
    "name",
    "side",
    "type",
    "quality",
    "strength",
    "commander",
    "at",
];

/// The scenario's order of battle as rows of cells, the header first: every unit, in the
/// scenario's order.
pub fn oob_rows(s: &Scenario) -> Vec<Vec<String>> {
    let mut rows = vec![COLUMNS.iter().map(|c| c.to_string()).collect()];
    for u in &s.units {
        let side = s.side(u.side).map_or(String::new(), |x| x.name.clone());
        let commander = chief(s, u)
            .and_then(|c| s.unit(c))
            .map_or(String::new(), |c| c.name.clone());
        let Strength { start, current } = u.strength;
        let strength = if start == current {
            start.to_string()
        } else {
            format!("{current}/{start}")
        };
        rows.push(vec![
            u.name.clone(),
            side,
            Template::of_kind(u.kind.tag()).name().to_string(),
            quality_name(u.quality).to_string(),
            strength,
            commander,
            at_text(s, u),
        ]);
    }
    rows
}

/// The leader a unit's `commander` cell names: under hex commands (R5) a leader's superior
/// (his own commander when he has none), as the order of battle's tree stands him under it;
/// any other unit's commander.
fn chief(s: &Scenario, u: &Unit) -> Option<UnitId> {
    match (u.leadership, s.rules.ruleset) {
        (Some(l), Ruleset::HexCommands) => l.superior.or(u.commander),
        _ => u.commander,
    }
}

fn quality_name(q: Quality) -> &'static str {
    match q {
        Quality::Veteran => "Veteran",
        Quality::Regular => "Regular",
        Quality::Green => "Green",
    }
}

/// What an import changes: its edits (one undo step), and what it says.
#[derive(Debug, Default)]
pub struct Imported {
    pub edits: Vec<Edit>,
    pub changed: usize,
    pub added: usize,
    pub new_groups: usize,
    /// Units of the scenario the table does not name: left as they are.
    pub untouched: usize,
    /// What the import did that the table did not say (a commander left behind by a change
    /// of side), to be told to whoever imports it.
    pub notes: Vec<String>,
}

/// The row (as a spreadsheet counts, the header row 1) of `rows` that names the unit `name`:
/// what a finding about that unit points the table's author to.
pub fn row_naming(rows: &[Vec<String>], name: &str) -> Option<usize> {
    let (header, body) = rows.split_first()?;
    let col = header
        .iter()
        .position(|h| h.trim().eq_ignore_ascii_case("name"))?;
    body.iter()
        .position(|r| r.get(col).is_some_and(|c| c.trim() == name))
        .map(|k| k + 2)
}

/// How many refused rows an import names at once: the first screenful is enough to go on with.
const MAX_REFUSALS_SAID: usize = 20;

/// Every refusal as one error: the first's row and column, then each of the others on a line
/// of its own.
fn all_refused(mut refused: Vec<GridError>) -> Option<GridError> {
    if refused.len() <= 1 {
        return refused.pop();
    }
    let first = refused.remove(0);
    let more: Vec<String> = refused.iter().map(ToString::to_string).collect();
    Some(GridError {
        message: format!("{}\n  {}", first.message, more.join("\n  ")),
        ..first
    })
}

/// The edits that make the scenario's order of battle what `rows` (a header, then one row per
/// unit) says. Refused, naming the row and column, when a cell cannot be read or names what
/// the scenario does not have; nothing is changed then.
pub fn oob_edits(s: &Scenario, rows: &[Vec<String>]) -> Result<Imported, GridError> {
    let Some((header, body)) = rows.split_first() else {
        return Err(GridError::at(
            1,
            None,
            "the table is empty: it needs a header row",
        ));
    };
    let mut col: HashMap<&str, usize> = HashMap::new();
    for (i, h) in header.iter().enumerate() {
        let name = COLUMNS
            .iter()
            .find(|c| c.eq_ignore_ascii_case(h.trim()))
            .ok_or_else(|| {
                GridError::at(
                    1,
                    Some(i + 1),
                    format!(
                        "'{h}' is not a column of the order of battle ({})",
                        COLUMNS.join(", ")
                    ),
                )
            })?;
        if col.insert(name, i).is_some() {
            return Err(GridError::at(
                1,
                Some(i + 1),
                format!("'{h}' is given twice"),
            ));
        }
    }
    if !col.contains_key("name") {
        return Err(GridError::at(1, None, "the header has no 'name' column"));
    }
    // Names are the keys: one unit of the scenario, one row of the table each.
    let mut by_name: HashMap<&str, &Unit> = HashMap::new();
    let mut twice = HashSet::new();
    for u in &s.units {
        if by_name.insert(u.name.as_str(), u).is_some() {
            twice.insert(u.name.as_str());
        }
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut next = s.next_id;
    let mut units: Vec<(usize, Unit, Option<At>)> = Vec::new();
    // Every row is read, and every refusal said at once (up to a screenful).
    let mut refused: Vec<GridError> = Vec::new();
    for (k, row) in body.iter().enumerate() {
        let line = k + 2;
        let read = (|| -> Result<Option<(usize, Unit, Option<At>)>, GridError> {
            let cell = |c: &str| -> Option<(usize, &str)> {
                let i = *col.get(c)?;
                Some((i + 1, row.get(i).map_or("", |x| x.trim())))
            };
            let (name_col, name) = cell("name").unwrap_or((1, ""));
            if row.iter().all(|c| c.trim().is_empty()) {
                return Ok(None);
            }
            if name.is_empty() {
                return Err(GridError::at(line, Some(name_col), "the unit has no name"));
            }
            if let Some(first) = seen.insert(name.to_string(), line) {
                return Err(GridError::at(
                    line,
                    Some(name_col),
                    format!("'{name}' is named again (first in row {first})"),
                ));
            }
            if twice.contains(name) {
                return Err(GridError::at(
                    line,
                    Some(name_col),
                    format!("the scenario has two units named '{name}'; rename one first"),
                ));
            }
            let side = match cell("side").filter(|(_, v)| !v.is_empty()) {
                Some((c, v)) => Some(
                    s.sides
                        .iter()
                        .find(|x| x.name.trim().eq_ignore_ascii_case(v))
                        .map(|x| x.id)
                        .ok_or_else(|| {
                            let names: Vec<&str> =
                                s.sides.iter().map(|x| x.name.as_str()).collect();
                            GridError::at(
                                line,
                                Some(c),
                                format!("no side is named '{v}' (the sides: {})", names.join(", ")),
                            )
                        })?,
                ),
                None => None,
            };
            let template = match cell("type").filter(|(_, v)| !v.is_empty()) {
                Some((c, v)) => Some(
                    Template::ALL
                        .into_iter()
                        .find(|t| t.name().eq_ignore_ascii_case(v))
                        .ok_or_else(|| {
                            let names: Vec<&str> = Template::ALL.iter().map(|t| t.name()).collect();
                            GridError::at(
                                line,
                                Some(c),
                                format!("'{v}' is not a unit type ({})", names.join(", ")),
                            )
                        })?,
                ),
                None => None,
            };
            let mut u = match by_name.get(name) {
                Some(u) => (*u).clone(),
                None => {
                    let side = side.or(s.sides.first().map(|x| x.id)).ok_or_else(|| {
                        GridError::at(line, None, "the scenario has no side for a new unit")
                    })?;
                    let mut u =
                        new_unit(s, template.unwrap_or(Template::Infantry), side, &mut next);
                    u.name = name.to_string();
                    u.position = Position::OffMap;
                    u
                }
            };
            if let Some(side) = side {
                u.side = side;
            }
            if let Some(t) = template
                && Template::of_kind(u.kind.tag()) != t
            {
                // A new type: the unit takes that type's kind, keeping its name and place.
                let fresh = new_unit(s, t, u.side, &mut next.clone());
                u.kind = fresh.kind;
                u.leadership = fresh.leadership;
                u.exerts_zoc = fresh.exerts_zoc;
            }
            if let Some((c, v)) = cell("quality").filter(|(_, v)| !v.is_empty()) {
                u.quality = [Quality::Veteran, Quality::Regular, Quality::Green]
                    .into_iter()
                    .find(|q| quality_name(*q).eq_ignore_ascii_case(v))
                    .ok_or_else(|| {
                        GridError::at(
                            line,
                            Some(c),
                            format!("'{v}' is not a quality (Veteran, Regular, Green)"),
                        )
                    })?;
            }
            if let Some((c, v)) = cell("strength").filter(|(_, v)| !v.is_empty()) {
                u.strength = strength(v).ok_or_else(|| {
                    GridError::at(
                        line,
                        Some(c),
                        format!(
                            "'{v}' is not a strength: one number (starting and current), or \
                         current/starting such as 3/5, each at most {}",
                            limits::MAX_STRENGTH
                        ),
                    )
                })?;
            }
            let at = match cell("at").filter(|(_, v)| !v.is_empty()) {
                Some((c, v)) => {
                    let at = at(s, v).map_err(|why| GridError::at(line, Some(c), why))?;
                    if at == At::Table && !by_name.contains_key(name) {
                        return Err(GridError::at(
                            line,
                            Some(c),
                            "a new unit is set on the table in the editor: give it 'off map' or \
                         'turn T at X,Y'",
                        ));
                    }
                    Some(at)
                }
                None => None,
            };
            if s.units.len() + units.len() >= limits::MAX_UNITS {
                return Err(GridError::at(
                    line,
                    None,
                    format!("more than {} units", limits::MAX_UNITS),
                ));
            }
            Ok(Some((line, u, at)))
        })();
        match read {
            Ok(Some(x)) => units.push(x),
            Ok(None) => {}
            Err(e) => {
                refused.push(e);
                if refused.len() >= MAX_REFUSALS_SAID {
                    break;
                }
            }
        }
    }
    if let Some(e) = all_refused(refused) {
        return Err(e);
    }
    // Commanders by name, now that every row's unit is known (a leader may come after the
    // units he commands).
    let mut named: HashMap<&str, UnitId> =
        s.units.iter().map(|u| (u.name.as_str(), u.id)).collect();
    for (_, u, _) in &units {
        named.insert(u.name.as_str(), u.id);
    }
    let mut commanders = Vec::new();
    for (k, (line, u, _)) in units.iter().enumerate() {
        if let Some(i) = col.get("commander") {
            let v = body[line - 2].get(*i).map_or("", |x| x.trim());
            let c = if v.is_empty() {
                None
            } else {
                let id = *named.get(v).ok_or_else(|| {
                    GridError::at(*line, Some(i + 1), format!("no unit is named '{v}'"))
                })?;
                if id == u.id {
                    return Err(GridError::at(
                        *line,
                        Some(i + 1),
                        format!("'{v}' cannot command itself"),
                    ));
                }
                // The commander as the table leaves him (his row, else the scenario's).
                let l = units
                    .iter()
                    .map(|(_, x, _)| x)
                    .find(|x| x.id == id)
                    .or_else(|| s.unit(id));
                if let Some(l) = l {
                    let side = |x: SideId| s.side(x).map_or("?", |x| x.name.as_str());
                    if !l.is_leader() {
                        return Err(GridError::at(
                            *line,
                            Some(i + 1),
                            format!("'{v}' is not a leader: only a leader commands"),
                        ));
                    }
                    if l.side != u.side {
                        return Err(GridError::at(
                            *line,
                            Some(i + 1),
                            format!(
                                "'{v}' is a leader of {}, '{}' of {}: name a leader of {}, or \
                                 leave the cell empty",
                                side(l.side),
                                u.name,
                                side(u.side),
                                side(u.side)
                            ),
                        ));
                    }
                }
                Some(id)
            };
            commanders.push((k, c));
        }
    }
    let mut notes = Vec::new();
    // Without a commander column, a unit the table moves to another side leaves a commander
    // of its old side (a leader commands his own side only).
    if !col.contains_key("commander") {
        let sides: HashMap<UnitId, SideId> = s
            .units
            .iter()
            .map(|u| (u.id, u.side))
            .chain(units.iter().map(|(_, u, _)| (u.id, u.side)))
            .collect();
        for (k, (line, u, _)) in units.iter().enumerate() {
            if let Some(c) = chief(s, u).filter(|c| sides.get(c) != Some(&u.side)) {
                let name = s.unit(c).map_or_else(|| c.to_string(), |l| l.name.clone());
                notes.push(format!(
                    "row {line}: '{}' leaves its commander '{name}', a leader of its old side; \
                     give it one of its new side",
                    u.name
                ));
                commanders.push((k, None));
            }
        }
    }
    for (k, c) in commanders {
        let u = &mut units[k].1;
        if chief(s, u) != c {
            match (&mut u.leadership, s.rules.ruleset) {
                (Some(l), Ruleset::HexCommands) => {
                    l.superior = c;
                    if c.is_none() {
                        u.commander = None;
                    }
                }
                _ => u.commander = c,
            }
        }
    }
    // A leader the table moves to another side may not leave units of his old side under him.
    if let Some(i) = col.get("side") {
        let now: HashMap<UnitId, &Unit> = s
            .units
            .iter()
            .map(|u| (u.id, u))
            .chain(units.iter().map(|(_, u, _)| (u.id, u)))
            .collect();
        for (line, l, _) in &units {
            if !l.is_leader() || s.unit(l.id).is_none_or(|was| was.side == l.side) {
                continue;
            }
            let under: Vec<&str> = now
                .values()
                .filter(|u| chief(s, u) == Some(l.id) && u.side != l.side)
                .map(|u| u.name.as_str())
                .collect();
            if let Some(first) = under.iter().min() {
                return Err(GridError::at(
                    *line,
                    Some(i + 1),
                    format!(
                        "'{}' commands {} of his old side ('{first}'{}): give {} another \
                         commander first, or move {} to his new side too",
                        l.name,
                        if under.len() == 1 { "a unit" } else { "units" },
                        if under.len() > 1 {
                            format!(" and {} more", under.len() - 1)
                        } else {
                            String::new()
                        },
                        if under.len() == 1 { "it" } else { "them" },
                        if under.len() == 1 { "it" } else { "them" },
                    ),
                ));
            }
        }
    }
    let mut out = Imported {
        notes,
        ..Imported::default()
    };
    // Reinforcement groups: each unit in the group of its side, turn and entry.
    let mut groups: Vec<Reinforcement> = s.reinforcements.clone();
    let mut touched_groups = HashSet::new();
    for (_, u, at) in &mut units {
        let Some(at) = *at else { continue };
        let was = groups.iter().position(|g| g.units.contains(&u.id));
        let want = match at {
            At::Arrives { turn, entry } => Some((turn, entry)),
            _ => None,
        };
        // A unit given a turn joins that turn's group; one waiting off the map and given a
        // place leaves its group (it starts there now); one that has arrived keeps its group,
        // the record of its arrival.
        let stays = match (was, want) {
            (Some(g), Some((t, e))) => {
                groups[g].turn == t && groups[g].entry == e && groups[g].side == u.side
            }
            (Some(_), None) => u.position != Position::OffMap,
            (None, want) => want.is_none(),
        };
        if !stays {
            if let Some(g) = was {
                groups[g].units.retain(|x| *x != u.id);
                touched_groups.insert(groups[g].id);
            }
            if let Some((turn, entry)) = want {
                let g = match groups
                    .iter()
                    .position(|g| g.side == u.side && g.turn == turn && g.entry == entry)
                {
                    Some(g) => g,
                    None => {
                        let id = ReinforcementId(next);
                        next += 1;
                        out.new_groups += 1;
                        groups.push(Reinforcement {
                            id,
                            turn,
                            side: u.side,
                            units: Vec::new(),
                            entry,
                        });
                        groups.len() - 1
                    }
                };
                groups[g].units.push(u.id);
                touched_groups.insert(groups[g].id);
            }
        }
        u.position = match at {
            At::Hex(hex) => Position::Hex {
                hex,
                facing: match u.position {
                    Position::Hex { facing, .. } => facing,
                    _ => 0,
                },
            },
            At::Table => u.position,
            At::OffMap | At::Arrives { .. } => Position::OffMap,
            At::Exited => Position::Exited,
        };
    }
    for (_, u, _) in units {
        match s.unit(u.id) {
            Some(old) if *old == u => {}
            Some(_) => {
                out.changed += 1;
                out.edits.push(Edit::PutUnit(Box::new(u)));
            }
            None => {
                out.added += 1;
                out.edits.push(Edit::PutUnit(Box::new(u)));
            }
        }
    }
    for g in groups
        .into_iter()
        .filter(|g| touched_groups.contains(&g.id))
    {
        if g.units.is_empty() {
            if s.reinforcements.iter().any(|r| r.id == g.id) {
                out.edits.push(Edit::RemoveReinforcement(g.id));
            }
        } else if s.reinforcements.iter().find(|r| r.id == g.id) != Some(&g) {
            out.edits.push(Edit::PutReinforcement(Box::new(g)));
        }
    }
    let listed: HashSet<&String> = seen.keys().collect();
    out.untouched = s.units.iter().filter(|u| !listed.contains(&u.name)).count();
    Ok(out)
}

/// The edits that set one column of the table to `value` for each of `units`: a cell edited in
/// place in the editor's table, or a value set for several rows at once. A name is given to one
/// unit at a time (names are the table's keys); any other column is read as an imported table
/// would read it, so the table view and `oob --import` cannot disagree. Refused with the
/// reason, naming the unit, when the value cannot be read.
pub fn set_cells(
    s: &Scenario,
    units: &[UnitId],
    column: &str,
    value: &str,
) -> Result<Imported, String> {
    let named: Vec<&Unit> = units.iter().filter_map(|id| s.unit(*id)).collect();
    if named.is_empty() {
        return Ok(Imported::default());
    }
    let Some(column) = COLUMNS.iter().find(|c| c.eq_ignore_ascii_case(column)) else {
        return Err(format!("'{column}' is not a column of the order of battle"));
    };
    if *column == "name" {
        let [u] = named[..] else {
            return Err("give names one unit at a time".into());
        };
        let name = value.trim();
        if name.is_empty() {
            return Err("the unit has no name".into());
        }
        if name.chars().count() > limits::MAX_NAME_CHARS {
            return Err(format!(
                "a name is at most {} characters",
                limits::MAX_NAME_CHARS
            ));
        }
        if let Some(other) = s.units.iter().find(|x| x.name == name && x.id != u.id) {
            return Err(format!(
                "'{}' is the name of another unit of {}; each row's name is its own",
                name,
                s.side(other.side).map_or("a side", |x| x.name.as_str())
            ));
        }
        if u.name == name {
            return Ok(Imported::default());
        }
        let mut renamed = u.clone();
        renamed.name = name.to_string();
        return Ok(Imported {
            edits: vec![Edit::PutUnit(Box::new(renamed))],
            changed: 1,
            ..Imported::default()
        });
    }
    let mut rows = vec![vec!["name".to_string(), column.to_string()]];
    rows.extend(
        named
            .iter()
            .map(|u| vec![u.name.clone(), value.trim().to_string()]),
    );
    let mut imported = oob_edits(s, &rows).map_err(|e| {
        // The table here is made of the units given, one row each after the header.
        let unit = e
            .row
            .and_then(|r| named.get(r.wrapping_sub(2)))
            .map_or(String::new(), |u| format!("{}: ", u.name));
        format!("{unit}{}", e.message)
    })?;
    imported.untouched = 0;
    Ok(imported)
}

/// A new unit's row: like the row of `like` when given (a regiment after a regiment, one
/// number on), else named "New unit", "New unit 2", … (the first name no unit has), of
/// `side`; waiting off the map until it is given a hex or a turn.
pub fn new_row(
    s: &Scenario,
    side: SideId,
    like: Option<UnitId>,
) -> Result<(Imported, String), String> {
    let taken: HashSet<&str> = s.units.iter().map(|u| u.name.as_str()).collect();
    // A row like one of the table's: every cell as it has them, the name counted on ("3rd
    // Brigade" → "4th Brigade"), waiting off the map (or in the same reinforcement group).
    if let Some(u) = like.and_then(|id| s.unit(id)) {
        let Some(mut row) = oob_rows(s)
            .into_iter()
            .skip(1)
            .zip(&s.units)
            .find_map(|(r, x)| (x.id == u.id).then_some(r))
        else {
            return Err("that row is gone".into());
        };
        let name = super::clipboard::copy_name(&u.name, |n| taken.contains(n));
        row[0] = name.clone();
        if !row[6].starts_with("turn ") {
            row[6] = "off map".into();
        }
        let header = COLUMNS.iter().map(|c| c.to_string()).collect();
        let imported = oob_edits(s, &[header, row]).map_err(|e| e.message)?;
        return Ok((imported, name));
    }
    let name = (1..)
        .map(|n| {
            if n == 1 {
                "New unit".to_string()
            } else {
                format!("New unit {n}")
            }
        })
        .find(|n| !taken.contains(n.as_str()))
        .expect("some name is free");
    let side = s
        .side(side)
        .or(s.sides.first())
        .ok_or("the scenario has no side")?;
    let rows = vec![
        vec!["name".into(), "side".into(), "at".into()],
        vec![name.clone(), side.name.clone(), "off map".into()],
    ];
    let imported = oob_edits(s, &rows).map_err(|e| e.message)?;
    Ok((imported, name))
}

/// Whether `row` is the table's header: a `name` column, and every cell one of the columns.
pub fn is_header(row: &[String]) -> bool {
    row.iter().any(|c| c.trim().eq_ignore_ascii_case("name"))
        && row
            .iter()
            .all(|c| COLUMNS.iter().any(|k| k.eq_ignore_ascii_case(c.trim())))
}

/// The edits for rows pasted from a spreadsheet, read as the table reads them: with a header
/// row (any of the table's columns, in any order), or without one, the cells then taken in the
/// table's own column order (name, side, type, quality, strength, commander, at) as far as a
/// row goes. A refusal names the row and column as pasted.
pub fn paste_edits(s: &Scenario, rows: &[Vec<String>]) -> Result<Imported, GridError> {
    if rows.first().is_some_and(|r| is_header(r)) {
        return oob_edits(s, rows);
    }
    let width = rows
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .min(COLUMNS.len());
    let mut table = vec![COLUMNS[..width].iter().map(|c| c.to_string()).collect()];
    table.extend(rows.iter().map(|r| r.iter().take(width).cloned().collect()));
    oob_edits(s, &table).map_err(|e| GridError {
        row: e.row.map(|r| r.saturating_sub(1).max(1)),
        ..e
    })
}

#[cfg(test)]
mod tests;
