//! The pictures of a Tiled map's tiles, as its tilesets draw them, for the import dialog: a
//! designer knows a tile by its art ("the dark green one is the woods") better than by its ID.
//! Each tileset image is read once, within the same limits as a background image, and each
//! tile used is cut from it and shrunk. An image that is missing or cannot be read is said,
//! with the path looked at, so the dialog never leaves the designer guessing why no art shows.

use super::model::{TileKey, TileSheet, TiledMap, Tileset};
use super::used_tiles;
use crate::io::image::{MAX_IMAGE_BYTES, decode};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The longest side of a tile's picture, pixels.
pub const PICTURE_PX: u32 = 48;
/// Tiles given a picture, at most (the dialog lists the most used first).
pub const MOST_PICTURES: usize = 512;

/// The tiles' pictures, and the images that could not be read.
#[derive(Clone, Debug, Default)]
pub struct TilePictures {
    pub pictures: HashMap<TileKey, image::RgbaImage>,
    /// Each image not read: its tileset, the path looked at and why (a sentence).
    pub missing: Vec<String>,
}

/// The pictures of the tiles `map` uses whose tileset names no terrain: the ones the import
/// dialog may ask about (its most used first, at most [`MOST_PICTURES`]). A map whose tiles
/// all name their terrain has no image read.
pub fn tile_pictures(map: &TiledMap) -> TilePictures {
    let mut used: Vec<_> = used_tiles(map)
        .into_iter()
        .filter(|u| u.terrain.is_none())
        .collect();
    used.sort_by(|a, b| b.hexes.cmp(&a.hexes).then_with(|| a.key.cmp(&b.key)));
    // Decoded sheets, kept while their tiles are cut; a collection's image is one tile's and
    // is dropped once cut, so memory holds at most the sheets.
    let mut images: HashMap<PathBuf, Option<Arc<image::RgbaImage>>> = HashMap::new();
    let mut bytes_left = MAX_IMAGE_BYTES as u64;
    let mut out = TilePictures::default();
    for u in used.into_iter().take(MOST_PICTURES) {
        let Some(ts) = map.tilesets.iter().find(|t| t.name == u.key.tileset) else {
            continue;
        };
        let Some((source, cut)) = where_drawn(ts, u.key.id) else {
            continue;
        };
        let path = ts
            .folder
            .as_deref()
            .map_or_else(|| PathBuf::from(source), |f| f.join(source));
        let image = images
            .entry(path.clone())
            .or_insert_with(|| match read_image(&path, &mut bytes_left) {
                Ok(img) => Some(Arc::new(img)),
                Err(why) => {
                    out.missing.push(format!(
                        "The image {source} of tileset '{}' {why} (looked for {})",
                        ts.name,
                        path.display()
                    ));
                    None
                }
            })
            .clone();
        let Some(image) = image else {
            continue;
        };
        if let Some(p) = cut_out(&image, cut) {
            out.pictures.insert(u.key, p);
        }
        if cut.is_none() {
            images.insert(path, None);
        }
    }
    out
}

/// The name of a tile's own image, for a tileset that is a collection of images (each tile its
/// own file: "ocean" for `tiles/ocean.png`), so a tile is named as its author named it even
/// when the image itself is not there. `None` for a tile cut from a sheet.
pub fn tile_image_name(map: &TiledMap, tileset: &str, id: u32) -> Option<String> {
    let ts = map.tilesets.iter().find(|t| t.name == tileset)?;
    let (source, None) = where_drawn(ts, id)? else {
        return None;
    };
    let stem = std::path::Path::new(source).file_stem()?.to_string_lossy();
    (!stem.trim().is_empty()).then(|| stem.into_owned())
}

/// Where a tile is drawn: the image's source and, on a tileset cut from one image, how
/// (`None`: the whole image, a collection's tile).
fn where_drawn(ts: &Tileset, id: u32) -> Option<(&str, Option<(&TileSheet, u32)>)> {
    if ts.collection {
        return Some((ts.def(id)?.image.as_deref()?, None));
    }
    let sheet = ts.sheet.as_ref()?;
    Some((&sheet.source, Some((sheet, id))))
}

/// The tile's part of `image` (tile `id` of `sheet`, or the whole image), shrunk to
/// [`PICTURE_PX`] at most; `None` when the tile lies beyond the image.
fn cut_out(image: &image::RgbaImage, cut: Option<(&TileSheet, u32)>) -> Option<image::RgbaImage> {
    let (x, y, w, h) = match cut {
        None => (0, 0, image.width(), image.height()),
        Some((sheet, id)) => {
            let (w, h) = (sheet.tile_width, sheet.tile_height);
            let pitch = |size: u32| size.checked_add(sheet.spacing);
            // Tiles to a row, from the image's width when the file does not say.
            let columns = match sheet.columns {
                0 => image
                    .width()
                    .saturating_sub(2 * sheet.margin)
                    .saturating_add(sheet.spacing)
                    .checked_div(pitch(w)?)?,
                n => n,
            };
            let at = |i: u32, size: u32| sheet.margin.checked_add(i.checked_mul(pitch(size)?)?);
            (
                at(id % columns.max(1), w)?,
                at(id / columns.max(1), h)?,
                w,
                h,
            )
        }
    };
    if w == 0 || h == 0 || x.checked_add(w)? > image.width() || y.checked_add(h)? > image.height() {
        return None;
    }
    let part = image::imageops::crop_imm(image, x, y, w, h).to_image();
    let k = (f64::from(PICTURE_PX) / f64::from(w.max(h))).min(1.0);
    let (tw, th) = (
        ((f64::from(w) * k).round() as u32).max(1),
        ((f64::from(h) * k).round() as u32).max(1),
    );
    Some(image::imageops::thumbnail(&part, tw, th))
}

/// An image file, read within the limits of a background image and within `bytes_left` of
/// what every image of the map may read together (taken from it); why not, in words.
fn read_image(path: &Path, bytes_left: &mut u64) -> Result<image::RgbaImage, String> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "is not there".to_string(),
        _ => format!("cannot be read: {e}"),
    })?;
    if !meta.is_file() {
        return Err("is not a file".into());
    }
    if meta.len() > MAX_IMAGE_BYTES as u64 {
        return Err(format!(
            "is too large ({} MiB, at most {} MiB)",
            meta.len() >> 20,
            MAX_IMAGE_BYTES >> 20
        ));
    }
    if meta.len() > *bytes_left {
        return Err(format!(
            "is not read: the map's tile images together pass {} MiB",
            MAX_IMAGE_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))?;
    *bytes_left = bytes_left.saturating_sub(bytes.len() as u64);
    decode(&bytes).map_err(|e| format!("cannot be read: {e}"))
}
