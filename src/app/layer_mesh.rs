//! The static layer's merged mesh (a hex map's cells and hexsides, a table's cloth and terrain
//! areas), prepared so that a frame hands egui only what it needs.
//!
//! egui's tessellator copies every vertex of every mesh into one output buffer each frame, so
//! the cost of a frame follows the vertex count, and a buffer of several megabytes allocated
//! afresh every frame also pays the kernel's page faults (on a 40,000-hex map that was most of
//! a 7 ms frame). Two answers:
//! - the mesh is cut into tiles with their bounds, and only tiles in view are drawn, so a
//!   zoomed-in view copies what it shows;
//! - a large mesh is also drawn once into an image, shown as one textured rectangle while
//!   zoomed out far enough that its texels are no larger than screen pixels. The image is made
//!   from the same triangles and colours, so the map looks the same at the switch.
//!
//! An edit that only recolours triangles (painted hexes) changes the colours of their vertices
//! in the tiles in place, and draws again only the patch of the image they cover: a texel's
//! colour depends only on the triangles over its centre, so the patch is exactly what drawing
//! the whole image again would give.

use super::view::View;
use egui::epaint::{self, Color32, ColorImage, Pos2, Rect, Shape, TextureHandle};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The map's shapes in paint order, each with the rectangle it is clipped to (`None`: the
/// canvas), cut to the canvas when painted.
///
/// Why tiles carry their own: epaint gathers consecutive shapes of one clip rectangle into a
/// single mesh that grows by doubling, so a map's tiles appended one after another (and the
/// labels after them) made it copy the whole map several times a frame into freshly faulted
/// memory. A tile clipped to its own bounds gets a mesh of its own, allocated once at its size.
pub type MapShapes = Vec<(Option<Rect>, Shape)>;

/// Vertices per tile, about: small enough to cull a zoomed-in view finely, large enough that
/// a whole map is a few dozen shapes.
const TILE_VERTICES: usize = 8_192;
/// Meshes with fewer vertices are never rasterised (a sample map is drawn as triangles).
const RASTER_MIN_VERTICES: usize = 60_000;
/// The image's longer side, in texels.
const RASTER_MAX_SIDE: usize = 2_048;
/// The image is shown while one texel covers at most this many screen points.
const RASTER_MAX_TEXEL_PT: f32 = 1.5;

/// A merged mesh in map units, tiled, and rasterised when large.
pub struct LayerMesh {
    /// Shared with the worker that draws the image; each tile shared too, so recolouring one
    /// copies that tile alone while the worker still draws from the old ones.
    tiles: Arc<Vec<(Rect, Arc<epaint::Mesh>)>>,
    /// The index in the source mesh of each tile's first triangle (tiles are runs of
    /// consecutive triangles).
    starts: Vec<usize>,
    raster: RasterState,
    vertices: usize,
    /// Map units per texel of the image, were it drawn.
    texel: f32,
}

/// The image of a large mesh. It is drawn on a worker thread (about 30 ms for a 200 x 200 hex
/// map), so an edit's frame pays only for the tiles; until it is ready the tiles are drawn.
/// It is started only when a view zoomed out far enough to show it asks for it.
enum RasterState {
    /// Too small to need one.
    None,
    /// Not started.
    Waiting,
    /// Being drawn; the flag, once set, tells the worker to give up (the mesh changed, or
    /// the layer was dropped), so that edits in a row do not pile up workers.
    Drawing(std::thread::JoinHandle<Option<Raster>>, Arc<AtomicBool>),
    Ready {
        texture: TextureHandle,
        rect: Rect,
        /// The image as uploaded, kept to draw patches of it again, and its texel.
        image: Arc<ColorImage>,
        texel: f32,
    },
}

/// The mesh drawn into an image covering `rect` (map units).
struct Raster {
    image: ColorImage,
    rect: Rect,
    /// Map units per texel.
    texel: f32,
}

impl LayerMesh {
    pub fn new(mesh: epaint::Mesh) -> LayerMesh {
        let (tiles, starts) = tiles(&mesh, TILE_VERTICES);
        let tiles = Arc::new(tiles);
        let vertices = mesh.vertices.len();
        let all = tiles.iter().fold(Rect::NOTHING, |a, (b, _)| a.union(*b));
        LayerMesh {
            starts,
            texel: all.width().max(all.height()) / RASTER_MAX_SIDE as f32,
            tiles,
            raster: if vertices >= RASTER_MIN_VERTICES {
                RasterState::Waiting
            } else {
                RasterState::None
            },
            vertices,
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.vertices
    }

    /// Whether `view` is zoomed out far enough to show the image.
    fn far(&self, view: &View) -> bool {
        self.texel * view.zoom <= RASTER_MAX_TEXEL_PT
    }

    /// Starts drawing the image when `view` would show it, or uploads it as a texture once it
    /// is drawn. True when the image has just become ready (shapes made before then are out
    /// of date).
    pub fn upload(&mut self, ctx: &egui::Context, view: &View) -> bool {
        match std::mem::replace(&mut self.raster, RasterState::None) {
            RasterState::Waiting if self.far(view) => {
                let c = ctx.clone();
                let tiles = Arc::clone(&self.tiles);
                let cancel = Arc::new(AtomicBool::new(false));
                let cancelled = Arc::clone(&cancel);
                let work = move || {
                    let meshes: Vec<&epaint::Mesh> = tiles.iter().map(|(_, m)| &**m).collect();
                    let r = rasterise(&meshes, RASTER_MAX_SIDE, &cancelled);
                    c.request_repaint();
                    r
                };
                self.raster = match std::thread::Builder::new()
                    .name("static layer image".into())
                    .spawn(work)
                {
                    Ok(h) => RasterState::Drawing(h, cancel),
                    // No thread to be had: the tiles will do.
                    Err(_) => RasterState::None,
                };
            }
            RasterState::Drawing(h, _) if h.is_finished() => {
                if let Ok(Some(r)) = h.join() {
                    let image = Arc::new(r.image);
                    self.raster = RasterState::Ready {
                        texture: ctx.load_texture(
                            "static layer",
                            Arc::clone(&image),
                            TEXTURE_OPTIONS,
                        ),
                        rect: r.rect,
                        image,
                        texel: r.texel,
                    };
                    return true;
                }
            }
            other => self.raster = other,
        }
        false
    }

    /// Whether an image is being drawn in the background.
    pub fn busy(&self) -> bool {
        matches!(self.raster, RasterState::Drawing(..))
    }

    /// Whether this view shows the image rather than the triangles.
    pub fn rastered(&self, view: &View) -> bool {
        matches!(self.raster, RasterState::Ready { .. }) && self.far(view)
    }

    /// The shapes for this view: the image, or the tiles that can be seen in `clip`, each
    /// with its bounds on the screen to be clipped to (see [`MapShapes`]).
    pub fn shapes(&self, out: &mut MapShapes, view: &View, clip: Rect) {
        let to_screen = |p: Pos2| view.to_screen(crate::geom::Point::new(p.x, p.y));
        if self.rastered(view)
            && let RasterState::Ready { texture, rect, .. } = &self.raster
        {
            let rect = Rect::from_min_max(to_screen(rect.min), to_screen(rect.max));
            out.push((
                None,
                Shape::image(
                    texture.id(),
                    rect,
                    Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
                    Color32::WHITE,
                ),
            ));
            return;
        }
        let seen = view.visible(clip);
        let seen = Rect::from_min_max(
            Pos2::new(seen.min.x, seen.min.y),
            Pos2::new(seen.max.x, seen.max.y),
        );
        for (bounds, tile) in self.tiles.iter() {
            if !bounds.intersects(seen) {
                continue;
            }
            let mut m = epaint::Mesh::clone(tile);
            for v in &mut m.vertices {
                v.pos = to_screen(v.pos);
            }
            let on_screen = Rect::from_min_max(to_screen(bounds.min), to_screen(bounds.max));
            // A pixel of slack: a shape's feathered edge reaches half a pixel past its bounds.
            out.push((Some(on_screen.expand(1.0)), Shape::mesh(m)));
        }
    }
}

impl LayerMesh {
    /// Gives the vertices of the source mesh's triangles in each run `(first, count, colour)`
    /// the colour, in the tiles and in the image (which is drawn again where they lie, or
    /// entirely in the background when they cover much of it).
    pub fn recolour(&mut self, runs: &[(usize, usize, Color32)]) {
        if runs.is_empty() {
            return;
        }
        let tiles = Arc::make_mut(&mut self.tiles);
        let mut touched = Rect::NOTHING;
        // Each run's bounds, for far-apart runs.
        let mut each = Vec::with_capacity(runs.len());
        for &(first, count, colour) in runs {
            let mut run = Rect::NOTHING;
            for t in first..first + count {
                // The tile holding source triangle `t`, and its place there.
                let k = self.starts.partition_point(|&s| s <= t).saturating_sub(1);
                let Some((_, tile)) = tiles.get_mut(k) else {
                    continue;
                };
                let local = t - self.starts[k];
                let mesh = Arc::make_mut(tile);
                let Some(tri) = mesh.indices.get(3 * local..3 * local + 3) else {
                    continue;
                };
                let tri = [tri[0], tri[1], tri[2]];
                for i in tri {
                    if let Some(v) = mesh.vertices.get_mut(i as usize) {
                        v.color = colour;
                        run.extend_with(v.pos);
                    }
                }
            }
            touched = touched.union(run);
            each.push(run);
        }
        if let RasterState::Ready {
            texture,
            rect,
            image,
            texel,
        } = &mut self.raster
        {
            let at = || Placed {
                origin: rect.min,
                texel: *texel,
            };
            if touched.area() * PATCH_SHARE <= rect.area() {
                patch(texture, image, at(), &self.tiles, touched);
            } else if each.len() <= PATCH_RUNS {
                // A few far apart: a patch each.
                for r in each {
                    patch(texture, image, at(), &self.tiles, r);
                }
            } else {
                // A fill of much of the map: drawn again in the background, the tiles shown
                // until it is ready.
                self.raster = RasterState::Waiting;
            }
        } else if let RasterState::Drawing(_, cancel) = &self.raster {
            // Drawing from the old colours: start again.
            cancel.store(true, Ordering::Relaxed);
            self.raster = RasterState::Waiting;
        }
    }
}

#[cfg(test)]
impl LayerMesh {
    /// Every vertex of the tiles, in order.
    pub(super) fn vertices(&self) -> Vec<epaint::Vertex> {
        self.tiles
            .iter()
            .flat_map(|(_, m)| m.vertices.clone())
            .collect()
    }

    /// The image, once uploaded.
    pub(super) fn image(&self) -> Option<Arc<ColorImage>> {
        match &self.raster {
            RasterState::Ready { image, .. } => Some(Arc::clone(image)),
            _ => None,
        }
    }
}

impl Drop for LayerMesh {
    fn drop(&mut self) {
        if let RasterState::Drawing(_, cancel) = &self.raster {
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// Changes within one patch this share of the image (or smaller) are drawn again at once.
const PATCH_SHARE: f32 = 16.0;
/// Up to this many runs far apart are patched one by one.
const PATCH_RUNS: usize = 64;

/// Texture options of a layer's image: mipmapped, so a far view is smooth.
const TEXTURE_OPTIONS: egui::TextureOptions = egui::TextureOptions {
    mipmap_mode: Some(egui::TextureFilter::Linear),
    ..egui::TextureOptions::LINEAR
};

/// Where an image lies on the map: its top left corner and its texel, in map units.
struct Placed {
    origin: Pos2,
    texel: f32,
}

/// Draws the texels of `image` under `area` (map units) again from `tiles`, and sends them to
/// `texture`.
fn patch(
    texture: &mut TextureHandle,
    image: &mut Arc<ColorImage>,
    at: Placed,
    tiles: &[(Rect, Arc<epaint::Mesh>)],
    area: Rect,
) {
    let [w, h] = image.size;
    if w == 0 || h == 0 || !area.is_finite() {
        return;
    }
    let Placed { origin, texel } = at;
    let rect = Rect::from_min_size(origin, egui::vec2(w as f32, h as f32) * texel);
    // A texel of margin: a texel whose centre a moved edge crosses belongs to the patch.
    let x0 = (((area.min.x - rect.min.x) / texel).floor() - 1.0).clamp(0.0, w as f32) as usize;
    let y0 = (((area.min.y - rect.min.y) / texel).floor() - 1.0).clamp(0.0, h as f32) as usize;
    let x1 = (((area.max.x - rect.min.x) / texel).ceil() + 1.0).clamp(0.0, w as f32) as usize;
    let y1 = (((area.max.y - rect.min.y) / texel).ceil() + 1.0).clamp(0.0, h as f32) as usize;
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let img = Arc::make_mut(image);
    for y in y0..y1 {
        img.pixels[y * w + x0..y * w + x1].fill(Color32::TRANSPARENT);
    }
    let clip = [x0, y0, x1, y1];
    let seen = Rect::from_min_max(
        rect.min + egui::vec2(x0 as f32, y0 as f32) * texel,
        rect.min + egui::vec2(x1 as f32, y1 as f32) * texel,
    );
    let mut target = Target {
        pixels: &mut img.pixels,
        w,
        h,
        origin,
        texel,
    };
    for (b, tile) in tiles {
        if !b.intersects(seen) {
            continue;
        }
        for vs in tile
            .indices
            .chunks_exact(3)
            .filter_map(|t| triangle(tile, t))
        {
            let b = bounds(vs.iter().map(|v| v.pos));
            if b.intersects(seen) {
                target.draw(vs, clip);
            }
        }
    }
    let mut part = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        part.extend_from_slice(&img.pixels[y * w + x0..y * w + x1]);
    }
    texture.set_partial(
        [x0, y0],
        ColorImage::new([x1 - x0, y1 - y0], part),
        TEXTURE_OPTIONS,
    );
}

/// Bounds of a set of points (`Rect::NOTHING` when empty).
fn bounds(points: impl Iterator<Item = Pos2>) -> Rect {
    let mut r = Rect::NOTHING;
    for p in points {
        r.extend_with(p);
    }
    r
}

/// `mesh` cut into runs of consecutive triangles of about `per_tile` vertices each, with their
/// bounds, and the index in `mesh` of each run's first triangle. Consecutive, so that paint
/// order is kept exactly (a river drawn over the cells it crosses, a wood over the cloth); a
/// map's cells are laid down row by row, so the runs are bands that a zoomed-in view culls.
fn tiles(mesh: &epaint::Mesh, per_tile: usize) -> (Vec<(Rect, Arc<epaint::Mesh>)>, Vec<usize>) {
    let mut out: Vec<(usize, epaint::Mesh)> = Vec::new();
    // Where each source vertex went: (tile + 1, index), 0 = not yet copied.
    let mut moved: Vec<(u32, u32)> = vec![(0, 0); mesh.vertices.len()];
    for (k, tri) in mesh.indices.chunks_exact(3).enumerate() {
        let Some(vs) = triangle(mesh, tri) else {
            // Out of range: drawn as nothing, and a tile of its own keeps the count of the
            // triangles after it (see `LayerMesh::recolour`).
            out.push((k + 1, epaint::Mesh::default()));
            continue;
        };
        if out
            .last()
            .is_none_or(|(_, m)| m.vertices.len() >= per_tile.max(3))
        {
            out.push((k, epaint::Mesh::default()));
        }
        let t = out.len() as u32;
        let Some((_, m)) = out.last_mut() else {
            continue;
        };
        for (&i, v) in tri.iter().zip(vs) {
            let slot = &mut moved[i as usize];
            if slot.0 != t {
                *slot = (t, m.vertices.len() as u32);
                m.vertices.push(*v);
            }
            m.indices.push(slot.1);
        }
    }
    out.into_iter()
        .filter(|(_, m)| !m.indices.is_empty())
        .map(|(k, m)| ((bounds(m.vertices.iter().map(|v| v.pos)), Arc::new(m)), k))
        .unzip()
}

/// `meshes` (in paint order) drawn into an image whose longer side is `max_side` texels: each
/// pixel centre takes the colour of the triangles covering it (interpolated between their
/// vertices, blended over what is below in paint order). `None` when there is nothing to draw.
/// Gives up (`None`) once `cancel` is set.
fn rasterise(meshes: &[&epaint::Mesh], max_side: usize, cancel: &AtomicBool) -> Option<Raster> {
    let rect = bounds(meshes.iter().flat_map(|m| m.vertices.iter().map(|v| v.pos)));
    if !rect.is_positive() || max_side == 0 {
        return None;
    }
    let texel = rect.width().max(rect.height()) / max_side as f32;
    let w = ((rect.width() / texel).ceil() as usize).clamp(1, max_side);
    let h = ((rect.height() / texel).ceil() as usize).clamp(1, max_side);
    // The image covers exactly w x h texels from the top left of the bounds.
    let rect = Rect::from_min_size(rect.min, egui::vec2(w as f32 * texel, h as f32 * texel));
    let mut pixels = vec![Color32::TRANSPARENT; w * h];
    let mut target = Target {
        pixels: &mut pixels,
        w,
        h,
        origin: rect.min,
        texel,
    };
    for m in meshes {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        for vs in m.indices.chunks_exact(3).filter_map(|t| triangle(m, t)) {
            target.draw(vs, [0, 0, w, h]);
        }
    }
    Some(Raster {
        image: ColorImage::new([w, h], pixels),
        rect,
        texel,
    })
}

/// An image being drawn: `w` x `h` texels of side `texel` map units from `origin`.
struct Target<'a> {
    pixels: &'a mut [Color32],
    w: usize,
    h: usize,
    origin: Pos2,
    texel: f32,
}

impl Target<'_> {
    /// Draws one triangle over what is below, on the texels in `clip` (`[x0, y0, x1, y1]`,
    /// ends excluded): each texel whose centre it covers takes its colour, interpolated between
    /// its vertices and blended over what is there.
    fn draw(&mut self, vs: [&epaint::Vertex; 3], clip: [usize; 4]) {
        let (w, h) = (self.w, self.h);
        let to_texel = |p: Pos2| {
            (
                (p.x - self.origin.x) / self.texel,
                (p.y - self.origin.y) / self.texel,
            )
        };
        let p = [
            to_texel(vs[0].pos),
            to_texel(vs[1].pos),
            to_texel(vs[2].pos),
        ];
        let area = edge(p[0], p[1], p[2]);
        if area.abs() < 1e-12 {
            return;
        }
        let flat = vs[0].color == vs[1].color && vs[1].color == vs[2].color;
        let min_y =
            (p.iter().map(|q| q.1).fold(f32::INFINITY, f32::min).max(0.0) as usize).max(clip[1]);
        let max_y = (p
            .iter()
            .map(|q| q.1)
            .fold(f32::NEG_INFINITY, f32::max)
            .max(0.0) as usize
            + 1)
        .min(h)
        .min(clip[3]);
        // Each edge as a bound on x along the row at height cy: inside where
        // s * x + u * cy + v >= 0, that is x >= or <= k * (u * cy + v) with k = -1 / s.
        let bounds = [(p[1], p[2]), (p[2], p[0]), (p[0], p[1])].map(|(a, b)| {
            let s = -(b.1 - a.1) / area;
            let u = (b.0 - a.0) / area;
            let v = (-(b.0 - a.0) * a.1 + (b.1 - a.1) * a.0) / area;
            (s, if s != 0.0 { -1.0 / s } else { 0.0 }, u, v)
        });
        let (x_lo, x_hi) = (clip[0] as f32, (clip[2].min(w) as f32) - 1.0);
        for y in min_y..max_y {
            // Pixel centres, nudged off the lattice so that a point on an edge shared by two
            // triangles (a square's diagonal) is inside exactly one of them.
            let cy = y as f32 + 0.5 + NUDGE.1;
            let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
            for (s, k, u, v) in bounds {
                let t = u * cy + v;
                if s > 0.0 {
                    lo = lo.max(k * t);
                } else if s < 0.0 {
                    hi = hi.min(k * t);
                } else if t < 0.0 {
                    hi = f32::NEG_INFINITY;
                }
            }
            let first = ceil(lo - 0.5 - NUDGE.0).max(x_lo);
            let last = floor(hi - 0.5 - NUDGE.0).min(x_hi);
            if first.partial_cmp(&last).is_none_or(|o| o.is_gt()) {
                continue;
            }
            let row = &mut self.pixels[y * w + first as usize..=y * w + last as usize];
            if flat && vs[0].color.a() == 255 {
                row.fill(vs[0].color);
            } else if flat {
                for dst in row {
                    *dst = over(vs[0].color, *dst);
                }
            } else {
                let colours = [vs[0].color, vs[1].color, vs[2].color];
                for (dst, x) in row.iter_mut().zip(first as usize..) {
                    let c = (x as f32 + 0.5 + NUDGE.0, cy);
                    let w0 = edge(p[1], p[2], c) / area;
                    let w1 = edge(p[2], p[0], c) / area;
                    let w2 = (1.0 - w0 - w1).max(0.0);
                    *dst = over(mix(&colours, [w0, w1, w2]), *dst);
                }
            }
        }
    }
}

/// The three vertices of a triangle, if its indices are in range.
fn triangle<'m>(mesh: &'m epaint::Mesh, tri: &[u32]) -> Option<[&'m epaint::Vertex; 3]> {
    let v = |k: usize| mesh.vertices.get(*tri.get(k)? as usize);
    Some([v(0)?, v(1)?, v(2)?])
}

/// `f32::floor` and `f32::ceil` without a call into libm (the baseline x86-64 target has no
/// rounding instruction, and these run once per row of every triangle). Infinite and NaN
/// inputs saturate, as `as` does.
fn floor(v: f32) -> f32 {
    let t = v as i64 as f32;
    if t > v { t - 1.0 } else { t }
}

fn ceil(v: f32) -> f32 {
    -floor(-v)
}

/// Off the texel lattice and off its diagonals.
const NUDGE: (f32, f32) = (1.0 / 1024.0, 1.0 / 4096.0);

/// Twice the signed area of (a, b, c).
fn edge(a: (f32, f32), b: (f32, f32), c: (f32, f32)) -> f32 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Premultiplied colours mixed by barycentric weights.
fn mix(c: &[Color32; 3], w: [f32; 3]) -> Color32 {
    let ch = |k: usize| {
        (c[0].to_array()[k] as f32 * w[0]
            + c[1].to_array()[k] as f32 * w[1]
            + c[2].to_array()[k] as f32 * w[2])
            .round()
            .clamp(0.0, 255.0) as u8
    };
    Color32::from_rgba_premultiplied(ch(0), ch(1), ch(2), ch(3))
}

/// `src` over `dst`, both premultiplied.
fn over(src: Color32, dst: Color32) -> Color32 {
    let a = src.a();
    if a == 255 {
        return src;
    }
    let keep = 255 - a as u32;
    let ch = |s: u8, d: u8| (s as u32 + (d as u32 * keep + 127) / 255).min(255) as u8;
    Color32::from_rgba_premultiplied(
        ch(src.r(), dst.r()),
        ch(src.g(), dst.g()),
        ch(src.b(), dst.b()),
        ch(src.a(), dst.a()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(m: &mut epaint::Mesh, x: f32, y: f32, s: f32, c: Color32) {
        let b = m.vertices.len() as u32;
        for p in [(x, y), (x + s, y), (x + s, y + s), (x, y + s)] {
            m.colored_vertex(Pos2::new(p.0, p.1), c);
        }
        m.add_triangle(b, b + 1, b + 2);
        m.add_triangle(b, b + 2, b + 3);
    }

    /// A 100 x 100 checkerboard of unit squares: 40,000 vertices.
    fn board() -> epaint::Mesh {
        let mut m = epaint::Mesh::default();
        for y in 0..100 {
            for x in 0..100 {
                let c = if (x + y) % 2 == 0 {
                    Color32::RED
                } else {
                    Color32::BLUE
                };
                square(&mut m, x as f32, y as f32, 1.0, c);
            }
        }
        m
    }

    #[test]
    fn tiles_keep_every_triangle_once_in_paint_order_within_their_bounds() {
        let m = board();
        let (t, _) = tiles(&m, 4_096);
        assert!(t.len() > 4, "{} tiles", t.len());
        // The triangles, tile after tile, are the mesh's triangles in order.
        let corners = |m: &epaint::Mesh| {
            m.indices
                .iter()
                .map(|&i| (m.vertices[i as usize].pos, m.vertices[i as usize].color))
                .collect::<Vec<_>>()
        };
        let joined: Vec<_> = t.iter().flat_map(|(_, m)| corners(m)).collect();
        assert_eq!(joined, corners(&m));
        for (b, tile) in &t {
            assert!(tile.is_valid());
            assert!(tile.vertices.iter().all(|v| b.expand(1e-4).contains(v.pos)));
        }
    }

    #[test]
    fn raster_pixels_take_the_colour_of_the_square_below() {
        let r = rasterise(&[&board()], 400, &AtomicBool::new(false)).expect("raster");
        let img = r.image;
        assert_eq!(img.size, [400, 400]);
        // 4 texels per square: the texel at the centre of square (x, y).
        for (x, y) in [(0, 0), (1, 0), (37, 52), (99, 99)] {
            let want = if (x + y) % 2 == 0 {
                Color32::RED
            } else {
                Color32::BLUE
            };
            assert_eq!(
                img.pixels[(y * 4 + 2) * 400 + x * 4 + 2],
                want,
                "square {x},{y}"
            );
        }
    }

    #[test]
    fn translucent_triangles_blend_over_what_is_below() {
        let mut m = epaint::Mesh::default();
        square(&mut m, 0.0, 0.0, 2.0, Color32::WHITE);
        square(&mut m, 0.0, 0.0, 1.0, Color32::from_black_alpha(128));
        let img = rasterise(&[&m], 2, &AtomicBool::new(false))
            .expect("raster")
            .image;
        assert_eq!(img.pixels[0], Color32::from_gray(127));
        assert_eq!(img.pixels[1], Color32::WHITE);
    }

    #[test]
    fn only_tiles_in_view_are_drawn_and_far_views_use_the_image() {
        let mut big = epaint::Mesh::default();
        for y in 0..160 {
            for x in 0..160 {
                square(&mut big, x as f32, y as f32, 1.0, Color32::GREEN);
            }
        }
        let mut layer = LayerMesh::new(big.clone());
        assert!(!layer.busy());
        let clip = Rect::from_min_size(Pos2::ZERO, egui::vec2(200.0, 200.0));
        // 20 points per square: a 10 x 10 corner of the map is in view.
        let near = View {
            origin: Pos2::ZERO,
            zoom: 20.0,
        };
        let mut out = Vec::new();
        layer.shapes(&mut out, &near, clip);
        let drawn: usize = out
            .iter()
            .map(|(_, s)| match s {
                Shape::Mesh(m) => m.vertices.len(),
                _ => 0,
            })
            .sum();
        // Bands of about 13 rows: the first is drawn, the eleven others are culled.
        assert!(
            drawn > 0 && drawn <= big.vertices.len() / 10,
            "{drawn} vertices drawn"
        );
        // Zoomed out, before the texture exists: still triangles.
        let far = View {
            origin: Pos2::ZERO,
            zoom: 1.0,
        };
        assert!(!layer.rastered(&far));
        // A near view does not start the image; a far one does, in the background.
        let ctx = egui::Context::default();
        layer.upload(&ctx, &near);
        assert!(!layer.busy() && !layer.rastered(&far));
        let start = std::time::Instant::now();
        while !layer.rastered(&far) && start.elapsed().as_secs() < 60 {
            layer.upload(&ctx, &far);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        assert!(layer.rastered(&far) && !layer.busy());
        assert!(!layer.rastered(&near));
        let mut out = Vec::new();
        layer.shapes(&mut out, &far, clip);
        assert!(matches!(out.as_slice(), [(None, Shape::Mesh(m))] if m.vertices.len() == 4));
    }
}
