//! The tile library and sample courses: the ones built into the program and those in folders.

use super::document::{Document, document_from_str, load_document};
use super::error::LoadError;
use crate::model::{Course, Tile, TileSource};
use std::path::{Path, PathBuf};

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// Where a library entry came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Built into the program: the name of the file in the source tree (`tiles/cross.json`).
    Builtin(&'static str),
    File(PathBuf),
}

impl Origin {
    pub fn label(&self) -> String {
        match self {
            Origin::Builtin(name) => (*name).to_string(),
            Origin::File(p) => p.display().to_string(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct LibraryTile {
    pub tile: Tile,
    pub origin: Origin,
}

#[derive(Clone, Debug)]
pub struct LibraryCourse {
    pub course: Course,
    pub origin: Origin,
}

/// Tiles and courses, in the order they were added. A later tile with the same id as an earlier
/// one replaces it, so a folder next to a course overrides the built-in tile of that id.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub tiles: Vec<LibraryTile>,
    pub courses: Vec<LibraryCourse>,
    /// Files that could not be loaded.
    pub errors: Vec<LoadError>,
}

impl TileSource for Library {
    fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.tile.id == id).map(|t| &t.tile)
    }
}

impl Library {
    /// The library built into the program.
    pub fn builtin() -> Library {
        let mut lib = Library::default();
        for (name, text) in builtin::TILES.iter().chain(builtin::COURSES) {
            match document_from_str(name, text) {
                Ok(doc) => lib.add(doc, Origin::Builtin(name)),
                Err(e) => lib.errors.push(e),
            }
        }
        lib
    }

    pub fn add(&mut self, doc: Document, origin: Origin) {
        match doc {
            Document::Tile(tile) => {
                let entry = LibraryTile { tile, origin };
                match self.tiles.iter_mut().find(|t| t.tile.id == entry.tile.id) {
                    Some(existing) => *existing = entry,
                    None => self.tiles.push(entry),
                }
            }
            Document::Course(course) => self.courses.push(LibraryCourse { course, origin }),
        }
    }

    /// Adds every `.json` tile and course in `dir` (not recursive), in file-name order.
    pub fn add_dir(&mut self, dir: &Path) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for path in paths {
            match load_document(&path) {
                Ok(doc) => self.add(doc, Origin::File(path)),
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// The library a course file sees: the built-in tiles, then `tiles/` beside the file and beside
    /// its folder (so `courses/x.json` finds `tiles/`).
    pub fn for_file(path: &Path) -> Library {
        let mut lib = Library::builtin();
        lib.courses.clear();
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut dirs = vec![dir.join("tiles")];
        if let Some(up) = dir.parent() {
            dirs.push(up.join("tiles"));
        }
        for d in dirs {
            let mut extra = Library::default();
            extra.add_dir(&d);
            for t in extra.tiles {
                lib.add(Document::Tile(t.tile), t.origin);
            }
        }
        lib
    }

    pub fn find_course(&self, name: &str) -> Option<&LibraryCourse> {
        self.courses
            .iter()
            .find(|c| c.course.name == name || c.origin.label().ends_with(name))
    }
}
