//! The R5 legal-move preview on a generated 200 x 200 hex map (costs 1-3, 10% impassable, 500
//! enemy units exerting ZOC), against its named peer in the same run: hexx's
//! `algorithms::field_of_movement` on the same map and budget (which knows no ZOC, no units and
//! no commands, and charges +1 per step, so it is given each hex's cost minus one).
//!
//! - `preview_20mp`: the full preview (reach, ZOC, "end closer", Reserve exclusion, verdicts and
//!   the path tree) of a 20-MP unit under Advance, Attack and Reserve;
//! - `preview_scaled_100mp`: the same with every cost and the budget multiplied by 5 (a search
//!   that settles each hex once costs the same; one that scans rings does not);
//! - `rebuild_after_enemies_move`: the enemy distance field and ZOC mask over the whole map, and
//!   the whole unit refresh (snapshot, occupancy, field);
//! - `hexx_field_of_movement_*`: the peer.
//!
//! Sizes are printed before the timings: hexes reached by each, so the comparison is visibly on
//! the same ground.

use hexx::Hex;
use hexx::algorithms::field_of_movement;
use sandtable::model::{Command, HexCost, Scenario, UnitId, generate};
use sandtable::rules::hex_commands::{Board, Search, preview_on};
use std::cell::RefCell;
use std::sync::LazyLock;

const SEED: u64 = 42;
const SCALE: u8 = 5;

/// The benchmark map: the mover has 20 MP.
static MAP: LazyLock<Scenario> = LazyLock::new(|| generate::hex_battlefield(200, 0.1, 500, SEED));
/// The same map with every terrain cost and the mover's MP multiplied by 5.
static SCALED: LazyLock<Scenario> = LazyLock::new(|| {
    let mut s = MAP.clone();
    for t in &mut s.terrain_types {
        if let HexCost::Mp(c) = t.hex_cost {
            t.hex_cost = HexCost::Mp(c * SCALE);
        }
    }
    let id = mover(&s);
    if let Some(u) = s.unit_mut(id) {
        u.stats.mp *= SCALE;
    }
    s
});

fn mover(s: &Scenario) -> UnitId {
    s.units
        .iter()
        .find(|u| u.name == "Mover")
        .map(|u| u.id)
        .expect("the generated map has a mover")
}

fn scenario(name: &str) -> &'static Scenario {
    if name == "scaled" { &SCALED } else { &MAP }
}

/// hexx's cost function on the same ground: its field adds 1 per step, so a hex costing `c`
/// MP is given `c - 1`; impassable and off-map hexes are `None`.
struct HexxCosts {
    board: Board,
    cost: Vec<Option<u32>>,
    start: Hex,
    budget: u32,
}

fn hexx_costs(s: &Scenario) -> HexxCosts {
    let board = Board::new(s).expect("hex map");
    let map = s.map.as_hex().expect("hex map");
    let cost = map
        .terrain
        .iter()
        .map(|t| match s.terrain(*t).map(|t| t.hex_cost) {
            Some(HexCost::Mp(c)) => Some(u32::from(c) - 1),
            _ => None,
        })
        .collect();
    let u = s.unit(mover(s)).expect("mover");
    HexxCosts {
        board,
        cost,
        start: u.hex().map(|(h, _)| h).expect("on the map"),
        budget: u32::from(u.stats.mp),
    }
}

fn hexx_field(c: &HexxCosts) -> usize {
    field_of_movement(c.start, c.budget, |h| {
        c.board.index_of(h).and_then(|i| c.cost[i])
    })
    .len()
}

fn main() {
    for name in ["plain", "scaled"] {
        let s = scenario(name);
        let board = Board::new(s).expect("hex map");
        let mut search = Search::new();
        for cmd in COMMANDS {
            let p = preview_on(&board, &mut search, mover(s), Some(cmd)).expect("preview");
            println!(
                "{name} {cmd}: allowance {} MP, {} hexes in reach, {} legal",
                p.allowance,
                p.hexes.len(),
                p.legal().count()
            );
        }
        println!(
            "{name}: hexx field_of_movement reaches {} hexes",
            hexx_field(&hexx_costs(s))
        );
    }
    divan::main();
}

const COMMANDS: [Command; 3] = [Command::Advance, Command::Attack, Command::Reserve];

fn bench_preview(bencher: divan::Bencher, map: &str, cmd: Command) {
    let s = scenario(map);
    let board = Board::new(s).expect("hex map");
    let search = RefCell::new(Search::new());
    let id = mover(s);
    bencher.bench_local(|| {
        preview_on(&board, &mut search.borrow_mut(), id, Some(cmd)).expect("preview")
    });
}

#[divan::bench(args = COMMANDS)]
fn preview_20mp(bencher: divan::Bencher, cmd: Command) {
    bench_preview(bencher, "plain", cmd);
}

#[divan::bench(args = COMMANDS)]
fn preview_scaled_100mp(bencher: divan::Bencher, cmd: Command) {
    bench_preview(bencher, "scaled", cmd);
}

#[divan::bench]
fn hexx_field_of_movement_20mp(bencher: divan::Bencher) {
    let c = hexx_costs(&MAP);
    bencher.bench_local(|| hexx_field(&c));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn hexx_field_of_movement_scaled_100mp(bencher: divan::Bencher) {
    let c = hexx_costs(&SCALED);
    bencher.bench_local(|| hexx_field(&c));
}

/// After the enemy moved: the mover's side needs its enemy distance field and ZOC mask again.
#[divan::bench]
fn rebuild_after_enemies_move(bencher: divan::Bencher) {
    let s = &*MAP;
    let board = RefCell::new(Board::new(s).expect("hex map"));
    let blue = s.sides[0].id;
    bencher.bench_local(|| {
        let mut b = board.borrow_mut();
        b.rebuild_field(blue).map(|f| f.distance(0))
    });
}

/// The whole unit refresh: re-read 502 units, occupancy, then the mover side's field.
#[divan::bench]
fn update_units_and_field(bencher: divan::Bencher) {
    let s = &*MAP;
    let board = RefCell::new(Board::new(s).expect("hex map"));
    let blue = s.sides[0].id;
    bencher.bench_local(|| {
        let mut b = board.borrow_mut();
        b.update_units(s);
        b.side_field(blue).map(|f| f.distance(0))
    });
}
