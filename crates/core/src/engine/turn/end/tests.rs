//! Unit tests of the end of a turn: repairs, power down, locked registers kept, virtual robots
//! becoming real, the end of the game, the double-wrench choice and the Circuit Breaker. Each is
//! named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Floorplan, Plan, card, robot, run, script, sq, two_robot_game};
use crate::engine::{
    CardKind, Event, Factory, Game, OptionSource, Policy, RobotSetup, Settings, WrenchChoice,
};
use crate::geom::Facing::{E, N, S};
use crate::model::{Board, Tile};
use std::sync::Arc;

#[test]
fn a_locked_register_keeps_its_card_next_turn_seed_000_locked_registers() {
    let mut g = two_robot_game(5);
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    let hand = g.hand(0).to_vec();
    assert!(g.program(0, &hand[..5], false, &mut ev).is_ok());
    let b = g.hand(1).to_vec();
    assert!(g.program(1, &b[..5], false, &mut ev).is_ok());
    // Five damage mid-turn locks register 5.
    g.robots[0].damage = 5;
    for _ in 0..5 {
        g.run_phase(&mut ev);
    }
    let fifth = g.robots()[0].registers[4];
    g.end_turn(&mut ev);
    assert_eq!(g.robots()[0].registers[4], fifth);
    assert!(g.robots()[0].registers[..4].iter().all(Option::is_none));
    assert_eq!(g.cards_in_play(), 84);
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 4);
    let hand = g.hand(0).to_vec();
    assert!(g.program(0, &hand, false, &mut ev).is_ok());
    assert_eq!(g.robots()[0].registers[4], fifth);
}

#[test]
fn repairs_free_the_lowest_numbered_locked_register_first_rulings_damage() {
    let mut g = Floorplan::new(2, 1)
        .repair(0, 0, 2)
        .game(&[], &[("a", sq(0, 0), N)]);
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    g.robots[0].damage = 7; // registers 3, 4, 5 locked
    g.set_registers(
        0,
        [
            None,
            None,
            Some(card(CardKind::Left, 71)),
            Some(card(CardKind::Left, 73)),
            Some(card(CardKind::Left, 75)),
        ],
    );
    for _ in 0..5 {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    assert_eq!(g.robots()[0].damage, 5);
    // Registers 3 and 4 were freed, register 5 keeps its card.
    assert_eq!(
        g.robots()[0].registers,
        [None, None, None, None, Some(card(CardKind::Left, 75))]
    );
}

#[test]
fn a_power_down_announced_now_takes_effect_next_turn_and_discards_damage_seed_000_joey() {
    let mut g = two_robot_game(6);
    g.robots[0].damage = 4;
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 5);
    let hand = g.hand(0).to_vec();
    assert!(g.program(0, &hand, true, &mut ev).is_ok());
    let b = g.hand(1).to_vec();
    assert!(g.program(1, &b[..5], false, &mut ev).is_ok());
    for _ in 0..5 {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    assert!(g.robots()[0].powered_down);
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 0);
    assert_eq!(g.robots()[0].damage, 0);
    assert!(g.program(0, &[], false, &mut ev).is_ok());
    // Not choosing to stay down: it powers up at the end of the turn.
    let b = g.hand(1).to_vec();
    assert!(g.program(1, &b[..5], false, &mut ev).is_ok());
    for _ in 0..5 {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    assert!(!g.robots()[0].powered_down);
}

#[test]
fn a_virtual_robot_alone_on_its_square_becomes_real_at_the_end_of_the_turn_seed_000() {
    let board = Board::from_tile(&Tile::new("t", 3, 1), &[]);
    let setups = vec![
        RobotSetup {
            is_virtual: true,
            ..RobotSetup::new("a", sq(0, 0), E)
        },
        RobotSetup {
            is_virtual: true,
            ..RobotSetup::new("b", sq(0, 0), S)
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
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    assert!(!g.robots()[0].is_virtual);
    assert!(!g.robots()[1].is_virtual);
}

#[test]
fn a_flag_repairs_one_point_at_the_end_of_the_turn_seed_000_checkpoint() {
    let mut g = Floorplan::new(2, 1).game(&[sq(0, 0), sq(1, 0)], &[("a", sq(0, 0), N)]);
    g.robots[0].damage = 3;
    run(&mut g, &[], 5);
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    assert_eq!(g.robots()[0].damage, 2);
}

#[test]
fn powering_down_discards_the_cards_of_registers_the_damage_had_locked_seed_000() {
    let mut g = two_robot_game(8);
    g.robots[0].damage = 6;
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    let hand = g.hand(0).to_vec();
    assert!(g.program(0, &hand, true, &mut ev).is_ok());
    let b = g.hand(1).to_vec();
    assert!(g.program(1, &b[..5], false, &mut ev).is_ok());
    for _ in 0..5 {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    // Registers 4 and 5 stay locked over the end of the turn...
    assert!(g.robots()[0].registers[3].is_some() && g.robots()[0].registers[4].is_some());
    g.begin_turn(&mut ev);
    // ...and powering down repairs everything, so their cards go back to the deck.
    assert_eq!(g.robots()[0].damage, 0);
    assert_eq!(g.robots()[0].registers, [None; 5]);
    assert_eq!(g.cards_in_play(), 84);
}

#[test]
fn the_game_can_stop_at_the_first_finisher_or_a_turn_limit_rulings_fine_points() {
    let mut g = Floorplan::new(3, 1).game(&[sq(1, 0)], &[("a", sq(0, 0), E), ("b", sq(2, 0), N)]);
    g.settings.stop_at_first_finisher = true;
    let ev = run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert!(g.is_over());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Finished { robot: 0, place: 1 }))
    );
    let mut g = two_robot_game(1);
    g.settings.turn_limit = Some(2);
    let mut ev = Vec::new();
    g.play_turn(&[], &mut ev);
    assert!(!g.is_over());
    g.play_turn(&[], &mut ev);
    assert!(g.is_over());
    assert_eq!(g.turn(), 2);
}

#[test]
fn an_undamaged_robot_on_a_double_wrench_takes_an_option_instead_of_repairs_seed_000() {
    let mut g = Plan::new(4, 1)
        .repair(0, 0, 2)
        .repair(1, 0, 2)
        .repair(2, 0, 2)
        .repair(3, 0, 2)
        .game_with(
            &[],
            &[
                ("fresh", sq(0, 0), N, &[]),
                ("hurt", sq(1, 0), N, &[]),
                ("chooser", sq(2, 0), N, &[]),
                ("down", sq(3, 0), N, &[]),
            ],
            Settings::default(),
            |s| {
                s[1].damage = 3;
                s[2].damage = 3;
                s[3].powered_down = true;
            },
        );
    g.set_policy(
        2,
        Policy {
            double_wrench: WrenchChoice::Option,
            ..Policy::default()
        },
    );
    let mut ev = script(&mut g, &[], &[], 5);
    g.end_turn(&mut ev);
    assert_eq!((robot(&g, 0).damage, g.options(0).len()), (0, 1));
    assert_eq!((robot(&g, 1).damage, g.options(1).len()), (1, 0));
    assert_eq!((robot(&g, 2).damage, g.options(2).len()), (3, 1));
    // FAQ 7.4: "only if your robot is powered up".
    assert_eq!(g.options(3).len(), 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OptionDrawn {
            robot: 0,
            source: OptionSource::DoubleWrench,
            ..
        }
    )));
}

#[test]
fn circuit_breaker_powers_down_a_robot_ending_the_turn_with_3_damage_issue_8() {
    let mut g = Plan::new(2, 1).game_with(
        &[],
        &[
            ("a", sq(0, 0), N, &[O::CircuitBreaker]),
            ("b", sq(1, 0), N, &[O::CircuitBreaker]),
        ],
        Settings::default(),
        |s| {
            s[0].damage = 3;
            s[1].damage = 2;
        },
    );
    let mut ev = script(&mut g, &[], &[], 5);
    g.end_turn(&mut ev);
    assert!(robot(&g, 0).powered_down);
    assert!(!robot(&g, 1).powered_down);
}
