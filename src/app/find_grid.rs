//! *Find the grid* in the Calibrate window: the grid finder (`geom::hex_lattice`, the same as
//! `sandtable calibrate --find-grid`) runs on a worker thread over the background's grey
//! levels; what it found is drawn over the scan and said with its confidence, and *Apply the
//! grid found* lays the map over it as one undo step, numbered from the first hex clicked
//! (a second one is checked), or from the map's first hex where the image lies now.

use super::App;
use super::calibrate_window::named_clicks;
use super::command::{Change, Command, Commands};
use crate::edit::ops::calibrate::apply_found_grid;
use crate::geom::Point;
use crate::geom::hex_lattice::{self, FoundGrid, Tops, V2};
use crate::model::{ImageBytes, Map};
use egui::{Color32, Shape, Stroke, Ui};
use std::sync::mpsc;

/// The finder's state for one image.
#[derive(Default)]
pub enum Finding {
    #[default]
    Idle,
    Running(ImageBytes, mpsc::Receiver<Result<FoundGrid, String>>),
    Found(ImageBytes, FoundGrid),
    Nothing(ImageBytes, String),
}

/// Hex outlines drawn for the grid found, at most.
const MOST_OUTLINES: i64 = 3_000;

impl App {
    fn start_finding(&mut self, ctx: &egui::Context) {
        let Some(bg) = &self.doc.scenario().background else {
            return;
        };
        let bytes = bg.encoded.clone();
        let work = bytes.clone();
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("find-grid".into())
            .spawn(move || {
                let found = crate::io::image::decode_gray(&work)
                    .map_err(|e| e.to_string())
                    .and_then(|g| hex_lattice::find(&g).map_err(|e| e.to_string()));
                let _ = tx.send(found);
                ctx.request_repaint();
            });
        self.canvas.finding = match spawned {
            Ok(_) => Finding::Running(bytes, rx),
            Err(e) => Finding::Nothing(bytes, format!("no thread to look: {e}")),
        };
    }

    /// Whether the grid finder is running for the Calibrate window, which takes in its result.
    pub(super) fn finding_grid(&self) -> bool {
        self.tool == super::tools::Tool::Calibrate
            && matches!(self.canvas.finding, Finding::Running(..))
    }

    /// The grid found for the image shown now, if any.
    pub(super) fn found_grid(&self) -> Option<&FoundGrid> {
        let bg = self.doc.scenario().background.as_ref()?;
        match &self.canvas.finding {
            Finding::Found(b, g) if b.same_buffer(&bg.encoded) => Some(g),
            _ => None,
        }
    }

    /// The *Find the grid* part of the Calibrate window (hex maps).
    pub(super) fn find_grid_ui(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        let s = self.doc.scenario();
        let (Some(bg), Map::Hex(_)) = (&s.background, &s.map) else {
            return out;
        };
        if let Finding::Running(b, rx) = &self.canvas.finding {
            let b = b.clone();
            match rx.try_recv() {
                Ok(Ok(g)) => self.canvas.finding = Finding::Found(b, g),
                Ok(Err(e)) => self.canvas.finding = Finding::Nothing(b, e),
                Err(mpsc::TryRecvError::Empty) => {}
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.canvas.finding = Finding::Nothing(b, "the finder stopped".into());
                }
            }
        }
        let running =
            matches!(&self.canvas.finding, Finding::Running(b, _) if b.same_buffer(&bg.encoded));
        ui.horizontal(|ui| {
            let r = ui
                .add_enabled(!running, egui::Button::new("Find the grid"))
                .on_hover_text("Measure the hex grid printed on the image");
            if r.clicked() {
                self.start_finding(ui.ctx());
            }
            if running {
                ui.spinner();
                ui.weak("Looking for the grid…");
            }
        });
        let s = self.doc.scenario();
        let Some(bg) = &s.background else {
            return out;
        };
        if let Finding::Nothing(b, why) = &self.canvas.finding
            && b.same_buffer(&bg.encoded)
        {
            ui.colored_label(ui.visuals().warn_fg_color, format!("Found nothing: {why}"));
        }
        let Some(grid) = self.found_grid().copied() else {
            return out;
        };
        ui.label(format!(
            "Found: {} tops, {:.1} px across, turned {}. Confidence {:.2} ({} of {} regions agree).",
            match grid.tops {
                Tops::Flat => "flat",
                Tops::Pointy => "pointy",
            },
            grid.across_px,
            crate::model::words::degrees(grid.turn_deg),
            grid.confidence,
            grid.regions_agreeing,
            grid.regions_seen,
        ));
        if grid.printed_px.is_some() {
            ui.weak(
                "Measured where the grid is printed (outlined): the rest of the image shows none.",
            );
            ui.weak("Apply lays the map's first hex on the printed grid's top-left hex; to number it otherwise, click a hex on the image and type its label (a second one is checked).");
        } else {
            ui.weak("Click a hex on the image and type its label to number the grid (a second one is checked), then apply.");
        }
        let Map::Hex(h) = &s.map else {
            return out;
        };
        let named = named_clicks(h, &self.canvas.calibration.clicks);
        match apply_found_grid(s, &grid, &named, self.found_first_px(&grid)) {
            Ok(applied) => {
                if ui.button("Apply the grid found").clicked() {
                    let text = format!(
                        "Calibrated from the grid found: {:.1} px a hex, turned {}",
                        applied.placed.placement.px_per_unit,
                        crate::model::words::degrees(f64::from(
                            applied.placed.placement.rotation_deg
                        ))
                    );
                    out.push(Command::Apply(
                        Change::new("Calibrate background", applied.edits).saying(text),
                    ));
                    self.canvas.calibration.clicks.clear();
                }
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
        }
        ui.separator();
        out
    }

    /// The image pixel the map's first hex goes to when no hex is named: the printed grid's
    /// top-left hex, or where the first hex lies on the image now.
    fn found_first_px(&self, grid: &FoundGrid) -> Point {
        if let Some(p) = crate::edit::ops::calibrate::printed_first_hex(grid) {
            return p;
        }
        let s = self.doc.scenario();
        let (Some(bg), Map::Hex(h)) = (&s.background, &s.map) else {
            return Point::ZERO;
        };
        let first = h.grid().hex_at(0).map_or(Point::ZERO, |x| {
            let c = h.layout().hex_to_world_pos(x);
            Point::new(c.x, c.y)
        });
        bg.pixel_at(&s.map, crate::scene::frame(s).0, first)
    }

    /// The label of the hex at image pixel `px` as *Apply the grid found* would number it
    /// now (from the hexes named so far, else from the first hex): a click's first guess that
    /// agrees with the grid, where the hex under the stretched image would not. `None` with
    /// no grid found, when applying it would turn the map's hexes, off the printed grid, or
    /// before the map's first hex.
    pub(super) fn found_grid_label(&self, px: Point) -> Option<String> {
        let grid = *self.found_grid()?;
        let s = self.doc.scenario();
        let Map::Hex(h) = &s.map else { return None };
        let named = named_clicks(h, &self.canvas.calibration.clicks);
        let applied = apply_found_grid(s, &grid, &named, self.found_first_px(&grid)).ok()?;
        if applied.reoriented {
            return None;
        }
        // A click on the paper beside the printed grid names no hex.
        if !grid.printed_at(V2::new(f64::from(px.x), f64::from(px.y))) {
            return None;
        }
        let world = applied.placed.placement.world_at(&s.map, px);
        let label = h.label(h.layout().world_pos_to_hex(world));
        // A hex on the map, or one past its edge the map may grow to (never one before its
        // first hex, whose label would read "-6-8").
        (h.hex_of_label(&label).is_some() || h.labels.size_to_hold(&label).is_some())
            .then_some(label)
    }

    /// The grid found, drawn over the image as it lies now (hex outlines in view).
    pub(super) fn found_grid_shapes(&self, clip: egui::Rect, shapes: &mut Vec<Shape>) {
        let Some(grid) = self.found_grid() else {
            return;
        };
        let s = self.doc.scenario();
        let Some(bg) = &s.background else {
            return;
        };
        let corners = bg.corners(&s.map, crate::scene::frame(s).0);
        let (w, h) = (bg.width_px as f32, bg.height_px as f32);
        let to_map = |p: V2| {
            let (u, v) = (p.x as f32 / w, p.y as f32 / h);
            corners[0] + (corners[1] - corners[0]) * u + (corners[3] - corners[0]) * v
        };
        let lat = grid.lattice();
        let across = lat.across();
        let [x0, y0, x1, y1] =
            grid.printed_px
                .unwrap_or([0.0, 0.0, f64::from(bg.width_px), f64::from(bg.height_px)]);
        let n = ((f64::from(bg.width_px.max(bg.height_px)) / across).ceil() as i64 + 2)
            .min(MOST_OUTLINES);
        let stroke = Stroke::new(1.5, Color32::from_rgb(230, 40, 200));
        let corner = |k: i32| lat.a1.turned(30.0 + 60.0 * f64::from(k)) * (1.0 / 3f64.sqrt());
        let mut drawn = 0;
        let centre = lat.nearest(V2::new(
            f64::from(bg.width_px) / 2.0,
            f64::from(bg.height_px) / 2.0,
        ));
        for m in centre.0 - n..=centre.0 + n {
            for k in centre.1 - n..=centre.1 + n {
                let c = lat.point(m as f64, k as f64);
                if c.x < x0 || c.y < y0 || c.x > x1 || c.y > y1 || !grid.printed_at(c) {
                    continue;
                }
                let pts: Vec<egui::Pos2> = (0..6)
                    .map(|i| self.view.to_screen(to_map(c + corner(i))))
                    .collect();
                if !pts.iter().any(|p| clip.contains(*p)) {
                    continue;
                }
                shapes.push(Shape::closed_line(pts, stroke));
                drawn += 1;
                if drawn >= MOST_OUTLINES {
                    return;
                }
            }
        }
    }
}
