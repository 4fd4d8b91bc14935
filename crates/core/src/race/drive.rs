//! Test drives: one race of sample robots played to its end (`play_game`), and many races on all
//! cores (`drive`) summed up as completion rates, turns to finish, deaths by cause and where on
//! the board robots were destroyed or damaged. Every game is one `Race` under the course's rules.

pub use super::stats::{BotStats, DriveOptions, DriveStats, GameResult, TurnStats, cause_name};
use super::tally::Tally;
use super::{Controller, Decisions, Race, RaceSetup};
use crate::bots::{Arena, BotKind};
use crate::engine::{Event, Game};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Plays one race of `bots` on `arena` under the course's lives rule for at most `turn_cap`
/// turns. `seed` shuffles the deck and seeds the bots (`race::bot_seed`). `on_events` sees the
/// game and the new events after every step (cards dealt, each register phase, the end of the
/// turn).
pub fn play_game(
    arena: &Arena,
    bots: &[BotKind],
    seed: u64,
    turn_cap: u32,
    on_events: impl FnMut(&Game, &[Event]),
) -> Result<GameResult, String> {
    play_game_with(arena, bots, seed, turn_cap, true, on_events)
}

/// `play_game` with option cards on or off (`Settings::options`; issue 8).
pub fn play_game_with(
    arena: &Arena,
    bots: &[BotKind],
    seed: u64,
    turn_cap: u32,
    options: bool,
    mut on_events: impl FnMut(&Game, &[Event]),
) -> Result<GameResult, String> {
    let robots = bots.iter().map(|&b| Controller::Bot(b)).collect();
    let setup = RaceSetup {
        options,
        ..RaceSetup::new(arena, robots, seed, turn_cap)
    };
    let mut race = Race::new(arena, &setup)?;
    let mut result = GameResult {
        seed,
        finished_turn: vec![None; bots.len()],
        ..GameResult::default()
    };
    race.run(&Decisions::default(), |game, step| {
        result.refusals += step.refused.len() as u32;
        record(game, &step.events, &mut result);
        on_events(game, &step.events);
    });
    result.turns = race.game().turn();
    Ok(result)
}

/// Notes finishes, destructions and damage from one step's events; a robot takes damage in the
/// fire step, after every move of the phase, so its square after the phase is where it was hit.
fn record(game: &Game, events: &[Event], result: &mut GameResult) {
    for e in events {
        match *e {
            Event::Finished { robot, .. } => {
                if let Some(slot) = result.finished_turn.get_mut(usize::from(robot)) {
                    *slot = Some(game.turn());
                }
            }
            Event::Destroyed {
                robot, at, cause, ..
            } => result.destroyed.push((robot, at, cause)),
            Event::Damaged { robot, amount, .. } => {
                if let Some(r) = game.robot(usize::from(robot)) {
                    result.damaged.push((r.square, amount));
                }
            }
            _ => {}
        }
    }
}

/// Plays `options.games` games on every core (an atomic counter hands out game numbers) and sums
/// them up. Game `g` uses seed `options.seed + g`, so a drive is reproducible whatever the thread
/// count. `progress` is called with the number of games done so far after each game; when it
/// returns `false` (a cancel button) no further game starts, and the games done are summed up.
/// Every game's record is returned too; `drive_stats` keeps none, for drives of any length.
pub fn drive(
    arena: &Arena,
    options: &DriveOptions,
    progress: &(dyn Fn(usize) -> bool + Sync),
) -> Result<(DriveStats, Vec<GameResult>), String> {
    drive_with(arena, options, progress, &|_, _, _| {})
}

/// `drive` without the games' records: each game is added to running statistics and dropped, so
/// the memory a drive takes does not grow with its number of games (issue 16 item 7).
pub fn drive_stats(
    arena: &Arena,
    options: &DriveOptions,
    progress: &(dyn Fn(usize) -> bool + Sync),
) -> Result<DriveStats, String> {
    let (tally, _) = run_games(arena, options, progress, &|_, _, _| {}, false)?;
    Ok(tally.stats(arena, options))
}

/// `drive`, with `on_events` seeing every step of every game as `play_game`'s does, with the
/// game's number (0 to `options.games - 1`; game `g` is seeded `options.seed + g`). Games run on
/// several threads at once, so steps of different games interleave.
pub fn drive_with(
    arena: &Arena,
    options: &DriveOptions,
    progress: &(dyn Fn(usize) -> bool + Sync),
    on_events: &(dyn Fn(usize, &Game, &[Event]) + Sync),
) -> Result<(DriveStats, Vec<GameResult>), String> {
    let (tally, games) = run_games(arena, options, progress, on_events, true)?;
    Ok((tally.stats(arena, options), games))
}

/// The games of a drive on its threads: each thread tallies its own games, and the tallies are
/// added at the end (addition does not care about order, so neither do the statistics). With
/// `keep`, every game's record is kept too, in game order. The first failing game (by number)
/// fails the drive.
fn run_games(
    arena: &Arena,
    options: &DriveOptions,
    progress: &(dyn Fn(usize) -> bool + Sync),
    on_events: &(dyn Fn(usize, &Game, &[Event]) + Sync),
    keep: bool,
) -> Result<(Tally, Vec<GameResult>), String> {
    if options.bots.is_empty() {
        return Err("a test drive needs at least one bot".to_string());
    }
    let threads = if options.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        options.threads
    }
    .clamp(1, options.games.max(1));
    let next = AtomicUsize::new(0);
    let cancelled = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    let total = Mutex::new(Tally::for_drive(arena, options));
    let records: Mutex<Vec<(usize, GameResult)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<(usize, String)>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut tally = Tally::for_drive(arena, options);
                let mut mine = Vec::new();
                let mut failed: Option<(usize, String)> = None;
                loop {
                    if cancelled.load(Ordering::Relaxed) {
                        break;
                    }
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= options.games {
                        break;
                    }
                    let seed = options.seed.wrapping_add(g as u64);
                    let r = play_game_with(
                        arena,
                        &options.bots,
                        seed,
                        options.turn_cap,
                        options.options,
                        |game, events| on_events(g, game, events),
                    );
                    match r {
                        Ok(result) => {
                            tally.add(&result);
                            if keep {
                                mine.push((g, result));
                            }
                        }
                        Err(e) => {
                            if failed.as_ref().is_none_or(|f| g < f.0) {
                                failed = Some((g, e));
                            }
                        }
                    }
                    if !progress(done.fetch_add(1, Ordering::Relaxed) + 1) {
                        cancelled.store(true, Ordering::Relaxed);
                    }
                }
                if let Ok(mut t) = total.lock() {
                    t.merge(&tally);
                }
                if let Ok(mut all) = records.lock() {
                    all.append(&mut mine);
                }
                if let (Some(f), Ok(mut first)) = (failed, failure.lock())
                    && first.as_ref().is_none_or(|old| f.0 < old.0)
                {
                    *first = Some(f);
                }
            });
        }
    });
    if let Some((_, e)) = failure.into_inner().map_err(poisoned)? {
        return Err(e);
    }
    let mut all = records.into_inner().map_err(poisoned)?;
    all.sort_by_key(|(g, _)| *g);
    let tally = total.into_inner().map_err(poisoned)?;
    Ok((tally, all.into_iter().map(|(_, r)| r).collect()))
}

/// A lock a panicking test-drive thread left behind.
fn poisoned<T>(_: T) -> String {
    "a test-drive thread failed".to_string()
}

/// Sums up finished games.
pub fn summarize(arena: &Arena, options: &DriveOptions, games: &[GameResult]) -> DriveStats {
    let mut tally = Tally::for_drive(arena, options);
    for g in games {
        tally.add(g);
    }
    tally.stats(arena, options)
}
