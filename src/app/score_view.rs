//! The score of a game that keeps one (`rules::victory`): each side's points in its colour on
//! the turn bar, how they are made up in the Log tab (as the shown moment stood, so stepping
//! back shows the score then), and who won once the last turn has ended.

use crate::model::{Colour, Scenario};
use crate::rules::victory;
use egui::{RichText, Ui};

fn colour(c: Colour) -> egui::Color32 {
    egui::Color32::from_rgb(c.r, c.g, c.b)
}

/// The score in one line, for the turn bar's hover and assistive tools: "Score: Parliament 5 ·
/// Royalists 2 (the game ends after turn 10)".
fn summary(s: &Scenario, score: &[victory::SideScore]) -> String {
    let totals = victory::totals_words(s, score);
    match (
        victory::over(s),
        s.rules.victory.as_ref().and_then(|v| v.last_turn),
    ) {
        (Some(_), _) => format!(
            "Game over: {}. Score: {totals}",
            victory::result_words(s, score)
        ),
        (None, Some(t)) => format!("Score: {totals} (the game ends after turn {t})"),
        (None, None) => format!("Score: {totals}"),
    }
}

/// The turn bar's score (laid out right to left): each side's points on a chip of its colour,
/// or who won once the game is over; the breakdown on hover.
pub fn turn_bar_score(ui: &mut Ui, s: &Scenario) {
    let Some(score) = victory::score(s) else {
        return;
    };
    let mut hover = summary(s, &score);
    for sc in &score {
        hover.push_str("\n• ");
        hover.push_str(&victory::side_words(s, sc));
    }
    let frame = |ui: &mut Ui, c: egui::Color32, text: RichText| {
        egui::Frame::new()
            .fill(c.gamma_multiply(0.25))
            .stroke(egui::Stroke::new(1.0, c))
            .corner_radius(3.0)
            .inner_margin(egui::Margin::symmetric(5, 1))
            .show(ui, |ui| ui.label(text))
            .response
    };
    let group = ui
        .scope(|ui| {
            if victory::over(s).is_some() {
                let winner = match victory::decision(&score) {
                    victory::Decision::Won { side, .. } => s.side(side).map(|x| colour(x.colour)),
                    victory::Decision::Draw => None,
                };
                let text = format!("Game over: {}", victory::result_words(s, &score));
                frame(
                    ui,
                    winner.unwrap_or(ui.visuals().warn_fg_color),
                    RichText::new(text).strong(),
                );
                return;
            }
            // Right to left: the last side first, so they read in the scenario's order.
            for sc in score.iter().rev() {
                let c = s
                    .side(sc.side)
                    .map_or(egui::Color32::GRAY, |x| colour(x.colour));
                frame(ui, c, RichText::new(sc.total.to_string()).strong());
            }
            ui.label("VP");
        })
        .response;
    let name = summary(s, &score);
    group
        .on_hover_text(hover)
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
}

/// The Log tab's score: each side's points and what makes them, after the entry shown, and
/// (with `last_turn`) when the game ends.
pub fn log_score(ui: &mut Ui, s: &Scenario, at: Option<usize>, last_turn: bool) {
    let Some(score) = victory::score(s) else {
        return;
    };
    let heading = match (victory::over(s), at) {
        (Some(_), _) => format!("Game over: {}", victory::result_words(s, &score)),
        (None, Some(0)) => "Score at the start".to_string(),
        (None, Some(n)) => format!("Score after entry {n}"),
        (None, None) => "Score now".to_string(),
    };
    ui.label(RichText::new(heading).strong());
    for sc in &score {
        let c = s
            .side(sc.side)
            .map_or(egui::Color32::GRAY, |x| colour(x.colour));
        ui.horizontal_wrapped(|ui| {
            let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, c);
            ui.label(victory::side_words(s, sc));
        });
    }
    if last_turn
        && victory::over(s).is_none()
        && let Some(t) = s.rules.victory.as_ref().and_then(|v| v.last_turn)
    {
        ui.label(
            RichText::new(format!(
                "The game ends after turn {t}; the side with more points wins."
            ))
            .small()
            .weak(),
        );
    }
}
