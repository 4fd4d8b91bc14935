//! The typical-hand search's dominance test (issue 17 item 7: fast at every size): a state is
//! dropped when the same state was reached before with no more damage and no more cards of any
//! kind used this turn, not only with exactly the same cards used. A turn that has used fewer
//! cards of each kind may still play every card the other may (`Searcher::typical_allows` only
//! asks that a kind's count stay under its caps), so it can follow every line the other can,
//! with no more damage. Breadth-first, the state reached first is at no more registers. A turn
//! with no lock is compared by what its hand can no longer play (`spent`) rather than by
//! the cards it used, so that one dealt at less damage, whose hand is never smaller, covers one
//! dealt at more.

use super::State;
use super::paged::Paged;
use crate::engine::steps::PHASES;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Four bits a card kind: the counts (at most 5, the registers of a turn) in the low three, the
/// top one kept clear for the comparison (`covers`).
const LANE: u32 = 4;

/// The top bit of each of the seven lanes.
const GUARD: u32 = 0x0888_8888;

/// The cards of each kind used this turn, a lane each.
pub(super) fn packed(used: &[u8; 7]) -> u32 {
    used.iter().enumerate().fold(0, |p, (k, &u)| {
        p | (u32::from(u.min(7)) << (LANE * k as u32))
    })
}

/// Whether `a` used no more cards of any kind than `b`: each lane of `b`, its top bit set, minus
/// the same lane of `a` keeps the top bit exactly when it is no smaller (no lane borrows from the
/// next, as each count is under 8).
fn covers(a: u32, b: u32) -> bool {
    ((b | GUARD) - a) & GUARD == GUARD
}

/// What a typical hand's turn with no lock can no longer play, per card kind, packed as
/// `packed`: 7 less what it still may (`Searcher::typical_allows`: under the cap of its hand,
/// `cap`, which is no more than a 9-card hand's), and no more than the registers left after
/// `phase`. A state that may still play at least as many of every kind, with no more damage, can
/// follow every line the other can, so it is compared by this whatever damage its hand was dealt
/// at (less spent covers more). Lane by lane in one word: every count is under 8.
pub(super) fn spent(cap: u32, used: u32, phase: u8) -> u32 {
    const SEVENS: u32 = 0x0777_7777;
    // Per lane `cap - used`, and 0 where the cap is used up.
    let diff = (cap | GUARD) - used;
    let left_over = diff & (((diff & GUARD) >> 3) * 7);
    // Per lane no more than the registers left.
    let left = (PHASES - usize::from(phase)) as u32 * 0x0111_1111;
    let t = (left | GUARD) - left_over;
    let under = ((t & GUARD) >> 3) * 7;
    let may = (left_over & under) | (left & !under & SEVENS);
    SEVENS - may
}

/// How many (cards used, damage) pairs a `Chunk` holds.
const CHUNK: usize = 5;

/// Up to `CHUNK` (cards used, damage) pairs reached, in a list per state without them: one
/// cache line holds two, where a list of single pairs took a line each.
#[derive(Clone, Copy)]
struct Chunk {
    used: [u32; CHUNK],
    damage: [u8; CHUNK],
    len: u8,
    /// The next chunk of the same state (`u32::MAX`: none).
    next: u32,
}

/// A multiplicative hash for the packed keys: std's SipHash costs more than the search.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// Whether a pair on the list in `chunks` from `head` used no more of any kind than `used`
/// with no more damage than `damage`.
fn covered(chunks: &[Chunk], head: u32, used: u32, damage: u8) -> bool {
    let mut at = head;
    while let Some(c) = chunks.get(at as usize) {
        let n = usize::from(c.len);
        for (&u, &d) in c.used[..n].iter().zip(&c.damage[..n]) {
            if d <= damage && covers(u, used) {
                return true;
            }
        }
        at = c.next;
    }
    false
}

/// Per state without its damage and its cards used, the pairs of them it was reached with.
#[derive(Default)]
pub(super) struct UsedSets {
    /// The list heads of the states with no lock (under a typical hand whatever damage it was
    /// dealt at, else dealt undamaged), by their index in `Seen`'s plain array, plus one (0: none
    /// yet; built on first use, in pages allocated where written): most of a typical hand's
    /// states, without hashing.
    flat: Paged<u32>,
    /// The list heads of the others.
    heads: HashMap<u128, u32, BuildHasherDefault<KeyHasher>>,
    chunks: Vec<Chunk>,
}

impl UsedSets {
    /// Whether `s`, whose identity without damage and cards used is `key`, is new: no pair
    /// reached before used no more of any kind with no more damage. Records it if so.
    pub fn admit(&mut self, key: u128, s: &State) -> bool {
        use std::collections::hash_map::Entry;
        let used = packed(&s.used);
        match self.heads.entry(key) {
            Entry::Vacant(e) => {
                e.insert(push(&mut self.chunks, u32::MAX, used, s.damage));
            }
            Entry::Occupied(mut e) => {
                let head = *e.get();
                if covered(&self.chunks, head, used, s.damage) {
                    return false;
                }
                e.insert(push(&mut self.chunks, head, used, s.damage));
            }
        }
        true
    }

    /// `admit` for a state with no lock, by its index `at` among `states` such states (`Seen`'s
    /// plain array), its cards counted in `used` (packed: those used, or under a typical hand's
    /// caps what it can no longer play, `spent`) and its damage: the same test, its list
    /// head in `flat`.
    pub fn admit_at(&mut self, at: usize, states: usize, used: u32, damage: u8) -> bool {
        if self.flat.len() == 0 {
            self.flat = Paged::new(states);
        }
        // Read first, so that a state covered already allocates no page.
        let Some(head) = self.flat.get(at).map(|h| h.wrapping_sub(1)) else {
            return false;
        };
        if covered(&self.chunks, head, used, damage) {
            return false;
        }
        let Some(slot) = self.flat.get_mut(at) else {
            return false;
        };
        *slot = push(&mut self.chunks, head, used, damage) + 1;
        true
    }
}

/// Adds a pair to the list from `head` (`u32::MAX`: none): into its first chunk when that has
/// room, else a new chunk before it. The list's head after.
fn push(chunks: &mut Vec<Chunk>, head: u32, used: u32, damage: u8) -> u32 {
    if let Some(c) = chunks.get_mut(head as usize)
        && usize::from(c.len) < CHUNK
    {
        c.used[usize::from(c.len)] = used;
        c.damage[usize::from(c.len)] = damage;
        c.len += 1;
        return head;
    }
    let mut c = Chunk {
        used: [0; CHUNK],
        damage: [0; CHUNK],
        len: 1,
        next: head,
    };
    c.used[0] = used;
    c.damage[0] = damage;
    chunks.push(c);
    (chunks.len() - 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_typical_hand_can_no_longer_play_is_worked_out_lane_by_lane_as_one_by_one() {
        // For every hand size, register and counts up to 3 of each kind: 7 less the least of
        // what the cap leaves (none when used up) and the registers left.
        let caps = crate::validate::hands::typical_caps();
        for (dealt, cap) in caps.iter().enumerate() {
            for phase in 0..PHASES as u8 {
                let left = PHASES as u8 - phase;
                for n in 0..4u32.pow(7) {
                    let mut used = [0u8; 7];
                    for (k, u) in used.iter_mut().enumerate() {
                        *u = ((n >> (2 * k)) & 3) as u8;
                    }
                    let mut want = [0u8; 7];
                    for k in 0..7 {
                        want[k] = 7 - cap[k].saturating_sub(used[k]).min(left);
                    }
                    assert_eq!(
                        spent(packed(cap), packed(&used), phase),
                        packed(&want),
                        "dealt {dealt}, phase {phase}, used {used:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_turn_that_used_no_more_cards_of_any_kind_covers_the_other() {
        let a = packed(&[1, 0, 1, 0, 2, 0, 0]);
        assert!(covers(a, a));
        assert!(covers(a, packed(&[1, 1, 1, 0, 2, 0, 0])));
        assert!(covers(a, packed(&[5, 0, 1, 0, 2, 0, 5])));
        assert!(!covers(a, packed(&[0, 5, 5, 5, 5, 5, 5])));
        assert!(!covers(a, packed(&[1, 0, 1, 0, 1, 0, 0])));
        assert!(covers(packed(&[0; 7]), packed(&[5; 7])));
        assert!(!covers(packed(&[5; 7]), packed(&[4; 7])));
    }

    #[test]
    fn a_state_is_new_unless_one_reached_before_used_no_more_with_no_more_damage() {
        // Seven pairs no one of which covers another (one card of each kind, damage 3), more
        // than a chunk holds: every one is new, so is a second card of a kind with less damage;
        // any pair they cover is not, by the hashed key and by the flat index alike.
        let state = |used: [u8; 7], damage: u8| State {
            layer: 0,
            node: 5,
            phase: 2,
            damage,
            cards: [super::super::FREE; 5],
            turn: [super::super::FREE; 5],
            used,
            dealt: 0,
            tick: 0,
            archive: 0,
            deaths: 0,
            dead: false,
        };
        let one = |k: usize, n: u8| {
            let mut u = [0; 7];
            u[k] = n;
            u
        };
        let mut hashed = UsedSets::default();
        let mut flat = UsedSets::default();
        let mut both = |s: &State| {
            let a = hashed.admit(7, s);
            assert_eq!(a, flat.admit_at(3, 10, packed(&s.used), s.damage), "{s:?}");
            a
        };
        for k in 0..7 {
            assert!(both(&state(one(k, 1), 3)), "kind {k}");
        }
        assert!(both(&state(one(0, 2), 1)));
        for k in 0..7 {
            assert!(!both(&state(one(k, 1), 3)), "kind {k} again");
            assert!(!both(&state(one(k, 2), 4)), "kind {k} twice, more damage");
        }
        assert!(!both(&state(one(0, 3), 1)));
        assert!(both(&state([0; 7], 3)));
        assert!(!both(&state(one(6, 1), 9)));
        // Another state (a key or index of its own) is new.
        assert!(hashed.admit(8, &state(one(0, 1), 3)));
        assert!(flat.admit_at(4, 10, packed(&one(0, 1)), 3));
    }
}
