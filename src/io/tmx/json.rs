//! TMJ maps and TSJ tilesets (Tiled's JSON), read into typed shapes that take only what an
//! import needs: serde skips the rest without building it (no generic value trees), a
//! property's value is kept only as text, and every list element and string is charged to the
//! import's memory budget as it is read (`io::budget`), so no array in the file, however long,
//! is built beyond it.

use super::data::{self, Encoding};
use super::model::{FLIP_BITS, TileDef, TileSheet, TiledMap, Tileset, apply_class, apply_property};
use super::reading::Reading;
use super::{MAX_DEPTH, MAX_TILESETS, TmxError};
use crate::io::budget::{Budget, Budgeted};
use crate::model::limits::MAX_HEXES;
use serde::Deserialize;
use serde::de::IgnoredAny;

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
    value: Value,
}

impl Property {
    fn text(&self) -> &str {
        self.value.0.as_deref().unwrap_or("")
    }
}

/// A property's value as text: a string as it is, a number or boolean as written; a class
/// property's object (or any array) is passed over as it is read, never built.
#[derive(Default)]
struct Value(Option<String>);

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a property value")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
                Ok(Value(Some(v.to_string())))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Value, E> {
                Ok(Value(Some(v.to_string())))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
                Ok(Value(Some(v.to_string())))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
                Ok(Value(Some(v.to_string())))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
                Ok(Value(Some(v.to_string())))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
                Ok(Value(None))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Value, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Value(None))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Value, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Value(None))
            }
        }
        d.deserialize_any(V)
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
    /// 0 for an image collection; absent for an external reference.
    #[serde(default)]
    columns: Option<u32>,
    /// The tileset's one image; an image collection has none.
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    tilewidth: u32,
    #[serde(default)]
    tileheight: u32,
    #[serde(default)]
    margin: u32,
    #[serde(default)]
    spacing: u32,
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
    /// A tile's own image, in an image collection.
    #[serde(default)]
    image: Option<String>,
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
    /// Only whether there are any: an infinite map's chunks are refused, never read.
    #[serde(default)]
    chunks: Option<IgnoredAny>,
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
                    // No layer of a map within the hex limit holds more.
                    if cells.len() == MAX_HEXES {
                        return Err(serde::de::Error::custom(format_args!(
                            "a layer's data holds more than {MAX_HEXES} cells, the most a map may have"
                        )));
                    }
                    cells.push(c);
                }
                Ok(Data::Cells(cells))
            }
        }
        d.deserialize_any(V)
    }
}

/// Reads one JSON document of the import into `T`, every list element and string charged to
/// the import's budget as it is read.
fn read<'de, T: Deserialize<'de>>(bytes: &'de [u8], budget: &Budget) -> Result<T, TmxError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(Budgeted::new(&mut de, budget)).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| {
        if budget.exceeded() {
            TmxError::TooMuchData {
                limit_mib: budget.limit() >> 20,
                at: format!("line {}, column {}", e.line(), e.column()),
            }
        } else {
            TmxError::Json {
                line: e.line(),
                column: e.column(),
                detail: e.to_string(),
            }
        }
    })
}

fn tileset_of(t: TilesetJson, first_gid: u32) -> Tileset {
    let collection =
        t.columns == Some(0) || (t.image.is_none() && t.tiles.iter().any(|x| x.image.is_some()));
    let tiles = t
        .tiles
        .into_iter()
        .map(|tile| {
            let mut def = TileDef {
                id: tile.id,
                image: tile.image.clone(),
                ..TileDef::default()
            };
            for c in [&tile.class, &tile.kind].into_iter().flatten() {
                apply_class(&mut def, c);
            }
            for p in &tile.properties {
                apply_property(&mut def, &p.name, p.text());
            }
            def
        })
        .collect();
    let sheet = t.image.map(|source| TileSheet {
        source,
        tile_width: t.tilewidth,
        tile_height: t.tileheight,
        margin: t.margin,
        spacing: t.spacing,
        columns: t.columns.unwrap_or(0),
    });
    Tileset {
        sheet,
        ..Tileset::new(first_gid, t.name, t.tilecount, collection, tiles)
    }
}

/// A TSJ file.
pub(crate) fn parse_tileset(
    bytes: &[u8],
    first_gid: u32,
    reading: &Reading<'_>,
) -> Result<Tileset, TmxError> {
    let t: TilesetJson = read(bytes, reading.json_budget())?;
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
pub(crate) fn parse_map(bytes: &[u8], reading: &Reading<'_>) -> Result<TiledMap, TmxError> {
    // serde_json limits nesting to 128 levels itself.
    reading.status("Reading the map".into(), 0.0);
    let m: Map = read(bytes, reading.json_budget())?;
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
            "hex_size_mm" => map.hex_size_mm = p.text().trim().parse::<f32>().ok(),
            "title" => map.title = Some(p.text().to_string()),
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
            Some(source) => reading.tileset(source, first_gid)?,
            None => Tileset {
                folder: reading.folder(),
                ..tileset_of(t, first_gid)
            },
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
    let count = layers.len();
    for (i, layer) in layers.into_iter().enumerate() {
        if layer.chunks.is_some() {
            return Err(TmxError::Infinite);
        }
        let name = super::xml::label(&layer.name, i);
        reading.take_cells(expected, &name)?;
        reading.status(
            format!("Decoding layer '{name}' ({} of {count})", i + 1),
            i as f32 / count as f32,
        );
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
