//! Test drives: one race of sample robots played to its end (`play_game`), and many races on all
//! cores (`drive`) summed up as completion rates, turns to finish, deaths by cause and where on
//! the board robots were destroyed or damaged. Every game is one `Race` under the course's rules.

use super::{Controller, Decisions, MAX_TURN_CAP, Race, RaceSetup};
use crate::bots::{Arena, BotKind};
use crate::engine::{DestroyCause, Event, Game, RobotId};
use crate::geom::Square;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How one game went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    pub seed: u64,
    /// Per robot: the turn it finished in, if it did.
    pub finished_turn: Vec<Option<u32>>,
    /// Where robots were destroyed, and why.
    pub destroyed: Vec<(RobotId, Square, DestroyCause)>,
    /// Where robots took damage, and how much.
    pub damaged: Vec<(Square, u8)>,
    /// Programs the engine refused (the robot then played a legal fallback). Always 0 for the
    /// sample robots; counted so tests can prove it.
    pub refusals: u32,
    pub turns: u32,
}

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

/// What to drive.
#[derive(Clone, Debug)]
pub struct DriveOptions {
    pub bots: Vec<BotKind>,
    pub games: usize,
    pub seed: u64,
    pub turn_cap: u32,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
    /// Play with option cards (issue 8: the default for test drives too).
    pub options: bool,
}

/// Turns to finish over a set of robots: a robot that did not finish counts as the turn cap.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TurnStats {
    pub lower_quartile: f64,
    pub median: f64,
    pub upper_quartile: f64,
    /// `histogram[t]`: robots that finished in turn `t` (index 0 unused); unfinished ones are not
    /// in it.
    pub histogram: Vec<u32>,
}

/// One bot kind's results over all its robots in all games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotStats {
    pub bot: String,
    pub robots: usize,
    pub finished: usize,
    pub completion_rate: f64,
    pub turns_to_finish: TurnStats,
    pub deaths: usize,
}

/// The statistics of a test drive.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DriveStats {
    pub course: String,
    pub bots: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub turn_cap: u32,
    /// Robots that finished, over all robots.
    pub completion_rate: f64,
    pub turns_to_finish: TurnStats,
    pub by_bot: Vec<BotStats>,
    pub deaths_by_cause: BTreeMap<String, usize>,
    pub refusals: u64,
    pub width: i32,
    pub height: i32,
    /// `destroyed[y][x]`: robots destroyed on that square (a robot that left the board is counted
    /// only when the square it was lost on lies inside the board's rectangle).
    pub destroyed: Vec<Vec<u32>>,
    /// `damage[y][x]`: damage points taken on that square.
    pub damage: Vec<Vec<u32>>,
}

/// Plays `options.games` games on every core (an atomic counter hands out game numbers) and sums
/// them up. Game `g` uses seed `options.seed + g`, so a drive is reproducible whatever the thread
/// count. `progress` is called with the number of games done so far after each game; when it
/// returns `false` (a cancel button) no further game starts, and the games done are summed up.
pub fn drive(
    arena: &Arena,
    options: &DriveOptions,
    progress: &(dyn Fn(usize) -> bool + Sync),
) -> Result<(DriveStats, Vec<GameResult>), String> {
    drive_with(arena, options, progress, &|_, _, _| {})
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
    let results: Mutex<Vec<(usize, Result<GameResult, String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Vec::new();
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
                    mine.push((g, r));
                    if !progress(done.fetch_add(1, Ordering::Relaxed) + 1) {
                        cancelled.store(true, Ordering::Relaxed);
                    }
                }
                if let Ok(mut all) = results.lock() {
                    all.append(&mut mine);
                }
            });
        }
    });
    let mut all = results
        .into_inner()
        .map_err(|_| "a test-drive thread failed".to_string())?;
    all.sort_by_key(|(g, _)| *g);
    let mut games = Vec::with_capacity(all.len());
    for (_, r) in all {
        games.push(r?);
    }
    Ok((summarize(arena, options, &games), games))
}

/// Quartiles of turns to finish (`unfinished` robots count as the cap) and the histogram of the
/// turns robots finished in.
fn turn_stats(finished: &[u32], unfinished: usize, turn_cap: u32) -> TurnStats {
    let mut histogram = vec![0u32; turn_cap as usize + 1];
    for &t in finished {
        if let Some(h) = histogram.get_mut(t as usize) {
            *h += 1;
        }
    }
    let mut values: Vec<u32> = finished.to_vec();
    values.extend(std::iter::repeat_n(turn_cap, unfinished));
    values.sort_unstable();
    let at = |p: f64| -> f64 {
        if values.is_empty() {
            return 0.0;
        }
        // Linear interpolation between the closest ranks.
        let pos = p * (values.len() - 1) as f64;
        let lo = pos.floor() as usize;
        let hi = pos.ceil() as usize;
        let frac = pos - lo as f64;
        f64::from(values[lo]) * (1.0 - frac) + f64::from(values[hi]) * frac
    };
    TurnStats {
        lower_quartile: at(0.25),
        median: at(0.5),
        upper_quartile: at(0.75),
        histogram,
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The word for a cause of destruction in the statistics.
pub fn cause_name(cause: DestroyCause) -> &'static str {
    match cause {
        DestroyCause::Pit => "pit",
        DestroyCause::Edge => "edge",
        DestroyCause::Damage => "damage",
        DestroyCause::Crusher => "crusher",
    }
}

fn cell_mut(grid: &mut [Vec<u32>], at: Square) -> Option<&mut u32> {
    let row = grid.get_mut(usize::try_from(at.y).ok()?)?;
    row.get_mut(usize::try_from(at.x).ok()?)
}

/// Sums up finished games.
pub fn summarize(arena: &Arena, options: &DriveOptions, games: &[GameResult]) -> DriveStats {
    let cap = options.turn_cap.clamp(1, MAX_TURN_CAP);
    let mut kinds: Vec<BotKind> = options.bots.clone();
    kinds.sort_unstable();
    kinds.dedup();
    let mut all_finished = Vec::new();
    let mut all_unfinished = 0;
    let mut by_bot = Vec::new();
    for kind in kinds {
        let mut finished = Vec::new();
        let mut unfinished = 0;
        let mut deaths = 0;
        for g in games {
            for (i, t) in g.finished_turn.iter().enumerate() {
                if options.bots.get(i) != Some(&kind) {
                    continue;
                }
                match t {
                    Some(t) => finished.push(*t),
                    None => unfinished += 1,
                }
                deaths += g.destroyed.iter().filter(|d| usize::from(d.0) == i).count();
            }
        }
        let robots = finished.len() + unfinished;
        by_bot.push(BotStats {
            bot: kind.name().to_string(),
            robots,
            finished: finished.len(),
            completion_rate: ratio(finished.len(), robots),
            turns_to_finish: turn_stats(&finished, unfinished, cap),
            deaths,
        });
        all_finished.extend(finished);
        all_unfinished += unfinished;
    }
    let (w, h) = (arena.board.width(), arena.board.height());
    let mut destroyed = vec![vec![0u32; w.max(0) as usize]; h.max(0) as usize];
    let mut damage = vec![vec![0u32; w.max(0) as usize]; h.max(0) as usize];
    let mut deaths_by_cause = BTreeMap::new();
    let mut refusals = 0u64;
    for g in games {
        refusals += u64::from(g.refusals);
        for &(_, at, cause) in &g.destroyed {
            *deaths_by_cause
                .entry(cause_name(cause).to_string())
                .or_insert(0) += 1;
            if let Some(cell) = cell_mut(&mut destroyed, at) {
                *cell += 1;
            }
        }
        for &(at, amount) in &g.damaged {
            if let Some(cell) = cell_mut(&mut damage, at) {
                *cell += u32::from(amount);
            }
        }
    }
    let robots = all_finished.len() + all_unfinished;
    DriveStats {
        course: arena.name.clone(),
        bots: options.bots.iter().map(|b| b.name().to_string()).collect(),
        games: games.len(),
        seed: options.seed,
        turn_cap: cap,
        completion_rate: ratio(all_finished.len(), robots),
        turns_to_finish: turn_stats(&all_finished, all_unfinished, cap),
        by_bot,
        deaths_by_cause,
        refusals,
        width: w,
        height: h,
        destroyed,
        damage,
    }
}

impl DriveStats {
    /// The statistics as text for the command line.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{} games on {} ({}), turn cap {}\n",
            self.games,
            self.course,
            self.bots.join(", "),
            self.turn_cap
        );
        out += &format!(
            "all robots: {:.1}% finished; turns to finish: median {:.1}, quartiles {:.1} to {:.1}\n",
            self.completion_rate * 100.0,
            self.turns_to_finish.median,
            self.turns_to_finish.lower_quartile,
            self.turns_to_finish.upper_quartile
        );
        for b in &self.by_bot {
            out += &format!(
                "{:>8}: {} robots, {:.1}% finished; turns median {:.1}, quartiles {:.1} to {:.1}; {} deaths\n",
                b.bot,
                b.robots,
                b.completion_rate * 100.0,
                b.turns_to_finish.median,
                b.turns_to_finish.lower_quartile,
                b.turns_to_finish.upper_quartile,
                b.deaths
            );
        }
        let causes: Vec<String> = self
            .deaths_by_cause
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        out += &format!(
            "deaths by cause: {}\n",
            if causes.is_empty() {
                "none".to_string()
            } else {
                causes.join(", ")
            }
        );
        let mut worst: Vec<(u32, Square)> = Vec::new();
        for (y, row) in self.destroyed.iter().enumerate() {
            for (x, &n) in row.iter().enumerate() {
                if n > 0 {
                    worst.push((n, Square::new(x as i32, y as i32)));
                }
            }
        }
        worst.sort_by(|a, b| b.0.cmp(&a.0).then((a.1.y, a.1.x).cmp(&(b.1.y, b.1.x))));
        if !worst.is_empty() {
            let top: Vec<String> = worst
                .iter()
                .take(5)
                .map(|(n, s)| format!("{s} {n}"))
                .collect();
            out += &format!("most destructions: {}\n", top.join(", "));
        }
        if self.refusals > 0 {
            out += &format!("programs refused by the engine: {}\n", self.refusals);
        }
        out
    }
}
