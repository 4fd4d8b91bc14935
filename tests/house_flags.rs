//! Moving flags and the Dice Rule on their sample courses (issue 18 items 2 and 3): `validate` on a
//! moving-flags course with a flag on a belt reports no flag-on-belt error and its line, which
//! meets flag 1 where the belt has carried it, replays in the engine under the course's rules;
//! the Dice Rule course reports each blockade; the bots steer for a moving flag where it stands.

use factory_floor::bots::{Arena, BotKind, Choice, submit};
use factory_floor::engine::{Event, Game, Settings, Status};
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

/// Where robot 0 ends the turn after `choice` in `game`, by the cards it would still need to
/// end a phase on flag 1 where the flag stands then: 0 when it touched it, `None` destroyed.
fn cards_from_flag_1(arena: &Arena, game: &Game, choice: &Choice) -> Option<u16> {
    let mut g = game.clone();
    let mut events = Vec::new();
    assert!(
        !submit(&mut g, 0, choice, &mut events),
        "the program is legal"
    );
    for _ in 0..5 {
        g.run_phase(&mut events);
    }
    let r = g.robots()[0];
    if r.status != Status::Active {
        return None;
    }
    if r.flags > 0 {
        return Some(0);
    }
    let state = arena.maps.state(r.square, r.facing)?;
    Some(arena.maps.distance_in(&g, 1, state))
}

#[test]
fn bots_head_for_a_moving_flag_where_it_stands_not_for_its_start_square_issue_18_item_3() {
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("courses/moving-flags.json");
    let arena = match Arena::load(&path) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    let moving = Settings {
        house: arena.rules.house,
        ..Settings::default()
    };
    // The same game with the flags left on their squares: what a bot steering for a flag's
    // start square chooses.
    let still = Settings::default();
    let (mut nearer, mut farther, mut carried) = (0, 0, 0);
    for turns in 1..=8 {
        let game = |settings| {
            let mut g = match arena.game(&[BotKind::Greedy], settings, 7) {
                Ok(g) => g,
                Err(e) => panic!("{e}"),
            };
            let mut events = Vec::new();
            // The lone robot stands on its start while the belt carries flag 1 on.
            for _ in 0..turns {
                g.begin_scripted_turn(&mut events);
                for _ in 0..5 {
                    g.run_phase(&mut events);
                }
                g.end_turn(&mut events);
            }
            g.begin_turn(&mut events);
            g
        };
        let (now, start) = (game(moving), game(still));
        assert_eq!(now.hand(0), start.hand(0), "one deal in both games");
        carried += usize::from(now.flag_square(1) != start.flag_square(1));
        for kind in [BotKind::Greedy, BotKind::Planner] {
            let chase = kind.make(&arena.maps, 1).choose(&now, 0);
            let old = kind.make(&arena.maps, 1).choose(&start, 0);
            let a = cards_from_flag_1(&arena, &now, &chase).unwrap_or(u16::MAX);
            let b = cards_from_flag_1(&arena, &now, &old).unwrap_or(u16::MAX);
            nearer += usize::from(a < b);
            farther += usize::from(a > b);
        }
    }
    assert!(
        carried >= 6,
        "the belt carried flag 1 off its square ({carried} of 8)"
    );
    // Steering for the start square, the two choices end as near in most turns (14 of 16 were
    // nearer when this test was written; 2 nearer and 3 farther with the start square).
    assert!(
        nearer >= 10 && farther == 0,
        "chasing the flag where it stands ends nearer it in {nearer} of 16 choices, farther in {farther}"
    );
}
