//! The structure of `docs/architecture.md`, checked on the source: each module imports only
//! the layers below it, every top module has a row in the table, nothing but the editor knows
//! egui, the rules, the game and the model spawn no thread and touch no file or clock, no two
//! files import each other in a loop, and no file outside the tests grows past 800 lines.
//!
//! The checks read text (`syn` parses it), so `checker.rs` runs each on small made-up trees
//! that break it; the real `src/` is one more input. Test code (test modules, files declared
//! under `#[cfg(test)]`) may cross layers and is left out.

mod checker;
mod checks;
mod source;
mod tree;

use checks::Layers;
use std::path::Path;
use std::sync::LazyLock;
use tree::Tree;

/// What each top-level module may import from the crate. A new top module gets a row here
/// (and in `docs/architecture.md`) in the commit that adds it.
const LAYERS: Layers = &[
    ("geom", &[]),
    ("model", &["geom"]),
    ("rules", &["model", "geom"]),
    ("scene", &["rules", "model", "geom"]),
    ("preview", &["rules", "scene", "model", "geom"]),
    ("edit", &["rules", "model", "geom"]),
    ("game", &["rules", "model", "geom"]),
    ("io", &["scene", "model", "geom"]),
    ("samples", &["io", "model", "geom"]),
    ("report", &["game", "io", "rules", "scene", "model", "geom"]),
    (
        "cli",
        &[
            "samples", "io", "rules", "model", "geom", "scene", "preview", "edit", "game", "report",
        ],
    ),
    (
        "app",
        &[
            "samples", "edit", "preview", "scene", "rules", "io", "model", "geom", "game", "report",
        ],
    ),
];

/// The modules that are pure functions of their input: no threads, files or clocks.
const PURE: &[&str] = &["rules", "game", "model"];

/// The most lines a file outside the tests may have.
const MAX_LINES: usize = 800;

/// Files allowed over `MAX_LINES` for now. The list only shrinks: an entry whose file has come
/// down fails the size test until it is taken off. It is empty: keep it so.
const LONG_FOR_NOW: &[&str] = &[];

static SRC: LazyLock<Tree> = LazyLock::new(|| {
    Tree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .unwrap_or_else(|e| panic!("reading src/: {e}"))
});

#[track_caller]
fn assert_none(found: Vec<String>, what: &str) {
    assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
}

#[test]
fn every_module_imports_only_the_layers_below_it() {
    assert_none(
        checks::layer_breaches(&SRC, LAYERS),
        "imports against the layers",
    );
    // The layers the documentation names import something, so this cannot pass by finding
    // nothing.
    let edges = SRC.edges();
    for m in ["rules", "preview", "edit", "game", "app", "cli"] {
        assert!(
            edges.iter().any(|e| e.from.starts_with(&format!("{m}/"))),
            "no imports found for {m}"
        );
    }
}

#[test]
fn every_top_module_has_a_row_in_the_layer_table() {
    assert!(SRC.top_modules().len() >= 10, "{:?}", SRC.top_modules());
    assert_none(
        checks::missing_layers(&SRC, LAYERS),
        "modules without a layer",
    );
}

#[test]
fn only_the_editor_knows_egui() {
    assert_none(checks::gui_outside_the_editor(&SRC), "egui outside app");
}

#[test]
fn rules_game_and_model_use_no_threads_files_or_clocks() {
    assert_none(checks::impurities(&SRC, PURE), "impure code");
}

#[test]
fn no_two_files_import_each_other_in_a_loop() {
    assert_none(checks::import_cycles(&SRC), "import cycles");
}

#[test]
fn no_file_outside_the_tests_is_over_800_lines() {
    assert_none(
        checks::oversized(&SRC, MAX_LINES, LONG_FOR_NOW),
        "files too long",
    );
}
