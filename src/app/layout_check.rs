//! Keeps the window's shape (DESIGN.md, "src/app/"): no file over 800 lines, `mod.rs` under 300,
//! and no two sibling modules (files or folders of one folder) that import each other. Reads the
//! sources: every `crate::app::...` and `super::...` path (in `use` lines and in code) is resolved
//! to the sibling it names, re-exports of a folder's `pub use` included. Run it with
//! `cargo test -p factory-floor --lib layout_check -- --nocapture` to see every edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from `app` down, e.g. `["app", "play", "view"]`.
type ModPath = Vec<String>;

/// One source file and the module it is.
struct Source {
    file: PathBuf,
    module: ModPath,
    text: String,
}

fn sources(dir: &Path, module: &ModPath, out: &mut Vec<Source>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_dir() {
            let mut child = module.clone();
            child.push(name);
            sources(&path, &child, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut own = module.clone();
            if name != "mod" {
                own.push(name);
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            out.push(Source {
                file: path,
                module: own,
                text,
            });
        }
    }
}

/// The code of a file without its comment lines (docs name paths in prose).
fn code(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect()
}

/// Reads a path tree at the start of `s` (`a::b::{c, d::e}`) and returns every full path in it.
fn path_tree(s: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], i: &mut usize) -> Vec<Vec<String>> {
        let mut prefix: Vec<String> = Vec::new();
        loop {
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
            if chars.get(*i) == Some(&'{') {
                *i += 1;
                let mut all = Vec::new();
                loop {
                    for mut p in tree(chars, i) {
                        let mut full = prefix.clone();
                        full.append(&mut p);
                        all.push(full);
                    }
                    while *i < chars.len() && chars[*i].is_whitespace() {
                        *i += 1;
                    }
                    match chars.get(*i) {
                        Some(',') => *i += 1,
                        Some('}') => {
                            *i += 1;
                            return all;
                        }
                        _ => return all,
                    }
                    while *i < chars.len() && chars[*i].is_whitespace() {
                        *i += 1;
                    }
                    if chars.get(*i) == Some(&'}') {
                        *i += 1;
                        return all;
                    }
                }
            }
            let start = *i;
            while *i < chars.len() && (chars[*i].is_alphanumeric() || chars[*i] == '_') {
                *i += 1;
            }
            let ident: String = chars[start..*i].iter().collect();
            if ident.is_empty() {
                return vec![prefix];
            }
            prefix.push(ident);
            if chars.get(*i) == Some(&':') && chars.get(*i + 1) == Some(&':') {
                *i += 2;
            } else {
                return vec![prefix];
            }
        }
    }
    let chars: Vec<char> = s.chars().collect();
    tree(&chars, &mut 0)
}

/// Every path in `line` that starts with `crate::app::` or `super::`, as written.
fn app_paths(line: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::app::", "super::"] {
        let mut from = 0;
        while let Some(at) = line[from..].find(start).map(|k| k + from) {
            from = at + start.len();
            let before = line[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            found.extend(path_tree(&line[at..]));
        }
    }
    found
}

/// Where `path`, written in module `here`, points: an absolute path from `app`.
fn resolve(path: &[String], here: &ModPath) -> Option<ModPath> {
    match path.first().map(String::as_str) {
        Some("crate") => Some(path[1..].to_vec()),
        Some("super") => {
            let mut base = here.clone();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

/// The sibling edges: for each folder (module path), the pairs (from, to) of its child modules.
type Edges = BTreeMap<ModPath, BTreeSet<(String, String)>>;

fn edges(all: &[Source]) -> Edges {
    let modules: BTreeSet<ModPath> = all.iter().map(|s| s.module.clone()).collect();
    let is_child = |parent: &[String], name: &str| {
        let mut p = parent.to_vec();
        p.push(name.to_string());
        modules.contains(&p)
    };
    // `pub use child::...::name` in a folder's own file: `folder::name` is the child's.
    let mut reexports: BTreeMap<(ModPath, String), String> = BTreeMap::new();
    for s in all {
        for line in code(&s.text) {
            let Some(rest) = line.trim_start().strip_prefix("pub use ") else {
                continue;
            };
            for p in path_tree(rest) {
                if let (Some(first), Some(last)) = (p.first(), p.last())
                    && is_child(&s.module, first)
                {
                    reexports.insert((s.module.clone(), last.clone()), first.clone());
                }
            }
        }
    }
    let mut out = Edges::new();
    for s in all {
        let mut here = s.module.clone();
        for line in code(&s.text) {
            // An inline module (the tests at the end of a file) is one level further down.
            let trimmed = line.trim_start();
            if let Some(name) = trimmed
                .strip_prefix("mod ")
                .and_then(|r| r.strip_suffix(" {"))
            {
                here = s.module.clone();
                here.push(name.to_string());
            }
            for path in app_paths(line) {
                let Some(target) = resolve(&path, &here) else {
                    continue;
                };
                let k = s
                    .module
                    .iter()
                    .zip(&target)
                    .take_while(|(a, b)| a == b)
                    .count();
                let (Some(from), Some(to)) = (s.module.get(k), target.get(k)) else {
                    continue;
                };
                let parent = target[..k].to_vec();
                let to = if is_child(&parent, to) {
                    to.clone()
                } else if let Some(child) = reexports.get(&(parent.clone(), to.clone())) {
                    child.clone()
                } else {
                    continue;
                };
                if *from != to {
                    out.entry(parent).or_default().insert((from.clone(), to));
                }
            }
        }
    }
    out
}

/// The cycles among the edges of one folder: each a list of modules that reach each other.
fn cycles(pairs: &BTreeSet<(String, String)>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = pairs.iter().flat_map(|(a, b)| [a, b]).collect();
    let reaches = |from: &String, to: &String| {
        let mut seen: BTreeSet<&String> = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            for (a, b) in pairs {
                if a == n && seen.insert(b) {
                    stack.push(b);
                }
            }
        }
        seen.contains(to)
    };
    let mut found: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        if !reaches(n, n) || found.iter().any(|c| c.contains(n)) {
            continue;
        }
        let group: Vec<String> = nodes
            .iter()
            .filter(|m| reaches(n, m) && reaches(m, n))
            .map(|m| (*m).clone())
            .collect();
        found.push(group);
    }
    found
}

#[test]
fn no_file_over_800_lines_and_no_two_sibling_modules_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut all = Vec::new();
    sources(&root, &vec!["app".to_string()], &mut all);
    assert!(
        all.len() > 20,
        "the app's sources are read from {}",
        root.display()
    );
    let mut problems = Vec::new();
    for s in &all {
        let lines = s.text.lines().count();
        let name = s.file.strip_prefix(&root).unwrap_or(&s.file).display();
        let limit = if s.module == ["app"] { 300 } else { 800 };
        if lines > limit {
            problems.push(format!("{name}: {lines} lines, over {limit}"));
        }
    }
    for (parent, pairs) in edges(&all) {
        println!("{}:", parent.join("::"));
        for (from, to) in &pairs {
            println!("  {from} -> {to}");
        }
        for cycle in cycles(&pairs) {
            problems.push(format!(
                "in {}: {} import each other",
                parent.join("::"),
                cycle.join(", ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_sees_a_circle_through_use_lines_re_exports_and_code_paths() {
    let source = |file: &str, module: &[&str], text: &str| Source {
        file: PathBuf::from(file),
        module: module.iter().map(|s| s.to_string()).collect(),
        text: text.to_string(),
    };
    let all = [
        source(
            "mod.rs",
            &["app"],
            "pub mod a;\npub mod b;\npub use b::deep::Thing;\n",
        ),
        source("a.rs", &["app", "a"], "use crate::app::{Thing, c::X};\n"),
        source("b/mod.rs", &["app", "b"], "pub mod deep;\n"),
        source(
            "b/deep.rs",
            &["app", "b", "deep"],
            "fn f() { super::super::a::go(); }\n",
        ),
        source(
            "c.rs",
            &["app", "c"],
            "// crate::app::a::not_code\nuse super::a;\n",
        ),
    ];
    let found = edges(&all);
    let app = found.get(&vec!["app".to_string()]).expect("edges in app");
    let pairs: Vec<(&str, &str)> = app.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(pairs, vec![("a", "b"), ("a", "c"), ("b", "a"), ("c", "a")]);
    let mut circles = cycles(app);
    circles.sort();
    assert_eq!(circles, vec![vec!["a", "b", "c"]]);
}
