//! File > Export: the print options, a grid of thumbnails of the pages and the selected page
//! large, with zoom and pan to proofread its legend, all drawn by the exporter itself (so the
//! preview is the print); an Export button that asks for a path through the app's
//! [`FileDialogs`] (or the editor's own path prompt) and writes the pages on a worker thread,
//! one at a time, with progress per page and the paths written at the end. Beside the map's
//! prints, the after-action report of the game played (`report`) is previewed and written the
//! same way.

use super::command::{Command, Commands};
use super::dialogs::{FileDialogs, Pick};
use crate::io::export::{self, ExportOptions, Exported, Format, Layout, Paper};
use crate::model::Scenario;
use egui::RichText;
use egui::load::SizedTexture;
use std::sync::mpsc;

/// Thumbnails are drawn this many pixels tall.
const THUMB_PX: f64 = 150.0;
/// The selected page is drawn this many pixels tall: enough to read a legend's small text when
/// zoomed in (about 150 DPI on A4).
const LARGE_PX: f64 = 1750.0;
/// At most this many thumbnails (a tiled print can have hundreds of pages).
const MAX_THUMBS: usize = 60;
/// Thumbnails drawn per frame, so a print of many pages fills its grid without a stall.
const THUMBS_PER_FRAME: usize = 4;
/// The options and thumbnails column, points wide.
const SIDE_WIDTH: f32 = 330.0;
/// The paths listed when an export ends (a tiled PNG print writes one file a page).
const PATHS_LISTED: usize = 6;

enum Progress {
    Page(usize, usize),
    Done(Result<Exported, String>),
}

struct Job {
    /// A Tiled map rather than pages.
    tiled_map: bool,
    rx: mpsc::Receiver<Progress>,
    done: usize,
    total: usize,
}

struct Previews {
    /// The scenario's change count, whether it is the report, and the options that shape the
    /// pages (not DPI or format).
    key: (u64, bool, ExportOptions),
    /// Every page, described (cheap: the scene is shared between them).
    pages: Vec<export::Page>,
    summary: String,
    thumbs: Vec<(String, egui::TextureHandle)>,
    large: Option<(usize, egui::TextureHandle)>,
    error: Option<String>,
}

/// The export window's state (UI only; nothing here is saved with the scenario).
#[derive(Default)]
pub struct ExportWindow {
    pub open: bool,
    pub options: ExportOptions,
    selected: usize,
    previews: Option<Previews>,
    job: Option<Job>,
    /// The last export's outcome, shown in the window: what was written, or why not.
    pub outcome: Option<Outcome>,
    /// Write the hex map for the Tiled editor (`.tmx` and its tileset) instead of pages.
    pub tiled_map: bool,
    /// Print the after-action report of the game played (`report`) instead of the map.
    pub report: bool,
    /// The large page's zoom (1: the page fits its view) and pan in screen points.
    zoom: f32,
    pan: egui::Vec2,
    /// The Printer row: the name and measurements typed.
    pub printer: super::printer_fix::PrinterFields,
    /// The corrections kept per printer: the settings' own, lent while the window draws.
    pub printers: std::collections::BTreeMap<String, [f64; 2]>,
}

/// Today's date (UTC) as a report prints it.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::report::date_of((secs / 86_400) as i64)
}

/// How the last export ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Written {
        summary: String,
        files: Vec<std::path::PathBuf>,
    },
    Failed(String),
}

fn texture(
    ctx: &egui::Context,
    name: &str,
    page: &export::Page,
    px: f64,
) -> Result<egui::TextureHandle, String> {
    // The page `px` tall, its long side within what the graphics card takes as one texture.
    let max_side = ctx.input(|i| i.max_texture_side).max(256) as f64;
    let long_in = page.width_mm.max(page.height_mm) / 25.4;
    let dpi = (px / (page.height_mm / 25.4)).min((max_side - 1.0) / long_in);
    let r = export::render(page, dpi).map_err(|e| e.to_string())?;
    let image = egui::ColorImage::from_rgb([r.width as usize, r.height as usize], &r.rgb);
    Ok(ctx.load_texture(name, image, egui::TextureOptions::LINEAR))
}

impl ExportWindow {
    /// Drops the page previews: another document is open (its change count starts again).
    pub fn forget_previews(&mut self) {
        self.previews = None;
        self.selected = 0;
    }

    /// Whether pages are being written.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Redraws the pages when the scenario or the page layout changed, the enlarged page when
    /// another is chosen, and a few more thumbnails each frame until the grid is full.
    fn refresh(&mut self, ctx: &egui::Context, scenario: &Scenario, changes: u64) {
        // DPI and format change the files, not what the pages show.
        let key = (
            changes,
            self.report,
            ExportOptions {
                dpi: export::DEFAULT_DPI,
                format: Format::Png,
                ..self.options.clone()
            },
        );
        if self.previews.as_ref().is_none_or(|p| p.key != key) {
            self.previews = Some(self.describe_pages(scenario, key));
            self.zoom = 1.0;
            self.pan = egui::Vec2::ZERO;
        }
        let selected = self.selected;
        let Some(p) = &mut self.previews else { return };
        let wanted = p.pages.len().min(MAX_THUMBS);
        for _ in 0..THUMBS_PER_FRAME {
            let i = p.thumbs.len();
            if i >= wanted || p.error.is_some() {
                break;
            }
            match texture(ctx, &format!("export-thumb-{i}"), &p.pages[i], THUMB_PX) {
                Ok(t) => p.thumbs.push((p.pages[i].name.clone(), t)),
                Err(e) => p.error = Some(e),
            }
        }
        if p.thumbs.len() < wanted && p.error.is_none() {
            ctx.request_repaint();
        }
        if p.large.as_ref().is_none_or(|(i, _)| *i != selected)
            && let Some(page) = p.pages.get(selected)
        {
            match texture(ctx, "export-large", page, LARGE_PX) {
                Ok(t) => p.large = Some((selected, t)),
                Err(e) => p.error = Some(e),
            }
        }
    }

    /// The pages the options make, described but not drawn yet.
    fn describe_pages(&mut self, scenario: &Scenario, key: (u64, bool, ExportOptions)) -> Previews {
        let mut previews = Previews {
            key,
            pages: Vec::new(),
            summary: String::new(),
            thumbs: Vec::new(),
            large: None,
            error: None,
        };
        if self.report {
            match crate::report::pages(scenario, &self.options, &today()) {
                Ok(pages) => {
                    previews.summary = format!(
                        "{}: the cover, each turn and the result",
                        crate::model::count(pages.len() as u64, "page", "pages")
                    );
                    self.selected = self.selected.min(pages.len().saturating_sub(1));
                    previews.pages = pages;
                }
                Err(e) => previews.error = Some(crate::io::with_causes(&e)),
            }
            return previews;
        }
        match export::pages(scenario, &self.options) {
            Ok(pages) => {
                previews.summary = match self.options.layout {
                    Layout::Sheet => match pages.len() {
                        1 => "1 page".into(),
                        n => format!("{n} pages: the sheet's words run on after the map's page"),
                    },
                    Layout::PrinterTest => "1 page".into(),
                    Layout::Tiled => match export::tile_plan(scenario, &self.options) {
                        Ok(plan) => format!(
                            "{} pages: the assembly plan and {} tiles ({} columns x {} rows)",
                            pages.len(),
                            plan.tiles.len(),
                            plan.columns,
                            plan.rows
                        ),
                        Err(e) => e.to_string(),
                    },
                };
                self.selected = self.selected.min(pages.len().saturating_sub(1));
                previews.pages = pages;
            }
            Err(e) => previews.error = Some(crate::io::with_causes(&e)),
        }
        previews
    }

    /// The extension of the file written: `png`, `pdf` or `tmx`.
    pub(super) fn extension(&self) -> &'static str {
        if self.tiled_map {
            "tmx"
        } else {
            self.options.format.extension()
        }
    }

    /// The file name offered for the export.
    pub(super) fn suggested_name(&self, scenario: &Scenario) -> String {
        let what = match self.options.layout {
            _ if self.tiled_map => None,
            _ if self.report => Some("report"),
            Layout::Sheet => Some("sheet"),
            Layout::Tiled => Some("tiles"),
            Layout::PrinterTest => Some("printer-test"),
        };
        super::files::export_name(scenario, self.options.side, what, self.extension())
    }

    /// Asks the dialogs where to write the pages.
    pub(super) fn ask_path(&self, scenario: &Scenario, dialogs: &mut dyn FileDialogs) -> Pick {
        dialogs.export(&self.suggested_name(scenario), self.extension())
    }

    /// Starts writing the pages to `path` on a worker thread; returns the status line.
    pub(super) fn start_to(&mut self, scenario: &Scenario, path: std::path::PathBuf) -> String {
        let (tx, rx) = mpsc::channel();
        let scenario = scenario.clone();
        let options = self.options.clone();
        let total = self.previews.as_ref().map_or(0, |p| p.pages.len());
        let tiled_map = self.tiled_map && scenario.map.is_hex();
        if tiled_map {
            std::thread::spawn(move || {
                let result = crate::io::tmx::export_tmx(&scenario, &path)
                    .map(|files| Exported { files, pages: 0 })
                    .map_err(|e| crate::io::with_causes(&e));
                let _ = tx.send(Progress::Done(result));
            });
            self.job = Some(Job {
                tiled_map,
                rx,
                done: 0,
                total: 0,
            });
            self.outcome = None;
            return "Exporting the Tiled map…".into();
        }
        let report = self.report;
        std::thread::spawn(move || {
            let progress = tx.clone();
            let mut step = |d, t| {
                let _ = progress.send(Progress::Page(d, t));
            };
            let result = if report {
                crate::report::write(&scenario, &options, &path, &today(), &mut step)
                    .map_err(|e| crate::io::with_causes(&e))
            } else {
                export::export_with_progress(&scenario, &options, &path, &mut step)
                    .map_err(|e| crate::io::with_causes(&e))
            };
            let _ = tx.send(Progress::Done(result));
        });
        self.job = Some(Job {
            tiled_map,
            rx,
            done: 0,
            total,
        });
        self.outcome = None;
        "Exporting…".into()
    }

    /// Collects the worker's news; returns how the export ended, when it has.
    fn poll(&mut self) -> Option<Outcome> {
        let job = self.job.as_mut()?;
        let mut finished = None;
        while let Ok(msg) = job.rx.try_recv() {
            match msg {
                Progress::Page(d, t) => {
                    job.done = d;
                    job.total = t;
                }
                Progress::Done(r) => finished = Some(r),
            }
        }
        let finished = match finished {
            Some(r) => r,
            None if matches!(job.rx.try_recv(), Err(mpsc::TryRecvError::Disconnected)) => {
                Err("the export stopped unexpectedly".into())
            }
            None => return None,
        };
        let tiled_map = job.tiled_map;
        self.job = None;
        let outcome = match finished {
            Ok(done) if tiled_map => Outcome::Written {
                summary: format!(
                    "Exported the Tiled map to {}",
                    done.files
                        .last()
                        .map_or(String::new(), |f| f.display().to_string())
                ),
                files: done.files,
            },
            Ok(done) => {
                let pages = crate::model::count(done.pages as u64, "page", "pages");
                let summary = match done.files.len() {
                    1 => format!("Exported {pages} to {}", done.files[0].display()),
                    n => format!("Exported {pages} to {n} files in {}", {
                        done.files[0]
                            .parent()
                            .map_or(String::new(), |d| d.display().to_string())
                    }),
                };
                Outcome::Written {
                    summary,
                    files: done.files,
                }
            }
            Err(e) => Outcome::Failed(format!("Export failed: {e}")),
        };
        self.outcome = Some(outcome.clone());
        Some(outcome)
    }

    fn options_ui(&mut self, ui: &mut egui::Ui, scenario: &Scenario) {
        let hex = scenario.map.is_hex();
        let o = &mut self.options;
        let tiled_map = &mut self.tiled_map;
        if !hex {
            *tiled_map = false;
        }
        egui::Grid::new("export-options")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label("Print");
                let report = &mut self.report;
                ui.vertical(|ui| {
                    for (layout, text) in [
                        (Layout::Sheet, "Scenario sheet"),
                        (Layout::Tiled, "True-scale tiles"),
                        (Layout::PrinterTest, "Printer test page"),
                    ] {
                        if ui.radio(!*report && o.layout == layout, text).clicked() {
                            o.layout = layout;
                            *report = false;
                        }
                    }
                    let played = scenario.game.as_ref().is_some_and(|g| !g.log.is_empty());
                    if ui
                        .add_enabled(
                            played,
                            egui::RadioButton::new(*report, "After-action report"),
                        )
                        .on_hover_text(
                            "The game played: the starting positions, each turn's map with its \
                             moves drawn and numbered, the log, the result and the losses",
                        )
                        .on_disabled_hover_text("Play a game first: the report tells its log")
                        .clicked()
                    {
                        *report = true;
                        *tiled_map = false;
                    }
                });
                ui.end_row();
                super::printer_fix::printer_ui(ui, &mut self.printer, &mut self.printers, o);
                ui.end_row();
                ui.label("Paper");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut o.paper, Paper::A4, "A4");
                    ui.radio_value(&mut o.paper, Paper::Letter, "Letter");
                    ui.separator();
                    ui.checkbox(&mut o.landscape, "Landscape");
                });
                ui.end_row();
                // A report tells the whole game, both sides: the row stays (so nothing moves
                // under the pointer) but is off.
                let l = ui.label("For");
                let shown = o
                    .side
                    .and_then(|id| scenario.side(id))
                    .map_or_else(|| "Every side".to_string(), |s| format!("{} only", s.name));
                if *report {
                    // A report tells both sides: a disabled field of the same height keeps the
                    // rows below where they were.
                    ui.add_enabled(false, egui::Button::new("Every side"))
                        .labelled_by(l.id)
                        .on_disabled_hover_text("the report tells both sides");
                } else {
                    egui::ComboBox::from_id_salt("export-side")
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut o.side, None, "Every side");
                            for s in &scenario.sides {
                                ui.selectable_value(
                                    &mut o.side,
                                    Some(s.id),
                                    format!("{} only", s.name),
                                );
                            }
                        })
                        .response
                        .labelled_by(l.id);
                }
                ui.end_row();
                ui.label("Format");
                ui.vertical(|ui| {
                    if ui
                        .radio(
                            !*tiled_map && o.format == Format::Png,
                            "PNG (one file a page)",
                        )
                        .clicked()
                    {
                        o.format = Format::Png;
                        *tiled_map = false;
                    }
                    if ui
                        .radio(!*tiled_map && o.format == Format::Pdf, "PDF (vector)")
                        .clicked()
                    {
                        o.format = Format::Pdf;
                        *tiled_map = false;
                    }
                    if hex
                        && !self.report
                        && ui
                            .radio(*tiled_map, "Tiled map (.tmx, for the Tiled editor)")
                            .on_hover_text(
                                "The hex map and a tileset of its terrain swatches (a PNG \
                                 beside it), each tile named by its terrain",
                            )
                            .clicked()
                    {
                        *tiled_map = true;
                    }
                });
                ui.end_row();
                // Shown for every format (off where it does not apply), so the rows above and
                // the column's width stay put when the format changes.
                let l = ui.label("Resolution");
                ui.add_enabled(
                    o.format == Format::Png && !*tiled_map,
                    egui::DragValue::new(&mut o.dpi)
                        .range(export::MIN_DPI..=1200)
                        .suffix(" DPI"),
                )
                .labelled_by(l.id)
                .on_disabled_hover_text("PNG pages only: a PDF is vector");
                ui.end_row();
                if o.layout == Layout::Tiled && !self.report {
                    let l = ui.label("Overlap");
                    ui.add(
                        egui::DragValue::new(&mut o.overlap_mm)
                            .range(0.0..=export::MAX_OVERLAP_MM)
                            .speed(0.5)
                            .max_decimals(1)
                            .suffix(" mm"),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                }
                if !hex {
                    ui.label("Grid");
                    ui.checkbox(&mut o.grid, "Inch grid on the table");
                    ui.end_row();
                }
            });
    }

    /// The window, when open. Returns a notice when an export ended, and the command to write
    /// the pages when the user asks for it.
    pub fn ui(&mut self, ctx: &egui::Context, scenario: &Scenario, changes: u64) -> Commands {
        let mut out = Commands::default();
        match self.poll() {
            Some(Outcome::Written { summary, .. }) => out.push(Command::Notify {
                error: false,
                text: summary,
            }),
            Some(Outcome::Failed(e)) => out.push(Command::Notify {
                error: true,
                text: e,
            }),
            None => {}
        }
        if self.job.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if !self.open {
            return out;
        }
        let mut open = true;
        let mut clicked_export = false;
        // Sized by the screen: as large as leaves the menu and a margin in view.
        let screen = ctx.content_rect();
        let body = (screen.height() - 200.0).clamp(300.0, 1000.0);
        let page_width = (screen.width() - SIDE_WIDTH - 160.0).clamp(300.0, 1200.0);
        egui::Window::new("Export")
            .open(&mut open)
            .default_pos(egui::pos2(
                (screen.center().x - (page_width + SIDE_WIDTH + 60.0) / 2.0).max(screen.left()),
                screen.top() + 36.0,
            ))
            .fixed_size([SIDE_WIDTH + page_width + 24.0, body + 44.0])
            .show(ctx, |ui| {
                self.refresh(ctx, scenario, changes);
                ui.horizontal_top(|ui| {
                    ui.allocate_ui_with_layout(
                        egui::vec2(SIDE_WIDTH, body),
                        egui::Layout::top_down(egui::Align::Min),
                        |ui| {
                            ui.set_min_size(egui::vec2(SIDE_WIDTH, body));
                            ui.set_max_width(SIDE_WIDTH);
                            self.options_ui(ui, scenario);
                            ui.separator();
                            self.thumbs_ui(ui);
                        },
                    );
                    ui.separator();
                    self.page_view_ui(ui, page_width, body);
                });
                ui.separator();
                clicked_export = self.export_bar_ui(ui);
            });
        self.open = open;
        if clicked_export {
            out.push(Command::WriteExport);
        }
        out
    }

    /// The pages as a grid of thumbnails; a click shows one large.
    fn thumbs_ui(&mut self, ui: &mut egui::Ui) {
        let Some(p) = &self.previews else { return };
        if let Some(e) = &p.error {
            ui.add(egui::Label::new(RichText::new(e).color(ui.visuals().error_fg_color)).wrap());
        } else {
            ui.add(egui::Label::new(&p.summary).wrap());
        }
        let mut chosen = None;
        egui::ScrollArea::vertical()
            .id_salt("export-thumbs")
            .max_width(SIDE_WIDTH)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // A grid as many thumbnails wide as the column holds.
                let scale = 100.0 / THUMB_PX as f32;
                let widest = p
                    .thumbs
                    .iter()
                    .map(|(_, t)| t.size_vec2().x * scale)
                    .fold(40.0_f32, f32::max);
                let across = ((SIDE_WIDTH - 16.0) / (widest + 10.0)).floor().max(1.0) as usize;
                egui::Grid::new("export-thumb-grid")
                    .spacing([8.0, 8.0])
                    .show(ui, |ui| {
                        for (i, (name, tex)) in p.thumbs.iter().enumerate() {
                            let size = tex.size_vec2() * scale;
                            ui.vertical(|ui| {
                                let img =
                                    egui::Image::from_texture(SizedTexture::new(tex.id(), size))
                                        .sense(egui::Sense::click());
                                let r = ui.add(img);
                                r.widget_info(|| {
                                    egui::WidgetInfo::labeled(
                                        egui::Role::Button,
                                        true,
                                        format!("Page {name}"),
                                    )
                                });
                                if i == self.selected {
                                    ui.painter().rect_stroke(
                                        r.rect.expand(2.0),
                                        2.0,
                                        egui::Stroke::new(2.5, ui.visuals().selection.stroke.color),
                                        egui::StrokeKind::Outside,
                                    );
                                }
                                if r.clicked() {
                                    chosen = Some(i);
                                }
                                ui.small(name);
                            });
                            if i % across == across - 1 {
                                ui.end_row();
                            }
                        }
                    });
                let drawn = p.thumbs.len();
                if p.pages.len() > drawn && drawn == MAX_THUMBS.min(p.pages.len()) {
                    ui.small(format!("{} more pages not shown", p.pages.len() - drawn));
                }
            });
        if let Some(i) = chosen {
            self.selected = i;
            self.zoom = 1.0;
            self.pan = egui::Vec2::ZERO;
        }
    }

    /// The selected page large: the wheel zooms about the pointer, a drag pans, a double-click
    /// fits it again; buttons do the same for those without a wheel.
    fn page_view_ui(&mut self, ui: &mut egui::Ui, width: f32, height: f32) {
        ui.vertical(|ui| {
            let name = self
                .previews
                .as_ref()
                .and_then(|p| p.pages.get(self.selected))
                .map_or(String::new(), |p| p.name.clone());
            ui.horizontal(|ui| {
                ui.strong(format!("Page {name}"));
                ui.separator();
                if ui.button("−").on_hover_text("Zoom out").clicked() {
                    self.zoom_by(1.0 / 1.5);
                }
                let _ = ui.label(format!("{:.0}%", self.zoom * 100.0));
                if ui.button("+").on_hover_text("Zoom in").clicked() {
                    self.zoom_by(1.5);
                }
                if ui.button("Fit").on_hover_text("The whole page").clicked() {
                    self.zoom = 1.0;
                    self.pan = egui::Vec2::ZERO;
                }
                ui.small("Wheel zooms, drag pans");
            });
            let size = egui::vec2(width, height - 30.0);
            let (rect, r) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
            ui.painter()
                .rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
            let Some((_, tex)) = self.previews.as_ref().and_then(|p| p.large.as_ref()) else {
                return;
            };
            let tex_size = tex.size_vec2();
            let fit = (rect.width() / tex_size.x).min(rect.height() / tex_size.y);
            if r.hovered() {
                let (scroll, pointer) =
                    ui.input(|i| (i.smooth_scroll_delta.y, i.pointer.hover_pos()));
                if scroll != 0.0
                    && let Some(at) = pointer
                {
                    let before = self.zoom;
                    self.zoom = (self.zoom * (scroll * 0.003).exp()).clamp(1.0, 12.0);
                    // The point under the pointer stays there.
                    let from_centre = at - rect.center() - self.pan;
                    self.pan -= from_centre * (self.zoom / before - 1.0);
                }
            }
            if r.dragged() {
                self.pan += r.drag_delta();
            }
            if r.double_clicked() {
                self.zoom = 1.0;
                self.pan = egui::Vec2::ZERO;
            }
            let shown = tex_size * fit * self.zoom;
            // Keep some of the page in view.
            let limit = (shown - rect.size()).max(egui::Vec2::ZERO) * 0.5 + rect.size() * 0.4;
            self.pan = self.pan.clamp(-limit, limit);
            let page = egui::Rect::from_center_size(rect.center() + self.pan, shown);
            ui.painter().with_clip_rect(rect).image(
                tex.id(),
                page,
                egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                egui::Color32::WHITE,
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Image, true, format!("Page {name}, large"))
            });
        });
    }

    fn zoom_by(&mut self, factor: f32) {
        let before = self.zoom;
        self.zoom = (self.zoom * factor).clamp(1.0, 12.0);
        self.pan *= self.zoom / before;
    }

    /// The Export button, then the progress page by page, or the paths the last export wrote.
    fn export_bar_ui(&mut self, ui: &mut egui::Ui) -> bool {
        let mut clicked = false;
        ui.horizontal(|ui| {
            let busy = self.job.is_some();
            let ready = self.previews.as_ref().is_some_and(|p| p.error.is_none());
            clicked = ui
                .add_enabled(!busy && ready, egui::Button::new("Export…"))
                .clicked();
            if let Some(job) = &self.job {
                let f = if job.total > 0 {
                    job.done as f32 / job.total as f32
                } else {
                    0.0
                };
                ui.add(
                    egui::ProgressBar::new(f)
                        .text(format!(
                            "Writing page {} of {}",
                            job.done + 1,
                            job.total.max(1)
                        ))
                        .desired_width(320.0),
                );
            } else {
                match &self.outcome {
                    Some(Outcome::Written { summary, files }) => {
                        ui.vertical(|ui| {
                            ui.label(summary);
                            if files.len() > 1 {
                                let listed: Vec<String> = files
                                    .iter()
                                    .take(PATHS_LISTED)
                                    .filter_map(|f| f.file_name())
                                    .map(|f| f.to_string_lossy().into_owned())
                                    .collect();
                                let more = files.len().saturating_sub(PATHS_LISTED);
                                let tail = if more > 0 {
                                    format!(" and {more} more")
                                } else {
                                    String::new()
                                };
                                ui.small(format!("{}{tail}", listed.join(", ")));
                            }
                        });
                    }
                    Some(Outcome::Failed(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                    None => {}
                }
            }
        });
        clicked
    }
}

#[cfg(test)]
mod tests;
