//! A Tiled map becomes a scenario: its grid carries over cell for cell, and each tile becomes
//! a terrain type through the name its tileset gives it or the mapping the user gives.

use super::TmxError;
use super::colours::Colours;
use super::model::{FLIP_BITS, TileKey, TiledMap};
use crate::model::limits::{MAX_HEXES, MAX_NAME_CHARS, MAX_TERRAIN_TYPES};
use crate::model::{
    Colour, HexCost, HexMap, HexShape, Map, OffsetParity, Orientation, Scenario, TerrainId,
    TerrainType,
};
use std::collections::BTreeMap;

/// The hex size used when the file does not say (Tiled measures in pixels, we in millimetres).
pub const DEFAULT_HEX_SIZE_MM: f32 = 25.0;

/// The terrain chosen for tiles, by tile; it wins over what the tileset says.
pub type TerrainMapping = BTreeMap<TileKey, String>;

/// The map element's grid attributes, shared by both syntaxes.
pub(crate) struct Header {
    pub stagger_axis: Option<String>,
    pub stagger_index: Option<String>,
    pub columns: u32,
    pub rows: u32,
    pub tile_width: u32,
    pub tile_height: u32,
    pub hex_side: u32,
}

impl Header {
    /// An empty map of the stated size, after checking it against the hex limit.
    pub fn into_map(self) -> Result<TiledMap, TmxError> {
        let at = "the map".to_string();
        let orientation = match self.stagger_axis.as_deref() {
            Some("x") => Orientation::Flat,
            Some("y") => Orientation::Pointy,
            Some(other) => {
                return Err(TmxError::BadValue {
                    what: "staggeraxis",
                    value: other.chars().take(20).collect(),
                    expected: "not x or y",
                    at,
                });
            }
            None => {
                return Err(TmxError::Missing {
                    what: "staggeraxis",
                    at,
                });
            }
        };
        let parity = match self.stagger_index.as_deref() {
            Some("odd") => OffsetParity::Odd,
            Some("even") => OffsetParity::Even,
            Some(other) => {
                return Err(TmxError::BadValue {
                    what: "staggerindex",
                    value: other.chars().take(20).collect(),
                    expected: "not odd or even",
                    at,
                });
            }
            None => {
                return Err(TmxError::Missing {
                    what: "staggerindex",
                    at,
                });
            }
        };
        let hexes = u64::from(self.columns) * u64::from(self.rows);
        if hexes > MAX_HEXES as u64 {
            return Err(TmxError::TooManyHexes {
                columns: self.columns.into(),
                rows: self.rows.into(),
                limit: MAX_HEXES,
            });
        }
        for (what, v) in [
            ("width", self.columns),
            ("height", self.rows),
            ("tilewidth", self.tile_width),
            ("tileheight", self.tile_height),
        ] {
            if v == 0 {
                return Err(TmxError::BadValue {
                    what,
                    value: "0".into(),
                    expected: "it must be at least 1",
                    at,
                });
            }
        }
        Ok(TiledMap {
            orientation,
            parity,
            columns: self.columns,
            rows: self.rows,
            tile_width: self.tile_width,
            tile_height: self.tile_height,
            hex_side: self.hex_side,
            hex_size_mm: None,
            title: None,
            cells: vec![0; hexes as usize],
            tilesets: Vec::new(),
        })
    }
}

/// Lays a layer over the cells below it: its non-empty cells win.
pub(crate) fn stack_layer(cells: &mut [u32], layer: &[u32]) {
    for (c, &l) in cells.iter_mut().zip(layer) {
        if l & !FLIP_BITS != 0 {
            *c = l;
        }
    }
}

/// One tile the map uses, with what the tileset says it is.
#[derive(Clone, Debug, PartialEq)]
pub struct UsedTile {
    pub key: TileKey,
    /// The terrain its tileset names, if any.
    pub terrain: Option<String>,
    /// How many hexes show it.
    pub hexes: usize,
}

/// Every tile the map's cells use, in order of first appearance.
pub fn used_tiles(map: &TiledMap) -> Vec<UsedTile> {
    let mut by_gid: BTreeMap<u32, usize> = BTreeMap::new();
    let mut out: Vec<UsedTile> = Vec::new();
    for &gid in &map.cells {
        if let Some(&i) = by_gid.get(&gid) {
            out[i].hexes += 1;
            continue;
        }
        let Some((ts, id)) = map.tile(gid) else {
            continue;
        };
        by_gid.insert(gid, out.len());
        out.push(UsedTile {
            key: TileKey {
                tileset: ts.name.clone(),
                id,
            },
            terrain: ts.def(id).and_then(|d| d.terrain.clone()),
            hexes: 1,
        });
    }
    out
}

/// Reads `TILE=TERRAIN` as the command line gives it: TILE is `TILESET:ID`, or a bare `ID`
/// when the map has one tileset.
pub fn parse_mapping_arg(arg: &str, map: &TiledMap) -> Result<(TileKey, String), TmxError> {
    let bad = |detail: String| TmxError::BadMapping {
        arg: arg.to_string(),
        detail,
    };
    let (tile, terrain) = arg
        .split_once('=')
        .ok_or_else(|| bad("write it as TILE=TERRAIN, e.g. terrain:3=Woods".into()))?;
    let terrain = terrain.trim();
    if terrain.is_empty() {
        return Err(bad("the terrain name is empty".into()));
    }
    let chars = terrain.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(bad(format!(
            "the terrain name is {chars} characters long, over the limit of {MAX_NAME_CHARS}"
        )));
    }
    let (tileset, id) = match tile.rsplit_once(':') {
        Some((ts, id)) => (ts.to_string(), id),
        None => match map.tilesets.as_slice() {
            [only] => (only.name.clone(), tile),
            _ => {
                let names: Vec<&str> = map.tilesets.iter().map(|t| t.name.as_str()).collect();
                return Err(bad(format!(
                    "the map has {} tilesets ({}): name the tile as TILESET:ID",
                    names.len(),
                    names.join(", ")
                )));
            }
        },
    };
    let id = id
        .trim()
        .parse::<u32>()
        .map_err(|_| bad(format!("'{id}' is not a tile ID (a whole number)")))?;
    if !map.tilesets.iter().any(|t| t.name == tileset) {
        return Err(bad(format!("the map has no tileset named '{tileset}'")));
    }
    Ok((TileKey { tileset, id }, terrain.to_string()))
}

/// Empty cells (no tile in any visible layer) become this terrain, impassable.
pub const EMPTY_TERRAIN: &str = "Empty";

/// `text` cut to its first `limit` characters.
fn shortened(text: &str, limit: usize) -> &str {
    match text.char_indices().nth(limit) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// The scenario a Tiled map describes: a rectangle hex map of the same size, orientation and
/// stagger, each hex of the terrain its tile stands for. Refuses a map with tiles that have no
/// terrain, naming them all, and a terrain name over the limit for names, naming the tile; the
/// title (the map's `title` property, else `title`, the file's name) is cut to the limit for
/// names. The scenario is checked as loading checks a file, so it saves and opens again.
pub fn to_scenario(
    map: &TiledMap,
    title: &str,
    mapping: &TerrainMapping,
) -> Result<Scenario, TmxError> {
    let used = used_tiles(map);
    let unmapped: Vec<TileKey> = used
        .iter()
        .filter(|u| !mapping.contains_key(&u.key) && u.terrain.is_none())
        .map(|u| u.key.clone())
        .collect();
    if !unmapped.is_empty() {
        return Err(TmxError::Unmapped { tiles: unmapped });
    }
    let mut s = Scenario::new_hex(shortened(
        map.title.as_deref().unwrap_or(title).trim(),
        MAX_NAME_CHARS,
    ));
    s.terrain_types.clear();
    let mut colours = Colours::default();
    let mut by_name: BTreeMap<String, TerrainId> = BTreeMap::new();
    let mut by_gid: BTreeMap<u32, TerrainId> = BTreeMap::new();
    let mut terrain = Vec::with_capacity(map.cells.len());
    for &gid in &map.cells {
        if let Some(&t) = by_gid.get(&gid) {
            terrain.push(t);
            continue;
        }
        let (name, colour, mp) = match map.tile(gid) {
            Some((ts, id)) => {
                let key = TileKey {
                    tileset: ts.name.clone(),
                    id,
                };
                let def = ts.def(id);
                let name = mapping
                    .get(&key)
                    .cloned()
                    .or_else(|| def.and_then(|d| d.terrain.clone()))
                    .unwrap_or_default();
                let chars = name.chars().count();
                if chars > MAX_NAME_CHARS {
                    return Err(TmxError::LongName {
                        tile: key,
                        chars,
                        limit: MAX_NAME_CHARS,
                    });
                }
                (name, def.and_then(|d| d.colour), def.and_then(|d| d.mp))
            }
            None => (
                EMPTY_TERRAIN.to_string(),
                Some(Colour::rgb(0xee, 0xee, 0xee)),
                Some(0),
            ),
        };
        let id = match by_name.get(&name) {
            Some(&id) => id,
            None => {
                if s.terrain_types.len() >= MAX_TERRAIN_TYPES {
                    return Err(TmxError::TooManyTerrains {
                        count: s.terrain_types.len() + 1,
                        limit: MAX_TERRAIN_TYPES,
                    });
                }
                let id = TerrainId(s.alloc());
                let colour = match colour {
                    Some(c) => {
                        colours.take(c);
                        c
                    }
                    None => colours.for_name(&name),
                };
                let mut t = TerrainType::open(id, &name, colour);
                match mp {
                    Some(0) => {
                        t.hex_cost = HexCost::Impassable;
                        t.impassable = true;
                    }
                    Some(n) => t.hex_cost = HexCost::Mp(n),
                    None => {}
                }
                s.terrain_types.push(t);
                by_name.insert(name, id);
                id
            }
        };
        by_gid.insert(gid, id);
        terrain.push(id);
    }
    let hex_size_mm = map
        .hex_size_mm
        .filter(|v| v.is_finite() && (1.0..=500.0).contains(v))
        .unwrap_or(DEFAULT_HEX_SIZE_MM);
    let first = terrain.first().copied().unwrap_or(TerrainId(0));
    let mut hex = HexMap::filled(
        map.orientation,
        hex_size_mm,
        HexShape::Rectangle {
            columns: map.columns,
            rows: map.rows,
            parity: map.parity,
        },
        first,
    );
    hex.terrain = terrain.into();
    s.map = Map::Hex(hex);
    let mut problems = crate::model::limits::check_counts(&s);
    if problems.is_empty() {
        problems = s.validate();
    }
    if !problems.is_empty() {
        return Err(TmxError::Invalid { problems });
    }
    Ok(s)
}
