//! One Dijkstra, in the style of Wesnoth's `find_routes`: per hex the MP spent and the previous
//! hex; entering a hex in an enemy zone of control (or inside a Reserve exclusion, or an
//! enemy-held hex) ends the move there, which is Wesnoth's "moves left = 0".
//!
//! Speed: the state lives in flat arrays indexed by the board's dense hex index and is reused
//! between calls. A generation stamp marks which entries belong to the current call, so a call
//! touches only the hexes it reaches instead of clearing the whole map. The queue is a bucket
//! queue indexed by MP (costs are small integers), and each reachable hex is settled exactly
//! once: popped entries whose cost went stale are skipped. No hashing in the loop.

use super::board::{BLOCKED, Board, ENEMY, IN_ZOC, NONE};
use super::side_field::NearField;

/// How a step is priced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pricing {
    /// The board's MP costs (terrain, road, hexsides).
    Terrain,
    /// Every passable step costs 1: "two further hexes" of the cavalry second combat.
    Hexes,
}

/// What one search obeys. Everything but the start hex that matches a "stop" rule is entered
/// (its cost recorded) but not left.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params<'a> {
    pub start: u32,
    pub budget: u16,
    pub pricing: Pricing,
    /// The mover's side flags ([`ENEMY`], [`IN_ZOC`]); `None` ignores units altogether.
    pub flags: Option<&'a [u8]>,
    /// Entering an enemy zone of control ends the move.
    pub zoc: bool,
    /// Hexes whose enemy distance is below the threshold end the move (the Reserve exclusion).
    pub exclusion: Option<(&'a [u16], u16)>,
    /// Only the first step: every hex but the start ends the move (Stand).
    pub one_step: bool,
    /// MP already spent on reaching the start: a unit coming onto the map pays its entry hex.
    pub start_cost: u16,
    /// The start is entered like any other hex (a unit coming onto the map), so the stop rules
    /// apply to it too.
    pub start_entered: bool,
}

impl<'a> Params<'a> {
    pub fn plain(start: u32, budget: u16) -> Self {
        Params {
            start,
            budget,
            pricing: Pricing::Terrain,
            flags: None,
            zoc: false,
            exclusion: None,
            one_step: false,
            start_cost: 0,
            start_entered: false,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// `gen` when reached in this call, `gen + 1` once settled; anything else is stale.
    stamp: u32,
    prev: u32,
    /// Caller's slot for this hex (e.g. its position in a preview list).
    pub tag: u32,
    cost: u16,
}

/// One search's reusable state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layer {
    nodes: Vec<Node>,
    /// Settled hexes in settling order (by cost, ties in a fixed order).
    pub settled: Vec<u32>,
    generation: u32,
    buckets: Vec<Vec<u32>>,
}

impl Layer {
    fn begin(&mut self, n: usize, budget: u16) {
        if self.nodes.len() != n {
            self.nodes = vec![Node::default(); n];
            self.generation = 0;
        }
        if self.generation >= u32::MAX - 4 {
            self.nodes.fill(Node::default());
            self.generation = 0;
        }
        self.generation += 2;
        self.settled.clear();
        let want = budget as usize + 1;
        if self.buckets.len() < want {
            self.buckets.resize_with(want, Vec::new);
        }
    }

    /// Runs the search. Afterwards [`Layer::settled`] lists every hex reached within budget.
    pub fn run(&mut self, board: &Board, p: &Params<'_>) {
        let n = board.len();
        self.begin(n, p.budget);
        let g = self.generation;
        if p.start_cost > p.budget {
            return;
        }
        let Some(first) = self.nodes.get_mut(p.start as usize) else {
            return;
        };
        *first = Node {
            stamp: g,
            prev: NONE,
            tag: 0,
            cost: p.start_cost,
        };
        self.buckets[p.start_cost as usize].push(p.start);
        let mut pending = 1usize;
        let budget = u32::from(p.budget);
        let stop_mask = if p.zoc { ENEMY | IN_ZOC } else { ENEMY };
        let steps = &board.steps;
        for c in 0..=p.budget as usize {
            if pending == 0 {
                break;
            }
            let bucket = std::mem::take(&mut self.buckets[c]);
            pending -= bucket.len();
            for &i in &bucket {
                let iu = i as usize;
                let node = &mut self.nodes[iu];
                if node.stamp != g || node.cost as usize != c {
                    continue; // settled already, or superseded by a cheaper entry
                }
                node.stamp = g + 1;
                self.settled.push(i);
                if i != p.start || p.start_entered {
                    if p.one_step {
                        continue;
                    }
                    if let Some(flags) = p.flags
                        && flags[iu] & stop_mask != 0
                    {
                        continue;
                    }
                    if let Some((dist, threshold)) = p.exclusion
                        && dist[iu] < threshold
                    {
                        continue;
                    }
                }
                for st in &steps[iu] {
                    if st.cost == BLOCKED {
                        continue;
                    }
                    let step = match p.pricing {
                        Pricing::Terrain => u32::from(st.cost),
                        Pricing::Hexes => 1,
                    };
                    let nc = c as u32 + step;
                    if nc > budget {
                        continue;
                    }
                    let j = st.to as usize;
                    let nj = &mut self.nodes[j];
                    if nj.stamp == g + 1 {
                        continue;
                    }
                    if nj.stamp != g || nc < u32::from(nj.cost) {
                        *nj = Node {
                            stamp: g,
                            prev: i,
                            tag: 0,
                            cost: nc as u16,
                        };
                        self.buckets[nc as usize].push(st.to);
                        pending += 1;
                    }
                }
            }
            let mut bucket = bucket;
            bucket.clear();
            self.buckets[c] = bucket;
        }
        // Anything left in later buckets (none when pending hit zero) is cleared for reuse.
        if pending != 0 {
            for b in &mut self.buckets {
                b.clear();
            }
        }
    }

    /// Whether `i` was settled in the last run.
    #[inline]
    pub fn reached(&self, i: u32) -> bool {
        self.nodes
            .get(i as usize)
            .is_some_and(|n| n.stamp == self.generation + 1)
    }

    /// MP spent to reach `i` in the last run.
    #[inline]
    pub fn cost(&self, i: u32) -> Option<u16> {
        self.reached(i).then(|| self.nodes[i as usize].cost)
    }

    /// The previous hex on the cheapest path to `i` ([`NONE`] for the start).
    #[inline]
    pub fn prev(&self, i: u32) -> u32 {
        self.nodes[i as usize].prev
    }

    #[inline]
    pub fn set_tag(&mut self, i: u32, tag: u32) {
        self.nodes[i as usize].tag = tag;
    }

    #[inline]
    pub fn tag(&self, i: u32) -> u32 {
        self.nodes[i as usize].tag
    }

    /// The cheapest path to a settled hex, start first.
    pub fn path(&self, i: u32) -> Vec<u32> {
        let mut v = Vec::new();
        if !self.reached(i) {
            return v;
        }
        let mut at = i;
        while at != NONE {
            v.push(at);
            at = self.nodes[at as usize].prev;
        }
        v.reverse();
        v
    }
}

/// Reusable scratch for previews: two layers, one for the plain MP reach and one under the
/// command's rules. Keep one per board (or per thread) and pass it to every preview.
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub(crate) reach: Layer,
    pub(crate) legal: Layer,
    /// The distances to the enemy near the unit being previewed.
    pub(crate) near: NearField,
}

impl Search {
    pub fn new() -> Self {
        Self::default()
    }
}
