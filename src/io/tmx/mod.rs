//! Interchange with the Tiled map editor: hex maps read from `.tmx` (XML) and `.tmj` (JSON)
//! files, and a Sandtable hex map written as a `.tmx` with a generated tileset of the terrain
//! swatches.
//!
//! Not to be confused with `io::export::tiled`, the true-scale print split over pages.
//!
//! Tiled files come from strangers like our own scenarios, so reading them is bounded the same
//! way: the file size, the XML element count and the map's hex count are checked before anything
//! is built from them, layer data is inflated through a reader that stops one byte past the size
//! the map states (a zip bomb ends there), and every refusal names what and where.
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

mod convert;
mod data;
mod json;
mod model;
mod write;
mod xml;

pub use convert::{TerrainMapping, UsedTile, parse_mapping_arg, to_scenario, used_tiles};
pub use model::{TileDef, TileKey, TiledMap, Tileset};
pub use write::{
    TILE_LONG_PX, TILE_SHORT_PX, TmxFiles, export_tmx, pixel_centre, tiled_cell, tileset_png_name,
    tmx_files,
};

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest Tiled map or tileset file read, in bytes. A 200 x 200 map in CSV with four-digit
/// tile numbers is under 250 KB; generous room for properties and other layers.
pub const MAX_TILED_FILE_BYTES: u64 = 16 << 20;
/// XML elements in one file: a map of 40,000 hexes written one `<tile>` element per cell, with
/// room for the tilesets' tile definitions.
pub const MAX_XML_ELEMENTS: usize = 200_000;
/// Tilesets (embedded or external) of one map.
pub const MAX_TILESETS: usize = 64;
/// Nesting of XML elements or layer groups.
pub const MAX_DEPTH: usize = 64;
/// Tile descriptions of all tilesets together (each external tileset may be a whole file).
pub const MAX_TILE_DEFS: usize = 65_536;

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
    #[error("the file has more than {limit} XML elements")]
    TooManyElements { limit: usize },
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
    #[error("cannot encode the tileset image")]
    Png(#[source] image::ImageError),
    #[error(transparent)]
    Write(#[from] crate::io::SaveError),
}

fn list(tiles: &[TileKey]) -> String {
    let mut names: Vec<String> = tiles.iter().take(8).map(|t| t.to_string()).collect();
    if tiles.len() > 8 {
        names.push(format!("and {} more", tiles.len() - 8));
    }
    names.join(", ")
}

/// Reads a whole file, refusing one over [`MAX_TILED_FILE_BYTES`] before reading it.
pub(crate) fn read_bounded(path: &Path) -> Result<Vec<u8>, TmxError> {
    let io_err = |source| TmxError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io_err)?;
    let size = file.metadata().map_err(io_err)?.len();
    if size > MAX_TILED_FILE_BYTES {
        return Err(TmxError::TooLarge {
            path: path.to_path_buf(),
            size,
            limit: MAX_TILED_FILE_BYTES,
        });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_TILED_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_err)?;
    if bytes.len() as u64 > MAX_TILED_FILE_BYTES {
        return Err(TmxError::TooLarge {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            limit: MAX_TILED_FILE_BYTES,
        });
    }
    Ok(bytes)
}

/// Where external tilesets are looked up: the folder of the map file, or nowhere (a map read
/// from memory may only embed its tilesets).
#[derive(Clone, Copy, Debug)]
pub struct Folder<'a>(pub Option<&'a Path>);

impl Folder<'_> {
    /// Reads an external tileset named by `source`, relative to the map's folder.
    pub(crate) fn tileset(&self, source: &str, first_gid: u32) -> Result<Tileset, TmxError> {
        let path = match self.0 {
            Some(dir) => dir.join(source),
            None => PathBuf::from(source),
        };
        let wrap = |e: TmxError| TmxError::Tileset {
            path: path.clone(),
            source: Box::new(e),
        };
        let bytes = read_bounded(&path).map_err(wrap)?;
        match Syntax::sniff(&bytes) {
            Some(Syntax::Xml) => xml::parse_tileset(&bytes, first_gid).map_err(wrap),
            Some(Syntax::Json) => json::parse_tileset(&bytes, first_gid).map_err(wrap),
            None => Err(wrap(TmxError::UnknownSyntax { path: path.clone() })),
        }
    }
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
    let bytes = read_bounded(path)?;
    parse(&bytes, Folder(path.parent()), path)
}

/// Reads a Tiled hex map from bytes; `path` names it in errors.
pub fn parse(bytes: &[u8], folder: Folder<'_>, path: &Path) -> Result<TiledMap, TmxError> {
    match Syntax::sniff(bytes) {
        Some(Syntax::Xml) => xml::parse_map(bytes, folder),
        Some(Syntax::Json) => json::parse_map(bytes, folder),
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
