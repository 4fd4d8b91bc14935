//! How far a validation has got and a way to stop it (issue 17 item 7: in the window any
//! validation can be cancelled and shows progress). Shared between the thread that validates
//! and the one that shows it: the stage under way, the share of the step table built, and a
//! cancel flag the step table and every search check as they go.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

/// The most states one search may visit before it gives up, unless a validation sets its own
/// (`Progress::with_budget`). A state takes 12 bytes (4 more with a typical hand's fields, 4 more
/// under moving flags or modelled lives, 48 in all where a field does not fit its bits:
/// `search/packing.rs`) and, with a lock or cards used, a hash slot of 8 or 16
/// (`search/seen.rs`): a search at this budget keeps about 90 to 130 MB.
pub const STATE_BUDGET: usize = 4_000_000;

/// The stages of a validation, in order, in user words.
pub const STAGES: [&str; 6] = [
    "setup rules",
    "where one card takes a robot",
    "the shortest whole line",
    "each leg",
    "every start and the typical hand",
    "luck and difficulty",
];

/// The progress of one validation and its cancel flag.
#[derive(Debug, Default)]
pub struct Progress {
    cancelled: AtomicBool,
    stage: AtomicUsize,
    /// Of the stage under way, done out of 1000 (the step table says how far it is).
    within: AtomicU32,
    /// The most states one search may visit; 0 for `STATE_BUDGET`.
    budget: AtomicUsize,
}

impl Progress {
    pub fn new() -> Progress {
        Progress::default()
    }

    /// A validation whose searches each stop after `states` states (at least 1) instead of
    /// `STATE_BUDGET`: what a search that runs out does is then seen on a small course.
    pub fn with_budget(states: usize) -> Progress {
        let p = Progress::default();
        p.budget.store(states.max(1), Ordering::Relaxed);
        p
    }

    /// The most states one search may visit.
    pub fn budget(&self) -> usize {
        match self.budget.load(Ordering::Relaxed) {
            0 => STATE_BUDGET,
            n => n,
        }
    }

    /// Asks the validation to stop as soon as it can.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The cancel flag, for the step table's build.
    pub fn flag(&self) -> &AtomicBool {
        &self.cancelled
    }

    /// Marks stage `k` (an index into `STAGES`) as under way.
    pub fn enter(&self, k: usize) {
        self.stage.store(k, Ordering::Relaxed);
        self.within.store(0, Ordering::Relaxed);
    }

    /// How far the stage under way is, 0 to 1.
    pub fn set_within(&self, fraction: f32) {
        let permille = (fraction.clamp(0.0, 1.0) * 1000.0) as u32;
        self.within.store(permille, Ordering::Relaxed);
    }

    /// The stage under way: its index into `STAGES`.
    pub fn stage(&self) -> usize {
        self.stage.load(Ordering::Relaxed).min(STAGES.len() - 1)
    }

    /// The whole validation's progress, 0 to 1: whole stages done plus the share of the one
    /// under way.
    pub fn fraction(&self) -> f32 {
        let within = self.within.load(Ordering::Relaxed) as f32 / 1000.0;
        (self.stage() as f32 + within) / STAGES.len() as f32
    }

    /// "stage 3 of 6: the shortest whole line".
    pub fn describe(&self) -> String {
        let k = self.stage();
        format!("stage {} of {}: {}", k + 1, STAGES.len(), STAGES[k])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_the_stages_and_remembers_a_cancel() {
        let p = Progress::new();
        assert_eq!(p.fraction(), 0.0);
        p.enter(3);
        p.set_within(0.5);
        assert!((p.fraction() - 3.5 / 6.0).abs() < 1e-3);
        assert_eq!(p.describe(), "stage 4 of 6: each leg");
        assert!(!p.is_cancelled());
        p.cancel();
        assert!(p.is_cancelled());
    }
}
