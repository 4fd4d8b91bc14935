//! Unit tests of a robot's own move and the pushes it makes: walls, pits, edges, push chains,
//! spiked walls, ledges, maglocks and virtual robots; the Ramming Gear and the Gyroscopic
//! Stabilizer. Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{
    Floorplan, Plan, at, c, card, device_spec, robot, run, script, sq, status,
};
use crate::engine::{CardKind, Choices, DestroyCause, Event, OptionCard, Status};
use crate::geom::Facing::{E, N, S, W};
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Phases, SquareSpec};

#[test]
fn move_2_moves_through_the_intervening_square_pushing_a_robot_there_seed_000() {
    let mut g = Floorplan::new(6, 1).game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    assert_eq!(at(&g, 1), sq(3, 0));
    // Pushed robots keep their facing (RULINGS.md, Robots and other robots).
    assert_eq!(g.robots()[1].facing, N);
}

#[test]
fn a_wall_stops_the_mover_without_damage_and_the_rest_is_lost_seed_001_walls() {
    let mut g = Floorplan::new(6, 1)
        .wall(1, 0, E)
        .game(&[], &[("a", sq(0, 0), E)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(at(&g, 0), sq(1, 0));
    assert_eq!(g.robots()[0].damage, 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Blocked { robot: 0, .. }))
    );
}

#[test]
fn a_pit_destroys_at_once_and_the_rest_of_the_move_is_lost_rulings_step_2() {
    let mut g = Floorplan::new(6, 1)
        .pit(1, 0)
        .game(&[], &[("a", sq(0, 0), E)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
    assert_eq!(g.robots()[0].lives, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Destroyed { robot: 0, at, cause: DestroyCause::Pit, .. } if *at == sq(1, 0)
    )));
}

#[test]
fn moving_off_an_open_edge_destroys_seed_001_pits() {
    let mut g = Floorplan::new(2, 1).game(&[], &[("a", sq(0, 0), W)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            cause: DestroyCause::Edge,
            ..
        }
    )));
}

#[test]
fn a_push_chain_that_meets_a_wall_moves_nobody_rulings_robots() {
    let mut g = Floorplan::new(6, 1).wall(3, 0, E).game(
        &[],
        &[("a", sq(1, 0), E), ("b", sq(2, 0), E), ("c", sq(3, 0), E)],
    );
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(
        (at(&g, 0), at(&g, 1), at(&g, 2)),
        (sq(1, 0), sq(2, 0), sq(3, 0))
    );
}

#[test]
fn a_robot_pushed_into_a_pit_or_off_the_edge_is_destroyed_rulings_robots() {
    let mut g = Floorplan::new(4, 1)
        .pit(2, 0)
        .game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(status(&g, 1), Status::Destroyed);
    assert_eq!(at(&g, 0), sq(1, 0));
    let mut g = Floorplan::new(2, 1).game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(status(&g, 1), Status::Destroyed);
    assert_eq!(status(&g, 0), Status::Active);
}

#[test]
fn virtual_robots_pass_through_robots_and_are_not_hit_by_robot_lasers_rulings_fine_points() {
    let mut g = Floorplan::new(5, 1).game(&[], &[("v", sq(0, 0), E), ("r", sq(1, 0), W)]);
    g.robots[0].is_virtual = true;
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(2, 0), sq(1, 0)));
    // r faces west at v's old square... v is now behind r: r's laser goes west and hits nothing;
    // v, virtual, never fires.
    assert_eq!((g.robots()[0].damage, g.robots()[1].damage), (0, 0));
}

#[test]
fn running_or_being_pushed_into_the_spiked_side_does_1_damage_seed_001_spiked_walls() {
    // The spikes face (2,0), the anchor square: running east into them hurts.
    let plan = |robots: &[(&str, Square, Facing)]| {
        Floorplan::new(6, 1)
            .edge(2, 0, E, Some(Barrier::Spiked), None)
            .game(&[], robots)
    };
    let mut g = plan(&[("a", sq(1, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(2, 0), 1));
    // Pushed into it by a robot: the pushed robot takes 1, the pusher none; a's laser, facing b,
    // adds 1 to b in the fire step.
    let mut g = plan(&[("a", sq(1, 0), E), ("b", sq(2, 0), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!((g.robots()[0].damage, g.robots()[1].damage), (0, 2));
    // From the smooth side (west out of (3,0)) there are no spikes.
    let mut g = plan(&[("a", sq(3, 0), W)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(3, 0), 0));
}

#[test]
fn a_ledge_does_2_damage_going_down_and_is_a_wall_going_up_seed_001_ledges() {
    // (2,0) is the upper level: the ledge on its east side drops to (3,0).
    let plan = |start: Square, facing: Facing| {
        Floorplan::new(6, 1)
            .edge(2, 0, E, Some(Barrier::Ledge), None)
            .game(&[], &[("a", start, facing)])
    };
    let mut g = plan(sq(1, 0), E);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(4, 0), 2));
    let mut g = plan(sq(4, 0), W);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(3, 0), 0));
    // A belt carrying a robot over the ledge drops it too.
    let mut g = Floorplan::new(6, 1)
        .belt(2, 0, E)
        .edge(2, 0, E, Some(Barrier::Ledge), None)
        .game(&[], &[("a", sq(2, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(3, 0), 2));
}

#[test]
fn an_active_maglock_stops_a_mover_and_holds_its_robot_seed_001_maglocks() {
    let plan = |phases: &[u8], robots: &[(&str, Square, Facing)]| {
        Floorplan::new(6, 1)
            .spec(
                2,
                0,
                device_spec(crate::model::Device::Maglock(
                    Phases::from_list(phases).unwrap_or(Phases::NONE),
                )),
            )
            .game(&[], robots)
    };
    // Passing over an active maglock ends the move on it.
    let mut g = plan(&[1], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    // Inactive: passed over.
    let mut g = plan(&[2], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
    // A robot on it cannot move or be pushed; it can turn.
    let mut g = plan(&[1, 2], &[("a", sq(2, 0), E), ("b", sq(1, 0), E)]);
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 500), card(CardKind::Left, 70)]),
            (1, &[card(CardKind::Move1, 490), card(CardKind::Move1, 480)]),
        ],
        2,
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(2, 0), sq(1, 0)));
    assert_eq!(g.robots()[0].facing, N);
}

#[test]
fn ramming_gear_does_1_damage_to_a_robot_it_pushes_issue_8() {
    let play = |opts: &[OptionCard]| {
        let mut g = Plan::new(4, 1).game(&[], &[("a", sq(0, 0), E, opts), ("b", sq(1, 0), N, &[])]);
        script(&mut g, &[(0, &[Some(c(CardKind::Move1, 500))])], &[], 1);
        (robot(&g, 1).square, robot(&g, 1).damage)
    };
    // b also takes a's laser (1) in the fire step: the ram is the point more.
    assert_eq!(play(&[O::RammingGear]), (sq(2, 0), 2));
    assert_eq!(play(&[]), (sq(2, 0), 1));
}

#[test]
fn gyroscopic_stabilizer_switched_on_keeps_gears_from_turning_the_robot_issue_8() {
    let play = |on: bool| {
        let mut g = Plan::new(1, 1)
            .gear(0, 0)
            .game(&[], &[("a", sq(0, 0), N, &[O::GyroscopicStabilizer])]);
        let ch = Choices {
            gyroscopic_stabilizer: on,
            ..Choices::default()
        };
        script(&mut g, &[], &[(0, ch)], 1);
        robot(&g, 0).facing
    };
    assert_eq!(play(true), N);
    assert_eq!(play(false), E);
}

#[test]
fn gyroscopic_stabilizer_keeps_a_turning_belt_from_rotating_the_robot_issue_8() {
    use crate::geom::Sides;
    use crate::model::{Flow, FlowKind};
    let play = |on: bool| {
        let belt = |out: Facing, entries: &[Facing]| SquareSpec {
            flow: Some(Flow {
                kind: FlowKind::Belt,
                out,
                entries: entries.iter().copied().collect::<Sides>(),
            }),
            ..SquareSpec::default()
        };
        // A belt east onto a curve turning south.
        let mut g = Plan::new(3, 3)
            .spec(0, 0, belt(E, &[W]))
            .spec(1, 0, belt(S, &[W]))
            .game(&[], &[("a", sq(0, 0), N, &[O::GyroscopicStabilizer])]);
        let ch = Choices {
            gyroscopic_stabilizer: on,
            ..Choices::default()
        };
        script(&mut g, &[], &[(0, ch)], 1);
        (robot(&g, 0).square, robot(&g, 0).facing)
    };
    assert_eq!(play(false), (sq(1, 0), E));
    assert_eq!(play(true), (sq(1, 0), N));
}
