//! Save and load of large generated scenarios, binary against JSON (the peer: the same model
//! through serde_json). File sizes are printed before the timings.

use sandtable::io::{self, codec};
use sandtable::model::{Scenario, generate};
use std::sync::LazyLock;

fn main() {
    for (name, s) in [("table_5000_models", &*TABLE), ("hex_200x200", &*HEX)] {
        let bin = codec::encode_binary(s);
        let json = codec::encode_json(s);
        println!(
            "{name}: binary {} bytes, JSON {} bytes ({:.1}x)",
            bin.len(),
            json.len(),
            json.len() as f64 / bin.len() as f64
        );
    }
    divan::main();
}

/// 5,000 models in 500 units, 60 terrain pieces.
static TABLE: LazyLock<Scenario> = LazyLock::new(|| generate::crowded_table(5000, 60, 42));
/// A 200 x 200 hex map (40,000 hexes) with 5,000 units: a leader, the unit it commands and
/// 4,998 enemies, the most a scenario may hold (so that it loads).
static HEX: LazyLock<Scenario> = LazyLock::new(|| generate::hex_battlefield(200, 0.1, 4998, 42));

fn scenario(name: &str) -> &'static Scenario {
    if name == "table" { &TABLE } else { &HEX }
}

const MAPS: [&str; 2] = ["table", "hex"];

#[divan::bench(args = MAPS)]
fn encode_binary(map: &str) -> Vec<u8> {
    codec::encode_binary(scenario(map))
}

#[divan::bench(args = MAPS)]
fn encode_json(map: &str) -> Vec<u8> {
    codec::encode_json(scenario(map))
}

#[divan::bench(args = MAPS)]
fn decode_binary(bencher: divan::Bencher, map: &str) {
    let bytes = codec::encode_binary(scenario(map));
    bencher.bench(|| io::decode(divan::black_box(&bytes)).expect("decodes"));
}

#[divan::bench(args = MAPS)]
fn decode_json(bencher: divan::Bencher, map: &str) {
    let bytes = codec::encode_json(scenario(map));
    bencher.bench(|| io::decode(divan::black_box(&bytes)).expect("decodes"));
}

/// The whole save path: encode, write a temporary file, fsync, rename.
#[divan::bench(args = MAPS, sample_count = 20)]
fn save_binary_atomic(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.sandtable");
    bencher.bench(|| io::save(&path, scenario(map)).expect("saves"));
}

#[divan::bench(args = MAPS, sample_count = 20)]
fn save_json_atomic(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.json");
    bencher.bench(|| io::save(&path, scenario(map)).expect("saves"));
}

/// The whole load path: read the file, check the header and checksum, decode, validate.
#[divan::bench(args = MAPS)]
fn load_binary(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.sandtable");
    io::save(&path, scenario(map)).expect("saves");
    bencher.bench(|| io::load(&path).expect("loads"));
}

#[divan::bench(args = MAPS)]
fn load_json(bencher: divan::Bencher, map: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.json");
    io::save(&path, scenario(map)).expect("saves");
    bencher.bench(|| io::load(&path).expect("loads"));
}
