//! `factory-floor drive`: many races of sample robots on a course file on every core, summed up
//! as statistics (text, or JSON with per-square heat maps).

use crate::race::{DriveOptions, drive};
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `drive`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub course: PathBuf,
    /// One bot per robot: random, greedy or planner, comma-separated.
    pub bots: String,
    pub games: u32,
    /// Game g uses seed `seed + g`.
    pub seed: u64,
    /// A game not over after this many turns stops; its unfinished robots count as this.
    pub turns: u32,
    /// The statistics as JSON.
    pub json: bool,
    /// Play with option cards.
    pub options: bool,
}

/// Drives the course and prints the statistics; exit 0 done, 2 the bots or the course cannot
/// be used.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some((bots, arena)) = super::bots_and_arena(&args.bots, &args.course, err) else {
        return super::FAILED;
    };
    let options = DriveOptions {
        bots,
        games: args.games as usize,
        seed: args.seed,
        turn_cap: args.turns,
        threads: 0,
        options: args.options,
    };
    let stats = match drive(&arena, &options, &|_| true) {
        Ok((stats, _)) => stats,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return super::FAILED;
        }
    };
    if !args.json {
        let _ = write!(out, "{}", stats.render());
        return super::OK;
    }
    match serde_json::to_string_pretty(&stats) {
        Ok(text) => {
            let _ = writeln!(out, "{text}");
            super::OK
        }
        Err(e) => {
            let _ = writeln!(err, "cannot write the statistics as JSON: {e}");
            super::FAILED
        }
    }
}
