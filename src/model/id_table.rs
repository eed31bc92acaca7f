//! A table from IDs to what holds them, for the checks that run after every edit: IDs are
//! handed out in order from `next_id`, so they are dense, and an array indexed by ID answers
//! in a step where a hash map hashes and probes (on a scenario of 5,000 units, most of the
//! check's time). An ID past the array's end (a hostile file's) falls back to a map, so the
//! array is never larger than a few times the number of items.

use foldhash::{HashMap, HashMapExt};

/// IDs to values: an array for the dense IDs below its length, a map for the others.
pub(crate) struct IdTable<T> {
    dense: Vec<Option<T>>,
    other: HashMap<u32, T>,
}

impl<T: Copy> IdTable<T> {
    /// A table for about `items` IDs, all below `next_id` in a sound scenario: the array is
    /// as long as `next_id`, but never over four times `items` (plus a little), whatever a
    /// file's `next_id` says.
    pub(crate) fn new(items: usize, next_id: u32) -> IdTable<T> {
        let len = (next_id as usize).min(items.saturating_mul(4).saturating_add(1024));
        IdTable {
            dense: vec![None; len],
            other: HashMap::new(),
        }
    }

    /// Gives `id` to `value`, returning the value it was given before (as a map's insert).
    pub(crate) fn insert(&mut self, id: u32, value: T) -> Option<T> {
        match self.dense.get_mut(id as usize) {
            Some(slot) => slot.replace(value),
            None => self.other.insert(id, value),
        }
    }

    pub(crate) fn get(&self, id: u32) -> Option<T> {
        match self.dense.get(id as usize) {
            Some(slot) => *slot,
            None => self.other.get(&id).copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IdTable;

    #[test]
    fn ids_inside_and_past_the_array_answer_alike() {
        // A hostile next_id does not size the array: 3 items give at most 1,036 slots.
        let mut t = IdTable::new(3, u32::MAX);
        assert!(t.dense.len() <= 1036);
        for id in [0, 7, 1_035, 1_036, 4_000_000_000] {
            assert_eq!(t.get(id), None);
            assert_eq!(t.insert(id, id + 1), None);
            assert_eq!(t.get(id), Some(id + 1));
            assert_eq!(
                t.insert(id, id + 2),
                Some(id + 1),
                "the earlier value is returned"
            );
        }
    }
}
