//! Issue 19, problems 4 to 10, and issue 22 item 3, through egui_kittest: prompts that name the
//! action and the document, Ctrl+Q and F11 in the menus, new documents fitted, each document's
//! own view across restarts, F1 help that scrolls and searches and gives each element's ruling,
//! the palette running a command, the test drive's seed and legend, the cached board mesh, no
//! repaint without input, the colour-blind set, themes, the interface size, the keyboard.

use common::window::MemoryStorage;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::command::{Action, Command, Entry};
use factory_floor::app::play::PlayTab;
use factory_floor::app::play::drive_panel::{ExportFormat, new_seed};
use factory_floor::app::{App, State};
use factory_floor::model::ElementKind;
use strum::IntoEnumIterator;

mod common;

use common::courses::practice_library;
use common::window::{builder, command, screen, settle, window};

fn harness() -> Harness<'static, App> {
    window(builder([1400.0, 900.0]), practice_library(None), None)
}

/// The viewport commands of the last frame.
fn viewport_commands(h: &Harness<'static, App>) -> Vec<egui::ViewportCommand> {
    h.output()
        .viewport_output
        .values()
        .flat_map(|v| v.commands.clone())
        .collect()
}

#[test]
fn the_prompt_names_the_documents_and_the_action_it_guards() {
    let mut h = harness();
    command(&mut h, Command::Show(Entry::Tile(0)));
    let p = screen(&h, 4.5, 4.5);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
    assert!(h.state().has_unsaved_changes());
    command(&mut h, Command::Show(Entry::Tile(1)));
    let question = "Save changes to \"Alpha Yard\" before opening \"Beta Dock\"?";
    assert_eq!(h.state().prompt_question().as_deref(), Some(question));
    assert!(h.query_by_label(question).is_some());
    h.get_by_label("Cancel").click();
    h.run();
    command(&mut h, Command::Action(Action::NewCourse));
    assert!(
        h.query_by_label_contains("before starting a new course")
            .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    // Ctrl+Q asks before quitting, and says so.
    // One event, one frame: the frame that runs Quit is the last one looked at.
    h.event(egui::Event::Key {
        key: Key::Q,
        pressed: true,
        modifiers: Modifiers::COMMAND,
        repeat: false,
        physical_key: None,
    });
    h.step();
    assert!(
        viewport_commands(&h).contains(&egui::ViewportCommand::Close),
        "{:?} {:?}",
        viewport_commands(&h),
        h.state().pending()
    );
    h.key_up(Key::Q);
    h.run();
}

#[test]
fn every_shortcut_is_in_a_menu_and_in_the_help_with_quit_and_full_screen() {
    let mut h = harness();
    for (menu, entry) in [("File", "Quit"), ("View", "Full screen")] {
        h.get_by_label(menu).click();
        h.run();
        assert!(
            h.query_by_label_contains(entry).is_some(),
            "{entry} in {menu}"
        );
        h.key_press(Key::Escape);
        h.run();
    }
    h.key_press(Key::F1);
    h.run();
    // The help lists every action's shortcuts, read from the one list the menus read.
    for action in Action::iter() {
        for s in action.shortcuts() {
            let keys = h.ctx.format_shortcut(s);
            assert!(
                h.query_all_by_label_contains(&keys).count() >= 1,
                "{action:?}'s {keys} in the help"
            );
        }
    }
    h.get_by_label("Search").type_text("quit");
    h.run();
    assert!(h.query_by_label("Ctrl+Q").is_some());
    assert!(
        h.query_by_label("Ctrl+Z").is_none(),
        "the search narrows the list"
    );
}

#[test]
fn f11_asks_for_full_screen_and_the_palette_runs_it_too() {
    let mut h = harness();
    h.key_down(Key::F11);
    h.step();
    assert!(viewport_commands(&h).contains(&egui::ViewportCommand::Fullscreen(true)));
    assert!(h.state().is_full_screen());
    h.key_up(Key::F11);
    h.run();
    // From the palette: type part of the name, Enter runs it: back to a window.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    h.get_by_label("Find a command").type_text("full scr");
    h.run();
    h.key_down(Key::Enter);
    h.step();
    assert!(viewport_commands(&h).contains(&egui::ViewportCommand::Fullscreen(false)));
    assert!(!h.state().is_full_screen());
    h.key_up(Key::Enter);
    h.run();
}

#[test]
fn a_new_course_is_fitted_to_the_window_not_shown_at_400_points_a_square() {
    let mut h = harness();
    command(&mut h, Command::Action(Action::ZoomIn));
    command(&mut h, Command::Action(Action::NewCourse));
    h.run();
    assert!(h.state().view().is_fitted());
    let zoom = h.state().view().zoom();
    assert!(zoom < 80.0, "{zoom} points a square");
    // Opening another document fits it too.
    command(&mut h, Command::Show(Entry::Tile(1)));
    assert!(h.state().view().is_fitted());
}

#[test]
fn each_document_keeps_its_own_zoom_and_pan_across_restarts() {
    let mut h = harness();
    command(&mut h, Command::Show(Entry::Tile(0)));
    command(&mut h, Command::Action(Action::ZoomIn));
    command(&mut h, Command::Action(Action::ZoomIn));
    let yard_zoom = h.state().view().zoom();
    // Another document opens fitted, not at the yard's zoom.
    command(&mut h, Command::Show(Entry::Tile(1)));
    assert!(h.state().view().is_fitted());
    assert!((h.state().view().zoom() - yard_zoom).abs() > 1.0);
    // Back to the yard: its zoom again.
    command(&mut h, Command::Show(Entry::Tile(0)));
    assert!((h.state().view().zoom() - yard_zoom).abs() < 1e-3);
    // The dock open last, fitted; after a restart it opens fitted and the yard keeps its zoom.
    command(&mut h, Command::Show(Entry::Tile(1)));
    let mut storage = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let saved: State = h.state().persisted_state();
    assert_eq!(saved.last_document.as_deref(), Some("file:dock.json"));
    let storage: &'static MemoryStorage = Box::leak(Box::new(storage));
    let mut again: Harness<'static, App> = builder([1400.0, 900.0]).build_eframe(move |cc| {
        cc.storage = Some(storage);
        App::with_library(cc, practice_library(None), None)
    });
    again.run();
    assert_eq!(again.state().shown_name(), Some("Beta Dock"));
    assert!(
        again.state().view().is_fitted(),
        "the yard's zoom is the yard's"
    );
    command(&mut again, Command::Show(Entry::Tile(0)));
    assert!((again.state().view().zoom() - yard_zoom).abs() < 1e-3);
}

#[test]
fn the_inspector_fits_beside_the_canvas_at_1280_x_800() {
    let mut h = window(builder([1280.0, 800.0]), practice_library(None), None);
    command(&mut h, Command::Show(Entry::Tile(0)));
    let p = screen(&h, 3.5, 3.5);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
    let board = h.get_by_label("Board view").rect();
    assert!(board.width() > 500.0, "the canvas keeps room: {board:?}");
    let heading = h.get_by_label("Inspector").rect();
    if let Some(name) = h.query_all_by_label("Name").next() {
        name.scroll_to_me();
    }
    h.run();
    let name = h
        .query_all_by_label("Name")
        .next()
        .expect("the name field")
        .rect();
    assert!(!heading.intersects(name), "{heading:?} {name:?}");
    assert!(
        name.bottom() <= 800.0,
        "the name field is reachable: {name:?}"
    );
}

#[test]
fn f1_help_scrolls_searches_and_gives_each_elements_ruling() {
    let mut h = window(builder([1600.0, 1000.0]), practice_library(None), None);
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().help_open());
    let undo = h.get_by_label("Undo").rect();
    assert!(undo.bottom() < 1000.0);
    // Searching for an element (the field has the keyboard as the help opens) shows its
    // heading and its ruling, and hides the commands.
    h.get_by_label("Search").type_text("trap door");
    h.run();
    let heading = format!(
        "{} ({})",
        ElementKind::TrapDoor.name(),
        ElementKind::TrapDoor.group().name()
    );
    assert!(h.query_by_label(&heading).is_some(), "{heading}");
    assert!(h.query_by_label(ElementKind::TrapDoor.rule()).is_some());
    assert!(h.query_by_label("Undo").is_none());
    for _ in 0.."trap door".len() {
        h.key_press(Key::Backspace);
    }
    h.run();
    assert!(
        h.query_by_label("Undo").is_some(),
        "an empty search shows all"
    );
    // The elements sit below the commands, out of sight until scrolled to; the window keeps
    // to the screen.
    let elements = "Elements and their rules";
    let before = h.get_by_label(elements).rect();
    h.get_by_label(elements).scroll_to_me();
    h.run();
    let after = h.get_by_label(elements).rect();
    assert!(after.top() < before.top(), "{before:?} {after:?}");
    assert!(before.top() > 1000.0, "below the screen before scrolling");
    assert!(after.bottom() <= 1000.0);
}

#[test]
fn the_play_view_names_the_rule_of_what_is_on_the_square_under_the_pointer() {
    let mut h = harness();
    h.key_press(Key::F5);
    h.run();
    let (square, kind, pos) = {
        let play = h.state().play().expect("the play view opened");
        let board = &play.arena().board;
        let view = play.board_view();
        let canvas = view.canvas().expect("drawn");
        let t = view.screen_from_board(canvas, factory_floor::app::canvas::board_size(board));
        // The yard's wall corner on (3, 3).
        let square = factory_floor::geom::Square::new(3, 3);
        let info = factory_floor::app::state::shown::HoverInfo::of(board, square);
        let kind = info.kinds.first().map(|k| k.0).expect("a wall on (3, 3)");
        (square, kind, t.transform_pos(Pos2::new(3.5, 3.5)))
    };
    h.hover_at(pos);
    h.run();
    assert!(h.query_all_by_label(&square.to_string()).count() >= 1);
    assert!(
        h.query_all_by_label(kind.rule()).count() >= 1,
        "{kind:?}'s rule"
    );
}

#[test]
fn the_test_drive_honours_its_seed_offers_a_new_one_and_shows_a_legend_and_csv() {
    // The built-in sample course, whose pits and edges destroy robots.
    let mut h = window(
        builder([1400.0, 900.0]),
        factory_floor::format::Library::builtin(),
        None,
    );
    h.key_press(Key::F5);
    h.run();
    h.get_by_label("Test drive").click();
    h.run();
    let run = |h: &mut Harness<'static, App>, seed: u64| {
        let play = h.state_mut().play_mut().expect("play view");
        assert_eq!(play.tab, PlayTab::Drive);
        play.drive.seed = seed;
        play.drive.games = 24;
        let arena = std::sync::Arc::clone(play.arena());
        play.drive.run_now(&arena);
        let stats = play.drive.results().expect("results").stats.clone();
        h.run();
        stats
    };
    let a = run(&mut h, 7);
    let b = run(&mut h, 7);
    assert_eq!(a.seed, 7);
    assert_eq!(
        serde_json::to_string(&a).ok(),
        serde_json::to_string(&b).ok(),
        "one seed, the same games"
    );
    h.get_by_label("New seed").click();
    h.run();
    let seed = h.state().play().map(|p| p.drive.seed).expect("play view");
    assert_ne!(seed, 7);
    assert_ne!(new_seed(seed), seed);
    let c = run(&mut h, seed);
    assert_eq!(c.seed, seed);
    // The heat map's legend: what it counts and its scale.
    assert!(
        h.query_by_label_contains("Heat map: Robots destroyed")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Scale: 1 (faintest) to")
            .is_some()
    );
    if let Some(play) = h.state_mut().play_mut() {
        play.drive.heat = factory_floor::app::play::drive_panel::Heat::Damage;
    }
    h.run();
    assert!(
        h.query_by_label_contains("Heat map: Damage taken")
            .is_some()
    );
    // The results export as CSV.
    let dir = common::temp_dir();
    let path = dir.path().join("drive.csv");
    let play = h.state_mut().play_mut().expect("play view");
    assert!(play.drive.export_to(&path, ExportFormat::Csv).is_ok());
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.starts_with("metric,bot,x,y,value\n"));
    assert!(text.contains(&format!("seed,all,,,{seed}\n")));
}

#[test]
fn the_board_mesh_is_made_once_while_the_pointer_moves_and_nothing_repaints_alone() {
    let mut h = harness();
    settle(&mut h);
    let builds = h.state().board_mesh_builds();
    for i in 0..10 {
        let p = screen(&h, 1.5 + i as f32, 2.5 + (i % 3) as f32);
        h.hover_at(p);
        h.run();
    }
    assert_eq!(
        h.state().board_mesh_builds(),
        builds,
        "the view did not change"
    );
    // An edit builds it again.
    command(&mut h, Command::Action(Action::ToggleGrid));
    assert!(h.state().board_mesh_builds() > builds);
    // With no input, a frame asks for no other frame: the window idles.
    settle(&mut h);
    h.step();
    assert!(
        matches!(h.try_run(), Ok(n) if n <= 2),
        "a frame or two, then quiet"
    );
}

#[test]
fn colours_themes_and_the_interface_size_are_settings() {
    let mut h = harness();
    settle(&mut h);
    let builds = h.state().board_mesh_builds();
    command(&mut h, Command::Action(Action::ToggleColourBlind));
    assert!(h.state().state().colour_blind_safe);
    assert!(
        h.state().board_mesh_builds() > builds,
        "drawn again in the new colours"
    );
    command(&mut h, Command::Action(Action::ToggleTheme));
    assert!(h.state().state().light_theme);
    assert_eq!(h.ctx.theme(), egui::Theme::Light);
    command(&mut h, Command::Action(Action::UiLarger));
    assert!((h.ctx.zoom_factor() - 1.125).abs() < 1e-3);
    command(&mut h, Command::Action(Action::UiNormal));
    assert!((h.ctx.zoom_factor() - 1.0).abs() < 1e-3);
    let saved = h.state().persisted_state();
    assert!(saved.colour_blind_safe && saved.light_theme);
}

#[test]
fn tab_reaches_the_controls_and_enter_presses_the_focused_one() {
    let mut h = harness();
    h.run();
    let grid = h.state().state().show_grid;
    let mut reached = false;
    for _ in 0..80 {
        h.key_press(Key::Tab);
        h.run();
        if h.get_by_label("Grid").is_focused() {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab reaches the Grid button");
    h.key_press(Key::Enter);
    h.run();
    assert_ne!(h.state().state().show_grid, grid, "Enter pressed it");
}
