//! The modules of one crate, read by following its `mod` declarations, what each names, and the
//! import cycles among siblings.

use super::rust_text::{
    Token, UsePath, attribute_end, blank_comments_and_literals, is_cfg_test, is_path_before,
    is_punct, item_end, tokens, use_tree,
};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

#[derive(Debug, Default)]
struct Module {
    /// The path from the crate root: `["engine", "game"]`.
    path: Vec<String>,
    file: PathBuf,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Names the module's `use` declarations bind, and their globs.
    uses: Vec<UsePath>,
    /// Names of the items the module defines itself.
    items: BTreeSet<String>,
    /// Paths the module names: its `use` paths and inline `crate::`/`super::`/`self::` paths.
    named: Vec<(Vec<String>, usize)>,
}

pub struct Crate {
    modules: Vec<Module>,
    /// The top of the source tree: places are shown relative to it.
    base: PathBuf,
    /// The paths being resolved: meeting one again is a loop of bindings, which names nothing.
    resolving: RefCell<BTreeSet<(usize, Vec<String>)>>,
}

impl Crate {
    /// The crate whose root file is `root`, following `mod` declarations (those under
    /// `#[cfg(test)]` are left out).
    pub fn read(root: &Path, base: &Path) -> Crate {
        let mut krate = Crate {
            modules: Vec::new(),
            base: base.to_path_buf(),
            resolving: RefCell::default(),
        };
        let text = std::fs::read_to_string(root).unwrap_or_default();
        let dir = root.parent().map_or(PathBuf::new(), Path::to_path_buf);
        krate.add(
            None,
            Vec::new(),
            root,
            &tokens(&blank_comments_and_literals(&text)),
            &dir,
        );
        krate
    }

    /// Adds the module of `tokens` (from `file`), whose child files are in `dir`.
    fn add(
        &mut self,
        parent: Option<usize>,
        path: Vec<String>,
        file: &Path,
        t: &[(Token, usize)],
        dir: &Path,
    ) -> usize {
        let me = self.modules.len();
        self.modules.push(Module {
            path: path.clone(),
            file: file.to_path_buf(),
            parent,
            ..Module::default()
        });
        let (mut i, mut depth) = (0, 0i32);
        while i < t.len() {
            if let Some(end) = attribute_end(t, i) {
                if is_cfg_test(t, i, end) {
                    // Skip the attribute, the item's other attributes and the item itself.
                    let mut j = end;
                    while let Some(next) = attribute_end(t, j) {
                        j = next;
                    }
                    i = item_end(t, j);
                } else {
                    i = end;
                }
                continue;
            }
            let at_top = depth == 0;
            match &t[i].0 {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => depth -= 1,
                Token::Ident(w) if w == "mod" && at_top => {
                    if let Some((Token::Ident(name), _)) = t.get(i + 1) {
                        let mut child_path = path.clone();
                        child_path.push(name.clone());
                        if is_punct(t.get(i + 2), ';') {
                            let file = [
                                dir.join(format!("{name}.rs")),
                                dir.join(name).join("mod.rs"),
                            ]
                            .into_iter()
                            .find(|f| f.is_file());
                            if let Some(file) = file {
                                let child_dir = dir.join(name);
                                let text = std::fs::read_to_string(&file).unwrap_or_default();
                                let tokens = tokens(&blank_comments_and_literals(&text));
                                let child =
                                    self.add(Some(me), child_path, &file, &tokens, &child_dir);
                                self.modules[me].children.insert(name.clone(), child);
                            }
                            i += 3;
                            continue;
                        }
                        if is_punct(t.get(i + 2), '{') {
                            let end = item_end(t, i + 2);
                            let inner = &t[i + 3..end.saturating_sub(1)];
                            let child =
                                self.add(Some(me), child_path, file, inner, &dir.join(name));
                            self.modules[me].children.insert(name.clone(), child);
                            i = end;
                            continue;
                        }
                    }
                }
                Token::Ident(w) if w == "use" && !is_path_before(t, i) => {
                    let mut uses = Vec::new();
                    let end = use_tree(t, i + 1, &[], &mut uses);
                    for u in &uses {
                        self.modules[me].named.push((u.segments.clone(), u.line));
                    }
                    // Only a module's own top-level `use` binds names its children can reach.
                    if at_top {
                        self.modules[me].uses.extend(uses);
                    }
                    i = end;
                    continue;
                }
                Token::Ident(w)
                    if at_top
                        && matches!(
                            w.as_str(),
                            "fn" | "struct"
                                | "enum"
                                | "trait"
                                | "type"
                                | "const"
                                | "static"
                                | "union"
                        ) =>
                {
                    if let Some((Token::Ident(name), _)) = t.get(i + 1) {
                        self.modules[me].items.insert(name.clone());
                    }
                }
                Token::Ident(w)
                    if matches!(w.as_str(), "crate" | "super" | "self")
                        && matches!(t.get(i + 1), Some((Token::Path, _)))
                        && !is_path_before(t, i) =>
                {
                    let line = t[i].1;
                    let mut segments = vec![w.clone()];
                    let mut j = i + 1;
                    while matches!(t.get(j), Some((Token::Path, _))) {
                        match t.get(j + 1) {
                            Some((Token::Ident(s), _)) => segments.push(s.clone()),
                            _ => break,
                        }
                        j += 2;
                    }
                    self.modules[me].named.push((segments, line));
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        me
    }

    /// The module that defines what `segments` names from module `from`, if it is in this crate.
    fn resolve(&self, from: usize, segments: &[String], hops: usize) -> Option<usize> {
        if hops > 32 {
            return None; // a re-export loop; rustc would refuse it
        }
        let key = (from, segments.to_vec());
        if !self.resolving.borrow_mut().insert(key.clone()) {
            return None;
        }
        let found = self.resolve_anew(from, segments, hops);
        self.resolving.borrow_mut().remove(&key);
        found
    }

    fn resolve_anew(&self, from: usize, segments: &[String], hops: usize) -> Option<usize> {
        let first = segments.first()?;
        let (mut at, mut rest) = match first.as_str() {
            "crate" => (0, &segments[1..]),
            "self" => (from, &segments[1..]),
            "super" => (self.modules[from].parent?, &segments[1..]),
            "::" => return None,
            _ => (from, segments),
        };
        while rest.first().is_some_and(|s| s == "super") {
            at = self.modules[at].parent?;
            rest = &rest[1..];
        }
        let relative = !matches!(first.as_str(), "crate" | "self" | "super");
        self.walk(at, rest, relative, hops)
    }

    /// Follows `rest` down from module `at`. A relative path whose first name is not ours (an
    /// external crate, `std`, a type's variants) resolves to nothing.
    fn walk(&self, at: usize, rest: &[String], relative: bool, hops: usize) -> Option<usize> {
        let Some(name) = rest.first() else {
            return Some(at);
        };
        let m = &self.modules[at];
        if let Some(&child) = m.children.get(name) {
            return self.walk(child, &rest[1..], false, hops);
        }
        if let Some(u) = m.uses.iter().find(|u| u.name.as_deref() == Some(name)) {
            let mut through = u.segments.clone();
            through.extend(rest[1..].iter().cloned());
            return self.resolve(at, &through, hops + 1);
        }
        if m.items.contains(name) {
            return Some(at);
        }
        // A glob (`pub use element::*`) brings in the name if the module it empties defines it.
        for glob in m.uses.iter().filter(|u| u.name.is_none()) {
            let Some(source) = self.resolve(at, &glob.segments, hops + 1) else {
                continue;
            };
            let s = &self.modules[source];
            let defines = s.children.contains_key(name)
                || s.items.contains(name)
                || s.uses.iter().any(|u| u.name.as_deref() == Some(name));
            if source != at && defines {
                return self.walk(source, rest, false, hops + 1);
            }
        }
        // A name we cannot place (a macro, a variant): ours only if the path was anchored here.
        (!relative).then_some(at)
    }

    /// The sibling edges: for each parent module, child -> child with the first place seen.
    fn edges(&self) -> BTreeMap<usize, BTreeMap<(String, String), String>> {
        let mut edges: BTreeMap<usize, BTreeMap<(String, String), String>> = BTreeMap::new();
        for (from, m) in self.modules.iter().enumerate() {
            for (segments, line) in &m.named {
                let Some(to) = self.resolve(from, segments, 0) else {
                    continue;
                };
                let (a, b) = (&m.path, &self.modules[to].path);
                let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
                if common == a.len() || common == b.len() {
                    continue; // a module and its own ancestor or descendant
                }
                let Some(parent) = self.find(&a[..common]) else {
                    continue;
                };
                let file = m.file.strip_prefix(&self.base).unwrap_or(&m.file);
                let place = format!("{}:{line}: {}", file.display(), segments.join("::"));
                edges
                    .entry(parent)
                    .or_default()
                    .entry((a[common].clone(), b[common].clone()))
                    .or_insert(place);
            }
        }
        edges
    }

    /// The imports between the crate root's own children (`engine` uses `model`, ...), each pair
    /// with the place of one import that makes it.
    pub fn top_level_imports(&self) -> BTreeMap<(String, String), String> {
        self.find(&[])
            .and_then(|root| self.edges().remove(&root))
            .unwrap_or_default()
    }

    fn find(&self, path: &[String]) -> Option<usize> {
        self.modules.iter().position(|m| m.path == path)
    }

    /// Each shortest cycle through each module that is in one, as `a -> b -> a` (paths from the
    /// crate root), followed by where each of its imports is.
    pub fn cycles(&self, shown: &str) -> Vec<String> {
        let mut found = Vec::new();
        for (parent, edges) in self.edges() {
            let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
            for (a, b) in edges.keys() {
                next.entry(a).or_default().insert(b);
            }
            let mut seen = BTreeSet::new();
            for &start in next.keys() {
                let Some(cycle) = shortest_cycle(&next, start) else {
                    continue;
                };
                // The same cycle found from each of its modules is printed once, from its least.
                let least = cycle[..cycle.len() - 1]
                    .iter()
                    .min()
                    .copied()
                    .unwrap_or(start);
                let at = cycle.iter().position(|&s| s == least).unwrap_or(0);
                let mut canon: Vec<&str> = cycle[at..cycle.len() - 1].to_vec();
                canon.extend(&cycle[..=at]);
                if !seen.insert(canon.clone()) {
                    continue;
                }
                let prefix = self.modules[parent].path.join("::");
                let name = |s: &str| {
                    if prefix.is_empty() {
                        s.to_string()
                    } else {
                        format!("{prefix}::{s}")
                    }
                };
                let mut text = format!(
                    "{shown}: {}",
                    canon
                        .iter()
                        .map(|s| name(s))
                        .collect::<Vec<_>>()
                        .join(" -> ")
                );
                for pair in canon.windows(2) {
                    let key = (pair[0].to_string(), pair[1].to_string());
                    if let Some(place) = edges.get(&key) {
                        text.push_str(&format!("\n    {place}"));
                    }
                }
                found.push(text);
            }
        }
        found
    }
}

/// The shortest path from `start` back to itself, `start` at both ends.
fn shortest_cycle<'a>(
    next: &BTreeMap<&'a str, BTreeSet<&'a str>>,
    start: &'a str,
) -> Option<Vec<&'a str>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for &to in next.get(at).into_iter().flatten() {
            if to == start {
                let mut path = vec![start, at];
                let mut back = at;
                while back != start {
                    back = came_from[back];
                    path.push(back);
                }
                path.reverse();
                return Some(path);
            }
            if !came_from.contains_key(to) {
                came_from.insert(to, at);
                queue.push_back(to);
            }
        }
    }
    None
}
