//! Issue 16's files, driven through the window: a tile drawn, named and saved outside `tiles/`
//! is found by a course after a restart and a rename carries the course with it; new tiles never
//! share an id; with no portal, Save As shows the window's own dialog in the document's folder; a
//! file changed on disk is asked about before the next save; and (issue 20) a course bundle opens
//! with an empty user library.

use common::window::MemoryStorage;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::App;
use factory_floor::app::command::{Action, Command};
use factory_floor::app::files::DialogMode;
use factory_floor::format::library::Shelf;
use factory_floor::format::{Library, course_from_str, course_to_string, tile_to_string};
use factory_floor::model::{CompileProblem, Course, Tile};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

mod common;

use common::courses::{course, place, tile};
use common::window::{builder, command, screen, settle};

/// The folders of one test: the user library (empty), a folder of the user's own tiles outside
/// `tiles/`, a folder with a course to start from, and another to save to.
struct Folders {
    _root: tempfile::TempDir,
    user: PathBuf,
    mine: PathBuf,
    start: PathBuf,
    elsewhere: PathBuf,
}

fn folders() -> Folders {
    let root = common::temp_dir();
    let make = |name: &str| {
        let d = root.path().join(name);
        std::fs::create_dir_all(&d).expect("make a folder");
        d
    };
    let (user, mine, start, elsewhere) = (
        make("user"),
        make("my-tiles"),
        make("start"),
        make("elsewhere"),
    );
    // A course of one built-in 12 x 12 tile, as a designer would start one.
    let practice = course("Practice", vec![place("assembly-hall", 0, 0)]);
    std::fs::write(start.join("practice.json"), course_to_string(&practice)).expect("write");
    Folders {
        _root: root,
        user,
        mine,
        start,
        elsewhere,
    }
}

/// The app as it starts for a user whose library folder is `user`, with the settings in
/// `storage` (a restart reads the same storage).
fn start(user: &Path, storage: Option<&'static MemoryStorage>) -> Harness<'static, App> {
    let user = user.to_path_buf();
    builder([1400.0, 900.0]).build_eframe(move |cc| {
        if let Some(s) = storage {
            cc.storage = Some(s);
        }
        let mut app = App::with_library(cc, Library::standard_in(Some(&user), &[]), None);
        app.files_mut().user_library = Some(user);
        app.files_mut().dialogs = DialogMode::InApp;
        app
    })
}

fn open_tile(h: &Harness<'static, App>) -> Tile {
    h.state()
        .document()
        .and_then(|d| d.tile())
        .cloned()
        .expect("a tile is open")
}

fn open_course(h: &Harness<'static, App>) -> Course {
    h.state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("a course is open")
}

fn unknown_tiles(h: &Harness<'static, App>) -> Vec<String> {
    h.state()
        .shown()
        .map(|s| {
            s.board
                .problems
                .iter()
                .filter_map(|p| match p {
                    CompileProblem::UnknownTile { id, .. } => Some(id.clone()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Presses at the first board point, moves through the others and releases at the last.
fn stroke(h: &mut Harness<'static, App>, points: &[(f32, f32)]) {
    let Some(&(x, y)) = points.first() else {
        return;
    };
    let start = screen(h, x, y);
    h.hover_at(start);
    h.run();
    h.drag_at(start);
    h.run();
    let mut last = start;
    for &(x, y) in &points[1..] {
        last = screen(h, x, y);
        h.hover_at(last);
        h.run();
    }
    h.drop_at(last);
    h.run();
}

/// Replaces the text of the field labelled `label` with `text`.
fn retype(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn a_tile_saved_outside_tiles_is_found_by_its_course_after_a_restart_and_a_rename_carries_the_course()
 {
    let f = folders();
    let mut h = start(&f.user, None);
    // Two new tiles never share an id.
    command(&mut h, Command::Action(Action::NewTile));
    let first = open_tile(&h).id;
    command(&mut h, Command::Action(Action::NewTile));
    let second = open_tile(&h).id;
    assert_ne!(first, second);
    // Draw a belt, name the tile, save it in a folder of the user's own.
    stroke(&mut h, &[(1.5, 1.5), (2.5, 1.5), (3.5, 1.5)]);
    retype(&mut h, "Name", "Smelter Yard");
    assert_eq!(open_tile(&h).name, "Smelter Yard");
    let tile_file = f.mine.join("smelter.json");
    command(&mut h, Command::SaveTo(tile_file.clone()));
    assert_eq!(
        open_tile(&h).id,
        "smelter-yard",
        "the id is made from the name"
    );
    assert!(h.state().errors().is_empty(), "{:?}", h.state().errors());
    let drawn = open_tile(&h);
    // Use it in a course and save the course elsewhere.
    command(&mut h, Command::OpenPath(f.start.join("practice.json")));
    command(&mut h, Command::PlaceTile("smelter-yard".to_string()));
    stroke(&mut h, &[(12.5, 0.5)]);
    assert_eq!(open_course(&h).placements.len(), 2);
    let course_file = f.elsewhere.join("race.json");
    command(&mut h, Command::SaveTo(course_file.clone()));
    let saved = std::fs::read_to_string(&course_file).expect("the course was saved");
    assert!(
        !saved.contains("embedded_tiles"),
        "the tile has a file: the course names it"
    );
    let mut storage = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    // Restart from the same storage and open the course: it loads with that tile.
    let storage: &'static MemoryStorage = Box::leak(Box::new(storage));
    let mut h = start(&f.user, Some(storage));
    command(&mut h, Command::OpenPath(course_file.clone()));
    settle(&mut h);
    assert!(unknown_tiles(&h).is_empty(), "{:?}", unknown_tiles(&h));
    let entry = h
        .state()
        .library()
        .entry("smelter-yard")
        .expect("in the library");
    assert_eq!(entry.tile, drawn);
    assert_eq!(entry.shelf, Shelf::Folder);

    // Rename the tile: the course follows.
    command(&mut h, Command::EditPlacedTile(1));
    command(&mut h, Command::Action(Action::RenameTileId));
    retype(&mut h, "Tile id", "smelter-hall");
    h.get_by_label("Rename").click();
    h.run();
    assert_eq!(open_tile(&h).id, "smelter-hall");
    let linked = h
        .state()
        .linked_course()
        .expect("the course beside the tile");
    let c = linked.doc.course().expect("a course");
    assert_eq!(c.placements[1].tile, "smelter-hall");
    assert!(linked.doc.is_dirty(), "the course changed with the tile");
    // Saved, the tile's file holds the new id and the course finds it under that id.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(std::fs::read_to_string(&tile_file).is_ok_and(|t| t.contains("\"smelter-hall\"")));
    command(&mut h, Command::Action(Action::BackToCourse));
    settle(&mut h);
    assert_eq!(open_course(&h).placements[1].tile, "smelter-hall");
    assert!(unknown_tiles(&h).is_empty(), "{:?}", unknown_tiles(&h));
}

/// Runs frames until `done` holds (the native dialog's detection answers from a thread).
fn run_until(h: &mut Harness<'static, App>, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < Duration::from_secs(20), "never happened");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

#[test]
fn with_no_portal_save_as_shows_the_in_app_dialog_in_the_documents_folder() {
    let f = folders();
    let mut h = start(&f.user, None);
    // The real detection where this machine has no session bus (as under a bare Xvfb); where it
    // has one, the in-app dialog is asked for, so no native dialog pops up in a test.
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        h.state_mut().files_mut().dialogs = DialogMode::Auto;
    }
    command(&mut h, Command::OpenPath(f.start.join("practice.json")));
    command(&mut h, Command::Action(Action::SaveAs));
    run_until(&mut h, |app| app.files().in_app_dialog().is_some());
    h.run();
    let dialog = h
        .state()
        .files()
        .in_app_dialog()
        .expect("the in-app dialog");
    assert_eq!(dialog.dir, f.start, "it starts in the document's folder");
    assert!(
        dialog
            .entries()
            .iter()
            .any(|(name, _)| name == "practice.json")
    );
    assert!(h.query_by_label("Save As").is_some());
    retype(&mut h, "File name", "copy");
    h.get_by_label("Save").click();
    h.run();
    let copy = f.start.join("copy.json");
    assert!(copy.is_file(), "saved where the dialog said");
    assert_eq!(
        h.state().document().and_then(|d| d.path.clone()),
        Some(copy)
    );
    assert!(h.state().files().in_app_dialog().is_none(), "closed");
}

#[test]
fn a_file_changed_on_disk_is_asked_about_on_focus_and_before_the_next_save() {
    let f = folders();
    let file = f.start.join("practice.json");
    let mut h = start(&f.user, None);
    command(&mut h, Command::OpenPath(file.clone()));
    // Another program renames the course in the file.
    let mut theirs = open_course(&h);
    theirs.name = "Their name".to_string();
    std::fs::write(&file, course_to_string(&theirs)).expect("write");
    // The window gets the focus back: it asks.
    h.event(egui::Event::WindowFocused(true));
    h.run();
    assert!(h.query_by_label("Changed on disk").is_some());
    h.get_by_label("Compare").click();
    h.run();
    assert!(h.query_by_label("Hide comparison").is_some());
    h.get_by_label("Keep mine").click();
    h.run();
    assert!(h.state().files().disk_conflict.is_none());
    // Changed again, then Save: the save stops and asks; the file is not overwritten.
    theirs.name = "Their second name".to_string();
    let their_text = course_to_string(&theirs);
    std::fs::write(&file, &their_text).expect("write");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(h.query_by_label("Changed on disk").is_some());
    assert_eq!(std::fs::read_to_string(&file).ok(), Some(their_text));
    h.get_by_label("Reload").click();
    h.run();
    assert_eq!(open_course(&h).name, "Their second name");
    assert!(h.state().document().is_some_and(|d| !d.is_dirty()));
    // The same document written in other bytes is no change.
    std::fs::write(
        &file,
        format!("{}\n\n", course_to_string(&theirs).trim_end()),
    )
    .expect("w");
    h.event(egui::Event::WindowFocused(true));
    h.run();
    assert!(h.state().files().disk_conflict.is_none());
}

#[test]
fn a_bundle_of_a_course_using_a_user_tile_opens_with_an_empty_user_library() {
    let f = folders();
    let mut own = tile("my-yard", "My Yard", 12, 12);
    own.description = "drawn by the user".to_string();
    std::fs::write(f.user.join("my-yard.json"), tile_to_string(&own)).expect("write");
    let race = course(
        "Shared race",
        vec![place("my-yard", 0, 0), place("assembly-hall", 12, 0)],
    );
    let course_file = f.start.join("race.json");
    std::fs::write(&course_file, course_to_string(&race)).expect("write");
    let bundle = f.elsewhere.join("race-bundle.json");
    let run = |args: &[&std::ffi::OsStr], library: &Path| {
        std::process::Command::new(common::BINARY)
            .args(args)
            .env("FACTORY_FLOOR_LIBRARY", library)
            .output()
            .expect("run factory-floor")
    };
    let empty = f.mine.clone();
    // Without the user's library the course cannot find its tile: check says so.
    let unknown = "neither in the tile library nor embedded";
    let out = run(&["check".as_ref(), course_file.as_os_str()], &empty);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(said.contains(unknown) && said.contains("my-yard"), "{said}");
    let out = run(
        &[
            "bundle".as_ref(),
            course_file.as_os_str(),
            "-o".as_ref(),
            bundle.as_os_str(),
        ],
        &f.user,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The bundle needs no library: `check` with an empty one finds every tile.
    let out = run(&["check".as_ref(), bundle.as_os_str()], &empty);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!said.contains(unknown), "{said}");
    assert_ne!(out.status.code(), Some(2), "{said}");
    let text = std::fs::read_to_string(&bundle).expect("the bundle");
    let bundled = course_from_str("race-bundle.json", &text).expect("loads");
    assert_eq!(bundled.embedded.len(), 2);
    assert!(bundled.compile(&Library::default()).problems.is_empty());
    // -o equal to the input is refused and the input kept.
    let before = std::fs::read(&course_file).ok();
    let out = run(
        &[
            "bundle".as_ref(),
            course_file.as_os_str(),
            "-o".as_ref(),
            course_file.as_os_str(),
        ],
        &f.user,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&course_file).ok(), before);
    // Nor may the bundle or a Tiled map go over a tile file the course takes a tile from.
    let yard = f.user.join("my-yard.json");
    let kept = std::fs::read(&yard).ok();
    for args in [
        vec!["bundle".as_ref(), course_file.as_os_str()],
        vec![
            "export".as_ref(),
            "--format".as_ref(),
            "tiled".as_ref(),
            course_file.as_os_str(),
        ],
    ] {
        let mut args = args;
        args.extend(["-o".as_ref(), yard.as_os_str()]);
        let out = run(&args, &f.user);
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("this is the input file"), "{said}");
        assert_eq!(std::fs::read(&yard).ok(), kept, "{args:?}");
    }

    // In a window with an empty user library, the bundle opens whole and offers its tiles.
    let mut h = start(&empty, None);
    command(&mut h, Command::OpenPath(bundle.clone()));
    settle(&mut h);
    assert!(unknown_tiles(&h).is_empty());
    assert!(h.state().files().offer_tiles.is_some());
    h.get_by_label("Add to my library").click();
    h.run();
    let added = std::fs::read_to_string(empty.join("my-yard.json")).expect("added to the library");
    assert_eq!(added, tile_to_string(&own));
    assert_eq!(
        h.state().library().entry("my-yard").map(|t| t.shelf),
        Some(Shelf::User)
    );
}

#[test]
fn save_for_sharing_in_the_window_writes_the_course_with_its_tiles() {
    let f = folders();
    let mut h = start(&f.user, None);
    command(&mut h, Command::OpenPath(f.start.join("practice.json")));
    command(&mut h, Command::Action(Action::SaveForSharing));
    h.run();
    let dialog = h.state().files().in_app_dialog().expect("asks where");
    assert_eq!(dialog.name, "practice-bundle.json");
    h.get_by_label("Save").click();
    h.run();
    let text = std::fs::read_to_string(f.start.join("practice-bundle.json")).expect("written");
    let bundled = course_from_str("b.json", &text).expect("loads");
    assert_eq!(bundled.embedded.len(), 1);
    assert_eq!(bundled.embedded[0].id, "assembly-hall");
}

#[test]
fn a_course_with_a_tile_found_nowhere_opens_with_the_gap_named_and_the_file_can_be_located() {
    let f = folders();
    let race = course(
        "Gappy",
        vec![place("assembly-hall", 0, 0), place("lost-yard", 12, 0)],
    );
    let course_file = f.start.join("gappy.json");
    std::fs::write(&course_file, course_to_string(&race)).expect("write");
    // The tile's file is in a folder of its own, under another id.
    let hidden = f.start.join("kept");
    std::fs::create_dir_all(&hidden).expect("mkdir");
    let found = tile("found-yard", "Found Yard", 12, 12);
    std::fs::write(hidden.join("found.json"), tile_to_string(&found)).expect("write");
    let mut h = start(&f.user, None);
    command(&mut h, Command::OpenPath(course_file));
    settle(&mut h);
    assert_eq!(
        open_course(&h).name,
        "Gappy",
        "the course opens all the same"
    );
    assert_eq!(unknown_tiles(&h), vec!["lost-yard".to_string()]);
    assert!(
        h.state()
            .errors()
            .iter()
            .any(|e| e.contains("\"lost-yard\"")),
        "{:?}",
        h.state().errors()
    );
    // Locate it from the Missing tiles window, through the dialog.
    h.get_by_label("Locate...").click();
    h.run();
    assert_eq!(
        h.state().files().in_app_dialog().map(|d| d.dir.clone()),
        Some(f.start.clone())
    );
    h.get_by_label("[folder] kept").click();
    h.run();
    h.get_by_label("found.json").click();
    h.run();
    h.get_by_label("Open").click();
    settle(&mut h);
    assert!(unknown_tiles(&h).is_empty(), "{:?}", unknown_tiles(&h));
    assert_eq!(open_course(&h).placements[1].tile, "found-yard");
    assert!(h.state().document().is_some_and(|d| d.is_dirty()));
}
