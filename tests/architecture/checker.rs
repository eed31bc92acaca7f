//! The checks on small made-up trees: each finds what breaks its rule, however the import is
//! spelled, and passes what keeps it. Without these a check that reads nothing would pass on
//! the real tree too.

use crate::checks::{self, Layers};
use crate::tree::Tree;

fn tree(files: &[(&str, &str)]) -> Tree {
    Tree::new(
        files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect(),
    )
    .expect("the made-up sources parse")
}

fn cycles(files: &[(&str, &str)]) -> Vec<String> {
    checks::import_cycles(&tree(files))
}

const LIB: (&str, &str) = ("lib.rs", "pub mod a; pub mod b; pub mod c;");

#[test]
fn a_cycle_through_plain_use_lines_is_found_with_its_imports() {
    let found = cycles(&[
        LIB,
        ("a.rs", "use crate::b::Thing;\npub struct Other;"),
        ("b.rs", "use crate::a::Other;\npub struct Thing;"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("a cycle between 2 files: a.rs, b.rs"),
        "{found:?}"
    );
    assert!(
        found[0].contains("a.rs -> b.rs (crate::b::Thing)"),
        "{found:?}"
    );
    assert!(
        found[0].contains("b.rs -> a.rs (crate::a::Other)"),
        "{found:?}"
    );
}

#[test]
fn grouped_imports_are_read_like_single_ones() {
    let found = cycles(&[
        LIB,
        (
            "a.rs",
            "use crate::{c::Unused, b::{Thing, inner::{self}}};\npub fn f() {}",
        ),
        (
            "b.rs",
            "pub struct Thing;\npub mod inner { pub fn g() { crate::a::f() } }",
        ),
        ("c.rs", "pub struct Unused;"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a.rs, b.rs"), "{found:?}");
}

#[test]
fn super_and_self_paths_and_paths_in_code_and_macros_count() {
    let m = ("lib.rs", "pub mod m;");
    let parent = ("m/mod.rs", "mod x; mod y; mod z;");
    // `super::` in a use line one way, a path in code the other.
    let found = cycles(&[
        m,
        parent,
        ("m/x.rs", "use super::y::Y;\npub struct X;"),
        ("m/y.rs", "pub struct Y;\nfn f() { let _ = super::x::X; }"),
        ("m/z.rs", ""),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("m/x.rs, m/y.rs"),
        "{found:?}"
    );
    // `self::` down to a file's own child, a `crate::` path inside a macro call on to a
    // sibling, `super::` in code back.
    let found = cycles(&[
        m,
        parent,
        ("m/x.rs", "mod deep;\npub fn go() { self::deep::f() }"),
        (
            "m/x/deep.rs",
            "pub fn f() { println!(\"{}\", crate::m::y::Y); }",
        ),
        ("m/y.rs", "pub const Y: u8 = 0;\nfn g() { super::x::go() }"),
        ("m/z.rs", ""),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("3 files: m/x.rs, m/x/deep.rs, m/y.rs"),
        "{found:?}"
    );
    // A module imported alone, then an item named through it.
    let found = cycles(&[
        m,
        parent,
        (
            "m/x.rs",
            "use super::y;\npub struct X;\nfn f() -> y::Y { todo!() }",
        ),
        (
            "m/y.rs",
            "pub struct Y;\nfn f() -> crate::m::x::X { todo!() }",
        ),
        ("m/z.rs", ""),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("m/x.rs, m/y.rs"),
        "{found:?}"
    );
}

#[test]
fn a_file_may_use_what_the_root_of_its_module_defines_but_siblings_form_no_loop() {
    // `mod.rs` holds the module's type and uses its files; they use it back (as `app/`'s
    // files add methods to the `App` of `app/mod.rs`): no loop.
    let parent = (
        "m/mod.rs",
        "mod x; mod y;\npub struct Hub { x: x::X }\npub struct Error;",
    );
    let found = cycles(&[
        ("lib.rs", "pub mod m;"),
        parent,
        (
            "m/x.rs",
            "use super::{Error, Hub};\npub struct X;\nfn f(_: &Hub) -> Error { Error }",
        ),
        ("m/y.rs", "pub struct Y(super::Error);"),
    ]);
    assert_eq!(found, Vec::<String>::new());
    // Two of its files using each other are a loop, whatever the root does.
    let found = cycles(&[
        ("lib.rs", "pub mod m;"),
        parent,
        (
            "m/x.rs",
            "use super::y::Y;\npub struct X;\nfn f(_: &super::Hub, _: Y) {}",
        ),
        ("m/y.rs", "pub struct Y(Option<Box<super::x::X>>);"),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("2 files: m/x.rs, m/y.rs"),
        "{found:?}"
    );
}

#[test]
fn a_longer_cycle_names_every_file_in_it() {
    let found = cycles(&[
        LIB,
        ("a.rs", "pub struct A(crate::b::B);"),
        ("b.rs", "pub struct B(crate::c::C);"),
        ("c.rs", "pub struct C(Option<Box<crate::a::A>>);"),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("3 files: a.rs, b.rs, c.rs"),
        "{found:?}"
    );
}

#[test]
fn re_exports_and_globs_lead_to_the_file_that_defines_the_name() {
    // `mod.rs` lists its children's items; a child naming a sibling's item through the parent
    // depends on that sibling, not on the parent, so there is no cycle.
    let parent = (
        "m/mod.rs",
        "mod x; mod y; mod z;\npub use x::X;\npub use y::*;\npub use z::Z;",
    );
    let t = tree(&[
        ("lib.rs", "pub mod m;"),
        parent,
        ("m/x.rs", "use crate::m::{Y, Z};\npub struct X(Y, Z);"),
        ("m/y.rs", "pub struct Y;"),
        ("m/z.rs", "use super::*;\npub struct Z;\nfn f(_: Y) {}"),
    ]);
    assert_eq!(checks::import_cycles(&t), Vec::<String>::new());
    let edges: Vec<(String, String)> = t.edges().into_iter().map(|e| (e.from, e.to)).collect();
    let e = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        edges,
        vec![
            e("m/x.rs", "m/y.rs"),
            e("m/x.rs", "m/z.rs"),
            e("m/z.rs", "m/y.rs")
        ]
    );
    // A glob brings a cycle when the names it brings are used both ways.
    let found = cycles(&[
        ("lib.rs", "pub mod m;"),
        ("m/mod.rs", "mod x; mod y;\npub use x::*;\npub use y::*;"),
        ("m/x.rs", "use super::*;\npub struct X;\nfn f(_: Y) {}"),
        ("m/y.rs", "use crate::m::*;\npub struct Y;\nfn f(_: X) {}"),
    ]);
    assert!(
        found.len() == 1 && found[0].contains("m/x.rs, m/y.rs"),
        "{found:?}"
    );
}

#[test]
fn test_code_is_left_out() {
    let found = cycles(&[
        LIB,
        (
            "a.rs",
            "pub struct A;\n#[cfg(test)]\nmod tests { use crate::b::B; }\n#[cfg(test)]\nmod more;",
        ),
        ("a/more.rs", "use crate::b::B;"),
        (
            "b.rs",
            "pub struct B;\n#[cfg(test)]\nfn helper() -> crate::a::A { crate::a::A }",
        ),
    ]);
    assert_eq!(found, Vec::<String>::new());
}

const TABLE: Layers = &[("base", &[]), ("upper", &["base"])];

#[test]
fn an_import_against_the_layers_is_named() {
    let t = tree(&[
        ("lib.rs", "pub mod base; pub mod upper;"),
        ("base/mod.rs", "mod inner;"),
        ("base/inner.rs", "use crate::{upper::Up};\npub struct Low;"),
        ("upper.rs", "pub struct Up(crate::base::Low);"),
    ]);
    let found = checks::layer_breaches(&t, TABLE);
    assert_eq!(
        found,
        vec!["base imports upper: base/inner.rs names crate::upper::Up (in upper.rs)".to_string()]
    );
}

#[test]
fn a_top_module_without_a_row_is_named() {
    let t = tree(&[
        (
            "lib.rs",
            "pub mod base; pub mod upper; mod extra;\n#[cfg(test)]\nmod testkit;",
        ),
        ("base.rs", ""),
        ("upper.rs", ""),
        ("extra.rs", ""),
        ("testkit.rs", ""),
    ]);
    assert_eq!(
        checks::missing_layers(&t, TABLE),
        vec!["the top module `extra` has no row in the layer table".to_string()]
    );
}

#[test]
fn egui_outside_the_editor_is_named() {
    let t = tree(&[
        ("lib.rs", "pub mod app; pub mod rules;"),
        ("app.rs", "use egui::Color32;"),
        ("rules.rs", "fn f() -> egui::Color32 { todo!() }"),
    ]);
    assert_eq!(
        checks::gui_outside_the_editor(&t),
        vec!["rules.rs names egui::Color32".to_string()]
    );
}

#[test]
fn threads_files_and_clocks_in_the_pure_modules_are_named() {
    let t = tree(&[
        ("lib.rs", "pub mod rules; pub mod game; pub mod app;"),
        (
            "rules.rs",
            "fn f() { std::thread::scope(|_| {}); }\nfn g() { let _ = std::fs::read(\"x\"); }",
        ),
        (
            "game.rs",
            "use std::{thread, time::Instant};\nuse std::fs::File;\n\
             fn f() { thread::spawn(|| {}); let _ = File::open(\"x\"); }",
        ),
        (
            "app.rs",
            "use std::time::Instant;\nfn f() { std::thread::spawn(|| {}); }",
        ),
    ]);
    let found = checks::impurities(&t, &["rules", "game"]);
    let text = found.join("\n");
    for want in [
        "rules.rs uses a thread: std::thread::scope",
        "rules.rs uses the file system: std::fs::read",
        "game.rs uses a thread: std::thread",
        "game.rs uses a clock: std::time::Instant",
        "game.rs uses the file system: std::fs::File",
        "game.rs uses a thread: thread::spawn",
        "game.rs uses the file system: File::open",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    assert!(!text.contains("app.rs"), "{text}");
}

#[test]
fn a_long_file_is_named_unless_allowed_or_a_test() {
    let long = "fn f() {}\n".repeat(850);
    let t = tree(&[
        ("lib.rs", "pub mod a; pub mod b; pub mod c;"),
        ("a.rs", &long),
        (
            "b.rs",
            &format!("#[cfg(test)]\nmod tests;\n{}", "\n".repeat(10)),
        ),
        ("b/tests.rs", &long),
        ("c.rs", &long),
    ]);
    assert_eq!(
        checks::oversized(&t, 800, &["c.rs"]),
        vec!["a.rs has 850 lines (at most 800 outside tests): split it by concept".to_string()]
    );
    // An allowance no longer needed is named, so the list empties as files come down.
    assert_eq!(
        checks::oversized(&t, 900, &["c.rs"]),
        vec!["c.rs is allowed to be long but is not (any more): take it off the list".to_string()]
    );
}
