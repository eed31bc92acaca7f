//! The Calibrate tool's window: lay the map over its background image. On a hex map, pick the
//! orientation, click the centres of two or three hexes far apart and say which hexes they are;
//! the fit (hex size, origin, a small turn) and its residual in pixels show at once, Apply makes
//! it one undo step, and the arrows (or the arrow keys) nudge it. On a table, click two points
//! and type the inches between them. The clicks are UI state; the edits come from
//! `edit::ops::calibrate`.

use super::App;
use super::command::{Change, Command, Commands};
use super::tools::Tool;
use crate::edit::Edit;
use crate::edit::ops::calibrate;
use crate::edit::ops::map::{ResizeHex, resize_hex_map};
use crate::geom::Point;
use crate::model::limits::MAX_HEXES;
use crate::model::placement::calibrate_hex;
use crate::model::{HexMap, HexShape, Map, OffsetParity, Orientation};
use egui::{Context, Ui};
use hexx::Hex;

/// A click on the image and the hex it names (as typed: a label or `q,r`).
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrationClick {
    /// The image pixel clicked.
    pub px: Point,
    pub hex: String,
}

/// The Calibrate tool's clicks and typed distance.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub clicks: Vec<CalibrationClick>,
    /// Table: the inches between the two clicks.
    pub inches: f32,
}

impl Default for Calibration {
    fn default() -> Self {
        Calibration {
            clicks: Vec::new(),
            inches: 12.0,
        }
    }
}

/// The most clicks kept: three hexes, or the two ends of a known distance on a table.
fn most(map: &Map) -> usize {
    if map.is_hex() { 3 } else { 2 }
}

/// `h` reshaped to a rectangle of `columns` x `rows` with `parity`'s columns (or rows)
/// pushed, its orientation and hex size kept.
fn rectangle(h: &HexMap, columns: u32, rows: u32, parity: OffsetParity) -> ResizeHex {
    ResizeHex {
        shape: HexShape::Rectangle {
            columns,
            rows,
            parity,
        },
        ..ResizeHex::of(h)
    }
}

/// How far one nudge moves the image, in map units (hexes or inches), and turns it.
pub const NUDGE_UNITS: f32 = 0.02;
pub const NUDGE_DEG: f32 = 0.1;

impl App {
    /// A click on the map with the Calibrate tool: the image pixel under it, and the hex under
    /// it as a first guess of which hex it is.
    pub(super) fn calibration_click(&mut self, world: Point) {
        let s = self.doc.scenario();
        let Some(bg) = &s.background else {
            self.status =
                "Calibrate: set a background image first (File > Background image)".into();
            return;
        };
        let bounds = crate::scene::frame(s).0;
        let px = bg.pixel_at(&s.map, bounds, world);
        if !bg.holds_pixel(px) {
            self.status =
                "Calibrate: that click is off the image; click a point on the scan".into();
            return;
        }
        // The first guess of the hex: under the click once the image is calibrated, else as
        // the grid found would number it; stretched over the map, the hex under the click is
        // no guess at all, and the field waits for the label printed on the scan.
        let hex = match &s.map {
            Map::Hex(h) if bg.placement.is_some() => h.label(h.layout().world_pos_to_hex(world)),
            Map::Hex(_) => self.found_grid_label(px).unwrap_or_default(),
            Map::Table(_) => String::new(),
        };
        // A refusal of a click before this one no longer holds.
        self.status.clear();
        let cal = &mut self.canvas.calibration;
        if cal.clicks.len() >= most(&s.map) {
            cal.clicks.remove(0);
        }
        cal.clicks.push(CalibrationClick { px, hex });
    }

    /// Where each click of the Calibrate tool was, on the image as it lies now: a cross hair
    /// and the click's number, so the designer sees which hex each field names.
    pub(super) fn calibration_marks(
        &self,
        fonts: &mut egui::epaint::text::FontsView<'_>,
        shapes: &mut Vec<egui::Shape>,
    ) {
        let s = self.doc.scenario();
        let Some(bg) = &s.background else { return };
        let bounds = crate::scene::frame(s).0;
        let (ink, halo) = (
            egui::Color32::from_rgb(230, 40, 200),
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 220),
        );
        for (i, c) in self.canvas.calibration.clicks.iter().enumerate() {
            let at = self.view.to_screen(bg.world_at(&s.map, bounds, c.px));
            for (width, colour) in [(4.0, halo), (2.0, ink)] {
                let stroke = egui::Stroke::new(width, colour);
                for d in [egui::vec2(9.0, 0.0), egui::vec2(0.0, 9.0)] {
                    shapes.push(egui::Shape::line_segment([at - d, at + d], stroke));
                }
            }
            let galley =
                fonts.layout_no_wrap(format!("{}", i + 1), egui::FontId::proportional(13.0), ink);
            let r = egui::Align2::LEFT_BOTTOM
                .anchor_size(at + egui::vec2(6.0, -6.0), galley.size())
                .expand(2.0);
            shapes.push(egui::Shape::rect_filled(r, 3.0, halo));
            shapes.push(egui::Shape::galley(
                r.min + egui::vec2(2.0, 2.0),
                galley,
                ink,
            ));
        }
    }

    /// The fit's edits and what it says, or why there is none yet.
    fn calibration_fit(&self) -> Result<(Vec<Edit>, String), String> {
        let s = self.doc.scenario();
        let cal = &self.canvas.calibration;
        match &s.map {
            Map::Hex(h) => {
                if cal.clicks.len() < 2 {
                    return Err("Click the centres of two or three hexes far apart".into());
                }
                let mut pairs = Vec::new();
                for (i, c) in cal.clicks.iter().enumerate() {
                    if c.hex.trim().is_empty() {
                        return Err(format!(
                            "Type the label printed in click {}'s hex (or q,r)",
                            i + 1
                        ));
                    }
                    match named_hex(h, &c.hex) {
                        Some(x) => pairs.push((c.px, x)),
                        None => {
                            // Say how this map numbers its hexes: a scan printed otherwise
                            // ("A1") is numbered so in the map's Numbering.
                            let grid = h.grid();
                            let span = grid
                                .hex_at(0)
                                .zip(grid.hex_at(grid.len().saturating_sub(1)))
                                .map_or(String::new(), |(a, b)| {
                                    format!(
                                        " (numbered {} to {}; the map's Numbering sets how)",
                                        h.label(a),
                                        h.label(b)
                                    )
                                });
                            return Err(format!(
                                "Click {}: '{}' is not a hex of this map{span}",
                                i + 1,
                                c.hex
                            ));
                        }
                    }
                }
                let (edits, fit) = calibrate::fit_hexes(s, &pairs).map_err(|e| e.to_string())?;
                let p = match &edits[..] {
                    [Edit::SetBackground(Some(bg))] => bg.placement,
                    _ => None,
                };
                let size = p.map_or(String::new(), |p| {
                    format!(
                        "; a hex is {:.1} px across, turned {}",
                        p.px_per_unit,
                        crate::model::words::degrees(f64::from(p.rotation_deg))
                    )
                });
                // Two clicks always fit exactly: only a third can show a wrong hex named.
                let check = if pairs.len() < 3 {
                    ". Two clicks always fit: a third, far from both, checks them"
                } else {
                    ""
                };
                Ok((
                    edits,
                    format!(
                        "Residual error: {:.2} px (worst {:.2} px){size}{check}",
                        fit.rms_px, fit.worst_px
                    ),
                ))
            }
            Map::Table(_) => {
                let [a, b] = &cal.clicks[..] else {
                    return Err("Click two points a known distance apart".into());
                };
                let edits = calibrate::scale_from_two_points(s, a.px, b.px, cal.inches)
                    .map_err(|e| e.to_string())?;
                let ppi = a.px.distance(b.px) / cal.inches;
                Ok((edits, format!("{ppi:.1} pixels to the inch")))
            }
        }
    }

    /// The size the map must grow to for every clicked hex to be on it, and the first click
    /// beyond it, when some click names a hex past the map's east or south edge (a scan larger
    /// than the map drawn so far). `None` when every click is on the map, or one names no hex
    /// the numbering could reach by growing, or the grown map would be over the limit.
    fn calibration_growth(&self) -> Option<(u32, u32, String)> {
        let h = self.doc.scenario().map.as_hex()?;
        let HexShape::Rectangle { columns, rows, .. } = h.shape else {
            return None;
        };
        let (mut need, mut beyond) = ((columns, rows), None);
        for c in &self.canvas.calibration.clicks {
            if h.hex_of_label(&c.hex).is_some() {
                continue;
            }
            let (nc, nr) = h.labels.size_to_hold(&c.hex)?;
            need = (need.0.max(nc), need.1.max(nr));
            beyond.get_or_insert_with(|| c.hex.trim().to_string());
        }
        let beyond = beyond?;
        (need.0 as usize * need.1 as usize <= MAX_HEXES).then_some((need.0, need.1, beyond))
    }

    /// With three clicks, whether the map's columns (flat tops) or rows (pointy tops) shifted
    /// the other way fit them far better, as when a scan pushes its odd columns down and the
    /// map its even ones: that stagger, and the residuals with it and as the map is.
    fn calibration_stagger(&self) -> Option<(OffsetParity, f64, f64)> {
        let clicks = &self.canvas.calibration.clicks;
        if clicks.len() < 3 {
            return None;
        }
        let h = self.doc.scenario().map.as_hex()?;
        let HexShape::Rectangle {
            columns,
            rows,
            parity,
        } = h.shape
        else {
            return None;
        };
        let other = match parity {
            OffsetParity::Even => OffsetParity::Odd,
            OffsetParity::Odd => OffsetParity::Even,
        };
        let mut flipped = h.clone();
        flipped.shape = HexShape::Rectangle {
            columns,
            rows,
            parity: other,
        };
        let pairs = |m: &HexMap| -> Option<Vec<(Point, hexx::Hex)>> {
            clicks
                .iter()
                .map(|c| Some((c.px, m.hex_of_label(&c.hex)?)))
                .collect()
        };
        // The map as it is may not fit the clicks at all (too turned): the other stagger is
        // then the only fit.
        let now = pairs(h)
            .and_then(|p| calibrate_hex(h, &p).ok())
            .map_or(f64::INFINITY, |f| f.1.rms_px);
        let then = calibrate_hex(&flipped, &pairs(&flipped)?).ok()?.1.rms_px;
        (now > 1.0 && then * 3.0 < now).then_some((other, then, now))
    }

    /// The arrow keys with the Calibrate tool: the image moves by a nudge (a tenth with
    /// Shift... a quarter), each burst of presses one undo step.
    pub(super) fn nudge_background(&mut self, dx: i8, dy: i8, fine: bool) -> bool {
        let step = if fine { NUDGE_UNITS / 4.0 } else { NUDGE_UNITS };
        let shift = Point::new(f32::from(dx), f32::from(dy)) * step;
        let Some(edits) = calibrate::nudge(self.doc.scenario(), shift, 0.0) else {
            self.status = "Calibrate the image first: the nudge moves a calibrated image".into();
            return false;
        };
        let mut change = Change::new("Nudge background", edits);
        change.key = Some("nudge background".into());
        self.apply_change(change)
    }

    /// The window, shown while the Calibrate tool is on.
    pub(super) fn calibrate_ui(&mut self, ctx: &Context) -> Commands {
        let mut out = Commands::default();
        if self.tool != Tool::Calibrate {
            return out;
        }
        let mut open = true;
        egui::Window::new("Calibrate background")
            .open(&mut open)
            .resizable(false)
            // Over the dock (the inspector is not needed while calibrating), not over the
            // map's corner where the clicks go.
            .default_pos(self.panels.dock.map_or(
                self.canvas.rect.right_top() + egui::vec2(-340.0, 12.0),
                |d| d.left_top() + egui::vec2(4.0, 4.0),
            ))
            // As narrow from its first frame as it stays: a first frame laid out wider would
            // be pushed left, over the map, to keep inside the window.
            .default_width(320.0)
            .max_width(340.0)
            .show(ctx, |ui| out.extend(self.calibrate_contents(ui)));
        if !open {
            out.push(Command::SetTool(Tool::Select));
        }
        out
    }

    /// What the clicks say the map's shape should be: grown to a clicked hex beyond its
    /// edge, or staggered as the scan is; each a button making it one undo step (units and
    /// terrain keep their offset hexes, as in any reshape).
    /// When a typed label the map's numbering cannot read is read with the columns numbered
    /// the other way (a scan's "A1" on a map numbered 0101, or the reverse), offers to number
    /// the map so, in one undo step: the scan's labels are the ones to type.
    fn letters_offer(&self, ui: &mut Ui, s: &crate::model::Scenario, h: &HexMap) -> Commands {
        let mut out = Commands::default();
        let mut other = h.clone();
        other.labels.column_letters = !h.labels.column_letters;
        let clicks = &self.canvas.calibration.clicks;
        let unread = |m: &HexMap| {
            clicks
                .iter()
                .filter(|c| !c.hex.trim().is_empty() && m.hex_of_label(&c.hex).is_none())
                .count()
        };
        let Some(example) = clicks
            .iter()
            .find(|c| h.hex_of_label(&c.hex).is_none() && other.hex_of_label(&c.hex).is_some())
        else {
            return out;
        };
        if unread(&other) >= unread(h) {
            return out;
        }
        let how = if other.labels.column_letters {
            "letters for columns (A1, B1 …)"
        } else {
            "numbers for columns (0101 …)"
        };
        ui.label(format!(
            "'{}' reads as a hex with {how}, as the scan numbers them.",
            example.hex.trim()
        ));
        if ui.button(format!("Number the map with {how}")).clicked() {
            let mut map = s.map.clone();
            if let Map::Hex(m) = &mut map {
                m.labels.column_letters = other.labels.column_letters;
            }
            out.push(Command::Apply(
                Change::new(
                    "Number the map as the scan",
                    vec![Edit::SetMap(Box::new(map))],
                )
                .saying(format!("The map's hexes are numbered with {how}")),
            ));
        }
        out
    }

    fn reshape_offers(&self, ui: &mut Ui, s: &crate::model::Scenario, h: &HexMap) -> Commands {
        let mut out = Commands::default();
        let HexShape::Rectangle {
            columns,
            rows,
            parity,
        } = h.shape
        else {
            return out;
        };
        if let Some((c, r, beyond)) = self.calibration_growth() {
            ui.label(format!(
                "'{beyond}' is beyond this {columns} x {rows} map: the scan is larger."
            ));
            if ui
                .button(format!("Grow the map to {c} x {r} hexes"))
                .clicked()
            {
                let to = rectangle(h, c, r, parity);
                out.push(Command::Apply(
                    Change::new("Grow the map to the clicked hexes", resize_hex_map(s, to))
                        .saying(format!("The map is now {c} x {r} hexes")),
                ));
            }
        }
        // A calibrated scan that holds more hexes than the map, east or south of it (a scan
        // is usually drawn to its edges, the map often only as far as the clicks needed).
        let found = self.found_grid().filter(|g| g.printed_px.is_some());
        let printed = found.is_some();
        if let Some((c, r)) = calibrate::scan_cover_within(s, found) {
            let (most_c, most_r) = (c.max(columns), r.max(rows));
            // The size to grow to, the scan's unless trimmed here: a scan's blank margin (where
            // it prints its row numbers) holds whole hexes of paper that are no hexes of the map.
            let id = egui::Id::unique("calibrate-grow-to");
            let mut size = ui
                .data(|d| d.get_temp::<([u32; 2], [u32; 2])>(id))
                .filter(|(offered, _)| *offered == [most_c, most_r])
                .map_or([most_c, most_r], |(_, chosen)| chosen);
            if printed {
                ui.label(format!(
                    "The grid printed on the scan holds {most_c} x {most_r} hexes; the map has \
                     {columns} x {rows}."
                ));
            }
            // Where the printed grid is not known, the count takes in the sheet's margins,
            // legend and text: the offer and its count wait behind a heading rather than
            // stand after every calibration as a size the map should be.
            let mut grow = |ui: &mut Ui| {
                if !printed {
                    ui.label(format!(
                        "The scan holds {most_c} x {most_r} hexes; the map has {columns} x \
                         {rows}. A blank margin, a legend or a title counts too: take its \
                         columns or rows off here, or find the grid first to count only where \
                         it is printed."
                    ));
                }
                ui.horizontal(|ui| {
                    let l = ui.label("Grow to");
                    ui.add(egui::DragValue::new(&mut size[0]).range(columns..=most_c))
                        .labelled_by(l.id)
                        .on_hover_text("columns");
                    ui.label("x");
                    ui.add(egui::DragValue::new(&mut size[1]).range(rows..=most_r))
                        .on_hover_text("rows");
                    ui.label("hexes");
                });
                ui.data_mut(|d| d.insert_temp(id, ([most_c, most_r], size)));
                let [c, r] = size;
                if (c > columns || r > rows)
                    && ui
                        .button(format!("Grow the map to {c} x {r} hexes"))
                        .on_hover_text(
                            "Adds columns and rows east and south so every hex on the scan \
                             is a hex of the map; one undo step",
                        )
                        .clicked()
                {
                    let to = rectangle(h, c, r, parity);
                    out.push(Command::Apply(
                        Change::new("Grow the map to the scan", resize_hex_map(s, to))
                            .saying(format!("The map is now {c} x {r} hexes")),
                    ));
                }
            };
            if printed {
                grow(ui);
            } else {
                egui::CollapsingHeader::new("Grow the map to the scan…")
                    .id_salt("calibrate-grow")
                    .default_open(false)
                    .show(ui, grow);
            }
        }
        if let Some((other, then, now)) = self.calibration_stagger() {
            let lines = match h.orientation {
                Orientation::Flat => "columns pushed down",
                Orientation::Pointy => "rows pushed right",
            };
            let which = match other {
                OffsetParity::Even => "even",
                OffsetParity::Odd => "odd",
            };
            let against = if now.is_finite() {
                format!("{now:.1} px as the map is")
            } else {
                "no fit as the map is".into()
            };
            ui.label(format!(
                "The clicks fit {which} {lines} far better: {then:.1} px against {against}."
            ));
            if ui.button(format!("Use {which} {lines}")).clicked() {
                let to = rectangle(h, columns, rows, other);
                out.push(Command::Apply(
                    Change::new("Stagger the map as the scan", resize_hex_map(s, to))
                        .saying(format!("The map now has {which} {lines}")),
                ));
            }
        }
        out
    }

    fn calibrate_contents(&mut self, ui: &mut Ui) -> Commands {
        let mut out = Commands::default();
        // Find the grid first: on a scan with a printed grid, the clicks below only number it.
        out.extend(self.find_grid_ui(ui));
        let s = self.doc.scenario();
        if s.background.is_none() {
            ui.label("Set a background image first (File > Background image).");
            return out;
        }
        if let Map::Hex(h) = &s.map {
            ui.horizontal(|ui| {
                ui.label("Orientation");
                for (o, text) in [
                    (Orientation::Flat, "Flat tops"),
                    (Orientation::Pointy, "Pointy tops"),
                ] {
                    if ui.selectable_label(h.orientation == o, text).clicked() && h.orientation != o
                    {
                        // A reshape, so units and terrain follow their offset hexes.
                        let to = ResizeHex {
                            orientation: o,
                            ..ResizeHex::of(h)
                        };
                        out.push(Command::Apply(Change::new(
                            "Set hex orientation",
                            resize_hex_map(s, to),
                        )));
                    }
                }
            });
            if self.found_grid().is_some() {
                // The same clicks number the grid found above: say so where they are listed.
                ui.strong("Hexes clicked: type each one's label as printed (or q,r). One numbers the grid found above, a second checks it; two or three far apart also calibrate by hand.");
            } else {
                ui.label("Or click the centres of two or three hexes far apart on the image, then say which hex each is (its label as printed, or q,r).");
            }
        } else {
            ui.label("Click two points on the image a known distance apart, then type the inches between them.");
        }
        let mut remove = None;
        egui::Grid::new("calibrate-clicks")
            .num_columns(3)
            .show(ui, |ui| {
                let hex = s.map.is_hex();
                for (i, c) in self.canvas.calibration.clicks.iter_mut().enumerate() {
                    ui.label(format!(
                        "Click {}: pixel ({:.0}, {:.0})",
                        i + 1,
                        c.px.x,
                        c.px.y
                    ));
                    if hex {
                        let name = format!("Hex of click {}", i + 1);
                        let r = ui.add_sized(
                            [80.0, 20.0],
                            egui::TextEdit::singleline(&mut c.hex)
                                .hint_text("as printed")
                                .clip_text(false),
                        );
                        let _ = r.accessible_name(name);
                    } else {
                        ui.label("");
                    }
                    let r = ui.small_button("Forget").on_hover_text("Forget this click");
                    let forget = r.clicked();
                    let _ = r.accessible_name(format!("Forget click {}", i + 1));
                    if forget {
                        remove = Some(i);
                    }
                    ui.end_row();
                }
            });
        if let Some(i) = remove {
            self.canvas.calibration.clicks.remove(i);
        }
        let stretched = s.background.as_ref().is_some_and(|b| b.placement.is_none());
        if s.map.is_hex() && !self.canvas.calibration.clicks.is_empty() {
            ui.weak(if !stretched {
                "Each field guesses the hex under the click as the image lies now; type the \
                 label printed on the scan where it differs."
            } else if self.found_grid().is_some() {
                "Each field guesses the hex as the grid found numbers it; type the label \
                 printed on the scan where it differs."
            } else {
                "Type the label printed on the scan in each clicked hex."
            });
        }
        if !s.map.is_hex() {
            ui.horizontal(|ui| {
                ui.label("Inches between");
                let r = ui.add(
                    egui::DragValue::new(&mut self.canvas.calibration.inches)
                        .range(0.1..=1000.0)
                        .speed(0.1),
                );
                let _ = r.accessible_name("Inches between");
            });
        }
        let fit = self.calibration_fit();
        match &fit {
            Ok((_, text)) => ui.label(text),
            Err(text) => ui.weak(text),
        };
        if let Some(h) = s.map.as_hex() {
            out.extend(self.letters_offer(ui, s, h));
            out.extend(self.reshape_offers(ui, s, h));
        }
        ui.horizontal(|ui| {
            let label = if s.map.is_hex() {
                "Apply calibration"
            } else {
                "Apply scale"
            };
            if ui
                .add_enabled(fit.is_ok(), egui::Button::new(label))
                .clicked()
                && let Ok((edits, text)) = fit
            {
                out.push(Command::Apply(
                    Change::new("Calibrate background", edits)
                        .saying(format!("Calibrated. {text}")),
                ));
                self.canvas.calibration.clicks.clear();
            }
            if ui.button("Clear clicks").clicked() {
                self.canvas.calibration.clicks.clear();
            }
        });
        let s = self.doc.scenario();
        let placed = s.background.as_ref().and_then(|b| b.placement);
        if let Some(p) = placed {
            ui.separator();
            ui.label(format!(
                "Image: {:.2} px per {}, turned {}. Nudge it (or use the arrow keys):",
                p.px_per_unit,
                if s.map.is_hex() { "hex" } else { "inch" },
                crate::model::words::degrees(f64::from(p.rotation_deg))
            ));
            ui.horizontal(|ui| {
                for (text, name, shift, turn) in [
                    (
                        "West",
                        "Nudge image west",
                        Point::new(-NUDGE_UNITS, 0.0),
                        0.0,
                    ),
                    (
                        "East",
                        "Nudge image east",
                        Point::new(NUDGE_UNITS, 0.0),
                        0.0,
                    ),
                    (
                        "North",
                        "Nudge image north",
                        Point::new(0.0, -NUDGE_UNITS),
                        0.0,
                    ),
                    (
                        "South",
                        "Nudge image south",
                        Point::new(0.0, NUDGE_UNITS),
                        0.0,
                    ),
                    ("Turn left", "Turn image left", Point::ZERO, -NUDGE_DEG),
                    ("Turn right", "Turn image right", Point::ZERO, NUDGE_DEG),
                ] {
                    let r = ui.button(text).on_hover_text(name);
                    let clicked = r.clicked();
                    let _ = r.accessible_name(name);
                    if clicked && let Some(edits) = calibrate::nudge(s, shift, turn) {
                        let mut c = Change::new("Nudge background", edits);
                        c.key = Some("nudge background".into());
                        out.push(Command::Apply(c));
                    }
                }
            });
            if ui.button("Stretch over the map again").clicked()
                && let Some(edits) = calibrate::clear(s)
            {
                out.push(Command::Apply(Change::new("Uncalibrate background", edits)));
            }
        }
        out
    }
}

/// The hex a click's typed text names: a label of the map's numbering, or `q,r`.
fn named_hex(h: &HexMap, text: &str) -> Option<Hex> {
    h.hex_of_label(text).or_else(|| {
        let (q, r) = text.trim().split_once(',')?;
        Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
    })
}

/// The clicks whose text names a hex, with the pixel clicked.
pub(super) fn named_clicks(h: &HexMap, clicks: &[CalibrationClick]) -> Vec<(Point, Hex)> {
    clicks
        .iter()
        .filter_map(|c| Some((c.px, named_hex(h, &c.hex)?)))
        .collect()
}
