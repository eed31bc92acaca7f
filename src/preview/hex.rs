//! R5 previews on the hex map: a unit's legal hexes (with their cost and path) and the hexes
//! its MP reach but the command forbids (with the reason); a leader's command span and the
//! units of his force in and out of command.

use super::answer::{Ghost, Hover, Line, Mark, NoPreview, Offer, Parts};
use super::draw::{self, COMMAND, COMMAND_FILL, LEGAL, LEGAL_EDGE, PATH, REJECTED, REJECTED_EDGE};
use crate::geom::Point;
use crate::model::*;
use crate::rules::engine::Choice;
use crate::rules::hex_commands::{CommandSource, HexRules, MovePreview, SpanPreview, Tracing};
use crate::scene::{Anchor, Item, Mesh, Size, Stroke, layout};
use hexx::Hex;
use std::sync::Arc;

/// What a hex move preview keeps to answer hover and drag.
pub(super) struct HexProbe {
    preview: MovePreview,
    /// Dragging the unit moves it (not for a reaction charge, which is a preview only: the
    /// trigger stands where its move is halted, not where it is).
    movable: bool,
}

fn rules(s: &Scenario) -> Result<HexRules, NoPreview> {
    HexRules::new(s).map_err(|e| NoPreview(e.to_string()))
}

/// Words for the command a unit moves under.
pub fn command_line(p: &MovePreview) -> String {
    let c = &p.command;
    let leader = c.tracing.leader();
    match (c.source, leader) {
        (CommandSource::Leader, _) => "a leader: moves on his own".to_string(),
        (CommandSource::OutOfCommand, _) => format!(
            "out of command: {}",
            out_of_command_why(&c.tracing).unwrap_or_else(|| "no leader reaches it".into())
        ),
        (CommandSource::Override, _) => format!(
            "previewed under {} (in place of its traced command)",
            c.chit.map_or("?".into(), |x| x.to_string())
        ),
        (CommandSource::Traced, Some(l)) => format!(
            "{} under {}'s {} (span {}, {} hex{} away)",
            c.chit.map_or("?".into(), |x| x.to_string()),
            l.leader,
            l.command,
            l.span,
            l.distance.unwrap_or(0),
            if l.distance == Some(1) { "" } else { "es" }
        ),
        (CommandSource::Traced, None) => "traced command".to_string(),
    }
}

/// Why a unit that traces to no leader is out of command: its nearest leader's distance and
/// span.
pub fn out_of_command_why(t: &Tracing) -> Option<String> {
    if t.in_command() {
        return None;
    }
    let first = t.chain.first()?;
    Some(match first.distance {
        Some(d) => format!(
            "{d} hexes from {} ({}, span {}), and no leader above reaches it",
            first.leader, first.command, first.span
        ),
        None => format!("{} is not on the map", first.leader),
    })
}

fn cell(l: &hexx::HexLayout, hex: Hex) -> [Point; 6] {
    l.hex_corners(hex)
}

/// A unit's hex moves; with a destination clicked (`route`'s last point), the route there, its
/// reaction-charge check points and the enemy cavalry that may charge at them.
pub(super) fn moves(
    s: &Scenario,
    unit: UnitId,
    command: Option<Command>,
    route: &[Point],
    o: &mut Parts,
) -> Result<HexProbe, NoPreview> {
    let Some(h) = s.map.as_hex() else {
        return Err(NoPreview("hex moves are previewed on a hex map".into()));
    };
    let mut r = rules(s)?;
    let p = r
        .preview(unit, command)
        .map_err(|e| NoPreview(e.to_string()))?;
    draw_moves(s, h, &p, o);
    if let Some(to) = route.last() {
        destination(s, h, &mut r, &p, layout(h).world_pos_to_hex(*to), o);
    } else if p.legal().next().is_some() {
        o.lines.push(Line::info(
            "click a hex to see the route there and its reaction-charge check points",
        ));
    }
    Ok(HexProbe {
        preview: p,
        movable: true,
    })
}

/// The route to `to`, and what the enemy may do along it (R5 reaction charges).
fn destination(
    s: &Scenario,
    h: &HexMap,
    r: &mut HexRules,
    p: &MovePreview,
    to: Hex,
    o: &mut Parts,
) {
    let l = layout(h);
    let Some(path) = p.path(to) else {
        o.lines.push(Line::bad(format!(
            "route to {}: out of reach under the command",
            h.label(to)
        )));
        return;
    };
    let cost = p.get(to).map_or(0, |v| v.cost);
    o.lines.push(match p.reason(to) {
        None => Line::info(format!("route to {}: {cost} MP, legal", h.label(to))),
        Some(why) => Line::bad(format!(
            "route to {}: {cost} MP, refused: {why}",
            h.label(to)
        )),
    });
    let centres: Vec<Point> = path.iter().map(|x| l.hex_to_world_pos(*x)).collect();
    draw::path(&mut o.items, &centres, PATH);
    o.items.push(Item::Line {
        points: cell(&l, to).to_vec(),
        stroke: Stroke::points(3.0, PATH),
        closed: true,
    });
    let checks = r.charge_checks(p.unit.id, &path).unwrap_or_default();
    if checks.is_empty() {
        o.lines
            .push(Line::info("no reaction-charge check points on the way"));
        return;
    }
    for c in &checks {
        o.lines.push(Line::warn(format!(
            "charge check at {}: {c}",
            h.label(c.hex)
        )));
        o.marks.push(Mark {
            at: l.hex_to_world_pos(c.hex),
            radius: h.hex_size_mm * 0.5,
            text: format!("reaction-charge check point: {c}"),
        });
        draw::ring(
            &mut o.items,
            l.hex_to_world_pos(c.hex),
            h.hex_size_mm * 0.45,
            REJECTED_EDGE,
            None,
        );
    }
    let chargers =
        crate::rules::hex_commands::reaction_chargers(s, p.unit.id, &path).unwrap_or_default();
    for (u, c) in chargers {
        o.offers.push(Offer {
            label: format!("{u} charges (step {})", c.step),
            unit: u.id,
            mode: Choice::HexReaction {
                trigger: p.unit.id,
                to,
            },
        });
    }
}

/// The reaction charge of `charger` against `trigger` on its way to `to` (R5): the trigger
/// halted at the check point, the charger's legal ends against it.
pub(super) fn reaction(
    s: &Scenario,
    charger: UnitId,
    trigger: UnitId,
    to: Hex,
    o: &mut Parts,
) -> Result<HexProbe, NoPreview> {
    let Some(h) = s.map.as_hex() else {
        return Err(NoPreview(
            "reaction charges are previewed on a hex map".into(),
        ));
    };
    // In a game whose move is halted at a check point, the move as it was made; otherwise the
    // route the mover's preview gives to `to`.
    let halted = s
        .game
        .as_ref()
        .and_then(|g| g.state.halted.as_ref())
        .filter(|x| x.mover == trigger);
    let (path, at) = match halted {
        Some(x) => (x.path.clone(), Some(x.at as usize)),
        None => {
            let mut r = rules(s)?;
            let moving = r
                .preview(trigger, None)
                .map_err(|e| NoPreview(e.to_string()))?;
            let path = moving.path(to).ok_or_else(|| {
                NoPreview(format!("{} cannot reach {}", moving.unit, h.label(to)))
            })?;
            (path, None)
        }
    };
    let rc = crate::rules::hex_commands::reaction_charge_at(s, charger, trigger, &path, at)
        .map_err(|e| NoPreview(e.to_string()))?;
    let l = layout(h);
    o.lines.push(Line::info(format!(
        "{} halted at {} (step {} of its move to {}): {}",
        rc.trigger,
        h.label(rc.trigger_at),
        rc.check.step,
        h.label(to),
        rc.check
    )));
    let lines_before = o.lines.len();
    draw_moves(s, h, &rc.moves, o);
    // Next to the trigger it may not leave its zone of control: it charges where it stands,
    // which is its move, not the want of one.
    let in_place = rc.moves.start.unsigned_distance_to(rc.trigger_at) == 1
        && rc
            .moves
            .get(rc.moves.start)
            .is_some_and(|v| v.reason.is_none());
    if in_place {
        for line in &mut o.lines[lines_before..] {
            if line.text == NO_LEGAL_END {
                *line = Line::info(format!(
                    "it stands next to {}: it charges where it stands, moving no hex",
                    rc.trigger
                ));
            }
        }
    }
    if !rc.trigger_reachable {
        o.lines.push(Line::warn(format!(
            "{} cannot be reached: the charge may end in the zone of control of an enemy that did not trigger it (the one exception the rules make)",
            rc.trigger
        )));
    }
    let centres: Vec<Point> = path
        .iter()
        .take(rc.check.step + 1)
        .map(|x| l.hex_to_world_pos(*x))
        .collect();
    draw::path(&mut o.items, &centres, REJECTED_EDGE);
    o.items.push(Item::Line {
        points: cell(&l, rc.trigger_at).to_vec(),
        stroke: Stroke::points(3.0, REJECTED_EDGE),
        closed: true,
    });
    o.marks.push(Mark {
        at: l.hex_to_world_pos(rc.trigger_at),
        radius: h.hex_size_mm * 0.5,
        text: format!(
            "{} halted here, the unit that triggered the charge",
            rc.trigger
        ),
    });
    // It may be dragged to carry the charge out while the game's move is halted for it.
    let movable = halted.is_some_and(|x| x.chargers.contains(&charger));
    if movable {
        o.lines.push(Line::info(if in_place {
            "press its \"charges where it stands\" button above to charge; the halted move goes on after (Go on)"
        } else {
            "drag it to a green hex to charge; the halted move goes on after (Go on)"
        }));
    }
    Ok(HexProbe {
        preview: rc.moves,
        movable,
    })
}

/// The line of a move preview with no legal end (a reaction charge in place says otherwise).
const NO_LEGAL_END: &str = "no legal hex to end in";

/// A move preview's places: legal hexes with their cost, refused ones hatched, the start, the
/// line to the leader, and its lines for the bar.
fn draw_moves(s: &Scenario, h: &HexMap, p: &MovePreview, o: &mut Parts) {
    let l = layout(h);
    let mut legal = Mesh::default();
    let mut hatched = Mesh::default();
    let mut rejected = Mesh::default();
    let (spacing, width) = (h.hex_size_mm * 0.3, h.hex_size_mm * 0.018);
    // A unit coming onto the map stands nowhere yet: its entry hex is a place to end like
    // any other.
    let stands = |hex: Hex| p.entry.is_none() && hex == p.start;
    for v in &p.hexes {
        if stands(v.hex) {
            continue;
        }
        let c = cell(&l, v.hex);
        if v.is_legal() {
            legal.add_convex(&c, LEGAL);
        } else {
            rejected.add_convex(&c, REJECTED);
            draw::hatch_convex(&mut hatched, &c, spacing, width, draw::REJECTED_HATCH);
        }
    }
    for m in [hatched, legal] {
        if !m.is_empty() {
            o.items.push(Item::Mesh(Arc::new(m)));
        }
    }
    if !rejected.is_empty() {
        o.refused.push(Item::Mesh(Arc::new(rejected)));
    }
    // Cost labels on the legal hexes: MP spent to get there; a little below the middle, clear
    // of the hex's printed number at its top (a number in the way is left out, never moved
    // into the next hex).
    let small = h.hex_size_mm * 0.45;
    for v in p.legal().filter(|v| !stands(v.hex)) {
        o.items.push(Item::Text {
            pos: l.hex_to_world_pos(v.hex) + crate::geom::Point::new(0.0, small * 0.3),
            text: v.cost.to_string(),
            size: Size::Map(small),
            colour: LEGAL_EDGE,
            anchor: Anchor::Centre,
        });
    }
    o.items.push(Item::Line {
        points: cell(&l, p.start).to_vec(),
        stroke: Stroke::points(3.0, PATH),
        closed: true,
    });
    // The leader the unit traces to.
    if let Some(link) = p.command.tracing.leader()
        && let Some(Position::Hex { hex, .. }) = s.unit(link.leader.id).map(|u| u.position)
    {
        o.items.push(Item::Line {
            points: vec![l.hex_to_world_pos(p.start), l.hex_to_world_pos(hex)],
            stroke: Stroke::points(1.5, COMMAND).dashed(4.0),
            closed: false,
        });
    }
    let n_legal = p.legal().filter(|v| !stands(v.hex)).count();
    let allowance = if p.allowance > p.mp {
        format!(
            "{} MP ({} + {} for Charge)",
            p.allowance,
            p.mp,
            p.allowance - p.mp
        )
    } else {
        format!("{} MP", p.allowance)
    };
    o.lines.push(Line::info(format!(
        "{}: {allowance}; {}",
        p.unit.name,
        command_line(p)
    )));
    if let Some(e) = &p.entry {
        o.lines.push(Line::info(format!(
            "off the map, a reinforcement due on turn {}: enters at hex {} for {} MP (counted in every cost)",
            e.turn,
            h.label(e.hex),
            e.cost
        )));
    }
    o.lines.push(if n_legal == 0 {
        Line::bad(NO_LEGAL_END)
    } else {
        Line::info(format!(
            "{} legal, {} reached but refused (hover one for why)",
            count(n_legal as u64, "hex", "hexes"),
            p.rejected().count()
        ))
    });
    for c in &p.constraints {
        o.lines.push(Line::info(c.to_string()));
    }
    for e in &p.effects {
        o.lines.push(Line::warn(e.to_string()));
    }
    for n in &p.notices {
        o.lines.push(Line::warn(n.to_string()));
    }
    if matches!(p.command.source, CommandSource::OutOfCommand)
        && let Some(why) = out_of_command_why(&p.command.tracing)
    {
        o.marks.push(Mark {
            at: l.hex_to_world_pos(p.start),
            radius: h.hex_size_mm * 0.8,
            text: format!("{} is out of command: {why}", p.unit.name),
        });
    }
}

impl HexProbe {
    fn centres(&self, s: &Scenario, hexes: &[Hex]) -> Vec<Point> {
        let Some(h) = s.map.as_hex() else {
            return Vec::new();
        };
        let l = layout(h);
        hexes.iter().map(|x| l.hex_to_world_pos(*x)).collect()
    }

    pub fn hover(&self, s: &Scenario, p: Point) -> Option<Hover> {
        let h = s.map.as_hex()?;
        let hex = layout(h).world_pos_to_hex(p);
        if hex == self.preview.start && self.preview.entry.is_none() {
            return Some(Hover {
                text: format!("{} stands here", self.preview.unit.name),
                legal: None,
                path: Vec::new(),
                area: Vec::new(),
            });
        }
        let text_cost = |cost: u16| {
            format!(
                "{cost} MP of {}, hex {}",
                self.preview.allowance,
                h.label(hex)
            )
        };
        match self.preview.get(hex) {
            Some(v) => {
                let path = self
                    .preview
                    .path(hex)
                    .map(|x| self.centres(s, &x))
                    .unwrap_or_default();
                let area = cell(&layout(h), hex).to_vec();
                Some(match &v.reason {
                    None => Hover {
                        text: format!("legal: {}", text_cost(v.cost)),
                        legal: Some(true),
                        path,
                        area,
                    },
                    Some(r) => Hover {
                        text: format!("refused: {r}; {}", text_cost(v.cost)),
                        legal: Some(false),
                        path,
                        area,
                    },
                })
            }
            None if h.grid().contains(hex) => Some(Hover {
                text: format!(
                    "out of reach: more than {} MP away, or no way through",
                    self.preview.allowance
                ),
                legal: Some(false),
                path: Vec::new(),
                area: cell(&layout(h), hex).to_vec(),
            }),
            None => None,
        }
    }

    /// Whether `p` is on a hex the unit's MP reach.
    pub fn reaches(&self, s: &Scenario, p: Point) -> bool {
        s.map
            .as_hex()
            .is_some_and(|h| self.preview.get(layout(h).world_pos_to_hex(p)).is_some())
    }

    pub fn ghost(&self, s: &Scenario, to: Point) -> Option<Ghost> {
        if !self.movable {
            return None;
        }
        let h = s.map.as_hex()?;
        let hex = layout(h).world_pos_to_hex(to);
        let unit = s.unit(self.preview.unit.id)?;
        let hover = self.hover(s, to)?;
        let legal = hover.legal == Some(true)
            && crate::rules::engine::hex_verdict(s, &self.preview, hex).is_ok();
        // Stood as the game stands it: facing its last step, a reinforcement arrived.
        let unit = crate::rules::engine::hex_moved(&self.preview, unit, hex);
        Some(Ghost {
            legal,
            text: hover.text,
            path: hover.path,
            unit,
        })
    }
}

pub(super) fn span(s: &Scenario, leader: UnitId, o: &mut Parts) -> Result<(), NoPreview> {
    let Some(h) = s.map.as_hex() else {
        return Err(NoPreview("command spans are shown on a hex map".into()));
    };
    let r = rules(s)?;
    let p: SpanPreview = r.span(leader).map_err(|e| NoPreview(e.to_string()))?;
    let l = layout(h);
    let mut m = Mesh::default();
    for hex in &p.hexes {
        m.add_convex(&cell(&l, *hex), COMMAND_FILL);
    }
    if !m.is_empty() {
        o.items.push(Item::Mesh(Arc::new(m)));
    }
    // The span's edge: every hex side between a hex inside and one outside.
    let inside: std::collections::HashSet<Hex> = p.hexes.iter().copied().collect();
    for hex in &p.hexes {
        for d in 0..6u8 {
            let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize]);
            if !inside.contains(&n) {
                o.items.push(Item::Line {
                    points: crate::scene::edge_corners(&l, *hex, d).to_vec(),
                    stroke: Stroke::points(2.5, COMMAND),
                    closed: false,
                });
            }
        }
    }
    o.lines.push(Line::info(format!(
        "{}: {} with span {} ({} hexes{})",
        p.leader,
        p.command,
        p.span,
        p.effective_span,
        if u16::from(p.span) != p.effective_span {
            ", Muster +1"
        } else {
            ""
        }
    )));
    if let Some(up) = p.superiors.chain.first() {
        o.lines.push(if p.superiors.in_command() {
            Line::info(format!("within the span of {}", up.leader))
        } else {
            Line::warn(format!(
                "outside his superior's span: {}",
                out_of_command_why(&p.superiors).unwrap_or_default()
            ))
        });
    }
    let (mut inside, mut outside) = (0, 0);
    let at = |id: UnitId| match s.unit(id).map(|u| u.position) {
        Some(Position::Hex { hex, .. }) => Some(l.hex_to_world_pos(hex)),
        _ => None,
    };
    let leader_at = p.at.map(|x| l.hex_to_world_pos(x));
    for u in &p.force {
        let Some(pos) = at(u.unit.id) else { continue };
        let uses_him = u.uses.as_ref().is_some_and(|x| x.id == p.leader.id);
        let dist = u.distance.map_or("off the map".into(), |d| {
            format!("{d} hex{}", if d == 1 { "" } else { "es" })
        });
        let (colour, text) = match &u.uses {
            Some(by) if uses_him => {
                inside += 1;
                (
                    COMMAND,
                    format!("{}: in command, {dist} from {}", u.unit, p.leader),
                )
            }
            Some(by) => {
                inside += 1;
                (
                    COMMAND,
                    format!(
                        "{}: in command through {} ({dist} from {})",
                        u.unit, by, p.leader
                    ),
                )
            }
            None => {
                outside += 1;
                (
                    REJECTED_EDGE,
                    format!(
                        "{}: out of command, {dist} from {} (span {})",
                        u.unit, p.leader, p.effective_span
                    ),
                )
            }
        };
        draw::ring(&mut o.items, pos, h.hex_size_mm * 0.55, colour, None);
        if let Some(a) = leader_at {
            o.items.push(Item::Line {
                points: vec![a, pos],
                stroke: Stroke::points(1.0, draw::with_alpha(colour, 160)).dashed(3.0),
                closed: false,
            });
        }
        o.marks.push(Mark {
            at: pos,
            radius: h.hex_size_mm * 0.6,
            text,
        });
    }
    o.lines.push(if outside == 0 {
        Line::info(format!("all {inside} of his force in command"))
    } else {
        Line::warn(format!(
            "{inside} of his force in command, {outside} out of command (hover for why)"
        ))
    });
    let lost = p.muster.routed_or_destroyed.len();
    o.lines.push(if p.command.is_charge() {
        // A charge may end early in Muster whatever the losses: say so, rather than an unmet
        // trigger beside a Muster the leader may take.
        Line::info(format!(
            "Muster open: a charge may end early in Muster ({lost} of his force routed or destroyed)"
        ))
    } else if p.muster.met {
        Line::warn(format!(
            "Muster trigger met: {lost} of his force routed or destroyed"
        ))
    } else {
        Line::info(format!(
            "Muster trigger not met: {lost} of his force routed or destroyed"
        ))
    });
    let may: Vec<&str> = p
        .changes
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(c, _)| c.name())
        .collect();
    o.lines
        .push(Line::info(format!("may change to: {}", may.join(", "))));
    if let Some(a) = leader_at {
        o.items.push(Item::Line {
            points: cell(&l, l.world_pos_to_hex(a)).to_vec(),
            stroke: Stroke::points(3.0, COMMAND),
            closed: true,
        });
    }
    Ok(())
}

/// The traced leader and command of a hex unit, for the inspector.
pub fn traced(s: &Scenario, unit: UnitId) -> Option<String> {
    traced_with_mp(s, unit).map(|(t, _)| t)
}

/// [`traced`], and the MP the unit may spend this turn when its command adds to its own (a
/// cavalry unit under a Charge): the move preview's allowance, as the Rules panel gives it.
pub fn traced_with_mp(s: &Scenario, unit: UnitId) -> Option<(String, Option<u16>)> {
    let mut r = HexRules::new(s).ok()?;
    let t = r.trace(unit).ok()?;
    let u = s.unit(unit)?;
    if u.is_leader() && t.chain.is_empty() {
        return Some(("commands his force; no superior".into(), None));
    }
    let charge = r
        .preview(unit, None)
        .ok()
        .filter(|p| p.allowance > p.mp)
        .map(|p| p.allowance);
    let text = match t.leader() {
        Some(l) => {
            // Those nearer in the chain whose span does not reach it are why it traces
            // further up: said, or a unit put under a leader seems to ignore him.
            let passed: Vec<String> = t
                .chain
                .iter()
                .take_while(|c| !c.reaches)
                .map(|c| match c.distance {
                    Some(d) => format!(
                        "{}'s span {} does not reach it ({} away)",
                        c.leader,
                        c.span,
                        count(d, "hex", "hexes")
                    ),
                    None => format!("{} is not on the map", c.leader),
                })
                .collect();
            let uses = format!(
                "uses {}'s {} (span {}, {} away)",
                l.leader,
                l.command,
                l.span,
                count(l.distance.unwrap_or(0), "hex", "hexes")
            );
            if passed.is_empty() {
                uses
            } else {
                format!("{uses}: {}", passed.join("; "))
            }
        }
        None => match out_of_command_why(&t) {
            Some(why) => format!("out of command: {why}"),
            None => "out of command".to_string(),
        },
    };
    Some((text, charge))
}

impl HexProbe {
    /// The engine's preview this probe answers from, for tests.
    #[cfg(test)]
    pub(super) fn preview(&self) -> &MovePreview {
        &self.preview
    }
}
