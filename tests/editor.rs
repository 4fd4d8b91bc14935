//! The editor driven through egui_kittest (issue 5's acceptance list): paint a belt and undo it,
//! draw a wall on an edge, rotate an element, place a tile in a course and rotate it, move a flag
//! into a wall corner and see the validation message, save and reopen a file and get the same
//! bytes, cancel the unsaved-changes prompt and keep the document.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::App;
use factory_floor::app::command::{Command, Entry};
use factory_floor::format::Library;
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::{Barrier, Course, ElementKind, FlowShape, Tile};

mod common;

use common::courses::practice_library;
use common::window::{builder, screen, settle, window};

fn harness() -> Harness<'static, App> {
    window(builder([1400.0, 900.0]), library(), None)
}

/// The practice library, its files named but not written.
fn library() -> Library {
    practice_library(None)
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

fn tile(h: &Harness<'static, App>) -> Tile {
    h.state()
        .document()
        .and_then(|d| d.tile())
        .cloned()
        .expect("a tile is open")
}

fn course(h: &Harness<'static, App>) -> Course {
    h.state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("a course is open")
}

fn open_yard(h: &mut Harness<'static, App>) {
    h.get_by_label("Alpha Yard").click();
    h.run();
    assert_eq!(h.state().shown_entry(), Some(Entry::Tile(0)));
}

#[test]
fn a_belt_painted_by_dragging_turns_by_itself_and_ctrl_z_takes_the_stroke_back() {
    let mut h = harness();
    open_yard(&mut h);
    assert_eq!(h.state().window_title(), "Alpha Yard — factory-floor");
    // The default brush is a conveyor belt; drag east, then south.
    stroke(
        &mut h,
        &[(1.5, 1.5), (2.5, 1.5), (3.5, 1.5), (3.5, 2.5), (3.5, 3.5)],
    );
    let t = tile(&h);
    let flow = |t: &Tile, x, y| t.square(Square::new(x, y)).and_then(|s| s.flow);
    assert_eq!(flow(&t, 1, 1).map(|f| f.out), Some(Facing::E));
    assert_eq!(flow(&t, 2, 1).map(|f| f.out), Some(Facing::E));
    let corner = flow(&t, 3, 1).expect("a belt on the corner");
    assert_eq!(corner.out, Facing::S);
    assert!(matches!(corner.shape(), FlowShape::Turn(_)));
    assert_eq!(flow(&t, 3, 3).map(|f| f.out), Some(Facing::S));
    let doc = h.state().document().expect("open");
    assert_eq!(doc.undo_steps(), 1, "one stroke is one step");
    assert_eq!(h.state().window_title(), "Alpha Yard* — factory-floor");

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        tile(&h).occupied_squares().count(),
        0,
        "the whole stroke is undone"
    );
    assert_eq!(h.state().window_title(), "Alpha Yard — factory-floor");

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(
        tile(&h).occupied_squares().count(),
        5,
        "Ctrl+Shift+Z redoes"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(tile(&h).occupied_squares().count(), 5, "Ctrl+Y redoes too");
}

#[test]
fn a_wall_is_drawn_on_the_edge_nearest_the_pointer_and_right_click_erases_it() {
    let mut h = harness();
    open_yard(&mut h);
    h.get_by_label("Wall").click();
    h.run();
    assert_eq!(h.state().brush().kind, ElementKind::Wall);
    // Near the east edge of (6, 6).
    stroke(&mut h, &[(6.9, 6.5)]);
    let t = tile(&h);
    assert_eq!(
        t.barrier(Square::new(6, 6), Facing::E).map(|b| b.0),
        Some(Barrier::Plain)
    );
    assert_eq!(t.barrier(Square::new(6, 6), Facing::S), None);
    // Near the south edge of (6, 6): a second wall.
    stroke(&mut h, &[(6.5, 6.92)]);
    assert!(tile(&h).barrier(Square::new(6, 6), Facing::S).is_some());
    // The right button erases the wall it is near.
    let at = screen(&h, 6.9, 6.5);
    h.hover_at(at);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    let t = tile(&h);
    assert_eq!(t.barrier(Square::new(6, 6), Facing::E), None);
    assert!(t.barrier(Square::new(6, 6), Facing::S).is_some());
}

#[test]
fn r_turns_the_element_under_the_pointer_and_a_burst_of_presses_is_one_step() {
    let mut h = harness();
    open_yard(&mut h);
    // A click without a drag lays one straight belt running the brush's way (east).
    stroke(&mut h, &[(8.5, 8.5)]);
    let out = |h: &Harness<'static, App>| {
        tile(h)
            .square(Square::new(8, 8))
            .and_then(|s| s.flow)
            .map(|f| f.out)
    };
    assert_eq!(out(&h), Some(Facing::E));
    let steps = h.state().document().map(|d| d.undo_steps());
    h.hover_at(screen(&h, 8.5, 8.5));
    h.run();
    // `step` runs one frame: the presses come quicker than the burst's pause (`run` would wait
    // it out).
    for _ in 0..3 {
        h.key_press(Key::R);
        h.step();
    }
    assert_eq!(out(&h), Some(Facing::N));
    h.key_press_modifiers(Modifiers::SHIFT, Key::R);
    h.step();
    assert_eq!(out(&h), Some(Facing::W), "Shift+R turns back");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(out(&h), Some(Facing::E), "the burst of turns is one step");
    assert_eq!(h.state().document().map(|d| d.undo_steps()), steps);
    // Over open floor R turns the brush.
    h.hover_at(screen(&h, 1.5, 10.5));
    h.run();
    h.key_press(Key::R);
    h.run();
    assert_eq!(h.state().brush().facing, Facing::S);
}

#[test]
fn a_library_tile_placed_in_the_course_turns_with_r() {
    let mut h = harness();
    assert!(h.state().document().and_then(|d| d.course()).is_some());
    // The second Place button is the dock's.
    h.get_all_by_label("Place")
        .nth(1)
        .expect("a Place button per tile")
        .click();
    h.run();
    // Click east of the course to put it there.
    stroke(&mut h, &[(12.5, 0.5)]);
    let c = course(&h);
    assert_eq!(c.placements.len(), 2);
    assert_eq!(c.placements[1].tile, "dock");
    assert_eq!(c.placements[1].at, Square::new(12, 0));
    assert_eq!(h.state().shown().map(|s| s.board.width()), Some(24));
    // Fit the wider course in view, then turn the dock.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    h.run();
    h.hover_at(screen(&h, 13.5, 1.5));
    h.run();
    h.key_press(Key::R);
    h.run();
    assert_eq!(course(&h).placements[1].rotation, Rotation::R90);
    // A 12 x 4 dock turned a quarter is 4 wide and 12 tall.
    assert_eq!(h.state().shown().map(|s| s.board.width()), Some(16));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(course(&h).placements[1].rotation, Rotation::R0);
}

#[test]
fn dragging_a_flag_into_a_wall_corner_brings_up_the_faq_7_1_diagnostic() {
    let mut h = harness();
    let corner = |h: &Harness<'static, App>| {
        h.state()
            .diagnostics()
            .iter()
            .any(|d| d.rule == "flag-in-wall-corner")
    };
    settle(&mut h);
    assert!(
        !h.state().diagnostics().is_empty(),
        "the course was checked"
    );
    assert!(!corner(&h));
    stroke(&mut h, &[(5.5, 5.5), (4.5, 4.5), (3.5, 3.5)]);
    assert_eq!(course(&h).flags[0].at, Square::new(3, 3));
    settle(&mut h);
    assert!(corner(&h), "{:?}", h.state().diagnostics());
    let message = h.get_by_label_contains("stands in the corner");
    message.click();
    h.run();
    // Clicking it highlights the square: the scene has more shapes than without.
    let with_highlight = h.state().shown().map(|s| s.scene.shapes.len());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(course(&h).flags[0].at, Square::new(5, 5));
    assert!(!corner(&h), "undo moves the flag back and the message goes");
    assert!(
        h.state().shown().map(|s| s.scene.shapes.len()) < with_highlight,
        "and its highlight with it"
    );
}

#[test]
fn saving_and_reopening_a_tile_gives_the_same_bytes() {
    let dir = common::temp_dir();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let mut h = harness();
    open_yard(&mut h);
    stroke(&mut h, &[(1.5, 1.5), (2.5, 1.5), (2.5, 2.5)]);
    let ctx = h.ctx.clone();
    h.state_mut().command(&ctx, Command::SaveTo(a.clone()));
    h.run();
    assert_eq!(h.state().window_title(), "Alpha Yard — factory-floor");
    assert!(h.state().errors().is_empty(), "{:?}", h.state().errors());
    let edited = tile(&h);
    h.state_mut().command(&ctx, Command::OpenPath(a.clone()));
    h.run();
    assert_eq!(tile(&h), edited);
    h.state_mut().command(&ctx, Command::SaveTo(b.clone()));
    h.run();
    let (bytes_a, bytes_b) = (std::fs::read(&a), std::fs::read(&b));
    assert!(bytes_a.is_ok());
    assert_eq!(bytes_a.ok(), bytes_b.ok());
}

#[test]
fn cancelling_the_unsaved_changes_prompt_keeps_the_document() {
    let mut h = harness();
    open_yard(&mut h);
    stroke(&mut h, &[(4.5, 4.5)]);
    let edited = tile(&h);
    h.get_by_label("Practice 2 x 2").click();
    h.run();
    assert!(h.state().pending().is_some(), "the prompt is up");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().pending().is_none());
    assert_eq!(tile(&h), edited);
    assert_eq!(h.state().shown_entry(), Some(Entry::Tile(0)));
    // Don't Save goes on to the course.
    h.get_by_label("Practice 2 x 2").click();
    h.run();
    h.get_by_label("Don't Save").click();
    h.run();
    assert_eq!(h.state().shown_entry(), Some(Entry::Course(0)));
}

#[test]
fn a_file_that_fails_to_open_leaves_the_document_untouched_and_says_why() {
    let dir = common::temp_dir();
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{ \"format\": \"factory-floor/tile\", ").expect("write");
    let mut h = harness();
    open_yard(&mut h);
    let ctx = h.ctx.clone();
    h.state_mut().command(&ctx, Command::OpenPath(broken));
    h.run();
    assert_eq!(h.state().shown_entry(), Some(Entry::Tile(0)));
    assert_eq!(h.state().errors().len(), 1);
    assert!(h.state().errors()[0].contains("broken.json"));
}

#[test]
fn the_palette_search_narrows_the_elements_shown() {
    let mut h = harness();
    open_yard(&mut h);
    h.get_by_label("Pusher");
    h.get_by_label("Search").click();
    h.run();
    h.get_by_label("Search").type_text("express");
    h.run();
    h.get_by_label("Express conveyor belt");
    assert!(h.query_by_label("Pusher").is_none());
}

#[test]
fn f1_opens_the_help_window_listing_the_shortcuts() {
    let mut h = harness();
    assert!(h.query_by_label("Undo the last edit").is_none());
    h.key_press(Key::F1);
    h.run();
    h.get_by_label("Undo the last edit");
    h.get_by_label("Ctrl+Shift+Z, Ctrl+Y");
}

#[test]
fn a_click_that_a_slow_frame_takes_whole_still_paints() {
    let mut h = harness();
    open_yard(&mut h);
    h.get_by_label("Pit").click();
    h.run();
    let at = screen(&h, 2.5, 9.5);
    h.hover_at(at);
    h.run();
    // Both events in one frame, as when a frame takes longer than the click.
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    h.run();
    let t = tile(&h);
    assert!(t.square(Square::new(2, 9)).is_some_and(|s| s.is_hole()));
    assert_eq!(h.state().document().map(|d| d.undo_steps()), Some(1));
}

#[test]
fn a_belt_stroke_reaches_the_square_of_a_release_that_comes_with_the_last_move() {
    let mut h = harness();
    open_yard(&mut h);
    let (from, mid, to) = (
        screen(&h, 6.5, 9.5),
        screen(&h, 7.5, 9.5),
        screen(&h, 7.5, 10.5),
    );
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(mid);
    h.run();
    // The last move and the release in one frame, as when a frame is slow.
    h.input_mut().events.push(egui::Event::PointerMoved(to));
    h.input_mut().events.push(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.step();
    h.run();
    let t = tile(&h);
    let out = |x, y| {
        t.square(Square::new(x, y))
            .and_then(|s| s.flow)
            .map(|f| f.out)
    };
    assert_eq!(out(6, 9), Some(Facing::E));
    assert_eq!(out(7, 9), Some(Facing::S));
    assert_eq!(out(7, 10), Some(Facing::S));
}

#[test]
fn a_placed_tile_moves_with_a_drag_and_delete_removes_flags_and_tiles() {
    let mut h = harness();
    stroke(&mut h, &[(1.5, 1.5), (2.5, 1.5), (3.5, 2.5)]);
    assert_eq!(course(&h).placements[0].at, Square::new(2, 1));
    assert_eq!(h.state().document().map(|d| d.undo_steps()), Some(1));
    // Add flag puts flag 2 on the clicked square.
    h.get_by_label("Add flag").click();
    h.run();
    stroke(&mut h, &[(9.5, 9.5)]);
    let flags = course(&h).flags;
    assert_eq!(flags.len(), 2);
    assert_eq!((flags[1].number, flags[1].at), (2, Square::new(9, 9)));
    // Delete over flag 1 (now at (5, 5)) removes it and flag 2 becomes flag 1.
    h.hover_at(screen(&h, 5.5, 5.5));
    h.run();
    h.key_press(Key::Delete);
    h.run();
    let flags = course(&h).flags;
    assert_eq!(flags.len(), 1);
    assert_eq!((flags[0].number, flags[0].at), (1, Square::new(9, 9)));
    // Delete over open floor of the tile removes the tile.
    h.hover_at(screen(&h, 4.5, 8.5));
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert!(course(&h).placements.is_empty());
}

#[test]
fn new_course_and_new_tile_open_empty_documents_with_nothing_to_save() {
    let mut h = harness();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    h.run();
    let c = course(&h);
    assert!(c.placements.is_empty() && c.flags.is_empty());
    assert_eq!(h.state().window_title(), "New course — factory-floor");
    // Nothing to lose: Ctrl+N goes straight on, with no prompt.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().pending().is_none());
    let t = tile(&h);
    assert_eq!((t.width(), t.height()), (12, 12));
    assert_eq!(h.state().window_title(), "New tile — factory-floor");
}

#[test]
fn ctrl_z_in_a_focused_text_field_stays_in_the_field() {
    let mut h = harness();
    open_yard(&mut h);
    h.get_by_label("Pit").click();
    h.run();
    stroke(&mut h, &[(2.5, 2.5)]);
    assert!(
        tile(&h)
            .square(Square::new(2, 2))
            .is_some_and(|s| s.is_hole())
    );
    h.get_by_label("Name").click();
    h.run();
    h.get_by_label("Name").type_text("!");
    h.run();
    assert_eq!(tile(&h).name, "Alpha Yard!");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    // Had the document's undo run, it would have a step to redo.
    assert!(
        h.state().document().is_some_and(|d| !d.can_redo()),
        "the document's undo did not run"
    );
}

#[test]
fn closing_the_window_with_unsaved_changes_asks_first_and_cancel_keeps_it_open() {
    let mut h = harness();
    open_yard(&mut h);
    stroke(&mut h, &[(4.5, 4.5)]);
    let edited = tile(&h);
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.run();
    assert_eq!(
        h.state().pending(),
        Some(&factory_floor::app::PendingAction::Close)
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().pending().is_none());
    assert_eq!(tile(&h), edited);
}

#[test]
fn a_selection_copies_pastes_turns_flips_and_cuts() {
    let mut h = harness();
    open_yard(&mut h);
    // A two-square belt running east on (1, 1) and (2, 1).
    stroke(&mut h, &[(1.5, 1.5), (2.5, 1.5)]);
    let out = |h: &Harness<'static, App>, x, y| {
        tile(h)
            .square(Square::new(x, y))
            .and_then(|s| s.flow)
            .map(|f| f.out)
    };
    assert_eq!(out(&h, 2, 1), Some(Facing::E));
    h.key_press(Key::S);
    h.run();
    stroke(&mut h, &[(1.5, 1.5), (2.5, 1.5)]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    h.run();
    h.hover_at(screen(&h, 6.5, 6.5));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    assert_eq!(out(&h, 6, 6), Some(Facing::E));
    assert_eq!(out(&h, 7, 6), Some(Facing::E));
    // R turns the pasted selection a quarter about its north-west corner: it now runs south.
    h.key_press(Key::R);
    h.run();
    assert_eq!(out(&h, 6, 6), Some(Facing::S));
    assert_eq!(out(&h, 6, 7), Some(Facing::S));
    assert_eq!(out(&h, 7, 6), None);
    // X mirrors it east to west (a south belt stays south), Ctrl+X cuts it.
    h.key_press(Key::X);
    h.run();
    assert_eq!(out(&h, 6, 7), Some(Facing::S));
    h.key_press_modifiers(Modifiers::COMMAND, Key::X);
    h.run();
    assert_eq!(out(&h, 6, 6), None);
    assert_eq!(out(&h, 6, 7), None);
    assert_eq!(out(&h, 1, 1), Some(Facing::E), "the original stays");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(out(&h, 6, 7), Some(Facing::S), "undo brings the cut back");
}

/// A file dropped on the window, as the windowing layer hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_file_dropped_on_the_window_opens_and_export_png_writes_the_board() {
    let dir = common::temp_dir();
    let path = dir.path().join("spot.json");
    let mut spot = Tile::new("spot", 5, 3);
    spot.name = "Spot".to_string();
    std::fs::write(&path, factory_floor::format::tile_to_string(&spot)).expect("write");
    let mut h = harness();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path)));
    h.run();
    assert_eq!(h.state().shown_name(), Some("Spot"));
    assert_eq!(tile(&h).width(), 5);
    let png = dir.path().join("spot.png");
    let ctx = h.ctx.clone();
    h.state_mut().command(&ctx, Command::ExportTo(png.clone()));
    h.run();
    let bytes = std::fs::read(&png).expect("exported");
    assert_eq!(&bytes[1..4], b"PNG");
    // 5 x 3 squares at 64 pixels a square: the width and height in the PNG header.
    assert_eq!(
        u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]),
        320
    );
    assert_eq!(
        u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]),
        192
    );
}

#[test]
fn opened_and_saved_files_are_remembered_newest_first_in_file_recent() {
    let dir = common::temp_dir();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let mut h = harness();
    open_yard(&mut h);
    let ctx = h.ctx.clone();
    h.state_mut().command(&ctx, Command::SaveTo(a.clone()));
    h.state_mut().command(&ctx, Command::SaveTo(b.clone()));
    h.state_mut().command(&ctx, Command::OpenPath(a.clone()));
    h.run();
    assert_eq!(h.state().state().recent, vec![a.clone(), b.clone()]);
    // File > Recent lists them and opens the one clicked.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Recent").click();
    h.run();
    h.get_by_label("b.json").click();
    h.run();
    assert_eq!(
        h.state().document().and_then(|d| d.path.clone()),
        Some(b.clone())
    );
    assert_eq!(h.state().state().recent, vec![b, a]);
}

#[test]
fn unsaved_changes_are_kept_in_the_recovery_file_and_offered_back_at_the_next_start() {
    use factory_floor::app::files::recovery::Recovery;
    let dir = common::temp_dir();
    let file = dir.path().join("recovery.json");
    let start = |file: &std::path::Path| {
        let file = file.to_path_buf();
        builder([1400.0, 900.0]).build_eframe(move |cc| {
            App::with_library(cc, library(), None).with_recovery(Recovery::new(file))
        })
    };
    let mut h = start(&file);
    assert!(!h.state().offers_restore());
    open_yard(&mut h);
    stroke(&mut h, &[(4.5, 4.5), (5.5, 4.5)]);
    let edited = tile(&h);
    // The recovery folder holds a copy of the document (one file per document).
    let kept = Recovery::new(file.clone())
        .read()
        .map(|(content, _)| content);
    assert_eq!(
        kept,
        Some(factory_floor::app::state::document::Content::Tile(
            edited.clone()
        ))
    );
    // The session "crashes": a new one finds the copy and offers it back.
    drop(h);
    let mut h = start(&file);
    assert!(h.state().offers_restore());
    h.get_by_label("Restore").click();
    h.run();
    assert_eq!(tile(&h), edited);
    assert!(h.state().document().is_some_and(|d| d.is_dirty()));
    assert_eq!(
        h.state().document().and_then(|d| d.path.clone()),
        Some("yard.json".into()),
        "it belongs to the file it came from"
    );
    // Saving leaves nothing to recover.
    let ctx = h.ctx.clone();
    h.state_mut()
        .command(&ctx, Command::SaveTo(dir.path().join("yard.json")));
    h.run();
    assert!(Recovery::new(file).read().is_none());
}
