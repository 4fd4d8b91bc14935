//! Jobs run side by side on the machine's cores (issue 17 item 7: the largest course in under
//! 10 s): the starts' searches (`starts.rs`) and the layers of the bounds (`bounds.rs`).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The most threads a validation takes: each of the starts' searches holds up to a search's
/// budget of states, so more side by side would raise the largest course's memory for little
/// time on the machines a designer has.
const MOST_THREADS: usize = 2;

/// How many threads a validation's jobs run on: as many as the machine runs at once, up to
/// `MOST_THREADS`.
pub(super) fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(MOST_THREADS)
}

/// `job(0)`, ..., `job(n - 1)` in order, run on up to `MOST_THREADS` threads (as many as the
/// machine runs at once) taking the next job as each finishes. The jobs start in order, so a job
/// may wait for what one before it hands on (`bounds/layers.rs`). A panic in a job is a panic
/// here.
pub(super) fn side_by_side<T: Send>(n: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads().min(n);
    if threads <= 1 {
        return (0..n).map(job).collect();
    }
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                return done;
            }
            done.push((i, job(i)));
        }
    };
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut all = work();
        for other in others {
            match other.join() {
                Ok(done) => all.extend(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        for (i, t) in all {
            out[i] = Some(t);
        }
    });
    out.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::side_by_side;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn side_by_side_runs_every_job_once_and_keeps_their_order() {
        let runs = AtomicUsize::new(0);
        let out = side_by_side(50, |i| {
            runs.fetch_add(1, Ordering::Relaxed);
            // Later jobs finish sooner, so threads finish out of order.
            std::thread::sleep(std::time::Duration::from_micros(((50 - i) * 20) as u64));
            i * 3
        });
        assert_eq!(out, (0..50).map(|i| i * 3).collect::<Vec<_>>());
        assert_eq!(runs.load(Ordering::Relaxed), 50);
        assert!(side_by_side(0, |i| i).is_empty());
    }

    #[test]
    fn a_panic_in_a_job_run_side_by_side_is_a_panic_of_the_caller() {
        let caught = std::panic::catch_unwind(|| {
            side_by_side(6, |i| {
                assert!(i != 4, "job 4 fails");
                i
            })
        });
        assert!(caught.is_err());
    }
}
