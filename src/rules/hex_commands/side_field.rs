//! One side's view of the board: where its enemies stand, which hexes their zones of control
//! cover, and how many hex steps each hex lies from the nearest enemy combat unit.
//!
//! The marks ([`SideMarks`]: enemy hexes and the zone-of-control mask) cost one pass over the
//! units. The distances cost a breadth-first search, and are kept two ways:
//! - [`SideField`]: every hex of the map (a multi-source search from all the enemies), for the
//!   callers that read the whole map (the zone-of-control overlay, the tests);
//! - [`NearField`]: only the hexes a move can decide, for a move's preview, which reads the
//!   distance of its unit's start and of the hexes its MP reach. On a 200 x 200 map with
//!   thousands of units the whole-map search is most of what a committed move costs; the window
//!   is a few hundred hexes. The distances it gives are the whole map's, exactly (the argument
//!   is on [`NearField::settle`], and a test compares the two on generated battlefields).
//!
//! The two kept types are the board's (`board.rs`, which this file builds them for).

use super::board::{Board, ENEMY, IN_ZOC, NO_ENEMY, NONE, SideField, SideMarks, ZOC_STOP};

impl Board {
    /// The marks of side `side` (an index into the board's sides), into `flags` and `enemies`
    /// (cleared first, their buffers reused).
    pub(super) fn build_marks(
        &self,
        side: usize,
        mut flags: Vec<u8>,
        mut enemies: Vec<u32>,
    ) -> SideMarks {
        flags.clear();
        flags.resize(self.hexes.len(), 0);
        enemies.clear();
        for (slot, u) in self.units.iter().enumerate() {
            if u.side == side {
                continue;
            }
            let Some((i, facing)) = u.present() else {
                continue;
            };
            flags[i as usize] |= ENEMY;
            if u.zoc {
                for d in 0..6 {
                    if !self.zoc_direction(facing, d) {
                        continue;
                    }
                    let to = self.nbr[i as usize][d];
                    if to != NONE && self.edges[i as usize][d] & ZOC_STOP == 0 {
                        flags[to as usize] |= IN_ZOC;
                    }
                }
            }
            if !u.is_leader() {
                enemies.push(slot as u32);
            }
        }
        SideMarks { flags, enemies }
    }

    /// The whole map's field of `side`: its marks and a multi-source search in plain hex steps
    /// (terrain does not matter) from every enemy combat unit. `reuse` lends its buffers.
    pub(super) fn build_field(&self, side: usize, reuse: Option<SideField>) -> SideField {
        let n = self.hexes.len();
        let (flags, mut dist, mut nearest, enemies) = match reuse {
            Some(f) if f.dist.len() == n => (f.flags, f.dist, f.nearest, f.enemies),
            _ => (Vec::new(), vec![NO_ENEMY; n], vec![NONE; n], Vec::new()),
        };
        let marks = self.build_marks(side, flags, enemies);
        dist.fill(NO_ENEMY);
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        self.spread(
            &marks.enemies,
            |_| true,
            &mut dist,
            &mut nearest,
            &mut queue,
        );
        SideField {
            dist,
            nearest,
            flags: marks.flags,
            enemies: marks.enemies,
        }
    }

    /// The multi-source search: from the hexes of `enemies` that `inside` accepts, over the
    /// hexes it accepts, writing each reached hex's distance and nearest enemy. Sources are
    /// pushed in ID order, so by induction each depth is popped in ascending label order and the
    /// first hex to reach a neighbour carries the lowest label of its depth: the nearest enemy
    /// named in a reason is the lowest ID among the equally near, with no second comparison.
    /// `dist` must hold [`NO_ENEMY`] wherever the search may go.
    fn spread(
        &self,
        enemies: &[u32],
        inside: impl Fn(usize) -> bool,
        dist: &mut [u16],
        nearest: &mut [u32],
        queue: &mut Vec<u32>,
    ) {
        queue.clear();
        for &slot in enemies {
            let Some((i, _)) = self.unit(slot).present() else {
                continue;
            };
            let i = i as usize;
            if inside(i) && dist[i] == NO_ENEMY {
                dist[i] = 0;
                nearest[i] = slot;
                queue.push(i as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let nd = dist[i] + 1;
            let label = nearest[i];
            for &j in &self.nbr[i] {
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                if dist[j] == NO_ENEMY && inside(j) {
                    dist[j] = nd;
                    nearest[j] = label;
                    queue.push(j as u32);
                }
            }
        }
    }
}

/// The distances to the enemy near one hex, exact within a number of steps of it: what a move's
/// preview reads. Keep one beside the board (it lives in the `Search`); its buffers are reused
/// and only the hexes the last use touched are cleared.
#[derive(Clone, Debug, Default)]
pub(crate) struct NearField {
    /// Hex steps from the start, [`NO_ENEMY`] where the window has not reached.
    from_start: Vec<u16>,
    /// The window's hexes in the order the search from the start reached them.
    window: Vec<u32>,
    /// How far into `window` the search from the start has expanded.
    head: usize,
    /// The enemy combat unit (lowest ID) standing on each hex, or [`NONE`].
    source: Vec<u32>,
    /// Hex steps to the nearest enemy combat unit, exact within the settled steps.
    pub(crate) dist: Vec<u16>,
    /// The nearest enemy combat unit (unit slot), lowest ID among equals.
    pub(crate) nearest: Vec<u32>,
    /// The multi-source search's queue.
    queue: Vec<u32>,
    /// The enemies marked in `source` (to clear them).
    marked: Vec<u32>,
}

impl NearField {
    /// Starts at `start` for a unit whose enemies are `marks.enemies`: clears what the last use
    /// touched and searches outward from `start` to the nearest enemy combat unit. Returns its
    /// distance in hex steps ([`NO_ENEMY`] when no enemy can be reached), the same as the whole
    /// map's field gives at `start`.
    pub(crate) fn begin(&mut self, board: &Board, marks: &SideMarks, start: u32) -> u16 {
        self.clear(board.hexes.len());
        if marks.enemies.is_empty() {
            return NO_ENEMY;
        }
        for &slot in &marks.enemies {
            if let Some((i, _)) = board.unit(slot).present()
                && self.source[i as usize] == NONE
            {
                self.source[i as usize] = slot;
                self.marked.push(i);
            }
        }
        self.from_start[start as usize] = 0;
        self.window.push(start);
        while self.head < self.window.len() {
            let i = self.window[self.head] as usize;
            if self.source[i] != NONE {
                return self.from_start[i];
            }
            self.head += 1;
            self.expand(board, i);
        }
        NO_ENEMY
    }

    /// Settles the distances of every hex within `steps` of the start, and of its neighbours,
    /// given `d0`, what [`NearField::begin`] returned. A hex `h` within `steps + 1` of the start
    /// is at most `d0 + steps + 1` from its nearest enemies, and every hex on a shortest way to
    /// them lies within that many of `h`, so within `d0 + 2 (steps + 1)` of the start: a search
    /// from the enemies kept inside that window finds the same ways, lengths and lowest IDs as
    /// the whole map's.
    pub(crate) fn settle(&mut self, board: &Board, marks: &SideMarks, d0: u16, steps: u16) {
        if d0 == NO_ENEMY {
            return;
        }
        let reach = u32::from(steps) + 1;
        let edge = (u32::from(d0) + 2 * reach).min(u32::from(NO_ENEMY - 1)) as u16;
        while self.head < self.window.len() {
            let i = self.window[self.head] as usize;
            self.head += 1;
            if self.from_start[i] < edge {
                self.expand(board, i);
            }
        }
        let from_start = &self.from_start;
        board.spread(
            &marks.enemies,
            |i| from_start[i] != NO_ENEMY,
            &mut self.dist,
            &mut self.nearest,
            &mut self.queue,
        );
    }

    /// Pushes the unseen neighbours of `i` one step further from the start.
    fn expand(&mut self, board: &Board, i: usize) {
        let next = self.from_start[i] + 1;
        for &j in &board.nbr[i] {
            if j != NONE && self.from_start[j as usize] == NO_ENEMY {
                self.from_start[j as usize] = next;
                self.window.push(j);
            }
        }
    }

    /// Readies the buffers for a map of `n` hexes, clearing only what the last use touched.
    fn clear(&mut self, n: usize) {
        if self.from_start.len() != n {
            *self = NearField {
                from_start: vec![NO_ENEMY; n],
                source: vec![NONE; n],
                dist: vec![NO_ENEMY; n],
                nearest: vec![NONE; n],
                ..NearField::default()
            };
            return;
        }
        for &i in &self.window {
            self.from_start[i as usize] = NO_ENEMY;
            self.dist[i as usize] = NO_ENEMY;
        }
        for &i in &self.marked {
            self.source[i as usize] = NONE;
        }
        self.window.clear();
        self.marked.clear();
        self.head = 0;
    }
}
