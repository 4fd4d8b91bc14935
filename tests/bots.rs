//! Issue 6, sample robots: over 200 seeds on the 2 x 2 sample course the planner finishes in fewer
//! turns than greedy and greedy than random, no bot's program is ever refused by the engine, and
//! the `play` and `drive` subcommands print a game and parseable statistics.

use factory_floor::bots::FlagMaps;
use factory_floor::bots::options::bot_policy;
use factory_floor::bots::{
    Arena, BotKind, Choice, DriveOptions, DriveStats, drive, parse_bots, play_game, submit,
};
use factory_floor::engine::{
    Card, CardKind, DiscardReason, Event, Exchange, Factory, Game, OptionCard, OptionSource,
    RobotSetup, Settings, Stage, Status, WrenchChoice,
};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{Barrier, Beams, Board, EdgeSpec, Mount, SquareSpec, Tile, Wrenches};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::OnceLock;

/// A fair cap: a lone greedy robot needs about 14 turns on this course, random ones never finish.
const TURN_CAP: u32 = 40;
const SEEDS: usize = 200;

mod common;

use common::run;

fn course() -> PathBuf {
    common::path("courses/standard-2x2.json")
}

fn arena() -> &'static Arena {
    static ARENA: OnceLock<Arena> = OnceLock::new();
    ARENA.get_or_init(|| match Arena::load(&course()) {
        Ok(a) => a,
        Err(e) => panic!("the 2 x 2 sample course does not load: {e}"),
    })
}

fn drive_alone(bot: BotKind) -> DriveStats {
    let options = DriveOptions {
        bots: vec![bot],
        games: SEEDS,
        seed: 0,
        turn_cap: TURN_CAP,
        threads: 0,
        options: true,
    };
    match drive(arena(), &options, &|_| true) {
        Ok((stats, games)) => {
            assert_eq!(games.len(), SEEDS);
            stats
        }
        Err(e) => panic!("the drive failed: {e}"),
    }
}

#[test]
fn planner_beats_greedy_beats_random_on_median_turns_over_200_seeds_issue_6() {
    let [planner, greedy, random] =
        [BotKind::Planner, BotKind::Greedy, BotKind::Random].map(drive_alone);
    let median = |s: &DriveStats| s.by_bot[0].turns_to_finish.median;
    println!(
        "median turns to finish: planner {}, greedy {}, random {}",
        median(&planner),
        median(&greedy),
        median(&random)
    );
    // Since greedy counts the board lasers' damage (issue 17 item 5, careful bots) it finishes
    // alone in the planner's median (12 turns, from 14); in a race the planner stays ahead
    // (`no_bot_program_is_ever_refused_when_they_race_together_rulings_legal_programs_only`).
    assert!(median(&planner) <= median(&greedy));
    assert!(median(&greedy) < median(&random));
    assert!(planner.by_bot[0].completion_rate >= greedy.by_bot[0].completion_rate);
    // Every robot is counted: an unfinished one as the cap.
    for s in [&planner, &greedy, &random] {
        assert_eq!(s.by_bot[0].robots, SEEDS);
        assert!(s.turns_to_finish.upper_quartile <= f64::from(TURN_CAP));
        assert_eq!(s.refusals, 0, "the engine refused a {} program", s.bots[0]);
    }
}

#[test]
fn no_bot_program_is_ever_refused_when_they_race_together_rulings_legal_programs_only() {
    let options = DriveOptions {
        bots: vec![
            BotKind::Planner,
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Random,
        ],
        games: SEEDS,
        seed: 1000,
        turn_cap: TURN_CAP,
        threads: 0,
        options: true,
    };
    let (stats, games) = match drive(arena(), &options, &|_| true) {
        Ok(r) => r,
        Err(e) => panic!("the drive failed: {e}"),
    };
    assert_eq!(stats.refusals, 0);
    assert!(games.iter().all(|g| g.refusals == 0));
    // Random robots get damaged, pushed and destroyed: the refusal count covered locked
    // registers, short hands and re-entries, not only fresh robots.
    assert!(stats.deaths_by_cause.values().sum::<usize>() > 0);
    let planner = &stats.by_bot.iter().find(|b| b.bot == "planner");
    let greedy = &stats.by_bot.iter().find(|b| b.bot == "greedy");
    let (Some(planner), Some(greedy)) = (planner, greedy) else {
        panic!("a bot is missing from the statistics: {:?}", stats.by_bot);
    };
    assert!(planner.turns_to_finish.median < greedy.turns_to_finish.median);
}

#[test]
fn submit_counts_a_refused_program_and_plays_a_legal_one_instead() {
    let settings = Settings::default();
    let mut game = match arena().game(&[BotKind::Greedy], settings, 5) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut events = Vec::new();
    game.begin_turn(&mut events);
    let hand = game.hand(0).to_vec();
    assert_eq!(hand.len(), 9);
    // Not a card of this hand: priorities are unique and 0 is none of them.
    let foreign = Card::new(CardKind::Move3, 0);
    let bad = Choice {
        cards: vec![foreign, hand[0], hand[1], hand[2], hand[3]],
        power_down: false,
        ..Choice::default()
    };
    assert!(submit(&mut game, 0, &bad, &mut events));
    let registers = game.robots()[0].registers;
    assert_eq!(
        registers.to_vec(),
        hand[..5].iter().map(|&c| Some(c)).collect::<Vec<_>>()
    );
    // The engine took the fallback: the turn runs.
    game.run_phase(&mut events);
    assert_eq!(game.stage(), Stage::Phase(1));
    // A good choice is not a refusal.
    let mut game2 = match arena().game(&[BotKind::Greedy], settings, 5) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    game2.begin_turn(&mut events);
    let good = Choice {
        cards: game2.hand(0)[4..9].to_vec(),
        power_down: false,
        ..Choice::default()
    };
    assert!(!submit(&mut game2, 0, &good, &mut events));
}

#[test]
fn a_drive_gives_the_same_statistics_on_one_thread_and_on_many() {
    let mut options = DriveOptions {
        bots: vec![BotKind::Planner, BotKind::Random],
        games: 24,
        seed: 77,
        turn_cap: 20,
        threads: 1,
        options: true,
    };
    let one = drive(arena(), &options, &|_| true).map(|r| r.0);
    options.threads = 3;
    let many = drive(arena(), &options, &|_| true).map(|r| r.0);
    assert_eq!(one, many);
    let Ok(stats) = one else {
        panic!("the drive failed")
    };
    assert_eq!(stats.games, 24);
    assert_eq!(stats.destroyed.len(), 24);
    assert_eq!(stats.destroyed[0].len(), 24);
    // Destructions on the map are the destructions by cause (all on this board's rectangle).
    let on_map: u32 = stats.destroyed.iter().flatten().sum();
    let by_cause: usize = stats.deaths_by_cause.values().sum();
    assert!(on_map as usize <= by_cause);
}

#[test]
fn play_game_reports_each_finish_in_the_turn_of_its_finished_event() {
    let mut finishes = Vec::new();
    let mut turn = 0;
    let result = play_game(
        arena(),
        &[BotKind::Planner, BotKind::Greedy],
        9,
        TURN_CAP,
        |game: &Game, events: &[Event]| {
            for e in events {
                match e {
                    Event::TurnStarted { turn: t } => turn = *t,
                    Event::Finished { robot, .. } => finishes.push((*robot, game.turn())),
                    _ => {}
                }
            }
        },
    );
    let Ok(result) = result else {
        panic!("the game failed")
    };
    assert!(turn >= 1);
    assert_eq!(result.turns, turn);
    for (robot, t) in &finishes {
        assert_eq!(result.finished_turn[usize::from(*robot)], Some(*t));
    }
    assert_eq!(
        result.finished_turn.iter().flatten().count(),
        finishes.len()
    );
    // The planner alone finishes this course well inside the cap on every seed tried; here too.
    assert!(result.finished_turn[0].is_some());
}

#[test]
fn parse_bots_names_the_bad_word() {
    assert_eq!(
        parse_bots("planner, greedy,random"),
        Ok(vec![BotKind::Planner, BotKind::Greedy, BotKind::Random])
    );
    let Err(e) = parse_bots("planner,clever") else {
        panic!("an unknown bot was accepted")
    };
    assert!(e.contains("\"clever\""), "{e}");
    assert!(parse_bots(&["random"; 9].join(",")).is_err());
}

#[test]
fn play_prints_a_game_event_by_event() {
    let path = course();
    let path = path.to_string_lossy();
    let (code, out, err) = run(&[
        "play",
        &path,
        "--bots",
        "planner,greedy,random",
        "--seed",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"Turn 1 begins"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("planner 1 moves from (1, 1)"))
    );
    assert!(lines.iter().any(|l| l.contains("touched")));
    for name in ["planner 1", "greedy 2", "random 3"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{name} finished in turn"))
                    || *l == format!("{name} did not finish")),
            "no outcome for {name}"
        );
    }
    // --log adds the cards dealt and revealed; --turns stops the game.
    let (code, log, _) = run(&["play", &path, "--seed", "4", "--log", "--turns", "2"]);
    assert_eq!(code, 0);
    assert!(log.contains("Turn 2 begins") && !log.contains("Turn 3 begins"));
    assert!(log.lines().any(|l| l.contains("reveals")), "{log}");
    let (code, _, err) = run(&["play", &path, "--bots", "planner,wizard"]);
    assert_eq!(code, 2);
    assert!(err.contains("wizard"));
}

#[test]
fn drive_json_gives_parseable_statistics() {
    let path = course();
    let path = path.to_string_lossy();
    let (code, out, err) = run(&[
        "drive",
        &path,
        "--bots",
        "planner,greedy,random,random",
        "--games",
        "16",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = match serde_json::from_str(&out) {
        Ok(v) => v,
        Err(e) => panic!("drive --json is not JSON: {e}\n{out}"),
    };
    assert_eq!(value["games"], 16);
    assert_eq!(value["turn_cap"], 40);
    assert_eq!(value["refusals"], 0);
    let by_bot = value["by_bot"].as_array().map_or(0, Vec::len);
    assert_eq!(by_bot, 3);
    let median = value["turns_to_finish"]["median"].as_f64();
    assert!(median.is_some_and(|m| (1.0..=40.0).contains(&m)));
    assert_eq!(value["destroyed"].as_array().map(Vec::len), Some(24));
    assert_eq!(value["damage"][0].as_array().map(Vec::len), Some(24));
    let (code, text, _) = run(&["drive", &path, "--games", "4"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("4 games on Standard Factory"), "{text}");
    // A count of one in user words: "1 game", "1 robot", never "1 games", "1 robots".
    let (code, text, _) = run(&["drive", &path, "--games", "1", "--bots", "planner"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("1 game on Standard Factory"), "{text}");
    assert!(text.contains("planner: 1 robot,"), "{text}");
}

#[test]
fn a_drive_reports_progress_and_stops_when_cancelled() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let options = DriveOptions {
        bots: vec![BotKind::Greedy, BotKind::Random],
        games: 500,
        seed: 5,
        turn_cap: 20,
        threads: 2,
        options: true,
    };
    let calls = AtomicUsize::new(0);
    // Cancel after the 10th game: the workers finish the games they hold and start no more (a
    // worker may start one more game in the instant before the cancel is seen).
    let result = drive(arena(), &options, &|done| {
        calls.fetch_add(1, Ordering::Relaxed);
        done < 10
    });
    let Ok((stats, games)) = result else {
        panic!("the drive failed")
    };
    assert!((10..=20).contains(&games.len()), "{} games", games.len());
    assert_eq!(stats.games, games.len());
    assert_eq!(calls.load(Ordering::Relaxed), games.len());
    assert_eq!(
        stats.by_bot.iter().map(|b| b.robots).sum::<usize>(),
        2 * games.len()
    );
}

/// Plays `bots` on the sample course from `seed` with every robot given `per_robot` option cards
/// at the start; returns the refusals and every event.
fn play_with_options(
    bots: &[BotKind],
    seed: u64,
    per_robot: usize,
    turns: u32,
) -> (u32, Vec<Event>) {
    let settings = Settings {
        turn_limit: Some(turns),
        ..Settings::default()
    };
    let mut game = match arena().game(bots, settings, seed) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut events = Vec::new();
    for i in 0..bots.len() {
        for _ in 0..per_robot {
            game.draw_option(i, OptionSource::DoubleWrench, &mut events);
        }
    }
    let mut players: Vec<_> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| b.make(&arena().maps, seed + i as u64))
        .collect();
    let mut refusals = 0;
    while !game.is_over() {
        for (i, bot) in players.iter_mut().enumerate() {
            if game.robot(i).is_some_and(|r| r.status == Status::Destroyed)
                && let Some((facing, down)) = bot.reentry(&game, i)
            {
                game.choose_reentry(i, facing, down);
            }
        }
        game.begin_turn(&mut events);
        for (i, bot) in players.iter_mut().enumerate() {
            if game
                .robot(i)
                .is_some_and(|r| r.is_active() && !r.powered_down)
            {
                let choice = bot.choose(&game, i);
                if submit(&mut game, i, &choice, &mut events) {
                    refusals += 1;
                }
            }
        }
        while let Stage::Programming | Stage::Phase(1..=4) = game.stage() {
            game.run_phase(&mut events);
        }
        if game.stage() == Stage::Phase(5) {
            game.end_turn(&mut events);
        }
    }
    (refusals, events)
}

#[test]
fn no_bot_program_with_option_choices_is_ever_refused_issue_8() {
    let bots = [
        BotKind::Planner,
        BotKind::Greedy,
        BotKind::Random,
        BotKind::Random,
    ];
    let mut used = 0;
    for seed in 0..12 {
        // 6 options each: 24 of the 26 cards are in play.
        let (refusals, events) = play_with_options(&bots, seed, 6, 15);
        assert_eq!(
            refusals, 0,
            "seed {seed}: a program with options was refused"
        );
        used += events
            .iter()
            .filter(|e| matches!(e, Event::OptionUsed { .. }))
            .count();
    }
    assert!(used > 20, "the bots used options only {used} times");
}

#[test]
fn bots_take_an_option_when_undamaged_on_a_double_wrench_and_give_one_up_rather_than_a_life_issue_8()
 {
    let policy = bot_policy();
    assert_eq!(policy.double_wrench, WrenchChoice::Default);
    assert_eq!(policy.exchange, Exchange::WhenFatal);
    // Three walled-in robots on double-wrench sites: undamaged, damaged, and one a 1-beam laser
    // hits every phase with 9 damage and two options.
    let mut tile = Tile::new("t", 5, 1);
    for x in [0, 2, 4] {
        let spec = SquareSpec {
            repair: Wrenches::new(2),
            ..SquareSpec::default()
        };
        tile.set_square(Square::new(x, 0), spec);
        for side in Facing::ALL {
            let mount = (x == 4 && side == Facing::N)
                .then(|| Beams::new(1).map(Mount::Laser))
                .flatten();
            let edge = EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount,
            };
            tile.set_edge(Square::new(x, 0), side, edge);
        }
    }
    let factory = Arc::new(Factory::new(Board::from_tile(&tile, &[Square::new(1, 0)])));
    let maps = Arc::new(FlagMaps::new(Arc::clone(&factory)));
    let mut setups = vec![
        RobotSetup::new("fresh", Square::new(0, 0), Facing::E),
        RobotSetup::new("hurt", Square::new(2, 0), Facing::E),
        RobotSetup::new("shot", Square::new(4, 0), Facing::E),
    ];
    setups[1].damage = 3;
    setups[2].damage = 9;
    setups[2].options = [OptionCard::Brakes, OptionCard::Shield]
        .into_iter()
        .collect();
    for kind in [BotKind::Greedy, BotKind::Planner] {
        let Ok(mut game) = Game::new(Arc::clone(&factory), &setups, Settings::default(), 4) else {
            panic!("setup");
        };
        let mut events = Vec::new();
        game.begin_turn(&mut events);
        for i in 0..3 {
            let mut bot = kind.make(&maps, 1);
            let choice = bot.choose(&game, i);
            assert!(!submit(&mut game, i, &choice, &mut events));
        }
        while let Stage::Programming | Stage::Phase(1..=4) = game.stage() {
            game.run_phase(&mut events);
        }
        game.end_turn(&mut events);
        let r = game.robots();
        assert_eq!((r[0].damage, game.options(0).len()), (0, 1), "{kind:?}");
        assert_eq!((r[1].damage, game.options(1).len()), (1, 0), "{kind:?}");
        // Shot 5 times at 9 damage: Brakes then the Shield go rather than a life, then it dies.
        assert_eq!(r[2].lives, 2, "{kind:?}");
        let exchanged = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::OptionDiscarded {
                        robot: 2,
                        reason: DiscardReason::Exchange,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(exchanged, 2, "{kind:?}");
    }
}

/// Issue 8: "Game setting to play without options". Over the same seeds, games with options draw
/// some on this course's double wrenches; games without draw and hold none.
#[test]
fn games_without_options_draw_none_and_games_with_them_do() {
    use factory_floor::bots::play_game_with;
    let bots = [BotKind::Planner, BotKind::Greedy, BotKind::Random];
    let mut drawn = [0usize; 2];
    for (k, options) in [false, true].into_iter().enumerate() {
        for seed in 0..30 {
            let result = play_game_with(arena(), &bots, seed, TURN_CAP, options, |game, events| {
                assert_eq!(game.settings.options, options);
                drawn[k] += events
                    .iter()
                    .filter(|e| matches!(e, Event::OptionDrawn { .. }))
                    .count();
                if !options {
                    assert!((0..bots.len()).all(|i| game.options(i).is_empty()));
                }
            });
            assert!(result.is_ok());
        }
    }
    assert_eq!(drawn[0], 0, "no option is drawn with options off");
    assert!(
        drawn[1] > 0,
        "options are drawn in 30 games with options on"
    );
}

#[test]
fn a_drive_or_play_of_a_broken_course_names_the_file_and_what_is_wrong() {
    // Found by fuzzing: flags numbered 2 and 3 were raced as flags 1 and 2 without a word, and
    // a course the games cannot start on said "3 robots but only 2 numbered start squares"
    // without naming the file.
    let Ok(text) = std::fs::read_to_string(common::path("courses").join("first-steps.json")) else {
        panic!("no first-steps")
    };
    let dir = common::temp_dir();
    let renumbered = text
        .replace("\"number\": 2", "\"number\": 3")
        .replace("\"number\": 1", "\"number\": 2");
    let path = dir.path().join("renumbered.json");
    assert!(std::fs::write(&path, renumbered).is_ok());
    let path = path.to_string_lossy().into_owned();
    for command in [&["drive", &path, "--games", "2"][..], &["play", &path][..]] {
        let (code, _, err) = run(command);
        assert_eq!(code, 0, "{command:?}: {err}");
        assert!(
            err.contains("renumbered.json: the games play the course as it is")
                && err.contains("[flag-numbering]"),
            "{command:?}: {err}"
        );
    }
    // Two numbered starts, three robots (the default bots): the games cannot start.
    let two = common::path("tests/fixtures").join("two_numbered_starts.json");
    let (code, _, err) = run(&["drive", &two.to_string_lossy(), "--games", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("two_numbered_starts.json: 3 robots but only 2 numbered start squares"),
        "{err}"
    );
}
