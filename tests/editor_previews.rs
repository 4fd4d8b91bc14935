//! Issue 19, problems 1 to 3, through egui_kittest: a ghost of what a click would place at the
//! pointer (its rotation and variant), the edge a wall would go on lit, what an erase would clear,
//! the right button erasing with the belt brush, copied squares pasted between two tiles of one
//! window and mirrored to the system clipboard as a tile file, copied squares following the
//! pointer until a click, and a tile's footprint on a course snapped to its neighbour with its
//! overlap in red.

use egui::{Color32, Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::App;
use factory_floor::app::canvas::preview::{
    EDGE_HIGHLIGHT, GHOST_OUTLINE, OVERLAP_FILL, PreviewShown,
};
use factory_floor::app::clipboard::Clip;
use factory_floor::app::command::{Action, Command, Entry};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{ElementKind, Tile};

mod common;

use common::courses::practice_library;
use common::window::{builder, command, screen, window};

fn harness() -> Harness<'static, App> {
    window(builder([1400.0, 900.0]), practice_library(None), None)
}

fn open_yard(h: &mut Harness<'static, App>) {
    command(h, Command::Show(Entry::Tile(0)));
    assert_eq!(h.state().shown_name(), Some("Alpha Yard"));
}

fn tile(h: &Harness<'static, App>) -> Tile {
    h.state()
        .document()
        .and_then(|d| d.tile())
        .cloned()
        .expect("a tile is open")
}

/// Every shape the last frame painted, nested lists opened.
fn shapes(h: &Harness<'static, App>) -> Vec<egui::Shape> {
    fn open(s: &egui::Shape, out: &mut Vec<egui::Shape>) {
        match s {
            egui::Shape::Vec(v) => v.iter().for_each(|s| open(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        open(&c.shape, &mut out);
    }
    out
}

/// Whether the last frame drew a rectangle outline of `colour` around `rect`.
fn outlined(h: &Harness<'static, App>, rect: egui::Rect, colour: Color32) -> bool {
    shapes(h).iter().any(|s| match s {
        egui::Shape::Rect(r) => {
            r.stroke.color == colour
                && (r.rect.min - rect.min).length() < 1.0
                && (r.rect.max - rect.max).length() < 1.0
        }
        _ => false,
    })
}

fn square_on_screen(h: &Harness<'static, App>, x: i32, y: i32) -> egui::Rect {
    egui::Rect::from_min_max(
        screen(h, x as f32, y as f32),
        screen(h, x as f32 + 1.0, y as f32 + 1.0),
    )
}

fn hover(h: &mut Harness<'static, App>, x: f32, y: f32) {
    let p = screen(h, x, y);
    h.hover_at(p);
    h.run();
}

fn click(h: &mut Harness<'static, App>, p: Pos2, button: egui::PointerButton) {
    h.hover_at(p);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
}

#[test]
fn a_ghost_of_the_brush_follows_the_pointer_turned_and_in_its_variant() {
    let mut h = harness();
    open_yard(&mut h);
    hover(&mut h, 8.5, 8.5);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Element {
            kind: ElementKind::Belt,
            facing: Facing::E,
            square: Square::new(8, 8),
            edge: None,
        })
    );
    assert!(outlined(&h, square_on_screen(&h, 8, 8), GHOST_OUTLINE));
    // R over open floor turns the brush: the ghost turns with it before anything is placed.
    h.key_press(Key::R);
    h.run();
    hover(&mut h, 9.5, 8.5);
    assert!(matches!(
        h.state().preview(),
        Some(PreviewShown::Element { facing: Facing::S, square, .. }) if *square == Square::new(9, 8)
    ));
    // Another variant from the palette: the ghost is an express belt.
    h.get_by_label(ElementKind::ExpressBelt.name()).click();
    h.run();
    hover(&mut h, 2.5, 2.5);
    assert!(matches!(
        h.state().preview(),
        Some(PreviewShown::Element {
            kind: ElementKind::ExpressBelt,
            facing: Facing::S,
            ..
        })
    ));
    assert_eq!(tile(&h).occupied_squares().count(), 0, "nothing placed yet");
}

#[test]
fn the_edge_a_wall_would_go_on_is_lit_before_the_click() {
    let mut h = harness();
    open_yard(&mut h);
    h.get_by_label("Wall").click();
    h.run();
    hover(&mut h, 6.9, 6.5);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Element {
            kind: ElementKind::Wall,
            facing: h.state().brush().facing,
            square: Square::new(6, 6),
            edge: Some(Facing::E),
        })
    );
    // The lit bar runs along the east side of (6, 6).
    let (top, bottom) = (screen(&h, 7.0, 6.0), screen(&h, 7.0, 7.0));
    let lit = shapes(&h).iter().any(|s| match s {
        egui::Shape::LineSegment { points, stroke } => {
            stroke.color == EDGE_HIGHLIGHT
                && (points[0] - top).length() < 1.0
                && (points[1] - bottom).length() < 1.0
        }
        _ => false,
    });
    assert!(lit, "the east edge of (6, 6) is lit");
    // Near the south side the south edge is lit instead.
    hover(&mut h, 6.5, 6.93);
    assert!(matches!(
        h.state().preview(),
        Some(PreviewShown::Element {
            edge: Some(Facing::S),
            ..
        })
    ));
    // The Erase tool lights the wall of (3, 3) it would take away.
    h.key_press(Key::E);
    h.run();
    hover(&mut h, 3.5, 3.05);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Erase {
            square: Square::new(3, 3),
            edge: Some(Facing::N),
        })
    );
}

#[test]
fn the_right_button_erases_with_the_belt_brush_and_paints_nothing() {
    let mut h = harness();
    open_yard(&mut h);
    assert_eq!(h.state().brush().kind, ElementKind::Belt);
    // A right click on open floor used to lay a belt there.
    let p = screen(&h, 5.5, 5.5);
    click(&mut h, p, egui::PointerButton::Secondary);
    assert_eq!(tile(&h).occupied_squares().count(), 0);
    // A belt, then a right click on it: gone.
    let p = screen(&h, 5.5, 5.5);
    click(&mut h, p, egui::PointerButton::Primary);
    assert_eq!(tile(&h).occupied_squares().count(), 1);
    let p = screen(&h, 5.5, 5.5);
    click(&mut h, p, egui::PointerButton::Secondary);
    assert_eq!(tile(&h).occupied_squares().count(), 0);
    // The status bar says what each button does with this tool.
    assert!(h.query_by_label_contains("Right: erase").is_some());
}

/// Selects (1, 1) to (2, 1) of the open tile with the Select tool after painting a belt there.
fn belt_and_select(h: &mut Harness<'static, App>) {
    let p = screen(h, 1.5, 1.5);
    click(h, p, egui::PointerButton::Primary);
    let p = screen(h, 2.5, 1.5);
    click(h, p, egui::PointerButton::Primary);
    h.key_press(Key::S);
    h.run();
    let (a, b) = (screen(h, 1.5, 1.5), screen(h, 2.5, 1.5));
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    h.hover_at(b);
    h.run();
    h.drop_at(b);
    h.run();
}

#[test]
fn squares_copied_in_one_tile_paste_into_another_and_go_to_the_system_clipboard() {
    let mut h = harness();
    open_yard(&mut h);
    belt_and_select(&mut h);
    // One event, one frame: the frame that copies is the last one looked at.
    h.event(egui::Event::Key {
        key: Key::C,
        pressed: true,
        modifiers: Modifiers::COMMAND,
        repeat: false,
        physical_key: None,
    });
    h.step();
    // The system clipboard gets the squares as the text of a tile file.
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        });
    let copied = copied.expect("Ctrl+C puts text on the system clipboard");
    assert!(matches!(Clip::from_json(&copied), Some(Clip::Squares(t)) if t.width() == 2));
    h.run();
    // Open the other tile (after the prompt), point and paste.
    command(&mut h, Command::Show(Entry::Tile(1)));
    h.get_by_label("Don't Save").click();
    h.run();
    assert_eq!(h.state().shown_name(), Some("Beta Dock"));
    hover(&mut h, 4.5, 2.5);
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    let dock = tile(&h);
    let flow = |x, y| dock.square(Square::new(x, y)).and_then(|s| s.flow);
    assert_eq!(flow(4, 2).map(|f| f.out), Some(Facing::E));
    assert_eq!(flow(5, 2).map(|f| f.out), Some(Facing::E));
    // What another window copied arrives as the paste event's text, and pastes too.
    let mut pit = Tile::new("clipboard", 1, 1);
    pit.set_square(
        Square::new(0, 0),
        factory_floor::model::SquareSpec {
            floor: Some(factory_floor::model::Floor::Pit),
            ..Default::default()
        },
    );
    hover(&mut h, 8.5, 1.5);
    h.event(egui::Event::Paste(Clip::Squares(pit).to_json()));
    h.run();
    assert!(
        tile(&h)
            .square(Square::new(8, 1))
            .is_some_and(|s| s.is_hole())
    );
}

#[test]
fn paste_from_the_menu_follows_the_pointer_until_a_click_puts_it_down() {
    let mut h = harness();
    open_yard(&mut h);
    belt_and_select(&mut h);
    command(&mut h, Command::Action(Action::Copy));
    // The pointer over the library list, as when Edit > Paste is clicked.
    h.hover_at(Pos2::new(20.0, 300.0));
    h.run();
    command(&mut h, Command::Action(Action::Paste));
    assert!(h.state().is_pasting());
    hover(&mut h, 6.5, 7.5);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Paste {
            at: Square::new(6, 7),
            width: 2,
            height: 1,
        })
    );
    hover(&mut h, 8.5, 9.5);
    assert!(
        matches!(h.state().preview(), Some(PreviewShown::Paste { at, .. }) if *at == Square::new(8, 9))
    );
    assert!(
        tile(&h)
            .square(Square::new(8, 9))
            .and_then(|s| s.flow)
            .is_none(),
        "nothing pasted before the click"
    );
    let p = screen(&h, 8.5, 9.5);
    click(&mut h, p, egui::PointerButton::Primary);
    assert!(!h.state().is_pasting());
    let t = tile(&h);
    assert!(t.square(Square::new(8, 9)).and_then(|s| s.flow).is_some());
    assert!(t.square(Square::new(9, 9)).and_then(|s| s.flow).is_some());
    assert_eq!(t.square(Square::new(10, 9)).and_then(|s| s.flow), None);
}

#[test]
fn a_tile_about_to_be_placed_shows_its_footprint_snapped_and_its_overlap_in_red() {
    let mut h = harness();
    assert!(h.state().document().and_then(|d| d.course()).is_some());
    h.get_all_by_label("Place")
        .nth(1)
        .expect("a Place button per tile")
        .click();
    h.run();
    // A square short of the yard's east side: the dock's footprint snaps flush against it.
    hover(&mut h, 12.5, 1.5);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Footprint {
            at: Square::new(12, 0),
            width: 12,
            height: 4,
            overlaps: 0,
        })
    );
    // Over the yard: the squares it would share are red.
    hover(&mut h, 6.5, 3.5);
    let Some(PreviewShown::Footprint { overlaps, .. }) = h.state().preview().cloned() else {
        panic!("no footprint: {:?}", h.state().preview());
    };
    assert_eq!(overlaps, 6 * 4);
    let red = shapes(&h)
        .iter()
        .filter(|s| matches!(s, egui::Shape::Rect(r) if r.fill == OVERLAP_FILL))
        .count();
    assert_eq!(red, overlaps);
    // Placed where the footprint showed: flush with the yard.
    hover(&mut h, 12.5, 1.5);
    let p = screen(&h, 12.5, 1.5);
    click(&mut h, p, egui::PointerButton::Primary);
    let course = h
        .state()
        .document()
        .and_then(|d| d.course())
        .cloned()
        .expect("a course");
    assert_eq!(course.placements[1].at, Square::new(12, 0));
}

#[test]
fn a_placed_tile_copies_and_pastes_within_the_course() {
    let mut h = harness();
    hover(&mut h, 5.5, 5.5);
    command(&mut h, Command::Action(Action::Copy));
    assert!(matches!(
        h.state().clipboard(),
        Some(Clip::Placements { .. })
    ));
    // Paste with the pointer off the course (the menu): the copy follows the pointer, its
    // footprint snapped to the yard's east side, until a click puts it down.
    h.hover_at(Pos2::new(20.0, 300.0));
    h.run();
    command(&mut h, Command::Action(Action::Paste));
    assert!(h.state().is_pasting());
    hover(&mut h, 12.5, 1.5);
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Paste {
            at: Square::new(12, 0),
            width: 12,
            height: 12,
        })
    );
    assert!(
        h.query_by_label_contains("put the copied tiles down")
            .is_some(),
        "the status bar says what a click does"
    );
    let placements = |h: &Harness<'static, App>| {
        h.state()
            .document()
            .and_then(|d| d.course())
            .map(|c| c.placements.clone())
            .expect("a course")
    };
    assert_eq!(placements(&h).len(), 1, "nothing pasted before the click");
    let p = screen(&h, 12.5, 1.5);
    click(&mut h, p, egui::PointerButton::Primary);
    assert!(!h.state().is_pasting());
    let placed = placements(&h);
    assert_eq!(placed.len(), 2);
    assert_eq!(placed[1].tile, "yard");
    assert_eq!(placed[1].at, Square::new(12, 0));
}

#[test]
fn a_placed_tile_being_moved_snaps_to_its_neighbour_and_shows_its_overlap_in_red() {
    let mut h = harness();
    hover(&mut h, 5.5, 5.5);
    command(&mut h, Command::Action(Action::Copy));
    // Pasted beside the yard (off the board it follows the pointer to the click).
    hover(&mut h, 12.5, 1.5);
    command(&mut h, Command::Action(Action::Paste));
    let p = screen(&h, 12.5, 1.5);
    click(&mut h, p, egui::PointerButton::Primary);
    let at = |h: &Harness<'static, App>| {
        h.state()
            .document()
            .and_then(|d| d.course())
            .and_then(|c| c.placements.get(1).map(|p| p.at))
            .expect("the copy")
    };
    assert_eq!(
        at(&h),
        Square::new(12, 0),
        "pasted under the pointer, snapped"
    );
    command(&mut h, Command::Action(Action::FitView));
    h.run();
    // Drag the copy by a square: still flush against the yard (it snaps back).
    let press = screen(&h, 15.5, 5.5);
    h.hover_at(press);
    h.run();
    h.event(egui::Event::PointerButton {
        pos: press,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let to = |h: &mut Harness<'static, App>, x: f32, y: f32| {
        let p = screen(h, x, y);
        h.hover_at(p);
        h.run();
        h.run();
    };
    to(&mut h, 16.5, 5.5);
    assert_eq!(
        at(&h),
        Square::new(12, 0),
        "a square off the side snaps back"
    );
    // Three squares onto the yard: it goes there, and the shared squares are shown.
    to(&mut h, 12.5, 5.5);
    assert_eq!(at(&h), Square::new(9, 0));
    assert_eq!(
        h.state().preview(),
        Some(&PreviewShown::Footprint {
            at: Square::new(9, 0),
            width: 12,
            height: 12,
            overlaps: 36,
        })
    );
    let p = screen(&h, 12.5, 5.5);
    h.event(egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    assert_eq!(at(&h), Square::new(9, 0));
}

#[test]
fn the_preview_markers_scale_with_the_square_size() {
    let mut h = harness();
    open_yard(&mut h);
    let outline_width = |h: &Harness<'static, App>| {
        shapes(h)
            .iter()
            .find_map(|s| match s {
                egui::Shape::Rect(r) if r.stroke.color == GHOST_OUTLINE => Some(r.stroke.width),
                _ => None,
            })
            .expect("the ghost's outline")
    };
    hover(&mut h, 5.5, 5.5);
    let small = outline_width(&h);
    let zoom = h.state().view().zoom();
    command(&mut h, Command::Action(Action::ZoomIn));
    hover(&mut h, 5.5, 5.5);
    let large = outline_width(&h);
    let ratio = h.state().view().zoom() / zoom;
    assert!(ratio > 1.2, "zoomed in: {ratio}");
    assert!(
        (large / small - ratio).abs() < 0.05,
        "the outline grew with the squares: {small} -> {large}, zoom x{ratio}"
    );
}
