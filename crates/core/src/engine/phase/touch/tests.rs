//! Unit tests of the touch step: flags, archives, finishing, chop shops and the Mechanical Arm.
//! Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Floorplan, Plan, at, card, robot, run, script, sq, status};
use crate::engine::{CardKind, Event, Factory, Game, RobotSetup, Settings, Status};
use crate::geom::Facing::{E, N, S, W};
use crate::model::{Board, Device, Tile};
use std::sync::Arc;

#[test]
fn a_robot_on_its_checkpoint_destroyed_by_lasers_has_not_touched_it_seed_000() {
    let mut g = Floorplan::new(3, 1)
        .laser(2, 0, E, 1)
        .game(&[sq(1, 0)], &[("a", sq(0, 0), E)]);
    g.robots[0].damage = 9;
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
    assert_eq!(g.robots()[0].flags, 0);
    assert_eq!(g.robots()[0].archive, sq(0, 0));
}

#[test]
fn flags_count_only_in_order_and_every_flag_is_an_archive_seed_000_touch() {
    let mut g = Floorplan::new(4, 1).game(&[sq(3, 0), sq(1, 0)], &[("a", sq(0, 0), E)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    // (1, 0) is flag 2: not touched yet, but it is an archive.
    assert_eq!(g.robots()[0].flags, 0);
    assert_eq!(g.robots()[0].archive, sq(1, 0));
    assert!(!ev.iter().any(|e| matches!(e, Event::Touched { .. })));
}

#[test]
fn robots_finishing_in_one_phase_share_the_place_listed_by_priority_rulings_winning() {
    // Two virtual robots on one square, each stepping onto the last flag it needs.
    let board = Board::from_tile(&Tile::new("t", 3, 1), &[sq(0, 0), sq(2, 0)]);
    let setups = vec![
        RobotSetup {
            is_virtual: true,
            flags: 1,
            ..RobotSetup::new("a", sq(1, 0), E)
        },
        RobotSetup {
            is_virtual: true,
            flags: 0,
            ..RobotSetup::new("b", sq(1, 0), W)
        },
        RobotSetup {
            is_virtual: true,
            flags: 1,
            ..RobotSetup::new("c", sq(1, 0), E)
        },
    ];
    let Ok(mut g) = Game::new(
        Arc::new(Factory::new(board)),
        &setups,
        Settings::default(),
        1,
    ) else {
        panic!("setup")
    };
    let ev = run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 500)]),
            (1, &[card(CardKind::Move1, 600)]),
            (2, &[card(CardKind::Move1, 550)]),
        ],
        1,
    );
    let finished: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Finished { robot, place } => Some((*robot, *place)),
            _ => None,
        })
        .collect();
    assert_eq!(finished, vec![(2, 1), (0, 1)]);
    assert_eq!(g.robots()[1].flags, 1);
    assert_eq!(status(&g, 1), Status::Active);
}

#[test]
fn a_robot_ending_the_turn_on_a_chop_shop_draws_an_option_seed_001_chop_shop() {
    let plan = || Floorplan::new(4, 1).device(1, 0, Device::ChopShop);
    let mut g = plan().game(&[], &[("a", sq(1, 0), E)]);
    let draws = |ev: &[Event]| {
        ev.iter()
            .filter(|e| matches!(e, Event::OptionDrawn { robot: 0, .. }))
            .count()
    };
    let ev = run(&mut g, &[], 4);
    assert_eq!(
        draws(&ev),
        0,
        "phases 1-4: trades need options the robot has"
    );
    let mut ev = Vec::new();
    g.run_phase(&mut ev);
    assert_eq!(draws(&ev), 1, "the end of the turn: one draw");
    // Timing: the Touch Checkpoints segment, after the board elements: a robot a pusher puts on
    // the chop shop in phase 5 draws.
    let mut g = plan()
        .pusher(0, 0, W, &[5])
        .game(&[], &[("a", sq(0, 0), N)]);
    let ev = run(&mut g, &[], 5);
    assert_eq!((at(&g, 0), draws(&ev)), (sq(1, 0), 1));
    // A powered-down robot draws nothing.
    let mut g = plan().game(&[], &[("a", sq(1, 0), E)]);
    g.robots[0].powered_down = true;
    let ev = run(&mut g, &[], 5);
    assert_eq!(draws(&ev), 0);
}

#[test]
fn mechanical_arm_touches_a_flag_diagonally_but_not_through_walls_issue_8() {
    let mut g = Plan::new(3, 3).game(&[sq(1, 1)], &[("a", sq(0, 0), N, &[O::MechanicalArm])]);
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).flags, 1);
    assert_eq!(robot(&g, 0).archive, sq(1, 1));
    // Walls on both ways round the corner keep the arm from it.
    let mut g = Plan::new(3, 3)
        .wall(0, 0, E)
        .wall(0, 0, S)
        .game(&[sq(1, 1)], &[("a", sq(0, 0), N, &[O::MechanicalArm])]);
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).flags, 0);
}
