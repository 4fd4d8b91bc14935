//! Unit tests of the fire step: board and robot lasers, burning squares, and the laser and weapon
//! options. Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{
    Floorplan, Plan, at, c, card, device_spec, floor_spec, robot, run, script, set, sq, status,
};
use crate::engine::{
    CardKind, Choices, Event, FireMode, Game, OptionCard, RobotSetup, Settings, Status,
};
use crate::geom::Facing::{E, N, S, W};
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Device, EdgeSpec, Floor, Mount, Phases, SquareSpec};

#[test]
fn a_board_laser_hits_only_the_robot_nearest_its_mount_seed_000() {
    let mut g = Floorplan::new(5, 1)
        .laser(0, 0, W, 2)
        .game(&[], &[("near", sq(2, 0), N), ("far", sq(4, 0), N)]);
    run(&mut g, &[], 1);
    assert_eq!(g.robots()[0].damage, 2);
    assert_eq!(g.robots()[1].damage, 0);
}

#[test]
fn a_board_laser_hits_every_robot_on_the_first_occupied_square_rulings_fine_points() {
    let mut g = Floorplan::new(5, 1).laser(0, 0, W, 1).game(&[], &[]);
    let setups = vec![
        RobotSetup {
            is_virtual: true,
            ..RobotSetup::new("a", sq(0, 0), S)
        },
        RobotSetup {
            is_virtual: true,
            ..RobotSetup::new("b", sq(0, 0), S)
        },
    ];
    g = match Game::new(g.factory_arc(), &setups, Settings::default(), 1) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    run(&mut g, &[], 1);
    // The mount's own square is in the beam (RULINGS.md, Lasers).
    assert_eq!((g.robots()[0].damage, g.robots()[1].damage), (1, 1));
}

#[test]
fn robot_lasers_fire_forward_from_the_next_square_at_the_first_real_robot_rulings_lasers() {
    let mut g = Floorplan::new(6, 1).game(
        &[],
        &[
            ("shooter", sq(0, 0), E),
            ("first", sq(2, 0), E),
            ("second", sq(4, 0), W),
        ],
    );
    run(&mut g, &[], 1);
    // shooter hits first; first hits second; second hits first back.
    assert_eq!(g.robots()[0].damage, 0);
    assert_eq!(g.robots()[1].damage, 2);
    assert_eq!(g.robots()[2].damage, 1);
}

#[test]
fn powered_down_robots_are_shot_but_do_not_fire_seed_000_powerdown() {
    let mut g = Floorplan::new(4, 1).game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), W)]);
    g.robots[1].powered_down = true;
    run(&mut g, &[], 1);
    assert_eq!(g.robots()[1].damage, 1);
    assert_eq!(g.robots()[0].damage, 0);
}

#[test]
fn damage_is_added_after_every_beam_so_a_destroyed_robot_still_fires_rulings_step_5() {
    let mut g = Floorplan::new(3, 1).game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), W)]);
    g.robots[0].damage = 9;
    g.robots[1].damage = 9;
    run(&mut g, &[], 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
    assert_eq!(status(&g, 1), Status::Destroyed);
}

#[test]
fn an_active_flamer_burns_moving_through_and_again_ending_the_phase_on_it_seed_001_flamers() {
    let flamer = |phases: &[u8]| {
        Floorplan::new(6, 1)
            .edge(
                2,
                0,
                N,
                Some(Barrier::Plain),
                Phases::from_list(phases).map(Mount::Flamer),
            )
            .game(&[], &[("a", sq(0, 0), E)])
    };
    // Through an active flamer: 1 damage.
    let mut g = flamer(&[1]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(3, 0), 1));
    // Onto it and ending the phase there: 1 + 1.
    let mut g = flamer(&[1]);
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(2, 0), 2));
    // Inactive this phase: nothing.
    let mut g = flamer(&[2]);
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(2, 0), 0));
}

#[test]
fn radiation_does_1_damage_ending_the_turn_there_in_phase_5_seed_001_radiation() {
    let mut g = Floorplan::new(4, 1)
        .spec(1, 0, device_spec(crate::model::Device::Radiation))
        .game(&[], &[("a", sq(1, 0), N)]);
    run(&mut g, &[], 4);
    assert_eq!(g.robots()[0].damage, 0, "phases 1-4 do not burn");
    let mut events = Vec::new();
    g.run_phase(&mut events);
    assert_eq!(g.robots()[0].damage, 1);
}

#[test]
fn radioactive_waste_does_1_damage_each_phase_and_records_an_option_draw_seed_001() {
    let mut g = Floorplan::new(4, 1)
        .spec(1, 0, device_spec(crate::model::Device::RadioactiveWaste))
        .game(&[], &[("a", sq(1, 0), N)]);
    let ev = run(&mut g, &[], 2);
    assert_eq!(g.robots()[0].damage, 2);
    let draws = ev
        .iter()
        .filter(|e| matches!(e, Event::OptionDrawn { robot: 0, .. }))
        .count();
    assert_eq!(draws, 2);
}

#[test]
fn a_lava_pit_burns_moving_through_ending_in_it_and_erupting_seed_001_lava_pits() {
    let lava = |phases: &[u8], robots: &[(&str, Square, Facing)]| {
        Floorplan::new(6, 3)
            .spec(
                2,
                1,
                floor_spec(Floor::LavaPit(
                    Phases::from_list(phases).unwrap_or(Phases::NONE),
                )),
            )
            .game(&[], robots)
    };
    // Through it: 1; not erupting in phase 1.
    let mut g = lava(&[2], &[("a", sq(0, 1), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(3, 1), 1));
    // Into it and ending the phase there: 1 + 1.
    let mut g = lava(&[2], &[("a", sq(0, 1), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(g.robots()[0].damage, 2);
    // Erupting in phase 1: the robot in it takes 1 (ending there) + 2; one diagonal takes 1,
    // one two squares away none.
    let mut g = lava(
        &[1],
        &[("a", sq(2, 1), N), ("b", sq(3, 0), N), ("c", sq(4, 1), N)],
    );
    run(&mut g, &[], 1);
    let damage: Vec<u8> = g.robots().iter().map(|r| r.damage).collect();
    assert_eq!(damage, vec![3, 1, 0]);
}

#[test]
fn double_barreled_laser_does_2_damage_issue_8() {
    let mut g = Plan::new(3, 1).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::DoubleBarreledLaser]),
            ("b", sq(2, 0), N, &[]),
        ],
    );
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 1).damage, 2);
}

#[test]
fn rear_firing_laser_also_fires_backwards_issue_8() {
    let mut g = Plan::new(3, 1).game(
        &[],
        &[
            ("a", sq(1, 0), E, &[O::RearFiringLaser]),
            ("front", sq(2, 0), N, &[]),
            ("back", sq(0, 0), N, &[]),
        ],
    );
    script(&mut g, &[], &[], 1);
    assert_eq!((robot(&g, 1).damage, robot(&g, 2).damage), (1, 1));
}

#[test]
fn high_power_laser_shoots_through_one_wall_or_one_robot_issue_8() {
    let mut g = Plan::new(4, 1).wall(1, 0, E).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::HighPowerLaser]),
            ("b", sq(3, 0), N, &[]),
        ],
    );
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 1).damage, 1);
    let mut g = Plan::new(4, 1).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::HighPowerLaser]),
            ("b", sq(1, 0), N, &[]),
            ("c", sq(2, 0), N, &[]),
            ("d", sq(3, 0), N, &[]),
        ],
    );
    script(&mut g, &[], &[], 1);
    let hits: Vec<u8> = (1..4).map(|i| robot(&g, i).damage).collect();
    assert_eq!(hits, [1, 1, 0], "through one robot, not two");
}

#[test]
fn high_power_laser_against_a_shield_gets_a_point_through_faq_7_3() {
    let play = |opts: &'static [OptionCard]| {
        let mut g = Plan::new(3, 1).game(
            &[],
            &[("a", sq(0, 0), E, opts), ("b", sq(2, 0), W, &[O::Shield])],
        );
        script(&mut g, &[], &[], 1);
        robot(&g, 1).damage
    };
    assert_eq!(play(&[]), 0, "a plain laser is blocked");
    assert_eq!(play(&[O::HighPowerLaser]), 1);
    // "both high-powered-laser and double-barrelled-laser ... against a shielded robot: ... two
    // points of damage".
    assert_eq!(play(&[O::HighPowerLaser, O::DoubleBarreledLaser]), 2);
    assert_eq!(play(&[O::DoubleBarreledLaser]), 1);
}

#[test]
fn pressor_and_tractor_beams_push_and_pull_the_target_instead_of_the_laser_issue_8() {
    let play = |weapon: OptionCard, target: i32| {
        let mut g = Plan::new(6, 1).game(
            &[],
            &[("a", sq(0, 0), E, &[weapon]), ("b", sq(target, 0), N, &[])],
        );
        let ch = Choices {
            weapon: Some(weapon),
            ..Choices::default()
        };
        script(&mut g, &[], &[(0, ch)], 1);
        (robot(&g, 1).square.x, robot(&g, 1).damage)
    };
    assert_eq!(play(O::PressorBeam, 2), (3, 0));
    assert_eq!(play(O::TractorBeam, 3), (2, 0));
    assert_eq!(
        play(O::TractorBeam, 1),
        (1, 0),
        "already beside the shooter"
    );
}

/// A weapon's push is a push like any other (docs/rules.md, Weapons): pushed into the spiked
/// side of a wall the target takes 1 (seed 001, Spiked Walls), and a robot on an active maglock
/// is not moved (seed 001, MagLocks).
#[test]
fn a_pressor_beam_push_meets_spiked_walls_and_maglocks_as_any_push_seed_001() {
    let spiked = EdgeSpec {
        barrier: Some(Barrier::Spiked),
        mount: None,
    };
    let mut plan = Plan::new(6, 1);
    plan.0.set_edge(sq(2, 0), E, spiked);
    let mut g = plan.game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::PressorBeam]),
            ("b", sq(2, 0), N, &[]),
        ],
    );
    let ch = Choices {
        weapon: Some(O::PressorBeam),
        ..Choices::default()
    };
    script(&mut g, &[], &[(0, ch)], 1);
    assert_eq!((robot(&g, 1).square, robot(&g, 1).damage), (sq(2, 0), 1));

    let maglock = SquareSpec {
        device: Some(Device::Maglock(Phases::ALL)),
        ..SquareSpec::default()
    };
    let mut g = Plan::new(6, 1).spec(2, 0, maglock).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::PressorBeam]),
            ("b", sq(2, 0), N, &[]),
        ],
    );
    script(&mut g, &[], &[(0, ch)], 1);
    assert_eq!((robot(&g, 1).square, robot(&g, 1).damage), (sq(2, 0), 0));
}

#[test]
fn mini_howitzer_pushes_and_does_1_damage_for_5_shots_issue_8() {
    let mut g = Plan::new(10, 1).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::MiniHowitzer]),
            ("b", sq(1, 0), N, &[]),
        ],
    );
    let ch = Choices {
        weapon: Some(O::MiniHowitzer),
        ..Choices::default()
    };
    script(&mut g, &[], &[(0, ch)], 5);
    assert_eq!((robot(&g, 1).square, robot(&g, 1).damage), (sq(6, 0), 5));
    assert!(g.options(0).is_empty(), "discarded after the 5th shot");
}

#[test]
fn fire_control_destroys_an_option_instead_of_damage_but_not_through_a_shield_faq_7_3() {
    let play = |facing: Facing| {
        let mut g = Plan::new(3, 1).game(
            &[],
            &[
                ("a", sq(0, 0), E, &[O::FireControl]),
                ("b", sq(2, 0), facing, &[O::Shield, O::Brakes]),
            ],
        );
        let ch = Choices {
            fire_control: FireMode::DestroyOption,
            ..Choices::default()
        };
        script(&mut g, &[], &[(0, ch)], 1);
        (robot(&g, 1).damage, g.options(1))
    };
    // Facing north, the shield (front) is not towards the shot: the most valued option goes.
    assert_eq!(play(N), (0, set(&[O::Brakes])));
    // Facing the shooter, the shield blocks the shot: "no damage can be done in this case".
    assert_eq!(play(W), (0, set(&[O::Shield, O::Brakes])));
}

#[test]
fn scrambler_replaces_the_targets_next_register_with_the_top_card_issue_8() {
    let mut g = Plan::new(3, 1).game(
        &[],
        &[("a", sq(0, 0), E, &[O::Scrambler]), ("b", sq(2, 0), N, &[])],
    );
    let ch = Choices {
        weapon: Some(O::Scrambler),
        ..Choices::default()
    };
    let mine = c(CardKind::UTurn, 5);
    script(&mut g, &[(1, &[None, Some(mine)])], &[(0, ch)], 1);
    let now = robot(&g, 1).registers[1];
    assert!(now.is_some() && now != Some(mine));
    assert_eq!(robot(&g, 1).damage, 0);
}

#[test]
fn radio_control_makes_the_target_play_the_shooters_program_issue_8() {
    let mut g = Plan::new(4, 3).game(
        &[],
        &[
            ("a", sq(0, 1), E, &[O::RadioControl]),
            ("b", sq(2, 1), N, &[]),
        ],
    );
    let ch = Choices {
        weapon: Some(O::RadioControl),
        ..Choices::default()
    };
    let a = [None, Some(c(CardKind::Move1, 500))];
    let b = [None, Some(c(CardKind::BackUp, 430))];
    script(&mut g, &[(0, &a), (1, &b)], &[(0, ch)], 2);
    assert_eq!(robot(&g, 1).square, sq(2, 0), "b moved forward, not back");
}

#[test]
fn fire_control_locks_a_register_without_damage_until_repaired_faq_7_3() {
    let mut g = Plan::new(3, 1).repair(2, 0, 1).game(
        &[],
        &[
            ("a", sq(0, 0), E, &[O::FireControl]),
            ("b", sq(2, 0), N, &[]),
        ],
    );
    let ch = Choices {
        fire_control: FireMode::LockRegister,
        ..Choices::default()
    };
    let mut ev = script(&mut g, &[], &[(0, ch)], 1);
    assert_eq!(robot(&g, 1).damage, 0, "no damage as well (FAQ 7.3)");
    assert_eq!(robot(&g, 1).locked_count(), 1);
    assert!(robot(&g, 1).is_locked(4));
    for _ in 0..4 {
        g.run_phase(&mut ev);
    }
    assert_eq!(robot(&g, 1).locked_count(), 5, "a lock each register");
    g.end_turn(&mut ev);
    assert_eq!(robot(&g, 1).locked_count(), 4, "the repair site frees one");
}

#[test]
fn the_robots_on_a_beams_row_or_column_are_those_a_scan_finds_issue_21() {
    // `Lines` finds them through buckets of rows and columns; robots off the board (negative or
    // far coordinates) share buckets with others and must not be taken for them.
    use crate::engine::game::Robot;
    let template = crate::engine::test_support::two_robot_game(1).robots()[0];
    let mut rng = crate::engine::Rng::new(9);
    for _ in 0..200 {
        let n = 1 + rng.below(16) as usize;
        let robots: Vec<Robot> = (0..n)
            .map(|_| {
                let mut r = template;
                r.square = sq(rng.below(40) as i32 - 4, rng.below(40) as i32 - 4);
                r
            })
            .collect();
        let lines = super::Lines::of(&robots);
        for _ in 0..20 {
            let at = sq(rng.below(40) as i32 - 4, rng.below(40) as i32 - 4);
            for dir in Facing::ALL {
                let but = 1u16 << rng.below(n as u64);
                let scan = robots.iter().enumerate().fold(0u16, |m, (k, r)| {
                    let on = if matches!(dir, E | W) {
                        r.square.y == at.y
                    } else {
                        r.square.x == at.x
                    };
                    m | (u16::from(on) << k)
                }) & !but;
                assert_eq!(lines.through(at, dir, but), scan, "{at} {dir:?}");
            }
        }
    }
}
