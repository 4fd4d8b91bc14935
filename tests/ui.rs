//! The window driven through egui_kittest: the library list, the board view's zoom, pan and fit,
//! the hover report and load errors. The app gets a small library built here, so the tests do not
//! depend on the sample files.

use egui::{Event, Key, Modifiers, MouseWheelSource, MouseWheelUnit, Pos2, TouchPhase, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::App;
use factory_floor::app::canvas::ZOOM_STEP;
use factory_floor::app::command::Entry;
use factory_floor::format::library::Origin;
use factory_floor::format::{Document, Library};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{Barrier, EdgeSpec, ElementKind, Flow, FlowKind, SquareSpec};

mod common;

use common::courses::{course, place, tile};
use common::window::{board_pos, builder, screen_pos, window};

/// Two tiles and two courses; the 2 x 2 course is the second, so opening on it is a choice.
fn library() -> Library {
    let mut lib = Library::default();
    let yard = tile("yard", "Alpha Yard", 12, 12);
    let mut dock = tile("dock", "Beta Dock", 12, 4);
    dock.set_square(
        Square::new(3, 1),
        SquareSpec {
            flow: Some(Flow::straight(FlowKind::Belt, Facing::E)),
            ..SquareSpec::default()
        },
    );
    dock.set_edge(
        Square::new(3, 1),
        Facing::E,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: None,
        },
    );
    lib.add(Document::Tile(yard), Origin::File("yard.json".into()));
    lib.add(Document::Tile(dock), Origin::File("dock.json".into()));
    lib.add(
        Document::Course(course(
            "Practice loop",
            vec![place("yard", 0, 0), place("dock", 0, 12)],
        )),
        Origin::File("loop.json".into()),
    );
    lib.add(
        Document::Course(course(
            "Sample 2 x 2",
            vec![
                place("yard", 0, 0),
                place("yard", 12, 0),
                place("yard", 0, 12),
                place("yard", 12, 12),
            ],
        )),
        Origin::File("two.json".into()),
    );
    lib
}

fn harness_with(file: Option<std::path::PathBuf>) -> Harness<'static, App> {
    window(builder([1200.0, 800.0]), library(), file)
}

fn harness() -> Harness<'static, App> {
    harness_with(None)
}

#[test]
fn the_window_opens_on_the_2_x_2_sample_course_fitted() {
    let h = harness();
    let app = h.state();
    assert_eq!(app.shown_entry(), Some(Entry::Course(1)));
    assert_eq!(app.shown_name(), Some("Sample 2 x 2"));
    assert!(app.view().is_fitted());
    // Fitted: the whole 24 x 24 board is inside the canvas, centred.
    let canvas = app.view().canvas().expect("the canvas was drawn");
    let nw = screen_pos(app, Pos2::ZERO);
    let se = screen_pos(app, Pos2::new(24.0, 24.0));
    assert!(
        canvas.contains(nw) && canvas.contains(se),
        "{nw:?} {se:?} {canvas:?}"
    );
    assert!((nw.lerp(se, 0.5) - canvas.center()).length() < 1.0);
    // The top bar names the course and its start.
    h.get_by_label("start: archive at (0, 0)");
    h.get_by_label("1 flag(s)");
}

#[test]
fn clicking_a_tile_in_the_library_list_shows_that_tile() {
    let mut h = harness();
    h.get_by_label("Beta Dock").click();
    h.run();
    let app = h.state();
    assert_eq!(app.shown_entry(), Some(Entry::Tile(1)));
    assert_eq!(app.shown_name(), Some("Beta Dock"));
    let shown = app.shown().expect("a tile is shown");
    assert_eq!((shown.board.width(), shown.board.height()), (12, 4));
    h.get_by_label("tile \"dock\", 12 x 4 squares");
}

#[test]
fn clicking_another_course_shows_it() {
    let mut h = harness();
    h.get_by_label("Practice loop").click();
    h.run();
    assert_eq!(h.state().shown_entry(), Some(Entry::Course(0)));
    let shown = h.state().shown().expect("a course is shown");
    assert_eq!((shown.board.width(), shown.board.height()), (12, 16));
}

#[test]
fn zoom_in_zooms_about_the_middle_and_ctrl_0_fits_again() {
    let mut h = harness();
    let fitted = h.state().view().zoom();
    let centre = h.state().view().canvas().expect("drawn").center();
    let board_centre = board_pos(h.state(), centre);

    h.get_by_label("Zoom in").click();
    h.run();
    let app = h.state();
    assert!((app.view().zoom() - fitted * ZOOM_STEP).abs() < 1e-3);
    assert!(!app.view().is_fitted());
    assert!((board_pos(app, centre) - board_centre).length() < 1e-3);

    h.get_by_label("Zoom out").click();
    h.get_by_label("Zoom out").click();
    h.run();
    assert!((h.state().view().zoom() - fitted / ZOOM_STEP).abs() < 1e-3);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    h.run();
    assert!(h.state().view().is_fitted());
    assert!((h.state().view().zoom() - fitted).abs() < 1e-3);
}

#[test]
fn the_fit_button_and_ctrl_plus_work_like_the_buttons() {
    let mut h = harness();
    let fitted = h.state().view().zoom();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    h.run();
    assert!((h.state().view().zoom() - fitted * ZOOM_STEP).abs() < 1e-3);
    h.get_by_label("Fit").click();
    h.run();
    assert!((h.state().view().zoom() - fitted).abs() < 1e-3);
}

#[test]
fn the_mouse_wheel_zooms_at_the_pointer() {
    let mut h = harness();
    let fitted = h.state().view().zoom();
    let pointer = screen_pos(h.state(), Pos2::new(3.5, 20.5));
    h.hover_at(pointer);
    h.run();
    h.event(Event::MouseWheel {
        unit: MouseWheelUnit::Point,
        delta: Vec2::new(0.0, 80.0),
        phase: TouchPhase::Move,
        source: MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let app = h.state();
    assert!(app.view().zoom() > fitted * 1.2, "{}", app.view().zoom());
    assert!(
        (board_pos(app, pointer) - Pos2::new(3.5, 20.5)).length() < 0.01,
        "the square under the pointer stays under it"
    );
}

#[test]
fn a_pinch_zooms_at_the_pointer() {
    let mut h = harness();
    let fitted = h.state().view().zoom();
    let pointer = screen_pos(h.state(), Pos2::new(20.0, 4.0));
    h.hover_at(pointer);
    h.run();
    h.event(Event::Zoom(0.5));
    h.run();
    let app = h.state();
    assert!((app.view().zoom() - fitted * 0.5).abs() < 1e-3);
    assert!((board_pos(app, pointer) - Pos2::new(20.0, 4.0)).length() < 0.01);
}

fn drag(h: &mut Harness<'static, App>, from: Pos2, by: Vec2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(from + by * 0.5);
    h.run();
    h.hover_at(from + by);
    h.run();
    h.drop_at(from + by);
    h.run();
}

#[test]
fn a_primary_drag_off_the_board_pans_the_view() {
    let mut h = harness();
    let canvas = h.state().view().canvas().expect("drawn");
    let origin_before = screen_pos(h.state(), Pos2::ZERO);
    let from = canvas.min + Vec2::new(8.0, 8.0);
    assert!(origin_before.x > from.x, "the drag starts off the board");
    drag(&mut h, from, Vec2::new(120.0, 60.0));
    let moved = screen_pos(h.state(), Pos2::ZERO) - origin_before;
    assert!((moved - Vec2::new(120.0, 60.0)).length() < 1.0, "{moved:?}");
    assert!(!h.state().view().is_fitted());
}

#[test]
fn a_primary_drag_on_the_board_does_not_pan() {
    // The primary button on the board is kept for the editing tools.
    let mut h = harness();
    let origin_before = screen_pos(h.state(), Pos2::ZERO);
    let from = screen_pos(h.state(), Pos2::new(6.5, 6.5));
    drag(&mut h, from, Vec2::new(120.0, 60.0));
    assert_eq!(screen_pos(h.state(), Pos2::ZERO), origin_before);
}

#[test]
fn hovering_a_square_reports_its_coordinates_and_what_is_on_it() {
    let mut h = harness();
    h.get_by_label("Beta Dock").click();
    h.run();
    let over = screen_pos(h.state(), Pos2::new(3.5, 1.5));
    h.hover_at(over);
    h.run();
    let info = h.state().hovered().expect("a square is hovered").clone();
    assert_eq!(info.square, Square::new(3, 1));
    assert!(info.on_board);
    assert_eq!(
        info.kinds,
        vec![
            (ElementKind::Belt, None),
            (ElementKind::Wall, Some(Facing::E))
        ]
    );
    h.get_by_label("(3, 1)");
    h.get_by_label("Wall (east side)");
    // Each element's rule is its tooltip. The palette names the belt too: take the status bar's,
    // the lowest on the window.
    h.get_all_by_label("Conveyor belt")
        .max_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y))
        .expect("the status bar names the belt")
        .hover();
    h.run();
    h.get_by_label(ElementKind::Belt.rule());
}

#[test]
fn the_grid_toggles_with_g_and_the_grid_button() {
    let mut h = harness();
    let shapes = |h: &Harness<'static, App>| h.state().shown().map(|s| s.scene.shapes.len());
    assert!(h.state().state().show_grid);
    let with_grid = shapes(&h);
    h.key_press(Key::G);
    h.run();
    assert!(!h.state().state().show_grid);
    // The scene the canvas paints loses its grid lines.
    assert!(shapes(&h) < with_grid, "{:?} {with_grid:?}", shapes(&h));
    h.get_by_label("Grid").click();
    h.run();
    assert!(h.state().state().show_grid);
    assert_eq!(shapes(&h), with_grid);
}

#[test]
fn a_file_that_cannot_be_opened_is_reported_in_the_window() {
    let dir = common::temp_dir();
    let path = dir.path().join("broken.json");
    std::fs::write(&path, "{ \"format\": \"factory-floor/course\", ").expect("write");
    let mut h = harness_with(Some(path));
    assert_eq!(h.state().errors().len(), 1, "{:?}", h.state().errors());
    assert!(h.state().errors()[0].contains("broken.json"));
    // The window still opens on the sample.
    assert_eq!(h.state().shown_name(), Some("Sample 2 x 2"));
    h.get_by_label_contains("Could not open");
    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.state().errors().is_empty());
}

#[test]
fn a_tile_file_given_on_the_command_line_is_shown() {
    let dir = common::temp_dir();
    let path = dir.path().join("spot.json");
    let mut t = tile("spot", "Spot", 5, 3);
    t.set_square(
        Square::new(1, 1),
        SquareSpec {
            floor: Some(factory_floor::model::Floor::Pit),
            ..SquareSpec::default()
        },
    );
    std::fs::write(&path, factory_floor::format::tile_to_string(&t)).expect("write");
    let h = harness_with(Some(path));
    assert!(h.state().errors().is_empty(), "{:?}", h.state().errors());
    assert_eq!(h.state().shown_name(), Some("Spot"));
    assert_eq!(h.state().shown_entry(), Some(Entry::Tile(2)));
}

#[test]
fn space_and_a_primary_drag_on_the_board_pans() {
    let mut h = harness();
    let origin_before = screen_pos(h.state(), Pos2::ZERO);
    let from = screen_pos(h.state(), Pos2::new(6.5, 6.5));
    h.key_down(Key::Space);
    drag(&mut h, from, Vec2::new(-50.0, 30.0));
    h.key_up(Key::Space);
    h.run();
    let moved = screen_pos(h.state(), Pos2::ZERO) - origin_before;
    assert!((moved - Vec2::new(-50.0, 30.0)).length() < 1.0, "{moved:?}");
}

#[test]
fn a_middle_drag_on_the_board_pans() {
    let mut h = harness();
    let origin_before = screen_pos(h.state(), Pos2::ZERO);
    let from = screen_pos(h.state(), Pos2::new(6.5, 6.5));
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: egui::PointerButton::Middle,
        pressed,
        modifiers: Modifiers::NONE,
    };
    h.hover_at(from);
    h.run();
    h.event(button(from, true));
    h.run();
    for step in [0.5, 1.0] {
        h.hover_at(from + Vec2::new(40.0, -70.0) * step);
        h.run();
    }
    h.event(button(from + Vec2::new(40.0, -70.0), false));
    h.run();
    let moved = screen_pos(h.state(), Pos2::ZERO) - origin_before;
    assert!((moved - Vec2::new(40.0, -70.0)).length() < 1.0, "{moved:?}");
}

#[test]
fn the_command_palette_opens_with_ctrl_shift_p_and_enter_runs_the_command_typed() {
    let mut h = harness();
    assert!(h.state().state().show_side_panel);
    assert!(!h.state().palette_open());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    assert!(h.state().palette_open());
    let field = h.get_by_label("Find a command");
    assert!(field.is_focused(), "the field takes the keyboard at once");
    // Part of the label, in any case.
    field.type_text("SIDE pan");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(
        !h.state().state().show_side_panel,
        "Enter ran 'Side panel', which hid the side panel"
    );
    assert!(
        !h.state().palette_open(),
        "running a command closes the palette"
    );
    // The palette sits in the View menu too.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label_contains("Command palette").click();
    h.run();
    assert!(h.state().palette_open());
}

#[test]
fn the_command_palette_chooses_with_up_and_down_and_escape_closes_it() {
    let mut h = harness();
    let open_and_run = |h: &mut Harness<'static, App>, keys: &[Key]| {
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
        h.run();
        h.get_by_label("Find a command").type_text("zoom");
        h.run();
        for &key in keys {
            h.key_press(key);
            h.run();
        }
        h.key_press(Key::Enter);
        h.run();
        assert!(!h.state().palette_open());
        h.state().view().zoom()
    };
    // "Zoom in" is first, "Zoom out" second: Down stops on the last row, Up goes back.
    let zoom = h.state().view().zoom();
    let zoomed_in = open_and_run(&mut h, &[Key::ArrowDown, Key::ArrowDown, Key::ArrowUp]);
    assert!(zoomed_in > zoom, "Zoom in ran: {zoomed_in} from {zoom}");
    let zoomed_out = open_and_run(&mut h, &[Key::ArrowDown]);
    assert!(
        zoomed_out < zoomed_in,
        "Zoom out ran: {zoomed_out} from {zoomed_in}"
    );
    // Escape closes it and runs nothing.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    assert!(h.state().palette_open());
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().palette_open());
    assert_eq!(h.state().view().zoom(), zoomed_out);
}
