//! Unit tests of the option cards, one per rule, each naming its source (issue 8, seed 000, FAQ).

use super::*;
use crate::engine::card::{Card, CardKind};
use crate::engine::event::{DiscardReason, Event, OptionSource};
use crate::engine::factory::Factory;
use crate::engine::game::{Game, RobotSetup, Settings, Status};
use crate::engine::replay::Replay;
use crate::engine::turn::ProgramError;
use crate::geom::{Facing, Square, Turn};
use crate::model::{
    Barrier, Beams, Board, Device, EdgeSpec, Floor, Mount, Phases, Spin, SquareSpec, Tile, Wrenches,
};
use Facing::{E, N, S, W};
use OptionCard as O;
use std::sync::Arc;

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn c(kind: CardKind, priority: u16) -> Card {
    Card::new(kind, priority)
}

/// A small test floor.
struct Plan(Tile);

impl Plan {
    fn new(w: i32, h: i32) -> Plan {
        Plan(Tile::new("t", w, h))
    }
    fn spec(mut self, x: i32, y: i32, spec: SquareSpec) -> Plan {
        self.0.set_square(sq(x, y), spec);
        self
    }
    fn pit(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            floor: Some(Floor::Pit),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    fn repair(self, x: i32, y: i32, n: u8) -> Plan {
        let spec = SquareSpec {
            repair: Wrenches::new(n),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    fn gear(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            gear: Some(Spin::Cw),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    fn waste(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            device: Some(Device::RadioactiveWaste),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    fn wall(mut self, x: i32, y: i32, side: Facing) -> Plan {
        let edge = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: None,
        };
        self.0.set_edge(sq(x, y), side, edge);
        self
    }
    fn laser(mut self, x: i32, y: i32, side: Facing, beams: u8) -> Plan {
        let edge = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(beams).map(Mount::Laser),
        };
        self.0.set_edge(sq(x, y), side, edge);
        self
    }
    fn game(self, flags: &[Square], robots: &[(&str, Square, Facing, &[OptionCard])]) -> Game {
        self.game_with(flags, robots, Settings::default(), |_| {})
    }
    fn game_with(
        self,
        flags: &[Square],
        robots: &[(&str, Square, Facing, &[OptionCard])],
        settings: Settings,
        tweak: impl Fn(&mut Vec<RobotSetup>),
    ) -> Game {
        let board = Board::from_tile(&self.0, flags);
        let mut setups: Vec<RobotSetup> = robots
            .iter()
            .map(|(n, s, f, o)| RobotSetup {
                options: o.iter().copied().collect(),
                ..RobotSetup::new(*n, *s, *f)
            })
            .collect();
        tweak(&mut setups);
        match Game::new(Arc::new(Factory::new(board)), &setups, settings, 1) {
            Ok(g) => g,
            Err(e) => panic!("test setup: {e}"),
        }
    }
}

/// A scripted turn: registers and choices set, `phases` phases run.
fn script(
    g: &mut Game,
    regs: &[(usize, &[Option<Card>])],
    choices: &[(usize, Choices)],
    phases: u8,
) -> Vec<Event> {
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    for (i, cards) in regs {
        let mut r = [None; 5];
        for (k, card) in cards.iter().enumerate() {
            r[k] = *card;
        }
        g.set_registers(*i, r);
    }
    for (i, ch) in choices {
        if let Err(e) = g.set_choices(*i, ch) {
            panic!("test choices refused: {e}");
        }
    }
    for _ in 0..phases {
        g.run_phase(&mut ev);
    }
    ev
}

fn robot(g: &Game, i: usize) -> crate::engine::game::Robot {
    g.robots()[i]
}

fn set(list: &[OptionCard]) -> OptionSet {
    list.iter().copied().collect()
}

#[test]
fn the_option_deck_holds_the_26_cards_shuffled_by_the_game_seed_issue_8() {
    let order = |seed: u64| {
        let board = Board::from_tile(&Plan::new(2, 1).0, &[]);
        let setups = [RobotSetup::new("a", sq(0, 0), E)];
        let Ok(mut g) = Game::new(
            Arc::new(Factory::new(board)),
            &setups,
            Settings::default(),
            seed,
        ) else {
            panic!("setup");
        };
        let mut ev = Vec::new();
        let drawn: Vec<OptionCard> = (0..27)
            .filter_map(|_| g.draw_option(0, OptionSource::DoubleWrench, &mut ev))
            .collect();
        assert_eq!(g.options(0).len(), 26);
        assert_eq!(g.options_undrawn(), 0);
        drawn
    };
    let a = order(1);
    assert_eq!(a.len(), 26, "26 cards, then the deck is empty");
    assert_eq!(a.iter().copied().collect::<OptionSet>().len(), 26);
    assert_eq!(order(1), a, "the same seed draws the same order");
    assert_ne!(order(2), a, "another seed shuffles differently");
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
fn without_options_in_the_settings_no_robot_draws_or_holds_one_issue_8() {
    let settings = Settings {
        options: false,
        ..Settings::default()
    };
    let mut g = Plan::new(2, 1).repair(0, 0, 2).waste(1, 0).game_with(
        &[],
        &[("a", sq(0, 0), N, &[O::Shield]), ("b", sq(1, 0), N, &[])],
        settings,
        |_| {},
    );
    assert!(g.options(0).is_empty());
    let mut ev = script(&mut g, &[], &[], 5);
    g.end_turn(&mut ev);
    assert!(g.options(0).is_empty() && g.options(1).is_empty());
    assert_eq!(robot(&g, 1).damage, 5, "the waste still burns");
}

#[test]
fn radioactive_waste_draws_a_real_option_card_seed_001() {
    let mut g = Plan::new(1, 1)
        .waste(0, 0)
        .game(&[], &[("a", sq(0, 0), N, &[])]);
    let ev = script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 1);
    assert_eq!(g.options(0).len(), 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OptionDrawn {
            source: OptionSource::Waste,
            ..
        }
    )));
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
fn a_powered_down_robot_uses_no_option_but_the_power_down_shield_seed_000_powerdown() {
    let mut g = Plan::new(1, 1).laser(0, 0, N, 1).game_with(
        &[],
        &[("a", sq(0, 0), N, &[O::Shield, O::AblativeCoat])],
        Settings::default(),
        |s| s[0].powered_down = true,
    );
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    let shield = Choices {
        shield: Some(Side::Front),
        ..Choices::default()
    };
    assert_eq!(g.set_choices(0, &shield), Err(ChoiceError::PoweredDown));
    g.run_phase(&mut ev);
    assert_eq!(robot(&g, 0).damage, 1, "neither shield nor coat acts");
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

fn registers(list: &[u8]) -> RegisterSet {
    let mut s = RegisterSet::default();
    for &r in list {
        s.insert(r);
    }
    s
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

/// A real two-robot game with `opts` for robot 0, dealt and programming.
fn dealt_game(opts: &[OptionCard]) -> (Game, Vec<Event>) {
    let mut g = Plan::new(12, 12).game(&[], &[("a", sq(2, 2), E, opts), ("b", sq(8, 8), W, &[])]);
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    (g, ev)
}

#[test]
fn flywheel_keeps_one_unused_card_for_next_turn_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Flywheel]);
    let hand = g.hand(0).to_vec();
    let ch = Choices {
        flywheel: Some(hand[5]),
        ..Choices::default()
    };
    assert_eq!(
        g.program_with(
            0,
            &hand[..5],
            false,
            &Choices {
                flywheel: Some(hand[0]),
                ..ch
            },
            &mut ev
        ),
        Err(ProgramError::Choice(ChoiceError::CardNotSpare {
            option: O::Flywheel,
            card: hand[0]
        }))
    );
    assert_eq!(g.program_with(0, &hand[..5], false, &ch, &mut ev), Ok(()));
    let b = g.hand(1).to_vec();
    assert_eq!(g.program(1, &b[..5], false, &mut ev), Ok(()));
    assert_eq!(g.cards_in_play(), 84);
    while g.stage() != crate::engine::game::Stage::Phase(5) {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    assert_eq!(g.kept_card(0), Some(hand[5]));
    assert_eq!(g.cards_in_play(), 84);
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 10);
    assert!(g.hand(0).contains(&hand[5]));
}

#[test]
fn recompile_deals_a_new_hand_once_a_turn_for_1_damage_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Recompile]);
    let old = g.hand(0).to_vec();
    assert_eq!(g.recompile(0, &mut ev), Ok(()));
    assert_eq!(robot(&g, 0).damage, 1);
    assert_eq!(g.hand(0).len(), 8);
    assert!(g.hand(0).iter().all(|c| !old.contains(c)));
    assert_eq!(
        g.recompile(0, &mut ev),
        Err(ProgramError::Choice(ChoiceError::RecompileUsed))
    );
    assert_eq!(g.cards_in_play(), 84);
    assert!(g.recompile(1, &mut ev).is_err(), "b has no Recompile");
}

#[test]
fn illegal_option_choices_are_refused_like_illegal_programs_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Brakes, O::PressorBeam]);
    let hand = g.hand(0).to_vec();
    let cards = &hand[..5];
    let not_move1 = (1..=5u8).find(|&r| cards[usize::from(r - 1)].kind != CardKind::Move1);
    let mut errs = Vec::new();
    if let Some(r) = not_move1 {
        errs.push(Choices {
            brakes: registers(&[r]),
            ..Choices::default()
        });
    }
    errs.push(Choices {
        weapon: Some(O::TractorBeam),
        ..Choices::default()
    });
    errs.push(Choices {
        weapon: Some(O::Brakes),
        ..Choices::default()
    });
    errs.push(Choices {
        shield: Some(Side::Back),
        ..Choices::default()
    });
    for ch in errs {
        assert!(
            matches!(
                g.program_with(0, cards, false, &ch, &mut ev),
                Err(ProgramError::Choice(_))
            ),
            "{ch:?} accepted"
        );
    }
    let ok = Choices {
        weapon: Some(O::PressorBeam),
        ..Choices::default()
    };
    assert_eq!(g.program_with(0, cards, false, &ok, &mut ev), Ok(()));
}

#[test]
fn games_with_options_replay_identically_issue_8() {
    let board = Board::from_tile(&Plan::new(8, 8).repair(3, 3, 2).waste(4, 4).0, &[sq(7, 7)]);
    let factory = Arc::new(Factory::new(board));
    let all: Vec<OptionCard> = OptionCard::ALL.to_vec();
    let setups: Vec<RobotSetup> = (0..4)
        .map(|i| RobotSetup {
            options: all[i * 6..(i * 6 + 6).min(26)].iter().copied().collect(),
            ..RobotSetup::new(format!("r{i}"), sq(i as i32 * 2, i as i32), E)
        })
        .collect();
    let played = Replay::random(Arc::clone(&factory), setups, Settings::default(), 5, 9, 10);
    let Ok((replay, game, events)) = played else {
        panic!("{:?}", played.err());
    };
    assert!(
        events.iter().any(|e| matches!(e, Event::OptionUsed { .. })),
        "options were used"
    );
    let Ok((game2, events2)) = replay.play(factory) else {
        panic!("the replay failed");
    };
    assert_eq!(events, events2);
    assert_eq!(game.robots(), game2.robots());
    let held: usize = game.robots().iter().map(|r| r.options.len()).sum();
    assert_eq!(held + game.options_undrawn(), 26);
}

#[test]
fn option_events_read_as_log_lines_issue_8() {
    let names = vec!["Red".to_string(), "Blue".to_string()];
    let lines = [
        Event::OptionDrawn {
            robot: 0,
            at: sq(1, 2),
            option: O::Shield,
            source: OptionSource::DoubleWrench,
        },
        Event::OptionUsed {
            robot: 0,
            option: O::PressorBeam,
            target: Some(1),
        },
        Event::OptionDiscarded {
            robot: 1,
            option: O::Brakes,
            reason: DiscardReason::Exchange,
        },
        Event::DamagePrevented {
            robot: 1,
            amount: 1,
            option: O::AblativeCoat,
        },
    ]
    .map(|e| e.describe(&names));
    assert_eq!(
        lines[0],
        "Red draws the option Shield on the double-wrench site at (1, 2)"
    );
    assert_eq!(lines[1], "Red uses its Pressor Beam on Blue");
    assert_eq!(
        lines[2],
        "Blue loses its option Brakes to avoid a point of damage"
    );
    assert_eq!(lines[3], "Blue's Ablative Coat prevents 1 damage");
    let _ = S;
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
