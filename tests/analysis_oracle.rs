//! The engine oracle for issue 17 item 1: on generated small courses (walls, pits, belts,
//! gears; no lasers, so no damage), a breadth-first search that only calls the engine's own
//! register phase (`Game::run_lone_phase`) confirms every per-leg minimum the solver prints:
//! the fewest registers to each flag from any state the robot can reach on the previous flag.

mod common;

use factory_floor::engine::steps::CARDS;
use factory_floor::engine::{Event, Factory, Game, RobotSetup, Settings};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::*;
use factory_floor::validate::analyse;
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use common::courses::Gen;

const SIZE: i32 = 6;

fn generated(seed: u64) -> Course {
    let mut g = Gen::for_seed(seed);
    let mut t = Tile::new("gen", SIZE, SIZE);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let s = Square::new(x, y);
            if s == Square::new(0, 0) {
                continue;
            }
            let spec = match g.below(20) {
                0 => SquareSpec {
                    floor: Some(Floor::Pit),
                    ..SquareSpec::default()
                },
                1 | 2 => SquareSpec {
                    flow: Some(Flow::straight(
                        FlowKind::Belt,
                        Facing::from_index(g.below(4) as usize),
                    )),
                    ..SquareSpec::default()
                },
                3 => SquareSpec {
                    gear: Some(if g.below(2) == 0 { Spin::Cw } else { Spin::Ccw }),
                    ..SquareSpec::default()
                },
                _ => SquareSpec::default(),
            };
            t.set_square(s, spec);
            if g.below(6) == 0 {
                let side = Facing::from_index(g.below(4) as usize);
                let mut e = t.edge(s, side);
                e.barrier = Some(Barrier::Plain);
                t.set_edge(s, side, e);
            }
        }
    }
    t.set_square(
        Square::new(0, 0),
        SquareSpec {
            repair: Wrenches::new(1),
            ..SquareSpec::default()
        },
    );
    // Two or three flags on distinct open squares other than the start.
    let mut flags: Vec<Square> = Vec::new();
    let want = 2 + g.below(2) as usize;
    while flags.len() < want {
        let s = Square::new(g.below(SIZE as u64) as i32, g.below(SIZE as u64) as i32);
        if s != Square::new(0, 0)
            && !flags.contains(&s)
            && t.square(s).is_none_or(|q| q.is_open_floor())
        {
            flags.push(s);
        }
    }
    common::courses::one_tile_course(format!("generated {seed}"), t, &flags, Square::new(0, 0))
}

/// A lone robot's state: square, facing, register phase about to be played (1-5).
type State = (Square, Facing, u8);

/// Every state one engine phase after `s`, each card of the deck's kinds tried.
fn after(game: &mut Game, s: State, events: &mut Vec<Event>) -> Vec<State> {
    let (square, facing, phase) = s;
    CARDS
        .iter()
        .filter_map(|&card| game.run_lone_phase(square, facing, Some(card), phase, events))
        .filter(|o| !o.destroyed)
        .map(|o| (o.square, o.facing, phase % 5 + 1))
        .collect()
}

/// The oracle: each leg's minimum by breadth-first search over engine phases only.
fn oracle(course: &Course) -> Vec<Option<u32>> {
    let factory = Arc::new(Factory::new(course.compile(&Vec::new())));
    let start = Square::new(0, 0);
    let setup = RobotSetup::new("solo", start, Facing::N);
    let Ok(mut game) = Game::new(Arc::clone(&factory), &[setup], Settings::default(), 0) else {
        panic!("no game")
    };
    let mut events = Vec::new();
    let flags: Vec<Square> = course.flags_in_order().iter().map(|f| f.at).collect();
    // Layered reachability: (flags touched, state).
    let mut seen: HashSet<(usize, State)> = HashSet::new();
    let mut queue: VecDeque<(usize, State)> = VecDeque::new();
    for f in Facing::ALL {
        let s = (0, (start, f, 1));
        seen.insert(s);
        queue.push_back(s);
    }
    while let Some((layer, s)) = queue.pop_front() {
        if layer == flags.len() {
            continue;
        }
        for n in after(&mut game, s, &mut events) {
            let l = layer + usize::from(n.0 == flags[layer]);
            if seen.insert((l, n)) {
                queue.push_back((l, n));
            }
        }
    }
    let mut minima = Vec::new();
    for leg in 0..flags.len() {
        let seeds: Vec<State> = if leg == 0 {
            Facing::ALL.iter().map(|&f| (start, f, 1)).collect()
        } else {
            seen.iter()
                .filter(|(l, s)| *l == leg && s.0 == flags[leg - 1])
                .map(|(_, s)| *s)
                .collect()
        };
        let mut dist: HashSet<State> = seeds.iter().copied().collect();
        let mut frontier = seeds;
        let mut level = 0u32;
        let mut found = None;
        while !frontier.is_empty() && found.is_none() {
            level += 1;
            let mut next = Vec::new();
            for s in frontier {
                for n in after(&mut game, s, &mut events) {
                    if n.0 == flags[leg] {
                        found = Some(level);
                    }
                    if dist.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        minima.push(found);
    }
    minima
}

#[test]
fn an_engine_only_search_confirms_every_per_leg_minimum_rulings_one_register_phase() {
    let mut compared = 0;
    let mut differing_slices = 0;
    for seed in 1..=24u64 {
        let course = generated(seed);
        let a = analyse(&course, &Vec::new());
        let Some(s) = a.solution else {
            continue;
        };
        let solver: Vec<Option<u32>> = s.leg_minima.iter().map(|m| m.registers).collect();
        let expected = oracle(&course);
        // A leg after an unreachable flag has no arrivals to start from in either search.
        assert_eq!(solver, expected, "seed {seed}: {:?}", course.flags);
        compared += solver.iter().filter(|m| m.is_some()).count();
        differing_slices += s
            .legs
            .iter()
            .zip(&s.leg_minima)
            .filter(|(l, m)| m.registers != Some(l.registers))
            .count();
    }
    assert!(compared >= 30, "only {compared} legs compared");
    // The generated courses include legs whose slice of the whole line is longer than their own
    // minimum, so the comparison is not of the whole line again.
    assert!(differing_slices > 0);
}
