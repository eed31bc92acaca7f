//! A scenario's units, each shared between the states of the scenario until one of them
//! changes it.
//!
//! Every edit and every played action builds the next scenario from a clone of the last, and
//! the undo history keeps both. On a scenario of 5,000 units, copying them all (their names,
//! models and the list itself, a megabyte and a half) was most of what an edit of one of them
//! cost, and dropping the oldest state of the history another part. Held one `Arc` a unit, a
//! clone of the list is a count per unit, comparing two states that share a unit is a pointer
//! test, and a unit is copied only when it is written to (copy on write, as `Shared` does for
//! a hex map's cells). Reading looks like reading a `Vec<Unit>`: `iter`, indexing and
//! `for u in &s.units` give `&Unit`.
//!
//! Writing through `iter_mut` (or `for u in &mut s.units`) copies every unit another state
//! shares, as a `Vec`'s clone would have: code that changes one unit finds it first
//! ([`Units::by_id_mut`], indexing) so that only it is copied.

use super::{Unit, UnitId};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// The units of a scenario, in their order (the order they are drawn and listed in).
#[derive(Clone, Default)]
pub struct Units(Vec<Arc<Unit>>);

/// The units, read in order.
pub type Iter<'a> = std::iter::Map<std::slice::Iter<'a, Arc<Unit>>, fn(&Arc<Unit>) -> &Unit>;

fn deref(u: &Arc<Unit>) -> &Unit {
    u
}

impl Units {
    pub fn new() -> Units {
        Units(Vec::new())
    }

    pub fn iter(&self) -> Iter<'_> {
        self.0.iter().map(deref as fn(&Arc<Unit>) -> &Unit)
    }

    /// Every unit, to write to: each one another state shares is copied first.
    pub fn iter_mut(&mut self) -> <&mut Units as IntoIterator>::IntoIter {
        self.into_iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&Unit> {
        self.0.get(i).map(|u| &**u)
    }

    /// The unit at `i`, to write to (copied first if another state shares it).
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Unit> {
        self.0.get_mut(i).map(Arc::make_mut)
    }

    pub fn first(&self) -> Option<&Unit> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&Unit> {
        self.0.last().map(|u| &**u)
    }

    /// The unit with ID `id`, to write to: it alone is copied.
    pub fn by_id_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        let i = self.0.iter().position(|u| u.id == id)?;
        self.get_mut(i)
    }

    /// Puts `u` in the place of the unit with its ID (that unit is dropped, not copied), or
    /// last when there is none.
    pub fn put(&mut self, u: Unit) {
        match self.0.iter_mut().find(|x| x.id == u.id) {
            Some(slot) => *slot = Arc::new(u),
            None => self.0.push(Arc::new(u)),
        }
    }

    /// Writes to each unit `pick` chooses, and to no other: only they are copied.
    pub fn update(&mut self, pick: impl Fn(&Unit) -> bool, mut write: impl FnMut(&mut Unit)) {
        for u in &mut self.0 {
            if pick(u) {
                write(Arc::make_mut(u));
            }
        }
    }

    pub fn push(&mut self, u: Unit) {
        self.0.push(Arc::new(u));
    }

    pub fn insert(&mut self, i: usize, u: Unit) {
        self.0.insert(i, Arc::new(u));
    }

    pub fn remove(&mut self, i: usize) -> Unit {
        Arc::unwrap_or_clone(self.0.remove(i))
    }

    pub fn pop(&mut self) -> Option<Unit> {
        self.0.pop().map(Arc::unwrap_or_clone)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&Unit) -> bool) {
        self.0.retain(|u| keep(u));
    }

    /// The units as plain values (each copied).
    pub fn to_vec(&self) -> Vec<Unit> {
        self.iter().cloned().collect()
    }

    /// The unit at `i` as it is shared between states: holding it keeps its address, so a
    /// later `Arc::ptr_eq` tells whether a unit is still this very one.
    pub fn shared(&self, i: usize) -> Option<&Arc<Unit>> {
        self.0.get(i)
    }

    /// Whether the unit at `i` is the very one `other` holds at `i` (shared, not a copy):
    /// then it is unchanged between the two states, with no need to compare it.
    pub fn same_at(&self, other: &Units, i: usize) -> bool {
        matches!((self.0.get(i), other.0.get(i)), (Some(a), Some(b)) if Arc::ptr_eq(a, b))
    }
}

impl std::ops::Index<usize> for Units {
    type Output = Unit;
    fn index(&self, i: usize) -> &Unit {
        &self.0[i]
    }
}

impl std::ops::IndexMut<usize> for Units {
    /// Copies the unit first when another state still shares it.
    fn index_mut(&mut self, i: usize) -> &mut Unit {
        Arc::make_mut(&mut self.0[i])
    }
}

impl PartialEq for Units {
    /// Units two states share are equal without being compared.
    fn eq(&self, other: &Units) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(a, b)| Arc::ptr_eq(a, b) || a == b)
    }
}

impl fmt::Debug for Units {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Units {
    type Item = &'a Unit;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Units {
    type Item = &'a mut Unit;
    type IntoIter =
        std::iter::Map<std::slice::IterMut<'a, Arc<Unit>>, fn(&mut Arc<Unit>) -> &mut Unit>;
    /// Every unit, to write to: each one another state shares is copied first.
    fn into_iter(self) -> Self::IntoIter {
        self.0
            .iter_mut()
            .map(Arc::make_mut as fn(&mut Arc<Unit>) -> &mut Unit)
    }
}

impl FromIterator<Unit> for Units {
    fn from_iter<I: IntoIterator<Item = Unit>>(iter: I) -> Units {
        Units(iter.into_iter().map(Arc::new).collect())
    }
}

impl Extend<Unit> for Units {
    fn extend<I: IntoIterator<Item = Unit>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().map(Arc::new));
    }
}

impl From<Vec<Unit>> for Units {
    fn from(v: Vec<Unit>) -> Units {
        v.into_iter().collect()
    }
}

impl Serialize for Units {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Units {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Units, D::Error> {
        Vec::<Unit>::deserialize(d).map(Units::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Scenario, SideId, Unit, UnitKind};

    fn units(n: u32) -> Units {
        (0..n)
            .map(|k| Unit::new(UnitId(k), format!("U{k}"), SideId(1000), UnitKind::Infantry))
            .collect()
    }

    #[test]
    fn a_clone_shares_every_unit_until_one_is_written_to() {
        let a = units(4);
        let mut b = a.clone();
        assert!((0..4).all(|i| a.same_at(&b, i)));
        b.by_id_mut(UnitId(2)).expect("unit").name = "Renamed".into();
        assert!(a.same_at(&b, 0) && a.same_at(&b, 1) && a.same_at(&b, 3));
        assert!(!a.same_at(&b, 2), "the written unit alone is copied");
        assert_eq!(a[2].name, "U2", "the other state keeps its unit as it was");
        assert_eq!(b[2].name, "Renamed");
        assert_ne!(a, b);
        b[2].name = "U2".into();
        assert_eq!(a, b, "equal by value once written back");
    }

    #[test]
    fn units_are_saved_as_a_plain_list() {
        let mut s = Scenario::new_table("A");
        s.units = units(2);
        let text = serde_json::to_string(&s.units).expect("json");
        assert!(text.starts_with("[{"), "{text}");
        let back: Units = serde_json::from_str(&text).expect("read");
        assert_eq!(back, s.units);
        let plain: Vec<Unit> = serde_json::from_str(&text).expect("a list of units");
        assert_eq!(plain.len(), 2);
    }
}
