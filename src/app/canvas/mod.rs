//! The map canvas: input (pan, zoom, tools, drops) and drawing, all through `scene`.
//!
//! - `mod.rs`: the canvas's own state (gesture in progress, shape being drawn, fitting) and
//!   the input of every tool but Select;
//! - `select`: the Select tool (click, box, drag, vertex handles) and the end of every drag;
//! - `draw`: the layers drawn each frame, with their caches, and the tools' marks over them.
//!
//! Input returns [`Commands`]: the view's pan and zoom and the gesture in progress are the
//! canvas's own, everything else (edits, selection, previews) is carried out after the pass.

mod card;
mod draw;
mod grid;
mod label_placing;
pub(in crate::app) mod labels;
mod layer_cache;
mod marks;
pub use labels::zoom_to_name;
mod reveal;
mod select;
mod unit_runs;

pub(super) use draw::Layers;
pub use draw::measure_text;

use super::App;
use super::command::{Change, Command, Commands};
use super::tools::Payload;
use super::tools::{Gesture, Tool};
use super::view::View;
use crate::edit::Edit;
use crate::edit::ops::{create, paint};
use crate::geom::Point;
use crate::model::*;
use crate::scene;
use egui::{PointerButton, Rect, Sense, Ui};

/// Drags shorter than this many screen points are clicks, and moves this small are dropped.
const CLICK_SLOP: f32 = 3.0;

/// What the canvas keeps between frames besides its drawing caches.
pub(super) struct CanvasState {
    /// The drag in progress; nothing changes the scenario until it ends.
    pub gesture: Option<Gesture>,
    /// Vertices of a piece being drawn.
    pub drawing: Vec<Point>,
    /// The hexes a road stroke has passed over, in order.
    pub route: Vec<hexx::Hex>,
    /// Fit the map to the canvas on the next frame.
    pub fit_pending: bool,
    /// Keep fitting the map to the window until the user pans or zooms.
    pub auto_fit: bool,
    /// Frames left in which the panels may still be finding their size after a fit: the map
    /// is fitted again to the canvas while they last.
    pub settling: u8,
    /// The window's rectangle last frame: when it changes (the user resized the window) a map
    /// the user has not moved is fitted again; a panel opening or widening does not re-zoom it.
    pub window: Rect,
    pub space_down: bool,
    /// The map point under the pointer.
    pub cursor: Option<Point>,
    /// Where the canvas was drawn last frame.
    pub rect: Rect,
    /// Escape was pressed this frame: a drag that ends now is dropped, not carried out.
    pub cancelling: bool,
    /// The rule preview's answer for the place under the pointer this frame, and whether it
    /// is legal (shown in the pointer's card).
    pub tip: Option<(String, Option<bool>)>,
    /// A key was pressed since the pointer last moved: the player works by keyboard, and the
    /// card of whatever the idle pointer rests on would only be in the way.
    pub keyboard_since_pointer: bool,
    /// The Calibrate tool's clicks on the background image.
    pub calibration: super::calibrate_window::Calibration,
    /// *Find the grid*: running, or what it found for the image.
    pub finding: super::find_grid::Finding,
    /// The last distance measured: it stays on the map after the button is released, until
    /// the next measure, Escape or another tool.
    pub measured: Option<(Point, Point)>,
    /// The hex under the brush when the stroke last painted: the next sample paints every hex
    /// on the line from it, so a fast stroke leaves no gaps between pointer samples.
    pub brush_last: Option<hexx::Hex>,
}

impl Default for CanvasState {
    fn default() -> Self {
        CanvasState {
            gesture: None,
            drawing: Vec::new(),
            route: Vec::new(),
            fit_pending: true,
            auto_fit: true,
            settling: 0,
            window: Rect::NOTHING,
            space_down: false,
            cursor: None,
            rect: Rect::NOTHING,
            cancelling: false,
            calibration: Default::default(),
            finding: Default::default(),
            measured: None,
            brush_last: None,
            tip: None,
            keyboard_since_pointer: false,
        }
    }
}

impl App {
    pub(super) fn canvas_ui(&mut self, ui: &mut Ui) -> Commands {
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map canvas"));
        // Fit the map while the layout settles (panels take a frame or two to find their
        // size), and when the window is resized until the user pans or zooms. A panel that
        // opens, widens or closes leaves the map where it is on the screen, at its zoom.
        let c = &mut self.canvas;
        let window = ui.ctx().content_rect();
        let refit = c.auto_fit && rect != c.rect && (c.settling > 0 || window != c.window);
        if c.fit_pending || refit {
            self.view = View::fit(scene::frame(self.doc.scenario()).0, rect);
            if c.fit_pending {
                c.settling = 4;
            }
            c.fit_pending = false;
            c.auto_fit = true;
        }
        c.settling = c.settling.saturating_sub(1);
        c.rect = rect;
        c.window = window;
        // Once the user works on the map, panels growing or shrinking (the inspector showing a
        // selection) must not re-zoom it under the pointer.
        if response.is_pointer_button_down_on() {
            c.auto_fit = false;
        }
        let world = response.hover_pos().map(|p| self.view.to_world(p));
        self.canvas.cursor = world;
        let mut out = self.canvas_input(ui, &response, world);
        if let Some(payload) = response.dnd_release_payload::<Payload>()
            && let Some(p) = response
                .hover_pos()
                .or(ui.input(|i| i.pointer.latest_pos()))
        {
            let c = self.drop_payload(*payload, self.view.to_world(p));
            let placed = matches!(c, Command::Apply(_));
            out.push(c);
            if placed {
                if let Payload::Unit(t) = *payload {
                    self.panels.last_unit = Some(t);
                }
                out.extend(self.after_placing(ui.input(|i| i.modifiers.shift)));
            }
        }
        self.paint_canvas(ui, rect);
        if response.hovered() || self.canvas.gesture.is_some() {
            self.pointer_card_ui(ui);
        } else {
            self.canvas.tip = None;
        }
        out
    }

    /// Moves the view so `unit` stands in the middle of the canvas, at the same zoom.
    pub(super) fn centre_on(&mut self, unit: UnitId) {
        let Some(at) = crate::preview::anchor(self.doc.scenario(), unit) else {
            self.status = "That unit is not on the map".into();
            return;
        };
        self.centre_point(at);
    }

    /// Moves the view so the map point `at` stands in the middle of the canvas.
    fn centre_point(&mut self, at: Point) {
        let delta = self.canvas.rect.center() - self.view.to_screen(at);
        self.view.pan(delta);
        self.canvas.auto_fit = false;
    }

    /// Finds `unit` on the map: centred, and zoomed in (about the canvas centre) when its name
    /// would be too small to be drawn.
    pub(super) fn find_on_map(&mut self, unit: UnitId) {
        if let Some(z) = labels::zoom_to_name(self.doc.scenario(), unit) {
            // A little more than the least, so the name shows clear of the limit.
            let wanted = z * 1.25;
            if self.view.zoom < wanted {
                self.zoom_centre(wanted / self.view.zoom);
            }
        }
        self.centre_on(unit);
    }

    /// Pans the view, if it must, so `unit` stands inside the canvas with a margin.
    pub(super) fn bring_into_view(&mut self, unit: UnitId) {
        if let Some(at) = crate::preview::anchor(self.doc.scenario(), unit) {
            self.bring_point_into_view(at);
        }
    }

    /// Pans the view, if it must, so the map point `at` stands inside the canvas with a
    /// margin: centred when it was outside.
    pub(in crate::app) fn bring_point_into_view(&mut self, at: Point) {
        let inner = self.canvas.rect.shrink(40.0);
        if inner.is_positive() && !inner.contains(self.view.to_screen(at)) {
            self.centre_point(at);
        }
    }

    /// Zooms about the canvas centre (the keyboard's + and -).
    pub(super) fn zoom_centre(&mut self, factor: f32) {
        self.view.zoom_about(self.canvas.rect.center(), factor);
        self.canvas.auto_fit = false;
    }

    fn canvas_input(
        &mut self,
        ui: &mut Ui,
        response: &egui::Response,
        world: Option<Point>,
    ) -> Commands {
        let mut out = Commands::default();
        // Zoom about the cursor: wheel or pinch.
        if response.hovered() {
            let (scroll, zoom, pos) =
                ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.pointer.hover_pos()));
            if let Some(pos) = pos {
                if zoom != 1.0 {
                    self.view.zoom_about(pos, zoom);
                    self.canvas.auto_fit = false;
                } else if scroll.y != 0.0 {
                    self.view.zoom_about(pos, (scroll.y * 0.0025).exp());
                    self.canvas.auto_fit = false;
                }
            }
        }
        if !ui.ctx().text_edit_focused() {
            self.canvas.space_down = ui.input(|i| i.key_down(egui::Key::Space));
        }
        // Panning: middle drag, or space + drag.
        if response.dragged_by(PointerButton::Middle)
            || (self.canvas.space_down && response.dragged_by(PointerButton::Primary))
        {
            self.view.pan(response.drag_delta());
            self.canvas.auto_fit = false;
            self.canvas.gesture = Some(Gesture::Pan);
            return out;
        }
        if matches!(self.canvas.gesture, Some(Gesture::Pan)) && !response.dragged() {
            self.canvas.gesture = None;
        }
        let Some(world) = world.or_else(|| {
            response
                .interact_pointer_pos()
                .map(|p| self.view.to_world(p))
        }) else {
            return out;
        };
        let tol = 4.0 / self.view.zoom;
        let shift = ui.input(|i| i.modifiers.shift);
        match self.tool {
            Tool::Select => match self.preview_input(ui, response, world, tol) {
                Some(taken) => out.extend(taken),
                None => out.extend(self.select_tool(ui, response, world, tol, shift)),
            },
            Tool::Sight => {
                if response.drag_started_by(PointerButton::Primary) {
                    let from = ui
                        .input(|i| i.pointer.press_origin())
                        .map(|p| self.view.to_world(p))
                        .unwrap_or(world);
                    self.canvas.gesture = Some(Gesture::Sight { from, to: world });
                }
                if let Some(Gesture::Sight { to, .. }) = &mut self.canvas.gesture {
                    *to = world;
                }
            }
            Tool::Measure => {
                // Click, then click again where to: the line follows the pointer between.
                if response.clicked() {
                    if let Some(Gesture::Measure { to, .. }) = &mut self.canvas.gesture {
                        *to = world;
                        out.extend(self.end_gesture(world));
                    } else {
                        self.canvas.measured = None;
                        self.canvas.gesture = Some(Gesture::Measure {
                            from: world,
                            to: world,
                        });
                        self.status =
                            "Measuring: click where to (or drag from a point to another)".into();
                    }
                    return out;
                }
                if response.drag_started_by(PointerButton::Primary) {
                    self.canvas.measured = None;
                    // From where the button went down: egui reports the drag a few points on.
                    let from = ui
                        .input(|i| i.pointer.press_origin())
                        .map(|p| self.view.to_world(p))
                        .unwrap_or(world);
                    self.canvas.gesture = Some(Gesture::Measure { from, to: world });
                }
                if let Some(Gesture::Measure { to, .. }) = &mut self.canvas.gesture {
                    *to = world;
                }
            }
            Tool::Paint { terrain, radius } => {
                if shift && response.clicked() {
                    out.extend(self.fill_at(world, terrain));
                    return out;
                }
                // Paint from the moment the button goes down, not when egui decides it is a drag.
                if response.is_pointer_button_down_on() || response.clicked() {
                    if !matches!(self.canvas.gesture, Some(Gesture::Paint { .. })) {
                        self.canvas.gesture = Some(Gesture::Paint { cells: Vec::new() });
                        self.canvas.brush_last = None;
                    }
                    self.paint_at(world, terrain, radius);
                }
                if response.drag_stopped() || response.clicked() {
                    out.extend(self.finish_paint());
                }
            }
            Tool::Fill { terrain } => {
                if response.clicked() {
                    out.extend(self.fill_at(world, terrain));
                }
            }
            Tool::Hexside { feature } if feature.is_route() => {
                // A road is drawn through the hexes it joins: the stroke's hexes in order, the
                // edges between them laid, never taken up by passing over a road already there
                // (Shift+drag takes a road up). A click with no second hex toggles the edge
                // under it, as for rivers.
                let s = self.doc.scenario();
                if let Some(h) = s.map.as_hex() {
                    if response.is_pointer_button_down_on()
                        && let Some(hex) = super::hit::hex_at(s, world)
                        && self.canvas.route.last() != Some(&hex)
                    {
                        self.canvas.route.push(hex);
                        let sides = paint::route_sides(h, &self.canvas.route);
                        let on = match &self.canvas.gesture {
                            Some(Gesture::Hexsides { on, .. }) => *on,
                            _ => !ui.input(|i| i.modifiers.shift),
                        };
                        if !sides.is_empty() {
                            self.canvas.gesture = Some(Gesture::Hexsides { sides, on });
                        }
                    }
                    if response.drag_stopped() || response.clicked() {
                        let route = std::mem::take(&mut self.canvas.route);
                        let stroke = match self.canvas.gesture.take() {
                            Some(Gesture::Hexsides { sides, on }) => Some((sides, on)),
                            _ if route.len() <= 1 => super::tools::hexside_under_stroke(h, world)
                                .map(|x| (vec![x], !feature.is_in(h.hexside(x.0, x.1)))),
                            _ => None,
                        };
                        if let Some((sides, on)) = stroke
                            && !self.canvas.cancelling
                            && let Some((label, edits)) =
                                paint::hexside_stroke(s, &sides, feature, on)
                        {
                            out.push(Command::Apply(Change::new(label, edits)));
                        }
                    }
                }
            }
            Tool::Hexside { feature } => {
                // A stroke from the moment the button goes down: the first edge decides whether
                // the stroke lays the feature or takes it up; a click is a stroke of one edge.
                let s = self.doc.scenario();
                if (response.is_pointer_button_down_on() || response.clicked())
                    && let Some(h) = s.map.as_hex()
                    && let Some(side) = super::tools::hexside_under_stroke(h, world)
                {
                    match &mut self.canvas.gesture {
                        Some(Gesture::Hexsides { sides, .. }) => {
                            if !sides.contains(&side) {
                                sides.push(side);
                            }
                        }
                        _ => {
                            let on = !feature.is_in(h.hexside(side.0, side.1));
                            self.canvas.gesture = Some(Gesture::Hexsides {
                                sides: vec![side],
                                on,
                            });
                        }
                    }
                }
                if (response.drag_stopped() || response.clicked())
                    && let Some(Gesture::Hexsides { sides, on }) = self.canvas.gesture.take()
                    && !self.canvas.cancelling
                    && let Some((label, edits)) = paint::hexside_stroke(s, &sides, feature, on)
                {
                    out.push(Command::Apply(Change::new(label, edits)));
                }
            }
            Tool::Calibrate => {
                if response.clicked() {
                    self.calibration_click(world);
                }
            }
            Tool::Place(payload) => {
                if response.clicked() {
                    let c = self.drop_payload(payload, world);
                    let placed = matches!(c, Command::Apply(_));
                    out.push(c);
                    if placed {
                        if let Payload::Unit(t) = payload {
                            self.panels.last_unit = Some(t);
                        }
                        out.extend(self.after_placing(shift));
                    }
                }
            }
            Tool::DrawArea { .. } | Tool::DrawLine { .. } => {
                let p = if self.settings.snap {
                    crate::edit::ops::selection::snap_half_inch(world)
                } else {
                    world
                };
                if response.double_clicked() {
                    out.push(Command::Confirm);
                } else if response.clicked() {
                    self.canvas.drawing.push(p);
                }
            }
        }
        if response.drag_stopped() {
            if self.canvas.cancelling {
                if self.canvas.gesture.take().is_some() {
                    out.push(Command::Status("Cancelled".into()));
                }
            } else {
                out.extend(self.end_gesture(world));
            }
        }
        out
    }

    fn paint_at(&mut self, world: Point, terrain: TerrainId, radius: u32) {
        let s = self.doc.scenario();
        let Some(h) = s.map.as_hex() else { return };
        let centre = h.layout().world_pos_to_hex(world);
        let along: Vec<hexx::Hex> = match self.canvas.brush_last {
            Some(last) if last != centre => last.line_to(centre).collect(),
            _ => vec![centre],
        };
        self.canvas.brush_last = Some(centre);
        if let Some(Gesture::Paint { cells }) = &mut self.canvas.gesture {
            for c in along {
                for hex in paint::brush(h, c, radius) {
                    if !cells.iter().any(|(c, _)| *c == hex) {
                        cells.push((hex, terrain));
                    }
                }
            }
        }
    }

    fn finish_paint(&mut self) -> Commands {
        let mut out = Commands::default();
        if let Some(Gesture::Paint { cells }) = self.canvas.gesture.take()
            && let Some((label, edit)) = paint::paint_edit(self.doc.scenario(), cells)
        {
            out.push(Command::Apply(Change::new(label, vec![edit])));
        }
        out
    }

    fn fill_at(&self, world: Point, terrain: TerrainId) -> Commands {
        let s = self.doc.scenario();
        super::hit::hex_at(s, world)
            .and_then(|start| paint::fill_edit(s, start, terrain))
            .map_or_else(Commands::default, |(label, edit)| {
                Command::Apply(Change::new(label, vec![edit])).into()
            })
    }

    /// Finishes the piece being drawn with `terrain` (Enter or a double-click).
    pub(super) fn finish_drawing(&mut self, terrain: TerrainId) {
        let points = std::mem::take(&mut self.canvas.drawing);
        let s = self.doc.scenario();
        let name = s.terrain(terrain).map_or(String::new(), |t| t.name.clone());
        match create::draw_piece(s, terrain, points) {
            Ok(edit) => {
                let select = create::created(&edit).into_iter().collect();
                self.apply_change(
                    Change::new(format!("Draw {name}"), vec![edit]).selecting(select),
                );
            }
            Err(why) => self.status = why,
        }
    }

    /// Once something is placed from the palette the tool returns to Select, unless the
    /// palette's lock is on or Shift was held.
    fn after_placing(&self, shift: bool) -> Commands {
        if shift || self.settings.keep_tool || self.tool == Tool::Select {
            Commands::default()
        } else {
            Command::SetTool(Tool::Select).into()
        }
    }

    /// The command a palette item dropped at `at` sends.
    fn drop_payload(&self, payload: Payload, at: Point) -> Command {
        let s = self.doc.scenario();
        let side = self.side;
        // Units face away from their side's home edge.
        let facing = |side: SideId| {
            s.side(side)
                .and_then(|x| x.home_edge)
                .map_or(0.0, |e| e.inward_bearing_deg())
        };
        let (label, edit) = match payload {
            Payload::Terrain(t) => {
                if s.map.is_hex() {
                    let hex = super::hit::hex_at(s, at);
                    (
                        "Paint hex",
                        hex.map(|hex| Edit::SetHexTerrain(vec![(hex, t)])),
                    )
                } else {
                    ("Add terrain", create::place_area(s, t, at))
                }
            }
            Payload::Unit(t) => ("Add unit", create::place_unit(s, t, side, at, facing(side))),
            Payload::Place(u) => {
                let facing = s.unit(u).map_or(0.0, |u| facing(u.side));
                ("Place unit", create::place_off_map_unit(s, u, at, facing))
            }
            // A row of the order of battle dropped on the map: only its leader rows take it.
            Payload::Command(_) => return Command::Status(
                "Drop the unit on a leader's row in the order of battle to put it under his command".into(),
            ),
            Payload::Objective => ("Add objective", create::place_objective(s, at)),
            Payload::Zone => ("Add deployment zone", create::place_zone(s, side, at)),
            Payload::EntryPoint => ("Add entry point", create::place_entry(s, side, at)),
        };
        match edit {
            Some(e) => {
                // A unit is named in the history ("Undid: Add Infantry 3"), as the user knows it.
                let label = match &e {
                    Edit::PutUnit(u) if matches!(payload, Payload::Unit(_)) => {
                        format!("Add {}", u.name)
                    }
                    _ => label.to_string(),
                };
                let change = Change::new(&label, Vec::new());
                let change = match create::created(&e) {
                    Some(item) => change.selecting(vec![item]),
                    None => change,
                };
                Command::Apply(Change {
                    edits: vec![e],
                    ..change
                })
            }
            None => Command::Status("Drop it on the map".into()),
        }
    }
}
