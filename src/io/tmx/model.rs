//! A Tiled hex map as read, before it becomes a scenario: the grid, the cells' tile numbers and
//! what the tilesets say about each tile.

use super::TmxError;
use crate::model::{Colour, OffsetParity, Orientation};
use std::fmt;

/// The bits Tiled sets in a cell's tile number for flips and rotation; the tile is the rest.
pub const FLIP_BITS: u32 = 0xF000_0000;

/// A hex map read from Tiled.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledMap {
    /// `staggeraxis="x"` is flat-topped, `"y"` pointy-topped.
    pub orientation: Orientation,
    /// `staggerindex`: which columns (flat) or rows (pointy) are pushed down (or right).
    pub parity: OffsetParity,
    pub columns: u32,
    pub rows: u32,
    pub tile_width: u32,
    pub tile_height: u32,
    pub hex_side: u32,
    /// The map property `hex_size_mm` (written by Sandtable), else none.
    pub hex_size_mm: Option<f32>,
    /// The map property `title`, else none.
    pub title: Option<String>,
    /// The tile number of every cell, row-major, flip bits cleared; 0 is an empty cell. The
    /// topmost non-empty cell of the visible tile layers.
    pub cells: Vec<u32>,
    pub tilesets: Vec<Tileset>,
}

/// One tileset, embedded or external.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tileset {
    pub first_gid: u32,
    pub name: String,
    /// `tilecount`, 0 when the file does not say.
    pub tile_count: u32,
    /// The tiles the tileset describes (others have no properties).
    pub tiles: Vec<TileDef>,
}

/// What a tileset says about one tile.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TileDef {
    pub id: u32,
    /// The terrain the tile stands for: its `terrain` or `name` property, else its
    /// `type`/`class`.
    pub terrain: Option<String>,
    /// Its `colour` (or `color`) property.
    pub colour: Option<Colour>,
    /// Its `mp` property: movement points to enter, 0 for impassable.
    pub mp: Option<u8>,
    /// How strongly `terrain` was named: 3 a `terrain` property, 2 `name`, 1 `type`/`class`.
    pub(crate) rank: u8,
}

/// A tile named as the user names it: the tileset's name and the tile's ID inside it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileKey {
    pub tileset: String,
    pub id: u32,
}

impl fmt::Display for TileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.tileset, self.id)
    }
}

impl TiledMap {
    /// The tileset and tile of a tile number, or `None` for an empty cell.
    pub fn tile(&self, gid: u32) -> Option<(&Tileset, u32)> {
        let gid = gid & !FLIP_BITS;
        if gid == 0 {
            return None;
        }
        let ts = self
            .tilesets
            .iter()
            .filter(|t| t.first_gid <= gid)
            .max_by_key(|t| t.first_gid)?;
        let id = gid - ts.first_gid;
        if ts.tile_count > 0 && id >= ts.tile_count {
            return None;
        }
        Some((ts, id))
    }

    /// Every cell's tile number resolves to a tileset (or is empty).
    pub(crate) fn check_cells(&self) -> Result<(), TmxError> {
        for (i, &gid) in self.cells.iter().enumerate() {
            if gid != 0 && self.tile(gid).is_none() {
                return Err(TmxError::UnknownGid {
                    gid,
                    column: i as u32 % self.columns.max(1),
                    row: i as u32 / self.columns.max(1),
                });
            }
        }
        Ok(())
    }
}

impl Tileset {
    pub fn def(&self, id: u32) -> Option<&TileDef> {
        self.tiles.iter().find(|t| t.id == id)
    }
}

/// A property value read as text (`name`, value) into a tile definition.
pub(crate) fn apply_property(def: &mut TileDef, name: &str, value: &str) {
    match name.to_ascii_lowercase().as_str() {
        "terrain" => name_terrain(def, value, 3),
        "name" => name_terrain(def, value, 2),
        "type" | "class" => name_terrain(def, value, 1),
        "colour" | "color" => def.colour = parse_colour(value),
        "mp" => def.mp = value.trim().parse::<u8>().ok(),
        _ => {}
    }
}

/// A terrain name from a tile's `type`/`class` attribute, unless a property names it.
pub(crate) fn apply_class(def: &mut TileDef, class: &str) {
    name_terrain(def, class, 1);
}

fn name_terrain(def: &mut TileDef, value: &str, rank: u8) {
    let value = value.trim();
    if !value.is_empty() && rank > def.rank {
        def.terrain = Some(value.to_string());
        def.rank = rank;
    }
}

/// Tiled writes colours as `#aarrggbb` (or `#rrggbb`); ours are `#rrggbbaa`.
pub(crate) fn parse_colour(text: &str) -> Option<Colour> {
    let hex = text.trim().trim_start_matches('#');
    if hex.len() == 8 {
        Colour::parse(&format!("{}{}", hex.get(2..)?, hex.get(..2)?))
    } else {
        Colour::parse(hex)
    }
}
