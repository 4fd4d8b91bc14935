//! The engine's own seeded random generator (SplitMix64), so a game replays exactly from its seed
//! whatever crate versions the build uses (RULINGS.md, The deck: "Shuffles use a seeded generator").

/// SplitMix64: tiny, fast, statistically sound for shuffling cards, and fully specified here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (0 when `n` is 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Reject the top sliver of the range that would favour small results.
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_forever() {
        // Pinned values: a change here would change every recorded replay (RULINGS.md, The deck).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.below(84), b.below(84));
        }
    }

    #[test]
    fn below_stays_in_range_and_shuffle_keeps_every_item() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
        let mut v: Vec<u32> = (0..84).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..84).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..84).collect::<Vec<_>>());
    }
}
