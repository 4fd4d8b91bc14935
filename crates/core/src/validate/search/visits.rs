//! The states a line search visited, with the way back (issue 17 item 7: the largest course
//! validates in under 300 MB). A visit takes 12 bytes where its state fits one word (no typical
//! hand, no moving flags, no lives modelled: the searches of the largest courses), 16 with a
//! typical hand's fields, the whole state (48 bytes) otherwise. Levels are not stored per visit: the search is breadth-first, so
//! they never go down along the visits, and the index where each level starts is enough.

use super::{FREE, State};

/// A visit as its readers see it: the state, its level (registers from the seeds), the visit it
/// came from and the card played from there.
#[derive(Clone, Copy, Debug)]
pub(in crate::validate) struct Visit {
    pub state: State,
    pub level: u32,
    /// Index of the state it came from, `u32::MAX` for a seed.
    pub parent: u32,
    /// The card played from the parent (index into `CARDS`).
    pub card: u8,
}

/// Bits of a packed state's fields, low bits first (`pack`). The largest board is 320 x 320
/// squares (`MAX_OFFSET` + `MAX_TILE_SIDE`), 409,600 nodes: 19 bits; at most 32 flags
/// (`MAX_FLAG`): 6 bits for the layer; damage stays under 10 on a line: 4 bits.
const NODE_BITS: u32 = 19;
const PHASE_BITS: u32 = 3;
const DAMAGE_BITS: u32 = 4;
const LAYER_BITS: u32 = 6;
/// A card slot (an index into `CARDS` or `FREE`).
const SLOT_BITS: u32 = 3;

// The format's limits fit: the largest board's nodes and the most flags (checked when built).
const _: () = {
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
    assert!(side * side * 4 <= 1 << NODE_BITS);
    assert!(crate::model::rules::MAX_FLAG < 1 << LAYER_BITS);
};

/// Bits of the parent in a packed link; the card takes the other 3. All ones marks a seed.
const PARENT_BITS: u32 = 29;
const SEED: u32 = (1 << PARENT_BITS) - 1;

/// The most visits a search keeps: past it the search gives up (`Visits::full`), so a parent
/// index always fits its bits (and a wide visit's `u32`).
pub(super) const MOST_VISITS: usize = SEED as usize - 1;

/// A visit in 12 bytes: the state's word in two halves (`pack`) and the parent with the card.
#[derive(Clone, Copy)]
struct Packed {
    low: u32,
    high: u32,
    /// `parent << 3 | card`, the parent `SEED` for a seed.
    link: u32,
}

/// The state but for a typical hand's fields (`pack_hand`) in one word, or `None` when some
/// field is past its bits or is one only the wide visits keep (tick, archive, deaths,
/// destroyed): such a state must not be packed into another's word.
#[inline]
fn pack(s: &State) -> Option<u64> {
    let fits = |v: u64, bits: u32| v < (1 << bits);
    let plain = s.tick == 0 && s.archive == 0 && s.deaths == 0 && !s.dead;
    let slots_fit = s
        .cards
        .iter()
        .chain(&s.turn)
        .all(|&c| fits(u64::from(c), SLOT_BITS));
    if !(plain
        && slots_fit
        && fits(u64::from(s.node), NODE_BITS)
        && fits(u64::from(s.phase), PHASE_BITS)
        && fits(u64::from(s.damage), DAMAGE_BITS)
        && fits(u64::from(s.layer), LAYER_BITS))
    {
        return None;
    }
    let mut w = u64::from(s.node);
    let mut at = NODE_BITS;
    for (v, bits) in [
        (s.phase, PHASE_BITS),
        (s.damage, DAMAGE_BITS),
        (s.layer, LAYER_BITS),
    ] {
        w |= u64::from(v) << at;
        at += bits;
    }
    for &c in s.cards.iter().chain(&s.turn) {
        w |= u64::from(c) << at;
        at += SLOT_BITS;
    }
    Some(w)
}

/// A typical hand's fields of a state (the cards of each kind used this turn, 3 bits each, and
/// the damage the hand was dealt at, 4 bits), or `None` when one is past its bits. A turn plays
/// five cards, and a hand is dealt with under 10 damage.
#[inline]
fn pack_hand(s: &State) -> Option<u32> {
    let mut h = 0;
    for (k, &u) in s.used.iter().enumerate() {
        if u >= 8 {
            return None;
        }
        h |= u32::from(u) << (3 * k);
    }
    (s.dealt < 16).then_some(h | u32::from(s.dealt) << 21)
}

/// `s` with the typical hand's fields `pack_hand` made `h` from.
#[inline]
fn with_hand(mut s: State, h: u32) -> State {
    for (k, u) in s.used.iter_mut().enumerate() {
        *u = ((h >> (3 * k)) & 7) as u8;
    }
    s.dealt = (h >> 21) as u8;
    s
}

/// The state `pack` made `w` from (no cards used, dealt at 0).
#[inline]
fn unpack(w: u64) -> State {
    let field = |at: u32, bits: u32| ((w >> at) & ((1 << bits) - 1)) as u8;
    let mut at = NODE_BITS;
    let mut next = |bits: u32| {
        let v = field(at, bits);
        at += bits;
        v
    };
    let phase = next(PHASE_BITS);
    let damage = next(DAMAGE_BITS);
    let layer = next(LAYER_BITS);
    let mut cards = [FREE; 5];
    let mut turn = [FREE; 5];
    for c in cards.iter_mut().chain(&mut turn) {
        *c = next(SLOT_BITS);
    }
    State {
        layer,
        node: (w & ((1 << NODE_BITS) - 1)) as u32,
        phase,
        damage,
        cards,
        turn,
        used: [0; 7],
        dealt: 0,
        tick: 0,
        archive: 0,
        deaths: 0,
        dead: false,
    }
}

/// A last-in, first-out stack of states waiting to be searched (`reach::arrivals`, whose waiting
/// states are most of those it admits: 2.8 million, 151 MB whole, on the largest board with 32
/// flags), each in one word where it fits (`pack`, no typical hand's fields), the whole state
/// otherwise. The order is the order they were pushed in, however each is kept.
#[derive(Default)]
pub(in crate::validate) struct StateStack {
    /// A packed state, or `WHOLE`: the next of `whole` from the top.
    words: Vec<u64>,
    whole: Vec<State>,
}

/// A `StateStack` word for a state kept whole (`pack` leaves the top two bits clear).
const WHOLE: u64 = u64::MAX;

/// A stack keeps its first states whole, as the searches' visits do (`PACK_FROM`): packing
/// costs more than it saves on a small board.
const STACK_PACKS_FROM: usize = 1 << 16;

impl StateStack {
    pub fn push(&mut self, s: State) {
        let packed = (self.words.len() >= STACK_PACKS_FROM && s.used == [0; 7] && s.dealt == 0)
            .then(|| pack(&s))
            .flatten();
        match packed {
            Some(w) => self.words.push(w),
            None => {
                self.words.push(WHOLE);
                self.whole.push(s);
            }
        }
    }

    pub fn pop(&mut self) -> Option<State> {
        match self.words.pop()? {
            WHOLE => self.whole.pop(),
            w => Some(unpack(w)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// The visits, packed while every one fits.
enum Store {
    /// With `hands`, each visit's typical hand's fields (`pack_hand`); without, they are all
    /// zero.
    Packed {
        visits: Vec<Packed>,
        hands: Option<Vec<u32>>,
    },
    Wide(Vec<Visit>),
}

/// The visits of one search, in the order they were reached.
pub(in crate::validate) struct Visits {
    store: Store,
    /// `[level]`: the index of the first visit of that level.
    starts: Vec<u32>,
    /// While wide, the number of visits at which they are packed (`Visits::packed_from`), with
    /// whether they keep a typical hand's fields; `None` once packed or when they never are.
    pack_at: Option<(usize, bool)>,
}

/// A search keeps its first visits whole and packs them once there are this many
/// (`Visits::packed_from`): packing and unpacking cost more than the search's other work on a
/// state, and some ten million bytes are little to save (about 15 MB here). The grand tour's
/// searches (95,000 states in its typical-hand line's last pass) stay whole: 7% fewer
/// instructions for its whole analysis than packing from 65,536.
pub(super) const PACK_FROM: usize = 1 << 18;

impl Visits {
    /// No visits; packed unless `wide` (a search whose states would not fit: they would only be
    /// unpacked again), with their typical hand's fields when `typical`.
    pub fn new(wide: bool, typical: bool) -> Visits {
        Visits {
            store: if wide {
                Store::Wide(Vec::new())
            } else {
                Store::Packed {
                    visits: Vec::new(),
                    hands: typical.then(Vec::new),
                }
            },
            starts: Vec::new(),
            pack_at: None,
        }
    }

    /// `Visits::new`, but kept whole until there are `from` visits, then packed (unless `wide`
    /// or a state does not fit).
    pub fn packed_from(wide: bool, typical: bool, from: usize) -> Visits {
        if wide || from == 0 {
            return Visits::new(wide, typical);
        }
        Visits {
            store: Store::Wide(Vec::new()),
            starts: Vec::new(),
            pack_at: Some((from, typical)),
        }
    }

    /// Packs the whole visits kept so far (`packed_from`), when every one fits; else they stay
    /// whole for good.
    #[cold]
    #[inline(never)]
    fn pack_all(&mut self, typical: bool) {
        self.pack_at = None;
        let Store::Wide(wide) = &self.store else {
            return;
        };
        // The levels' starts stay: only the store changes.
        let mut packed = Visits::new(false, typical);
        for v in wide {
            if !packed.push_packed(*v) {
                return;
            }
        }
        self.store = packed.store;
    }

    #[inline]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Packed { visits, .. } => visits.len(),
            Store::Wide(v) => v.len(),
        }
    }

    /// Whether no more visits fit (`MOST_VISITS`): the search gives up.
    pub fn full(&self) -> bool {
        self.len() >= MOST_VISITS
    }

    /// Adds a visit at `level`, which is no lower than the last one's (breadth-first).
    #[inline]
    pub fn push(&mut self, v: Visit) {
        debug_assert!(v.level as usize + 1 >= self.starts.len());
        while self.starts.len() <= v.level as usize {
            self.starts.push(self.len() as u32);
        }
        if let Store::Wide(w) = &mut self.store {
            w.push(v);
            if let Some((from, typical)) = self.pack_at
                && w.len() >= from
            {
                self.pack_all(typical);
            }
            return;
        }
        if !self.push_packed(v) {
            self.widen(v);
        }
    }

    /// Adds a visit to packed ones, the level's start already noted: false (and nothing added)
    /// when it does not fit.
    #[inline]
    fn push_packed(&mut self, v: Visit) -> bool {
        let Store::Packed { visits: p, hands } = &mut self.store else {
            return false;
        };
        let hand = pack_hand(&v.state);
        let fits = v.card < 8
            && (v.parent == u32::MAX || v.parent < SEED)
            && match hands {
                Some(_) => hand.is_some(),
                None => hand == Some(0),
            };
        match pack(&v.state).filter(|_| fits) {
            Some(w) => {
                let parent = if v.parent == u32::MAX { SEED } else { v.parent };
                p.push(Packed {
                    low: w as u32,
                    high: (w >> 32) as u32,
                    link: parent << 3 | u32::from(v.card),
                });
                if let (Some(hands), Some(h)) = (hands, hand) {
                    hands.push(h);
                }
                true
            }
            None => false,
        }
    }

    /// Adds a visit whose state does not fit a word: from now on every visit is kept whole.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, v: Visit) {
        let mut wide: Vec<Visit> = self.iter().collect();
        wide.push(v);
        self.store = Store::Wide(wide);
    }

    /// The level of visit `i`, given that of an earlier visit, `from` (for a walk in order).
    #[inline]
    pub fn level_from(&self, i: usize, from: u32) -> u32 {
        let mut level = from;
        while self
            .starts
            .get(level as usize + 1)
            .is_some_and(|&s| s as usize <= i)
        {
            level += 1;
        }
        level
    }

    /// The level visit `i` was reached at (the last level for an index past the last visit).
    pub fn level(&self, i: usize) -> u32 {
        self.starts
            .partition_point(|&s| s as usize <= i)
            .saturating_sub(1) as u32
    }

    /// Visit `i`, whole.
    pub fn get(&self, i: usize) -> Option<Visit> {
        match &self.store {
            Store::Packed { .. } => self.unpacked(i, self.level(i)),
            Store::Wide(v) => v.get(i).copied(),
        }
    }

    /// The state of visit `i` (which must exist, like a slice's index).
    #[inline]
    pub fn state(&self, i: u32) -> State {
        match &self.store {
            Store::Packed { visits, hands } => {
                let s = unpack(word(&visits[i as usize]));
                match hands {
                    Some(h) => with_hand(s, h[i as usize]),
                    None => s,
                }
            }
            Store::Wide(v) => v[i as usize].state,
        }
    }

    /// The visit visit `i` came from (`i` must exist; `u32::MAX` for a seed).
    pub fn parent(&self, i: u32) -> u32 {
        match &self.store {
            Store::Packed { visits, .. } => match visits[i as usize].link >> 3 {
                SEED => u32::MAX,
                p => p,
            },
            Store::Wide(v) => v[i as usize].parent,
        }
    }

    /// Every visit in order, whole.
    pub fn iter(&self) -> impl Iterator<Item = Visit> + '_ {
        let mut level = 0u32;
        (0..self.len()).filter_map(move |i| {
            level = self.level_from(i, level);
            match &self.store {
                Store::Packed { .. } => self.unpacked(i, level),
                Store::Wide(v) => v.get(i).copied(),
            }
        })
    }

    /// Packed visit `i` at `level`, whole; `None` past the last.
    fn unpacked(&self, i: usize, level: u32) -> Option<Visit> {
        let Store::Packed { visits, hands } = &self.store else {
            return None;
        };
        let p = visits.get(i)?;
        let parent = p.link >> 3;
        let state = unpack(word(p));
        Some(Visit {
            state: match hands {
                Some(h) => with_hand(state, *h.get(i)?),
                None => state,
            },
            level,
            parent: if parent == SEED { u32::MAX } else { parent },
            card: (p.link & 7) as u8,
        })
    }

    /// Whether the visits are packed (the tests check which searches are).
    #[cfg(test)]
    pub fn packed(&self) -> bool {
        matches!(self.store, Store::Packed { .. })
    }
}

fn word(p: &Packed) -> u64 {
    u64::from(p.low) | u64::from(p.high) << 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_stack_gives_its_states_back_last_first_however_each_is_kept() {
        // Past the first STACK_PACKS_FROM, the plain states are packed and the others (a
        // typical hand's fields, a timeline's turn, a destroyed robot) kept whole, mixed.
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
        assert!(stack.whole.len() < n, "some are packed");
        for i in (0..n).rev() {
            assert_eq!(stack.pop(), Some(state(i)), "{i}");
        }
        assert!(stack.is_empty() && stack.pop().is_none());
    }

    fn plain() -> State {
        State::plain()
    }

    fn visit(state: State, level: u32, parent: u32, card: u8) -> Visit {
        Visit {
            state,
            level,
            parent,
            card,
        }
    }

    #[test]
    fn packing_keeps_every_field_at_its_limits() {
        // The largest board (320 x 320 squares, MAX_OFFSET + MAX_TILE_SIDE) and the most flags
        // (MAX_FLAG, 32), damage 9 (10 destroys: seed 000, Damage), every slot's values.
        let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
        let largest = side * side * 4 - 1;
        assert!(largest < 1 << NODE_BITS);
        for node in [0, 1, largest, (1 << NODE_BITS) - 1] {
            for (layer, phase, damage) in [(0, 0, 0), (32, 4, 9), (63, 7, 15), (5, 2, 3)] {
                for c in 0..8u8 {
                    let s = State {
                        layer,
                        node,
                        phase,
                        damage,
                        cards: [c, FREE, (c + 1) % 8, 0, 6],
                        turn: [6, c, FREE, (c + 3) % 8, 0],
                        ..plain()
                    };
                    let w = pack(&s).expect("fits");
                    assert_eq!(unpack(w), s);
                }
            }
        }
    }

    #[test]
    fn a_state_past_the_packings_limits_is_not_packed_into_another() {
        let past = [
            State {
                node: 1 << NODE_BITS,
                ..plain()
            },
            State {
                layer: 1 << LAYER_BITS,
                ..plain()
            },
            State {
                damage: 16,
                ..plain()
            },
            State {
                phase: 8,
                ..plain()
            },
            State {
                cards: [8, FREE, FREE, FREE, FREE],
                ..plain()
            },
            State { tick: 1, ..plain() },
            State {
                archive: 7,
                ..plain()
            },
            State {
                deaths: 1,
                ..plain()
            },
            State {
                dead: true,
                ..plain()
            },
        ];
        // A typical hand's fields: packed beside the word in a typical search's visits, and
        // never by visits without them; past their bits, by none.
        let hand = [
            State {
                used: [0, 1, 0, 0, 0, 0, 5],
                ..plain()
            },
            State {
                dealt: 9,
                ..plain()
            },
        ];
        let past_hand = [
            State {
                used: [8, 0, 0, 0, 0, 0, 0],
                ..plain()
            },
            State {
                dealt: 16,
                ..plain()
            },
        ];
        for s in past {
            assert_eq!(pack(&s), None, "{s:?}");
        }
        let cases = past
            .iter()
            .chain(&hand)
            .chain(&past_hand)
            .map(|s| (s, false))
            .chain(past.iter().chain(&past_hand).map(|s| (s, true)));
        for (&s, typical) in cases {
            // Kept whole among packed ones: every visit reads back as it went in.
            let mut v = Visits::new(false, typical);
            v.push(visit(plain(), 0, u32::MAX, 0));
            v.push(visit(s, 1, 0, 3));
            v.push(visit(plain(), 1, 1, 2));
            assert!(!v.packed(), "{s:?}");
            assert_eq!(v.get(1).map(|x| x.state), Some(s));
            assert_eq!(v.state(1), s);
            assert_eq!(v.state(0), plain());
            assert_eq!(
                v.get(2).map(|x| (x.level, x.parent, x.card)),
                Some((1, 1, 2))
            );
        }
        // A parent index past its bits is not cut short either.
        let mut v = Visits::new(false, false);
        v.push(visit(plain(), 0, u32::MAX, 0));
        v.push(visit(plain(), 1, SEED, 1));
        assert!(!v.packed());
        assert_eq!(v.parent(1), SEED);
    }

    #[test]
    fn a_typical_hands_fields_are_packed_beside_the_word() {
        let mut v = Visits::new(false, true);
        let states: Vec<State> = (0..8u8)
            .map(|u| State {
                node: u32::from(u) * 7,
                damage: u % 10,
                used: [u % 8, 7, 0, (u + 3) % 8, 1, 2, 5],
                dealt: (u * 2) % 16,
                ..plain()
            })
            .collect();
        for (i, s) in states.iter().enumerate() {
            let parent = if i == 0 { u32::MAX } else { i as u32 - 1 };
            v.push(visit(*s, i as u32, parent, 6));
        }
        assert!(v.packed());
        for (i, s) in states.iter().enumerate() {
            assert_eq!(v.state(i as u32), *s);
            assert_eq!(v.get(i).map(|x| x.state), Some(*s));
        }
        assert!(v.iter().map(|x| x.state).eq(states.iter().copied()));
    }

    #[test]
    fn visits_kept_whole_at_first_are_packed_once_there_are_enough_and_read_back_the_same() {
        let states: Vec<State> = (0..10u8)
            .map(|u| State {
                node: u32::from(u) * 11,
                damage: u % 10,
                used: [u % 3, 0, 1, 0, 0, 2, 0],
                dealt: u % 4,
                ..plain()
            })
            .collect();
        let fill = |v: &mut Visits, states: &[State]| {
            for (i, s) in states.iter().enumerate() {
                let parent = if i == 0 { u32::MAX } else { i as u32 - 1 };
                v.push(visit(*s, i as u32 / 3, parent, (i % 7) as u8));
            }
        };
        let mut v = Visits::packed_from(false, true, 4);
        fill(&mut v, &states[..3]);
        assert!(!v.packed());
        fill(&mut v, &states[3..]);
        assert!(v.packed());
        let mut whole = Visits::new(true, true);
        fill(&mut whole, &states[..3]);
        fill(&mut whole, &states[3..]);
        for (i, s) in states.iter().enumerate() {
            let (a, b) = (v.get(i), whole.get(i));
            assert_eq!(
                a.map(|x| (x.state, x.level, x.card)),
                b.map(|x| (x.state, x.level, x.card))
            );
            assert_eq!(v.parent(i as u32), whole.parent(i as u32));
            assert_eq!(v.state(i as u32), *s);
        }
        // A state that does not fit keeps them whole past the count.
        let mut v = Visits::packed_from(false, false, 2);
        v.push(visit(State { tick: 1, ..plain() }, 0, u32::MAX, 0));
        fill(&mut v, &[plain(); 3]);
        assert!(!v.packed());
        assert_eq!(v.state(0).tick, 1);
    }

    #[test]
    fn visits_keep_their_levels_parents_and_cards() {
        let mut v = Visits::new(false, false);
        let levels = [0, 0, 1, 1, 1, 2, 4, 4];
        for (i, &level) in levels.iter().enumerate() {
            let parent = if level == 0 { u32::MAX } else { i as u32 - 1 };
            let s = State {
                node: i as u32 * 1000,
                damage: (i % 10) as u8,
                ..plain()
            };
            v.push(visit(s, level, parent, (i % 7) as u8));
        }
        assert!(v.packed());
        assert_eq!(v.len(), levels.len());
        for (i, got) in v.iter().enumerate() {
            assert_eq!(got.level, levels[i]);
            assert_eq!(v.level(i), levels[i]);
            assert_eq!(got.state.node, i as u32 * 1000);
            assert_eq!(got.card, (i % 7) as u8);
            assert_eq!(
                got.parent,
                if levels[i] == 0 {
                    u32::MAX
                } else {
                    i as u32 - 1
                }
            );
            assert_eq!(v.get(i).map(|x| x.state), Some(got.state));
        }
        assert!(v.get(levels.len()).is_none());
    }
}
