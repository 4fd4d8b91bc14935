//! One Free Life and Infinite Lives in the solver (issue 18 item 4; seed 003 section 8.4): a line
//! may go through a destruction and return to the archive, and the line it reports replays in the
//! engine. The courses are 13 x 1 corridors of slime between two plain squares at the ends: from
//! slime only Move 2 and Move 3 are played (seed 001, Slime), so a robot turns round only on an
//! end square, or by being destroyed and returning facing as its player chooses (RULINGS.md,
//! Re-entry). Each expected figure is worked out by hand in the test's comment.

use factory_floor::engine::{Event, Game, Settings, Status};
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::*;
use factory_floor::validate::{Analysis, Solution, analyse, command};

/// A 13 x 1 corridor, slime but for (0, 0) and (12, 0), flags at `flags` (x, flag 1 first), a
/// 1994 start at (0, 0).
fn corridor(flags: &[i32], house: HouseRules) -> Course {
    let mut tile = Tile::new("slime", 13, 1);
    for x in 1..12 {
        tile.set_square(
            Square::new(x, 0),
            SquareSpec {
                floor: Some(Floor::Slime),
                ..SquareSpec::default()
            },
        );
    }
    let mut rules: Rules = RulesEdition::Classic1994.into();
    rules.house = house;
    Course {
        name: "lives".into(),
        description: String::new(),
        author: String::new(),
        rules,
        players: PlayerRange { min: 1, max: 4 },
        lives: LivesRule::Standard,
        placements: vec![TilePlacement {
            tile: tile.id.clone(),
            at: Square::new(0, 0),
            rotation: Rotation::R0,
        }],
        embedded: vec![tile],
        flags: flags
            .iter()
            .enumerate()
            .map(|(i, &x)| Flag {
                number: i as u32 + 1,
                at: Square::new(x, 0),
            })
            .collect(),
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

fn free_life() -> HouseRules {
    HouseRules {
        one_free_life: true,
        ..HouseRules::default()
    }
}

fn infinite() -> HouseRules {
    HouseRules {
        infinite_lives: true,
        ..HouseRules::default()
    }
}

fn solved(a: &Analysis) -> &Solution {
    match &a.solution {
        Some(s) if s.finishes() => s,
        _ => panic!("no line: {:?}", a.diagnostics),
    }
}

fn destructions(s: &Solution) -> usize {
    s.program().filter(|p| p.destroyed).count()
}

/// Plays the line in the engine under the course's rules, the robot returning facing as the
/// line says after each destruction; checks every phase ends where the line says (or with the
/// robot off the board where the line says it is destroyed) and returns the flags touched and
/// the destructions.
fn replay(course: &Course, s: &Solution) -> (Vec<u8>, usize) {
    let settings = Settings {
        house: course.rules.house,
        ..Settings::default()
    };
    let mut game =
        match Game::for_course(course, &Vec::new(), &["solo".into()], s.facing, settings, 7) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
    let steps: Vec<_> = s.program().copied().collect();
    let mut events = Vec::new();
    let (mut touched, mut destroyed) = (Vec::new(), 0);
    for chunk in steps.chunks(5) {
        events.clear();
        game.begin_turn(&mut events);
        let mut registers = [None; 5];
        for (i, step) in chunk.iter().enumerate() {
            registers[i] = Some(step.card);
        }
        game.set_registers(0, registers);
        for step in chunk {
            events.clear();
            game.run_phase(&mut events);
            for e in &events {
                match e {
                    Event::Touched { flag, .. } => touched.push(*flag),
                    Event::Destroyed { .. } => destroyed += 1,
                    _ => {}
                }
            }
            let r = &game.robots()[0];
            if step.destroyed || step.lost {
                assert_eq!(r.status, Status::Destroyed, "{step:?}");
            } else if r.place.is_none() {
                assert_eq!((r.square, r.facing), (step.square, step.facing), "{step:?}");
                assert_eq!(r.damage, step.total, "{step:?}");
            }
        }
        events.clear();
        game.end_turn(&mut events);
        if let Some(last) = chunk.last()
            && (last.destroyed || last.lost)
        {
            // The player's choice of facing as the robot returns (RULINGS.md, Re-entry).
            assert!(game.choose_reentry(0, last.facing, false));
        }
    }
    assert_eq!(game.robots()[0].place, Some(1), "the line finishes");
    (touched, destroyed)
}

#[test]
fn infinite_lives_line_goes_off_the_edge_and_returns_seed_003_section_8_4() {
    // Flag 1 at (10, 0), flag 2 at (4, 0). Facing east from the start, flag 1 takes 4 registers
    // (10 squares, 3 at most per register: Move 3, Move 3, Move 2, Move 2). Without a
    // destruction the robot turns round only on (12, 0), so the best is to go there first
    // (12 squares: 4 registers), U-Turn (5), Move 2 onto flag 1 (6) and Move 3, Move 3 to
    // flag 2: 8 registers (touching flag 1 on the way east instead costs one more: 4, Move 2
    // to (12, 0), U-Turn, then 8 squares in 3). Under Infinite Lives the robot touches flag 1
    // in register 4, drives off the east edge with Move 3 in register 5, returns in the next
    // turn on flag 1 (its archive) facing west with 2 damage and reaches flag 2 with Move 3,
    // Move 3: 7 registers, which no line beats (flag 1 takes 4 registers, a return comes at
    // the start of a turn, and 6 squares need 2 registers).
    let plain = analyse(&corridor(&[10, 4], HouseRules::default()), &Vec::new());
    let p = solved(&plain);
    assert_eq!((p.registers(), destructions(p)), (8, 0));
    let course = corridor(&[10, 4], infinite());
    let a = analyse(&course, &Vec::new());
    let s = solved(&a);
    assert_eq!(s.registers(), 7, "{s:?}");
    assert_eq!(destructions(s), 1);
    let death = s.program().position(|p| p.destroyed);
    assert_eq!(death, Some(4), "destroyed in register 5");
    let back = s.program().nth(4).copied();
    assert_eq!(
        back.map(|b| (b.square, b.facing, b.total)),
        Some((Square::new(10, 0), Facing::W, 2)),
        "returns on flag 1 facing west with 2 damage"
    );
    assert_eq!(replay(&course, s), (vec![1, 2], 1));
    // The report says where the line goes through a destruction, and no longer lists the rule
    // as not modelled.
    let text = command::render_text(
        std::path::Path::new("lives.json"),
        &command::FileResult::Course {
            name: "lives".into(),
            analysis: Box::new(a.clone()),
            places: Vec::new(),
        },
    );
    assert!(
        text.contains("the line goes through a destruction: destroyed in register 5 of turn 1"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "returns to {} facing west with 2 damage",
            Square::new(10, 0)
        )),
        "{text}"
    );
    assert!(!text.contains("not modelled by the solver"), "{text}");
}

#[test]
fn one_free_life_takes_one_destruction_with_no_damage_seed_003_section_8_4() {
    // The course of the Infinite Lives test: one destruction is all its 7-register line needs,
    // and under One Free Life the first return takes no damage.
    let course = corridor(&[10, 4], free_life());
    let a = analyse(&course, &Vec::new());
    let s = solved(&a);
    assert_eq!((s.registers(), destructions(s)), (7, 1));
    assert_eq!(s.program().nth(4).map(|b| b.total), Some(0));
    assert_eq!(replay(&course, s), (vec![1, 2], 1));
}

#[test]
fn one_free_life_takes_one_destruction_but_not_two_seed_003_section_8_4() {
    // Flag 1 at (10, 0), flag 2 at (3, 0), flag 3 at (11, 0): the robot must face west for
    // flag 2 and east again for flag 3.
    // 1994: 12 squares east to (12, 0) (4 registers), U-Turn (5), Move 2 onto flag 1 (6), 7
    // squares west to flag 2 (Move 3, Move 2, Move 2: 9), Move 3 to (0, 0) (10), U-Turn (11),
    // 11 squares east to flag 3 (3, 3, 3, 2: 15). 15 registers.
    // Infinite Lives: flag 1 facing east in 4; Move 3 off the east edge in 5; back on flag 1
    // facing west, flag 2 in 3 registers (register 8, phase 3); Move 3 to (0, 0) in 9 and
    // off the west edge in 10; back on flag 2 facing east, flag 3 in 3 (3 -> 6 -> 9 -> 11):
    // 13 registers, two destructions.
    // One Free Life: the first destruction as above brings flag 2 in register 8 facing west,
    // then Move 3 to (0, 0), U-Turn and 4 registers east: 14. Saving the destruction for the
    // last leg costs more: flag 2 is touched in register 9 at the earliest without one, and
    // from (3, 0) the west edge is 4 squares away, so the robot is destroyed in register 11
    // at the earliest, returns in register 16 and needs 3 more: 18. 14 registers, one
    // destruction.
    let flags = [10, 3, 11];
    let plain = analyse(&corridor(&flags, HouseRules::default()), &Vec::new());
    assert_eq!(solved(&plain).registers(), 15);
    let course = corridor(&flags, infinite());
    let a = analyse(&course, &Vec::new());
    let s = solved(&a);
    assert_eq!((s.registers(), destructions(s)), (13, 2), "{s:?}");
    assert_eq!(replay(&course, s), (vec![1, 2, 3], 2));
    let course = corridor(&flags, free_life());
    let a = analyse(&course, &Vec::new());
    let s = solved(&a);
    assert_eq!((s.registers(), destructions(s)), (14, 1), "{s:?}");
    assert_eq!(replay(&course, s), (vec![1, 2, 3], 1));
}
