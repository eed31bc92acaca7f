//! Printing deployment maps: a one-page scenario sheet to hand to players, and the map at table
//! scale split over pages to lay out and play on.
//!
//! Every page is first described as a [`Page`]: a display list in millimetres on paper holding
//! page furniture and the scenario's [`Scene`](crate::scene::Scene) — the same description the
//! editor's canvas draws — placed through a map-to-paper transform. The raster backend
//! (vello_cpu) turns a page into pixels for PNG; the PDF backend (krilla) turns it into vector
//! paths and real text. Pages are rendered and written one at a time, so memory stays bounded
//! however many pages a map needs, and a page whose pixels would exceed [`MAX_PAGE_PIXELS`] is
//! refused before anything is allocated.
//!
//! Output files (see `docs/cli.md`): a PDF is one file with every page. PNG is one file per page:
//! the sheet is written to the path given; a tiled print writes `STEM-plan.EXT` (the assembly
//! plan) and `STEM-A1.EXT`, `STEM-A2.EXT`… named after the label printed on each page (row letter,
//! column number).

mod draw;
mod flow;
mod fonts;
mod furniture;
mod legend;
mod page;
mod pdf;
pub mod printer_test;
mod raster;
mod report;
mod sheet;
mod sheet_words;
pub use sheet_words::{place_words, plain_place_words};
mod side;
mod tiled;

pub use draw::{MIN_TEXT_PT, text_width_mm};
pub use fonts::Weight;
pub use page::{
    HAlign, MM_PER_PT, MapToPaper, Op, Page, Picture, ScenePlacement, TextLine, VAlign,
};
pub use raster::{MAX_PAGE_PIXELS, Rendered, encode_png, pixel_size, render};
pub use report::{
    Chapter, Chronicle, DrawnMove, Mark, MarkKind, Told, action_crop, place_point, report_pages,
};
pub use side::{find_side, side_only};
pub use tiled::{Tile, TilePlan, tile_plan};

use crate::io::image::ImageError;
use crate::model::Scenario;
use crate::scene::{self, Scene, Style};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most pages one export may have. A 6' x 4' table at 1:1 on A4 needs 50.
pub const MAX_PAGES: usize = 1000;
/// The lowest DPI accepted for PNG (previews in the editor render lower, directly).
pub const MIN_DPI: u32 = 10;
/// The default resolution of PNG pages.
pub const DEFAULT_DPI: u32 = 300;
/// The default overlap between neighbouring tiles, in millimetres.
pub const DEFAULT_OVERLAP_MM: f32 = 10.0;
/// The largest overlap accepted, in millimetres.
pub const MAX_OVERLAP_MM: f32 = 50.0;

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// One page: the map fitted, with the scenario's text, legend and scale.
    #[default]
    Sheet,
    /// The map at table scale over as many pages as it needs, with an assembly plan.
    Tiled,
    /// One page of rules (100 mm and 4 inches, across and down) to measure what a printer
    /// does to the size of a page.
    PrinterTest,
}

/// Paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in portrait, millimetres.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Png,
    Pdf,
}

impl Format {
    /// The format a path's extension names: `.pdf` is PDF, anything else PNG.
    pub fn for_path(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("pdf") => Format::Pdf,
            _ => Format::Png,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Pdf => "pdf",
        }
    }
}

/// How to print.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOptions {
    pub layout: Layout,
    pub paper: Paper,
    pub landscape: bool,
    /// Pixels per inch of PNG pages (PDF pages are vector).
    pub dpi: u32,
    pub format: Format,
    /// Map shared by neighbouring tiles, in millimetres.
    pub overlap_mm: f32,
    /// The inch grid on the table (hex outlines are always drawn).
    pub grid: bool,
    /// Print one side's handout: only its units, zones, entry points, columns and
    /// reinforcements (see [`side_only`]); `None` prints everything.
    pub side: Option<crate::model::SideId>,
    /// The printer's correction, applied to every true-scale page (tiles and the printer
    /// test), and said on each.
    pub scale_fix: Option<ScaleFix>,
}

/// A printer's correction: printers scale pages by themselves (a driver's "fit to page" takes
/// 3 to 5%), so every true-scale page is scaled by these factors about its centre and comes
/// out at the size asked. Measured on the printer test page ([`Layout::PrinterTest`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleFix {
    /// Across the page, and down it.
    pub x: f64,
    pub y: f64,
    /// The printer it was measured on.
    pub printer: String,
}

/// The factors a correction may have: a printer further off than a quarter is not printing
/// at 100%.
pub const SCALE_FIX_RANGE: std::ops::RangeInclusive<f64> = 0.75..=1.33;

impl ScaleFix {
    /// The correction for what was measured on the printer test page: the 100 mm rules
    /// across and down, in millimetres as printed.
    pub fn from_measured(
        printer: &str,
        across_mm: f64,
        down_mm: f64,
    ) -> Result<ScaleFix, ExportError> {
        let fix = ScaleFix {
            x: printer_test::RULE_MM / across_mm,
            y: printer_test::RULE_MM / down_mm,
            printer: printer.trim().to_string(),
        };
        fix.check()?;
        Ok(fix)
    }

    pub fn check(&self) -> Result<(), ExportError> {
        if SCALE_FIX_RANGE.contains(&self.x) && SCALE_FIX_RANGE.contains(&self.y) {
            Ok(())
        } else {
            Err(ExportError::BadScaleFix {
                x: self.x,
                y: self.y,
            })
        }
    }

    /// What each corrected page says of it.
    pub fn note(&self) -> String {
        let printer = if self.printer.is_empty() {
            String::new()
        } else {
            format!(" for printer {}", self.printer)
        };
        format!("Scaled by {:.3} x {:.3}{printer}", self.x, self.y)
    }
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            layout: Layout::Sheet,
            paper: Paper::A4,
            landscape: false,
            dpi: DEFAULT_DPI,
            format: Format::Png,
            overlap_mm: DEFAULT_OVERLAP_MM,
            grid: true,
            side: None,
            scale_fix: None,
        }
    }
}

impl ExportOptions {
    /// Paper width and height as printed (landscape swaps them), millimetres.
    pub fn page_size_mm(&self) -> (f64, f64) {
        let (w, h) = self.paper.size_mm();
        if self.landscape { (h, w) } else { (w, h) }
    }

    /// "A4 portrait", "Letter landscape".
    pub fn paper_name(&self) -> String {
        format!(
            "{} {}",
            self.paper.name(),
            if self.landscape {
                "landscape"
            } else {
                "portrait"
            }
        )
    }
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(
        "the printer correction {x} x {y} is out of range: each factor lies between 0.75 and \
         1.33 (measure the rules of a page printed at 100%)"
    )]
    BadScaleFix { x: f64, y: f64 },
    #[error("{dpi} is not a usable resolution: give a DPI of at least {MIN_DPI}")]
    BadDpi { dpi: f64 },
    #[error(
        "a {width_mm} x {height_mm} mm page at {dpi} DPI would be {width_px} x {height_px} pixels, \
         over the {limit_mp}-megapixel limit for one page: use {max_dpi} DPI or less, or PDF"
    )]
    PageTooLarge {
        dpi: f64,
        width_mm: f64,
        height_mm: f64,
        width_px: f64,
        height_px: f64,
        limit_mp: u64,
        max_dpi: u32,
    },
    #[error(
        "the map needs {pages} pages ({columns} columns x {rows} rows) at true scale on {paper}, \
         over the limit of {limit} pages"
    )]
    TooManyPages {
        pages: usize,
        columns: usize,
        rows: usize,
        paper: String,
        limit: usize,
    },
    #[error("the scenario's words need more than {limit} pages of the scenario sheet on {paper}")]
    SheetTooLong { paper: String, limit: usize },
    #[error("an overlap of {overlap_mm} mm is not usable: give 0 to {max_mm} mm")]
    BadOverlap { overlap_mm: f32, max_mm: f32 },
    #[error(
        "{} is a folder: give the file to write, such as {}",
        path.display(),
        path.join("map.png").display()
    )]
    OutIsFolder { path: PathBuf },
    #[error("the scenario has no side with ID {0}")]
    NoSuchSide(u32),
    #[error("the map has no area to print")]
    EmptyMap,
    #[error("the background image cannot be drawn")]
    Background(#[source] ImageError),
    #[error("cannot encode page {page} as PNG")]
    Png {
        page: String,
        #[source]
        source: image::ImageError,
    },
    #[error("cannot write the PDF: {0}")]
    Pdf(String),
    #[error(transparent)]
    Write(#[from] crate::io::SaveError),
}

/// The scene printed for a scenario.
pub fn map_scene(s: &Scenario, o: &ExportOptions) -> Scene {
    scene::build(
        s,
        &Style {
            grid: o.grid || s.map.is_hex(),
            // The inch numbers go with the inch grid on the table; hex labels always print.
            coordinates: o.grid || s.map.is_hex(),
            labels: true,
            zones: true,
            // Hex numbers always print, and nothing may hide them.
            clear_hex_labels: s.map.is_hex(),
            selected: Vec::new(),
        },
    )
}

/// The scenario's background image, decoded (within the import limits).
pub fn picture(s: &Scenario) -> Result<Option<Arc<Picture>>, ExportError> {
    let Some(bg) = &s.background else {
        return Ok(None);
    };
    let img = crate::io::image::decode(&bg.encoded).map_err(ExportError::Background)?;
    Ok(Some(Arc::new(Picture {
        width: img.width(),
        height: img.height(),
        rgba: img.into_raw(),
    })))
}

fn check(o: &ExportOptions) -> Result<(), ExportError> {
    if let Some(fix) = &o.scale_fix {
        fix.check()?;
    }
    if !(0.0..=MAX_OVERLAP_MM).contains(&o.overlap_mm) {
        return Err(ExportError::BadOverlap {
            overlap_mm: o.overlap_mm,
            max_mm: MAX_OVERLAP_MM,
        });
    }
    if o.format == Format::Png {
        if o.dpi < MIN_DPI {
            return Err(ExportError::BadDpi {
                dpi: f64::from(o.dpi),
            });
        }
        let (w, h) = o.page_size_mm();
        pixel_size(w, h, f64::from(o.dpi))?;
    }
    Ok(())
}

/// Every page of an export, described (cheap: scenes are shared, nothing is rendered).
pub fn pages(s: &Scenario, o: &ExportOptions) -> Result<Vec<Page>, ExportError> {
    check(o)?;
    let handout;
    let s = match o.side {
        Some(side) => {
            if s.side(side).is_none() {
                return Err(ExportError::NoSuchSide(side.0));
            }
            handout = side_only(s, side);
            &handout
        }
        None => s,
    };
    let mut pages = match o.layout {
        Layout::Sheet => sheet::sheet(s, o, picture(s)?)?,
        Layout::Tiled => tiled::pages(s, o, picture(s)?)?,
        Layout::PrinterTest => vec![printer_test::page(o)],
    };
    if let Some(fix) = &o.scale_fix
        && o.layout != Layout::Sheet
    {
        for p in &mut pages {
            printer_test::correct(p, fix);
        }
    }
    Ok(pages)
}

/// The files a PNG export writes for `pages`, in page order; a PDF is the one file `out`.
/// A path without an extension gets the format's.
pub fn output_paths(out: &Path, pages: &[Page], format: Format) -> Vec<PathBuf> {
    let out = if out.extension().is_none() {
        out.with_extension(format.extension())
    } else {
        out.to_path_buf()
    };
    if format == Format::Pdf || pages.len() == 1 {
        return vec![out];
    }
    let stem = out
        .file_stem()
        .map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
    let ext = out
        .extension()
        .map_or_else(|| "png".into(), |e| e.to_string_lossy().into_owned());
    pages
        .iter()
        .map(|p| out.with_file_name(format!("{stem}-{}.{ext}", p.name)))
        .collect()
}

/// What an export wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    /// The files, in page order (one PDF, or one PNG per page).
    pub files: Vec<PathBuf>,
    pub pages: usize,
}

/// Renders and writes an export, one page at a time.
pub fn export(s: &Scenario, o: &ExportOptions, out: &Path) -> Result<Exported, ExportError> {
    export_with_progress(s, o, out, &mut |_, _| {})
}

/// [`export`], calling `progress(done, total)` after each page.
pub fn export_with_progress(
    s: &Scenario,
    o: &ExportOptions,
    out: &Path,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Exported, ExportError> {
    // A folder (or a path written as one) names no file: refuse it rather than write beside it.
    let spelled_as_folder = out
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator);
    if out.is_dir() || spelled_as_folder {
        return Err(ExportError::OutIsFolder {
            path: out.to_path_buf(),
        });
    }
    let pages = pages(s, o)?;
    write_pages(&s.meta.title, &pages, o, out, progress)
}

/// Writes pages already described (a report's, say) as `o` asks: one PDF titled `title`, or
/// one PNG per page; each file atomically.
pub fn write_pages(
    title: &str,
    pages: &[Page],
    o: &ExportOptions,
    out: &Path,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Exported, ExportError> {
    check(o)?;
    let paths = output_paths(out, pages, o.format);
    match o.format {
        Format::Pdf => {
            let bytes = pdf_bytes_of(title, pages, progress)?;
            let path = paths.first().map_or(out, |p| p.as_path());
            crate::io::atomic_write(path, |f| std::io::Write::write_all(f, &bytes))?;
        }
        Format::Png => {
            for (i, (page, path)) in pages.iter().zip(&paths).enumerate() {
                let png = png_bytes(page, f64::from(o.dpi))?;
                crate::io::atomic_write(path, |f| std::io::Write::write_all(f, &png))?;
                progress(i + 1, pages.len());
            }
        }
    }
    Ok(Exported {
        files: paths,
        pages: pages.len(),
    })
}

/// One page as PNG bytes at `dpi`.
pub fn png_bytes(page: &Page, dpi: f64) -> Result<Vec<u8>, ExportError> {
    let rendered = render(page, dpi)?;
    encode_png(&rendered).map_err(|source| ExportError::Png {
        page: page.name.clone(),
        source,
    })
}

/// Every page of an export as one PDF document.
pub fn pdf_bytes(s: &Scenario, o: &ExportOptions) -> Result<Vec<u8>, ExportError> {
    let pages = pages(
        s,
        &ExportOptions {
            format: Format::Pdf,
            ..o.clone()
        },
    )?;
    pdf_bytes_of(&s.meta.title, &pages, &mut |_, _| {})
}

fn pdf_bytes_of(
    title: &str,
    pages: &[Page],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, ExportError> {
    let mut w = pdf::PdfWriter::new(title);
    for (i, p) in pages.iter().enumerate() {
        w.add(p)?;
        progress(i + 1, pages.len());
    }
    w.finish()
}
