//! Property tests of the rules engine (issue 3, Acceptance): random games on random boards never
//! panic, never put two real robots on one square or an active robot on a hole or off the board,
//! keep all 84 cards accounted for, and replay identically. Bounded for CI. Robots are dealt
//! option cards at random and use them at random (issue 8, Acceptance), so every property also
//! holds with options in play; all 26 options stay accounted for.

use factory_floor::engine::{
    Factory, Game, OptionCard, OptionSet, Replay, Rng, RobotSetup, Settings, Stage, Status,
};
use factory_floor::geom::{Facing, Sides, Square};
use factory_floor::model::{
    Barrier, Beams, Board, Colour, Device, EdgeSpec, Floor, Flow, FlowKind, Mount, Phases, Spin,
    SquareSpec, Tile, Wrenches,
};
use proptest::prelude::*;
use std::sync::Arc;
use strum::IntoEnumIterator;

/// A random board from `seed`: pits, belts of every speed with random entries, gears, crushers,
/// repair sites, walls, pushers and lasers, scattered over a small tile.
fn random_board(seed: u64) -> (Board, Vec<Square>) {
    random_board_with(seed, false)
}

/// A random board as `random_board`, with the expansion elements of issue 7 mixed in when
/// `expansion` is set: oil, teleporters, freak teleporters, portals, randomizers, repulsor
/// fields, ramps, chop shops, gates and repulsors.
fn random_board_with(seed: u64, expansion: bool) -> (Board, Vec<Square>) {
    let mut rng = Rng::new(seed);
    let w = 3 + rng.below(8) as i32;
    let h = 3 + rng.below(8) as i32;
    let mut tile = Tile::new("random", w, h);
    let facing = |rng: &mut Rng| Facing::ALL[rng.below(4) as usize];
    let phases = |rng: &mut Rng| {
        Phases::from_list(&[1 + rng.below(5) as u8, 1 + rng.below(5) as u8]).unwrap_or(Phases::ALL)
    };
    let mut floor_squares = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let s = Square::new(x, y);
            let mut spec = SquareSpec::default();
            let pick = if expansion {
                rng.below(22)
            } else {
                rng.below(12)
            };
            match pick {
                0 => spec.floor = Some(Floor::Pit),
                1..=3 => {
                    let out = facing(&mut rng);
                    let kind =
                        [FlowKind::Belt, FlowKind::Express, FlowKind::Gold][rng.below(3) as usize];
                    let entries: Sides = Facing::ALL
                        .into_iter()
                        .filter(|&f| f != out && rng.below(2) == 0)
                        .collect();
                    spec.flow = Some(Flow { kind, out, entries });
                }
                4 => {
                    spec.gear = Some(if rng.below(2) == 0 {
                        Spin::Cw
                    } else {
                        Spin::Ccw
                    })
                }
                5 => spec.crusher = Some(phases(&mut rng)),
                6 => spec.repair = Wrenches::new(1 + rng.below(2) as u8),
                12 => spec.floor = Some(Floor::OilSlick),
                13 => spec.device = Some(Device::Teleporter),
                14 => spec.device = Some(Device::FreakTeleporter),
                15 => spec.device = Some(Device::Portal(Colour::ALL[rng.below(2) as usize])),
                16 => spec.device = Some(Device::Randomizer),
                17 => spec.device = Some(Device::RepulsorField),
                18 => spec.device = Some(Device::Ramp(facing(&mut rng))),
                19 => spec.device = Some(Device::ChopShop),
                20 => spec.floor = Some(Floor::Water),
                _ => {}
            }
            if spec.floor.is_none() {
                floor_squares.push(s);
            }
            tile.set_square(s, spec);
            if rng.below(5) == 0 {
                let side = facing(&mut rng);
                let mount = match rng.below(4) {
                    0 => Beams::new(1 + rng.below(3) as u8).map(Mount::Laser),
                    1 => Some(Mount::Pusher(phases(&mut rng))),
                    2 if expansion => Some(Mount::Repulsor(phases(&mut rng))),
                    _ => None,
                };
                let barrier = match rng.below(3) {
                    0 if expansion && mount.is_none() => {
                        Barrier::Gate(Colour::ALL[rng.below(2) as usize])
                    }
                    _ => Barrier::Plain,
                };
                tile.set_edge(
                    s,
                    side,
                    EdgeSpec {
                        barrier: Some(barrier),
                        mount,
                    },
                );
            }
        }
    }
    let flags: Vec<Square> = (0..1 + rng.below(3))
        .filter_map(|_| {
            floor_squares
                .get(rng.below(floor_squares.len() as u64) as usize)
                .copied()
        })
        .collect();
    (Board::from_tile(&tile, &flags), floor_squares)
}

fn random_robots(seed: u64, squares: &[Square]) -> Vec<RobotSetup> {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let n = (2 + rng.below(5) as usize).min(squares.len());
    let mut free = squares.to_vec();
    rng.shuffle(&mut free);
    // Options dealt at random, each card to one robot at most (issue 8).
    let mut options: Vec<OptionCard> = OptionCard::iter().collect();
    rng.shuffle(&mut options);
    (0..n)
        .map(|i| RobotSetup {
            // Some robots share a start square as virtual robots (1994 start).
            is_virtual: i > 0 && rng.below(3) == 0,
            options: {
                let k = (rng.below(6) as usize).min(options.len());
                options.drain(..k).collect::<OptionSet>()
            },
            ..RobotSetup::new(format!("r{i}"), free[i], Facing::ALL[rng.below(4) as usize])
        })
        .map(|mut r| {
            if r.is_virtual {
                r.square = free[0];
            }
            r
        })
        .collect()
}

fn check_invariants(game: &Game) -> Result<(), String> {
    let held: usize = game.robots().iter().map(|r| r.options.len()).sum();
    if held + game.options_undrawn() != 26 {
        return Err(format!(
            "{held} options held and {} undrawn: not the 26 of the deck",
            game.options_undrawn()
        ));
    }
    let f = game.factory();
    for (i, r) in game.robots().iter().enumerate() {
        if r.status != Status::Active {
            continue;
        }
        if !f.is_on_board(r.square) || f.cell(r.square).hole {
            return Err(format!(
                "robot {i} is active on {} (off the board or a hole)",
                r.square
            ));
        }
        if r.damage >= 10 {
            return Err(format!("robot {i} is active with {} damage", r.damage));
        }
        for (j, o) in game.robots().iter().enumerate().skip(i + 1) {
            if o.status == Status::Active && !r.is_virtual && !o.is_virtual && o.square == r.square
            {
                return Err(format!("real robots {i} and {j} share {}", r.square));
            }
        }
    }
    Ok(())
}

/// Plays `turns` turns with random legal programs, checking the invariants after every phase;
/// returns how many register phases ran.
fn play_checked(seed: u64, turns: u32) -> Result<u32, String> {
    play_checked_on(random_board(seed), seed, turns)
}

fn play_checked_on(
    (board, squares): (Board, Vec<Square>),
    seed: u64,
    turns: u32,
) -> Result<u32, String> {
    if squares.len() < 2 {
        return Ok(0);
    }
    let setups = random_robots(seed, &squares);
    // A first robot with one life makes elimination common too.
    let settings = Settings {
        lives: 1 + (seed % 3) as u8,
        ..Settings::default()
    };
    let factory = Arc::new(Factory::new(board));
    let mut game = Game::new(Arc::clone(&factory), &setups, settings, seed)?;
    let mut chooser = Rng::new(seed.rotate_left(17));
    let mut events = Vec::new();
    let mut phases = 0;
    for _ in 0..turns {
        if game.is_over() {
            break;
        }
        game.begin_turn(&mut events);
        if game.cards_in_play() != 84 {
            return Err(format!("{} cards after dealing", game.cards_in_play()));
        }
        for i in 0..game.robots().len() {
            let r = game.robots()[i];
            if r.status != Status::Active || r.powered_down {
                continue;
            }
            if r.options.contains(OptionCard::Recompile) && chooser.below(3) == 0 {
                game.recompile(i, &mut events)
                    .map_err(|e| format!("recompile refused: {e}"))?;
                if !game.robots()[i].is_active() {
                    continue;
                }
            }
            let cards = game.random_program(i, &mut chooser);
            let down = game.robots()[i].damage > 0 && chooser.below(5) == 0;
            let choices = game.random_choices(i, &cards, &mut chooser);
            game.program_with(i, &cards, down, &choices, &mut events)
                .map_err(|e| format!("random program refused: {e}"))?;
            if game.cards_in_play() != 84 {
                return Err(format!("{} cards after programming", game.cards_in_play()));
            }
        }
        while let Stage::Programming | Stage::Phase(1..=4) = game.stage() {
            game.run_phase(&mut events);
            phases += 1;
            check_invariants(&game)?;
        }
        if game.stage() == Stage::Phase(5) {
            game.end_turn(&mut events);
        }
        check_invariants(&game)?;
        if game.cards_in_play() != 84 {
            return Err(format!("{} cards after the turn", game.cards_in_play()));
        }
    }
    Ok(phases)
}

#[test]
fn random_games_really_play_many_phases() {
    // Guards the property below against passing vacuously (games ending at once).
    let total: u32 = (0..100).map(|s| play_checked(s, 12).unwrap_or(0)).sum();
    assert!(total > 100 * 12 * 5 / 4, "only {total} phases in 100 games");
}

#[test]
fn random_games_really_deal_and_use_options() {
    // Guards the option properties against passing vacuously: options are held and used.
    let mut used = 0;
    for seed in 0..50 {
        let (board, squares) = random_board(seed);
        if squares.len() < 2 {
            continue;
        }
        let setups = random_robots(seed, &squares);
        let factory = Arc::new(Factory::new(board));
        if let Ok((_, _, events)) =
            Replay::random(factory, setups, Settings::default(), seed, !seed, 6)
        {
            used += events
                .iter()
                .filter(|e| matches!(e, factory_floor::engine::Event::OptionUsed { .. }))
                .count();
        }
    }
    assert!(used > 50, "only {used} option uses in 50 games");
}

proptest! {
    // Thousands of games (issue 3): 2000 checked games of 12 turns each, bounded for CI.
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules_invariants(seed in any::<u64>()) {
        prop_assert!(play_checked(seed, 12).is_ok(), "{:?}", play_checked(seed, 12));
    }

    // The same on boards with the expansion elements of issue 7 mixed in.
    #[test]
    fn random_games_with_expansion_elements_keep_the_rules_invariants(seed in any::<u64>()) {
        let played = play_checked_on(random_board_with(seed, true), seed, 12);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_replay_identically(seed in any::<u64>()) {
        replays_identically(random_board(seed), seed)?;
    }

    // Randomizers and freak teleporters draw from the game's own generator, so these replay too.
    #[test]
    fn random_games_with_expansion_elements_replay_identically(seed in any::<u64>()) {
        replays_identically(random_board_with(seed, true), seed)?;
    }
}

/// Plays a random game on `board` and replays it from its recorded programs: same events, same
/// robots.
fn replays_identically(
    (board, squares): (Board, Vec<Square>),
    seed: u64,
) -> Result<(), TestCaseError> {
    if squares.len() < 2 {
        return Ok(());
    }
    let setups = random_robots(seed, &squares);
    let factory = Arc::new(Factory::new(board));
    let played = Replay::random(
        Arc::clone(&factory),
        setups,
        Settings::default(),
        seed,
        !seed,
        8,
    );
    prop_assert!(played.is_ok(), "{:?}", played.as_ref().err());
    if let Ok((replay, game, events)) = played {
        let again = replay.play(factory);
        prop_assert!(again.is_ok(), "{:?}", again.as_ref().err());
        if let Ok((game2, events2)) = again {
            prop_assert_eq!(events, events2);
            prop_assert_eq!(game.robots(), game2.robots());
        }
    }
    Ok(())
}

// The expansion sample course (issue 7, Acceptance): full games of 4 sample robots on "Hazard
// Works", which uses every expansion element of seed 001, never panic and keep the invariants.

mod expansion_course {
    use super::check_invariants;
    use factory_floor::bots::{Arena, BotKind, play_game};
    use factory_floor::engine::{Event, Game, PushedBy, Status, Transport};
    use factory_floor::format::Library;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// The Hazard Works arena, built once (its distance maps run the engine on every square).
    fn arena() -> &'static Arena {
        static ARENA: OnceLock<Arena> = OnceLock::new();
        ARENA.get_or_init(|| {
            let lib = Library::builtin();
            let Some(c) = lib.find_course("hazard-works.json") else {
                panic!("the built-in library has no hazard-works.json");
            };
            match Arena::new(&c.course, &lib) {
                Ok(a) => a,
                Err(e) => panic!("Hazard Works: {e}"),
            }
        })
    }

    /// What one game showed of the expansion elements, for the guard test.
    #[derive(Default)]
    struct Seen {
        replaced: u32,
        teleported: [u32; 4],
        repulsed: u32,
        options: u32,
        phases: u32,
    }

    /// Plays one game of `bots` from `seed`, checking after every step: the engine's invariants
    /// (no two real robots on one square, no active robot on a hole or with 10 damage), damage
    /// within 0-10, lives never going up, all 84 cards accounted for while programs are set.
    fn play_checked(bots: &[BotKind], seed: u64, turns: u32) -> Result<Seen, String> {
        let mut lives: Vec<u8> = Vec::new();
        let mut failure: Option<String> = None;
        let mut seen = Seen::default();
        let mut check = |game: &Game, events: &[Event]| {
            if failure.is_some() {
                return;
            }
            if let Err(e) = check_invariants(game) {
                failure = Some(format!("turn {}: {e}", game.turn()));
                return;
            }
            if game.cards_in_play() != 84 {
                failure = Some(format!("{} cards in play", game.cards_in_play()));
                return;
            }
            for (i, r) in game.robots().iter().enumerate() {
                if r.damage > 10 {
                    failure = Some(format!("robot {i} has {} damage", r.damage));
                }
                match lives.get_mut(i) {
                    Some(l) if r.lives > *l => {
                        failure = Some(format!("robot {i}'s lives went up to {}", r.lives));
                    }
                    Some(l) => *l = r.lives,
                    None => lives.push(r.lives),
                }
                if r.status == Status::Eliminated && r.lives != 0 {
                    failure = Some(format!("robot {i} is out with {} lives", r.lives));
                }
            }
            for e in events {
                match e {
                    Event::PhaseStarted { .. } => seen.phases += 1,
                    Event::CardReplaced { .. } => seen.replaced += 1,
                    Event::Teleported { by, .. } => {
                        let k = match by {
                            Transport::Teleporter => 0,
                            Transport::FreakTeleporter => 1,
                            Transport::Portal => 2,
                            Transport::Gate => 3,
                        };
                        seen.teleported[k] += 1;
                    }
                    Event::Pushed {
                        by: PushedBy::Repulsor | PushedBy::RepulsorField,
                        ..
                    } => seen.repulsed += 1,
                    Event::OptionDrawn { .. } => seen.options += 1,
                    _ => {}
                }
            }
        };
        let result = play_game(arena(), bots, seed, turns, &mut check)?;
        if let Some(f) = failure {
            return Err(format!("seed {seed}: {f}"));
        }
        if result.refusals != 0 {
            return Err(format!("seed {seed}: {} programs refused", result.refusals));
        }
        Ok(seen)
    }

    const ALL_KINDS: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Planner];

    #[test]
    fn hazard_works_games_meet_the_expansion_elements() {
        // Guards the property below against passing vacuously: over a few games the robots do
        // take teleporters, portals and randomizers and are pushed by repulsors.
        let mut total = Seen::default();
        for seed in 0..24 {
            let bots = [
                BotKind::Random,
                BotKind::Random,
                BotKind::Greedy,
                BotKind::Planner,
            ];
            let seen = match play_checked(&bots, seed, 40) {
                Ok(s) => s,
                Err(e) => panic!("{e}"),
            };
            total.replaced += seen.replaced;
            total.repulsed += seen.repulsed;
            total.options += seen.options;
            total.phases += seen.phases;
            for k in 0..4 {
                total.teleported[k] += seen.teleported[k];
            }
        }
        assert!(total.phases > 24 * 5 * 10, "{} phases", total.phases);
        assert!(total.replaced > 0, "no randomizer acted");
        assert!(total.teleported[0] > 0, "no teleporter acted");
        assert!(total.teleported[2] > 0, "no portal acted");
        assert!(total.repulsed > 0, "no repulsor or repulsor field pushed");
        assert!(total.options > 0, "no option draw");
    }

    proptest! {
        // Full games (up to 40 turns) of 4 robots mixing the three sample bots.
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn hazard_works_full_games_of_4_robots_keep_the_invariants(
            seed in any::<u64>(),
            kinds in proptest::collection::vec(0..3usize, 4),
        ) {
            let bots: Vec<BotKind> = kinds.iter().map(|&k| ALL_KINDS[k]).collect();
            let played = play_checked(&bots, seed, 40);
            prop_assert!(played.is_ok(), "{:?}", played.err());
        }
    }
}
