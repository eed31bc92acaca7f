//! A save killed at any moment leaves the old file or the new one, never a corrupt one, and the
//! next save removes the temporary the killed one left behind.
//!
//! The saving child is this test binary run again (`child_saves_until_killed`, which does nothing
//! unless `SANDTABLE_SAVE_CHILD` names a file): it saves two large scenarios in turn, without end,
//! and is killed with SIGKILL at a different moment each round.

use sandtable::io;
use sandtable::model::*;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const CHILD_ENV: &str = "SANDTABLE_SAVE_CHILD";

/// A scenario of a few MB, so a save takes long enough to be killed half-way.
fn big(title: &str) -> Scenario {
    let mut s = Scenario::new_table(title);
    s.meta.description = title.repeat(60_000 / title.len().max(1));
    s.meta.designer_notes = "n".repeat(60_000);
    let terrain = s.terrain_types[0].id;
    for k in 0..9 {
        let id = PieceId(s.alloc());
        let points = (0..10_000)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 10_000.0;
                sandtable::geom::Point::new(10.0 + k as f32 * 5.0 + a.cos(), 10.0 + a.sin())
            })
            .collect();
        s.pieces.push(TerrainPiece {
            id,
            name: format!("{title} {k}"),
            terrain,
            shape: PieceShape::Polygon(points),
        });
    }
    s
}

#[test]
fn child_saves_until_killed() {
    let Some(path) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let path = Path::new(&path);
    let scenarios = [big("Old"), big("New")];
    println!("ready");
    for k in 0.. {
        io::save(path, &scenarios[k % 2]).expect("save");
    }
}

#[test]
fn a_save_killed_at_any_moment_leaves_a_whole_file_and_the_next_save_cleans_up() {
    let rounds: u32 = std::env::var("SANDTABLE_KILL_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("battle.sandtable");
    let (old, new) = (big("Old"), big("New"));
    io::save(&path, &old).expect("first save");
    let mut left_behind = 0;
    for round in 0..rounds {
        let mut child = Command::new(std::env::current_exe().expect("test binary"))
            .args([
                "--exact",
                "child_saves_until_killed",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the saving child");
        let mut ready = String::new();
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        while !ready.contains("ready") {
            ready.clear();
            assert_ne!(out.read_line(&mut ready).expect("read"), 0, "child ended");
        }
        // A different moment of the save each round: a save of these takes some milliseconds.
        std::thread::sleep(Duration::from_micros(
            2_000 + u64::from(round) * 397 % 40_000,
        ));
        child.kill().expect("kill");
        child.wait().expect("wait");
        let loaded = io::load(&path).unwrap_or_else(|e| panic!("round {round}: corrupt: {e}"));
        assert!(
            loaded == old || loaded == new,
            "round {round}: neither the old nor the new scenario"
        );
        if !io::temporaries(&path).is_empty() {
            left_behind += 1;
        }
    }
    // The kills must have landed mid-save often, or this test proves nothing.
    assert!(
        left_behind >= rounds / 4,
        "only {left_behind} of {rounds} kills interrupted a save"
    );
    eprintln!("{left_behind} of {rounds} kills left a temporary behind");
    io::save(&path, &old).expect("the next save");
    assert_eq!(io::temporaries(&path), Vec::<std::path::PathBuf>::new());
    assert_eq!(io::load(&path).expect("load"), old);
}
