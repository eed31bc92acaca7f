//! R2 and R3 carried out on the table: the leader to a destination his preview calls legal,
//! his followers set where the player put them (each checked by the placement rule) or where
//! the rules suggest; and R3's Ld check before an order.

use super::outcome::{Outcome, Refused};
use super::roll::{Roller, roll_text};
use crate::geom::Point;
use crate::model::game::{Action, Dice};
use crate::model::*;
use crate::rules::m42;
use crate::rules::orders::{self, OrderRequest};
use crate::rules::placement::{self, Suggestion};

/// `to` as a point on the table; a hex is refused.
pub(super) fn table_point(u: &Unit, to: Option<Place>) -> Result<Option<Point>, Refused> {
    match to {
        None => Ok(None),
        Some(Place::Table(p)) => Ok(Some(p)),
        Some(Place::Hex(_)) => Err(Refused::rules(
            format!("{} moves on the table", u.name),
            vec!["give a point in inches, not a hex".into()],
        )),
    }
}

pub(super) fn table_path(points: &[Point]) -> Vec<Place> {
    points.iter().copied().map(Place::Table).collect()
}

/// The unit with its leader at `to` and each follower at the spot the player gave (checked by
/// the placement rule) or else the rules' suggestion; models with no spot stay.
pub fn place_followers(
    s: &Scenario,
    u: &Unit,
    leader: ModelId,
    to: Point,
    suggestions: &[Suggestion],
    coherency: Option<f32>,
    given: &[(ModelId, Point)],
) -> Result<Unit, Refused> {
    let mut n = u.clone();
    if let Some(m) = n.models.iter_mut().find(|m| m.id == leader) {
        m.pos = to;
    }
    let landings: Vec<_> = suggestions.iter().map(|f| f.landing.clone()).collect();
    for f in suggestions {
        if let Some(spot) = f.spot
            && let Some(m) = n.models.iter_mut().find(|m| m.id == f.landing.model)
        {
            m.pos = spot;
        }
    }
    for (model, p) in given {
        if *model == leader {
            continue;
        }
        placement::check(s, &n, &landings, coherency, *model, *p).map_err(|why| {
            Refused::rules(
                format!("model {model} of {} may not stand there", u.name),
                vec![why.to_string()],
            )
        })?;
        if let Some(m) = n.models.iter_mut().find(|m| m.id == *model) {
            m.pos = *p;
        }
    }
    Ok(n)
}

/// R2: the leader to a destination the M42 rules call legal, the followers around him.
pub(super) fn m42_move(
    s: &Scenario,
    action: &Action,
    u: &Unit,
    mt: MoveType,
    to: Option<Place>,
    given: &[(ModelId, Point)],
) -> Result<Outcome, Refused> {
    let to = table_point(u, to)?;
    let p = m42::preview(s, u.id, mt, m42::Options { leader: None, to })
        .ok_or(Refused::NoUnit(u.id))?;
    let what = format!("{}: {mt} refused", u.name);
    if let Some(why) = &p.refused {
        return Err(Refused::Choice {
            what,
            why: super::Refusal::M42(why.clone()),
        });
    }
    let mut o = Outcome::of(action.clone());
    o.unit = Some(u.id);
    o.acted.push(u.id);
    o.reasons.extend(p.effects.iter().map(ToString::to_string));
    let Some((leader, _)) = p.leader else {
        o.what = format!("{}: {mt}, nobody moves", u.name);
        o.units.push(u.clone());
        return Ok(o);
    };
    let Some(to) = to else {
        o.what = format!("{}: {mt}, the leader stays", u.name);
        o.units.push(u.clone());
        return Ok(o);
    };
    let d = p
        .destination
        .as_ref()
        .ok_or_else(|| Refused::rules(what.clone(), vec!["no destination was judged".into()]))?;
    let route = d
        .verdict
        .as_ref()
        .map_err(|why| Refused::rules(what.clone(), vec![why.to_string()]))?;
    o.what = format!(
        "{}: {mt}, the leader moves {:.2}\" of {:.2}\"{}",
        u.name,
        route.length_in,
        p.leader_allowance_in,
        if d.assault { " (an assault)" } else { "" }
    );
    o.path = table_path(&route.points);
    // The followers, and the models outside the radius regrouping toward the leader (R2).
    let suggestions = m42::suggestions(s, u, &p);
    let moved = place_followers(
        s,
        u,
        leader,
        to,
        &suggestions,
        Some(m42::coherency(u)),
        given,
    )?;
    // The log says what became of each model outside the radius.
    for r in &p.regroup {
        match &r.result {
            Ok(_) => {
                let gone = moved.model(r.model).map_or(0.0, |m| m.pos.distance(r.from));
                o.reasons.push(if gone > 0.0 {
                    format!("model {} regroups {gone:.2}\" toward the leader", r.model)
                } else {
                    format!("model {} stays out of command where it stands", r.model)
                });
            }
            Err(why) => o.reasons.push(format!("model {} stays: {why}", r.model)),
        }
    }
    o.units.push(moved);
    Ok(o)
}

/// R3: the leader to a destination the orders rules call legal, the followers set down.
pub(super) fn orders_move(
    s: &Scenario,
    action: &Action,
    u: &Unit,
    order: OrdersAction,
    to: Option<Place>,
    given: &[(ModelId, Point)],
) -> Result<Outcome, Refused> {
    if let Some(why) = orders::refusal(u, order) {
        return Err(Refused::Choice {
            what: format!("{}: {} refused", u.name, order.name()),
            why: super::Refusal::Orders(why),
        });
    }
    let to = table_point(u, to)?;
    let mut req = OrderRequest::new(u.id, order);
    if let Some(p) = to {
        req = req.to(p);
    }
    let pv = orders::preview(s, req).map_err(|e| {
        Refused::rules(format!("{}: {}", u.name, order.name()), vec![e.to_string()])
    })?;
    let mut o = Outcome::of(action.clone());
    o.unit = Some(u.id);
    o.acted.push(u.id);
    o.reasons.extend(pv.notes.iter().cloned());
    let Some(lp) = pv.leader.as_ref() else {
        o.what = format!("{}: {}, nobody moves", u.name, order.name());
        o.units.push(u.clone());
        return Ok(o);
    };
    let Some(to) = to else {
        o.what = format!("{}: {}, the leader stays", u.name, order.name());
        o.units.push(u.clone());
        return Ok(o);
    };
    let d = pv.destination.as_ref().ok_or_else(|| {
        Refused::rules(
            format!("{}: {}", u.name, order.name()),
            vec!["no destination was judged".into()],
        )
    })?;
    if !d.legal {
        let why = d
            .reason
            .as_ref()
            .map_or_else(|| "refused".to_string(), |w| w.text.clone());
        return Err(Refused::rules(
            format!("{}: {} may not end there", u.name, order.name()),
            vec![why],
        ));
    }
    let length = d.path.as_ref().map_or(0.0, |p| p.length_in);
    o.what = format!(
        "{}: {}, the leader moves {length:.2}\" of {:.2}\"",
        u.name,
        order.name(),
        d.allowance_in
    );
    if let Some(p) = &d.path {
        o.path = table_path(&p.points);
    }
    let suggestions = orders::suggest_followers(s, &pv, u, lp.model, lp.from, to);
    o.units.push(place_followers(
        s,
        u,
        lp.model,
        to,
        &suggestions,
        None,
        given,
    )?);
    Ok(o)
}

/// R3: a unit's Ld check before its order (2D6, passed at or under its Ld; see docs/rules.md).
/// Failed, Fall Back! is its only order this turn.
pub(super) fn ld_check(
    s: &Scenario,
    unit: UnitId,
    dice: &Dice,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    let u = s.unit(unit).ok_or(Refused::NoUnit(unit))?;
    // The check comes before an order: none for a unit that may take none.
    if let Some(why) = orders::no_order(u) {
        return Err(Refused::Choice {
            what: format!("{}: Ld check", u.name),
            why: super::Refusal::Orders(why),
        });
    }
    let (logged, total) = roller.take(dice, 2).map_err(Refused::Dice)?;
    let passed = total <= u.stats.ld;
    let mut n = u.clone();
    n.state.failed_ld_check = !passed;
    let mut o = Outcome::of(Action::LeaderCheck {
        unit,
        dice: logged.clone(),
    });
    o.unit = Some(unit);
    o.what = format!(
        "{}: Ld check, 2D6 {} against Ld {}: {}",
        u.name,
        roll_text(&logged),
        u.stats.ld,
        if passed {
            "passed"
        } else {
            "failed, Fall Back! is its only order this turn"
        }
    );
    o.reasons.push(format!(
        "the Ld check passes on 2D6 at or under the unit's Ld ({})",
        u.stats.ld
    ));
    o.units.push(n);
    Ok(o)
}
