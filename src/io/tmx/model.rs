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
    /// An image collection (each tile an image of its own): its tiles are those it lists,
    /// whatever their IDs (gaps are left where tiles were removed), rather than the IDs below
    /// `tile_count`.
    pub collection: bool,
    /// The tiles the tileset describes (others have no properties), sorted by ID, one per ID.
    pub tiles: Vec<TileDef>,
    /// The one image its tiles are cut from (none for an image collection).
    pub sheet: Option<TileSheet>,
    /// The folder its image sources are relative to: the map's for a tileset embedded in the
    /// map, the tileset file's own for an external one.
    pub folder: Option<std::path::PathBuf>,
}

/// How a tileset's tiles are cut from its one image, as Tiled writes it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TileSheet {
    /// The image as the file names it (relative to the tileset's folder).
    pub source: String,
    pub tile_width: u32,
    pub tile_height: u32,
    /// Pixels around the tiles and between them.
    pub margin: u32,
    pub spacing: u32,
    /// Tiles to a row; 0 when the file does not say (worked out from the image's width).
    pub columns: u32,
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
    /// Its own image, in an image collection, as the file names it.
    pub image: Option<String>,
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
        ts.has(id).then_some((ts, id))
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
    /// A tileset of the tiles described, sorted by ID so each is found by a binary search;
    /// where one ID is described twice, the first description is kept.
    pub fn new(
        first_gid: u32,
        name: String,
        tile_count: u32,
        collection: bool,
        mut tiles: Vec<TileDef>,
    ) -> Tileset {
        tiles.sort_by_key(|t| t.id);
        tiles.dedup_by_key(|t| t.id);
        Tileset {
            first_gid,
            name,
            tile_count,
            collection,
            tiles,
            sheet: None,
            folder: None,
        }
    }

    /// What the tileset says about tile `id`.
    pub fn def(&self, id: u32) -> Option<&TileDef> {
        self.tiles
            .binary_search_by_key(&id, |t| t.id)
            .ok()
            .map(|i| &self.tiles[i])
    }

    /// Whether `id` is a tile of this tileset, as Tiled reads it.
    pub fn has(&self, id: u32) -> bool {
        if self.collection {
            self.def(id).is_some()
        } else {
            self.tile_count == 0 || id < self.tile_count
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn def(id: u32, terrain: &str) -> TileDef {
        TileDef {
            id,
            terrain: Some(terrain.into()),
            ..TileDef::default()
        }
    }

    #[test]
    fn an_image_collection_has_the_tiles_it_lists_whatever_their_ids() {
        // Tiled leaves gaps in a collection's IDs where tiles were removed.
        let tiles = [7, 1, 2, 4, 5, 6]
            .map(|i| def(i, &format!("T{i}")))
            .to_vec();
        let ts = Tileset::new(1, "c".into(), 6, true, tiles);
        assert_eq!(
            ts.tiles.iter().map(|t| t.id).collect::<Vec<_>>(),
            [1, 2, 4, 5, 6, 7]
        );
        assert!(ts.has(7) && ts.has(1));
        assert!(!ts.has(0) && !ts.has(3) && !ts.has(8));
        assert_eq!(ts.def(7).and_then(|d| d.terrain.as_deref()), Some("T7"));
        // A tileset cut from one image has the IDs below its count.
        let sheet = Tileset::new(1, "s".into(), 6, false, vec![def(2, "A")]);
        assert!(sheet.has(0) && sheet.has(5) && !sheet.has(6));
    }

    #[test]
    fn a_tile_described_twice_keeps_its_first_description() {
        let ts = Tileset::new(
            1,
            "t".into(),
            0,
            false,
            vec![def(3, "First"), def(3, "Second")],
        );
        assert_eq!(ts.tiles.len(), 1);
        assert_eq!(ts.def(3).and_then(|d| d.terrain.as_deref()), Some("First"));
    }

    #[test]
    fn a_cell_resolves_to_the_tileset_with_the_largest_first_gid_at_or_below_it() {
        let map = TiledMap {
            orientation: Orientation::Flat,
            parity: OffsetParity::Odd,
            columns: 1,
            rows: 1,
            tile_width: 1,
            tile_height: 1,
            hex_side: 0,
            hex_size_mm: None,
            title: None,
            cells: vec![0],
            tilesets: vec![
                Tileset::new(1, "a".into(), 4, false, Vec::new()),
                Tileset::new(5, "c".into(), 3, true, vec![def(2, "X")]),
            ],
        };
        assert_eq!(
            map.tile(4).map(|(t, id)| (t.name.as_str(), id)),
            Some(("a", 3))
        );
        assert_eq!(
            map.tile(7).map(|(t, id)| (t.name.as_str(), id)),
            Some(("c", 2))
        );
        assert!(
            map.tile(6).is_none(),
            "tile 1 of the collection was removed"
        );
        assert!(map.tile(0).is_none());
    }
}
