//! Notices: what the user must know about shown over the canvas's corner, not only in the
//! status bar. A file opened, saved or exported says so and fades; a failure (a file that will
//! not open or save, an export that failed) stays until it is dismissed, so it is read. A
//! refusal (a move or change the rules or the editor would not make) stays until it is
//! dismissed, the next change goes through or a new refusal comes: after that it is stale and
//! would mislead. The latest few are shown, newest at the bottom and in full; the older ones
//! take a line each (their whole text on hover), so a run of notices never piles up over the
//! map, and two or more can be dismissed at once.

use egui::{Align2, Color32, RichText};

/// How long a notice of success stays, in seconds.
pub const INFO_SECS: f64 = 6.0;
/// At most this many notices are kept (the oldest go first).
const KEPT: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
    /// A move or change refused, with why.
    Refusal,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub level: Level,
    pub text: String,
    /// When it was raised, in egui's seconds.
    pub at: f64,
    /// The document's change count when it was raised: a refusal goes with the next change.
    pub changes: u64,
}

/// The notices on screen.
#[derive(Default)]
pub struct Notices {
    pub shown: Vec<Notice>,
    /// The selection the last frame ended with: a refusal is about what was selected when it
    /// was raised, so selecting something else makes it stale.
    selection: Vec<crate::model::ItemRef>,
}

impl Notices {
    pub fn push(&mut self, level: Level, text: String, now: f64, changes: u64) {
        // The same message again (a second failed save) replaces the first; a refusal
        // replaces the refusal before it, which the new attempt has made stale (two of them
        // stacked read as if both still held).
        self.shown
            .retain(|n| n.text != text && !(level == Level::Refusal && n.level == Level::Refusal));
        self.shown.push(Notice {
            level,
            text,
            at: now,
            changes,
        });
        if self.shown.len() > KEPT {
            self.shown.remove(0);
        }
    }

    /// Drops the refusals raised before this frame once the selection has changed: they were
    /// about the unit selected then. A refusal of this frame stays (a drag on a unit not
    /// selected first selects it and may be refused at once).
    pub fn follow_selection(&mut self, selection: &[crate::model::ItemRef], now: f64) {
        if self.selection.as_slice() != selection {
            self.shown
                .retain(|n| n.level != Level::Refusal || n.at >= now);
            self.selection = selection.to_vec();
        }
    }

    /// Drops every refusal shown: what was refused has since been done another way (a move
    /// refused, then made to a legal place, before it changes the document).
    pub fn retire_refusals(&mut self) {
        self.shown.retain(|n| n.level != Level::Refusal);
    }

    /// Drops the successes that have been shown long enough and the refusals a later change
    /// has made stale.
    fn expire(&mut self, now: f64, changes: u64) {
        self.shown.retain(|n| match n.level {
            Level::Error => true,
            Level::Refusal => n.changes == changes,
            Level::Info => now - n.at < INFO_SECS,
        });
    }

    /// Draws the notices in the bottom-right corner of `area`, drops those that have faded,
    /// and wakes the editor when the next one will.
    pub fn ui(&mut self, ctx: &egui::Context, area: egui::Rect, now: f64, changes: u64) {
        self.expire(now, changes);
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
        let mut dismiss_all = false;
        let newest = self.shown.len() - 1;
        let id = egui::Id::unique("notices");
        let (corner, lift) = free_corner(ctx, id, area);
        let margin = egui::vec2(
            if corner.x() == egui::Align::Max {
                -12.0
            } else {
                12.0
            },
            if corner.y() == egui::Align::Max {
                -12.0 - lift
            } else {
                12.0
            },
        );
        egui::Area::new(id)
            .anchor(corner, margin)
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
                        Level::Refusal => (
                            Color32::from_rgb(0x5c, 0x43, 0x0e),
                            Color32::from_rgb(0xff, 0xf6, 0xe0),
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
                                Level::Info | Level::Refusal => "",
                                Level::Error => "Error: ",
                            };
                            let words = RichText::new(format!("{lead}{}", n.text)).color(text);
                            if i == newest {
                                ui.add(egui::Label::new(words).wrap());
                            } else {
                                // An older notice: one line, the whole of it on hover.
                                ui.add(egui::Label::new(words).truncate());
                            }
                        });
                    });
                }
                if self.shown.len() > 1 && ui.small_button("Dismiss all").clicked() {
                    dismiss_all = true;
                }
            });
        if dismiss_all {
            self.shown.clear();
        } else if let Some(i) = dismissed {
            self.shown.remove(i);
        }
    }
}

/// How far up a window's foot its buttons and result line take: notices that must lie over a
/// window keep above it.
const WINDOW_FOOT: f32 = 56.0;

/// The corner of `area` where the notices cover no open window (the Export window's footer,
/// the Calibrate window): bottom right first, then bottom left, top right, top left. Sized by
/// the notices as they were last drawn. When windows cover every corner, the bottom right,
/// lifted (the second value) above the foot of the windows there, so the notices lie over a
/// window's contents but never over its buttons.
fn free_corner(ctx: &egui::Context, id: egui::Id, area: egui::Rect) -> (Align2, f32) {
    let (size, windows) = ctx.memory(|m| {
        let size = m.area_rect(id).map(|r| r.size());
        let windows: Vec<egui::Rect> = m
            .areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == egui::Order::Middle)
            .filter_map(|l| m.area_rect(l.id))
            .collect();
        (size, windows)
    });
    let size = size.unwrap_or(egui::vec2(area.width().min(420.0), 48.0));
    corner_clear_of(size, area, &windows)
}

/// Where notices of `size` go in `area` clear of `windows` (see [`free_corner`]).
fn corner_clear_of(size: egui::Vec2, area: egui::Rect, windows: &[egui::Rect]) -> (Align2, f32) {
    let corners = [
        Align2::RIGHT_BOTTOM,
        Align2::LEFT_BOTTOM,
        Align2::RIGHT_TOP,
        Align2::LEFT_TOP,
    ];
    let inner = area.shrink(12.0);
    if let Some(c) = corners.into_iter().find(|c| {
        let r = c.align_size_within_rect(size, inner);
        !windows.iter().any(|w| w.intersects(r))
    }) {
        return (c, 0.0);
    }
    let r = Align2::RIGHT_BOTTOM.align_size_within_rect(size, inner);
    let lift = windows
        .iter()
        .filter(|w| w.intersects(r))
        .map(|w| r.max.y - (w.max.y - WINDOW_FOOT))
        .fold(0.0, f32::max);
    (Align2::RIGHT_BOTTOM, lift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_over_a_window_that_covers_every_corner_keep_above_its_foot() {
        let area = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(1000.0, 800.0));
        let size = egui::vec2(340.0, 70.0);
        // A small window at the bottom right: the notices take the bottom left instead.
        let small = egui::Rect::from_min_size(egui::pos2(700.0, 600.0), egui::vec2(300.0, 200.0));
        assert_eq!(
            corner_clear_of(size, area, &[small]),
            (Align2::LEFT_BOTTOM, 0.0)
        );
        // The Export window over the whole canvas, its foot 20 points above the canvas's.
        let export = egui::Rect::from_min_max(egui::pos2(-40.0, 10.0), egui::pos2(1040.0, 780.0));
        let (corner, lift) = corner_clear_of(size, area, &[export]);
        assert_eq!(corner, Align2::RIGHT_BOTTOM);
        let bottom = area.max.y - 12.0 - lift;
        assert!(
            bottom <= export.max.y - WINDOW_FOOT,
            "the notices end at {bottom}, over the window's foot (from {})",
            export.max.y - WINDOW_FOOT
        );
    }

    #[test]
    fn successes_fade_failures_stay_and_repeats_are_one() {
        let mut n = Notices::default();
        n.push(Level::Info, "Saved a.sandtable".into(), 0.0, 0);
        n.push(Level::Error, "Not saved: disk full".into(), 1.0, 0);
        n.push(Level::Error, "Not saved: disk full".into(), 2.0, 0);
        assert_eq!(n.shown.len(), 2);
        n.expire(INFO_SECS - 0.1, 0);
        assert_eq!(n.shown.len(), 2, "a success shows for a while");
        n.expire(INFO_SECS + 1.0, 0);
        assert_eq!(n.shown.len(), 1);
        assert_eq!(n.shown[0].level, Level::Error);
        for k in 0..10 {
            n.push(Level::Info, format!("Opened {k}"), 3.0, 0);
        }
        assert_eq!(n.shown.len(), KEPT, "the oldest go");
    }

    #[test]
    fn a_refusal_stays_until_the_next_change_then_goes() {
        let mut n = Notices::default();
        n.push(Level::Error, "Could not open a.sandtable".into(), 0.0, 5);
        n.push(Level::Refusal, "Refused: out of command".into(), 0.0, 5);
        n.expire(INFO_SECS * 10.0, 5);
        assert_eq!(n.shown.len(), 2, "no change yet: the refusal is still true");
        n.expire(INFO_SECS * 10.0, 6);
        assert_eq!(n.shown.len(), 1, "a later change made it stale");
        assert_eq!(n.shown[0].level, Level::Error, "a file error stays");
    }

    #[test]
    fn a_new_refusal_replaces_the_one_before() {
        let mut n = Notices::default();
        n.push(Level::Error, "Could not open a.sandtable".into(), 0.0, 5);
        n.push(
            Level::Refusal,
            "Not moved: below the minimum move".into(),
            1.0,
            5,
        );
        n.push(
            Level::Refusal,
            "Not moved: inside the exclusion".into(),
            2.0,
            5,
        );
        let texts: Vec<&str> = n.shown.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Could not open a.sandtable",
                "Not moved: inside the exclusion"
            ]
        );
    }
}
