//! Structure-aware fuzzing: each sample, decoded, is mutated where a hostile file would strike
//! (numbers to extremes and NaN, lists emptied, duplicated and grown past their limits, texts
//! made long, references pointed at other items, fields removed), written back both as a binary
//! file with a correct checksum and as JSON, then loaded and run through `check`, `info`, `log`,
//! `moves` for every unit, `span` for every leader, `test`, `play` (take back, end of phase) and
//! `export` (PNG and PDF at 10 DPI). Half the sources carry a game in play, so the game's fields
//! (its starting position, dice, acted units and log) are mutated like the rest.
//!
//! The cases run in a child (this test binary again, `fuzz_child`) under the caps of the
//! hostile-file tests: 256 MiB of address space beyond what the test process maps before its
//! first case (set on itself with `prlimit --pid`), and 5 s for any one case, enforced by a
//! watchdog that kills the child. Nothing may panic, and every refusal must be a sentence (no
//! Rust debug text). `SANDTABLE_FUZZ_CASES` sets the number of cases (default 2,000) and
//! `SANDTABLE_FUZZ_SEED` the seed (`SANDTABLE_FUZZ_FIRST` the first case, to rerun one).

#[path = "common/capped.rs"]
#[allow(dead_code)]
mod capped;
#[path = "common/game.rs"]
#[allow(dead_code)]
mod common_game;

use clap::Parser;
use sandtable::cli::{self, Cli};
use sandtable::io;
use sandtable::model::*;
use sandtable::samples;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;

const CHILD_ENV: &str = "SANDTABLE_FUZZ_CHILD";

/// SplitMix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A step into a JSON tree.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// A random place in the tree: from the root, step into a random child until a coin says stop
/// (or a leaf is reached). Deep places are reached as often as the structure allows, and a tree
/// grown huge by an earlier mutation costs no more to walk than its depth.
fn random_path(v: &Value, rng: &mut Rng) -> Vec<Seg> {
    let mut at = Vec::new();
    let mut v = v;
    loop {
        if rng.below(100) < 12 {
            return at;
        }
        v = match v {
            Value::Object(m) if !m.is_empty() => {
                let (k, c) = m.iter().nth(rng.below(m.len())).expect("in range");
                at.push(Seg::Key(k.clone()));
                c
            }
            Value::Array(a) if !a.is_empty() => {
                let i = rng.below(a.len());
                at.push(Seg::Index(i));
                &a[i]
            }
            _ => return at,
        };
    }
}

fn node<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    let mut v = v;
    for s in path {
        v = match s {
            Seg::Key(k) => v.get_mut(k.as_str())?,
            Seg::Index(i) => v.get_mut(*i)?,
        };
    }
    Some(v)
}

/// Every value of a key named `id` (and the IDs inside references), for pointing references
/// elsewhere.
fn ids(v: &Value, out: &mut Vec<u64>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                if k == "id"
                    && let Some(n) = c.as_u64()
                {
                    out.push(n);
                }
                ids(c, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| ids(c, out)),
        _ => {}
    }
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Object(m) => m.values().for_each(|c| strings(c, out)),
        Value::Array(a) => a.iter().for_each(|c| strings(c, out)),
        _ => {}
    }
}

const INTEGERS: [i64; 14] = [
    0,
    1,
    -1,
    255,
    256,
    65_535,
    65_536,
    4_294_967_295,
    4_294_967_296,
    i64::MAX,
    -2_147_483_649,
    1_000_000,
    40_001,
    17,
];
const FLOATS: [f64; 12] = [
    0.0,
    -0.0,
    1e38,
    -1e38,
    3.4e38,
    1e-45,
    2_147_483_649.0,
    -1e6,
    1e6,
    1e300,
    2000.5,
    -2000.5,
];

/// One mutation somewhere in `v`. Returns what it did, for the failure message.
fn mutate(v: &mut Value, rng: &mut Rng) -> String {
    let mut known_ids = Vec::new();
    ids(v, &mut known_ids);
    let mut texts = Vec::new();
    strings(v, &mut texts);
    known_ids.truncate(10_000);
    texts.truncate(10_000);
    let path = random_path(v, rng);
    let what = rng.below(100);
    let Some(target) = node(v, &path) else {
        return "nothing".into();
    };
    let done = match target {
        Value::Number(n) if what < 45 && !known_ids.is_empty() && n.is_u64() => {
            let id = *rng.pick(&known_ids);
            *target = Value::from(id);
            format!("reference {id}")
        }
        Value::Number(n) if n.is_f64() => {
            let x = *rng.pick(&FLOATS);
            *target = Value::from(x);
            format!("float {x}")
        }
        Value::Number(_) => {
            let x = *rng.pick(&INTEGERS);
            *target = Value::from(x);
            format!("integer {x}")
        }
        Value::Array(a) if !a.is_empty() => match what % 4 {
            0 => {
                a.clear();
                "emptied".into()
            }
            1 => {
                let k = rng.below(a.len());
                a.push(a[k].clone());
                "one duplicated".into()
            }
            2 => {
                // Past most limits, while the file stays a few MB.
                let k = rng.below(a.len());
                let size = a[k].to_string().len().max(1);
                let copies = (2_000_000 / size).min(120_000);
                let item = a[k].clone();
                a.extend(std::iter::repeat_n(item, copies));
                format!("{copies} copies")
            }
            _ => {
                a.reverse();
                "reversed".into()
            }
        },
        Value::Object(m) if !m.is_empty() && what < 30 => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let key = rng.pick(&keys).clone();
            m.remove(&key);
            format!("removed {key}")
        }
        Value::String(_) => match what % 4 {
            0 => {
                *target = Value::from("\u{202e}x\u{0}".repeat(1 + rng.below(90_000)));
                "long text".into()
            }
            1 => {
                *target = Value::from(String::new());
                "empty text".into()
            }
            _ => {
                // Another variant or name from the file: enums swapped.
                let t = rng.pick(&texts).clone();
                *target = Value::from(t.clone());
                format!("text {t:.20}")
            }
        },
        Value::Bool(b) => {
            *b = !*b;
            "flipped".into()
        }
        Value::Null => {
            *target = Value::from(known_ids.first().copied().unwrap_or(0));
            "null filled".into()
        }
        _ => "nothing".into(),
    };
    format!("{done} at {path:?}")
}

/// Winceby with every map field of format 2 set away from its default: a printed numbering,
/// an edge through unplayable half hexes and a calibrated background image.
fn with_map_fields() -> Scenario {
    let mut s = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    if let Map::Hex(m) = &mut s.map {
        m.labels = LabelScheme {
            first_column: 3,
            first_row: 0,
            column_digits: 1,
            row_digits: 3,
            column_letters: true,
            start: Corner::SouthEast,
        };
        m.edge = HexEdge::ThroughHexes { playable: false };
    }
    let mut png = Vec::new();
    image::RgbImage::from_pixel(24, 16, image::Rgb([200, 190, 160]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let mut bg = io::image::background_from_bytes(png).expect("usable");
    bg.placement = Some(ImagePlacement {
        origin_px: [4.0, 2.5],
        px_per_unit: 1.5,
        rotation_deg: 1.5,
    });
    s.background = Some(bg);
    s
}

/// Floats that JSON cannot hold, set in the typed scenario: NaN and infinities.
fn poison_floats(s: &mut Scenario, rng: &mut Rng) -> &'static str {
    let bad = *rng.pick(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -f32::NAN]);
    let models: Vec<(usize, usize)> = s
        .units
        .iter()
        .enumerate()
        .flat_map(|(u, unit)| (0..unit.models.len()).map(move |m| (u, m)))
        .collect();
    match rng.below(4) {
        0 if !models.is_empty() => {
            let (u, m) = *rng.pick(&models);
            s.units[u].models[m].pos.x = bad;
            "a model's x"
        }
        1 if !models.is_empty() => {
            let (u, m) = *rng.pick(&models);
            s.units[u].models[m].facing_deg = bad;
            "a model's facing"
        }
        2 if s.background.as_ref().is_some_and(|b| b.placement.is_some()) => {
            let p = s
                .background
                .as_mut()
                .and_then(|b| b.placement.as_mut())
                .expect("placed");
            match rng.below(3) {
                0 => p.px_per_unit = bad,
                1 => p.rotation_deg = bad,
                _ => p.origin_px[1] = bad,
            }
            "the background's placement"
        }
        2 => {
            if let Map::Hex(h) = &mut s.map {
                h.hex_size_mm = bad;
                "the hex size"
            } else if let Map::Table(t) = &mut s.map {
                t.width_in = bad;
                "the table width"
            } else {
                "nothing"
            }
        }
        _ => {
            if let Some(PieceShape::Polygon(p)) = s.pieces.first_mut().map(|p| &mut p.shape)
                && let Some(v) = p.first_mut()
            {
                v.y = bad;
                "a vertex"
            } else {
                "nothing"
            }
        }
    }
}

/// What a command's error says may not be Rust debug text.
fn sentence_problem(text: &str) -> Option<&'static str> {
    [
        "OtherString(",
        "IntegerType",
        "{ ",
        "Some(",
        "Error {",
        "Utf8",
    ]
    .into_iter()
    .find(|p| text.contains(p))
}

#[derive(Default, Debug)]
struct Tally {
    files: u64,
    loaded: u64,
    refused: u64,
    commands_ok: u64,
    commands_refused: u64,
    problems: Vec<String>,
}

/// Runs one command in-process, catching a panic; counts the outcome.
fn command(args: &[&str], tally: &mut Tally, case: &str) {
    let mut full = vec!["sandtable"];
    full.extend_from_slice(args);
    let parsed = match Cli::try_parse_from(&full) {
        Ok(c) => c,
        Err(e) => {
            tally
                .problems
                .push(format!("{case}: {args:?} did not parse: {e}"));
            return;
        }
    };
    let Some(cmd) = parsed.command else { return };
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        cli::run(cmd, &mut std::io::sink())
    }));
    match ran {
        Ok(Ok(_)) => tally.commands_ok += 1,
        Ok(Err(e)) => {
            tally.commands_refused += 1;
            let text = e.to_string();
            if let Some(p) = sentence_problem(&text) {
                tally.problems.push(format!(
                    "{case}: {args:?}: debug text ({p}) in: {text:.300}"
                ));
            }
        }
        Err(_) => tally.problems.push(format!("{case}: {args:?} panicked")),
    }
}

/// Every command over one written file.
fn run_file(path: &Path, out_dir: &Path, full: bool, tally: &mut Tally, case: &str) {
    tally.files += 1;
    let file = path.to_string_lossy().into_owned();
    let loaded = match std::panic::catch_unwind(|| io::load(path)) {
        Ok(l) => l,
        Err(_) => {
            tally.problems.push(format!("{case}: loading panicked"));
            return;
        }
    };
    let s = match loaded {
        Ok(s) => {
            tally.loaded += 1;
            s
        }
        Err(e) => {
            tally.refused += 1;
            let text = e.to_string();
            if let Some(p) = sentence_problem(&text) {
                tally
                    .problems
                    .push(format!("{case}: debug text ({p}) in: {text:.300}"));
            }
            command(&["check", &file], tally, case);
            return;
        }
    };
    let invalid = s.validate();
    if !invalid.is_empty() {
        tally
            .problems
            .push(format!("{case}: loaded but invalid: {invalid:?}"));
    }
    command(&["check", &file, "--json"], tally, case);
    command(&["info", &file, "--json"], tally, case);
    command(&["log", &file, "--json"], tally, case);
    if !full {
        return;
    }
    let played = out_dir
        .join("played.sandtable")
        .to_string_lossy()
        .into_owned();
    for what in ["--take-back", "--end-phase"] {
        command(
            &["play", &file, what, "--seed", "1", "--out", &played],
            tally,
            case,
        );
    }
    for u in &s.units {
        let id = u.id.0.to_string();
        command(&["moves", &file, "--unit", &id, "--json"], tally, case);
        if u.leadership.is_some() {
            command(&["span", &file, "--leader", &id, "--json"], tally, case);
        }
    }
    if let Some(u) = s.units.iter().find(|u| u.leadership.is_none()) {
        let id = u.id.0.to_string();
        command(
            &[
                "test", &file, "--unit", &id, "--kind", "morale", "--roll", "4",
            ],
            tally,
            case,
        );
    }
    for out in ["x.png", "x.pdf"] {
        let out = out_dir.join(out).to_string_lossy().into_owned();
        command(
            &["export", &file, "--dpi", "10", "--out", &out],
            tally,
            case,
        );
    }
}

#[test]
fn fuzz_child() {
    let Some(spec) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let spec = spec.to_string_lossy().into_owned();
    let mut parts = spec.split(',');
    let mut next = || {
        parts
            .next()
            .and_then(|p| p.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let (seed, cases, first) = (next(), next(), next());
    let dir = std::env::var_os("SANDTABLE_FUZZ_DIR").expect("dir");
    let dir = Path::new(&dir);
    // The panics are caught and counted; their messages would only be noise here.
    std::panic::set_hook(Box::new(|_| {}));
    // Each sample as built, and with a short game played on it (format version 2), so the
    // mutations strike the game's fields too: its starting position, dice, acted units and log.
    let mut sources: Vec<(String, Value)> = samples::ALL
        .iter()
        .flat_map(|s| {
            let v = serde_json::to_value(s.load().expect("the sample loads")).expect("to json");
            let g = serde_json::to_value(common_game::played(s.name)).expect("to json");
            [(s.name.to_string(), v), (format!("{} in play", s.name), g)]
        })
        .collect();
    sources.push((
        "winceby with format 2's map fields".into(),
        serde_json::to_value(with_map_fields()).expect("to json"),
    ));
    let mut tally = Tally::default();
    let mut stdout = std::io::stdout().lock();
    // The cap: 256 MiB of address space beyond what this test process maps before the first
    // case (its code, the harness's threads and allocator arenas, the samples), so the commands
    // get what the real binary gets.
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let mapped_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmSize:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmSize");
    let cap = mapped_kb * 1024 + capped::MEMORY_CAP;
    let capped = Command::new("prlimit")
        .arg(format!("--pid={}", std::process::id()))
        .arg(format!("--as={cap}"))
        .status()
        .is_ok_and(|s| s.success());
    assert!(capped, "prlimit could not cap this process");
    let _ = writeln!(
        stdout,
        "capped {} MiB mapped + {} MiB",
        mapped_kb >> 10,
        capped::MEMORY_CAP >> 20
    );
    for i in first..first + cases {
        let mut rng = Rng(seed ^ i.wrapping_mul(0x2545_F491_4F6C_DD1D));
        let (name, source) = rng.pick(&sources);
        let _ = writeln!(stdout, "start case {i} (seed {seed}, {name}), mutating");
        let mut v = source.clone();
        let mut done = Vec::new();
        for _ in 0..1 + rng.below(3) {
            done.push(mutate(&mut v, &mut rng));
        }
        let case = format!("case {i} (seed {seed}, {name}: {})", done.join("; "));
        let _ = writeln!(stdout, "start {case:.400}");
        let _ = stdout.flush();
        let json = dir.join("case.json");
        std::fs::write(&json, serde_json::to_vec(&v).expect("json")).expect("write");
        // The files are written and the harness's copies dropped before anything runs, so the
        // cap measures the commands, not the mutator.
        let typed = serde_json::from_value::<Scenario>(v).ok().map(|mut s| {
            if rng.below(4) == 0 {
                let what = poison_floats(&mut s, &mut rng);
                let _ = writeln!(stdout, "start {case:.300}; NaN or infinity in {what}");
            }
            let bin = dir.join("case.sandtable");
            std::fs::write(&bin, io::codec::encode_binary(&s)).expect("write");
            let json = dir.join("typed.json");
            std::fs::write(&json, io::codec::encode_json(&s)).expect("write");
            (bin, json)
        });
        match typed {
            Some((bin, json)) => {
                run_file(&bin, dir, true, &mut tally, &case);
                run_file(&json, dir, false, &mut tally, &case);
            }
            // Not a scenario at all any more: the JSON loader must say why.
            None => run_file(&json, dir, false, &mut tally, &case),
        }
    }
    let _ = writeln!(
        stdout,
        "tally files={} loaded={} refused={} commands_ok={} commands_refused={} problems={}",
        tally.files,
        tally.loaded,
        tally.refused,
        tally.commands_ok,
        tally.commands_refused,
        tally.problems.len()
    );
    for p in &tally.problems {
        let _ = writeln!(stdout, "problem {p:.600}");
    }
}

/// The cases are shared between two children, one per half, so that they run side by side
/// on two cores; each half is its own test and names its own cases when it fails.
#[test]
fn mutated_samples_load_run_and_print_within_the_caps_first_half() {
    fuzz_half(0);
}

#[test]
fn mutated_samples_load_run_and_print_within_the_caps_second_half() {
    fuzz_half(1);
}

fn fuzz_half(half: u64) {
    if !capped::prlimit_available() {
        return;
    }
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let all = env("SANDTABLE_FUZZ_CASES", 2_000);
    let seed = env("SANDTABLE_FUZZ_SEED", 17);
    let first = env("SANDTABLE_FUZZ_FIRST", 0) + half * (all / 2);
    let cases = if half == 0 { all / 2 } else { all - all / 2 };
    let dir = tempfile::tempdir().expect("tempdir");
    let stderr = dir.path().join("stderr.txt");
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", "fuzz_child", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, format!("{seed},{cases},{first}"))
        .env("SANDTABLE_FUZZ_DIR", dir.path())
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&stderr).expect("stderr file"))
        .spawn()
        .expect("spawn the fuzzing child");
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut last = String::from("before the first case");
    let mut tally = None;
    let mut cap = None;
    let mut problems = Vec::new();
    loop {
        match rx.recv_timeout(capped::TIME_LIMIT) {
            Ok(line) => {
                if let Some(case) = line.strip_prefix("start ") {
                    last = case.to_string();
                } else if let Some((_, c)) = line.split_once("capped ") {
                    // After the harness's "test fuzz_child ... ", on the same line.
                    cap = Some(c.to_string());
                } else if let Some(t) = line.strip_prefix("tally ") {
                    tally = Some(t.to_string());
                } else if let Some(p) = line.strip_prefix("problem ") {
                    problems.push(p.to_string());
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("over {:?} on {last}", capped::TIME_LIMIT);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().expect("wait");
    let said = std::fs::read_to_string(&stderr).unwrap_or_default();
    let said: String = said
        .chars()
        .skip(said.chars().count().saturating_sub(2_000))
        .collect();
    assert!(
        status.success(),
        "the child died ({status}) under the {} MiB cap on {last}: {said}",
        capped::MEMORY_CAP >> 20
    );
    let tally = tally.expect("the child's tally");
    let cap = cap.expect("the child capped itself");
    eprintln!("{cases} cases, seed {seed}, address space {cap}: {tally}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
