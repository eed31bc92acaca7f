//! Free-measure previews: R2 (M42) move types and R3 orders. The leader's region is shaded
//! with its outline, the places within his allowance that he cannot reach are shaded apart,
//! and the command picture (radius, coherency links, models out of command) is drawn with the
//! reason on each marked model.

use super::answer::{Ghost, Hover, Line, Mark, NoPreview, Parts};
use super::draw::{self, COMMAND, LEGAL, LEGAL_EDGE, NEUTRAL, PATH, REJECTED_EDGE, WARN};
use super::pending::Pending;
use crate::geom::Point;
use crate::model::*;
use crate::rules::m42::{self, MoveType, Options};
use crate::rules::orders::{self, Action, ModelMode, OrderRequest, OrdersError};

/// Beyond this much past the allowance, in a straight line, hover answers "too far" without
/// measuring a route: nothing that far can be legal, and measuring is what costs.
const FAR_MARGIN_IN: f32 = 0.5;

pub(super) struct M42Probe {
    unit: UnitId,
    move_type: MoveType,
    leader: Option<(ModelId, Point)>,
    allowance: f32,
    refused: Option<m42::CannotMove>,
}

/// A legal route's length against the allowance, as hover says it.
pub(super) fn route_text(length: f32, allowance: f32) -> String {
    format!("a {length:.2}\" route of the {allowance:.2}\" allowed")
}

/// Hover's answer for `p` when it lies farther from `start` than the allowance (and the
/// margin) in a straight line: found without measuring a route. `None` when it may be near
/// enough, or when nothing moves (no allowance).
pub(super) fn too_far(start: Point, p: Point, allowance: f32) -> Option<Hover> {
    let straight = start.distance(p);
    (allowance > 0.0 && straight > allowance + FAR_MARGIN_IN).then(|| Hover {
        text: format!("too far: {straight:.2}\" in a straight line, {allowance:.2}\" allowed"),
        legal: Some(false),
        path: Vec::new(),
        area: Vec::new(),
    })
}

fn footprint_ring(m: &Model) -> f32 {
    m.footprint().bounding_radius() + 0.35
}

pub(super) fn m42(
    s: &Scenario,
    unit: UnitId,
    t: MoveType,
    o: &mut Parts,
) -> Result<M42Probe, NoPreview> {
    if s.map.is_hex() {
        return Err(NoPreview("M42 moves are previewed on a table".into()));
    }
    let p = m42::preview(s, unit, t, Options::default())
        .ok_or_else(|| NoPreview(format!("there is no unit {unit}")))?;
    let u = s
        .unit(unit)
        .ok_or_else(|| NoPreview(format!("there is no unit {unit}")))?;
    let leader = p
        .leader
        .and_then(|(id, _)| u.model(id))
        .map(|m| (m.id, m.pos));
    o.lines.push(Line::info(format!(
        "{}: Mv {}\", Ld {}: command radius {}\", coherency {}\"",
        u.name,
        u.stats.mv,
        u.stats.ld,
        m42::command_radius(u),
        m42::coherency(u)
    )));
    if let Some((id, source)) = p.leader {
        let how = match source {
            m42::LeaderSource::Own => "the unit's own leader".to_string(),
            m42::LeaderSource::SwarmChoice => {
                "Swarm: suggested leader (most models in radius); any model may lead".into()
            }
            m42::LeaderSource::CombatTactics => {
                "Combat Tactics: a survivor takes the dead leader's place".into()
            }
            m42::LeaderSource::Chosen => "chosen".into(),
        };
        o.lines
            .push(Line::info(format!("leads: model {id}, {how}")));
    }
    if let Some(why) = &p.refused {
        o.lines.push(Line::bad(format!("{t} refused: {why}")));
    } else if p.leader_region.is_some() {
        o.lines.push(Line::info(format!(
            "{t}: the leader may move up to {}\"; drag him to try a place",
            p.leader_allowance_in
        )));
    } else {
        o.lines
            .push(Line::info(format!("{t}: the leader stays where he is")));
    }
    if p.refused.is_none() {
        for e in &p.effects {
            o.lines.push(Line::warn(e.to_string()));
        }
    }
    // The leader's region, and what within his allowance he cannot reach.
    if let (Some(r), Some((_, start))) = (&p.leader_region, leader) {
        draw::refused_within(
            &mut o.items,
            &mut o.refused,
            r,
            start,
            p.leader_allowance_in,
        );
        draw::region(&mut o.items, r, LEGAL, LEGAL_EDGE, 2.0);
        draw::ring(
            &mut o.items,
            start,
            p.leader_allowance_in,
            NEUTRAL,
            Some(4.0),
        );
    }
    // Command radius and coherency.
    if let (Some(c), Some((lid, lpos))) = (&p.command, leader) {
        let lr = u
            .model(lid)
            .map_or(0.0, |m| m.footprint().bounding_radius());
        draw::ring(
            &mut o.items,
            lpos,
            c.command_radius_in + lr,
            COMMAND,
            Some(6.0),
        );
        for (a, b) in &c.links {
            if let (Some(a), Some(b)) = (u.model(*a), u.model(*b)) {
                o.items.push(crate::scene::Item::Line {
                    points: vec![a.pos, b.pos],
                    stroke: crate::scene::Stroke::points(1.2, draw::with_alpha(COMMAND, 170)),
                    closed: false,
                });
            }
        }
        o.lines.push(if c.half_in_radius {
            Line::info(format!(
                "{} of {} models in the command radius",
                c.in_radius.len(),
                u.models.len()
            ))
        } else {
            Line::warn(format!(
                "only {} of {} models in the command radius: Halt or Dig-In only",
                c.in_radius.len(),
                u.models.len()
            ))
        });
        for id in &c.out_of_radius {
            let Some(m) = u.model(*id) else { continue };
            let regroup = p
                .regroup
                .iter()
                .find(|r| r.model == *id)
                .map(|r| match &r.result {
                    Ok(route) => format!(
                        "; it may regroup {:.2}\" toward the leader",
                        route.length_in
                    ),
                    Err(why) => format!("; {why}"),
                })
                .unwrap_or_default();
            let gap = leader
                .and_then(|(l, _)| u.model(l))
                .map_or(0.0, |l| l.footprint().separation(&m.footprint()));
            draw::ring(&mut o.items, m.pos, footprint_ring(m), WARN, None);
            o.marks.push(Mark {
                at: m.pos,
                radius: footprint_ring(m),
                text: format!(
                    "model {id} is out of command: {gap:.2}\" from the leader, beyond his {}\" \
                     radius; it does not follow him{regroup}",
                    c.command_radius_in
                ),
            });
        }
        for id in &c.isolated {
            let Some(m) = u.model(*id) else { continue };
            draw::ring(
                &mut o.items,
                m.pos,
                footprint_ring(m) + 0.2,
                REJECTED_EDGE,
                None,
            );
            o.marks.push(Mark {
                at: m.pos,
                radius: footprint_ring(m),
                text: format!(
                    "model {id} is out of coherency: no other model within {}\" (Ld)",
                    c.coherency_in
                ),
            });
        }
        if !c.out_of_radius.is_empty() {
            o.lines.push(Line::warn(format!(
                "{} model{} out of command (marked; hover for why)",
                c.out_of_radius.len(),
                if c.out_of_radius.len() == 1 { "" } else { "s" }
            )));
        }
    }
    for a in &p.assaults {
        draw::ring(&mut o.items, a.contact, 0.5, WARN, Some(2.0));
        o.marks.push(Mark {
            at: a.contact,
            radius: 0.6,
            text: format!(
                "assault {}: base contact by {}",
                a.unit_name,
                route_text(a.route.length_in, p.leader_allowance_in)
            ),
        });
    }
    if !p.assaults.is_empty() {
        let names: Vec<&str> = p.assaults.iter().map(|a| a.unit_name.as_str()).collect();
        o.lines.push(Line::info(format!(
            "may assault: {} (base contact lifts the 2\" rule)",
            names.join(", ")
        )));
    }
    Ok(M42Probe {
        unit,
        move_type: t,
        leader,
        allowance: p.leader_allowance_in,
        refused: p.refused,
    })
}

/// The unit with its leader model standing at `to`.
/// The unit as it would stand with its leader moved to `to`, judged by the hover answer there.
fn leader_ghost(u: &Unit, leader: ModelId, to: Point, h: Hover) -> Ghost {
    Ghost {
        legal: h.legal == Some(true),
        text: h.text,
        path: h.path,
        unit: with_leader_at(u, leader, to),
    }
}

fn with_leader_at(u: &Unit, leader: ModelId, to: Point) -> Unit {
    let mut u = u.clone();
    if let Some(m) = u.models.iter_mut().find(|m| m.id == leader) {
        m.pos = to;
    }
    u
}

impl M42Probe {
    fn verdict(&self, s: &Scenario, p: Point) -> Option<Hover> {
        let (_, start) = self.leader?;
        if let Some(why) = &self.refused {
            return Some(Hover {
                text: format!("{} refused: {why}", self.move_type),
                legal: Some(false),
                path: Vec::new(),
                area: Vec::new(),
            });
        }
        if let Some(far) = too_far(start, p, self.allowance) {
            return Some(far);
        }
        let d = m42::check_destination(s, self.unit, self.move_type, self.leader_id(), p)?;
        Some(match d.verdict {
            Ok(route) => Hover {
                text: format!(
                    "legal{}: {}",
                    if d.assault { " (an assault)" } else { "" },
                    route_text(route.length_in, self.allowance)
                ),
                legal: Some(true),
                path: route.points,
                area: Vec::new(),
            },
            Err(why) => Hover {
                text: format!("cannot end here: {why}"),
                legal: Some(false),
                path: Vec::new(),
                area: Vec::new(),
            },
        })
    }

    fn leader_id(&self) -> Option<ModelId> {
        self.leader.map(|(id, _)| id)
    }

    pub fn hover(&self, s: &Scenario, p: Point) -> Option<Hover> {
        if self.allowance <= 0.0 && self.refused.is_none() {
            return None;
        }
        self.verdict(s, p)
    }

    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        let (leader, _) = self.leader?;
        Some(leader_ghost(
            s.unit(self.unit)?,
            leader,
            to,
            self.verdict(s, to)?,
        ))
    }

    /// The engine's suggested spots for the followers around the leader's end (a formation
    /// that keeps the unit's shape where it can), each with its landing region.
    pub fn place_followers(&self, s: &Scenario, ghost: &Ghost) -> Option<Pending> {
        let (leader, _) = self.leader?;
        let to = ghost.unit.model(leader)?.pos;
        let p = m42::preview(
            s,
            self.unit,
            self.move_type,
            Options {
                leader: Some(leader),
                to: Some(to),
            },
        )?;
        let u = s.unit(self.unit)?;
        let suggestions = m42::suggestions(s, u, &p);
        let stays = suggestions.iter().filter(|f| f.spot.is_none()).count();
        let mut pending = Pending::new(
            format!("{} · {}", u.name, self.move_type),
            with_leader_at(u, leader, to),
            leader,
            suggestions,
            Some(m42::coherency(u)),
        )?;
        if stays > 0 {
            pending.notes = vec![format!(
                "{stays} follower{} found nowhere legal to land and stay{}",
                if stays == 1 { "" } else { "s" },
                if stays == 1 { "s" } else { "" }
            )];
        }
        // Out of the radius and barred from regrouping (within 12" of the enemy, or no way
        // there): said, so a model left where it stands is the rule, not an oversight.
        for r in &p.regroup {
            if let Err(why) = &r.result {
                pending
                    .notes
                    .push(format!("model {} stays: {why}", r.model));
            }
        }
        let regrouping = pending
            .followers
            .iter()
            .filter(|f| f.along.is_some())
            .count();
        if regrouping > 0 {
            pending.notes.push(format!(
                "{} outside the command radius regroup{} toward the leader along the line \
                 drawn (up to Mv); drag one back along it to stop it short or keep it where it \
                 stands",
                count(regrouping as u64, "model", "models"),
                if regrouping == 1 { "s" } else { "" }
            ));
        }
        Some(pending)
    }
}

pub(super) struct OrdersProbe {
    unit: UnitId,
    action: Action,
    leader: Option<(ModelId, Point)>,
    allowance: f32,
}

pub(super) fn orders(
    s: &Scenario,
    unit: UnitId,
    action: Action,
    o: &mut Parts,
) -> Result<Option<OrdersProbe>, NoPreview> {
    let pv = match orders::preview(s, OrderRequest::new(unit, action)) {
        Ok(pv) => pv,
        Err(e @ OrdersError::Refused { .. }) => {
            o.lines.push(Line::bad(e.to_string()));
            return Ok(None);
        }
        Err(e) => return Err(NoPreview(e.to_string())),
    };
    let u = s
        .unit(unit)
        .ok_or_else(|| NoPreview(format!("there is no unit {unit}")))?;
    o.lines.push(Line::info(format!(
        "{}: {} ({}), Mv {}\"",
        pv.name, pv.action_name, pv.movement, pv.mv_in
    )));
    for l in &pv.effects.lines {
        o.lines.push(Line::warn(l.clone()));
    }
    if let Some(fb) = &pv.fall_back {
        o.lines.push(Line::warn(fb.text.clone()));
        if let Some(path) = &fb.path {
            draw::path(&mut o.items, &path.points, WARN);
        }
    }
    for n in &pv.notes {
        o.lines.push(Line::info(n.clone()));
    }
    let leader = pv.leader.as_ref().map(|l| (l.model, l.from));
    if let Some(l) = &pv.leader {
        if let Some(a) = &l.region {
            if l.moves {
                draw::refused_within(
                    &mut o.items,
                    &mut o.refused,
                    &a.region,
                    l.from,
                    l.allowance_in,
                );
            }
            draw::region(&mut o.items, &a.region, LEGAL, LEGAL_EDGE, 2.0);
            draw::ring(&mut o.items, l.from, l.allowance_in, NEUTRAL, Some(4.0));
        }
        if let Some(a) = &l.away {
            draw::outline(&mut o.items, &a.outline, WARN, 2.0, Some(4.0));
        }
        if let Some(p) = &l.path {
            draw::path(&mut o.items, &p.points, PATH);
        }
        if let Some(cap) = &l.cap {
            o.lines.push(Line::info(format!(
                "terrain caps the leader at {}\" (beyond it he may go {}\" avoiding terrain)",
                cap.cap_in, cap.allowance_in
            )));
        }
    }
    let mut out = 0;
    for mp in &pv.models {
        let Some(m) = u.model(mp.model) else { continue };
        match mp.mode {
            ModelMode::Placed | ModelMode::Disorderly => {
                if let Some(a) = &mp.region {
                    let colour = draw::with_alpha(LEGAL_EDGE, 140);
                    draw::outline(&mut o.items, &a.outline, colour, 1.0, Some(3.0));
                }
            }
            ModelMode::OutOfCommand => {
                out += 1;
                draw::ring(&mut o.items, m.pos, footprint_ring(m), REJECTED_EDGE, None);
                if let Some(why) = &mp.out_of_command {
                    o.marks.push(Mark {
                        at: m.pos,
                        radius: footprint_ring(m),
                        text: format!("model {}: {}", mp.model, why.text),
                    });
                }
            }
            ModelMode::FallsBack => {
                if let Some(p) = &mp.path {
                    draw::path(&mut o.items, &p.points, WARN);
                }
            }
            ModelMode::Leads | ModelMode::Stays => {}
        }
    }
    if out > 0 {
        o.lines.push(Line::warn(format!(
            "{out} model{} out of command (marked; hover for why)",
            if out == 1 { "" } else { "s" }
        )));
    }
    if let (Some(t), Some((_, from))) = (&pv.targets, leader) {
        for v in &t.visible {
            if let Some(e) = s.unit(v.unit).and_then(|e| nearest_model(e, from)) {
                o.items.push(crate::scene::Item::Line {
                    points: vec![from, e],
                    stroke: crate::scene::Stroke::points(1.5, LEGAL_EDGE),
                    closed: false,
                });
                o.marks.push(Mark {
                    at: e,
                    radius: 1.0,
                    text: format!(
                        "target {}: {:.2}\" away, {} of {} models seen",
                        v.name, v.distance_in, v.models_seen, v.models
                    ),
                });
            }
        }
        for h in &t.hidden {
            if let Some(e) = s.unit(h.unit).and_then(|e| nearest_model(e, from)) {
                o.items.push(crate::scene::Item::Line {
                    points: vec![from, e],
                    stroke: crate::scene::Stroke::points(1.0, REJECTED_EDGE).dashed(3.0),
                    closed: false,
                });
                o.marks.push(Mark {
                    at: e,
                    radius: 1.0,
                    text: format!("{} is hidden: {}", h.name, h.block.text),
                });
            }
        }
        o.lines.push(Line::info(format!(
            "targets in sight: {}; hidden: {}",
            t.visible.len(),
            t.hidden.len()
        )));
    }
    let allowance = pv
        .leader
        .as_ref()
        .filter(|l| l.moves)
        .map_or(0.0, |l| l.allowance_in);
    Ok(Some(OrdersProbe {
        unit,
        action,
        leader,
        allowance,
    }))
}

fn nearest_model(u: &Unit, from: Point) -> Option<Point> {
    u.models
        .iter()
        .map(|m| m.pos)
        .min_by(|a, b| a.distance(from).total_cmp(&b.distance(from)))
}

impl OrdersProbe {
    fn verdict(&self, s: &Scenario, p: Point) -> Option<Hover> {
        let (_, start) = self.leader?;
        if self.action != Action::FallBack
            && let Some(far) = too_far(start, p, self.allowance)
        {
            return Some(far);
        }
        let check =
            match orders::check_destination(s, OrderRequest::new(self.unit, self.action).to(p)) {
                Ok(Some(c)) => c,
                Ok(None) => return None,
                Err(e) => {
                    return Some(Hover {
                        text: e.to_string(),
                        legal: Some(false),
                        path: Vec::new(),
                        area: Vec::new(),
                    });
                }
            };
        let length = check.path.as_ref().map_or(0.0, |p| p.length_in);
        let path = check.path.map(|p| p.points).unwrap_or_default();
        Some(if check.legal {
            Hover {
                text: format!("legal: {}", route_text(length, check.allowance_in)),
                legal: Some(true),
                path,
                area: Vec::new(),
            }
        } else {
            Hover {
                text: format!(
                    "cannot end here: {}",
                    check
                        .reason
                        .map_or_else(|| "refused".to_string(), |r| r.text)
                ),
                legal: Some(false),
                path,
                area: Vec::new(),
            }
        })
    }

    pub fn hover(&self, s: &Scenario, p: Point) -> Option<Hover> {
        if self.allowance <= 0.0 && self.action != Action::FallBack {
            return None;
        }
        self.verdict(s, p)
    }

    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        let (leader, _) = self.leader?;
        Some(leader_ghost(
            s.unit(self.unit)?,
            leader,
            to,
            self.verdict(s, to)?,
        ))
    }

    /// Followers placed in their landing regions around the leader's end, keeping their
    /// places relative to him where they can (R3 orderly); disorderly models keep their own
    /// offset; models that stay, stay.
    pub fn place_followers(&self, s: &Scenario, ghost: &Ghost) -> Option<Pending> {
        let (leader, from) = self.leader?;
        let to = ghost.unit.model(leader)?.pos;
        let pv = orders::preview(s, OrderRequest::new(self.unit, self.action).to(to)).ok()?;
        let u = s.unit(self.unit)?;
        let suggestions = orders::suggest_followers(s, &pv, u, leader, from, to);
        let unplaced = suggestions.iter().filter(|f| f.spot.is_none()).count();
        let mut pending = Pending::new(
            format!("{} · {}", u.name, self.action),
            with_leader_at(u, leader, to),
            leader,
            suggestions,
            None,
        )?;
        if unplaced > 0 {
            pending.notes = vec![format!("{unplaced} model(s) found no free place and stay")];
        }
        Some(pending)
    }
}

/// The region a model of `unit` may reach from where it stands, for tests.
#[cfg(test)]
pub(super) fn leader_region(
    s: &Scenario,
    unit: UnitId,
    t: MoveType,
) -> Option<crate::rules::reach::Region> {
    m42::preview(s, unit, t, Options::default())?.leader_region
}
