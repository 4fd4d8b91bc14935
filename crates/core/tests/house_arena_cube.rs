//! RoboArena (seed 003 section 8.5) and RoboRally Cubed (seed 003 section 8.1) on their sample
//! courses: each validates by its own rules, a race can be set up on it, and the bots and the
//! engine play it as the rule says. The hand-traced single cases are the `house_robo_arena_*`
//! and `house_cubed_*` scenario files.

use factory_floor_core::bots::{Arena, BotKind};
use factory_floor_core::cli::scenario::run_scenario_file;
use factory_floor_core::engine::{Event, Factory, PushedBy, RotateCause, ScenarioReport, Shooter};
use factory_floor_core::format::Library;
use factory_floor_core::geom::Rotation;
use factory_floor_core::geom::{Facing, Square};
use factory_floor_core::model::rules::CubeSide;
use factory_floor_core::model::{
    Course, SquareSpec, StartNumber, StartRule, StartSquare, TilePlacement,
};
use factory_floor_core::race::play_game;
use factory_floor_core::render::{
    Rgba, SceneOptions, Shape, build_course_scene, build_scene, build_scene_for_play,
};
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

/// A `house_cubed_*` scenario file run through the engine; its expectations must hold.
fn cubed_scenario(name: &str) -> ScenarioReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/scenarios")
        .join(format!("house_cubed_{name}.json"));
    let report = run_scenario_file(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(report.passed(), "{}", report.diff());
    report
}

/// The robot's pushes and cube-edge turns, in order.
fn pushes_and_turns(report: &ScenarioReport, robot: u8) -> Vec<String> {
    report
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::Pushed {
                robot: r,
                by,
                from,
                to,
            } if r == robot => Some(format!("pushed by {by:?} {from} -> {to}")),
            Event::Rotated {
                robot: r,
                from,
                to,
                cause: RotateCause::CubeEdge,
            } if r == robot => Some(format!("turned {from:?} -> {to:?}")),
            _ => None,
        })
        .collect()
}

#[test]
fn a_pusher_pushes_over_a_folded_edge_to_the_square_the_fold_leads_to_seed_003_8_1() {
    let report = cubed_scenario("pusher_pushes_across_an_edge");
    // The square and the turn come from the fold, as for a robot's own move.
    let (to, travel) = report.game.factory().next(Square::new(3, 1), Facing::W);
    assert_eq!((to, travel), (Square::new(1, 3), Facing::S));
    assert_eq!(
        pushes_and_turns(&report, 0),
        vec![
            format!("pushed by Pusher (3, 1) -> {to}"),
            "turned N -> W".to_string()
        ]
    );
}

#[test]
fn a_chain_pushed_over_a_folded_edge_turns_only_the_robot_that_crosses_seed_003_8_1() {
    let report = cubed_scenario("push_chain_crosses_an_edge");
    assert_eq!(
        pushes_and_turns(&report, 0),
        vec!["pushed by Pusher (4, 7) -> (3, 7)".to_string()]
    );
    assert_eq!(
        pushes_and_turns(&report, 1),
        vec![
            format!("pushed by {:?} (3, 7) -> (1, 5)", PushedBy::Robot(0)),
            "turned E -> S".to_string()
        ]
    );
}

#[test]
fn pushes_meeting_across_a_folded_edge_cancel_and_walls_across_it_stop_a_push_seed_003_8_1() {
    for name in [
        "two_pushes_onto_one_square_across_an_edge",
        "pusher_blocked_by_a_wall_on_either_side_of_an_edge",
    ] {
        let report = cubed_scenario(name);
        for robot in 0..2 {
            assert_eq!(
                pushes_and_turns(&report, robot),
                Vec::<String>::new(),
                "{name}"
            );
        }
    }
}

#[test]
fn a_repulsor_beam_pushes_over_a_folded_edge_and_reaches_only_the_first_row_inside_seed_003_8_1() {
    let report = cubed_scenario("repulsor_pushes_across_an_edge");
    assert_eq!(
        pushes_and_turns(&report, 0),
        vec![
            "pushed by Repulsor (3, 1) -> (1, 3)".to_string(),
            "turned E -> N".to_string()
        ]
    );
    // Inside, the beam crosses into the first row and pushes there the way it travels on.
    let inside = cubed_scenario("inside_repulsor_reaches_the_first_row_across");
    assert_eq!(
        pushes_and_turns(&inside, 0),
        vec!["pushed by Repulsor (1, 3) -> (1, 4)".to_string()]
    );
    assert_eq!(pushes_and_turns(&inside, 1), Vec::<String>::new());
    let outside = cubed_scenario("outside_repulsor_stops_at_the_edge");
    for robot in 0..2 {
        assert_eq!(pushes_and_turns(&outside, robot), Vec::<String>::new());
    }
}

#[test]
fn a_gate_on_a_folded_edge_is_a_wall_from_its_back_across_the_fold_seed_003_8_1() {
    let report = cubed_scenario("gate_on_an_edge_keeps_its_sides");
    let factory = report.game.factory();
    // (1,3) going north meets (3,1), whose west side holds the gate's coloured side.
    assert_eq!(
        factory.next(Square::new(1, 3), Facing::N),
        (Square::new(3, 1), Facing::E)
    );
    assert!(factory.blocks_move(Square::new(1, 3), Facing::N));
    assert!(factory.gate_exit(Square::new(1, 3), Facing::N).is_none());
    assert_eq!(
        factory.gate_exit(Square::new(4, 4), Facing::N),
        Some((Square::new(3, 1), Facing::E))
    );
}

#[test]
fn a_board_laser_crosses_to_the_first_row_inside_and_stops_at_the_edge_outside_seed_003_8_1() {
    let inside = cubed_scenario("inside_board_laser_reaches_the_first_row_across");
    let outside = cubed_scenario("outside_board_laser_stops_at_the_edge");
    let hits = |r: &ScenarioReport| {
        r.events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Shot {
                        shooter: Shooter::Board,
                        ..
                    }
                )
            })
            .count()
    };
    assert_eq!((hits(&inside), hits(&outside)), (1, 0));
}

/// The sample cube played on the inside or the outside.
fn cubed_factory(side: CubeSide) -> Factory {
    let (mut course, lib) = sample("cubed.json");
    course.rules.house.cubed = Some(side);
    Factory::for_rules(course.compile(&lib), &course.rules.house)
}

/// The ends of the laser beams drawn in `shapes` (their red polylines' last points).
fn beam_ends(shapes: &[Shape]) -> Vec<(i32, i32)> {
    let red = Rgba::new(255, 40, 40, 230);
    let mut ends: Vec<(i32, i32)> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polyline { points, stroke } if stroke.colour == red => points.last(),
            _ => None,
        })
        .map(|p| ((p.x * 2.0).round() as i32, (p.y * 2.0).round() as i32))
        .collect();
    ends.sort_unstable();
    ends
}

#[test]
fn the_picture_of_a_cube_ends_each_beam_where_the_engine_ends_it_seed_003_8_1() {
    for side in [CubeSide::Inside, CubeSide::Outside] {
        let factory = cubed_factory(side);
        // Where the engine's beam table ends each laser: the far side of its last square, in
        // the way the beam travels there (turned by a fold it crossed), in half squares.
        let mut expected: Vec<(i32, i32)> = factory
            .lasers()
            .iter()
            .map(|line| {
                let mut way = line.direction;
                let squares: Vec<Square> = line
                    .cells
                    .iter()
                    .map(|&c| factory.square_of(c as usize))
                    .collect();
                for w in squares.windows(2) {
                    let (to, travel) = factory.next(w[0], way);
                    assert_eq!(to, w[1], "{side:?}: a beam's squares follow the fold");
                    way = travel;
                }
                let last = squares[squares.len() - 1];
                let (dx, dy) = way.delta();
                (2 * last.x + 1 + dx, 2 * last.y + 1 + dy)
            })
            .collect();
        expected.sort_unstable();
        let scene = build_scene_for_play(&factory, &SceneOptions::default());
        let drawn = beam_ends(&scene.shapes);
        // Every beam ends where the engine ends it, and a beam that crossed a fold is drawn in
        // two pieces, the piece before the fold ending on the board edge.
        for e in &expected {
            assert!(
                drawn.contains(e),
                "{side:?}: no beam drawn ending at {e:?}: {drawn:?}"
            );
        }
        let flat = beam_ends(&build_scene(factory.board(), &SceneOptions::default()).shapes);
        assert_ne!(
            drawn, flat,
            "{side:?}: the flat picture runs beams across the edges"
        );
    }
    // The east board's laser fires west along row 7: inside it ends on the front board's first
    // row, (7,7), at x = 7; outside on the east board's edge, x = 8; flat it would run on.
    let ends = |side| {
        beam_ends(&build_scene_for_play(&cubed_factory(side), &SceneOptions::default()).shapes)
    };
    assert!(ends(CubeSide::Inside).contains(&(14, 15)));
    assert!(ends(CubeSide::Outside).contains(&(16, 15)));
}

#[test]
fn the_composer_draws_a_cubes_beams_folded_as_the_play_view_does_seed_003_8_1() {
    for side in [CubeSide::Inside, CubeSide::Outside] {
        let (mut course, lib) = sample("cubed.json");
        course.rules.house.cubed = Some(side);
        let board = course.compile(&lib);
        let options = SceneOptions::default();
        // The course composer's picture of the course: the same as the play view's.
        let composed = build_course_scene(&board, course.rules.house.cubed, &options);
        let played = build_scene_for_play(&cubed_factory(side), &options);
        assert_eq!(composed, played, "{side:?}");
        assert_ne!(
            beam_ends(&composed.shapes),
            beam_ends(&build_scene(&board, &options).shapes),
            "{side:?}: the flat picture runs beams across the edges"
        );
    }
    // Not cubed, or a net that does not fold: the flat picture, as for any course.
    let (course, lib) = sample("standard-2x2.json");
    let board = course.compile(&lib);
    let options = SceneOptions::default();
    assert_eq!(
        build_course_scene(&board, Some(CubeSide::Inside), &options),
        build_scene(&board, &options)
    );
    let (course, lib) = sample("cubed.json");
    let board = course.compile(&lib);
    assert_eq!(
        build_course_scene(&board, None, &options),
        build_scene(&board, &options)
    );
}

#[test]
fn a_belt_over_a_folded_edge_leads_onto_the_next_side_not_off_the_board_seed_003_8_1() {
    let (course, lib) = sample("cubed.json");
    let off = |c: &Course| {
        analyse(c, &lib)
            .diagnostics
            .iter()
            .filter(|d| d.rule == "belt-off-board")
            .flat_map(|d| d.squares.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(off(&course), Vec::<Square>::new());
    // The same course played flat: the top board's belt runs north off the board, the bottom
    // board's express belt east.
    let mut flat = course.clone();
    flat.rules.house.cubed = None;
    assert_eq!(off(&flat), vec![Square::new(6, 0), Square::new(7, 9)]);
}

#[test]
fn a_start_facing_over_a_folded_edge_faces_onto_the_next_side_seed_003_8_1() {
    let (mut course, lib) = sample("cubed.json");
    course.start = StartRule::Numbered;
    let top = course
        .embedded
        .iter_mut()
        .find(|t| t.id == "cube-top")
        .expect("the sample has a top board");
    // Two starts on the top board's west column, both facing west over its edge.
    for (y, n) in [(1, 1), (0, 2)] {
        let spec = SquareSpec {
            start: StartNumber::new(n).map(|number| StartSquare {
                number,
                facing: Facing::W,
            }),
            ..SquareSpec::default()
        };
        top.set_square(Square::new(0, y), spec);
    }
    let facing_out = |c: &Course| {
        let mut squares: Vec<(i32, i32)> = analyse(c, &lib)
            .diagnostics
            .iter()
            .filter(|d| d.rule == "start-facing-out")
            .flat_map(|d| d.squares.iter().map(|s| (s.x, s.y)))
            .collect();
        squares.sort_unstable();
        squares
    };
    // Folded, the top board's west edge meets the west board's north edge: (4, 1) leads onto
    // (1, 4), open floor; (4, 0) onto (0, 4), behind the plain wall on the west board's north
    // edge there, which stands between the two squares.
    let factory = cubed_factory(CubeSide::Inside);
    assert_eq!(
        factory.next(Square::new(4, 1), Facing::W),
        (Square::new(1, 4), Facing::S)
    );
    assert_eq!(
        factory.next(Square::new(4, 0), Facing::W),
        (Square::new(0, 4), Facing::S)
    );
    assert_eq!(facing_out(&course), vec![(4, 0)]);
    // Played flat, both face off the board.
    let mut flat = course.clone();
    flat.rules.house.cubed = None;
    assert_eq!(facing_out(&flat), vec![(4, 0), (4, 1)]);
}

#[test]
fn the_mechanical_arm_reaches_across_a_folded_edge_and_the_diagonal_beyond_it_seed_003_8_1() {
    for name in [
        "mechanical_arm_reaches_across_an_edge",
        "mechanical_arm_reaches_a_diagonal_across_an_edge",
    ] {
        let report = cubed_scenario(name);
        assert_eq!(report.game.robot(0).map(|r| r.flags), Some(1), "{name}");
    }
}

#[test]
fn pressor_and_tractor_beams_push_the_way_the_beam_travels_across_a_fold_seed_003_8_1() {
    // Each file's expectations are checked by `cubed_scenario`; the pull back over the edge
    // turns blue with the fold as a robot's own move over it would.
    cubed_scenario("inside_pressor_beam_pushes_the_way_the_beam_travels_across_an_edge");
    cubed_scenario("inside_tractor_beam_leaves_a_target_beside_across_an_edge");
    let report = cubed_scenario("inside_tractor_beam_pulls_back_across_an_edge");
    assert_eq!(
        pushes_and_turns(&report, 1),
        vec![
            "pushed by Robot(0) (1, 3) -> (3, 1)".to_string(),
            "turned E -> S".to_string()
        ]
    );
}

#[test]
fn an_oil_slide_and_a_belt_over_a_folded_edge_act_as_a_move_over_it_seed_003_8_1() {
    cubed_scenario("oil_slide_over_an_edge_is_stopped_by_a_robot_across_it");
    cubed_scenario("belt_over_a_ledge_on_an_edge_drops_the_robot");
}
