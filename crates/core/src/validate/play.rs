//! "How it plays" (issue 17 item 5): the course raced many times by sample robots through the
//! one race driver (`race::play_game`), with the course's player count, summed up as expected
//! turns to finish, the finish rate within a turn budget, deaths per robot and per game by cause,
//! the deadliest squares, and a difficulty and length class. Games are added one at a time, so
//! the window can show the estimate filling in, with 95% confidence intervals.

use crate::bots::{Arena, BotKind};
use crate::engine::DestroyCause;
use crate::format::words::count;
use crate::geom::Square;
use crate::race::{self, GameResult};
use std::collections::BTreeMap;
use std::fmt;

/// The turn budget a game is played to (a robot not home by then has not finished).
pub const TURN_BUDGET: u32 = 40;

/// The sample robot every player is: the planner, which plays its best programs out in the
/// engine with the other robots on the board.
pub const BOT: BotKind = BotKind::Planner;

/// Difficulty classes by finish rate and deaths per robot (docs/validation.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DifficultyClass {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl DifficultyClass {
    pub fn name(self) -> &'static str {
        match self {
            DifficultyClass::Easy => "easy",
            DifficultyClass::Medium => "medium",
            DifficultyClass::Hard => "hard",
            DifficultyClass::Expert => "expert",
        }
    }

    /// Easy: at least 90% finish and under 0.5 deaths a robot; medium: 70% and under 1.5;
    /// hard: 40%; expert: the rest.
    pub fn of(finish_rate: f64, deaths_per_robot: f64) -> DifficultyClass {
        if finish_rate >= 0.9 && deaths_per_robot < 0.5 {
            DifficultyClass::Easy
        } else if finish_rate >= 0.7 && deaths_per_robot < 1.5 {
            DifficultyClass::Medium
        } else if finish_rate >= 0.4 {
            DifficultyClass::Hard
        } else {
            DifficultyClass::Expert
        }
    }
}

/// Length classes by mean turns to finish over the robots that finish: short up to 10 turns,
/// medium up to 20, long beyond (or when nobody finishes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LengthClass {
    Short,
    Medium,
    Long,
}

impl LengthClass {
    pub fn name(self) -> &'static str {
        match self {
            LengthClass::Short => "short",
            LengthClass::Medium => "medium",
            LengthClass::Long => "long",
        }
    }

    pub fn of(mean_turns: Option<f64>) -> LengthClass {
        match mean_turns {
            Some(t) if t <= 10.0 => LengthClass::Short,
            Some(t) if t <= 20.0 => LengthClass::Medium,
            _ => LengthClass::Long,
        }
    }
}

/// The running estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayEstimate {
    pub players: usize,
    pub turn_budget: u32,
    pub games: usize,
    pub robots: usize,
    pub finished: usize,
    turns_sum: f64,
    turns_sq: f64,
    /// Deaths by cause, in user words (`race::drive::cause_name`).
    pub deaths: BTreeMap<&'static str, usize>,
    /// Deaths per square (squares beyond the edge are where a robot left the board).
    pub death_squares: BTreeMap<(i32, i32), u32>,
}

impl PlayEstimate {
    pub fn new(players: usize, turn_budget: u32) -> PlayEstimate {
        PlayEstimate {
            players,
            turn_budget,
            games: 0,
            robots: 0,
            finished: 0,
            turns_sum: 0.0,
            turns_sq: 0.0,
            deaths: BTreeMap::new(),
            death_squares: BTreeMap::new(),
        }
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameResult) {
        self.games += 1;
        self.robots += game.finished_turn.len();
        for t in game.finished_turn.iter().flatten() {
            self.finished += 1;
            let t = f64::from(*t);
            self.turns_sum += t;
            self.turns_sq += t * t;
        }
        for &(_, at, cause) in &game.destroyed {
            *self.deaths.entry(cause_word(cause)).or_default() += 1;
            *self.death_squares.entry((at.y, at.x)).or_default() += 1;
        }
    }

    /// Mean turns to finish over the robots that finished, with the half-width of its 95%
    /// confidence interval (normal approximation; 0 with one finisher).
    pub fn turns(&self) -> Option<(f64, f64)> {
        if self.finished == 0 {
            return None;
        }
        let n = self.finished as f64;
        let mean = self.turns_sum / n;
        let var = if self.finished > 1 {
            ((self.turns_sq - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Some((mean, 1.96 * (var / n).sqrt()))
    }

    /// The finish rate within the turn budget with its 95% Wilson interval `(rate, low, high)`.
    pub fn finish_rate(&self) -> (f64, f64, f64) {
        if self.robots == 0 {
            return (0.0, 0.0, 1.0);
        }
        let n = self.robots as f64;
        let p = self.finished as f64 / n;
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    pub fn deaths_total(&self) -> usize {
        self.deaths.values().sum()
    }

    pub fn deaths_per_robot(&self) -> f64 {
        self.deaths_total() as f64 / self.robots.max(1) as f64
    }

    pub fn deaths_per_game(&self, cause: &str) -> f64 {
        self.deaths.get(cause).copied().unwrap_or(0) as f64 / self.games.max(1) as f64
    }

    /// The `n` squares most robots died on, most first (reading order on ties).
    pub fn deadliest(&self, n: usize) -> Vec<(Square, u32)> {
        let mut all: Vec<(Square, u32)> = self
            .death_squares
            .iter()
            .map(|(&(y, x), &c)| (Square::new(x, y), c))
            .collect();
        all.sort_by_key(|&(s, c)| (std::cmp::Reverse(c), s.y, s.x));
        all.truncate(n);
        all
    }

    pub fn difficulty(&self) -> DifficultyClass {
        DifficultyClass::of(self.finish_rate().0, self.deaths_per_robot())
    }

    pub fn length(&self) -> LengthClass {
        LengthClass::of(self.turns().map(|t| t.0))
    }
}

/// A cause of destruction in the report's words.
pub fn cause_word(cause: DestroyCause) -> &'static str {
    race::drive::cause_name(cause)
}

/// How many robots race the course: its most players, at most 8 (seed 000).
pub fn players_of(course: &crate::model::Course) -> usize {
    usize::from(course.players.max).clamp(1, race::MAX_PLAYERS)
}

/// Plays `games` games of `players` planners on `arena`, game `g` seeded `seed + g`, calling
/// `progress` after each; stops early when it returns `false`. Errors (a course that cannot be
/// raced) end the estimate with what was played.
pub fn estimate(
    arena: &Arena,
    players: usize,
    games: usize,
    seed: u64,
    progress: &mut dyn FnMut(&PlayEstimate) -> bool,
) -> Result<PlayEstimate, String> {
    let bots = vec![BOT; players.max(1)];
    let mut est = PlayEstimate::new(bots.len(), TURN_BUDGET);
    for g in 0..games {
        let result = race::play_game(
            arena,
            &bots,
            seed.wrapping_add(g as u64),
            TURN_BUDGET,
            |_, _| {},
        )?;
        est.add(&result);
        if !progress(&est) {
            break;
        }
    }
    Ok(est)
}

impl fmt::Display for PlayEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rate, low, high) = self.finish_rate();
        write!(
            f,
            "{} of {} planner {}, {} each: ",
            count(self.games as u64, "game"),
            self.players,
            if self.players == 1 { "robot" } else { "robots" },
            count(self.turn_budget as u64, "turn")
        )?;
        match self.turns() {
            Some((mean, half)) => write!(f, "{mean:.1} ± {half:.1} turns to finish")?,
            None => write!(f, "no robot finished")?,
        }
        write!(
            f,
            "; {:.0}% finish (95%: {:.0}-{:.0}%); {:.2} deaths a robot",
            rate * 100.0,
            low * 100.0,
            high * 100.0,
            self.deaths_per_robot()
        )?;
        let causes: Vec<String> = self
            .deaths
            .keys()
            .map(|c| format!("{c} {:.2}", self.deaths_per_game(c)))
            .collect();
        if !causes.is_empty() {
            write!(f, " (a game: {})", causes.join(", "))?;
        }
        write!(
            f,
            "; difficulty {}, length {}",
            self.difficulty().name(),
            self.length().name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classes_follow_their_documented_thresholds() {
        assert_eq!(DifficultyClass::of(0.95, 0.2), DifficultyClass::Easy);
        assert_eq!(DifficultyClass::of(0.95, 0.7), DifficultyClass::Medium);
        assert_eq!(DifficultyClass::of(0.75, 1.0), DifficultyClass::Medium);
        assert_eq!(DifficultyClass::of(0.5, 3.0), DifficultyClass::Hard);
        assert_eq!(DifficultyClass::of(0.1, 0.0), DifficultyClass::Expert);
        assert_eq!(LengthClass::of(Some(10.0)), LengthClass::Short);
        assert_eq!(LengthClass::of(Some(15.0)), LengthClass::Medium);
        assert_eq!(LengthClass::of(None), LengthClass::Long);
    }

    #[test]
    fn the_estimate_sums_games_with_intervals_that_hold_the_rate() {
        let mut e = PlayEstimate::new(2, TURN_BUDGET);
        let game = |finished: Vec<Option<u32>>, destroyed| GameResult {
            finished_turn: finished,
            destroyed,
            ..GameResult::default()
        };
        e.add(&game(
            vec![Some(10), None],
            vec![(1, Square::new(-1, 3), DestroyCause::Edge)],
        ));
        e.add(&game(vec![Some(12), Some(14)], Vec::new()));
        assert_eq!((e.games, e.robots, e.finished), (2, 4, 3));
        let (rate, low, high) = e.finish_rate();
        assert!((rate - 0.75).abs() < 1e-9 && low < rate && rate < high);
        let Some((mean, half)) = e.turns() else {
            panic!("no turns")
        };
        assert!((mean - 12.0).abs() < 1e-9 && half > 0.0);
        assert_eq!(e.deaths_per_game("edge"), 0.5);
        assert_eq!(e.deadliest(1), vec![(Square::new(-1, 3), 1)]);
    }
}
