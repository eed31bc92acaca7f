//! Interchange with the Tiled map editor: hex maps read from `.tmx` (XML) and `.tmj` (JSON)
//! files, and a Sandtable hex map written as a `.tmx` with a generated tileset of the terrain
//! swatches.
//!
//! Not to be confused with `io::export::tiled`, the true-scale print split over pages.
//!
//! Tiled files come from strangers like our own scenarios, so reading them is bounded the same
//! way: only regular files are opened; the bytes read, the XML elements and attributes and the
//! layer cells decoded are budgets the map and all its tilesets share (`reading`), each
//! external tileset is read once however often it is named, JSON is read into typed shapes
//! charged to a memory budget as they are built, the map's hex count is checked before any layer
//! is decoded, layer data is inflated through a reader that stops one byte past the size the map
//! states (a zip bomb ends there), and every refusal names what and where. An import can be
//! watched and cancelled from another thread ([`Control`]).
//!
//! What we write, we read: the export checks its Tiled map against the same limits by reading
//! it back before it writes it, so a map too large to import again is refused at export.
//!
//! We read the file ourselves with `quick-xml` (already in the build through zbus), `serde_json`,
//! `base64` and `flate2` rather than through the `tiled` crate: that crate reads TMX only (no
//! `.tmj`), pulls in a C zstd build, and allocates layers at whatever size the file states.
//!
//! Coordinates: Tiled's staggered maps are offset coordinates. `staggeraxis="x"` staggers
//! columns (flat-topped hexes) and `staggeraxis="y"` rows (pointy-topped); `staggerindex` says
//! whether the odd or the even ones are pushed down (or right). That is exactly hexx's
//! `OffsetHexMode` on our y-down layout, so Tiled's cell (column, row) is our offset hex
//! (column, row) with the same parity, and the dense index (row-major) is the same.

pub mod colours;
mod convert;
mod data;
mod json;
mod known_terrain;
mod model;
mod pictures;
mod reading;
mod write;
mod xml;

pub use convert::{TerrainMapping, UsedTile, parse_mapping_arg, to_scenario, used_tiles};
pub use known_terrain::{colour_to_come, take_known_terrain};
pub use model::{TileDef, TileKey, TileSheet, TiledMap, Tileset};
pub use pictures::{PICTURE_PX, TilePictures, tile_image_name, tile_pictures};
pub use reading::{Control, Folder};
pub use write::{
    TILE_LONG_PX, TILE_SHORT_PX, TmxFiles, export_tmx, largest_hexagon, pixel_centre, tiled_cell,
    tileset_png_name, tmx_files,
};

use crate::model::limits::MAX_HEXES;
use reading::Reading;
use std::path::{Path, PathBuf};

/// The most an import reads, in bytes: the map file and its external tilesets together. A
/// 200 x 200 map in CSV with four-digit tile numbers is under 250 KB; generous room for
/// properties, other layers and tilesets.
pub const MAX_TILED_FILE_BYTES: u64 = 16 << 20;
/// XML elements and attributes an import reads, the map's and its tilesets' together: a map
/// of 40,000 hexes written one `<tile gid>` element per cell, with room for the tilesets' tile
/// definitions.
pub const MAX_XML_ELEMENTS: usize = 200_000;
/// Layer cells an import decodes, all layers together: 32 layers of the largest map.
pub const MAX_DECODED_CELLS: usize = 32 * MAX_HEXES;
/// Memory the JSON files of an import may ask for as they are read (every list element and
/// string charged before it is built).
pub const MAX_JSON_DECODED_BYTES: usize = 64 << 20;
/// Tilesets (embedded or external) of one map.
pub const MAX_TILESETS: usize = 64;
/// Nesting of XML elements or layer groups.
pub const MAX_DEPTH: usize = 64;
/// Tile descriptions of all tilesets together (each external tileset may be a whole file).
pub const MAX_TILE_DEFS: usize = 65_536;

/// A tileset file's contents parsed in the syntax they are written in (`path` names it in
/// the error when it is neither). The one place that knows both syntaxes: the map readers and
/// the reading of external tilesets (`reading`) each ask it rather than one another.
fn parse_tileset(
    bytes: &[u8],
    first_gid: u32,
    reading: &Reading,
    path: &Path,
) -> Result<Tileset, TmxError> {
    match Syntax::sniff(bytes) {
        Some(Syntax::Xml) => xml::parse_tileset(bytes, first_gid, reading),
        Some(Syntax::Json) => json::parse_tileset(bytes, first_gid, reading),
        None => Err(TmxError::UnknownSyntax {
            path: path.to_path_buf(),
        }),
    }
}

/// Which of Tiled's two encodings a file uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    Xml,
    Json,
}

impl Syntax {
    /// The encoding of a file by its content: XML starts with `<`, JSON with `{`.
    pub fn sniff(bytes: &[u8]) -> Option<Syntax> {
        let first = bytes
            .strip_prefix(b"\xef\xbb\xbf")
            .unwrap_or(bytes)
            .iter()
            .find(|b| !b.is_ascii_whitespace())?;
        match first {
            b'<' => Some(Syntax::Xml),
            b'{' => Some(Syntax::Json),
            _ => None,
        }
    }
}

/// Why a Tiled file cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum TmxError {
    #[error("cannot read {path}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is {size} bytes, over the {limit}-byte limit for Tiled files")]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{path} is neither a Tiled XML (.tmx/.tsx) nor a JSON (.tmj/.tsj) file")]
    UnknownSyntax { path: PathBuf },
    #[error("invalid XML at byte {offset}: {detail}")]
    Xml { offset: u64, detail: String },
    #[error("invalid JSON at line {line}, column {column}: {detail}")]
    Json {
        line: usize,
        column: usize,
        detail: String,
    },
    #[error("the map and its tilesets are over {limit} bytes together, the most an import reads")]
    TooMuchToRead { limit: u64 },
    #[error("the map and its tilesets have more than {limit} XML elements and attributes")]
    TooManyElements { limit: usize },
    #[error(
        "the JSON needs more than {limit_mib} MiB of memory when read, the limit for a Tiled map (stopped at {at})"
    )]
    TooMuchData { limit_mib: usize, at: String },
    #[error(
        "layer '{layer}': the layers hold more than {limit} cells together, the most an import decodes (32 layers of the largest map)"
    )]
    TooManyCells { layer: String, limit: usize },
    #[error("the import was cancelled")]
    Cancelled,
    #[error("the XML is nested more than {limit} levels deep")]
    TooDeep { limit: usize },
    #[error("the map is {orientation}, not hexagonal: only Tiled hex maps can be imported")]
    NotHex { orientation: String },
    #[error(
        "the map is infinite (stored in chunks): turn off Map > Map Properties > Infinite in \
         Tiled and save it again"
    )]
    Infinite,
    #[error("{at}: missing {what}")]
    Missing { what: &'static str, at: String },
    #[error("{at}: {what} is '{value}', {expected}")]
    BadValue {
        what: &'static str,
        value: String,
        expected: &'static str,
        at: String,
    },
    #[error(
        "the map is {columns} x {rows} hexes, over the limit of {limit} hexes for a Sandtable map"
    )]
    TooManyHexes {
        columns: u64,
        rows: u64,
        limit: usize,
    },
    #[error("{at}: too many tilesets (over {limit})")]
    TooManyTilesets { at: String, limit: usize },
    #[error("the tilesets describe more than {limit} tiles")]
    TooManyTileDefs { limit: usize },
    #[error("layer '{layer}': {detail}")]
    Compression { layer: String, detail: String },
    #[error(
        "layer '{layer}': {what} is not supported; save the map with CSV, Base64 (uncompressed), zlib or gzip layer data"
    )]
    Unsupported { layer: String, what: String },
    #[error("layer '{layer}': the data holds {found} cells, the map has {expected}")]
    WrongLength {
        layer: String,
        found: String,
        expected: usize,
    },
    #[error("the map has no tile layer")]
    NoTileLayer,
    #[error("tile {gid} at column {column}, row {row} belongs to no tileset of the map")]
    UnknownGid { gid: u32, column: u32, row: u32 },
    #[error(
        "tile {tile}: its terrain name is {chars} characters long, over the limit of {limit} for a name"
    )]
    LongName {
        tile: TileKey,
        chars: usize,
        limit: usize,
    },
    #[error(
        "the map would not make a scenario that opens ({}): {}",
        crate::model::count(problems.len() as u64, "problem", "problems"),
        crate::io::error::listing(problems)
    )]
    Invalid {
        problems: Vec<crate::model::Invalid>,
    },
    #[error("tileset {path}")]
    Tileset {
        path: PathBuf,
        #[source]
        source: Box<TmxError>,
    },
    #[error(
        "no terrain is given for {}: give one with --terrain TILE=TERRAIN (TILE as TILESET:ID)",
        list(tiles)
    )]
    Unmapped { tiles: Vec<TileKey> },
    #[error("--terrain {arg}: {detail}")]
    BadMapping { arg: String, detail: String },
    #[error("the map uses {count} terrain types, over the limit of {limit}")]
    TooManyTerrains { count: usize, limit: usize },
    #[error("only hex maps can be written as Tiled maps; this scenario is played on a table")]
    NotAHexMap,
    #[error(
        "a hexagon map of radius {radius} is written for Tiled as its {columns} x {rows} bounding rectangle, {} cells, over the limit of {} hexes a Tiled map may have to be imported again; hexagon maps up to radius {largest} can be written",
        crate::model::limits::thousands(*columns as usize * *rows as usize),
        crate::model::limits::thousands(MAX_HEXES)
    )]
    HexagonTooLarge {
        radius: u32,
        columns: u32,
        rows: u32,
        largest: u32,
    },
    #[error("the Tiled map written would not import again")]
    NotReadable(#[source] Box<TmxError>),
    #[error("cannot encode the tileset image")]
    Png(#[source] image::ImageError),
    #[error(transparent)]
    Write(#[from] crate::io::SaveError),
}

/// Every tile, by tileset, with runs of IDs shortened: `terrain:0, terrain:2-5, hexes:1`.
fn list(tiles: &[TileKey]) -> String {
    let mut sorted: Vec<&TileKey> = tiles.iter().collect();
    sorted.sort();
    sorted.dedup();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let first = sorted[i];
        let mut last = first.id;
        while let Some(next) = sorted.get(i + 1)
            && next.tileset == first.tileset
            && next.id == last + 1
        {
            last = next.id;
            i += 1;
        }
        out.push(if last == first.id {
            first.to_string()
        } else {
            format!("{}-{last}", first)
        });
        i += 1;
    }
    out.join(", ")
}

/// Refuses tilesets that together describe more than [`MAX_TILE_DEFS`] tiles.
pub(crate) fn check_tile_defs(tilesets: &[Tileset]) -> Result<(), TmxError> {
    let total: usize = tilesets.iter().map(|t| t.tiles.len()).sum();
    if total > MAX_TILE_DEFS {
        return Err(TmxError::TooManyTileDefs {
            limit: MAX_TILE_DEFS,
        });
    }
    Ok(())
}

/// Reads a Tiled hex map from a file (`.tmx` or `.tmj`, told apart by content), with its
/// external tilesets.
pub fn read(path: &Path) -> Result<TiledMap, TmxError> {
    read_watched(path, &Control::default())
}

/// [`read`], watched through `control`: its status says how far it has got, and cancelling it
/// ends the import at its next step with [`TmxError::Cancelled`].
pub fn read_watched(path: &Path, control: &Control) -> Result<TiledMap, TmxError> {
    let reading = Reading::new(Folder(path.parent()), control);
    let bytes = reading.read_file(path)?;
    parse_with(&bytes, &reading, path)
}

/// Reads a Tiled hex map from bytes; `path` names it in errors.
pub fn parse(bytes: &[u8], folder: Folder<'_>, path: &Path) -> Result<TiledMap, TmxError> {
    let control = Control::default();
    parse_with(bytes, &Reading::new(folder, &control), path)
}

fn parse_with(bytes: &[u8], reading: &Reading<'_>, path: &Path) -> Result<TiledMap, TmxError> {
    match Syntax::sniff(bytes) {
        Some(Syntax::Xml) => xml::parse_map(bytes, reading),
        Some(Syntax::Json) => json::parse_map(bytes, reading),
        None => Err(TmxError::UnknownSyntax {
            path: path.to_path_buf(),
        }),
    }
}

/// Whether a path names a Tiled map by its extension (`.tmx` or `.tmj`).
pub fn is_tiled_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx") || e.eq_ignore_ascii_case("tmj"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(tileset: &str, id: u32) -> TileKey {
        TileKey {
            tileset: tileset.into(),
            id,
        }
    }

    #[test]
    fn the_unmapped_tiles_message_names_every_tile_with_runs_shortened() {
        let mut tiles: Vec<TileKey> = (0..15).map(|i| key("hexes", i * 2)).collect();
        tiles.extend([4, 5, 6, 7, 9].map(|i| key("terrain", i)));
        tiles.push(key("hexes", 1));
        let text = TmxError::Unmapped { tiles }.to_string();
        assert_eq!(
            text,
            "no terrain is given for hexes:0-2, hexes:4, hexes:6, hexes:8, hexes:10, \
             hexes:12, hexes:14, hexes:16, hexes:18, hexes:20, hexes:22, hexes:24, hexes:26, \
             hexes:28, terrain:4-7, terrain:9: give one with --terrain TILE=TERRAIN (TILE as \
             TILESET:ID)"
        );
    }
}
