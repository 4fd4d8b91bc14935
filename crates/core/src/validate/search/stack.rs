//! A last-in, first-out stack of search states, packed (`packing.rs`).

use super::State;
use super::packing::{bare, pack, pack_life, unpack, with_life};

/// A last-in, first-out stack of states waiting to be searched (`reach::arrivals`, whose waiting
/// states are most of those it admits: 2.8 million, 151 MB whole, on the largest board with 32
/// flags), each in one word where it fits (`pack`, no typical hand's fields) with, under moving
/// flags or lives, a second of 32 bits for their fields (`pack_life`), the whole state otherwise. The order is the order they were pushed in, however each is kept.
#[derive(Default)]
pub(in crate::validate) struct StateStack {
    /// A packed state (`LIVED` set: with the next of `lives` from the top), or `WHOLE`: the
    /// next of `whole` from the top.
    words: Vec<u64>,
    /// The fields of moving flags and lives (`pack_life`) of the words marked `LIVED`.
    lives: Vec<u32>,
    whole: Vec<State>,
}

/// A `StateStack` word for a state kept whole (`pack` leaves the top two bits clear).
const WHOLE: u64 = u64::MAX;

/// The bit of a `StateStack` word whose state has fields of moving flags or lives (`pack_life`).
const LIVED: u64 = 1 << 63;

/// A stack keeps its first states whole, as the searches' visits do (`PACK_FROM`): packing
/// costs more than it saves on a small board.
const STACK_PACKS_FROM: usize = 1 << 16;

impl StateStack {
    pub fn push(&mut self, s: State) {
        let packed = (self.words.len() >= STACK_PACKS_FROM && s.used == [0; 7] && s.dealt == 0)
            .then(|| Some((pack(&bare(&s))?, pack_life(&s)?)))
            .flatten();
        match packed {
            Some((w, 0)) => self.words.push(w),
            Some((w, life)) => {
                self.words.push(w | LIVED);
                self.lives.push(life);
            }
            None => {
                self.words.push(WHOLE);
                self.whole.push(s);
            }
        }
    }

    pub fn pop(&mut self) -> Option<State> {
        match self.words.pop()? {
            WHOLE => self.whole.pop(),
            w if w & LIVED != 0 => Some(with_life(unpack(w & !LIVED), self.lives.pop()?)),
            w => Some(unpack(w)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::FREE;
    use super::*;

    #[test]
    fn a_state_stack_gives_its_states_back_last_first_however_each_is_kept() {
        // Past the first STACK_PACKS_FROM, the plain states are packed, those with a timeline's
        // turn, an archive or lives with their second word, and the others (a typical hand's
        // fields, a turn past its bits) kept whole, mixed.
        let state = |i: usize| {
            let s = State {
                node: (i % 400_000) as u32,
                phase: (i % 5) as u8,
                damage: (i % 10) as u8,
                layer: (i % 33) as u8,
                ..plain()
            };
            match i % 7 {
                1 => State { tick: 3, ..s },
                2 => State { dead: true, ..s },
                5 => State {
                    archive: (i % 102_433) as u32,
                    deaths: (i % 3) as u8,
                    ..s
                },
                6 if i.is_multiple_of(2) => State { tick: 5_000, ..s },
                3 => State {
                    used: [1, 0, 0, 0, 0, 0, 1],
                    dealt: 2,
                    ..s
                },
                4 => State {
                    cards: [FREE, 2, FREE, 6, FREE],
                    turn: [0, 1, 2, 3, FREE],
                    ..s
                },
                _ => s,
            }
        };
        let n = STACK_PACKS_FROM + 5_000;
        let mut stack = StateStack::default();
        assert!(stack.is_empty() && stack.pop().is_none());
        for i in 0..n {
            stack.push(state(i));
        }
        // Of the 5,000 past the first, only a typical hand's and a long timeline's are whole.
        assert!(
            stack.whole.len() < STACK_PACKS_FROM + 1_200,
            "the others are packed"
        );
        assert!(!stack.lives.is_empty(), "some with their second word");
        for i in (0..n).rev() {
            assert_eq!(stack.pop(), Some(state(i)), "{i}");
        }
        assert!(stack.is_empty() && stack.pop().is_none());
    }

    fn plain() -> State {
        State::plain()
    }
}
