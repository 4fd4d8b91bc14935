//! The typical-hand search's dominance test (issue 17 item 7: fast at every size): a state is
//! dropped when the same state was reached before with no more damage and no more cards of any
//! kind used this turn, not only with exactly the same cards used. A turn that has used fewer
//! cards of each kind may still play every card the other may (`Searcher::typical_allows` only
//! asks that a kind's count stay under its caps), so it can follow every line the other can,
//! with no more damage. Breadth-first, the state reached first is at no more registers.

use super::State;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Four bits a card kind: the counts (at most 5, the registers of a turn) in the low three, the
/// top one kept clear for the comparison (`covers`).
const LANE: u32 = 4;

/// The top bit of each of the seven lanes.
const GUARD: u32 = 0x0888_8888;

/// The cards of each kind used this turn, a lane each.
fn packed(used: &[u8; 7]) -> u32 {
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

/// One (cards used, damage) pair reached, in a list per state without them.
struct Reached {
    used: u32,
    damage: u8,
    /// The next pair of the same state (`u32::MAX`: none).
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

/// Per state without its damage and its cards used, the pairs of them it was reached with.
#[derive(Default)]
pub(super) struct UsedSets {
    heads: HashMap<u128, u32, BuildHasherDefault<KeyHasher>>,
    reached: Vec<Reached>,
}

impl UsedSets {
    /// Whether `s`, whose identity without damage and cards used is `key`, is new: no pair
    /// reached before used no more of any kind with no more damage. Records it if so.
    pub fn admit(&mut self, key: u128, s: &State) -> bool {
        use std::collections::hash_map::Entry;
        let used = packed(&s.used);
        let next = self.reached.len() as u32;
        // One lookup: the list's head, replaced by the new pair when it is admitted.
        let head = match self.heads.entry(key) {
            Entry::Vacant(e) => {
                e.insert(next);
                u32::MAX
            }
            Entry::Occupied(mut e) => {
                let head = *e.get();
                let mut at = head;
                while let Some(r) = self.reached.get(at as usize) {
                    if r.damage <= s.damage && covers(r.used, used) {
                        return false;
                    }
                    at = r.next;
                }
                e.insert(next);
                head
            }
        };
        self.reached.push(Reached {
            used,
            damage: s.damage,
            next: head,
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
