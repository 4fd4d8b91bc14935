//! Unit tests of damage, destruction and lives, and the options that act on damage: option
//! exchange, the option lost on destruction, the Ablative Coat, the Superior Archive Copy and the
//! shields. Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Floorplan, Plan, c, card, robot, run, script, set, sq, status};
use crate::engine::{
    CardKind, Choices, DiscardReason, Event, Exchange, OptionCard, Policy, Settings, Side, Status,
};
use crate::geom::Facing::{E, N, W};
use crate::geom::{Facing, Square};

#[test]
fn a_robot_out_of_lives_is_out_of_the_game_at_once_rulings_fine_points() {
    let mut g = Floorplan::new(3, 1)
        .pit(1, 0)
        .game(&[], &[("a", sq(0, 0), E)]);
    g.robots[0].lives = 1;
    let ev = run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(status(&g, 0), Status::Eliminated);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { robot: 0 }))
    );
    assert!(g.is_over());
}

#[test]
fn option_exchange_discards_an_option_rather_than_take_the_fatal_point_seed_000() {
    let plan = || Plan::new(1, 1).laser(0, 0, W, 2);
    let robots: &[(&str, Square, Facing, &[OptionCard])] =
        &[("a", sq(0, 0), N, &[O::Brakes, O::Shield, O::FourthGear])];
    // Default policy: only the point that would destroy it is exchanged, cheapest option first.
    let mut g = plan().game_with(&[], robots, Settings::default(), |s| s[0].damage = 8);
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 9);
    assert_eq!(g.options(0), set(&[O::Shield, O::FourthGear]));
    // Always: every point.
    let mut g = plan().game(&[], robots);
    g.set_policy(
        0,
        Policy {
            exchange: Exchange::Always,
            keep: set(&[O::Brakes]),
            ..Policy::default()
        },
    );
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 0);
    assert_eq!(g.options(0), set(&[O::Brakes]), "the kept option goes last");
    // Never: destroyed.
    let mut g = plan().game_with(&[], robots, Settings::default(), |s| s[0].damage = 8);
    g.set_policy(
        0,
        Policy {
            exchange: Exchange::Never,
            ..Policy::default()
        },
    );
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).status, Status::Destroyed);
}

#[test]
fn a_destroyed_robot_loses_one_option_of_its_choice_seed_000_destruction() {
    let mut g = Plan::new(3, 1)
        .pit(1, 0)
        .game(&[], &[("a", sq(0, 0), E, &[O::Brakes, O::Shield])]);
    let ev = script(&mut g, &[(0, &[Some(c(CardKind::Move1, 500))])], &[], 1);
    assert_eq!(robot(&g, 0).status, Status::Destroyed);
    assert_eq!(g.options(0), set(&[O::Shield]));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OptionDiscarded {
            option: O::Brakes,
            reason: DiscardReason::Destroyed,
            ..
        }
    )));
}

#[test]
fn ablative_coat_absorbs_3_points_then_is_discarded_issue_8() {
    let mut g = Plan::new(1, 1)
        .laser(0, 0, W, 2)
        .game(&[], &[("a", sq(0, 0), N, &[O::AblativeCoat])]);
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 0);
    assert!(g.options(0).contains(O::AblativeCoat));
    g.run_phase(&mut Vec::new());
    assert_eq!(robot(&g, 0).damage, 1, "1 of the second 2 gets through");
    assert!(g.options(0).is_empty());
}

#[test]
fn superior_archive_copy_reenters_with_no_damage_even_when_lost_faq_7_4() {
    let mut g = Plan::new(3, 2).pit(2, 0).pit(2, 1).game(
        &[],
        &[
            ("sac", sq(1, 0), E, &[O::SuperiorArchiveCopy]),
            ("plain", sq(1, 1), E, &[]),
        ],
    );
    let move1 = [Some(c(CardKind::Move1, 500))];
    let mut ev = script(&mut g, &[(0, &move1), (1, &move1)], &[], 1);
    assert!(g.options(0).is_empty(), "the only option is lost");
    g.reenter(&mut ev);
    assert_eq!(robot(&g, 0).damage, 0);
    assert_eq!(robot(&g, 1).damage, 2);
}

#[test]
fn power_down_shield_prevents_1_damage_from_each_direction_each_register_issue_8() {
    let mut g = Plan::new(1, 1)
        .laser(0, 0, W, 2)
        .laser(0, 0, N, 1)
        .game_with(
            &[],
            &[("a", sq(0, 0), N, &[O::PowerDownShield])],
            Settings::default(),
            |s| s[0].powered_down = true,
        );
    script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 1);
    g.run_phase(&mut Vec::new());
    assert_eq!(robot(&g, 0).damage, 2, "again in the next register");
}

#[test]
fn shield_blocks_a_point_of_each_shot_from_its_programmed_side_seed_000_program_options() {
    // Facing east, the shield on its left is the north side.
    let mut g = Plan::new(1, 1)
        .laser(0, 0, N, 1)
        .laser(0, 0, W, 1)
        .game(&[], &[("a", sq(0, 0), E, &[O::Shield])]);
    let left = Choices {
        shield: Some(Side::Left),
        ..Choices::default()
    };
    script(&mut g, &[], &[(0, left)], 1);
    assert_eq!(robot(&g, 0).damage, 1, "the west laser is not blocked");
}
