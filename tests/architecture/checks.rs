//! The rules of the structure, each a function from a source tree to what breaks it (one line
//! a finding; none when the tree keeps the rule).

use crate::tree::{Edge, Tree, cycles};

/// A layer table: each top-level module with the modules it may import.
pub type Layers<'a> = &'a [(&'a str, &'a [&'a str])];

/// A module that imports a layer its row does not list.
pub fn layer_breaches(tree: &Tree, layers: Layers) -> Vec<String> {
    let mut out = Vec::new();
    for e in tree.edges() {
        let (from, to) = (top_of_rel(&e.from), top_of_rel(&e.to));
        if from == to || to.is_empty() {
            continue;
        }
        let Some((_, allowed)) = layers.iter().find(|(m, _)| *m == from) else {
            continue;
        };
        if !allowed.contains(&to.as_str()) {
            out.push(format!(
                "{from} imports {to}: {} names {} (in {})",
                e.from, e.via, e.to
            ));
        }
    }
    out
}

/// A top-level module of the library with no row in the layer table.
pub fn missing_layers(tree: &Tree, layers: Layers) -> Vec<String> {
    tree.top_modules()
        .into_iter()
        .filter(|m| !layers.iter().any(|(l, _)| l == m))
        .map(|m| format!("the top module `{m}` has no row in the layer table"))
        .collect()
}

/// Files outside `app` (and the binary's root) that name egui or eframe.
pub fn gui_outside_the_editor(tree: &Tree) -> Vec<String> {
    let mut out: Vec<String> = tree
        .named_paths()
        .into_iter()
        .filter(|(f, p)| {
            let top = tree.top_of(f);
            top != "app"
                && top != "main"
                && p.first()
                    .is_some_and(|s| s == "egui" || s == "eframe" || s.starts_with("egui_"))
        })
        .map(|(f, p)| format!("{} names {}", f.rel, p.join("::")))
        .collect();
    out.dedup();
    out
}

/// Threads, files and clocks in the modules that must be pure functions of their input.
pub fn impurities(tree: &Tree, pure: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = tree
        .named_paths()
        .into_iter()
        .filter(|(f, _)| pure.contains(&tree.top_of(f).as_str()))
        .filter_map(|(f, p)| {
            what_is_impure(&p).map(|w| format!("{} uses {w}: {}", f.rel, p.join("::")))
        })
        .collect();
    out.dedup();
    out
}

/// Whether a path spawns threads, touches files or reads a clock, and which.
pub fn what_is_impure(path: &[String]) -> Option<&'static str> {
    let pairs = path.windows(2).map(|w| (w[0].as_str(), w[1].as_str()));
    for (a, b) in pairs {
        match (a, b) {
            ("std", "thread") | ("thread", "spawn") | ("thread", "scope") => {
                return Some("a thread");
            }
            ("std", "fs") | ("File", _) => return Some("the file system"),
            _ => {}
        }
    }
    path.iter()
        .any(|s| s == "Instant" || s == "SystemTime")
        .then_some("a clock")
}

/// Non-test files longer than `limit` lines, but for those `allowed` (each must still need
/// its allowance: a file that has come down, or gone, is named so its entry goes too).
pub fn oversized(tree: &Tree, limit: usize, allowed: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for f in tree.files.iter().filter(|f| !f.test_only) {
        if f.lines > limit && !allowed.contains(&f.rel.as_str()) {
            out.push(format!(
                "{} has {} lines (at most {limit} outside tests): split it by concept",
                f.rel, f.lines
            ));
        }
    }
    for a in allowed {
        if !tree.files.iter().any(|f| f.rel == *a && f.lines > limit) {
            out.push(format!(
                "{a} is allowed to be long but is not (any more): take it off the list"
            ));
        }
    }
    out
}

/// Files that import each other in a loop, each loop with the imports that make it.
///
/// A module's own file (`mod.rs`, `lib.rs`) is the module itself: its files may use what it
/// defines (the `App` whose methods are spread over `app/`, a module's error type) while it
/// uses theirs, as Rust's modules are meant to be used. So an import of the file of a module
/// that holds the importing file is no edge here; every other loop is one, between a module's
/// files or across modules.
pub fn import_cycles(tree: &Tree) -> Vec<String> {
    let edges: Vec<Edge> = tree
        .edges()
        .into_iter()
        .filter(|e| !tree.is_root_above(&e.from, &e.to))
        .collect();
    cycles(&edges)
        .into_iter()
        .map(|edges| {
            let mut files: Vec<&str> = edges.iter().map(|e| e.from.as_str()).collect();
            files.sort();
            files.dedup();
            let lines: Vec<String> = edges
                .iter()
                .map(|e| format!("    {} -> {} ({})", e.from, e.to, e.via))
                .collect();
            format!(
                "a cycle between {} files: {}\n{}",
                files.len(),
                files.join(", "),
                lines.join("\n")
            )
        })
        .collect()
}

fn top_of_rel(rel: &str) -> String {
    match rel.split_once('/') {
        Some((top, _)) => top.to_string(),
        None => match rel.trim_end_matches(".rs") {
            "lib" => String::new(),
            other => other.to_string(),
        },
    }
}
