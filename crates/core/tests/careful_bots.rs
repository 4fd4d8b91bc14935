//! Careful bots (issue 17 item 5): the greedy and planner robots do not walk off the board, into a
//! pit or into 10 damage from the board's lasers when a program that does not exists with the
//! cards they were dealt, and they plan without reading programs other robots have handed in.
//!
//! Each course here is a corridor one square high, walled along both long sides, so every deal
//! can be checked whole: every order of the hand is played in the engine, and wherever one of them
//! leaves the robot standing the bot's own choice must too. Hands are dealt by the seed (the
//! engine deals from a shuffled deck), so each test plays many seeds and checks that the deals
//! it needs (a deadly program beside a safe one) came up.

use factory_floor_core::bots::map::UNREACHABLE;
use factory_floor_core::bots::{BotKind, FlagMaps, submit};
use factory_floor_core::engine::{Card, Event, Factory, Game, RobotSetup, Settings, Stage};
use factory_floor_core::geom::{Facing, Square};
use factory_floor_core::model::{Barrier, Beams, Board, EdgeSpec, Floor, Mount, SquareSpec, Tile};
use std::sync::Arc;

/// Seeds (deals) tried per course.
const DEALS: u64 = 40;

fn wall() -> EdgeSpec {
    EdgeSpec {
        barrier: Some(Barrier::Plain),
        mount: None,
    }
}

/// A corridor `w` squares long and one high, walled along both long sides; its ends are open.
fn corridor(w: i32) -> Tile {
    let mut t = Tile::new("corridor", w, 1);
    for x in 0..w {
        t.set_edge(Square::new(x, 0), Facing::N, wall());
        t.set_edge(Square::new(x, 0), Facing::S, wall());
    }
    t
}

/// The pocket: the robot on (1, 0) facing the open west end, a wall east of it, its next flag
/// on (7, 0) beyond the wall and its archive on (6, 0) beside the flag. No program gets it out,
/// and being destroyed puts it back beside the flag: by the map a death is worth more than any
/// safe program (this is where the planner used to jump). `pit` puts a pit on (0, 0).
fn pocket(pit: bool) -> (Arc<Factory>, RobotSetup) {
    let mut t = corridor(8);
    t.set_edge(Square::new(1, 0), Facing::E, wall());
    if pit {
        let spec = SquareSpec {
            floor: Some(Floor::Pit),
            ..SquareSpec::default()
        };
        t.set_square(Square::new(0, 0), spec);
    }
    let factory = Arc::new(Factory::new(Board::from_tile(&t, &[Square::new(7, 0)])));
    let mut robot = RobotSetup::new("careful", Square::new(1, 0), Facing::W);
    // Four damage: a hand of five cards, so every program is one of its 120 orders.
    robot.damage = 4;
    robot.archive = Some(Square::new(6, 0));
    (factory, robot)
}

/// The shooting gallery: the robot on (0, 0) facing east with 5 damage (a hand of four cards,
/// register 5 locked and empty), triple lasers shooting down into (2, 0), (3, 0) and (4, 0),
/// its flag on (9, 0) and its archive on (8, 0). Ending two phases under the lasers is 11 damage.
/// Without `lasers`, the same corridor bare.
fn gallery(lasers: bool) -> (Arc<Factory>, RobotSetup) {
    let mut t = corridor(10);
    t.set_edge(Square::new(0, 0), Facing::W, wall());
    t.set_edge(Square::new(9, 0), Facing::E, wall());
    if lasers {
        for x in 2..=4 {
            let edge = EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: Beams::new(3).map(Mount::Laser),
            };
            t.set_edge(Square::new(x, 0), Facing::N, edge);
        }
    }
    let factory = Arc::new(Factory::new(Board::from_tile(&t, &[Square::new(9, 0)])));
    let mut robot = RobotSetup::new("careful", Square::new(0, 0), Facing::E);
    robot.damage = 5;
    robot.archive = Some(Square::new(8, 0));
    (factory, robot)
}

/// A lone robot's game on `factory`, cards dealt by `seed`.
fn dealt(factory: &Arc<Factory>, robot: &RobotSetup, seed: u64) -> Game {
    let Ok(mut game) = Game::new(
        Arc::clone(factory),
        std::slice::from_ref(robot),
        Settings::default(),
        seed,
    ) else {
        panic!("the corridor game does not set up")
    };
    game.begin_turn(&mut Vec::new());
    game
}

/// Plays the turn after programming; whether robot 0 was destroyed, and where it ended.
fn finish_turn(mut game: Game) -> (bool, Square) {
    let mut events = Vec::new();
    while let Stage::Programming | Stage::Phase(1..=4) = game.stage() {
        game.run_phase(&mut events);
    }
    let dead = events
        .iter()
        .any(|e| matches!(e, Event::Destroyed { robot: 0, .. }));
    (dead, game.robots()[0].square)
}

/// Every order of the hand's cards filling the unlocked registers, played in the engine: for
/// each, whether it destroys the robot and where it ends.
fn every_program(game: &Game) -> Vec<(Vec<Card>, bool, Square)> {
    let hand = game.hand(0).to_vec();
    let n = game.program_size(0);
    let mut out = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    permute(&hand, n, &mut order, &mut |cards| {
        let mut trial = game.clone();
        if trial.program(0, cards, false, &mut Vec::new()).is_ok() {
            let (dead, at) = finish_turn(trial);
            out.push((cards.to_vec(), dead, at));
        }
    });
    out
}

fn permute(hand: &[Card], n: usize, order: &mut Vec<usize>, f: &mut dyn FnMut(&[Card])) {
    if order.len() == n {
        let cards: Vec<Card> = order.iter().map(|&i| hand[i]).collect();
        f(&cards);
        return;
    }
    for i in 0..hand.len() {
        if !order.contains(&i) {
            order.push(i);
            permute(hand, n, order, f);
            order.pop();
        }
    }
}

/// The bot's program for the dealt game, played: whether it destroyed the robot.
fn bot_dies(kind: BotKind, maps: &Arc<FlagMaps>, game: &Game) -> bool {
    let mut game = game.clone();
    let choice = kind.make(maps, 1).choose(&game, 0);
    assert!(
        !submit(&mut game, 0, &choice, &mut Vec::new()),
        "{kind:?}: the engine refused {choice:?}"
    );
    finish_turn(game).0
}

/// Over `DEALS` seeds: wherever a safe program exists the bot survives; returns how many deals
/// held a deadly program beside a safe one.
fn never_dies_when_a_safe_program_exists(factory: &Arc<Factory>, robot: &RobotSetup) -> usize {
    let maps = Arc::new(FlagMaps::new(Arc::clone(factory)));
    let mut choices = 0;
    for seed in 0..DEALS {
        let game = dealt(factory, robot, seed);
        let programs = every_program(&game);
        let safe = programs.iter().any(|p| !p.1);
        let deadly = programs.iter().any(|p| p.1);
        if !safe {
            continue;
        }
        choices += usize::from(deadly);
        for kind in [BotKind::Greedy, BotKind::Planner] {
            assert!(
                !bot_dies(kind, &maps, &game),
                "seed {seed}: {kind:?} was destroyed though a safe program exists in {:?}",
                game.hand(0)
            );
        }
    }
    choices
}

#[test]
fn careful_bots_do_not_walk_off_the_edge_when_a_safe_program_exists_seed_000_board_edges() {
    let (factory, robot) = pocket(false);
    let maps = FlagMaps::new(Arc::clone(&factory));
    // The map's view: no way to the flag from the pocket, one card from the archive.
    let here = maps.state(Square::new(1, 0), Facing::W);
    let archive = maps.state(Square::new(6, 0), Facing::E);
    assert_eq!(here.map(|s| maps.distance(1, s)), Some(UNREACHABLE));
    assert_eq!(archive.map(|s| maps.distance(1, s)), Some(1));
    let choices = never_dies_when_a_safe_program_exists(&factory, &robot);
    assert!(choices >= 10, "only {choices} deals with a deadly program");
}

#[test]
fn careful_bots_do_not_walk_into_a_pit_when_a_safe_program_exists_seed_000_pits() {
    let (factory, robot) = pocket(true);
    let choices = never_dies_when_a_safe_program_exists(&factory, &robot);
    assert!(choices >= 10, "only {choices} deals with a deadly program");
}

#[test]
fn careful_bots_do_not_take_a_tenth_point_of_damage_from_board_lasers_seed_000_lasers() {
    let (factory, robot) = gallery(true);
    let choices = never_dies_when_a_safe_program_exists(&factory, &robot);
    assert!(choices >= 5, "only {choices} deals with a deadly program");
    // The deals test something: in some of them the program that gets furthest along the bare
    // corridor, the best by the map alone, is deadly under the lasers.
    let (bare, _) = gallery(false);
    let mut tempting = 0;
    for seed in 0..DEALS {
        let game = dealt(&bare, &robot, seed);
        let programs = every_program(&game);
        let Some(furthest) = programs.iter().map(|p| p.2.x).max() else {
            continue;
        };
        let shot = dealt(&factory, &robot, seed);
        let deadly_there = programs.iter().filter(|p| p.2.x == furthest).all(|p| {
            let mut trial = shot.clone();
            trial.program(0, &p.0, false, &mut Vec::new()).is_ok() && finish_turn(trial).0
        });
        tempting += usize::from(deadly_there);
    }
    assert!(
        tempting >= 3,
        "only {tempting} deals where the furthest program is deadly"
    );
}

/// Issue 17 item 5: the planner takes the other robots' programs as unknown, so what a robot
/// programmed earlier in the round does not change the next robot's choice.
#[test]
fn the_planner_does_not_read_programs_other_robots_handed_in() {
    let lib = factory_floor_core::format::Library::builtin();
    let Some(entry) = lib.find_course("standard-2x2.json") else {
        panic!("no standard-2x2 in the built-in library")
    };
    let arena = match factory_floor_core::bots::Arena::new(&entry.course, &lib) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    let bots = [BotKind::Planner; 4];
    let mut compared = 0;
    for seed in 0..6 {
        let Ok(mut game) = arena.game(&bots, Settings::default(), seed) else {
            panic!("no game")
        };
        let mut events = Vec::new();
        // A few turns in, so the robots stand near each other with damage and options.
        for _ in 0..3 {
            game.begin_turn(&mut events);
            for i in 0..4 {
                let choice = BotKind::Planner.make(&arena.maps, 1).choose(&game, i);
                submit(&mut game, i, &choice, &mut events);
            }
            while let Stage::Programming | Stage::Phase(1..=4) = game.stage() {
                game.run_phase(&mut events);
            }
            game.end_turn(&mut events);
        }
        game.begin_turn(&mut events);
        let before = BotKind::Planner.make(&arena.maps, 1).choose(&game, 3);
        for i in 0..3 {
            let choice = BotKind::Planner.make(&arena.maps, 1).choose(&game, i);
            submit(&mut game, i, &choice, &mut events);
        }
        let after = BotKind::Planner.make(&arena.maps, 1).choose(&game, 3);
        assert_eq!(before, after, "seed {seed}");
        compared += usize::from(!before.cards.is_empty());
    }
    assert!(compared >= 3, "robot 4 programmed in only {compared} games");
}
