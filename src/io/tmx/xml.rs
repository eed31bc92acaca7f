//! TMX maps and TSX tilesets (Tiled's XML), read through a small element tree built with
//! quick-xml: every element and attribute is counted against what the import may read
//! (`MAX_XML_ELEMENTS` for the map and its tilesets together), nesting stops at
//! [`MAX_DEPTH`].

use super::data::{self, Encoding};
use super::model::{FLIP_BITS, TileDef, TileSheet, TiledMap, Tileset, apply_class, apply_property};
use super::reading::Reading;
use super::{MAX_DEPTH, MAX_TILESETS, TmxError};
use quick_xml::events::Event;

/// One XML element: its name, attributes, children and text.
#[derive(Debug, Default)]
pub(crate) struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub text: String,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn children<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    fn child<'a>(&'a self, name: &'a str) -> Option<&'a Element> {
        self.children(name).next()
    }
}

fn xml_err(offset: u64, detail: impl ToString) -> TmxError {
    TmxError::Xml {
        offset,
        detail: detail.to_string(),
    }
}

/// The document's root element; `what` names the file in the import's progress.
pub(crate) fn tree(bytes: &[u8], reading: &Reading<'_>, what: &str) -> Result<Element, TmxError> {
    let mut reader = quick_xml::Reader::from_reader(bytes);
    let mut stack: Vec<Element> = Vec::new();
    let mut events = 0usize;
    let mut root: Option<Element> = None;
    loop {
        let at = reader.buffer_position();
        events += 1;
        if events.is_multiple_of(4096) {
            reading.control.check()?;
            reading.status(
                format!("Reading {what}"),
                at as f32 / bytes.len().max(1) as f32,
            );
        }
        let event = reader.read_event().map_err(|e| xml_err(at, e))?;
        // An element and each of its attributes count against the import's budget before
        // they are built.
        let open = |e: &quick_xml::events::BytesStart<'_>| -> Result<Element, TmxError> {
            reading.take_items(1)?;
            let mut el = Element {
                name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
                ..Element::default()
            };
            for a in e.attributes() {
                reading.take_items(1)?;
                let a = a.map_err(|e| xml_err(at, e))?;
                let value = a
                    .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .map_err(|e| xml_err(at, e))?;
                el.attrs.push((
                    String::from_utf8_lossy(a.key.as_ref()).into_owned(),
                    value.into_owned(),
                ));
            }
            Ok(el)
        };
        match event {
            Event::Start(e) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(TmxError::TooDeep { limit: MAX_DEPTH });
                }
                stack.push(open(&e)?);
            }
            Event::Empty(e) => {
                let el = open(&e)?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None if root.is_none() => root = Some(el),
                    None => return Err(xml_err(at, "a second root element")),
                }
            }
            Event::End(_) => {
                let el = stack
                    .pop()
                    .ok_or_else(|| xml_err(at, "an unopened end tag"))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None if root.is_none() => root = Some(el),
                    None => return Err(xml_err(at, "a second root element")),
                }
            }
            Event::Text(t) => {
                if let Some(el) = stack.last_mut() {
                    let text = t.decode().map_err(|e| xml_err(at, e))?;
                    el.text.push_str(&text);
                }
            }
            Event::CData(t) => {
                if let Some(el) = stack.last_mut() {
                    el.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::GeneralRef(r) => {
                if let Some(el) = stack.last_mut() {
                    let name = String::from_utf8_lossy(&r).into_owned();
                    let c = match name.as_str() {
                        "amp" => Some('&'),
                        "lt" => Some('<'),
                        "gt" => Some('>'),
                        "quot" => Some('"'),
                        "apos" => Some('\''),
                        _ => r.resolve_char_ref().ok().flatten(),
                    };
                    if let Some(c) = c {
                        el.text.push(c);
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !stack.is_empty() {
        return Err(xml_err(
            reader.buffer_position(),
            format!(
                "the file ends inside <{}>",
                stack.last().map_or("", |e| &e.name)
            ),
        ));
    }
    root.ok_or_else(|| xml_err(0, "no root element"))
}

/// A required unsigned number attribute.
fn number(el: &Element, name: &'static str, at: &str) -> Result<u32, TmxError> {
    let value = el.attr(name).ok_or_else(|| TmxError::Missing {
        what: name,
        at: at.to_string(),
    })?;
    value.trim().parse::<u32>().map_err(|_| TmxError::BadValue {
        what: name,
        value: value.chars().take(40).collect(),
        expected: "not a whole number",
        at: at.to_string(),
    })
}

fn properties(el: &Element) -> impl Iterator<Item = (&str, &str)> {
    el.children("properties")
        .flat_map(|p| p.children("property"))
        .map(|p| {
            let value = p.attr("value").unwrap_or(p.text.as_str());
            (p.attr("name").unwrap_or(""), value)
        })
}

/// A `<tileset>` element's tiles (embedded, or the root of a TSX file).
fn tileset_of(el: &Element, first_gid: u32) -> Result<Tileset, TmxError> {
    let name = el.attr("name").unwrap_or("").to_string();
    let at = format!("tileset '{name}'");
    let tile_count = match el.attr("tilecount") {
        Some(_) => number(el, "tilecount", &at)?,
        None => 0,
    };
    // Tiled's image collection: no image for the whole tileset, each tile an image of its
    // own, its ID any number (IDs may have gaps where tiles were removed).
    let collection = el.attr("columns").map(str::trim) == Some("0")
        || (el.child("image").is_none() && el.children("tile").any(|t| t.child("image").is_some()));
    let mut tiles = Vec::new();
    for t in el.children("tile") {
        let mut def = TileDef {
            id: number(t, "id", &at)?,
            image: t
                .child("image")
                .and_then(|i| i.attr("source"))
                .map(str::to_string),
            ..TileDef::default()
        };
        for attr in ["class", "type"] {
            if let Some(c) = t.attr(attr) {
                apply_class(&mut def, c);
            }
        }
        for (k, v) in properties(t) {
            apply_property(&mut def, k, v);
        }
        tiles.push(def);
    }
    let whole = |a: &str| el.attr(a).and_then(|v| v.trim().parse::<u32>().ok());
    let sheet = el
        .child("image")
        .and_then(|i| i.attr("source"))
        .map(|source| TileSheet {
            source: source.to_string(),
            tile_width: whole("tilewidth").unwrap_or(0),
            tile_height: whole("tileheight").unwrap_or(0),
            margin: whole("margin").unwrap_or(0),
            spacing: whole("spacing").unwrap_or(0),
            columns: whole("columns").unwrap_or(0),
        });
    Ok(Tileset {
        sheet,
        ..Tileset::new(first_gid, name, tile_count, collection, tiles)
    })
}

/// A TSX file.
pub(crate) fn parse_tileset(
    bytes: &[u8],
    first_gid: u32,
    reading: &Reading<'_>,
) -> Result<Tileset, TmxError> {
    let root = tree(bytes, reading, "a tileset")?;
    if root.name != "tileset" {
        return Err(xml_err(
            0,
            format!("the root is <{}>, not <tileset>", root.name),
        ));
    }
    tileset_of(&root, first_gid)
}

/// The tile layers of `el` (a map or a group) in drawing order, with their groups' visibility.
fn tile_layers<'a>(el: &'a Element, depth: usize, out: &mut Vec<&'a Element>) {
    for c in &el.children {
        if c.attr("visible") == Some("0") {
            continue;
        }
        match c.name.as_str() {
            "layer" => out.push(c),
            "group" if depth < MAX_DEPTH => tile_layers(c, depth + 1, out),
            _ => {}
        }
    }
}

/// How errors name a layer: by its name, or `#N` (its place among the tile layers, from 1)
/// when it has none.
pub(crate) fn label(name: &str, index: usize) -> String {
    if name.is_empty() {
        format!("#{}", index + 1)
    } else {
        name.to_string()
    }
}

/// A TMX map.
pub(crate) fn parse_map(bytes: &[u8], reading: &Reading<'_>) -> Result<TiledMap, TmxError> {
    let root = tree(bytes, reading, "the map")?;
    if root.name != "map" {
        return Err(xml_err(
            0,
            format!("the root is <{}>, not <map>", root.name),
        ));
    }
    let at = "the <map>";
    let orientation = root.attr("orientation").unwrap_or("");
    if orientation != "hexagonal" {
        return Err(TmxError::NotHex {
            orientation: if orientation.is_empty() {
                "of no stated orientation".into()
            } else {
                orientation.to_string()
            },
        });
    }
    if root.attr("infinite") == Some("1") {
        return Err(TmxError::Infinite);
    }
    let header = super::convert::Header {
        stagger_axis: root.attr("staggeraxis").map(str::to_string),
        stagger_index: root.attr("staggerindex").map(str::to_string),
        columns: number(&root, "width", at)?,
        rows: number(&root, "height", at)?,
        tile_width: number(&root, "tilewidth", at)?,
        tile_height: number(&root, "tileheight", at)?,
        hex_side: match root.attr("hexsidelength") {
            Some(_) => number(&root, "hexsidelength", at)?,
            None => 0,
        },
    };
    let mut map = header.into_map()?;
    for (k, v) in properties(&root) {
        match k {
            "hex_size_mm" => map.hex_size_mm = v.trim().parse::<f32>().ok(),
            "title" => map.title = Some(v.to_string()),
            _ => {}
        }
    }
    for ts in root.children("tileset") {
        if map.tilesets.len() >= MAX_TILESETS {
            return Err(TmxError::TooManyTilesets {
                at: at.into(),
                limit: MAX_TILESETS,
            });
        }
        let first_gid = number(ts, "firstgid", "a <tileset>")?;
        let tileset = match ts.attr("source") {
            Some(source) => reading.tileset(source, first_gid)?,
            None => Tileset {
                folder: reading.folder(),
                ..tileset_of(ts, first_gid)?
            },
        };
        map.tilesets.push(tileset);
        super::check_tile_defs(&map.tilesets)?;
    }
    let mut layers = Vec::new();
    tile_layers(&root, 0, &mut layers);
    if layers.is_empty() {
        return Err(TmxError::NoTileLayer);
    }
    let expected = map.cells.len();
    let count = layers.len();
    for (i, layer) in layers.into_iter().enumerate() {
        let name = label(layer.attr("name").unwrap_or(""), i);
        reading.take_cells(expected, &name)?;
        reading.status(
            format!("Decoding layer '{name}' ({} of {count})", i + 1),
            i as f32 / count as f32,
        );
        let Some(d) = layer.child("data") else {
            return Err(TmxError::Missing {
                what: "<data>",
                at: format!("layer '{name}'"),
            });
        };
        if d.child("chunk").is_some() {
            return Err(TmxError::Infinite);
        }
        let encoding = Encoding::parse(d.attr("encoding"), d.attr("compression"), &name)?;
        let cells = match encoding {
            Some(e) => data::decode(e, &d.text, expected, &name)?,
            None => {
                let tiles: Vec<&Element> = d.children("tile").collect();
                if tiles.len() != expected {
                    return Err(TmxError::WrongLength {
                        layer: name,
                        found: tiles.len().to_string(),
                        expected,
                    });
                }
                tiles
                    .iter()
                    .map(|t| match t.attr("gid") {
                        Some(_) => number(t, "gid", &format!("layer '{name}'")),
                        None => Ok(0),
                    })
                    .collect::<Result<_, _>>()?
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
