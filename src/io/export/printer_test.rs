//! The printer test page and the printer correction. The page carries two rules across and
//! two down, 100 mm and 4 inches long with their ticks: printed at 100%, each should measure
//! what it says; what it measures instead is the printer's own scaling, and its inverse (a
//! [`ScaleFix`]) is applied to every true-scale page from then on, about the page's centre,
//! with a line on the page saying so.

use super::furniture::{INK, SOFT};
use super::page::{HAlign, Page, TextLine, VAlign};
use super::{ExportOptions, ScaleFix, Weight};

/// The metric rules' length, millimetres: what a measurement is typed against.
pub const RULE_MM: f64 = 100.0;
/// The imperial rules' length, inches.
pub const RULE_IN: f64 = 4.0;
const MM_PER_IN: f64 = 25.4;

/// A rule from `a`, `len` millimetres long, across (`down` false) or down the page, with a
/// tick every `tick` millimetres (longer every `major` ticks) and its name.
fn rule(page: &mut Page, a: (f64, f64), len: f64, down: bool, tick: f64, major: usize, name: &str) {
    let at = |t: f64, off: f64| {
        if down {
            (a.0 + off, a.1 + t)
        } else {
            (a.0 + t, a.1 + off)
        }
    };
    page.line(at(0.0, 0.0), at(len, 0.0), 0.3, INK);
    let n = (len / tick).round() as usize;
    for i in 0..=n {
        let t = i as f64 * tick;
        let h = if i % major == 0 { 4.0 } else { 2.0 };
        page.line(at(t, 0.0), at(t, -h), 0.2, INK);
    }
    let (x, y) = at(len / 2.0, 4.5);
    let mut line = TextLine::new(name.to_string(), (x, y), 8.0, INK).weight(Weight::Medium);
    line = if down {
        line.rotate(90.0).align(HAlign::Centre, VAlign::Middle)
    } else {
        line.align(HAlign::Centre, VAlign::Top)
    };
    page.text(line);
}

/// The printer test page on the export's paper.
pub fn page(o: &ExportOptions) -> Page {
    let (w, h) = o.page_size_mm();
    let mut page = Page::new("printer-test", w, h);
    page.text(
        TextLine::new("Printer test", (20.0, 22.0), 16.0, INK)
            .weight(Weight::Bold)
            .align(HAlign::Left, VAlign::Baseline),
    );
    let words = [
        "Print this page at 100% (\"actual size\", never \"fit to page\"), then measure each rule",
        "end tick to end tick. Type what the 100 mm rules measure in File > Export (Printer",
        "correction), or give the correction as --scale-fix X,Y to sandtable export: X = 100 / the",
        "rule across, Y = 100 / the rule down. The 4-inch rules check the same in inches.",
    ];
    for (i, line) in words.iter().enumerate() {
        page.text(TextLine::new(
            *line,
            (20.0, 30.0 + 5.0 * i as f64),
            8.0,
            SOFT,
        ));
    }
    let (x0, y0) = (30.0, 70.0);
    rule(
        &mut page,
        (x0, y0),
        RULE_MM,
        false,
        1.0,
        10,
        "100 mm across",
    );
    rule(
        &mut page,
        (x0, y0 + 25.0),
        RULE_IN * MM_PER_IN,
        false,
        MM_PER_IN / 8.0,
        8,
        "4 inches across",
    );
    let dx = x0 + RULE_IN * MM_PER_IN + 25.0;
    let room = w - dx - 10.0;
    if room > 0.0 {
        rule(&mut page, (dx, y0), RULE_MM, true, 1.0, 10, "100 mm down");
        rule(
            &mut page,
            (dx + 25.0_f64.min(room), y0),
            RULE_IN * MM_PER_IN,
            true,
            MM_PER_IN / 8.0,
            8,
            "4 inches down",
        );
    }
    page
}

/// Applies a printer's correction to a true-scale page and says so on it.
pub fn correct(page: &mut Page, fix: &ScaleFix) {
    page.scale = [fix.x, fix.y];
    page.text(
        TextLine::new(fix.note(), (page.width_mm / 2.0, 5.0), 6.5, SOFT)
            .align(HAlign::Centre, VAlign::Top),
    );
}
