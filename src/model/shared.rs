//! A large array that the states of a scenario share until one of them changes it.
//!
//! Every edit and every played action builds the next scenario from a clone of the last one, and
//! the undo history keeps both. A hex map's cells (40,000 terrain IDs on a 200 x 200 map) and its
//! hexsides are the largest parts of a scenario and the ones an edit of the forces never touches:
//! held behind an `Arc`, cloning them is a count, comparing two states that share them is a pointer
//! test, and the copy is made only by the edit that writes to them (`DerefMut`, copy on write).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A `Vec<T>` shared between clones until one of them is written to.
#[derive(Clone)]
pub struct Shared<T>(Arc<Vec<T>>);

impl<T> Shared<T> {
    /// Whether `self` and `other` are the same array (not a copy): cheaper than `==`, and
    /// enough to know that nothing changed.
    pub fn same(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared(Arc::default())
    }
}

impl<T> Deref for Shared<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    /// Copies the array first when another state still shares it.
    fn deref_mut(&mut self) -> &mut Vec<T> {
        Arc::make_mut(&mut self.0)
    }
}

impl<'a, T> IntoIterator for &'a Shared<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Shared<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        Arc::make_mut(&mut self.0).iter_mut()
    }
}

impl<T> FromIterator<T> for Shared<T> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Shared<T> {
        Vec::from_iter(it).into()
    }
}

impl<T> From<Vec<T>> for Shared<T> {
    fn from(v: Vec<T>) -> Shared<T> {
        Shared(Arc::new(v))
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shared<T>, D::Error> {
        Vec::deserialize(d).map(Shared::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_shares_the_array_until_written_and_the_original_keeps_its_cells() {
        let a: Shared<u32> = vec![1, 2, 3].into();
        let mut b = a.clone();
        assert!(a.same(&b));
        b[1] = 9;
        assert!(!a.same(&b));
        assert_eq!(*a, vec![1, 2, 3]);
        assert_eq!(*b, vec![1, 9, 3]);
        assert_ne!(a, b);
        let c: Shared<u32> = vec![1, 2, 3].into();
        assert_eq!(a, c, "equal contents are equal, shared or not");
    }

    #[test]
    fn it_reads_and_writes_as_the_list_it_holds() {
        let a: Shared<u32> = vec![4, 5].into();
        let json = serde_json::to_string(&a).expect("json");
        assert_eq!(json, "[4,5]");
        let b: Shared<u32> = serde_json::from_str(&json).expect("back");
        assert_eq!(a, b);
    }
}
