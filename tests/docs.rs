//! The documentation says what the code does: code blocks in the Markdown pages are closed (an
//! unclosed one swallows the headings after it), and the hex index a hand editor computes from
//! docs/cli.md is the one the program uses.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use sandtable::geom::HexGrid;
use std::path::Path;

fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Headings that fall inside a fenced code block, and whether the last block is left open.
fn swallowed_headings(text: &str) -> (Vec<String>, bool) {
    let mut open = false;
    let mut swallowed = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            open = !open;
        } else if open && line.starts_with('#') {
            swallowed.push(line.to_string());
        }
    }
    (swallowed, open)
}

#[test]
fn every_code_block_of_the_docs_is_closed_before_the_next_heading() {
    for name in [
        "README.md",
        "docs/cli.md",
        "docs/rules.md",
        "docs/architecture.md",
    ] {
        let (swallowed, open) = swallowed_headings(&page(name));
        assert!(
            swallowed.is_empty() && !open,
            "{name}: headings inside a code block {swallowed:?}, last block open: {open}"
        );
    }
}

#[test]
fn hex_terrain_index_follows_from_column_and_row_as_documented() {
    let cli = page("docs/cli.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(cli.contains("is at index `row * C + col`"));
    assert!(cli.contains("hex labelled `0603` (column 5, row 2) is index 2 × 24 + 5 = 53"));
    // The worked example on Winceby's map (flat, even parity, 24 x 18).
    let winceby = HexGrid::Rectangle {
        columns: 24,
        rows: 18,
        mode: OffsetHexMode::Even,
        orientation: HexOrientation::Flat,
    };
    let h = Hex::from_offset_coordinates([5, 2], OffsetHexMode::Even, HexOrientation::Flat);
    assert_eq!(winceby.index_of(h), Some(53));
    // The table of axial coordinates from column and row, for every orientation and parity.
    let documented = |orientation, mode, col: i32, row: i32| -> Hex {
        let odd = mode == OffsetHexMode::Odd;
        match orientation {
            HexOrientation::Flat => {
                let shift = if odd {
                    col - (col & 1)
                } else {
                    col + (col & 1)
                };
                Hex::new(col, row - shift / 2)
            }
            HexOrientation::Pointy => {
                let shift = if odd {
                    row - (row & 1)
                } else {
                    row + (row & 1)
                };
                Hex::new(col - shift / 2, row)
            }
        }
    };
    for orientation in [HexOrientation::Flat, HexOrientation::Pointy] {
        for mode in [OffsetHexMode::Odd, OffsetHexMode::Even] {
            let grid = HexGrid::Rectangle {
                columns: 7,
                rows: 5,
                mode,
                orientation,
            };
            for row in 0..5 {
                for col in 0..7 {
                    let h = documented(orientation, mode, col, row);
                    assert_eq!(
                        grid.index_of(h),
                        Some((row * 7 + col) as usize),
                        "{orientation:?} {mode:?} col {col} row {row}"
                    );
                }
            }
        }
    }
    // Hexagonal maps: row by axial y, then x.
    let hexagon = HexGrid::Hexagon { radius: 2 };
    let mut i = 0;
    for y in -2i32..=2 {
        for x in (-2).max(-2 - y)..=2.min(2 - y) {
            assert_eq!(hexagon.index_of(Hex::new(x, y)), Some(i), "({x}, {y})");
            i += 1;
        }
    }
    assert_eq!(hexagon.index_of(Hex::new(0, -2)), Some(0));
}
