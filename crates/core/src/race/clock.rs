//! The Three Minute Rule in a race (seed 003 section 8.4): the clock a race reads to time its
//! bots (injected, so tests set the time without sleeping) and how a late program is completed:
//! "a late player's program is completed by ... randomly drawing from the player's unplayed
//! cards (without looking) to fill the empty slots".

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// A source of time in milliseconds, any origin: only differences are read.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> u64;
}

/// The machine's monotonic clock.
struct SystemClock(Instant);

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// The clock a race times its bots with; the system clock unless a test gives another.
#[derive(Clone)]
pub struct RaceClock(Arc<dyn Clock>);

impl RaceClock {
    pub fn new(clock: Arc<dyn Clock>) -> RaceClock {
        RaceClock(clock)
    }

    pub fn now_ms(&self) -> u64 {
        self.0.now_ms()
    }
}

impl Default for RaceClock {
    fn default() -> RaceClock {
        RaceClock(Arc::new(SystemClock(Instant::now())))
    }
}

impl fmt::Debug for RaceClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RaceClock")
    }
}

/// How a late program is completed: the engine's rule, one place (`engine::complete_program`).
pub use crate::engine::complete_program;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, full_deck};

    #[test]
    fn a_late_program_keeps_its_cards_and_fills_the_rest_from_unplayed_ones_seed_003_section_8_4() {
        let hand: Vec<Card> = full_deck().into_iter().take(9).collect();
        let partial = [Some(hand[4]), None, Some(hand[0]), None, None];
        let program = complete_program(&hand, &partial, 5, 7);
        assert_eq!(program.len(), 5);
        assert_eq!(program[0], hand[4]);
        assert_eq!(program[2], hand[0]);
        for (k, c) in program.iter().enumerate() {
            assert!(hand.contains(c), "card {k} is not from the hand");
            assert!(!program[..k].contains(c), "card {k} is used twice");
        }
        // Seeded: the same seed fills the same way, another seed may not.
        assert_eq!(program, complete_program(&hand, &partial, 5, 7));
    }
}
