//! The board: a scenario's hex map and units as flat arrays indexed by the map's dense hex index
//! (`geom::HexGrid`), so the search never hashes.
//!
//! Built in two layers:
//! - **static** (from the map and the rule options, rebuilt only when they change): the hex of
//!   every index, a neighbour table holding the MP cost of each of the six steps out of a hex
//!   (terrain, road, river, wall and bridge already folded in; impassable edges marked), and the
//!   hexside features per direction;
//! - **units** (rebuilt when units move, see [`Board::update_units`]): a snapshot of the units the
//!   rules read, hex occupancy, and per side, lazily, its marks (enemy hexes, the enemy
//!   zone-of-control mask) and the [`SideField`]: distance to the nearest enemy combat unit over
//!   the whole map. A move's preview reads the distances near its unit only (`side_field`'s
//!   `NearField`) until the board has asked often enough to make the whole map's worth building.

use super::error::HexError;
use super::ground::{self, Ground, GroundKey, Step};
use super::unit_ref::UnitRef;
use crate::geom::HexGrid;
use crate::model::{
    HexCost, HexEdge, HexMap, HexShape, HexsideCosts, Leadership, Map, Morale, Place, Position,
    Scenario, SideId, Strength, UnitId, UnitKind, UnitState, ZocOptions,
};
use hexx::{EdgeDirection, Hex};
use std::cell::{Cell, OnceCell};
use std::collections::HashMap;
use std::sync::Arc;

/// No hex / no unit.
pub(crate) const NONE: u32 = u32::MAX;
/// A step that cannot be taken: off the map, impassable terrain or an impassable hexside.
pub(crate) const BLOCKED: u16 = u16::MAX;
/// Distance to the enemy when the side has no enemy combat unit on the map.
pub const NO_ENEMY: u16 = u16::MAX;

/// Hexside bits, per hex and direction.
pub(crate) const RIVER: u8 = 1;
pub(crate) const WALL: u8 = 2;
pub(crate) const BRIDGE: u8 = 4;
pub(crate) const ROAD: u8 = 8;
/// Zones of control do not reach across this edge (the designer's `blocks_zoc`, or a river or
/// wall under the scenario's ZOC options).
pub(crate) const ZOC_STOP: u8 = 16;
pub(crate) const TRACK: u8 = 32;
pub(crate) const RAILWAY: u8 = 64;

/// Per-hex flags of a side's view of the board.
/// The hex is in the zone of control of an enemy unit.
pub(crate) const IN_ZOC: u8 = 1;
/// An enemy unit stands here: the hex may not be entered.
pub(crate) const ENEMY: u8 = 2;

const NO_STEP: Step = Step {
    to: NONE,
    cost: BLOCKED,
};

/// What the rules need to know about a unit, copied out of the scenario.
#[derive(Clone, Debug)]
pub(crate) struct BoardUnit {
    pub id: UnitId,
    pub name: Arc<str>,
    /// Index into [`Board::sides`].
    pub side: usize,
    pub kind: UnitKind,
    pub mp: u8,
    /// Dense hex index and facing, when on the map.
    pub at: Option<(u32, u8)>,
    pub leadership: Option<Leadership>,
    pub commander: Option<UnitId>,
    pub state: UnitState,
    pub strength: Strength,
    /// Exerts a zone of control: its own switch, and its kind not exempted by the scenario.
    pub zoc: bool,
}

impl BoardUnit {
    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    pub fn in_play(&self) -> bool {
        self.state.morale != Morale::Removed
    }

    /// On the map and in play: it stands somewhere and counts.
    pub fn present(&self) -> Option<(u32, u8)> {
        if self.in_play() { self.at } else { None }
    }

    pub fn acts_as_cavalry(&self) -> bool {
        match self.kind {
            UnitKind::Cavalry => true,
            UnitKind::Dragoons => self.state.mounted,
            _ => false,
        }
    }

    pub fn r(&self) -> UnitRef {
        UnitRef {
            id: self.id,
            name: self.name.clone(),
        }
    }

    /// Routed or destroyed, for the Muster trigger.
    pub fn routed_or_destroyed(&self) -> bool {
        matches!(self.state.morale, Morale::Routing | Morale::Removed) || self.strength.current == 0
    }
}

/// A reinforcement coming onto the map (R5): see [`Board::arrival`].
#[derive(Clone, Debug)]
pub(crate) struct Arrival {
    /// The unit as it enters: on its entry hex, arrived this turn, dragoons mounted.
    pub unit: BoardUnit,
    /// The entry hex's dense index.
    pub index: u32,
    /// MP entering it costs (its terrain).
    pub cost: u16,
    /// The turn the reinforcement is due.
    pub turn: u16,
}

/// A side's marks: the enemy units it sees and the hexes they hold or control.
#[derive(Clone, Debug, Default)]
pub struct SideMarks {
    /// [`IN_ZOC`] and [`ENEMY`] bits, per hex.
    pub(crate) flags: Vec<u8>,
    /// Unit slots of the enemy combat units on the map, in ID order.
    pub(crate) enemies: Vec<u32>,
}

/// One side's view of the whole board: its marks and every hex's distance to the enemy.
#[derive(Clone, Debug)]
pub struct SideField {
    /// Hex steps to the nearest enemy combat unit ([`NO_ENEMY`] when there is none).
    pub(crate) dist: Vec<u16>,
    /// The nearest enemy combat unit (unit slot), lowest ID among equals.
    pub(crate) nearest: Vec<u32>,
    /// [`IN_ZOC`] and [`ENEMY`] bits.
    pub(crate) flags: Vec<u8>,
    /// Unit slots of the enemy combat units on the map, in ID order.
    pub(crate) enemies: Vec<u32>,
}

impl SideField {
    /// Hex steps from `index` to the nearest enemy combat unit.
    pub fn distance(&self, index: usize) -> Option<u16> {
        self.dist.get(index).copied().filter(|d| *d != NO_ENEMY)
    }

    pub fn in_zoc(&self, index: usize) -> bool {
        self.flags.get(index).is_some_and(|f| f & IN_ZOC != 0)
    }
}

/// The scenario's hex map and units as flat arrays. See the module documentation.
pub struct Board {
    pub(crate) grid: HexGrid,
    pub(crate) rectangle: bool,
    /// The map's offset grid and printed labels (`None` on a hexagonal map).
    labels: Option<crate::model::labels::OffsetLabels>,
    pub(crate) hexes: Arc<Vec<Hex>>,
    pub(crate) steps: Arc<Vec<[Step; 6]>>,
    /// The six neighbours of each hex, passable or not ([`NONE`] off the map), for the BFS.
    pub(super) nbr: Arc<Vec<[u32; 6]>>,
    /// Hexside bits by direction.
    pub(crate) edges: Arc<Vec<[u8; 6]>>,
    zoc: ZocOptions,
    pub(crate) turn: u16,
    pub(crate) sides: Vec<SideId>,
    /// Sorted by unit ID (a unit's slot is found by binary search: no map to build per board).
    pub(crate) units: Vec<BoardUnit>,
    /// The combat unit standing on each hex (lowest ID when stacked), or [`NONE`].
    pub(crate) occupant: Vec<u32>,
    /// How many combat units stand on each hex.
    stacked: Vec<u8>,
    /// The most combat units a hex may hold (the scenario's stacking limit).
    per_hex: u8,
    /// MP to enter each hex from beyond the map edge: its terrain cost, or [`BLOCKED`].
    enter: Arc<Vec<u16>>,
    /// Units off the map that a reinforcement brings on: its turn and entry hex (`None` when
    /// the entry is not a hex of the map).
    arrivals: HashMap<UnitId, (u16, Option<u32>)>,
    fields: Vec<OnceCell<SideField>>,
    /// Each side's marks alone (what a move's preview reads; its distances are a `NearField`).
    marks: Vec<OnceCell<SideMarks>>,
    /// The least MP any step of the map costs (at least 1): how many steps an MP budget buys.
    min_cost: u16,
    /// Hexes the previews' near windows searched since the units were read (`take_near`).
    near_spent: Cell<u64>,
    /// Fields dropped by the last refresh, whose buffers the next build reuses.
    spare: Vec<Cell<Option<SideField>>>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("grid", &self.grid)
            .field("hexes", &self.hexes.len())
            .field("sides", &self.sides)
            .field("units", &self.units.len())
            .field("turn", &self.turn)
            .finish_non_exhaustive()
    }
}

impl Board {
    /// Builds the board of a hex-map scenario.
    pub fn new(s: &Scenario) -> Result<Board, HexError> {
        let Map::Hex(map) = &s.map else {
            return Err(HexError::NotHexMap);
        };
        let grid = map.grid();
        let n = grid.len();
        if map.terrain.len() != n {
            return Err(HexError::TerrainSize {
                hexes: n,
                terrain: map.terrain.len(),
            });
        }
        let key = GroundKey::of(s, map);
        let known = ground::known(&key);
        let mut board = Board {
            grid,
            rectangle: matches!(map.shape, HexShape::Rectangle { .. }),
            labels: map.offset_labels(),
            hexes: Arc::default(),
            steps: Arc::default(),
            nbr: Arc::default(),
            edges: Arc::default(),
            zoc: s.rules.zoc.clone(),
            turn: s.turn,
            sides: Vec::new(),
            units: Vec::new(),
            occupant: vec![NONE; n],
            stacked: vec![0; n],
            per_hex: s.rules.units_per_hex(),
            enter: Arc::default(),
            arrivals: HashMap::new(),
            fields: Vec::new(),
            marks: Vec::new(),
            min_cost: 1,
            near_spent: Cell::new(0),
            spare: Vec::new(),
        };
        match known {
            Some(g) => board.set_ground(&g),
            None => {
                board.hexes = Arc::new(all_hexes(map, grid));
                board.edges = Arc::new(vec![[0; 6]; n]);
                board.build_edges(map);
                board.build_steps(s, map, s.rules.hexside_costs);
                ground::remember(key, board.ground());
            }
        }
        board.update_units(s);
        Ok(board)
    }

    /// The static layer's arrays, shared with the boards built after this one.
    fn ground(&self) -> Ground {
        Ground {
            hexes: self.hexes.clone(),
            steps: self.steps.clone(),
            nbr: self.nbr.clone(),
            edges: self.edges.clone(),
            enter: self.enter.clone(),
            min_cost: self.min_cost,
        }
    }

    fn set_ground(&mut self, g: &Ground) {
        self.hexes = g.hexes.clone();
        self.steps = g.steps.clone();
        self.nbr = g.nbr.clone();
        self.edges = g.edges.clone();
        self.enter = g.enter.clone();
        self.min_cost = g.min_cost;
    }

    fn build_edges(&mut self, map: &HexMap) {
        let zoc = &self.zoc;
        for side in &map.hexsides {
            let f = side.features;
            let mut bits = 0;
            for (on, bit) in [
                (f.river, RIVER),
                (f.wall, WALL),
                (f.bridge, BRIDGE),
                (f.road, ROAD),
                (f.track, TRACK),
                (f.railway, RAILWAY),
            ] {
                if on {
                    bits |= bit;
                }
            }
            if f.blocks_zoc
                || (zoc.river_blocks && f.river && !f.bridge)
                || (zoc.wall_blocks && f.wall)
            {
                bits |= ZOC_STOP;
            }
            let d = (side.direction % 6) as usize;
            let other = side.hex.neighbor(EdgeDirection::ALL_DIRECTIONS[d]);
            if let Some(i) = self.index_of(side.hex) {
                Arc::make_mut(&mut self.edges)[i][d] = bits;
            }
            if let Some(j) = self.index_of(other) {
                Arc::make_mut(&mut self.edges)[j][(d + 3) % 6] = bits;
            }
        }
    }

    fn build_steps(&mut self, s: &Scenario, map: &HexMap, costs: HexsideCosts) {
        // Entry cost of every hex from its terrain; unknown terrain is impassable.
        let table: HashMap<_, _> = s
            .terrain_types
            .iter()
            .map(|t| {
                let c = match t.hex_cost {
                    HexCost::Mp(c) => u16::from(c.max(1)),
                    HexCost::Impassable => BLOCKED,
                };
                (t.id, c)
            })
            .collect();
        let mut enter: Vec<u16> = map
            .terrain
            .iter()
            .map(|t| table.get(t).copied().unwrap_or(BLOCKED))
            .collect();
        // A half hex the scenario does not let units use is entered by no step, as if
        // impassable (the map's edge cuts it; `HexEdge::ThroughHexes`).
        if let (HexEdge::ThroughHexes { playable: false }, Some(frame)) =
            (map.edge, map.cut_frame())
        {
            for (i, e) in enter.iter_mut().enumerate() {
                if map.is_cut_by(&frame, self.hexes[i]) {
                    *e = BLOCKED;
                }
            }
        }
        let road = u16::from(costs.road_mp.max(1));
        let track = u16::from(costs.track_mp.max(1));
        let railway = u16::from(costs.railway_mp.max(1));
        let mut steps = vec![[NO_STEP; 6]; self.hexes.len()];
        let mut min_cost = BLOCKED - 1;
        let mut nbr = vec![[NONE; 6]; self.hexes.len()];
        for (i, out) in steps.iter_mut().enumerate() {
            let hex = self.hexes[i];
            for (d, step) in out.iter_mut().enumerate() {
                let Some(j) = self.index_of(hex.neighbor(EdgeDirection::ALL_DIRECTIONS[d])) else {
                    continue;
                };
                nbr[i][d] = j as u32;
                let base = enter[j];
                if base == BLOCKED {
                    continue;
                }
                let bits = self.edges[i][d];
                let mut cost = if bits & ROAD != 0 { road } else { base };
                // A track or railway never costs more than the ground it crosses.
                if bits & TRACK != 0 {
                    cost = cost.min(track);
                }
                if bits & RAILWAY != 0 {
                    cost = cost.min(railway);
                }
                if bits & RIVER != 0 && bits & BRIDGE == 0 {
                    match costs.river_extra {
                        Some(x) => cost += u16::from(x),
                        None => continue,
                    }
                }
                if bits & WALL != 0 {
                    match costs.wall_extra {
                        Some(x) => cost += u16::from(x),
                        None => continue,
                    }
                }
                *step = Step {
                    to: j as u32,
                    cost: cost.min(BLOCKED - 1),
                };
                min_cost = min_cost.min(step.cost);
            }
        }
        self.steps = Arc::new(steps);
        self.nbr = Arc::new(nbr);
        self.enter = Arc::new(enter);
        self.min_cost = min_cost.max(1);
    }

    /// Re-reads the units: call after any unit moved, changed state or command. Occupancy is
    /// rebuilt at once; each side's enemy distance field and ZOC mask on first use.
    pub fn update_units(&mut self, s: &Scenario) {
        self.turn = s.turn;
        self.per_hex = s.rules.units_per_hex();
        self.sides = s.sides.iter().map(|x| x.id).collect();
        let mut units: Vec<BoardUnit> = s
            .units
            .iter()
            .map(|u| {
                let side = match self.sides.iter().position(|x| *x == u.side) {
                    Some(i) => i,
                    None => {
                        self.sides.push(u.side);
                        self.sides.len() - 1
                    }
                };
                let at = u
                    .hex()
                    .and_then(|(h, f)| self.index_of(h).map(|i| (i as u32, f % 6)));
                BoardUnit {
                    id: u.id,
                    name: Arc::from(u.name.as_str()),
                    side,
                    kind: u.kind,
                    mp: u.stats.mp,
                    at,
                    leadership: u.leadership,
                    commander: u.commander,
                    state: u.state,
                    strength: u.strength,
                    zoc: u.exerts_zoc && !self.zoc.exempt_kinds.contains(&u.kind.tag()),
                }
            })
            .collect();
        units.sort_by_key(|u| u.id);
        self.arrivals.clear();
        for r in &s.reinforcements {
            let entry = match r.entry {
                Place::Hex(h) => self.index_of(h).map(|i| i as u32),
                Place::Table(_) => None,
            };
            for id in &r.units {
                if s.unit(*id).is_some_and(|u| u.position == Position::OffMap) {
                    self.arrivals.entry(*id).or_insert((r.turn, entry));
                }
            }
        }
        self.occupant.fill(NONE);
        self.stacked.fill(0);
        for (slot, u) in units.iter().enumerate() {
            if let Some((i, _)) = u.present()
                && !u.is_leader()
            {
                let i = i as usize;
                if self.occupant[i] == NONE {
                    self.occupant[i] = slot as u32;
                }
                self.stacked[i] = self.stacked[i].saturating_add(1);
            }
        }
        self.units = units;
        self.retire_fields();
    }

    /// The dense index of a hex, or `None` off the map.
    pub fn index_of(&self, hex: Hex) -> Option<usize> {
        match self.grid {
            HexGrid::Hexagon { radius } => hexagon_index(radius as i32, hex),
            HexGrid::Rectangle { .. } => self.grid.index_of(hex),
        }
    }

    pub fn hex_at(&self, index: usize) -> Option<Hex> {
        self.hexes.get(index).copied()
    }

    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    pub fn grid(&self) -> HexGrid {
        self.grid
    }

    /// The grid and scheme that give hexes their offset column, row and printed label: the
    /// map's, when it is a rectangle; `None` on a hexagonal map.
    pub fn offset_labels(&self) -> Option<crate::model::labels::OffsetLabels> {
        self.labels
    }

    /// The label printed on a hex of a rectangular map (the map's scheme).
    pub fn label(&self, hex: Hex) -> Option<String> {
        self.labels.and_then(|l| l.label(hex))
    }

    /// How a message names a hex (see [`HexMap::hex_name`](crate::model::HexMap::hex_name)).
    pub fn hex_name(&self, hex: Hex) -> String {
        crate::model::labels::hex_name(self.label(hex), hex)
    }

    /// Offset `[column, row]` of a hex on a rectangular map.
    pub fn offset_of(&self, hex: Hex) -> Option<[i32; 2]> {
        if self.rectangle {
            self.grid.offset_of(hex)
        } else {
            None
        }
    }

    pub(crate) fn slot(&self, id: UnitId) -> Result<u32, HexError> {
        self.units
            .binary_search_by_key(&id, |u| u.id)
            .map(|i| i as u32)
            .map_err(|_| HexError::UnknownUnit(id))
    }

    /// How the unit in `slot`, off the map, comes on this turn as a reinforcement: the unit
    /// as it enters (on its entry hex, arrived this turn, dragoons mounted), its entry hex and
    /// the MP entering it costs. Refused for a unit no reinforcement brings on this turn or
    /// earlier, or whose entry hex is not on the map or impassable.
    pub(crate) fn arrival(&self, slot: u32) -> Result<Arrival, HexError> {
        let u = self.unit(slot);
        let name = || u.name.to_string();
        let Some(&(turn, entry)) = self.arrivals.get(&u.id).filter(|_| u.in_play()) else {
            return Err(HexError::NotOnMap(name()));
        };
        if turn > self.turn {
            return Err(HexError::NotDueYet {
                name: name(),
                turn,
                now: self.turn,
            });
        }
        let index = entry.ok_or_else(|| HexError::EntryOffMap { name: name() })?;
        let cost = self.enter[index as usize];
        if cost == BLOCKED {
            return Err(HexError::EntryImpassable {
                name: name(),
                hex: self.hex_name(self.hexes[index as usize]),
            });
        }
        let mut unit = u.clone();
        unit.at = Some((index, 0));
        unit.state.arrived_this_turn = true;
        if unit.kind == UnitKind::Dragoons {
            unit.state.mounted = true;
        }
        Ok(Arrival {
            unit,
            index,
            cost,
            turn,
        })
    }

    /// A combat unit standing on hex `i` that is not the unit in `slot`, when the hex already
    /// holds as many combat units as the stacking limit allows besides that unit (so `slot`
    /// may not end its move there), else `None`.
    pub(crate) fn full(&self, i: usize, slot: u32) -> Option<u32> {
        let own = self.units[slot as usize]
            .present()
            .is_some_and(|(at, _)| at as usize == i);
        let others = self.stacked[i].saturating_sub(u8::from(own));
        if others < self.per_hex {
            return None;
        }
        let occ = self.occupant[i];
        if occ != slot {
            return Some(occ);
        }
        self.units
            .iter()
            .enumerate()
            .find(|(k, u)| {
                *k as u32 != slot
                    && !u.is_leader()
                    && u.present().is_some_and(|(at, _)| at as usize == i)
            })
            .map(|(k, _)| k as u32)
    }

    /// The stacking limit the board was built under: the most combat units a hex may hold.
    pub(crate) fn per_hex(&self) -> u8 {
        self.per_hex
    }

    pub(crate) fn unit(&self, slot: u32) -> &BoardUnit {
        &self.units[slot as usize]
    }

    pub(crate) fn unit_by_id(&self, id: UnitId) -> Option<&BoardUnit> {
        self.slot(id).ok().map(|s| &self.units[s as usize])
    }

    pub(crate) fn side_index(&self, side: SideId) -> Option<usize> {
        self.sides.iter().position(|s| *s == side)
    }

    /// The MP cost of stepping from `from` to its neighbour `to`, or `None` if the step is
    /// impossible (not neighbours, off the map, impassable).
    pub fn step_cost(&self, from: Hex, to: Hex) -> Option<u16> {
        let i = self.index_of(from)?;
        let d = from.neighbor_direction(to)?.index() as usize;
        let s = self.steps[i][d];
        (s.cost != BLOCKED).then_some(s.cost)
    }

    /// The view of side `side` (an index into the board's sides): enemy distance field, ZOC
    /// mask and enemy occupancy, computed on first use after [`Board::update_units`].
    pub(crate) fn field(&self, side: usize) -> &SideField {
        self.fields[side].get_or_init(|| {
            let reuse = self.spare.get(side).and_then(Cell::take);
            self.build_field(side, reuse)
        })
    }

    /// Public access to a side's field, for callers that keep a board between edits.
    pub fn side_field(&self, side: SideId) -> Option<&SideField> {
        self.side_index(side).map(|i| self.field(i))
    }

    /// Drops the cached side fields and rebuilds the one of `side` at once (what a move of the
    /// enemy costs: the whole-map distance field and ZOC mask).
    pub fn rebuild_field(&mut self, side: SideId) -> Option<&SideField> {
        self.retire_fields();
        self.side_field(side)
    }

    /// Empties the field cache, keeping the old buffers for reuse.
    fn retire_fields(&mut self) {
        let n = self.sides.len();
        let mut old = std::mem::take(&mut self.fields);
        self.spare = (0..n)
            .map(|i| Cell::new(old.get_mut(i).and_then(OnceCell::take)))
            .collect();
        self.fields = (0..n).map(|_| OnceCell::new()).collect();
        self.marks = (0..n).map(|_| OnceCell::new()).collect();
        self.near_spent.set(0);
    }

    /// The marks of side `side` (an index into the board's sides), computed on first use after
    /// [`Board::update_units`].
    pub(crate) fn marks(&self, side: usize) -> &SideMarks {
        self.marks[side].get_or_init(|| self.build_marks(side, Vec::new(), Vec::new()))
    }

    /// How many steps `budget` MP buy at most (every step costs at least the map's least).
    pub(crate) fn steps_for(&self, budget: u16) -> u16 {
        budget / self.min_cost
    }

    /// The whole map's field of `side`, if it was built since the units were last read.
    pub(crate) fn cached_field(&self, side: usize) -> Option<&SideField> {
        self.fields.get(side).and_then(OnceCell::get)
    }

    /// Whether the distances a move of `steps` from `d0` hexes off the enemy reads are to be
    /// searched near it (`NearField`) rather than over the whole map, which the board then
    /// keeps. A board built for one question (a move played) asks once: its window (a hexagon
    /// of radius `d0 + 2 (steps + 1)`) is searched while it is smaller than the map. A board
    /// kept between previews asks again and again: once its windows would have searched more
    /// hexes than the map holds, the whole map is searched, once, and read by every preview
    /// after. So no board searches more than twice what the whole-map field alone would cost.
    pub(crate) fn take_near(&self, d0: u16, steps: u16) -> bool {
        if d0 == NO_ENEMY {
            return true;
        }
        let r = u64::from(d0) + 2 * (u64::from(steps) + 1);
        let window = 3 * r * r + 3 * r + 1;
        let spent = self.near_spent.get() + window;
        if spent < self.hexes.len() as u64 {
            self.near_spent.set(spent);
            true
        } else {
            false
        }
    }

    /// Whether a unit facing `facing` exerts its zone of control in direction `d` (all six,
    /// or the three in front under the scenario's front-only option).
    pub(crate) fn zoc_direction(&self, facing: u8, d: usize) -> bool {
        let f = facing as usize % 6;
        !self.zoc.front_only || d == f || d == (f + 1) % 6 || d == (f + 5) % 6
    }

    /// The neighbour of `i` in direction `d`, passable or not, or [`NONE`] off the map.
    #[inline]
    pub(crate) fn neighbour(&self, i: usize, d: usize) -> u32 {
        self.nbr[i][d]
    }
}

/// Every hex of the map in dense-index order. Hexagons are generated row by row directly (the
/// same order as `HexGrid`), which avoids its per-index row scan on large maps.
fn all_hexes(map: &HexMap, grid: HexGrid) -> Vec<Hex> {
    match map.shape {
        HexShape::Hexagon { radius } => {
            let r = radius as i32;
            let mut v = Vec::with_capacity(grid.len());
            for y in -r..=r {
                for x in (-r).max(-r - y)..=r.min(r - y) {
                    v.push(Hex::new(x, y));
                }
            }
            v
        }
        HexShape::Rectangle { .. } => grid.hexes().collect(),
    }
}

/// `HexGrid::index_of` for hexagons in closed form (the grid sums row widths in a loop).
fn hexagon_index(r: i32, hex: Hex) -> Option<usize> {
    let (x, y) = (hex.x, hex.y);
    if x.abs() > r || y.abs() > r || (x + y).abs() > r {
        return None;
    }
    // Row y has width 2r+1-|y|. Rows -r..=0 hold (r+1)^2 + r(r+1)/2 hexes.
    let before = if y <= 0 {
        let k = y + r; // rows before this one, widths r+1, r+2, ..
        k * (r + 1) + k * (k - 1) / 2
    } else {
        let m = y - 1; // rows 1..=m after row 0, widths 2r, 2r-1, ..
        (r + 1) * (r + 1) + r * (r + 1) / 2 + m * (2 * r) - m * (m - 1) / 2
    };
    let xmin = (-r).max(-r - y);
    Some((before + x - xmin) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_index_matches_the_grid() {
        for radius in 0..7u32 {
            let g = HexGrid::Hexagon { radius };
            for (i, h) in g.hexes().enumerate() {
                assert_eq!(hexagon_index(radius as i32, h), Some(i), "r {radius} {h:?}");
            }
            assert_eq!(
                hexagon_index(radius as i32, Hex::new(radius as i32 + 1, 0)),
                None
            );
        }
    }
}
