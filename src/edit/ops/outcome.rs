//! Rules answers carried out: the rules say what a move, a column order or a morale test
//! changes (each unit and column as it will stand) and never apply it; these turn those values
//! into [`Edit`]s that the document applies as one undo step.
//!
//! Keeping the translation here lets `rules` stay free of the edit layer, and the order of the
//! edits (units first, in the order the rules list them, then the column) is written once.

use crate::edit::Edit;
use crate::model::Unit;
use crate::rules::column::ColumnOutcome;
use crate::rules::engine::Outcome;
use crate::rules::morale::Resolved;

/// Any action the rules carried out (`rules::engine::carry_out`): each unit that changes, in
/// the order the rules list them, then the column. Edit and Play apply the same outcome, so
/// committing an answer in either gives the same units and columns.
pub fn carried(o: &Outcome) -> Vec<Edit> {
    o.units
        .iter()
        .map(|u| Edit::PutUnit(Box::new(u.clone())))
        .chain(
            o.column
                .iter()
                .map(|c| Edit::PutColumn(Box::new(c.clone()))),
        )
        .collect()
}

/// A unit moved under the rules (a ghost dropped, a move with its followers placed), as it will
/// stand.
pub fn unit(unit: Unit) -> Vec<Edit> {
    vec![Edit::PutUnit(Box::new(unit))]
}

/// A resolved morale or rally test: the unit with its new state and stands, then the attached
/// commander who spent his re-roll.
pub fn test(r: &Resolved) -> Vec<Edit> {
    std::iter::once(&r.unit)
        .chain(&r.commander)
        .map(|u| Edit::PutUnit(Box::new(u.clone())))
        .collect()
}

/// A column's activation, a break or a unit coming on after a break: each unit that changes, in
/// march order, then the column.
pub fn column(o: ColumnOutcome) -> Vec<Edit> {
    o.units
        .into_iter()
        .map(|u| Edit::PutUnit(Box::new(u)))
        .chain(o.column.map(|c| Edit::PutColumn(Box::new(c))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;
    use crate::model::{ColumnState, Morale, Scenario};
    use crate::rules::column::{self, Activation, Order};
    use crate::rules::morale::{self, Resolution, TestKind, TestRequest};

    fn sample(name: &str) -> Scenario {
        crate::samples::named(name)
    }

    /// Applies `edits` as one step: the scenario stays valid and one undo restores it.
    fn commit(s: &Scenario, edits: Vec<Edit>) -> Scenario {
        let mut doc = Document::new(s.clone(), None);
        doc.apply("outcome", edits).expect("the edits apply");
        assert_eq!(doc.scenario().validate(), vec![]);
        let after = doc.scenario().clone();
        doc.undo();
        assert_eq!(doc.scenario(), s, "one undo restores the scenario");
        after
    }

    #[test]
    fn a_rally_test_puts_the_unit_as_it_will_stand() {
        let s = sample("rearguard");
        let foot = s.find_unit("44th Foot").expect("44th").id;
        let req = TestRequest::new(foot, TestKind::Rally);
        let roll = Resolution::Roll {
            first: 6,
            reroll: None,
        };
        let done = morale::resolve(&s, req, roll).expect("resolves");
        let edits = test(&done);
        assert_eq!(edits, vec![Edit::PutUnit(Box::new(done.unit.clone()))]);
        let after = commit(&s, edits);
        assert_eq!(
            after.unit(foot).map(|u| u.state.morale),
            Some(Morale::GoodOrder)
        );
    }

    #[test]
    fn a_commanders_re_roll_is_spent_in_the_same_step() {
        let mut s = sample("rearguard");
        let foot = s.find_unit("44th Foot").expect("44th").id;
        let shelton = s.find_unit("Brigadier Shelton").expect("Shelton").id;
        s.unit_mut(foot).expect("44th").attached_leader = Some(shelton);
        let req = TestRequest::new(foot, TestKind::Rally);
        let roll = Resolution::Roll {
            first: 1,
            reroll: Some(6),
        };
        let done = morale::resolve(&s, req, roll).expect("resolves");
        let edits = test(&done);
        assert_eq!(edits.len(), 2, "the unit, then its commander");
        let after = commit(&s, edits);
        let used = after
            .unit(shelton)
            .and_then(|l| l.leadership)
            .map(|l| l.rerolls_used);
        assert_eq!(used, Some(1));
    }

    #[test]
    fn a_column_move_puts_its_units_then_the_column() {
        let s = sample("bakambo");
        let col = s.columns.first().expect("a column").id;
        let order = Activation::Ordered(Order::Move {
            distance_in: 3.0,
            route: None,
        });
        let pv = column::preview(&s, col, order).expect("preview");
        let edits = column(pv.outcome(&s).expect("a legal move"));
        assert!(matches!(edits.last(), Some(Edit::PutColumn(_))));
        assert!(
            edits[..edits.len() - 1]
                .iter()
                .all(|e| matches!(e, Edit::PutUnit(_)))
        );
        let after = commit(&s, edits);
        assert_ne!(after.column(col), s.column(col), "its route grew");
    }

    #[test]
    fn a_break_only_changes_the_column() {
        let s = sample("bakambo");
        let c = s.columns.first().expect("a column");
        let lead = c.members.first().expect("a lead").unit;
        let vb = column::voluntary_break(&s, c.id, lead).expect("a member on the table");
        let edits = column(vb.outcome_on_pass(&s));
        let [Edit::PutColumn(broken)] = &edits[..] else {
            panic!("one column edit: {edits:?}");
        };
        assert_eq!(broken.state, ColumnState::Broken);
        commit(&s, edits);
    }

    #[test]
    fn a_unit_move_is_one_put_unit() {
        let s = sample("patrol");
        let mut u = s.units.first().expect("a unit").clone();
        if let Some(m) = u.models.first_mut() {
            m.pos.x += 1.0;
        }
        let edits = unit(u.clone());
        assert_eq!(edits, vec![Edit::PutUnit(Box::new(u))]);
        commit(&s, edits);
    }
}
