//! The tile library and sample courses: the ones built into the program, the user's own library
//! folder, folders the user added, and the folder of a course; which copy of a tile a course uses.

pub use super::document::id_from_name;
use super::document::{Document, document_from_str, load_document};
use super::error::LoadError;
use super::files::read_text;
use super::header::claims_tile;
use crate::model::{Course, Tile, TileSource};
use std::path::{Path, PathBuf};

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// Names the user library folder instead of the platform's data folder (tests, portable setups).
pub const LIBRARY_ENV: &str = "FACTORY_FLOOR_LIBRARY";

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

/// Which part of the library a tile was found in, shown beside it in the library panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    Builtin,
    /// The user library folder (`user_library_dir`).
    User,
    /// A folder the user added (or saved a tile into).
    Folder,
    /// The folder of a course that was opened, or a tile file opened on its own.
    Beside,
    /// Only in the window's memory: its file has gone, or it came from a course bundle.
    Memory,
}

impl Shelf {
    pub fn label(self) -> &'static str {
        match self {
            Shelf::Builtin => "built-in",
            Shelf::User => "your library",
            Shelf::Folder => "added folder",
            Shelf::Beside => "beside a course",
            Shelf::Memory => "not saved",
        }
    }
}

#[derive(Clone, Debug)]
pub struct LibraryTile {
    pub tile: Tile,
    pub origin: Origin,
    pub shelf: Shelf,
}

#[derive(Clone, Debug)]
pub struct LibraryCourse {
    pub course: Course,
    pub origin: Origin,
}

/// Tiles and courses, in the order they were added. A later tile with the same id as an earlier
/// one replaces it, so the folder of a course overrides the user library, which overrides the
/// built-in tile of that id; a replaced tile that differs is kept in `shadowed` so a course can
/// say which copy it used.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub tiles: Vec<LibraryTile>,
    pub courses: Vec<LibraryCourse>,
    /// Tiles replaced by a different tile of the same id, oldest first.
    pub shadowed: Vec<LibraryTile>,
    /// Files that could not be loaded.
    pub errors: Vec<LoadError>,
}

impl TileSource for Library {
    fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.tile.id == id).map(|t| &t.tile)
    }
}

/// The platform's folder for a user's data: `$XDG_DATA_HOME` or `~/.local/share` on Linux,
/// `~/Library/Application Support` on a Mac, `%APPDATA%` on Windows. Written out here rather than
/// through a crate: these three rules are all the `dirs` crate would give us.
fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        return env("APPDATA");
    }
    if cfg!(target_os = "macos") {
        return env("HOME").map(|h| h.join("Library/Application Support"));
    }
    env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
}

/// The user's own tile library: `FACTORY_FLOOR_LIBRARY` if set, else `factory-floor/tiles` in the
/// platform's data folder. It may not exist yet.
pub fn user_library_dir() -> Option<PathBuf> {
    match std::env::var_os(LIBRARY_ENV).filter(|v| !v.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => data_dir().map(|d| d.join("factory-floor").join("tiles")),
    }
}

/// The `.json` files in `dir` (not recursive) that are regular files, in file-name order.
fn json_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
}

/// The id made from `name`, with `-2`, `-3`, ... added until `taken` says it is free.
pub fn unique_id(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = id_from_name(name);
    if !taken(&base) {
        return base;
    }
    // Bounded: a `taken` that says yes to everything must not loop for ever.
    (2..100_000u32)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .unwrap_or(base)
}

/// Which copy of a tile a course uses when more than one was found, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolutionNote {
    pub id: String,
    pub used: String,
    pub differs: String,
}

impl std::fmt::Display for ResolutionNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tile \"{}\": used {}; {} differs",
            self.id, self.used, self.differs
        )
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

    /// The built-in tiles and courses, then the user library folder, then `folders` the user
    /// added: what the window starts with.
    pub fn standard(folders: &[PathBuf]) -> Library {
        Library::standard_in(user_library_dir().as_deref(), folders)
    }

    /// `standard` with the user library folder given (the tests give their own).
    pub fn standard_in(user: Option<&Path>, folders: &[PathBuf]) -> Library {
        let mut lib = Library::builtin();
        if let Some(dir) = user {
            lib.add_tiles_of(dir, Shelf::User);
        }
        for dir in folders {
            lib.add_tiles_of(dir, Shelf::Folder);
        }
        lib
    }

    /// Adds a tile or course; a tile from a file counts as found beside a course.
    pub fn add(&mut self, doc: Document, origin: Origin) {
        let shelf = match origin {
            Origin::Builtin(_) => Shelf::Builtin,
            Origin::File(_) => Shelf::Beside,
        };
        self.add_on(doc, origin, shelf);
    }

    /// Adds a tile or course found on `shelf`.
    pub fn add_on(&mut self, doc: Document, origin: Origin, shelf: Shelf) {
        match doc {
            Document::Tile(tile) => {
                let entry = LibraryTile {
                    tile,
                    origin,
                    shelf,
                };
                match self.tiles.iter_mut().find(|t| t.tile.id == entry.tile.id) {
                    Some(existing) => {
                        let old = std::mem::replace(existing, entry);
                        if old.tile != existing.tile {
                            self.shadowed.push(old);
                        }
                    }
                    None => self.tiles.push(entry),
                }
            }
            Document::Course(course) => self.courses.push(LibraryCourse { course, origin }),
        }
    }

    /// Adds every `.json` tile and course in `dir` (not recursive), in file-name order. Only
    /// regular files are opened: a pipe or device named `*.json` would block the scan.
    pub fn add_dir(&mut self, dir: &Path) {
        for path in json_files(dir) {
            match load_document(&path) {
                Ok(doc) => self.add(doc, Origin::File(path)),
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// The tiles `add_dir` adds from `dir`, and nothing else: a file whose header says it is no
    /// tile (a course) is not read further, one that does not load is passed over, and one with
    /// the very text of a tile in `read` is that tile, not read again.
    fn add_dir_tiles(&mut self, dir: &Path, read: &[(&str, Tile)]) {
        for path in json_files(dir) {
            let text = match read_text(&path) {
                Ok(text) => text,
                Err(e) => {
                    self.errors.push(e);
                    continue;
                }
            };
            let file = path.display().to_string();
            let tile = match read.iter().find(|(t, _)| *t == text) {
                Some((_, tile)) => tile.clone(),
                None => match claims_tile(&text) {
                    Ok(true) => match document_from_str(&file, &text) {
                        Ok(Document::Tile(tile)) => tile,
                        Ok(Document::Course(_)) => continue,
                        Err(e) => {
                            self.errors.push(e);
                            continue;
                        }
                    },
                    // A course, or another program's JSON: not read.
                    Ok(false) => continue,
                    // No JSON at all, maybe a tile cut short: it must not pass unnoticed (a
                    // built-in tile of its id would be used in its place).
                    Err(e) => {
                        self.errors
                            .push(super::error::syntax_error(&file, &text, &e));
                        continue;
                    }
                },
            };
            self.add(Document::Tile(tile), Origin::File(path));
        }
    }

    /// The built-in tiles alone, as `builtin` adds them, and each with the text it was read
    /// from.
    fn builtin_tiles() -> (Library, Vec<(&'static str, Tile)>) {
        let mut lib = Library::default();
        let mut read = Vec::new();
        for (name, text) in builtin::TILES {
            match document_from_str(name, text) {
                Ok(doc) => {
                    if let Document::Tile(t) = &doc {
                        read.push((*text, t.clone()));
                    }
                    lib.add(doc, Origin::Builtin(name));
                }
                Err(e) => lib.errors.push(e),
            }
        }
        (lib, read)
    }

    /// Adds the tiles of `dir` on `shelf`; courses there are not the library's. Files that do
    /// not load are listed in `errors` only when they claim to be tiles.
    pub fn add_tiles_of(&mut self, dir: &Path, shelf: Shelf) {
        let mut extra = Library::default();
        extra.add_dir(dir);
        for t in extra.tiles {
            self.add_on(Document::Tile(t.tile), t.origin, shelf);
        }
        self.errors.extend(
            extra
                .errors
                .into_iter()
                .filter(|e| !e.message.contains("factory-floor/course")),
        );
    }

    /// The library a course file sees, in the order a course resolves its tiles (the last added
    /// wins): the built-in tiles, the user library, then the course's own folder and `tiles/`
    /// beside the file and beside its folder (so `courses/x.json` finds `tiles/`). The copy
    /// embedded in the course comes before all of these (`Course::resolve`).
    pub fn for_file(path: &Path) -> Library {
        Library::for_file_in(path, user_library_dir().as_deref())
    }

    /// `for_file` with the user library folder given. The same library as `standard_in(user,
    /// &[])` without its courses and errors, then the tiles of the folders beside `path`, with
    /// the files there that could not be read as tiles in `errors` (a file of JSON that is no
    /// tile, such as a course, is none); read
    /// without the courses, in the built-in library or in those folders, which it does not keep
    /// (issue 17 item 7: loading is part of every command's time), and without reading again a
    /// file that holds a built-in tile's very text (`tiles/` beside the sample courses).
    pub fn for_file_in(path: &Path, user: Option<&Path>) -> Library {
        let (mut lib, read) = Library::builtin_tiles();
        if let Some(dir) = user {
            let mut extra = Library::default();
            extra.add_dir_tiles(dir, &read);
            for t in extra.tiles {
                lib.add_on(Document::Tile(t.tile), t.origin, Shelf::User);
            }
        }
        lib.errors.clear();
        for d in folders_beside(path) {
            let mut extra = Library::default();
            extra.add_dir_tiles(&d, &read);
            // The files beside the course that it could not read as tiles (`check` says so).
            lib.errors.append(&mut extra.errors);
            for t in extra.tiles {
                lib.add_on(Document::Tile(t.tile), t.origin, Shelf::Beside);
            }
        }
        lib
    }

    pub fn find_course(&self, name: &str) -> Option<&LibraryCourse> {
        self.courses
            .iter()
            .find(|c| c.course.name == name || c.origin.label().ends_with(name))
    }

    /// The library entry of tile `id`.
    pub fn entry(&self, id: &str) -> Option<&LibraryTile> {
        self.tiles.iter().find(|t| t.tile.id == id)
    }

    /// Whether tile `id` is in the library only in memory: built-in tiles and tiles whose file
    /// is still there are not.
    pub fn only_in_memory(&self, id: &str) -> bool {
        self.entry(id).is_some_and(|t| match &t.origin {
            _ if t.shelf == Shelf::Memory => true,
            Origin::Builtin(_) => false,
            Origin::File(p) => !p.is_file(),
        })
    }

    /// The files `course` takes its tiles from in this library (those it does not embed), each
    /// once: a command writing its output over one would destroy a tile the course uses.
    pub fn tile_files(&self, course: &Course) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = Vec::new();
        for p in &course.placements {
            if course.embedded.iter().any(|t| t.id == p.tile) {
                continue;
            }
            if let Some(LibraryTile {
                origin: Origin::File(path),
                ..
            }) = self.entry(&p.tile)
                && !files.contains(path)
            {
                files.push(path.clone());
            }
        }
        files
    }

    /// Which copy of each tile `course` uses where two copies found differ: the embedded one
    /// over the library's, a course folder's over the user library's over the built-in one.
    pub fn resolution_notes(&self, course: &Course) -> Vec<ResolutionNote> {
        let describe = |t: &LibraryTile| {
            let copy = match t.shelf {
                Shelf::Builtin => "the built-in copy",
                Shelf::User => "the copy in your library",
                Shelf::Folder => "the copy in an added folder",
                Shelf::Beside => "the copy beside the course",
                Shelf::Memory => "the unsaved copy",
            };
            format!("{copy} ({})", t.origin.label())
        };
        let mut notes = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for p in &course.placements {
            if seen.contains(&p.tile.as_str()) {
                continue;
            }
            seen.push(&p.tile);
            let winner = self.entry(&p.tile);
            if let Some(embedded) = course.embedded.iter().find(|t| t.id == p.tile) {
                if let Some(other) = winner.filter(|w| w.tile != *embedded) {
                    notes.push(ResolutionNote {
                        id: p.tile.clone(),
                        used: "the copy embedded in the course".to_string(),
                        differs: describe(other),
                    });
                }
                continue;
            }
            let Some(winner) = winner else { continue };
            if let Some(other) = self
                .shadowed
                .iter()
                .rev()
                .find(|s| s.tile.id == p.tile && s.tile != winner.tile)
            {
                notes.push(ResolutionNote {
                    id: p.tile.clone(),
                    used: describe(winner),
                    differs: describe(other),
                });
            }
        }
        notes
    }

    /// `course` with every tile it places embedded, so it opens anywhere with no library (a
    /// course bundle, issue 20 item 4). Embedded tiles nothing places are left out. Fails with
    /// the ids of the tiles found nowhere.
    pub fn bundle(&self, course: &Course) -> Result<Course, Vec<String>> {
        let mut embedded: Vec<Tile> = Vec::new();
        let mut missing: Vec<String> = Vec::new();
        for p in &course.placements {
            if embedded.iter().any(|t| t.id == p.tile) || missing.contains(&p.tile) {
                continue;
            }
            match course.resolve(&p.tile, self) {
                Some(t) => embedded.push(t.clone()),
                None => missing.push(p.tile.clone()),
            }
        }
        if !missing.is_empty() {
            return Err(missing);
        }
        Ok(Course {
            embedded,
            ..course.clone()
        })
    }

    /// `course` with the tiles it places that are only in memory embedded, so that saving it
    /// never writes a course whose tiles exist nowhere on disk. Returns the ids embedded.
    pub fn embed_memory_tiles(&self, course: &mut Course) -> Vec<String> {
        let mut added = Vec::new();
        for i in 0..course.placements.len() {
            let id = course.placements[i].tile.clone();
            if course.embedded.iter().any(|t| t.id == id) || !self.only_in_memory(&id) {
                continue;
            }
            if let Some(t) = self.entry(&id) {
                course.embedded.push(t.tile.clone());
                added.push(id);
            }
        }
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Rotation, Square};
    use crate::model::course::TilePlacement;

    fn named(id: &str, name: &str) -> Tile {
        let mut t = Tile::new(id, 2, 2);
        t.name = name.to_string();
        t
    }

    fn course_placing(ids: &[&str]) -> Course {
        let mut c = crate::format::course_from_str(
            "c.json",
            r#"{"format": "factory-floor/course", "version": 1, "name": "C", "rules": "classic-1994",
               "players": {"min": 1, "max": 2}, "lives": "standard", "tiles": [], "flags": [],
               "start": "numbered"}"#,
        )
        .expect("a course");
        c.placements = ids
            .iter()
            .map(|id| TilePlacement {
                tile: id.to_string(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            })
            .collect();
        c
    }

    #[test]
    fn ids_are_made_from_names_and_never_repeat() {
        assert_eq!(id_from_name("  Smelter Yard #2 "), "smelter-yard-2");
        assert_eq!(id_from_name("!!!"), "tile");
        assert_eq!(id_from_name("Über Straße"), "ber-stra-e");
        let taken = ["new-tile", "new-tile-2"];
        assert_eq!(
            unique_id("New tile", |id| taken.contains(&id)),
            "new-tile-3"
        );
        let long = "x".repeat(200);
        let made = unique_id(&long, |id| id.len() == 56);
        assert!(crate::format::tile::check_id(&made).is_ok(), "{made}");
        assert!(made.ends_with("-2"));
    }

    #[test]
    fn a_course_says_which_copy_it_used_when_two_differ() {
        let mut lib = Library::default();
        lib.add_on(
            Document::Tile(named("yard", "Built-in yard")),
            Origin::Builtin("tiles/yard.json"),
            Shelf::Builtin,
        );
        lib.add_on(
            Document::Tile(named("yard", "My yard")),
            Origin::File("/lib/yard.json".into()),
            Shelf::User,
        );
        let mut course = course_placing(&["yard"]);
        let notes = lib.resolution_notes(&course);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].used.contains("your library"), "{}", notes[0]);
        assert!(notes[0].differs.contains("built-in"), "{}", notes[0]);
        assert_eq!(
            course.resolve("yard", &lib).map(|t| t.name.as_str()),
            Some("My yard")
        );
        // An embedded copy comes first.
        course.embedded.push(named("yard", "Carried yard"));
        let notes = lib.resolution_notes(&course);
        assert!(notes[0].used.contains("embedded"), "{}", notes[0]);
        assert_eq!(
            course.resolve("yard", &lib).map(|t| t.name.as_str()),
            Some("Carried yard")
        );
        // The same tile twice is no news.
        let mut same = Library::default();
        same.add(Document::Tile(named("yard", "Y")), Origin::Builtin("a"));
        same.add(Document::Tile(named("yard", "Y")), Origin::File("b".into()));
        assert!(same.resolution_notes(&course_placing(&["yard"])).is_empty());
    }

    #[test]
    fn a_bundle_embeds_every_placed_tile_once_and_names_the_missing() {
        let mut lib = Library::default();
        lib.add(
            Document::Tile(named("a", "A")),
            Origin::File("a.json".into()),
        );
        lib.add(Document::Tile(named("b", "B")), Origin::Builtin("b.json"));
        let bundled = lib
            .bundle(&course_placing(&["a", "b", "a"]))
            .expect("bundled");
        let ids: Vec<&str> = bundled.embedded.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        // Every tile is found with no library at all (they overlap here: that is another matter).
        let board = bundled.compile(&Library::default());
        assert!(
            !board
                .problems
                .iter()
                .any(|p| matches!(p, crate::model::CompileProblem::UnknownTile { .. })),
            "{:?}",
            board.problems
        );
        assert_eq!(
            lib.bundle(&course_placing(&["a", "zz"])).err(),
            Some(vec!["zz".to_string()])
        );
    }

    #[test]
    fn saving_embeds_a_tile_whose_file_has_gone() {
        let dir = std::env::temp_dir().join(format!("ff-lib-{}", std::process::id()));
        let mut lib = Library::default();
        lib.add(
            Document::Tile(named("gone", "G")),
            Origin::File(dir.join("gone.json")),
        );
        lib.add(Document::Tile(named("b", "B")), Origin::Builtin("b.json"));
        let mut c = course_placing(&["gone", "b"]);
        assert_eq!(lib.embed_memory_tiles(&mut c), vec!["gone".to_string()]);
        assert_eq!(c.embedded.len(), 1);
        assert!(lib.embed_memory_tiles(&mut c).is_empty(), "embedded once");
    }

    #[test]
    fn the_user_library_comes_between_the_built_in_tiles_and_the_course_folder() {
        let root = std::env::temp_dir().join(format!("ff-user-lib-{}", std::process::id()));
        let user = root.join("user");
        let course_dir = root.join("race");
        for d in [&user, &course_dir] {
            std::fs::create_dir_all(d).expect("dir");
        }
        let write = |dir: &Path, t: &Tile| {
            std::fs::write(
                dir.join(format!("{}.json", t.id)),
                crate::format::tile_to_string(t),
            )
            .expect("write")
        };
        write(&user, &named("mine", "User copy"));
        write(&user, &named("other", "Only mine"));
        write(&course_dir, &named("mine", "Course copy"));
        let lib = Library::for_file_in(&course_dir.join("race.json"), Some(&user));
        assert_eq!(
            lib.tile("mine").map(|t| t.name.as_str()),
            Some("Course copy")
        );
        assert_eq!(lib.entry("other").map(|t| t.shelf), Some(Shelf::User));
        assert_eq!(lib.entry("mine").map(|t| t.shelf), Some(Shelf::Beside));
        let _ = std::fs::remove_dir_all(&root);
    }
}

#[cfg(test)]
#[path = "library_tests.rs"]
mod for_file_tests;

/// The folders whose tiles a course file at `path` sees, in the order they are read (a later
/// one wins): `tiles/` beside its folder, `tiles/` in its folder, and its folder.
pub(super) fn folders_beside(path: &Path) -> Vec<PathBuf> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut dirs = Vec::new();
    if let Some(up) = dir.parent() {
        dirs.push(up.join("tiles"));
    }
    dirs.push(dir.join("tiles"));
    dirs.push(dir.to_path_buf());
    dirs
}
