//! The background image on the canvas, through a tile pyramid. A scan is kept at its own
//! resolution (up to 100 megapixels), far more than one texture should hold: it is decoded
//! once on a worker thread, halved level by level down to one tile, and each frame only the
//! tiles in view, at the level the zoom needs, are handed to the GPU (a few a frame, the
//! coarsest level standing in for those still on their way). Textures not used for a while
//! are let go, so the GPU holds a bounded number of tiles however large the scan.

use super::paint::BgTile;
use super::view::View;
use crate::geom::Point;
use crate::model::ImageBytes;
use egui::{ColorImage, Context, Rect, TextureHandle, TextureOptions};
use image::RgbaImage;
use std::collections::HashMap;
use std::sync::mpsc;

/// A tile's side, pixels of its level.
pub const TILE_PX: u32 = 512;
/// Tiles kept on the GPU at most (a megabyte each).
const MAX_TEXTURES: usize = 160;
/// Tiles uploaded in one frame at most: each is a megabyte to copy, so a pan or a zoom stays
/// smooth and the rest follow in the next frames, the coarser level standing in.
const UPLOADS_PER_FRAME: usize = 4;
/// Tiles drawn at one level at most: past this, the next coarser level is drawn.
const MAX_TILES_IN_VIEW: u32 = 64;

/// The image at full size and halved again and again, down to one tile.
pub struct Pyramid {
    pub levels: Vec<RgbaImage>,
}

impl Pyramid {
    /// Decodes `bytes` (within the image limits) and builds the levels.
    pub fn of_bytes(bytes: &[u8]) -> Result<Pyramid, String> {
        let full = crate::io::image::decode(bytes).map_err(|e| e.to_string())?;
        Ok(Pyramid::build(full))
    }

    pub fn build(full: RgbaImage) -> Pyramid {
        let mut levels = vec![full];
        while let Some(last) = levels.last()
            && last.width().max(last.height()) > TILE_PX
        {
            let next = halve(last);
            levels.push(next);
        }
        Pyramid { levels }
    }

    /// The full image's size, pixels.
    pub fn size(&self) -> (u32, u32) {
        self.levels.first().map_or((1, 1), |l| l.dimensions())
    }

    /// Tile `(tx, ty)` of `level`, as egui takes it.
    fn tile(&self, level: usize, tx: u32, ty: u32) -> Option<ColorImage> {
        let img = self.levels.get(level)?;
        let (x0, y0) = (tx * TILE_PX, ty * TILE_PX);
        if x0 >= img.width() || y0 >= img.height() {
            return None;
        }
        let (w, h) = (
            TILE_PX.min(img.width() - x0),
            TILE_PX.min(img.height() - y0),
        );
        // Straight into egui's pixels (no copy of the tile in between): a scan is opaque, so
        // most pixels take the quick way through the conversion.
        let row = img.width() as usize * 4;
        let mut pixels = Vec::with_capacity(w as usize * h as usize);
        for y in y0..y0 + h {
            let start = y as usize * row + x0 as usize * 4;
            pixels.extend(
                img.as_raw()[start..start + w as usize * 4]
                    .chunks_exact(4)
                    .map(|p| match p[3] {
                        255 => egui::Color32::from_rgb(p[0], p[1], p[2]),
                        a => egui::Color32::from_rgba_unmultiplied(p[0], p[1], p[2], a),
                    }),
            );
        }
        Some(ColorImage::new([w as usize, h as usize], pixels))
    }
}

/// The image at half size, each pixel the mean of a 2 x 2 block (cut short at an odd edge).
fn halve(img: &RgbaImage) -> RgbaImage {
    let (w, h) = img.dimensions();
    let (hw, hh) = (w.div_ceil(2), h.div_ceil(2));
    let src = img.as_raw();
    let row = w as usize * 4;
    let mut out = Vec::with_capacity(hw as usize * hh as usize * 4);
    for y in 0..hh as usize {
        let (y0, y1) = (2 * y, (2 * y + 1).min(h as usize - 1));
        for x in 0..hw as usize {
            let (x0, x1) = (2 * x, (2 * x + 1).min(w as usize - 1));
            for c in 0..4 {
                let sum = u32::from(src[y0 * row + x0 * 4 + c])
                    + u32::from(src[y0 * row + x1 * 4 + c])
                    + u32::from(src[y1 * row + x0 * 4 + c])
                    + u32::from(src[y1 * row + x1 * 4 + c]);
                out.push(((sum + 2) / 4) as u8);
            }
        }
    }
    RgbaImage::from_raw(hw, hh, out).unwrap_or_else(|| RgbaImage::new(hw, hh))
}

enum State {
    Loading(mpsc::Receiver<Result<Pyramid, String>>),
    Ready(Pyramid),
    Failed(String),
}

/// One background image's pyramid and the tiles of it on the GPU.
pub struct BackgroundTiles {
    bytes: ImageBytes,
    state: State,
    textures: HashMap<(usize, u32, u32), (TextureHandle, u64)>,
    frame: u64,
}

impl BackgroundTiles {
    /// Starts decoding `bytes` on a worker thread; `ctx` is asked to repaint when it is done.
    pub fn new(bytes: ImageBytes, ctx: &Context) -> BackgroundTiles {
        let (tx, rx) = mpsc::channel();
        let work = bytes.clone();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("background-image".into())
            .spawn(move || {
                let _ = tx.send(Pyramid::of_bytes(&work));
                ctx.request_repaint();
            });
        let state = match spawned {
            Ok(_) => State::Loading(rx),
            Err(e) => State::Failed(format!("no thread to decode it: {e}")),
        };
        BackgroundTiles {
            bytes,
            state,
            textures: HashMap::new(),
            frame: 0,
        }
    }

    /// A pyramid built already (tests and benchmarks).
    pub fn ready(bytes: ImageBytes, pyramid: Pyramid) -> BackgroundTiles {
        BackgroundTiles {
            bytes,
            state: State::Ready(pyramid),
            textures: HashMap::new(),
            frame: 0,
        }
    }

    /// Whether these are the tiles of `bytes` (the same buffer: edits that keep the image
    /// keep its tiles).
    pub fn is_for(&self, bytes: &ImageBytes) -> bool {
        self.bytes.same_buffer(bytes)
    }

    /// Whether the image is still being decoded.
    pub fn busy(&self) -> bool {
        matches!(self.state, State::Loading(_))
    }

    pub fn error(&self) -> Option<&str> {
        match &self.state {
            State::Failed(e) => Some(e),
            _ => None,
        }
    }

    /// Tiles on the GPU now.
    pub fn textures(&self) -> usize {
        self.textures.len()
    }

    /// The tiles to draw for `view` over `clip`, coarsest first, for an image whose corners
    /// lie at `corners` on the map (north-west, north-east, south-east, south-west); false
    /// when some are still to be uploaded (the caller repaints). While the pyramid is being
    /// built there is nothing to upload: the worker wakes the editor, which does not repaint
    /// every frame meanwhile.
    pub fn tiles(
        &mut self,
        ctx: &Context,
        corners: [Point; 4],
        view: &View,
        clip: Rect,
    ) -> (Vec<BgTile>, bool) {
        if let State::Loading(rx) = &self.state {
            match rx.try_recv() {
                Ok(Ok(p)) => self.state = State::Ready(p),
                Ok(Err(e)) => self.state = State::Failed(e),
                // Nothing to upload yet: the worker asks for a repaint when it is done.
                Err(mpsc::TryRecvError::Empty) => return (Vec::new(), true),
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.state = State::Failed("the decoder stopped".into());
                }
            }
        }
        let State::Ready(pyramid) = &self.state else {
            return (Vec::new(), true);
        };
        self.frame += 1;
        let (w, h) = pyramid.size();
        let (fw, fh) = (w as f32, h as f32);
        let a = (corners[1] - corners[0]) / fw;
        let b = (corners[3] - corners[0]) / fh;
        let top = pyramid.levels.len() - 1;
        // Device pixels per image pixel.
        let density = a.length() * view.zoom * ctx.pixels_per_point();
        let mut level = if density >= 1.0 || density <= 0.0 {
            0
        } else {
            ((1.0 / density).log2().floor() as usize).min(top)
        };
        // The part of the image in view, in its pixels.
        let det = a.x * b.y - a.y * b.x;
        let seen = view.visible(clip);
        let mut range = None;
        if det.abs() > f32::EPSILON {
            let to_image = |p: Point| {
                let d = p - corners[0];
                Point::new((d.x * b.y - d.y * b.x) / det, (a.x * d.y - a.y * d.x) / det)
            };
            let pts = [
                seen.min,
                Point::new(seen.max.x, seen.min.y),
                seen.max,
                Point::new(seen.min.x, seen.max.y),
            ]
            .map(to_image);
            let lo = pts.iter().fold(Point::splat(f32::MAX), |m, p| m.min(*p));
            let hi = pts.iter().fold(Point::splat(f32::MIN), |m, p| m.max(*p));
            let lo = lo.max(Point::ZERO);
            let hi = hi.min(Point::new(fw, fh));
            if lo.x < hi.x && lo.y < hi.y {
                range = Some((lo, hi));
            }
        }
        let tiles_of = |level: usize, lo: Point, hi: Point| {
            let span = (TILE_PX << level) as f32;
            let t0 = (lo / span).floor();
            let t1 = ((hi - Point::splat(1e-3)) / span).floor();
            (t0.x as u32, t0.y as u32, t1.x as u32, t1.y as u32)
        };
        let mut want = Vec::new();
        if let Some((lo, hi)) = range {
            let mut r = tiles_of(level, lo, hi);
            while level < top && (r.2 - r.0 + 1) * (r.3 - r.1 + 1) > MAX_TILES_IN_VIEW {
                level += 1;
                r = tiles_of(level, lo, hi);
            }
            for ty in r.1..=r.3 {
                for tx in r.0..=r.2 {
                    want.push((level, tx, ty));
                }
            }
        }
        // The coarsest level (one tile) always lies under the rest.
        let mut out = Vec::with_capacity(want.len() + 1);
        let mut complete = true;
        let mut uploads = 0;
        let coarse = (top, 0, 0);
        for key in std::iter::once(coarse).chain(want.into_iter().filter(|k| *k != coarse)) {
            let texture = match self.textures.get_mut(&key) {
                Some((t, used)) => {
                    *used = self.frame;
                    t.id()
                }
                None if uploads < UPLOADS_PER_FRAME || key == coarse => {
                    let Some(img) = pyramid.tile(key.0, key.1, key.2) else {
                        continue;
                    };
                    uploads += 1;
                    let name = format!("background-{}-{}-{}", key.0, key.1, key.2);
                    let t = ctx.load_texture(name, img, TextureOptions::LINEAR);
                    let id = t.id();
                    self.textures.insert(key, (t, self.frame));
                    id
                }
                None => {
                    complete = false;
                    continue;
                }
            };
            let span = (TILE_PX << key.0) as f32;
            let part = [
                key.1 as f32 * span / fw,
                key.2 as f32 * span / fh,
                ((key.1 + 1) as f32 * span).min(level_extent(w, key.0)) / fw,
                ((key.2 + 1) as f32 * span).min(level_extent(h, key.0)) / fh,
            ];
            out.push(BgTile { texture, part });
        }
        if self.textures.len() > MAX_TEXTURES {
            let mut by_age: Vec<_> = self
                .textures
                .iter()
                .filter(|(k, (_, used))| *used < self.frame && **k != coarse)
                .map(|(k, (_, used))| (*used, *k))
                .collect();
            by_age.sort_unstable();
            let excess = self.textures.len() - MAX_TEXTURES;
            for (_, k) in by_age.into_iter().take(excess) {
                self.textures.remove(&k);
            }
        }
        (out, complete)
    }
}

/// How far a level's pixels reach, in full-size pixels (a level's last pixel may stand for
/// fewer than its share when the size is odd).
fn level_extent(full: u32, level: usize) -> f32 {
    let mut n = full;
    for _ in 0..level {
        n = n.div_ceil(2);
    }
    (n << level) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pyramid_halves_down_to_one_tile_and_the_view_takes_only_its_tiles() {
        let full = RgbaImage::from_pixel(3000, 1100, image::Rgba([10, 20, 30, 255]));
        let p = Pyramid::build(full);
        let sizes: Vec<_> = p.levels.iter().map(|l| l.dimensions()).collect();
        assert_eq!(
            sizes,
            vec![(3000, 1100), (1500, 550), (750, 275), (375, 138)]
        );
        let ctx = Context::default();
        let mut tiles = BackgroundTiles::ready(Vec::new().into(), p);
        // The image over 300 x 110 map units; zoomed so one image pixel is a screen pixel.
        let corners = [
            Point::ZERO,
            Point::new(300.0, 0.0),
            Point::new(300.0, 110.0),
            Point::new(0.0, 110.0),
        ];
        let view = View {
            zoom: 10.0,
            origin: egui::Pos2::ZERO,
        };
        let clip = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(600.0, 400.0));
        let (first, complete) = tiles.tiles(&ctx, corners, &view, clip);
        // The coarsest tile, then the two full-size tiles the 600 x 400 view covers.
        assert_eq!(first.len(), 3, "{first:?}");
        assert!(complete);
        assert_eq!(first[0].part, [0.0, 0.0, 1.0, 1104.0 / 1100.0]);
        assert_eq!(first[1].part[2], 512.0 / 3000.0);
        // Zoomed far out, the coarse level alone.
        let far = View {
            zoom: 0.5,
            origin: egui::Pos2::ZERO,
        };
        let (coarse, _) = tiles.tiles(&ctx, corners, &far, clip);
        assert_eq!(coarse.len(), 1);
        assert_eq!(tiles.textures(), 3);
    }
}
