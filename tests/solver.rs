//! The course solver and validation on the sample courses (issue 4): every sample course is valid,
//! one change per course breaks the right rule at the right square, the solver's shortest program
//! really touches every flag when the engine plays it, and a hand-made corridor has the known answer.

use factory_floor::engine::{CardKind, Event, Factory, Game, Settings};
use factory_floor::format::{self, Library};
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::*;
use factory_floor::validate::{Diagnostic, Severity, StepTable, analyse, solver, validate};
use std::sync::Arc;

mod common;

/// Every sample course with the library it sees, named by its file name.
fn samples() -> Vec<(String, Course, Library)> {
    let samples = common::sample_courses();
    assert!(
        samples.len() >= 5,
        "sample courses missing in {}",
        common::path("courses").display()
    );
    samples
        .into_iter()
        // A RoboArena has no flags to solve (seed 003 section 8.5): crates/core/tests/
        // house_arena_cube.rs checks it by its own rules.
        .filter(|(_, c, _)| !c.rules.house.robo_arena)
        .map(|(p, c, library)| {
            let name = p
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            (name, c, library)
        })
        .collect()
}

fn rule_at(diagnostics: &[Diagnostic], rule: &str, square: Square) -> bool {
    diagnostics
        .iter()
        .any(|d| d.rule == rule && d.squares.contains(&square))
}

/// The course with placement `index` replaced by an embedded, already rotated copy of its tile,
/// edited by `edit` in board coordinates relative to the placement.
fn edit_tile(
    course: &Course,
    library: &Library,
    at: Square,
    edit: impl FnOnce(&mut Tile, Square),
) -> Course {
    let board = course.compile(library);
    let Some(index) = board.square(at).and_then(|q| q.placement) else {
        panic!("{at} is not on a tile");
    };
    let index = usize::from(index);
    let mut c = course.clone();
    let p = c.placements[index].clone();
    let Some(tile) = course.resolve(&p.tile, library) else {
        panic!("tile {} not found", p.tile);
    };
    let mut tile = tile.rotated(p.rotation);
    tile.id = format!("{}-edited", p.tile);
    edit(&mut tile, Square::new(at.x - p.at.x, at.y - p.at.y));
    c.placements[index] = TilePlacement {
        tile: tile.id.clone(),
        at: p.at,
        rotation: Rotation::R0,
    };
    c.embedded.push(tile);
    c
}

fn wall(tile: &mut Tile, s: Square, side: Facing) {
    let mut e = tile.edge(s, side);
    e.barrier = Some(Barrier::Plain);
    tile.set_edge(s, side, e);
}

#[test]
fn every_sample_course_validates_with_no_errors_and_is_solved() {
    for (name, course, lib) in samples() {
        let a = analyse(&course, &lib);
        let errors: Vec<_> = a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let Some(s) = &a.solution else {
            panic!("{name}: not solved")
        };
        assert_eq!(s.legs.len(), course.flags.len(), "{name}");
        assert!(s.unreachable.is_none(), "{name}");
        for leg in &s.legs {
            assert_eq!(leg.registers as usize, leg.program.len(), "{name}");
            assert!(leg.registers > 0, "{name}");
        }
        let Some(d) = a.difficulty else {
            panic!("{name}: no difficulty")
        };
        assert_eq!(d.registers, s.registers(), "{name}");
        assert_eq!(d.laser_damage, s.damage(), "{name}");
        assert!(d.deadly_near <= d.near_squares && d.line_squares <= d.near_squares);
    }
}

#[test]
fn solver_program_replayed_through_the_engine_touches_every_flag_in_order() {
    // RULINGS.md, Setup rules: every flag reachable, in order, by a robot playing legal cards.
    for (name, course, lib) in samples() {
        let a = analyse(&course, &lib);
        let Some(sol) = a.solution else {
            panic!("{name}: not solved")
        };
        let mut game = match Game::for_course(
            &course,
            &lib,
            &["solo".to_string()],
            sol.facing,
            // The course's house rules (moving flags move the flags the line meets; a cube folds its
            // boards, seed 003 section 8.1), except the
            // Dice Rule: the solver's line assumes every die already shot away
            // (docs/validation.md, The Dice Rule).
            Settings {
                house: HouseRules {
                    dice: None,
                    ..course.rules.house
                },
                ..Settings::default()
            },
            7,
        ) {
            Ok(g) => g,
            Err(e) => panic!("{name}: {e}"),
        };
        assert_eq!(game.robots()[0].square, sol.start, "{name}");
        assert_eq!(game.robots()[0].facing, sol.facing, "{name}");
        let steps: Vec<_> = sol.program().copied().collect();
        let mut events = Vec::new();
        let mut touched = Vec::new();
        let mut damage = 0u32;
        for (turn, chunk) in steps.chunks(5).enumerate() {
            game.begin_scripted_turn(&mut events);
            let mut registers = [None; 5];
            for (i, s) in chunk.iter().enumerate() {
                assert_eq!(usize::from(s.phase), i + 1, "{name}: phases run 1-5");
                registers[i] = Some(s.card);
            }
            game.set_registers(0, registers);
            for (i, s) in chunk.iter().enumerate() {
                events.clear();
                game.run_phase(&mut events);
                for e in &events {
                    match e {
                        Event::Touched { flag, .. } => touched.push(*flag),
                        Event::Damaged { amount, .. } => damage += u32::from(*amount),
                        Event::Destroyed { .. } => {
                            panic!("{name}: destroyed in turn {} register {}", turn + 1, i + 1)
                        }
                        _ => {}
                    }
                }
                let r = game.robots()[0];
                assert_eq!(
                    (r.square, r.facing),
                    (s.square, s.facing),
                    "{name}: turn {} register {} ({})",
                    turn + 1,
                    i + 1,
                    s.card
                );
            }
            events.clear();
            game.end_turn(&mut events);
        }
        let expected: Vec<u8> = (1..=course.flags.len() as u8).collect();
        assert_eq!(touched, expected, "{name}");
        assert_eq!(game.robots()[0].place, Some(1), "{name}: finished");
        assert_eq!(damage, sol.damage(), "{name}");
    }
}

#[test]
fn moving_a_flag_into_a_wall_corner_is_reported_there_faq_7_1() {
    for (name, course, lib) in samples() {
        let board = course.compile(&lib);
        // A wall corner on the board if the course has one; else make one beside flag 1.
        let corner = board.all_squares().find(|&s| {
            board.is_on_board(s)
                && Facing::ALL
                    .into_iter()
                    .any(|f| board.has_barrier(s, f) && board.has_barrier(s, f.right()))
        });
        let mut c = match corner {
            Some(_) => course.clone(),
            None => edit_tile(&course, &lib, course.flags[0].at, |t, s| {
                wall(t, s, Facing::N);
                wall(t, s, Facing::E);
            }),
        };
        let at = corner.unwrap_or(course.flags[0].at);
        c.flags[0].at = at;
        let d = validate(&c, &lib);
        assert!(rule_at(&d, "flag-in-wall-corner", at), "{name}: {d:?}");
        assert!(
            !rule_at(&validate(&course, &lib), "flag-in-wall-corner", at),
            "{name}"
        );
    }
}

#[test]
fn walling_off_a_flag_makes_it_unreachable_rulings_setup_rules() {
    for (name, course, lib) in samples() {
        let last = course.flags_in_order().last().copied();
        let Some(flag) = last else {
            panic!("{name}: no flags")
        };
        let c = edit_tile(&course, &lib, flag.at, |t, s| {
            for f in Facing::ALL {
                wall(t, s, f);
            }
        });
        let a = analyse(&c, &lib);
        assert!(
            rule_at(&a.diagnostics, "flag-unreachable", flag.at),
            "{name}: {:?}",
            a.diagnostics
        );
        let d = a
            .diagnostics
            .iter()
            .find(|d| d.rule == "flag-unreachable")
            .map(|d| d.message.clone())
            .unwrap_or_default();
        assert!(d.contains(&format!("flag {}", flag.number)), "{name}: {d}");
        let Some(sol) = a.solution else {
            panic!("{name}: not solved")
        };
        // The legs before it are still solved; from every other square the flag is out of reach.
        assert_eq!(sol.legs.len() + 1, course.flags.len(), "{name}");
        let Some(u) = sol.unreachable else {
            panic!("{name}: no unreachable flag")
        };
        let factory = Factory::new(c.compile(&lib));
        let standable = (0..factory.cell_count())
            .filter(|&i| {
                let cell = factory.cell_at(i);
                cell.on_board && !cell.hole
            })
            .count();
        assert_eq!(u.traps, standable - 1, "{name}");
    }
}

#[test]
fn moving_the_start_off_a_repair_site_is_reported_seed_000_set_up() {
    for (name, course, lib) in samples() {
        let board = course.compile(&lib);
        // An open floor square of the first tile that is not a repair site.
        let Some(&(_, at, w, h)) = board.placements.iter().find(|p| p.0 == 0) else {
            panic!("{name}: no first tile")
        };
        let Some(plain) = (0..h)
            .flat_map(|y| (0..w).map(move |x| at.offset(x, y)))
            .find(|&s| board.spec(s).is_some_and(|q| q.is_open_floor()))
        else {
            panic!("{name}: no open floor on the first tile")
        };
        let mut c = course.clone();
        c.start = StartRule::Archive(plain);
        let d = validate(&c, &lib);
        assert!(rule_at(&d, "start-not-archive", plain), "{name}: {d:?}");
        assert!(
            !validate(&course, &lib)
                .iter()
                .any(|d| d.rule == "start-not-archive")
        );
    }
}

/// One 12 x 1 corridor with the start on a repair site at the west end, facing any way.
fn corridor(flag_at: i32) -> Course {
    let mut t = Tile::new("corridor", 12, 1);
    t.set_square(
        Square::new(0, 0),
        SquareSpec {
            repair: Wrenches::new(1),
            ..SquareSpec::default()
        },
    );
    Course {
        name: "corridor".into(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange { min: 1, max: 4 },
        lives: LivesRule::Standard,
        placements: vec![TilePlacement {
            tile: "corridor".into(),
            at: Square::new(0, 0),
            rotation: Rotation::R0,
        }],
        embedded: vec![t],
        flags: vec![Flag {
            number: 1,
            at: Square::new(flag_at, 0),
        }],
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

#[test]
fn a_flag_five_squares_down_a_corridor_takes_move_3_and_move_2() {
    let a = analyse(&corridor(5), &Vec::new());
    let Some(sol) = a.solution else {
        panic!("not solved: {:?}", a.diagnostics)
    };
    assert_eq!(sol.facing, Facing::E);
    assert_eq!(sol.registers(), 2);
    let mut cards: Vec<CardKind> = sol.program().map(|s| s.card.kind).collect();
    cards.sort();
    assert_eq!(cards, vec![CardKind::Move2, CardKind::Move3]);
    let phases: Vec<u8> = sol.program().map(|s| s.phase).collect();
    assert_eq!(phases, vec![1, 2]);
    assert_eq!(sol.legs[0].damage, 0);
    assert_eq!(sol.legs[0].traps, 0);
    // Eleven squares away: 3 + 3 + 3 + 2 is four registers.
    let far = analyse(&corridor(11), &Vec::new());
    assert_eq!(far.solution.map(|s| s.registers()), Some(4));
}

#[test]
fn a_laser_in_the_corridor_costs_damage_and_a_pit_makes_traps() {
    // A laser across square 2 and a pit at 8: the line to a flag at 5 takes the beam only if it
    // must stop there (it need not: 3 + 2), and no square beyond the pit can come back.
    let mut c = corridor(5);
    let t = &mut c.embedded[0];
    t.set_edge(
        Square::new(2, 0),
        Facing::N,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(1).map(Mount::Laser),
        },
    );
    t.set_square(
        Square::new(8, 0),
        SquareSpec {
            floor: Some(Floor::Pit),
            ..SquareSpec::default()
        },
    );
    let a = analyse(&c, &Vec::new());
    let Some(sol) = a.solution else {
        panic!("not solved: {:?}", a.diagnostics)
    };
    assert_eq!(sol.registers(), 2);
    assert_eq!(sol.damage(), 0, "move 3 then move 2 never ends on the beam");
    let first: Vec<CardKind> = sol.program().map(|s| s.card.kind).collect();
    assert_eq!(first, vec![CardKind::Move3, CardKind::Move2]);
    // Squares 9, 10 and 11 are cut off by the pit: 1-wide, any move west falls in.
    assert_eq!(sol.legs[0].traps, 3);
    let Some(d) = a.difficulty else {
        panic!("no difficulty")
    };
    // The line: squares 0, 3, 5; the squares within 1 are columns -1..6 of rows -1..1, of which
    // only the 7 corridor squares 0-6 are on the board.
    assert_eq!(d.line_squares, 3);
    assert_eq!(d.near_squares, 24);
    assert_eq!(d.deadly_near, 24 - 7);
    assert_eq!(d.squares_in_beam, 0);
}

#[test]
fn the_step_table_matches_whole_engine_phases_on_every_sample_course() {
    // `StepTable::new` composes the engine's card step with its card-less phase; it must equal
    // running every step as one whole `Game::run_phase` (RULINGS.md, One register phase).
    for (name, course, lib) in samples() {
        let factory = Arc::new(Factory::new(course.compile(&lib)));
        let (Some(fast), Some(whole)) = (
            StepTable::new(Arc::clone(&factory)),
            StepTable::direct(factory),
        ) else {
            panic!("{name}: no table")
        };
        assert!(fast.same_steps(&whole), "{name}");
    }
}

#[test]
fn a_numbered_start_uses_start_square_1_as_printed() {
    let Some((name, course, lib)) = samples()
        .into_iter()
        .find(|s| s.1.start == StartRule::Numbered)
    else {
        panic!("no sample course with numbered starts")
    };
    let board = course.compile(&lib);
    let first = board.start_squares()[0];
    let factory = Factory::new(board);
    let Some((square, facings)) = solver::start_of(course.start, &factory) else {
        panic!("{name}: no start")
    };
    assert_eq!((square, facings), (first.1, vec![first.2]));
    let sol = analyse(&course, &lib).solution;
    assert_eq!(sol.map(|s| (s.start, s.facing)), Some((first.1, first.2)));
}

/// Runs `factory-floor validate` with `args`; returns the exit code and standard output.
fn run_validate(args: &[&str]) -> (Option<i32>, String) {
    let (code, out, _) = common::run(&[&["validate"], args].concat());
    (Some(code), out)
}

#[test]
fn validate_command_prints_legs_and_exits_0_1_or_2() {
    let dir = common::path("courses");
    let tour = dir.join("grand-tour.json");
    let tour = tour.to_string_lossy();
    let (code, text) = run_validate(&[&tour]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("valid"), "{text}");
    assert!(text.contains("flag 5 at (3, 13):"), "{text}");
    assert!(text.contains("difficulty:"), "{text}");

    let (code, json) = run_validate(&["--json", &tour]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = match serde_json::from_str(&json) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {json}"),
    };
    assert_eq!(v[0]["valid"], serde_json::Value::Bool(true));
    assert_eq!(v[0]["solution"]["legs"].as_array().map(Vec::len), Some(5));
    assert!(
        v[0]["difficulty"]["registers"]
            .as_u64()
            .is_some_and(|r| r > 0)
    );

    // A walled-off flag is an error: exit 1, and the rule is named.
    let Some((_, course, lib)) = samples().into_iter().find(|s| s.0 == "first-steps.json") else {
        panic!("first-steps.json missing")
    };
    let flag = course.flags_in_order()[0];
    let walled = edit_tile(&course, &lib, flag.at, |t, s| {
        for f in Facing::ALL {
            wall(t, s, f);
        }
    });
    let scratch = common::temp_dir();
    let path = scratch.path().join("walled.json");
    if let Err(e) = std::fs::write(&path, format::course_to_string(&walled)) {
        panic!("{e}");
    }
    let (code, text) = run_validate(&[&path.to_string_lossy()]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("[flag-unreachable]"), "{text}");
    // Issue 17 item 6: "no line" instead of 0 registers, in the difficulty too, and no chance of
    // dealing programs that do not exist.
    assert!(
        text.contains("difficulty: no line to the last flag (it reaches no flag)"),
        "{text}"
    );
    assert!(!text.contains("0 registers"), "{text}");
    let (_, json) = run_validate(&["--json", &path.to_string_lossy()]);
    let v: serde_json::Value = match serde_json::from_str(&json) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {json}"),
    };
    let d = &v[0]["difficulty"];
    assert!(d["registers"].is_null() && d["finishes"] == false, "{d}");
    assert!(d["last_flag_reached"].is_null(), "{d}");
    assert!(d["registers_to_last_flag_reached"].is_null(), "{d}");
    assert!(
        v[0]["solution"]["chance_dealt"].is_null(),
        "{}",
        v[0]["solution"]
    );
    // `check` reports it too, through `validate::validate`.
    let report = factory_floor::check::check_file(&path);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("[flag-unreachable]")),
        "{:?}",
        report.problems
    );

    let missing = scratch.path().join("missing.json");
    let (code, _) = run_validate(&[&tour, &missing.to_string_lossy()]);
    assert_eq!(code, Some(2));
}

#[test]
fn the_step_table_takes_no_step_left_to_chance_and_follows_a_gate_seed_001() {
    // Randomizers replace any card and freak teleporters move a robot playing a movement card by
    // random cards (seed 001): the solver takes no such step. A gate turns the robot (seed 001,
    // Gates), and the composed table must carry that facing as the whole phase does.
    let mut t = Tile::new("chance", 6, 4);
    let device = |d| SquareSpec {
        device: Some(d),
        ..SquareSpec::default()
    };
    t.set_square(Square::new(0, 0), device(Device::Randomizer));
    t.set_square(Square::new(2, 0), device(Device::FreakTeleporter));
    let gate = EdgeSpec {
        barrier: Some(Barrier::Gate(Colour::Green)),
        mount: None,
    };
    t.set_edge(Square::new(4, 0), Facing::E, gate);
    t.set_edge(Square::new(1, 2), Facing::N, gate);
    let factory = Arc::new(Factory::new(Board::from_tile(&t, &[])));
    let (Some(fast), Some(whole)) = (
        StepTable::new(Arc::clone(&factory)),
        StepTable::direct(Arc::clone(&factory)),
    ) else {
        panic!("no table")
    };
    assert!(fast.same_steps(&whole));
    for kind in CardKind::ALL {
        assert_eq!(
            fast.step(Square::new(0, 0), Facing::E, 1, kind),
            None,
            "{kind:?}"
        );
        let freak = fast.step(Square::new(2, 0), Facing::E, 1, kind);
        assert_eq!(freak.is_none(), kind.is_movement(), "{kind:?}");
    }
    // Through the green gate on the east side of (4,0): out on (1,2) facing south, away from the
    // gate on its north side, and one more square for a Move 2.
    assert_eq!(
        fast.step(Square::new(4, 0), Facing::E, 1, CardKind::Move2),
        Some((Square::new(1, 3), Facing::S, 0))
    );
    assert_eq!(
        fast.step(Square::new(3, 0), Facing::E, 1, CardKind::Move2),
        Some((Square::new(1, 2), Facing::S, 0))
    );
}

/// Issue 22: a course whose only way to the flag stops on a trap door (the corridor turns on it)
/// that is a pit in phases 3 to 5. A robot can arrive in phase 1 and turn in phase 2, but it is
/// still on the door when phase 3 begins and falls (seed 001, Trap Door Pits: "When a robot
/// begins a phase on a trap door pit that has suddenly become active, the robot is destroyed").
/// With the door a pit in phases 4 and 5 only, the robot drives off in phase 3 and the flag is
/// reachable, so the verdict really follows the door's phases.
#[test]
fn a_route_that_waits_on_a_trap_door_through_its_active_phase_is_no_route_seed_001() {
    let fixture = common::path("tests/fixtures/trap_door_corner.json");
    let (code, out, err) = common::run(&[std::ffi::OsStr::new("validate"), fixture.as_os_str()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("[flag-unreachable] at (3, 1)"), "{out}");
    assert!(
        out.contains("nearer than (1, 1), a trap door that is a pit in phase(s) 3 4 5"),
        "{out}"
    );

    let Ok(text) = std::fs::read_to_string(&fixture) else {
        panic!("cannot read {}", fixture.display())
    };
    let later = text.replace(r#""trap_door": [3, 4, 5]"#, r#""trap_door": [4, 5]"#);
    assert_ne!(later, text, "the fixture's trap door was not found");
    let dir = common::temp_dir();
    let path = dir.path().join("later_door.json");
    if let Err(e) = std::fs::write(&path, later) {
        panic!("cannot write {}: {e}", path.display());
    }
    let (code, out, err) = common::run(&[std::ffi::OsStr::new("validate"), path.as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("valid"), "{out}");
}

#[test]
fn starts_that_tie_are_said_to_be_equal_not_the_same_start_best_and_worst() {
    // Two numbered starts each 5 registers and no damage from the flag: the fairness line named
    // "start 1" as both the best start and the worst (found by fuzzing).
    let path = common::path("tests/fixtures").join("equal_starts.json");
    let (_, text) = run_validate(&[&path.to_string_lossy()]);
    assert!(
        text.contains("start 1 at (0, 0) facing north: 5 registers, 0 damage")
            && text.contains("start 2 at (1, 0) facing west: 5 registers, 0 damage"),
        "{text}"
    );
    assert!(
        text.contains("fairness: no start is better than another"),
        "{text}"
    );
    assert!(!text.contains("the worst (start 1"), "{text}");
}
