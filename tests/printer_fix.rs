//! The printer correction: the printer test page's 100 mm rule prints at 100 mm times the
//! correction (measured in the rendered pixels), each corrected page says so, and a
//! correction out of range is refused.

use sandtable::io::export::{self, ExportOptions, Layout, ScaleFix};
use sandtable::model::Scenario;

/// The length of the darkest run along the pixel row at `y_mm`, millimetres.
fn rule_length_mm(options: &ExportOptions, y_mm: f64) -> f64 {
    let pages = export::pages(&Scenario::new_hex("Test"), options).expect("pages");
    assert_eq!(pages.len(), 1);
    let dpi = 200.0;
    let r = export::render(&pages[0], dpi).expect("renders");
    let px_per_mm = dpi / 25.4;
    let y = (y_mm * px_per_mm).round() as usize;
    // Left of the rules down the page (they start 155 mm across).
    let end = (145.0 * px_per_mm) as usize;
    let dark: Vec<usize> = (0..end)
        .filter(|x| r.rgb[(y * r.width as usize + x) * 3] < 120)
        .collect();
    let (first, last) = (
        dark.first().copied().unwrap_or(0),
        dark.last().copied().unwrap_or(0),
    );
    (last - first) as f64 / px_per_mm
}

#[test]
fn printer_fix_scales_the_test_page_rules_and_says_so() {
    let plain = ExportOptions {
        layout: Layout::PrinterTest,
        ..ExportOptions::default()
    };
    // The 100 mm rule across lies 70 mm down an A4 page.
    let length = rule_length_mm(&plain, 70.0);
    assert!((length - 100.0).abs() < 0.6, "{length}");
    let fix = ScaleFix::from_measured("Office laser", 100.0 / 1.05, 100.0 / 0.95).expect("fix");
    assert!((fix.x - 1.05).abs() < 1e-9 && (fix.y - 0.95).abs() < 1e-9);
    let fixed = ExportOptions {
        scale_fix: Some(fix.clone()),
        ..plain.clone()
    };
    // Scaled about the page's centre: the rule's row moves towards the middle.
    let y = 148.5 + (70.0 - 148.5) * 0.95;
    let length = rule_length_mm(&fixed, y);
    assert!((length - 105.0).abs() < 0.6, "{length}");
    let pages = export::pages(&Scenario::new_hex("Test"), &fixed).expect("pages");
    let says = pages[0].ops.iter().any(|op| {
        matches!(op, export::Op::Text(t) if t.text == "Scaled by 1.050 x 0.950 for printer Office laser")
    });
    assert!(says);
    // Out of range: refused with the reason.
    let wild = ExportOptions {
        scale_fix: Some(ScaleFix {
            x: 2.0,
            y: 1.0,
            printer: String::new(),
        }),
        ..plain
    };
    let err = export::pages(&Scenario::new_hex("Test"), &wild).expect_err("refused");
    assert!(err.to_string().contains("out of range"), "{err}");
}

#[test]
fn printer_fix_leaves_the_scenario_sheet_alone() {
    let o = ExportOptions {
        scale_fix: Some(ScaleFix {
            x: 1.03,
            y: 1.03,
            printer: "X".into(),
        }),
        ..ExportOptions::default()
    };
    let pages = export::pages(&Scenario::new_hex("Sheet"), &o).expect("pages");
    assert_eq!(pages[0].scale, [1.0, 1.0]);
}
