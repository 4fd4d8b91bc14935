//! Save what loads (issue 16 item 6): whatever the editor can make of a tile or a course by any
//! sequence of edits, what it saves, the loader opens. A document that breaks one of the loader's
//! rules is saved put right, with a warning that names the rule; one that breaks none is saved
//! as it is, with no warning.

use factory_floor::format::{
    Document, course_to_string, document_from_str, fix_course_for_save, fix_tile_for_save,
    tile_to_string,
};
use factory_floor::geom::{Rotation, Square};
use factory_floor::model::{Course, Flag, LivesRule, StartRule, Tile, TilePlacement};
use proptest::prelude::*;

mod common;

/// One edit the window can make: the course panel's fields (name, players 1 to 8 each, lives),
/// tiles placed and dragged anywhere right and down of the corner, flags added and moved, the
/// archive start set; the tile's name, id and description.
#[derive(Clone, Debug)]
enum Edit {
    CourseName(String),
    Players(u8, u8),
    Lives(Option<u8>),
    Place(i32, i32, u8),
    Flag(i32, i32),
    Start(i32, i32),
    RemoveFlag,
    TileName(String),
    TileId(String),
    TileDescription(String),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        ".{0,12}".prop_map(Edit::CourseName),
        (1u8..=8, 1u8..=8).prop_map(|(a, b)| Edit::Players(a, b)),
        proptest::option::of(1u8..=9).prop_map(Edit::Lives),
        (0i32..400, 0i32..400, 0u8..4).prop_map(|(x, y, r)| Edit::Place(x, y, r)),
        (0i32..400, 0i32..400).prop_map(|(x, y)| Edit::Flag(x, y)),
        (0i32..400, 0i32..400).prop_map(|(x, y)| Edit::Start(x, y)),
        Just(Edit::RemoveFlag),
        ".{0,12}".prop_map(Edit::TileName),
        "[a-z0-9 _A-Z-]{0,12}".prop_map(Edit::TileId),
        ".{0,20}".prop_map(Edit::TileDescription),
    ]
}

fn apply(course: &mut Course, tile: &mut Tile, edit: &Edit) {
    match edit {
        Edit::CourseName(n) => course.name = n.clone(),
        Edit::Players(min, max) => {
            course.players.min = *min;
            course.players.max = *max;
        }
        Edit::Lives(n) => course.lives = n.map_or(LivesRule::Standard, LivesRule::Fixed),
        Edit::Place(x, y, r) => {
            // The composer places at most 64 tiles.
            if course.placements.len() < 64 {
                course.placements.push(TilePlacement {
                    tile: tile.id.clone(),
                    at: Square::new(*x, *y),
                    rotation: Rotation::ALL[usize::from(*r % 4)],
                });
            }
        }
        Edit::Flag(x, y) => {
            let number = course.flags.len() as u32 + 1;
            course.flags.push(Flag {
                number,
                at: Square::new(*x, *y),
            });
        }
        Edit::Start(x, y) => course.start = StartRule::Archive(Square::new(*x, *y)),
        Edit::RemoveFlag => {
            course.flags.pop();
        }
        Edit::TileName(n) => tile.name = n.clone(),
        Edit::TileId(id) => tile.id = id.clone(),
        Edit::TileDescription(d) => tile.description = d.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn whatever_the_editor_saves_the_loader_opens(edits in proptest::collection::vec(edit(), 0..60)) {
        let mut course = common::courses::course("Course", Vec::new());
        let mut tile = common::courses::tile("t", "T", 12, 12);
        for e in &edits {
            apply(&mut course, &mut tile, e);
        }
        // The course carries the tile, as a course made by import or a bundle does.
        course.embedded = vec![tile.clone()];
        let course_warnings = fix_course_for_save(&mut course);
        let text = course_to_string(&course);
        let loaded = document_from_str("course.json", &text);
        prop_assert!(loaded.is_ok(), "{:?}\n{}", loaded.err(), text);
        prop_assert_eq!(loaded.ok(), Some(Document::Course(course.clone())));
        let tile_warnings = fix_tile_for_save(&mut tile);
        let text = tile_to_string(&tile);
        let loaded = document_from_str("tile.json", &text);
        prop_assert!(loaded.is_ok(), "{:?}\n{}", loaded.err(), text);
        // Every warning names the rule that was broken.
        for w in course_warnings.iter().chain(&tile_warnings) {
            prop_assert!(w.contains("rule \""), "{}", w);
        }
    }
}

#[test]
fn a_document_that_breaks_no_rule_is_saved_as_it_is() {
    let mut course = common::courses::course("Fine", vec![common::courses::place("a", 0, 0)]);
    let before = course.clone();
    assert!(fix_course_for_save(&mut course).is_empty());
    assert_eq!(course, before);
}

#[test]
fn an_empty_name_and_more_players_at_least_than_at_most_are_named_and_put_right() {
    let mut course = common::courses::course("  ", Vec::new());
    course.players.min = 6;
    course.players.max = 3;
    let warnings = fix_course_for_save(&mut course);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].contains("a course needs a name"),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[1].contains("the fewest no more than the most"),
        "{}",
        warnings[1]
    );
    assert_eq!((course.players.min, course.players.max), (3, 6));
    let text = course_to_string(&course);
    assert!(document_from_str("c.json", &text).is_ok());
}
