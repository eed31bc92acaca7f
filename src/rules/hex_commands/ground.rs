//! The static layer of the last board built, shared by the boards built after it while the
//! ground they are read from is the same.

use crate::model::{HexMap, HexsideCosts, Scenario, TerrainType, ZocOptions};
use hexx::Hex;
use std::sync::{Arc, Mutex};

/// What the static layer is built from: the map (its cells and hexsides shared with the
/// scenario, so comparing them is a pointer test while nothing changed them), the terrain table,
/// the hexside costs and the zone-of-control options that decide which edges stop a ZOC.
#[derive(PartialEq)]
pub(super) struct GroundKey {
    map: HexMap,
    terrain: Vec<TerrainType>,
    costs: HexsideCosts,
    zoc: ZocOptions,
}

/// One of the six steps out of a hex: where it leads and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub to: u32,
    /// MP to take the step, or `board::BLOCKED`.
    pub cost: u16,
}

/// The static layer's arrays (see `board`'s module documentation).
#[derive(Clone)]
pub(super) struct Ground {
    pub(super) hexes: Arc<Vec<Hex>>,
    pub(super) steps: Arc<Vec<[Step; 6]>>,
    pub(super) nbr: Arc<Vec<[u32; 6]>>,
    pub(super) edges: Arc<Vec<[u8; 6]>>,
    pub(super) enter: Arc<Vec<u16>>,
    /// The least MP any step costs.
    pub(super) min_cost: u16,
}

/// The static layer of the last board built, and what it was built from. Every move, preview
/// and check builds a board of the scenario as it stands; between edits of the ground they all
/// share one static layer instead of pricing every step of a 40,000-hex map again. A pure
/// function's memo: the key holds everything the layer is read from, so a board is the same with
/// it or without it (`a_board_built_again_after_a_change_of_the_ground_reads_the_new_ground`).
static GROUND: Mutex<Option<(GroundKey, Ground)>> = Mutex::new(None);

impl GroundKey {
    pub(super) fn of(s: &Scenario, map: &HexMap) -> GroundKey {
        GroundKey {
            map: map.clone(),
            terrain: s.terrain_types.clone(),
            costs: s.rules.hexside_costs,
            zoc: s.rules.zoc.clone(),
        }
    }
}

/// The static layer built last from `key`'s ground, if that was the last one built.
pub(super) fn known(key: &GroundKey) -> Option<Ground> {
    let last = GROUND.lock().ok()?;
    last.as_ref()
        .filter(|(k, _)| k == key)
        .map(|(_, g)| g.clone())
}

/// Keeps `ground`, built from `key`, for the boards built next.
pub(super) fn remember(key: GroundKey, ground: Ground) {
    if let Ok(mut last) = GROUND.lock() {
        *last = Some((key, ground));
    }
}
