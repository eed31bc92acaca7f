//! A tiled print is rendered and written one page at a time: the heap never holds more than a
//! page or so, however many pages the map needs. This binary measures the heap with dhat, so it
//! holds this one test only.

use sandtable::io::export::{self, ExportOptions, Layout};
use sandtable::samples;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

#[test]
fn tiled_export_holds_one_page_at_a_time() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let s = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let dir = tempfile::tempdir().expect("tempdir");
    let options = ExportOptions {
        layout: Layout::Tiled,
        dpi: 75,
        ..ExportOptions::default()
    };
    // One A4 page at 75 DPI is 620 x 877 pixels: 2.2 MB as RGBA, 1.6 MB as RGB.
    let page_bytes = 620 * 877 * 4;
    let before = dhat::HeapStats::get();
    let done = export::export(&s, &options, &dir.path().join("table.png")).expect("exports");
    let after = dhat::HeapStats::get();
    assert_eq!(done.pages, 51);
    assert_eq!(done.files.len(), 51);
    let peak = after.max_bytes;
    // All 51 pages held at once would take over 190 MB.
    assert!(
        peak < 6 * page_bytes,
        "peak heap {peak} bytes for pages of {page_bytes} bytes"
    );
    // It really did allocate page after page.
    assert!(after.total_bytes - before.total_bytes > 51 * page_bytes as u64 / 2);
}
