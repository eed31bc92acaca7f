//! A layer's shapes kept between frames and handed to egui: reused while what they show and
//! the view are the same, moved when only the view's origin moved (a pan at one zoom), and
//! painted a run of one clip rectangle at a time, large meshes clipped to their own bounds.

use crate::app::layer_mesh::MapShapes;
use crate::app::paint;
use crate::app::view::View;
use crate::scene;
use egui::{Pos2, Rect, Shape, Vec2};

/// Shapes of one view, kept while nothing they show changes.
pub(in crate::app) struct Cached<K, S> {
    pub(super) key: Keyed<K>,
    pub(super) shapes: S,
}

/// What a layer's shapes show (`content`), and the view they were drawn for.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::app) struct Keyed<K> {
    pub(super) content: K,
    /// Pixels per point (the shapes are tessellated for it).
    pub(super) ppp: u32,
    pub(super) zoom: u32,
    pub(super) origin: (u32, u32),
    pub(super) rect: (u32, u32, u32, u32),
}

/// What the map's shapes depend on besides the view.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::app) struct MapKey {
    pub(super) ground: u64,
    /// The hex grid, the hex numbers of the static layer, the table's inch grid.
    pub(super) grid: (bool, bool, bool),
    /// The background image's tiles in view (a pan that brings in others draws again).
    pub(super) background: Option<Vec<paint::BgTile>>,
    /// Where the preview's texts stand, relative to the map's origin: the map's names give
    /// way to them.
    pub(super) preview_texts: Vec<u32>,
}

/// What the units' shapes depend on besides the view.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::app) struct UnitsKey {
    pub(super) forces: u64,
    pub(super) style: scene::Style,
    /// Unit names, hex numbers.
    pub(super) labels: (bool, bool),
    /// Where the map's texts stand, relative to the map's origin: the labels keep clear of
    /// them (the preview's texts give way to the labels instead).
    pub(super) map_texts: Vec<u32>,
}

impl<K> Keyed<K> {
    pub(super) fn new(view: &View, rect: Rect, ppp: f32, content: K) -> Keyed<K> {
        Keyed {
            content,
            ppp: ppp.to_bits(),
            zoom: view.zoom.to_bits(),
            origin: (view.origin.x.to_bits(), view.origin.y.to_bits()),
            rect: (
                rect.min.x.to_bits(),
                rect.min.y.to_bits(),
                rect.max.x.to_bits(),
                rect.max.y.to_bits(),
            ),
        }
    }
}

/// The map's shapes with each run of shapes clipped to the canvas tessellated once (see
/// `Baking::bake`), its large meshes given clips of their own (`own_clips`); the tiles keep
/// their own clips.
pub(super) fn bake_map(baking: &paint::Baking, map: MapShapes) -> MapShapes {
    let mut out = Vec::with_capacity(map.len());
    let mut run = Vec::new();
    for (clip, shape) in map {
        if clip.is_none() {
            run.push(shape);
            continue;
        }
        out.extend(own_clips(baking.bake(std::mem::take(&mut run), false)));
        out.push((clip, shape));
    }
    out.extend(own_clips(baking.bake(run, false)));
    out
}

/// Shapes that can be moved to a new origin.
pub(in crate::app) trait Translate {
    fn translate(&mut self, delta: Vec2);
}

impl Translate for MapShapes {
    fn translate(&mut self, delta: Vec2) {
        for (clip, shape) in self {
            shape.translate(delta);
            *clip = clip.map(|r| r.translate(delta));
        }
    }
}

/// Meshes of more than this many vertices are clipped to their own bounds (see `own_clips`):
/// a few hundred, so the map's baked meshes and a hex map's labels' backings are copied once
/// each, and the texts after them grow a mesh of their own rather than one that already holds
/// the map (on Winceby that re-copying was a tenth of a hover frame's instructions).
const OWN_CLIP_VERTICES: usize = 256;

/// `shapes` with each large mesh clipped to its own bounds and the others to the canvas. Why:
/// epaint gathers consecutive shapes of one clip rectangle into one mesh that grows by
/// doubling, in fresh memory every frame; a mesh with a clip rectangle of its own is copied
/// once at its size (as the map's tiles are, see `MapShapes`).
pub(super) fn own_clips(shapes: Vec<Shape>) -> MapShapes {
    shapes
        .into_iter()
        .map(|s| match &s {
            Shape::Mesh(m) if m.vertices.len() > OWN_CLIP_VERTICES => {
                // A pixel of slack: a feathered edge reaches half a pixel past the bounds.
                (Some(m.calc_bounds().expand(1.0)), s)
            }
            _ => (None, s),
        })
        .collect()
}

/// Hands a cached layer's shapes to `painter` (clipped to `rect`, and to their own clips), a
/// run of shapes with one clip at a time: one call per run rather than per shape.
pub(super) fn add_clipped(painter: &egui::Painter, rect: Rect, shapes: &MapShapes) {
    for run in shapes.chunk_by(|a, b| a.0 == b.0) {
        let clip = run[0].0;
        let shapes = run.iter().map(|(_, s)| s.clone());
        match clip {
            Some(r) => painter.with_clip_rect(r.intersect(rect)).extend(shapes),
            None => painter.extend(shapes),
        }
    }
}

/// Last frame's shapes, if they still show what `key` asks for: as they are, or moved when
/// only the origin moved (a pan at the same zoom) to `origin`.
pub(super) fn reuse<K: Clone + PartialEq, S: Translate>(
    cache: Option<Cached<K, S>>,
    key: &Keyed<K>,
    origin: Pos2,
) -> Option<Cached<K, S>> {
    let mut c = cache?;
    if c.key == *key {
        return Some(c);
    }
    let panned = Keyed {
        origin: key.origin,
        ..c.key.clone()
    };
    if panned != *key {
        return None;
    }
    let (ox, oy) = c.key.origin;
    c.shapes
        .translate(origin - egui::pos2(f32::from_bits(ox), f32::from_bits(oy)));
    c.key = key.clone();
    Some(c)
}

/// Notices when egui starts its font atlas over (when it is nearly full, or the text options
/// change): every text laid out before points into the old atlas, so a kept shape holding one
/// would draw the wrong glyphs. egui forgets every text it laid out exactly then, so a probe
/// text asked for every frame comes back the very same until the atlas starts over.
#[derive(Default)]
pub(in crate::app) struct AtlasWatch {
    probe: Option<std::sync::Arc<egui::Galley>>,
}

impl AtlasWatch {
    /// Whether the atlas started over since the last call.
    pub(in crate::app) fn started_over(&mut self, ctx: &egui::Context) -> bool {
        let probe = ctx.fonts_mut(|f| {
            f.layout_no_wrap(
                "Sandtable".into(),
                egui::FontId::proportional(8.0),
                egui::Color32::WHITE,
            )
        });
        let over = self
            .probe
            .as_ref()
            .is_some_and(|p| !std::sync::Arc::ptr_eq(p, &probe));
        self.probe = Some(probe);
        over
    }
}
