//! Victory conditions: the scenario's (whether it keeps score, its last turn, points for the
//! enemy's losses, the holding distance on a table) and each objective's (how it is held, its
//! points to each side). Scoring itself is `rules::victory`.

use super::form::{Form, any, grid};
use crate::edit::Edit;
use crate::model::victory::{MAX_HOLD_WITHIN_IN, MAX_POINTS};
use crate::model::*;
use egui::{RichText, Ui};

/// The scenario's victory conditions, under the Rules' `SetRules` edit.
pub fn victory_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    let r = &s.rules;
    let set = |v: Option<Victory>| {
        vec![Edit::SetRules(RuleOptions {
            victory: v,
            ..r.clone()
        })]
    };
    if let Some(on) = f.checkbox(ui, "Keep score (victory conditions)", r.victory.is_some()) {
        let v = on.then(|| Victory {
            last_turn: Some(s.turn.saturating_add(9)),
            ..Victory::default()
        });
        f.emit(
            if on {
                "Keep score"
            } else {
                "Remove victory conditions"
            },
            None,
            set(v),
        );
    }
    let Some(v) = r.victory.clone() else {
        ui.label(
            RichText::new(
                "No score is kept: objectives are markers only, and the game ends when the players say so.",
            )
            .small()
            .weak(),
        );
        return;
    };
    if let Some(ends) = f.checkbox(ui, "The game ends after a last turn", v.last_turn.is_some()) {
        let last_turn = ends.then_some(s.turn.max(1));
        f.emit(
            "Set last turn",
            None,
            set(Some(Victory {
                last_turn,
                ..v.clone()
            })),
        );
    }
    grid(ui, "victory", |ui| {
        if let Some(t) = v.last_turn
            && let Some((x, key)) =
                f.number(ui, "Last turn", "victory.last", t, 1..=999, 0.05, &any)
        {
            f.emit(
                "Set last turn",
                Some(key),
                set(Some(Victory {
                    last_turn: Some(x),
                    ..v.clone()
                })),
            );
        }
        if let Some((x, key)) = f.number(
            ui,
            "VP per enemy unit routed or removed",
            "victory.unit",
            v.per_unit_lost,
            0..=MAX_POINTS,
            0.05,
            &any,
        ) {
            f.emit(
                "Set points per unit",
                Some(key),
                set(Some(Victory {
                    per_unit_lost: x,
                    ..v.clone()
                })),
            );
        }
        if let Some((x, key)) = f.number(
            ui,
            "VP per strength point of those",
            "victory.strength",
            v.per_strength_lost,
            0..=MAX_POINTS,
            0.05,
            &any,
        ) {
            f.emit(
                "Set points per strength point",
                Some(key),
                set(Some(Victory {
                    per_strength_lost: x,
                    ..v.clone()
                })),
            );
        }
        if !s.map.is_hex()
            && let Some((x, key)) = f.number(
                ui,
                "Objective held within (in)",
                "victory.within",
                v.hold_within_in,
                0.0..=MAX_HOLD_WITHIN_IN,
                0.05,
                &any,
            )
        {
            f.emit(
                "Set holding distance",
                Some(key),
                set(Some(Victory {
                    hold_within_in: x,
                    ..v.clone()
                })),
            );
        }
    });
    ui.label(
        "Each objective's points to each side and how it is held: select its marker on the map.",
    );
    let words = crate::model::victory_words::condition_words(s);
    for w in words {
        ui.label(RichText::new(w).small());
    }
}

/// An objective's holding and its points to each side, beside its value.
pub fn objective_points_ui(ui: &mut Ui, f: &mut Form, o: &Objective) {
    let s = f.s;
    let k = |field: &str| format!("objective.{}.{field}", o.id.0);
    let with = |n: Objective| vec![Edit::PutObjective(Box::new(n))];
    let holdings: Vec<(Holding, String)> = Holding::ALL
        .iter()
        .map(|h| (*h, h.name().to_string()))
        .collect();
    if let Some((h, _)) = f.combo(ui, "Held", &k("held"), &o.held, &holdings, "?", &any) {
        f.emit(
            "Set how the objective is held",
            None,
            with(Objective {
                held: h,
                ..o.clone()
            }),
        );
    }
    for side in &s.sides {
        let label = format!("VP to {}", side.name);
        let key = k(&format!("side{}", side.id.0));
        if let Some((x, key)) = f.number(
            ui,
            &label,
            &key,
            o.points_for(side.id),
            0..=MAX_POINTS,
            0.05,
            &any,
        ) {
            let mut points: Vec<SidePoints> = o
                .side_points
                .iter()
                .copied()
                .filter(|p| p.side != side.id)
                .collect();
            if x != o.value {
                points.push(SidePoints {
                    side: side.id,
                    points: x,
                });
            }
            points.sort_by_key(|p| s.sides.iter().position(|x| x.id == p.side));
            f.emit(
                "Set the objective's points to a side",
                Some(key),
                with(Objective {
                    side_points: points,
                    ..o.clone()
                }),
            );
        }
    }
}
