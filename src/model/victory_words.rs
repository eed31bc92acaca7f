//! The victory conditions in words, as the scenario sheet, `info` and the inspector print them
//! (kept apart from `victory`, which the scenario and the game's state hold, so neither file
//! needs the other).

use super::map::Map;
use super::scenario::{Objective, Scenario};

/// An objective's points in words: "3 VP", or per side where they differ ("3 VP to
/// Royalists, 1 VP to Parliament").
pub fn points_words(s: &Scenario, o: &Objective) -> String {
    if s.sides.iter().all(|x| o.points_for(x.id) == o.value) {
        format!("{} VP", o.value)
    } else {
        s.sides
            .iter()
            .map(|side| format!("{} VP to {}", o.points_for(side.id), side.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The victory conditions in words, one line each, as `info` and the inspector give them:
/// the end, each objective, the losses, what holding means.
pub fn condition_words(s: &Scenario) -> Vec<String> {
    let mut out = general_words(s);
    let objectives = s
        .objectives
        .iter()
        .map(|o| format!("{}: {} ({})", o.name, points_words(s, o), o.held.name()));
    out.splice(1.min(out.len())..1.min(out.len()), objectives);
    out
}

/// The conditions that are not an objective's own: the end of the game, the enemy's losses,
/// what holding an objective means (the sheet prints the objectives' points on their rows).
pub fn general_words(s: &Scenario) -> Vec<String> {
    let Some(v) = s.rules.victory.as_ref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    out.push(match v.last_turn {
        Some(t) => format!("The game ends after turn {t}; the side with more points wins."),
        None => "No last turn: the players end the game; the side with more points wins.".into(),
    });
    let mut losses = Vec::new();
    if v.per_unit_lost > 0 {
        losses.push(format!("{} VP per unit", v.per_unit_lost));
    }
    if v.per_strength_lost > 0 {
        losses.push(format!("{} VP per strength point", v.per_strength_lost));
    }
    if !losses.is_empty() {
        out.push(format!(
            "Each enemy unit routing or removed: {}.",
            losses.join(" and ")
        ));
    }
    if !s.objectives.is_empty() {
        out.push(match s.map {
            Map::Table(_) => format!(
                "A side holds an objective with a unit that has a model within {}\" of it, and no enemy unit there (leaders and routing units hold nothing).",
                trim(v.hold_within_in)
            ),
            Map::Hex(_) => "A side holds an objective with a unit on its hex (leaders and routing units hold nothing).".into(),
        });
    }
    out
}

fn trim(x: f32) -> String {
    let t = format!("{x:.1}");
    t.strip_suffix(".0").map_or(t.clone(), str::to_string)
}
