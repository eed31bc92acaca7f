//! What one source file says about its module, read from its text with `syn`: the modules it
//! declares, the names it defines, every `use` (grouped trees flattened to one path a leaf) and
//! every path it names in code or inside a macro call. Test code (`#[cfg(test)]` items and
//! statements) is left out: tests may cross layers.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit::{self, Visit};
use syn::{Attribute, Expr, ImplItem, Item, Stmt, UseTree, Visibility};

/// One `use` leaf: `use a::{b, c::d as e, f::*}` gives three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Use {
    /// The path as written (`self`, `super` and `crate` kept), ending in the imported name;
    /// for a glob, the path of what is globbed.
    pub path: Vec<String>,
    /// The name it brings into scope; `None` for a glob.
    pub name: Option<String>,
    /// `pub` (of any kind): a re-export, which is the module's table of contents rather than
    /// something its own code uses.
    pub public: bool,
}

/// What a module (a file, or an inline `mod x { … }` inside one) holds.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// Modules declared with `mod x;`, each with whether it is test-only (`#[cfg(test)]`).
    pub children: Vec<(String, bool)>,
    /// Inline modules (`mod x { … }`), by name.
    pub inline: Vec<String>,
    /// Names of the items defined here.
    pub defines: BTreeSet<String>,
    pub uses: Vec<Use>,
    /// Every path named in code or in a macro's tokens, one segment or more.
    pub paths: Vec<Vec<String>>,
}

/// A file's scopes: its own module first (an empty inner path), then each inline module by
/// its path inside the file.
pub type Scopes = Vec<(Vec<String>, Scope)>;

/// Reads one file's text.
pub fn read(text: &str) -> Result<Scopes, syn::Error> {
    let file = syn::parse_file(text)?;
    let mut c = Collector {
        inner: Vec::new(),
        scopes: vec![(Vec::new(), Scope::default())],
    };
    for item in &file.items {
        c.visit_item(item);
    }
    Ok(c.scopes)
}

/// Whether an attribute list holds `#[cfg(test)]` (or a `cfg(all(test, …))`).
pub fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta.require_list().is_ok_and(|l| {
                let t = l.tokens.to_string();
                t == "test" || t.starts_with("all (test")
            })
    })
}

fn item_attrs(i: &Item) -> &[Attribute] {
    match i {
        Item::Const(x) => &x.attrs,
        Item::Enum(x) => &x.attrs,
        Item::ExternCrate(x) => &x.attrs,
        Item::Fn(x) => &x.attrs,
        Item::ForeignMod(x) => &x.attrs,
        Item::Impl(x) => &x.attrs,
        Item::Macro(x) => &x.attrs,
        Item::Mod(x) => &x.attrs,
        Item::Static(x) => &x.attrs,
        Item::Struct(x) => &x.attrs,
        Item::Trait(x) => &x.attrs,
        Item::TraitAlias(x) => &x.attrs,
        Item::Type(x) => &x.attrs,
        Item::Union(x) => &x.attrs,
        Item::Use(x) => &x.attrs,
        _ => &[],
    }
}

/// The name an item defines in its module, if any.
fn item_name(i: &Item) -> Option<String> {
    let ident = match i {
        Item::Const(x) => &x.ident,
        Item::Enum(x) => &x.ident,
        Item::Fn(x) => &x.sig.ident,
        Item::Mod(x) => &x.ident,
        Item::Static(x) => &x.ident,
        Item::Struct(x) => &x.ident,
        Item::Trait(x) => &x.ident,
        Item::TraitAlias(x) => &x.ident,
        Item::Type(x) => &x.ident,
        Item::Union(x) => &x.ident,
        Item::Macro(x) => x.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

fn expr_attrs(e: &Expr) -> &[Attribute] {
    match e {
        Expr::Block(x) => &x.attrs,
        Expr::Call(x) => &x.attrs,
        Expr::ForLoop(x) => &x.attrs,
        Expr::If(x) => &x.attrs,
        Expr::Macro(x) => &x.attrs,
        Expr::Match(x) => &x.attrs,
        Expr::MethodCall(x) => &x.attrs,
        _ => &[],
    }
}

/// Flattens a use tree into its leaves.
fn leaves(tree: &UseTree, prefix: &mut Vec<String>, public: bool, out: &mut Vec<Use>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            leaves(&p.tree, prefix, public, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            // `use a::b::{self}` imports `b` itself.
            let (path, name) = if name == "self" {
                (prefix.clone(), prefix.last().cloned())
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                (path, Some(name))
            };
            out.push(Use { path, name, public });
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            let own = r.ident.to_string();
            if own != "self" {
                path.push(own);
            }
            out.push(Use {
                path,
                name: Some(r.rename.to_string()),
                public,
            });
        }
        UseTree::Glob(_) => out.push(Use {
            path: prefix.clone(),
            name: None,
            public,
        }),
        UseTree::Group(g) => {
            for t in &g.items {
                leaves(t, prefix, public, out);
            }
        }
    }
}

/// The paths a macro call's tokens spell (`a::b::c`, and single names), groups included.
pub fn token_paths(tokens: TokenStream, out: &mut Vec<Vec<String>>) {
    let mut run: Vec<String> = Vec::new();
    // How many ':' in a row since the last name: two continue a path.
    let mut colons = 0;
    let flush = |run: &mut Vec<String>, out: &mut Vec<Vec<String>>| {
        if !run.is_empty() {
            out.push(std::mem::take(run));
        }
    };
    for t in tokens {
        match t {
            TokenTree::Ident(i) => {
                if colons != 2 {
                    flush(&mut run, out);
                }
                run.push(i.to_string());
                colons = 0;
            }
            TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
            TokenTree::Group(g) => {
                flush(&mut run, out);
                colons = 0;
                token_paths(g.stream(), out);
            }
            _ => {
                flush(&mut run, out);
                colons = 0;
            }
        }
    }
    flush(&mut run, out);
}

struct Collector {
    /// The inline module being read, inside the file.
    inner: Vec<String>,
    scopes: Scopes,
}

impl Collector {
    fn scope(&mut self) -> &mut Scope {
        let inner = &self.inner;
        match self.scopes.iter().position(|(p, _)| p == inner) {
            Some(k) => &mut self.scopes[k].1,
            None => {
                self.scopes.push((inner.clone(), Scope::default()));
                let last = self.scopes.len() - 1;
                &mut self.scopes[last].1
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, i: &'ast Item) {
        let test = is_test(item_attrs(i));
        if let Item::Mod(m) = i
            && m.content.is_none()
        {
            self.scope().children.push((m.ident.to_string(), test));
            return;
        }
        if test {
            return;
        }
        if let Some(name) = item_name(i) {
            self.scope().defines.insert(name);
        }
        match i {
            Item::Use(u) => {
                let public = !matches!(u.vis, Visibility::Inherited);
                let mut out = Vec::new();
                leaves(&u.tree, &mut Vec::new(), public, &mut out);
                self.scope().uses.extend(out);
            }
            Item::Mod(m) => {
                let name = m.ident.to_string();
                self.scope().inline.push(name.clone());
                self.inner.push(name);
                self.scope();
                for item in m.content.iter().flat_map(|(_, items)| items) {
                    self.visit_item(item);
                }
                self.inner.pop();
            }
            _ => visit::visit_item(self, i),
        }
    }

    fn visit_impl_item(&mut self, i: &'ast ImplItem) {
        let test = match i {
            ImplItem::Const(x) => is_test(&x.attrs),
            ImplItem::Fn(x) => is_test(&x.attrs),
            ImplItem::Type(x) => is_test(&x.attrs),
            ImplItem::Macro(x) => is_test(&x.attrs),
            _ => false,
        };
        if !test {
            visit::visit_impl_item(self, i);
        }
    }

    fn visit_stmt(&mut self, s: &'ast Stmt) {
        let test = match s {
            Stmt::Local(l) => is_test(&l.attrs),
            Stmt::Macro(m) => is_test(&m.attrs),
            Stmt::Expr(e, _) => is_test(expr_attrs(e)),
            Stmt::Item(_) => false,
        };
        if !test {
            visit::visit_stmt(self, s);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.scope().paths.push(segs);
        visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        let mut found = Vec::new();
        token_paths(m.tokens.clone(), &mut found);
        self.scope().paths.extend(found);
    }
}
