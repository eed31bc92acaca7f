//! What loading mends in a hand-written file instead of refusing it.
//!
//! A designer who edits a file by hand can leave a leader link that cannot be followed (a
//! superior on the other side, a loop of superiors, a commander or attached leader that does
//! not exist) or a `next_id` that is not above every ID in use. Refusing the whole file would
//! leave nobody able to see or fix it, so [`mend`] sets each broken link aside (the field is
//! left empty) and raises `next_id`, and says what it did. The scenario then keeps every
//! invariant of `validate`; `rules::check` reports each link set aside as an error until it is
//! chosen again, and the raised counter as a warning.

use super::*;
use std::collections::HashMap;
use std::fmt;

/// A unit's link to a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// The leader a leader traces command to (`leadership.superior`).
    Superior,
    /// The leader a unit traces command to (R5).
    Commander,
    /// The leader attached to a unit (R4).
    AttachedLeader,
}

impl Link {
    pub const ALL: [Link; 3] = [Link::Superior, Link::Commander, Link::AttachedLeader];

    /// The field's name as the inspector and the file call it.
    pub fn name(self) -> &'static str {
        match self {
            Link::Superior => "superior",
            Link::Commander => "commander",
            Link::AttachedLeader => "attached leader",
        }
    }

    /// The leader the link names, if any.
    pub fn get(self, u: &Unit) -> Option<UnitId> {
        match self {
            Link::Superior => u.leadership.and_then(|l| l.superior),
            Link::Commander => u.commander,
            Link::AttachedLeader => u.attached_leader,
        }
    }

    fn clear(self, u: &mut Unit) {
        match self {
            Link::Superior => {
                if let Some(l) = &mut u.leadership {
                    l.superior = None;
                }
            }
            Link::Commander => u.commander = None,
            Link::AttachedLeader => u.attached_leader = None,
        }
    }
}

/// Why a link could not be kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// No unit has the ID.
    Missing,
    /// The unit named is not a leader.
    NotALeader { name: String },
    /// The leader named is on the other side.
    OtherSide { name: String },
    /// The unit names itself.
    Itself,
    /// Following superiors from here comes back to this leader: the link that closes the loop.
    Loop { name: String },
}

/// One thing loading changed so the file could be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    /// `next_id` was not above every ID in use: raised to one past the largest.
    NextIdRaised { was: u32, now: u32 },
    /// A unit's link to a leader was set aside (left empty).
    SetAside {
        unit: UnitId,
        link: Link,
        target: UnitId,
        why: Broken,
    },
}

impl Repair {
    /// The item a problem report selects.
    pub fn item(&self) -> ItemRef {
        match self {
            Repair::NextIdRaised { .. } => ItemRef::Scenario,
            Repair::SetAside { unit, .. } => ItemRef::Unit(*unit),
        }
    }

    /// A link set aside must be chosen again (an error); a raised counter is advice.
    pub fn is_error(&self) -> bool {
        matches!(self, Repair::SetAside { .. })
    }

    /// Whether the scenario still shows what was mended: a link set aside stays a problem
    /// while the unit is there and its link is still empty. The raised counter always does
    /// (the editor forgets its repairs once the file is saved).
    pub fn pending(&self, s: &Scenario) -> bool {
        match self {
            Repair::NextIdRaised { .. } => true,
            // A unit that is no longer a leader has no superior to choose.
            Repair::SetAside { unit, link, .. } => s.unit(*unit).is_some_and(|u| {
                link.get(u).is_none() && (*link != Link::Superior || u.leadership.is_some())
            }),
        }
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repair::NextIdRaised { was, now } => write!(
                f,
                "next_id was {was}, not above every ID in use: raised to {now} (saving keeps it)"
            ),
            Repair::SetAside {
                link, target, why, ..
            } => {
                let what = link.name();
                match why {
                    Broken::Missing => write!(f, "{what} {target} does not exist")?,
                    Broken::NotALeader { name } => {
                        write!(f, "{what} {target} '{name}' is not a leader")?
                    }
                    Broken::OtherSide { name } => {
                        write!(f, "{what} {target} '{name}' is on the other side")?
                    }
                    Broken::Itself => write!(f, "it is its own {what}")?,
                    Broken::Loop { name } => {
                        write!(f, "{what} {target} '{name}' closes a loop of superiors")?
                    }
                }
                write!(
                    f,
                    ": the link was set aside on loading, so it has no {what} until one is chosen"
                )
            }
        }
    }
}

/// Sets aside every leader link that cannot be followed and raises a low `next_id`, returning
/// what it changed in file order. Loops are broken at the link that closes them, walking up
/// from the leader listed first. A `next_id` that cannot be raised (an ID of `u32::MAX`) is
/// left for `validate` to refuse.
pub fn mend(s: &mut Scenario) -> Vec<Repair> {
    let mut out = Vec::new();
    set_aside_broken_links(s, &mut out);
    set_aside_loops(s, &mut out);
    raise_next_id(s, &mut out);
    out
}

fn set_aside_broken_links(s: &mut Scenario, out: &mut Vec<Repair>) {
    // (kind is leader, side, name) of the first unit with each ID.
    let mut index: HashMap<UnitId, (bool, SideId, String)> = HashMap::new();
    for u in &s.units {
        index
            .entry(u.id)
            .or_insert_with(|| (u.is_leader(), u.side, u.name.clone()));
    }
    for u in &mut s.units {
        for link in Link::ALL {
            let Some(target) = link.get(u) else {
                continue;
            };
            let why = match index.get(&target) {
                None => Broken::Missing,
                Some((false, _, name)) => Broken::NotALeader { name: name.clone() },
                Some((true, side, name)) if *side != u.side => {
                    Broken::OtherSide { name: name.clone() }
                }
                Some(_) if target == u.id => Broken::Itself,
                Some(_) => continue,
            };
            link.clear(u);
            out.push(Repair::SetAside {
                unit: u.id,
                link,
                target,
                why,
            });
        }
    }
}

/// Walks up from each leader in file order; a walk that meets its own path closes a loop, and
/// the link it last followed is set aside. Each leader is walked once.
fn set_aside_loops(s: &mut Scenario, out: &mut Vec<Repair>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let index: HashMap<UnitId, usize> = s
        .units
        .iter()
        .enumerate()
        .rev()
        .map(|(i, u)| (u.id, i))
        .collect();
    let superior = |s: &Scenario, i: usize| {
        s.units[i]
            .leadership
            .and_then(|l| l.superior)
            .and_then(|id| index.get(&id).copied())
    };
    let mut mark = vec![Mark::New; s.units.len()];
    let mut path = Vec::new();
    for start in 0..s.units.len() {
        let mut cur = start;
        while mark[cur] == Mark::New {
            mark[cur] = Mark::OnPath;
            path.push(cur);
            match superior(s, cur) {
                Some(up) if mark[up] == Mark::OnPath => {
                    let target = s.units[up].id;
                    let name = s.units[up].name.clone();
                    let u = &mut s.units[cur];
                    Link::Superior.clear(u);
                    out.push(Repair::SetAside {
                        unit: u.id,
                        link: Link::Superior,
                        target,
                        why: Broken::Loop { name },
                    });
                    break;
                }
                Some(up) => cur = up,
                None => break,
            }
        }
        for i in path.drain(..) {
            mark[i] = Mark::Done;
        }
    }
}

fn raise_next_id(s: &mut Scenario, out: &mut Vec<Repair>) {
    let highest = s
        .sides
        .iter()
        .map(|x| x.id.0)
        .chain(s.terrain_types.iter().map(|x| x.id.0))
        .chain(s.pieces.iter().map(|x| x.id.0))
        .chain(
            s.units
                .iter()
                .flat_map(|u| std::iter::once(u.id.0).chain(u.models.iter().map(|m| m.id.0))),
        )
        .chain(s.columns.iter().map(|x| x.id.0))
        .chain(s.zones.iter().map(|x| x.id.0))
        .chain(s.objectives.iter().map(|x| x.id.0))
        .chain(s.reinforcements.iter().map(|x| x.id.0))
        .max();
    if let Some(now) = highest.and_then(|h| h.checked_add(1))
        && now > s.next_id
    {
        out.push(Repair::NextIdRaised {
            was: s.next_id,
            now,
        });
        s.next_id = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leader(s: &mut Scenario, side: usize, superior: Option<UnitId>) -> UnitId {
        let id = UnitId(s.alloc());
        let side = s.sides[side].id;
        s.units.push(Unit {
            leadership: Some(Leadership {
                command: Command::Advance,
                span: 3,
                superior,
                bonus: 0,
                rerolls: 0,
                rerolls_used: 0,
            }),
            exerts_zoc: false,
            ..Unit::new(id, format!("Leader {id}"), side, UnitKind::Leader)
        });
        id
    }

    #[test]
    fn a_loop_of_superiors_is_broken_once_at_the_link_that_closes_it() {
        let mut s = Scenario::new_hex("Loop");
        let a = leader(&mut s, 0, None);
        let b = leader(&mut s, 0, Some(a));
        let c = leader(&mut s, 0, Some(b));
        s.unit_mut(a)
            .expect("a")
            .leadership
            .as_mut()
            .expect("l")
            .superior = Some(c);
        // a -> c -> b -> a: walking up from a (listed first), b's link back to a closes it.
        let repairs = mend(&mut s);
        assert_eq!(repairs.len(), 1, "{repairs:?}");
        assert!(matches!(
            &repairs[0],
            Repair::SetAside { unit, link: Link::Superior, target, why: Broken::Loop { .. } }
                if *unit == b && *target == a
        ));
        assert_eq!(s.validate(), vec![]);
    }
}
