//! Writing a game streams it to the file: encoding a long game (tens of megabytes of JSON)
//! holds a buffer, never the whole text; a whole save adds reading the file back (as loading
//! does) and the scenario decoded from it, and no copy of the text as it is written. This binary
//! measures the heap with dhat, so it holds this one test only.

use sandtable::game;
use sandtable::io::{self, Encoding, codec};
use sandtable::model::Scenario;
use sandtable::model::game::Action;
use sandtable::samples;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Winceby with a log of `entries` referee entries (one played, then repeated).
fn long_game(entries: usize) -> Scenario {
    let s = samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let u = s.units[0].clone();
    let played = game::play(
        &s,
        Action::Referee {
            unit: Box::new(u),
            note: "moved by the umpire".into(),
        },
        7,
    )
    .expect("the referee may");
    let mut s = played.scenario;
    let g = s.game.as_mut().expect("a game");
    g.log = vec![g.log[0].clone(); entries];
    s
}

/// How far above the heap in use at `before` an operation took the heap, if it took it above
/// every earlier peak (dhat keeps one peak for the whole run); `None` when it stayed below.
fn raised(before: &dhat::HeapStats, after: &dhat::HeapStats) -> Option<usize> {
    (after.max_bytes > before.max_bytes).then(|| after.max_bytes - before.curr_bytes)
}

#[test]
fn a_long_game_is_written_without_its_whole_text_in_memory() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let start = dhat::HeapStats::get();
    let s = long_game(5_000);
    let built = dhat::HeapStats::get();
    // The game in memory: what decoding it back costs.
    let in_memory = built.curr_bytes - start.curr_bytes;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = |encoding| {
        dir.path().join(match encoding {
            Encoding::Json => "long.json",
            Encoding::Binary => "long.sandtable",
        })
    };
    for encoding in [Encoding::Binary, Encoding::Json] {
        let before = dhat::HeapStats::get();
        let mut file =
            std::io::BufWriter::new(std::fs::File::create(path(encoding)).expect("create"));
        codec::encode_to(&s, encoding, &mut file).expect("written");
        drop(file);
        let after = dhat::HeapStats::get();
        let size = std::fs::metadata(path(encoding)).expect("written").len() as usize;
        eprintln!(
            "{encoding:?}: {size} bytes written, the heap raised by {:?} bytes",
            raised(&before, &after)
        );
        assert!(size > 1_000_000, "{encoding:?}: {size} bytes");
        if let Some(peak) = raised(&before, &after) {
            assert!(
                peak < 1 << 20,
                "{encoding:?}: {peak} bytes held for {size} written"
            );
        }
    }
    // The whole save: the text streamed, then read back and decoded as loading does. Building
    // the text in memory as well would add at least the file's size.
    for encoding in [Encoding::Binary, Encoding::Json] {
        let size = std::fs::metadata(path(encoding)).expect("written").len() as usize;
        let before = dhat::HeapStats::get();
        io::save(&path(encoding), &s).expect("saves");
        let after = dhat::HeapStats::get();
        let peak = raised(&before, &after).expect("reading back is the largest use yet");
        eprintln!(
            "{encoding:?}: the save of {size} bytes raised the heap by {peak} bytes (the game is \
             {in_memory} bytes in memory)"
        );
        // Decoding JSON grows each list by doubling (no length ahead), so the decoded game may
        // briefly take twice its size.
        assert!(
            peak < size + 2 * in_memory + (2 << 20),
            "{encoding:?}: {peak} for a file of {size} and a game of {in_memory}"
        );
        assert_eq!(io::load(&path(encoding)).expect("opens"), s);
    }
}
