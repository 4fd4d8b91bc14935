//! `Library::for_file_in`, which reads no course and no built-in tile twice (issue 17 item 7),
//! against the whole reading it replaced: the standard library, courses and errors dropped, then
//! every file of the folders beside the course.

use super::*;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

/// The library a course file saw before: everything read, what it does not keep dropped.
fn read_whole(path: &Path, user: Option<&Path>) -> Library {
    let mut lib = Library::standard_in(user, &[]);
    lib.courses.clear();
    lib.errors.clear();
    for d in folders_beside(path) {
        let mut extra = Library::default();
        extra.add_dir(&d);
        for t in extra.tiles {
            lib.add_on(Document::Tile(t.tile), t.origin, Shelf::Beside);
        }
    }
    lib
}

type Entry = (Tile, Origin, Shelf);

fn entries(tiles: &[LibraryTile]) -> Vec<Entry> {
    tiles
        .iter()
        .map(|t| (t.tile.clone(), t.origin.clone(), t.shelf))
        .collect()
}

fn assert_same(path: &Path, user: Option<&Path>) -> Library {
    let lib = Library::for_file_in(path, user);
    let whole = read_whole(path, user);
    assert_eq!(
        entries(&lib.tiles),
        entries(&whole.tiles),
        "{}",
        path.display()
    );
    assert_eq!(entries(&lib.shadowed), entries(&whole.shadowed));
    assert!(lib.courses.is_empty());
    lib
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

#[test]
fn a_course_beside_the_sample_tiles_sees_the_library_the_whole_reading_gave() {
    let courses = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses");
    let lib = assert_same(&courses.join("grand-tour.json"), None);
    assert!(lib.errors.is_empty(), "{:?}", lib.errors);
    // The sample tiles beside the courses are the built-in ones, found in their files.
    assert!(
        lib.tiles
            .iter()
            .any(|t| matches!(t.origin, Origin::File(_)))
    );
}

#[test]
fn tiles_courses_broken_files_and_a_changed_built_in_tile_are_read_as_before() {
    let user = dir();
    let here = dir();
    let Some((name, text)) = builtin::TILES.first() else {
        panic!("no built-in tile")
    };
    let Ok(Document::Tile(mut changed)) = document_from_str(name, text) else {
        panic!("{name} is not a tile")
    };
    changed.name = format!("{} (changed)", changed.name);
    let changed = super::super::tile::tile_to_string(&changed);
    let tile = |id: &str| {
        let mut t = Tile::new(id, 3, 2);
        t.name = id.to_string();
        super::super::tile::tile_to_string(&t)
    };
    let (own, users) = (tile("own-tile"), tile("user-tile"));
    let course_text = builtin::COURSES.first().map_or("", |c| c.1);
    // The user library: a built-in tile's text, and tiles of its own.
    write(&user.path().join("a.json"), text);
    write(&user.path().join("b.json"), &own);
    write(&user.path().join("c.json"), &users);
    // Beside the course: a changed built-in tile, a course, a file that is not JSON, one that
    // is no tile or course of ours, and a tile whose id comes twice.
    let course = here.path().join("course.json");
    write(&course, course_text);
    write(&here.path().join("changed.json"), &changed);
    write(&here.path().join("broken.json"), "{ not json");
    write(
        &here.path().join("other.json"),
        r#"{"format": "something/else"}"#,
    );
    write(&here.path().join("z-own.json"), &own);
    let lib = assert_same(&course, Some(user.path()));
    assert!(
        !lib.shadowed.is_empty(),
        "the changed tile shadows the built-in one"
    );
    assert!(lib.tiles.iter().any(|t| t.shelf == Shelf::User));
    assert!(lib.tiles.iter().any(|t| t.tile.id == "own-tile"));
    // The file that is no JSON is named, with where it breaks; the course and the other
    // program's file are not errors.
    let named: Vec<String> = lib.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(named.len(), 1, "{named:?}");
    assert!(named[0].contains("broken.json:1:"), "{named:?}");
}
