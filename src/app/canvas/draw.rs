//! Drawing the canvas: the static layer (map, terrain, grid), the dynamic layer (units and
//! markers) or the ghost of a drag, the ZOC shading, the rule preview, and the marks of the
//! tools over them. Each layer is rebuilt only when what it shows changes, and a frame where
//! nothing changed (the pointer moved) reuses the last frame's shapes (`layer_cache`); the
//! table's inch grid is `grid`, the selection's outline and Play's ticks `marks`.

use super::grid::inch_grid;
use super::layer_cache::{
    Cached, Keyed, MapKey, UnitsKey, add_clipped, bake_map, own_clips, reuse,
};
use super::marks::{acted_marks, selection_halo};
use crate::app::App;
use crate::app::layer_mesh::MapShapes;
use crate::app::paint::{self, StaticLayer};
use crate::app::tools::{Gesture, Tool};
use crate::app::zoc_view::ZocOverlay;
use crate::edit::ops::selection::{editable_points, move_edits, move_vertex};
use crate::geom::Point;
use crate::model::*;
use crate::scene;
use egui::{Color32, Pos2, Rect, Shape, Stroke, Ui, Vec2};

/// What the canvas draws from, kept between frames.
#[derive(Default)]
pub(in crate::app) struct Layers {
    /// The map, terrain and grid, for one state of the ground and style.
    pub static_layer: Option<((u64, bool, bool), StaticLayer)>,
    /// The units' shapes a run of units at a time, for one view (see `unit_runs`).
    pub unit_runs: super::unit_runs::UnitRuns,
    /// Last frame's shapes of the map, and what they were drawn for.
    pub map_cache: Option<Cached<MapKey, MapShapes>>,
    /// Last frame's shapes of the units and their labels, and what they were drawn for: kept
    /// apart from the map's, so that painting a hex does not redraw 5,000 counters and moving
    /// one does not redraw 40,000 hexes.
    pub units_cache: Option<Cached<UnitsKey, MapShapes>>,
    /// The places of the texts among `map_cache`'s shapes, relative to the map's origin (the
    /// units' labels give way to them): worked out when the map's shapes are drawn.
    pub map_texts: Vec<Rect>,
    /// The places of the units' texts (their names, their counters' numbers), relative to the
    /// map's origin: the rule preview's texts give way to them, so every unit keeps its name
    /// with a preview open. Worked out when the units' shapes are drawn.
    pub unit_texts: Vec<Rect>,
    /// On a table, the places of the units' bases and the objectives' stars, relative to the
    /// map's origin: the rule preview's texts, drawn under the units, give way to them too, so
    /// a column's "4. Porters" never lies half hidden under the models standing there.
    pub unit_bodies: Vec<Rect>,
    /// The labels' texts as last laid out (see `labels::LabelGalleys`).
    pub label_galleys: super::labels::LabelGalleys,
    /// The labels' last placing (see `label_placing`).
    pub label_placing: super::label_placing::LastPlacing,
    /// Notices when the font atlas starts over, which every kept text is drawn from.
    pub atlas: super::layer_cache::AtlasWatch,
    /// The ZOC shading of one side, for one state of the scenario.
    pub zoc: Option<ZocOverlay>,
    /// The background image's tile pyramid and the tiles of it on the GPU.
    pub background: Option<crate::app::background::BackgroundTiles>,
}

/// The colour of the selection's outline and the tools' marks over the map.
const ACCENT: Color32 = Color32::from_rgb(255, 140, 0);

impl App {
    /// Whether work for the map's drawing is still running in the background (the image of a
    /// large map); a repaint is requested when it ends.
    pub fn drawing_in_background(&self) -> bool {
        self.layers
            .static_layer
            .as_ref()
            .is_some_and(|(_, l)| l.busy())
            || self.layers.background.as_ref().is_some_and(|b| b.busy())
    }

    /// The background image's tiles to draw in `rect` (see `app::background`): its pyramid
    /// is made again only when the image itself changes, not on every edit.
    fn background_tiles(&mut self, ctx: &egui::Context, rect: Rect) -> Option<Vec<paint::BgTile>> {
        let s = self.doc.scenario();
        let bg = s.background.as_ref()?;
        if !self
            .layers
            .background
            .as_ref()
            .is_some_and(|t| t.is_for(&bg.encoded))
        {
            self.layers.background = Some(crate::app::background::BackgroundTiles::new(
                bg.encoded.clone(),
                ctx,
            ));
        }
        let corners = bg.corners(&s.map, scene::frame(s).0);
        let tiles = self.layers.background.as_mut()?;
        let (list, complete) = tiles.tiles(ctx, corners, &self.view, rect);
        if let Some(e) = tiles.error() {
            self.status = format!("Background image: {e}");
        }
        if !complete {
            ctx.request_repaint();
        }
        Some(list)
    }

    /// Draws the canvas, bottom to top: the map (terrain, grid), the ZOC shading, the open
    /// preview's overlay, the units with their labels (never tinted by an overlay), then the
    /// preview's answers, the selection and the tools' marks.
    pub(super) fn paint_canvas(&mut self, ui: &Ui, rect: Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        if self.layers.atlas.started_over(ui.ctx()) {
            // Every text kept points into the old atlas: drawn again, laid out again.
            self.layers.map_cache = None;
            self.layers.units_cache = None;
            self.layers.unit_runs = Default::default();
            self.layers.label_galleys.clear();
            self.layers.static_layer = None;
        }
        let style = self.scene_style();
        let revisions = self.doc.revisions();
        // The static layer is rebuilt only when the ground or what it shows changes.
        let key = (revisions.ground, style.grid, style.coordinates);
        match &mut self.layers.static_layer {
            Some((k, layer)) if *k != key && k.1 == key.1 && k.2 == key.2 => {
                // The same map with other terrain: only what changed is drawn again.
                let scene = || scene::static_layer(self.doc.scenario(), &style);
                layer.update(self.doc.scenario(), &style, scene);
                *k = key;
                self.layers.map_cache = None;
            }
            Some((k, _)) if *k == key => {}
            _ => {
                let scene = scene::static_layer(self.doc.scenario(), &style);
                let layer = StaticLayer::new(&scene, self.doc.scenario(), &style);
                self.layers.static_layer = Some((key, layer));
            }
        }
        if let Some((_, layer)) = &mut self.layers.static_layer
            && layer.upload(ui.ctx(), &self.view)
        {
            // The map's image is ready: last frame's shapes drew its triangles.
            self.layers.map_cache = None;
        }
        let background = self.background_tiles(ui.ctx(), rect);
        let zoc = self.zoc_overlay_items();
        // The ghost of a gesture in progress: the scenario as it would be if it ended now.
        let ghost = self.ghost();
        // The rule preview's overlay (drawn later, under the units): its texts are computed
        // first so the units' names keep clear of them. Kept relative to the map's origin, so
        // a pan still reuses last frame's shapes.
        let mut preview = Vec::new();
        self.preview_overlay_shapes(ui, rect, &mut preview);
        let origin = self.view.origin.to_vec2();
        let preview_texts: Vec<Rect> = text_rects(&preview).map(|r| r.translate(-origin)).collect();
        // A frame where nothing that shapes the map changed (the mouse moved, a panel
        // repainted) reuses the last frame's shapes; a pan at the same zoom moves them.
        let bits = |r: &Rect| [r.min.x, r.min.y, r.max.x, r.max.y].map(f32::to_bits);
        // The preview's texts on the screen, which the map's and units' texts give way to.
        let taken: Vec<Rect> = preview_texts.iter().map(|r| r.translate(origin)).collect();
        let map_key = Keyed::new(
            &self.view,
            rect,
            ui.ctx().pixels_per_point(),
            MapKey {
                ground: revisions.ground,
                grid: (style.grid, style.coordinates, self.settings.grid),
                background: background.clone(),
                preview_texts: preview_texts.iter().flat_map(bits).collect(),
            },
        );
        let map = match reuse(self.layers.map_cache.take(), &map_key, self.view.origin) {
            Some(c) => c,
            None => {
                let shapes = bake_map(
                    &paint::Baking::of(ui.ctx()),
                    self.map_shapes(ui, rect, background.as_deref(), &taken),
                );
                self.layers.map_texts = text_rects(shapes.iter().map(|(_, s)| s))
                    .map(|r| r.translate(-origin))
                    .collect();
                Cached {
                    key: map_key,
                    shapes,
                }
            }
        };
        let units_key = Keyed::new(
            &self.view,
            rect,
            ui.ctx().pixels_per_point(),
            UnitsKey {
                forces: revisions.forces,
                style: style.clone(),
                labels: (self.settings.labels, self.settings.coordinates),
                map_texts: self.layers.map_texts.iter().flat_map(bits).collect(),
            },
        );
        let cached = match &ghost {
            None => reuse(self.layers.units_cache.take(), &units_key, self.view.origin),
            Some(_) => None,
        };
        let units = match cached {
            Some(c) => c,
            None => {
                let layer = LayerInputs {
                    style: &style,
                    ghost: ghost.as_ref(),
                };
                let shapes = self.unit_shapes(ui, rect, layer, &map.shapes);
                self.layers.unit_texts =
                    text_rects(&shapes).map(|r| r.translate(-origin)).collect();
                Cached {
                    // Kept for later frames: tessellated once now.
                    shapes: match ghost {
                        None => own_clips(paint::Baking::of(ui.ctx()).bake(shapes, true)),
                        Some(_) => shapes.into_iter().map(|s| (None, s)).collect(),
                    },
                    key: units_key,
                }
            }
        };
        add_clipped(&painter, rect, &map.shapes);
        let mut shapes = Vec::new();
        if let Some(Gesture::Paint { cells }) = &self.canvas.gesture
            && let Some(h) = self.doc.scenario().map.as_hex()
        {
            // The hexes being painted, over the map as it is.
            let l = h.layout();
            let mut m = crate::scene::Mesh::default();
            for (hex, t) in cells {
                if let Some(tt) = self.doc.scenario().terrain(*t) {
                    m.add_convex(&l.hex_corners(*hex), tt.colour);
                }
            }
            let painted = [crate::scene::Item::Mesh(std::sync::Arc::new(m))];
            ui.ctx()
                .fonts_mut(|f| paint::push_items(&mut shapes, &painted, &self.view, rect, f, None));
        }
        // ZOC shading of the side chosen in the View menu (see `zoc_view`).
        if let Some(zoc) = &zoc {
            ui.ctx()
                .fonts_mut(|f| paint::push_items(&mut shapes, zoc, &self.view, rect, f, None));
        }
        // The selection's outline lies under the units: a name standing across it is read
        // whole on its backing, not crossed by the outline.
        let s = self.doc.scenario();
        let mut halo = Vec::new();
        selection_halo(&mut halo, s, &self.view, &self.selection, ACCENT);
        // The rule preview's overlay lies on the map, under the units (see `rules_view`); a
        // text of it in the way of a unit's name moves a line below or above or a little
        // right, else gives way. The map's names gave way to the preview's texts where they
        // stood: held too, so a text moved out of a name's way lands clear of them.
        let mut room = super::labels::Placed::new(rect);
        for r in self.layers.unit_texts.iter().chain(&self.layers.map_texts) {
            room.hold(r.translate(origin));
        }
        if s.map.as_table().is_some() {
            // On a table the preview's texts also keep off the bases and the selection's
            // frame (a hex map's preview numbers its hexes, under the counters by design).
            for r in &self.layers.unit_bodies {
                room.hold(r.translate(origin));
            }
            for h in &halo {
                room.hold(h.visual_bounding_rect());
            }
        }
        // A hex map's preview numbers its hexes: a number moved aside would name the next
        // hex, so one in the way is left out instead.
        let movable = s.map.as_table().is_some();
        preview.retain_mut(|s| room.fit_text(s, movable));
        shapes.extend(preview);
        shapes.extend(halo);
        painter.extend(std::mem::take(&mut shapes));
        add_clipped(&painter, rect, &units.shapes);
        self.layers.map_cache = Some(map);
        if ghost.is_none() {
            self.layers.units_cache = Some(units);
        }
        // Its answers to hovering and dragging, and the tools' marks, on top.
        self.preview_marks_shapes(ui, rect, &mut shapes);
        self.overlay_shapes(ui, &mut shapes);
        painter.extend(shapes);
    }

    /// The map's shapes for one view: the static layer, and the table's inch grid.
    fn map_shapes(
        &self,
        ui: &Ui,
        rect: Rect,
        background: Option<&[paint::BgTile]>,
        taken: &[Rect],
    ) -> MapShapes {
        let mut map = Vec::new();
        if let Some((_, layer)) = &self.layers.static_layer {
            ui.ctx()
                .fonts_mut(|f| layer.shapes(&mut map, &self.view, rect, f, background));
        }
        // The map's own names (places, zones, columns) give way to the rule preview's texts
        // and to each other, so no text lies over another.
        let mut room = super::labels::Placed::new(rect);
        for r in taken {
            room.hold(*r);
        }
        map.retain_mut(|(_, s)| room.fit_text(s, false));
        if let Some(t) = self.doc.scenario().map.as_table()
            && self.settings.grid
        {
            let mut grid = Vec::new();
            inch_grid(&mut grid, t, &self.view, rect, ui.ctx().pixels_per_point());
            map.extend(grid.into_iter().map(|s| (None, s)));
        }
        map
    }

    /// The units' shapes (with their labels) for one view, from the document or from the
    /// ghost of a gesture; the labels keep clear of the texts among `map`.
    fn unit_shapes(
        &mut self,
        ui: &Ui,
        rect: Rect,
        inputs: LayerInputs<'_>,
        map: &MapShapes,
    ) -> Vec<Shape> {
        let LayerInputs { style, ghost } = inputs;
        let shown = ghost.unwrap_or(self.doc.scenario());
        let baking = paint::Baking::of(ui.ctx());
        let ppp = ui.ctx().pixels_per_point();
        // The room the map's texts left (the preview's texts give way to these instead).
        let mut room = super::labels::Placed::new(rect);
        for r in text_rects(map.iter().map(|(_, s)| s)) {
            room.hold(r);
        }
        let mut units = Vec::new();
        ui.ctx().fonts_mut(|f| {
            let mut boxes = match ghost {
                Some(g) => {
                    let dynamic = scene::dynamic_layer(g, style);
                    paint::push_items(&mut units, &dynamic.items, &self.view, rect, f, None);
                    scene::unit_boxes(g, style)
                }
                None => {
                    // The zones, objectives and columns are few and drawn whole; the units
                    // a run at a time, again only where one changed (see `unit_runs`).
                    let s = self.doc.scenario();
                    let markers = scene::markers_layer(s, style);
                    paint::push_items(&mut units, &markers.items, &self.view, rect, f, None);
                    let at = units.partition_point(|s| !matches!(s, Shape::Text(_)));
                    let texts = units.split_off(at);
                    let drawn =
                        self.layers
                            .unit_runs
                            .draw(s, style, (&self.view, rect, ppp), f, &baking);
                    units.extend(drawn.shapes);
                    units.extend(texts);
                    units.extend(drawn.texts);
                    drawn.boxes
                }
            };
            // Objectives' stars are bodies too: a unit's name lying on one would hide both.
            boxes.extend(scene::objective_boxes(shown, style));
            if shown.map.as_table().is_some() {
                let origin = self.view.origin.to_vec2();
                self.layers.unit_bodies = boxes
                    .iter()
                    .map(|b| {
                        Rect::from_two_pos(self.view.to_screen(b.min), self.view.to_screen(b.max))
                    })
                    .filter(|r| r.intersects(rect))
                    .map(|r| r.translate(-origin))
                    .collect();
            } else {
                self.layers.unit_bodies.clear();
            }
            let bodies = super::labels::Bodies::new(rect, boxes, &self.view);
            units.retain(|s| !bodies.crossed_by(s));
            // Objective, column and counter texts give way the same way.
            units.retain_mut(|s| room.fit_text(s, false));
            if self.settings.labels || self.settings.coordinates {
                // Names and numbers keep clear of every other text on the map: the room holds
                // the map's names and the counters' own (the preview's give way to them).
                self.layers.label_galleys.begin(ppp);
                super::labels::label_shapes(
                    &mut units,
                    shown,
                    &self.view,
                    rect,
                    f,
                    &self.selection,
                    (self.settings.labels, self.settings.coordinates),
                    &mut room,
                    &bodies,
                    (
                        &mut self.layers.label_galleys,
                        &mut self.layers.label_placing,
                    ),
                );
            }
        });
        units
    }

    /// The scenario as the gesture in progress would leave it (for the ghost).
    fn ghost(&self) -> Option<Scenario> {
        let s = self.doc.scenario();
        let edits = match self.canvas.gesture.as_ref()? {
            Gesture::Move { items, delta, .. } if *delta != Point::ZERO => {
                move_edits(s, items, *delta, self.settings.snap)
            }
            Gesture::Vertex { item, index, to } => {
                vec![move_vertex(s, *item, *index, *to, false)?]
            }
            Gesture::Hexsides { sides, on } => {
                let Tool::Hexside { feature } = self.tool else {
                    return None;
                };
                crate::edit::ops::paint::hexside_stroke(s, sides, feature, *on)?.1
            }
            _ => return None,
        };
        let mut g = s.clone();
        for e in edits {
            e.apply(&mut g).ok()?;
        }
        Some(g)
    }

    fn overlay_shapes(&self, ui: &Ui, shapes: &mut Vec<Shape>) {
        let v = &self.view;
        let s = self.doc.scenario();
        if self.tool == crate::app::tools::Tool::Calibrate {
            self.found_grid_shapes(ui.clip_rect(), shapes);
            ui.ctx().fonts_mut(|f| self.calibration_marks(f, shapes));
        }
        if self.playing()
            && let Some(g) = &s.game
        {
            acted_marks(shapes, s, v, &g.acted, &self.layers.unit_texts);
        }
        // The points of a column's route as drawn, numbered in the order they are passed (the
        // route the lead takes through them is the preview's), joined in that order from the
        // unit by a dashed line so the order reads at a glance.
        if !self.rules.route.is_empty() {
            // A column's route goes on from its lead's front rank; a hex move's from the unit.
            let start = match self.rules.open {
                Some((_, crate::preview::Choice::Column(c, _))) => s
                    .column(c)
                    .and_then(|c| c.members.first())
                    .and_then(|m| s.unit(m.unit))
                    .filter(|u| u.on_table())
                    .and_then(front_centre),
                Some((u, _)) => crate::preview::anchor(s, u),
                None => None,
            };
            let line: Vec<Pos2> = start
                .iter()
                .chain(self.rules.route.iter())
                .map(|p| v.to_screen(*p))
                .collect();
            shapes.extend(Shape::dashed_line(
                &line,
                Stroke::new(2.0, Color32::from_rgb(0xd5, 0x5e, 0x00)),
                8.0,
                5.0,
            ));
        }
        for (k, p) in self.rules.route.iter().enumerate() {
            let at = v.to_screen(*p);
            shapes.push(Shape::circle_filled(
                at,
                7.0,
                Color32::from_rgb(0xd5, 0x5e, 0x00),
            ));
            shapes.push(Shape::circle_stroke(
                at,
                7.0,
                Stroke::new(1.5, Color32::WHITE),
            ));
            shapes.push(ui.fonts_mut(|f| {
                Shape::text(
                    f,
                    at,
                    egui::Align2::CENTER_CENTER,
                    (k + 1).to_string(),
                    egui::FontId::proportional(11.0),
                    Color32::WHITE,
                )
            }));
        }
        match &self.canvas.gesture {
            Some(Gesture::Box { from, to, .. }) => {
                let r = Rect::from_two_pos(v.to_screen(*from), v.to_screen(*to));
                shapes.push(Shape::rect_filled(
                    r,
                    0.0,
                    Color32::from_rgba_unmultiplied(255, 140, 0, 30),
                ));
                shapes.push(Shape::rect_stroke(
                    r,
                    0.0,
                    Stroke::new(1.0, ACCENT),
                    egui::StrokeKind::Inside,
                ));
            }
            Some(Gesture::Measure { from, to }) => {
                measure_line(
                    ui,
                    s,
                    shapes,
                    ACCENT,
                    [*from, *to],
                    [v.to_screen(*from), v.to_screen(*to)],
                    self.canvas.rect,
                );
            }
            _ => {}
        }
        if self.canvas.gesture.is_none()
            && self.tool == Tool::Measure
            && let Some((from, to)) = self.canvas.measured
        {
            measure_line(
                ui,
                s,
                shapes,
                ACCENT,
                [from, to],
                [v.to_screen(from), v.to_screen(to)],
                self.canvas.rect,
            );
        }
        if !self.canvas.drawing.is_empty() {
            let mut pts: Vec<Pos2> = self
                .canvas
                .drawing
                .iter()
                .map(|p| v.to_screen(*p))
                .collect();
            if let Some(c) = self.canvas.cursor {
                pts.push(v.to_screen(c));
            }
            shapes.push(Shape::line(pts.clone(), Stroke::new(2.0, ACCENT)));
            for p in &pts[..pts.len().saturating_sub(1)] {
                shapes.push(Shape::circle_filled(*p, 3.5, ACCENT));
            }
        }
        // Vertex handles of the selected piece or zone.
        if let [item] = self.selection[..]
            && matches!(self.tool, Tool::Select)
            && let Some(points) = editable_points(s, item)
        {
            for p in points {
                let q = v.to_screen(p);
                shapes.push(Shape::rect_filled(
                    Rect::from_center_size(q, Vec2::splat(8.0)),
                    1.0,
                    Color32::WHITE,
                ));
                shapes.push(Shape::rect_stroke(
                    Rect::from_center_size(q, Vec2::splat(8.0)),
                    1.0,
                    Stroke::new(1.5, ACCENT),
                    egui::StrokeKind::Inside,
                ));
            }
        }
        // The hex under the cursor, for the hex tools.
        if let (Some(c), Some(h)) = (self.canvas.cursor, s.map.as_hex())
            && matches!(
                self.tool,
                Tool::Paint { .. } | Tool::Fill { .. } | Tool::Hexside { .. }
            )
        {
            let l = h.layout();
            let centre = l.world_pos_to_hex(c);
            let radius = if let Tool::Paint { radius, .. } = self.tool {
                radius
            } else {
                0
            };
            for hex in centre.range(radius) {
                if h.grid().contains(hex) {
                    let pts: Vec<Pos2> =
                        l.hex_corners(hex).iter().map(|p| v.to_screen(*p)).collect();
                    shapes.push(Shape::closed_line(pts, Stroke::new(2.0, ACCENT)));
                }
            }
            if let (Tool::Hexside { .. }, Some((hex, d))) =
                (self.tool, super::super::tools::hexside_under_stroke(h, c))
            {
                let [a, b] = scene::edge_corners(&l, hex, d);
                shapes.push(Shape::line_segment(
                    [v.to_screen(a), v.to_screen(b)],
                    Stroke::new(5.0, ACCENT),
                ));
            }
        }
    }

    pub(super) fn scene_style(&self) -> scene::Style {
        scene::Style {
            // The table's inch grid, unit names and hex numbers are drawn by the canvas itself,
            // by level of detail (see `inch_grid` and `labels`).
            grid: self.settings.grid && self.doc.scenario().map.is_hex(),
            coordinates: self.settings.coordinates && !self.doc.scenario().map.is_hex(),
            labels: false,
            zones: true,
            clear_hex_labels: false,
            selected: self.selection.clone(),
        }
    }
}

/// What the units' shapes are built from, besides the document and the view.
struct LayerInputs<'a> {
    style: &'a scene::Style,
    ghost: Option<&'a Scenario>,
}

/// The screen rectangles of the texts among `shapes`.
fn text_rects<'a>(shapes: impl IntoIterator<Item = &'a Shape>) -> impl Iterator<Item = Rect> {
    shapes.into_iter().filter_map(|s| match s {
        Shape::Text(t) => Some(t.visual_bounding_rect()),
        _ => None,
    })
}

/// Distance text for the measuring tape: inches on the table; on a hex map the hexes counted
/// and the straight line's millimetres on paper, each named, and whether an end is off the map.
pub fn measure_text(s: &Scenario, from: Point, to: Point) -> String {
    match s.map.as_hex() {
        Some(h) => {
            let l = h.layout();
            let (a, b) = (l.world_pos_to_hex(from), l.world_pos_to_hex(to));
            let n = a.unsigned_distance_to(b);
            // The hexes counted are the hexes the map has: an end off the map says so.
            let off = [a, b].iter().any(|x| h.grid().index_of(*x).is_none());
            format!(
                "{n} hex{} · {:.0} mm straight{}",
                if n == 1 { "" } else { "es" },
                from.distance(to),
                if off { " (an end off the map)" } else { "" }
            )
        }
        None => format!("{:.2}\"", from.distance(to)),
    }
}

/// A measured distance: the line from where it started, and the distance beside its end.
fn measure_line(
    ui: &Ui,
    s: &Scenario,
    shapes: &mut Vec<Shape>,
    accent: Color32,
    [from, to]: [Point; 2],
    [a, b]: [Pos2; 2],
    clip: Rect,
) {
    shapes.push(Shape::line_segment([a, b], Stroke::new(2.0, accent)));
    shapes.push(Shape::circle_filled(a, 3.0, accent));
    shapes.push(Shape::circle_filled(b, 3.0, accent));
    let text = measure_text(s, from, to);
    // The distance on a dark plate, so it reads over any terrain or unit.
    let galley = ui
        .ctx()
        .fonts_mut(|f| f.layout_no_wrap(text, egui::FontId::proportional(14.0), accent));
    // Above and right of the end; near the canvas's right or top edge it turns to the other
    // side, and it is kept whole inside the canvas.
    let size = galley.size();
    let pad = Vec2::new(5.0, 2.0);
    let mut at = b + Vec2::new(10.0, -10.0 - size.y);
    if at.x + size.x + pad.x > clip.max.x {
        at.x = b.x - 10.0 - size.x;
    }
    if at.y - pad.y < clip.min.y {
        at.y = b.y + 10.0;
    }
    at.x = at.x.clamp(
        clip.min.x + pad.x,
        (clip.max.x - size.x - pad.x).max(clip.min.x + pad.x),
    );
    at.y = at.y.clamp(
        clip.min.y + pad.y,
        (clip.max.y - size.y - pad.y).max(clip.min.y + pad.y),
    );
    let plate = Rect::from_min_size(at, size).expand2(pad);
    shapes.push(Shape::rect_filled(
        plate,
        3.0,
        Color32::from_black_alpha(200),
    ));
    shapes.push(Shape::galley(at, galley, accent));
}

/// The middle of a unit's front rank on the table (the models furthest along its facing): where
/// a column's route goes on from its lead.
fn front_centre(u: &Unit) -> Option<Point> {
    let first = u.models.first()?;
    let ahead = crate::geom::bearing_vec(first.facing_deg);
    let most = u
        .models
        .iter()
        .map(|m| m.pos.dot(ahead))
        .fold(f32::MIN, f32::max);
    // Models of one rank stand level, within a base of each other along the facing.
    let rank = first.footprint().bounding_radius();
    let front: Vec<Point> = u
        .models
        .iter()
        .filter(|m| m.pos.dot(ahead) >= most - rank)
        .map(|m| m.pos)
        .collect();
    Some(front.iter().copied().sum::<Point>() / front.len() as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bakambo's Sikh Pioneers march two abreast facing north: their front rank's middle is
    /// between the two leading files, at the front rank's line.
    #[test]
    fn a_column_leads_from_the_middle_of_its_front_rank() {
        let s = crate::samples::named("bakambo");
        let u = s.find_unit("Sikh Pioneers").expect("pioneers");
        let p = front_centre(u).expect("on the table");
        let ys = u.models.iter().map(|m| m.pos.y);
        let front = ys.fold(f32::MAX, f32::min);
        assert!((p.y - front).abs() < 1e-3, "{p:?} is not on the front rank");
        assert!(
            (p.x - 24.0).abs() < 0.01,
            "{p:?} is not between the two files"
        );
    }
}
