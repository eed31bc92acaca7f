//! A crate's source as a tree of modules, and the file each import reaches.
//!
//! An import reaches the file that *defines* what it names: `crate::model::Scenario` reaches
//! `model/scenario.rs` through `model/mod.rs`'s `pub use scenario::Scenario`, not `mod.rs`.
//! A `pub use` is a module's table of contents, not a use of its own, so it is no edge; a
//! module named alone (`use crate::model;`) is no edge either, but every `model::X` the file
//! then names is one, as is every name a glob (`use crate::model::*`) brings and the file uses.

use crate::source::{self, Scope};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path from the crate root: `["app", "canvas", "draw"]`.
pub type ModPath = Vec<String>;

/// One source file.
#[derive(Debug)]
pub struct File {
    /// Its path under `src/`, with `/` separators: `app/canvas/draw.rs`.
    pub rel: String,
    pub lines: usize,
    /// Declared under `#[cfg(test)]` (itself or a module above it): tests may cross layers.
    pub test_only: bool,
    /// The module it is; `None` for the binary's root (`main.rs`), outside the library.
    pub module: Option<ModPath>,
}

/// An import from one file to another, with the path that makes it (for the messages).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: String,
    pub to: String,
    pub via: String,
}

pub struct Tree {
    pub files: Vec<File>,
    /// Every module (files and inline modules) with the file that holds it.
    scopes: BTreeMap<ModPath, (usize, Scope)>,
}

/// Where a path leads: the file, and whether it named a module rather than an item in one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reached {
    file: usize,
    /// The module named, when the path names a module itself.
    module: Option<ModPath>,
    /// The name was found (defined or re-exported) where the path points.
    found: bool,
}

/// The lookups (module, name) already made for one path: globs and re-exports are followed
/// once each, so a loop of `use super::*` ends and the search stays linear.
type Seen = BTreeSet<(ModPath, String)>;

impl Tree {
    /// Reads every `.rs` file under `dir`.
    pub fn read(dir: &Path) -> Result<Tree, String> {
        let mut found = Vec::new();
        rust_files(dir, dir, &mut found)?;
        Tree::new(found)
    }

    /// A tree from `(path under src, text)` pairs.
    pub fn new(sources: Vec<(String, String)>) -> Result<Tree, String> {
        let mut files = Vec::new();
        let mut scopes = BTreeMap::new();
        for (k, (rel, text)) in sources.iter().enumerate() {
            let parsed = source::read(text).map_err(|e| format!("{rel}: {e}"))?;
            let module = module_of(rel);
            files.push(File {
                rel: rel.clone(),
                lines: text.lines().count(),
                test_only: false,
                module: module.clone(),
            });
            if let Some(m) = module {
                for (inner, scope) in parsed {
                    let mut p = m.clone();
                    p.extend(inner);
                    scopes.insert(p, (k, scope));
                }
            }
        }
        let mut tree = Tree { files, scopes };
        tree.mark_tests();
        Ok(tree)
    }

    /// Marks the files declared under `#[cfg(test)]`, and every file below one.
    fn mark_tests(&mut self) {
        let mut test_mods: Vec<ModPath> = Vec::new();
        for (path, (_, scope)) in &self.scopes {
            for (child, test) in &scope.children {
                if *test {
                    let mut p = path.clone();
                    p.push(child.clone());
                    test_mods.push(p);
                }
            }
        }
        for f in &mut self.files {
            if let Some(m) = &f.module {
                f.test_only = test_mods.iter().any(|t| m.starts_with(t));
            }
        }
    }

    /// The top-level modules the library declares (`lib.rs`'s `mod` lines, tests left out).
    pub fn top_modules(&self) -> Vec<String> {
        self.scopes
            .get(&Vec::new())
            .map(|(_, s)| {
                let mut v: Vec<String> = s
                    .children
                    .iter()
                    .filter(|(_, test)| !test)
                    .map(|(c, _)| c.clone())
                    .chain(s.inline.iter().cloned())
                    .collect();
                v.sort();
                v
            })
            .unwrap_or_default()
    }

    /// The top-level module a file belongs to (`""` for `lib.rs`, `"main"` for `main.rs`).
    pub fn top_of(&self, file: &File) -> String {
        match &file.module {
            Some(m) => m.first().cloned().unwrap_or_default(),
            None => "main".into(),
        }
    }

    /// Whether `root` is the file of a module that holds `file` (`lib.rs`, a `mod.rs`, or an
    /// `a.rs` beside an `a/` folder).
    pub fn is_root_above(&self, file: &str, root: &str) -> bool {
        let module = |rel: &str| self.files.iter().find(|f| f.rel == rel)?.module.clone();
        match (module(file), module(root)) {
            (Some(f), Some(r)) => f.len() > r.len() && f.starts_with(&r),
            _ => false,
        }
    }

    fn is_test(&self, file: usize) -> bool {
        self.files[file].test_only
    }

    /// Every raw path a non-test file names (uses and code), with its file: for the checks of
    /// names that need no resolving (egui, threads, files, clocks).
    pub fn named_paths(&self) -> Vec<(&File, Vec<String>)> {
        let mut out = Vec::new();
        for (file, scope) in self.scopes.values() {
            if self.is_test(*file) {
                continue;
            }
            let f = &self.files[*file];
            out.extend(scope.uses.iter().map(|u| (f, u.path.clone())));
            out.extend(scope.paths.iter().map(|p| (f, p.clone())));
        }
        out
    }

    /// Every import between two different non-test files.
    pub fn edges(&self) -> Vec<Edge> {
        let mut out = BTreeMap::new();
        for (here, (file, scope)) in &self.scopes {
            if self.is_test(*file) {
                continue;
            }
            let mut add = |reached: Option<Reached>, via: &[String]| {
                if let Some(r) = reached
                    && r.module.is_none()
                    && r.file != *file
                    && !self.is_test(r.file)
                {
                    out.entry((*file, r.file)).or_insert_with(|| via.join("::"));
                }
            };
            for u in scope.uses.iter().filter(|u| !u.public && u.name.is_some()) {
                add(self.resolve(here, &u.path, &mut Seen::new()), &u.path);
            }
            for p in &scope.paths {
                add(self.resolve(here, p, &mut Seen::new()), p);
            }
        }
        out.into_iter()
            .map(|((a, b), via)| Edge {
                from: self.files[a].rel.clone(),
                to: self.files[b].rel.clone(),
                via,
            })
            .collect()
    }

    /// Where `path`, named in module `here`, leads; `None` when it leaves the crate (std,
    /// another crate, a local name).
    fn resolve(&self, here: &ModPath, path: &[String], seen: &mut Seen) -> Option<Reached> {
        let first = path.first()?.as_str();
        let (base, rest): (ModPath, &[String]) = match first {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (here.clone(), &path[1..]),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                (
                    here[..here.len().saturating_sub(ups)].to_vec(),
                    &path[ups..],
                )
            }
            _ if self.scopes.contains_key(&child(here, first)) => (here.clone(), path),
            _ => return self.lookup(here, path, seen),
        };
        self.descend(base, rest, seen)
    }

    /// Walks down the modules a path names, then looks its first item up in the last one.
    fn descend(&self, mut at: ModPath, mut rest: &[String], seen: &mut Seen) -> Option<Reached> {
        while let Some(first) = rest.first()
            && self.scopes.contains_key(&child(&at, first))
        {
            at.push(first.clone());
            rest = &rest[1..];
        }
        let (file, _) = self.scopes.get(&at)?;
        if rest.is_empty() {
            return Some(Reached {
                file: *file,
                module: Some(at),
                found: true,
            });
        }
        // Not found where it points (a macro, a name this reading cannot see): the module's
        // own file stands for it.
        let file = *file;
        self.lookup(&at, rest, seen).or(Some(Reached {
            file,
            module: None,
            found: false,
        }))
    }

    /// `path`, whose first segment is a name in module `at`: an item defined there, a name a
    /// `use` there brings (followed), or a name one of its globs brings.
    fn lookup(&self, at: &ModPath, path: &[String], seen: &mut Seen) -> Option<Reached> {
        let name = path.first()?;
        if !seen.insert((at.clone(), name.clone())) {
            return None;
        }
        let (file, scope) = self.scopes.get(at)?;
        if scope.defines.contains(name) {
            return Some(Reached {
                file: *file,
                module: None,
                found: true,
            });
        }
        if let Some(u) = scope.uses.iter().find(|u| u.name.as_ref() == Some(name)) {
            let mut full = u.path.clone();
            full.extend_from_slice(&path[1..]);
            return self.resolve(at, &full, seen).filter(|r| r.found);
        }
        for g in scope.uses.iter().filter(|u| u.name.is_none()) {
            if let Some(Reached {
                module: Some(m), ..
            }) = self.resolve(at, &g.path, seen)
                && let Some(r) = self.lookup(&m, path, seen).filter(|r| r.found)
            {
                return Some(r);
            }
        }
        None
    }
}

fn child(here: &ModPath, name: &str) -> ModPath {
    let mut p = here.clone();
    p.push(name.to_string());
    p
}

/// The module a file under `src/` is: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` the root.
pub fn module_of(rel: &str) -> Option<ModPath> {
    let stem = rel.strip_suffix(".rs")?;
    if stem == "main" {
        return None;
    }
    if stem == "lib" {
        return Some(Vec::new());
    }
    let mut parts: ModPath = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

fn rust_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            rust_files(root, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let rel = path
                .strip_prefix(root)
                .map_err(|e| e.to_string())?
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, text));
        }
    }
    out.sort();
    Ok(())
}

/// The files that import each other in a loop, each loop as its files and the imports that
/// close it (Tarjan's strongly connected components over the edges).
pub fn cycles(edges: &[Edge]) -> Vec<Vec<Edge>> {
    let mut next: BTreeMap<&str, Vec<&Edge>> = BTreeMap::new();
    for e in edges {
        next.entry(&e.from).or_default().push(e);
        next.entry(&e.to).or_default();
    }
    let nodes: Vec<&str> = next.keys().copied().collect();
    let index_of: BTreeMap<&str, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| next[n].iter().map(|e| index_of[e.to.as_str()]).collect())
        .collect();
    let mut out = Vec::new();
    for component in strongly_connected(&succ) {
        if component.len() < 2 {
            continue;
        }
        let members: BTreeSet<&str> = component.iter().map(|i| nodes[*i]).collect();
        let mut loop_edges: Vec<Edge> = edges
            .iter()
            .filter(|e| members.contains(e.from.as_str()) && members.contains(e.to.as_str()))
            .cloned()
            .collect();
        loop_edges.sort();
        out.push(loop_edges);
    }
    out.sort();
    out
}

/// Tarjan's algorithm, iterative (a deep module graph must not overflow the stack).
fn strongly_connected(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next_index = 0;
    let mut out = Vec::new();
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, next successor to look at)
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 && index[v] == usize::MAX {
                index[v] = next_index;
                low[v] = next_index;
                next_index += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}
