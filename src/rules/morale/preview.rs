//! The morale or rally test a unit faces now (R4): whether it may test, its modifiers, the
//! number needed, its re-roll, the odds with and without it, every outcome, the stampede odds
//! of an elephant, and the notes. Never changes the scenario.

use super::eligibility::{AutomaticFailure, CannotTest, at_fifty_percent};
use super::modifiers::{Modifier, ModifierSource, start_number};
use super::notes::Note;
use super::outcome::{Distance, MoveKind, Movement, OutcomeKind};
use super::outcome_rules::Ctx;
use super::request::{TestKind, TestRequest};
use super::reroll::RerollSource;
use super::stampede::{self, Stampede};
use super::test_preview::{MoraleError, TestPreview};
use crate::model::{GunClass, Morale, Scenario, SpecialRule, UnitKind};
use crate::rules::dice::{D6Test, Dice, Prob};

/// The morale or rally test a unit faces now: never changes the scenario.
pub fn preview(s: &Scenario, req: TestRequest) -> Result<TestPreview, MoraleError> {
    let u = s.unit(req.unit).ok_or(MoraleError::NoUnit(req.unit))?;
    let rules = &s.rules;
    let opt = rules.optional;
    let single = u.kind.is_single_stand();
    let lost = u.strength.lost();
    let morale = u.state.morale;
    let is_artillery = matches!(u.kind, UnitKind::Artillery { .. });
    let mut notes = Vec::new();

    let mut cannot = Vec::new();
    if !rules.morale_tests {
        cannot.push(CannotTest::MoraleTestsOff);
    }
    if u.is_leader() {
        cannot.push(CannotTest::Leader);
    }
    if morale == Morale::Removed {
        cannot.push(CannotTest::AlreadyRemoved);
    } else if req.kind == TestKind::Rally {
        if morale == Morale::GoodOrder {
            cannot.push(CannotTest::NothingToRally);
        }
        for (flag, why) in [
            (u.state.charging, CannotTest::Charging),
            (u.state.charged, CannotTest::Charged),
            (u.state.evaded, CannotTest::Evaded),
        ] {
            if flag {
                cannot.push(why);
            }
        }
        if is_artillery && morale == Morale::Routing && !opt.artillery_may_rally {
            cannot.push(CannotTest::RoutedGuns);
        }
    }

    let mut modifiers = Vec::new();
    if single {
        modifiers.push(Modifier {
            source: ModifierSource::SingleStand { lost },
            value: 0,
        });
    } else if lost > 0 {
        modifiers.push(Modifier {
            source: ModifierSource::StandsLost { lost },
            value: -i32::from(lost),
        });
    }
    let mut commander = None;
    if let Some(lid) = u.attached_leader {
        match s.unit(lid) {
            Some(l) if l.in_play() && l.leadership.is_some() => {
                if let Some(ld) = l.leadership {
                    modifiers.push(Modifier {
                        source: ModifierSource::Commander {
                            leader: lid,
                            name: l.name.clone(),
                        },
                        value: i32::from(ld.bonus),
                    });
                    commander = Some((l, ld));
                }
            }
            _ => notes.push(Note::CommanderUnavailable { leader: lid }),
        }
    }
    if u.state.in_buildings {
        modifiers.push(Modifier {
            source: ModifierSource::InBuildings,
            value: i32::from(rules.in_buildings_bonus),
        });
    }
    let total_modifier: i32 = modifiers.iter().map(|m| m.value).sum();
    let start = start_number(u.quality);
    let test = D6Test::new(i32::from(start), total_modifier);
    let automatic_failure = at_fifty_percent(u).then_some(AutomaticFailure::FiftyPercent {
        lost,
        start: u.strength.start,
    });

    // Re-roll: Elite first (free), then a commander with re-rolls left.
    let commander_reroll = commander.and_then(|(l, ld)| {
        let left = ld.rerolls.saturating_sub(ld.rerolls_used);
        (left > 0).then(|| RerollSource::Commander {
            leader: l.id,
            name: l.name.clone(),
            left,
        })
    });
    let source = if u.has(SpecialRule::Elite) {
        Some(RerollSource::Elite)
    } else {
        commander_reroll
    };
    if !opt.morale_rerolls && source.is_some() {
        notes.push(Note::RerollsOff);
    }
    if opt.morale_rerolls
        && source.is_none()
        && let Some((l, ld)) = commander
        && ld.rerolls > 0
    {
        notes.push(Note::CommanderOutOfRerolls {
            name: l.name.clone(),
        });
    }
    let may = cannot.is_empty();
    let reroll = source.filter(|_| opt.morale_rerolls && may && automatic_failure.is_none());

    let ctx = Ctx {
        u,
        rules,
        kind: req.kind,
        cause: req.cause,
    };
    let mut outcomes = Vec::new();
    let (mut needed, mut p_pass, mut p_pass_with_reroll) = (None, None, None);
    if may {
        if automatic_failure.is_some() {
            p_pass = Some(Prob::ZERO);
            p_pass_with_reroll = Some(Prob::ZERO);
            let mut o = ctx.outcome(OutcomeKind::AutomaticFailure);
            o.p = Some(Prob::ONE);
            o.p_with_reroll = Some(Prob::ONE);
            outcomes.push(o);
        } else {
            let p = test.p_pass();
            let p_rr = if reroll.is_some() {
                test.p_pass_with_reroll()
            } else {
                p
            };
            needed = Some(test.needed());
            p_pass = Some(p);
            p_pass_with_reroll = Some(p_rr);
            for (kind, p, p_rr) in [
                (OutcomeKind::Pass, p, p_rr),
                (OutcomeKind::Fail, p.complement(), p_rr.complement()),
            ] {
                let mut o = ctx.outcome(kind);
                o.p = Some(p);
                o.p_with_reroll = Some(p_rr);
                outcomes.push(o);
            }
        }
    }
    let offers_keep_routing = req.kind == TestKind::Rally
        && morale == Morale::Routing
        && !cannot.iter().any(|c| {
            matches!(
                c,
                CannotTest::MoraleTestsOff | CannotTest::Leader | CannotTest::RoutedGuns
            )
        });
    if offers_keep_routing {
        outcomes.push(ctx.outcome(OutcomeKind::KeepRouting));
    }

    let stampede = (may
        && automatic_failure.is_none()
        && req.kind == TestKind::Morale
        && u.kind == UnitKind::Elephant
        && opt.elephant_stampede)
        .then(|| {
            let third = Prob::ratio(1, 3);
            let fail = p_pass.unwrap_or(Prob::ZERO).complement();
            let fail_rr = p_pass_with_reroll.unwrap_or(Prob::ZERO).complement();
            let path = stampede::path(u);
            Stampede {
                p_given_failure: third,
                p: fail * third,
                p_with_reroll: fail_rr * third,
                movement: Movement {
                    kind: MoveKind::Stampede,
                    distance: Distance::Dice(Dice::ThreeD6),
                },
                in_path: path
                    .as_ref()
                    .map(|p| stampede::units_in_path(s, u, p))
                    .unwrap_or_default(),
                path,
            }
        });

    if u.kind == UnitKind::Elephant {
        notes.push(Note::CavalryHitElephantsOnSix);
        if req.kind == TestKind::Morale && !opt.elephant_stampede {
            notes.push(Note::StampedeOff);
        }
    }
    if u.kind == UnitKind::Wagon {
        notes.push(Note::WagonsDoNotShoot);
    }
    if let UnitKind::Artillery {
        class, hit_points, ..
    } = u.kind
    {
        if class == GunClass::Siege {
            notes.push(Note::SiegeGunsCountAsHeavy);
        }
        if opt.artillery_hit_points {
            notes.push(Note::HitPoints {
                per_model: hit_points,
                models: u.strength.current,
                taken: u.state.hits_taken,
            });
        }
        if u.state.guns_abandoned {
            notes.push(Note::GunsAbandoned);
        }
    }
    if single && req.kind == TestKind::Morale {
        notes.push(Note::SingleStandTestsWhenHit);
    }
    if u.stats.rout_in == 0
        && outcomes
            .iter()
            .any(|o| o.movement.is_some_and(|m| m.kind == MoveKind::Rout))
    {
        notes.push(Note::RoutDistanceNotSet);
    }

    Ok(TestPreview {
        unit: u.id,
        name: u.name.clone(),
        kind: req.kind,
        cause: req.cause,
        unit_kind: u.kind,
        quality: u.quality,
        strength: u.strength,
        morale,
        single_stand: single,
        cannot_test: cannot,
        start_number: start,
        modifiers,
        total_modifier,
        automatic_failure,
        needed,
        reroll,
        p_pass,
        p_pass_with_reroll,
        outcomes,
        stampede,
        notes,
    })
}
