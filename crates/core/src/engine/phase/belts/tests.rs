//! Unit tests of belts, currents and molten-metal rivers. Each is named after the rule it checks
//! and cites its source.

use crate::engine::test_support::{Floorplan, at, card, run, sq, status};
use crate::engine::{CardKind, Event, Status};
use crate::geom::Facing::{E, N, S, W};
use crate::model::{FlowKind, Spin};

#[test]
fn move_1_onto_a_belt_then_the_belt_then_a_gear_seed_000_example() {
    let mut g = Floorplan::new(4, 3)
        .belt(1, 1, E)
        .gear(2, 1, Spin::Cw)
        .game(&[], &[("a", sq(1, 2), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(2, 1));
    assert_eq!(g.robots()[0].facing, E);
}

#[test]
fn express_belts_move_two_squares_normal_belts_one_seed_001() {
    let mut g = Floorplan::new(5, 2)
        .flow(0, 0, FlowKind::Express, E, &[W])
        .flow(1, 0, FlowKind::Express, E, &[W])
        .flow(2, 0, FlowKind::Express, E, &[W])
        .belt(0, 1, E)
        .belt(1, 1, E)
        .game(&[], &[("x", sq(0, 0), N), ("n", sq(0, 1), N)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    assert_eq!(at(&g, 1), sq(1, 1));
}

#[test]
fn convergent_belts_move_neither_robot_seed_000_conveyor_belt_priority() {
    let mut g = Floorplan::new(3, 3)
        .belt(0, 1, E)
        .belt(2, 1, W)
        .game(&[], &[("a", sq(0, 1), N), ("b", sq(2, 1), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(0, 1), sq(2, 1)));
}

#[test]
fn a_belt_is_blocked_by_a_robot_on_the_empty_square_it_feeds_seed_000() {
    let mut g = Floorplan::new(4, 1).belt(0, 0, E).belt(1, 0, E).game(
        &[],
        &[("a", sq(0, 0), N), ("b", sq(1, 0), N), ("c", sq(2, 0), N)],
    );
    run(&mut g, &[], 1);
    // c stands on open floor; b cannot enter, so a (queued behind b) stays too.
    assert_eq!(
        (at(&g, 0), at(&g, 1), at(&g, 2)),
        (sq(0, 0), sq(1, 0), sq(2, 0))
    );
}

#[test]
fn a_queue_on_a_belt_moves_together_rulings_belts() {
    let mut g = Floorplan::new(4, 1)
        .belt(0, 0, E)
        .belt(1, 0, E)
        .game(&[], &[("a", sq(0, 0), N), ("b", sq(1, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(2, 0)));
}

#[test]
fn two_robots_carried_head_on_both_stay_and_a_closed_loop_turns_rulings_belts() {
    let mut g = Floorplan::new(2, 1)
        .belt(0, 0, E)
        .belt(1, 0, W)
        .game(&[], &[("a", sq(0, 0), N), ("b", sq(1, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(0, 0), sq(1, 0)));
    // A 2 x 2 loop running clockwise, full of robots.
    let mut g = Floorplan::new(2, 2)
        .flow(0, 0, FlowKind::Belt, E, &[S])
        .flow(1, 0, FlowKind::Belt, S, &[W])
        .flow(1, 1, FlowKind::Belt, W, &[N])
        .flow(0, 1, FlowKind::Belt, N, &[E])
        .game(
            &[],
            &[
                ("a", sq(0, 0), N),
                ("b", sq(1, 0), N),
                ("c", sq(1, 1), N),
                ("d", sq(0, 1), N),
            ],
        );
    run(&mut g, &[], 1);
    assert_eq!(
        (at(&g, 0), at(&g, 1), at(&g, 2), at(&g, 3)),
        (sq(1, 0), sq(1, 1), sq(0, 1), sq(0, 0))
    );
    // Each entered a drawn turn through its side entry, so each turned right.
    assert!(g.robots().iter().all(|r| r.facing == E));
}

#[test]
fn a_turning_belt_turns_a_robot_only_when_a_belt_carries_it_there_seed_000() {
    // Belt (0,1) east into a curve at (1,1) fed from the west, running north.
    let plan = || {
        Floorplan::new(3, 3)
            .belt(0, 1, E)
            .flow(1, 1, FlowKind::Belt, N, &[W])
    };
    let mut g = plan().game(&[], &[("a", sq(0, 1), E)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(1, 1));
    assert_eq!(
        g.robots()[0].facing,
        N,
        "carried onto the turn: rotated left"
    );
    // Under its own power onto the curve: not turned; the curve then carries it north.
    let mut g = Floorplan::new(3, 3)
        .flow(1, 1, FlowKind::Belt, N, &[W])
        .game(&[], &[("a", sq(0, 1), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(1, 0));
    assert_eq!(g.robots()[0].facing, E, "own power: no rotation");
}

#[test]
fn an_express_belt_dropping_a_robot_on_a_turning_normal_belt_turns_it_faq_7_2() {
    let mut g = Floorplan::new(3, 3)
        .flow(0, 1, FlowKind::Express, E, &[W])
        .flow(1, 1, FlowKind::Belt, S, &[W])
        .game(&[], &[("a", sq(0, 1), E)]);
    run(&mut g, &[], 1);
    // Express step: onto the curve, turned right to face south; all-belts step: one south.
    assert_eq!(at(&g, 0), sq(1, 2));
    assert_eq!(g.robots()[0].facing, S);
}

#[test]
fn a_belt_running_into_the_side_of_a_straight_belt_does_not_turn_rulings_belts() {
    let mut g = Floorplan::new(3, 3)
        .belt(0, 1, E)
        .belt(1, 1, N)
        .game(&[], &[("a", sq(0, 1), E)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(1, 1));
    assert_eq!(g.robots()[0].facing, E);
}

#[test]
fn walls_stop_belts_and_a_belt_into_a_pit_destroys_rulings_belts() {
    let mut g = Floorplan::new(3, 1)
        .belt(0, 0, E)
        .wall(0, 0, E)
        .belt(1, 0, E)
        .pit(2, 0)
        .game(&[], &[("a", sq(0, 0), N), ("b", sq(1, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(0, 0));
    assert_eq!(status(&g, 1), Status::Destroyed);
}

#[test]
fn a_current_carries_one_square_after_belts_and_slows_like_water_seed_001_current() {
    // A robot on a current playing Move 1 stays (water), then the current carries it 1 east.
    let mut g = Floorplan::new(6, 1)
        .flow(1, 0, FlowKind::Current, E, &[W])
        .game(&[], &[("a", sq(1, 0), E)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Moved { robot: 0, .. }))
    );
    // The current step comes after the belts: a robot a belt carries onto a current is carried
    // on by it in the same phase (seed 001, Current: after conveyor belts).
    let mut g = Floorplan::new(6, 1)
        .belt(0, 0, E)
        .flow(1, 0, FlowKind::Current, E, &[W])
        .game(&[], &[("a", sq(0, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
}

#[test]
fn a_molten_metal_river_carries_one_square_and_does_1_damage_seed_001_molten_metal_river() {
    let mut g = Floorplan::new(6, 1)
        .flow(1, 0, FlowKind::River, E, &[W])
        .game(&[], &[("a", sq(1, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    assert_eq!(g.robots()[0].damage, 1);
    // A river is not water: a Move 1 started on it goes its full square (docs/rules.md).
    let mut g = Floorplan::new(6, 1)
        .flow(1, 0, FlowKind::River, S, &[N])
        .game(&[], &[("a", sq(1, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    assert_eq!(g.robots()[0].damage, 0);
    // A river stopped by a wall moves nobody and burns nobody.
    let mut g = Floorplan::new(6, 1)
        .flow(1, 0, FlowKind::River, E, &[W])
        .wall(1, 0, E)
        .game(&[], &[("a", sq(1, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(at(&g, 0), sq(1, 0));
    assert_eq!(g.robots()[0].damage, 0);
}
