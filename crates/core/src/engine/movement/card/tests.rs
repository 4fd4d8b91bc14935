//! Unit tests of the expansion elements that act on a movement card, square by square: water, oil
//! slicks, teleporters, portals, gates, repulsor fields, ramps and freak teleporters (seed 001,
//! issue 7). Each is named after the rule it checks and cites its source.

use crate::engine::test_support::{Floorplan, at, card, floor_spec, run, sq, status};
use crate::engine::{
    Card, CardKind, Event, Factory, Game, PushedBy, RobotSetup, Settings, Status, Transport,
};
use crate::geom::Facing::{E, N, S, W};
use crate::geom::{Facing, Square};
use crate::model::{Board, Colour, Device, Floor, Phases, SquareSpec};
use std::sync::Arc;

fn mv(n: u8) -> Card {
    match n {
        1 => card(CardKind::Move1, 500),
        2 => card(CardKind::Move2, 700),
        _ => card(CardKind::Move3, 800),
    }
}

#[test]
fn water_negates_the_first_square_of_a_move_started_in_it_seed_001_water() {
    // Move 2 from water: 1 square. Move 1 and Back Up from water: none.
    let plan = || {
        Floorplan::new(6, 1)
            .spec(2, 0, floor_spec(Floor::Water))
            .spec(3, 0, floor_spec(Floor::Water))
            .game(&[], &[("a", sq(2, 0), E)])
    };
    let mut g = plan();
    run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
    let mut g = plan();
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    let mut g = plan();
    run(&mut g, &[(0, &[card(CardKind::BackUp, 430)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    // Rotations are not slowed.
    let mut g = plan();
    run(&mut g, &[(0, &[card(CardKind::Right, 80)])], 1);
    assert_eq!(g.robots()[0].facing, S);
}

#[test]
fn water_entered_from_outside_is_open_floor_seed_001_water() {
    // From (0,0) a Move 3 crosses water at (1,0) and (2,0) at full length.
    let mut g = Floorplan::new(6, 1)
        .spec(1, 0, floor_spec(Floor::Water))
        .spec(2, 0, floor_spec(Floor::Water))
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Move3, 800)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
}

#[test]
fn a_robot_ending_its_card_on_oil_slides_until_off_the_oil_seed_001_oil_slicks() {
    let plan = || {
        Floorplan::new(8, 1)
            .floor(2, 0, Floor::OilSlick)
            .floor(3, 0, Floor::OilSlick)
    };
    // Move 2 ends on oil at (2,0): it slides over (3,0) and stops on the first square off it.
    let mut g = plan().game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!(at(&g, 0), sq(4, 0));
    // Passing over the oil without ending there: no slide ("robots that are still moving behave
    // in the normal manner"). Move 3 from (0,0) ends on (3,0), oil, and slides one more.
    let mut g = Floorplan::new(8, 1)
        .floor(1, 0, Floor::OilSlick)
        .game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[mv(3)])], 1);
    assert_eq!(at(&g, 0), sq(3, 0));
    // A robot that is not on oil stops the slide; the slider stays on the oil.
    let mut g = plan().game(&[], &[("a", sq(0, 0), E), ("b", sq(4, 0), N)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(3, 0), sq(4, 0)));
    // Rotation cards are not affected.
    let mut g = plan().game(&[], &[("a", sq(2, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::Right, 80)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].facing), (sq(2, 0), S));
}

#[test]
fn a_card_started_on_oil_loses_its_first_square_seed_001_oil_slicks() {
    let plan = || {
        Floorplan::new(8, 1)
            .floor(2, 0, Floor::OilSlick)
            .floor(3, 0, Floor::OilSlick)
    };
    let mut g = plan().game(&[], &[("a", sq(2, 0), E)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(
        at(&g, 0),
        sq(2, 0),
        "Move 1 from oil does not move, so it does not slide"
    );
    let mut g = plan().game(&[], &[("a", sq(2, 0), E)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!(
        at(&g, 0),
        sq(4, 0),
        "Move 2 goes one square, onto oil, and slides off"
    );
}

#[test]
fn a_slider_hitting_a_robot_on_oil_makes_both_slide_seed_001_oil_slicks() {
    let mut plan = Floorplan::new(8, 1);
    for x in 1..=5 {
        plan = plan.floor(x, 0, Floor::OilSlick);
    }
    let mut g = plan.game(&[], &[("a", sq(0, 0), E), ("b", sq(3, 0), N)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    // a slides from (1,0) into b on oil; b is pushed along the oil and off it at (6,0), and a
    // stops behind it, because b there is no longer on oil.
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(5, 0), sq(6, 0)));
    assert_eq!(g.robots()[1].facing, N);
}

#[test]
fn a_teleporter_moves_the_card_distance_plus_2_ignoring_what_lies_between_seed_001_teleporters() {
    let plan = || {
        Floorplan::new(10, 1)
            .device(3, 0, Device::Teleporter)
            .wall(4, 0, E)
            .pit(5, 0)
    };
    let mut g = plan().game(&[], &[("a", sq(3, 0), E)]);
    let ev = run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(at(&g, 0), sq(6, 0), "over the wall and the pit");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Teleported { by: Transport::Teleporter, to, .. } if *to == sq(6, 0)
    )));
    let mut g = plan().game(&[], &[("a", sq(3, 0), E)]);
    run(&mut g, &[(0, &[mv(3)])], 1);
    assert_eq!(at(&g, 0), sq(8, 0));
    // Back Up: 3 squares back (RULINGS.md).
    let mut g = plan().game(&[], &[("a", sq(3, 0), W)]);
    run(&mut g, &[(0, &[card(CardKind::BackUp, 450)])], 1);
    assert_eq!(at(&g, 0), sq(6, 0));
    // Rotation cards are not affected.
    let mut g = plan().game(&[], &[("a", sq(3, 0), E)]);
    run(&mut g, &[(0, &[card(CardKind::UTurn, 10)])], 1);
    assert_eq!((at(&g, 0), g.robots()[0].facing), (sq(3, 0), W));
}

#[test]
fn a_teleporter_does_not_operate_onto_a_robot_or_a_non_flat_device_seed_001_teleporters() {
    // A robot on the arrival square: the card is played normally.
    let mut g = Floorplan::new(10, 1)
        .device(3, 0, Device::Teleporter)
        .game(&[], &[("a", sq(3, 0), E), ("b", sq(6, 0), N)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(4, 0), sq(6, 0)));
    // A crusher (non-flat, docs/rules.md) on the arrival square.
    let mut g = Floorplan::new(10, 1)
        .device(3, 0, Device::Teleporter)
        .spec(
            6,
            0,
            SquareSpec {
                crusher: Phases::from_list(&[5]),
                ..SquareSpec::default()
            },
        )
        .game(&[], &[("a", sq(3, 0), E)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(at(&g, 0), sq(4, 0));
    // A ramp is non-flat too.
    let mut g = Floorplan::new(10, 1)
        .device(3, 0, Device::Teleporter)
        .device(6, 0, Device::Ramp(E))
        .game(&[], &[("a", sq(3, 0), E)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(at(&g, 0), sq(4, 0));
    // Arriving beyond an open edge destroys.
    let mut g = Floorplan::new(5, 1)
        .device(3, 0, Device::Teleporter)
        .game(&[], &[("a", sq(3, 0), E)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(status(&g, 0), Status::Destroyed);
}

#[test]
fn entering_a_portal_goes_on_from_its_pair_unless_a_robot_is_there_seed_001_portals() {
    let plan = || {
        Floorplan::new(6, 2)
            .device(2, 0, Device::Portal(Colour::Red))
            .device(1, 1, Device::Portal(Colour::Red))
    };
    let mut g = plan().game(&[], &[("a", sq(0, 0), E)]);
    let ev = run(&mut g, &[(0, &[mv(3)])], 1);
    assert_eq!(at(&g, 0), sq(2, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Teleported { by: Transport::Portal, from, to, .. }
            if *from == sq(2, 0) && *to == sq(1, 1)
    )));
    // Ending the move on the portal still takes it there ("immediately").
    let mut g = plan().game(&[], &[("a", sq(0, 0), E)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!(at(&g, 0), sq(1, 1));
    // A robot on the other portal: open floor.
    let mut g = plan().game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 1), N)]);
    run(&mut g, &[(0, &[mv(3)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(3, 0), sq(1, 1)));
    // Pushed onto a portal: nothing (docs/rules.md).
    let mut g = plan().game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), N)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(2, 0)));
}

#[test]
fn a_gate_sends_a_mover_out_of_its_pair_facing_away_pushing_a_robot_there_seed_001_gates() {
    let plan = || {
        Floorplan::new(5, 5)
            .gate(1, 0, E, Colour::Blue)
            .gate(3, 2, N, Colour::Blue)
    };
    let mut g = plan().game(&[], &[("a", sq(0, 0), E)]);
    let ev = run(&mut g, &[(0, &[mv(3)])], 1);
    // (1,0), then through the gate to (3,2) facing south, then one more square south.
    assert_eq!((at(&g, 0), g.robots()[0].facing), (sq(3, 3), S));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Teleported { by: Transport::Gate, to, .. } if *to == sq(3, 2)
    )));
    // A robot on the exit square is pushed as by normal movement.
    let mut g = plan().game(&[], &[("a", sq(1, 0), E), ("b", sq(3, 2), W)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(3, 2), sq(3, 3)));
    assert_eq!(g.robots()[1].facing, W);
    // A push that cannot happen (a wall behind that robot): the mover stays before the gate.
    let mut g = plan()
        .wall(3, 2, S)
        .game(&[], &[("a", sq(1, 0), E), ("b", sq(3, 2), W)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(3, 2)));
}

#[test]
fn a_gate_is_a_wall_from_its_back_and_to_every_push_seed_001_gates() {
    let plan = || {
        Floorplan::new(5, 5)
            .gate(1, 0, E, Colour::Blue)
            .gate(3, 2, N, Colour::Blue)
    };
    let mut g = plan().game(&[], &[("a", sq(2, 0), W)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(at(&g, 0), sq(2, 0));
    // A robot pushed into the gate from its coloured side is not moving under its own card: the
    // gate is a wall to it, and the push fails (docs/rules.md).
    let mut g = plan().game(&[], &[("a", sq(0, 0), E), ("b", sq(1, 0), N)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(0, 0), sq(1, 0)));
}

#[test]
fn a_repulsor_field_pushes_back_the_card_distance_and_the_card_ends_seed_001_repulsor_fields() {
    let plan = || Floorplan::new(8, 1).device(5, 0, Device::RepulsorField);
    let mut g = plan().game(&[], &[("a", sq(2, 0), E)]);
    let ev = run(&mut g, &[(0, &[mv(3)])], 1);
    // (3,0), (4,0), then into the field: pushed back 3 squares to (1,0), still facing east.
    assert_eq!((at(&g, 0), g.robots()[0].facing), (sq(1, 0), E));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Pushed {
            by: PushedBy::RepulsorField,
            ..
        }
    )));
    // Pushed into the field by another robot: pushed back the pusher's distance, pushing the
    // pusher back with it.
    let mut g = plan().game(&[], &[("a", sq(2, 0), E), ("b", sq(4, 0), N)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!((at(&g, 0), at(&g, 1)), (sq(1, 0), sq(2, 0)));
    // A wall stops the push back.
    let mut g = plan().wall(4, 0, W).game(&[], &[("a", sq(4, 0), E)]);
    run(&mut g, &[(0, &[mv(2)])], 1);
    assert_eq!(at(&g, 0), sq(4, 0));
}

#[test]
fn going_up_a_ramp_costs_an_extra_square_and_a_robot_stopping_there_goes_back_seed_001_ramps() {
    let plan = || {
        let mut p = Floorplan::new(7, 1).device(2, 0, Device::Ramp(E));
        for x in 3..7 {
            p = p.spec(
                x,
                0,
                SquareSpec {
                    level: crate::model::Level::Upper,
                    ..SquareSpec::default()
                },
            );
        }
        p
    };
    let end = |from: Square, facing: Facing, c: Card| {
        let mut g = plan().game(&[], &[("a", from, facing)]);
        run(&mut g, &[(0, &[c])], 1);
        at(&g, 0)
    };
    assert_eq!(end(sq(1, 0), E, mv(1)), sq(2, 0), "onto the ramp's foot");
    assert_eq!(
        end(sq(1, 0), E, mv(2)),
        sq(2, 0),
        "stops on the extra square, back 1"
    );
    assert_eq!(end(sq(1, 0), E, mv(3)), sq(3, 0), "up on the upper level");
    assert_eq!(end(sq(2, 0), E, mv(1)), sq(2, 0));
    assert_eq!(end(sq(2, 0), E, mv(2)), sq(3, 0));
    // Going down, the ramp has no effect.
    assert_eq!(end(sq(3, 0), W, mv(2)), sq(1, 0));
}

#[test]
fn a_freak_teleporter_moves_by_three_random_movement_cards_then_the_card_is_played_seed_001() {
    for seed in 0..20 {
        let board = Board::from_tile(
            &Floorplan::new(30, 1)
                .device(12, 0, Device::FreakTeleporter)
                .0,
            &[],
        );
        let Ok(mut g) = Game::new(
            Arc::new(Factory::new(board)),
            &[RobotSetup::new("a", sq(12, 0), E)],
            Settings::default(),
            seed,
        ) else {
            panic!("setup");
        };
        let ev = run(&mut g, &[(0, &[mv(1)])], 1);
        let to = ev.iter().find_map(|e| match e {
            Event::Teleported {
                by: Transport::FreakTeleporter,
                to,
                ..
            } => Some(*to),
            _ => None,
        });
        let Some(to) = to else {
            panic!("seed {seed}: no teleport");
        };
        // Three cards of -1 (Back Up) to 3 (Move 3) squares along the facing.
        assert!((9..=21).contains(&to.x) && to.y == 0, "seed {seed}: {to}");
        assert_eq!(at(&g, 0), to.step(E), "seed {seed}: then Move 1 from there");
    }
    // Every square it could reach holds a crusher (non-flat): it plays its card normally.
    let mut plan = Floorplan::new(30, 1).device(12, 0, Device::FreakTeleporter);
    for x in (0..30).filter(|&x| x != 12) {
        plan = plan.spec(
            x,
            0,
            SquareSpec {
                crusher: Phases::from_list(&[5]),
                ..SquareSpec::default()
            },
        );
    }
    let mut g = plan.game(&[], &[("a", sq(12, 0), E)]);
    run(&mut g, &[(0, &[mv(1)])], 1);
    assert_eq!(at(&g, 0), sq(13, 0));
}

/// A freak teleporter's offset as it was worked out before issue 21: the pool copied into a
/// vector and drawn from with `swap_remove`.
fn freak_offset_from_a_copy(game: &mut Game) -> i32 {
    let mut pool: Vec<CardKind> = game
        .deck
        .iter()
        .map(|c| c.kind)
        .filter(|k| k.is_movement())
        .collect();
    let mut offset = 0;
    for _ in 0..3 {
        if pool.is_empty() {
            break;
        }
        let k = game.rng.below(pool.len() as u64) as usize;
        offset += match pool.swap_remove(k) {
            CardKind::BackUp => -1,
            kind => i32::from(kind.distance()),
        };
    }
    offset
}

#[test]
fn a_freak_teleporters_draw_without_a_copy_is_the_draw_from_a_copy_seed_001_freak_teleporters() {
    let plan = Floorplan::new(3, 1).game(&[], &[("a", sq(0, 0), E)]);
    for seed in 0..400u64 {
        let mut game = plan.clone();
        game.rng = crate::engine::Rng::new(seed);
        game.rng.shuffle(&mut game.deck);
        // Decks of every length, down to fewer than three movement cards.
        let keep = (seed as usize * 7) % (game.deck.len() + 1);
        game.deck.truncate(keep);
        let mut copy = game.clone();
        assert_eq!(
            game.freak_offset(),
            freak_offset_from_a_copy(&mut copy),
            "seed {seed}"
        );
        assert_eq!(game.rng.next_u64(), copy.rng.next_u64(), "seed {seed}");
    }
}
