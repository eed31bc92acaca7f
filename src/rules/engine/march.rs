//! R1 carried out: a column's order with its 2D6 test (Move, Stand To, a voluntary break, a
//! unit coming on after a break), a unit outside a formed column moving on its own, and the
//! pin tests a break brings.

use super::outcome::{Outcome, Refused};
use super::roll::{Roller, roll_text};
use super::table::{table_path, table_point};
use super::turn::{InPlay, with_state};
use crate::model::game::{Action, ColumnOrder, Dice};
use crate::model::*;
use crate::rules::column::{self, Activation, ColumnBreak, ColumnOutcome, Illegal, Order};

/// R1: a unit outside a formed column moves up to its Mv along a legal path, as a block
/// (`rules::column::alone`).
pub(super) fn unit_move(
    s: &Scenario,
    action: &Action,
    u: &Unit,
    order: Option<MoveOrder>,
    to: Option<Place>,
) -> Result<Outcome, Refused> {
    let cannot = |why: column::CannotMoveAlone| {
        Refused::rules(
            format!("{} cannot move on its own", u.name),
            vec![why.to_string()],
        )
    };
    let mv = column::alone(s, u).map_err(cannot)?;
    if let Some(o) = order {
        return Err(Refused::NotThisRuleset(format!(
            "columns of march (R1) have no order '{o}' for a single unit"
        )));
    }
    let Some(goal) = table_point(u, to)? else {
        return Err(Refused::rules(
            format!("{} moves on the table", u.name),
            vec!["give the point to move to".into()],
        ));
    };
    let path = mv.path_to(goal).map_err(|e| {
        Refused::rules(
            format!("{} may not end there", u.name),
            vec![mv.unreachable_text(s, e)],
        )
    })?;
    let mut o = Outcome::of(action.clone());
    o.what = format!(
        "{} moves {:.2}\" of {}\"",
        u.name, path.length, mv.allowance_in
    );
    o.path = table_path(&path.points);
    o.unit = Some(u.id);
    o.acted.push(u.id);
    o.units.push(mv.moved(u, goal));
    Ok(o)
}

/// Who acts by a column's order: every unit of a formed column; after a break, only the
/// units still off table (one of them may try to come on each turn, so one try uses the
/// turn's chance for all of them), never the units already on the table, which act alone.
pub fn acting(s: &Scenario, col: &Column, order: &ColumnOrder) -> Vec<UnitId> {
    match order {
        ColumnOrder::Enter(unit) => {
            let mut v = column::waiting(s, col.id);
            if !v.contains(unit) {
                v.push(*unit);
            }
            v
        }
        _ => col.members.iter().map(|m| m.unit).collect(),
    }
}

/// R1: a column's order with its 2D6 test.
pub(super) fn column_order(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    id: ColumnId,
    order: &ColumnOrder,
    dice: &Dice,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    if s.rules.ruleset != Ruleset::ColumnOfMarch {
        return Err(Refused::NotThisRuleset(
            "columns of march belong to R1".into(),
        ));
    }
    let col = s.column(id).ok_or(Refused::NoColumn(id))?;
    let name = col.name.clone();
    let colerr = |e: column::ColumnError| Refused::rules(name.clone(), vec![e.to_string()]);
    // The rules are asked before the dice are rolled: a refused order rolls nothing.
    let (logged, roll) = match order {
        ColumnOrder::VoluntaryBreak(unit) => {
            column::voluntary_break(s, id, *unit).map_err(colerr)?;
            roller.take(dice, 2)
        }
        ColumnOrder::Enter(unit) => {
            column::entry(s, id, Some(*unit), None).map_err(colerr)?;
            if let Some(u) = s.unit(*unit).filter(|u| u.state.pinned) {
                return Err(pinned(u));
            }
            roller.take(dice, 2)
        }
        _ => {
            column::preview(s, id, Activation::Failed).map_err(colerr)?;
            roller.take(dice, 2)
        }
    }
    .map_err(Refused::Dice)?;
    let rolled = roll_text(&logged);
    let mut o = Outcome::of(Action::Column {
        column: id,
        order: order.clone(),
        dice: logged,
    });
    let illegal = |what: &str, v: Vec<Illegal>| {
        Refused::rules(what, v.iter().map(ToString::to_string).collect())
    };
    let outcome: ColumnOutcome = match order {
        ColumnOrder::StandTo | ColumnOrder::Move { .. } => {
            let (o2, asked) = match order {
                ColumnOrder::Move { distance_in, route } => (
                    Order::Move {
                        distance_in: *distance_in,
                        route: (!route.is_empty()).then(|| route.clone()),
                    },
                    format!("Move {distance_in}\""),
                ),
                _ => (Order::StandTo, "Stand To".to_string()),
            };
            let c = column::carry_out(s, id, o2, roll).map_err(colerr)?;
            o.unit = column::preview(s, id, Activation::Failed)
                .ok()
                .map(|p| p.lead);
            o.what = if c.passed {
                format!(
                    "{name}: {asked} (2D6 {rolled}, needed {}: passed)",
                    c.needed
                )
            } else {
                format!(
                    "{name}: {asked} failed (2D6 {rolled}, needed {}): the column repeats its last action",
                    c.needed
                )
            };
            let done = c.outcome.map_err(|v| illegal(&o.what, v))?;
            if let Some(b) = &c.column_break {
                break_words(b, &mut o);
                let owed: Vec<UnitId> = b.pin_tests.iter().map(|p| p.unit).collect();
                o.state = with_state(at.filter(InPlay::sides_in_turn), |st| {
                    owe(&mut st.pin_tests, &owed)
                });
            }
            done
        }
        ColumnOrder::VoluntaryBreak(unit) => {
            let vb = column::voluntary_break(s, id, *unit).map_err(colerr)?;
            let (passed, outcome) = vb.carry_out(s, roll);
            o.unit = Some(*unit);
            o.what = if passed {
                format!(
                    "{name}: voluntary break, order to {} (2D6 {rolled}, needed {}: passed): the column is broken, no pin tests",
                    vb.name, vb.test.discipline
                )
            } else {
                format!(
                    "{name}: voluntary break failed (order to {}, 2D6 {rolled}, needed {}): the column repeats its last action",
                    vb.name, vb.test.discipline
                )
            };
            if !passed && let Some(b) = &vb.on_fail.column_break {
                break_words(b, &mut o);
                let owed: Vec<UnitId> = b.pin_tests.iter().map(|p| p.unit).collect();
                o.state = with_state(at.filter(InPlay::sides_in_turn), |st| {
                    owe(&mut st.pin_tests, &owed)
                });
            }
            outcome.map_err(|v| illegal(&o.what, v))?
        }
        ColumnOrder::Enter(unit) => {
            let e = column::entry(s, id, Some(*unit), None).map_err(colerr)?;
            o.unit = Some(*unit);
            match e.carry_out(s, roll) {
                Some(outcome) => {
                    o.what = format!(
                        "{}: comes on (2D6 {rolled}, needed {}: passed)",
                        e.name, e.test.discipline
                    );
                    outcome.map_err(|v| illegal(&o.what, v))?
                }
                None => {
                    o.what = format!(
                        "{}: activation failed (2D6 {rolled}, needed {}): it stays off table this turn",
                        e.name, e.test.discipline
                    );
                    ColumnOutcome::default()
                }
            }
            .clone()
        }
    };
    if let ColumnOrder::Enter(_) = order {
        o.reasons.push(
            "after a break one unit off table may try to come on each turn, at the entry point"
                .into(),
        );
    }
    o.acted = acting(s, col, order);
    o.units.extend(outcome.units);
    o.column = outcome.column;
    Ok(o)
}

/// The words of a break: what breaks the column, and who must take a pin test.
fn break_words(b: &ColumnBreak, o: &mut Outcome) {
    o.what.push_str("; the column breaks");
    for c in &b.causes {
        o.reasons.push(format!("the column breaks: {c}"));
    }
    o.reasons.push(format!(
        "pin tests for {}",
        column::pin_test_list(&b.pin_tests)
    ));
}

/// R1 in the editor, outside a game: the column's failed order carried out as a designer sets
/// a position up (the column repeats its last successful action; no roll).
pub fn failed_order(s: &Scenario, id: ColumnId) -> Result<(String, ColumnOutcome), Refused> {
    let col = s.column(id).ok_or(Refused::NoColumn(id))?;
    let p = column::preview(s, id, Activation::Failed)
        .map_err(|e| Refused::rules(col.name.clone(), vec![e.to_string()]))?;
    let what = format!(
        "{}: failed order, the column repeats its last action",
        col.name
    );
    let outcome = p
        .outcome(s)
        .map_err(|v| Refused::rules(what.clone(), v.iter().map(ToString::to_string).collect()))?;
    Ok((what, outcome))
}

/// The dice of a pin test: 2D6, passed at or above the unit's Discipline (docs/rules.md).
pub const PIN_TEST_DICE: usize = 2;

fn pinned(u: &Unit) -> Refused {
    Refused::rules(
        format!("{} is pinned", u.name),
        vec!["a pinned unit does not move: it rallies from it with a pin test first".into()],
    )
}

/// R1: a unit's pin test (2D6 at or above its Discipline; the seed names the test, its rules'
/// family gives the dice: docs/rules.md). Owed after its column broke: failed, the unit is
/// pinned. Taken by a pinned unit in its side's Movement Phase to rally from it (its action
/// that turn): passed, it is pinned no more.
pub(super) fn pin_test(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    unit: UnitId,
    dice: &Dice,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    let u = s.unit(unit).ok_or(Refused::NoUnit(unit))?;
    let owed = at.is_some_and(|a| a.game.state.pin_tests.contains(&unit));
    let what = format!("{}: pin test", u.name);
    if let Some(a) = at
        && !owed
    {
        if !u.state.pinned {
            return Err(Refused::rules(
                what,
                vec![
                    "it owes no pin test and is not pinned: pin tests follow a column's break"
                        .into(),
                ],
            ));
        }
        if a.game.phase != crate::model::game::Phase::Movement
            || a.game.state.side.is_some_and(|side| side != u.side)
        {
            return Err(Refused::rules(
                what,
                vec!["a pinned unit rallies from it in its own side's Movement Phase".into()],
            ));
        }
    }
    let (logged, total) = roller.take(dice, PIN_TEST_DICE).map_err(Refused::Dice)?;
    let needed = u.stats.discipline;
    let passed = total >= needed;
    let mut n = u.clone();
    let mut o = Outcome::of(Action::PinTest {
        unit,
        dice: logged.clone(),
    });
    o.unit = Some(unit);
    let rallying = !owed && u.state.pinned;
    n.state.pinned = !passed;
    o.what = format!(
        "{what}, 2D6 {} (needed {needed}): {}",
        roll_text(&logged),
        match (rallying, passed) {
            (true, true) => "passed, it is pinned no more",
            (true, false) => "failed, it stays pinned",
            (false, true) => "passed, not pinned",
            (false, false) => "failed, pinned",
        }
    );
    o.reasons.push(format!(
        "a pin test passes on 2D6 at or above the unit's Discipline ({needed})"
    ));
    if rallying && at.is_some() {
        o.acted.push(unit);
    }
    o.units.push(n);
    if owed {
        o.state = with_state(at, |st| st.pin_tests.retain(|x| *x != unit));
    }
    Ok(o)
}

/// Adds `owed` to the pin tests owed, each once.
fn owe(tests: &mut Vec<UnitId>, owed: &[UnitId]) {
    for u in owed {
        if !tests.contains(u) {
            tests.push(*u);
        }
    }
}
