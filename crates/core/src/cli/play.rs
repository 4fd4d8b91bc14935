//! `factory-floor play`: one race of sample robots on a course file, printed event by event.

use crate::engine::Event;
use crate::race::play_game_with;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `play`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub course: PathBuf,
    /// One bot per robot: random, greedy or planner, comma-separated.
    pub bots: String,
    pub seed: u64,
    /// Every event (cards dealt, revealed, each move); otherwise only what moves the race.
    pub log: bool,
    /// The game stops after this many turns.
    pub turns: u32,
    /// Play with option cards.
    pub options: bool,
    /// `--rule NAME[=VALUE]`: house rules applied to the course before the race.
    pub rules: Vec<String>,
}

/// Plays the race and prints its events, then how each robot did; exit 0 played, 2 the bots
/// or the course cannot be used.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some((bots, arena)) = super::bots_and_arena(&args.bots, &args.course, &args.rules, err)
    else {
        return super::FAILED;
    };
    // House rules in force are named first; the plain rules print as they always did.
    if !arena.rules.is_classic() {
        let _ = writeln!(out, "rules: {}", arena.rules);
    }
    let shown = |e: &Event| {
        args.log
            || !matches!(
                e,
                Event::Dealt { .. } | Event::CardRevealed { .. } | Event::PhaseStarted { .. }
            )
    };
    let result = play_game_with(
        &arena,
        &bots,
        args.seed,
        args.turns,
        args.options,
        |game, events| {
            for e in events.iter().filter(|e| shown(e)) {
                let _ = writeln!(out, "{}", e.describe(game.names()));
            }
        },
    );
    match result {
        Ok(r) => {
            for (i, t) in r.finished_turn.iter().enumerate() {
                let name = format!("{} {}", bots[i].name(), i + 1);
                let _ = match t {
                    Some(t) => writeln!(out, "{name} finished in turn {t}"),
                    None => writeln!(out, "{name} did not finish"),
                };
            }
            super::OK
        }
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", args.course.display());
            super::FAILED
        }
    }
}
