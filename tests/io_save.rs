//! Saving is atomic: a failed save leaves the previous file untouched and no debris.

use sandtable::io::{self, atomic_write};
use sandtable::model::Scenario;
use std::io::Write;

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn save_then_load_returns_the_same_scenario_in_both_encodings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = Scenario::new_hex("Round trip");
    for name in ["a.sandtable", "a.json"] {
        let path = dir.path().join(name);
        io::save(&path, &s).expect("save");
        assert_eq!(io::load(&path).expect("load"), s);
    }
    let text = std::fs::read_to_string(dir.path().join("a.json")).expect("json is text");
    assert!(text.contains("\"title\": \"Round trip\""));
}

#[test]
fn a_write_that_fails_halfway_leaves_the_old_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("scenario.sandtable");
    let old = Scenario::new_table("Old");
    io::save(&path, &old).expect("first save");
    let before = std::fs::read(&path).expect("read");

    let err = atomic_write(&path, |f| {
        f.write_all(b"SANDTBL\x1a half of a new file")?;
        Err(std::io::Error::other("disk full"))
    })
    .expect_err("the write fails");
    assert!(err.to_string().contains("writing failed"), "{err}");

    assert_eq!(std::fs::read(&path).expect("read"), before);
    assert_eq!(io::load(&path).expect("still loads"), old);
    assert_eq!(
        entries(dir.path()),
        vec!["scenario.sandtable"],
        "no temporary file left"
    );
}

#[test]
fn a_rename_that_fails_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A non-empty directory cannot be replaced by a file.
    let target = dir.path().join("occupied");
    std::fs::create_dir(&target).expect("mkdir");
    std::fs::write(target.join("keep"), b"x").expect("write");
    let err = io::save(&target, &Scenario::new_table("t")).expect_err("cannot replace a directory");
    assert!(err.to_string().contains("renaming"), "{err}");
    assert_eq!(entries(dir.path()), vec!["occupied"]);
    assert_eq!(entries(&target), vec!["keep"]);
}

#[test]
fn saving_into_a_missing_directory_fails_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("missing").join("s.sandtable");
    let err = io::save(&path, &Scenario::new_table("t")).expect_err("no such directory");
    assert!(
        err.to_string().contains("creating the temporary file"),
        "{err}"
    );
}
