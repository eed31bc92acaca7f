//! Victory: who holds each objective, the points each side has made, and who won when the last
//! turn ends (the scenario's victory conditions, `model::victory`; docs/rules.md, "Victory").
//!
//! - A unit holds an objective when it is a combat unit (not a leader), on the map, and not
//!   routing or removed, and stands on it: on the objective's hex, or on a table with a model
//!   within the scenario's holding distance of it (base edge to the marker).
//! - One side holds an objective when its units hold it and no other side's do. Held
//!   "occupied at the end", it counts while so held; held "last occupied", it counts for the
//!   last side that held it alone until another side holds it alone (the game remembers the
//!   holders, `TurnState::held`, after each action).
//! - A side scores each objective it holds at the objective's points to it, and for each enemy
//!   unit routing or removed the scenario's points per unit plus its points per strength point
//!   (the unit's strength as it started).
//! - At the end of the last turn the side with the most points wins, by the difference to the
//!   next; equal points are a draw. The game then takes no more actions.

use crate::model::{
    Held, Holding, Morale, Objective, ObjectiveId, Place, Position, Scenario, SideId, Unit, UnitId,
    Victory,
};
use std::fmt::Write;

/// Whether `u` holds the ground at `place` (see the module's rules).
fn stands_on(u: &Unit, place: Place, v: &Victory) -> bool {
    if u.is_leader() || matches!(u.state.morale, Morale::Routing | Morale::Removed) {
        return false;
    }
    match (place, u.position) {
        (Place::Hex(h), Position::Hex { hex, .. }) => hex == h,
        (Place::Table(p), Position::Table) => u
            .models
            .iter()
            .any(|m| m.footprint().signed_distance_to_point(p) <= v.hold_within_in),
        _ => false,
    }
}

/// The one side whose units stand on `o` now; none when nobody does or two sides do.
pub fn occupier(s: &Scenario, o: &Objective) -> Option<SideId> {
    let v = s.rules.victory.clone().unwrap_or_default();
    let mut found = None;
    for u in s.units.iter().filter(|u| stands_on(u, o.place, &v)) {
        match found {
            None => found = Some(u.side),
            Some(side) if side != u.side => return None,
            Some(_) => {}
        }
    }
    found
}

/// The holders a game remembers after an action: each objective one side stands on alone is
/// that side's; the others keep the side `before` names (if it still exists).
pub fn holders_after(s: &Scenario, before: &[Held]) -> Vec<Held> {
    s.objectives
        .iter()
        .filter_map(|o| {
            let side = occupier(s, o).or_else(|| {
                before
                    .iter()
                    .find(|h| h.objective == o.id && s.side(h.side).is_some())
                    .map(|h| h.side)
            })?;
            Some(Held {
                objective: o.id,
                side,
            })
        })
        .collect()
}

/// The holders to remember after an action on `s`: none while the scenario keeps no score
/// (so a game of an earlier format replays as it was logged).
pub fn remembered(s: &Scenario, before: &[Held]) -> Vec<Held> {
    if s.rules.victory.is_some() {
        holders_after(s, before)
    } else {
        Vec::new()
    }
}

/// The side an objective counts for now, under its holding.
pub fn holder(s: &Scenario, o: &Objective) -> Option<SideId> {
    match o.held {
        Holding::Occupied => occupier(s, o),
        Holding::LastOccupied => occupier(s, o).or_else(|| {
            s.game.as_ref().and_then(|g| {
                g.state
                    .held
                    .iter()
                    .find(|h| h.objective == o.id)
                    .map(|h| h.side)
            })
        }),
    }
}

/// One line of a side's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scored {
    /// An objective it holds, and its points to the side.
    Objective { objective: ObjectiveId, points: u32 },
    /// An enemy unit routing or removed, and its points.
    Loss {
        unit: UnitId,
        removed: bool,
        points: u32,
    },
}

impl Scored {
    pub fn points(&self) -> u32 {
        match self {
            Scored::Objective { points, .. } | Scored::Loss { points, .. } => *points,
        }
    }
}

/// A side's points and how they are made up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideScore {
    pub side: SideId,
    pub total: u32,
    pub lines: Vec<Scored>,
}

/// Every side's points now, in the scenario's order of sides; `None` when the scenario keeps
/// no score.
pub fn score(s: &Scenario) -> Option<Vec<SideScore>> {
    let v = s.rules.victory.as_ref()?;
    let mut out: Vec<SideScore> = s
        .sides
        .iter()
        .map(|side| SideScore {
            side: side.id,
            total: 0,
            lines: Vec::new(),
        })
        .collect();
    for o in &s.objectives {
        let Some(side) = holder(s, o) else { continue };
        if let Some(sc) = out.iter_mut().find(|x| x.side == side) {
            let points = u32::from(o.points_for(side));
            sc.lines.push(Scored::Objective {
                objective: o.id,
                points,
            });
            sc.total += points;
        }
    }
    for u in &s.units {
        let removed = u.state.morale == Morale::Removed;
        if !(removed || u.state.morale == Morale::Routing) {
            continue;
        }
        let points = u32::from(v.per_unit_lost)
            + u32::from(v.per_strength_lost) * u32::from(u.strength.start);
        if points == 0 {
            continue;
        }
        for sc in out.iter_mut().filter(|x| x.side != u.side) {
            sc.lines.push(Scored::Loss {
                unit: u.id,
                removed,
                points,
            });
            sc.total += points;
        }
    }
    Some(out)
}

/// The end of a scored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// `side` has the most points, `by` more than the next.
    Won {
        side: SideId,
        by: u32,
    },
    Draw,
}

/// Who is ahead in `score` (the winner when the game is over).
pub fn decision(score: &[SideScore]) -> Decision {
    let mut order: Vec<&SideScore> = score.iter().collect();
    order.sort_by_key(|x| std::cmp::Reverse(x.total));
    match order.as_slice() {
        [first, second, ..] if first.total > second.total => Decision::Won {
            side: first.side,
            by: first.total - second.total,
        },
        [only] => Decision::Won {
            side: only.side,
            by: only.total,
        },
        _ => Decision::Draw,
    }
}

/// The last turn, when it has ended: the game is over and takes no more actions.
pub fn over(s: &Scenario) -> Option<u16> {
    let last = s.rules.victory.as_ref()?.last_turn?;
    (s.game.is_some() && s.turn > last).then_some(last)
}

/// What a scored game's end says: "victory to Parliament by 3 points (8 to 5)", "a draw: 4
/// points each" (a side's name may be plural, so no verb follows it).
pub fn result_words(s: &Scenario, score: &[SideScore]) -> String {
    let name = |id: SideId| {
        s.side(id)
            .map_or_else(|| id.to_string(), |x| x.name.clone())
    };
    let totals = || {
        let mut t: Vec<u32> = score.iter().map(|x| x.total).collect();
        t.sort_unstable_by(|a, b| b.cmp(a));
        t.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" to ")
    };
    match decision(score) {
        Decision::Won { side, by } => format!(
            "victory to {} by {by} point{} ({})",
            name(side),
            if by == 1 { "" } else { "s" },
            totals()
        ),
        Decision::Draw => match score.first() {
            Some(x) if score.iter().all(|y| y.total == x.total) => {
                format!("a draw: {} points each", x.total)
            }
            _ => format!("a draw at the top ({})", totals()),
        },
    }
}

/// One side's score in words: "Parliament 5: Winceby village 3, 1 enemy unit routed 2".
pub fn side_words(s: &Scenario, sc: &SideScore) -> String {
    let mut out = format!(
        "{} {}",
        s.side(sc.side).map_or("?", |x| x.name.as_str()),
        sc.total
    );
    let parts = line_words(s, sc);
    if !parts.is_empty() {
        let _ = write!(out, ": {}", parts.join(", "));
    }
    out
}

/// The lines of a side's score in words, the enemy's losses gathered: "Winceby village 3",
/// "2 enemy units routing 4", "1 enemy unit removed 2".
pub fn line_words(s: &Scenario, sc: &SideScore) -> Vec<String> {
    let mut parts = Vec::new();
    for l in &sc.lines {
        if let Scored::Objective { objective, points } = l {
            let name = s
                .objectives
                .iter()
                .find(|o| o.id == *objective)
                .map_or_else(|| objective.to_string(), |o| o.name.clone());
            parts.push(format!("{name} {points}"));
        }
    }
    for (want, what) in [(false, "routing"), (true, "removed")] {
        let (n, points) = sc
            .lines
            .iter()
            .filter_map(|l| match l {
                Scored::Loss {
                    removed, points, ..
                } if *removed == want => Some(*points),
                _ => None,
            })
            .fold((0u32, 0u32), |(n, p), x| (n + 1, p + x));
        if n > 0 {
            parts.push(format!(
                "{n} enemy unit{} {what} {points}",
                if n == 1 { "" } else { "s" }
            ));
        }
    }
    parts
}

/// The score in one line for the turn bar and the log: "Parliament 5 · Royalists 2".
pub fn totals_words(s: &Scenario, score: &[SideScore]) -> String {
    score
        .iter()
        .map(|x| {
            format!(
                "{} {}",
                s.side(x.side).map_or("?", |side| side.name.as_str()),
                x.total
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests;
