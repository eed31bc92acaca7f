//! The editor's fonts: egui's own, with its monospace font (Hack) behind the proportional one.
//! The engines' reports speak in arrows ("Advance → Charge 1", "morale → routing") that the
//! proportional font (Ubuntu Light) lacks; Hack has them, so a glyph missing from the first
//! is drawn from the second rather than as a box, and no text need be rewritten for the font.

/// Installs the editor's fonts in `ctx`: before the first frame, so the fonts are built once.
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    let mono = fonts
        .families
        .get(&egui::FontFamily::Monospace)
        .and_then(|f| f.first())
        .cloned();
    if let (Some(mono), Some(proportional)) = (
        mono,
        fonts.families.get_mut(&egui::FontFamily::Proportional),
    ) && !proportional.contains(&mono)
    {
        proportional.push(mono);
    }
    ctx.set_fonts(fonts);
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reports_arrow_is_drawn_from_a_font_that_has_it() {
        let ctx = egui::Context::default();
        super::install(&ctx);
        let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
        out.textures_delta.clear();
        let font = egui::FontId::proportional(14.0);
        ctx.fonts_mut(|f| {
            for c in ['→', '≥', '≤', '×', '−', '—', '…'] {
                assert!(
                    f.has_glyph(&font, c),
                    "the editor's text has no glyph for {c}"
                );
            }
        });
    }
}
