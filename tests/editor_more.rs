//! The rest of issue 5's editor, driven through egui_kittest: tile thumbnails in the library,
//! editing a placed tile with the course following each edit, the solver's best line on the board,
//! and the window's layout kept between runs.

use common::window::MemoryStorage;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::command::{Action, Command, Entry};
use factory_floor::app::state::shown::BEST_LINE_COLOUR;
use factory_floor::app::{App, StartView, State};
use factory_floor::format::{Document, Library};
use factory_floor::geom::{Rotation, Square};
use factory_floor::model::{Floor, Tile, TilePlacement};
use factory_floor::render::{Point, Shape};
use std::path::Path;

mod common;

use common::courses::practice_library;
use common::window::{builder, command, screen, settle, window};

/// The practice library, its tiles saved in `dir`.
fn library(dir: &Path) -> Library {
    practice_library(Some(dir))
}

fn harness(dir: &Path) -> Harness<'static, App> {
    window(builder([1400.0, 900.0]), library(dir), None)
}

/// A harness whose frames are 50 ms apart, so two clicks a few frames apart are a double click
/// (egui's limit is 0.3 s; the default step is a quarter of a second).
fn quick_harness(dir: &Path) -> Harness<'static, App> {
    window(
        builder([1400.0, 900.0]).with_step_dt(0.05),
        library(dir),
        None,
    )
}

fn click_board(h: &mut Harness<'static, App>, x: f32, y: f32) {
    let p = screen(h, x, y);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

/// The floor of a square of the course compiled beside the tile being edited.
fn linked_floor(h: &Harness<'static, App>, square: Square) -> Option<Floor> {
    let linked = h.state().linked_course().expect("a course beside the tile");
    let shown = linked.shown.as_ref().expect("the course compiled");
    shown.board.spec(square).and_then(|s| s.floor)
}

#[test]
fn every_library_tile_has_a_thumbnail_that_is_drawn_again_when_the_tile_is_saved() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    h.run();
    let lib = h.state().library().clone();
    for t in &lib.tiles {
        assert!(
            h.state().thumbnails().is_current(&t.tile.id, &t.tile),
            "{}",
            t.tile.id
        );
        let texture = h.state().thumbnails().get(&t.tile.id).expect("drawn");
        // Eight pixels a square: the yard is 96 x 96, the dock 96 x 32.
        let [w, hh] = texture.size();
        assert_eq!(
            [w as i32, hh as i32],
            [t.tile.width() * 8, t.tile.height() * 8]
        );
    }
    h.get_by_label("Thumbnail of Alpha Yard");
    h.get_by_label("Thumbnail of Beta Dock");

    // Paint a pit on the yard and save it: the library's tile changes, and so does its picture.
    h.get_by_label("Alpha Yard").click();
    h.run();
    h.get_by_label("Pit").click();
    h.run();
    click_board(&mut h, 6.5, 6.5);
    let path = dir.path().join("yard.json");
    command(&mut h, Command::SaveTo(path));
    let saved = h.state().library().tiles[0].tile.clone();
    assert_eq!(
        saved.square(Square::new(6, 6)).and_then(|s| s.floor),
        Some(Floor::Pit)
    );
    assert!(h.state().thumbnails().is_current("yard", &saved));
}

#[test]
fn a_thumbnail_dragged_onto_the_course_places_its_tile_there() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    h.run();
    let from = h.get_by_label("Thumbnail of Beta Dock").rect().center();
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    // Out of the list and over the board, a little at a time as a hand would.
    for step in 1..=6 {
        let to = screen(&h, 2.5, 8.5);
        let p = from + (to - from) * (step as f32 / 6.0);
        h.hover_at(p);
        h.run();
    }
    h.drop_at(screen(&h, 2.5, 8.5));
    h.run();
    let course = h
        .state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("the course");
    assert_eq!(course.placements.len(), 2, "{:?}", course.placements);
    assert_eq!(course.placements[1].tile, "dock");
    assert_eq!(course.placements[1].at, Square::new(2, 8));
}

#[test]
fn a_placed_tile_opened_from_the_course_shows_its_edits_in_the_course_at_once() {
    let dir = common::temp_dir();
    let mut h = quick_harness(dir.path());
    h.run();
    // A double click on the placed yard opens it in the tile editor.
    let p = screen(&h, 8.5, 8.5);
    h.hover_at(p);
    h.run();
    for _ in 0..2 {
        h.drag_at(p);
        h.step();
        h.drop_at(p);
        h.step();
    }
    h.run();
    let tile = h.state().document().and_then(|d| d.tile()).cloned();
    assert_eq!(tile.map(|t| t.id), Some("yard".to_string()));
    assert!(h.state().linked_course().is_some());
    assert_eq!(linked_floor(&h, Square::new(7, 7)), None);
    h.get_by_label("Course preview");

    // Paint a pit: the course beside it has the pit, and its flag-on-a-pit check sees it.
    h.get_by_label("Pit").click();
    h.run();
    click_board(&mut h, 7.5, 7.5);
    assert_eq!(linked_floor(&h, Square::new(7, 7)), Some(Floor::Pit));
    click_board(&mut h, 5.5, 5.5);
    settle(&mut h);
    let linked = h.state().linked_course().expect("linked");
    assert!(
        linked
            .diagnostics
            .iter()
            .any(|d| d.squares.contains(&Square::new(5, 5))),
        "a flag on a pit is a problem: {:?}",
        linked.diagnostics
    );
    // The tile has unsaved edits, the course none: the title says which.
    assert_eq!(
        h.state().window_title(),
        "Alpha Yard* in Practice 2 x 2 — factory-floor"
    );
    assert!(!linked.doc.is_dirty());

    // Undo takes the second pit back out of the course too.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(linked_floor(&h, Square::new(5, 5)), None);
    assert_eq!(linked_floor(&h, Square::new(7, 7)), Some(Floor::Pit));

    // Back to the course asks about the tile; Save writes the tile file and the course keeps it.
    h.get_by_label("Back to the course").click();
    h.run();
    assert!(h.state().pending().is_some(), "the prompt is up");
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().linked_course().is_none());
    let board = &h.state().shown().expect("the course").board;
    assert_eq!(
        board.spec(Square::new(7, 7)).and_then(|s| s.floor),
        Some(Floor::Pit)
    );
    assert_eq!(h.state().window_title(), "Practice 2 x 2 — factory-floor");
    let on_disk = factory_floor::format::load_document(&dir.path().join("yard.json"));
    let Ok(Document::Tile(saved)) = on_disk else {
        panic!("the tile file loads: {on_disk:?}");
    };
    assert_eq!(
        saved.square(Square::new(7, 7)).and_then(|s| s.floor),
        Some(Floor::Pit)
    );
}

#[test]
fn the_context_menu_opens_a_placed_tile_and_leaving_asks_about_both_documents() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    h.run();
    // An unsaved course edit first: a second flag.
    h.get_by_label("Add flag").click();
    h.run();
    click_board(&mut h, 9.5, 9.5);
    assert!(h.state().document().is_some_and(|d| d.is_dirty()));
    let p = screen(&h, 8.5, 2.5);
    h.hover_at(p);
    h.run();
    h.get_by_label("Board view").click_secondary();
    h.run();
    h.get_by_label("Edit tile \"Alpha Yard\"").click();
    h.run();
    assert!(h.state().linked_course().is_some());
    assert_eq!(
        h.state().window_title(),
        "Alpha Yard in Practice 2 x 2* — factory-floor"
    );
    h.get_by_label("Pit").click();
    h.run();
    click_board(&mut h, 1.5, 1.5);

    // New course would lose both: the prompt names both, Cancel keeps both.
    command(&mut h, Command::Action(Action::NewCourse));
    h.get_by_label_contains("\"Alpha Yard\" and \"Practice 2 x 2\"");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().linked_course().is_some_and(|l| l.doc.is_dirty()));
    assert_eq!(linked_floor(&h, Square::new(1, 1)), Some(Floor::Pit));
    // Back to the course, dropping the tile's edits: the course keeps its own unsaved flag.
    command(&mut h, Command::Action(Action::BackToCourse));
    h.get_by_label("Don't Save").click();
    h.run();
    let course = h
        .state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("the course");
    assert_eq!(course.flags.len(), 2);
    assert!(h.state().document().is_some_and(|d| d.is_dirty()));
    let board = &h.state().shown().expect("shown").board;
    assert_eq!(board.spec(Square::new(1, 1)).and_then(|s| s.floor), None);
}

/// The polylines of the shown scene drawn in the best line's colour.
fn best_lines(h: &Harness<'static, App>) -> Vec<Vec<Point>> {
    let scene = &h.state().shown().expect("shown").scene;
    scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polyline { points, stroke } if stroke.colour == BEST_LINE_COLOUR => {
                Some(points.clone())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_best_line_is_drawn_from_the_start_to_the_flag_when_toggled() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    settle(&mut h);
    assert!(h.state().solution().is_some(), "the course is solvable");
    assert!(best_lines(&h).is_empty(), "off until asked for");
    h.get_by_label("Show the best line").click();
    h.run();
    assert!(h.state().state().show_path);
    let lines = best_lines(&h);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line.first(), Some(&Point::new(0.5, 0.5)), "from the start");
    assert_eq!(line.last(), Some(&Point::new(5.5, 5.5)), "to flag 1");
    let registers = h.state().solution().map(|s| s.registers());
    assert!(line.len() as u32 <= registers.unwrap_or(0) + 1);
    // Moving the flag moves the line's end with it.
    let p = screen(&h, 5.5, 5.5);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.hover_at(screen(&h, 9.5, 2.5));
    h.run();
    h.drop_at(screen(&h, 9.5, 2.5));
    settle(&mut h);
    let lines = best_lines(&h);
    assert_eq!(lines[0].last(), Some(&Point::new(9.5, 2.5)));
    // L hides it again.
    h.key_press(Key::L);
    h.run();
    assert!(best_lines(&h).is_empty());
}

#[test]
fn the_layout_and_settings_come_back_in_the_next_run() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    h.run();
    let first_width = h.state().state().library_width;
    // Widen the library list by dragging its edge.
    let edge = h.get_by_label("Board view").rect().left_center();
    let from = Pos2::new(edge.x - 1.0, edge.y);
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for dx in [20.0, 40.0, 60.0] {
        h.hover_at(from + egui::vec2(dx, 0.0));
        h.run();
    }
    h.drop_at(from + egui::vec2(60.0, 0.0));
    h.run();
    let wider = h.state().state().library_width;
    assert!(wider > first_width + 40.0, "{first_width} -> {wider}");
    // Grid off, best line on, the side panel shut, zoomed in, a tile open.
    h.key_press(Key::G);
    h.run();
    h.key_press(Key::L);
    h.run();
    command(&mut h, Command::Action(Action::ToggleSidePanel));
    h.get_by_label("Beta Dock").click();
    h.run();
    command(&mut h, Command::Action(Action::ZoomIn));
    let zoom = h.state().view().zoom();

    let mut storage = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let saved: State = h.state().persisted_state();
    assert_eq!(saved.zoom, Some(zoom));
    assert_eq!(saved.view, StartView::Tile);
    assert!(!saved.show_grid && saved.show_path && !saved.show_side_panel);

    let storage: &'static MemoryStorage = Box::leak(Box::new(storage));
    let lib = library(dir.path());
    let mut again: Harness<'static, App> = builder([1400.0, 900.0]).build_eframe(move |cc| {
        cc.storage = Some(storage);
        App::with_library(cc, lib, None)
    });
    again.run();
    let state = again.state().state().clone();
    assert!(!state.show_grid && state.show_path && !state.show_side_panel);
    assert!(
        (state.library_width - wider).abs() < 1.0,
        "{} {wider}",
        state.library_width
    );
    assert!((again.state().view().zoom() - zoom).abs() < 1e-3);
    assert!(
        again.state().document().and_then(|d| d.tile()).is_some(),
        "opens in the tile editor again"
    );
    // The side panel (palette and inspector) stays shut; the library list is as wide as left.
    assert!(again.query_by_label("Inspector").is_none());
    let board_left = again.get_by_label("Board view").rect().left();
    assert!(
        (board_left - edge.x - 60.0).abs() < 2.0,
        "{board_left} {}",
        edge.x
    );
}

#[test]
fn the_panels_keep_their_width_whatever_is_open() {
    let dir = common::temp_dir();
    let mut h = harness(dir.path());
    h.run();
    let widths = |h: &Harness<'static, App>| {
        let s = h.state().state();
        (s.library_width, s.side_panel_width)
    };
    let course = widths(&h);
    command(&mut h, Command::Show(Entry::Tile(1)));
    assert_eq!(widths(&h), course, "the tile editor's lists are narrower");
    command(&mut h, Command::Show(Entry::Course(0)));
    assert_eq!(widths(&h), course);
}

#[test]
fn edits_of_a_tile_the_course_embeds_are_the_courses_unsaved_changes() {
    let dir = common::temp_dir();
    let mut lib = library(dir.path());
    let mut own = Tile::new("own", 6, 6);
    own.name = "Own Corner".to_string();
    lib.courses[0].course.embedded.push(own);
    lib.courses[0].course.placements.push(TilePlacement {
        tile: "own".to_string(),
        at: Square::new(12, 0),
        rotation: Rotation::R0,
    });
    let mut h = window(builder([1400.0, 900.0]), lib, None);
    h.run();
    // T over the placed tile opens it (the command list's way, besides the double click).
    let over = screen(&h, 14.5, 2.5);
    h.hover_at(over);
    h.run();
    h.key_press(Key::T);
    h.run();
    assert_eq!(
        h.state()
            .document()
            .and_then(|d| d.tile())
            .map(|t| t.id.clone()),
        Some("own".to_string())
    );
    h.get_by_label("Pit").click();
    h.run();
    click_board(&mut h, 2.5, 2.5);
    // The pit is in the course's own copy of the tile: the course is what has unsaved changes.
    let linked = h.state().linked_course().expect("linked");
    assert!(linked.embedded && linked.doc.is_dirty());
    assert_eq!(linked_floor(&h, Square::new(14, 2)), Some(Floor::Pit));
    assert_eq!(
        h.state().window_title(),
        "Own Corner in Practice 2 x 2* — factory-floor"
    );
    // Back to the course needs no prompt: nothing is lost, the course holds the edit.
    command(&mut h, Command::Action(Action::BackToCourse));
    assert!(h.state().pending().is_none());
    let course = h
        .state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("the course");
    let embedded = course
        .embedded
        .iter()
        .find(|t| t.id == "own")
        .expect("embedded");
    assert_eq!(
        embedded.square(Square::new(2, 2)).and_then(|s| s.floor),
        Some(Floor::Pit)
    );
    assert_eq!(h.state().window_title(), "Practice 2 x 2* — factory-floor");
    // One undo step takes the whole visit's edits back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let board = &h.state().shown().expect("shown").board;
    assert_eq!(board.spec(Square::new(14, 2)).and_then(|s| s.floor), None);
}

#[test]
fn the_recovery_file_keeps_the_course_while_its_tile_is_open_and_the_tile_once_edited() {
    use factory_floor::app::files::recovery::Recovery;
    use factory_floor::app::state::document::Content;
    let dir = common::temp_dir();
    let file = dir.path().join("recovery.json");
    let lib = library(dir.path());
    let recovery_file = file.clone();
    let mut h: Harness<'static, App> = builder([1400.0, 900.0]).build_eframe(move |cc| {
        App::with_library(cc, lib, None).with_recovery(Recovery::new(recovery_file))
    });
    h.run();
    let kept = || {
        Recovery::new(file.clone())
            .read()
            .map(|(content, _)| content)
    };
    // An unsaved second flag, then the placed yard opened: the course is what a crash would lose.
    h.get_by_label("Add flag").click();
    h.run();
    click_board(&mut h, 9.5, 9.5);
    command(&mut h, Command::EditPlacedTile(0));
    assert!(matches!(kept(), Some(Content::Course(c)) if c.flags.len() == 2));
    // A pit on the tile: now the tile's edits are kept.
    h.get_by_label("Pit").click();
    h.run();
    click_board(&mut h, 1.5, 1.5);
    assert!(matches!(kept(), Some(Content::Tile(t)) if t.id == "yard"));
    // Undone, the tile is clean again and the course's edits are kept once more.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(matches!(kept(), Some(Content::Course(c)) if c.flags.len() == 2));
}
