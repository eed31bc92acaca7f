//! R4 carried out: a morale or rally test resolved with its dice (the first roll, the re-roll
//! after a failure when one is available), then the rolls its outcome asks for: an artillery
//! unit's retire distance, an elephant's stampede die and its 3D6".

use super::outcome::{Outcome, Refused};
use super::roll::{Roller, roll_text};
use crate::model::game::{Action, Dice, TestDice};
use crate::model::*;
use crate::rules::dice::Dice as RulesDice;
use crate::rules::morale::{self, Resolution, TestRequest};

/// A morale or rally test resolved with `dice`.
pub(super) fn test(
    s: &Scenario,
    unit: UnitId,
    kind: TestKind,
    cause: Option<TestCause>,
    dice: &TestDice,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    let u = s.unit(unit).ok_or(Refused::NoUnit(unit))?;
    let mut req = TestRequest::new(unit, kind);
    if let Some(c) = cause {
        req = req.with_cause(c);
    }
    let what = format!("{}: {kind} refused", u.name);
    let refuse = |e: morale::MoraleError| Refused::rules(what.clone(), vec![e.to_string()]);
    let pv = morale::preview(s, req).map_err(refuse)?;
    if !pv.may_test() && !matches!(dice, TestDice::KeepRouting) {
        return Err(Refused::Choice {
            what: what.clone(),
            why: super::Refusal::Test(pv.cannot_test.clone()),
        });
    }
    let (resolution, logged) = match dice {
        TestDice::KeepRouting => (Resolution::KeepRouting, TestDice::KeepRouting),
        TestDice::Roll {
            first,
            reroll,
            follow_up,
        } => {
            let (d1, r1) = roller.take(first, 1).map_err(Refused::Dice)?;
            let first_fails = !pv.roll(r1, None).map_err(refuse)?.first_passes;
            let (d2, r2) = match reroll {
                Some(again) if first_fails => {
                    let (d, r) = roller.take(again, 1).map_err(Refused::Dice)?;
                    (Some(d), Some(r))
                }
                Some(_) => {
                    return Err(Refused::rules(
                        what,
                        vec!["the first roll passed: there is nothing to re-roll".into()],
                    ));
                }
                None => (None, None),
            };
            (
                Resolution::Roll {
                    first: r1,
                    reroll: r2,
                },
                TestDice::Roll {
                    first: d1,
                    reroll: d2,
                    follow_up: follow_up.clone(),
                },
            )
        }
    };
    let r = morale::resolve(s, req, resolution).map_err(refuse)?;
    let mut o = Outcome::of(Action::Test {
        unit,
        kind,
        cause,
        dice: TestDice::KeepRouting,
    });
    o.unit = Some(unit);
    o.what = match &r.roll {
        Some(roll) => format!("{} — {}", r.label, morale::report::roll_result(&pv, roll)),
        None => format!("{} — {}", r.label, r.outcome),
    };
    if let TestDice::Roll { first, reroll, .. } = &logged {
        o.what.push_str(&format!(" ({}", roll_text(first)));
        if let Some(d) = reroll {
            o.what.push_str(&format!(", re-roll {}", roll_text(d)));
        }
        o.what.push(')');
    }
    // The working as the report sets it out: a line's leading spaces (two a level) say what
    // it belongs under ("modifiers:", then each modifier), and the log shows them so.
    o.reasons.extend(
        morale::report::text(&pv)
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .map(String::from),
    );
    let logged = match logged {
        TestDice::Roll {
            first,
            reroll,
            follow_up,
        } => {
            let follow_up = follow_ups(&pv, &r, &follow_up, roller, &mut o)?;
            TestDice::Roll {
                first,
                reroll,
                follow_up,
            }
        }
        k => k,
    };
    o.action = Action::Test {
        unit,
        kind,
        cause,
        dice: logged,
    };
    o.units.push(r.unit);
    o.units.extend(r.commander);
    Ok(o)
}

/// The rolls an outcome asks for after the test (R4), each from `given` in order or rolled:
/// a forced move rolled in inches (an artillery unit's retire, 2D6" foot or 3D6" horse), and
/// for an elephant that failed a morale test under the stampede rule, the D6 (1-2 stampedes)
/// and its 3D6" with the units it reaches. Returns the dice to log.
fn follow_ups(
    pv: &morale::TestPreview,
    r: &morale::Resolved,
    given: &[Dice],
    roller: &mut dyn Roller,
    o: &mut Outcome,
) -> Result<Vec<Dice>, Refused> {
    let mut given = given.iter();
    let mut out = Vec::new();
    let mut next = |roller: &mut dyn Roller, d: RulesDice| -> Result<(Dice, u32), Refused> {
        let asked = given.next().cloned().unwrap_or(Dice::App);
        let (logged, total) = match d {
            RulesDice::D3 => {
                let (l, t) = roller.take(&asked, 1).map_err(Refused::Dice)?;
                (l, u32::from(t).div_ceil(2))
            }
            _ => {
                let (l, t) = roller
                    .take(&asked, d.count() as usize)
                    .map_err(Refused::Dice)?;
                (l, u32::from(t))
            }
        };
        out.push(logged.clone());
        Ok((logged, total))
    };
    if let Some(m) = r.outcome.movement
        && let morale::Distance::Dice(d) = m.distance
    {
        let (logged, inches) = next(roller, d)?;
        let what = morale::Movement {
            kind: m.kind,
            distance: morale::Distance::Fixed(inches),
        };
        o.what
            .push_str(&format!("; {what} ({d}: {})", roll_text(&logged)));
    }
    if let Some(st) = &pv.stampede
        && r.outcome.kind == morale::OutcomeKind::Fail
    {
        let (logged, d6) = next(roller, RulesDice::D6)?;
        if d6 <= 2 {
            let (rolled, inches) = next(roller, RulesDice::ThreeD6)?;
            let reached: Vec<&str> = st
                .in_path
                .iter()
                .filter(|u| u.needs <= inches)
                .map(|u| u.name.as_str())
                .collect();
            o.what.push_str(&format!(
                "; stampede (D6 {}: 1-2) {inches}\" straight back (3D6: {})",
                roll_text(&logged),
                roll_text(&rolled)
            ));
            o.reasons.push(if reached.is_empty() {
                "no unit in the stampede's path is reached".to_string()
            } else {
                format!("morale test for every unit reached: {}", reached.join(", "))
            });
        } else {
            o.what.push_str(&format!(
                "; no stampede (D6 {}: 1-2 stampedes)",
                roll_text(&logged)
            ));
        }
    }
    Ok(out)
}
