//! Notices: what the user must know about shown over the canvas's corner, not only in the
//! status bar. A file opened, saved or exported says so and fades; a failure (a file that will
//! not open or save, an export that failed, a change refused) stays until it is dismissed, so it
//! is read. The latest few are shown, newest at the bottom.

use egui::{Align2, Color32, RichText};

/// How long a notice of success stays, in seconds.
pub const INFO_SECS: f64 = 6.0;
/// At most this many notices are kept (the oldest go first).
const KEPT: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub level: Level,
    pub text: String,
    /// When it was raised, in egui's seconds.
    pub at: f64,
}

/// The notices on screen.
#[derive(Default)]
pub struct Notices {
    pub shown: Vec<Notice>,
}

impl Notices {
    pub fn push(&mut self, level: Level, text: String, now: f64) {
        // The same message again (a second failed save) replaces the first.
        self.shown.retain(|n| n.text != text);
        self.shown.push(Notice {
            level,
            text,
            at: now,
        });
        if self.shown.len() > KEPT {
            self.shown.remove(0);
        }
    }

    /// Drops the successes that have been shown long enough.
    fn expire(&mut self, now: f64) {
        self.shown
            .retain(|n| n.level == Level::Error || now - n.at < INFO_SECS);
    }

    /// Draws the notices in the bottom-right corner of `area`, drops those that have faded,
    /// and wakes the editor when the next one will.
    pub fn ui(&mut self, ctx: &egui::Context, area: egui::Rect, now: f64) {
        self.expire(now);
        if let Some(next) = self
            .shown
            .iter()
            .filter(|n| n.level == Level::Info)
            .map(|n| n.at + INFO_SECS - now)
            .reduce(f64::min)
        {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(next.max(0.05)));
        }
        if self.shown.is_empty() || !area.is_positive() {
            return;
        }
        let mut dismissed = None;
        egui::Area::new(egui::Id::unique("notices"))
            .anchor(Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -12.0))
            .constrain_to(area)
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(area.width().min(420.0));
                for (i, n) in self.shown.iter().enumerate() {
                    let (fill, text) = match n.level {
                        Level::Info => (ui.visuals().extreme_bg_color, ui.visuals().text_color()),
                        Level::Error => (
                            Color32::from_rgb(0x7a, 0x1f, 0x1f),
                            Color32::from_rgb(0xff, 0xf0, 0xf0),
                        ),
                    };
                    egui::Frame::popup(ui.style()).fill(fill).show(ui, |ui| {
                        ui.horizontal_top(|ui| {
                            // The dismiss button first, so a long message never pushes it out.
                            let close = ui
                                .small_button(RichText::new("×").color(text))
                                .on_hover_text("Dismiss");
                            close.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, "Dismiss")
                            });
                            if close.clicked() {
                                dismissed = Some(i);
                            }
                            let lead = match n.level {
                                Level::Info => "",
                                Level::Error => "Error: ",
                            };
                            ui.add(
                                egui::Label::new(
                                    RichText::new(format!("{lead}{}", n.text)).color(text),
                                )
                                .wrap(),
                            );
                        });
                    });
                }
            });
        if let Some(i) = dismissed {
            self.shown.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successes_fade_failures_stay_and_repeats_are_one() {
        let mut n = Notices::default();
        n.push(Level::Info, "Saved a.sandtable".into(), 0.0);
        n.push(Level::Error, "Not saved: disk full".into(), 1.0);
        n.push(Level::Error, "Not saved: disk full".into(), 2.0);
        assert_eq!(n.shown.len(), 2);
        n.expire(INFO_SECS - 0.1);
        assert_eq!(n.shown.len(), 2, "a success shows for a while");
        n.expire(INFO_SECS + 1.0);
        assert_eq!(n.shown.len(), 1);
        assert_eq!(n.shown[0].level, Level::Error);
        for k in 0..10 {
            n.push(Level::Info, format!("Opened {k}"), 3.0);
        }
        assert_eq!(n.shown.len(), KEPT, "the oldest go");
    }
}
