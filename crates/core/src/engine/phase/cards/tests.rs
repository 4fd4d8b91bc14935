//! Unit tests of reveal and the robots' cards: priority, slime, flamers under a card, repeaters and
//! randomizers; the options that change a card (Brakes, Fourth Gear, Reverse Gears, Crab Legs, Dual
//! Processor, Abort Switch, Conditional Program). Each is named after the rule it checks and cites
//! its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{
    Floorplan, Plan, at, c, card, device_spec, floor_spec, registers, robot, run, script, sq,
};
use crate::engine::{
    Card, CardKind, ChoiceError, Choices, Event, Factory, Game, Placed, RobotSetup, Settings,
    Sidestep,
};
use crate::geom::Facing::{E, N, S, W};
use crate::geom::Turn;
use crate::model::{Barrier, Board, Device, Floor, Mount, Phases};
use std::sync::Arc;

#[test]
fn the_higher_priority_moves_first_330_pushes_290_seed_000_robot_pushing() {
    // Twonky (330) and Zoom Bot (290) both head for (1, 1). The higher number moves first and
    // the later mover pushes it on: who ends where depends only on the priorities.
    let plan = || Floorplan::new(3, 3).game(&[], &[("twonky", sq(0, 1), E), ("zoom", sq(1, 2), N)]);
    let mut g = plan();
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 330)]),
            (1, &[card(CardKind::Move1, 290)]),
        ],
        1,
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(1, 1)));
    let mut g = plan();
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 290)]),
            (1, &[card(CardKind::Move1, 330)]),
        ],
        1,
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 1), sq(2, 1)));
}

#[test]
fn move_2_before_move_1_seed_000_robot_pushing() {
    let mut g = Floorplan::new(4, 4).game(&[], &[("a", sq(0, 1), E), ("b", sq(2, 3), N)]);
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 500)]),
            (1, &[card(CardKind::Move2, 700)]),
        ],
        1,
    );
    // b (Move 2) reaches (2, 1) first; a then moves to (1, 1) without a collision.
    assert_eq!(at(&g, 1), sq(2, 1));
    assert_eq!(at(&g, 0), sq(1, 1));
}

#[test]
fn failing_to_leave_an_active_flamer_burns_seed_001_flamers() {
    // A wall stops the Move 1: 1 for failing to leave, 1 for ending the phase there.
    let mut g = Floorplan::new(6, 1)
        .edge(
            2,
            0,
            N,
            Some(Barrier::Plain),
            Phases::from_list(&[1]).map(Mount::Flamer),
        )
        .wall(2, 0, E)
        .game(&[], &[("a", sq(2, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].damage), (sq(2, 0), 2));
}

#[test]
fn only_move_2_and_move_3_are_played_from_slime_seed_001_slime() {
    let plan = || {
        Floorplan::new(6, 1)
            .spec(1, 0, floor_spec(Floor::Slime))
            .game(&[], &[("a", sq(1, 0), E)])
    };
    for kind in [
        CardKind::Move1,
        CardKind::BackUp,
        CardKind::Left,
        CardKind::Right,
        CardKind::UTurn,
    ] {
        let mut g = plan();
        run(&mut g, &[(0, &[card(kind, 100)])], 1);
        assert_eq!((at(&g, 0), g.robots()[0].facing), (sq(1, 0), E), "{kind:?}");
    }
    let mut g = plan();
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
    // A robot on slime can still be pushed off it.
    let mut g = Floorplan::new(6, 1)
        .spec(1, 0, floor_spec(Floor::Slime))
        .game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 1), sq(2, 0));
}

#[test]
fn a_robot_ending_its_move_on_a_repeater_plays_its_card_again_seed_001_repeaters() {
    let mut g = Floorplan::new(8, 1)
        .spec(2, 0, device_spec(crate::model::Device::Repeater))
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(at(&g, 0), sq(4, 0));
    // A chain of repeaters: each landing repeats again.
    let mut g = Floorplan::new(8, 1)
        .spec(1, 0, device_spec(crate::model::Device::Repeater))
        .spec(2, 0, device_spec(crate::model::Device::Repeater))
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
    // Held by a wall on a repeater: it repeats once and the phase ends (no endless loop).
    let mut g = Floorplan::new(8, 1)
        .spec(2, 0, device_spec(crate::model::Device::Repeater))
        .wall(2, 0, E)
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    // Rotation cards are not repeated.
    let mut g = Floorplan::new(8, 1)
        .spec(0, 0, device_spec(crate::model::Device::Repeater))
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Right, 80)])], 1);
    assert_eq!(g.robots()[0].facing, S);
}

#[test]
fn a_randomizer_replaces_the_card_at_reveal_and_it_plays_at_the_new_priority_seed_001() {
    for seed in 0..20 {
        let board = Board::from_tile(
            &Floorplan::new(12, 3).device(5, 1, Device::Randomizer).0,
            &[],
        );
        let setups = [
            RobotSetup::new("a", sq(5, 1), E),
            RobotSetup::new("b", sq(0, 0), S),
        ];
        let Ok(mut g) = Game::new(
            Arc::new(Factory::new(board)),
            &setups,
            Settings::default(),
            seed,
        ) else {
            panic!("setup");
        };
        let before = g.cards_in_play();
        let ev = run(
            &mut g,
            &[
                (0, &[card(CardKind::Move1, 500)]),
                (1, &[card(CardKind::Left, 75)]),
            ],
            1,
        );
        let replaced: Vec<(Card, Card)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::CardReplaced {
                    robot: 0, from, to, ..
                } => Some((*from, *to)),
                _ => None,
            })
            .collect();
        assert_eq!(replaced.len(), 1, "seed {seed}");
        let (from, to) = replaced[0];
        assert_eq!(from, card(CardKind::Move1, 500));
        assert_eq!(g.robots()[0].registers[0], Some(to));
        // The two scripted cards came from outside the deck; the randomizer only swapped one.
        assert_eq!(
            g.cards_in_play(),
            before + 2,
            "the card swapped with one from the deck"
        );
        // Revealed and played at the new card's priority: reveal order is priority order.
        let revealed: Vec<(u8, u16)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::CardRevealed { robot, card, .. } => Some((*robot, card.priority)),
                _ => None,
            })
            .collect();
        let expected = if to.priority > 75 {
            vec![(0, to.priority), (1, 75)]
        } else {
            vec![(1, 75), (0, to.priority)]
        };
        assert_eq!(revealed, expected, "seed {seed}");
        // And the robot did what the new card says.
        let facing = g.robots()[0].facing;
        let expected_facing = match to.kind {
            CardKind::Left => N,
            CardKind::Right => S,
            CardKind::UTurn => W,
            _ => E,
        };
        assert_eq!(facing, expected_facing, "seed {seed}");
        let expected_square = match to.kind {
            CardKind::BackUp => sq(4, 1),
            k => sq(5 + i32::from(k.distance()), 1),
        };
        assert_eq!(at(&g, 0), expected_square, "seed {seed}");
    }
}

#[test]
fn brakes_play_a_move_1_as_move_0_issue_8() {
    let mut g = Plan::new(3, 1).game(&[], &[("a", sq(0, 0), E, &[O::Brakes])]);
    let ch = Choices {
        brakes: registers(&[1]),
        ..Choices::default()
    };
    let m1 = [Some(c(CardKind::Move1, 500)), Some(c(CardKind::Move1, 510))];
    script(&mut g, &[(0, &m1)], &[(0, ch)], 2);
    assert_eq!(
        robot(&g, 0).square,
        sq(1, 0),
        "register 1 braked, register 2 moved"
    );
}

#[test]
fn fourth_gear_plays_a_move_3_as_move_4_issue_8() {
    let mut g = Plan::new(6, 1).game(&[], &[("a", sq(0, 0), E, &[O::FourthGear])]);
    let ch = Choices {
        fourth_gear: registers(&[1]),
        ..Choices::default()
    };
    script(
        &mut g,
        &[(0, &[Some(c(CardKind::Move3, 800))])],
        &[(0, ch)],
        1,
    );
    assert_eq!(robot(&g, 0).square, sq(4, 0));
}

#[test]
fn reverse_gears_back_a_robot_up_2_squares_issue_8() {
    let mut g = Plan::new(4, 1).game(&[], &[("a", sq(3, 0), E, &[O::ReverseGears])]);
    let ch = Choices {
        reverse_gears: registers(&[1]),
        ..Choices::default()
    };
    script(
        &mut g,
        &[(0, &[Some(c(CardKind::BackUp, 430))])],
        &[(0, ch)],
        1,
    );
    assert_eq!((robot(&g, 0).square, robot(&g, 0).facing), (sq(1, 0), E));
}

#[test]
fn crab_legs_sidestep_a_move_1_next_to_a_rotate_card_issue_8() {
    let mut g = Plan::new(3, 3).game(&[], &[("a", sq(1, 1), E, &[O::CrabLegs])]);
    let ch = Choices {
        crab_legs: Some(Sidestep {
            register: 1,
            side: Turn::Left,
        }),
        ..Choices::default()
    };
    let regs = [Some(c(CardKind::Move1, 500)), Some(c(CardKind::Left, 70))];
    script(&mut g, &[(0, &regs)], &[(0, ch)], 1);
    assert_eq!((robot(&g, 0).square, robot(&g, 0).facing), (sq(1, 0), E));
    // No rotate card beside it: refused.
    let mut g = Plan::new(3, 3).game(&[], &[("a", sq(1, 1), E, &[O::CrabLegs])]);
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    g.set_registers(0, [Some(c(CardKind::Move1, 500)), None, None, None, None]);
    assert_eq!(
        g.set_choices(0, &ch),
        Err(ChoiceError::NoRotationBeside { register: 1 })
    );
}

#[test]
fn dual_processor_moves_then_turns_in_one_register_issue_8() {
    let mut g = Plan::new(3, 1).game(&[], &[("a", sq(0, 0), E, &[O::DualProcessor])]);
    let ch = Choices {
        dual_processor: Some(Placed {
            register: 1,
            card: c(CardKind::Right, 80),
        }),
        ..Choices::default()
    };
    script(
        &mut g,
        &[(0, &[Some(c(CardKind::Move1, 500))])],
        &[(0, ch)],
        1,
    );
    assert_eq!((robot(&g, 0).square, robot(&g, 0).facing), (sq(1, 0), S));
}

#[test]
fn abort_switch_replaces_the_rest_of_the_program_with_deck_cards_issue_8() {
    let mut g = Plan::new(5, 5).game(&[], &[("a", sq(2, 2), E, &[O::AbortSwitch])]);
    let ch = Choices {
        abort_switch: Some(2),
        ..Choices::default()
    };
    let mine = [
        Some(c(CardKind::Left, 1)),
        Some(c(CardKind::Left, 3)),
        Some(c(CardKind::Left, 5)),
    ];
    let ev = script(&mut g, &[(0, &mine)], &[(0, ch)], 1);
    assert_eq!(robot(&g, 0).registers[0], mine[0], "register 1 is kept");
    let mut ev2 = ev;
    g.run_phase(&mut ev2);
    let regs = robot(&g, 0).registers;
    assert!(regs[1] != mine[1] && regs[2] != mine[2] && regs[3].is_some() && regs[4].is_some());
    assert!(ev2.iter().any(|e| matches!(
        e,
        Event::OptionUsed {
            option: O::AbortSwitch,
            ..
        }
    )));
}

#[test]
fn conditional_program_swaps_its_spare_card_in_when_the_register_is_revealed_issue_8() {
    let mut g = Plan::new(6, 1).game(&[], &[("a", sq(0, 0), E, &[O::ConditionalProgram])]);
    let ch = Choices {
        conditional_program: Some(Placed {
            register: 2,
            card: c(CardKind::Move2, 700),
        }),
        ..Choices::default()
    };
    let regs = [Some(c(CardKind::Move1, 500)), Some(c(CardKind::Move1, 510))];
    script(&mut g, &[(0, &regs)], &[(0, ch)], 2);
    assert_eq!(robot(&g, 0).square, sq(3, 0));
}
