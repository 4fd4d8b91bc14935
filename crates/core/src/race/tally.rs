//! Running statistics of a test drive (issue 16 item 7): each finished game is added to a tally
//! of fixed size (turn counts, deaths by cause, per-square heat maps) and dropped, so a drive's
//! memory does not grow with its number of games. Tallies of several threads merge by adding, so
//! the statistics are the same whatever the thread count.

use super::MAX_TURN_CAP;
use super::stats::{BotStats, DriveOptions, DriveStats, GameResult, TurnStats, cause_name};
use crate::bots::{Arena, BotKind};
use crate::engine::DestroyCause;
use std::collections::BTreeMap;

/// The causes of destruction, in the order the tally counts them.
const CAUSES: [DestroyCause; 4] = [
    DestroyCause::Pit,
    DestroyCause::Edge,
    DestroyCause::Damage,
    DestroyCause::Crusher,
];

/// Turns to finish of one robot seat: `finished[t]` robots finished in turn `t`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Seat {
    finished: Vec<u64>,
    unfinished: u64,
    deaths: u64,
}

/// What the games so far add up to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    games: usize,
    seats: Vec<Seat>,
    causes: [u64; CAUSES.len()],
    refusals: u64,
    width: i32,
    height: i32,
    /// Row by row, `width * height`.
    destroyed: Vec<u32>,
    damage: Vec<u32>,
}

impl Tally {
    /// An empty tally for `seats` robots on a board of `width` x `height`.
    pub fn new(seats: usize, width: i32, height: i32) -> Tally {
        let cells = (width.max(0) * height.max(0)) as usize;
        Tally {
            games: 0,
            seats: vec![Seat::default(); seats],
            causes: [0; CAUSES.len()],
            refusals: 0,
            width,
            height,
            destroyed: vec![0; cells],
            damage: vec![0; cells],
        }
    }

    /// An empty tally for a drive of `options` on `arena`.
    pub fn for_drive(arena: &Arena, options: &DriveOptions) -> Tally {
        Tally::new(
            options.bots.len(),
            arena.board.width(),
            arena.board.height(),
        )
    }

    pub fn games(&self) -> usize {
        self.games
    }

    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then(|| (y * self.width + x) as usize)
    }

    /// Adds one finished game.
    pub fn add(&mut self, game: &GameResult) {
        self.games += 1;
        self.refusals += u64::from(game.refusals);
        for (i, t) in game.finished_turn.iter().enumerate() {
            let Some(seat) = self.seats.get_mut(i) else {
                continue;
            };
            match *t {
                Some(t) => {
                    let t = t as usize;
                    if seat.finished.len() <= t {
                        seat.finished.resize(t + 1, 0);
                    }
                    seat.finished[t] += 1;
                }
                None => seat.unfinished += 1,
            }
        }
        for &(robot, at, cause) in &game.destroyed {
            if let Some(seat) = self.seats.get_mut(usize::from(robot)) {
                seat.deaths += 1;
            }
            if let Some(k) = CAUSES.iter().position(|&c| c == cause) {
                self.causes[k] += 1;
            }
            if let Some(c) = self.cell(at.x, at.y) {
                self.destroyed[c] += 1;
            }
        }
        for &(at, amount) in &game.damaged {
            if let Some(c) = self.cell(at.x, at.y) {
                self.damage[c] += u32::from(amount);
            }
        }
    }

    /// Adds another tally of the same drive.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.refusals += other.refusals;
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            if a.finished.len() < b.finished.len() {
                a.finished.resize(b.finished.len(), 0);
            }
            for (x, y) in a.finished.iter_mut().zip(&b.finished) {
                *x += y;
            }
            a.unfinished += b.unfinished;
            a.deaths += b.deaths;
        }
        for (a, b) in self.causes.iter_mut().zip(other.causes) {
            *a += b;
        }
        for (a, b) in self.destroyed.iter_mut().zip(&other.destroyed) {
            *a += b;
        }
        for (a, b) in self.damage.iter_mut().zip(&other.damage) {
            *a += b;
        }
    }

    /// The statistics of the games tallied.
    pub fn stats(&self, arena: &Arena, options: &DriveOptions) -> DriveStats {
        let cap = options.turn_cap.clamp(1, MAX_TURN_CAP);
        let mut kinds: Vec<BotKind> = options.bots.clone();
        kinds.sort_unstable();
        kinds.dedup();
        let mut all = Seat::default();
        let mut by_bot = Vec::new();
        for kind in kinds {
            let mut sum = Seat::default();
            for (i, seat) in self.seats.iter().enumerate() {
                if options.bots.get(i) == Some(&kind) {
                    add_seat(&mut sum, seat);
                }
            }
            let finished = sum.finished.iter().sum::<u64>() as usize;
            let robots = finished + sum.unfinished as usize;
            by_bot.push(BotStats {
                bot: kind.name().to_string(),
                robots,
                finished,
                completion_rate: ratio(finished, robots),
                turns_to_finish: turn_stats(&sum, cap),
                deaths: sum.deaths as usize,
            });
            add_seat(&mut all, &sum);
        }
        let finished = all.finished.iter().sum::<u64>() as usize;
        let robots = finished + all.unfinished as usize;
        let mut deaths_by_cause = BTreeMap::new();
        for (k, &n) in self.causes.iter().enumerate() {
            if n > 0 {
                deaths_by_cause.insert(cause_name(CAUSES[k]).to_string(), n as usize);
            }
        }
        let rows = |grid: &[u32]| -> Vec<Vec<u32>> {
            grid.chunks(self.width.max(1) as usize)
                .map(<[u32]>::to_vec)
                .collect()
        };
        DriveStats {
            course: arena.name.clone(),
            rules: arena.rules.to_string(),
            bots: options.bots.iter().map(|b| b.name().to_string()).collect(),
            games: self.games,
            seed: options.seed,
            turn_cap: cap,
            completion_rate: ratio(finished, robots),
            turns_to_finish: turn_stats(&all, cap),
            by_bot,
            deaths_by_cause,
            refusals: self.refusals,
            width: self.width,
            height: self.height,
            destroyed: rows(&self.destroyed),
            damage: rows(&self.damage),
        }
    }
}

fn add_seat(sum: &mut Seat, seat: &Seat) {
    if sum.finished.len() < seat.finished.len() {
        sum.finished.resize(seat.finished.len(), 0);
    }
    for (x, y) in sum.finished.iter_mut().zip(&seat.finished) {
        *x += y;
    }
    sum.unfinished += seat.unfinished;
    sum.deaths += seat.deaths;
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Quartiles of turns to finish, unfinished robots counting as the cap, and the histogram of the
/// turns robots finished in: the quartiles interpolate between the closest ranks of the sorted
/// turns, read from the counts rather than from a list of every robot.
fn turn_stats(seat: &Seat, cap: u32) -> TurnStats {
    let mut histogram = vec![0u32; cap as usize + 1];
    for (t, &n) in seat.finished.iter().enumerate() {
        if let Some(h) = histogram.get_mut(t) {
            *h = n.min(u64::from(u32::MAX)) as u32;
        }
    }
    // The sorted values: each finished turn `t` repeated `finished[t]` times, with the unfinished
    // robots' `cap` in its place among them.
    let mut counts: Vec<(u32, u64)> = seat
        .finished
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(t, &n)| (t as u32, n))
        .collect();
    if seat.unfinished > 0 {
        counts.push((cap, seat.unfinished));
        counts.sort_unstable_by_key(|c| c.0);
    }
    let total: u64 = counts.iter().map(|c| c.1).sum();
    let value = |rank: u64| -> f64 {
        let mut seen = 0;
        for &(t, n) in &counts {
            seen += n;
            if rank < seen {
                return f64::from(t);
            }
        }
        0.0
    };
    let at = |p: f64| -> f64 {
        if total == 0 {
            return 0.0;
        }
        let pos = p * (total - 1) as f64;
        let lo = pos.floor() as u64;
        let hi = pos.ceil() as u64;
        let frac = pos - lo as f64;
        value(lo) * (1.0 - frac) + value(hi) * frac
    };
    TurnStats {
        lower_quartile: at(0.25),
        median: at(0.5),
        upper_quartile: at(0.75),
        histogram,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::race::{drive, drive_stats};
    use std::path::Path;

    /// The quartiles as `summarize` took them before the tally: from the list of every robot's
    /// turns, sorted.
    fn from_list(finished: &[u32], unfinished: usize, cap: u32) -> [f64; 3] {
        let mut values = finished.to_vec();
        values.extend(std::iter::repeat_n(cap, unfinished));
        values.sort_unstable();
        let at = |p: f64| {
            if values.is_empty() {
                return 0.0;
            }
            let pos = p * (values.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            let frac = pos - lo as f64;
            f64::from(values[lo]) * (1.0 - frac) + f64::from(values[hi]) * frac
        };
        [at(0.25), at(0.5), at(0.75)]
    }

    #[test]
    fn quartiles_from_counts_are_those_of_the_sorted_list() {
        let mut rng = Rng::new(16);
        for _ in 0..300 {
            let cap = 1 + rng.below(30) as u32;
            let finished: Vec<u32> = (0..rng.below(12))
                .map(|_| 1 + rng.below(u64::from(cap)) as u32)
                .collect();
            let unfinished = rng.below(5) as usize;
            let mut seat = Seat {
                unfinished: unfinished as u64,
                ..Seat::default()
            };
            for &t in &finished {
                if seat.finished.len() <= t as usize {
                    seat.finished.resize(t as usize + 1, 0);
                }
                seat.finished[t as usize] += 1;
            }
            let s = turn_stats(&seat, cap);
            assert_eq!(
                [s.lower_quartile, s.median, s.upper_quartile],
                from_list(&finished, unfinished, cap),
                "{finished:?} and {unfinished} unfinished, cap {cap}"
            );
        }
    }

    #[test]
    fn a_drive_sums_up_the_same_on_any_number_of_threads_issue_21() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/standard-2x2.json");
        let arena = match Arena::load(&path) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        let options = |threads| DriveOptions {
            bots: vec![BotKind::Greedy, BotKind::Random, BotKind::Random],
            games: 24,
            seed: 77,
            turn_cap: 12,
            threads,
            options: true,
        };
        let Ok((kept, games)) = drive(&arena, &options(1), &|_| true) else {
            panic!("the drive failed")
        };
        assert_eq!(games.len(), 24);
        assert!(kept.deaths_by_cause.values().sum::<usize>() > 0);
        for threads in [1, 2, 3, 5] {
            let Ok(running) = drive_stats(&arena, &options(threads), &|_| true) else {
                panic!("the drive on {threads} threads failed")
            };
            assert_eq!(running, kept, "{threads} threads");
        }
    }
}
