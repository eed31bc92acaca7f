//! A hex map's terrain set from a grid of names, one row of cells per row of hexes as printed
//! (see [`text`]), and the map's terrain written out as such a grid: how a map's
//! ground comes from a spreadsheet or a list instead of a brush, a hex at a time.

use crate::edit::Edit;
use crate::edit::ops::create::new_terrain;
use crate::geom::HexGrid;
use crate::model::*;

pub mod text;
pub use text::{GridError, MAX_GRID_BYTES, read_grid, write_grid};

/// What a grid does to a scenario: the edits (new terrain types first, then the hexes), how
/// many hexes change, and the terrain types it adds (names the map had none of).
#[derive(Clone, Debug, Default)]
pub struct GridApplied {
    pub edits: Vec<Edit>,
    pub changed: usize,
    pub new_types: Vec<String>,
}

/// A cell naming no terrain type and no symbol makes a new type only when it is a name this
/// long: a shorter one is a symbol left out of `--symbol` (or mistyped), not a new ground.
const MIN_NEW_NAME_CHARS: usize = 3;

/// How many hexes each row of the map has, north to south, in the order of its terrain.
fn row_widths(grid: HexGrid) -> Vec<usize> {
    match grid {
        HexGrid::Rectangle { columns, rows, .. } => vec![columns as usize; rows as usize],
        HexGrid::Hexagon { radius } => {
            let r = radius as i64;
            (-r..=r).map(|y| (2 * r + 1 - y.abs()) as usize).collect()
        }
    }
}

/// The map's terrain by name, a row of cells per row of hexes: what `sandtable terrain
/// --export` writes. `None` on a table.
pub fn terrain_grid(s: &Scenario) -> Option<Vec<Vec<String>>> {
    let h = s.map.as_hex()?;
    let name = |id: TerrainId| {
        s.terrain(id)
            .map_or_else(|| format!("#{}", id.0), |t| t.name.clone())
    };
    let mut cells = h.terrain.iter().map(|id| name(*id));
    Some(
        row_widths(h.grid())
            .into_iter()
            .map(|w| cells.by_ref().take(w).collect())
            .collect(),
    )
}

/// The edits that give each hex the terrain its cell names: `symbols` first (`W` for
/// Woods; as given, else in any case), then the scenario's terrain types by name, any case; a
/// name it has none of becomes a new terrain type, coloured as its name suggests (woods green)
/// or else unlike the others. An empty cell leaves its hex as it is. Refused, naming the row
/// and column, when the grid's rows are not the map's (extra empty cells at a row's end are let
/// be), or when a cell of one or two letters is neither a type nor a symbol.
pub fn grid_edits(
    s: &Scenario,
    rows: &[Vec<String>],
    symbols: &[(String, String)],
) -> Result<GridApplied, GridError> {
    let Some(h) = s.map.as_hex() else {
        return Err(GridError {
            row: None,
            column: None,
            message: "the scenario is played on a table: a terrain grid is for hex maps".into(),
        });
    };
    let widths = row_widths(h.grid());
    if rows.len() != widths.len() {
        return Err(GridError {
            row: None,
            column: None,
            message: format!(
                "the grid has {} rows; the map has {} (one row of cells per row of hexes, north \
                 first)",
                rows.len(),
                widths.len()
            ),
        });
    }
    // New types are made on a scratch copy, so each takes the next ID and a colour unlike the
    // ones made before it.
    let mut scratch = s.clone();
    let mut out = GridApplied::default();
    let mut cells = Vec::new();
    let mut index = 0usize;
    for (r, (row, width)) in rows.iter().zip(widths).enumerate() {
        let used = row.iter().rposition(|c| !c.is_empty()).map_or(0, |i| i + 1);
        if used > width || (row.len() < width && used > 0) {
            return Err(GridError::at(
                r + 1,
                None,
                format!(
                    "{} cells; the map's row has {width} hexes",
                    row.len().max(used)
                ),
            ));
        }
        for c in 0..width {
            let i = index + c;
            let Some(cell) = row.get(c).filter(|x| !x.is_empty()) else {
                continue;
            };
            // A symbol as given, else in any case (`w` for `W=Woods`).
            let symbol = symbols.iter().find(|(sym, _)| sym == cell).or_else(|| {
                symbols
                    .iter()
                    .find(|(sym, _)| sym.eq_ignore_ascii_case(cell))
            });
            let name = match symbol {
                Some((_, named)) => named.as_str(),
                None => cell.as_str(),
            };
            let known = scratch
                .terrain_types
                .iter()
                .any(|t| t.name.eq_ignore_ascii_case(name));
            if !known && symbol.is_none() && name.chars().count() < MIN_NEW_NAME_CHARS {
                let given: Vec<String> = symbols.iter().map(|(a, b)| format!("{a}={b}")).collect();
                return Err(GridError::at(
                    r + 1,
                    Some(c + 1),
                    format!(
                        "'{cell}' is neither a terrain type nor a symbol ({}): give it with \
                         --symbol {cell}=NAME; a new terrain type needs a name of {} letters \
                         or more",
                        if given.is_empty() {
                            "none given".to_string()
                        } else {
                            given.join(", ")
                        },
                        MIN_NEW_NAME_CHARS
                    ),
                ));
            }
            let id = match scratch
                .terrain_types
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(name))
            {
                Some(t) => t.id,
                None => {
                    if scratch.terrain_types.len() >= limits::MAX_TERRAIN_TYPES {
                        return Err(GridError::at(
                            r + 1,
                            Some(c + 1),
                            format!(
                                "'{name}' would be a terrain type past the {} a scenario holds",
                                limits::MAX_TERRAIN_TYPES
                            ),
                        ));
                    }
                    let mut t = new_terrain(&scratch);
                    t.name = name.to_string();
                    t.colour = fitting_colour(name).unwrap_or(t.colour);
                    scratch.next_id = scratch.next_id.max(t.id.0.saturating_add(1));
                    scratch.terrain_types.push(t.clone());
                    out.new_types.push(t.name.clone());
                    out.edits.push(Edit::PutTerrain(t.clone()));
                    t.id
                }
            };
            if h.terrain.get(i) != Some(&id)
                && let Some(hex) = h.grid().hex_at(i)
            {
                cells.push((hex, id));
            }
        }
        index += width;
    }
    out.changed = cells.len();
    if !cells.is_empty() {
        out.edits.push(Edit::SetHexTerrain(cells));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    #[test]
    fn winceby_terrain_goes_out_as_a_grid_and_back_unchanged() {
        let s = crate::samples::named("winceby");
        let rows = terrain_grid(&s).expect("a hex map");
        let text = write_grid(&rows);
        let back = read_grid(&text).expect("reads");
        assert_eq!(back, rows);
        let applied = grid_edits(&s, &back, &[]).expect("applies");
        assert_eq!(applied.changed, 0);
        assert!(applied.new_types.is_empty());
        // A spreadsheet's trailing rows of empty cells are no rows of the map.
        let padded = read_grid(&format!("{text},,,,\n\n , \n")).expect("reads");
        assert_eq!(grid_edits(&s, &padded, &[]).expect("applies").changed, 0);
    }

    /// A symbol is matched as given, else in any case; a cell of one or two letters that is
    /// neither a type nor a symbol is refused where it is, not made a new terrain type.
    #[test]
    fn a_symbol_matches_in_any_case_and_an_unknown_one_is_refused() {
        let s = Scenario::new_hex("grid");
        let mut rows = terrain_grid(&s).expect("grid");
        rows[0][0] = "w".into();
        let symbols = [("W".to_string(), "Woods".to_string())];
        let applied = grid_edits(&s, &rows, &symbols).expect("applies");
        assert_eq!(applied.new_types, vec!["Woods".to_string()]);
        rows[1][2] = "X".into();
        let e = grid_edits(&s, &rows, &symbols).expect_err("an unknown symbol");
        assert_eq!((e.row, e.column), (Some(2), Some(3)));
        assert!(
            e.to_string()
                .contains("neither a terrain type nor a symbol (W=Woods)"),
            "{e}"
        );
        rows[1][2] = "Mud".into();
        let applied = grid_edits(&s, &rows, &symbols).expect("a name makes a type");
        assert!(applied.new_types.contains(&"Mud".to_string()));
    }

    #[test]
    fn a_grid_paints_by_name_and_symbol_and_makes_new_ground_in_its_colour() {
        let s = Scenario::new_hex("grid");
        let h = s.map.as_hex().expect("hex").clone();
        let mut rows = terrain_grid(&s).expect("grid");
        rows[0][0] = "W".into();
        rows[0][1] = "forest".into();
        rows[1][0] = String::new();
        let clear = rows[2][2].to_uppercase();
        rows[2][2] = clear;
        let symbols = [("W".to_string(), "Forest".to_string())];
        let applied = grid_edits(&s, &rows, &symbols).expect("applies");
        assert_eq!(applied.new_types, vec!["Forest".to_string()]);
        assert_eq!(
            applied.changed, 2,
            "the forest hexes; case and blanks change nothing"
        );
        let mut doc = Document::new(s.clone(), None);
        doc.apply("Terrain from a grid", applied.edits)
            .expect("a valid edit");
        let now = doc.scenario();
        let forest = now
            .terrain_types
            .iter()
            .find(|t| t.name == "Forest")
            .expect("made");
        assert_eq!(Some(forest.colour), fitting_colour("Forest"));
        let m = now.map.as_hex().expect("hex");
        assert_eq!(m.terrain[0], forest.id);
        assert_eq!(m.terrain[1], forest.id);
        assert_eq!(m.terrain[2..], h.terrain[2..]);
    }

    #[test]
    fn a_grid_that_is_not_the_maps_shape_is_refused_where() {
        let s = Scenario::new_hex("grid");
        let mut rows = terrain_grid(&s).expect("grid");
        rows[3].push("Woods".into());
        let e = grid_edits(&s, &rows, &[]).expect_err("a cell too many");
        assert_eq!(e.row, Some(4));
        rows[3].pop();
        rows.pop();
        let e = grid_edits(&s, &rows, &[]).expect_err("a row short");
        assert!(e.to_string().contains("rows; the map has"), "{e}");
        let table = Scenario::new_table("t");
        assert!(grid_edits(&table, &rows, &[]).is_err());
    }
}
