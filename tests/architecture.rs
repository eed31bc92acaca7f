//! The layers of `docs/architecture.md`, checked on the source: each module imports only the
//! layers below it, and nothing but the editor knows egui. A change that reaches upward (the
//! rules building edits, the preview layer deciding a rule's verdict with egui types) fails here
//! before it settles in. Tests may cross layers, so test modules and test-only files are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What each top-level module may import from the crate.
const ALLOWED: &[(&str, &[&str])] = &[
    ("geom", &[]),
    ("model", &["geom"]),
    ("rules", &["model", "geom"]),
    ("scene", &["rules", "model", "geom"]),
    ("preview", &["rules", "scene", "model", "geom"]),
    ("edit", &["rules", "model", "geom"]),
    ("game", &["rules", "model", "geom"]),
    ("io", &["scene", "model", "geom"]),
    (
        "cli",
        &[
            "io", "rules", "model", "geom", "scene", "preview", "edit", "game",
        ],
    ),
    (
        "app",
        &[
            "edit", "preview", "scene", "rules", "io", "model", "geom", "game",
        ],
    ),
];

/// The code of a file without its test module.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("read a source file");
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::NAME` a top-level module's files name, and the files that name egui or eframe.
fn imports() -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut gui = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&src).expect("under src");
        let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if matches!(name, "tests.rs" | "testkit.rs" | "testmap.rs") {
            continue;
        }
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("")
            .trim_end_matches(".rs")
            .to_string();
        let code = code_of(&f);
        for (i, _) in code.match_indices("crate::") {
            let used: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !used.is_empty() && used != top {
                edges.entry(top.clone()).or_default().insert(used);
            }
        }
        if top != "app" && top != "main" && (code.contains("egui::") || code.contains("eframe::")) {
            gui.push(rel.display().to_string());
        }
    }
    (edges, gui)
}

#[test]
fn every_module_imports_only_the_layers_below_it() {
    let (edges, _) = imports();
    let mut wrong = Vec::new();
    for (module, used) in &edges {
        let Some((_, allowed)) = ALLOWED.iter().find(|(m, _)| m == module) else {
            continue;
        };
        for u in used {
            if !allowed.contains(&u.as_str()) {
                wrong.push(format!("{module} imports {u}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The layers the documentation names exist, so this test cannot pass by finding nothing.
    for m in ["rules", "preview", "edit", "game", "app", "cli"] {
        assert!(edges.contains_key(m), "no imports found for {m}");
    }
}

#[test]
fn only_the_editor_knows_egui() {
    let (_, gui) = imports();
    assert!(gui.is_empty(), "egui or eframe outside app: {gui:?}");
}
