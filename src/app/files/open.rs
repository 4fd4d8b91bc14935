//! Opening: a tile or course file joins the library (with the tiles beside it) and opens as the
//! document; a Tiled map is imported as a new course; the sample the window opens on.

use crate::app::command::Entry;
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document};
use crate::format::Library;
use crate::format::library::{Origin, Shelf};
use crate::format::{Document as FileDocument, LoadError, load_document};
use crate::model::Course;
use std::path::Path;

/// Opens a file. One that fails to load leaves the open document as it was and says why.
pub fn open_path(ws: &mut Workspace, path: &Path) {
    let read = read_file(path);
    open_read(ws, path, read);
}

/// Opens a file already read (`read_file`), here or on a worker thread.
pub fn open_read(ws: &mut Workspace, path: &Path, read: Result<ReadFile, LoadError>) {
    match read.and_then(|r| add_read(&mut ws.library, path, r)) {
        Ok(entry) => {
            ws.settings.remember(path);
            ws.open_entry(entry);
        }
        Err(e) => ws.errors.push(format!("Could not open {e}")),
    }
}

/// Imports a Tiled map as a new, unsaved course. A map that cannot be read leaves the open
/// document as it was and says why; squares that could not be mapped are listed.
pub fn import_tiled(ws: &mut Workspace, path: &Path) {
    match crate::format::tiled::import_file(path) {
        Ok(imported) => {
            ws.set_document(Document::new(Content::Course(imported.course), None, false));
            if !imported.notes.is_empty() {
                let shown: Vec<String> = imported
                    .notes
                    .iter()
                    .take(5)
                    .map(|n| n.to_string())
                    .collect();
                let more = imported.notes.len().saturating_sub(5);
                let more = if more > 0 {
                    format!("; and {more} more (factory-floor import lists them all)")
                } else {
                    String::new()
                };
                ws.errors.push(format!(
                    "Imported {} with {} square(s) not mapped: {}{more}",
                    path.display(),
                    imported.notes.len(),
                    shown.join("; ")
                ));
            }
        }
        Err(e) => ws.errors.push(format!("Could not import {e}")),
    }
}

/// The entry the window opens on: the 2 x 2 sample course if there is one, else the first course,
/// else the first tile.
pub fn sample_entry(library: &Library) -> Option<Entry> {
    let is_2x2 = |name: &str| {
        let n = name.to_lowercase();
        n.contains("2 x 2") || n.contains("2x2")
    };
    library
        .courses
        .iter()
        .position(|c| is_2x2(&c.course.name) || is_2x2(&c.origin.label()))
        .map(Entry::Course)
        .or_else(|| (!library.courses.is_empty()).then_some(Entry::Course(0)))
        .or_else(|| (!library.tiles.is_empty()).then_some(Entry::Tile(0)))
}

/// Loads a tile or course file into the library and returns its entry. A course's tiles are
/// looked up in the `tiles/` folders beside it too, as `check` does.
pub fn open_into(library: &mut Library, path: &Path) -> Result<Entry, LoadError> {
    let read = read_file(path)?;
    add_read(library, path, read)
}

/// A file read from disk with the tiles beside it, not yet in the library: what a worker thread
/// hands back when a large file is opened (`Files::open_file`).
pub struct ReadFile {
    doc: FileDocument,
    beside: Vec<crate::format::library::LibraryTile>,
}

/// Reads the file at `path` and the tiles beside it. Touches nothing of the window's, so it may
/// run on a worker thread.
pub fn read_file(path: &Path) -> Result<ReadFile, LoadError> {
    let doc = load_document(path)?;
    // The tiles beside the file; the window's library has the user library and built-ins.
    let beside = Library::for_file_in(path, None)
        .tiles
        .into_iter()
        .filter(|t| t.shelf == Shelf::Beside)
        .collect();
    Ok(ReadFile { doc, beside })
}

/// Puts a file read by `read_file` into the library and returns its entry.
pub fn add_read(library: &mut Library, path: &Path, read: ReadFile) -> Result<Entry, LoadError> {
    let ReadFile { doc, beside } = read;
    for t in beside {
        library.add_on(FileDocument::Tile(t.tile), t.origin, Shelf::Beside);
    }
    let tile_id = match &doc {
        FileDocument::Tile(t) => Some(t.id.clone()),
        FileDocument::Course(_) => None,
    };
    let entry = match doc {
        FileDocument::Course(course) => {
            add_course_once(library, course, path);
            library
                .courses
                .iter()
                .position(|c| same_file(&c.origin, path))
                .map(Entry::Course)
        }
        tile => {
            library.add(tile, Origin::File(path.to_path_buf()));
            tile_id.and_then(|id| {
                library
                    .tiles
                    .iter()
                    .position(|t| t.tile.id == id)
                    .map(Entry::Tile)
            })
        }
    };
    entry.ok_or_else(|| LoadError {
        file: path.display().to_string(),
        line: 0,
        column: 0,
        message: "the file loaded but is not in the library".to_string(),
        kind: crate::format::ErrorKind::Invalid,
    })
}

/// Whether a library entry came from the file at `path` (compared as canonical paths, so
/// `courses/x.json` and `./courses/x.json` are one file).
fn same_file(origin: &Origin, path: &Path) -> bool {
    let Origin::File(p) = origin else {
        return false;
    };
    match (std::fs::canonicalize(p), std::fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => p == path,
    }
}

/// Adds a course opened from `path` to the library without listing one course twice: opening a
/// file again replaces its entry, and a file that holds exactly a built-in course of the same
/// file name (the sample courses opened from the source tree) takes the built-in entry's place.
/// Courses that differ but share a name stay apart; the list tells them apart by their files.
fn add_course_once(library: &mut Library, course: Course, path: &Path) {
    let file_name = path.file_name();
    let existing = library.courses.iter().position(|c| {
        same_file(&c.origin, path)
            || matches!(&c.origin, Origin::Builtin(name)
                if Path::new(name).file_name() == file_name && c.course == course)
    });
    let entry = crate::format::library::LibraryCourse {
        course,
        origin: Origin::File(path.to_path_buf()),
    };
    match existing.and_then(|i| library.courses.get_mut(i)) {
        Some(slot) => *slot = entry,
        None => library.courses.push(entry),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::course_editor::library_panel;
    use crate::model::{LivesRule, PlayerRange, RulesEdition, StartRule, Tile};

    fn course(name: &str) -> FileDocument {
        FileDocument::Course(Course {
            name: name.to_string(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange::default(),
            lives: LivesRule::Standard,
            placements: Vec::new(),
            embedded: Vec::new(),
            flags: Vec::new(),
            start: StartRule::Numbered,
        })
    }

    #[test]
    fn a_course_opened_twice_or_from_its_built_in_file_is_listed_once_and_twins_are_told_apart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let FileDocument::Course(tour) = course("Grand Tour") else {
            panic!("a course");
        };
        let path = dir.path().join("grand-tour.json");
        std::fs::write(&path, crate::format::course_to_string(&tour)).expect("write");
        let mut lib = Library::default();
        lib.add(
            course("Grand Tour"),
            Origin::Builtin("courses/grand-tour.json"),
        );
        // The same course from a file of the same name takes the built-in entry's place.
        assert_eq!(open_into(&mut lib, &path).ok(), Some(Entry::Course(0)));
        assert_eq!(lib.courses.len(), 1);
        assert_eq!(lib.courses[0].origin, Origin::File(path.clone()));
        // Opening it again replaces its entry.
        assert_eq!(open_into(&mut lib, &path).ok(), Some(Entry::Course(0)));
        assert_eq!(lib.courses.len(), 1);
        // A different course of the same name is listed apart, and the labels say which is which.
        let mut other = tour.clone();
        other.description = "a copy".to_string();
        let copy = dir.path().join("copy.json");
        std::fs::write(&copy, crate::format::course_to_string(&other)).expect("write");
        assert_eq!(open_into(&mut lib, &copy).ok(), Some(Entry::Course(1)));
        let labels = [
            library_panel::course_label(&lib, 0),
            library_panel::course_label(&lib, 1),
        ];
        assert_ne!(labels[0], labels[1]);
        assert!(labels[1].starts_with("Grand Tour (") && labels[1].contains("copy.json"));
        // A built-in twin says it is built in.
        lib.add(
            course("Grand Tour"),
            Origin::Builtin("courses/grand-tour.json"),
        );
        assert_eq!(
            library_panel::course_label(&lib, 2),
            "Grand Tour (built-in grand-tour.json)"
        );
    }

    #[test]
    fn the_sample_is_the_2x2_course_found_by_its_file_name_too() {
        let mut lib = Library::default();
        lib.add(
            FileDocument::Tile(Tile::new("t", 2, 2)),
            Origin::Builtin("tiles/t.json"),
        );
        assert_eq!(sample_entry(&lib), Some(Entry::Tile(0)));
        lib.add(course("First"), Origin::Builtin("courses/first.json"));
        assert_eq!(sample_entry(&lib), Some(Entry::Course(0)));
        lib.add(
            course("Standard Factory"),
            Origin::Builtin("courses/standard-2x2.json"),
        );
        assert_eq!(sample_entry(&lib), Some(Entry::Course(1)));
        assert_eq!(sample_entry(&Library::default()), None);
    }
}
