//! The map canvas: input (pan, zoom, tools, drops) and drawing, all through `scene`.

use super::App;
use super::create;
use super::hit;
use super::paint::{self, StaticLayer, colour};
use super::palette::Payload;
use super::tools::{Gesture, Tool, flood_fill, nearest_hexside};
use super::view::View;
use crate::edit::Edit;
use crate::geom::{Aabb, Point};
use crate::model::*;
use crate::scene::{self, layout};
use egui::{Color32, Key, PointerButton, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2};

/// Drags shorter than this many screen points are clicks, and moves this small are dropped.
const CLICK_SLOP: f32 = 3.0;

impl App {
    pub(super) fn canvas_ui(&mut self, ui: &mut Ui) {
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map canvas"));
        // Fit the map while the layout settles (panels take a frame or two to find their
        // size), until the user pans or zooms.
        if self.fit_pending || (self.auto_fit && rect != self.canvas_rect) {
            self.view = View::fit(scene::frame(self.doc.scenario()).0, rect);
            self.fit_pending = false;
            self.auto_fit = true;
        }
        self.canvas_rect = rect;
        // Once the user works on the map, panels growing or shrinking (the inspector showing a
        // selection) must not re-zoom it under the pointer.
        if response.is_pointer_button_down_on() {
            self.auto_fit = false;
        }
        let hover = response.hover_pos();
        let world = hover.map(|p| self.view.to_world(p));
        self.cursor = world;
        self.canvas_input(ui, &response, rect, world);
        if let Some(payload) = response.dnd_release_payload::<Payload>()
            && let Some(p) = response
                .hover_pos()
                .or(ui.input(|i| i.pointer.latest_pos()))
        {
            self.drop_payload(*payload, self.view.to_world(p));
        }
        self.paint_canvas(ui, rect);
    }

    fn canvas_input(
        &mut self,
        ui: &mut Ui,
        response: &egui::Response,
        rect: Rect,
        world: Option<Point>,
    ) {
        // Zoom about the cursor: wheel or pinch.
        if response.hovered() {
            let (scroll, zoom, pos) =
                ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.pointer.hover_pos()));
            if let Some(pos) = pos {
                if zoom != 1.0 {
                    self.view.zoom_about(pos, zoom);
                    self.auto_fit = false;
                } else if scroll.y != 0.0 {
                    self.view.zoom_about(pos, (scroll.y * 0.0025).exp());
                    self.auto_fit = false;
                }
            }
        }
        let typing = ui.ctx().egui_wants_keyboard_input();
        if !typing {
            let (pan, zoom_in, zoom_out, space) = ui.input(|i| {
                let mut d = Vec2::ZERO;
                let step = 40.0;
                if i.key_pressed(Key::ArrowLeft) {
                    d.x += step;
                }
                if i.key_pressed(Key::ArrowRight) {
                    d.x -= step;
                }
                if i.key_pressed(Key::ArrowUp) {
                    d.y += step;
                }
                if i.key_pressed(Key::ArrowDown) {
                    d.y -= step;
                }
                (
                    d,
                    i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                    i.key_pressed(Key::Minus),
                    i.key_down(Key::Space),
                )
            });
            self.view.pan(pan);
            if pan != Vec2::ZERO || zoom_in || zoom_out {
                self.auto_fit = false;
            }
            if zoom_in {
                self.view.zoom_about(rect.center(), 1.25);
            }
            if zoom_out {
                self.view.zoom_about(rect.center(), 0.8);
            }
            self.space_down = space;
        }
        // Panning: middle drag, or space + drag.
        if response.dragged_by(PointerButton::Middle)
            || (self.space_down && response.dragged_by(PointerButton::Primary))
        {
            self.view.pan(response.drag_delta());
            self.auto_fit = false;
            self.gesture = Some(Gesture::Pan);
            return;
        }
        if matches!(self.gesture, Some(Gesture::Pan)) && !response.dragged() {
            self.gesture = None;
        }
        if ui.input(|i| i.key_pressed(Key::Escape)) {
            if self.gesture.take().is_some() {
                self.status = "Cancelled".into();
            } else if !self.drawing.is_empty() {
                self.drawing.clear();
                self.status = "Drawing cancelled".into();
            } else if self.cancel_pending() {
                self.status = "Move cancelled".into();
            }
        }
        let Some(world) = world.or_else(|| {
            response
                .interact_pointer_pos()
                .map(|p| self.view.to_world(p))
        }) else {
            return;
        };
        let tol = 4.0 / self.view.zoom;
        let shift = ui.input(|i| i.modifiers.shift);
        match self.tool {
            Tool::Select => {
                if !self.preview_input(ui, response, world, tol) {
                    self.select_tool(ui, response, world, tol, shift)
                }
            }
            Tool::Sight => {
                if response.drag_started_by(PointerButton::Primary) {
                    let from = ui
                        .input(|i| i.pointer.press_origin())
                        .map(|p| self.view.to_world(p))
                        .unwrap_or(world);
                    self.gesture = Some(Gesture::Sight { from, to: world });
                }
                if let Some(Gesture::Sight { to, .. }) = &mut self.gesture {
                    *to = world;
                }
            }
            Tool::Measure => {
                if response.drag_started_by(PointerButton::Primary) {
                    self.gesture = Some(Gesture::Measure {
                        from: world,
                        to: world,
                    });
                }
                if let Some(Gesture::Measure { to, .. }) = &mut self.gesture {
                    *to = world;
                }
            }
            Tool::Paint { terrain, radius } => {
                if shift && response.clicked() {
                    self.fill_at(world, terrain);
                    return;
                }
                // Paint from the moment the button goes down, not when egui decides it is a drag.
                if response.is_pointer_button_down_on() || response.clicked() {
                    if !matches!(self.gesture, Some(Gesture::Paint { .. })) {
                        self.gesture = Some(Gesture::Paint { cells: Vec::new() });
                    }
                    self.paint_at(world, terrain, radius);
                }
                if response.drag_stopped() || response.clicked() {
                    self.finish_paint();
                }
            }
            Tool::Fill { terrain } => {
                if response.clicked() {
                    self.fill_at(world, terrain);
                }
            }
            Tool::Hexside { feature } => {
                if response.clicked() {
                    let s = self.doc.scenario();
                    if let Some(h) = s.map.as_hex()
                        && let Some((hex, d)) = nearest_hexside(h, world)
                    {
                        let features = feature.toggle(h.hexside(hex, d));
                        self.apply(
                            &format!("Toggle {}", feature.name()),
                            vec![Edit::SetHexside {
                                hex,
                                direction: d,
                                features,
                            }],
                        );
                    }
                }
            }
            Tool::DrawArea { terrain } | Tool::DrawLine { terrain } => {
                let p = if self.settings.snap {
                    hit::snap_half_inch(world)
                } else {
                    world
                };
                if response.double_clicked() {
                    self.finish_drawing(terrain);
                } else if response.clicked() {
                    self.drawing.push(p);
                }
                if !typing && ui.input(|i| i.key_pressed(Key::Enter)) {
                    self.finish_drawing(terrain);
                }
                if !typing && ui.input(|i| i.key_pressed(Key::Backspace)) {
                    self.drawing.pop();
                }
            }
        }
        if response.drag_stopped() {
            self.end_gesture(world);
        }
    }

    fn select_tool(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        world: Point,
        tol: f32,
        shift: bool,
    ) {
        let s = self.doc.scenario();
        // Vertex handles of a single selected piece or zone.
        if let [item] = self.selection[..]
            && let Some(points) = editable_points(s, item)
        {
            let near = points
                .iter()
                .position(|p| p.distance(world) <= 6.0 / self.view.zoom);
            if response.drag_started_by(PointerButton::Primary)
                && let Some(index) = near
            {
                self.gesture = Some(Gesture::Vertex {
                    item,
                    index,
                    to: world,
                });
                return;
            }
            if response.secondary_clicked()
                && let Some(index) = near
            {
                let mut pts = points.clone();
                let min = if matches!(item, ItemRef::Piece(id) if matches!(s.piece(id).map(|p| &p.shape), Some(PieceShape::Polyline { .. })))
                {
                    2
                } else {
                    3
                };
                if pts.len() > min {
                    pts.remove(index);
                    if let Some(e) = with_points(s, item, pts) {
                        self.apply("Remove vertex", vec![e]);
                    }
                } else {
                    self.status = format!("A shape needs at least {min} vertices");
                }
                return;
            }
            if response.double_clicked() {
                // Insert a vertex on the nearest edge.
                let closed = !matches!(item, ItemRef::Piece(id) if matches!(s.piece(id).map(|p| &p.shape), Some(PieceShape::Polyline { .. })));
                let n = points.len();
                let edges = if closed { n } else { n - 1 };
                if let Some((k, d)) = (0..edges)
                    .map(|k| {
                        (
                            k,
                            crate::geom::point_segment_distance(
                                world,
                                points[k],
                                points[(k + 1) % n],
                            ),
                        )
                    })
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    && d <= 8.0 / self.view.zoom
                {
                    let mut pts = points.clone();
                    pts.insert(k + 1, world);
                    if let Some(e) = with_points(s, item, pts) {
                        self.apply("Insert vertex", vec![e]);
                    }
                    return;
                }
            }
        }
        if let Some(Gesture::Vertex { to, .. }) = &mut self.gesture {
            *to = world;
            return;
        }
        if response.clicked() {
            match hit::hit(s, world, tol) {
                Some(item) if shift => {
                    if let Some(k) = self.selection.iter().position(|x| *x == item) {
                        self.selection.remove(k);
                    } else {
                        self.selection.push(item);
                    }
                }
                Some(item) => self.selection = vec![item],
                None if !shift => self.selection.clear(),
                None => {}
            }
        }
        if response.drag_started_by(PointerButton::Primary) {
            let from = response
                .interact_pointer_pos()
                .map(|p| self.view.to_world(p - response.drag_delta()))
                .unwrap_or(world);
            match hit::hit(s, from, tol) {
                Some(item) => {
                    if !self.selection.contains(&item) {
                        self.selection = if shift {
                            let mut v = self.selection.clone();
                            v.push(item);
                            v
                        } else {
                            vec![item]
                        };
                    }
                    self.gesture = Some(Gesture::Move {
                        items: self.selection.clone(),
                        from,
                        delta: Point::ZERO,
                    });
                }
                None => {
                    self.gesture = Some(Gesture::Box {
                        from,
                        to: world,
                        additive: shift,
                    })
                }
            }
        }
        match &mut self.gesture {
            Some(Gesture::Move { from, delta, .. }) => *delta = world - *from,
            Some(Gesture::Box { to, .. }) => *to = world,
            _ => {}
        }
        let _ = ui;
    }

    fn end_gesture(&mut self, world: Point) {
        let Some(g) = self.gesture.take() else { return };
        match g {
            Gesture::Move { items, from, delta } => {
                let delta = if delta == Point::ZERO {
                    world - from
                } else {
                    delta
                };
                if delta.length() * self.view.zoom < CLICK_SLOP {
                    return; // a tiny drag is a click, not a move
                }
                let edits = hit::move_edits(self.doc.scenario(), &items, delta, self.settings.snap);
                let label = if items.len() == 1 {
                    "Move".to_string()
                } else {
                    format!("Move {} items", items.len())
                };
                self.apply(&label, edits);
            }
            Gesture::Box { from, to, additive } => {
                let b = Aabb {
                    min: from.min(to),
                    max: from.max(to),
                };
                let found = hit::in_box(self.doc.scenario(), b);
                if additive {
                    for f in found {
                        if !self.selection.contains(&f) {
                            self.selection.push(f);
                        }
                    }
                } else {
                    self.selection = found;
                }
            }
            Gesture::Vertex { item, index, to } => {
                if let Some(mut pts) = editable_points(self.doc.scenario(), item)
                    && index < pts.len()
                {
                    pts[index] = if self.settings.snap {
                        hit::snap_half_inch(to)
                    } else {
                        to
                    };
                    if let Some(e) = with_points(self.doc.scenario(), item, pts) {
                        self.apply("Move vertex", vec![e]);
                    }
                }
            }
            Gesture::Paint { .. } => self.finish_paint(),
            g @ (Gesture::RulesMove { .. } | Gesture::Follower { .. } | Gesture::Sight { .. }) => {
                self.end_preview_gesture(g)
            }
            Gesture::Measure { .. } | Gesture::Pan => {}
        }
    }

    fn paint_at(&mut self, world: Point, terrain: TerrainId, radius: u32) {
        let s = self.doc.scenario();
        let Some(h) = s.map.as_hex() else { return };
        let centre = layout(h).world_pos_to_hex(world);
        let grid = h.grid();
        if let Some(Gesture::Paint { cells }) = &mut self.gesture {
            for hex in centre.range(radius) {
                if grid.contains(hex) && !cells.iter().any(|(c, _)| *c == hex) {
                    cells.push((hex, terrain));
                }
            }
        }
    }

    fn finish_paint(&mut self) {
        if let Some(Gesture::Paint { cells }) = self.gesture.take() {
            let s = self.doc.scenario();
            let changed: Vec<_> = cells
                .into_iter()
                .filter(|(hex, t)| s.map.as_hex().and_then(|h| h.terrain_at(*hex)) != Some(*t))
                .collect();
            if !changed.is_empty() {
                let n = changed.len();
                self.apply(
                    &format!("Paint {n} hexes"),
                    vec![Edit::SetHexTerrain(changed)],
                );
            }
        }
    }

    fn fill_at(&mut self, world: Point, terrain: TerrainId) {
        let s = self.doc.scenario();
        let Some(h) = s.map.as_hex() else { return };
        let Some(start) = hit::hex_at(s, world) else {
            return;
        };
        if h.terrain_at(start) == Some(terrain) {
            return;
        }
        let cells: Vec<_> = flood_fill(h, start)
            .into_iter()
            .map(|x| (x, terrain))
            .collect();
        let n = cells.len();
        self.apply(&format!("Fill {n} hexes"), vec![Edit::SetHexTerrain(cells)]);
    }

    fn finish_drawing(&mut self, terrain: TerrainId) {
        let points = std::mem::take(&mut self.drawing);
        let s = self.doc.scenario();
        let Some(t) = s.terrain(terrain) else { return };
        let area = t.kind == TerrainKind::Area;
        let need = if area { 3 } else { 2 };
        if points.len() < need {
            self.status = format!(
                "A {} needs at least {need} points",
                if area { "area" } else { "line" }
            );
            return;
        }
        let shape = if area {
            PieceShape::Polygon(points)
        } else {
            PieceShape::Polyline {
                points,
                width_in: if t.kind == TerrainKind::Road {
                    1.5
                } else {
                    0.5
                },
            }
        };
        let piece = TerrainPiece {
            id: PieceId(s.next_id),
            name: format!(
                "{} {}",
                t.name,
                s.pieces.iter().filter(|p| p.terrain == terrain).count() + 1
            ),
            terrain,
            shape,
        };
        let id = piece.id;
        self.apply(
            &format!("Draw {}", t.name),
            vec![Edit::PutPiece(Box::new(piece))],
        );
        self.selection = vec![ItemRef::Piece(id)];
    }

    fn drop_payload(&mut self, payload: Payload, at: Point) {
        let s = self.doc.scenario();
        let side = self.side;
        let (label, edit) = match payload {
            Payload::Terrain(t) => {
                if s.map.is_hex() {
                    let Some(hex) = hit::hex_at(s, at) else {
                        return;
                    };
                    ("Paint hex", Some(Edit::SetHexTerrain(vec![(hex, t)])))
                } else {
                    ("Add terrain", create::place_area(s, t, at))
                }
            }
            Payload::Unit(t) => {
                let facing = s
                    .side(side)
                    .and_then(|x| x.home_edge)
                    .map_or(0.0, |e| e.inward_bearing_deg());
                ("Add unit", create::place_unit(s, t, side, at, facing))
            }
            Payload::Objective => ("Add objective", create::place_objective(s, at)),
            Payload::Zone => ("Add deployment zone", create::place_zone(s, side, at)),
            Payload::EntryPoint => ("Add entry point", create::place_entry(s, side, at)),
        };
        match edit {
            Some(e) => {
                let selected = match &e {
                    Edit::PutUnit(u) => Some(ItemRef::Unit(u.id)),
                    Edit::PutPiece(p) => Some(ItemRef::Piece(p.id)),
                    Edit::PutObjective(o) => Some(ItemRef::Objective(o.id)),
                    Edit::PutZone(z) => Some(ItemRef::Zone(z.id)),
                    Edit::PutColumn(c) => Some(ItemRef::Column(c.id)),
                    _ => None,
                };
                if self.apply(label, vec![e])
                    && let Some(item) = selected
                {
                    self.selection = vec![item];
                }
            }
            None => self.status = "Drop it on the map".into(),
        }
    }

    fn paint_canvas(&mut self, ui: &Ui, rect: Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        let style = self.scene_style();
        // The static layer is rebuilt only when the scenario or what it shows changes.
        let key = (self.doc.changes(), style.grid, style.coordinates);
        if self.static_layer.as_ref().is_none_or(|(k, _)| *k != key) {
            let scene = scene::static_layer(self.doc.scenario(), &style);
            self.static_layer = Some((key, StaticLayer::new(&scene)));
        }
        if let Some((_, layer)) = &mut self.static_layer
            && layer.upload(ui.ctx(), &self.view)
        {
            // The map's image is ready: last frame's shapes drew its triangles.
            self.canvas_cache = None;
        }
        let background = self.background_texture(ui.ctx());
        // The dynamic layer, or the ghost of a gesture in progress: the scenario as it would be
        // if the gesture ended now.
        let zoc = self.zoc_overlay_items();
        let ghost = self.ghost();
        let shown = ghost.as_ref().unwrap_or(self.doc.scenario());
        // A frame where nothing that shapes the map changed (the mouse moved, a panel
        // repainted) reuses the last frame's map shapes.
        let frame_key = CanvasKey {
            changes: self.doc.changes(),
            style: style.clone(),
            zoom: self.view.zoom.to_bits(),
            origin: (self.view.origin.x.to_bits(), self.view.origin.y.to_bits()),
            rect: (
                rect.min.x.to_bits(),
                rect.min.y.to_bits(),
                rect.max.x.to_bits(),
                rect.max.y.to_bits(),
            ),
            background,
        };
        let panned = |k: &CanvasKey| {
            CanvasKey {
                origin: frame_key.origin,
                ..k.clone()
            } == frame_key
        };
        let mut shapes = match (&ghost, &self.canvas_cache) {
            (None, Some((k, cached))) if *k == frame_key => cached.clone(),
            // Only the origin moved (a pan at the same zoom): move last frame's shapes.
            (None, Some((k, cached))) if panned(k) => {
                let (ox, oy) = k.origin;
                let delta = self.view.origin - egui::pos2(f32::from_bits(ox), f32::from_bits(oy));
                let mut moved = cached.clone();
                for shape in &mut moved {
                    shape.translate(delta);
                }
                self.canvas_cache = Some((frame_key, moved.clone()));
                moved
            }
            _ => {
                let mut shapes = Vec::new();
                if let Some((_, layer)) = &self.static_layer {
                    ui.ctx()
                        .fonts_mut(|f| layer.shapes(&mut shapes, &self.view, rect, f, background));
                }
                let dynamic = match &ghost {
                    Some(g) => std::sync::Arc::new(scene::dynamic_layer(g, &style)),
                    None => {
                        // Rebuilt only when the scenario or what is shown changes.
                        let key = (self.doc.changes(), style.clone());
                        if self.dynamic_layer.as_ref().is_none_or(|(k, _)| *k != key) {
                            let layer = scene::dynamic_layer(self.doc.scenario(), &style);
                            self.dynamic_layer = Some((key, std::sync::Arc::new(layer)));
                        }
                        match &self.dynamic_layer {
                            Some((_, layer)) => layer.clone(),
                            None => std::sync::Arc::new(scene::dynamic_layer(shown, &style)),
                        }
                    }
                };
                ui.ctx().fonts_mut(|f| {
                    paint::push_items(&mut shapes, &dynamic.items, &self.view, rect, f, None)
                });
                if ghost.is_none() {
                    self.canvas_cache = Some((frame_key, shapes.clone()));
                }
                shapes
            }
        };
        if ghost.is_some()
            && let Some(Gesture::Paint { cells }) = &self.gesture
        {
            // The hexes being painted, over the map as it is.
            if let Some(h) = shown.map.as_hex() {
                let l = layout(h);
                let mut m = crate::scene::Mesh::default();
                for (hex, t) in cells {
                    if let Some(tt) = shown.terrain(*t) {
                        m.add_convex(&l.hex_corners(*hex), tt.colour);
                    }
                }
                let painted = [crate::scene::Item::Mesh(std::sync::Arc::new(m))];
                ui.ctx().fonts_mut(|f| {
                    paint::push_items(&mut shapes, &painted, &self.view, rect, f, None)
                });
            }
        }
        // ZOC shading of the side chosen in the View menu (see `zoc_view`).
        if let Some(zoc) = &zoc {
            ui.ctx()
                .fonts_mut(|f| paint::push_items(&mut shapes, zoc, &self.view, rect, f, None));
        }
        // The rule preview of the selected unit, its hover answer and ghost (see `rules_view`).
        self.preview_shapes(ui, rect, &mut shapes);
        self.overlay_shapes(ui, &mut shapes);
        painter.extend(shapes);
    }

    /// The scenario as the gesture in progress would leave it (for the ghost).
    fn ghost(&self) -> Option<Scenario> {
        let s = self.doc.scenario();
        let edits = match self.gesture.as_ref()? {
            Gesture::Move { items, delta, .. } if *delta != Point::ZERO => {
                hit::move_edits(s, items, *delta, self.settings.snap)
            }
            Gesture::Vertex { item, index, to } => {
                let mut pts = editable_points(s, *item)?;
                *pts.get_mut(*index)? = *to;
                vec![with_points(s, *item, pts)?]
            }
            Gesture::Paint { cells } if !cells.is_empty() => {
                vec![Edit::SetHexTerrain(cells.clone())]
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
        let accent = Color32::from_rgb(255, 140, 0);
        let s = self.doc.scenario();
        match &self.gesture {
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
                    Stroke::new(1.0, accent),
                    egui::StrokeKind::Inside,
                ));
            }
            Some(Gesture::Measure { from, to }) => {
                let (a, b) = (v.to_screen(*from), v.to_screen(*to));
                shapes.push(Shape::line_segment([a, b], Stroke::new(2.0, accent)));
                shapes.push(Shape::circle_filled(a, 3.0, accent));
                let text = measure_text(s, *from, *to);
                ui.ctx().fonts_mut(|f| {
                    shapes.push(Shape::text(
                        f,
                        b + Vec2::new(8.0, -8.0),
                        egui::Align2::LEFT_BOTTOM,
                        text,
                        egui::FontId::proportional(14.0),
                        accent,
                    ));
                });
            }
            _ => {}
        }
        if !self.drawing.is_empty() {
            let mut pts: Vec<Pos2> = self.drawing.iter().map(|p| v.to_screen(*p)).collect();
            if let Some(c) = self.cursor {
                pts.push(v.to_screen(c));
            }
            shapes.push(Shape::line(pts.clone(), Stroke::new(2.0, accent)));
            for p in &pts[..pts.len().saturating_sub(1)] {
                shapes.push(Shape::circle_filled(*p, 3.5, accent));
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
                    Stroke::new(1.5, accent),
                    egui::StrokeKind::Inside,
                ));
            }
        }
        // The hex under the cursor, for the hex tools.
        if let (Some(c), Some(h)) = (self.cursor, s.map.as_hex())
            && matches!(
                self.tool,
                Tool::Paint { .. } | Tool::Fill { .. } | Tool::Hexside { .. }
            )
        {
            let l = layout(h);
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
                    shapes.push(Shape::closed_line(pts, Stroke::new(2.0, accent)));
                }
            }
            if let (Tool::Hexside { .. }, Some((hex, d))) = (self.tool, nearest_hexside(h, c)) {
                let [a, b] = scene::edge_corners(&l, hex, d);
                shapes.push(Shape::line_segment(
                    [v.to_screen(a), v.to_screen(b)],
                    Stroke::new(5.0, accent),
                ));
            }
        }
        let _ = colour;
    }

    pub(super) fn scene_style(&self) -> scene::Style {
        scene::Style {
            grid: self.settings.grid,
            coordinates: self.settings.coordinates,
            labels: self.settings.labels,
            zones: true,
            selected: self.selection.clone(),
        }
    }
}

/// What the map's shapes on the canvas depend on: when none of it changes, last frame's shapes
/// are reused.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CanvasKey {
    changes: u64,
    style: scene::Style,
    zoom: u32,
    origin: (u32, u32),
    rect: (u32, u32, u32, u32),
    background: Option<egui::TextureId>,
}

/// Distance text for the measuring tape: inches on the table; hexes (and millimetres on paper)
/// on a hex map.
pub fn measure_text(s: &Scenario, from: Point, to: Point) -> String {
    match s.map.as_hex() {
        Some(h) => {
            let l = layout(h);
            let (a, b) = (l.world_pos_to_hex(from), l.world_pos_to_hex(to));
            let n = a.unsigned_distance_to(b);
            format!(
                "{n} hex{} ({:.0} mm)",
                if n == 1 { "" } else { "es" },
                from.distance(to)
            )
        }
        None => format!("{:.1}\"", from.distance(to)),
    }
}

/// The vertices of a piece or table zone, if `item` is one.
fn editable_points(s: &Scenario, item: ItemRef) -> Option<Vec<Point>> {
    match item {
        ItemRef::Piece(id) => s.piece(id).map(|p| p.shape.points().to_vec()),
        ItemRef::Zone(id) => match &s.zones.iter().find(|z| z.id == id)?.area {
            ZoneArea::Polygon(p) => Some(p.clone()),
            ZoneArea::Hexes(_) => None,
        },
        _ => None,
    }
}

/// The edit that gives a piece or zone new vertices.
fn with_points(s: &Scenario, item: ItemRef, points: Vec<Point>) -> Option<Edit> {
    match item {
        ItemRef::Piece(id) => {
            let mut p = s.piece(id)?.clone();
            *p.shape.points_mut() = points;
            Some(Edit::PutPiece(Box::new(p)))
        }
        ItemRef::Zone(id) => {
            let mut z = s.zones.iter().find(|z| z.id == id)?.clone();
            z.area = ZoneArea::Polygon(points);
            Some(Edit::PutZone(Box::new(z)))
        }
        _ => None,
    }
}
