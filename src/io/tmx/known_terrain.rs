//! What an import knows of the terrain it makes besides its name: a terrain type of the
//! scenario open when the map is imported, named alike, is the designer's own and comes whole
//! (colour, costs and effects); else the art of the tiles standing for it gives its colour, so
//! the imported map looks like the map drawn ("the mere is blue") rather than like a colour
//! picked from a list. A colour the tileset itself gives is kept.

use super::convert::{TerrainMapping, used_tiles};
use super::model::TiledMap;
use super::pictures::TilePictures;
use crate::model::{Colour, Scenario, TerrainType};

/// Gives each terrain type of `s` (just imported from `map` with `mapping`) what is known of
/// it: the type of `open` of the same name (case aside) but its ID and kind, else the average colour
/// of the art of its most used tile among `pictures`. Types whose tiles' tileset gives a
/// colour, and types with neither, are left as the import made them.
pub fn take_known_terrain(
    s: &mut Scenario,
    map: &TiledMap,
    mapping: &TerrainMapping,
    pictures: &TilePictures,
    open: &[TerrainType],
) {
    let mut used = used_tiles(map);
    used.sort_by(|a, b| b.hexes.cmp(&a.hexes).then_with(|| a.key.cmp(&b.key)));
    let tileset_colour = |key: &super::TileKey| {
        map.tilesets
            .iter()
            .find(|t| t.name == key.tileset)
            .and_then(|t| t.def(key.id))
            .and_then(|d| d.colour)
    };
    for t in &mut s.terrain_types {
        let tiles: Vec<_> = used
            .iter()
            .filter(|u| mapping.get(&u.key).or(u.terrain.as_ref()) == Some(&t.name))
            .collect();
        if tiles.iter().any(|u| tileset_colour(&u.key).is_some()) {
            continue;
        }
        if let Some(o) = open.iter().find(|o| o.name.eq_ignore_ascii_case(&t.name)) {
            // A hex of the map is of one terrain: it stays an area whatever the open type.
            *t = TerrainType {
                id: t.id,
                kind: t.kind,
                ..o.clone()
            };
            continue;
        }
        if let Some(c) = tiles
            .iter()
            .find_map(|u| pictures.pictures.get(&u.key))
            .and_then(average_colour)
        {
            t.colour = c;
        }
    }
}

/// The colour a tile named `name` will give its terrain, as [`take_known_terrain`] gives it:
/// the open scenario's type of that name, else the tile's art, else what the name suggests;
/// `None` while the name is empty or says nothing.
pub fn colour_to_come(
    name: &str,
    tile: &super::TileKey,
    pictures: &TilePictures,
    open: &[TerrainType],
) -> Option<Colour> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    open.iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
        .map(|o| o.colour)
        .or_else(|| pictures.pictures.get(tile).and_then(average_colour))
        .or_else(|| super::colours::by_name(name))
}

/// The average colour of a picture's opaque pixels (a hex tile's corners are clear), `None`
/// when it has none.
fn average_colour(img: &image::RgbaImage) -> Option<Colour> {
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    for p in img.pixels().filter(|p| p.0[3] >= 128) {
        for (s, v) in sum.iter_mut().zip(p.0) {
            *s += u64::from(v);
        }
        n += 1;
    }
    let channel = |i: usize| u8::try_from(sum[i] / n.max(1)).unwrap_or(u8::MAX);
    (n > 0).then(|| Colour::rgb(channel(0), channel(1), channel(2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_of_a_tiles_art_leaves_its_clear_corners_out() {
        let mut img = image::RgbaImage::from_pixel(4, 4, image::Rgba([0, 0, 0, 0]));
        for (x, y) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
            img.put_pixel(x, y, image::Rgba([40, 90, 200, 255]));
        }
        assert_eq!(average_colour(&img), Some(Colour::rgb(40, 90, 200)));
        let clear = image::RgbaImage::from_pixel(2, 2, image::Rgba([9, 9, 9, 0]));
        assert_eq!(average_colour(&clear), None);
    }

    /// The dialog's thumbnail shows the colour the import gives: the open scenario's type,
    /// else the tile's art, else the name's.
    #[test]
    fn the_colour_to_come_is_the_open_types_then_the_arts_then_the_names() {
        use crate::model::TerrainId;
        let tile = super::super::TileKey {
            tileset: "art".into(),
            id: 0,
        };
        let mut pictures = TilePictures::default();
        pictures.pictures.insert(
            tile.clone(),
            image::RgbaImage::from_pixel(2, 2, image::Rgba([40, 90, 200, 255])),
        );
        let hollow = TerrainType::open(TerrainId(1), "Slash Hollow", Colour::rgb(120, 100, 60));
        let open = [hollow];
        let to_come = |name: &str, p: &TilePictures| colour_to_come(name, &tile, p, &open);
        assert_eq!(
            to_come("slash hollow", &pictures),
            Some(Colour::rgb(120, 100, 60))
        );
        assert_eq!(
            to_come("Winceby Mere", &pictures),
            Some(Colour::rgb(40, 90, 200))
        );
        let none = TilePictures::default();
        assert_eq!(
            to_come("Woods", &none),
            super::super::colours::by_name("Woods")
        );
        assert_eq!(to_come("  ", &pictures), None);
    }
}
