//! A column's march order (R1): members moved within it or added to it at the frontage the R1
//! table allows.

use crate::edit::Edit;
use crate::model::*;
use crate::rules::column::allowed_widths;

/// The edit that puts the column as it now stands.
pub fn put(c: Column) -> Edit {
    Edit::PutColumn(Box::new(c))
}

/// `c` with the member at `from` moved to stand before the member now at `to` (`to` may be
/// the length of the list: last).
pub fn move_member(c: &Column, from: usize, to: usize) -> Column {
    let mut n = c.clone();
    if from >= n.members.len() {
        return n;
    }
    let m = n.members.remove(from);
    let to = if to > from { to - 1 } else { to };
    n.members.insert(to.min(n.members.len()), m);
    n
}

/// The narrowest frontage the R1 table allows a unit (1 for units too large or empty).
pub fn default_width(u: &Unit) -> u8 {
    allowed_widths(u.strength.current).map_or(1, |r| *r.start())
}

/// `c` with `unit` marching at place `at` (clamped to the end), at the narrowest allowed
/// frontage. A unit already in the column moves there instead.
pub fn insert_member(s: &Scenario, c: &Column, unit: UnitId, at: usize) -> Column {
    if let Some(from) = c.members.iter().position(|m| m.unit == unit) {
        return move_member(c, from, at);
    }
    let mut n = c.clone();
    let width_figures = s.unit(unit).map_or(1, default_width);
    n.members.insert(
        at.min(n.members.len()),
        ColumnMember {
            unit,
            width_figures,
        },
    );
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    fn order(c: &Column) -> Vec<u32> {
        c.members.iter().map(|m| m.unit.0).collect()
    }

    #[test]
    fn reordering_is_one_valid_edit_that_undo_reverts() {
        let s = crate::samples::named("bakambo");
        let mut doc = Document::new(s, None);
        let c = doc.scenario().columns[0].clone();
        let ids = order(&c);
        assert!(ids.len() >= 3);
        // The lead drops behind the second unit; then the last unit takes the lead.
        let moved = move_member(&c, 0, 2);
        assert_eq!(
            order(&moved),
            [vec![ids[1], ids[0]], ids[2..].to_vec()].concat()
        );
        let to_front = move_member(&c, ids.len() - 1, 0);
        assert_eq!(order(&to_front)[0], ids[ids.len() - 1]);
        assert_eq!(order(&move_member(&c, 1, 1)), ids, "in place");
        assert_eq!(
            order(&move_member(&c, 1, 2)),
            ids,
            "before its own follower"
        );
        doc.apply("Reorder column", vec![put(moved.clone())])
            .expect("valid");
        assert_eq!(doc.scenario().validate(), vec![]);
        assert_eq!(order(&doc.scenario().columns[0]), order(&moved));
        doc.undo();
        assert_eq!(order(&doc.scenario().columns[0]), ids);
        doc.redo();
        assert_eq!(order(&doc.scenario().columns[0]), order(&moved));
    }

    #[test]
    fn inserted_units_march_at_the_narrowest_allowed_width() {
        let s = crate::samples::named("bakambo");
        let side = s.columns[0].side;
        let mut doc = Document::new(s, None);
        let at = crate::geom::Point::new(30.0, 30.0);
        let add = crate::edit::ops::create::place_unit(
            doc.scenario(),
            crate::edit::ops::create::Template::Infantry,
            side,
            at,
            0.0,
        )
        .expect("on the table");
        doc.apply("Add unit", vec![add]).expect("valid");
        let s = doc.scenario().clone();
        let c = &s.columns[0];
        let free = s
            .units
            .iter()
            .find(|u| u.side == c.side && !u.is_leader() && s.column_of(u.id).is_none())
            .expect("a free unit");
        let n = insert_member(&s, c, free.id, 1);
        assert_eq!(n.members[1].unit, free.id);
        assert_eq!(n.members.len(), c.members.len() + 1);
        assert_eq!(
            crate::edit::ops::units::width_check(free, n.members[1].width_figures),
            Ok(())
        );
        doc.apply("Add to column", vec![put(n.clone())])
            .expect("valid");
        assert_eq!(doc.scenario().validate(), vec![]);
        // Inserting a member again moves it instead of doubling it.
        let again = insert_member(doc.scenario(), &n, free.id, 0);
        assert_eq!(again.members.len(), n.members.len());
        assert_eq!(again.members[0].unit, free.id);
    }
}
