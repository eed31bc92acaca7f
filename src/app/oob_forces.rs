//! The order of battle's rows kept between changes of the scenario that leave them as they
//! are. A played move, a leader's new chit or a morale test changes a unit but not the chain
//! of command, the names or who is on the map: listing 5,000 units again for it was half the
//! frame after the play. The rows are built again only when something they show changed.

use super::order_of_battle::{SideForces, above, order_of_battle};
use crate::model::{Scenario, Unit};
use std::sync::Arc;

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
    let row = |u: &Unit| {
        (
            u.id,
            u.side,
            u.is_leader(),
            above(ruleset, u),
            super::order_of_battle::on_map(u),
        )
    };
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
    use crate::model::*;

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
