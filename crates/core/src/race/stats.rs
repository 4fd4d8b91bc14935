//! What a test drive reports: one game's record, the options of a drive and its statistics
//! (completion rates, turns to finish, deaths by cause, heat maps), and the statistics as text.

use crate::bots::BotKind;
use crate::engine::{DestroyCause, RobotId};
use crate::format::words::count;
use crate::geom::Square;
use serde::Serialize;
use std::collections::BTreeMap;

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
    /// The rules in force ("1994 rules + Infinite Lives"), the course's with `--rule` applied.
    pub rules: String,
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

/// The word for a cause of destruction in the statistics.
pub fn cause_name(cause: DestroyCause) -> &'static str {
    match cause {
        DestroyCause::Pit => "pit",
        DestroyCause::Edge => "edge",
        DestroyCause::Damage => "damage",
        DestroyCause::Crusher => "crusher",
    }
}

impl DriveStats {
    /// The statistics as text for the command line.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{} on {} ({}), turn cap {}\nrules: {}\n",
            count(self.games as u64, "game"),
            // A name from the file: a line break in it must not start a line of the report.
            crate::format::escape_control(&self.course),
            self.bots.join(", "),
            self.turn_cap,
            self.rules
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
                "{:>8}: {}, {:.1}% finished; turns median {:.1}, quartiles {:.1} to {:.1}; {}\n",
                b.bot,
                count(b.robots as u64, "robot"),
                b.completion_rate * 100.0,
                b.turns_to_finish.median,
                b.turns_to_finish.lower_quartile,
                b.turns_to_finish.upper_quartile,
                count(b.deaths as u64, "death")
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
