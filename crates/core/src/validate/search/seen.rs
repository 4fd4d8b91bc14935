//! The states a search has reached, for its dominance test (`Seen::admit`): the plain states in
//! an array, the others hashed, in 8 bytes a state where its key fits a word and 16 otherwise
//! (issue 17 item 7: the largest course validates in under 300 MB).

use super::paged::{Paged, zeroed};
use super::used::{UsedSets, packed, spent};
use super::{FREE, State};
use crate::engine::steps::PHASES;

/// The states reached so far, for the dominance test: per state without its damage, the least
/// damage it was reached with.
#[derive(Default)]
pub(in crate::validate) struct Seen {
    /// `[(layer * nodes + node) * PHASES + phase]` for states with no lock and no used cards:
    /// the least damage. The common case, without hashing.
    plain: Nibbles,
    nodes: usize,
    /// The other states: those whose key fits a word, and the others.
    words: Table<u64>,
    wide: Table<u128>,
    /// Under moving flags the same square at another turn of the timeline is another state:
    /// every state is hashed with its turn.
    timed: bool,
    /// A typical hand's states, by the cards used this turn or what its hand can no longer
    /// play (`used.rs`).
    used: UsedSets,
    /// The typical hand's caps (`hands::typical_caps`), packed as `used::packed`, when the
    /// search plays one: a state with no lock is then compared by what its hand still allows,
    /// whatever damage it was dealt at (`used::spent`).
    caps: Option<[u32; 10]>,
}

impl Seen {
    pub fn new(nodes: usize, layers: usize, timed: bool) -> Seen {
        Seen {
            plain: if timed {
                Nibbles::default()
            } else {
                Nibbles::new(nodes * PHASES * (layers + 1))
            },
            nodes,
            timed,
            ..Seen::default()
        }
    }

    /// `Seen` for a typical hand's search (`Seen::caps`).
    pub fn with_caps(mut self, caps: &[[u8; 7]; 10]) -> Seen {
        self.caps = Some(caps.map(|c| packed(&c)));
        self
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
        if self.plain.get(at).is_some_and(|d| d <= s.damage) {
            return false;
        }
        if free && !self.timed && s.used == [0; 7] && s.dealt == 0 && self.plain.set(at, s.damage) {
            return true;
        }
        if s.used != [0; 7] || s.dealt != 0 {
            // A typical hand's state: no more damage and a turn that can still play every card
            // this one can.
            if free && !self.timed {
                match &self.caps {
                    Some(caps) => {
                        let cap = caps[usize::from(s.dealt).min(caps.len() - 1)];
                        let spent = spent(cap, packed(&s.used), s.phase);
                        return self.used.admit_at(at, self.plain.len(), spent, s.damage);
                    }
                    None if s.dealt == 0 => {
                        let used = packed(&s.used);
                        return self.used.admit_at(at, self.plain.len(), used, s.damage);
                    }
                    None => {}
                }
            }
            return self.used.admit(self.key(s), s);
        }
        let key = self.key(s);
        if let Ok(word) = u64::try_from(key)
            && word < 1 << (64 - u64::DAMAGE)
        {
            if s.damage < 1 << u64::DAMAGE {
                return self.words.admit(word, s.damage);
            }
            // Damage past 4 bits (never on a line, where 10 destroys) is kept in `wide`; a key
            // in `words` was reached with less.
            if self.words.contains(word) {
                return false;
            }
        }
        // A key takes at most 119 bits (`State::key`; 93 for `State::timed_key`): with 8 of
        // damage it fits.
        self.wide.admit(key, s.damage)
    }

    /// `s`'s identity without its damage: `State::timed_key` where states have a turn, an
    /// archive or lives (the same for every state of one `Seen`), else `State::key`.
    #[inline]
    fn key(&self, s: &State) -> u128 {
        (if self.timed { s.timed_key() } else { s.key() }) >> 4
    }
}

/// Per index the least damage a state was reached with, or none: kept as the damage plus one, 0
/// for none, in pages allocated only where a search writes (`Paged`).
/// On a large table in four bits (two to a byte: 34 MB instead of 68 for the largest board with
/// 32 flags), on a small one a byte each (quicker to read and write). A line never keeps damage
/// past 9 (10 destroys); a state with 15 or more is not kept here (`set`) and goes to the
/// hashed tables.
#[derive(Default)]
struct Nibbles {
    bytes: Paged<u8>,
    len: usize,
    /// Two to a byte.
    packed: bool,
}

impl Nibbles {
    /// The least damage too high to keep.
    const TOO_HIGH: u8 = 15;
    /// From this many entries they are kept two to a byte.
    const PACK_FROM: usize = 16 << 20;

    fn new(len: usize) -> Nibbles {
        let packed = len >= Nibbles::PACK_FROM;
        Nibbles {
            bytes: Paged::new(if packed { len.div_ceil(2) } else { len }),
            len,
            packed,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// The least damage at `at`; `None` when not reached or past the end.
    #[inline]
    fn get(&self, at: usize) -> Option<u8> {
        if !self.packed {
            return self.bytes.get(at)?.checked_sub(1);
        }
        if at >= self.len {
            return None;
        }
        let byte = self.bytes.get(at / 2)?;
        let kept = if at & 1 == 0 { byte & 0xF } else { byte >> 4 };
        kept.checked_sub(1)
    }

    /// Keeps `damage` at `at`: false (nothing kept) past the end or for damage of 15 or more.
    #[inline]
    fn set(&mut self, at: usize, damage: u8) -> bool {
        if at >= self.len || damage >= Nibbles::TOO_HIGH {
            return false;
        }
        let kept = damage + 1;
        let Some(byte) = self.bytes.get_mut(if self.packed { at / 2 } else { at }) else {
            return false;
        };
        if !self.packed {
            *byte = kept;
            return true;
        }
        *byte = if at & 1 == 0 {
            (*byte & 0xF0) | kept
        } else {
            (*byte & 0x0F) | kept << 4
        };
        true
    }
}

/// A slot of a `Table`: `!(key << DAMAGE | damage)`, 0 when empty.
trait Slot:
    Copy
    + Ord
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + From<u8>
    + Default
{
    const ZERO: Self;
    /// Bits of the damage below the key.
    const DAMAGE: u32;
    /// Eighths of the slots the table fills before it grows.
    const FULL: usize;
    /// The key, mixed into the high bits of a word.
    fn mix(self) -> u64;
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

impl Slot for u64 {
    const ZERO: u64 = 0;
    const DAMAGE: u32 = 4;
    const FULL: usize = 6;
    fn mix(self) -> u64 {
        self.wrapping_mul(GOLDEN)
    }
}

/// The keys that do not fit a word (a typical hand's cards used, the timeline's turn, the
/// archive): twice the bytes a slot, so fuller before growing (at three quarters, as a word's
/// table, the grand tour's arrivals under One Free Life took 28% less time, but the table
/// doubles sooner, and with it the peak while it grows: dockside-dash under One Free Life
/// 117 -> 218 MB).
impl Slot for u128 {
    const ZERO: u128 = 0;
    const DAMAGE: u32 = 8;
    const FULL: usize = 7;
    /// The high half is scrambled by a multiplier of its own before it joins the low one: were
    /// it only shifted, keys whose node and archive (one in each half, at the same bits after
    /// the shift) differ alike would mix to one value, and under One Free Life the arrivals
    /// search spent three quarters of its time probing past them.
    fn mix(self) -> u64 {
        let (low, high) = (self as u64, (self >> 64) as u64);
        (low ^ high.wrapping_mul(SCRAMBLE).rotate_left(32)).wrapping_mul(GOLDEN)
    }
}

/// An odd multiplier (MurmurHash3's finalizer's first) for the high half of a wide key.
const SCRAMBLE: u64 = 0xff51_afd7_ed55_8ccd;

/// An open-addressing hash table of state keys with their least damage, one `Slot` each, for
/// `Seen::admit`. Linear probing; grows to twice the slots when `FULL` eighths are taken.
#[derive(Default)]
struct Table<W> {
    slots: Vec<W>,
    len: usize,
}

impl<W: Slot> Table<W> {
    /// The slot to start looking for `key` in (`slots` has a power of two).
    #[inline]
    fn home(&self, key: W) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.mix() >> (64 - bits)) as usize
    }

    /// `Seen::admit` for a key and damage that fit their bits: false if the key was reached
    /// with no more damage.
    #[inline]
    fn admit(&mut self, key: W, damage: u8) -> bool {
        if (self.len + 1) * 8 > self.slots.len() * W::FULL {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        let damage = W::from(damage);
        let entry = key << W::DAMAGE | damage;
        let low = !(!W::ZERO << W::DAMAGE);
        loop {
            let slot = self.slots[i];
            if slot == W::ZERO {
                self.slots[i] = !entry;
                self.len += 1;
                return true;
            }
            let had = !slot;
            if had >> W::DAMAGE == key {
                if had & low <= damage {
                    return false;
                }
                self.slots[i] = !entry;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn contains(&self, key: W) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                slot if slot == W::ZERO => return false,
                slot if !slot >> W::DAMAGE == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Twice the slots (1024 at first), every entry moved to its new place.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        // The entries moved in touch every page at once: each is mapped by a write, not by a
        // read that a write must then undo (`paged.rs`).
        let old = std::mem::replace(&mut self.slots, zeroed(size));
        let mask = size - 1;
        for slot in old.into_iter().filter(|&s| s != W::ZERO) {
            let mut i = self.home(!slot >> W::DAMAGE);
            while self.slots[i] != W::ZERO {
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
    fn wide_keys_whose_node_and_archive_differ_alike_mix_apart() {
        // Under One Free Life a state's node and archive fall in different halves of its key.
        // Mixed as one half and the other shifted, the pairs with the same node XOR archive
        // came to one value: 256 values for these 65,536 keys, each probed past the others.
        let mut mixed = std::collections::HashSet::new();
        for node in 0..256u32 {
            for archive in 0..256u32 {
                let s = State {
                    node,
                    archive,
                    deaths: 1,
                    ..State::plain()
                };
                mixed.insert((s.key() >> 4).mix());
            }
        }
        assert_eq!(mixed.len(), 256 * 256);
    }

    #[test]
    fn under_lives_a_state_with_no_lock_is_kept_in_a_word_and_every_field_tells_states_apart() {
        // issue 17 item 7: under One Free Life and Infinite Lives every state is hashed with
        // its archive and lives (`timed`); with no lock its key fits the table of 8-byte slots.
        let base = State {
            node: 409_599,
            phase: 4,
            layer: 32,
            archive: 102_399,
            deaths: 1,
            ..State::plain()
        };
        let mut seen = Seen::new(409_600, 33, true);
        assert!(seen.admit(&base));
        assert!(!seen.admit(&base), "the same state again");
        assert_eq!((seen.words.len, seen.wide.len), (1, 0));
        // Each field on its own makes another state, in whichever table it fits.
        let mut locked = base;
        locked.cards[4] = 3;
        let others = [
            State { node: 1, ..base },
            State { phase: 1, ..base },
            State { layer: 31, ..base },
            State { archive: 7, ..base },
            State { deaths: 0, ..base },
            State { dead: true, ..base },
            State { tick: 1, ..base },
            locked,
        ];
        for (i, s) in others.iter().enumerate() {
            assert!(seen.admit(s), "{i}: {s:?}");
        }
        assert_eq!(seen.words.len + seen.wide.len, 1 + others.len());
        // Moving flags' turn and a lock do not fit a word.
        assert_eq!(seen.wide.len, 2);
        // More damage than before: turned away, in both tables.
        for s in others.iter().chain([&base]) {
            assert!(!seen.admit(&State { damage: 3, ..*s }), "{s:?}");
        }
    }

    /// Admits every key at damage 5, then checks each keeps its least damage.
    fn keeps_the_least<W: Slot + Default + std::fmt::Debug>(keys: &[W], other: W) {
        let mut t = Table::<W>::default();
        for &k in keys {
            assert!(t.admit(k, 5), "{k:?}");
        }
        assert_eq!(t.len, keys.len());
        for &k in keys {
            // No more damage than before: turned away; less: admitted, and then the least.
            assert!(!t.admit(k, 5));
            assert!(!t.admit(k, 9));
            assert!(t.admit(k, 4));
            assert!(!t.admit(k, 4));
            assert!(t.contains(k));
        }
        assert_eq!(t.len, keys.len());
        assert!(!t.contains(other));
        assert!(t.admit(other, 0));
        assert!(t.contains(other));
    }

    #[test]
    fn the_plain_states_keep_a_damage_below_15_a_byte_each_or_on_a_large_table_four_bits() {
        let n = Nibbles::new(5);
        assert_eq!((n.len(), n.bytes.len()), (5, 5));
        // A large table's two to a byte: the same, checked on a small one made so.
        for packed in [false, true] {
            let mut n = Nibbles {
                bytes: Paged::new(if packed { 3 } else { 5 }),
                len: 5,
                packed,
            };
            assert!((0..6).all(|at| n.get(at).is_none()));
            assert!(n.set(0, 9) && n.set(1, 0) && n.set(4, 14));
            assert_eq!(
                (n.get(0), n.get(1), n.get(2), n.get(4)),
                (Some(9), Some(0), None, Some(14))
            );
            // Neighbours in one byte keep their own values.
            assert!(n.set(0, 3));
            assert_eq!((n.get(0), n.get(1)), (Some(3), Some(0)));
            // 15 and more, or past the end, are not kept.
            assert!(!n.set(2, 15) && !n.set(3, 200) && !n.set(5, 1));
            assert_eq!((n.get(2), n.get(3), n.get(5)), (None, None, None));
        }
        assert!(Nibbles::new(Nibbles::PACK_FROM).packed && !n.packed);
        // A state with such damage goes to the hashed tables, and one with less is kept plain.
        let mut seen = Seen::new(1, 0, false);
        let s = State {
            damage: 20,
            ..State::plain()
        };
        assert!(seen.admit(&s));
        assert!(!seen.admit(&s));
        assert!(seen.admit(&State { damage: 4, ..s }));
        assert!(!seen.admit(&State { damage: 20, ..s }));
        assert!(!seen.admit(&State { damage: 4, ..s }));
    }

    #[test]
    fn the_tables_keep_the_least_damage_of_each_key() {
        // Enough keys to grow the tables several times, some close together, some far apart,
        // up to the largest that fit (a word's 60 bits, and `State::key`'s 119).
        let words: Vec<u64> = (0..5000u64)
            .map(|i| {
                if i % 2 == 0 {
                    i
                } else {
                    (1 << 60) - 2 - i * 977
                }
            })
            .collect();
        keeps_the_least(&words, 12_345_678);
        let wide: Vec<u128> = (0..5000u128)
            .map(|i| {
                if i % 2 == 0 {
                    i << 58
                } else {
                    (1 << 119) - 1 - i * 977
                }
            })
            .collect();
        keeps_the_least(&wide, 1 << 100);
        let mut t = Table::<u128>::default();
        // A wide slot keeps damage past 4 bits.
        assert!(t.admit(7, 200));
        assert!(!t.admit(7, 201));
        assert!(t.admit(7, 20));
    }

    #[test]
    fn damage_past_the_words_bits_is_still_dominated_by_less() {
        let mut seen = Seen::new(4, 1, false);
        let locked = State {
            node: 3,
            phase: 1,
            damage: 6,
            cards: [FREE, 2, FREE, FREE, FREE],
            turn: [1, FREE, FREE, FREE, FREE],
            ..State::plain()
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
