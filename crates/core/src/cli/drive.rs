//! `factory-floor drive`: many races of sample robots on a course file on every core, summed up
//! as statistics (text, or JSON with per-square heat maps). The statistics are kept running, so
//! any number of games fits in memory; a terminal sees a progress line, and Ctrl+C stops the
//! drive and prints the statistics of the games finished (issue 16 item 7).

use crate::race::{DriveOptions, drive_stats};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by Ctrl+C: no new game starts.
static STOP: AtomicBool = AtomicBool::new(false);

/// Ctrl+C stops the drive after the games being played; a second Ctrl+C ends the process at
/// once.
#[cfg(unix)]
fn catch_ctrl_c() {
    extern "C" fn on_interrupt(_: libc::c_int) {
        if STOP.swap(true, Ordering::SeqCst) {
            // SAFETY: `_exit` is async-signal-safe.
            unsafe { libc::_exit(130) };
        }
    }
    let handler: extern "C" fn(libc::c_int) = on_interrupt;
    // SAFETY: the handler only swaps an atomic flag and calls `_exit`, both async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler as *const () as libc::sighandler_t);
    }
}

/// The standard error as a handle of its own when it is a terminal: a duplicate of its file
/// descriptor, written without the standard error's lock.
#[cfg(unix)]
fn progress_terminal() -> Option<std::fs::File> {
    use std::os::fd::AsFd;
    let stderr = std::io::stderr();
    if !stderr.is_terminal() {
        return None;
    }
    stderr
        .as_fd()
        .try_clone_to_owned()
        .ok()
        .map(std::fs::File::from)
}

/// Elsewhere no progress line.
#[cfg(not(unix))]
fn progress_terminal() -> Option<std::fs::File> {
    None
}

/// Elsewhere Ctrl+C ends the process as usual.
#[cfg(not(unix))]
fn catch_ctrl_c() {}

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
    /// `--rule NAME[=VALUE]`: house rules applied to the course before the games.
    pub rules: Vec<String>,
}

/// Drives the course and prints the statistics; exit 0 done, 2 the bots or the course cannot
/// be used.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some((bots, arena)) = super::bots_and_arena(&args.bots, &args.course, &args.rules, err)
    else {
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
    STOP.store(false, Ordering::SeqCst);
    catch_ctrl_c();
    let total = options.games;
    // A progress line on a terminal, redrawn at most five times a second by whichever worker
    // finishes a game. The caller may hold the standard error's lock for `err` the whole time,
    // so the line goes to a handle of its own on the same terminal.
    let line = progress_terminal().map(|t| Mutex::new((t, Instant::now())));
    let progress = |done: usize| {
        if let Some(line) = &line
            && let Ok(mut line) = line.lock()
            && (line.1.elapsed() >= Duration::from_millis(200) || done == total)
        {
            line.1 = Instant::now();
            let _ = write!(
                line.0,
                "\r{done} of {total} games ({:.0}%)",
                100.0 * done as f64 / total as f64
            );
        }
        !STOP.load(Ordering::SeqCst)
    };
    let result = drive_stats(&arena, &options, &progress);
    if let Some(Ok(mut line)) = line.map(Mutex::into_inner) {
        let _ = writeln!(line.0);
    }
    let stats = match result {
        Ok(stats) => stats,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", args.course.display());
            return super::FAILED;
        }
    };
    if stats.games < total {
        let _ = writeln!(
            err,
            "stopped by Ctrl+C: the statistics of the {} games finished of {total}",
            stats.games
        );
    }
    if !args.json {
        let _ = write!(out, "{}", stats.render());
        return super::OK;
    }
    // The one JSON writer of the commands: what `Escaped` would rewrite is a JSON escape.
    if super::write_json_report(&stats, out, err) {
        super::OK
    } else {
        super::FAILED
    }
}
