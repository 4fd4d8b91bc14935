//! Unit tests of the rules, each named after the rule it checks and citing its source.

use super::*;
use crate::geom::{Facing, Sides, Square};
use crate::model::{
    Barrier, Beams, Board, EdgeSpec, Floor, Flow, FlowKind, Mount, Phases, Spin, SquareSpec, Tile,
    Wrenches,
};
use Facing::{E, N, S, W};
use std::sync::Arc;

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn card(kind: CardKind, priority: u16) -> Card {
    Card::new(kind, priority)
}

/// A small test floor, built square by square.
struct Floorplan(Tile);

impl Floorplan {
    fn new(w: i32, h: i32) -> Floorplan {
        Floorplan(Tile::new("t", w, h))
    }
    fn spec(mut self, x: i32, y: i32, spec: SquareSpec) -> Self {
        self.0.set_square(sq(x, y), spec);
        self
    }
    fn pit(self, x: i32, y: i32) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        )
    }
    fn flow(self, x: i32, y: i32, kind: FlowKind, out: Facing, entries: &[Facing]) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                flow: Some(Flow {
                    kind,
                    out,
                    entries: entries.iter().copied().collect::<Sides>(),
                }),
                ..SquareSpec::default()
            },
        )
    }
    fn belt(self, x: i32, y: i32, out: Facing) -> Self {
        self.flow(x, y, FlowKind::Belt, out, &[out.opposite()])
    }
    fn gear(self, x: i32, y: i32, spin: Spin) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                gear: Some(spin),
                ..SquareSpec::default()
            },
        )
    }
    fn repair(self, x: i32, y: i32, n: u8) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                repair: Wrenches::new(n),
                ..SquareSpec::default()
            },
        )
    }
    fn edge(
        mut self,
        x: i32,
        y: i32,
        side: Facing,
        barrier: Option<Barrier>,
        mount: Option<Mount>,
    ) -> Self {
        self.0.set_edge(sq(x, y), side, EdgeSpec { barrier, mount });
        self
    }
    fn wall(self, x: i32, y: i32, side: Facing) -> Self {
        self.edge(x, y, side, Some(Barrier::Plain), None)
    }
    fn laser(self, x: i32, y: i32, side: Facing, beams: u8) -> Self {
        self.edge(
            x,
            y,
            side,
            Some(Barrier::Plain),
            Beams::new(beams).map(Mount::Laser),
        )
    }
    fn pusher(self, x: i32, y: i32, side: Facing, phases: &[u8]) -> Self {
        self.edge(
            x,
            y,
            side,
            Some(Barrier::Plain),
            Phases::from_list(phases).map(Mount::Pusher),
        )
    }
    fn game(self, flags: &[Square], robots: &[(&str, Square, Facing)]) -> Game {
        let board = Board::from_tile(&self.0, flags);
        let setups: Vec<RobotSetup> = robots
            .iter()
            .map(|(n, s, f)| RobotSetup::new(*n, *s, *f))
            .collect();
        match Game::new(
            Arc::new(Factory::new(board)),
            &setups,
            Settings::default(),
            1,
        ) {
            Ok(g) => g,
            Err(e) => panic!("test setup: {e}"),
        }
    }
}

/// Runs `phases` register phases with the given registers (robot index, cards).
fn run(game: &mut Game, regs: &[(usize, &[Card])], phases: u8) -> Vec<Event> {
    let mut events = Vec::new();
    game.begin_scripted_turn(&mut events);
    for (i, cards) in regs {
        let mut r = [None; 5];
        for (k, c) in cards.iter().enumerate() {
            r[k] = Some(*c);
        }
        game.set_registers(*i, r);
    }
    for _ in 0..phases {
        game.run_phase(&mut events);
    }
    events
}

fn at(game: &Game, i: usize) -> Square {
    game.robots()[i].square
}

fn status(game: &Game, i: usize) -> Status {
    game.robots()[i].status
}

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
fn locked_registers_follow_the_damage_table_seed_000() {
    let mut r = Floorplan::new(1, 1)
        .game(&[], &[("a", sq(0, 0), N)])
        .robots()[0];
    let table: [(u8, usize, [bool; 5]); 6] = [
        (4, 5, [false; 5]),
        (5, 4, [false, false, false, false, true]),
        (6, 3, [false, false, false, true, true]),
        (7, 2, [false, false, true, true, true]),
        (8, 1, [false, true, true, true, true]),
        (9, 0, [true; 5]),
    ];
    for (damage, cards, locks) in table {
        r.damage = damage;
        assert_eq!(r.hand_size(), cards, "damage {damage}");
        for (reg, locked) in locks.iter().enumerate() {
            assert_eq!(
                r.is_locked(reg),
                *locked,
                "damage {damage} register {}",
                reg + 1
            );
        }
    }
}

fn two_robot_game(seed: u64) -> Game {
    let board = Board::from_tile(&Tile::new("t", 12, 12), &[sq(11, 11)]);
    let setups = vec![
        RobotSetup::new("a", sq(2, 2), S),
        RobotSetup::new("b", sq(8, 2), S),
    ];
    match Game::new(
        Arc::new(Factory::new(board)),
        &setups,
        Settings::default(),
        seed,
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn each_robot_is_dealt_nine_cards_minus_damage_and_the_deck_holds_84_seed_000_deal() {
    let mut g = two_robot_game(3);
    g.robots[1].damage = 3;
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 9);
    assert_eq!(g.hand(1).len(), 6);
    assert_eq!(g.cards_in_play(), 84);
}

#[test]
fn only_legal_programs_are_accepted_rulings_legal_programs() {
    let mut g = two_robot_game(4);
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    let hand = g.hand(0).to_vec();
    let other = g.hand(1)[0];
    assert!(matches!(
        g.program(0, &hand[..4], false, &mut ev),
        Err(ProgramError::WrongCount {
            expected: 5,
            got: 4
        })
    ));
    let dup = [hand[0], hand[0], hand[1], hand[2], hand[3]];
    assert!(matches!(
        g.program(0, &dup, false, &mut ev),
        Err(ProgramError::Duplicate(_))
    ));
    let foreign = [other, hand[0], hand[1], hand[2], hand[3]];
    assert!(matches!(
        g.program(0, &foreign, false, &mut ev),
        Err(ProgramError::NotInHand(_))
    ));
    assert!(matches!(
        g.program(0, &hand[..5], true, &mut ev),
        Err(ProgramError::UndamagedPowerDown)
    ));
    assert!(g.program(0, &hand[..5], false, &mut ev).is_ok());
    assert_eq!(g.cards_in_play(), 84);
}

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
fn reentry_on_a_shared_archive_is_virtual_with_two_damage_and_the_old_facing_seed_000() {
    let mut g = Floorplan::new(4, 2)
        .repair(0, 0, 1)
        .pit(2, 0)
        .pit(2, 1)
        .game(&[], &[("a", sq(1, 0), E), ("b", sq(1, 1), E)]);
    g.robots[0].archive = sq(0, 0);
    g.robots[1].archive = sq(0, 0);
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 500)]),
            (1, &[card(CardKind::Move1, 510)]),
        ],
        1,
    );
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    g.begin_turn(&mut ev);
    for i in 0..2 {
        let r = g.robots()[i];
        assert_eq!(
            (r.square, r.damage, r.is_virtual, r.facing),
            (sq(0, 0), 2, true, E)
        );
        assert_eq!(r.lives, 2);
    }
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

fn run_more(g: &mut Game, phases: u8) {
    let mut ev = Vec::new();
    for _ in 0..phases {
        g.run_phase(&mut ev);
    }
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
fn a_replay_gives_the_same_events_bit_for_bit_issue_3_item_4() {
    let factory = two_robot_game(0).factory_arc();
    let setups = vec![
        RobotSetup::new("a", sq(2, 2), S),
        RobotSetup::new("b", sq(8, 2), S),
        RobotSetup::new("c", sq(5, 5), E),
    ];
    let recorded = Replay::random(Arc::clone(&factory), setups, Settings::default(), 99, 7, 10);
    let Ok((replay, game, events)) = recorded else {
        panic!("random game failed")
    };
    let Ok((game2, events2)) = replay.play(factory) else {
        panic!("replay failed")
    };
    assert_eq!(events, events2);
    assert_eq!(game.robots(), game2.robots());
    assert!(events.len() > 50);
}

#[test]
fn every_event_reads_as_a_log_line_naming_the_robots_issue_3_item_3() {
    let mut g = Floorplan::new(4, 1)
        .pit(3, 0)
        .game(&[], &[("Twonky", sq(0, 0), E), ("Zoom", sq(1, 0), W)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    let names = g.names().to_vec();
    let log: Vec<String> = ev.iter().map(|e| e.describe(&names)).collect();
    assert!(
        log.contains(&"Twonky reveals Move 2 (700) in register 1".to_string()),
        "{log:#?}"
    );
    assert!(
        log.contains(&"Twonky pushes Zoom from (1, 0) to (2, 0)".to_string()),
        "{log:#?}"
    );
    let fell = "Zoom fell into a pit at (3, 0) and is destroyed (2 lives left)";
    assert!(log.contains(&fell.to_string()), "{log:#?}");
    assert!(log.iter().all(|l| !l.is_empty()));
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
fn a_controller_may_choose_the_facing_and_a_powered_down_reentry_faq_7_5() {
    let mut g = Floorplan::new(3, 1)
        .pit(2, 0)
        .game(&[], &[("a", sq(1, 0), E), ("b", sq(0, 0), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    assert!(g.choose_reentry(0, W, true));
    assert!(!g.choose_reentry(1, W, true), "b was not destroyed");
    g.begin_turn(&mut ev);
    let r = g.robots()[0];
    // It re-enters on its archive (its start square), powered down: the 2 damage are discarded
    // and it is dealt nothing.
    assert_eq!(
        (r.square, r.facing, r.powered_down, r.damage),
        (sq(1, 0), W, true, 0)
    );
    assert_eq!(g.hand(0).len(), 0);
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

fn floor_spec(floor: Floor) -> SquareSpec {
    SquareSpec {
        floor: Some(floor),
        ..SquareSpec::default()
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

fn device_spec(device: crate::model::Device) -> SquareSpec {
    SquareSpec {
        device: Some(device),
        ..SquareSpec::default()
    }
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

// Expansion elements of issue 7: oil slicks, teleporters, portals, gates, repulsor fields,
// repulsors, ramps, randomizers, freak teleporters and chop shops (seed 001; docs/rules.md).

impl Floorplan {
    fn floor(self, x: i32, y: i32, floor: Floor) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                floor: Some(floor),
                ..SquareSpec::default()
            },
        )
    }
    fn device(self, x: i32, y: i32, device: crate::model::Device) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                device: Some(device),
                ..SquareSpec::default()
            },
        )
    }
    fn gate(self, x: i32, y: i32, side: Facing, colour: crate::model::Colour) -> Self {
        self.edge(x, y, side, Some(Barrier::Gate(colour)), None)
    }
}

use crate::model::{Colour, Device};

fn mv(n: u8) -> Card {
    match n {
        1 => card(CardKind::Move1, 500),
        2 => card(CardKind::Move2, 700),
        _ => card(CardKind::Move3, 800),
    }
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
