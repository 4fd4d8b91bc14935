//! The shape of the source tree (issue 15, item 5): no `.rs` file over 800 lines, `src/app/mod.rs`
//! under 300, and no two sibling modules (children of one folder module, at any depth, in each
//! crate under crates/*/src and src/) that import each other, directly or round a longer cycle.
//!
//! Imports are read from the text: `use` trees and `crate::`, `super::` and `self::` paths, each
//! resolved through child modules and `use`/`pub use` bindings (a folder's re-exports) to the
//! module that defines the name. Code under `#[cfg(test)]` is left out: a test beside a rule may use
//! the modules above it without making the rule depend on them. Paths into other crates (the root
//! package's `crate::engine` is the core crate's) are outside the graph.

use std::path::{Path, PathBuf};

mod common;
#[path = "shape/modules.rs"]
mod modules;
#[path = "shape/rust_text.rs"]
mod rust_text;

use modules::Crate;

/// The core's folders from the top down, as docs/architecture.md draws them: a folder may use only
/// folders after it in this list (render sits beside validate, race and bots, above format).
const CORE_LAYERS: [&str; 9] = [
    "cli", "validate", "race", "bots", "render", "engine", "format", "model", "geom",
];

/// The longest a source file may be.
const MAX_LINES: usize = 800;
/// `src/app/mod.rs` only wires the window's parts together: it stays under this.
const APP_MOD_LIMIT: usize = 300;

#[test]
fn no_source_file_is_over_800_lines() {
    let long = long_files(&common::root(), MAX_LINES);
    assert!(
        long.is_empty(),
        "{} file(s) over {MAX_LINES} lines:\n{}",
        long.len(),
        long.join("\n")
    );
}

#[test]
fn app_mod_rs_only_wires_and_is_under_300_lines() {
    let path = common::path("src/app/mod.rs");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("cannot read {}", path.display())
    };
    let lines = text.lines().count();
    assert!(
        lines < APP_MOD_LIMIT,
        "src/app/mod.rs has {lines} lines; it must stay under {APP_MOD_LIMIT}"
    );
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    let cycles = tree_cycles(&common::root());
    assert!(
        cycles.is_empty(),
        "{} import cycle(s) between sibling modules:\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

/// `path: N lines` for every `.rs` file under src/, crates/, tests/ and benches/ over `limit`.
fn long_files(root: &Path, limit: usize) -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).ok()?.lines().count();
            let shown = f.strip_prefix(root).unwrap_or(f).display();
            (lines > limit).then(|| format!("{shown}: {lines} lines"))
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        // Build output and hidden folders are not source.
        if name
            .as_deref()
            .is_some_and(|n| n == "target" || n.starts_with('.'))
        {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_core_folders_import_only_the_layers_below_them_as_docs_architecture_draws() {
    let core = Crate::read(&common::path("crates/core/src/lib.rs"), &common::root());
    let imports = core.top_level_imports();
    assert!(
        imports.contains_key(&("race".to_string(), "bots".to_string())),
        "the check reads no imports: race uses bots today"
    );
    let rank = |m: &str| CORE_LAYERS.iter().position(|&l| l == m);
    let mut upward = Vec::new();
    for ((from, to), place) in &imports {
        match (rank(from), rank(to)) {
            (Some(a), Some(b)) if a < b => {}
            (Some(_), Some(_)) => upward.push(format!("{from} uses {to}: {place}")),
            _ => upward.push(format!(
                "{from} -> {to} is not in the documented layers (add it to CORE_LAYERS and to \
                 docs/architecture.md): {place}"
            )),
        }
    }
    assert!(
        upward.is_empty(),
        "{} import(s) against the layers of docs/architecture.md:\n{}",
        upward.len(),
        upward.join("\n")
    );
}

/// Every sibling import cycle of every crate under `root` (crates/*/src and src, each lib.rs and
/// main.rs a crate), one line a cycle, followed by where each import in it is.
fn tree_cycles(root: &Path) -> Vec<String> {
    let mut source_dirs = vec![root.join("src")];
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        let mut crates: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path().join("src")))
            .collect();
        crates.sort();
        source_dirs.extend(crates);
    }
    let mut found = Vec::new();
    for dir in source_dirs {
        for root_file in ["lib.rs", "main.rs"] {
            let file = dir.join(root_file);
            if file.is_file() {
                let shown = file
                    .strip_prefix(root)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                found.extend(Crate::read(&file, root).cycles(&shown));
            }
        }
    }
    found
}

/// The checks on small trees written for the purpose, so a pass on the real tree means something.
mod synthetic_trees {
    use super::{long_files, tree_cycles};

    /// A source tree of `files` (path, text) in a temporary folder.
    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = super::common::temp_dir();
        for (path, text) in files {
            let path = dir.path().join(path);
            if let Some(parent) = path.parent() {
                assert!(std::fs::create_dir_all(parent).is_ok());
            }
            assert!(std::fs::write(&path, text).is_ok());
        }
        dir
    }

    /// The cycle lines of `files`, without the places listed under each.
    fn cycles(files: &[(&str, &str)]) -> Vec<String> {
        let dir = tree(files);
        tree_cycles(dir.path())
            .iter()
            .filter_map(|c| c.lines().next().map(str::to_string))
            .collect()
    }

    #[test]
    fn two_siblings_importing_each_other_are_a_cycle_named_with_its_places() {
        let dir = tree(&[
            ("crates/core/src/lib.rs", "pub mod a;\npub mod b;\n"),
            (
                "crates/core/src/a.rs",
                "use crate::b::Belt;\npub struct Arm;\n",
            ),
            (
                "crates/core/src/b.rs",
                "pub struct Belt;\npub fn f() -> super::a::Arm { super::a::Arm }\n",
            ),
        ]);
        let found = tree_cycles(dir.path());
        assert_eq!(found.len(), 1, "{found:?}");
        let mut lines = found[0].lines();
        assert_eq!(lines.next(), Some("crates/core/src/lib.rs: a -> b -> a"));
        assert_eq!(
            lines.next().map(str::trim),
            Some("crates/core/src/a.rs:1: crate::b::Belt")
        );
        assert_eq!(
            lines.next().map(str::trim),
            Some("crates/core/src/b.rs:2: super::a::Arm")
        );
    }

    #[test]
    fn a_tree_whose_imports_point_one_way_passes() {
        let found = cycles(&[
            ("src/lib.rs", "mod a;\nmod b;\nuse a::Arm;\n"),
            // A uses b; b names a only in a comment, a string and its tests.
            ("src/a.rs", "use crate::b::Belt;\npub struct Arm(Belt);\n"),
            (
                "src/b.rs",
                "//! Not crate::a::Arm.\npub struct Belt;\nconst S: &str = \"super::a::Arm\";\n\
                 const C: char = '\\'';\nconst R: &str = r#\"crate::a\"#;\n\
                 #[cfg(test)]\nmod tests {\n    use super::super::a::Arm;\n}\n\
                 #[cfg(test)]\nmod more;\n",
            ),
            ("src/b/more.rs", "use crate::a::Arm;\n"),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_longer_cycle_through_a_folders_re_exports_is_found_at_depth() {
        let found = cycles(&[
            ("crates/core/src/lib.rs", "pub mod shop;\n"),
            (
                "crates/core/src/shop/mod.rs",
                "mod a;\nmod b;\nmod c;\npub use c::{Gear, Pit as Hole};\npub use self::a::*;\n",
            ),
            (
                "crates/core/src/shop/a.rs",
                "use super::b::Belt;\npub struct Arm;\n",
            ),
            // Through the folder's re-export, renamed: b uses c.
            (
                "crates/core/src/shop/b.rs",
                "pub struct Belt;\nfn f() { let _ = crate::shop::Hole; }\n",
            ),
            // Through the folder's glob re-export of a: c uses a.
            (
                "crates/core/src/shop/c.rs",
                "pub struct Gear;\npub struct Pit;\nfn g(_: super::Arm) {}\n",
            ),
        ]);
        assert_eq!(
            found,
            ["crates/core/src/lib.rs: shop::a -> shop::b -> shop::c -> shop::a"]
        );
    }

    #[test]
    fn globs_and_bindings_that_lead_nowhere_end_the_search() {
        // Four globs of enums' variants and a binding to itself: names they cannot place are
        // looked for once each, not once per way round the globs.
        let found = cycles(&[
            ("src/lib.rs", "mod a;\nmod b;\n"),
            (
                "src/a.rs",
                "pub enum P { Q }\npub enum R { S }\nuse P::*;\nuse R::*;\nuse T::*;\nuse U::*;\n\
                 use a;\nfn f() { crate::a::Missing::x(); crate::a::a::Missing; }\n",
            ),
            (
                "src/b.rs",
                "use crate::a::{Q, Nowhere};\nfn g() { super::a::Deeper::Still::Missing; }\n",
            ),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn folders_are_siblings_by_what_their_files_import() {
        // engine/game.rs uses options/; options/deal.rs uses engine/game.rs through engine's own
        // re-export: the folders game and options import each other.
        let found = cycles(&[
            ("src/lib.rs", "pub mod engine;\n"),
            (
                "src/engine/mod.rs",
                "mod game;\nmod options;\npub use game::Game;\n",
            ),
            (
                "src/engine/game.rs",
                "use super::options::deal::deal;\npub struct Game;\n",
            ),
            ("src/engine/options/mod.rs", "pub mod deal;\n"),
            (
                "src/engine/options/deal.rs",
                "use crate::engine::{self, Game};\npub fn deal(_: &Game) {}\n",
            ),
        ]);
        assert_eq!(
            found,
            ["src/lib.rs: engine::game -> engine::options -> engine::game"]
        );
    }

    #[test]
    fn paths_into_another_crate_are_outside_the_graph() {
        // The root package's crate::engine is the core crate's: app's children do not meet there.
        let found = cycles(&[
            (
                "src/lib.rs",
                "pub mod app;\npub use core_crate::{engine, model};\n",
            ),
            ("src/app/mod.rs", "mod play;\nmod files;\n"),
            (
                "src/app/play.rs",
                "use crate::engine::Game;\nuse crate::app::files::open;\n",
            ),
            (
                "src/app/files.rs",
                "use crate::model::Course;\npub fn open() {}\n",
            ),
            ("src/main.rs", "use factory_floor::app;\nfn main() {}\n"),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn files_over_the_limit_are_named_and_one_at_it_is_not() {
        let at = "\n".repeat(800);
        let over = "\n".repeat(801);
        let dir = tree(&[
            ("src/at.rs", &at),
            ("tests/over.rs", &over),
            ("benches/over.rs", &over),
            ("crates/core/src/over.rs", &over),
            ("docs/over.rs", &over),
        ]);
        assert_eq!(
            long_files(dir.path(), 800),
            [
                "benches/over.rs: 801 lines",
                "crates/core/src/over.rs: 801 lines",
                "tests/over.rs: 801 lines",
            ]
        );
    }
}
