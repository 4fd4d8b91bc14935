//! RoboArena (seed 003 section 8.5) and RoboRally Cubed (seed 003 section 8.1) on their sample
//! courses: each validates by its own rules, a race can be set up on it, and the bots and the
//! engine play it as the rule says. The hand-traced single cases are the `house_robo_arena_*`
//! and `house_cubed_*` scenario files.

use factory_floor_core::bots::{Arena, BotKind};
use factory_floor_core::engine::{Event, Factory, Shooter};
use factory_floor_core::format::Library;
use factory_floor_core::geom::Rotation;
use factory_floor_core::geom::{Facing, Square};
use factory_floor_core::model::{Course, TilePlacement};
use factory_floor_core::race::play_game;
use factory_floor_core::validate::{Severity, analyse};

fn sample(name: &str) -> (Course, Library) {
    let lib = Library::builtin();
    let course = lib
        .find_course(name)
        .unwrap_or_else(|| panic!("courses/{name} is not in the built-in library"))
        .course
        .clone();
    (course, lib)
}

fn errors(course: &Course, lib: &Library) -> Vec<String> {
    analyse(course, lib)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect()
}

#[test]
fn the_robo_arena_sample_is_judged_by_the_arena_rules_not_the_flag_rules_seed_003_8_5() {
    let (course, lib) = sample("robo-arena.json");
    assert!(course.rules.house.robo_arena && course.flags.is_empty());
    let a = analyse(&course, &lib);
    assert!(
        a.diagnostics.iter().all(|d| d.severity != Severity::Error
            && !d.rule.starts_with("flag")
            && d.rule != "no-flags"),
        "{:?}",
        a.diagnostics
    );
    // Walling in the first corner start: the others cannot reach it, and it is boxed in.
    let mut walled = course.clone();
    let tile = &mut walled.embedded[0];
    for side in Facing::ALL {
        let mut edge = tile.edge(Square::new(0, 0), side);
        edge.barrier = Some(factory_floor_core::model::Barrier::Plain);
        tile.set_edge(Square::new(0, 0), side, edge);
    }
    let a = analyse(&walled, &lib);
    let rules: Vec<&str> = a.diagnostics.iter().map(|d| d.rule).collect();
    assert!(rules.contains(&"arena-start-unreachable"), "{rules:?}");
    assert!(rules.contains(&"arena-start-boxed-in"), "{rules:?}");
    // The same board under the plain rules is a course with no flags.
    let mut plain = course.clone();
    plain.rules.house.robo_arena = false;
    assert!(errors(&plain, &lib).iter().any(|e| e.contains("no-flags")));
    assert!(Arena::new(&plain, &lib).is_err());
}

#[test]
fn the_bots_fight_in_a_robo_arena_and_only_the_last_robot_standing_wins_seed_003_8_5() {
    let (course, lib) = sample("robo-arena.json");
    let arena = match Arena::new(&course, &lib) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    let mut robot_shots = 0;
    let mut winners = 0;
    for seed in 0..3 {
        let mut finishes = Vec::new();
        let result = play_game(&arena, &[BotKind::Greedy; 4], seed, 40, |_, events| {
            for e in events {
                match e {
                    Event::Shot {
                        shooter: Shooter::Robot(_),
                        ..
                    } => robot_shots += 1,
                    Event::Finished { place, .. } => finishes.push(*place),
                    _ => {}
                }
            }
        });
        let result = match result {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(result.refusals, 0);
        // At most one robot finishes, and only in first place: the last one standing.
        assert!(finishes.len() <= 1 && finishes.iter().all(|&p| p == 1));
        winners += finishes.len();
    }
    assert!(robot_shots > 0, "the bots never fired at each other");
    assert!(winners <= 3);
}

#[test]
fn the_cubed_sample_folds_validates_and_is_solved_on_the_cube_seed_003_8_1() {
    let (course, lib) = sample("cubed.json");
    assert!(course.rules.house.cubed.is_some());
    assert_eq!(errors(&course, &lib), Vec::<String>::new());
    let a = analyse(&course, &lib);
    let Some(s) = a.solution else {
        panic!("not solved: {:?}", a.diagnostics)
    };
    assert_eq!(s.legs.len(), course.flags.len());
    assert!(s.unreachable.is_none());
    assert!(Arena::new(&course, &lib).is_ok());
}

#[test]
fn walking_straight_round_the_cube_comes_back_after_four_boards_seed_003_8_1() {
    let (course, lib) = sample("cubed.json");
    let board = course.compile(&lib);
    let factory = Factory::for_rules(board, &course.rules.house);
    let side = 4;
    for start in [Square::new(5, 5), Square::new(1, 6), Square::new(6, 1)] {
        for dir in Facing::ALL {
            let (mut at, mut d) = (start, dir);
            for _ in 0..4 * side {
                assert!(
                    factory.is_on_board(at),
                    "{start} {dir}: off the board at {at}"
                );
                (at, d) = factory.next(at, d);
            }
            assert_eq!((at, d), (start, dir), "from {start} going {dir}");
        }
    }
}

#[test]
fn a_net_that_does_not_fold_is_an_error_naming_the_tiles_seed_003_8_1() {
    let (mut course, lib) = sample("cubed.json");
    // The bottom board moved beside the back board: six in an L that folds two onto one side.
    course.placements[5] = TilePlacement {
        tile: course.placements[5].tile.clone(),
        at: Square::new(16, 4),
        rotation: Rotation::default(),
    };
    let a = analyse(&course, &lib);
    let fold = a
        .diagnostics
        .iter()
        .find(|d| d.rule == "cube-does-not-fold");
    assert!(
        fold.is_some_and(|d| d.severity == Severity::Error && d.tiles.contains(&5)),
        "{:?}",
        a.diagnostics
    );
    assert!(Arena::new(&course, &lib).is_err());
}
