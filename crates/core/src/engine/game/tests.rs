//! Unit tests of the game's bookkeeping: who stands where (`at_cell`, and the hashed buckets of
//! `near` that answer "who stands on this cell" without comparing every robot, issue 21).

use crate::engine::{Factory, Game, Rng, RobotSetup, Settings};
use crate::format::Library;
use crate::geom::{Facing, Square};
use std::sync::Arc;

/// Robots on cell `c` found the long way: every robot's cell compared.
fn robots_at_by_scan(g: &Game, c: usize) -> u16 {
    let mut mask = 0u16;
    for (i, &at) in g.at_cell.iter().enumerate() {
        mask |= u16::from(at == c as u32) << i;
    }
    mask
}

#[test]
fn the_occupancy_buckets_find_every_robot_a_scan_finds_through_whole_games_issue_21() {
    // Whole seeded games on two sample courses, 8 robots with random programs: belts, pushers,
    // pits and lasers move, destroy and restore robots, and after every phase each cell's
    // robots from the buckets are the robots whose cell it is.
    let lib = Library::builtin();
    let mut checked = 0;
    for name in ["standard-2x2.json", "hazard-works.json"] {
        let Some(entry) = lib.find_course(name) else {
            panic!("{name} is not in the built-in library")
        };
        let factory = Arc::new(Factory::new(entry.course.compile(&lib)));
        let mut setups = Vec::new();
        let mut rng = Rng::new(11);
        while setups.len() < 8 {
            let s = Square::new(
                rng.below(factory.width() as u64) as i32,
                rng.below(factory.height() as u64) as i32,
            );
            let cell = factory.cell(s);
            if cell.on_board && !cell.hole && setups.iter().all(|r: &RobotSetup| r.square != s) {
                setups.push(RobotSetup::new(format!("r{}", setups.len()), s, Facing::E));
            }
        }
        let mut g = match Game::new(Arc::clone(&factory), &setups, Settings::default(), 5) {
            Ok(g) => g,
            Err(e) => panic!("{name}: {e}"),
        };
        let mut events = Vec::new();
        for _ in 0..12 {
            g.begin_turn(&mut events);
            for i in 0..g.robots().len() {
                let cards = g.random_program(i, &mut rng);
                let _ = g.program(i, &cards, false, &mut events);
            }
            for _ in 0..5 {
                g.run_phase(&mut events);
                for c in 0..factory.cell_count() {
                    assert_eq!(g.robots_at(c), robots_at_by_scan(&g, c), "{name}: cell {c}");
                }
                checked += 1;
            }
            g.end_turn(&mut events);
            if g.is_over() {
                break;
            }
        }
    }
    assert!(checked >= 10, "only {checked} phases checked");
}
