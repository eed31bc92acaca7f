//! Printed hex numbering: a rectangle map's [`LabelScheme`] turns a hex's offset column and row
//! into the label printed on it, and reads a typed label back. The editor, print and the
//! command line all label hexes through [`HexMap::label`], so they cannot disagree.

use super::map::{Corner, HexMap, HexShape, LabelScheme};
use crate::geom::HexGrid;
use hexx::Hex;

/// The widest column or row part a scheme may ask for.
pub const MAX_LABEL_DIGITS: u8 = 4;
/// The largest first column or row number.
pub const MAX_FIRST_NUMBER: u32 = 9_999;

impl LabelScheme {
    /// The label of the hex at offset `[col, row]` (from the north-west, from 0) on a map of
    /// `columns` x `rows`.
    pub fn label(&self, [col, row]: [i32; 2], columns: u32, rows: u32) -> String {
        let (c, r) = self.numbers([col, row], columns, rows);
        let column = if self.column_letters {
            letters(c)
        } else {
            format!("{c:0w$}", w = usize::from(self.column_digits))
        };
        format!("{column}{r:0w$}", w = usize::from(self.row_digits))
    }

    /// The printed column and row numbers of an offset (with letters, the column's index from
    /// A = 1).
    fn numbers(&self, [col, row]: [i32; 2], columns: u32, rows: u32) -> (i64, i64) {
        let (east, south) = self.flips();
        let c = if east {
            i64::from(columns) - 1 - i64::from(col)
        } else {
            i64::from(col)
        };
        let r = if south {
            i64::from(rows) - 1 - i64::from(row)
        } else {
            i64::from(row)
        };
        (
            c + i64::from(self.first_column),
            r + i64::from(self.first_row),
        )
    }

    fn flips(&self) -> (bool, bool) {
        match self.start {
            Corner::NorthWest => (false, false),
            Corner::NorthEast => (true, false),
            Corner::SouthWest => (false, true),
            Corner::SouthEast => (true, true),
        }
    }

    /// The offset `[col, row]` a typed label names, or `None` when it is not a label of this
    /// scheme on a `columns` x `rows` map. Case and surrounding spaces do not matter, and a
    /// number's leading zeros may be left out of the column part.
    pub fn parse(&self, text: &str, columns: u32, rows: u32) -> Option<[i32; 2]> {
        let (col, row) = self.counted(text)?;
        if !(0..i64::from(columns)).contains(&col) || !(0..i64::from(rows)).contains(&row) {
            return None;
        }
        let (east, south) = self.flips();
        let col = if east {
            i64::from(columns) - 1 - col
        } else {
            col
        };
        let row = if south {
            i64::from(rows) - 1 - row
        } else {
            row
        };
        Some([col as i32, row as i32])
    }

    /// The column and row a typed label counts from the first ones printed (on a map numbered
    /// from its north-west corner, its offset), on any map or none.
    fn counted(&self, text: &str) -> Option<(i64, i64)> {
        let text = text.trim();
        let (c, r) = if self.column_letters {
            let split = text.find(|ch: char| !ch.is_ascii_alphabetic())?;
            let (l, d) = text.split_at(split);
            (from_letters(l)?, number(d)?)
        } else {
            let digits = usize::from(self.row_digits);
            if !text.bytes().all(|b| b.is_ascii_digit()) || text.len() <= digits {
                return None;
            }
            let (c, r) = text.split_at(text.len() - digits);
            (number(c)?, number(r)?)
        };
        Some((
            c - i64::from(self.first_column),
            r - i64::from(self.first_row),
        ))
    }

    /// The columns and rows a map numbered this way needs for `text` to name one of its hexes
    /// (a scan's hex beyond the map drawn so far). `None` when the text is no label of the
    /// scheme, names a hex before the first, or the numbering starts from another corner than
    /// the north-west (growing such a map would number its hexes anew).
    pub fn size_to_hold(&self, text: &str) -> Option<(u32, u32)> {
        if self.start != Corner::NorthWest {
            return None;
        }
        let (c, r) = self.counted(text)?;
        let need = |v: i64| u32::try_from(v.checked_add(1)?).ok().filter(|n| *n > 0);
        Some((need(c)?, need(r)?))
    }

    /// What makes the scheme unusable on any map, in words (`validate` refuses it).
    pub fn problem(&self) -> Option<String> {
        for (what, d) in [("column", self.column_digits), ("row", self.row_digits)] {
            if !(1..=MAX_LABEL_DIGITS).contains(&d) {
                return Some(format!(
                    "the {what} part of the hex labels has {d} digits; it must have 1 to \
                     {MAX_LABEL_DIGITS}"
                ));
            }
        }
        for (what, n) in [("column", self.first_column), ("row", self.first_row)] {
            if n > MAX_FIRST_NUMBER {
                return Some(format!(
                    "the first {what} of the hex labels is {n}, over {MAX_FIRST_NUMBER}"
                ));
            }
        }
        if self.column_letters && self.first_column == 0 {
            return Some("lettered columns start at A (1), not 0".into());
        }
        None
    }

    /// Why labels of this scheme could not be read back on a map of `rows` rows (the inspector
    /// refuses such a scheme; a file that has one still loads, as files before schemes did).
    pub fn ambiguity(&self, rows: u32) -> Option<String> {
        // Without letters the row part is told from the column part by its width alone.
        let last = u64::from(self.first_row) + u64::from(rows.saturating_sub(1));
        let needed = last.to_string().len();
        if !self.column_letters && needed > usize::from(self.row_digits) {
            return Some(format!(
                "rows run to {last}, which needs {needed} digits; the labels give the row {}",
                self.row_digits
            ));
        }
        None
    }
}

/// A column index as letters: 1 = A, 26 = Z, 27 = AA (as spreadsheets and map grids count).
fn letters(mut n: i64) -> String {
    if n < 1 {
        return n.to_string();
    }
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn from_letters(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 4 {
        return None;
    }
    text.bytes().try_fold(0i64, |n, b| {
        let b = b.to_ascii_uppercase();
        b.is_ascii_uppercase()
            .then(|| n * 26 + i64::from(b - b'A' + 1))
    })
}

fn number(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A rectangle map's offset grid with its label scheme: what a hex's column, row and printed
/// label need, small enough to lend to a serialiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffsetLabels {
    pub grid: HexGrid,
    pub scheme: LabelScheme,
}

impl OffsetLabels {
    /// Offset `[column, row]` of a hex (from 0 at the north-west).
    pub fn offset_of(&self, hex: Hex) -> Option<[i32; 2]> {
        self.grid.offset_of(hex)
    }

    /// The printed label of a hex of the map.
    pub fn label(&self, hex: Hex) -> Option<String> {
        let HexGrid::Rectangle { columns, rows, .. } = self.grid else {
            return None;
        };
        let offset = self.grid.offset_of(hex)?;
        Some(self.scheme.label(offset, columns, rows))
    }
}

/// A hex named by its printed `label`, or by axial `x,y` (as hexagon maps print them) where
/// there is none or the numbering would run below zero.
pub fn hex_name(label: Option<String>, hex: Hex) -> String {
    match label {
        Some(l) if !l.contains('-') => l,
        _ => format!("{},{}", hex.x, hex.y),
    }
}

impl HexMap {
    /// The offset grid and label scheme of a rectangle map (`None` on a hexagon).
    pub fn offset_labels(&self) -> Option<OffsetLabels> {
        matches!(self.shape, HexShape::Rectangle { .. }).then(|| OffsetLabels {
            grid: self.grid(),
            scheme: self.labels,
        })
    }

    /// The label printed on a hex: on rectangle maps the map's [`LabelScheme`] (by default
    /// `CCRR` from 0101, as on board wargame maps), on hexagons axial `x,y`.
    pub fn label(&self, hex: Hex) -> String {
        match (self.grid().offset_of(hex), self.shape) {
            (Some(offset), HexShape::Rectangle { columns, rows, .. }) => {
                self.labels.label(offset, columns, rows)
            }
            _ => format!("{},{}", hex.x, hex.y),
        }
    }

    /// How a message names a hex: as printed on the map, and beyond its edge as the numbering
    /// would go on (a column past the last), or by axial `x,y` where it cannot.
    pub fn hex_name(&self, hex: Hex) -> String {
        hex_name(self.offset_labels().and_then(|l| l.label(hex)), hex)
    }

    /// How the hexes are numbered, in words for the printed sheet: `CCRR (column, row)` by
    /// default, else the first label and its corner (`A1 (column, row) from the south-east`).
    pub fn numbering_words(&self) -> String {
        let HexShape::Rectangle { columns, rows, .. } = self.shape else {
            return "by axial coordinates (x, y)".into();
        };
        if self.labels == LabelScheme::default() {
            return "CCRR (column, row)".into();
        }
        let (east, south) = self.labels.flips();
        let col = if east { columns as i32 - 1 } else { 0 };
        let row = if south { rows as i32 - 1 } else { 0 };
        format!(
            "{} (column, row) from the {} corner",
            self.labels.label([col, row], columns, rows),
            self.labels.start.name()
        )
    }

    /// The hex a printed label names on this map (rectangle maps only).
    pub fn hex_of_label(&self, text: &str) -> Option<Hex> {
        let HexShape::Rectangle {
            columns,
            rows,
            parity,
        } = self.shape
        else {
            return None;
        };
        let offset = self.labels.parse(text, columns, rows)?;
        Some(Hex::from_offset_coordinates(
            offset,
            parity.to_hexx(),
            self.orientation.to_hexx(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Orientation, TerrainId};

    /// A scan's hex beyond the map: the size that takes it in, from the north-west only.
    #[test]
    fn a_label_beyond_the_map_says_how_far_the_map_must_grow() {
        let nw = LabelScheme::default();
        assert_eq!(nw.size_to_hold("2218"), Some((22, 18)));
        assert_eq!(nw.size_to_hold("0101"), Some((1, 1)));
        assert_eq!(nw.size_to_hold("0018"), None, "before the first column");
        assert_eq!(nw.size_to_hold("woods"), None);
        let ne = LabelScheme {
            start: Corner::NorthEast,
            ..LabelScheme::default()
        };
        assert_eq!(ne.size_to_hold("2218"), None, "growing would renumber");
    }

    fn map(labels: LabelScheme) -> HexMap {
        let mut m = HexMap::filled(
            Orientation::Flat,
            16.0,
            HexShape::Rectangle {
                columns: 30,
                rows: 12,
                parity: crate::model::OffsetParity::Even,
            },
            TerrainId(1),
        );
        m.labels = labels;
        m
    }

    fn at(m: &HexMap, col: i32, row: i32) -> Hex {
        m.grid()
            .hex_at((row * 30 + col) as usize)
            .expect("on the map")
    }

    #[test]
    fn printed_numbering_default_is_ccrr_from_0101() {
        let m = map(LabelScheme::default());
        assert_eq!(m.label(at(&m, 0, 0)), "0101");
        assert_eq!(m.label(at(&m, 12, 3)), "1304");
        assert_eq!(m.hex_of_label("1304"), Some(at(&m, 12, 3)));
        assert_eq!(m.hex_of_label("0013"), None, "row 13 is off a 12-row map");
    }

    #[test]
    fn printed_numbering_digits_letters_and_start_corner() {
        let short = LabelScheme {
            column_digits: 1,
            ..LabelScheme::default()
        };
        let m = map(short);
        assert_eq!(m.label(at(&m, 0, 0)), "101");
        assert_eq!(m.label(at(&m, 9, 11)), "1012");
        assert_eq!(m.hex_of_label("1012"), Some(at(&m, 9, 11)));
        let first_ten = LabelScheme {
            first_column: 10,
            ..LabelScheme::default()
        };
        let m = map(first_ten);
        assert_eq!(m.label(at(&m, 0, 0)), "1001");
        let lettered = LabelScheme {
            column_letters: true,
            row_digits: 1,
            ..LabelScheme::default()
        };
        let m = map(lettered);
        assert_eq!(m.label(at(&m, 0, 0)), "A1");
        assert_eq!(m.label(at(&m, 26, 0)), "AA1");
        assert_eq!(m.label(at(&m, 27, 11)), "AB12");
        assert_eq!(m.hex_of_label("ab12"), Some(at(&m, 27, 11)));
        let south_east = LabelScheme {
            start: Corner::SouthEast,
            ..LabelScheme::default()
        };
        let m = map(south_east);
        assert_eq!(m.label(at(&m, 29, 11)), "0101");
        assert_eq!(m.label(at(&m, 0, 0)), "3012");
        assert_eq!(
            m.numbering_words(),
            "0101 (column, row) from the south-east corner"
        );
        for i in 0..m.grid().len() {
            let h = m.grid().hex_at(i).expect("in range");
            assert_eq!(m.hex_of_label(&m.label(h)), Some(h));
        }
    }

    #[test]
    fn printed_numbering_refuses_absurd_schemes_in_words() {
        let too_wide = LabelScheme {
            row_digits: 9,
            ..LabelScheme::default()
        };
        assert!(too_wide.problem().expect("refused").contains("1 to 4"));
        let rows = LabelScheme {
            first_row: 95,
            ..LabelScheme::default()
        };
        let text = rows.ambiguity(12).expect("refused");
        assert!(text.contains("rows run to 106"), "{text}");
        assert!(LabelScheme::default().ambiguity(99).is_none());
        assert!(LabelScheme::default().problem().is_none());
    }
}
