//! TMJ maps and TSJ tilesets (Tiled's JSON). The shapes below take only what an import needs;
//! serde skips the rest. Every list is built from the file's own elements, so what is
//! allocated stays within a small multiple of the file's bounded size.

use super::data::{self, Encoding};
use super::model::{FLIP_BITS, TileDef, TiledMap, Tileset, apply_class, apply_property};
use super::{Folder, MAX_DEPTH, MAX_TILESETS, TmxError};
use serde::Deserialize;

#[derive(Deserialize)]
struct Map {
    #[serde(default)]
    orientation: String,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    staggeraxis: Option<String>,
    #[serde(default)]
    staggerindex: Option<String>,
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    hexsidelength: u32,
    #[serde(default)]
    properties: Vec<Property>,
    #[serde(default)]
    tilesets: Vec<TilesetJson>,
    #[serde(default)]
    layers: Vec<Layer>,
}

#[derive(Deserialize)]
struct Property {
    #[serde(default)]
    name: String,
    #[serde(default)]
    value: serde_json::Value,
}

impl Property {
    fn text(&self) -> String {
        match &self.value {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
}

#[derive(Deserialize)]
struct TilesetJson {
    #[serde(default)]
    firstgid: u32,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    tilecount: u32,
    #[serde(default)]
    tiles: Vec<Tile>,
}

#[derive(Deserialize)]
struct Tile {
    id: u32,
    #[serde(default)]
    class: Option<String>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    properties: Vec<Property>,
}

#[derive(Deserialize)]
struct Layer {
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default = "yes")]
    visible: bool,
    #[serde(default)]
    encoding: Option<String>,
    #[serde(default)]
    compression: Option<String>,
    #[serde(default)]
    data: Option<Data>,
    #[serde(default)]
    chunks: Option<serde_json::Value>,
    #[serde(default)]
    layers: Vec<Layer>,
}

fn yes() -> bool {
    true
}

/// A layer's `data`: a number array (CSV) or a Base64 string. Read by hand rather than as an
/// untagged enum, which would buffer every number as a generic value first.
enum Data {
    Cells(Vec<u32>),
    Text(String),
}

impl<'de> Deserialize<'de> for Data {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Data, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Data;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an array of tile numbers or a Base64 string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Data, E> {
                Ok(Data::Text(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Data, A::Error> {
                let mut cells = Vec::new();
                while let Some(c) = seq.next_element::<u32>()? {
                    cells.push(c);
                }
                Ok(Data::Cells(cells))
            }
        }
        d.deserialize_any(V)
    }
}

fn json_err(e: serde_json::Error) -> TmxError {
    TmxError::Json {
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    }
}

fn tileset_of(t: TilesetJson, first_gid: u32) -> Tileset {
    let tiles = t
        .tiles
        .into_iter()
        .map(|tile| {
            let mut def = TileDef {
                id: tile.id,
                ..TileDef::default()
            };
            for c in [&tile.class, &tile.kind].into_iter().flatten() {
                apply_class(&mut def, c);
            }
            for p in &tile.properties {
                apply_property(&mut def, &p.name, &p.text());
            }
            def
        })
        .collect();
    Tileset {
        first_gid,
        name: t.name,
        tile_count: t.tilecount,
        tiles,
    }
}

/// A TSJ file.
pub(crate) fn parse_tileset(bytes: &[u8], first_gid: u32) -> Result<Tileset, TmxError> {
    let t: TilesetJson = serde_json::from_slice(bytes).map_err(json_err)?;
    Ok(tileset_of(t, first_gid))
}

fn visible_tile_layers(layers: Vec<Layer>, depth: usize, out: &mut Vec<Layer>) {
    for mut l in layers {
        if !l.visible {
            continue;
        }
        match l.kind.as_str() {
            "tilelayer" => out.push(l),
            "group" if depth < MAX_DEPTH => {
                let inner = std::mem::take(&mut l.layers);
                visible_tile_layers(inner, depth + 1, out);
            }
            _ => {}
        }
    }
}

/// A TMJ map.
pub(crate) fn parse_map(bytes: &[u8], folder: Folder<'_>) -> Result<TiledMap, TmxError> {
    // serde_json limits nesting to 128 levels itself.
    let m: Map = serde_json::from_slice(bytes).map_err(json_err)?;
    if m.orientation != "hexagonal" {
        return Err(TmxError::NotHex {
            orientation: if m.orientation.is_empty() {
                "of no stated orientation".into()
            } else {
                m.orientation
            },
        });
    }
    if m.infinite {
        return Err(TmxError::Infinite);
    }
    let header = super::convert::Header {
        stagger_axis: m.staggeraxis,
        stagger_index: m.staggerindex,
        columns: m.width,
        rows: m.height,
        tile_width: m.tilewidth,
        tile_height: m.tileheight,
        hex_side: m.hexsidelength,
    };
    let mut map = header.into_map()?;
    for p in &m.properties {
        match p.name.as_str() {
            "hex_size_mm" => map.hex_size_mm = p.value.as_f64().map(|v| v as f32),
            "title" => map.title = Some(p.text()),
            _ => {}
        }
    }
    if m.tilesets.len() > MAX_TILESETS {
        return Err(TmxError::TooManyTilesets {
            at: "the map".into(),
            limit: MAX_TILESETS,
        });
    }
    for t in m.tilesets {
        let first_gid = t.firstgid;
        let tileset = match &t.source {
            Some(source) => folder.tileset(source, first_gid)?,
            None => tileset_of(t, first_gid),
        };
        map.tilesets.push(tileset);
        super::check_tile_defs(&map.tilesets)?;
    }
    let mut layers = Vec::new();
    visible_tile_layers(m.layers, 0, &mut layers);
    if layers.is_empty() {
        return Err(TmxError::NoTileLayer);
    }
    let expected = map.cells.len();
    for layer in layers {
        if layer.chunks.is_some() {
            return Err(TmxError::Infinite);
        }
        let name = layer.name;
        let encoding = Encoding::parse(
            layer.encoding.as_deref().filter(|e| *e != "csv"),
            layer.compression.as_deref(),
            &name,
        )?;
        let cells = match (layer.data, encoding) {
            (Some(Data::Cells(cells)), None) => {
                if cells.len() != expected {
                    return Err(TmxError::WrongLength {
                        layer: name,
                        found: cells.len().to_string(),
                        expected,
                    });
                }
                cells
            }
            (Some(Data::Text(text)), Some(e)) => data::decode(e, &text, expected, &name)?,
            (Some(Data::Text(_)), None) => {
                return Err(TmxError::BadValue {
                    what: "data",
                    value: "a string".into(),
                    expected: "but the layer states no Base64 encoding",
                    at: format!("layer '{name}'"),
                });
            }
            (Some(Data::Cells(_)), Some(_)) => {
                return Err(TmxError::BadValue {
                    what: "data",
                    value: "an array".into(),
                    expected: "but the layer states Base64 encoding",
                    at: format!("layer '{name}'"),
                });
            }
            (None, _) => {
                return Err(TmxError::Missing {
                    what: "data",
                    at: format!("layer '{name}'"),
                });
            }
        };
        super::convert::stack_layer(&mut map.cells, &cells);
    }
    for c in &mut map.cells {
        *c &= !FLIP_BITS;
    }
    map.check_cells()?;
    Ok(map)
}
