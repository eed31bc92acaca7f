//! A hex map's terrain as a grid of text: one line per row of hexes as the map is printed (north
//! at the top), one cell per hex from west to east, each cell a terrain's name or a symbol the
//! caller maps to one, separated by commas, tabs or semicolons: what a spreadsheet saves, or
//! copies to the clipboard. Read by `sandtable terrain --import` and the editor's paste,
//! written by `--export`, so a map's terrain goes out to a spreadsheet and back unchanged.
//!
//! The reader is the project's own (quoted cells with doubled quotes, as RFC 4180 has them):
//! about forty lines, where a CSV crate would be a new dependency for the one grid.

use std::fmt;

/// The most text a grid is read from: far more than the largest map's names.
pub const MAX_GRID_BYTES: usize = 16 << 20;

/// What is wrong with a grid, and where (rows and columns from 1, as a spreadsheet counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    pub row: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl GridError {
    pub fn at(row: usize, column: Option<usize>, message: impl Into<String>) -> GridError {
        GridError {
            row: Some(row),
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.row, self.column) {
            (Some(r), Some(c)) => write!(f, "row {r}, column {c}: {}", self.message),
            (Some(r), None) => write!(f, "row {r}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for GridError {}

/// The cells of a grid, row by row, each trimmed; blank lines at the end are dropped. The
/// separator is the first tab, comma or semicolon of the text (a tab first: a spreadsheet's
/// copy), a single column having none.
pub fn read_grid(text: &str) -> Result<Vec<Vec<String>>, GridError> {
    if text.len() > MAX_GRID_BYTES {
        return Err(GridError {
            row: None,
            column: None,
            message: format!(
                "the grid is {} bytes; at most {MAX_GRID_BYTES} are read",
                text.len()
            ),
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let separator = ['\t', ',', ';']
        .into_iter()
        .find(|c| text.contains(*c))
        .unwrap_or(',');
    let mut rows = Vec::new();
    for (k, line) in text.lines().enumerate() {
        rows.push(
            read_line(line, separator)
                .map_err(|(column, m)| GridError::at(k + 1, Some(column), m))?,
        );
    }
    while rows
        .last()
        .is_some_and(|r: &Vec<String>| r.iter().all(String::is_empty))
    {
        rows.pop();
    }
    Ok(rows)
}

/// One line's cells; a quoted cell may hold the separator, and `""` stands for a quote.
fn read_line(line: &str, separator: char) -> Result<Vec<String>, (usize, String)> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            '"' if quoted => quoted = false,
            '"' if cell.trim().is_empty() => {
                cell.clear();
                quoted = true;
            }
            c if c == separator && !quoted => {
                cells.push(cell.trim().to_string());
                cell.clear();
            }
            c => cell.push(c),
        }
    }
    if quoted {
        return Err((cells.len() + 1, "a quote is not closed".into()));
    }
    cells.push(cell.trim().to_string());
    Ok(cells)
}

/// A grid as comma-separated text, a cell quoted when it holds a comma, a quote or spaces at
/// either end (which the reader would trim).
pub fn write_grid(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|c| {
                if c.contains([',', '"', '\t', ';']) || c.trim() != c {
                    format!("\"{}\"", c.replace('"', "\"\""))
                } else {
                    c.clone()
                }
            })
            .collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spreadsheets_csv_and_its_copied_tabs_read_alike() {
        let csv = "Woods,Clear, Clear \n\"Hill, high\",\"say \"\"ford\"\"\",\n\n";
        let rows = read_grid(csv).expect("reads");
        assert_eq!(
            rows,
            vec![
                vec!["Woods", "Clear", "Clear"],
                vec!["Hill, high", "say \"ford\"", ""],
            ]
        );
        let tabs = "Woods\tClear\tClear\nHill, high\tsay \"ford\"\t\n";
        assert_eq!(read_grid(tabs).expect("reads")[0], rows[0]);
        assert_eq!(read_grid(&write_grid(&rows)).expect("reads"), rows);
    }

    #[test]
    fn an_open_quote_is_refused_with_its_row_and_column() {
        let e = read_grid("Woods,Clear\nClear,\"Hill").expect_err("refused");
        assert_eq!((e.row, e.column), (Some(2), Some(2)));
        assert!(e.to_string().starts_with("row 2, column 2: "), "{e}");
    }
}
