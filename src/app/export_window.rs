//! File > Export: the print options, thumbnails of the pages drawn by the exporter itself (so the
//! preview is the print), and an Export button that asks for a path through the app's
//! [`FileDialogs`] and writes the pages on a worker thread, one at a time.

use super::command::{Command, Commands};
use super::dialogs::FileDialogs;
use crate::io::export::{self, ExportOptions, Exported, Format, Layout, Paper};
use crate::model::Scenario;
use egui::load::SizedTexture;
use std::sync::mpsc;

/// Thumbnails are drawn this many pixels tall.
const THUMB_PX: f64 = 150.0;
/// The enlarged preview of the chosen page, pixels tall.
const LARGE_PX: f64 = 520.0;
/// At most this many thumbnails (a tiled print can have hundreds of pages).
const MAX_THUMBS: usize = 12;

enum Progress {
    Page(usize, usize),
    Done(Result<Exported, String>),
}

struct Job {
    rx: mpsc::Receiver<Progress>,
    done: usize,
    total: usize,
}

struct Previews {
    /// The scenario's change count and the options that shape the pages (not DPI or format).
    key: (u64, ExportOptions),
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
    /// The last export's outcome, shown in the window.
    pub outcome: Option<String>,
}

fn texture(
    ctx: &egui::Context,
    name: &str,
    page: &export::Page,
    px: f64,
) -> Result<egui::TextureHandle, String> {
    let dpi = px / (page.height_mm / 25.4);
    let r = export::render(page, dpi).map_err(|e| e.to_string())?;
    let image = egui::ColorImage::from_rgb([r.width as usize, r.height as usize], &r.rgb);
    Ok(ctx.load_texture(name, image, egui::TextureOptions::LINEAR))
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
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

    /// Redraws the thumbnails when the scenario or the page layout changed, and the enlarged
    /// page when another is chosen.
    fn refresh(&mut self, ctx: &egui::Context, scenario: &Scenario, changes: u64) {
        // DPI and format change the files, not what the pages show.
        let key = (
            changes,
            ExportOptions {
                dpi: export::DEFAULT_DPI,
                format: Format::Png,
                ..self.options.clone()
            },
        );
        if let Some(p) = &mut self.previews
            && p.key == key
        {
            if p.large.as_ref().is_some_and(|(i, _)| *i == self.selected) {
                return;
            }
            if let Some(page) = p.pages.get(self.selected) {
                match texture(ctx, "export-large", page, LARGE_PX) {
                    Ok(t) => p.large = Some((self.selected, t)),
                    Err(e) => p.error = Some(e),
                }
            }
            return;
        }
        let mut previews = Previews {
            key,
            pages: Vec::new(),
            summary: String::new(),
            thumbs: Vec::new(),
            large: None,
            error: None,
        };
        match export::pages(scenario, &self.options) {
            Ok(pages) => {
                previews.summary = match self.options.layout {
                    Layout::Sheet => "1 page".into(),
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
                for (i, page) in pages.iter().take(MAX_THUMBS).enumerate() {
                    match texture(ctx, &format!("export-thumb-{i}"), page, THUMB_PX) {
                        Ok(t) => previews.thumbs.push((page.name.clone(), t)),
                        Err(e) => previews.error = Some(e),
                    }
                }
                if let Some(page) = pages.get(self.selected) {
                    match texture(ctx, "export-large", page, LARGE_PX) {
                        Ok(t) => previews.large = Some((self.selected, t)),
                        Err(e) => previews.error = Some(e),
                    }
                }
                previews.pages = pages;
            }
            Err(e) => previews.error = Some(error_chain(&e)),
        }
        self.previews = Some(previews);
    }

    /// Asks where to write the pages and starts writing them on a worker thread; returns the
    /// status line, or `None` when no file was chosen.
    pub(super) fn start(
        &mut self,
        scenario: &Scenario,
        dialogs: &mut dyn FileDialogs,
    ) -> Option<String> {
        let ext = self.options.format.extension();
        let suggested = match self.options.layout {
            Layout::Sheet => format!(
                "{}-sheet.{ext}",
                super::files::file_stem(&scenario.meta.title)
            ),
            Layout::Tiled => format!(
                "{}-tiles.{ext}",
                super::files::file_stem(&scenario.meta.title)
            ),
        };
        let path = dialogs.export(&suggested, ext)?;
        let (tx, rx) = mpsc::channel();
        let scenario = scenario.clone();
        let options = self.options.clone();
        let total = self.previews.as_ref().map_or(0, |p| p.pages.len());
        std::thread::spawn(move || {
            let progress = tx.clone();
            let result = export::export_with_progress(&scenario, &options, &path, &mut |d, t| {
                let _ = progress.send(Progress::Page(d, t));
            })
            .map_err(|e| error_chain(&e));
            let _ = tx.send(Progress::Done(result));
        });
        self.job = Some(Job { rx, done: 0, total });
        self.outcome = None;
        Some("Exporting…".into())
    }

    /// Collects the worker's news; returns a status line when the export ends.
    fn poll(&mut self) -> Option<String> {
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
        self.job = None;
        let text = match finished {
            Ok(done) => {
                let first = done
                    .files
                    .first()
                    .map_or(String::new(), |p| p.display().to_string());
                match done.files.len() {
                    1 => format!(
                        "Exported {} to {first}",
                        crate::model::count(done.pages as u64, "page", "pages")
                    ),
                    n => format!(
                        "Exported {} pages to {n} files, starting with {first}",
                        done.pages
                    ),
                }
            }
            Err(e) => format!("Export failed: {e}"),
        };
        self.outcome = Some(text.clone());
        Some(text)
    }

    fn options_ui(&mut self, ui: &mut egui::Ui, hex: bool) {
        let o = &mut self.options;
        egui::Grid::new("export-options")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label("Print");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut o.layout, Layout::Sheet, "Scenario sheet");
                    ui.radio_value(&mut o.layout, Layout::Tiled, "True-scale tiles");
                });
                ui.end_row();
                ui.label("Paper");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut o.paper, Paper::A4, "A4");
                    ui.radio_value(&mut o.paper, Paper::Letter, "Letter");
                    ui.separator();
                    ui.checkbox(&mut o.landscape, "Landscape");
                });
                ui.end_row();
                ui.label("Format");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut o.format, Format::Png, "PNG (one file a page)");
                    ui.radio_value(&mut o.format, Format::Pdf, "PDF (vector)");
                });
                ui.end_row();
                if o.format == Format::Png {
                    let l = ui.label("Resolution");
                    ui.add(
                        egui::DragValue::new(&mut o.dpi)
                            .range(export::MIN_DPI..=1200)
                            .suffix(" DPI"),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                }
                if o.layout == Layout::Tiled {
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

    /// The window, when open. Returns a status line when an export ended, and the command to
    /// write the pages when the user asks for it.
    pub fn ui(&mut self, ctx: &egui::Context, scenario: &Scenario, changes: u64) -> Commands {
        let mut out = Commands::default();
        if let Some(s) = self.poll() {
            out.push(Command::Status(s));
        }
        if self.job.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if !self.open {
            return out;
        }
        let mut open = true;
        let mut clicked_export = false;
        egui::Window::new("Export")
            .open(&mut open)
            .default_width(640.0)
            .resizable(true)
            .show(ctx, |ui| {
                self.options_ui(ui, scenario.map.is_hex());
                self.refresh(ctx, scenario, changes);
                ui.separator();
                let Some(p) = &self.previews else { return };
                if let Some(e) = &p.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                } else {
                    ui.label(&p.summary);
                }
                let mut chosen = None;
                ui.horizontal(|ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("export-thumbs")
                        .max_height(LARGE_PX as f32 * 0.8)
                        .max_width(230.0)
                        .show(ui, |ui| {
                            ui.horizontal_wrapped(|ui| {
                                for (i, (name, tex)) in p.thumbs.iter().enumerate() {
                                    let size = tex.size_vec2() * 0.6;
                                    ui.vertical(|ui| {
                                        let img = egui::Image::from_texture(SizedTexture::new(
                                            tex.id(),
                                            size,
                                        ))
                                        .sense(egui::Sense::click());
                                        let r = ui.add(img);
                                        if i == self.selected {
                                            ui.painter().rect_stroke(
                                                r.rect.expand(2.0),
                                                2.0,
                                                ui.visuals().selection.stroke,
                                                egui::StrokeKind::Outside,
                                            );
                                        }
                                        if r.clicked() {
                                            chosen = Some(i);
                                        }
                                        ui.small(name);
                                    });
                                }
                                if p.pages.len() > p.thumbs.len() {
                                    ui.small(format!(
                                        "and {} more",
                                        p.pages.len() - p.thumbs.len()
                                    ));
                                }
                            });
                        });
                    if let Some((_, tex)) = &p.large {
                        let size = tex.size_vec2() * 0.8;
                        ui.add(egui::Image::from_texture(SizedTexture::new(tex.id(), size)));
                    }
                });
                if let Some(i) = chosen {
                    // The enlarged page is redrawn on the next refresh.
                    self.selected = i;
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let busy = self.job.is_some();
                    let ready = self.previews.as_ref().is_some_and(|p| p.error.is_none());
                    if ui
                        .add_enabled(!busy && ready, egui::Button::new("Export…"))
                        .clicked()
                    {
                        clicked_export = true;
                    }
                    if let Some(job) = &self.job {
                        let f = if job.total > 0 {
                            job.done as f32 / job.total as f32
                        } else {
                            0.0
                        };
                        ui.add(
                            egui::ProgressBar::new(f)
                                .text(format!("page {} of {}", job.done, job.total))
                                .desired_width(220.0),
                        );
                    } else if let Some(t) = &self.outcome {
                        ui.label(t);
                    }
                });
            });
        self.open = open;
        if clicked_export {
            out.push(Command::WriteExport);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::dialogs::ScriptedDialogs;
    use crate::model::samples;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    struct State {
        window: ExportWindow,
        scenario: Scenario,
        dialogs: ScriptedDialogs,
        status: Vec<String>,
    }

    #[test]
    fn exports_the_sheet_through_the_dialogs_trait() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("winceby.pdf");
        let mut window = ExportWindow {
            open: true,
            ..ExportWindow::default()
        };
        window.options.format = Format::Pdf;
        let state = State {
            window,
            scenario: (samples::by_name("winceby").expect("sample").build)(),
            dialogs: ScriptedDialogs {
                export: vec![out.clone()],
                ..ScriptedDialogs::default()
            },
            status: Vec::new(),
        };
        let mut harness = Harness::new_ui_state(
            |ui, s: &mut State| {
                for c in s.window.ui(ui.ctx(), &s.scenario, 1) {
                    match c {
                        Command::Status(t) => s.status.push(t),
                        Command::WriteExport => {
                            s.status.extend(s.window.start(&s.scenario, &mut s.dialogs))
                        }
                        other => panic!("{other:?}"),
                    }
                }
            },
            state,
        );
        harness.step();
        harness.get_by_label("1 page");
        harness.get_by_label("Export…").click();
        for _ in 0..600 {
            harness.step();
            if !harness.state().window.busy() && harness.state().status.len() >= 2 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let status = &harness.state().status;
        assert_eq!(status.first().map(String::as_str), Some("Exporting…"));
        assert!(
            status
                .last()
                .is_some_and(|s| s.starts_with("Exported 1 page")),
            "{status:?}"
        );
        let pdf = std::fs::read(&out).expect("written");
        assert!(pdf.starts_with(b"%PDF-"));
    }

    #[test]
    fn previews_tiles_and_reports_the_page_count() {
        let scenario = (samples::by_name("bakambo").expect("sample").build)();
        let mut window = ExportWindow {
            open: true,
            ..ExportWindow::default()
        };
        window.options.layout = Layout::Tiled;
        let ctx = egui::Context::default();
        window.refresh(&ctx, &scenario, 0);
        let p = window.previews.as_ref().expect("previews");
        assert!(p.error.is_none(), "{:?}", p.error);
        assert_eq!(p.pages.len(), 51);
        assert_eq!(p.thumbs.len(), MAX_THUMBS);
        assert_eq!(p.thumbs[0].0, "plan");
        assert_eq!(p.thumbs[1].0, "A1");
        assert!(p.summary.contains("10 columns x 5 rows"), "{}", p.summary);
    }
}
