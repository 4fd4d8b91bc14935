//! The states a search has reached, for its dominance test (`Seen::admit`): the plain states in
//! an array, the others hashed, in 8 bytes a state where its key fits a word (issue 17 item 7:
//! the largest course validates in under 300 MB).

use super::{FREE, Map, State};
use crate::engine::steps::PHASES;

/// The states reached so far, for the dominance test: per state without its damage, the least
/// damage it was reached with.
#[derive(Default)]
pub(in crate::validate) struct Seen {
    /// `[(layer * nodes + node) * PHASES + phase]` for states with no lock and no used cards:
    /// the least damage, `u8::MAX` when not reached. The common case, without hashing.
    plain: Vec<u8>,
    nodes: usize,
    /// The other states whose key fits `Words`, and those whose key does not.
    words: Words,
    damage: Map<u8>,
    /// Under moving flags the same square at another turn of the timeline is another state:
    /// every state is hashed with its turn.
    timed: bool,
}

impl Seen {
    pub fn new(nodes: usize, layers: usize, timed: bool) -> Seen {
        Seen {
            plain: if timed {
                Vec::new()
            } else {
                vec![u8::MAX; nodes * PHASES * (layers + 1)]
            },
            nodes,
            timed,
            ..Seen::default()
        }
    }

    /// Whether `s` is new: no state reached before is the same with no more damage and no more
    /// cards of any kind used. Records it if so.
    pub fn admit(&mut self, s: &State) -> bool {
        let free = s
            .cards
            .iter()
            .skip(usize::from(s.phase))
            .all(|&c| c == FREE);
        let at =
            (usize::from(s.layer) * self.nodes + s.node as usize) * PHASES + usize::from(s.phase);
        // The same square, facing and phase with no lock and no more damage was reached: it can
        // do all this state can (a lock only forces a card), with no more damage.
        if self.plain.get(at).is_some_and(|&d| d <= s.damage) {
            return false;
        }
        if free
            && !self.timed
            && s.used == [0; 7]
            && s.dealt == 0
            && let Some(d) = self.plain.get_mut(at)
        {
            *d = s.damage;
            return true;
        }
        let key = s.key() >> 4;
        if let Ok(word) = u64::try_from(key)
            && word < Words::MOST
        {
            if s.damage < 16 {
                return self.words.admit(word, s.damage);
            }
            // Damage past 4 bits (never on a line, where 10 destroys) is kept in `damage`; a
            // key in `words` was reached with less.
            if self.words.contains(word) {
                return false;
            }
        }
        if self.damage.get(&key).is_some_and(|&d| d <= s.damage) {
            return false;
        }
        self.damage.insert(key, s.damage);
        true
    }
}

/// An open-addressing hash table of state keys with their least damage, one word a slot:
/// `!(key << 4 | damage)`, 0 for an empty slot. Linear probing, at most three quarters full.
#[derive(Default)]
struct Words {
    slots: Vec<u64>,
    len: usize,
}

impl Words {
    /// Keys from this up do not fit (with their damage in 4 bits, and never all ones).
    const MOST: u64 = (1 << 60) - 1;

    /// The slot to start looking for `key` in (`slots` has a power of two).
    fn home(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// `Seen::admit` for a key that fits and damage under 16: false if the key was reached with
    /// no more damage.
    #[inline]
    fn admit(&mut self, key: u64, damage: u8) -> bool {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        let entry = key << 4 | u64::from(damage);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = !entry;
                self.len += 1;
                return true;
            }
            let had = !slot;
            if had >> 4 == key {
                if (had & 15) as u8 <= damage {
                    return false;
                }
                self.slots[i] = !entry;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn contains(&self, key: u64) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                0 => return false,
                slot if !slot >> 4 == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Twice the slots (1024 at first), every entry moved to its new place.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut i = self.home(!slot >> 4);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_table_keeps_the_least_damage_of_each_key() {
        let mut w = Words::default();
        // Enough keys to grow the table several times, some close together, some far apart.
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| {
                if i % 2 == 0 {
                    i
                } else {
                    Words::MOST - 1 - i * 977
                }
            })
            .collect();
        for &k in &keys {
            assert!(w.admit(k, 5));
        }
        assert_eq!(w.len, keys.len());
        for &k in &keys {
            // No more damage than before: turned away; less: admitted, and then the least.
            assert!(!w.admit(k, 5));
            assert!(!w.admit(k, 9));
            assert!(w.admit(k, 4));
            assert!(!w.admit(k, 4));
        }
        assert_eq!(w.len, keys.len());
        assert!(w.admit(12_345_678, 0));
        assert!(w.contains(12_345_678) && !w.contains(12_345_679));
    }

    #[test]
    fn damage_past_the_words_bits_is_still_dominated_by_less() {
        let mut seen = Seen::new(4, 1, false);
        let locked = State {
            layer: 0,
            node: 3,
            phase: 1,
            damage: 6,
            cards: [FREE, 2, FREE, FREE, FREE],
            turn: [1, FREE, FREE, FREE, FREE],
            used: [0; 7],
            dealt: 0,
            tick: 0,
            archive: 0,
            deaths: 0,
            dead: false,
        };
        assert!(seen.admit(&State {
            damage: 20,
            ..locked
        }));
        assert!(!seen.admit(&State {
            damage: 20,
            ..locked
        }));
        assert!(seen.admit(&locked));
        assert!(!seen.admit(&State {
            damage: 17,
            ..locked
        }));
        assert!(!seen.admit(&locked));
        assert!(seen.admit(&State {
            damage: 2,
            ..locked
        }));
    }
}
