//! Printing: an A4 scenario sheet at 300 DPI (goal: under 1 s) and the 72" x 48" table tiled at
//! 1:1 on A4 at 300 DPI (goal: under 10 s), each rendered and encoded to PNG one page at a time.
//! The peer is the floor every PNG page pays: encoding a blank A4 page at 300 DPI with the same
//! encoder settings.

use sandtable::io::export::{self, ExportOptions, Layout, Page, Rendered, encode_png};
use sandtable::model::Scenario;
use sandtable::samples;
use std::sync::LazyLock;

fn main() {
    for (name, layout) in [("sheet", Layout::Sheet), ("tiled", Layout::Tiled)] {
        let pages = export::pages(&BAKAMBO, &options(layout)).expect("pages");
        println!("bakambo {name}: {} page(s)", pages.len());
    }
    divan::main();
}

static BAKAMBO: LazyLock<Scenario> = LazyLock::new(|| {
    samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads")
});
static WINCEBY: LazyLock<Scenario> = LazyLock::new(|| {
    samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads")
});

fn scenario(name: &str) -> &'static Scenario {
    if name == "winceby" {
        &WINCEBY
    } else {
        &BAKAMBO
    }
}

fn options(layout: Layout) -> ExportOptions {
    ExportOptions {
        layout,
        ..ExportOptions::default()
    }
}

fn sheet(name: &str) -> Page {
    export::pages(scenario(name), &options(Layout::Sheet))
        .expect("pages")
        .remove(0)
}

/// Render and encode the sheet at 300 DPI.
#[divan::bench(args = ["bakambo", "winceby"], sample_count = 10)]
fn sheet_a4_300dpi_png(bencher: divan::Bencher, name: &str) {
    let page = sheet(name);
    bencher.bench(|| export::png_bytes(&page, 300.0).expect("renders"));
}

/// Render only (no PNG encoding).
#[divan::bench(args = ["bakambo", "winceby"], sample_count = 10)]
fn sheet_a4_300dpi_render(bencher: divan::Bencher, name: &str) {
    let page = sheet(name);
    bencher.bench(|| export::render(&page, 300.0).expect("renders"));
}

/// The whole sheet as vector PDF.
#[divan::bench(args = ["bakambo", "winceby"], sample_count = 10)]
fn sheet_a4_pdf(bencher: divan::Bencher, name: &str) {
    bencher.bench(|| export::pdf_bytes(scenario(name), &options(Layout::Sheet)).expect("pdf"));
}

/// Every page of the 72" x 48" table at 1:1 on A4 at 300 DPI, one page at a time (the plan and
/// 50 tiles), rendered and encoded; each page's bytes are dropped before the next is drawn.
#[divan::bench(sample_count = 2)]
fn tiled_72x48_a4_300dpi_png(bencher: divan::Bencher) {
    let pages = export::pages(&BAKAMBO, &options(Layout::Tiled)).expect("pages");
    bencher.bench(|| {
        let mut bytes = 0;
        for page in &pages {
            bytes += export::png_bytes(page, 300.0).expect("renders").len();
        }
        bytes
    });
}

/// The same tiled print as one PDF.
#[divan::bench(sample_count = 5)]
fn tiled_72x48_a4_pdf(bencher: divan::Bencher) {
    bencher.bench(|| export::pdf_bytes(&BAKAMBO, &options(Layout::Tiled)).expect("pdf"));
}

/// Peer: encoding a blank white A4 page at 300 DPI, the floor of every PNG page.
#[divan::bench(sample_count = 10)]
fn peer_png_encode_blank_a4_300dpi(bencher: divan::Bencher) {
    let (w, h) = export::pixel_size(210.0, 297.0, 300.0).expect("fits");
    let page = Rendered {
        width: u32::from(w),
        height: u32::from(h),
        dpi: 300.0,
        rgb: vec![255; w as usize * h as usize * 3],
    };
    bencher.bench(|| encode_png(&page).expect("encodes"));
}
