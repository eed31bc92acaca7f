//! The printer correction in File > Export: the printer's name, what its test page's 100 mm
//! rules measured, and the correction kept for it in the editor's settings (per printer name),
//! applied to every true-scale print on that printer from then on.

use crate::io::export::{ExportOptions, Layout, ScaleFix};
use std::collections::BTreeMap;

/// What is typed in the Printer row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PrinterFields {
    pub name: String,
    /// What the 100 mm rules measured, millimetres (empty: not measured).
    pub across_mm: String,
    pub down_mm: String,
    /// Why the measurements were refused, if they were.
    pub refused: Option<String>,
}

/// The Printer row of the export options: sets `o.scale_fix` from the correction kept for the
/// named printer (true-scale prints only), and keeps a new one from typed measurements.
pub fn printer_ui(
    ui: &mut egui::Ui,
    f: &mut PrinterFields,
    kept: &mut BTreeMap<String, [f64; 2]>,
    o: &mut ExportOptions,
) {
    let l = ui.label("Printer");
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut f.name).desired_width(140.0));
            let _ = r.accessible_name("Printer name");
            egui::ComboBox::from_id_salt("printer-kept")
                .selected_text("Known…")
                .show_ui(ui, |ui| {
                    for name in kept.keys() {
                        if ui.selectable_label(*name == f.name, name).clicked() {
                            f.name = name.clone();
                        }
                    }
                })
                .response
                .labelled_by(l.id);
        });
        // Wrapped: the row is wider than the Export window's column of options.
        ui.horizontal_wrapped(|ui| {
            ui.label("100 mm rule measured");
            let a = ui.add(egui::TextEdit::singleline(&mut f.across_mm).desired_width(48.0));
            let _ = a.accessible_name("Rule across measured (mm)");
            ui.label("across,");
            let d = ui.add(egui::TextEdit::singleline(&mut f.down_mm).desired_width(48.0));
            let _ = d.accessible_name("Rule down measured (mm)");
            ui.label("down");
            if ui.button("Keep correction").clicked() {
                let parse = |t: &str| t.trim().parse::<f64>().ok().filter(|v| *v > 0.0);
                f.refused = match (parse(&f.across_mm), parse(&f.down_mm)) {
                    (Some(x), Some(y)) => match ScaleFix::from_measured(&f.name, x, y) {
                        Ok(fix) => {
                            kept.insert(fix.printer.clone(), [fix.x, fix.y]);
                            None
                        }
                        Err(e) => Some(e.to_string()),
                    },
                    _ => Some("type both measurements in millimetres".into()),
                };
            }
        });
        let name = f.name.trim();
        o.scale_fix = kept.get(name).and_then(|[x, y]| {
            (o.layout != Layout::Sheet).then(|| ScaleFix {
                x: *x,
                y: *y,
                printer: name.to_string(),
            })
        });
        match (&f.refused, kept.get(name)) {
            (Some(e), _) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            (None, Some([x, y])) => {
                ui.weak(format!(
                    "True-scale prints are scaled by {x:.3} x {y:.3} for this printer"
                ));
            }
            (None, None) => {
                ui.weak("Print the printer test page and type what its rules measure");
            }
        }
    });
}
