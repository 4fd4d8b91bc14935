//! Moving flags and the Dice Rule on their sample courses (issue 18 items 2 and 3): `validate` on a
//! moving-flags course with a flag on a belt reports no flag-on-belt error and its line, which
//! meets flag 1 where the belt has carried it, replays in the engine under the course's rules;
//! the Dice Rule course reports each blockade.

use factory_floor::engine::{Event, Game, Settings};
use factory_floor::model::Course;
use factory_floor::validate::analyse;

mod common;

fn sample(file: &str) -> (Course, factory_floor::format::Library) {
    match common::sample_courses()
        .into_iter()
        .find(|(p, _, _)| p.file_name().is_some_and(|n| n == file))
    {
        Some((_, c, lib)) => (c, lib),
        None => panic!("no sample course {file}"),
    }
}

#[test]
fn moving_flags_course_validates_and_its_line_replays_in_the_engine_issue_18() {
    let (course, lib) = sample("moving-flags.json");
    assert!(course.rules.house.moving_flags.is_some());
    let a = analyse(&course, &lib);
    assert!(
        a.diagnostics.iter().all(|d| d.rule != "flag-on-belt"),
        "{:?}",
        a.diagnostics
    );
    let Some(sol) = a.solution else {
        panic!("not solved")
    };
    assert!(sol.finishes(), "no line to the last flag");
    let flag1 = course.flags[0].at;
    assert_ne!(
        sol.legs[0].to, flag1,
        "the line meets flag 1 away from its start: the belt has carried it"
    );
    let settings = Settings {
        house: course.rules.house,
        ..Settings::default()
    };
    let mut game = match Game::for_course(&course, &lib, &["solo".into()], sol.facing, settings, 3)
    {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let steps: Vec<_> = sol.program().copied().collect();
    let mut events = Vec::new();
    let mut touched = Vec::new();
    for chunk in steps.chunks(5) {
        game.begin_scripted_turn(&mut events);
        let mut registers = [None; 5];
        for (i, s) in chunk.iter().enumerate() {
            registers[i] = Some(s.card);
        }
        game.set_registers(0, registers);
        for s in chunk {
            events.clear();
            game.run_phase(&mut events);
            for e in &events {
                match e {
                    Event::Touched { flag, .. } => {
                        // Touched where the flag stands now, which is where the robot is.
                        assert_eq!(game.flag_square(*flag), Some(s.square));
                        touched.push(*flag);
                    }
                    Event::Destroyed { .. } => panic!("destroyed on the solver's line"),
                    _ => {}
                }
            }
            if game.robots()[0].place.is_none() {
                assert_eq!(
                    (game.robots()[0].square, game.robots()[0].facing),
                    (s.square, s.facing)
                );
            }
        }
        events.clear();
        game.end_turn(&mut events);
    }
    assert_eq!(touched, vec![1, 2]);
    assert_eq!(game.robots()[0].place, Some(1));
}

#[test]
fn dice_rule_course_reports_each_blockade_seed_003_section_8_2() {
    let (course, lib) = sample("dice-rule.json");
    let a = analyse(&course, &lib);
    let blockades: Vec<_> = a
        .diagnostics
        .iter()
        .filter(|d| d.rule == "dice-blockade")
        .collect();
    assert_eq!(blockades.len(), 2, "{:?}", a.diagnostics);
    assert!(a.diagnostics.iter().all(|d| d.rule != "dice-out-of-reach"));
    // A game under the rule starts with both dice standing, their points as the course says.
    let settings = Settings {
        house: course.rules.house,
        ..Settings::default()
    };
    let game = match Game::for_course(
        &course,
        &lib,
        &["solo".into()],
        factory_floor::geom::Facing::N,
        settings,
        3,
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(game.die_points(1), Some(3));
    assert_eq!(game.die_points(2), Some(2));
}
