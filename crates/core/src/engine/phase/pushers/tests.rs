//! Unit tests of pushers, repulsor beams, gears and crushers. Each is named after the rule it
//! checks and cites its source.

use crate::engine::test_support::{Floorplan, at, run, sq, status};
use crate::engine::{Event, Game, PushedBy, Status};
use crate::geom::Facing::{E, N, W};
use crate::model::{Barrier, Mount, Phases, Spin, SquareSpec};

fn run_more(g: &mut Game, phases: u8) {
    let mut ev = Vec::new();
    for _ in 0..phases {
        g.run_phase(&mut ev);
    }
}

#[test]
fn pushers_push_only_in_their_phases_and_chains_go_with_them_seed_001_pusher() {
    let plan = || {
        Floorplan::new(4, 1)
            .pusher(0, 0, W, &[2, 4])
            .game(&[], &[("a", sq(0, 0), N), ("b", sq(1, 0), N)])
    };
    let mut g = plan();
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(0, 0));
    let mut g = plan();
    run(&mut g, &[], 2);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(2, 0)));
}

#[test]
fn two_pushes_ending_on_one_square_both_stay_rulings_fine_points() {
    let mut g = Floorplan::new(3, 1)
        .pusher(0, 0, W, &[1])
        .pusher(2, 0, E, &[1])
        .game(&[], &[("a", sq(0, 0), N), ("b", sq(2, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(0, 0), sq(2, 0)));
}

#[test]
fn gears_turn_robots_after_belts_and_pushers_seed_001_gears() {
    let mut g = Floorplan::new(2, 1)
        .gear(0, 0, Spin::Ccw)
        .game(&[], &[("a", sq(0, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(g.robots()[0].facing, W);
}

#[test]
fn crushers_destroy_in_their_phases_seed_001_crusher() {
    let spec = SquareSpec {
        crusher: Phases::from_list(&[2]),
        ..SquareSpec::default()
    };
    let mut g = Floorplan::new(2, 1)
        .spec(0, 0, spec)
        .game(&[], &[("a", sq(0, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(status(&g, 0), Status::Active);
    run_more(&mut g, 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
}

#[test]
fn a_repulsor_beam_pushes_the_first_robot_in_it_one_square_in_its_phases_seed_001_repulsors() {
    let plan = || {
        Floorplan::new(7, 1).edge(
            0,
            0,
            W,
            Some(Barrier::Plain),
            Phases::from_list(&[1]).map(Mount::Repulsor),
        )
    };
    let mut g = plan().game(&[], &[("a", sq(2, 0), N), ("b", sq(5, 0), N)]);
    let ev = run(&mut g, &[], 2);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(3, 0), sq(5, 0)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Pushed {
            robot: 0,
            by: PushedBy::Repulsor,
            ..
        }
    )));
    // The push goes at the same time as pushers, with a chain.
    let mut g = plan().game(&[], &[("a", sq(2, 0), N), ("b", sq(3, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(3, 0), sq(4, 0)));
}
