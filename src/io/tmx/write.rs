//! A Sandtable hex map written as a Tiled map: one tile layer over an embedded tileset whose
//! tiles are the terrain swatches (a PNG written beside the map), each tile naming its terrain
//! in properties (`name`, `colour`, `mp`) so an import gives the same terrain back.
//!
//! Tiled measures hexes in whole pixels and renders with even tile sizes (it rounds odd ones
//! down), so the tile is 120 x 104 pixels with 60-pixel sides: a regular hex to 0.07%. Our hex
//! centres map onto Tiled's through one scale per axis, exactly ([`pixel_centre`]).

use super::TmxError;
use crate::model::limits::MAX_HEXES;
use crate::model::{HexCost, HexMap, HexShape, OffsetParity, Orientation, Scenario};
use hexx::{Hex, HexOrientation, OffsetHexMode};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The tile's long side (across the corners) in pixels.
pub const TILE_LONG_PX: u32 = 120;
/// The tile's short side (across the flats) in pixels, even as Tiled renders it.
pub const TILE_SHORT_PX: u32 = 104;
/// The hex side in pixels.
const SIDE_PX: u32 = 60;
/// Tiles per row of the tileset image.
const TILESET_COLUMNS: usize = 8;

/// The written map's grid: its size and the offset of our hexes in it.
struct Grid {
    orientation: Orientation,
    parity: OffsetParity,
    columns: u32,
    rows: u32,
    /// Our offset coordinates (in `mode`) of the Tiled cell (0, 0).
    origin: [i32; 2],
    mode: OffsetHexMode,
}

impl Grid {
    fn of(map: &HexMap) -> Grid {
        match map.shape {
            HexShape::Rectangle {
                columns,
                rows,
                parity,
            } => Grid {
                orientation: map.orientation,
                parity,
                columns,
                rows,
                origin: [0, 0],
                mode: parity.to_hexx(),
            },
            HexShape::Hexagon { .. } => {
                // The bounding rectangle in even offset coordinates; shifting it by an odd
                // number of columns (flat) or rows (pointy) flips which ones are pushed.
                let mode = OffsetHexMode::Even;
                let o = map.orientation.to_hexx();
                let grid = map.grid();
                let (mut lo, mut hi) = ([i32::MAX; 2], [i32::MIN; 2]);
                for h in grid.hexes() {
                    let c = h.to_offset_coordinates(mode, o);
                    for k in 0..2 {
                        lo[k] = lo[k].min(c[k]);
                        hi[k] = hi[k].max(c[k]);
                    }
                }
                let staggered = match map.orientation {
                    Orientation::Flat => lo[0],
                    Orientation::Pointy => lo[1],
                };
                Grid {
                    orientation: map.orientation,
                    parity: if staggered.rem_euclid(2) == 0 {
                        OffsetParity::Even
                    } else {
                        OffsetParity::Odd
                    },
                    columns: (hi[0] - lo[0] + 1).max(1) as u32,
                    rows: (hi[1] - lo[1] + 1).max(1) as u32,
                    origin: lo,
                    mode,
                }
            }
        }
    }

    fn hexx_orientation(&self) -> HexOrientation {
        self.orientation.to_hexx()
    }

    /// Our hex at Tiled cell (column, row).
    fn hex_at(&self, column: u32, row: u32) -> Hex {
        Hex::from_offset_coordinates(
            [self.origin[0] + column as i32, self.origin[1] + row as i32],
            self.mode,
            self.hexx_orientation(),
        )
    }

    /// Tiled's cell of one of our hexes.
    fn cell_of(&self, hex: Hex) -> [i32; 2] {
        let c = hex.to_offset_coordinates(self.mode, self.hexx_orientation());
        [c[0] - self.origin[0], c[1] - self.origin[1]]
    }

    fn tile_size(&self) -> (u32, u32) {
        match self.orientation {
            Orientation::Flat => (TILE_LONG_PX, TILE_SHORT_PX),
            Orientation::Pointy => (TILE_SHORT_PX, TILE_LONG_PX),
        }
    }

    /// Whether Tiled pushes this column (flat) or row (pointy) by half a tile.
    fn staggered(&self, index: i32) -> bool {
        let odd = index.rem_euclid(2) == 1;
        match self.parity {
            OffsetParity::Odd => odd,
            OffsetParity::Even => !odd,
        }
    }

    /// Tiled's own centre of cell (column, row), in the rendered map's pixels (Tiled's
    /// `HexagonalRenderer::tileToScreenCoords` plus half a tile).
    fn tiled_centre(&self, column: i32, row: i32) -> (f64, f64) {
        let (tw, th) = self.tile_size();
        let (tw, th, side) = (f64::from(tw), f64::from(th), f64::from(SIDE_PX));
        let (x, y) = match self.orientation {
            Orientation::Flat => {
                let column_width = (tw - side) / 2.0 + side;
                let push = if self.staggered(column) {
                    th / 2.0
                } else {
                    0.0
                };
                (f64::from(column) * column_width, f64::from(row) * th + push)
            }
            Orientation::Pointy => {
                let row_height = (th - side) / 2.0 + side;
                let push = if self.staggered(row) { tw / 2.0 } else { 0.0 };
                (f64::from(column) * tw + push, f64::from(row) * row_height)
            }
        };
        (x + tw / 2.0, y + th / 2.0)
    }
}

/// Where the centre of `hex` falls in the rendered pixels of the Tiled map written for `map`,
/// computed from our own layout (millimetres on paper) by one scale per axis from the hex
/// (0, 0) cell. Tests compare it with Tiled's renderer formula, and `scripts/tiled-check.sh`
/// with the pixels Tiled's `tmxrasterizer` draws.
pub fn pixel_centre(map: &HexMap, hex: Hex) -> (f64, f64) {
    let g = Grid::of(map);
    let layout = map.layout();
    let corner = g.hex_at(0, 0);
    let p0 = layout.hex_to_world_pos(corner);
    let p = layout.hex_to_world_pos(hex);
    let (tw, th) = g.tile_size();
    let across = f64::from(map.hex_size_mm);
    let step = 1.5 * across / 3f64.sqrt();
    let column_width = f64::from((tw - SIDE_PX) / 2 + SIDE_PX);
    let row_height = f64::from((th - SIDE_PX) / 2 + SIDE_PX);
    let (sx, sy) = match g.orientation {
        Orientation::Flat => (column_width / step, f64::from(th) / across),
        Orientation::Pointy => (f64::from(tw) / across, row_height / step),
    };
    let (x0, y0) = g.tiled_centre(0, 0);
    (
        x0 + f64::from(p.x - p0.x) * sx,
        y0 + f64::from(p.y - p0.y) * sy,
    )
}

/// The tileset image's file name beside a map written to `out`.
pub fn tileset_png_name(out: &Path) -> String {
    let stem = out
        .file_stem()
        .map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
    format!("{stem}-terrain.png")
}

/// The two files of a Tiled export.
pub struct TmxFiles {
    pub tmx: String,
    pub png: Vec<u8>,
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether pixel (x, y) of a tile lies inside its hex shrunk by `inset` pixels.
fn inside(orientation: Orientation, x: f64, y: f64, inset: f64) -> bool {
    // Work in the flat-topped frame: long axis across, short axis up and down.
    let (w, h) = (f64::from(TILE_LONG_PX), f64::from(TILE_SHORT_PX));
    let (dx, dy) = match orientation {
        Orientation::Flat => ((x - w / 2.0).abs(), (y - h / 2.0).abs()),
        Orientation::Pointy => ((y - w / 2.0).abs(), (x - h / 2.0).abs()),
    };
    let (a, b) = (w / 2.0 - inset, h / 2.0 - inset);
    let slant = f64::from((TILE_LONG_PX - SIDE_PX) / 2);
    a > 0.0 && b > 0.0 && dy <= b && dx <= a - slant * dy / (h / 2.0)
}

/// The tileset image: one hex swatch per terrain type, eight to a row.
fn tileset_image(s: &Scenario, orientation: Orientation) -> image::RgbaImage {
    let (tw, th) = match orientation {
        Orientation::Flat => (TILE_LONG_PX, TILE_SHORT_PX),
        Orientation::Pointy => (TILE_SHORT_PX, TILE_LONG_PX),
    };
    let n = s.terrain_types.len().max(1);
    let columns = n.min(TILESET_COLUMNS);
    let rows = n.div_ceil(columns);
    let mut img = image::RgbaImage::new(tw * columns as u32, th * rows as u32);
    for (i, t) in s.terrain_types.iter().enumerate() {
        let (ox, oy) = ((i % columns) as u32 * tw, (i / columns) as u32 * th);
        let c = t.colour;
        let fill = image::Rgba([c.r, c.g, c.b, 255]);
        let edge = image::Rgba([c.r / 2, c.g / 2, c.b / 2, 255]);
        for y in 0..th {
            for x in 0..tw {
                let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
                if inside(orientation, px, py, 2.0) {
                    img.put_pixel(ox + x, oy + y, fill);
                } else if inside(orientation, px, py, 0.0) {
                    img.put_pixel(ox + x, oy + y, edge);
                }
            }
        }
    }
    img
}

/// The TMX text and tileset PNG for a hex scenario; the TMX names the PNG `png_name`. The text
/// is read back as an import reads it before it is returned, so what is written imports again:
/// a hexagon map whose bounding rectangle is over the hex limit of an import is refused here.
pub fn tmx_files(s: &Scenario, png_name: &str) -> Result<TmxFiles, TmxError> {
    let map = s.map.as_hex().ok_or(TmxError::NotAHexMap)?;
    let g = Grid::of(map);
    let cells = u64::from(g.columns) * u64::from(g.rows);
    if cells > MAX_HEXES as u64 {
        let radius = match map.shape {
            HexShape::Hexagon { radius } => radius,
            HexShape::Rectangle { .. } => 0,
        };
        return Err(TmxError::HexagonTooLarge {
            radius,
            columns: g.columns,
            rows: g.rows,
            largest: largest_hexagon(),
        });
    }
    let grid = map.grid();
    let (tw, th) = g.tile_size();
    let img = tileset_image(s, g.orientation);
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(TmxError::Png)?;
    let n = s.terrain_types.len().max(1);
    let columns = n.min(TILESET_COLUMNS);
    let mut x = String::new();
    let w = &mut x;
    // Writing to a String cannot fail.
    let _ = writeln!(w, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        w,
        r#"<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{}" height="{}" tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{SIDE_PX}" staggeraxis="{}" staggerindex="{}" nextlayerid="2" nextobjectid="1">"#,
        g.columns,
        g.rows,
        match g.orientation {
            Orientation::Flat => "x",
            Orientation::Pointy => "y",
        },
        match g.parity {
            OffsetParity::Odd => "odd",
            OffsetParity::Even => "even",
        }
    );
    let _ = writeln!(w, " <properties>");
    let _ = writeln!(
        w,
        r#"  <property name="hex_size_mm" type="float" value="{}"/>"#,
        map.hex_size_mm
    );
    let _ = writeln!(
        w,
        r#"  <property name="title" value="{}"/>"#,
        escape(&s.meta.title)
    );
    let _ = writeln!(w, " </properties>");
    let _ = writeln!(
        w,
        r#" <tileset firstgid="1" name="terrain" tilewidth="{tw}" tileheight="{th}" tilecount="{}" columns="{columns}">"#,
        s.terrain_types.len()
    );
    let _ = writeln!(
        w,
        r#"  <image source="{}" width="{}" height="{}"/>"#,
        escape(png_name),
        img.width(),
        img.height()
    );
    for (i, t) in s.terrain_types.iter().enumerate() {
        let name = escape(&t.name);
        let c = t.colour;
        let mp = match t.hex_cost {
            HexCost::Mp(n) => n,
            HexCost::Impassable => 0,
        };
        let _ = writeln!(w, r#"  <tile id="{i}" type="{name}">"#);
        let _ = writeln!(w, "   <properties>");
        let _ = writeln!(
            w,
            r##"    <property name="colour" type="color" value="#ff{:02x}{:02x}{:02x}"/>"##,
            c.r, c.g, c.b
        );
        let _ = writeln!(w, r#"    <property name="mp" type="int" value="{mp}"/>"#);
        let _ = writeln!(w, r#"    <property name="name" value="{name}"/>"#);
        let _ = writeln!(w, "   </properties>");
        let _ = writeln!(w, "  </tile>");
    }
    let _ = writeln!(w, " </tileset>");
    let _ = writeln!(
        w,
        r#" <layer id="1" name="Terrain" width="{}" height="{}">"#,
        g.columns, g.rows
    );
    let _ = writeln!(w, r#"  <data encoding="csv">"#);
    for row in 0..g.rows {
        let line: Vec<String> = (0..g.columns)
            .map(|column| {
                let gid = grid
                    .index_of(g.hex_at(column, row))
                    .and_then(|i| map.terrain.get(i))
                    .and_then(|t| s.terrain_types.iter().position(|tt| tt.id == *t))
                    .map_or(0, |p| p + 1);
                gid.to_string()
            })
            .collect();
        let sep = if row + 1 < g.rows { "," } else { "" };
        let _ = writeln!(w, "{}{sep}", line.join(","));
    }
    let _ = writeln!(w, "</data>");
    let _ = writeln!(w, " </layer>");
    let _ = writeln!(w, "</map>");
    let read = super::parse(x.as_bytes(), super::Folder(None), Path::new(png_name))
        .and_then(|m| super::to_scenario(&m, "export", &super::TerrainMapping::new()));
    if let Err(e) = read {
        return Err(TmxError::NotReadable(Box::new(e)));
    }
    Ok(TmxFiles { tmx: x, png })
}

/// The largest radius of a hexagon map whose bounding rectangle (2r + 1 hexes a side) is within
/// the hex limit an import applies.
pub fn largest_hexagon() -> u32 {
    ((MAX_HEXES as f64).sqrt().floor() as u32).saturating_sub(1) / 2
}

/// Writes `out` (the TMX) and its tileset PNG beside it; returns both paths, PNG first.
pub fn export_tmx(s: &Scenario, out: &Path) -> Result<Vec<PathBuf>, TmxError> {
    let png_name = tileset_png_name(out);
    let files = tmx_files(s, &png_name)?;
    let png_path = out.with_file_name(&png_name);
    crate::io::atomic_write(&png_path, |f| std::io::Write::write_all(f, &files.png))?;
    crate::io::atomic_write(out, |f| std::io::Write::write_all(f, files.tmx.as_bytes()))?;
    Ok(vec![png_path, out.to_path_buf()])
}

/// Tiled's cell of one of our hexes in the map written for `map` (for tests and the check).
pub fn tiled_cell(map: &HexMap, hex: Hex) -> [i32; 2] {
    Grid::of(map).cell_of(hex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TerrainId;

    fn map(orientation: Orientation, shape: HexShape) -> HexMap {
        HexMap::filled(orientation, 25.0, shape, TerrainId(1))
    }

    #[test]
    fn our_centres_are_tileds_centres_for_both_axes_and_indices() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            let mut shapes = vec![HexShape::Hexagon { radius: 3 }];
            for parity in [OffsetParity::Odd, OffsetParity::Even] {
                shapes.push(HexShape::Rectangle {
                    columns: 7,
                    rows: 5,
                    parity,
                });
            }
            for shape in shapes {
                let m = map(orientation, shape);
                let g = Grid::of(&m);
                for hex in m.grid().hexes() {
                    let [c, r] = g.cell_of(hex);
                    assert!(c >= 0 && r >= 0 && c < g.columns as i32 && r < g.rows as i32);
                    let ours = pixel_centre(&m, hex);
                    let tiled = g.tiled_centre(c, r);
                    assert!(
                        (ours.0 - tiled.0).abs() < 1e-3 && (ours.1 - tiled.1).abs() < 1e-3,
                        "{orientation:?} {shape:?} {hex:?}: ours {ours:?}, Tiled {tiled:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn swatch_tiles_are_their_colour_at_the_centre_and_clear_at_the_corners() {
        let s = crate::samples::named("winceby");
        for o in [Orientation::Flat, Orientation::Pointy] {
            let img = tileset_image(&s, o);
            let (tw, th) = match o {
                Orientation::Flat => (TILE_LONG_PX, TILE_SHORT_PX),
                Orientation::Pointy => (TILE_SHORT_PX, TILE_LONG_PX),
            };
            let c = s.terrain_types[0].colour;
            assert_eq!(img.get_pixel(tw / 2, th / 2).0, [c.r, c.g, c.b, 255]);
            assert_eq!(img.get_pixel(0, 0).0[3], 0);
        }
    }
}
