//! Helpers the integration tests share: places in the source tree, temporary folders and runs of
//! the `factory-floor` binary here; small tiles and courses in `courses`, the app under
//! egui_kittest in `window`. Each test file takes it in with `mod common;`.

// Every test file is its own crate and uses only some of these helpers.
#![allow(dead_code)]

pub mod courses;
pub mod tiled;
pub mod window;

use factory_floor::format::{self, Document, Library};
use factory_floor::model::Course;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `factory-floor` binary cargo built for these tests.
pub const BINARY: &str = env!("CARGO_BIN_EXE_factory-floor");

/// The top of the source tree (the root package's folder).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path given relative to the top of the source tree.
pub fn path(relative: impl AsRef<Path>) -> PathBuf {
    root().join(relative)
}

/// The `.json` files of a folder of the source tree, sorted.
pub fn json_files(dir: &str) -> Vec<PathBuf> {
    let rd = std::fs::read_dir(path(dir));
    assert!(rd.is_ok(), "cannot read the {dir}/ folder");
    let mut files: Vec<PathBuf> = rd
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// Every sample course under `courses/`, with the library it sees, in file name order.
pub fn sample_courses() -> Vec<(PathBuf, Course, Library)> {
    json_files("courses")
        .into_iter()
        .map(|p| match format::load_document(&p) {
            Ok(Document::Course(c)) => {
                let library = Library::for_file(&p);
                (p, c, library)
            }
            Ok(Document::Tile(_)) => panic!("{} is a tile", p.display()),
            Err(e) => panic!("{e}"),
        })
        .collect()
}

/// A temporary folder, removed when the value is dropped.
pub fn temp_dir() -> tempfile::TempDir {
    match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(e) => panic!("no temporary folder: {e}"),
    }
}

/// Runs the binary with `args`: its exit code (-1 when a signal ended it), standard output and
/// standard error.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> (i32, String, String) {
    let out = Command::new(BINARY).args(args).output();
    let Ok(out) = out else {
        panic!("the binary does not run")
    };
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
