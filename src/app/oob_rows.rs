//! The order of battle's rows: every side's units listed as its chain of command runs (on a hex
//! map (R5) leaders over their subordinate leaders and the units that trace command to them; in
//! columns of march (R1) each column's units in their order of march; on other tables a
//! commander (R4) over the units he is attached to), and the rows kept between changes of the
//! scenario that leave them as they are. A played move, a leader's new chit or a morale test
//! changes a unit but not the chain of command, the names or who is on the map: listing 5,000
//! units again for it was half the frame after the play. The rows are listed again only when
//! something they show changed. The panel that draws them is `order_of_battle`.

use crate::model::*;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::sync::Arc;

/// One unit's row: how deep it sits in the chain, and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub unit: UnitId,
    pub depth: usize,
    pub name: String,
    /// In a column of march, how many figures wide the unit marches.
    pub wide: Option<u8>,
    pub on_map: bool,
    /// A leader: other rows may be dropped on his to put them under his command.
    pub leader: bool,
}

/// A heading and the rows under it (a column, or the units under no leader).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub heading: Option<String>,
    pub rows: Vec<Row>,
}

/// One side's forces.
#[derive(Clone, Debug, PartialEq)]
pub struct SideForces {
    pub side: SideId,
    pub name: String,
    pub colour: Colour,
    pub groups: Vec<Group>,
}

fn on_map(u: &Unit) -> bool {
    matches!(u.position, Position::Table | Position::Hex { .. })
}

fn detail(s: &Scenario, u: &Unit) -> String {
    let mut parts = vec![format!("{}/{}", u.strength.current, u.strength.start)];
    if let Some(l) = &u.leadership
        && s.map.is_hex()
    {
        parts.push(format!("{}, span {}", l.command, l.span));
    }
    match u.state.morale {
        Morale::GoodOrder => {}
        Morale::Unsteady => parts.push("unsteady".into()),
        Morale::Routing => parts.push("routing".into()),
        Morale::Removed => parts.push("removed".into()),
    }
    match u.position {
        // A reinforcement says when and where it comes on, as the sheet prints it.
        Position::OffMap => match s.reinforcements.iter().find(|r| r.units.contains(&u.id)) {
            Some(r) => parts.push(format!(
                "off map · turn {} at {}",
                r.turn,
                crate::io::export::place_words(s, r.entry)
            )),
            None => parts.push("off map".into()),
        },
        Position::Exited => parts.push("exited".into()),
        _ => {}
    }
    if crate::game::has_acted(s, u.id) {
        parts.push("acted".into());
    }
    parts.join(" · ")
}

impl Row {
    /// Strength and state at a glance: "6/6 · routing · off map" (and in a column, how wide
    /// the unit marches). Worked out when the row is drawn: a list of thousands draws the few
    /// in view.
    pub fn detail(&self, s: &Scenario) -> String {
        let Some(u) = s.unit(self.unit) else {
            return String::new();
        };
        match self.wide {
            Some(w) => format!("{} · {w} wide", detail(s, u)),
            None => detail(s, u),
        }
    }
}

fn row(u: &Unit, depth: usize) -> Row {
    Row {
        unit: u.id,
        depth,
        name: u.name.clone(),
        wide: None,
        on_map: on_map(u),
        leader: u.is_leader(),
    }
}

/// The order of battle of every side.
pub fn order_of_battle(s: &Scenario) -> Vec<SideForces> {
    s.sides
        .iter()
        .map(|side| {
            let units: Vec<&Unit> = s.units.iter().filter(|u| u.side == side.id).collect();
            let groups = match s.rules.ruleset {
                Ruleset::ColumnOfMarch => columns(s, side.id, &units),
                r => command_tree(s, &units, |u| above(r, u)),
            };
            SideForces {
                side: side.id,
                name: side.name.clone(),
                colour: side.colour,
                groups,
            }
        })
        .collect()
}

/// Units nested under the unit `above` names (their superior or commander): leaders with none
/// first as roots, then every unit under the leader it names; what names nobody on its side
/// stands apart.
fn command_tree(
    s: &Scenario,
    units: &[&Unit],
    above: impl Fn(&Unit) -> Option<UnitId>,
) -> Vec<Group> {
    let ids: HashSet<UnitId> = units.iter().map(|u| u.id).collect();
    // Whom each unit stands under, if he is on its side.
    let parent = |u: &Unit| above(u).filter(|p| *p != u.id && ids.contains(p));
    // Each leader's units, in file order, found in one pass: a side of 5,000 units is listed
    // in a few thousand steps, not the square of that.
    let mut under: HashMap<UnitId, Vec<&Unit>> = HashMap::new();
    for u in units {
        if let Some(p) = parent(u) {
            under.entry(p).or_default().push(u);
        }
    }
    for list in under.values_mut() {
        // Subordinate leaders before the units they lead, each in file order.
        list.sort_by_key(|x| !x.is_leader());
    }
    let mut seen = HashSet::new();
    let mut rows = Vec::new();
    // Depth-first from each root; `seen` guards against a loop in a hand-edited file.
    fn walk(
        u: &Unit,
        depth: usize,
        under: &HashMap<UnitId, Vec<&Unit>>,
        seen: &mut HashSet<UnitId>,
        rows: &mut Vec<Row>,
    ) {
        if !seen.insert(u.id) {
            return;
        }
        rows.push(row(u, depth));
        for x in under.get(&u.id).into_iter().flatten() {
            walk(x, depth + 1, under, seen, rows);
        }
    }
    let mut roots: Vec<&&Unit> = units
        .iter()
        .filter(|u| parent(u).is_none() && (u.is_leader() || under.contains_key(&u.id)))
        .collect();
    roots.sort_by_key(|u| !u.is_leader());
    for r in roots {
        walk(r, 0, &under, &mut seen, &mut rows);
    }
    let mut groups = vec![Group {
        heading: None,
        rows,
    }];
    let rest: Vec<Row> = units
        .iter()
        .filter(|u| !seen.contains(&u.id))
        .map(|u| row(u, 0))
        .collect();
    if !rest.is_empty() {
        groups.push(Group {
            heading: Some(if s.map.is_hex() {
                "Under no leader".into()
            } else {
                "Units".into()
            }),
            rows: rest,
        });
    }
    groups.retain(|g| !g.rows.is_empty());
    groups
}

/// Each column's units in their order of march, then the units in no column.
fn columns(s: &Scenario, side: SideId, units: &[&Unit]) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut placed = HashSet::new();
    for c in s.columns.iter().filter(|c| c.side == side) {
        let state = match c.state {
            ColumnState::Formed => "formed",
            ColumnState::Broken => "broken",
        };
        let rows: Vec<Row> = c
            .members
            .iter()
            .enumerate()
            .filter_map(|(k, m)| {
                let u = s.unit(m.unit)?;
                placed.insert(u.id);
                let mut r = row(u, 1);
                r.name = format!("{}. {}", k + 1, u.name);
                r.wide = Some(m.width_figures);
                Some(r)
            })
            .collect();
        groups.push(Group {
            heading: Some(format!("{} ({state})", c.name)),
            rows,
        });
    }
    let rest: Vec<Row> = units
        .iter()
        .filter(|u| !placed.contains(&u.id))
        .map(|u| row(u, 0))
        .collect();
    if !rest.is_empty() {
        groups.push(Group {
            heading: Some("In no column".into()),
            rows: rest,
        });
    }
    groups
}

/// Whom a unit stands under in the order of battle: on a hex map (R5) a leader's superior or
/// a unit's commander; on the table the leader attached to it.
pub(super) fn above(ruleset: Ruleset, u: &Unit) -> Option<UnitId> {
    match ruleset {
        Ruleset::HexCommands => u.leadership.and_then(|l| l.superior).or(u.commander),
        Ruleset::ColumnOfMarch => u.commander,
        _ => u.attached_leader,
    }
}

/// The rows last listed, and the state of the scenario they were listed from.
#[derive(Clone)]
pub(super) struct KeptForces {
    /// The document's change count they stand for.
    changes: u64,
    from: Arc<Scenario>,
    forces: Arc<Vec<SideForces>>,
}

impl KeptForces {
    /// The rows for `s` (the document's state after `changes` changes): the kept ones when
    /// they stand for `s`, or for a state whose rows read the same; else listed again.
    pub(super) fn rows(kept: Option<KeptForces>, s: &Arc<Scenario>, changes: u64) -> KeptForces {
        match kept {
            Some(k) if k.changes == changes => k,
            Some(k) if same_rows(&k.from, s) => KeptForces {
                changes,
                from: Arc::clone(s),
                forces: k.forces,
            },
            _ => KeptForces {
                changes,
                from: Arc::clone(s),
                forces: Arc::new(order_of_battle(s)),
            },
        }
    }

    pub(super) fn forces(&self) -> &Arc<Vec<SideForces>> {
        &self.forces
    }
}

/// Whether the order of battle of `a` and of `b` list the same rows: the same sides, columns
/// and ruleset, and units that are the same shared value or agree in all a row reads (its ID,
/// side, name, whether it leads, whom it stands under, whether it is on the map). What a row
/// says of strength and state is read from the scenario as each row is drawn.
fn same_rows(a: &Scenario, b: &Scenario) -> bool {
    let ruleset = b.rules.ruleset;
    let row = |u: &Unit| (u.id, u.side, u.is_leader(), above(ruleset, u), on_map(u));
    a.rules.ruleset == ruleset
        && a.map.is_hex() == b.map.is_hex()
        && a.sides == b.sides
        && a.columns == b.columns
        && a.units.len() == b.units.len()
        && (0..a.units.len()).all(|i| match (a.units.shared(i), b.units.shared(i)) {
            (Some(x), Some(y)) => Arc::ptr_eq(x, y) || (row(x) == row(y) && x.name == y.name),
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(s: Scenario) -> (KeptForces, Arc<Scenario>) {
        let s = Arc::new(s);
        (KeptForces::rows(None, &s, 0), s)
    }

    #[test]
    fn a_moved_unit_keeps_the_rows_and_a_renamed_one_lists_them_again() {
        let (k, s) = kept(generate::hex_battlefield(20, 0.0, 40, 1));
        let mut moved = Scenario::clone(&s);
        let id = moved.units[5].id;
        moved.units.update(
            |u| u.id == id,
            |u| {
                u.strength.current = u.strength.current.saturating_sub(1);
                if let Position::Hex { hex, facing } = u.position {
                    u.position = Position::Hex {
                        hex: hex + hexx::Hex::new(1, 0),
                        facing,
                    };
                }
            },
        );
        let moved = Arc::new(moved);
        let k2 = KeptForces::rows(Some(k.clone()), &moved, 1);
        assert!(Arc::ptr_eq(k.forces(), k2.forces()), "the same rows, kept");
        assert_eq!(**k2.forces(), order_of_battle(&moved));
        let mut renamed = Scenario::clone(&moved);
        renamed
            .units
            .update(|u| u.id == id, |u| u.name = "Renamed".into());
        let renamed = Arc::new(renamed);
        let k3 = KeptForces::rows(Some(k2.clone()), &renamed, 2);
        assert!(!Arc::ptr_eq(k2.forces(), k3.forces()), "listed again");
        assert_eq!(**k3.forces(), order_of_battle(&renamed));
    }

    #[test]
    fn a_unit_taken_off_the_map_or_put_under_another_leader_lists_the_rows_again() {
        let (k, s) = kept(generate::hex_battlefield(20, 0.0, 40, 1));
        let id = s
            .units
            .iter()
            .find(|u| u.commander.is_some())
            .expect("commanded")
            .id;
        let mut off = Scenario::clone(&s);
        off.units
            .update(|u| u.id == id, |u| u.position = Position::OffMap);
        let off = Arc::new(off);
        let k2 = KeptForces::rows(Some(k.clone()), &off, 1);
        assert_eq!(**k2.forces(), order_of_battle(&off));
        assert_ne!(**k2.forces(), **k.forces());
        let mut free = Scenario::clone(&s);
        free.units.update(|u| u.id == id, |u| u.commander = None);
        let free = Arc::new(free);
        let k3 = KeptForces::rows(Some(k), &free, 2);
        assert_eq!(**k3.forces(), order_of_battle(&free));
    }
}
