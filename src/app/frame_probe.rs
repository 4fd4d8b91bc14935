//! How long each frame's update takes on the UI thread (issue 16: the window must never freeze
//! for more than 100 ms). The longest frame is always kept (tests read it); with the environment
//! variable `FACTORY_FLOOR_FRAME_LOG=PATH` every frame is also appended to PATH, so a freeze in a
//! real window can be measured.
//!
//! The time is wall time on the UI thread, from the start of `App::ui` to its end: what a user
//! waits for. It is never less than the thread's CPU time, so a frame under 100 ms here is one
//! under 100 ms of CPU too (on a loaded machine it may be more, counting time the thread waited
//! for a core). The log's third column is eframe's own figure for the whole previous frame
//! (`IntegrationInfo::cpu_usage`: `App::ui`, egui's tessellation and the GPU painting, without
//! waiting for vsync), so work done after `App::ui` shows too; the fourth is the UI thread's CPU
//! time in `App::ui` (Linux: `CLOCK_THREAD_CPUTIME_ID`), which a loaded machine does not inflate
//! as it does wall time.

use std::cell::Cell;
use std::fs::File;
use std::io::Write;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The environment variable naming the frame log.
pub const FRAME_LOG_VAR: &str = "FACTORY_FLOOR_FRAME_LOG";

thread_local! {
    /// The longest frame timed on this thread, and how many frames were timed.
    static LONGEST: Cell<(Duration, u64)> = const { Cell::new((Duration::ZERO, 0)) };
    /// The most CPU time the thread spent in one frame (where the platform says).
    static LONGEST_CPU: Cell<Option<Duration>> = const { Cell::new(None) };
}

/// The log file, opened on the first frame when the variable is set.
static LOG: OnceLock<Option<Mutex<File>>> = OnceLock::new();

fn log_file() -> Option<&'static Mutex<File>> {
    LOG.get_or_init(|| {
        let path = std::env::var_os(FRAME_LOG_VAR)?;
        match File::create(&path) {
            Ok(mut f) => {
                // A header, so the file says what its columns are.
                let _ = writeln!(
                    f,
                    "# frame\tmilliseconds in App::ui (wall, UI thread)\tmilliseconds of the whole previous frame (eframe)\tCPU milliseconds of the UI thread in App::ui"
                );
                Some(Mutex::new(f))
            }
            Err(e) => {
                eprintln!(
                    "{FRAME_LOG_VAR}: cannot write {}: {e}",
                    std::path::Path::new(&path).display()
                );
                None
            }
        }
    })
    .as_ref()
}

/// Times one frame from its creation to its drop.
pub struct FrameTimer {
    started: Instant,
    /// eframe's time for the whole previous frame, in seconds, when it reports one.
    previous_whole: Option<f32>,
    /// The UI thread's CPU time when the frame started, when the log is written.
    cpu_started: Option<u64>,
}

impl FrameTimer {
    /// Starts timing a frame.
    pub fn start() -> FrameTimer {
        FrameTimer::start_after(None)
    }

    /// Starts timing a frame, logging beside it eframe's time for the whole previous frame.
    pub fn start_after(previous_whole: Option<f32>) -> FrameTimer {
        FrameTimer {
            started: Instant::now(),
            previous_whole,
            cpu_started: thread_cpu_ns(),
        }
    }
}

impl Drop for FrameTimer {
    fn drop(&mut self) {
        let took = self.started.elapsed();
        let frame = LONGEST.with(|l| {
            let (longest, n) = l.get();
            l.set((longest.max(took), n + 1));
            n + 1
        });
        let cpu = self
            .cpu_started
            .zip(thread_cpu_ns())
            .map(|(a, b)| Duration::from_nanos(b.saturating_sub(a)));
        if let Some(cpu) = cpu {
            LONGEST_CPU.with(|l| l.set(Some(l.get().map_or(cpu, |c| c.max(cpu)))));
        }
        if let Some(log) = log_file()
            && let Ok(mut f) = log.lock()
        {
            let whole = self
                .previous_whole
                .map_or("-".to_string(), |s| format!("{:.3}", s * 1000.0));
            let cpu = cpu.map_or("-".to_string(), |c| format!("{:.3}", c.as_secs_f64() * 1e3));
            let _ = writeln!(
                f,
                "{frame}\t{:.3}\t{whole}\t{cpu}",
                took.as_secs_f64() * 1000.0
            );
        }
    }
}

/// The CPU time this thread has run, in nanoseconds (Linux; `None` elsewhere).
#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer to a local.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// Lowers the calling worker thread's scheduling priority by 5 steps of nice below the thread
/// that started it (Linux; nothing elsewhere), so the UI thread gets a core first: on two cores,
/// a frame of 9 ms of CPU took 100-200 ms of wall time while the app's own workers held both
/// (BENCHMARKS.md, issue 16's window). Relative, not nice 10: below every other program on a
/// busy machine the board's picture took minutes to come.
pub fn yield_to_ui() {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority take plain integers; on Linux `who = 0` is the calling
    // thread, which a new thread starts at its parent's nice.
    unsafe {
        let nice = libc::getpriority(libc::PRIO_PROCESS, 0);
        libc::setpriority(libc::PRIO_PROCESS, 0, (nice + 5).min(19));
    }
}

/// The longest frame timed on this thread since the last `reset`, and how many frames were timed.
pub fn longest() -> (Duration, u64) {
    LONGEST.with(Cell::get)
}

/// The most CPU time the UI thread spent in one frame since the last `reset` (`None` where the
/// platform does not say): unlike wall time, other programs on a loaded machine do not add to it.
pub fn longest_cpu() -> Option<Duration> {
    LONGEST_CPU.with(Cell::get)
}

/// Forgets the frames timed so far on this thread (a test times only the part it cares about).
pub fn reset() {
    LONGEST.with(|l| l.set((Duration::ZERO, 0)));
    LONGEST_CPU.with(|l| l.set(None));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_frame_is_kept_and_reset_forgets_it() {
        reset();
        {
            let _t = FrameTimer::start();
            std::thread::sleep(Duration::from_millis(5));
        }
        {
            let _t = FrameTimer::start();
        }
        let (longest, n) = longest();
        assert_eq!(n, 2);
        assert!(longest >= Duration::from_millis(5));
        reset();
        assert_eq!(super::longest(), (Duration::ZERO, 0));
    }
}
