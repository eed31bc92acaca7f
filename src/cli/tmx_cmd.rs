//! `import FILE.tmx --out SCENARIO` and `export SCENARIO --out MAP.tmx`: hex maps to and from
//! the Tiled editor (see `io::tmx`).

use super::error::CliError;
use crate::io::{self, tmx};
use crate::model::{HexCost, OffsetParity, Orientation, Scenario};
use std::io::Write;
use std::path::Path;

/// Imports a Tiled map and writes it as a scenario.
pub fn import(
    file: &Path,
    out_path: &Path,
    terrain: &[String],
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let map = tmx::read(file)?;
    let mut mapping = tmx::TerrainMapping::new();
    for arg in terrain {
        let (key, name) = tmx::parse_mapping_arg(arg, &map)?;
        mapping.insert(key, name);
    }
    let title = file.file_stem().map_or_else(
        || "Imported map".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    let scenario = tmx::to_scenario(&map, &title, &mapping)?;
    io::save(out_path, &scenario)?;
    writeln!(out, "wrote {}", out_path.display())?;
    describe(&scenario, out)?;
    Ok(0)
}

/// One line on the map and one per terrain type with its hexes.
fn describe(s: &Scenario, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(m) = s.map.as_hex() else {
        return Ok(());
    };
    if let crate::model::HexShape::Rectangle {
        columns,
        rows,
        parity,
    } = m.shape
    {
        let (tops, pushed) = match m.orientation {
            Orientation::Flat => ("flat-topped", "columns"),
            Orientation::Pointy => ("pointy-topped", "rows"),
        };
        let which = match parity {
            OffsetParity::Odd => "odd",
            OffsetParity::Even => "even",
        };
        writeln!(
            out,
            "map: {columns} x {rows} {tops} hexes ({which} {pushed} pushed), {} mm across the flats",
            m.hex_size_mm
        )?;
    }
    let mut hexes_of: std::collections::HashMap<crate::model::TerrainId, usize> =
        std::collections::HashMap::new();
    for t in &m.terrain {
        *hexes_of.entry(*t).or_default() += 1;
    }
    for t in &s.terrain_types {
        let hexes = hexes_of.get(&t.id).copied().unwrap_or(0);
        let cost = match t.hex_cost {
            HexCost::Mp(n) => format!("{n} MP"),
            HexCost::Impassable => "impassable".into(),
        };
        writeln!(out, "terrain #{} {}: {hexes} hexes, {cost}", t.id.0, t.name)?;
    }
    Ok(())
}

/// Writes a scenario's hex map as a Tiled map and its tileset image.
pub fn export(s: &Scenario, out_path: &Path, out: &mut dyn Write) -> Result<u8, CliError> {
    for p in tmx::export_tmx(s, out_path)? {
        writeln!(out, "wrote {}", p.display())?;
    }
    writeln!(
        out,
        "Tiled map: {} terrain types as tiles named by their terrain",
        s.terrain_types.len()
    )?;
    Ok(0)
}
