//! Scene items as egui shapes on the canvas. The static layer's meshes are merged once per
//! scenario change into one mesh in map units, not rebuilt per frame; `layer_mesh` then hands
//! egui only the bands of it in view, or one textured rectangle when zoomed out, because egui
//! copies every vertex it is given every frame.

use super::layer_mesh::{LayerMesh, MapShapes};
use super::view::View;
use crate::geom::{Aabb, Point};
use crate::model::Colour;
use crate::scene::{Anchor, Item, Scene, Size, Stroke};
use egui::epaint::{self, FontsView, PathShape, PathStroke, TextureId};
use egui::{Align2, Color32, FontId, Pos2, Rect, Shape};

pub fn colour(c: Colour) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

/// Text smaller than this many screen points is not drawn (unreadable anyway).
const MIN_TEXT_PT: f32 = 5.0;
/// Gives every section of `job` the light backing of [`TEXT_BACKING`].
fn back(job: &mut egui::text::LayoutJob) {
    for section in &mut job.sections {
        section.format.background = TEXT_BACKING;
        section.format.expand_bg = 2.0;
    }
}

/// `t` laid out again on the light backing, where it stands.
pub(super) fn on_backing(fonts: &mut FontsView<'_>, t: &epaint::TextShape) -> Shape {
    let mut job = (*t.galley.job).clone();
    back(&mut job);
    Shape::galley(t.pos, fonts.layout_job(job), t.fallback_color)
}

/// Behind the map's texts that must read over any ground (a ruler's numbers, a preview's
/// labels, over jungle or off the table's edge): about the map labels' light backing.
const TEXT_BACKING: Color32 = Color32::from_rgba_premultiplied(214, 214, 210, 216);
/// Items smaller than this many screen points are drawn as plain fills.
const SMALL_PT: f32 = 4.0;
/// Items up to this many screen points across are drawn as batched low-polygon shapes.
const MEDIUM_PT: f32 = 24.0;

/// A run of the static layer: consecutive meshes merged into one, or other items kept as
/// they are, in paint order.
enum Run {
    Mesh(LayerMesh),
    Items(Vec<Item>),
}

/// A tile of the background image on the canvas (see `app::background`): its texture and the
/// part of the whole image it shows (`[u0, v0, u1, v1]`, 0 to 1 across the image).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BgTile {
    pub texture: TextureId,
    pub part: [f32; 4],
}

/// The static layer, prepared for painting: consecutive meshes are merged (a hex map's cells
/// and hexsides become one mesh) in map units and only transformed each frame.
pub struct StaticLayer {
    runs: Vec<Run>,
    pub bounds: Aabb,
    /// Where a hex map's cells are, to paint hexes without drawing the layer again.
    cells: Option<Cells>,
}

/// A hex map's cells in the static layer: `scene::static_layer` lays them down as the first
/// mesh, after the grid's backing, one six-corner fan (four triangles) per hex in the grid's
/// order, each in its terrain's colour.
struct Cells {
    /// The run of merged meshes holding them, and the index there of the first cell's first
    /// triangle.
    run: usize,
    first: usize,
    /// What the layer was drawn from: an edit that changes only the terrain of hexes
    /// recolours their cells.
    ground: Ground,
}

/// The parts of a scenario a hex map's static layer is drawn from.
#[derive(Clone, PartialEq)]
struct Ground {
    map: crate::model::HexMap,
    terrain_types: Vec<crate::model::TerrainType>,
    /// The background image as drawn: its opacity, its size and where it lies (a calibration
    /// or a nudge moves it, which recolouring the cells would not show).
    background: Option<(u32, (u32, u32), Option<crate::model::ImagePlacement>)>,
    /// What of the scene's style it shows: the grid (the gap between cells), hex numbers.
    style: (bool, bool),
}

impl Ground {
    fn of(s: &crate::model::Scenario, style: &crate::scene::Style) -> Option<Ground> {
        Some(Ground {
            map: s.map.as_hex()?.clone(),
            terrain_types: s.terrain_types.clone(),
            background: background_drawn(s),
            style: (style.grid, style.coordinates),
        })
    }
}

/// What of the background image the static layer draws (see `Ground::background`).
fn background_drawn(
    s: &crate::model::Scenario,
) -> Option<(u32, (u32, u32), Option<crate::model::ImagePlacement>)> {
    let b = s.background.as_ref()?;
    Some((b.opacity.to_bits(), (b.width_px, b.height_px), b.placement))
}

/// Triangles of one hex's cell.
const CELL_TRIANGLES: usize = 4;

impl StaticLayer {
    /// The layer of `scene`, drawn by `scene::static_layer` from `s` in `style`.
    pub fn new(
        scene: &Scene,
        s: &crate::model::Scenario,
        style: &crate::scene::Style,
    ) -> StaticLayer {
        let mut layer = StaticLayer::merged(scene);
        layer.cells = StaticLayer::find_cells(scene, s, style);
        layer
    }

    /// Where the cells of a hex map's scene are (see `Cells`); `None` when the scene does not
    /// hold them as expected.
    fn find_cells(
        scene: &Scene,
        s: &crate::model::Scenario,
        style: &crate::scene::Style,
    ) -> Option<Cells> {
        let ground = Ground::of(s, style)?;
        let n = ground.map.terrain.len();
        // The run of the first mesh is the first run of meshes.
        let mut run = 0;
        for item in &scene.items {
            match item {
                Item::Mesh(m) => {
                    let triangles = m.indices.len() / 3;
                    let cells = triangles.checked_sub(n * CELL_TRIANGLES)?;
                    return Some(Cells {
                        run,
                        first: cells,
                        ground,
                    });
                }
                _ => run = 1,
            }
        }
        None
    }

    /// Brings the layer up to `s` in `style`: when only the terrain of hexes changed, their
    /// cells are recoloured in place (and the image patched); otherwise the layer is made
    /// again from `scene()`.
    pub fn update(
        &mut self,
        s: &crate::model::Scenario,
        style: &crate::scene::Style,
        scene: impl FnOnce() -> Scene,
    ) {
        if !self.recolour(s, style) {
            *self = StaticLayer::new(&scene(), s, style);
        }
    }

    /// Recolours the cells of the hexes whose terrain changed; false when anything else did.
    fn recolour(&mut self, s: &crate::model::Scenario, style: &crate::scene::Style) -> bool {
        let (Some(cells), Some(h)) = (&mut self.cells, s.map.as_hex()) else {
            return false;
        };
        let g = &cells.ground;
        let same = g.map.orientation == h.orientation
            && g.map.hex_size_mm == h.hex_size_mm
            && g.map.shape == h.shape
            && g.map.terrain.len() == h.terrain.len()
            && g.map.hexsides == h.hexsides
            && g.terrain_types == s.terrain_types
            && g.background == background_drawn(s)
            && g.style == (style.grid, style.coordinates);
        let Some(Run::Mesh(mesh)) = self.runs.get_mut(cells.run) else {
            return false;
        };
        if !same {
            return false;
        }
        let colours: std::collections::HashMap<_, _> = s
            .terrain_types
            .iter()
            .map(|t| (t.id, colour(t.colour)))
            .collect();
        let runs: Vec<(usize, usize, Color32)> = g
            .map
            .terrain
            .iter()
            .zip(&h.terrain)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (_, t))| {
                let c = colours
                    .get(t)
                    .copied()
                    .unwrap_or(colour(crate::scene::ink::WHITE));
                (cells.first + i * CELL_TRIANGLES, CELL_TRIANGLES, c)
            })
            .collect();
        mesh.recolour(&runs);
        cells.ground.map.terrain.clone_from(&h.terrain);
        true
    }

    /// The layer of `scene` with its consecutive meshes merged.
    fn merged(scene: &Scene) -> StaticLayer {
        /// A run being gathered: meshes are merged before they become a `LayerMesh`.
        enum Gather {
            Mesh(epaint::Mesh),
            Items(Vec<Item>),
        }
        let mut runs: Vec<Gather> = Vec::new();
        for item in &scene.items {
            match item {
                Item::Mesh(m) => {
                    if !matches!(runs.last(), Some(Gather::Mesh(_))) {
                        runs.push(Gather::Mesh(epaint::Mesh::default()));
                    }
                    let Some(Gather::Mesh(mesh)) = runs.last_mut() else {
                        continue;
                    };
                    let base = mesh.vertices.len() as u32;
                    for (p, c) in m.positions.iter().zip(&m.colours) {
                        mesh.vertices.push(epaint::Vertex {
                            pos: Pos2::new(p.x, p.y),
                            uv: epaint::WHITE_UV,
                            color: colour(*c),
                        });
                    }
                    mesh.indices.extend(m.indices.iter().map(|i| base + i));
                }
                other => {
                    if !matches!(runs.last(), Some(Gather::Items(_))) {
                        runs.push(Gather::Items(Vec::new()));
                    }
                    if let Some(Gather::Items(items)) = runs.last_mut() {
                        items.push(other.clone());
                    }
                }
            }
        }
        StaticLayer {
            runs: runs
                .into_iter()
                .map(|r| match r {
                    Gather::Mesh(m) => Run::Mesh(LayerMesh::new(m)),
                    Gather::Items(i) => Run::Items(i),
                })
                .collect(),
            bounds: scene.bounds,
            cells: None,
        }
    }

    /// Whether an image of a large mesh is still being drawn in the background.
    pub fn busy(&self) -> bool {
        self.runs
            .iter()
            .any(|r| matches!(r, Run::Mesh(m) if m.busy()))
    }

    /// Starts (when `view` would show them) or uploads the images of large meshes (see
    /// `LayerMesh`); true when one has just become ready.
    pub fn upload(&mut self, ctx: &egui::Context, view: &View) -> bool {
        let mut ready = false;
        for run in &mut self.runs {
            if let Run::Mesh(m) = run {
                ready |= m.upload(ctx, view);
            }
        }
        ready
    }

    /// The layer's shapes for this view, in paint order.
    pub fn shapes(
        &self,
        out: &mut MapShapes,
        view: &View,
        clip: Rect,
        fonts: &mut FontsView<'_>,
        background: Option<&[BgTile]>,
    ) {
        for run in &self.runs {
            match run {
                Run::Mesh(m) => m.shapes(out, view, clip),
                Run::Items(items) => {
                    let mut shapes = Vec::new();
                    push_items(&mut shapes, items, view, clip, fonts, background);
                    out.extend(shapes.into_iter().map(|s| (None, s)));
                }
            }
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.runs
            .iter()
            .map(|r| match r {
                Run::Mesh(m) => m.vertex_count(),
                Run::Items(_) => 0,
            })
            .sum()
    }
}

fn size_pt(s: Size, view: &View) -> f32 {
    match s {
        Size::Map(v) => v * view.zoom,
        Size::Points(v) => v,
        Size::MapAtLeast {
            map, min_points, ..
        } => (map * view.zoom).max(min_points),
    }
}

fn path_stroke(s: &Stroke, view: &View) -> epaint::Stroke {
    epaint::Stroke::new(size_pt(s.width, view), colour(s.colour))
}

/// Batches small items into one mesh, in paint order: flushed before any other shape.
struct Batch {
    mesh: epaint::Mesh,
}

impl Batch {
    fn flush(&mut self, out: &mut Vec<Shape>) {
        if !self.mesh.is_empty() {
            out.push(Shape::mesh(std::mem::take(&mut self.mesh)));
        }
    }

    fn fan(&mut self, pts: &[Pos2], c: Color32) {
        let m = &mut self.mesh;
        let base = m.vertices.len() as u32;
        for p in pts {
            m.colored_vertex(*p, c);
        }
        for k in 1..pts.len().saturating_sub(1) as u32 {
            m.add_triangle(base, base + k, base + k + 1);
        }
    }

    /// A disc: a fill fan, then an outline band `width` wide in `edge` and a feathered rim.
    fn disc(&mut self, c: Pos2, r: f32, fill: Option<Color32>, edge: Option<(f32, Color32)>) {
        let m = &mut self.mesh;
        let units = unit_circle(r);
        if let Some(f) = fill {
            let base = m.vertices.len() as u32;
            for u in units {
                m.colored_vertex(c + *u * r, f);
            }
            for k in 1..units.len() as u32 - 1 {
                m.add_triangle(base, base + k, base + k + 1);
            }
        }
        let (w, ec) = match (edge, fill) {
            (Some(e), _) => (e.0.min(r), e.1),
            (None, Some(f)) => (0.0, f),
            (None, None) => return,
        };
        let clear = Color32::from_rgba_premultiplied(0, 0, 0, 0);
        let base = m.vertices.len() as u32;
        for u in units {
            m.colored_vertex(c + *u * (r - w), ec);
            m.colored_vertex(c + *u * r, ec);
            m.colored_vertex(c + *u * (r + 0.6), clear);
        }
        let n = units.len() as u32;
        for k in 0..n {
            let (a, b) = (base + 3 * k, base + 3 * ((k + 1) % n));
            m.add_triangle(a, a + 1, b + 1);
            m.add_triangle(a, b + 1, b);
            m.add_triangle(a + 1, a + 2, b + 2);
            m.add_triangle(a + 1, b + 2, b + 1);
        }
    }

    /// A straight band from `a` to `b`, `width` wide.
    fn segment(&mut self, a: Pos2, b: Pos2, width: f32, c: Color32) {
        let d = (b - a).normalized();
        let n = egui::vec2(-d.y, d.x) * (width * 0.5);
        self.fan(&[a + n, b + n, b - n, a - n], c);
    }

    /// A band along a closed outline, from the outline inward by `width` (towards `centre`),
    /// with an outer feather of `feather` points fading to transparent.
    fn ring(&mut self, pts: &[Pos2], centre: Pos2, width: f32, feather: f32, c: Color32) {
        let m = &mut self.mesh;
        let n = pts.len() as u32;
        let base = m.vertices.len() as u32;
        let clear = Color32::from_rgba_premultiplied(0, 0, 0, 0);
        for p in pts {
            let d = *p - centre;
            let len = d.length().max(1e-3);
            let dir = d / len;
            m.colored_vertex(*p - dir * width.min(len), c);
            m.colored_vertex(*p, c);
            m.colored_vertex(*p + dir * feather, clear);
        }
        for k in 0..n {
            let (a, b) = (base + 3 * k, base + 3 * ((k + 1) % n));
            m.add_triangle(a, a + 1, b + 1);
            m.add_triangle(a, b + 1, b);
            m.add_triangle(a + 1, a + 2, b + 2);
            m.add_triangle(a + 1, b + 2, b + 1);
        }
    }
}

/// Unit circles, as the polygons drawn for medium-sized discs of radius `r` points: fewer sides
/// for the smaller ones. A 10-gon strays at most 0.4 points inside a circle of radius 8, less
/// than its feathered rim, and saves a quarter of the vertices of a table full of bases.
fn unit_circle(r: f32) -> &'static [egui::Vec2] {
    fn polygon<const N: usize>() -> [egui::Vec2; N] {
        std::array::from_fn(|k| {
            let a = k as f32 * std::f32::consts::TAU / N as f32;
            egui::vec2(a.cos(), a.sin())
        })
    }
    static SMALL: std::sync::OnceLock<[egui::Vec2; 10]> = std::sync::OnceLock::new();
    static LARGE: std::sync::OnceLock<[egui::Vec2; 14]> = std::sync::OnceLock::new();
    if r < 8.0 {
        SMALL.get_or_init(polygon::<10>)
    } else {
        LARGE.get_or_init(polygon::<14>)
    }
}

/// Appends the shapes of `items` that can be seen in `clip`.
///
/// Level of detail: items less than `SMALL_PT` across are drawn as plain fills, and items up to
/// `MEDIUM_PT` as low-polygon fills with an outline ring, all batched into shared meshes; only
/// larger ones go through egui's feathered tessellation. A table of 5,000 bases then costs a
/// few meshes instead of 10,000 tessellated circles.
pub fn push_items(
    out: &mut Vec<Shape>,
    items: &[Item],
    view: &View,
    clip: Rect,
    fonts: &mut FontsView<'_>,
    background: Option<&[BgTile]>,
) {
    let visible = view.visible(clip.expand(4.0));
    let seen = |b: Aabb, pad: f32| {
        b.min.x - pad <= visible.max.x
            && b.max.x + pad >= visible.min.x
            && b.min.y - pad <= visible.max.y
            && b.max.y + pad >= visible.min.y
    };
    let s = |p: Point| view.to_screen(p);
    let extent = |b: &Aabb| (b.max.x - b.min.x).max(b.max.y - b.min.y) * view.zoom;
    let mut batch = Batch {
        mesh: epaint::Mesh::default(),
    };
    // Text goes above the shapes of its layer, so labels are never hidden under bases and
    // batches are not broken up by them.
    let mut texts = Vec::new();
    for item in items {
        match item {
            Item::Mesh(m) => {
                batch.flush(out);
                let mut mesh = epaint::Mesh::default();
                for (p, c) in m.positions.iter().zip(&m.colours) {
                    mesh.vertices.push(epaint::Vertex {
                        pos: s(*p),
                        uv: epaint::WHITE_UV,
                        color: colour(*c),
                    });
                }
                mesh.indices.extend_from_slice(&m.indices);
                out.push(Shape::mesh(mesh));
            }
            Item::Line {
                points,
                stroke,
                closed,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                if !seen(b, 1.0) {
                    continue;
                }
                let st = path_stroke(stroke, view);
                if st.width < 0.15 || extent(&b) < SMALL_PT {
                    continue;
                }
                let pts: Vec<Pos2> = points.iter().map(|p| s(*p)).collect();
                if stroke.dash.is_none() && !*closed && extent(&b) < MEDIUM_PT {
                    for w in pts.windows(2) {
                        batch.segment(w[0], w[1], st.width, st.color);
                    }
                    continue;
                }
                batch.flush(out);
                match stroke.dash {
                    Some(d) => {
                        let dash = match stroke.width {
                            Size::Points(_) => d,
                            Size::Map(_) | Size::MapAtLeast { .. } => {
                                size_pt(Size::Map(d), view).max(2.0)
                            }
                        };
                        let mut pts = pts;
                        if *closed && let Some(first) = pts.first().copied() {
                            pts.push(first);
                        }
                        out.extend(Shape::dashed_line(&pts, st, dash, dash));
                    }
                    None if *closed => out.push(Shape::Path(PathShape::closed_line(pts, st))),
                    None => out.push(Shape::Path(PathShape::line(pts, PathStroke::from(st)))),
                }
            }
            Item::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => {
                let b = Aabb::around(*centre, *radius);
                if !seen(b, 1.0) {
                    continue;
                }
                let (c, r) = (s(*centre), radius * view.zoom);
                let size = 2.0 * r;
                if size < SMALL_PT {
                    if let Some(f) = fill {
                        let d = egui::vec2(r, r);
                        batch
                            .mesh
                            .add_colored_rect(Rect::from_min_max(c - d, c + d), colour(*f));
                    }
                    continue;
                }
                if size < MEDIUM_PT {
                    let edge = stroke
                        .as_ref()
                        .map(|st| (path_stroke(st, view).width, colour(st.colour)));
                    batch.disc(c, r, fill.map(colour), edge);
                    continue;
                }
                batch.flush(out);
                if let Some(f) = fill {
                    out.push(Shape::circle_filled(c, r, colour(*f)));
                }
                if let Some(st) = stroke {
                    out.push(Shape::circle_stroke(c, r, path_stroke(st, view)));
                }
            }
            Item::Convex {
                points,
                fill,
                stroke,
            } => {
                let Some(b) = Aabb::of_points(points) else {
                    continue;
                };
                if !seen(b, 1.0) {
                    continue;
                }
                let pts: Vec<Pos2> = points.iter().map(|p| s(*p)).collect();
                let size = extent(&b);
                if size < MEDIUM_PT {
                    if let Some(f) = fill {
                        batch.fan(&pts, colour(*f));
                    }
                    if size >= SMALL_PT
                        && let Some(st) = stroke
                    {
                        let centre =
                            pts.iter().fold(Pos2::ZERO, |a, p| a + p.to_vec2()) / pts.len() as f32;
                        let w = path_stroke(st, view).width;
                        batch.ring(&pts, centre, w, 0.6, colour(st.colour));
                    }
                    continue;
                }
                batch.flush(out);
                let st = stroke
                    .as_ref()
                    .map_or(epaint::Stroke::NONE, |st| path_stroke(st, view));
                out.push(Shape::convex_polygon(
                    pts,
                    fill.map_or(Color32::TRANSPARENT, colour),
                    st,
                ));
            }
            Item::Text {
                pos,
                text,
                size,
                colour: c,
                anchor,
            } => {
                let pt = size_pt(*size, view);
                if !(MIN_TEXT_PT..=400.0).contains(&pt) {
                    continue;
                }
                // Cull by a generous box around the anchor before laying the text out.
                let reach = pt * (text.len() as f32 + 2.0) / view.zoom;
                let b = Aabb {
                    min: *pos - Point::splat(reach),
                    max: *pos + Point::splat(reach),
                };
                if !seen(b, 0.0) {
                    continue;
                }
                let align = match anchor {
                    Anchor::Centre => Align2::CENTER_CENTER,
                    Anchor::Top => Align2::CENTER_TOP,
                    Anchor::Bottom => Align2::CENTER_BOTTOM,
                    Anchor::Left => Align2::LEFT_CENTER,
                    Anchor::Right => Align2::RIGHT_CENTER,
                    Anchor::TopLeft => Align2::LEFT_TOP,
                };
                // A ruler's number also stands on a light backing on screen: it lies over
                // whatever ground the table's edge has (jungle, woods, a scan). Paper is light,
                // so the print has none. The backing is the galley's own, so a text left out
                // for want of room takes it along.
                let mut job = egui::text::LayoutJob::simple_singleline(
                    text.clone(),
                    FontId::proportional(pt),
                    colour(*c),
                );
                if matches!(size, Size::MapAtLeast { backed: true, .. }) {
                    back(&mut job);
                }
                let galley = fonts.layout_job(job);
                let at = align.anchor_size(s(*pos), galley.size()).min;
                texts.push(Shape::galley(at, galley, colour(*c)));
            }
            Item::Background { corners, opacity } => {
                if let Some(tiles) = background {
                    batch.flush(out);
                    // A calibrated image may be turned: each tile a textured quad, its
                    // corners where its part of the image lies between the image's corners.
                    let tint = Color32::from_white_alpha((opacity * 255.0) as u8);
                    let at = |u: f32, v: f32| {
                        corners[0] + (corners[1] - corners[0]) * u + (corners[3] - corners[0]) * v
                    };
                    for t in tiles {
                        let [u0, v0, u1, v1] = t.part;
                        let mut mesh = egui::epaint::Mesh::with_texture(t.texture);
                        for (u, v, tu, tv) in [
                            (u0, v0, 0.0, 0.0),
                            (u1, v0, 1.0, 0.0),
                            (u1, v1, 1.0, 1.0),
                            (u0, v1, 0.0, 1.0),
                        ] {
                            mesh.vertices.push(egui::epaint::Vertex {
                                pos: s(at(u, v)),
                                uv: Pos2::new(tu, tv),
                                color: tint,
                            });
                        }
                        mesh.indices.extend([0, 1, 2, 0, 2, 3]);
                        out.push(Shape::mesh(mesh));
                    }
                }
            }
        }
    }
    batch.flush(out);
    out.extend(texts);
}

/// How the shapes of a cached layer are tessellated: by egui's tessellator with the frame's
/// settings, once, instead of every frame.
pub struct Baking {
    pub pixels_per_point: f32,
    pub options: epaint::TessellationOptions,
    pub font_image_size: [usize; 2],
}

impl Baking {
    pub fn of(ctx: &egui::Context) -> Baking {
        Baking {
            pixels_per_point: ctx.pixels_per_point(),
            options: ctx.tessellation_options(|o| *o),
            font_image_size: ctx.fonts(|f| f.font_image_size()),
        }
    }

    /// `shapes` with each run of consecutive shapes that look the same whenever they are
    /// tessellated (paths, rectangles) tessellated into one mesh, so a frame that reuses them
    /// only copies vertices: a table's 500 label backings were most of a steady frame. Meshes
    /// stay as they are (copying them into a growing mesh costs more than it saves).
    /// Circles (drawn from the font atlas's discs when small) and texts (from its glyphs) are
    /// kept as shapes; with `texts_last`, texts go after everything else, which looks the same
    /// when no text overlaps a later shape (labels keep clear of each other and of counters).
    pub fn bake(&self, shapes: Vec<Shape>, texts_last: bool) -> Vec<Shape> {
        let mut t = epaint::Tessellator::new(
            self.pixels_per_point,
            self.options,
            self.font_image_size,
            Vec::new(),
        );
        let mut out = Vec::new();
        let mut texts = Vec::new();
        let mut mesh = epaint::Mesh::default();
        let flush = |mesh: &mut epaint::Mesh, out: &mut Vec<Shape>| {
            if !mesh.is_empty() {
                out.push(Shape::mesh(std::mem::take(mesh)));
            }
        };
        for shape in shapes {
            match shape {
                Shape::Text(_) if texts_last => texts.push(shape),
                Shape::Path(_)
                | Shape::LineSegment { .. }
                | Shape::Rect(_)
                | Shape::Ellipse(_)
                | Shape::QuadraticBezier(_)
                | Shape::CubicBezier(_) => t.tessellate_shape(shape, &mut mesh),
                Shape::Noop => {}
                other => {
                    flush(&mut mesh, &mut out);
                    out.push(other);
                }
            }
        }
        flush(&mut mesh, &mut out);
        out.extend(texts);
        out
    }
}

#[cfg(test)]
mod tests;
